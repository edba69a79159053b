/*
 * Xiangqi basic types: the 90-square bitboard, squares, pieces and the encoding of the 16-bit
 * move (the types every game shares are in flashmate/game_types.h). Nothing here needs a table
 * or an initialisation call.
 *
 * The board is 9 files (a-i) by 10 ranks (1-10), Red at the bottom. Squares are numbered
 * rank * 9 + file, so a1 = 0, i1 = 8, a2 = 9, ..., i10 = 89; bit n of a bitboard is square n.
 *
 *        a  b  c  d  e  f  g  h  i
 *   10  81 82 83 84 85 86 87 88 89    Black's palace: d8-f10
 *    9  72 .. .. .. .. .. .. .. 80
 *   ...                               the river lies between ranks 5 and 6
 *    2   9 10 11 12 13 14 15 16 17
 *    1   0  1  2  3  4  5  6  7  8    Red's palace: d1-f3
 */
#ifndef FLASHMATE_XIANGQI_TYPES_H
#define FLASHMATE_XIANGQI_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "flashmate/game_types.h"

enum { XQ_SQUARE_NB = 90, XQ_SQ_NONE = 90, XQ_FILE_NB = 9, XQ_RANK_NB = 10 };

/* ---------------------------------------------------------------------------------------------
 * XqBB: a set of squares. One type, two representations behind the same inline operations:
 * `unsigned __int128` where the compiler has it (x86-64, AArch64: two registers, carries done by
 * the compiler), else two 64-bit words (32-bit targets such as arm-none-eabi). Squares 0-63 are
 * the low word, 64-89 the high one, in both. Define FLASHMATE_XQ_BB_WORDS to force the words.
 * Bits 90-127 are never set by the operations below unless a caller complements a set; tables
 * never hold them, so `a & ~b` style masks (xq_bb_andnot) are always safe.
 */
#if defined(__SIZEOF_INT128__) && !defined(FLASHMATE_XQ_BB_WORDS)
#define FLASHMATE_XQ_BB_INT128 1
__extension__ typedef unsigned __int128 XqBB;

static inline XqBB xq_bb_make(uint64_t lo, uint64_t hi) { return (XqBB)hi << 64 | lo; }
static inline uint64_t xq_bb_lo(XqBB b) { return (uint64_t)b; }
static inline uint64_t xq_bb_hi(XqBB b) { return (uint64_t)(b >> 64); }
static inline XqBB xq_bb_and(XqBB a, XqBB b) { return a & b; }
static inline XqBB xq_bb_or(XqBB a, XqBB b) { return a | b; }
static inline XqBB xq_bb_xor(XqBB a, XqBB b) { return a ^ b; }
static inline XqBB xq_bb_andnot(XqBB a, XqBB b) { return a & ~b; }
static inline bool xq_bb_any(XqBB b) { return b != 0; }
static inline bool xq_bb_equal(XqBB a, XqBB b) { return a == b; }
/* Shifts by 0..127 squares. */
static inline XqBB xq_bb_shl(XqBB b, int n) { return b << n; }
static inline XqBB xq_bb_shr(XqBB b, int n) { return b >> n; }
/* The set without its lowest square. */
static inline XqBB xq_bb_clear_lsb(XqBB b) { return b & (b - 1); }

#else
typedef struct XqBB {
    uint64_t lo, hi;
} XqBB;

static inline XqBB xq_bb_make(uint64_t lo, uint64_t hi)
{
    XqBB b = {lo, hi};
    return b;
}
static inline uint64_t xq_bb_lo(XqBB b) { return b.lo; }
static inline uint64_t xq_bb_hi(XqBB b) { return b.hi; }
static inline XqBB xq_bb_and(XqBB a, XqBB b) { return xq_bb_make(a.lo & b.lo, a.hi & b.hi); }
static inline XqBB xq_bb_or(XqBB a, XqBB b) { return xq_bb_make(a.lo | b.lo, a.hi | b.hi); }
static inline XqBB xq_bb_xor(XqBB a, XqBB b) { return xq_bb_make(a.lo ^ b.lo, a.hi ^ b.hi); }
static inline XqBB xq_bb_andnot(XqBB a, XqBB b) { return xq_bb_make(a.lo & ~b.lo, a.hi & ~b.hi); }
static inline bool xq_bb_any(XqBB b) { return (b.lo | b.hi) != 0; }
static inline bool xq_bb_equal(XqBB a, XqBB b) { return a.lo == b.lo && a.hi == b.hi; }
static inline XqBB xq_bb_shl(XqBB b, int n)
{
    if (n == 0)
        return b;
    if (n >= 64)
        return xq_bb_make(0, b.lo << (n - 64));
    return xq_bb_make(b.lo << n, b.hi << n | b.lo >> (64 - n));
}
static inline XqBB xq_bb_shr(XqBB b, int n)
{
    if (n == 0)
        return b;
    if (n >= 64)
        return xq_bb_make(b.hi >> (n - 64), 0);
    return xq_bb_make(b.lo >> n | b.hi << (64 - n), b.hi >> n);
}
static inline XqBB xq_bb_clear_lsb(XqBB b)
{
    if (b.lo)
        return xq_bb_make(b.lo & (b.lo - 1), b.hi);
    return xq_bb_make(0, b.hi & (b.hi - 1));
}
#endif

/* Representation-independent operations, built on the ones above. */
static inline XqBB xq_bb_empty(void) { return xq_bb_make(0, 0); }
static inline XqBB xq_bb_from64(uint64_t lo) { return xq_bb_make(lo, 0); }
static inline XqBB xq_bb_square(int sq)
{
    return sq < 64 ? xq_bb_make((uint64_t)1 << sq, 0) : xq_bb_make(0, (uint64_t)1 << (sq - 64));
}
static inline bool xq_bb_test(XqBB b, int sq)
{
    return sq < 64 ? (xq_bb_lo(b) >> sq) & 1 : (xq_bb_hi(b) >> (sq - 64)) & 1;
}
static inline int xq_bb_popcount(XqBB b)
{
    return __builtin_popcountll(xq_bb_lo(b)) + __builtin_popcountll(xq_bb_hi(b));
}
/* Lowest square of a non-empty set. */
static inline int xq_bb_lsb(XqBB b)
{
    uint64_t lo = xq_bb_lo(b);
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(xq_bb_hi(b));
}
static inline int xq_bb_pop_lsb(XqBB *b)
{
    int sq = xq_bb_lsb(*b);
    *b = xq_bb_clear_lsb(*b);
    return sq;
}
static inline bool xq_bb_more_than_one(XqBB b) { return xq_bb_any(xq_bb_clear_lsb(b)); }

/* Every square of the board (bits 0-89). */
static inline XqBB xq_bb_all(void) { return xq_bb_make(~(uint64_t)0, ((uint64_t)1 << 26) - 1); }

/* ---------------------------------------------------------------------------------------------
 * Squares, colours and pieces. Red moves first and uses WHITE's colour index, Black BLACK's.
 */
static inline int xq_square_make(int file, int rank) { return rank * XQ_FILE_NB + file; }
static inline int xq_square_file(int sq) { return sq % XQ_FILE_NB; }
static inline int xq_square_rank(int sq) { return sq / XQ_FILE_NB; }
/* The same square seen from the other side (a1 <-> a10): for Black's piece-square tables. */
static inline int xq_square_flip_rank(int sq)
{
    return (XQ_RANK_NB - 1 - xq_square_rank(sq)) * XQ_FILE_NB + xq_square_file(sq);
}

enum { XQ_RED = WHITE, XQ_BLACK = BLACK };

/* Ordered by value; the numbering is gen/rules.py's (XQ_PAWN ... XQ_KING). */
typedef enum {
    XQ_PAWN,
    XQ_ADVISOR,
    XQ_ELEPHANT,
    XQ_HORSE,
    XQ_CANNON,
    XQ_ROOK,
    XQ_KING,
    XQ_PIECE_TYPE_NB
} XqPieceType;

/* A piece packs its colour in bit 3 and its type in bits 0-2, as in chess. */
enum { XQ_NO_PIECE = 15, XQ_PIECE_NB = 16 };
typedef uint8_t XqPiece;

static inline XqPiece xq_piece_make(Color c, XqPieceType pt) { return (XqPiece)((c << 3) | pt); }
static inline XqPieceType xq_piece_type(XqPiece p) { return (XqPieceType)(p & 7); }
static inline Color xq_piece_color(XqPiece p) { return (Color)(p >> 3); }

/*
 * A Xiangqi move is 16 bits, the same Move type as chess so the move list, the transposition
 * table and the search reports carry both:
 *
 *   15 14 13 12 11 10  9  8  7  6  5  4  3  2  1  0
 *  | 0  0|        to (0-89)    |    from (0-89)     |
 *
 * There are no special moves. MOVE_NONE (a1a1) and MOVE_NULL have from == to.
 */

static inline Move xq_move_make(int from, int to) { return (Move)(from | to << 7); }
static inline int xq_move_from(Move m) { return m & 127; }
static inline int xq_move_to(Move m) { return (m >> 7) & 127; }
static inline bool xq_move_is_ok(Move m) { return xq_move_from(m) != xq_move_to(m); }

#endif
