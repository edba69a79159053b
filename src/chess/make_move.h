/*
 * Making and unmaking a move, inlined where moves are made most (perft, the search):
 * pos_do_move and pos_undo_move (position.c) are the same code out of line, which a build without
 * FLASHMATE_SPEED_CODE calls everywhere. Ordinary moves
 * take the short path here; castling, en passant and promotions, a few in a hundred, are made
 * out of line in position.c.
 */
#ifndef FLASHMATE_CHESS_MAKE_MOVE_H
#define FLASHMATE_CHESS_MAKE_MOVE_H

#include "attacks.h"
#include "flashmate/position.h"
#include "zobrist.h"

/* 1: code that only makes perft and the search faster (make and unmake inlined, perft's shared
 * counting, movegen's fast paths); 0 where flash is short (cmake/boards.cmake): the same results
 * from less code. */
#ifndef FLASHMATE_SPEED_CODE
#define FLASHMATE_SPEED_CODE 1
#endif

/* position.c: castling, en passant and promotions made (returns the key, `key` updated for the
 * move) and unmade; the castling rights left by a move in Chess960. */
uint64_t pos_do_special_move(Position *pos, Move move, Undo *undo, uint64_t key);
void pos_undo_special_move(Position *pos, Move move, const Undo *undo);
int pos_castling_rights_kept_960(const Position *pos, int from, int to);

/* What make_move_as keeps up to date besides the pieces, the side to move, the castling rights
 * and the en-passant square: everything (MAKE_ALL, the search), or not the key and the move
 * counters on ordinary moves (MAKE_BOARD, perft, which counts positions), which then are not
 * saved in the undo record either (other moves are made in full, out of line). unmake_move_as
 * takes the same `what`. */
enum { MAKE_BOARD, MAKE_ALL };

/* The start of every move and null move: save what it changes irreversibly (with MAKE_ALL also
 * the key and the move counters), clear the e.p. square and count the halfmove (MAKE_ALL).
 * Returns the key so far, the turn passed in it (0 for MAKE_BOARD). */
static inline __attribute__((always_inline)) uint64_t make_move_begin(Position *pos, Undo *undo,
                                                                      int what)
{
    bool all = what == MAKE_ALL;
    uint64_t key = all ? pos->key ^ zobrist_side_key() : 0;

    if (all) {
        undo->key = pos->key;
        undo->halfmove_clock = pos->halfmove_clock;
        undo->fullmove_number = pos->fullmove_number;
    }
    undo->castling = pos->castling;
    undo->ep_square = pos->ep_square;
    if (pos->ep_square != SQ_NONE) {
        if (all)
            key ^= zobrist_en_passant_key(pos->ep_square);
        pos->ep_square = SQ_NONE;
    }
    if (all && pos->halfmove_clock < UINT16_MAX)
        pos->halfmove_clock++;
    return key;
}

static inline __attribute__((always_inline)) void make_move_inline(Position *pos, Move move,
                                                                   Undo *undo, int what)
{
    unsigned m = move; /* (a 16-bit Move makes 16-bit arithmetic on x86) */
    int from = (int)(m & 63), to = (int)(m >> 6 & 63);
    Color us = pos_side(pos), them = color_flip(us);
    Piece piece = pos_piece_on(pos, from);
    if (what == MAKE_BOARD && m >> 14 != MOVE_NORMAL) {
        pos_do_move(pos, move, undo); /* castling, en passant, promotions: all of it */
        return;
    }
    bool all = what == MAKE_ALL;
    uint64_t key = make_move_begin(pos, undo, what);
    if (all && us == BLACK && pos->fullmove_number < UINT16_MAX)
        pos->fullmove_number++;
    /* The rights first: in Chess960 they are read from the king's square before the move. */
    if (pos->castling) {
        int kept = pos->chess960 ? pos_castling_rights_kept_960(pos, from, to)
                                 : pos->castling & fm_load(castling_rights_kept[from]) &
                                       fm_load(castling_rights_kept[to]);
        if (kept != pos->castling) {
            if (all)
                key ^= zobrist_castling_key(pos->castling) ^ zobrist_castling_key(kept);
            pos->castling = (uint8_t)kept;
        }
    }

    if (m >> 14 == MOVE_NORMAL) {
        Piece captured = pos_piece_on(pos, to);
        Bitboard from_to = bb_square(from) | bb_square(to);
        undo->captured = (uint8_t)captured;
        if (captured != NO_PIECE) {
            Bitboard target = bb_square(to);
            pos->by_type[piece_type(captured)] ^= target;
            pos->by_color[them] ^= target;
            if (all) {
                key ^= zobrist_piece_key(captured, to);
                pos->halfmove_clock = 0;
            }
        }
        pos->board[from] = NO_PIECE;
        pos->board[to] = (uint8_t)piece;
        pos->by_type[piece_type(piece)] ^= from_to;
        pos->by_color[us] ^= from_to;
        if (all)
            key ^= zobrist_piece_key(piece, from) ^ zobrist_piece_key(piece, to);
        if (piece_type(piece) == PAWN && !all) {
            /* Perft: the double push without a branch, which its moves mispredict. */
            int passed = (from + to) / 2;
            bool ep = ((from ^ to) == 16) &
                      ((attacks_pawn(us, passed) & pos_pieces(pos, them, PAWN)) != 0);
            pos->ep_square = (uint8_t)(ep ? passed : SQ_NONE);
        } else if (piece_type(piece) == PAWN) {
            pos->halfmove_clock = 0;
            if ((from ^ to) == 16) {
                /* Double push: keep the e.p. square only if an enemy pawn can capture there. */
                int passed = (from + to) / 2;
                if (attacks_pawn(us, passed) & pos_pieces(pos, them, PAWN)) {
                    pos->ep_square = (uint8_t)passed;
                    key ^= zobrist_en_passant_key(passed);
                }
            }
        } else if (piece_type(piece) == KING) {
            pos->king_square[us] = (uint8_t)to;
        }
    } else {
        undo->captured = NO_PIECE;
        key = pos_do_special_move(pos, move, undo, key);
    }
    pos->side = (uint8_t)them;
    if (all)
        pos->key = key;
}

static inline __attribute__((always_inline)) void unmake_move_inline(Position *pos, Move move,
                                                                     const Undo *undo, int what)
{
    unsigned m = move;
    int from = (int)(m & 63), to = (int)(m >> 6 & 63);
    Color us = color_flip(pos_side(pos));

    if (what == MAKE_BOARD && m >> 14 != MOVE_NORMAL) {
        pos_undo_move(pos, move, undo);
        return;
    }
    pos->side = (uint8_t)us;
    if (m >> 14 == MOVE_NORMAL) {
        Piece piece = pos_piece_on(pos, to), captured = (Piece)undo->captured;
        Bitboard from_to = bb_square(from) | bb_square(to);
        pos->board[from] = (uint8_t)piece;
        pos->board[to] = (uint8_t)captured;
        pos->by_type[piece_type(piece)] ^= from_to;
        pos->by_color[us] ^= from_to;
        if (captured != NO_PIECE) {
            Bitboard target = bb_square(to);
            pos->by_type[piece_type(captured)] ^= target;
            pos->by_color[color_flip(us)] ^= target;
        }
        if (piece_type(piece) == KING)
            pos->king_square[us] = (uint8_t)from;
    } else {
        pos_undo_special_move(pos, move, undo);
    }
    if (what == MAKE_ALL) {
        pos->key = undo->key;
        pos->halfmove_clock = undo->halfmove_clock;
        pos->fullmove_number = undo->fullmove_number;
    }
    pos->castling = undo->castling;
    pos->ep_square = undo->ep_square;
}

#if !FLASHMATE_SPEED_CODE
/* Everyone calls the one copy in position.c, which makes all. */
static inline void make_move_as(Position *pos, Move move, Undo *undo, int what)
{
    (void)what;
    pos_do_move(pos, move, undo);
}
static inline void unmake_move_as(Position *pos, Move move, const Undo *undo, int what)
{
    (void)what;
    pos_undo_move(pos, move, undo);
}
#else
static inline __attribute__((always_inline)) void make_move_as(Position *pos, Move move, Undo *undo,
                                                               int what)
{
    make_move_inline(pos, move, undo, what);
}
static inline __attribute__((always_inline)) void unmake_move_as(Position *pos, Move move,
                                                                 const Undo *undo, int what)
{
    unmake_move_inline(pos, move, undo, what);
}
#endif

static inline void make_move(Position *pos, Move move, Undo *undo)
{
    make_move_as(pos, move, undo, MAKE_ALL);
}

static inline void unmake_move(Position *pos, Move move, const Undo *undo)
{
    unmake_move_as(pos, move, undo, MAKE_ALL);
}

#endif
