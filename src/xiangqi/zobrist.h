/*
 * Xiangqi Zobrist keys from the generated table (SplitMix64 with a named seed, see gen/zobrist.py).
 */
#ifndef FLASHMATE_XIANGQI_ZOBRIST_H
#define FLASHMATE_XIANGQI_ZOBRIST_H

#include "flashmate/xiangqi_types.h"
#include "tables.h"

static inline uint64_t xq_zobrist_piece_key(XqPiece p, int sq)
{
    return fm_load(xq_zobrist_piece[xq_piece_color(p)][xq_piece_type(p)][sq]);
}
static inline uint64_t xq_zobrist_side_key(void) { return fm_load(xq_zobrist_black_to_move); }

#endif
