/*
 * Time management (timeman_budget): how many milliseconds the search may think, as a soft limit
 * (checked between iterations) and a hard one (inside the search), 0 meaning none.
 *
 * The rule, as src/engine/timeman.c defines it: `go movetime` gives movetime minus the move overhead;
 * with a clock, usable = clock - overhead (clock and increment capped at 2^40 ms), the moves left
 * are movestogo (at most 40) or 32, soft = usable / moves left + 3/4 of the increment, hard = 4 x
 * soft; soft never exceeds 50 % and hard 70 % of the usable clock (70 % and 90 % when one move is
 * left before the time control); neither is ever below 1 ms once a clock is given.
 *
 * After each iteration on a clock (timeman_soft_after_iteration) the soft limit is scaled, in
 * per mille, by the best move's stability (1600, 1250, 1000, 850, 750 after 0, 1, 2, 3, 4 or more
 * iterations with the same best move) and by the score's drop since the previous iteration (1000
 * + 10 a centipawn, the drop taken within -20 .. +50), rounded down, at least 1 ms, at most the
 * hard limit (when there is one).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "engine/timeman.h"

typedef struct Budget {
    uint64_t soft, hard;
} Budget;

/* Limits as the UCI layer starts them: no clock, no limit. */
static SearchLimits no_limits(void)
{
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time_ms[WHITE] = l.time_ms[BLACK] = -1;
    return l;
}

static SearchLimits clock_of(int64_t time_ms, int64_t inc_ms, int movestogo, int overhead)
{
    SearchLimits l = no_limits();
    l.time_ms[WHITE] = l.time_ms[BLACK] = time_ms;
    l.inc_ms[WHITE] = l.inc_ms[BLACK] = inc_ms;
    l.movestogo = movestogo;
    l.move_overhead_ms = overhead;
    return l;
}

static Budget budget(const SearchLimits *l, Color us)
{
    Budget b = {12345, 12345}; /* must be overwritten */
    timeman_budget(l, us, &b.soft, &b.hard);
    return b;
}

#define assert_budget(limits, us, soft_ms, hard_ms)                                                \
    do {                                                                                           \
        SearchLimits l_ = (limits);                                                                \
        Budget b_ = budget(&l_, (us));                                                             \
        if (b_.soft != (uint64_t)(soft_ms) || b_.hard != (uint64_t)(hard_ms))                      \
            fail_msg("%s: soft %llu hard %llu, expected %llu and %llu", #limits,                   \
                     (unsigned long long)b_.soft, (unsigned long long)b_.hard,                     \
                     (unsigned long long)(soft_ms), (unsigned long long)(hard_ms));                \
    } while (0)

static SearchLimits with_movetime(int64_t movetime, int overhead)
{
    SearchLimits l = clock_of(60000, 1000, 0, overhead); /* a clock too: movetime wins */
    l.movetime_ms = movetime;
    return l;
}

static SearchLimits with_infinite(SearchLimits l)
{
    l.infinite = true;
    return l;
}

static void test_movetime_minus_overhead(void **state)
{
    (void)state;
    assert_budget(with_movetime(1000, 50), WHITE, 950, 950);
    assert_budget(with_movetime(1000, 0), BLACK, 1000, 1000);
    assert_budget(with_movetime(1000, -20), WHITE, 1000, 1000); /* negative overhead: none */
    assert_budget(with_movetime(51, 50), WHITE, 1, 1);
    assert_budget(with_movetime(50, 50), WHITE, 1, 1); /* never 0, "no limit" */
    assert_budget(with_movetime(30, 50), WHITE, 1, 1);
    assert_budget(with_movetime(1, 0), WHITE, 1, 1);
    assert_budget(with_movetime(INT64_MAX, 0), WHITE, INT64_MAX, INT64_MAX);
    assert_budget(with_movetime(INT64_MAX, 50), WHITE, INT64_MAX - 50, INT64_MAX - 50);
    /* movetime 0 is "not given": the clock decides (60000 / 32 + 750). */
    assert_budget(with_movetime(0, 0), WHITE, 1875 + 750, 4 * (1875 + 750));
}

static void test_infinite_has_no_limit(void **state)
{
    (void)state;
    assert_budget(with_infinite(no_limits()), WHITE, 0, 0);
    assert_budget(with_infinite(clock_of(60000, 1000, 10, 50)), WHITE, 0, 0);
    assert_budget(with_infinite(with_movetime(1000, 50)), BLACK, 0, 0);
}

static void test_no_clock_has_no_limit(void **state)
{
    (void)state;
    /* go depth / nodes / mate: no clock. */
    assert_budget(no_limits(), WHITE, 0, 0);
    assert_budget(no_limits(), BLACK, 0, 0);
    SearchLimits l = no_limits();
    l.inc_ms[WHITE] = 1000; /* an increment or movestogo alone is not a clock */
    l.movestogo = 20;
    l.move_overhead_ms = 30;
    assert_budget(l, WHITE, 0, 0);
    /* Any negative clock means "not given" (the UCI layer turns a negative wtime into 0). */
    assert_budget(clock_of(-5, 100, 0, 0), WHITE, 0, 0);
    assert_budget(clock_of(INT64_MIN, 100, 0, 0), BLACK, 0, 0);
}

static void test_sudden_death(void **state)
{
    (void)state;
    /* 32 moves assumed: 60000 / 32 = 1875, hard 4 x 1875. */
    assert_budget(clock_of(60000, 0, 0, 0), WHITE, 1875, 7500);
    /* The overhead comes off the clock first: 59900 / 32 = 1871 (rounded down). */
    assert_budget(clock_of(60000, 0, 0, 100), WHITE, 1871, 7484);
    /* Negative movestogo counts as not given. */
    assert_budget(clock_of(60000, 0, -3, 0), WHITE, 1875, 7500);
    /* A short clock: 3200 / 32 = 100. */
    assert_budget(clock_of(3200, 0, 0, 0), BLACK, 100, 400);
}

static void test_movestogo(void **state)
{
    (void)state;
    assert_budget(clock_of(60000, 0, 10, 0), WHITE, 6000, 24000);
    assert_budget(clock_of(60000, 0, 40, 0), WHITE, 1500, 6000);
    assert_budget(clock_of(60000, 0, 100, 0), WHITE, 1500, 6000); /* at most 40 moves */
    assert_budget(clock_of(60000, 0, 41, 0), WHITE, 1500, 6000);
    assert_budget(clock_of(60000, 0, 32, 0), WHITE, 1875, 7500); /* as sudden death */
    /* 2 moves: 30000 is exactly the 50 % cap; hard 120000 is cut to 70 % = 42000. */
    assert_budget(clock_of(60000, 0, 2, 0), WHITE, 30000, 42000);
    /* 3 moves: 20000 within the cap; hard 80000 cut to 42000. */
    assert_budget(clock_of(60000, 0, 3, 0), WHITE, 20000, 42000);
    /* The last move before the control: the whole clock, cut to 70 % and 90 %. */
    assert_budget(clock_of(60000, 0, 1, 0), WHITE, 42000, 54000);
    assert_budget(clock_of(60000, 500, 1, 1000), WHITE, 41300, 53100); /* of 59000 usable */
}

static void test_increment(void **state)
{
    (void)state;
    /* 10000 / 32 = 312, plus 3/4 of 1000. */
    assert_budget(clock_of(10000, 1000, 0, 0), WHITE, 312 + 750, 4 * (312 + 750));
    /* 3/4 of 333 rounds down to 249. */
    assert_budget(clock_of(10000, 333, 0, 0), WHITE, 312 + 249, 4 * (312 + 249));
    /* With movestogo: 60000 / 20 = 3000, plus 1500. */
    assert_budget(clock_of(60000, 2000, 20, 0), WHITE, 4500, 18000);
    /* A low clock with a large increment: the share is capped at 50 % / 70 % of the clock. */
    assert_budget(clock_of(1000, 2000, 0, 0), WHITE, 500, 700);
    assert_budget(clock_of(1000, 2000, 0, 200), WHITE, 400, 560); /* of 800 usable */
    /* A negative increment is ignored. */
    assert_budget(clock_of(60000, -500, 0, 0), WHITE, 1875, 7500);
    assert_budget(clock_of(60000, INT64_MIN, 0, 0), WHITE, 1875, 7500);
}

static void test_zero_and_tiny_clocks(void **state)
{
    (void)state;
    /* Out of time, or the overhead eats the clock: 1 ms, never 0 (which would mean no limit). */
    assert_budget(clock_of(0, 0, 0, 0), WHITE, 1, 1);
    assert_budget(clock_of(0, 5000, 0, 0), WHITE, 1, 1);
    assert_budget(clock_of(0, 5000, 1, 0), WHITE, 1, 1);
    assert_budget(clock_of(100, 0, 0, 500), WHITE, 1, 1);
    assert_budget(clock_of(100, 1000, 0, 100), WHITE, 1, 1);
    assert_budget(clock_of(1, 0, 0, 0), BLACK, 1, 1);
    /* 10 ms: 10 / 32 = 0 and 4 x 0 = 0, both raised to 1. */
    assert_budget(clock_of(10, 0, 0, 0), WHITE, 1, 1);
    /* 20 ms, increment 8: 0 + 6 = 6, capped to 10 and 14 (50 % / 70 %): 6 and 14. */
    assert_budget(clock_of(20, 8, 0, 0), WHITE, 6, 14);
}

static void test_huge_values_do_not_overflow(void **state)
{
    (void)state;
    /* Clock and increment are capped at 2^40 ms. The clock's cap shows in the results below; the
     * increment's does not (its share is always cut by the clock caps), only the overflow it
     * prevents: the sanitizer build (UBSan) is what notices that one missing. */
    const uint64_t cap = (uint64_t)1 << 40;
    /* 2^40 / 32 = 2^35; the increment share is far over the caps. */
    assert_budget(clock_of(INT64_MAX, 0, 0, 0), WHITE, cap / 32, cap / 8);
    assert_budget(clock_of(INT64_MAX, INT64_MAX, 0, 0), WHITE, cap * 5 / 10, cap * 7 / 10);
    assert_budget(clock_of(INT64_MAX, INT64_MAX, 1, 0), BLACK, cap * 7 / 10, cap * 9 / 10);
    assert_budget(clock_of(INT64_MAX, INT64_MAX, INT32_MAX, INT32_MAX), WHITE,
                  (cap - INT32_MAX) * 5 / 10, (cap - INT32_MAX) * 7 / 10);
    assert_budget(clock_of(INT64_MAX, INT64_MAX, INT32_MIN, 0), WHITE, cap * 5 / 10, cap * 7 / 10);
    /* Just over the cap behaves like the cap. */
    assert_budget(clock_of((int64_t)cap + 1, 0, 40, 0), WHITE, cap / 40, cap / 40 * 4);
    /* A huge overhead leaves 1 ms. */
    assert_budget(clock_of(60000, 1000, 0, INT32_MAX), WHITE, 1, 1);
}

static void test_side_to_move_selects_the_clock(void **state)
{
    (void)state;
    SearchLimits l = no_limits();
    l.time_ms[WHITE] = 60000;
    l.inc_ms[WHITE] = 0;
    l.time_ms[BLACK] = 6000;
    l.inc_ms[BLACK] = 100;
    assert_budget(l, WHITE, 1875, 7500);
    assert_budget(l, BLACK, 187 + 75, 4 * (187 + 75)); /* 6000 / 32 = 187, 3/4 of 100 */
    /* Only Black's clock given. */
    l.time_ms[WHITE] = -1;
    assert_budget(l, WHITE, 0, 0);
    assert_budget(l, BLACK, 262, 1048);
    /* Only White's. */
    l.time_ms[WHITE] = 60000;
    l.time_ms[BLACK] = -1;
    assert_budget(l, WHITE, 1875, 7500);
    assert_budget(l, BLACK, 0, 0);
}

/* Over a grid of clocks: both limits at least 1 ms, soft <= hard, within the caps, within the
 * usable clock, and more clock never means less time. */
static void test_caps_over_a_grid(void **state)
{
    (void)state;
    static const int64_t clocks[] = {
        0,    1,    7,     50,    99,     100,     500,      999,
        1000, 4321, 10000, 60000, 300000, 5400000, 86400000, (int64_t)1 << 40};
    static const int64_t incs[] = {0, 1, 10, 100, 1000, 5000, 60000};
    static const int mtgs[] = {0, 1, 2, 3, 5, 10, 39, 40, 41, 1000};
    static const int overheads[] = {0, 10, 100, 1000};
    for (size_t o = 0; o < sizeof overheads / sizeof overheads[0]; o++)
        for (size_t m = 0; m < sizeof mtgs / sizeof mtgs[0]; m++)
            for (size_t i = 0; i < sizeof incs / sizeof incs[0]; i++) {
                Budget previous = {0, 0};
                for (size_t c = 0; c < sizeof clocks / sizeof clocks[0]; c++) {
                    SearchLimits l = clock_of(clocks[c], incs[i], mtgs[m], overheads[o]);
                    Budget b = budget(&l, (Color)(c & 1));
                    int64_t usable = clocks[c] - overheads[o] > 1 ? clocks[c] - overheads[o] : 1;
                    bool last = mtgs[m] == 1;
                    uint64_t soft_cap = (uint64_t)(usable * (last ? 7 : 5) / 10);
                    uint64_t hard_cap = (uint64_t)(usable * (last ? 9 : 7) / 10);
                    if (b.soft < 1 || b.hard < 1 || b.soft > b.hard ||
                        b.soft > (soft_cap > 1 ? soft_cap : 1) ||
                        b.hard > (hard_cap > 1 ? hard_cap : 1) || b.hard > (uint64_t)usable ||
                        b.soft < previous.soft || b.hard < previous.hard)
                        fail_msg("clock %lld inc %lld movestogo %d overhead %d: soft %llu hard "
                                 "%llu (caps %llu %llu, previous %llu %llu)",
                                 (long long)clocks[c], (long long)incs[i], mtgs[m], overheads[o],
                                 (unsigned long long)b.soft, (unsigned long long)b.hard,
                                 (unsigned long long)soft_cap, (unsigned long long)hard_cap,
                                 (unsigned long long)previous.soft,
                                 (unsigned long long)previous.hard);
                    previous = b;
                }
            }
}

static void assert_soft_after(uint64_t soft, uint64_t hard, int stable, int drop, uint64_t expected)
{
    uint64_t got = timeman_soft_after_iteration(soft, hard, stable, drop);
    if (got != expected)
        fail_msg("soft %llu hard %llu stable %d drop %d: %llu, expected %llu",
                 (unsigned long long)soft, (unsigned long long)hard, stable, drop,
                 (unsigned long long)got, (unsigned long long)expected);
}

static void test_soft_limit_by_stability(void **state)
{
    (void)state;
    assert_soft_after(1000, 4000, 0, 0, 1600); /* the best move changed in this iteration */
    assert_soft_after(1000, 4000, 1, 0, 1250);
    assert_soft_after(1000, 4000, 2, 0, 1000);
    assert_soft_after(1000, 4000, 3, 0, 850);
    assert_soft_after(1000, 4000, 4, 0, 750);
    assert_soft_after(1000, 4000, 40, 0, 750);  /* no less after that */
    assert_soft_after(1000, 4000, -3, 0, 1600); /* a negative count as 0 */
    assert_soft_after(333, 4000, 3, 0, 283);    /* 333 x 0.85 = 283.05, rounded down */
}

static void test_soft_limit_by_score_trend(void **state)
{
    (void)state;
    assert_soft_after(1000, 4000, 2, 25, 1250); /* 25 cp worse: x 1.25 */
    assert_soft_after(1000, 4000, 2, 50, 1500); /* at most x 1.5 */
    assert_soft_after(1000, 4000, 2, 999, 1500);
    assert_soft_after(1000, 4000, 2, -10, 900); /* 10 cp better: x 0.9 */
    assert_soft_after(1000, 4000, 2, -20, 800); /* at least x 0.8 */
    assert_soft_after(1000, 4000, 2, -999, 800);
    assert_soft_after(1000, 4000, 0, 50, 2400); /* both: 1.6 x 1.5 */
    assert_soft_after(1000, 4000, 4, -20, 600); /* 0.75 x 0.8 */
}

static void test_soft_limit_bounds(void **state)
{
    (void)state;
    assert_soft_after(1000, 2000, 0, 50, 2000); /* never past the hard limit */
    assert_soft_after(1000, 1000, 0, 0, 1000);
    assert_soft_after(1000, 0, 0, 50, 2400); /* no hard limit: no cap */
    assert_soft_after(1, 4, 4, -20, 1);      /* 0.6 ms: 1, never 0 ("no limit") */
    const uint64_t cap = (uint64_t)1 << 40;  /* timeman_budget's largest soft limit */
    assert_soft_after(cap, 0, 0, 50, cap / 1000 * 2400 + cap % 1000 * 2400 / 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_movetime_minus_overhead),
        cmocka_unit_test(test_infinite_has_no_limit),
        cmocka_unit_test(test_no_clock_has_no_limit),
        cmocka_unit_test(test_sudden_death),
        cmocka_unit_test(test_movestogo),
        cmocka_unit_test(test_increment),
        cmocka_unit_test(test_zero_and_tiny_clocks),
        cmocka_unit_test(test_huge_values_do_not_overflow),
        cmocka_unit_test(test_side_to_move_selects_the_clock),
        cmocka_unit_test(test_caps_over_a_grid),
        cmocka_unit_test(test_soft_limit_by_stability),
        cmocka_unit_test(test_soft_limit_by_score_trend),
        cmocka_unit_test(test_soft_limit_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
