/*
 * Chess basic types: bitboards, squares, pieces and the encoding of the 16-bit move (the
 * types every game shares are in flashmate/game_types.h). Nothing here needs a table or an
 * initialisation call.
 *
 * Squares are numbered little-endian rank-file: a1 = 0, b1 = 1, ..., h8 = 63.
 */
#ifndef FLASHMATE_TYPES_H
#define FLASHMATE_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "flashmate/game_types.h"

typedef uint64_t Bitboard;

enum { SQUARE_NB = 64, SQ_NONE = 64, FILE_NB = 8, RANK_NB = 8 };

/* clang-format off */
/* Ordered by value so that captures can be sorted by comparing types. */
typedef enum { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB, NO_PIECE_TYPE = 7 } PieceType;

/* A piece packs its colour in bit 3 and its type in bits 0-2: W_PAWN = 0, B_KING = 13. */
typedef enum {
    W_PAWN = 0, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
    B_PAWN = 8, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
    NO_PIECE = 15, PIECE_NB = 16
} Piece;

/* Castling rights, one bit each: bit 2 * colour for the king side (the rook towards the h-file),
 * the next bit for the queen side. Each right belongs to one rook, whose square the position
 * records (Position.castling_rook, indexed by the bit's number). */
enum {
    CASTLE_WHITE_OO = 1, CASTLE_WHITE_OOO = 2, CASTLE_BLACK_OO = 4, CASTLE_BLACK_OOO = 8,
    CASTLE_ALL = 15, CASTLING_NB = 16, CASTLE_RIGHT_NB = 4
};

enum {
    SQ_A1 = 0, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A8 = 56, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8
};
/* clang-format on */

/*
 * A move is 16 bits:
 *
 *   15 14 13 12 11 10  9  8  7  6  5  4  3  2  1  0
 *  | kind| promo|        to        |      from       |
 *
 * kind: 0 normal, 1 promotion, 2 en passant, 3 castling: from is the king's square, to the
 * king's destination in standard chess (e1g1) and the castling rook's square in Chess960 (e1h1,
 * "king takes rook", so that a king that stays put still has from != to). promo: 0 knight,
 * 1 bishop, 2 rook, 3 queen. MOVE_NONE (a1a1) and MOVE_NULL (h8h8) have from == to.
 */
enum { MOVE_NORMAL = 0, MOVE_PROMOTION = 1, MOVE_EN_PASSANT = 2, MOVE_CASTLING = 3 };

/* Packed in unsigned arithmetic: with a 16-bit int (AVR) `kind << 14` overflows for kind >= 2. */
static inline Move move_make(int from, int to)
{
    return (Move)((unsigned)from | (unsigned)to << 6);
}
static inline Move move_make_kind(int from, int to, int kind)
{
    return (Move)((unsigned)from | (unsigned)to << 6 | (unsigned)kind << 14);
}
static inline Move move_make_promotion(int from, int to, PieceType promo)
{
    return (Move)((unsigned)from | (unsigned)to << 6 | (unsigned)(promo - KNIGHT) << 12 |
                  (unsigned)MOVE_PROMOTION << 14);
}
static inline int move_from(Move m) { return m & 63; }
static inline int move_to(Move m) { return (m >> 6) & 63; }
static inline int move_kind(Move m) { return m >> 14; }
static inline PieceType move_promotion(Move m) { return (PieceType)(((m >> 12) & 3) + KNIGHT); }
static inline bool move_is_ok(Move m) { return move_from(m) != move_to(m); }

static inline Piece piece_make(Color c, PieceType pt) { return (Piece)((c << 3) | pt); }
static inline PieceType piece_type(Piece p) { return (PieceType)(p & 7); }
static inline Color piece_color(Piece p) { return (Color)(p >> 3); }

static inline int square_make(int file, int rank) { return rank * 8 + file; }
static inline int square_file(int sq) { return sq & 7; }
static inline int square_rank(int sq) { return sq >> 3; }
/* Chebyshev distance: the number of king steps between two squares. */
static inline int square_distance(int a, int b)
{
    int df = square_file(a) - square_file(b), dr = square_rank(a) - square_rank(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}
/* The same square seen from the other side of the board (a1 <-> a8). */
static inline int square_flip_rank(int sq) { return sq ^ 56; }
/* The rank as seen by colour c: rank 1 is relative rank 0 for White and 7 for Black. */
static inline int rank_relative(Color c, int rank) { return rank ^ (c * 7); }

/* Bit operations. The builtins are provided by GCC and clang on every target we build. */
static inline Bitboard bb_square(int sq) { return (Bitboard)1 << sq; }
static inline int bb_popcount(Bitboard b) { return __builtin_popcountll(b); }
static inline int bb_lsb(Bitboard b) { return __builtin_ctzll(b); }
static inline int bb_msb(Bitboard b) { return 63 - __builtin_clzll(b); }
static inline int bb_pop_lsb(Bitboard *b)
{
    int sq = bb_lsb(*b);
    *b &= *b - 1;
    return sq;
}
static inline bool bb_more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

#define BB_FILE_A ((Bitboard)0x0101010101010101ULL)
#define BB_FILE_H (BB_FILE_A << 7)
#define BB_RANK_1 ((Bitboard)0xFFULL)
#define BB_RANK_8 (BB_RANK_1 << 56)

static inline Bitboard bb_rank(int rank) { return BB_RANK_1 << (8 * rank); }
static inline Bitboard bb_file(int file) { return BB_FILE_A << file; }

/* Shifts of a whole set by one step, masked so that nothing wraps from the a- to the h-file. */
static inline Bitboard bb_north(Bitboard b) { return b << 8; }
static inline Bitboard bb_south(Bitboard b) { return b >> 8; }
static inline Bitboard bb_east(Bitboard b) { return (b & ~BB_FILE_H) << 1; }
static inline Bitboard bb_west(Bitboard b) { return (b & ~BB_FILE_A) >> 1; }
/* Forward for colour c: north for White, south for Black. */
static inline Bitboard bb_forward(Color c, Bitboard b) { return c == WHITE ? b << 8 : b >> 8; }

#endif
