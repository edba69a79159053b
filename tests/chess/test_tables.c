/*
 * Table tests: every generated table is compared with a slow reference computed here by walking
 * (file, rank) coordinates. The expectations never come from the generated tables, gen/ or the
 * internals of attacks.h. Each test stops at its first mismatch and names the table, the square
 * and the occupancy, so a broken table gives one line, not thousands.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/attacks.h"
#include "flashmate/types.h"
#include "chess/tables.h"
#include "chess/zobrist.h"

/* ---- Reference geometry: (file, rank) walking, nothing shared with the engine ---------------- */

typedef struct Step {
    int df, dr;
} Step;

static const Step KNIGHT_STEPS[8] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
static const Step KING_STEPS[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
static const Step ROOK_STEPS[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
static const Step BISHOP_STEPS[4] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
/* Pawn captures: White moves up the board (rank + 1), Black down. */
static const Step PAWN_STEPS[2][2] = {{{-1, 1}, {1, 1}}, {{-1, -1}, {1, -1}}};

static bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
static uint64_t bit_at(int file, int rank) { return 1ULL << (rank * 8 + file); }

/* Squares reached by one step of each offset that stays on the board. */
static uint64_t ref_leaper(int sq, const Step *steps, int count)
{
    uint64_t result = 0;
    for (int i = 0; i < count; i++) {
        int f = sq % 8 + steps[i].df, r = sq / 8 + steps[i].dr;
        if (on_board(f, r))
            result |= bit_at(f, r);
    }
    return result;
}

/* Slider attacks: walk each ray to the edge, stopping after the first occupied square. */
static uint64_t ref_slider(int sq, uint64_t occ, const Step *steps)
{
    uint64_t result = 0;
    for (int i = 0; i < 4; i++) {
        int f = sq % 8 + steps[i].df, r = sq / 8 + steps[i].dr;
        for (; on_board(f, r); f += steps[i].df, r += steps[i].dr) {
            result |= bit_at(f, r);
            if (occ & bit_at(f, r))
                break;
        }
    }
    return result;
}

/* Relevant occupancy: the rays without their last (edge) square, which never blocks anything. */
static uint64_t ref_mask(int sq, const Step *steps)
{
    uint64_t mask = 0;
    for (int i = 0; i < 4; i++) {
        int f = sq % 8 + steps[i].df, r = sq / 8 + steps[i].dr;
        for (; on_board(f, r) && on_board(f + steps[i].df, r + steps[i].dr);
             f += steps[i].df, r += steps[i].dr)
            mask |= bit_at(f, r);
    }
    return mask;
}

static int sign(int x) { return (x > 0) - (x < 0); }

/* Direction from a to b if the squares share a rank, file or diagonal (and differ), else false. */
static bool ref_direction(int a, int b, Step *step)
{
    int df = b % 8 - a % 8, dr = b / 8 - a / 8;
    if (a == b || (df != 0 && dr != 0 && abs(df) != abs(dr)))
        return false;
    step->df = sign(df);
    step->dr = sign(dr);
    return true;
}

static uint64_t ref_between(int a, int b)
{
    Step s;
    uint64_t result = 0;
    if (!ref_direction(a, b, &s))
        return 0;
    for (int f = a % 8 + s.df, r = a / 8 + s.dr; f != b % 8 || r != b / 8; f += s.df, r += s.dr)
        result |= bit_at(f, r);
    return result;
}

/* The whole line through a and b, edge to edge, both included. */
static uint64_t ref_line(int a, int b)
{
    Step s;
    uint64_t result = 0;
    if (!ref_direction(a, b, &s))
        return 0;
    for (int dir = -1; dir <= 1; dir += 2)
        for (int f = a % 8, r = a / 8; on_board(f, r); f += dir * s.df, r += dir * s.dr)
            result |= bit_at(f, r);
    return result;
}

static int ref_popcount(uint64_t b)
{
    int n = 0;
    for (; b; b &= b - 1)
        n++;
    return n;
}

/* Deterministic xorshift64* so that a failure reproduces:
 * https://vigna.di.unimi.it/ftp/papers/xorshift.pdf */
static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rng_next(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

/* A random occupancy of varying density (sparse boards find different bugs than dense ones). */
static uint64_t rng_occupancy(int i)
{
    switch (i % 4) {
    case 0: return rng_next() & rng_next() & rng_next();
    case 1: return rng_next() & rng_next();
    case 2: return rng_next();
    default: return rng_next() | rng_next();
    }
}

/* ---- Failure messages ------------------------------------------------------------------------ */

#define HEX64 "0x%016" PRIx64

static const char *square_name(int sq)
{
    static char names[64][3];
    names[sq][0] = (char)('a' + sq % 8);
    names[sq][1] = (char)('1' + sq / 8);
    names[sq][2] = '\0';
    return names[sq];
}

static void expect_bb(const char *table, int sq, uint64_t got, uint64_t want)
{
    if (got != want)
        fail_msg("%s %s: got " HEX64 " want " HEX64 " (diff " HEX64 ")", table, square_name(sq),
                 got, want, got ^ want);
}

static void expect_bb_occ(const char *table, int sq, uint64_t occ, uint64_t got, uint64_t want)
{
    if (got != want)
        fail_msg("%s %s occ " HEX64 ": got " HEX64 " want " HEX64 " (diff " HEX64 ")", table,
                 square_name(sq), occ, got, want, got ^ want);
}

static void expect_bb_pair(const char *table, int a, int b, uint64_t got, uint64_t want)
{
    if (got != want)
        fail_msg("%s %s-%s: got " HEX64 " want " HEX64, table, square_name(a), square_name(b), got,
                 want);
}

/* ---- Leapers --------------------------------------------------------------------------------- */

static void test_knight_attacks(void **state)
{
    (void)state;
    for (int sq = 0; sq < 64; sq++) {
        expect_bb("knight_attacks_table", sq, fm_load(knight_attacks_table[sq]),
                  ref_leaper(sq, KNIGHT_STEPS, 8));
        expect_bb("attacks_knight", sq, attacks_knight(sq), ref_leaper(sq, KNIGHT_STEPS, 8));
    }
    /* Wrap checks: a knight near one edge never lands near the opposite edge. */
    const uint64_t files_ab = 0x0303030303030303ULL, files_gh = 0xC0C0C0C0C0C0C0C0ULL;
    for (int sq = 0; sq < 64; sq++) {
        uint64_t got = fm_load(knight_attacks_table[sq]);
        if (sq % 8 >= 6 && (got & files_ab))
            fail_msg("knight_attacks_table %s wraps onto the a/b files: " HEX64, square_name(sq),
                     got);
        if (sq % 8 <= 1 && (got & files_gh))
            fail_msg("knight_attacks_table %s wraps onto the g/h files: " HEX64, square_name(sq),
                     got);
    }
    expect_bb("knight_attacks_table", SQ_A1, fm_load(knight_attacks_table[SQ_A1]),
              bit_at(1, 2) | bit_at(2, 1));
    expect_bb("knight_attacks_table", SQ_H8, fm_load(knight_attacks_table[SQ_H8]),
              bit_at(6, 5) | bit_at(5, 6));
}

static void test_king_attacks(void **state)
{
    (void)state;
    for (int sq = 0; sq < 64; sq++) {
        expect_bb("king_attacks_table", sq, fm_load(king_attacks_table[sq]),
                  ref_leaper(sq, KING_STEPS, 8));
        expect_bb("attacks_king", sq, attacks_king(sq), ref_leaper(sq, KING_STEPS, 8));
    }
    const uint64_t file_a = 0x0101010101010101ULL, file_h = file_a << 7;
    for (int sq = 0; sq < 64; sq++) {
        uint64_t got = fm_load(king_attacks_table[sq]);
        if ((sq % 8 == 7 && (got & file_a)) || (sq % 8 == 0 && (got & file_h)))
            fail_msg("king_attacks_table %s wraps across the board edge: " HEX64, square_name(sq),
                     got);
        /* 3x3 block minus the king, clipped by the edges: 8 inside, 5 on an edge, 3 in a corner. */
        int files = sq % 8 == 0 || sq % 8 == 7 ? 2 : 3, ranks = sq / 8 == 0 || sq / 8 == 7 ? 2 : 3;
        int expected = files * ranks - 1;
        if (ref_popcount(got) != expected)
            fail_msg("king_attacks_table %s: %d squares, want %d", square_name(sq),
                     ref_popcount(got), expected);
    }
}

static void test_pawn_attacks(void **state)
{
    static const char *const names[2] = {"pawn_attacks_table[WHITE]", "pawn_attacks_table[BLACK]"};
    (void)state;
    for (int c = WHITE; c <= BLACK; c++)
        for (int sq = 0; sq < 64; sq++) {
            uint64_t want = ref_leaper(sq, PAWN_STEPS[c], 2);
            expect_bb(names[c], sq, fm_load(pawn_attacks_table[c][sq]), want);
            expect_bb("attacks_pawn", sq, attacks_pawn((Color)c, sq), want);
            expect_bb("attacks_pawns_set", sq, attacks_pawns_set((Color)c, 1ULL << sq), want);
        }
    /* Edge files attack one square; a pawn on its last rank attacks nothing (off the board). */
    for (int c = WHITE; c <= BLACK; c++)
        for (int rank = 0; rank < 8; rank++) {
            bool last = rank == (c == WHITE ? 7 : 0);
            for (int file = 0; file < 8; file += 7) {
                int sq = rank * 8 + file;
                int n = ref_popcount(fm_load(pawn_attacks_table[c][sq]));
                if (n != (last ? 0 : 1))
                    fail_msg("%s %s: %d squares attacked, want %d", names[c], square_name(sq), n,
                             last ? 0 : 1);
            }
        }
    expect_bb(names[WHITE], SQ_E8, fm_load(pawn_attacks_table[WHITE][SQ_E8]), 0);
    expect_bb(names[BLACK], SQ_E1, fm_load(pawn_attacks_table[BLACK][SQ_E1]), 0);
    expect_bb(names[WHITE], SQ_A1 + 8, fm_load(pawn_attacks_table[WHITE][SQ_A1 + 8]), bit_at(1, 2));
    expect_bb(names[BLACK], SQ_H8 - 8, fm_load(pawn_attacks_table[BLACK][SQ_H8 - 8]), bit_at(6, 5));
}

/* ---- Sliders --------------------------------------------------------------------------------- */

typedef uint64_t (*SliderFn)(int sq, Bitboard occ);

/* Every subset of the relevant mask (carry-rippler), then random boards with irrelevant bits,
 * the slider's own square, the empty and the full board. */
static void check_slider(const char *name, SliderFn attacks, const Step *steps)
{
    for (int sq = 0; sq < 64; sq++) {
        uint64_t mask = ref_mask(sq, steps);
        uint64_t sub = 0;
        do {
            expect_bb_occ(name, sq, sub, attacks(sq, sub), ref_slider(sq, sub, steps));
            sub = (sub - mask) & mask;
        } while (sub);

        uint64_t edge_cases[4] = {0, ~0ULL, ~mask, 1ULL << sq};
        for (int i = 0; i < 4; i++)
            expect_bb_occ(name, sq, edge_cases[i], attacks(sq, edge_cases[i]),
                          ref_slider(sq, edge_cases[i], steps));
        for (int i = 0; i < 2000; i++) {
            uint64_t occ = rng_occupancy(i) | (i & 1 ? 1ULL << sq : 0);
            expect_bb_occ(name, sq, occ, attacks(sq, occ), ref_slider(sq, occ, steps));
        }
    }
}

static uint64_t call_rook(int sq, Bitboard occ) { return attacks_rook(sq, occ); }
static uint64_t call_bishop(int sq, Bitboard occ) { return attacks_bishop(sq, occ); }

static void test_rook_attacks(void **state)
{
    (void)state;
    check_slider("attacks_rook", call_rook, ROOK_STEPS);
}

static void test_bishop_attacks(void **state)
{
    (void)state;
    check_slider("attacks_bishop", call_bishop, BISHOP_STEPS);
}

static void test_queen_attacks(void **state)
{
    (void)state;
    for (int sq = 0; sq < 64; sq++)
        for (int i = 0; i < 500; i++) {
            uint64_t occ = rng_occupancy(i) | (i & 1 ? 1ULL << sq : 0);
            uint64_t want = ref_slider(sq, occ, ROOK_STEPS) | ref_slider(sq, occ, BISHOP_STEPS);
            expect_bb_occ("attacks_queen", sq, occ, attacks_queen(sq, occ), want);
            expect_bb_occ("attacks_piece(QUEEN)", sq, occ, attacks_piece(QUEEN, sq, occ), want);
        }
}

/* The reference masks must reproduce the well-known table sizes, or the reference is wrong. */
static void test_reference_self_check(void **state)
{
    (void)state;
    uint32_t rook = 0, bishop = 0;
    for (int sq = 0; sq < 64; sq++) {
        rook += 1u << ref_popcount(ref_mask(sq, ROOK_STEPS));
        bishop += 1u << ref_popcount(ref_mask(sq, BISHOP_STEPS));
    }
    assert_int_equal(rook, 102400);
    assert_int_equal(bishop, 5248);
    assert_int_equal(ref_popcount(ref_slider(27, 0, ROOK_STEPS)), 14);
    assert_int_equal(ref_popcount(ref_slider(27, 0, BISHOP_STEPS)), 13);
    assert_int_equal(ref_popcount(ref_line(SQ_A1, SQ_H8)), 8);
    assert_int_equal(ref_popcount(ref_between(SQ_A1, SQ_H8)), 6);
}

static void test_between_and_line(void **state)
{
    (void)state;
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            expect_bb_pair("bb_between", a, b, bb_between(a, b), ref_between(a, b));
            expect_bb_pair("bb_line", a, b, bb_line(a, b), ref_line(a, b));
#if defined(FLASHMATE_LAYOUT_FANCY) || defined(FLASHMATE_LAYOUT_PEXT) ||                           \
    defined(FLASHMATE_LAYOUT_DENSE)
            expect_bb_pair("between_table", a, b, fm_load(between_table[a][b]), ref_between(a, b));
            expect_bb_pair("line_table", a, b, fm_load(line_table[a][b]), ref_line(a, b));
#endif
        }
}

/* ---- Layout internals ------------------------------------------------------------------------ */

#if defined(FLASHMATE_LAYOUT_FANCY)

/* Each square's block is [offset, offset + 2^bits); the blocks of one piece must ascend without
 * overlap inside [first, end) and together fill exactly `entries`. */
static void check_magics(const char *name, FM_TABLE MagicEntry *magics, const Step *steps,
                         uint32_t first, uint32_t end, uint32_t entries)
{
    uint32_t total = 0, next_free = first;
    for (int sq = 0; sq < 64; sq++) {
        uint64_t mask = fm_load(magics[sq].mask);
        unsigned shift = fm_load(magics[sq].shift);
        uint32_t offset = fm_load(magics[sq].offset);
        uint64_t want = ref_mask(sq, steps);
        if (mask != want)
            fail_msg("%s[%s].mask: got " HEX64 " want " HEX64, name, square_name(sq), mask, want);
        int bits = ref_popcount(mask);
        if (shift != 64u - (unsigned)bits)
            fail_msg("%s[%s].shift: got %u want %d", name, square_name(sq), shift, 64 - bits);
        uint32_t size = 1u << bits;
        if (offset < next_free)
            fail_msg("%s[%s].offset %" PRIu32 " overlaps the previous block (ends at %" PRIu32 ")",
                     name, square_name(sq), offset, next_free);
        if (offset > end || end - offset < size)
            fail_msg("%s[%s] block [%" PRIu32 ", %" PRIu32 ") leaves [%" PRIu32 ", %" PRIu32 ")",
                     name, square_name(sq), offset, offset + size, first, end);
        next_free = offset + size;
        total += size;
    }
    if (total != entries)
        fail_msg("%s blocks hold %" PRIu32 " entries, want %" PRIu32, name, total, entries);
}

static void test_magic_entries(void **state)
{
    (void)state;
    check_magics("rook_magics", rook_magics, ROOK_STEPS, 0, ROOK_ATTACK_ENTRIES,
                 ROOK_ATTACK_ENTRIES);
    check_magics("bishop_magics", bishop_magics, BISHOP_STEPS, ROOK_ATTACK_ENTRIES,
                 SLIDER_ATTACK_ENTRIES, BISHOP_ATTACK_ENTRIES);
    assert_int_equal(SLIDER_ATTACK_ENTRIES, 102400 + 5248);
}

#elif defined(FLASHMATE_LAYOUT_COMPACT) || defined(FLASHMATE_LAYOUT_KINDERGARTEN)

/* The squares of one line through sq (both directions), sq itself excluded. */
static uint64_t ref_ray_pair(int sq, int df, int dr)
{
    uint64_t result = 0;
    for (int dir = -1; dir <= 1; dir += 2)
        for (int f = sq % 8 + dir * df, r = sq / 8 + dir * dr; on_board(f, r);
             f += dir * df, r += dir * dr)
            result |= bit_at(f, r);
    return result;
}

static void test_line_masks(void **state)
{
    (void)state;
    for (int sq = 0; sq < 64; sq++) {
#if defined(FLASHMATE_LAYOUT_COMPACT)
        expect_bb("file_masks", sq, fm_load(file_masks[sq]), ref_ray_pair(sq, 0, 1));
#endif
        expect_bb("diagonal_masks", sq, fm_load(diagonal_masks[sq]), ref_ray_pair(sq, 1, 1));
        expect_bb("antidiagonal_masks", sq, fm_load(antidiagonal_masks[sq]),
                  ref_ray_pair(sq, -1, 1));
    }
}

/* first_rank_attacks[file][inner]: inner holds the occupancy of files b..g (bits 1..6 of the
 * rank); the slider's own bit may be set and must not matter. */
static void test_first_rank_attacks(void **state)
{
    (void)state;
    for (int file = 0; file < 8; file++)
        for (unsigned inner = 0; inner < 64; inner++) {
            unsigned occ = inner << 1, want = 0;
            for (int dir = -1; dir <= 1; dir += 2)
                for (int f = file + dir; f >= 0 && f < 8; f += dir) {
                    want |= 1u << f;
                    if (occ & (1u << f))
                        break;
                }
            unsigned got = fm_load(first_rank_attacks[file][inner]);
            if (got != want)
                fail_msg("first_rank_attacks[%c][inner 0x%02x]: got 0x%02x want 0x%02x", 'a' + file,
                         inner, got, want);
        }
}

#if defined(FLASHMATE_LAYOUT_KINDERGARTEN)
/* file_a_attacks[rank][inner]: a rook on the a-file with bit i of inner occupying rank i + 2;
 * only the a-file is attacked. */
static void test_file_a_attacks(void **state)
{
    (void)state;
    const uint64_t file_a = 0x0101010101010101ULL;
    for (int rank = 0; rank < 8; rank++)
        for (unsigned inner = 0; inner < 64; inner++) {
            uint64_t occ = 0;
            for (int i = 0; i < 6; i++)
                if (inner & (1u << i))
                    occ |= bit_at(0, i + 1);
            uint64_t want = ref_slider(rank * 8, occ, ROOK_STEPS) & file_a;
            expect_bb_occ("file_a_attacks", rank * 8, occ, fm_load(file_a_attacks[rank][inner]),
                          want);
        }
}
#endif

#elif defined(FLASHMATE_LAYOUT_PEXT)

/* One square's entry of either entry width: its mask, block offset and (16-bit entries) rays. */
static void pext_entry(bool rook, int sq, uint64_t *mask, uint32_t *offset, uint64_t *rays)
{
#if defined(FLASHMATE_PEXT_PDEP)
    FM_TABLE PdepEntry *p = rook ? &rook_pdep[sq] : &bishop_pdep[sq];
    *rays = fm_load(p->rays);
#else
    FM_TABLE PextEntry *p = rook ? &rook_pext[sq] : &bishop_pext[sq];
    *rays = 0;
#endif
    *mask = fm_load(p->mask);
    *offset = fm_load(p->offset);
}

/* The blocks of both pieces follow each other with no gap, rook squares a1..h8 first, each of
 * 2^popcount(mask) entries; a 16-bit entry has no bit beyond its square's rays. */
static void test_pext_entries(void **state)
{
    (void)state;
    uint32_t next = 0;
    for (int piece = 0; piece < 2; piece++) {
        bool rook = piece == 0;
        const char *name = rook ? "rook" : "bishop";
        const Step *steps = rook ? ROOK_STEPS : BISHOP_STEPS;
        for (int sq = 0; sq < 64; sq++) {
            uint64_t mask, rays;
            uint32_t offset;
            pext_entry(rook, sq, &mask, &offset, &rays);
            if (mask != ref_mask(sq, steps))
                fail_msg("%s %s mask: got " HEX64 " want " HEX64, name, square_name(sq), mask,
                         ref_mask(sq, steps));
            if (offset != next)
                fail_msg("%s %s offset %" PRIu32 ", want %" PRIu32, name, square_name(sq), offset,
                         next);
            next = offset + (1u << ref_popcount(mask));
#if defined(FLASHMATE_PEXT_PDEP)
            expect_bb("pdep rays", sq, rays, ref_slider(sq, 0, steps));
            for (uint32_t i = offset; i < next; i++)
                if (fm_load(pdep_attacks[i]) >> ref_popcount(rays))
                    fail_msg("pdep_attacks[%" PRIu32
                             "] (%s %s) = 0x%04x has bits beyond the %d rays",
                             i, name, square_name(sq), (unsigned)fm_load(pdep_attacks[i]),
                             ref_popcount(rays));
#else
            (void)rays;
#endif
        }
        if (next != (rook ? ROOK_ATTACK_ENTRIES : SLIDER_ATTACK_ENTRIES))
            fail_msg("%s blocks end at %" PRIu32, name, next);
    }
    assert_int_equal(SLIDER_ATTACK_ENTRIES, 102400 + 5248);
}

#elif defined(FLASHMATE_LAYOUT_DENSE)

/* The length of dense_attacks, from the catalogue (the header leaves it open). */
static uint32_t dense_entries(void)
{
    for (const TableInfo *t = chess_layout_tables; t->name; t++)
        if (strcmp(t->name, "dense_attacks") == 0)
            return t->entries;
    fail_msg("chess_layout_tables lists no dense_attacks");
    return 0;
}

/* Each square's mask is its rays without their last square, and every relevant occupancy
 * indexes inside dense_attacks (check_slider then compares what it finds there). */
static void check_dense(const char *name, FM_TABLE DenseEntry *entries, const Step *steps,
                        unsigned shift)
{
    uint32_t length = dense_entries();
    for (int sq = 0; sq < 64; sq++) {
        uint64_t mask = fm_load(entries[sq].mask), magic = fm_load(entries[sq].magic);
        uint32_t offset = fm_load(entries[sq].offset);
        if (mask != ref_mask(sq, steps))
            fail_msg("%s[%s].mask: got " HEX64 " want " HEX64, name, square_name(sq), mask,
                     ref_mask(sq, steps));
        uint64_t sub = 0;
        do {
            uint32_t index = (uint32_t)((sub * magic) >> shift);
            if (offset + index >= length)
                fail_msg("%s[%s]: occupancy " HEX64 " reads slot %" PRIu32 " of %" PRIu32, name,
                         square_name(sq), sub, offset + index, length);
            sub = (sub - mask) & mask;
        } while (sub);
    }
}

static void test_dense_entries(void **state)
{
    (void)state;
    check_dense("rook_dense", rook_dense, ROOK_STEPS, DENSE_ROOK_SHIFT);
    check_dense("bishop_dense", bishop_dense, BISHOP_STEPS, DENSE_BISHOP_SHIFT);
}

#endif

/* ---- Castling -------------------------------------------------------------------------------- */

static void test_castling_rights_kept(void **state)
{
    (void)state;
    for (int sq = 0; sq < 64; sq++) {
        unsigned want = CASTLE_ALL;
        switch (sq) {
        case SQ_A1: want &= ~(unsigned)CASTLE_WHITE_OOO; break;
        case SQ_E1: want &= ~(unsigned)(CASTLE_WHITE_OO | CASTLE_WHITE_OOO); break;
        case SQ_H1: want &= ~(unsigned)CASTLE_WHITE_OO; break;
        case SQ_A8: want &= ~(unsigned)CASTLE_BLACK_OOO; break;
        case SQ_E8: want &= ~(unsigned)(CASTLE_BLACK_OO | CASTLE_BLACK_OOO); break;
        case SQ_H8: want &= ~(unsigned)CASTLE_BLACK_OO; break;
        default: break;
        }
        unsigned got = fm_load(castling_rights_kept[sq]);
        if (got != want)
            fail_msg("castling_rights_kept %s: got %u want %u", square_name(sq), got, want);
    }
}

/* ---- Zobrist: the published Polyglot Random64 layout ----------------------------------------- */

enum {
    RANDOM64_NB = 781,
    RANDOM64_CASTLE = 768, /* white O-O, white O-O-O, black O-O, black O-O-O */
    RANDOM64_EN_PASSANT = 772,
    RANDOM64_TURN = 780
};

static uint64_t random64[RANDOM64_NB];

/* Read the generator's own copy of the constants, gen/data/polyglot-random64.txt (reached from
 * FLASHMATE_TEST_DATA, which is tests/data), one 0x... per line; fails the test on any defect. */
static void load_random64(void)
{
    static bool loaded;
    const char *path = FLASHMATE_TEST_DATA "/../../gen/data/polyglot-random64.txt";
    char line[128];
    int count = 0, line_no = 0;
    if (loaded)
        return;
    FILE *file = fopen(path, "r");
    if (!file)
        fail_msg("cannot open %s", path);
    while (fgets(line, sizeof line, file)) {
        char *end;
        line_no++;
        if (strspn(line, " \t\r\n") == strlen(line))
            continue;
        uint64_t value = (uint64_t)strtoull(line, &end, 16);
        if (end == line || strspn(end, " \t\r\n") != strlen(end) || count == RANDOM64_NB) {
            fclose(file);
            fail_msg("%s:%d: bad line or more than %d values", path, line_no, RANDOM64_NB);
        }
        random64[count++] = value;
    }
    fclose(file);
    if (count != RANDOM64_NB)
        fail_msg("%s: %d values, want %d", path, count, RANDOM64_NB);
    loaded = true;
}

/* Polyglot piece kind: black pawn 0, white pawn 1, black knight 2, ..., white king 11. */
static int polyglot_piece_index(int color, int type, int sq)
{
    return 64 * (2 * type + (color == WHITE ? 1 : 0)) + 8 * (sq / 8) + sq % 8;
}

static void test_zobrist_pieces(void **state)
{
    static const char *const colors[2] = {"WHITE", "BLACK"};
    static const char *const types[6] = {"PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"};
    (void)state;
    load_random64();
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 6; t++)
            for (int sq = 0; sq < 64; sq++) {
                int index = polyglot_piece_index(c, t, sq);
                uint64_t got = fm_load(zobrist_piece[c][t][sq]);
                if (got != random64[index])
                    fail_msg("zobrist_piece[%s][%s][%s]: got " HEX64 " want Random64[%d] " HEX64,
                             colors[c], types[t], square_name(sq), got, index, random64[index]);
                if (zobrist_piece_key(piece_make((Color)c, (PieceType)t), sq) != got)
                    fail_msg("zobrist_piece_key(%s %s, %s) disagrees with zobrist_piece", colors[c],
                             types[t], square_name(sq));
            }
}

static uint64_t ref_castling_key(unsigned rights)
{
    static const unsigned bits[4] = {CASTLE_WHITE_OO, CASTLE_WHITE_OOO, CASTLE_BLACK_OO,
                                     CASTLE_BLACK_OOO};
    uint64_t key = 0;
    for (int i = 0; i < 4; i++)
        if (rights & bits[i])
            key ^= random64[RANDOM64_CASTLE + i];
    return key;
}

static void test_zobrist_castling_en_passant_turn(void **state)
{
    (void)state;
    load_random64();
    for (unsigned rights = 0; rights < CASTLING_NB; rights++) {
        uint64_t got = fm_load(zobrist_castling[rights]), want = ref_castling_key(rights);
        if (got != want || zobrist_castling_key((int)rights) != want)
            fail_msg("zobrist_castling[%u]: got " HEX64 " want " HEX64, rights, got, want);
    }
    for (int file = 0; file < 8; file++) {
        uint64_t got = fm_load(zobrist_en_passant[file]);
        if (got != random64[RANDOM64_EN_PASSANT + file])
            fail_msg("zobrist_en_passant[%c]: got " HEX64 " want Random64[%d] " HEX64, 'a' + file,
                     got, RANDOM64_EN_PASSANT + file, random64[RANDOM64_EN_PASSANT + file]);
        for (int rank = 0; rank < 8; rank++)
            if (zobrist_en_passant_key(rank * 8 + file) != got)
                fail_msg("zobrist_en_passant_key(%s) is not the %c-file key",
                         square_name(rank * 8 + file), 'a' + file);
    }
    uint64_t turn = fm_load(zobrist_white_to_move);
    if (turn != random64[RANDOM64_TURN] || zobrist_side_key() != turn)
        fail_msg("zobrist_white_to_move: got " HEX64 " want Random64[780] " HEX64, turn,
                 random64[RANDOM64_TURN]);
}

/* A position for the published Polyglot keys: piece per square ('.' empty, FEN letters). */
typedef struct KeyCase {
    const char *moves;
    const char *board; /* rank 8 first, like a FEN without the slashes */
    unsigned castling;
    int ep_file; /* -1: no en-passant key */
    bool white;
    uint64_t key;
} KeyCase;

/* Key from the engine's tables, built only with the table lookups. */
static uint64_t key_from_tables(const KeyCase *k)
{
    static const char letters[] = "PNBRQK";
    uint64_t key = 0;
    for (int i = 0; i < 64; i++) {
        char ch = k->board[i];
        if (ch == '.')
            continue;
        int sq = (7 - i / 8) * 8 + i % 8;
        Color c = (ch >= 'a') ? BLACK : WHITE;
        const char *p = strchr(letters, c == BLACK ? ch - 'a' + 'A' : ch);
        key ^= fm_load(zobrist_piece[c][p - letters][sq]);
    }
    key ^= fm_load(zobrist_castling[k->castling]);
    if (k->ep_file >= 0)
        key ^= fm_load(zobrist_en_passant[k->ep_file]);
    if (k->white)
        key ^= fm_load(zobrist_white_to_move);
    return key;
}

/* The test keys from the Polyglot book format description (start position and a short line). */
static void test_zobrist_polyglot_keys(void **state)
{
    /* clang-format off */
    static const KeyCase cases[] = {
        {"startpos",
         "rnbqkbnr" "pppppppp" "........" "........" "........" "........" "PPPPPPPP" "RNBQKBNR",
         CASTLE_ALL, -1, true, 0x463b96181691fc9cULL},
        {"e2e4",
         "rnbqkbnr" "pppppppp" "........" "........" "....P..." "........" "PPPP.PPP" "RNBQKBNR",
         CASTLE_ALL, -1, false, 0x823c9b50fd114196ULL},
        {"e2e4 d7d5",
         "rnbqkbnr" "ppp.pppp" "........" "...p...." "....P..." "........" "PPPP.PPP" "RNBQKBNR",
         CASTLE_ALL, -1, true, 0x0756b94461c50fb0ULL},
        {"e2e4 d7d5 e4e5",
         "rnbqkbnr" "ppp.pppp" "........" "...pP..." "........" "........" "PPPP.PPP" "RNBQKBNR",
         CASTLE_ALL, -1, false, 0x662fafb965db29d4ULL},
        {"e2e4 d7d5 e4e5 f7f5",
         "rnbqkbnr" "ppp.p.pp" "........" "...pPp.." "........" "........" "PPPP.PPP" "RNBQKBNR",
         CASTLE_ALL, 5, true, 0x22a48b5a8e47ff78ULL},
        {"e2e4 d7d5 e4e5 f7f5 e1e2",
         "rnbqkbnr" "ppp.p.pp" "........" "...pPp.." "........" "........" "PPPPKPPP" "RNBQ.BNR",
         CASTLE_BLACK_OO | CASTLE_BLACK_OOO, -1, false, 0x652a607ca3f242c1ULL},
        {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7",
         "rnbq.bnr" "ppp.pkpp" "........" "...pPp.." "........" "........" "PPPPKPPP" "RNBQ.BNR",
         0, -1, true, 0x00fdd303c946bdd9ULL},
    };
    /* clang-format on */
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t got = key_from_tables(&cases[i]);
        if (got != cases[i].key)
            fail_msg("Polyglot key after %s: got " HEX64 " want " HEX64, cases[i].moves, got,
                     cases[i].key);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_self_check),
        cmocka_unit_test(test_knight_attacks),
        cmocka_unit_test(test_king_attacks),
        cmocka_unit_test(test_pawn_attacks),
#if defined(FLASHMATE_LAYOUT_FANCY)
        cmocka_unit_test(test_magic_entries),
#elif defined(FLASHMATE_LAYOUT_COMPACT) || defined(FLASHMATE_LAYOUT_KINDERGARTEN)
        cmocka_unit_test(test_line_masks),
        cmocka_unit_test(test_first_rank_attacks),
#if defined(FLASHMATE_LAYOUT_KINDERGARTEN)
        cmocka_unit_test(test_file_a_attacks),
#endif
#elif defined(FLASHMATE_LAYOUT_PEXT)
        cmocka_unit_test(test_pext_entries),
#elif defined(FLASHMATE_LAYOUT_DENSE)
        cmocka_unit_test(test_dense_entries),
#endif
        cmocka_unit_test(test_rook_attacks),
        cmocka_unit_test(test_bishop_attacks),
        cmocka_unit_test(test_queen_attacks),
        cmocka_unit_test(test_between_and_line),
        cmocka_unit_test(test_castling_rights_kept),
        cmocka_unit_test(test_zobrist_pieces),
        cmocka_unit_test(test_zobrist_castling_en_passant_turn),
        cmocka_unit_test(test_zobrist_polyglot_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
