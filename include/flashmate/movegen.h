/*
 * Legal move generation. Every mode produces only legal moves: checkers and pinned pieces are
 * computed once per call, king moves are tested against the squares the enemy attacks with the
 * king removed, and en passant is tested for discovered checks.
 */
#ifndef FLASHMATE_MOVEGEN_H
#define FLASHMATE_MOVEGEN_H

#include "flashmate/position.h"

typedef enum {
    /* Captures and queen promotions, victim first: for each enemy piece from queen down to pawn
     * its attackers from pawn up to king, so the list is already in MVV/LVA order. Non-capturing
     * queen promotions come first. */
    GEN_CAPTURES,
    /* Everything else: non-captures, castling and under-promotions (also capturing ones).
     * GEN_CAPTURES and GEN_QUIETS together give every legal move exactly once. */
    GEN_QUIETS,
    /* All legal moves of a side in check (the same as GEN_LEGAL when not in check). */
    GEN_EVASIONS,
    /* All legal moves. */
    GEN_LEGAL
} GenMode;

/* Replace the list's contents with the moves of `mode`; returns the count. */
int movegen_generate(const Position *pos, GenMode mode, MoveList *list);
/* Append the moves of `mode` to the list; returns how many were added. */
int movegen_append(const Position *pos, GenMode mode, MoveList *list);
/* Write the moves of `mode` to moves[0 ..), which has room for as many as the position has
 * legal moves (MAX_MOVES always suffice); returns the count. */
int movegen_write(const Position *pos, GenMode mode, ScoredMove *moves);

/* Number of legal moves, counted from target sets without building a list (perft leaves). */
int movegen_count_legal(const Position *pos);

/* The sum of movegen_count_legal over the positions after each legal move (perft at depth 2):
 * the moves are made and unmade on pos, which is as it was on return. */
uint64_t movegen_count_children(Position *pos);

/* Is `move` legal in the position? Any 16-bit value may be asked (e.g. a move from the hash
 * table or a killer from a sibling); the answer agrees with movegen_generate. */
bool movegen_is_legal(const Position *pos, Move move);

#endif
