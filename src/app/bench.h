/* The host program's benchmarks (src/app/bench.c). */
#ifndef FLASHMATE_APP_BENCH_H
#define FLASHMATE_APP_BENCH_H

#include "flashmate/uci.h"

/* `flashmate bench`: searches the bench positions to `depth` with the engine's game (chess),
 * prints the node count, nodes per second and time; returns the node count. */
uint64_t bench_run(Engine *e, int depth);

#endif
