/*
 * What the searches of every game share: score and bound values, the limits of a search, its
 * progress reports and hooks, its result, and the driver state (limits, clock, repetition keys,
 * principal variation) that each game's search embeds as its first member.
 */
#ifndef FLASHMATE_SEARCH_TYPES_H
#define FLASHMATE_SEARCH_TYPES_H

#include "flashmate/game_types.h"

/* Transposition table (flashmate/tt.h); the search only holds a pointer to it. */
typedef struct TT TT;

/* How a score relates to the true value: exact, at most (upper) or at least (lower). */
enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

enum {
    VALUE_DRAW = 0,
    VALUE_MATE = 32000,
    VALUE_INFINITE = 32001,
    VALUE_NONE = 32002,
    VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY,
};

/* Keys of the game before the root, for repetition detection (the most recent last). The engine
 * keeps this many; 100 are all that can matter (a repetition is sought only since the last
 * irreversible move, and 100 plies without one are a draw), which boards use. */
#ifndef FLASHMATE_GAME_HISTORY_MAX
#define FLASHMATE_GAME_HISTORY_MAX 1024
#endif
enum { GAME_HISTORY_MAX = FLASHMATE_GAME_HISTORY_MAX };

/* The most principal variations one search reports (UCI MultiPV); boards keep fewer. */
#ifndef FLASHMATE_MULTIPV_MAX
#define FLASHMATE_MULTIPV_MAX 256
#endif
enum { MULTIPV_MAX = FLASHMATE_MULTIPV_MAX };

/* The most moves `go searchmoves` may restrict the root to (every legal move by default). */
#ifndef FLASHMATE_SEARCHMOVES_MAX
#define FLASHMATE_SEARCHMOVES_MAX 256
#endif
enum { SEARCHMOVES_MAX = FLASHMATE_SEARCHMOVES_MAX };

/* The deepest iteration of a search (MAX_PLY - 4 by default). A board whose stack ends its lines
 * well before MAX_PLY sets it higher: its iterations then go on until the time is up, each less
 * selective over the plies the stack allows, instead of ending the search early. */
#ifndef FLASHMATE_DEPTH_MAX
#define FLASHMATE_DEPTH_MAX (FLASHMATE_MAX_PLY - 4)
#endif
enum { DEPTH_MAX = FLASHMATE_DEPTH_MAX };
_Static_assert(DEPTH_MAX >= 1 && DEPTH_MAX <= 250,
               "FLASHMATE_DEPTH_MAX: 1 .. 250 (a TT entry holds it in a byte)");

/* The move lists of the nodes on the current line, each above its parent's: the root's moves,
 * then a list per node (chess: two at a ply where a singular search verifies the hash move).
 * Every game's search keeps one. By default there is room for the longest line; a board with
 * little RAM sets FLASHMATE_MOVE_STACK_MAX lower, and a node whose moves would not fit is
 * scored as a leaf (search_driver.h, driver_move_room). */
#define FLASHMATE_MOVE_STACK_FULL (2 * (FLASHMATE_MAX_PLY + 1) * 256)
#ifndef FLASHMATE_MOVE_STACK_MAX
#define FLASHMATE_MOVE_STACK_MAX FLASHMATE_MOVE_STACK_FULL
#endif
_Static_assert(FLASHMATE_MOVE_STACK_FULL == 2 * (MAX_PLY + 1) * MAX_MOVES,
               "FLASHMATE_MOVE_STACK_FULL counts MAX_MOVES moves a list");
_Static_assert(FLASHMATE_MOVE_STACK_MAX >= 256, "the root's list needs MAX_MOVES moves");
enum { MOVE_STACK_MAX = FLASHMATE_MOVE_STACK_MAX };

typedef struct SearchLimits {
    int64_t time_ms[COLOR_NB]; /* remaining clock, -1 when not given */
    int64_t inc_ms[COLOR_NB];
    int movestogo;       /* 0 = not given */
    int64_t movetime_ms; /* 0 = not given */
    int depth;           /* 0 = no limit */
    uint64_t nodes;      /* 0 = no limit */
    int mate;            /* mate in N moves, 0 = not given */
    bool infinite, ponder;
    int move_overhead_ms;
    int multipv; /* principal variations to find, best first (0 or 1: one) */
    bool helper; /* a helper thread's search (Lazy SMP): it leaves the table's generation alone */
    int searchmoves_count; /* 0 = all moves */
    Move searchmoves[SEARCHMOVES_MAX];
} SearchLimits;

/* One `info` line's worth of progress. */
typedef struct SearchReport {
    int multipv; /* which principal variation, from 1 (the best) */
    int depth, seldepth;
    int score; /* from the side to move's point of view */
    int bound; /* BOUND_EXACT, or BOUND_LOWER/BOUND_UPPER after an aspiration fail */
    uint64_t nodes, time_ms, nps;
    int hashfull;
    int pv_length;
    const Move *pv;
} SearchReport;

typedef enum { POLL_CONTINUE, POLL_STOP, POLL_PONDERHIT } PollResult;

typedef struct SearchHooks {
    void (*report)(const SearchReport *report, void *user); /* once per iteration, may be NULL */
    PollResult (*poll)(void *user);                         /* may be NULL */
    uint64_t (*helper_nodes)(void *user); /* nodes of helper threads, in the reports; may be NULL */
    void *user;
} SearchHooks;

typedef struct SearchResult {
    Move best, ponder;
    int score, depth;
    uint64_t nodes;
} SearchResult;

/* A principal variation of the root: its score, the depth and selective depth it was found at. */
typedef struct RootLine {
    int score, depth, seldepth, pv_length;
    Move pv[MAX_PLY + 1];
} RootLine;

/*
 * What the chess and Xiangqi searches share (src/engine/search_driver.h): the limits, clock and polling,
 * the keys of the game and of the current line for repetitions, the principal variation,
 * reporting and the iterative-deepening loop. Each game's search embeds one.
 */
typedef struct SearchDriver {
    TT *tt;
    const SearchLimits *limits;
    const SearchHooks *hooks;
    uint64_t nodes;
    uint64_t reported_nodes; /* node count of the last info report */
    int seldepth, root_depth;
    bool stopped;   /* the search must unwind now */
    bool pondering; /* time limits suspended until ponderhit */
    uint64_t start_ms, soft_ms, hard_ms;
    const uint64_t *game_keys; /* the caller's keys of the game before the root, oldest first */
    int game_key_count;        /* (at most the last GAME_HISTORY_MAX of them) */
    /* Set by the caller, like tt (NULL: not known): beside each of the keys it passes, was the
     * side to move in check there? (Xiangqi's perpetual check.) game_checks: from where
     * game_keys starts. */
    const bool *history_checks;
    const bool *game_checks;
    uint64_t keys[MAX_PLY + 2]; /* the root's key, then one per ply of the current line */
    int key_count;
    /* The principal variation of each ply of the line, row after row: the row of ply p holds at
     * most MAX_PLY + 1 - p moves (search_driver.h, driver_pv). */
    Move pv[(MAX_PLY + 1) * (MAX_PLY + 2) / 2];
    int pv_length[MAX_PLY + 1];
    /* The principal variations found, best first: line_count of them, each from the last
     * iteration that completed it. The root search of line k leaves out the first moves of
     * lines 0 .. k-1 (pv_index = k). */
    RootLine lines[MULTIPV_MAX];
    int line_count, pv_index;
} SearchDriver;

#endif
