/*
 * Xiangqi text: strict FEN in Fairy-Stockfish's convention (which is ElephantEye's too), UCI move
 * text (files a-i, ranks 1-10 from Red's side) and ICCS move text for UCCI (ranks 0-9). Errors
 * name the field and the character, as for chess FEN.
 */
#include "flashmate/xiangqi.h"

#include "engine/notation.h"
#include "engine/text.h"
#include "attacks.h"

/* Fairy-Stockfish's letters by piece type; h and e are accepted as horse and elephant. */
static const char piece_letters[XQ_PIECE_TYPE_NB + 1] = "pabncrk";

_Static_assert((int)XQ_NO_PIECE == FEN_NO_PIECE, "fen_parse_placement's empty square");

static int piece_from_char(char c)
{
    Color color = c >= 'a' ? BLACK : WHITE;
    char lower = (char)(c | 0x20);
    if (lower == 'h')
        lower = 'n';
    else if (lower == 'e')
        lower = 'b';
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        for (int pt = 0; pt < XQ_PIECE_TYPE_NB; pt++)
            if (piece_letters[pt] == lower)
                return xq_piece_make(color, (XqPieceType)pt);
    return XQ_NO_PIECE;
}

static char piece_to_char(XqPiece p)
{
    char c = piece_letters[xq_piece_type(p)];
    return xq_piece_color(p) == WHITE ? (char)(c - 32) : c;
}

static bool in_palace(Color c, int sq)
{
    int file = xq_square_file(sq), rank = xq_square_rank(sq);
    return file >= 3 && file <= 5 && (c == WHITE ? rank <= 2 : rank >= 7);
}

static bool on_own_half(Color c, int sq) { return c == WHITE ? sq < 45 : sq >= 45; }

/* Build the bitboards and check what the pieces alone must satisfy: the pieces a side can have,
 * and the regions generals, advisors and elephants never leave. */
static bool check_material(XqPosition *pos, const char *fen, const uint16_t *offsets,
                           ParseError *err)
{
    static const uint8_t most[XQ_PIECE_TYPE_NB] = {5, 2, 2, 2, 2, 2, 1};
    static const char *const too_many[XQ_PIECE_TYPE_NB] = {
        "more than 5 soldiers", "more than 2 advisors", "more than 2 elephants",
        "more than 2 horses",   "more than 2 cannons",  "more than 2 chariots",
        "more than one general"};
    int counts[COLOR_NB][XQ_PIECE_TYPE_NB] = {{0}};
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++) {
        XqPiece p = pos->board[sq];
        if (p == XQ_NO_PIECE)
            continue;
        Color c = xq_piece_color(p);
        XqPieceType pt = xq_piece_type(p);
        const char *at = fen + offsets[sq];
        if (++counts[c][pt] > most[pt])
            return fen_error(err, 1, fen, at, too_many[pt]);
        if ((pt == XQ_KING || pt == XQ_ADVISOR) && !in_palace(c, sq))
            return fen_error(err, 1, fen, at,
                             pt == XQ_KING ? "general outside its palace"
                                           : "advisor outside its palace");
        if (pt == XQ_ELEPHANT && !on_own_half(c, sq))
            return fen_error(err, 1, fen, at, "elephant across the river");
        pos->by_type[pt] = xq_bb_or(pos->by_type[pt], xq_bb_square(sq));
        pos->by_color[c] = xq_bb_or(pos->by_color[c], xq_bb_square(sq));
        if (pt == XQ_KING)
            pos->king_square[c] = (uint8_t)sq;
    }
    if (!counts[WHITE][XQ_KING])
        return fen_error(err, 1, fen, fen, "red has no general");
    if (!counts[BLACK][XQ_KING])
        return fen_error(err, 1, fen, fen, "black has no general");
    return true;
}

/* Fields 3 and 4: Xiangqi has no castling and no en passant, so each is "-". */
static bool parse_dash(const char *fen, const char **s, int field, ParseError *err)
{
    if (!**s)
        return fen_error(err, field, fen, *s, "missing field");
    if (**s != '-')
        return fen_error(err, field, fen, *s, "expected - (Xiangqi has none)");
    (*s)++;
    return fen_end_of_field(fen, s, field, err);
}

bool xq_set_fen(XqPosition *out, const char *fen, ParseError *err)
{
    XqPosition pos;
    uint16_t offsets[XQ_SQUARE_NB];
    const char *s = text_skip_spaces(fen);

    if (!*s)
        return fen_error(err, 1, fen, s, "empty FEN");
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++)
        pos.board[sq] = XQ_NO_PIECE;
    for (int pt = 0; pt < XQ_PIECE_TYPE_NB; pt++)
        pos.by_type[pt] = xq_bb_empty();
    pos.by_color[WHITE] = pos.by_color[BLACK] = xq_bb_empty();

    if (!fen_parse_placement(fen, &s, XQ_FILE_NB, XQ_RANK_NB, piece_from_char, pos.board, offsets,
                             err) ||
        !fen_end_of_field(fen, &s, 1, err))
        return false;
    if (!check_material(&pos, fen, offsets, err))
        return false;
    if (*s != 'w' && *s != 'b')
        return fen_error(err, 2, fen, s, "expected w (Red) or b (Black)");
    pos.side = *s == 'w' ? WHITE : BLACK;
    s++;
    if (!fen_end_of_field(fen, &s, 2, err) || !parse_dash(fen, &s, 3, err) ||
        !parse_dash(fen, &s, 4, err))
        return false;
    if (!fen_parse_counters(fen, &s, &pos.halfmove_clock, &pos.fullmove_number, err))
        return false;

    Color them = color_flip(xq_side(&pos));
    if (xq_general_attacked(&pos, pos.king_square[them], xq_side(&pos)))
        return fen_error(err, 2, fen, fen,
                         "the side not to move is in check (or the generals face each other)");
    pos.key = xq_compute_key(&pos);
    *out = pos;
    return true;
}

static char fen_piece_at(const void *pos, int file, int rank)
{
    XqPiece p = ((const XqPosition *)pos)->board[xq_square_make(file, rank)];
    return p == XQ_NO_PIECE ? 0 : piece_to_char(p);
}

int xq_get_fen(const XqPosition *pos, char *buf)
{
    TextBuf t = text_buf(buf, XQ_FEN_MAX_LENGTH);
    fen_write_placement(&t, pos, XQ_FILE_NB, XQ_RANK_NB, fen_piece_at);
    text_add(&t, pos->side == WHITE ? " w - - " : " b - - ");
    text_add_u64(&t, pos->halfmove_clock);
    text_add_char(&t, ' ');
    text_add_u64(&t, pos->fullmove_number);
    return (int)t.length;
}

/* A square as text, its rank counted from `first_rank` (1 in UCI text, 0 in ICCS). */
static void add_square(TextBuf *t, int sq, int first_rank)
{
    text_add_char(t, (char)('a' + xq_square_file(sq)));
    text_add_int(t, xq_square_rank(sq) + first_rank);
}

static void move_text(Move move, char *buf, int first_rank)
{
    TextBuf t = text_buf(buf, XQ_MOVE_TEXT_MAX);
    int from = xq_move_from(move), to = xq_move_to(move);
    if (!xq_move_is_ok(move) || from >= XQ_SQUARE_NB || to >= XQ_SQUARE_NB) {
        text_add(&t, "0000");
        return;
    }
    add_square(&t, from, first_rank);
    add_square(&t, to, first_rank);
}

void xq_move_to_uci(Move move, char *buf) { move_text(move, buf, 1); }

void xq_move_to_iccs(Move move, char *buf) { move_text(move, buf, 0); }

Move xq_parse_uci_move(const XqPosition *pos, const char *text)
{
    MoveList list;
    xq_generate(pos, XQ_GEN_LEGAL, &list);
    return notation_find_move(&list, text, xq_move_to_uci, -1);
}

Move xq_parse_iccs_move(const XqPosition *pos, const char *text)
{
    MoveList list;
    xq_generate(pos, XQ_GEN_LEGAL, &list);
    return notation_find_move(&list, text, xq_move_to_iccs, 0); /* H2E2 as well as h2e2 */
}

void xq_write_board(const XqPosition *pos, char *buf, size_t size)
{
    TextBuf t = text_buf(buf, size);
    notation_add_board(&t, pos, XQ_FILE_NB, XQ_RANK_NB, fen_piece_at, true);
}

void xq_write_checkers(const XqPosition *pos, char *buf, size_t size)
{
    TextBuf t = text_buf(buf, size);
    for (XqBB b = xq_checkers(pos); xq_bb_any(b);) {
        int sq = xq_bb_pop_lsb(&b);
        if (t.length)
            text_add_char(&t, ' ');
        add_square(&t, sq, 1);
    }
}
