/*
 * Text notations of the position and moves: strict FEN parsing and printing, UCI move text.
 * https://www.chessprogramming.org/Forsyth-Edwards_Notation
 */
#include "flashmate/movegen.h"
#include "flashmate/position.h"

#include "attacks.h"
#include "engine/notation.h"
#include "engine/text.h"

_Static_assert((int)NO_PIECE == FEN_NO_PIECE, "fen_parse_placement's empty square");

static int piece_from_char(char c)
{
    static const char letters[] = "PNBRQKpnbrqk";
    for (int i = 0; i < 12; i++)
        if (letters[i] == c)
            return piece_make(i < 6 ? WHITE : BLACK, (PieceType)(i % 6));
    return NO_PIECE;
}

static char piece_to_char(Piece p) { return "PNBRQK??pnbrqk"[p]; }

/* Build bitboards from the square array and check what the pieces alone must satisfy. */
static bool check_material(Position *pos, const char *fen, ParseError *err)
{
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        Piece p = pos_piece_on(pos, sq);
        if (p == NO_PIECE)
            continue;
        pos->by_type[piece_type(p)] |= bb_square(sq);
        pos->by_color[piece_color(p)] |= bb_square(sq);
    }
    static const char *const color_names[] = {"white", "black"};
    for (int c = WHITE; c <= BLACK; c++) {
        TextBuf t;
        char what[80];
        Bitboard kings = pos_pieces(pos, (Color)c, KING);
        if (bb_popcount(kings) != 1) {
            t = text_buf(what, sizeof what);
            text_add(&t, color_names[c]);
            text_add(&t, kings ? " has more than one king" : " has no king");
            return fen_error(err, 1, fen, fen, what);
        }
        pos->king_square[c] = (uint8_t)bb_lsb(kings);
        if (bb_popcount(pos_pieces(pos, (Color)c, PAWN)) > 8 ||
            bb_popcount(pos->by_color[c]) > 16) {
            t = text_buf(what, sizeof what);
            text_add(&t, color_names[c]);
            text_add(&t, " has more than 8 pawns or 16 pieces");
            return fen_error(err, 1, fen, fen, what);
        }
    }
    if (pos->by_type[PAWN] & (BB_RANK_1 | BB_RANK_8))
        return fen_error(err, 1, fen, fen, "pawn on the first or last rank");
    return true;
}

/* Field 3: "-" or a subset of KQkq in that order; each right needs its king and rook at home. */
static bool parse_castling(Position *pos, const char *fen, const char **s, ParseError *err)
{
    static const char letters[] = "KQkq";
    static const uint8_t king_squares[] = {SQ_E1, SQ_E1, SQ_E8, SQ_E8};
    static const uint8_t rook_squares[] = {SQ_H1, SQ_A1, SQ_H8, SQ_A8};
    const char *p = *s;
    int next = 0;
    if (*p == '-') {
        *s = p + 1;
        return true;
    }
    while (*p && !text_is_space(*p)) {
        int i = 0;
        while (i < 4 && letters[i] != *p)
            i++;
        if (i == 4)
            return fen_error(err, 3, fen, p, "unexpected character (expected K, Q, k, q or -)");
        if (i < next)
            return fen_error(err, 3, fen, p, "right repeated or out of KQkq order");
        Color c = i < 2 ? WHITE : BLACK;
        if (pos_piece_on(pos, king_squares[i]) != piece_make(c, KING))
            return fen_error(err, 3, fen, p, "right without the king on its home square");
        if (pos_piece_on(pos, rook_squares[i]) != piece_make(c, ROOK))
            return fen_error(err, 3, fen, p, "right without the rook on its corner square");
        pos->castling |= (uint8_t)(1 << i);
        next = i + 1;
        p++;
    }
    *s = p;
    return true;
}

/* Field 4: "-" or a square on the 6th (White to move) or 3rd rank behind a pawn that could just
 * have advanced two squares. Kept only if a pawn of the side to move can capture there. */
static bool parse_en_passant(Position *pos, const char *fen, const char **s, ParseError *err)
{
    const char *p = *s;
    pos->ep_square = SQ_NONE;
    if (*p == '-') {
        *s = p + 1;
        return true;
    }
    if (*p < 'a' || *p > 'h')
        return fen_error(err, 4, fen, p, "expected a file a-h or -");
    Color us = pos_side(pos), them = color_flip(us);
    char expected_rank = us == WHITE ? '6' : '3';
    if (p[1] != expected_rank)
        return fen_error(err, 4, fen, p + 1,
                         us == WHITE ? "rank must be 6 with White to move"
                                     : "rank must be 3 with Black to move");
    int sq = square_make(p[0] - 'a', p[1] - '1');
    int pawn_sq = us == WHITE ? sq - 8 : sq + 8;
    int origin = us == WHITE ? sq + 8 : sq - 8;
    if (pos_piece_on(pos, pawn_sq) != piece_make(them, PAWN) || pos_piece_on(pos, sq) != NO_PIECE ||
        pos_piece_on(pos, origin) != NO_PIECE)
        return fen_error(err, 4, fen, p, "no pawn can just have advanced two squares past it");
    if (attacks_pawn(them, sq) & pos_pieces(pos, us, PAWN))
        pos->ep_square = (uint8_t)sq;
    *s = p + 2;
    return true;
}

bool pos_set_fen(Position *out, const char *fen, ParseError *err)
{
    Position pos;
    const char *s = text_skip_spaces(fen);

    for (int sq = 0; sq < SQUARE_NB; sq++)
        pos.board[sq] = NO_PIECE;
    for (int pt = 0; pt < PIECE_TYPE_NB; pt++)
        pos.by_type[pt] = 0;
    pos.by_color[WHITE] = pos.by_color[BLACK] = 0;
    pos.castling = 0;

    if (!*s)
        return fen_error(err, 1, fen, s, "empty FEN");
    if (!fen_parse_placement(fen, &s, FILE_NB, RANK_NB, piece_from_char, pos.board, NULL, err) ||
        !fen_end_of_field(fen, &s, 1, err))
        return false;
    if (!check_material(&pos, fen, err))
        return false;

    if ((*s != 'w' && *s != 'b'))
        return fen_error(err, 2, fen, s, "expected w or b");
    pos.side = *s == 'w' ? WHITE : BLACK;
    s++;
    if (!fen_end_of_field(fen, &s, 2, err))
        return false;
    if (!*s)
        return fen_error(err, 3, fen, s, "missing field");
    if (!parse_castling(&pos, fen, &s, err) || !fen_end_of_field(fen, &s, 3, err))
        return false;
    if (!*s)
        return fen_error(err, 4, fen, s, "missing field");
    if (!parse_en_passant(&pos, fen, &s, err) || !fen_end_of_field(fen, &s, 4, err))
        return false;
    if (!fen_parse_counters(fen, &s, &pos.halfmove_clock, &pos.fullmove_number, err))
        return false;

    Color them = color_flip(pos_side(&pos));
    if (pos_attackers_to(&pos, pos.king_square[them], pos_occupied(&pos)) & pos.by_color[pos.side])
        return fen_error(err, 2, fen, fen, "the side not to move is in check");
    pos.key = pos_compute_key(&pos);
    *out = pos;
    return true;
}

static char fen_piece_at(const void *pos, int file, int rank)
{
    Piece p = pos_piece_on(pos, square_make(file, rank));
    return p == NO_PIECE ? 0 : piece_to_char(p);
}

int pos_get_fen(const Position *pos, char *buf)
{
    TextBuf t = text_buf(buf, FEN_MAX_LENGTH);
    fen_write_placement(&t, pos, 8, 8, fen_piece_at);
    text_add(&t, pos->side == WHITE ? " w " : " b ");
    if (!pos->castling)
        text_add_char(&t, '-');
    for (int i = 0; i < 4; i++)
        if (pos->castling & (1 << i))
            text_add_char(&t, "KQkq"[i]);
    text_add_char(&t, ' ');
    if (pos->ep_square == SQ_NONE) {
        text_add_char(&t, '-');
    } else {
        text_add_char(&t, (char)('a' + square_file(pos->ep_square)));
        text_add_char(&t, (char)('1' + square_rank(pos->ep_square)));
    }
    text_add_char(&t, ' ');
    text_add_u64(&t, pos->halfmove_clock);
    text_add_char(&t, ' ');
    text_add_u64(&t, pos->fullmove_number);
    return (int)t.length;
}

Move pos_parse_uci_move(const Position *pos, const char *text)
{
    MoveList list;
    movegen_generate(pos, GEN_LEGAL, &list);
    return notation_find_move(&list, text, move_to_uci, 4);
}

void pos_write_board(const Position *pos, char *buf, size_t size)
{
    TextBuf t = text_buf(buf, size);
    notation_add_board(&t, pos, FILE_NB, RANK_NB, fen_piece_at, false);
}

void pos_write_checkers(const Position *pos, char *buf, size_t size)
{
    TextBuf t = text_buf(buf, size);
    for (Bitboard b = pos_checkers(pos); b;) {
        int sq = bb_pop_lsb(&b);
        if (t.length)
            text_add_char(&t, ' ');
        text_add_char(&t, (char)('a' + square_file(sq)));
        text_add_char(&t, (char)('1' + square_rank(sq)));
    }
}
