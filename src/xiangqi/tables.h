/*
 * Declarations of the Xiangqi tables that gen/tablegen.py emits into generated/xiangqi_tables.c
 * (the second game, built from gen/geometry.py's XIANGQI board and gen/rules.py's
 * Xiangqi rules). Written by hand; the generated file includes this header so the compiler
 * checks the generator's output against these types and sizes. Storage and reads go through
 * tables.h's FM_TABLE and fm_load, as for chess.
 *
 * Only src/xiangqi/attacks.h, src/xiangqi/zobrist.h and the table tests read these tables.
 */
#ifndef FLASHMATE_XIANGQI_TABLES_H
#define FLASHMATE_XIANGQI_TABLES_H

#include <stdint.h>

#include "engine/table_storage.h"

/* A 90-square bitboard as stored in a table: squares 0-63 in lo, 64-89 in hi (any platform). */
typedef struct XqBBWords {
    uint64_t lo, hi;
} XqBBWords;

/* The tables of generated/xiangqi_tables.c for `flashmate tables`, ending with a null name. */
extern const TableInfo xiangqi_tables[];

/* Steps of a king (general) and of an advisor, kept inside the palace the square belongs to
 * (empty outside both palaces). */
extern FM_TABLE XqBBWords xq_king_moves[90];
extern FM_TABLE XqBBWords xq_advisor_moves[90];

/*
 * Neighbour-indexed tables: the second index is the occupancy of four neighbours of the square.
 *   eye/diagonal index: bit 0 = sq - 10 (south-west), 1 = sq - 8 (south-east),
 *                       2 = sq + 8 (north-west), 3 = sq + 10 (north-east)
 *   leg index:          bit 0 = sq - 9 (south), 1 = sq - 1 (west), 2 = sq + 1 (east),
 *                       3 = sq + 9 (north)
 * A bit read from a square that wraps to another rank never changes the entry (no move passes
 * there), so callers may read it. xq_elephant_moves keeps the elephant on its side of the river;
 * xq_horse_attackers lists the horses attacking a square, whose legs are the square's diagonal
 * neighbours.
 */
extern FM_TABLE XqBBWords xq_elephant_moves[90][16];
extern FM_TABLE XqBBWords xq_horse_moves[90][16];
extern FM_TABLE XqBBWords xq_horse_attackers[90][16];

/* Pawn moves of a colour from a square (forward; sideways too once across the river), and the
 * squares from which pawns of a colour attack a square. */
extern FM_TABLE XqBBWords xq_pawn_moves[2][90];
extern FM_TABLE XqBBWords xq_pawn_attackers[2][90];

/*
 * Rook attacks and cannon hits along ranks and files from the inner occupancy of the line.
 *   rank tables: [file][files b..h of the rank, bit 0 = b] -> attacked files, bit f = file f;
 *                shift left by rank * 9.
 *   file tables: [rank][ranks 2..9 of the file, bit 0 = rank 2] -> squares of file a;
 *                shift left by the file.
 * Cannon entries are hit candidates: on each ray the first piece behind the screen, or the edge
 * square when no inner piece is behind it; AND them with the pieces (enemy pieces: captures).
 */
extern FM_TABLE uint16_t xq_rook_rank[9][128];
extern FM_TABLE uint16_t xq_cannon_rank[9][128];
extern FM_TABLE XqBBWords xq_rook_file[10][256];
extern FM_TABLE XqBBWords xq_cannon_file[10][256];

/* Zobrist keys by [colour][piece type][square] (SplitMix64, seed "XIANGQI!"), and the key XORed
 * in when Black is to move. */
extern FM_TABLE uint64_t xq_zobrist_piece[2][7][90];
extern FM_TABLE uint64_t xq_zobrist_black_to_move;

#endif
