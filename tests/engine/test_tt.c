/*
 * Transposition table: mate scores stored relative to the node (score_to_tt/score_from_tt), the
 * cutoff rule per bound, attaching memory (power-of-two bucket count), store and probe with the
 * two-slot replacement policy (depth-preferred, always-replace), generations, keeping the old move
 * of a position, and the hashfull estimate.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "engine/search_driver.h"
#include "flashmate/tt.h"

enum { TABLE_BUCKETS = 1024 };
static TTBucket table_memory[TABLE_BUCKETS];

/* A table of `buckets` buckets (a power of two) over zeroed memory. */
static TT table_of(size_t buckets)
{
    TT tt;
    memset(table_memory, 0, sizeof table_memory);
    assert_true(buckets <= TABLE_BUCKETS);
    assert_true(tt_attach(&tt, table_memory, buckets * sizeof(TTBucket)));
    assert_int_equal(tt.mask + 1, buckets);
    return tt;
}

/* The j-th key of bucket `bucket` in a table of `buckets` buckets (distinct high bits). */
static uint64_t key_in(size_t buckets, size_t bucket, unsigned j)
{
    return 0x9e3779b97f4a7c15ULL * (j + 1) / buckets * buckets + bucket;
}

/* tt_probe's copy of the entry of `key`, or NULL; a few copies live at once (one per call in
 * an assertion). */
static const TTEntry *probe(const TT *tt, uint64_t key)
{
    static TTEntry copies[4];
    static unsigned next;
    TTEntry *copy = &copies[next++ % 4];
    return tt_probe(tt, key, copy) ? copy : NULL;
}

/* The position's key of a slot as the table holds it (the stored key XOR the data word). */
static uint64_t key_at(const TTEntry *slot)
{
    uint64_t data;
    memcpy(&data, (const char *)slot + offsetof(TTEntry, move), sizeof data);
    return slot->key ^ data;
}

/* ---- Mate scores and the node's ply ------------------------------------------------------- */

static void test_mate_scores_are_stored_relative_to_the_node(void **state)
{
    (void)state;
    /* Found at ply 5: mate in 8 plies from the root is mate in 3 from this node. */
    assert_int_equal(score_to_tt(VALUE_MATE - 8, 5), VALUE_MATE - 3);
    assert_int_equal(score_to_tt(-(VALUE_MATE - 8), 5), -(VALUE_MATE - 3));
    /* Read back at ply 10 on another path: mate in 3 from here is mate in 13 from the root. */
    assert_int_equal(score_from_tt(VALUE_MATE - 3, 10), VALUE_MATE - 13);
    assert_int_equal(score_from_tt(-(VALUE_MATE - 3), 10), -(VALUE_MATE - 13));
    /* At the root nothing changes. */
    assert_int_equal(score_to_tt(VALUE_MATE - 1, 0), VALUE_MATE - 1);
    assert_int_equal(score_from_tt(-(VALUE_MATE - 1), 0), -(VALUE_MATE - 1));
    /* The smallest mate score is adjusted, the largest ordinary score is not. */
    assert_int_equal(score_to_tt(VALUE_MATE_IN_MAX_PLY, 3), VALUE_MATE_IN_MAX_PLY + 3);
    assert_int_equal(score_to_tt(-VALUE_MATE_IN_MAX_PLY, 3), -VALUE_MATE_IN_MAX_PLY - 3);
    assert_int_equal(score_to_tt(VALUE_MATE_IN_MAX_PLY - 1, 3), VALUE_MATE_IN_MAX_PLY - 1);
    assert_int_equal(score_to_tt(-VALUE_MATE_IN_MAX_PLY + 1, 3), -VALUE_MATE_IN_MAX_PLY + 1);
    assert_int_equal(score_from_tt(VALUE_MATE_IN_MAX_PLY + 3, 3), VALUE_MATE_IN_MAX_PLY);
    assert_int_equal(score_from_tt(VALUE_MATE_IN_MAX_PLY, 3), VALUE_MATE_IN_MAX_PLY - 3);
    assert_int_equal(score_from_tt(-VALUE_MATE_IN_MAX_PLY, 3), -VALUE_MATE_IN_MAX_PLY + 3);
    assert_int_equal(score_from_tt(VALUE_MATE_IN_MAX_PLY - 1, 3), VALUE_MATE_IN_MAX_PLY - 1);
}

static void test_score_round_trip_at_every_ply(void **state)
{
    (void)state;
    for (int ply = 0; ply <= MAX_PLY; ply++) {
        for (int score = -VALUE_MATE; score <= VALUE_MATE; score++) {
            int stored = score_to_tt(score, ply);
            bool mate = score >= VALUE_MATE_IN_MAX_PLY || score <= -VALUE_MATE_IN_MAX_PLY;
            int expected = !mate ? score : score > 0 ? score + ply : score - ply;
            if (stored != expected)
                fail_msg("score_to_tt(%d, %d) = %d, expected %d", score, ply, stored, expected);
            /* Read as a stored value: mates move away from the root by ply. */
            int read = score_from_tt(score, ply);
            expected = !mate ? score : score > 0 ? score - ply : score + ply;
            if (read != expected)
                fail_msg("score_from_tt(%d, %d) = %d, expected %d", score, ply, read, expected);
            if (score_from_tt(stored, ply) != score)
                fail_msg("round trip of %d at ply %d gives %d", score, ply,
                         score_from_tt(stored, ply));
            /* A mate reachable from this node (at most VALUE_MATE - ply) stays within the
             * 16-bit entry and never beyond VALUE_MATE. */
            if ((score <= VALUE_MATE - ply && score >= -(VALUE_MATE - ply)) &&
                (stored > VALUE_MATE || stored < -VALUE_MATE))
                fail_msg("score_to_tt(%d, %d) = %d is beyond a mate", score, ply, stored);
        }
    }
}

/* The same mate through the table: stored at one ply, read at another. */
static void test_mate_score_through_the_table(void **state)
{
    (void)state;
    TT tt = table_of(16);
    uint64_t key = key_in(16, 3, 0);
    for (int ply = 0; ply <= MAX_PLY; ply += 7) {
        for (int mate_in = ply; mate_in <= MAX_PLY; mate_in += 5) { /* plies from the root */
            for (int sign = -1; sign <= 1; sign += 2) {
                int score = sign * (VALUE_MATE - mate_in);
                tt_store(&tt, key, 4, score_to_tt(score, ply), 0, BOUND_EXACT, MOVE_NONE);
                const TTEntry *e = probe(&tt, key);
                assert_non_null(e);
                assert_int_equal(e->score, sign * (VALUE_MATE - (mate_in - ply)));
                assert_int_equal(score_from_tt(e->score, ply), score);
                /* Two plies deeper on another path: the mate is two plies further away. */
                assert_int_equal(score_from_tt(e->score, ply + 2),
                                 sign * (VALUE_MATE - mate_in - 2));
            }
        }
    }
}

/* ---- Cutoffs -------------------------------------------------------------------------------- */

static void test_cutoff_per_bound(void **state)
{
    (void)state;
    const int alpha = -50, beta = 80;
    for (int score = -200; score <= 200; score++) {
        assert_false(tt_cutoff(BOUND_NONE, score, alpha, beta));
        assert_true(tt_cutoff(BOUND_EXACT, score, alpha, beta));
        if (tt_cutoff(BOUND_LOWER, score, alpha, beta) != (score >= beta))
            fail_msg("lower bound %d with beta %d", score, beta);
        if (tt_cutoff(BOUND_UPPER, score, alpha, beta) != (score <= alpha))
            fail_msg("upper bound %d with alpha %d", score, alpha);
    }
    /* Exactly at the bounds. */
    assert_true(tt_cutoff(BOUND_LOWER, beta, alpha, beta));
    assert_false(tt_cutoff(BOUND_LOWER, beta - 1, alpha, beta));
    assert_true(tt_cutoff(BOUND_UPPER, alpha, alpha, beta));
    assert_false(tt_cutoff(BOUND_UPPER, alpha + 1, alpha, beta));
    /* A null window (beta = alpha + 1). */
    assert_true(tt_cutoff(BOUND_LOWER, 11, 10, 11));
    assert_false(tt_cutoff(BOUND_LOWER, 10, 10, 11));
    assert_true(tt_cutoff(BOUND_UPPER, 10, 10, 11));
    assert_false(tt_cutoff(BOUND_UPPER, 11, 10, 11));
}

/* ---- Attaching memory ----------------------------------------------------------------------- */

static void test_attach_rounds_down_to_a_power_of_two(void **state)
{
    (void)state;
    for (size_t count = 1; count <= TABLE_BUCKETS; count++) {
        size_t expected = 1;
        while (expected * 2 <= count)
            expected *= 2;
        for (size_t extra = 0; extra < sizeof(TTBucket); extra += sizeof(TTBucket) - 1) {
            TT tt;
            tt.generation = 9;
            size_t bytes = count * sizeof(TTBucket) + extra;
            if (!tt_attach(&tt, table_memory, bytes))
                fail_msg("tt_attach refused %zu bytes", bytes);
            if (tt.mask + 1 != expected)
                fail_msg("%zu bytes give %zu buckets, expected %zu", bytes, tt.mask + 1, expected);
            assert_ptr_equal(tt.buckets, table_memory);
            assert_int_equal(tt.generation, 0);
        }
    }
}

static void test_attach_refuses_too_little_memory(void **state)
{
    (void)state;
    TT tt = {0};
    assert_false(tt_attach(&tt, table_memory, 0));
    assert_false(tt_attach(&tt, table_memory, sizeof(TTBucket) - 1));
    assert_false(tt_attach(&tt, NULL, sizeof table_memory));
    assert_null(tt.buckets); /* left alone */
    assert_true(tt_attach(&tt, table_memory, sizeof(TTBucket)));
    assert_int_equal(tt.mask, 0);
}

static void test_attach_does_not_write_the_memory(void **state)
{
    (void)state;
    static unsigned char copy[sizeof table_memory];
    memset(table_memory, 0xa5, sizeof table_memory);
    memcpy(copy, table_memory, sizeof copy);
    TT tt;
    assert_true(tt_attach(&tt, table_memory, sizeof table_memory));
    assert_memory_equal(copy, table_memory, sizeof copy);
}

/* ---- Store and probe ------------------------------------------------------------------------ */

static void test_empty_table_finds_nothing(void **state)
{
    (void)state;
    TT tt = table_of(64);
    assert_null(probe(&tt, 0)); /* zeroed entries have key 0 but no bound */
    for (size_t b = 0; b < 64; b++)
        assert_null(probe(&tt, key_in(64, b, 1)));
}

static void test_store_then_probe(void **state)
{
    (void)state;
    TT tt = table_of(64);
    uint64_t key = key_in(64, 17, 0);
    Move move = move_make(12, 28);
    tt_store(&tt, key, 9, -1234, 56, BOUND_LOWER, move);
    const TTEntry *e = probe(&tt, key);
    assert_non_null(e);
    assert_true(e->key == key);
    assert_int_equal(e->move, move);
    assert_int_equal(e->score, -1234);
    assert_int_equal(e->eval, 56);
    assert_int_equal(e->depth, 9);
    assert_int_equal(tt_bound(e), BOUND_LOWER);

    /* Only the exact key matches: same bucket with other high bits, other buckets, one bit off. */
    assert_null(probe(&tt, key_in(64, 17, 1)));
    assert_null(probe(&tt, key ^ (1ULL << 63)));
    assert_null(probe(&tt, key ^ 1));

    /* Quiescence entries (negative depth) are stored with depth 0. */
    uint64_t q = key_in(64, 5, 0);
    tt_store(&tt, q, -1, 7, 7, BOUND_UPPER, MOVE_NONE);
    e = probe(&tt, q);
    assert_non_null(e);
    assert_int_equal(e->depth, 0);
    assert_int_equal(tt_bound(e), BOUND_UPPER);

    /* Every bound survives the packing with every generation. */
    for (int g = 0; g < 64; g++) {
        for (int bound = BOUND_UPPER; bound <= BOUND_EXACT; bound++) {
            tt_store(&tt, key, 3, g, bound, bound, move);
            e = probe(&tt, key);
            assert_non_null(e);
            assert_int_equal(tt_bound(e), bound);
            assert_int_equal(e->generation_bound >> 2, tt.generation);
        }
        tt_new_search(&tt);
    }
}

static void test_clear_forgets_everything(void **state)
{
    (void)state;
    TT tt = table_of(64);
    for (size_t b = 0; b < 64; b++)
        tt_store(&tt, key_in(64, b, 0), 5, 1, 1, BOUND_EXACT, move_make(1, 2));
    assert_non_null(probe(&tt, key_in(64, 40, 0)));
    tt_clear(&tt);
    for (size_t b = 0; b < 64; b++)
        assert_null(probe(&tt, key_in(64, b, 0)));
    for (size_t i = 0; i < 64; i++) {
        static const TTBucket zero;
        assert_memory_equal(&table_memory[i], &zero, sizeof zero);
    }
}

static void test_depth_preferred_and_always_replace(void **state)
{
    (void)state;
    TT tt = table_of(8);
    uint64_t deep = key_in(8, 6, 0), a = key_in(8, 6, 1), b = key_in(8, 6, 2), c = key_in(8, 6, 3);

    tt_store(&tt, deep, 10, 100, 0, BOUND_EXACT, move_make(1, 2));
    /* Shallower results for other positions go to the always-replace slot ... */
    tt_store(&tt, a, 4, 200, 0, BOUND_EXACT, move_make(3, 4));
    assert_non_null(probe(&tt, deep));
    assert_non_null(probe(&tt, a));
    assert_true(key_at(&table_memory[6].depth_preferred) == deep);
    assert_true(key_at(&table_memory[6].always) == a);
    /* ... which the next one replaces, even when it is shallower still. */
    tt_store(&tt, b, 1, 300, 0, BOUND_UPPER, move_make(5, 6));
    assert_null(probe(&tt, a));
    assert_non_null(probe(&tt, b));
    assert_int_equal(probe(&tt, deep)->depth, 10);

    /* Depth 9 is not enough for the depth-preferred slot ... */
    tt_store(&tt, c, 9, 400, 0, BOUND_LOWER, MOVE_NONE);
    assert_int_equal(probe(&tt, deep)->score, 100);
    assert_true(key_at(&table_memory[6].always) == c);
    /* ... an equal depth is. */
    tt_store(&tt, a, 10, 500, 0, BOUND_LOWER, MOVE_NONE);
    assert_null(probe(&tt, deep));
    assert_true(key_at(&table_memory[6].depth_preferred) == a);
    assert_int_equal(probe(&tt, a)->score, 500);
    assert_non_null(probe(&tt, c)); /* the always slot was not touched */

    /* The same position always updates its depth-preferred entry, even with less depth. */
    tt_store(&tt, a, 2, 600, 0, BOUND_UPPER, MOVE_NONE);
    assert_true(key_at(&table_memory[6].depth_preferred) == a);
    assert_int_equal(probe(&tt, a)->depth, 2);
    assert_int_equal(probe(&tt, a)->score, 600);
    assert_non_null(probe(&tt, c));

    /* Other buckets are untouched by all this. */
    for (size_t i = 0; i < 8; i++)
        if (i != 6)
            assert_null(probe(&tt, key_in(8, i, 0)));
}

/* Threads share the table without locks: a slot whose key word comes from one write and whose
 * data word from another (a read during a write) must be a miss for both keys. */
static void test_torn_entry_is_a_miss(void **state)
{
    (void)state;
    TT tt = table_of(8);
    uint64_t a = key_in(8, 3, 0), b = key_in(8, 3, 1);
    tt_store(&tt, a, 12, 150, 20, BOUND_EXACT, move_make(12, 28));
    TTEntry written_a = table_memory[3].depth_preferred;
    tt_clear(&tt);
    tt_store(&tt, b, 3, -40, 7, BOUND_LOWER, move_make(6, 21));
    TTEntry written_b = table_memory[3].depth_preferred;
    assert_non_null(probe(&tt, b));

    /* a's key word with b's data, and the other way round. */
    TTEntry torn = written_b;
    torn.key = written_a.key;
    table_memory[3].depth_preferred = torn;
    assert_null(probe(&tt, a));
    assert_null(probe(&tt, b));
    torn = written_a;
    torn.key = written_b.key;
    table_memory[3].depth_preferred = torn;
    assert_null(probe(&tt, a));
    assert_null(probe(&tt, b));

    /* Whole again: found. */
    table_memory[3].depth_preferred = written_a;
    assert_int_equal(probe(&tt, a)->score, 150);
}

static void test_newer_generation_replaces(void **state)
{
    (void)state;
    TT tt = table_of(8);
    uint64_t old = key_in(8, 2, 0), fresh = key_in(8, 2, 1), other = key_in(8, 2, 2);
    tt_store(&tt, old, 30, 1, 0, BOUND_EXACT, move_make(8, 16));
    tt_new_search(&tt);
    /* A depth-1 result of the new search takes the slot of a depth-30 one of the last search. */
    tt_store(&tt, fresh, 1, 2, 0, BOUND_EXACT, MOVE_NONE);
    assert_true(key_at(&table_memory[2].depth_preferred) == fresh);
    assert_null(probe(&tt, old));
    /* Within the same search the usual rule is back: the shallower one goes to always. */
    tt_store(&tt, other, 0, 3, 0, BOUND_EXACT, MOVE_NONE);
    assert_true(key_at(&table_memory[2].depth_preferred) == fresh);
    assert_true(key_at(&table_memory[2].always) == other);

    /* The generation has 6 bits: 64 searches later it is the same again. */
    uint8_t g = tt.generation;
    for (int i = 0; i < 64; i++) {
        tt_new_search(&tt);
        assert_true(tt.generation < 64);
    }
    assert_int_equal(tt.generation, g);
}

static void test_entry_without_move_keeps_the_old_move(void **state)
{
    (void)state;
    TT tt = table_of(8);
    uint64_t k = key_in(8, 1, 0), other = key_in(8, 1, 1), third = key_in(8, 1, 2);
    Move move = move_make(52, 36);

    tt_store(&tt, k, 6, 10, 0, BOUND_LOWER, move);
    tt_store(&tt, k, 7, 20, 0, BOUND_UPPER, MOVE_NONE); /* same position, no move: keep it */
    const TTEntry *e = probe(&tt, k);
    assert_int_equal(e->move, move);
    assert_int_equal(e->score, 20);
    assert_int_equal(e->depth, 7);
    assert_int_equal(tt_bound(e), BOUND_UPPER);

    /* A new move does replace the old one. */
    tt_store(&tt, k, 7, 20, 0, BOUND_LOWER, move_make(1, 18));
    assert_int_equal(probe(&tt, k)->move, move_make(1, 18));

    /* Another position without a move does not inherit the slot's move. */
    tt_store(&tt, other, 1, 0, 0, BOUND_EXACT, move); /* into the always slot */
    tt_store(&tt, third, 1, 0, 0, BOUND_EXACT, MOVE_NONE);
    e = probe(&tt, third);
    assert_non_null(e);
    assert_int_equal(e->move, MOVE_NONE);
    /* The same rule in the always slot. */
    tt_store(&tt, third, 2, 5, 0, BOUND_EXACT, move);
    tt_store(&tt, third, 3, 6, 0, BOUND_EXACT, MOVE_NONE);
    assert_true(key_at(&table_memory[1].always) == third);
    assert_int_equal(probe(&tt, third)->move, move);
    assert_int_equal(probe(&tt, third)->score, 6);
}

/* ---- hashfull ------------------------------------------------------------------------------- */

static void test_hashfull(void **state)
{
    (void)state;
    TT tt = table_of(TABLE_BUCKETS); /* 1024 buckets: the first 500 are sampled */
    assert_int_equal(tt_hashfull(&tt), 0);

    for (size_t b = 0; b < 250; b++)
        tt_store(&tt, key_in(TABLE_BUCKETS, b, 0), 8, 0, 0, BOUND_EXACT, MOVE_NONE);
    assert_int_equal(tt_hashfull(&tt), 250); /* 250 of 1000 sampled entries */
    for (size_t b = 0; b < 100; b++)         /* shallower: into the always slots */
        tt_store(&tt, key_in(TABLE_BUCKETS, b, 1), 2, 0, 0, BOUND_UPPER, MOVE_NONE);
    assert_int_equal(tt_hashfull(&tt), 350);
    for (size_t b = 500; b < TABLE_BUCKETS; b++) /* beyond the sample */
        tt_store(&tt, key_in(TABLE_BUCKETS, b, 0), 8, 0, 0, BOUND_EXACT, MOVE_NONE);
    assert_int_equal(tt_hashfull(&tt), 350);

    /* Entries of the previous search do not count. */
    tt_new_search(&tt);
    assert_int_equal(tt_hashfull(&tt), 0);
    tt_store(&tt, key_in(TABLE_BUCKETS, 300, 0), 1, 0, 0, BOUND_EXACT, MOVE_NONE); /* empty */
    assert_int_equal(tt_hashfull(&tt), 1);
    /* 63 searches later the old generation is current again. */
    for (int i = 0; i < 63; i++)
        tt_new_search(&tt);
    assert_int_equal(tt_hashfull(&tt), 350);

    /* A table smaller than the sample: every entry counts. */
    tt = table_of(4);
    for (size_t b = 0; b < 4; b++)
        tt_store(&tt, key_in(4, b, 0), 8, 0, 0, BOUND_EXACT, MOVE_NONE);
    assert_int_equal(tt_hashfull(&tt), 500);
    for (size_t b = 0; b < 4; b++)
        tt_store(&tt, key_in(4, b, 1), 1, 0, 0, BOUND_EXACT, MOVE_NONE);
    assert_int_equal(tt_hashfull(&tt), 1000);
    tt = table_of(1);
    tt_store(&tt, 42, 1, 0, 0, BOUND_EXACT, MOVE_NONE);
    assert_int_equal(tt_hashfull(&tt), 500);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mate_scores_are_stored_relative_to_the_node),
        cmocka_unit_test(test_score_round_trip_at_every_ply),
        cmocka_unit_test(test_mate_score_through_the_table),
        cmocka_unit_test(test_cutoff_per_bound),
        cmocka_unit_test(test_attach_rounds_down_to_a_power_of_two),
        cmocka_unit_test(test_attach_refuses_too_little_memory),
        cmocka_unit_test(test_attach_does_not_write_the_memory),
        cmocka_unit_test(test_empty_table_finds_nothing),
        cmocka_unit_test(test_store_then_probe),
        cmocka_unit_test(test_clear_forgets_everything),
        cmocka_unit_test(test_depth_preferred_and_always_replace),
        cmocka_unit_test(test_torn_entry_is_a_miss),
        cmocka_unit_test(test_newer_generation_replaces),
        cmocka_unit_test(test_entry_without_move_keeps_the_old_move),
        cmocka_unit_test(test_hashfull),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
