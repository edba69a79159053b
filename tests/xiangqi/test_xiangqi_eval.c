/*
 * The Xiangqi evaluation (xq_evaluate) seen from either side: on the balanced openings and on
 * every position of a seeded random game from each of them, it must give the same score for
 * the side to move when the position is turned over with colours exchanged (mirror_colours)
 * and when its files are read right to left (mirror_files). A term that reads a table or a
 * square for one colour only, or a piece-square table that is not symmetric, fails this.
 * Then the terms on the general's lines, by their king-safety row of `eval`: a hollow cannon, a
 * chariot behind one piece and a cannon behind two cost (against the same piece on a1, out of reach);
 * one piece more between them does not.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "flashmate/xiangqi.h"
#include "flashmate/xiangqi_search.h"
#include "mirror_fen.h"

enum { RANDOM_PLIES = 160 };

static XqPosition position_of(const char *fen)
{
    XqPosition pos;
    ParseError err;
    if (!xq_set_fen(&pos, fen, &err))
        fail_msg("bad FEN %s", fen);
    return pos;
}

/* The same score after both mirrors; the number of positions checked. */
static int check_symmetric(const XqPosition *pos)
{
    char fen[XQ_FEN_MAX_LENGTH], turned[XQ_FEN_MAX_LENGTH];
    xq_get_fen(pos, fen);
    int score = xq_evaluate(pos);
    mirror_colours(fen, turned, sizeof turned);
    XqPosition other = position_of(turned);
    if (xq_evaluate(&other) != score)
        fail_msg("%s scores %d, with colours exchanged (%s) %d", fen, score, turned,
                 xq_evaluate(&other));
    mirror_files(fen, turned, sizeof turned);
    other = position_of(turned);
    if (xq_evaluate(&other) != score)
        fail_msg("%s scores %d, with files mirrored (%s) %d", fen, score, turned,
                 xq_evaluate(&other));
    return 1;
}

static uint64_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    return *state >> 33;
}

static void test_symmetry(void **state)
{
    (void)state;
    FILE *f = fopen(FLASHMATE_TEST_DATA "/xiangqi-openings-150.epd", "r");
    assert_non_null(f);
    char line[512];
    int openings = 0, checked = 0;
    uint64_t seed = 1;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char placement[96], side;
        if (sscanf(line, "%95s %c", placement, &side) != 2)
            fail_msg("not an EPD line: %s", line);
        char fen[128];
        snprintf(fen, sizeof fen, "%s %c - - 0 1", placement, side);
        XqPosition pos = position_of(fen);
        openings++;
        checked += check_symmetric(&pos);
        for (int ply = 0; ply < RANDOM_PLIES; ply++) {
            ScoredMove moves[MAX_MOVES];
            int count = xq_generate_write(&pos, XQ_GEN_LEGAL, moves);
            if (count == 0)
                break;
            XqUndo undo;
            xq_do_move(&pos, moves[next_random(&seed) % (uint64_t)count].move, &undo);
            checked += check_symmetric(&pos);
        }
    }
    fclose(f);
    assert_int_equal(openings, 150);
    assert_true(checked > 150 * RANDOM_PLIES / 2);
}

/* The king-safety row of xq_eval_explain for Black (the general on e9 in every case below). */
static int black_king_safety(const char *fen)
{
    XqPosition pos = position_of(fen);
    char text[2048];
    xq_eval_explain(&pos, text, sizeof text);
    const char *row = strstr(text, "king safety |");
    int red = 0, black = 0;
    if (!row || sscanf(row, "king safety | %d | %d |", &red, &black) != 2)
        fail_msg("no king-safety row in:\n%s", text);
    return black;
}

static void test_general_lines(void **state)
{
    (void)state;
    /* Each pair: the piece lined up with the general, then the position with it on a1 instead,
     * where it reaches nothing of Black's palace (its file is empty, its rank is Red's back
     * rank) and the phase, which blends the row, stays the same. */
    struct {
        const char *what, *lined_up, *without;
        bool costs;
    } cases[] = {
        {"a hollow cannon", "4k4/9/9/9/9/9/9/4C4/9/3K5 b - - 0 1",
         "4k4/9/9/9/9/9/9/9/9/C2K5 b - - 0 1", true},
        {"a chariot behind one piece", "4k4/9/9/9/4P4/9/9/4R4/9/3K5 b - - 0 1",
         "4k4/9/9/9/4P4/9/9/9/9/R2K5 b - - 0 1", true},
        {"a chariot behind two pieces", "4k4/9/9/4p4/4P4/9/9/4R4/9/3K5 b - - 0 1",
         "4k4/9/9/4p4/4P4/9/9/9/9/R2K5 b - - 0 1", false},
        {"a cannon behind two pieces", "4k4/9/9/4p4/4P4/9/9/4C4/9/3K5 b - - 0 1",
         "4k4/9/9/4p4/4P4/9/9/9/9/C2K5 b - - 0 1", true},
        {"a cannon behind three pieces", "4k4/4a4/9/4P4/4P4/9/9/4C4/9/3K5 b - - 0 1",
         "4k4/4a4/9/4P4/4P4/9/9/9/9/C2K5 b - - 0 1", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int lined_up = black_king_safety(cases[i].lined_up);
        int without = black_king_safety(cases[i].without);
        if (cases[i].costs ? lined_up >= without : lined_up != without)
            fail_msg("%s: king safety %d lined up (%s), %d without it (%s)", cases[i].what,
                     lined_up, cases[i].lined_up, without, cases[i].without);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_general_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
