#include "timeman.h"

#include "flashmate/flash.h"

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

void timeman_budget(const SearchLimits *limits, Color us, uint64_t *soft_ms, uint64_t *hard_ms)
{
    *soft_ms = *hard_ms = 0;
    if (limits->infinite)
        return;
    int64_t overhead = limits->move_overhead_ms > 0 ? limits->move_overhead_ms : 0;
    if (limits->movetime_ms > 0) {
        int64_t t = max64(1, limits->movetime_ms - overhead);
        *soft_ms = *hard_ms = (uint64_t)t;
        return;
    }
    if (limits->time_ms[us] < 0)
        return; /* no clock given: depth, nodes or mate limits only */

    /* Spread the clock over the moves still to play (an estimate without movestogo) and spend
     * most of the increment; never plan to use more than a fixed share of what is left. */
    /* Clock and increment are capped at 2^40 ms (35 years) so that the products below cannot
     * overflow, whatever huge values a GUI sends. */
    const int64_t clock_max = (int64_t)1 << 40;
    int64_t usable = max64(1, min64(limits->time_ms[us], clock_max) - overhead);
    int64_t inc = max64(0, min64(limits->inc_ms[us], clock_max));
    int64_t moves_left = limits->movestogo > 0 ? min64(limits->movestogo, 40) : 32;
    int64_t soft = usable / moves_left + inc * 3 / 4;
    int64_t hard = soft * 4;
    soft = min64(soft, usable * (moves_left == 1 ? 7 : 5) / 10);
    hard = min64(hard, usable * (moves_left == 1 ? 9 : 7) / 10);
    *soft_ms = (uint64_t)max64(1, soft);
    *hard_ms = (uint64_t)max64(1, hard);
}

/* Per mille of the soft limit by the best move's stability: 0, 1, 2, 3, 4 or more iterations. */
static FM_FLASH int16_t stability_permille[5] = {1600, 1250, 1000, 850, 750};

uint64_t timeman_soft_after_iteration(uint64_t soft_ms, uint64_t hard_ms, int stable_iterations,
                                      int score_drop)
{
    int stable = stable_iterations < 0 ? 0 : stable_iterations > 4 ? 4 : stable_iterations;
    /* 10 per mille a centipawn, from 20 cp better (800) to 50 cp worse (1500). */
    int drop = score_drop < -20 ? -20 : score_drop > 50 ? 50 : score_drop;
    int64_t trend_permille = 1000 + 10 * (int64_t)drop;
    /* soft_ms is below 2^40 (timeman_budget's cap), so the product stays below 2^63. */
    uint64_t scaled = soft_ms * (uint64_t)stability_permille[stable] * (uint64_t)trend_permille /
                      1000000u;
    if (scaled < 1)
        scaled = 1;
    return hard_ms && scaled > hard_ms ? hard_ms : scaled;
}
