#include "flashmate/tt.h"

#include <stddef.h>
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

/* The data word of an entry: its 8 bytes after the key. */
static inline uint64_t data_of(const TTEntry *e)
{
    uint64_t data;
    memcpy(&data, (const char *)e + offsetof(TTEntry, move), sizeof data);
    return data;
}

_Static_assert(sizeof(TTEntry) == 16 && offsetof(TTEntry, move) == 8,
               "a table entry is a key word and a data word");

/* The entry at *slot as one read of each word (another thread may be writing it), its key
 * decoded: it is `key`'s if the halves belong together. */
static inline TTEntry read_entry(const TTEntry *slot)
{
    TTEntry e;
    memcpy(&e, slot, sizeof e);
    e.key ^= data_of(&e);
    return e;
}

bool tt_probe(const TT *tt, uint64_t key, TTEntry *entry)
{
    const TTBucket *b = bucket_of(tt, key);
    TTEntry e = read_entry(&b->depth_preferred);
    if (e.key != key || tt_bound(&e) == BOUND_NONE) {
        e = read_entry(&b->always);
        if (e.key != key || tt_bound(&e) == BOUND_NONE)
            return false;
    }
    *entry = e;
    return true;
}

static void write_entry(TTEntry *slot, const TTEntry *old, uint64_t key, int depth, int score,
                        int eval, int bound, Move move, uint8_t generation)
{
    TTEntry e = {
        .key = 0,
        /* Keep the old move when the new result has none for the same position. */
        .move = move != MOVE_NONE || old->key != key ? move : old->move,
        .score = (int16_t)score,
        .eval = (int16_t)eval,
        .depth = (uint8_t)(depth < 0 ? 0 : depth),
        .generation_bound = (uint8_t)(generation << 2 | bound),
    };
    e.key = key ^ data_of(&e);
    memcpy(slot, &e, sizeof e);
}

void tt_store(TT *tt, uint64_t key, int depth, int score, int eval, int bound, Move move)
{
    TTBucket *b = bucket_of(tt, key);
    TTEntry deep = read_entry(&b->depth_preferred);
    bool stale = (deep.generation_bound >> 2) != tt->generation;
    if (deep.key == key || stale || depth >= deep.depth || tt_bound(&deep) == BOUND_NONE) {
        write_entry(&b->depth_preferred, &deep, key, depth, score, eval, bound, move,
                    tt->generation);
    } else {
        TTEntry always = read_entry(&b->always);
        write_entry(&b->always, &always, key, depth, score, eval, bound, move, tt->generation);
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
    return sample ? (int)((int32_t)used * 1000 / (int32_t)(2 * sample)) : 0; /* 32 bits (AVR) */
}
