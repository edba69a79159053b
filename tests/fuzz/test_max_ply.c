/*
 * The search's depth bound, exercised: built with FLASHMATE_MAX_PLY = 12 and assertions on
 * (whatever the build type), so that ordinary searches reach the bound. `go depth 1000` on
 * positions full of checks, captures and mates must clamp the depth, keep every ply below
 * MAX_PLY (the search asserts it on entry to every node) and report seldepth and PV lengths
 * within it. At least one search must actually reach ply MAX_PLY - 1, or the test proves
 * nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flashmate/uci.h"
#include "fuzz_port.h"

#if MAX_PLY_EXPECTED != FLASHMATE_MAX_PLY
#error "test_max_ply must be built with the shallow core (FLASHMATE_MAX_PLY = MAX_PLY_EXPECTED)"
#endif

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    "3k4/8/3K4/8/8/8/8/1Q6 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "q3k3/8/8/8/8/8/8/3QK2Q b - - 0 1",
    "r1b1k1nr/pppp1ppp/2n5/2b1p1q1/2B1P1Q1/2N5/PPPP1PPP/R1B1K1NR w KQkq - 0 1",
    "8/8/8/8/8/8/8/k6K w - - 0 1",
};

static int failures;

static void check(bool ok, const char *fen, const char *what)
{
    if (!ok) {
        printf("FAIL %s: %s\n", fen, what);
        failures++;
    }
}

int main(void)
{
    Engine *e = malloc(sizeof *e);
    char line[160];
    int deepest = 0;
    if (!e || !engine_setup(e, 1)) {
        printf("FAIL: engine_setup\n");
        return 1;
    }
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        snprintf(line, sizeof line, "position fen %s", fens[i]);
        uci_execute(e, line);
        fuzz_port_clear_output();
        uci_execute(e, "go depth 1000 nodes 50000");
        const char *out = fuzz_port_output();
        check(strstr(out, "bestmove ") != NULL, fens[i], "no bestmove");
        for (const char *s = strstr(out, "seldepth "); s; s = strstr(s + 1, "seldepth ")) {
            int seldepth = atoi(s + 9);
            check(seldepth < MAX_PLY, fens[i], "seldepth reached MAX_PLY");
            deepest = seldepth > deepest ? seldepth : deepest;
        }
        for (const char *s = strstr(out, "info depth "); s; s = strstr(s + 1, "info depth "))
            check(atoi(s + 11) <= MAX_PLY - 4, fens[i], "depth not clamped to MAX_PLY - 4");
        for (const char *s = strstr(out, " pv "); s; s = strstr(s + 1, " pv ")) {
            int moves = 0;
            for (const char *p = s + 3; *p && *p != '\n'; p++)
                moves += *p == ' ';
            check(moves <= MAX_PLY, fens[i], "PV longer than MAX_PLY");
        }
    }
    check(deepest == MAX_PLY - 1, "all positions", "no search reached ply MAX_PLY - 1");
    engine_release(e);
    free(e);
    printf("MAX_PLY %d: deepest ply %d, %s\n", MAX_PLY, deepest, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
