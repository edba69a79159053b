/*
 * Xiangqi search: principal variation search over fully sorted moves, quiescence over captures
 * (all evasions in check), transposition table, null move, late-move reductions, check
 * extension, killer and history ordering. Like the chess search (src/chess/search.c) it runs
 * inside the search driver (src/engine/search_driver.c: iterative deepening, aspiration windows,
 * limits, repetitions) with the shared TT (flashmate/tt.h) and time manager.
 * https://www.chessprogramming.org/Principal_Variation_Search
 */
#include "flashmate/xiangqi_search.h"

#include <string.h>

#include "engine/search_driver.h"

enum {
    SCORE_TT = 32000,
    SCORE_CAPTURE = 20000,
    SCORE_KILLER = 19000,
    DRAW_PLIES = 120, /* plies without a capture */
};

/* ---------------------------------------------------------------------------------------------
 * Move ordering: all moves are generated at once and scored; the best remaining is picked
 * each time (selection sort), so a cutoff early saves the sorting.
 */

/* Captures by most valuable victim, then least valuable attacker. */
static inline int capture_score(const XqPosition *pos, Move m)
{
    XqPieceType victim = xq_piece_type(pos->board[xq_move_to(m)]);
    XqPieceType attacker = xq_piece_type(pos->board[xq_move_from(m)]);
    return SCORE_CAPTURE + xq_piece_value(victim) * 2 - (int)attacker;
}

static void score_moves(const XqSearch *s, const XqPosition *pos, MoveList *list, Move tt_move,
                        int ply)
{
    Color us = xq_side(pos);
    for (int i = 0; i < list->count; i++) {
        ScoredMove *sm = &list->moves[i];
        Move m = sm->move;
        int score;
        if (m == tt_move)
            score = SCORE_TT;
        else if (pos->board[xq_move_to(m)] != XQ_NO_PIECE)
            score = capture_score(pos, m);
        else if (ply >= 0 && m == s->killers[ply][0])
            score = SCORE_KILLER + 1;
        else if (ply >= 0 && m == s->killers[ply][1])
            score = SCORE_KILLER;
        else
            score = s->history[us][xq_move_from(m)][xq_move_to(m)];
        sm->score = (int16_t)score;
    }
}

/* Move the best-scored of list[i..] to position i and return it. */
static Move pick_next(MoveList *list, int i)
{
    int best = i;
    for (int j = i + 1; j < list->count; j++)
        if (list->moves[j].score > list->moves[best].score)
            best = j;
    ScoredMove chosen = list->moves[best];
    list->moves[best] = list->moves[i];
    list->moves[i] = chosen;
    return chosen.move;
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

/* ---------------------------------------------------------------------------------------------
 * Quiescence: captures until quiet; every move when in check, so mates are seen.
 */
static int qsearch(XqSearch *s, XqPosition *pos, int alpha, int beta, int ply)
{
    SearchDriver *d = &s->driver;
    if (!driver_enter_node(d, ply))
        return 0;
    bool in_check = xq_in_check(pos);
    s->in_check_at[d->key_count - 1] = in_check;
    int rule = rule_score(s, pos, ply);
    if (rule != VALUE_NONE)
        return rule;
    if (ply >= MAX_PLY - 1)
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
        static_eval = xq_evaluate(pos);
        best = static_eval;
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }

    MoveList list;
    xq_generate(pos, in_check ? XQ_GEN_LEGAL : XQ_GEN_CAPTURES, &list);
    if (in_check && list.count == 0)
        return -VALUE_MATE + ply;
    score_moves(s, pos, &list, tt_move, -1);
    Move best_move = MOVE_NONE;
    for (int i = 0; i < list.count; i++) {
        Move move = pick_next(&list, i);
        XqPiece captured = pos->board[xq_move_to(move)];
        /* Delta pruning: a capture that cannot lift the score to alpha is skipped. */
        if (!in_check && static_eval + xq_piece_value(xq_piece_type(captured)) + 200 <= alpha)
            continue;
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
    driver_store(d, pos->key, 0, ply, best, alpha, beta, false, static_eval, best_move);
    return best;
}

/* ---------------------------------------------------------------------------------------------
 * Principal variation search.
 */
static int search(XqSearch *s, XqPosition *pos, int alpha, int beta, int depth, int ply)
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
        if (ply >= MAX_PLY - 1)
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

    int static_eval = in_check ? VALUE_NONE : xq_evaluate(pos);
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

    MoveList list;
    xq_generate(pos, XQ_GEN_LEGAL, &list);
    if (list.count == 0)
        return -VALUE_MATE + ply; /* no legal move: lost, in check or not */
    score_moves(s, pos, &list, tt_move, ply);

    Move best_move = MOVE_NONE, quiets[64];
    int quiet_count = 0, legal = 0, best = -VALUE_INFINITE, original_alpha = alpha;
    for (int i = 0; i < list.count; i++) {
        Move move = pick_next(&list, i);
        if (root && !driver_root_move_allowed(d, move))
            continue;
        legal++;
        bool quiet = pos->board[xq_move_to(move)] == XQ_NO_PIECE;
        XqUndo undo;
        xq_do_move(pos, move, &undo);
        driver_push_key(d, pos->key);
        bool gives_check = xq_in_check(pos);
        int new_depth = depth - 1 + (gives_check && ply < 2 * d->root_depth);
        int score;
        if (legal == 1) {
            score = -search(s, pos, -beta, -alpha, new_depth, ply + 1);
        } else {
            int r = 0;
            if (depth >= 3 && quiet && !in_check && !gives_check && legal > 3) {
                r = 1 + (legal > 10) + (!pv_node && depth >= 6);
                if (move == s->killers[ply][0] || move == s->killers[ply][1])
                    r--;
                if (r > new_depth - 1)
                    r = new_depth - 1 > 0 ? new_depth - 1 : 0;
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
    if (legal == 0)
        return alpha; /* every root move filtered out by searchmoves */

    /* A quiet move that beat beta becomes a killer and gains history; the others tried lose. */
    if (best >= beta && pos->board[xq_move_to(best_move)] == XQ_NO_PIECE) {
        int bonus = history_bonus(depth);
        killers_update(s->killers[ply], best_move);
        history_update(&s->history[us][xq_move_from(best_move)][xq_move_to(best_move)], bonus);
        for (int i = 0; i < quiet_count; i++)
            history_update(&s->history[us][xq_move_from(quiets[i])][xq_move_to(quiets[i])], -bonus);
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
}

static int root_search(void *search_state, int alpha, int beta, int depth)
{
    XqSearch *s = search_state;
    return search(s, s->root_pos, alpha, beta, depth, 0);
}

SearchResult xq_search_run(XqSearch *s, XqPosition *pos, const uint64_t *game_keys,
                           int game_key_count, const SearchLimits *limits, const SearchHooks *hooks)
{
    MoveList root_moves;
    driver_start(&s->driver, limits, hooks, xq_side(pos), game_keys, game_key_count, pos->key);
    memset(s->null_at, 0, sizeof s->null_at);
    memset(s->killers, 0, sizeof s->killers);

    xq_generate(pos, XQ_GEN_LEGAL, &root_moves);
    s->root_pos = pos;
    return driver_iterate(&s->driver, root_search, s, 30, root_moves.moves, root_moves.count);
}
