/*
 * Xiangqi position state: making and unmaking moves, attack queries and the key. FEN and move
 * text live in xiangqi_notation.c, move generation in xiangqi_movegen.c.
 */
#include "flashmate/xiangqi.h"

#include "attacks.h"
#include "zobrist.h"

static inline void put_piece(XqPosition *pos, XqPiece p, int sq)
{
    XqBB b = xq_bb_square(sq);
    pos->board[sq] = p;
    pos->by_type[xq_piece_type(p)] = xq_bb_or(pos->by_type[xq_piece_type(p)], b);
    pos->by_color[xq_piece_color(p)] = xq_bb_or(pos->by_color[xq_piece_color(p)], b);
}

static inline void remove_piece(XqPosition *pos, int sq)
{
    XqPiece p = pos->board[sq];
    XqBB b = xq_bb_square(sq);
    pos->board[sq] = XQ_NO_PIECE;
    pos->by_type[xq_piece_type(p)] = xq_bb_xor(pos->by_type[xq_piece_type(p)], b);
    pos->by_color[xq_piece_color(p)] = xq_bb_xor(pos->by_color[xq_piece_color(p)], b);
}

static inline void move_piece(XqPosition *pos, int from, int to)
{
    XqPiece p = pos->board[from];
    XqBB b = xq_bb_or(xq_bb_square(from), xq_bb_square(to));
    pos->board[from] = XQ_NO_PIECE;
    pos->board[to] = p;
    pos->by_type[xq_piece_type(p)] = xq_bb_xor(pos->by_type[xq_piece_type(p)], b);
    pos->by_color[xq_piece_color(p)] = xq_bb_xor(pos->by_color[xq_piece_color(p)], b);
}

/* Save what a move or null move changes irreversibly and count the ply on the halfmove clock.
 * The counters saturate: a FEN may start them at 65535, and a wrapped fullmove number 0 would
 * print a FEN the parser refuses. */
static inline void begin_move(XqPosition *pos, XqUndo *undo)
{
    undo->key = pos->key;
    undo->halfmove_clock = pos->halfmove_clock;
    undo->fullmove_number = pos->fullmove_number;
    undo->captured = XQ_NO_PIECE;
    if (pos->halfmove_clock < UINT16_MAX)
        pos->halfmove_clock++;
}

void xq_do_move(XqPosition *pos, Move move, XqUndo *undo)
{
    int from = xq_move_from(move), to = xq_move_to(move);
    Color us = xq_side(pos);
    XqPiece piece = pos->board[from], captured = pos->board[to];
    uint64_t key = pos->key ^ xq_zobrist_side_key() ^ xq_zobrist_piece_key(piece, from) ^
                   xq_zobrist_piece_key(piece, to);

    begin_move(pos, undo);
    undo->captured = captured;
    if (captured != XQ_NO_PIECE) {
        remove_piece(pos, to);
        key ^= xq_zobrist_piece_key(captured, to);
        pos->halfmove_clock = 0;
    }
    move_piece(pos, from, to);
    if (xq_piece_type(piece) == XQ_KING)
        pos->king_square[us] = (uint8_t)to;
    if (us == BLACK && pos->fullmove_number < UINT16_MAX)
        pos->fullmove_number++;
    pos->side = (uint8_t)color_flip(us);
    pos->key = key;
}

void xq_undo_move(XqPosition *pos, Move move, const XqUndo *undo)
{
    int from = xq_move_from(move), to = xq_move_to(move);
    Color us = color_flip(xq_side(pos));
    pos->side = (uint8_t)us;
    move_piece(pos, to, from);
    if (undo->captured != XQ_NO_PIECE)
        put_piece(pos, undo->captured, to);
    if (xq_piece_type(pos->board[from]) == XQ_KING)
        pos->king_square[us] = (uint8_t)from;
    pos->key = undo->key;
    pos->halfmove_clock = undo->halfmove_clock;
    pos->fullmove_number = undo->fullmove_number;
}

void xq_do_null_move(XqPosition *pos, XqUndo *undo)
{
    begin_move(pos, undo);
    pos->key ^= xq_zobrist_side_key();
    pos->side ^= 1;
}

void xq_undo_null_move(XqPosition *pos, const XqUndo *undo)
{
    pos->side ^= 1;
    pos->key = undo->key;
    pos->halfmove_clock = undo->halfmove_clock;
}

/* Pieces of colour `by` attacking a general on sq (a square of the other palace) with occupancy
 * `occupied`; `by_pieces` is the set of attackers still on the board (a capture removes one).
 * The general of `by` attacks like a rook: the flying-general rule, along the file, as the two
 * palaces share no rank. Advisors and elephants cannot leave their own palace or half. */
static XqBB attackers_of(const XqPosition *pos, int sq, XqBB occupied, XqBB by_pieces, Color by)
{
    XqLineIndex li = xq_line_index(sq, occupied);
    XqBB rooks = xq_bb_or(pos->by_type[XQ_ROOK], pos->by_type[XQ_KING]);
    XqBB a = xq_bb_and(xq_rook_from_index(li), rooks);
    a = xq_bb_or(a, xq_bb_and(xq_cannon_from_index(li), pos->by_type[XQ_CANNON]));
    a = xq_bb_or(a, xq_bb_and(xq_horse_attackers_of(sq, occupied), pos->by_type[XQ_HORSE]));
    a = xq_bb_or(a, xq_bb_and(xq_pawn_attackers_of(by, sq), pos->by_type[XQ_PAWN]));
    return xq_bb_and(a, by_pieces);
}

bool xq_general_attacked(const XqPosition *pos, int sq, Color by)
{
    return xq_bb_any(attackers_of(pos, sq, xq_occupied(pos), pos->by_color[by], by));
}

XqBB xq_checkers(const XqPosition *pos)
{
    Color them = color_flip(xq_side(pos));
    return attackers_of(pos, pos->king_square[xq_side(pos)], xq_occupied(pos), pos->by_color[them],
                        them);
}

uint64_t xq_compute_key(const XqPosition *pos)
{
    uint64_t key = 0;
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++)
        if (pos->board[sq] != XQ_NO_PIECE)
            key ^= xq_zobrist_piece_key(pos->board[sq], sq);
    if (pos->side == BLACK)
        key ^= xq_zobrist_side_key();
    return key;
}

bool xq_is_consistent(const XqPosition *pos)
{
    XqBB by_type[XQ_PIECE_TYPE_NB], by_color[COLOR_NB] = {xq_bb_empty(), xq_bb_empty()};
    if (pos->side > BLACK)
        return false;
    for (int pt = 0; pt < XQ_PIECE_TYPE_NB; pt++)
        by_type[pt] = xq_bb_empty();
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++) {
        XqPiece p = pos->board[sq];
        if (p == XQ_NO_PIECE)
            continue;
        if (xq_piece_type(p) >= XQ_PIECE_TYPE_NB || xq_piece_color(p) > BLACK)
            return false;
        by_type[xq_piece_type(p)] = xq_bb_or(by_type[xq_piece_type(p)], xq_bb_square(sq));
        by_color[xq_piece_color(p)] = xq_bb_or(by_color[xq_piece_color(p)], xq_bb_square(sq));
    }
    for (int pt = 0; pt < XQ_PIECE_TYPE_NB; pt++)
        if (!xq_bb_equal(by_type[pt], pos->by_type[pt]))
            return false;
    for (int c = WHITE; c <= BLACK; c++) {
        XqBB kings = xq_pieces(pos, (Color)c, XQ_KING);
        if (!xq_bb_equal(by_color[c], pos->by_color[c]) || xq_bb_popcount(kings) != 1 ||
            xq_bb_lsb(kings) != pos->king_square[c])
            return false;
    }
    return pos->key == xq_compute_key(pos);
}
