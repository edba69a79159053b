/* Search kernel for the dense slider layout: fixed-shift magics whose tables overlap.
 *
 * Built and driven by gen/dense_search.py (python3 -m gen dense-search); the normal
 * regeneration never needs it. One run: read a state (a magic and an offset per table, magic 0
 * for "none yet") on stdin, improve it for a number of seconds, write the best state on stdout.
 * Progress goes to stderr as "phase NAME total N rook R bishop B" lines.
 *
 * Tables 0..63 are the rooks' (index = ((occ & mask) * magic) >> 52), 64..127 the bishops'
 * (>> 55). They share one array; a table placed at offset o uses slot o + index for each index
 * some occupancy maps to. A slot belongs to at most one table here (the generator also accepts
 * two tables agreeing on a slot, which this search does not look for).
 *
 * The search: a table's magic is improved by local moves (flip bits of the magic, or draw a new
 * sparse one) and re-placed first-fit, lowest offset whose slots are all free; a move is kept
 * when the table ends no higher than before. Tables that end at the array's end are picked
 * most often, since only they decide its length.
 * https://www.chessprogramming.org/Magic_Bitboards (fixed shift fancy, overlapping tables)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TABLES 128
#define ROOK_BITS 12
#define BISHOP_BITS 9
#define INIT_TRIES 20000
#define CAPACITY (64 * 4096 + 64 * 512 + 4096)

typedef struct {
    uint64_t mask;
    int shift;
    int size;      /* 1 << index bits */
    int nocc;      /* 2^popcount(mask) occupancies */
    uint64_t *occ; /* the occupancies */
    uint16_t *att; /* attack-set id of each occupancy (ids are per table) */
} Square;

typedef struct {
    uint64_t magic;
    int offset;
    int span; /* highest used index + 1 */
    int nused;
    uint16_t used[4096]; /* the used indices */
} Placement;

static Square squares[TABLES];
static Placement current[TABLES];
static int16_t owner[CAPACITY];              /* table number, or -1 for a free slot */
static uint64_t free_map[CAPACITY / 64 + 2]; /* bit set: the slot is free */
static uint64_t rng_state;

static void set_owner(int slot, int t)
{
    owner[slot] = (int16_t)t;
    if (t < 0)
        free_map[slot / 64] |= (uint64_t)1 << (slot % 64);
    else
        free_map[slot / 64] &= ~((uint64_t)1 << (slot % 64));
}

/* The free bits of slots slot .. slot + 63, bit 0 for slot. */
static uint64_t free_bits(int slot)
{
    int word = slot / 64, bit = slot % 64;
    if (bit == 0)
        return free_map[word];
    return free_map[word] >> bit | free_map[word + 1] << (64 - bit);
}

/* SplitMix64 (Vigna's splitmix64.c). */
static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint64_t rng_sparse(void) { return rng_next() & rng_next() & rng_next(); }

static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* Attacks of a slider on sq along the given directions, stopping at the first occupied square. */
static uint64_t ray_attacks(int sq, uint64_t occ, const int (*dirs)[2])
{
    uint64_t result = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            result |= (uint64_t)1 << (r * 8 + f);
            if (occ & ((uint64_t)1 << (r * 8 + f)))
                break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return result;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

/* The mask (rays without their last square), the occupancies and their attack ids. */
static void setup_square(int t)
{
    Square *s = &squares[t];
    int sq = t % 64;
    const int(*dirs)[2] = t < 64 ? rook_dirs : bishop_dirs;
    s->mask = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (f + dirs[d][0] >= 0 && f + dirs[d][0] < 8 && r + dirs[d][1] >= 0 &&
               r + dirs[d][1] < 8) {
            s->mask |= (uint64_t)1 << (r * 8 + f);
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    int bits = t < 64 ? ROOK_BITS : BISHOP_BITS;
    s->shift = 64 - bits;
    s->size = 1 << bits;
    s->nocc = 1 << __builtin_popcountll(s->mask);
    s->occ = malloc(sizeof *s->occ * (size_t)s->nocc);
    s->att = malloc(sizeof *s->att * (size_t)s->nocc);
    uint64_t *sets = malloc(sizeof *sets * (size_t)s->nocc);
    if (!s->occ || !s->att || !sets) {
        fprintf(stderr, "dense_kernel: out of memory\n");
        exit(1);
    }
    int nsets = 0;
    uint64_t occ = 0;
    for (int i = 0; i < s->nocc; i++) {
        uint64_t a = ray_attacks(sq, occ, dirs);
        int id = 0;
        while (id < nsets && sets[id] != a)
            id++;
        if (id == nsets)
            sets[nsets++] = a;
        s->occ[i] = occ;
        s->att[i] = (uint16_t)id;
        occ = (occ - s->mask) & s->mask; /* Carry-Rippler: the next subset */
    }
    free(sets);
}

/* Fill p with the used indices of magic on table t; 0 if two occupancies with different
 * attacks collide. */
static int evaluate(int t, uint64_t magic, Placement *p)
{
    static uint16_t slot_att[4096];
    static uint32_t slot_stamp[4096];
    static uint32_t stamp;
    const Square *s = &squares[t];
    stamp++;
    p->magic = magic;
    p->nused = 0;
    p->span = 0;
    for (int i = 0; i < s->nocc; i++) {
        int index = (int)((s->occ[i] * magic) >> s->shift);
        if (slot_stamp[index] == stamp) {
            if (slot_att[index] != s->att[i])
                return 0;
            continue;
        }
        slot_stamp[index] = stamp;
        slot_att[index] = s->att[i];
        p->used[p->nused++] = (uint16_t)index;
        if (index + 1 > p->span)
            p->span = index + 1;
    }
    return 1;
}

/* The lowest offset <= limit where every used slot of p is free, or -1. Works 64 offsets at
 * a time: bit k of `fit` says offset o + k is still possible. */
static int first_fit(const Placement *p, int limit)
{
    for (int o = 0; o <= limit; o += 64) {
        uint64_t fit = ~(uint64_t)0;
        if (limit - o < 63)
            fit = ((uint64_t)1 << (limit - o + 1)) - 1;
        for (int i = 0; fit && i < p->nused; i++)
            fit &= free_bits(o + p->used[i]);
        if (fit)
            return o + __builtin_ctzll(fit);
    }
    return -1;
}

static void place(int t, const Placement *p, int offset)
{
    current[t] = *p;
    current[t].offset = offset;
    for (int i = 0; i < p->nused; i++)
        set_owner(offset + p->used[i], t);
}

static void unplace(int t)
{
    const Placement *p = &current[t];
    for (int i = 0; i < p->nused; i++)
        set_owner(p->offset + p->used[i], -1);
}

static int end_of(int t) { return current[t].offset + current[t].span; }

static int total_length(void)
{
    int length = 0;
    for (int t = 0; t < TABLES; t++)
        if (end_of(t) > length)
            length = end_of(t);
    return length;
}

static void report(const char *phase)
{
    long rook = 0, bishop = 0;
    for (int t = 0; t < TABLES; t++)
        *(t < 64 ? &rook : &bishop) += current[t].nused;
    fprintf(stderr, "phase %s total %d rook %ld bishop %ld\n", phase, total_length(), rook, bishop);
    fflush(stderr);
}

/* A magic bit that moves relevant square b of table t to index bit k: shift + k - b. */
static int aimed_bit(int t)
{
    const Square *s = &squares[t];
    uint64_t mask = s->mask;
    int n = __builtin_popcountll(mask), pick = (int)(rng_next() % (uint64_t)n);
    while (pick-- > 0)
        mask &= mask - 1;
    int b = __builtin_ctzll(mask), k = (int)(rng_next() % (uint64_t)(64 - s->shift));
    return (s->shift + k - b) & 63;
}

/* A new candidate magic for table t: a few bits of the current one flipped (half of them
 * aimed, moving a relevant square to an index bit), or a fresh sparse one. */
static uint64_t mutate(int t, uint64_t magic)
{
    uint64_t r = rng_next();
    if ((r & 31) == 0 || magic == 0)
        return rng_sparse();
    int flips = 1 + (int)((r >> 5) & 1) + (int)((r >> 6) & 1);
    for (int i = 0; i < flips; i++) {
        uint64_t bit = (uint64_t)1 << ((rng_next() & 1) ? aimed_bit(t) : (int)(rng_next() & 63));
        /* Mostly a flipped bit; sometimes a power of two subtracted, whose borrow makes a run
         * of ones: a far square then adds a little less than a multiple of the index step,
         * which a nearer square's contribution can absorb (attacks that agree share an index). */
        if ((r >> (8 + i)) & 7)
            magic ^= bit;
        else
            magic -= bit;
    }
    return magic;
}

/* How good a magic is on its own: few used slots first, then a short span. */
static long score(const Placement *p) { return (long)p->span * 4 + p->nused; }

/* A magic that would move the relevant squares to distinct index bits below 2^popcount if no
 * two of its products met (often they do, and it is invalid). The mask is cut into runs of
 * adjacent squares (a rank's squares, cut at random places); one magic bit moves a whole run,
 * the runs go to consecutive index bits in a random order. */
static uint64_t constructed(int t)
{
    const Square *s = &squares[t];
    int start[12], length[12], runs = 0;
    for (uint64_t mask = s->mask; mask; mask &= mask - 1) {
        int b = __builtin_ctzll(mask);
        if (runs > 0 && start[runs - 1] + length[runs - 1] == b && (rng_next() & 3) != 0)
            length[runs - 1]++;
        else {
            start[runs] = b;
            length[runs++] = 1;
        }
    }
    for (int i = runs - 1; i > 0; i--) {
        int j = (int)(rng_next() % (uint64_t)(i + 1));
        int a = start[i], l = length[i];
        start[i] = start[j];
        length[i] = length[j];
        start[j] = a;
        length[j] = l;
    }
    /* Each run to a random free block of index bits, below 2^popcount where possible; a
	 * multiply only moves bits up, so a run can't go below its square - shift. */
    int bits = 64 - s->shift, n = __builtin_popcountll(s->mask);
    unsigned taken = 0;
    uint64_t magic = 0;
    for (int i = 0; i < runs; i++) {
        int low = start[i] - s->shift > 0 ? start[i] - s->shift : 0, fits[12], nfits = 0;
        for (int pass = 0; nfits == 0 && pass < 2; pass++)
            for (int k = low; k + length[i] <= (pass == 0 ? n : bits); k++)
                if ((taken >> k & ((1u << length[i]) - 1)) == 0)
                    fits[nfits++] = k;
        if (nfits == 0)
            return rng_sparse();
        int k = fits[rng_next() % (uint64_t)nfits];
        taken |= ((1u << length[i]) - 1) << k;
        magic |= (uint64_t)1 << ((s->shift + k - start[i]) & 63);
    }
    return magic;
}

/* A valid magic for table t: the best of constructed and sparse candidates, then hill
 * climbing over `tries` evaluations, keeping moves that do not make the score worse. */
static void initial_magic(int t, int tries, Placement *best)
{
    static Placement cand, walk;
    while (!evaluate(t, rng_sparse(), &walk))
        ;
    for (int k = 0; k < tries * 10; k++)
        if (evaluate(t, constructed(t), &cand) && score(&cand) < score(&walk))
            walk = cand;
    *best = walk;
    for (int k = 0; k < tries; k++) {
        if (evaluate(t, mutate(t, walk.magic), &cand) && score(&cand) <= score(&walk)) {
            walk = cand;
            if (score(&walk) < score(best))
                *best = walk;
        }
    }
}

/* One improvement move on table t; returns 1 if its placement changed. */
static int improve(int t, int tries)
{
    static Placement cand, best;
    int old_end = end_of(t), old_offset = current[t].offset;
    unplace(t);
    best = current[t];
    int best_offset = first_fit(&best, old_offset);
    int best_end = best_offset + best.span;
    for (int k = 0; k < tries; k++) {
        uint64_t magic = k % 8 == 7 ? constructed(t) : mutate(t, current[t].magic);
        if (!evaluate(t, magic, &cand))
            continue;
        int limit = best_end - cand.span;
        if (limit < 0)
            continue;
        int o = first_fit(&cand, limit);
        if (o < 0)
            continue;
        if (o + cand.span < best_end || cand.nused < best.nused) {
            best = cand;
            best_offset = o;
            best_end = o + cand.span;
        }
    }
    place(t, &best, best_offset);
    return best_end < old_end || best_offset != old_offset;
}

/* Ruin and recreate: take out the table that ends last and a few others (most of them near
 * the end), put them back widest first, each at its best of a few candidate magics, lowest
 * offset first; kept if the array got no longer, else everything goes back as it was. */
static int recreate(void)
{
    static Placement saved[8], cand, best;
    int chosen[8], count = 2 + (int)(rng_next() % 5), length = total_length();
    for (int i = 0; i < count; i++) {
        int t, again;
        do {
            if (i == 0 || (rng_next() & 1)) {
                int tails[TABLES], ntails = 0, window = 64 + (int)(rng_next() % 4096);
                for (int u = 0; u < TABLES; u++)
                    if (end_of(u) > length - window)
                        tails[ntails++] = u;
                t = tails[rng_next() % (uint64_t)ntails];
            } else {
                t = (int)(rng_next() % TABLES);
            }
            again = 0;
            for (int j = 0; j < i; j++)
                again |= chosen[j] == t;
        } while (again);
        chosen[i] = t;
    }
    for (int i = 0; i < count; i++) {
        saved[i] = current[chosen[i]];
        unplace(chosen[i]);
    }
    for (int i = 0; i < count; i++) /* widest first */
        for (int j = i + 1; j < count; j++)
            if (saved[j].span > saved[i].span) {
                int t = chosen[i];
                chosen[i] = chosen[j];
                chosen[j] = t;
                cand = saved[i];
                saved[i] = saved[j];
                saved[j] = cand;
            }
    for (int i = 0; i < count; i++) {
        int t = chosen[i];
        best = saved[i];
        int best_offset = first_fit(&best, CAPACITY - 4096 - best.span);
        for (int k = 0; k < 8; k++) {
            uint64_t magic = k % 4 == 3 ? constructed(t) : mutate(t, saved[i].magic);
            if (!evaluate(t, magic, &cand))
                continue;
            int limit = best_offset + best.span - cand.span;
            if (limit < 0)
                continue;
            int o = first_fit(&cand, limit);
            if (o >= 0 && o + cand.span < best_offset + best.span) {
                best = cand;
                best_offset = o;
            }
        }
        place(t, &best, best_offset);
    }
    if (total_length() <= length)
        return 1;
    for (int i = 0; i < count; i++)
        unplace(chosen[i]);
    for (int i = 0; i < count; i++)
        place(chosen[i], &saved[i], saved[i].offset);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: dense_kernel SEED SECONDS < state > state\n");
        return 2;
    }
    rng_state = strtoull(argv[1], NULL, 0);
    double seconds = strtod(argv[2], NULL);
    double start = cpu_seconds();
    for (int t = 0; t < TABLES; t++)
        setup_square(t);
    for (int i = 0; i < CAPACITY; i++)
        set_owner(i, -1);

    /* Read the state; place the tables that have one, in order, remembering the others. */
    int missing[TABLES], nmissing = 0;
    for (int t = 0; t < TABLES; t++) {
        unsigned long long magic;
        int offset;
        if (scanf("%llx %d", &magic, &offset) != 2) {
            fprintf(stderr, "dense_kernel: bad state line %d\n", t + 1);
            return 1;
        }
        static Placement p;
        if (magic == 0 || !evaluate(t, magic, &p)) {
            missing[nmissing++] = t;
            current[t].span = 0;
            current[t].nused = 0;
            current[t].offset = 0;
            continue;
        }
        int ok = offset >= 0 && offset + p.span <= CAPACITY - 4096;
        for (int i = 0; ok && i < p.nused; i++)
            ok = owner[offset + p.used[i]] < 0;
        if (!ok)
            offset = first_fit(&p, CAPACITY - 4096 - p.span);
        place(t, &p, offset);
    }

    /* Phase init: tables without a magic get one, the widest placed first. */
    if (nmissing > 0) {
        static Placement fresh[TABLES];
        for (int i = 0; i < nmissing; i++)
            initial_magic(missing[i], INIT_TRIES, &fresh[missing[i]]);
        for (int i = 0; i < nmissing; i++)
            for (int j = i + 1; j < nmissing; j++)
                if (fresh[missing[j]].span > fresh[missing[i]].span) {
                    int swap = missing[i];
                    missing[i] = missing[j];
                    missing[j] = swap;
                }
        for (int i = 0; i < nmissing; i++) {
            int t = missing[i];
            place(t, &fresh[t], first_fit(&fresh[t], CAPACITY - 4096 - fresh[t].span));
        }
        long spans = 0;
        for (int t = 0; t < TABLES; t++)
            spans += current[t].span;
        fprintf(stderr, "phase init: the new tables span %ld slots\n", spans);
        report("init");
    }

    /* Phase improve: local moves until the time is up; every fourth move is a ruin and
	 * recreate of several tables around the array's end. */
    double last_report = cpu_seconds();
    long moves = 0;
    for (long step = 0; cpu_seconds() - start < seconds; step++) {
        if (step % 4 == 3) {
            moves += recreate();
        } else {
            int length = total_length(), t;
            if (rng_next() & 1) {
                int tails[TABLES], ntails = 0;
                for (int u = 0; u < TABLES; u++)
                    if (end_of(u) > length - 64)
                        tails[ntails++] = u;
                t = tails[rng_next() % (uint64_t)ntails];
            } else {
                t = (int)(rng_next() % TABLES);
            }
            moves += improve(t, 24);
        }
        if (cpu_seconds() - last_report >= 2.0) {
            last_report = cpu_seconds();
            report("improve");
        }
    }
    report("done");
    for (int t = 0; t < TABLES; t++)
        printf("%016llx %d\n", (unsigned long long)current[t].magic, current[t].offset);
    fprintf(stderr, "moves %ld\n", moves);
    return 0;
}
