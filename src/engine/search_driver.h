/*
 * The game-independent part of the alpha-beta searches (chess in src/chess/search.c,
 * Xiangqi in src/xiangqi/search.c): node counting with limit checks, the repetition key stack, the triangular
 * principal-variation table, mate-score adjustment for the hash table, history updates, late-move
 * reductions, and iterative deepening with aspiration windows around a game's root search.
 */
#ifndef FLASHMATE_SEARCH_DRIVER_H
#define FLASHMATE_SEARCH_DRIVER_H

#include <assert.h>

#include "flashmate/movegen.h"
#include "flashmate/search.h"
#include "flashmate/tt.h"
#include "port/port.h"

/* Set up for a new search: limits, clock budget, the game's keys then the root's. */
void driver_start(SearchDriver *d, const SearchLimits *limits, const SearchHooks *hooks, Color us,
                  const uint64_t *game_keys, int game_key_count, uint64_t root_key);

/* Poll the caller and the clock (every FLASHMATE_POLL_NODES nodes, from driver_enter_node): 2048
 * by default, a few milliseconds on a host or a 32-bit board; a board whose nodes take
 * milliseconds polls more often (the AVR: every node, some 15 ms). A power of two. */
#ifndef FLASHMATE_POLL_NODES
#define FLASHMATE_POLL_NODES 2048
#endif
enum { POLL_NODES = FLASHMATE_POLL_NODES };
_Static_assert(POLL_NODES > 0 && (POLL_NODES & (POLL_NODES - 1)) == 0,
               "FLASHMATE_POLL_NODES must be a power of two");
void driver_poll(SearchDriver *d);

/* Count a node, check the limits; returns false if the search must unwind. A node budget
 * lets the first iteration finish (every line of it): a move is never picked by the order in
 * which a root search happened to reach it. */
static inline bool driver_enter_node(SearchDriver *d, int ply)
{
    d->nodes++;
    if (d->limits->nodes && d->nodes >= d->limits->nodes && d->root_depth > 1)
        d->stopped = true;
    else if (!(d->nodes & (POLL_NODES - 1)))
        driver_poll(d);
    if (d->stopped)
        return false;
    if (ply > d->seldepth)
        d->seldepth = ply;
    return true;
}

/* Is there stack enough for another node and the calls it makes? Always on the host; a board
 * sets FLASHMATE_STACK_GUARD_BYTES to the most a node needs below its own frame. */
static inline bool driver_stack_fits(void)
{
#ifdef FLASHMATE_STACK_GUARD_BYTES
    return port_stack_free() >= FLASHMATE_STACK_GUARD_BYTES;
#else
    return true;
#endif
}

/* The moves left on a move stack (MOVE_STACK_MAX) of which `taken` are in use, when a node's
 * list might not fit there (fewer than MAX_MOVES); else -1, room for any list. Only a board that
 * shortens the move stack counts a node's legal moves against it. */
static inline int driver_move_room(int taken)
{
#if FLASHMATE_MOVE_STACK_MAX < FLASHMATE_MOVE_STACK_FULL
    int room = MOVE_STACK_MAX - taken;
    return room < MAX_MOVES ? room : -1;
#else
    (void)taken;
    return -1;
#endif
}

/* Record the key of the position just entered and start fetching its hash bucket. */
static inline void driver_push_key(SearchDriver *d, uint64_t key)
{
    assert(d->key_count < (int)(sizeof d->keys / sizeof d->keys[0]));
    tt_prefetch(d->tt, key);
    d->keys[d->key_count++] = key;
}

static inline void driver_pop_key(SearchDriver *d) { d->key_count--; }

/* How many plies back the current position (the last key pushed) occurred before, within the
 * last `window` plies (those since the last irreversible move); 0 if it did not. */
static inline int driver_repetition_distance(const SearchDriver *d, int window)
{
    int last = d->key_count - 1;
    uint64_t key = d->keys[last];
    int distance = 4; /* plies back: the same side to move, and a move there and back between */
    for (; distance <= window && distance <= last; distance += 2)
        if (d->keys[last - distance] == key)
            return distance;
    /* Further back than the root: the game's keys, game_keys[game_key_count - 1] one ply
     * before it. */
    for (; distance <= window; distance += 2) {
        int i = d->game_key_count + last - distance;
        if (i < 0)
            return 0;
        if (d->game_keys[i] == key)
            return distance;
    }
    return 0;
}

/* Has the current position occurred before within the last `window` plies? One repetition is
 * enough inside a search. */
static inline bool driver_is_repetition(const SearchDriver *d, int window)
{
    return driver_repetition_distance(d, window) > 0;
}

/* The PV of the node at ply becomes `move` followed by the child's PV. */
static inline Move *driver_pv(SearchDriver *d, int ply)
{
    return d->pv + ply * (MAX_PLY + 1) - ply * (ply - 1) / 2;
}

static inline void driver_update_pv(SearchDriver *d, int ply, Move move)
{
    Move *pv = driver_pv(d, ply);
    const Move *child = driver_pv(d, ply + 1);
    pv[0] = move;
    for (int i = 0; i < d->pv_length[ply + 1]; i++)
        pv[i + 1] = child[i];
    d->pv_length[ply] = d->pv_length[ply + 1] + 1;
}

/* Mate scores are stored relative to the node, so they stay right on another path. */
static inline int score_to_tt(int score, int ply)
{
    if (score >= VALUE_MATE_IN_MAX_PLY)
        return score + ply;
    if (score <= -VALUE_MATE_IN_MAX_PLY)
        return score - ply;
    return score;
}

static inline int score_from_tt(int score, int ply)
{
    if (score >= VALUE_MATE_IN_MAX_PLY)
        return score - ply;
    if (score <= -VALUE_MATE_IN_MAX_PLY)
        return score + ply;
    return score;
}

/* Does a hash entry's score settle the node for the window? */
static inline bool tt_cutoff(int bound, int score, int alpha, int beta)
{
    return bound == BOUND_EXACT || (bound == BOUND_LOWER && score >= beta) ||
           (bound == BOUND_UPPER && score <= alpha);
}

/* Mate distance pruning: no line from this node can beat a mate already found closer to the
 * root, so the window shrinks to what is still possible. True when nothing is (the node returns
 * alpha). */
static inline bool mate_distance_prune(int *alpha, int *beta, int ply)
{
    if (*alpha < -VALUE_MATE + ply)
        *alpha = -VALUE_MATE + ply;
    if (*beta > VALUE_MATE - ply - 1)
        *beta = VALUE_MATE - ply - 1;
    return *alpha >= *beta;
}

/* The result of one searched move at a node: it may raise the best score, then alpha, the best
 * move and (at PV nodes) the principal variation. True when it fails high (a beta cutoff). */
static inline bool search_improve(SearchDriver *d, int ply, bool update_pv, Move move, int score,
                                  int *best, int *alpha, int beta, Move *best_move)
{
    if (score <= *best)
        return false;
    *best = score;
    if (score <= *alpha)
        return false;
    *best_move = move;
    if (update_pv)
        driver_update_pv(d, ply, move);
    if (score >= beta)
        return true;
    *alpha = score;
    return false;
}

/* How the best score of a node relates to its true value, for the hash table: a fail high is
 * a lower bound, a score inside the window of a PV node is exact, anything else an upper bound. */
static inline int node_bound(int best, int original_alpha, int beta, bool pv_node)
{
    return best >= beta                     ? BOUND_LOWER
         : pv_node && best > original_alpha ? BOUND_EXACT
                                            : BOUND_UPPER;
}

/* A node's result into the hash table: its best score (mate scores made relative to the node),
 * the bound that score gives for the window it was searched with, the static evaluation and the
 * best move. */
static inline void driver_store(SearchDriver *d, uint64_t key, int depth, int ply, int best,
                                int original_alpha, int beta, bool pv_node, int static_eval,
                                Move best_move)
{
    int bound = node_bound(best, original_alpha, beta, pv_node);
    tt_store(d->tt, key, depth, score_to_tt(best, ply), static_eval, bound, best_move);
}

/* The history bonus of a quiet move that failed high at `depth` (the others tried lose it). */
static inline int history_bonus(int depth)
{
    return depth > 27 ? 12000 : depth * depth * 16; /* 27 * 27 * 16 = 11,664 (no 16-bit overflow) */
}

/* A quiet move that failed high becomes the first killer of its ply. */
static inline void killers_update(Move killers[2], Move move)
{
    if (killers[0] != move) {
        killers[1] = killers[0];
        killers[0] = move;
    }
}

/* History with gravity: entries saturate smoothly at +-16384. */
static inline void history_update(int16_t *entry, int bonus)
{
    /* In 32 bits: the product reaches 2^28, beyond a 16-bit int (AVR). */
    int32_t value = *entry + bonus - (int32_t)*entry * (bonus < 0 ? -bonus : bonus) / 16384;
    *entry = (int16_t)value;
}

/* May the root search play this move (UCI `go searchmoves`)? */
static inline bool search_move_allowed(const SearchLimits *limits, Move move)
{
    if (!limits->searchmoves_count)
        return true;
    for (int i = 0; i < limits->searchmoves_count; i++)
        if (limits->searchmoves[i] == move)
            return true;
    return false;
}

/* Does the root search of the current principal variation look at this move: one that
 * searchmoves allows and that no better line of this iteration (MultiPV) starts with? */
static inline bool driver_root_move_allowed(const SearchDriver *d, Move move)
{
    for (int i = 0; i < d->pv_index; i++)
        if (d->lines[i].pv[0] == move)
            return false;
    return search_move_allowed(d->limits, move);
}

/* Late-move reduction in plies: 0.75 + ln(depth) * ln(move number) / (divisor_x256 / 256), each
 * game with its own divisor (SPRT-tested: chess 2.0, Xiangqi 2.25). */
int driver_lmr_reduction(int depth, int move_number, int divisor_x256);

/* A game's search of the root position with a window; returns the score. */
typedef int (*RootSearch)(void *search, int alpha, int beta, int depth);

/* Iterative deepening with aspiration windows (initial half-width `delta` from depth 5) until a
 * limit, finding limits->multipv principal variations (at most one per legal root move the
 * limits allow) by searching the root again without the moves already chosen. A fail high
 * (short of a mate) searches again `plies_less_per_fail_high` shallower, each time, down to
 * depth 1; a fail low goes back to the iteration's depth. Reports each
 * iteration's lines, best first, and a final report with the totals. The first of the legal
 * root_moves[0 .. root_count) that the limits allow is the answer if not even depth 1
 * completes; without one, the result is MOVE_NONE and nothing is searched. The root moves are
 * read before the first root search only: they may lie where the search puts its own lists. */
SearchResult driver_iterate(SearchDriver *d, RootSearch root_search, void *search, int delta,
                            int plies_less_per_fail_high, const ScoredMove *root_moves,
                            int root_count);

#endif
