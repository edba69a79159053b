#include "flashmate/tt.h"

#include <string.h>

bool tt_attach(TT *tt, void *memory, size_t bytes)
{
    size_t count = bytes / sizeof(TTBucket);
    if (!memory || count == 0)
        return false;
    while (count & (count - 1))
        count &= count - 1; /* round down to a power of two */
    tt->buckets = memory;
    tt->mask = count - 1;
    tt->generation = 0;
    return true;
}

void tt_clear(TT *tt)
{
    if (tt->buckets)
        memset(tt->buckets, 0, (tt->mask + 1) * sizeof(TTBucket));
}

static inline TTBucket *bucket_of(const TT *tt, uint64_t key)
{
    return &tt->buckets[(size_t)key & tt->mask];
}

const TTEntry *tt_probe(const TT *tt, uint64_t key)
{
    const TTBucket *b = bucket_of(tt, key);
    if (b->depth_preferred.key == key && tt_bound(&b->depth_preferred) != BOUND_NONE)
        return &b->depth_preferred;
    if (b->always.key == key && tt_bound(&b->always) != BOUND_NONE)
        return &b->always;
    return NULL;
}

static void write_entry(TTEntry *e, uint64_t key, int depth, int score, int eval, int bound,
                        Move move, uint8_t generation)
{
    /* Keep the old move when the new result has none for the same position. */
    if (move != MOVE_NONE || e->key != key)
        e->move = move;
    e->key = key;
    e->score = (int16_t)score;
    e->eval = (int16_t)eval;
    e->depth = (uint8_t)(depth < 0 ? 0 : depth);
    e->generation_bound = (uint8_t)(generation << 2 | bound);
}

void tt_store(TT *tt, uint64_t key, int depth, int score, int eval, int bound, Move move)
{
    TTBucket *b = bucket_of(tt, key);
    TTEntry *deep = &b->depth_preferred;
    bool stale = (deep->generation_bound >> 2) != tt->generation;
    if (deep->key == key || stale || depth >= deep->depth || tt_bound(deep) == BOUND_NONE) {
        write_entry(deep, key, depth, score, eval, bound, move, tt->generation);
    } else {
        write_entry(&b->always, key, depth, score, eval, bound, move, tt->generation);
    }
}

int tt_hashfull(const TT *tt)
{
    size_t sample = tt->mask < 500 ? tt->mask + 1 : 500;
    int used = 0;
    for (size_t i = 0; i < sample; i++) {
        const TTBucket *b = &tt->buckets[i];
        used += tt_bound(&b->depth_preferred) != BOUND_NONE &&
                (b->depth_preferred.generation_bound >> 2) == tt->generation;
        used += tt_bound(&b->always) != BOUND_NONE &&
                (b->always.generation_bound >> 2) == tt->generation;
    }
    return sample ? (int)(used * 1000 / (int)(2 * sample)) : 0;
}
