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
    static FM_FLASH char letters[] = "PNBRQKpnbrqk";
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
    static FM_FLASH char color_names[][6] = {"white", "black"};
    for (int c = WHITE; c <= BLACK; c++) {
        TextBuf t;
        char what[80];
        Bitboard kings = pos_pieces(pos, (Color)c, KING);
        if (bb_popcount(kings) != 1) {
            t = text_buf(what, sizeof what);
            text_add(&t, color_names[c]);
            text_add(&t, kings ? FM_TEXT(" has more than one king") : FM_TEXT(" has no king"));
            return fen_error(err, 1, fen, fen, what);
        }
        pos->king_square[c] = (uint8_t)bb_lsb(kings);
        if (bb_popcount(pos_pieces(pos, (Color)c, PAWN)) > 8 ||
            bb_popcount(pos->by_color[c]) > 16) {
            t = text_buf(what, sizeof what);
            text_add(&t, color_names[c]);
            text_add(&t, FM_TEXT(" has more than 8 pawns or 16 pieces"));
            return fen_error(err, 1, fen, fen, what);
        }
    }
    if (pos->by_type[PAWN] & (BB_RANK_1 | BB_RANK_8))
        return fen_error(err, 1, fen, fen, FM_TEXT("pawn on the first or last rank"));
    return true;
}

/* The outermost rook of colour c on the king's rank, on its h-side or a-side; SQ_NONE if none. */
static int outermost_rook(const Position *pos, Color c, bool king_side)
{
    int king = pos->king_square[c], step = king_side ? -1 : 1;
    for (int sq = square_make(king_side ? 7 : 0, square_rank(king)); sq != king; sq += step)
        if (pos_piece_on(pos, sq) == piece_make(c, ROOK))
            return sq;
    return SQ_NONE;
}

/* Field 3: "-" or castling rights. Standard chess: a subset of KQkq in that order, each with the
 * king on e1/e8 and the rook in its corner. Chess960: X-FEN or Shredder-FEN letters in any order,
 * K/Q (k/q) for the outermost rook on the king's h-/a-side, A-H (a-h) for the rook on that file,
 * at most one right on each side of each king, which stands on its back rank. */
static bool parse_castling(Position *pos, const char *fen, const char **s, bool chess960,
                           ParseError *err)
{
    static FM_FLASH uint8_t corners[CASTLE_RIGHT_NB] = {SQ_H1, SQ_A1, SQ_H8, SQ_A8};
    const char *p = *s;
    int next = 0;
    if (*p == '-') {
        *s = p + 1;
        return true;
    }
    while (*p && !text_is_space(*p)) {
        char upper = *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p;
        bool side_letter = upper == 'K' || upper == 'Q';
        if (!side_letter && !(upper >= 'A' && upper <= 'H'))
            return fen_error(
                err, 3, fen, p,
                chess960 ? FM_TEXT("unexpected character (expected K, Q, A-H, k, q, a-h or -)")
                         : FM_TEXT("unexpected character (expected K, Q, k, q or -)"));
        if (!side_letter && !chess960)
            return fen_error(
                err, 3, fen, p,
                FM_TEXT("a rook's file letter is Chess960 castling (UCI_Chess960, --chess960)"));
        Color c = *p == upper ? WHITE : BLACK;
        int king = pos->king_square[c], rook;
        bool king_side;
        if (square_rank(king) != rank_relative(c, 0))
            return fen_error(err, 3, fen, p, FM_TEXT("right without the king on its back rank"));
        if (side_letter) {
            king_side = upper == 'K';
            rook = outermost_rook(pos, c, king_side);
            if (rook == SQ_NONE)
                return fen_error(err, 3, fen, p,
                                 FM_TEXT("right without a rook on that side of the king"));
        } else {
            rook = square_make(upper - 'A', square_rank(king));
            if (pos_piece_on(pos, rook) != piece_make(c, ROOK))
                return fen_error(err, 3, fen, p,
                                 FM_TEXT("right without a rook of its colour on that file"));
            king_side = rook > king;
        }
        int i = 2 * c + !king_side;
        if (chess960 ? (pos->castling >> i) & 1 : i < next)
            return fen_error(err, 3, fen, p,
                             chess960 ? FM_TEXT("right repeated (one on each side of a king)")
                                      : FM_TEXT("right repeated or out of KQkq order"));
        if (!chess960 && (square_file(king) != 4 || rook != corners[i]))
            return fen_error(
                err, 3, fen, p,
                FM_TEXT(
                    "king or rook off its standard square: Chess960 (UCI_Chess960, --chess960)"));
        pos->castling |= (uint8_t)(1 << i);
        pos->castling_rook[i] = (uint8_t)rook;
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
        return fen_error(err, 4, fen, p, FM_TEXT("expected a file a-h or -"));
    Color us = pos_side(pos), them = color_flip(us);
    char expected_rank = us == WHITE ? '6' : '3';
    if (p[1] != expected_rank)
        return fen_error(err, 4, fen, p + 1,
                         us == WHITE ? FM_TEXT("rank must be 6 with White to move")
                                     : FM_TEXT("rank must be 3 with Black to move"));
    int sq = square_make(p[0] - 'a', p[1] - '1');
    int pawn_sq = us == WHITE ? sq - 8 : sq + 8;
    int origin = us == WHITE ? sq + 8 : sq - 8;
    if (pos_piece_on(pos, pawn_sq) != piece_make(them, PAWN) || pos_piece_on(pos, sq) != NO_PIECE ||
        pos_piece_on(pos, origin) != NO_PIECE)
        return fen_error(err, 4, fen, p,
                         FM_TEXT("no pawn can just have advanced two squares past it"));
    if (attacks_pawn(them, sq) & pos_pieces(pos, us, PAWN))
        pos->ep_square = (uint8_t)sq;
    *s = p + 2;
    return true;
}

static bool set_fen(Position *out, const char *fen, bool chess960, ParseError *err)
{
    Position pos;
    const char *s = text_skip_spaces(fen);

    for (int sq = 0; sq < SQUARE_NB; sq++)
        pos.board[sq] = NO_PIECE;
    for (int pt = 0; pt < PIECE_TYPE_NB; pt++)
        pos.by_type[pt] = 0;
    pos.by_color[WHITE] = pos.by_color[BLACK] = 0;
    pos.castling = 0;
    pos.chess960 = chess960;
    pos.castling_rook[0] = SQ_H1;
    pos.castling_rook[1] = SQ_A1;
    pos.castling_rook[2] = SQ_H8;
    pos.castling_rook[3] = SQ_A8;

    if (!*s)
        return fen_error(err, 1, fen, s, FM_TEXT("empty FEN"));
    if (!fen_parse_placement(fen, &s, FILE_NB, RANK_NB, piece_from_char, pos.board, NULL, err) ||
        !fen_end_of_field(fen, &s, 1, err))
        return false;
    if (!check_material(&pos, fen, err))
        return false;

    if ((*s != 'w' && *s != 'b'))
        return fen_error(err, 2, fen, s, FM_TEXT("expected w or b"));
    pos.side = *s == 'w' ? WHITE : BLACK;
    s++;
    if (!fen_end_of_field(fen, &s, 2, err))
        return false;
    if (!*s)
        return fen_error(err, 3, fen, s, FM_TEXT("missing field"));
    if (!parse_castling(&pos, fen, &s, chess960, err) || !fen_end_of_field(fen, &s, 3, err))
        return false;
    if (!*s)
        return fen_error(err, 4, fen, s, FM_TEXT("missing field"));
    if (!parse_en_passant(&pos, fen, &s, err) || !fen_end_of_field(fen, &s, 4, err))
        return false;
    if (!fen_parse_counters(fen, &s, &pos.halfmove_clock, &pos.fullmove_number, err))
        return false;

    Color them = color_flip(pos_side(&pos));
    if (pos_attackers_to(&pos, pos.king_square[them], pos_occupied(&pos)) & pos.by_color[pos.side])
        return fen_error(err, 2, fen, fen, FM_TEXT("the side not to move is in check"));
    pos.key = pos_compute_key(&pos);
    *out = pos;
    return true;
}

bool pos_set_fen(Position *pos, const char *fen, ParseError *err)
{
    return set_fen(pos, fen, false, err);
}

bool pos_set_fen_chess960(Position *pos, const char *fen, ParseError *err)
{
    return set_fen(pos, fen, true, err);
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
    text_add(&t, pos->side == WHITE ? FM_TEXT(" w ") : FM_TEXT(" b "));
    if (!pos->castling)
        text_add_char(&t, '-');
    for (int i = 0; i < CASTLE_RIGHT_NB; i++) {
        if (!(pos->castling & (1 << i)))
            continue;
        /* X-FEN: the file letter only where K/Q would name another, outer rook. */
        Color c = (Color)(i >> 1);
        int rook = pos->castling_rook[i];
        if (pos->chess960 && outermost_rook(pos, c, !(i & 1)) != rook)
            text_add_char(&t, (char)((c == WHITE ? 'A' : 'a') + square_file(rook)));
        else
            text_add_char(&t, FM_TEXT("KQkq")[i]);
    }
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
