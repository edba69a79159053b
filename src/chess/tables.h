/*
 * Declarations of every table that gen/tablegen.py emits into generated/. They are written by
 * hand; the generated .c files include this header so the compiler checks the generator's output
 * against these types and sizes.
 *
 * Storage goes through FM_TABLE and fm_load (src/engine/table_storage.h).
 *
 * Only src/chess/attacks.h, src/chess/zobrist.h and the table tests read these tables.
 */
#ifndef FLASHMATE_TABLES_H
#define FLASHMATE_TABLES_H

#include <stdint.h>

#include "engine/table_storage.h"

#if defined(__AVR__) && defined(FLASHMATE_LAYOUT_FANCY)
#error "fancy needs ~841 KiB of flash and a 32-bit int: on AVR use compact or kindergarten"
#endif
#if defined(__AVR__) && defined(FLASHMATE_LAYOUT_DENSE)
#error "dense needs ~700 KiB of flash and a 32-bit int: on AVR use compact or kindergarten"
#endif

/* The tables of each generated file; the slider layout compiled into the build defines
 * chess_layout_tables and chess_layout_name. */
#if FM_TABLE_CATALOGUE
extern const TableInfo chess_common_tables[];
extern const TableInfo chess_layout_tables[];
extern const char chess_layout_name[];
#endif

/* ---- Layout-independent tables (generated/chess_common.c) ---- */

/* Squares attacked by a knight / king / pawn of a colour standing on a square. */
extern FM_TABLE uint64_t knight_attacks_table[64];
extern FM_TABLE uint64_t king_attacks_table[64];
extern FM_TABLE uint64_t pawn_attacks_table[2][64];

/* Castling rights that survive a move touching a square (ANDed with the rights for from and to). */
extern FM_TABLE uint8_t castling_rights_kept[64];

/*
 * Zobrist keys: the 781 Polyglot Random64 constants rearranged so that a position's key equals
 * its Polyglot book key. Index pieces by [colour][piece type][square], castling by the 4-bit
 * rights set (each entry is the XOR of the keys of its rights), en passant by file.
 */
extern FM_TABLE uint64_t zobrist_piece[2][6][64];
extern FM_TABLE uint64_t zobrist_castling[16];
extern FM_TABLE uint64_t zobrist_en_passant[8];
extern FM_TABLE uint64_t zobrist_white_to_move;

/* ---- What the layouts with one attack block per square share (fancy, pext) ---- */
#if defined(FLASHMATE_LAYOUT_FANCY) || defined(FLASHMATE_LAYOUT_PEXT)

enum {
    ROOK_ATTACK_ENTRIES = 102400, /* sum of 2^popcount(rook mask) over the 64 squares */
    BISHOP_ATTACK_ENTRIES = 5248,
    SLIDER_ATTACK_ENTRIES = ROOK_ATTACK_ENTRIES + BISHOP_ATTACK_ENTRIES
};

#endif

/* ---- The layouts with large tables (fancy, pext, dense) also keep these two ---- */
#if defined(FLASHMATE_LAYOUT_FANCY) || defined(FLASHMATE_LAYOUT_PEXT) ||                           \
    defined(FLASHMATE_LAYOUT_DENSE)

/* Squares strictly between two aligned squares (0 if not aligned); the full line through two
 * aligned squares, edge to edge (0 if not aligned). */
extern FM_TABLE uint64_t between_table[64][64];
extern FM_TABLE uint64_t line_table[64][64];

#endif

/* ---- Slider layout: fancy magic bitboards (generated/chess_fancy.c) ---- */
#if defined(FLASHMATE_LAYOUT_FANCY)

/* One square's magic: attacks = slider_attacks[offset + ((occ & mask) * magic >> shift)]. */
typedef struct MagicEntry {
    uint64_t mask; /* relevant occupancy: the rays without their last square */
    uint64_t magic;
    uint32_t offset; /* start of this square's block in slider_attacks */
    uint8_t shift;   /* 64 - popcount(mask) */
} MagicEntry;

extern FM_TABLE MagicEntry rook_magics[64];
extern FM_TABLE MagicEntry bishop_magics[64];
/* Rook blocks first, then bishop blocks; the offsets above index into this one array. */
extern FM_TABLE uint64_t slider_attacks[SLIDER_ATTACK_ENTRIES];

/* ---- Slider layouts for small flash and cores without a 64-bit multiply: compact
 *      (generated/chess_compact.c) and kindergarten (generated/chess_kindergarten.c). Both take
 *      ranks from a first-rank table and keep the diagonal masks; compact does files and
 *      diagonals by hyperbola quintessence (a byte swap and two subtractions), kindergarten
 *      gathers a line's occupancy into a table index with one 32-bit multiply. ---- */
#elif defined(FLASHMATE_LAYOUT_COMPACT) || defined(FLASHMATE_LAYOUT_KINDERGARTEN)

/* Masks of the diagonal / anti-diagonal through a square, the square itself excluded. */
extern FM_TABLE uint64_t diagonal_masks[64];
extern FM_TABLE uint64_t antidiagonal_masks[64];
/* Attacked files on a rank, for a slider on `file` and the six inner occupancy bits b..g. */
extern FM_TABLE uint8_t first_rank_attacks[8][64];

#if defined(FLASHMATE_LAYOUT_COMPACT)
/* The file through a square, the square itself excluded. */
extern FM_TABLE uint64_t file_masks[64];
#else
/* Rook attacks along the a-file, by [rank][occupancy of ranks 2..7 as bits 0..5]. */
extern FM_TABLE uint64_t file_a_attacks[8][64];
/* The 32-bit multipliers (derived by gen/kindergarten.py) that gather a folded line into bits
 * 26..31: diagonals folded as low | high word, files (moved to the a-file) as low | high << 4. */
enum { KINDERGARTEN_DIAGONAL, KINDERGARTEN_FILE, KINDERGARTEN_GATHERS_NB };
extern FM_TABLE uint32_t kindergarten_gathers[KINDERGARTEN_GATHERS_NB];
#endif

/* ---- Slider layout: PEXT bitboards, for x86-64 CPUs with BMI2 (generated/chess_pext.c, or
 *      generated/chess_pext_pdep.c with FLASHMATE_PEXT_PDEP). The same blocks as fancy's, in the
 *      same order, indexed by _pext_u64(occupied, mask) instead of a magic multiply. ---- */
#elif defined(FLASHMATE_LAYOUT_PEXT)

#if !defined(__BMI2__)
#error "the pext layout needs BMI2 (_pext_u64): compile with -mbmi2 for a CPU that has it"
#endif

#if defined(FLASHMATE_PEXT_PDEP)
/* One square: attacks = _pdep_u64(pdep_attacks[offset + _pext_u64(occ, mask)], rays). */
typedef struct PdepEntry {
    uint64_t mask;   /* relevant occupancy: the rays without their last square */
    uint64_t rays;   /* the attacks on an empty board: what an entry's bits stand for */
    uint32_t offset; /* start of this square's block in pdep_attacks */
} PdepEntry;

extern FM_TABLE PdepEntry rook_pdep[64];
extern FM_TABLE PdepEntry bishop_pdep[64];
/* 16-bit entries: bit i set = the i-th square of the square's rays is attacked. */
extern FM_TABLE uint16_t pdep_attacks[SLIDER_ATTACK_ENTRIES];
#else
/* One square: attacks = pext_attacks[offset + _pext_u64(occ, mask)]. */
typedef struct PextEntry {
    uint64_t mask;   /* relevant occupancy: the rays without their last square */
    uint32_t offset; /* start of this square's block in pext_attacks */
} PextEntry;

extern FM_TABLE PextEntry rook_pext[64];
extern FM_TABLE PextEntry bishop_pext[64];
/* Rook blocks first, then bishop blocks, as in fancy's slider_attacks. */
extern FM_TABLE uint64_t pext_attacks[SLIDER_ATTACK_ENTRIES];
#endif

/* ---- Slider layout: dense fixed-shift magics whose tables overlap (generated/chess_dense.c,
 *      from the searched data gen/data/chess_dense.txt). Every rook square takes a 12-bit index,
 *      every bishop square a 9-bit one; the squares' tables share one array, a slot serving two
 *      squares where one of them does not use it or both need the same attacks. ---- */
#elif defined(FLASHMATE_LAYOUT_DENSE)

enum { DENSE_ROOK_SHIFT = 52, DENSE_BISHOP_SHIFT = 55 };

/* One square: attacks = dense_attacks[offset + ((occ & mask) * magic >> the slider's shift)]. */
typedef struct DenseEntry {
    uint64_t mask; /* relevant occupancy: the rays without their last square */
    uint64_t magic;
    uint32_t offset; /* where index 0 of this square's table is in dense_attacks */
} DenseEntry;

extern FM_TABLE DenseEntry rook_dense[64];
extern FM_TABLE DenseEntry bishop_dense[64];
/* Its length is the search's result, so only the generated definition states it (and the
 * catalogue, chess_layout_tables, reports it). */
extern FM_TABLE uint64_t dense_attacks[];

#else
#error                                                                                             \
    "define FLASHMATE_LAYOUT_FANCY, _COMPACT, _KINDERGARTEN, _PEXT or _DENSE (-DFLASHMATE_LAYOUT=...)"
#endif

#endif
