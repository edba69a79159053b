/*
 * The chess evaluation seen from either side: on the balanced openings and on every position of
 * a seeded random game from each of them, eval_position must give the side to move the same
 * score when the board is turned over with the colours exchanged (ranks flipped, White's pieces
 * Black's, the side to move, castling rights and en-passant square with them). A term that
 * reads a table, a rank or a direction for one colour only fails this.
 * Then the endgame scale of bishops of opposite colours, and `eval`'s total against
 * eval_position.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "chess/eval.h"
#include "flashmate/movegen.h"
#include "flashmate/position.h"

enum { RANDOM_PLIES = 120 };

static Position position_of(const char *fen)
{
    Position pos;
    ParseError err;
    if (!pos_set_fen(&pos, fen, &err))
        fail_msg("bad FEN %s", fen);
    return pos;
}

/* The FEN of pos turned over: rank r becomes 7 - r and every piece changes colour. */
static void colours_exchanged(const Position *pos, char *out, size_t size)
{
    char fen[FEN_MAX_LENGTH];
    pos_get_fen(pos, fen);
    char placement[80], side[4], castling[8], ep[4];
    int halfmove, fullmove;
    if (sscanf(fen, "%79s %3s %7s %3s %d %d", placement, side, castling, ep, &halfmove,
               &fullmove) != 6)
        fail_msg("cannot read the FEN %s", fen);
    /* The ranks in reverse order, the case of every letter swapped. */
    char ranks[8][16];
    int count = 0;
    for (char *rank = strtok(placement, "/"); rank && count < 8; rank = strtok(NULL, "/"))
        snprintf(ranks[count++], sizeof ranks[0], "%s", rank);
    assert_int_equal(count, 8);
    char turned[80] = "";
    for (int r = 7; r >= 0; r--) {
        for (char *p = ranks[r]; *p; p++)
            *p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
        strcat(turned, ranks[r]);
        if (r)
            strcat(turned, "/");
    }
    char rights[8] = "";
    if (strcmp(castling, "-") == 0) {
        strcpy(rights, "-");
    } else {
        const char *order = "KQkq"; /* the swapped rights, in FEN order */
        size_t n = 0;
        for (const char *o = order; *o; o++) {
            char want = (char)(*o >= 'a' ? *o - 32 : *o + 32);
            if (strchr(castling, want))
                rights[n++] = *o;
        }
        rights[n] = '\0';
    }
    char turned_ep[4] = "-";
    if (strcmp(ep, "-") != 0)
        snprintf(turned_ep, sizeof turned_ep, "%c%c", ep[0], (char)('1' + '8' - ep[1]));
    snprintf(out, size, "%s %c %s %s %d %d", turned, side[0] == 'w' ? 'b' : 'w', rights, turned_ep,
             halfmove, fullmove);
}

static int check_symmetric(const Position *pos)
{
    char turned[FEN_MAX_LENGTH + 8], fen[FEN_MAX_LENGTH];
    colours_exchanged(pos, turned, sizeof turned);
    Position other = position_of(turned);
    int score = eval_position(pos), other_score = eval_position(&other);
    if (score != other_score) {
        pos_get_fen(pos, fen);
        fail_msg("%s scores %d for the side to move, with colours exchanged (%s) %d", fen, score,
                 turned, other_score);
    }
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
    FILE *f = fopen(FLASHMATE_TEST_DATA "/openings-balanced-200.epd", "r");
    assert_non_null(f);
    char line[512];
    int openings = 0, checked = 0;
    uint64_t seed = 1;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char placement[96], side[4], castling[8], ep[4];
        if (sscanf(line, "%95s %3s %7s %3s", placement, side, castling, ep) != 4)
            fail_msg("not an EPD line: %s", line);
        char fen[160];
        snprintf(fen, sizeof fen, "%s %s %s %s 0 1", placement, side, castling, ep);
        Position pos = position_of(fen);
        openings++;
        checked += check_symmetric(&pos);
        for (int ply = 0; ply < RANDOM_PLIES; ply++) {
            MoveList list;
            movegen_generate(&pos, GEN_LEGAL, &list);
            if (list.count == 0 || pos.halfmove_clock >= 100)
                break;
            Undo undo;
            pos_do_move(&pos, list.moves[next_random(&seed) % (uint64_t)list.count].move, &undo);
            checked += check_symmetric(&pos);
        }
    }
    fclose(f);
    assert_int_equal(openings, 200);
    assert_true(checked > 200 * RANDOM_PLIES / 2);
}

/* The final value of `eval` for White. */
static int eval_total(const char *fen)
{
    Position pos = position_of(fen);
    char text[2048];
    eval_explain(&pos, text, sizeof text);
    const char *end = strstr(text, "/64: ");
    int value = 0;
    if (!end || sscanf(end + 5, "%d", &value) != 1)
        fail_msg("no total in:\n%s", text);
    return value;
}

static void test_terms(void **state)
{
    (void)state;
    /* Opposite-coloured bishops with pawns scale the endgame by 32/64; same-coloured do not. */
    Position pos = position_of("4k3/5p2/4b3/8/8/2B5/1PP5/4K3 w - - 0 1");
    char text[2048];
    eval_explain(&pos, text, sizeof text);
    if (!strstr(text, "endgame scale 32/64"))
        fail_msg("opposite bishops, not scaled:\n%s", text);
    pos = position_of("4k3/5p2/3b4/8/8/2B5/1PP5/4K3 w - - 0 1");
    eval_explain(&pos, text, sizeof text);
    if (!strstr(text, "endgame scale 64/64"))
        fail_msg("bishops of one colour, scaled:\n%s", text);
    /* The total agrees with eval_position from White's side. */
    const char *fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 1";
    pos = position_of(fen);
    assert_int_equal(eval_total(fen), eval_position(&pos));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_terms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
