/*
 * `flashmate bench`: fixed chess positions searched to a fixed depth, each from an empty
 * transposition table and history. The total node count is the search's signature: functional
 * commits state it (`Bench: N`), refactors keep it.
 */
#include "bench.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "port/port.h"

uint64_t bench_run(Engine *e, int depth)
{
    static const char *const fens[] = {
        FEN_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 w - - 0 20",
        "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPP3PP/R2Q1R1K w - - 0 14",
        "3r1rk1/p1q2ppp/1pn1p3/2p5/2P1P3/P1B2Q2/4BPPP/3R1RK1 b - - 0 18",
    };
    uint64_t nodes = 0, start = port_time_ms();
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        SearchLimits limits;
        memset(&limits, 0, sizeof limits);
        limits.time_ms[WHITE] = limits.time_ms[BLACK] = -1;
        limits.depth = depth;
        tt_clear(&e->tt);
        e->game->search_clear(&e->search);
        e->game->set_fen(&e->position, fens[i], NULL);
        SearchResult r = e->game->search(&e->search, &e->position, NULL, 0, &limits, NULL);
        nodes += r.nodes;
    }
    uint64_t ms = port_time_ms() - start;
    printf("Nodes searched: %" PRIu64 "\nNodes/second: %" PRIu64 "\nTime (ms): %" PRIu64 "\n",
           nodes, ms ? nodes * 1000 / ms : nodes * 1000, ms);
    return nodes;
}
