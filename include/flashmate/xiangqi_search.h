/*
 * Xiangqi search and evaluation. The search is a smaller sibling of the chess one (iterative
 * deepening, principal variation search, quiescence, null move, late-move reductions) over the
 * Xiangqi position; it shares the transposition table, the time manager and the limit, report
 * and hook types of flashmate/search_types.h, so the UCI driver runs both the same way.
 *
 * Game rules as searched: a side without a legal move has lost (mated or stalemated alike);
 * 120 plies without a capture are a draw; a repeated position is lost for a side that gave
 * check with every one of its moves since the position last stood (perpetual check; a draw if
 * both sides did), and any other repetition is a draw (the perpetual-chase rule is not
 * modelled). The game's positions before the root count when the caller gives their check
 * flags (SearchDriver history_checks).
 */
#ifndef FLASHMATE_XIANGQI_SEARCH_H
#define FLASHMATE_XIANGQI_SEARCH_H

#include "flashmate/search_types.h"
#include "flashmate/xiangqi.h"

/* The history of quiet moves per side, from-square and to-square (32 KB); a board short of RAM
 * builds with FLASHMATE_XIANGQI_HISTORY_BY_FROM=0 (per side and to-square: 360 bytes), as
 * FLASHMATE_HISTORY_BY_FROM does for chess. */
#ifndef FLASHMATE_XIANGQI_HISTORY_BY_FROM
#define FLASHMATE_XIANGQI_HISTORY_BY_FROM 1
#endif
/* The continuation history, on unless a board turns it off (as for chess, flashmate/search.h). */
#ifndef FLASHMATE_CONTINUATION_HISTORY
#define FLASHMATE_CONTINUATION_HISTORY 1
#endif
enum {
    XQ_HISTORY_FROM_NB = FLASHMATE_XIANGQI_HISTORY_BY_FROM ? XQ_SQUARE_NB : 1,
    /* A continuation history index: one of the 14 pieces (colour and type) on one square. */
    XQ_PIECE_SQUARE_NB = COLOR_NB * XQ_PIECE_TYPE_NB * XQ_SQUARE_NB,
};

typedef struct XqSearch {
    SearchDriver driver;
    XqPosition *root_pos;
    int16_t history[COLOR_NB][XQ_HISTORY_FROM_NB][XQ_SQUARE_NB];
#if FLASHMATE_CONTINUATION_HISTORY
    /* As in chess (flashmate/search.h): how a quiet move (piece and to-square) fared after each
     * move one and two plies before it, [earlier move][quiet move] (3,100 KB; FLASHMATE_
     * CONTINUATION_HISTORY=0 on boards). */
    int16_t continuation[XQ_PIECE_SQUARE_NB][XQ_PIECE_SQUARE_NB];
    int16_t moved_at[MAX_PLY + 2]; /* the move into each ply as a piece-square index, -1 none */
#endif
    Move killers[MAX_PLY + 2][2];
    bool null_at[MAX_PLY + 2];        /* was the move into this ply a null move? */
    bool in_check_at[MAX_PLY + 2];    /* beside the driver's keys: the side to move in check? */
    int move_count;                   /* moves[0 .. move_count) are taken */
    ScoredMove moves[MOVE_STACK_MAX]; /* the lists of the current line (flashmate/search_types.h) */
} XqSearch;

/* Forget move-ordering history (a new game). The transposition table is separate. */
void xq_search_clear(XqSearch *s);

/* Search the position within the limits; as search_run does for chess. */
SearchResult xq_search_run(XqSearch *s, XqPosition *pos, const uint64_t *game_keys,
                           int game_key_count, const SearchLimits *limits,
                           const SearchHooks *hooks);

/* Static evaluation in centipawns from the side to move's point of view. */
int xq_evaluate(const XqPosition *pos);
/* The evaluation term by term for both sides, as text lines into buf. */
void xq_eval_explain(const XqPosition *pos, char *buf, size_t size);
/* Base material value of a piece type (move ordering, pruning margins). */
int xq_piece_value(XqPieceType pt);
/* Does the exchange that `move` starts on its target square gain at least `threshold` for the
 * side to move, in xq_piece_value units (static exchange evaluation, src/xiangqi/see.c)? */
bool xq_see_ge(const XqPosition *pos, Move move, int threshold);

#endif
