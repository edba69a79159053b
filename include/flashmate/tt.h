/*
 * Transposition table: buckets of two 16-byte entries, one kept by depth (replaced only by a
 * deeper or newer search) and one always replaced. Mate scores are stored relative to the node
 * (adjusted by ply) so they stay correct when the position is reached by another path.
 * The memory is handed in by the port (heap on hosts, a static array on microcontrollers).
 * https://www.chessprogramming.org/Transposition_Table
 */
#ifndef FLASHMATE_TT_H
#define FLASHMATE_TT_H

#include <stddef.h>

#include "flashmate/search_types.h"

/* An entry as the table holds it: 8 bytes of key and 8 of data. Threads share the table without
 * locks, so an entry may be read while another thread writes it; the stored key is the
 * position's key XOR the data word, and an entry whose halves come from different writes fails
 * the key check (a torn entry is a miss, never a wrong move or score). */
typedef struct TTEntry {
    uint64_t key; /* in the table: the key XOR the data; as tt_probe hands it out: the key */
    Move move;
    int16_t score;
    int16_t eval;
    uint8_t depth;
    uint8_t generation_bound; /* generation << 2 | bound */
} TTEntry;

typedef struct TTBucket {
    TTEntry depth_preferred;
    TTEntry always;
} TTBucket;

typedef struct TT {
    TTBucket *buckets;
    size_t mask; /* bucket count - 1 (a power of two) */
    uint8_t generation;
} TT;

/* Use `bytes` of zeroed memory at `memory` (rounded down to a power-of-two number of buckets);
 * it is not written here, so a large lazily-zeroed block costs nothing until used. Returns false
 * if fewer than one bucket fits. */
bool tt_attach(TT *tt, void *memory, size_t bytes);
void tt_clear(TT *tt);
static inline void tt_new_search(TT *tt) { tt->generation = (uint8_t)((tt->generation + 1) & 63); }

/* Start loading the bucket of a key into cache; the probe comes a little later. */
static inline void tt_prefetch(const TT *tt, uint64_t key)
{
    __builtin_prefetch(&tt->buckets[(size_t)key & tt->mask]);
}

/* The entry of `key`, copied to *entry: false if there is none. */
bool tt_probe(const TT *tt, uint64_t key, TTEntry *entry);
void tt_store(TT *tt, uint64_t key, int depth, int score, int eval, int bound, Move move);
/* Permille of sampled entries written by the current search. */
int tt_hashfull(const TT *tt);

static inline int tt_bound(const TTEntry *e) { return e->generation_bound & 3; }

#endif
