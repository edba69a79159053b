/*
 * The searches' room bounds, exercised: the core again with a move stack of 320 moves (as the
 * 8 KB board has), a stack guard over a stack budget the fuzz port counts, and assertions on
 * (whatever the build type). Chess and Xiangqi searches to `go depth 1000` within a node budget
 * must each give a bestmove without writing past the move stack (both searches assert it when
 * they generate a node's list). Then on a stack with room for half the lines a probe search
 * took (measured, so that any compiler's frames will do), the guard must refuse nodes and
 * shorten the lines in each game without the stack ever running out. The lines are compared by
 * the stack they take, not by their plies: a refused node changes the tree, and a guarded
 * search may well report a deeper seldepth than the unguarded one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flashmate/uci.h"
#include "fuzz_port.h"

#if !defined(FLASHMATE_STACK_GUARD_BYTES) || FLASHMATE_MOVE_STACK_MAX >= FLASHMATE_MOVE_STACK_FULL
#error "test_search_room must be built with the roomless core (short move stack, stack guard)"
#endif

/* The stack of the probe searches, more than any of them takes. */
enum { PROBE_STACK = 1 << 20 };

typedef struct Game {
    const char *variant;
    const char *const *fens;
    size_t count;
} Game;

static const char *const chess_fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    "r1b1k1nr/pppp1ppp/2n5/2b1p1q1/2B1P1Q1/2N5/PPPP1PPP/R1B1K1NR w KQkq - 0 1",
};

static const char *const xiangqi_fens[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
    "2bakab2/9/4c4/p1p1C1p1p/9/9/P1P3P1P/4B4/9/2BAKA3 b - - 0 1",
    "r2akab1r/4n4/1cn1b2c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2B1NC1/9/RN1AKAB1R w - - 0 1",
};

static const Game games_tried[] = {
    {"chess", chess_fens, sizeof chess_fens / sizeof chess_fens[0]},
    {"xiangqi", xiangqi_fens, sizeof xiangqi_fens / sizeof xiangqi_fens[0]},
};

static int failures;

static void check(bool ok, const char *fen, const char *what)
{
    if (!ok) {
        printf("FAIL %s: %s\n", fen, what);
        failures++;
    }
}

/* Search every position of the game; returns the deepest seldepth reported. */
static int search_all(Engine *e, const Game *game)
{
    char line[200];
    int deepest = 0;
    snprintf(line, sizeof line, "setoption name UCI_Variant value %s", game->variant);
    uci_execute(e, line);
    for (size_t i = 0; i < game->count; i++) {
        snprintf(line, sizeof line, "position fen %s", game->fens[i]);
        uci_execute(e, "ucinewgame");
        uci_execute(e, line);
        fuzz_port_clear_output();
        uci_execute(e, "go depth 1000 nodes 40000");
        const char *out = fuzz_port_output();
        check(strstr(out, "bestmove ") != NULL && !strstr(out, "bestmove 0000"), game->fens[i],
              "no bestmove");
        for (const char *s = strstr(out, "seldepth "); s; s = strstr(s + 1, "seldepth ")) {
            int seldepth = atoi(s + 9);
            deepest = seldepth > deepest ? seldepth : deepest;
        }
    }
    return deepest;
}

int main(void)
{
    Engine *e = malloc(sizeof *e);
    if (!e || !engine_setup(e, 1)) {
        printf("FAIL: engine_setup\n");
        return 1;
    }
    for (size_t g = 0; g < sizeof games_tried / sizeof games_tried[0]; g++) {
        const Game *game = &games_tried[g];
        /* The move stack alone. */
        fuzz_port_set_stack_budget(0);
        int deepest = search_all(e, game);
        /* A probe on a deep stack: the frames above the first node that asks (ply 1) and the
         * stack its deepest lines take below it, whatever the compiler makes of the frames. */
        fuzz_port_set_stack_budget(PROBE_STACK);
        search_all(e, game);
        size_t above = PROBE_STACK - fuzz_port_stack_high();
        size_t line = fuzz_port_stack_high() - fuzz_port_stack_low();
        /* Then a stack with room for half of those lines above the guard's reserve. */
        size_t budget = above + line / 2 + FLASHMATE_STACK_GUARD_BYTES;
        fuzz_port_set_stack_budget(budget);
        int guarded = search_all(e, game);
        size_t low = fuzz_port_stack_low();
        size_t guarded_line = fuzz_port_stack_high() - low;
        fuzz_port_set_stack_budget(0);
        check(low < FLASHMATE_STACK_GUARD_BYTES, game->variant,
              "the stack guard never refused a node");
        check(low > 0, game->variant, "the search ran out of its stack budget");
        check(guarded_line < line, game->variant, "the stack guard did not shorten the lines");
        printf("%s: move stack %d moves: deepest ply %d, lines of %zu bytes of stack below ply 1 "
               "(%zu above it); a stack of %zu bytes, guard %d: deepest ply %d, lines of %zu "
               "bytes, least stack left %zu bytes\n",
               game->variant, MOVE_STACK_MAX, deepest, line, above, budget,
               FLASHMATE_STACK_GUARD_BYTES, guarded, guarded_line, low);
    }
    engine_release(e);
    free(e);
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
