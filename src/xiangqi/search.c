/*
 * Xiangqi search: principal variation search over a staged move picker (captures ordered and
 * put off by SEE, src/xiangqi/see.c), quiescence over captures that do not lose material (all
 * evasions in check), transposition table, reverse futility, null move, late move and futility
 * pruning, late-move reductions from the driver's log table, check extension, killer and
 * history ordering. Like the chess search (src/chess/search.c) it runs inside the search
 * driver (src/engine/search_driver.c: iterative deepening, aspiration windows, limits,
 * repetitions) with the shared TT (flashmate/tt.h) and time manager.
 * https://www.chessprogramming.org/Principal_Variation_Search */
#include "flashmate/xiangqi_search.h"

#include <string.h>

#include "attacks.h"
#include "engine/search_driver.h"

enum { DRAW_PLIES = 120 }; /* plies without a capture */

/* ---------------------------------------------------------------------------------------------
 * Move ordering: the staged picker of src/engine/picker_template.h, as in chess. The TT move
 * first; then the captures by most valuable victim and least valuable attacker, those that lose
 * material by SEE put off; then the killers and the other quiet moves by history; then the
 * losing captures.
 */

enum { SCORE_KILLER = 30000 };

/* The history score of a quiet move of side `us`. */
static inline int16_t *history_of(XqSearch *s, Color us, Move m)
{
    return &s->history[us][XQ_HISTORY_FROM_NB == 1 ? 0 : xq_move_from(m)][xq_move_to(m)];
}

#include "picker.h"
#define PICKER_SEARCH XqSearch
#if FLASHMATE_CONTINUATION_HISTORY
/* The rows of the continuation table after the moves 1 and 2 plies back, NULL for none. */
#define PICKER_GAME_FIELDS int16_t *continuation[2];
#else
#define PICKER_GAME_FIELDS
#endif
#include "engine/picker_template.h"

/* A piece (colour and type) and the to-square of its move: a continuation history index. */
static inline int piece_square(XqPiece moved, Move m)
{
    return (xq_piece_color(moved) * XQ_PIECE_TYPE_NB + xq_piece_type(moved)) * XQ_SQUARE_NB +
           xq_move_to(m);
}

/* The quiet move m's history at the node: the side's, plus with continuation histories their
 * entries after the moves before the node (each within +-16384). */
static inline int32_t quiet_history(XqSearch *s, const MovePicker *mp, const XqPosition *pos,
                                    Move m)
{
    int32_t score = *history_of(s, xq_side(pos), m);
#if FLASHMATE_CONTINUATION_HISTORY
    int index = piece_square(pos->board[xq_move_from(m)], m);
    for (int i = 0; i < 2; i++)
        if (mp->continuation[i])
            score += mp->continuation[i][index];
#else
    (void)mp;
#endif
    return score;
}

/* A quiet move's bonus (or malus) in every history it has at the node. */
static inline void quiet_history_update(XqSearch *s, const MovePicker *mp, const XqPosition *pos,
                                        Move m, int bonus)
{
    history_update(history_of(s, xq_side(pos), m), bonus);
#if FLASHMATE_CONTINUATION_HISTORY
    int index = piece_square(pos->board[xq_move_from(m)], m);
    for (int i = 0; i < 2; i++)
        if (mp->continuation[i])
            history_update(&mp->continuation[i][index], bonus);
#else
    (void)mp;
#endif
}

/* Move ordering by the sum, halved with continuation histories to fit 16 bits; late-move
 * reductions a ply less or more per this much of it. */
enum {
    QUIET_ORDER_DIVISOR = FLASHMATE_CONTINUATION_HISTORY ? 2 : 1,
    LMR_HISTORY_DIVISOR = FLASHMATE_CONTINUATION_HISTORY ? 16384 : 8192,
    LMR_DIVISOR_X256 = 576, /* of ln(depth) ln(move number), times 256: 2.25 */
    ASPIRATION_WINDOW = 30, /* half-width around the previous iteration's score, in cp */
    ASPIRATION_PLIES_LESS_PER_FAIL_HIGH = 0, /* (chess: 1; not tested for Xiangqi) */
};

/* ply: the node's, for its continuation histories; -1 for none (quiescence). */
static void picker_init(MovePicker *mp, XqSearch *s, Move tt_move, const Move killers[2],
                        bool skip_quiets, int ply)
{
    picker_start(mp, s, tt_move, killers, skip_quiets);
#if FLASHMATE_CONTINUATION_HISTORY
    for (int i = 0; i < 2; i++) {
        int back = ply - i, index = back >= 0 ? s->moved_at[back] : -1;
        mp->continuation[i] = index >= 0 ? s->continuation[index] : NULL;
    }
#else
    (void)ply;
#endif
}

/* The quiet moves' order: the killers, then the others by history. */
static int16_t picker_quiet_score(const MovePicker *mp, XqSearch *s, const XqPosition *pos, Move m)
{
    if (m == mp->killers[0])
        return SCORE_KILLER + 1;
    if (m == mp->killers[1])
        return SCORE_KILLER;
    return (int16_t)(quiet_history(s, mp, pos, m) / QUIET_ORDER_DIVISOR);
}

/* ---------------------------------------------------------------------------------------------
 * Helpers.
 */

/* Chariots, horses or cannons: with one of them zugzwang is rare enough for null moves. */
static inline bool has_attacking_pieces(const XqPosition *pos, Color c)
{
    XqBB attackers = xq_bb_or(pos->by_type[XQ_ROOK],
                              xq_bb_or(pos->by_type[XQ_HORSE], pos->by_type[XQ_CANNON]));
    return xq_bb_any(xq_bb_and(pos->by_color[c], attackers));
}

/* Was the side to move in check `back` plies before the current position (before the root:
 * as the caller says, false when it does not)? */
static bool in_check_back(const XqSearch *s, int back)
{
    const SearchDriver *d = &s->driver;
    int last = d->key_count - 1;
    if (back <= last)
        return s->in_check_at[last - back];
    return d->game_checks && d->game_checks[d->game_key_count + last - back];
}

/* A position repeated `distance` plies later, under the Asian rules as Fairy-Stockfish plays
 * Xiangqi: the side that gave check with each of its moves in between loses, unless both did;
 * any other repetition is a draw (chases are not looked at). */
static int repetition_score(const XqSearch *s, int distance, int ply)
{
    bool they_checked = true, we_checked = true;
    for (int back = 0; back < distance; back += 2) {
        they_checked &= in_check_back(s, back); /* we stood in check: their move gave it */
        we_checked &= in_check_back(s, back + 1);
    }
    if (they_checked == we_checked)
        return VALUE_DRAW;
    return they_checked ? VALUE_MATE - ply : -VALUE_MATE + ply;
}

/* The score of the current position if the game ends there by the rules of repetition and of
 * 120 plies without a capture, else VALUE_NONE. The caller has set in_check_at for it. */
static inline int rule_score(const XqSearch *s, const XqPosition *pos, int ply)
{
    if (pos->halfmove_clock >= DRAW_PLIES)
        return VALUE_DRAW;
    int distance = driver_repetition_distance(&s->driver, pos->halfmove_clock);
    return distance ? repetition_score(s, distance, ply) : VALUE_NONE;
}

/* Is there room for the node: on the move stack for its moves, on the C stack for its frames?
 * As in chess (src/chess/search.c): always, unless a board shortened them. A node that does not
 * fit is scored as a leaf. */
static inline bool node_fits(const XqSearch *s, const XqPosition *pos)
{
    int room = driver_move_room(s->move_count);
    return (room < 0 || xq_count_legal(pos) <= room) && driver_stack_fits();
}

/* ---------------------------------------------------------------------------------------------
 * Quiescence: captures until quiet; every move when in check, so mates are seen.
 */
static int qsearch_node(XqSearch *s, XqPosition *pos, int alpha, int beta, int ply);

/* Each node gives back the move stack it took. */
static int qsearch(XqSearch *s, XqPosition *pos, int alpha, int beta, int ply)
{
    int taken = s->move_count;
    int score = qsearch_node(s, pos, alpha, beta, ply);
    s->move_count = taken;
    return score;
}

static int qsearch_node(XqSearch *s, XqPosition *pos, int alpha, int beta, int ply)
{
    SearchDriver *d = &s->driver;
    if (!driver_enter_node(d, ply))
        return 0;
    bool in_check = xq_in_check(pos);
    s->in_check_at[d->key_count - 1] = in_check;
    int rule = rule_score(s, pos, ply);
    if (rule != VALUE_NONE)
        return rule;
    if (ply >= MAX_PLY - 1 || !node_fits(s, pos))
        return xq_evaluate(pos);

    TTEntry found;
    const TTEntry *entry = tt_probe(d->tt, pos->key, &found) ? &found : NULL;
    Move tt_move = MOVE_NONE;
    if (entry) {
        int tt_score = score_from_tt(entry->score, ply);
        tt_move = entry->move;
        if (tt_cutoff(tt_bound(entry), tt_score, alpha, beta))
            return tt_score;
    }

    int best = -VALUE_INFINITE, static_eval = VALUE_NONE;
    if (!in_check) {
        static_eval = entry && entry->eval != VALUE_NONE ? entry->eval : xq_evaluate(pos);
        best = static_eval;
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }

    MovePicker mp;
    picker_init(&mp, s, tt_move, NULL, !in_check, -1);
    Move move, best_move = MOVE_NONE;
    while ((move = picker_next(&mp, s, pos)) != MOVE_NONE) {
        /* Out of check every move is a capture that does not lose material (the picker leaves
         * those out). Delta pruning: one that cannot lift the score to alpha is skipped. */
        if (!in_check) {
            XqPiece captured = pos->board[xq_move_to(move)];
            if (static_eval + xq_piece_value(xq_piece_type(captured)) + 200 <= alpha)
                continue;
        }
        XqUndo undo;
        xq_do_move(pos, move, &undo);
        driver_push_key(d, pos->key);
        int score = -qsearch(s, pos, -beta, -alpha, ply + 1);
        driver_pop_key(d);
        xq_undo_move(pos, move, &undo);
        if (d->stopped)
            return 0;
        if (search_improve(d, ply, false, move, score, &best, &alpha, beta, &best_move))
            break;
    }
    if (in_check && best == -VALUE_INFINITE)
        return -VALUE_MATE + ply; /* every evasion was searched: there is none */
    driver_store(d, pos->key, 0, ply, best, alpha, beta, false, static_eval, best_move);
    return best;
}

/* ---------------------------------------------------------------------------------------------
 * Principal variation search.
 */
static int search_node(XqSearch *s, XqPosition *pos, int alpha, int beta, int depth, int ply);

static int search(XqSearch *s, XqPosition *pos, int alpha, int beta, int depth, int ply)
{
    int taken = s->move_count;
    int score = search_node(s, pos, alpha, beta, depth, ply);
    s->move_count = taken;
    return score;
}

static int search_node(XqSearch *s, XqPosition *pos, int alpha, int beta, int depth, int ply)
{
    bool pv_node = beta > alpha + 1, root = ply == 0;
    SearchDriver *d = &s->driver;
    d->pv_length[ply] = 0; /* also at null-window nodes: see src/chess/search.c */
    if (depth <= 0)
        return qsearch(s, pos, alpha, beta, ply);
    if (!driver_enter_node(d, ply))
        return 0;
    bool in_check = xq_in_check(pos);
    s->in_check_at[d->key_count - 1] = in_check;
    if (!root) {
        int rule = rule_score(s, pos, ply);
        if (rule != VALUE_NONE)
            return rule;
        if (ply >= MAX_PLY - 1 || !node_fits(s, pos))
            return xq_evaluate(pos);
        if (mate_distance_prune(&alpha, &beta, ply))
            return alpha;
    }

    TTEntry found;
    const TTEntry *entry = tt_probe(d->tt, pos->key, &found) ? &found : NULL;
    Move tt_move = MOVE_NONE;
    if (entry) {
        int tt_score = score_from_tt(entry->score, ply);
        tt_move = entry->move;
        if (!pv_node && entry->depth >= depth && tt_cutoff(tt_bound(entry), tt_score, alpha, beta))
            return tt_score;
    }

    int static_eval = in_check                           ? VALUE_NONE
                    : entry && entry->eval != VALUE_NONE ? entry->eval
                                                         : xq_evaluate(pos);
    Color us = xq_side(pos);
    s->killers[ply + 1][0] = s->killers[ply + 1][1] = MOVE_NONE;

    if (!pv_node && !in_check) {
        /* Reverse futility: far above beta near the leaves, assume it stays there. */
        if (depth <= 5 && static_eval - 90 * depth >= beta && static_eval < VALUE_MATE_IN_MAX_PLY)
            return static_eval;
        /* Null move: if passing still beats beta, so will a real move. */
        if (depth >= 3 && static_eval >= beta && !s->null_at[ply] &&
            has_attacking_pieces(pos, us) && beta > -VALUE_MATE_IN_MAX_PLY) {
            int r = 3 + depth / 4;
            XqUndo undo;
            xq_do_null_move(pos, &undo);
            driver_push_key(d, pos->key);
            s->null_at[ply + 1] = true;
#if FLASHMATE_CONTINUATION_HISTORY
            s->moved_at[ply + 1] = -1;
#endif
            int score = -search(s, pos, -beta, -beta + 1, depth - r, ply + 1);
            s->null_at[ply + 1] = false;
            driver_pop_key(d);
            xq_undo_null_move(pos, &undo);
            if (d->stopped)
                return 0;
            if (score >= beta)
                return score >= VALUE_MATE_IN_MAX_PLY ? beta : score;
        }
    }

    MovePicker mp;
    picker_init(&mp, s, tt_move, s->killers[ply], false, ply);
    Move move, best_move = MOVE_NONE, quiets[64];
    int quiet_count = 0, generated = 0, legal = 0, best = -VALUE_INFINITE;
    int original_alpha = alpha;
    while ((move = picker_next(&mp, s, pos)) != MOVE_NONE) {
        generated++;
        if (root && !driver_root_move_allowed(d, move))
            continue;
        legal++;
        bool quiet = pos->board[xq_move_to(move)] == XQ_NO_PIECE;
        bool killer = move == s->killers[ply][0] || move == s->killers[ply][1];
        int history = quiet ? (int)quiet_history(s, &mp, pos, move) : 0;
#if FLASHMATE_CONTINUATION_HISTORY
        s->moved_at[ply + 1] = (int16_t)piece_square(pos->board[xq_move_from(move)], move);
#endif
        XqUndo undo;
        xq_do_move(pos, move, &undo);
        bool gives_check = xq_in_check(pos);
        /* Late quiet moves near the leaves: past a count that grows with depth, or far below
         * alpha, they are not searched. */
        if (!root && quiet && !in_check && !gives_check && !killer &&
            best > -VALUE_MATE_IN_MAX_PLY && depth <= 6 &&
            (legal > 4 + depth * depth || static_eval + 120 + 100 * depth <= alpha)) {
            xq_undo_move(pos, move, &undo);
            continue;
        }
        driver_push_key(d, pos->key);
        int new_depth = depth - 1 + (gives_check && ply < 2 * d->root_depth);
        int score;
        if (legal == 1) {
            score = -search(s, pos, -beta, -alpha, new_depth, ply + 1);
        } else {
            int r = 0;
            if (depth >= 3 && quiet && !in_check && !gives_check && legal > 2 + pv_node) {
                r = driver_lmr_reduction(depth, legal, LMR_DIVISOR_X256) + !pv_node -
                    history / LMR_HISTORY_DIVISOR - killer;
                if (r < 0)
                    r = 0;
                if (r > new_depth - 1)
                    r = new_depth - 1; /* depth >= 3 and no check: new_depth - 1 >= 1 */
            }
            score = -search(s, pos, -alpha - 1, -alpha, new_depth - r, ply + 1);
            if (score > alpha && r > 0)
                score = -search(s, pos, -alpha - 1, -alpha, new_depth, ply + 1);
            if (score > alpha && score < beta && pv_node)
                score = -search(s, pos, -beta, -alpha, new_depth, ply + 1);
        }
        driver_pop_key(d);
        xq_undo_move(pos, move, &undo);
        if (d->stopped)
            return 0;

        if (search_improve(d, ply, pv_node, move, score, &best, &alpha, beta, &best_move))
            break;
        if (quiet && move != best_move && quiet_count < 64)
            quiets[quiet_count++] = move;
    }
    if (generated == 0)
        return -VALUE_MATE + ply; /* no legal move: lost, in check or not */
    if (legal == 0)
        return alpha; /* every root move filtered out by searchmoves */

    /* A quiet move that beat beta becomes a killer and gains history; the others tried lose. */
    if (best >= beta && pos->board[xq_move_to(best_move)] == XQ_NO_PIECE) {
        int bonus = history_bonus(depth);
        killers_update(s->killers[ply], best_move);
        quiet_history_update(s, &mp, pos, best_move, bonus);
        for (int i = 0; i < quiet_count; i++)
            quiet_history_update(s, &mp, pos, quiets[i], -bonus);
    }
    driver_store(d, pos->key, depth, ply, best, original_alpha, beta, pv_node, static_eval,
                 best_move);
    return best;
}

/* ---------------------------------------------------------------------------------------------
 * Iterative deepening.
 */

void xq_search_clear(XqSearch *s)
{
    memset(s->history, 0, sizeof s->history);
    memset(s->killers, 0, sizeof s->killers);
#if FLASHMATE_CONTINUATION_HISTORY
    memset(s->continuation, 0, sizeof s->continuation);
#endif
}

static int root_search(void *search_state, int alpha, int beta, int depth)
{
    XqSearch *s = search_state;
    s->move_count = 0; /* the root's list replaces the root moves xq_search_run wrote there */
    return search(s, s->root_pos, alpha, beta, depth, 0);
}

SearchResult xq_search_run(XqSearch *s, XqPosition *pos, const uint64_t *game_keys,
                           int game_key_count, const SearchLimits *limits, const SearchHooks *hooks)
{
    driver_start(&s->driver, limits, hooks, xq_side(pos), game_keys, game_key_count, pos->key);
    memset(s->null_at, 0, sizeof s->null_at);
#if FLASHMATE_CONTINUATION_HISTORY
    s->moved_at[0] = -1; /* no move before the root (the game's are not looked at) */
#endif
    memset(s->killers, 0, sizeof s->killers);

    int root_count = xq_generate_write(pos, XQ_GEN_LEGAL, s->moves);
    s->root_pos = pos;
    return driver_iterate(&s->driver, root_search, s, ASPIRATION_WINDOW,
                          ASPIRATION_PLIES_LESS_PER_FAIL_HIGH, s->moves, root_count);
}
