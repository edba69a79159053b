/*
 * Static exchange evaluation (see_ge): positions whose exchange on one square is worked out by
 * hand, move by move, in the engine's own piece values (eval_see_value). Each case is checked at
 * its exact value v (see_ge(v) true, see_ge(v + 1) false), over a sweep of thresholds around it,
 * and again on the colour-mirrored position with Black to move.
 *
 * The implementation's conventions, as src/see.c defines them: a side may stop capturing
 * whenever continuing loses; pins are ignored (a pinned piece still takes part); the king
 * recaptures only when the other side has no attacker left; en passant, promotions and castling
 * are scored as even (0) whatever they capture.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "flashmate/position.h"
#include "flashmate/search.h"

#include "chess/eval.h"

static int P, N, B, R, Q; /* the engine's exchange values, read in setup */

static int read_values(void **state)
{
    (void)state;
    P = eval_see_value(PAWN);
    N = eval_see_value(KNIGHT);
    B = eval_see_value(BISHOP);
    R = eval_see_value(ROOK);
    Q = eval_see_value(QUEEN);
    return 0;
}

typedef struct SeeCase {
    const char *what;
    const char *fen;
    const char *move;
    int value; /* the exchange's outcome for the side to move, filled in by each test */
} SeeCase;

/* The same position with colours exchanged and the board turned upside down. */
static void mirror_fen(const char *fen, char *out, size_t size)
{
    char placement[96], side[4], castling[8], ep[4], rest[32];
    if (sscanf(fen, "%95s %3s %7s %3s %31[^\n]", placement, side, castling, ep, rest) != 5)
        fail_msg("cannot mirror FEN %s", fen);

    char flipped[96];
    size_t n = 0;
    const char *end = placement + strlen(placement);
    while (end > placement) { /* ranks from the last (rank 1) to the first */
        const char *start = end;
        while (start > placement && start[-1] != '/')
            start--;
        for (const char *c = start; c < end; c++) {
            char ch = *c;
            if (ch >= 'a' && ch <= 'z')
                ch = (char)(ch - 'a' + 'A');
            else if (ch >= 'A' && ch <= 'Z')
                ch = (char)(ch - 'A' + 'a');
            flipped[n++] = ch;
        }
        end = start > placement ? start - 1 : placement;
        if (start > placement)
            flipped[n++] = '/';
    }
    flipped[n] = '\0';

    char rights[8] = "";
    if (strcmp(castling, "-") == 0) {
        strcpy(rights, "-");
    } else {
        size_t k = 0;
        for (const char *order = "kqKQ"; *order; order++)
            if (strchr(castling, *order))
                rights[k++] = (char)(*order >= 'a' ? *order - 'a' + 'A' : *order - 'A' + 'a');
        rights[k] = '\0';
    }
    if (ep[0] != '-')
        ep[1] = (char)('1' + '8' - ep[1]);
    snprintf(out, size, "%s %s %s %s %s", flipped, side[0] == 'w' ? "b" : "w", rights, ep, rest);
}

static void mirror_move(const char *move, char *out)
{
    strcpy(out, move);
    out[1] = (char)('1' + '8' - out[1]);
    out[3] = (char)('1' + '8' - out[3]);
}

static void check_one(const char *what, const char *fen, const char *text, int value)
{
    Position pos;
    ParseError err;
    if (!pos_set_fen(&pos, fen, &err))
        fail_msg("%s: FEN rejected: %s: %s", what, fen, err.message);
    Move move = pos_parse_uci_move(&pos, text);
    if (move == MOVE_NONE)
        fail_msg("%s: %s is not legal in %s", what, text, fen);

    Position before = pos;
    if (!see_ge(&pos, move, value))
        fail_msg("%s: see_ge(%s, %d) is false in %s, the exchange is worth %d", what, text, value,
                 fen, value);
    if (see_ge(&pos, move, value + 1))
        fail_msg("%s: see_ge(%s, %d) is true in %s, the exchange is worth only %d", what, text,
                 value + 1, fen, value);
    for (int t = value - 1200; t <= value + 1200; t += 7) {
        bool expected = t <= value;
        if (see_ge(&pos, move, t) != expected)
            fail_msg("%s: see_ge(%s, %d) is %s in %s, the exchange is worth %d", what, text, t,
                     expected ? "false" : "true", fen, value);
    }
    if (!see_ge(&pos, move, -VALUE_INFINITE) || see_ge(&pos, move, VALUE_INFINITE))
        fail_msg("%s: see_ge(%s) at +-VALUE_INFINITE in %s", what, text, fen);
    assert_memory_equal(&before, &pos, sizeof pos); /* const really is const */
}

static void check_cases(const SeeCase *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        check_one(cases[i].what, cases[i].fen, cases[i].move, cases[i].value);
        char fen[256], move[8], what[160];
        mirror_fen(cases[i].fen, fen, sizeof fen);
        mirror_move(cases[i].move, move);
        snprintf(what, sizeof what, "%s (mirrored, Black to move)", cases[i].what);
        check_one(what, fen, move, cases[i].value);
    }
}

#define CHECK(cases) check_cases(cases, sizeof cases / sizeof cases[0])

/* The cases below work out each exchange assuming the usual order of values. */
static void test_piece_values_are_ordered(void **state)
{
    (void)state;
    assert_true(0 < P && P < N && N <= B && B < R && R < Q);
    assert_int_equal(eval_see_value(KING), 0);
    assert_true(2 * N > R); /* "rook behind rook recaptures last" ends ahead */
}

static void test_mirror_helper(void **state)
{
    (void)state;
    char out[256], move[8];
    mirror_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w Kq d6 0 2", out, sizeof out);
    assert_string_equal(out, "r3k2r/8/8/8/3Pp3/8/1p6/R3K2R b Qk d3 0 2");
    mirror_move("b7a8q", move);
    assert_string_equal(move, "b2a1q");
}

static void test_undefended_captures_win_the_piece(void **state)
{
    (void)state;
    SeeCase cases[] = {
        {"rook takes a free knight", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5", N},
        {"pawn takes a free queen", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", Q},
        {"king takes a free pawn", "7k/8/8/3pK3/8/8/8/8 w - - 0 1", "e5d5", P},
    };
    CHECK(cases);
}

static void test_defended_captures(void **state)
{
    (void)state;
    SeeCase cases[] = {
        /* RxP, cxR: the rook is lost for a pawn. */
        {"rook takes a pawn defended by a pawn", "4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5",
         P - R},
        /* PxN, exP: a knight for a pawn. */
        {"pawn takes a knight defended by a pawn", "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5",
         N - P},
        /* BxN, exB: bishop and knight differ by a few centipawns. */
        {"bishop takes a knight defended by a pawn", "4k3/8/4p3/3n4/8/8/6B1/4K3 w - - 0 1", "g2d5",
         N - B},
        /* NxN, exN: an even trade. */
        {"knight takes a knight defended by a pawn", "4k3/8/4p3/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5",
         N - N},
        /* NxP; QxN would lose the queen to Rd1xd5, so Black does not recapture. */
        {"defender declines a losing recapture", "3q3k/8/8/3p4/5N2/8/8/3R3K w - - 0 1", "f4d5", P},
    };
    CHECK(cases);
}

static void test_x_rays(void **state)
{
    (void)state;
    SeeCase cases[] = {
        /* NxN, NxN, Rd2xN, NxR, then Rd1 (hidden behind Rd2 until it leaves) takes the knight:
         * 320 - 320 + 320 - 500 + 320. */
        {"rook behind rook recaptures last", "7k/8/1n3n2/3n4/8/4N3/3R4/3R3K w - - 0 1", "e3d5",
         2 * N - R},
        /* Without Rd1, Black's second knight would win the rook: White stops after NxN, NxN. */
        {"same without the second rook", "7k/8/1n3n2/3n4/8/4N3/3R4/7K w - - 0 1", "e3d5", 0},
        /* NxP, cxN, Rd2xP, RxR, Qd1xR (the queen behind the rook): White gives a knight for two
         * pawns, better than stopping after cxN. */
        {"queen behind rook", "3r3k/8/2p5/3p4/5N2/8/3R4/3Q3K w - - 0 1", "f4d5", P - N + P},
        {"same without the queen", "3r3k/8/2p5/3p4/5N2/8/3R4/7K w - - 0 1", "f4d5", P - N},
        /* NxP, exN; Rd1xP would now lose the rook to the bishop that the e6 pawn uncovered. */
        {"bishop behind the recapturing pawn", "7k/5b2/4p3/3p4/8/2N5/8/3R3K w - - 0 1", "c3d5",
         P - N},
        {"same without the bishop", "7k/8/4p3/3p4/8/2N5/8/3R3K w - - 0 1", "c3d5", P - N + P},
        /* Qh2 (quiet), QxQ, RxQ, then Rh8 behind the black queen takes the rook: a rook down,
         * better for White than leaving the queen (and the best Black can do). */
        {"queen into a queen-rook battery", "k6r/8/3Q4/7q/8/8/8/K6R w - - 0 1", "d6h2", -R},
        /* The moving rook uncovers the enemy rook behind it: RxP, RxR. */
        {"enemy rook behind the capturing rook", "7k/8/8/3p4/8/8/3R3K/3r4 w - - 0 1", "d2d5",
         P - R},
    };
    CHECK(cases);
}

static void test_kings(void **state)
{
    (void)state;
    SeeCase cases[] = {
        /* RxP and the king on e6 may not take back: Rd1 guards d5. */
        {"king cannot recapture on a guarded square", "8/8/4k3/3p4/8/8/3R4/3R3K w - - 0 1", "d2d5",
         P},
        {"king recaptures an unguarded rook", "8/8/4k3/3p4/8/8/8/3R3K w - - 0 1", "d1d5", P - R},
        /* RxP, cxR, KxP: Black has nothing left, so the white king may take the pawn. */
        {"own king recaptures last", "7k/8/2p5/3pK3/8/8/8/3R4 w - - 0 1", "d1d5", P - R + P},
        /* The same, but Rd8 still guards d5 after cxR: the king may not recapture. */
        {"own king may not recapture into a guard", "3r3k/8/2p5/3pK3/8/8/8/3R4 w - - 0 1", "d1d5",
         P - R},
    };
    CHECK(cases);
}

static void test_pins_are_ignored(void **state)
{
    (void)state;
    SeeCase cases[] = {
        /* Ne7 is pinned to the king by Re1 and could not really recapture, but SEE ignores
         * pins: RxP, NxR. */
        {"pinned knight counts as a defender", "4k3/4n3/8/3p4/8/8/8/3RR2K w - - 0 1", "d1d5",
         P - R},
        /* White's Ne3 is pinned to its king by Bh6 and could not really recapture; SEE lets it:
         * RxN, RxR, NxR, so Black does best not to take back. */
        {"pinned knight counts as an attacker", "3r3k/8/7b/3n4/8/4N3/8/2KR4 w - - 0 1", "d1d5", N},
    };
    CHECK(cases);
}

static void test_quiet_moves(void **state)
{
    (void)state;
    SeeCase cases[] = {
        {"knight to a safe square", "4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1", "g1h3", 0},
        {"knight into a pawn's capture", "4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1", "g1f3", -N},
        /* Nf3, exN, gxP: a knight for a pawn. */
        {"defended knight into a pawn's capture", "4k3/8/8/8/4p3/8/6P1/4K1N1 w - - 0 1", "g1f3",
         P - N},
    };
    CHECK(cases);
}

static void test_special_moves_count_as_even(void **state)
{
    (void)state;
    SeeCase cases[] = {
        {"en passant of an unguarded pawn", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 0},
        {"en passant into a guarded square", "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 0},
        {"promotion taking a rook", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 0},
        {"under-promotion taking a rook", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", 0},
        {"quiet promotion onto a guarded square", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 0},
        {"castling", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0},
    };
    CHECK(cases);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_piece_values_are_ordered),
        cmocka_unit_test(test_mirror_helper),
        cmocka_unit_test(test_undefended_captures_win_the_piece),
        cmocka_unit_test(test_defended_captures),
        cmocka_unit_test(test_x_rays),
        cmocka_unit_test(test_kings),
        cmocka_unit_test(test_pins_are_ignored),
        cmocka_unit_test(test_quiet_moves),
        cmocka_unit_test(test_special_moves_count_as_even),
    };
    return cmocka_run_group_tests(tests, read_values, NULL);
}
