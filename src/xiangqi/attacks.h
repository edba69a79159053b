/*
 * Xiangqi attack lookups: the only reader of the generated Xiangqi move tables
 * (src/xiangqi/tables.h). The index arithmetic here is mirrored in gen/checks.py, which verifies
 * every table through it before emitting.
 */
#ifndef FLASHMATE_XIANGQI_ATTACKS_H
#define FLASHMATE_XIANGQI_ATTACKS_H

#include "flashmate/xiangqi_types.h"
#include "tables.h"

/* One XqBBWords table entry as a bitboard. */
#define xq_bb_load(entry) xq_bb_make(fm_load((entry).lo), fm_load((entry).hi))

/* Occupancy of the orthogonal neighbours of sq (the horse's legs): bit 0 S, 1 W, 2 E, 3 N. */
static inline unsigned xq_leg_index(int sq, XqBB occupied)
{
    uint64_t v = xq_bb_lo(xq_bb_shr(xq_bb_shl(occupied, 9), sq));
    return (unsigned)((v & 1) | (v >> 7 & 2) | (v >> 8 & 4) | (v >> 15 & 8));
}

/* Occupancy of the diagonal neighbours of sq (elephant eyes; legs of horses attacking sq):
 * bit 0 SW, 1 SE, 2 NW, 3 NE. */
static inline unsigned xq_diagonal_index(int sq, XqBB occupied)
{
    uint64_t v = xq_bb_lo(xq_bb_shr(xq_bb_shl(occupied, 10), sq));
    return (unsigned)((v & 1) | (v >> 1 & 2) | (v >> 16 & 4) | (v >> 17 & 8));
}

static inline XqBB xq_attacks_king(int sq) { return xq_bb_load(xq_king_moves[sq]); }
static inline XqBB xq_attacks_advisor(int sq) { return xq_bb_load(xq_advisor_moves[sq]); }
static inline XqBB xq_attacks_pawn(Color c, int sq) { return xq_bb_load(xq_pawn_moves[c][sq]); }
static inline XqBB xq_attacks_horse(int sq, XqBB occupied)
{
    return xq_bb_load(xq_horse_moves[sq][xq_leg_index(sq, occupied)]);
}
static inline XqBB xq_attacks_elephant(int sq, XqBB occupied)
{
    return xq_bb_load(xq_elephant_moves[sq][xq_diagonal_index(sq, occupied)]);
}
/* Squares holding a horse that would attack sq, given the occupancy (AND with the horses). */
static inline XqBB xq_horse_attackers_of(int sq, XqBB occupied)
{
    return xq_bb_load(xq_horse_attackers[sq][xq_diagonal_index(sq, occupied)]);
}
/* Squares from which a pawn of colour c attacks sq. */
static inline XqBB xq_pawn_attackers_of(Color c, int sq)
{
    return xq_bb_load(xq_pawn_attackers[c][sq]);
}

/*
 * Lines. The inner rank occupancy (files b-h) is a shift; the inner file occupancy (ranks 2-9)
 * is gathered from bits 9 apart into one byte by a multiplication: after shifting the file down
 * to file a and rank 2 to bit 0, rank r + 2 sits at bit 9r of the low word, and the product
 * with 0x0101010101010101 moves bit 9r to bit 56 + r without carries.
 */
typedef struct XqLineIndex {
    int rank_shift; /* rank * 9 */
    int file;
    unsigned rank_index, file_index;
} XqLineIndex;

static inline XqLineIndex xq_line_index(int sq, XqBB occupied)
{
    XqLineIndex li;
    li.file = xq_square_file(sq);
    li.rank_shift = sq - li.file;
    li.rank_index = (unsigned)xq_bb_lo(xq_bb_shr(occupied, li.rank_shift + 1)) & 0x7F;
    li.file_index = (unsigned)(((xq_bb_lo(xq_bb_shr(occupied, li.file + 9)) &
                                 0x8040201008040201ULL) *
                                0x0101010101010101ULL) >>
                               56);
    return li;
}

static inline XqBB xq_rook_from_index(XqLineIndex li)
{
    XqBB rank = xq_bb_shl(xq_bb_from64(fm_load(xq_rook_rank[li.file][li.rank_index])),
                          li.rank_shift);
    XqBB file = xq_bb_shl(xq_bb_load(xq_rook_file[li.rank_shift / 9][li.file_index]), li.file);
    return xq_bb_or(rank, file);
}

static inline XqBB xq_cannon_from_index(XqLineIndex li)
{
    XqBB rank = xq_bb_shl(xq_bb_from64(fm_load(xq_cannon_rank[li.file][li.rank_index])),
                          li.rank_shift);
    XqBB file = xq_bb_shl(xq_bb_load(xq_cannon_file[li.rank_shift / 9][li.file_index]), li.file);
    return xq_bb_or(rank, file);
}

/* Rook attacks: each ray up to and including its first piece. */
static inline XqBB xq_attacks_rook(int sq, XqBB occupied)
{
    return xq_rook_from_index(xq_line_index(sq, occupied));
}

/* Cannon hit candidates: on each ray the first piece behind the first piece (the screen), or
 * an edge square that may be empty: always AND with pieces. The cannon's quiet moves are the
 * empty squares of xq_attacks_rook. */
static inline XqBB xq_cannon_hits(int sq, XqBB occupied)
{
    return xq_cannon_from_index(xq_line_index(sq, occupied));
}

#endif
