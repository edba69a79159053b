/*
 * Xiangqi static exchange evaluation (xq_see_ge): positions whose exchange on one square is
 * worked out by hand, capture by capture, in the engine's piece values (xq_piece_value). Each
 * case is checked over a sweep of thresholds around its value v (true up to v, false above),
 * and again on the position turned upside down with colours exchanged and Black to move.
 *
 * The cases that matter most for Xiangqi are the cannon's: a piece that captures may take away
 * a cannon's screen (the cannon behind it can no longer recapture) or leave one screen where
 * there were two (a cannon that could not recapture now can).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "flashmate/xiangqi.h"
#include "flashmate/xiangqi_search.h"
#include "mirror_fen.h"

typedef struct SeeCase {
    const char *what;
    const char *fen;  /* Red to move */
    const char *move; /* ICCS */
    int value;        /* the exchange's outcome for the side to move */
} SeeCase;

/* The move with its ranks mirrored: e3e6 becomes e6e3. */
static void mirror_move(const char *move, char *out)
{
    snprintf(out, 5, "%c%c%c%c", move[0], '9' - move[1] + '0', move[2], '9' - move[3] + '0');
}

static void check_exchange(const char *what, const char *fen, const char *text, int value)
{
    XqPosition pos;
    ParseError err;
    if (!xq_set_fen(&pos, fen, &err))
        fail_msg("%s: bad FEN %s", what, fen);
    Move move = xq_parse_iccs_move(&pos, text);
    if (move == MOVE_NONE)
        fail_msg("%s: %s is not legal in %s", what, text, fen);
    for (int threshold = value - 400; threshold <= value + 400; threshold += 10) {
        bool expected = threshold <= value;
        if (xq_see_ge(&pos, move, threshold) != expected)
            fail_msg("%s (%s, %s): see_ge(%d) should be %s, the exchange is worth %d", what, fen,
                     text, threshold, expected ? "true" : "false", value);
    }
    if (!xq_see_ge(&pos, move, value) || xq_see_ge(&pos, move, value + 1))
        fail_msg("%s (%s, %s): the exchange should be worth exactly %d", what, fen, text, value);
}

static void check_case(const SeeCase *c)
{
    check_exchange(c->what, c->fen, c->move, c->value);
    char fen[128], move[5];
    mirror_colours(c->fen, fen, sizeof fen);
    mirror_move(c->move, move);
    check_exchange(c->what, fen, move, c->value);
}

static void test_exchanges(void **state)
{
    (void)state;
    const int P = xq_piece_value(XQ_PAWN), H = xq_piece_value(XQ_HORSE);
    const int C = xq_piece_value(XQ_CANNON), R = xq_piece_value(XQ_ROOK);
    SeeCase cases[] = {
        {"chariot takes an undefended soldier", "5k3/9/9/4p4/9/9/4R4/9/9/3K5 w - - 0 1", "e3e6", P},
        {"chariot takes a soldier a horse defends", "5k3/3n5/9/4p4/9/9/4R4/9/9/3K5 w - - 0 1",
         "e3e6", P - R},
        {"chariot steps where a soldier takes it", "5k3/9/9/4p4/9/9/4R4/9/9/3K5 w - - 0 1", "e3e5",
         -R},
        {"cannon over a screen takes a chariot a horse defends",
         "5k3/9/9/9/2n6/4r4/9/9/4A4/3KC4 w - - 0 1", "e0e4", R - C},
        {"the chariot was the cannon's screen: the cannon cannot recapture",
         "5k3/3n5/9/4n4/9/9/4R4/9/9/3KC4 w - - 0 1", "e3e6", H - R},
        {"a later capture takes the cannon's screen: the soldier recaptures, the cannon cannot",
         "4rk3/3n5/9/4n4/4P4/3N5/9/9/9/3KC4 w - - 0 1", "d4e6", H - P},
        {"the soldier was one of two screens: now the cannon recaptures, so Black does not",
         "5k3/4c4/4b4/9/4n4/4P4/9/4N4/9/3KC4 w - - 0 1", "e4e5", H},
        {"the same without the red cannon: Black's cannon wins the soldier back",
         "5k3/4c4/4b4/9/4n4/4P4/9/4N4/9/3K5 w - - 0 1", "e4e5", H - P},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exchanges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
