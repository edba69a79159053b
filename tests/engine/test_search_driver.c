/*
 * Iterative deepening with aspiration windows (driver_iterate), driven by a scripted root search
 * that records the depth and window of every call.
 *
 * The rule, as src/engine/search_driver.c defines it: iterations 1 to 4 search with a full window;
 * from depth 5 the window is the last score ± delta. A fail low lowers alpha to the returned
 * value minus the window (beta to the middle of the old window); a fail high raises beta to the
 * value plus the window and searches again `plies_less_per_fail_high` shallower (chess: 1,
 * Xiangqi: 0), down to depth 1, unless the value is a mate score; a fail low brings the depth
 * back to the iteration's. The window grows by half after every fail. Every iteration starts at
 * its own depth.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "engine/search_driver.h"
#include "flashmate/tt.h"

enum { DELTA = 20, CALLS_MAX = 64 };

/* The driver's clock, stopped: these searches have a depth limit and no clock. */
uint64_t port_time_ms(void) { return 0; }

typedef struct Call {
    int alpha, beta, depth;
} Call;

/* The root search's script: the value to return at each call (in call order), and what it was
 * asked. */
typedef struct Script {
    const int *values;
    int value_count;
    Call calls[CALLS_MAX];
    int call_count;
} Script;

static int scripted_root_search(void *search, int alpha, int beta, int depth)
{
    Script *script = search;
    assert_true(script->call_count < CALLS_MAX);
    assert_true(script->call_count < script->value_count);
    script->calls[script->call_count] = (Call){alpha, beta, depth};
    return script->values[script->call_count++];
}

static TTBucket table_memory[64];

/* Run driver_iterate to `depth` with the script, searching `plies_less` shallower after a fail
 * high; returns the result. */
static SearchResult iterate(Script *script, int depth, int plies_less)
{
    static SearchDriver driver; /* (large: the PV table) */
    TT tt;
    assert_true(tt_attach(&tt, table_memory, sizeof table_memory));
    memset(&driver, 0, sizeof driver);
    driver.tt = &tt;
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.time_ms[WHITE] = limits.time_ms[BLACK] = -1;
    limits.depth = depth;
    ScoredMove root_moves[1] = {{(Move)0x1234, 0}};
    driver_start(&driver, &limits, NULL, WHITE, NULL, 0, 0x9e3779b97f4a7c15u);
    return driver_iterate(&driver, scripted_root_search, script, DELTA, plies_less, root_moves, 1);
}

static void assert_call(const Script *script, int index, int alpha, int beta, int depth)
{
    assert_true(index < script->call_count);
    const Call *c = &script->calls[index];
    assert_int_equal(c->depth, depth);
    assert_int_equal(c->alpha, alpha);
    assert_int_equal(c->beta, beta);
}

/* Depths 1 to 4 with a full window, then a window of ±DELTA around the last score. */
static void test_full_window_then_aspiration(void **state)
{
    (void)state;
    static const int values[] = {10, 12, 14, 16, 18, 20};
    Script script = {values, 6, {{0}}, 0};
    SearchResult r = iterate(&script, 6, 1);
    assert_int_equal(script.call_count, 6);
    for (int depth = 1; depth <= 4; depth++)
        assert_call(&script, depth - 1, -VALUE_INFINITE, VALUE_INFINITE, depth);
    assert_call(&script, 4, 16 - DELTA, 16 + DELTA, 5);
    assert_call(&script, 5, 18 - DELTA, 18 + DELTA, 6);
    assert_int_equal(r.depth, 6);
    assert_int_equal(r.score, 20);
}

/* Depth 5 around 0: fail high at 100 (beta 120, the window 30 from now on), at 200 (beta 230,
 * window 45), then exact at 210. Depth 6 around 210: fail high at 300 (beta 320, window 30), fail
 * low at 150 (alpha 120, beta halfway between 190 and 320, window 45), exact at 160. */
static const int fails_high_then_low[] = {0, 0, 0, 0, 100, 200, 210, 300, 150, 160};

/* Run that script to depth 6, `plies_less` shallower after each fail high: the windows of calls
 * 4 to 9 are the script's whatever the depths, which must be `depths`. */
static void check_fails_high_then_low(int plies_less, const int depths[6])
{
    static const int windows[6][2] = {{-20, 20},  {-20, 120}, {-20, 230},
                                      {190, 230}, {190, 320}, {120, 255}};
    Script script = {fails_high_then_low, 10, {{0}}, 0};
    SearchResult r = iterate(&script, 6, plies_less);
    assert_int_equal(script.call_count, 10);
    for (int i = 0; i < 6; i++)
        assert_call(&script, 4 + i, windows[i][0], windows[i][1], depths[i]);
    assert_int_equal(r.depth, 6);
    assert_int_equal(r.score, 160);
}

/* Each fail high searches a ply shallower; a fail low goes back to the iteration's depth; the
 * next iteration starts at its own depth again. */
static void test_fail_high_searches_shallower(void **state)
{
    (void)state;
    static const int depths[6] = {5, 4, 3, 6, 5, 6};
    check_fails_high_then_low(1, depths);
}

/* The depth never goes below 1, and a mate score found by a fail high keeps the depth. */
static void test_fail_high_depth_floor_and_mates(void **state)
{
    (void)state;
    /* Depth 5 around 0: six fails high, each above the last beta (20, 70, 130, 245, 367, 500),
     * then exact under 750: the depth goes 5, 4, 3, 2, 1, 1, 1. */
    static const int values[] = {0, 0, 0, 0, 50, 100, 200, 300, 400, 600, 610};
    Script script = {values, 11, {{0}}, 0};
    iterate(&script, 5, 1);
    assert_int_equal(script.call_count, 11);
    static const int depths[] = {5, 4, 3, 2, 1, 1, 1};
    for (int i = 0; i < 7; i++)
        assert_int_equal(script.calls[4 + i].depth, depths[i]);

    /* A mate found by a fail high: searched again at the same depth. */
    static const int mates[] = {0, 0, 0, 0, VALUE_MATE - 9, VALUE_MATE - 9};
    Script mate_script = {mates, 6, {{0}}, 0};
    SearchResult r = iterate(&mate_script, 5, 1);
    assert_int_equal(mate_script.call_count, 6);
    assert_int_equal(mate_script.calls[5].depth, 5);
    assert_int_equal(r.score, VALUE_MATE - 9);
}

/* With no plies less per fail high (Xiangqi), every search of an iteration is at its depth. */
static void test_fail_high_same_depth(void **state)
{
    (void)state;
    static const int depths[6] = {5, 5, 5, 6, 6, 6};
    check_fails_high_then_low(0, depths);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_window_then_aspiration),
        cmocka_unit_test(test_fail_high_searches_shallower),
        cmocka_unit_test(test_fail_high_depth_floor_and_mates),
        cmocka_unit_test(test_fail_high_same_depth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
