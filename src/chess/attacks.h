/*
 * Attack lookups: the only reader of the generated leaper and slider tables. Everything above
 * this header is the same whichever slider layout the build selected.
 */
#ifndef FLASHMATE_ATTACKS_H
#define FLASHMATE_ATTACKS_H

#include "flashmate/types.h"
#include "tables.h"

static inline Bitboard attacks_knight(int sq) { return fm_load(knight_attacks_table[sq]); }
static inline Bitboard attacks_king(int sq) { return fm_load(king_attacks_table[sq]); }
static inline Bitboard attacks_pawn(Color c, int sq) { return fm_load(pawn_attacks_table[c][sq]); }

/* Squares attacked by all pawns of colour c in the set (set-wise, no loop). */
static inline Bitboard attacks_pawns_set(Color c, Bitboard pawns)
{
    Bitboard ahead = bb_forward(c, pawns);
    return bb_east(ahead) | bb_west(ahead);
}

#if defined(FLASHMATE_LAYOUT_FANCY)

/* Fancy magic bitboards: https://www.chessprogramming.org/Magic_Bitboards */
static inline Bitboard attacks_rook(int sq, Bitboard occupied)
{
    FM_TABLE MagicEntry *m = &rook_magics[sq];
    uint32_t index = (uint32_t)(((occupied & m->mask) * m->magic) >> m->shift);
    return fm_load(slider_attacks[m->offset + index]);
}

static inline Bitboard attacks_bishop(int sq, Bitboard occupied)
{
    FM_TABLE MagicEntry *m = &bishop_magics[sq];
    uint32_t index = (uint32_t)(((occupied & m->mask) * m->magic) >> m->shift);
    return fm_load(slider_attacks[m->offset + index]);
}

#elif defined(FLASHMATE_LAYOUT_COMPACT) || defined(FLASHMATE_LAYOUT_KINDERGARTEN)

/* Rank attacks from the first-rank table: the six inner occupancy bits of the rank select the
 * entry; the attacked files are shifted back onto the slider's rank. On 32-bit cores in 32-bit
 * halves, which spares them a 64-bit shift by a variable (Cortex-M0: 133 instead of 137
 * instructions per perft leaf with compact); AVR keeps the 64-bit shifts, which its libgcc does
 * by whole bytes where the halves would loop bit by bit (1,584 instead of 1,620 cycles a leaf). */
static inline Bitboard attacks_rank(int sq, Bitboard occupied)
{
#if defined(__AVR__)
    int shift = sq & 56;
    unsigned inner = (unsigned)(occupied >> (shift + 1)) & 63;
    return (Bitboard)fm_load(first_rank_attacks[sq & 7][inner]) << shift;
#else
    unsigned shift = (unsigned)sq & 24; /* the rank's place in its half */
    uint32_t half = sq & 32 ? (uint32_t)(occupied >> 32) : (uint32_t)occupied;
    uint32_t files = (uint32_t)fm_load(first_rank_attacks[sq & 7][(half >> (shift + 1)) & 63])
                  << shift;
    return sq & 32 ? (Bitboard)files << 32 : files;
#endif
}

#if defined(FLASHMATE_LAYOUT_COMPACT)

/* Attacks along one line through sq (mask excludes sq) by hyperbola quintessence:
 * https://www.chessprogramming.org/Hyperbola_Quintessence */
static inline Bitboard attacks_line_hq(int sq, Bitboard occupied, Bitboard mask)
{
    Bitboard slider = bb_square(sq);
    Bitboard forward = occupied & mask;
    Bitboard reverse = __builtin_bswap64(forward);
    forward -= slider;
    reverse -= __builtin_bswap64(slider);
    return (forward ^ __builtin_bswap64(reverse)) & mask;
}

static inline Bitboard attacks_rook(int sq, Bitboard occupied)
{
    return attacks_line_hq(sq, occupied, fm_load(file_masks[sq])) | attacks_rank(sq, occupied);
}

static inline Bitboard attacks_bishop(int sq, Bitboard occupied)
{
    return attacks_line_hq(sq, occupied, fm_load(diagonal_masks[sq])) |
           attacks_line_hq(sq, occupied, fm_load(antidiagonal_masks[sq]));
}

#else

/* Kindergarten bitboards with 32-bit multiplies (gen/kindergarten.py derives the multipliers and
 * proves them on every line): https://www.chessprogramming.org/Kindergarten_Bitboards */

/* The six inner occupancy bits of a line folded into 32 bits, gathered into bits 26..31. */
static inline unsigned kindergarten_index(uint32_t folded, int gather)
{
    return (unsigned)((folded * fm_load(kindergarten_gathers[gather])) >> 26);
}

/* Attacks along a diagonal or anti-diagonal through sq (mask excludes sq). It has one square per
 * file, so its halves fold without overlap, and the attacked files, copied onto every rank,
 * select the line's squares. */
static inline Bitboard attacks_diagonal_kg(int sq, Bitboard occupied, Bitboard mask)
{
    Bitboard line = occupied & mask;
    unsigned inner = kindergarten_index((uint32_t)line | (uint32_t)(line >> 32),
                                        KINDERGARTEN_DIAGONAL);
    uint32_t files = fm_load(first_rank_attacks[sq & 7][inner]);
    files |= files << 8;
    files |= files << 16;
    /* Each half by itself: written as one 64-bit OR, GCC multiplies by 2^32 + 1 on 32-bit cores. */
    return (Bitboard)(files & (uint32_t)(mask >> 32)) << 32 | (files & (uint32_t)mask);
}

/* Attacks along the file of sq: the file moved onto the a-file in two 32-bit halves, folded as
 * low | high << 4, and the a-file's attacks shifted back (each half by itself). */
static inline Bitboard attacks_file_kg(int sq, Bitboard occupied)
{
    unsigned file = (unsigned)sq & 7;
    uint32_t low = ((uint32_t)occupied >> file) & 0x01010101u;
    uint32_t high = ((uint32_t)(occupied >> 32) >> file) & 0x01010101u;
    Bitboard a = fm_load(
        file_a_attacks[sq >> 3][kindergarten_index(low | high << 4, KINDERGARTEN_FILE)]);
    return (Bitboard)((uint32_t)(a >> 32) << file) << 32 | (uint32_t)a << file;
}

static inline Bitboard attacks_rook(int sq, Bitboard occupied)
{
    return attacks_file_kg(sq, occupied) | attacks_rank(sq, occupied);
}

static inline Bitboard attacks_bishop(int sq, Bitboard occupied)
{
    return attacks_diagonal_kg(sq, occupied, fm_load(diagonal_masks[sq])) |
           attacks_diagonal_kg(sq, occupied, fm_load(antidiagonal_masks[sq]));
}

#endif

/* Without between/line tables (32 KiB each) these layouts derive them from the sliders. */
static inline Bitboard bb_between(int a, int b)
{
    Bitboard target = bb_square(b);
    if (attacks_rook(a, 0) & target)
        return attacks_rook(a, target) & attacks_rook(b, bb_square(a));
    if (attacks_bishop(a, 0) & target)
        return attacks_bishop(a, target) & attacks_bishop(b, bb_square(a));
    return 0;
}

static inline Bitboard bb_line(int a, int b)
{
    Bitboard ends = bb_square(a) | bb_square(b);
    if (attacks_rook(a, 0) & bb_square(b))
        return (attacks_rook(a, 0) & attacks_rook(b, 0)) | ends;
    if (attacks_bishop(a, 0) & bb_square(b))
        return (attacks_bishop(a, 0) & attacks_bishop(b, 0)) | ends;
    return 0;
}

#elif defined(FLASHMATE_LAYOUT_PEXT)

#include <immintrin.h>

/* PEXT bitboards: the relevant occupancy bits, gathered by _pext_u64, index the square's block
 * directly: https://www.chessprogramming.org/BMI2#PEXTBitboards */
#if defined(FLASHMATE_PEXT_PDEP)
/* 16-bit entries, spread back onto the square's empty-board attacks by _pdep_u64. */
static inline Bitboard attacks_rook(int sq, Bitboard occupied)
{
    FM_TABLE PdepEntry *p = &rook_pdep[sq];
    return _pdep_u64(fm_load(pdep_attacks[p->offset + _pext_u64(occupied, p->mask)]), p->rays);
}

static inline Bitboard attacks_bishop(int sq, Bitboard occupied)
{
    FM_TABLE PdepEntry *p = &bishop_pdep[sq];
    return _pdep_u64(fm_load(pdep_attacks[p->offset + _pext_u64(occupied, p->mask)]), p->rays);
}
#else
static inline Bitboard attacks_rook(int sq, Bitboard occupied)
{
    FM_TABLE PextEntry *p = &rook_pext[sq];
    return fm_load(pext_attacks[p->offset + _pext_u64(occupied, p->mask)]);
}

static inline Bitboard attacks_bishop(int sq, Bitboard occupied)
{
    FM_TABLE PextEntry *p = &bishop_pext[sq];
    return fm_load(pext_attacks[p->offset + _pext_u64(occupied, p->mask)]);
}
#endif

#elif defined(FLASHMATE_LAYOUT_DENSE)

/* Fixed-shift magics with overlapping tables (12 index bits for every rook square, 9 for every
 * bishop square): https://www.chessprogramming.org/Magic_Bitboards#Fixed_shift_Fancy */
static inline Bitboard attacks_rook(int sq, Bitboard occupied)
{
    FM_TABLE DenseEntry *d = &rook_dense[sq];
    uint32_t index = (uint32_t)(((occupied & d->mask) * d->magic) >> DENSE_ROOK_SHIFT);
    return fm_load(dense_attacks[d->offset + index]);
}

static inline Bitboard attacks_bishop(int sq, Bitboard occupied)
{
    FM_TABLE DenseEntry *d = &bishop_dense[sq];
    uint32_t index = (uint32_t)(((occupied & d->mask) * d->magic) >> DENSE_BISHOP_SHIFT);
    return fm_load(dense_attacks[d->offset + index]);
}

#endif

/* The layouts with large tables keep the between and line tables (tables.h). */
#if defined(FLASHMATE_LAYOUT_FANCY) || defined(FLASHMATE_LAYOUT_PEXT) ||                           \
    defined(FLASHMATE_LAYOUT_DENSE)
static inline Bitboard bb_between(int a, int b) { return fm_load(between_table[a][b]); }
static inline Bitboard bb_line(int a, int b) { return fm_load(line_table[a][b]); }
#endif

static inline Bitboard attacks_queen(int sq, Bitboard occupied)
{
    return attacks_rook(sq, occupied) | attacks_bishop(sq, occupied);
}

/* Attacks of a piece type (not pawn) from a square. */
static inline Bitboard attacks_piece(PieceType pt, int sq, Bitboard occupied)
{
    switch (pt) {
    case KNIGHT: return attacks_knight(sq);
    case BISHOP: return attacks_bishop(sq, occupied);
    case ROOK: return attacks_rook(sq, occupied);
    case QUEEN: return attacks_queen(sq, occupied);
    case KING: return attacks_king(sq);
    default: return 0;
    }
}

#endif
