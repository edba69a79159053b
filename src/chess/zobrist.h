/*
 * Zobrist keys from the generated Polyglot Random64 table. The order gen/ puts them in makes a
 * position's key equal to its Polyglot opening-book key.
 */
#ifndef FLASHMATE_ZOBRIST_H
#define FLASHMATE_ZOBRIST_H

#include "flashmate/types.h"
#include "tables.h"

static inline uint64_t zobrist_piece_key(Piece p, int sq)
{
    return fm_load(zobrist_piece[piece_color(p)][piece_type(p)][sq]);
}
static inline uint64_t zobrist_castling_key(int rights)
{
    return fm_load(zobrist_castling[rights]);
}
static inline uint64_t zobrist_en_passant_key(int sq)
{
    return fm_load(zobrist_en_passant[sq & 7]);
}
static inline uint64_t zobrist_side_key(void) { return fm_load(zobrist_white_to_move); }

#endif
