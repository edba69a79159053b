/*
 * Position state: making and unmaking moves, attack queries and the key. FEN text lives in
 * fen.c; move generation in movegen.c.
 */
#include "flashmate/position.h"

#include "attacks.h"
#include "make_move.h"
#include "zobrist.h"

static inline void put_piece(Position *pos, Piece p, int sq)
{
    Bitboard b = bb_square(sq);
    pos->board[sq] = (uint8_t)p;
    pos->by_type[piece_type(p)] |= b;
    pos->by_color[piece_color(p)] |= b;
}

static inline void remove_piece(Position *pos, int sq)
{
    Piece p = (Piece)pos->board[sq];
    Bitboard b = bb_square(sq);
    pos->board[sq] = NO_PIECE;
    pos->by_type[piece_type(p)] ^= b;
    pos->by_color[piece_color(p)] ^= b;
}

/* The squares of a castling move of the king on king_from towards `to` (its destination in
 * standard chess, its rook's square in Chess960; on the side it castles to either way): king and
 * rook end on the g- and f-file (c- and d-file) of the back rank, the rook coming from its
 * right's square. */
static inline void castling_squares(const Position *pos, Color us, int king_from, int to,
                                    int *king_to, int *rook_from, int *rook_to)
{
    bool king_side = to > king_from;
    int back_rank = king_from & 56;
    *king_to = back_rank + (king_side ? 6 : 2);
    *rook_to = back_rank + (king_side ? 5 : 3);
    *rook_from = pos->castling_rook[2 * us + !king_side];
}

/* The rights a move from `from` to `to` leaves in Chess960: a king that moves loses both, a rook
 * that moves or is taken its own. (Standard chess reads the same from castling_rights_kept.) */
int pos_castling_rights_kept_960(const Position *pos, int from, int to)
{
    int kept = pos->castling;
    for (int i = 0; i < CASTLE_RIGHT_NB; i++)
        if (pos->castling_rook[i] == from || pos->castling_rook[i] == to)
            kept &= ~(1 << i);
    if (from == pos->king_square[WHITE])
        kept &= ~(CASTLE_WHITE_OO | CASTLE_WHITE_OOO);
    if (from == pos->king_square[BLACK])
        kept &= ~(CASTLE_BLACK_OO | CASTLE_BLACK_OOO);
    return kept;
}

/* Castling, en passant and promotions (make_move.h makes the others). Returns the key. */
uint64_t pos_do_special_move(Position *pos, Move move, Undo *undo, uint64_t key)
{
    int from = move_from(move), to = move_to(move), kind = move_kind(move);
    Color us = pos_side(pos);
    Piece piece = pos_piece_on(pos, from);

    if (kind == MOVE_CASTLING) {
        int king_to, rook_from, rook_to;
        Piece rook = piece_make(us, ROOK);
        castling_squares(pos, us, from, to, &king_to, &rook_from, &rook_to);
        /* Both off the board first: in Chess960 each may land where the other stood. */
        remove_piece(pos, from);
        remove_piece(pos, rook_from);
        put_piece(pos, piece, king_to);
        put_piece(pos, rook, rook_to);
        key ^= zobrist_piece_key(piece, from) ^ zobrist_piece_key(piece, king_to) ^
               zobrist_piece_key(rook, rook_from) ^ zobrist_piece_key(rook, rook_to);
        pos->king_square[us] = (uint8_t)king_to;
    } else {
        int captured_square = kind == MOVE_EN_PASSANT ? to ^ 8 : to;
        Piece captured = pos_piece_on(pos, captured_square);
        Piece placed = kind == MOVE_PROMOTION ? piece_make(us, move_promotion(move)) : piece;
        if (captured != NO_PIECE) {
            undo->captured = (uint8_t)captured;
            remove_piece(pos, captured_square);
            key ^= zobrist_piece_key(captured, captured_square);
        }
        remove_piece(pos, from);
        put_piece(pos, placed, to);
        key ^= zobrist_piece_key(piece, from) ^ zobrist_piece_key(placed, to);
        pos->halfmove_clock = 0;
    }
    return key;
}

/* Castling, en passant and promotions taken back (the side to move is already `us` again). */
void pos_undo_special_move(Position *pos, Move move, const Undo *undo)
{
    int from = move_from(move), to = move_to(move), kind = move_kind(move);
    Color us = pos_side(pos);

    if (kind == MOVE_CASTLING) {
        int king_to, rook_from, rook_to;
        castling_squares(pos, us, from, to, &king_to, &rook_from, &rook_to);
        remove_piece(pos, king_to);
        remove_piece(pos, rook_to);
        put_piece(pos, piece_make(us, KING), from);
        put_piece(pos, piece_make(us, ROOK), rook_from);
        pos->king_square[us] = (uint8_t)from;
    } else {
        Piece moved = kind == MOVE_PROMOTION ? piece_make(us, PAWN) : pos_piece_on(pos, to);
        remove_piece(pos, to);
        put_piece(pos, moved, from);
        if (undo->captured != NO_PIECE)
            put_piece(pos, (Piece)undo->captured, kind == MOVE_EN_PASSANT ? to ^ 8 : to);
    }
}

void pos_do_move(Position *pos, Move move, Undo *undo)
{
    make_move_inline(pos, move, undo, MAKE_ALL);
}

void pos_undo_move(Position *pos, Move move, const Undo *undo)
{
    unmake_move_inline(pos, move, undo, MAKE_ALL);
}

void pos_do_null_move(Position *pos, Undo *undo)
{
    undo->captured = NO_PIECE;
    pos->key = make_move_begin(pos, undo, MAKE_ALL);
    pos->side ^= 1;
}

void pos_undo_null_move(Position *pos, const Undo *undo)
{
    pos->side ^= 1;
    pos->key = undo->key;
    pos->halfmove_clock = undo->halfmove_clock;
    pos->ep_square = undo->ep_square;
}

Bitboard pos_attackers_to(const Position *pos, int sq, Bitboard occupied)
{
    Bitboard diagonal = pos->by_type[BISHOP] | pos->by_type[QUEEN];
    Bitboard straight = pos->by_type[ROOK] | pos->by_type[QUEEN];
    return (attacks_pawn(BLACK, sq) & pos_pieces(pos, WHITE, PAWN)) |
           (attacks_pawn(WHITE, sq) & pos_pieces(pos, BLACK, PAWN)) |
           (attacks_knight(sq) & pos->by_type[KNIGHT]) | (attacks_king(sq) & pos->by_type[KING]) |
           (attacks_bishop(sq, occupied) & diagonal) | (attacks_rook(sq, occupied) & straight);
}

bool pos_square_attacked(const Position *pos, int sq, Color by)
{
    Bitboard occupied = pos_occupied(pos);
    Bitboard theirs = pos->by_color[by];
    return (attacks_pawn(color_flip(by), sq) & theirs & pos->by_type[PAWN]) ||
           (attacks_knight(sq) & theirs & pos->by_type[KNIGHT]) ||
           (attacks_king(sq) & theirs & pos->by_type[KING]) ||
           (attacks_bishop(sq, occupied) & theirs & (pos->by_type[BISHOP] | pos->by_type[QUEEN])) ||
           (attacks_rook(sq, occupied) & theirs & (pos->by_type[ROOK] | pos->by_type[QUEEN]));
}

Bitboard pos_checkers(const Position *pos)
{
    Color us = pos_side(pos);
    return pos_attackers_to(pos, pos->king_square[us], pos_occupied(pos)) &
           pos->by_color[color_flip(us)];
}

uint64_t pos_compute_key(const Position *pos)
{
    uint64_t key = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (pos->board[sq] != NO_PIECE)
            key ^= zobrist_piece_key((Piece)pos->board[sq], sq);
    key ^= zobrist_castling_key(pos->castling);
    if (pos->ep_square != SQ_NONE)
        key ^= zobrist_en_passant_key(pos->ep_square);
    if (pos->side == WHITE)
        key ^= zobrist_side_key();
    return key;
}

/* Each right has its king on the back rank and its rook there on the right's side (in standard
 * chess: king on e1/e8, rook in the corner). */
static bool castling_rooks_consistent(const Position *pos)
{
    static const uint8_t corners[CASTLE_RIGHT_NB] = {SQ_H1, SQ_A1, SQ_H8, SQ_A8};
    for (int i = 0; i < CASTLE_RIGHT_NB; i++) {
        Color c = (Color)(i >> 1);
        int rook = pos->castling_rook[i], king = pos->king_square[c];
        if (rook >= SQUARE_NB)
            return false;
        if (!(pos->castling & (1 << i)))
            continue;
        if (pos_piece_on(pos, rook) != piece_make(c, ROOK) ||
            square_rank(king) != rank_relative(c, 0) || square_rank(rook) != square_rank(king) ||
            (i & 1 ? rook > king : rook < king))
            return false;
        if (!pos->chess960 && (rook != corners[i] || square_file(king) != 4))
            return false;
    }
    return true;
}

bool pos_is_consistent(const Position *pos)
{
    Bitboard by_type[PIECE_TYPE_NB] = {0}, by_color[COLOR_NB] = {0};
    if (pos->side > BLACK || pos->castling > CASTLE_ALL)
        return false;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        Piece p = pos_piece_on(pos, sq);
        if (p == NO_PIECE)
            continue;
        if (piece_type(p) >= PIECE_TYPE_NB || piece_color(p) > BLACK)
            return false;
        by_type[piece_type(p)] |= bb_square(sq);
        by_color[piece_color(p)] |= bb_square(sq);
    }
    for (int pt = 0; pt < PIECE_TYPE_NB; pt++)
        if (by_type[pt] != pos->by_type[pt])
            return false;
    if (by_color[WHITE] != pos->by_color[WHITE] || by_color[BLACK] != pos->by_color[BLACK])
        return false;
    for (int c = WHITE; c <= BLACK; c++) {
        Bitboard kings = pos_pieces(pos, (Color)c, KING);
        if (bb_popcount(kings) != 1 || bb_lsb(kings) != pos->king_square[c])
            return false;
    }
    if (pos->ep_square != SQ_NONE && square_rank(pos->ep_square) != (pos->side == WHITE ? 5 : 2))
        return false;
    if (pos->chess960 > 1 || !castling_rooks_consistent(pos))
        return false;
    return pos->key == pos_compute_key(pos);
}

Piece pos_captured_piece(const Position *pos, Move move)
{
    if (move_kind(move) == MOVE_EN_PASSANT)
        return piece_make(color_flip(pos_side(pos)), PAWN);
    if (move_kind(move) == MOVE_CASTLING)
        return NO_PIECE;
    return pos_piece_on(pos, move_to(move));
}

bool pos_gives_check(const Position *pos, Move move)
{
    Color us = pos_side(pos), them = color_flip(us);
    int from = move_from(move), to = move_to(move), kind = move_kind(move);
    int king = pos->king_square[them];
    Bitboard occupied = pos_occupied(pos) ^ bb_square(from);
    Bitboard ours = pos->by_color[us] ^ bb_square(from);
    PieceType moved = piece_type(pos_piece_on(pos, from));
    Bitboard pieces[PIECE_TYPE_NB];

    for (int pt = 0; pt < PIECE_TYPE_NB; pt++)
        pieces[pt] = pos->by_type[pt] & ours;
    if (kind == MOVE_PROMOTION)
        moved = move_promotion(move);
    pieces[moved] |= bb_square(to);
    occupied |= bb_square(to);
    if (kind == MOVE_EN_PASSANT)
        occupied ^= bb_square(to ^ 8);
    if (kind == MOVE_CASTLING) {
        int king_to, rook_from, rook_to;
        castling_squares(pos, us, from, to, &king_to, &rook_from, &rook_to);
        occupied = (pos_occupied(pos) ^ bb_square(from) ^ bb_square(rook_from)) |
                   bb_square(king_to) | bb_square(rook_to);
        pieces[ROOK] = (pieces[ROOK] & ~bb_square(rook_from)) | bb_square(rook_to);
    }
    return (attacks_pawn(them, king) & pieces[PAWN]) || (attacks_knight(king) & pieces[KNIGHT]) ||
           (attacks_bishop(king, occupied) & (pieces[BISHOP] | pieces[QUEEN])) ||
           (attacks_rook(king, occupied) & (pieces[ROOK] | pieces[QUEEN]));
}

void pos_check_info(const Position *pos, CheckInfo *ci)
{
    Color us = pos_side(pos), them = color_flip(us);
    int king = pos->king_square[them];
    Bitboard occupied = pos_occupied(pos);
    ci->squares[PAWN] = attacks_pawn(them, king);
    ci->squares[KNIGHT] = attacks_knight(king);
    ci->squares[BISHOP] = attacks_bishop(king, occupied);
    ci->squares[ROOK] = attacks_rook(king, occupied);
    ci->squares[QUEEN] = ci->squares[BISHOP] | ci->squares[ROOK];
    ci->squares[KING] = 0;
    ci->discoverers = 0;
    Bitboard snipers = ((attacks_bishop(king, 0) & (pos->by_type[BISHOP] | pos->by_type[QUEEN])) |
                        (attacks_rook(king, 0) & (pos->by_type[ROOK] | pos->by_type[QUEEN]))) &
                       pos->by_color[us];
    while (snipers) {
        Bitboard between = bb_between(king, bb_pop_lsb(&snipers)) & occupied;
        if (between && !bb_more_than_one(between))
            ci->discoverers |= between & pos->by_color[us];
    }
}

bool pos_gives_check_with(const Position *pos, const CheckInfo *ci, Move move)
{
    if (move_kind(move) != MOVE_NORMAL)
        return pos_gives_check(pos, move);
    int from = move_from(move), to = move_to(move);
    if (ci->squares[piece_type(pos_piece_on(pos, from))] & bb_square(to))
        return true;
    /* A discovered check, unless the piece stays on the line to the king. */
    return (ci->discoverers & bb_square(from)) &&
           !(bb_line(from, pos->king_square[color_flip(pos_side(pos))]) & bb_square(to));
}

void move_to_uci(Move move, char *buf)
{
    int from = move_from(move), to = move_to(move);
    if (!move_is_ok(move)) {
        buf[0] = buf[1] = buf[2] = buf[3] = '0';
        buf[4] = '\0';
        return;
    }
    buf[0] = (char)('a' + square_file(from));
    buf[1] = (char)('1' + square_rank(from));
    buf[2] = (char)('a' + square_file(to));
    buf[3] = (char)('1' + square_rank(to));
    buf[4] = '\0';
    if (move_kind(move) == MOVE_PROMOTION) {
        buf[4] = "nbrq"[move_promotion(move) - KNIGHT];
        buf[5] = '\0';
    }
}
