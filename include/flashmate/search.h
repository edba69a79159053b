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
    uint8_t cutoff_count; /* beta cutoffs at this ply since the node two plies up began (to 5) */
    uint8_t reduction;    /* the plies the move made from this ply is reduced by, while searched */
} SearchStack;

/* Move ordering's memory: the history of quiet moves per side, from-square and to-square and
 * whether the enemy attacks each of the two squares (64 KB), the counter move to each move
 * (1.5 KB) and the continuation history (1,152 KB): how a quiet move (its piece and to-square)
 * fared after each move (piece and to-square) one ply before it and two plies before it, one
 * table for both distances. A board short of RAM builds with FLASHMATE_HISTORY_BY_THREATS=0
 * (history per side, from- and to-square: 16 KB) or FLASHMATE_HISTORY_BY_FROM=0 (per side and
 * to-square: 256 bytes), FLASHMATE_COUNTER_MOVES=0 and FLASHMATE_CONTINUATION_HISTORY=0 (none). */
#ifndef FLASHMATE_HISTORY_BY_FROM
#define FLASHMATE_HISTORY_BY_FROM 1
#endif
#ifndef FLASHMATE_HISTORY_BY_THREATS
#define FLASHMATE_HISTORY_BY_THREATS 1
#endif
#ifndef FLASHMATE_COUNTER_MOVES
#define FLASHMATE_COUNTER_MOVES 1
#endif
#ifndef FLASHMATE_CONTINUATION_HISTORY
#define FLASHMATE_CONTINUATION_HISTORY 1
#endif
/* The quiet moves a node remembers having tried, which lose history when another one refutes
 * the position (a list on the C stack of every node: boards keep fewer). */
#ifndef FLASHMATE_QUIETS_TRIED_MAX
#define FLASHMATE_QUIETS_TRIED_MAX 64
#endif
enum {
    HISTORY_FROM_NB = FLASHMATE_HISTORY_BY_FROM ? SQUARE_NB : 1,
    /* The history by from-square split by whether the enemy attacks the from- and the
     * to-square, or not split. */
    HISTORY_THREAT_NB = FLASHMATE_HISTORY_BY_FROM && FLASHMATE_HISTORY_BY_THREATS ? 2 : 1,
    QUIETS_TRIED_MAX = FLASHMATE_QUIETS_TRIED_MAX,
    /* A continuation history index: one of the 12 pieces (colour and type) on one square. */
    PIECE_SQUARE_NB = 2 * PIECE_TYPE_NB * SQUARE_NB,
};

typedef struct Search {
    SearchDriver driver;
    Position *root_pos;
    /* [side][from-square attacked][to-square attacked][from-square][to-square] */
    int16_t history[COLOR_NB][HISTORY_THREAT_NB][HISTORY_THREAT_NB][HISTORY_FROM_NB][SQUARE_NB];
#if FLASHMATE_COUNTER_MOVES
    Move counter_moves[PIECE_NB][SQUARE_NB];
#endif
#if FLASHMATE_CONTINUATION_HISTORY
    /* [piece and to-square of an earlier move][piece and to-square of a quiet move] */
    int16_t continuation[PIECE_SQUARE_NB][PIECE_SQUARE_NB];
#endif
    SearchStack stack[MAX_PLY + 4];
    int move_count;                   /* moves[0 .. move_count) are taken */
    ScoredMove moves[MOVE_STACK_MAX]; /* the lists of the current line */
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
