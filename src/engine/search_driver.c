#include "search_driver.h"

#include <string.h>

#include "flashmate/flash.h"
#include "port/port.h"
#include "timeman.h"

void driver_start(SearchDriver *d, const SearchLimits *limits, const SearchHooks *hooks, Color us,
                  const uint64_t *game_keys, int game_key_count, uint64_t root_key)
{
    d->limits = limits;
    d->hooks = hooks;
    d->nodes = d->reported_nodes = 0;
    d->seldepth = d->root_depth = 0;
    d->stopped = false;
    d->pondering = limits->ponder;
    d->start_ms = port_time_ms();
    timeman_budget(limits, us, &d->soft_ms, &d->hard_ms);

    /* The last GAME_HISTORY_MAX keys before the root (read where the caller keeps them), then
     * the root's own. */
    int first = game_key_count > GAME_HISTORY_MAX ? game_key_count - GAME_HISTORY_MAX : 0;
    d->game_keys = game_keys + first;
    d->game_key_count = game_key_count - first;
    d->game_checks = d->history_checks ? d->history_checks + first : NULL;
    d->keys[0] = root_key;
    d->key_count = 1;

    d->pv_length[0] = 0;
    d->line_count = d->pv_index = 0;
    if (!limits->helper)
        tt_new_search(d->tt);
}

void driver_poll(SearchDriver *d)
{
    if (d->hooks && d->hooks->poll) {
        PollResult r = d->hooks->poll(d->hooks->user);
        if (r == POLL_STOP) {
            d->stopped = true;
            return;
        }
        if (r == POLL_PONDERHIT && d->pondering) {
            d->pondering = false;
            d->start_ms = port_time_ms();
        }
    }
    if (!d->pondering && d->hard_ms && port_time_ms() - d->start_ms >= d->hard_ms)
        d->stopped = true;
}

/* Natural logarithm of 0..63 times 256. */
static FM_FLASH uint16_t ln_x256[64] = {
    0,   0,   177,  281,  355,  412,  459,  498,  532,  562,  589,  614,  636,  657,  676,  693,
    710, 725, 740,  754,  767,  779,  791,  803,  814,  824,  834,  844,  853,  862,  871,  879,
    887, 895, 903,  910,  917,  924,  931,  938,  944,  951,  957,  963,  969,  975,  980,  986,
    991, 996, 1001, 1007, 1012, 1016, 1021, 1026, 1030, 1035, 1039, 1044, 1048, 1052, 1057, 1061,
};

int driver_lmr_reduction(int depth, int move_number, int divisor_x256)
{
    int d = depth < 63 ? depth : 63, m = move_number < 63 ? move_number : 63;
    /* In 32 bits: the products overflow a 16-bit int (AVR). */
    return (int)((INT32_C(192) * 256 + (int32_t)ln_x256[d] * ln_x256[m] * 256 / divisor_x256) /
                 (INT32_C(256) * 256));
}

static void report(SearchDriver *d, int multipv, int depth, int seldepth, int score, int bound,
                   const Move *pv, int pv_length)
{
    if (!d->hooks || !d->hooks->report)
        return;
    SearchReport r;
    uint64_t elapsed = port_time_ms() - d->start_ms;
    r.multipv = multipv;
    r.depth = depth;
    r.seldepth = seldepth;
    r.score = score;
    r.bound = bound;
    r.nodes = d->nodes + (d->hooks->helper_nodes ? d->hooks->helper_nodes(d->hooks->user) : 0);
    r.time_ms = elapsed;
    r.nps = elapsed ? r.nodes * 1000 / elapsed : r.nodes * 1000;
    r.hashfull = tt_hashfull(d->tt);
    r.pv = pv;
    r.pv_length = pv_length;
    d->reported_nodes = d->nodes;
    d->hooks->report(&r, d->hooks->user);
}

/* Every line found so far, best first, as one report each. */
static void report_lines(SearchDriver *d)
{
    for (int k = 0; k < d->line_count; k++) {
        const RootLine *line = &d->lines[k];
        report(d, k + 1, line->depth, line->seldepth, line->score, BOUND_EXACT, line->pv,
               line->pv_length);
    }
}

/* Sort the first `count` lines by score, best first; equal scores keep their order. */
static void sort_lines(RootLine *lines, int count)
{
    for (int i = 1; i < count; i++) {
        RootLine line = lines[i];
        int j = i;
        for (; j > 0 && lines[j - 1].score < line.score; j--)
            lines[j] = lines[j - 1];
        lines[j] = line;
    }
}

/* (Scores plus a window are added in 32 bits: they overflow a 16-bit int.) */
static inline int clamp_score(int32_t v)
{
    return v < -VALUE_INFINITE ? -VALUE_INFINITE : v > VALUE_INFINITE ? VALUE_INFINITE : (int)v;
}

/* The first legal root move the limits allow (MOVE_NONE if none): the answer given when the
 * search is stopped before its first iteration completes. */
static Move first_allowed(const SearchLimits *limits, const ScoredMove *root_moves, int root_count)
{
    for (int i = 0; i < root_count; i++)
        if (search_move_allowed(limits, root_moves[i].move))
            return root_moves[i].move;
    return MOVE_NONE;
}

/* How many principal variations this search looks for: MultiPV, at most one per root move the
 * limits allow and at most MULTIPV_MAX. */
static int lines_wanted(const SearchLimits *limits, const ScoredMove *root_moves, int root_count)
{
    int allowed = 0;
    for (int i = 0; i < root_count; i++)
        allowed += search_move_allowed(limits, root_moves[i].move);
    int wanted = limits->multipv > 1 ? limits->multipv : 1;
    wanted = wanted < MULTIPV_MAX ? wanted : MULTIPV_MAX;
    return wanted < allowed ? wanted : allowed;
}

SearchResult driver_iterate(SearchDriver *d, RootSearch root_search, void *search, int delta,
                            int plies_less_per_fail_high, const ScoredMove *root_moves,
                            int root_count)
{
    const SearchLimits *limits = d->limits;
    SearchResult result = {first_allowed(limits, root_moves, root_count), MOVE_NONE, 0, 0, 0};
    if (result.best == MOVE_NONE)
        return result;
    int max_depth = limits->depth > 0 && limits->depth < DEPTH_MAX ? limits->depth : DEPTH_MAX;
    int wanted = lines_wanted(limits, root_moves, root_count);
    Move previous_best = MOVE_NONE;
    int previous_score = 0, stable_iterations = 0, score_drop = 0;
    for (int k = 0; k < wanted; k++)
        d->lines[k].score = d->lines[k].pv_length = 0;
    d->line_count = 0;

    for (int depth = 1; depth <= max_depth; depth++) {
        int done = 0; /* lines completed at this depth */
        d->root_depth = depth;
        for (int k = 0; k < wanted; k++) {
            RootLine *line = &d->lines[k];
            int32_t window = delta;
            int alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
            int search_depth = depth; /* shallower after each fail high, back after a fail low */
            d->pv_index = k;
            d->seldepth = 0;
            if (depth >= 5) {
                alpha = clamp_score((int32_t)line->score - window);
                beta = clamp_score((int32_t)line->score + window);
            }
            for (;;) {
                int value = root_search(search, alpha, beta, search_depth);
                if (d->stopped)
                    break;
                if (value <= alpha) {
                    beta = (int)(((int32_t)alpha + beta) / 2);
                    alpha = clamp_score((int32_t)value - window);
                    search_depth = depth;
                    report(d, k + 1, depth, d->seldepth, value, BOUND_UPPER, d->pv,
                           d->pv_length[0]);
                } else if (value >= beta) {
                    beta = clamp_score((int32_t)value + window);
                    if (value < VALUE_MATE_IN_MAX_PLY &&
                        search_depth - plies_less_per_fail_high >= 1)
                        search_depth -= plies_less_per_fail_high;
                    report(d, k + 1, depth, d->seldepth, value, BOUND_LOWER, d->pv,
                           d->pv_length[0]);
                } else {
                    line->score = value;
                    break;
                }
                window += window / 2;
            }
            /* A stopped root search is thrown away, but for the very first one, whose best
             * move so far is better than none. */
            if (d->stopped && (depth > 1 || k > 0))
                break;
            if (d->pv_length[0] > 0) {
                line->pv_length = d->pv_length[0];
                memcpy(line->pv, d->pv, sizeof(Move) * (size_t)line->pv_length);
            }
            line->depth = depth;
            line->seldepth = d->seldepth;
            done = k + 1;
            if (d->stopped)
                break;
        }
        if (done == 0)
            break;
        /* Completed lines: the best is the answer so far. */
        sort_lines(d->lines, done);
        if (d->line_count < done)
            d->line_count = done;
        if (d->lines[0].pv_length > 0) {
            result.best = d->lines[0].pv[0];
            result.ponder = d->lines[0].pv_length > 1 ? d->lines[0].pv[1] : MOVE_NONE;
        }
        result.score = d->lines[0].score;
        result.depth = depth;
        report_lines(d);
        if (d->stopped)
            break;
        if (limits->mate && result.score >= VALUE_MATE - 2 * limits->mate)
            break;
        /* On a clock, the best move's stability and the score's trend scale the soft limit;
         * `go movetime` and the first iterations use it as it is. */
        if (depth > 1) {
            stable_iterations = result.best == previous_best ? stable_iterations + 1 : 0;
            int32_t drop = (int32_t)previous_score - result.score; /* (16-bit int: AVR) */
            score_drop = drop < -1000 ? -1000 : drop > 1000 ? 1000 : (int)drop;
        }
        previous_best = result.best;
        previous_score = result.score;
        if (!d->pondering && d->soft_ms) {
            uint64_t soft = d->soft_ms;
            if (limits->movetime_ms <= 0 && depth >= 5)
                soft = timeman_soft_after_iteration(soft, d->hard_ms, stable_iterations,
                                                    score_drop);
            if (port_time_ms() - d->start_ms >= soft)
                break;
        }
    }
    result.nodes = d->nodes;
    /* A final report with the totals if the search went on after the last one, before the
     * caller announces the move. */
    if (result.depth > 0 && d->nodes != d->reported_nodes)
        report_lines(d);
    return result;
}
