/*
 * The chess search: iterative deepening with aspiration windows, principal variation search,
 * quiescence search, transposition table, null move, late-move reductions and the usual
 * pruning. The search is single-threaded and never blocks: it calls the caller's poll hook every
 * few thousand nodes (the UCI driver answers `isready` and notices `stop` there) and reads the
 * clock through the port.
 */
#ifndef FLASHMATE_SEARCH_H
#define FLASHMATE_SEARCH_H

#include "flashmate/movegen.h"
#include "flashmate/position.h"
#include "flashmate/search_types.h"

/* Per-ply search state. */
typedef struct SearchStack {
    Move killers[2];
    Move move;   /* the move made from this ply */
    Piece moved; /* the piece that made it */
    int static_eval;
    Move excluded;
} SearchStack;

typedef struct Search {
    SearchDriver driver;
    Position *root_pos;
    int16_t history[COLOR_NB][SQUARE_NB][SQUARE_NB];
    Move counter_moves[PIECE_NB][SQUARE_NB];
    SearchStack stack[MAX_PLY + 4];
} Search;

/* Forget all move-ordering history (a new game). The transposition table is separate. */
void search_clear(Search *s);

/* Search the position within the limits. pos is restored before returning. game_keys holds the
 * keys of earlier positions of the game (oldest first), game_key_count of them. */
SearchResult search_run(Search *s, Position *pos, const uint64_t *game_keys, int game_key_count,
                        const SearchLimits *limits, const SearchHooks *hooks);

/* Static exchange evaluation: does the move win at least `threshold` centipawns? */
bool see_ge(const Position *pos, Move move, int threshold);

#endif
