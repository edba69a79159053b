/*
 * Every evaluation weight in one place, so they can be tuned without touching the code.
 * A weight is a pair (midgame, endgame) packed into one int32 by S(); the evaluation sums
 * packed values and blends the two halves by game phase at the end.
 * Piece-square tables are written from White's side with rank 8 on the first row, as a board
 * diagram; the code flips the square for White (sq ^ 56) and reads Black's directly.
 */
#ifndef FLASHMATE_EVAL_WEIGHTS_H
#define FLASHMATE_EVAL_WEIGHTS_H

#include <stdint.h>

#include "flashmate/flash.h" /* the tables are FM_FLASH: flash on every platform */

typedef int32_t Score;
#define S(mg, eg) ((Score)((uint32_t)(eg) << 16) + (Score)(mg))

static inline int score_mg(Score s) { return (int16_t)(uint16_t)((uint32_t)s & 0xffff); }
static inline int score_eg(Score s) { return (int16_t)(uint16_t)(((uint32_t)s + 0x8000) >> 16); }

/* The tables are laid out by hand. */
/* clang-format off */
/* Piece values, also used by SEE and move ordering (pawn, knight, bishop, rook, queen, king). */
static FM_FLASH Score piece_value[6] = {
    S(90, 125), S(330, 300), S(345, 320), S(470, 540), S(1000, 1000), S(0, 0),
};
static FM_FLASH int see_value[6] = {100, 320, 330, 500, 950, 0};

/* Phase weights: 24 means all pieces on the board (midgame), 0 a pawn ending. */
static FM_FLASH int phase_weight[6] = {0, 1, 1, 2, 4, 0};
enum { PHASE_MAX = 24 };

#define PST_ROW(a, b, c, d, e, f, g, h) a, b, c, d, e, f, g, h

/* Midgame and endgame piece-square tables, [piece type][square as drawn]. */
static FM_FLASH int8_t pst_mg[6][64] = {
    { /* pawn */
        PST_ROW(  0,   0,   0,   0,   0,   0,   0,   0),
        PST_ROW( 40,  45,  40,  50,  50,  40,  45,  40),
        PST_ROW( 10,  15,  20,  28,  28,  20,  15,  10),
        PST_ROW(  0,   5,  10,  22,  22,  10,   5,   0),
        PST_ROW( -5,   0,   5,  18,  18,   5,   0,  -5),
        PST_ROW( -5,  -3,   0,   5,   5,   0,  -3,  -5),
        PST_ROW( -5,   0,   0, -12, -12,   5,   5,  -5),
        PST_ROW(  0,   0,   0,   0,   0,   0,   0,   0),
    },
    { /* knight */
        PST_ROW(-60, -30, -20, -15, -15, -20, -30, -60),
        PST_ROW(-30, -15,   5,  10,  10,   5, -15, -30),
        PST_ROW(-15,   5,  15,  22,  22,  15,   5, -15),
        PST_ROW(-10,  10,  20,  25,  25,  20,  10, -10),
        PST_ROW(-10,   5,  15,  20,  20,  15,   5, -10),
        PST_ROW(-20,   0,  10,  12,  12,  10,   0, -20),
        PST_ROW(-30, -15,   0,   5,   5,   0, -15, -30),
        PST_ROW(-60, -25, -20, -15, -15, -20, -25, -60),
    },
    { /* bishop */
        PST_ROW(-20, -10, -10, -10, -10, -10, -10, -20),
        PST_ROW(-10,   0,   0,   0,   0,   0,   0, -10),
        PST_ROW( -8,   5,   8,  10,  10,   8,   5,  -8),
        PST_ROW( -5,   8,  10,  15,  15,  10,   8,  -5),
        PST_ROW( -5,   5,  12,  15,  15,  12,   5,  -5),
        PST_ROW( -5,  10,  10,  10,  10,  10,  10,  -5),
        PST_ROW( -8,  12,   5,   5,   5,   5,  12,  -8),
        PST_ROW(-20, -10, -12, -10, -10, -12, -10, -20),
    },
    { /* rook */
        PST_ROW(  5,  10,  10,  12,  12,  10,  10,   5),
        PST_ROW( 15,  20,  20,  22,  22,  20,  20,  15),
        PST_ROW( -5,   0,   5,   5,   5,   5,   0,  -5),
        PST_ROW(-10,  -5,   0,   0,   0,   0,  -5, -10),
        PST_ROW(-10,  -5,   0,   0,   0,   0,  -5, -10),
        PST_ROW(-10,  -5,   0,   0,   0,   0,  -5, -10),
        PST_ROW(-15,  -8,  -3,   0,   0,  -3,  -8, -15),
        PST_ROW( -8,  -5,   2,   8,   8,   5,  -5,  -8),
    },
    { /* queen */
        PST_ROW(-20, -10, -10,  -5,  -5, -10, -10, -20),
        PST_ROW(-10,  -5,   0,   0,   0,   0,  -5, -10),
        PST_ROW(-10,   0,   5,   5,   5,   5,   0, -10),
        PST_ROW( -5,   0,   5,   5,   5,   5,   0,  -5),
        PST_ROW( -5,   0,   5,   5,   5,   5,   0,  -5),
        PST_ROW(-10,   2,   5,   5,   5,   5,   0, -10),
        PST_ROW(-10,   0,   2,   2,   2,   0,   0, -10),
        PST_ROW(-20, -10, -10,   0,  -5, -10, -10, -20),
    },
    { /* king: stay behind the pawns in the midgame */
        PST_ROW(-60, -70, -70, -80, -80, -70, -70, -60),
        PST_ROW(-60, -70, -70, -80, -80, -70, -70, -60),
        PST_ROW(-60, -70, -70, -80, -80, -70, -70, -60),
        PST_ROW(-50, -60, -60, -70, -70, -60, -60, -50),
        PST_ROW(-40, -50, -50, -60, -60, -50, -50, -40),
        PST_ROW(-20, -30, -30, -40, -40, -30, -30, -20),
        PST_ROW( 10,  10, -10, -20, -20, -10,  10,  10),
        PST_ROW( 20,  35,  15, -10,   0,  -5,  35,  20),
    },
};

static FM_FLASH int8_t pst_eg[6][64] = {
    { /* pawn: worth more the further it advanced */
        PST_ROW(  0,   0,   0,   0,   0,   0,   0,   0),
        PST_ROW( 80,  80,  75,  70,  70,  75,  80,  80),
        PST_ROW( 45,  45,  40,  35,  35,  40,  45,  45),
        PST_ROW( 20,  18,  12,   8,   8,  12,  18,  20),
        PST_ROW(  8,   6,   2,   0,   0,   2,   6,   8),
        PST_ROW(  0,   0,  -2,  -2,  -2,  -2,   0,   0),
        PST_ROW(  0,   0,   0,   0,   0,   0,   0,   0),
        PST_ROW(  0,   0,   0,   0,   0,   0,   0,   0),
    },
    { /* knight */
        PST_ROW(-50, -35, -25, -20, -20, -25, -35, -50),
        PST_ROW(-30, -15,  -5,   0,   0,  -5, -15, -30),
        PST_ROW(-20,  -5,  10,  15,  15,  10,  -5, -20),
        PST_ROW(-15,   0,  15,  20,  20,  15,   0, -15),
        PST_ROW(-15,   0,  15,  20,  20,  15,   0, -15),
        PST_ROW(-20,  -5,   5,  10,  10,   5,  -5, -20),
        PST_ROW(-30, -15,  -5,   0,   0,  -5, -15, -30),
        PST_ROW(-50, -35, -25, -20, -20, -25, -35, -50),
    },
    { /* bishop */
        PST_ROW(-15, -10,  -8,  -5,  -5,  -8, -10, -15),
        PST_ROW(-10,  -5,   0,   0,   0,   0,  -5, -10),
        PST_ROW( -8,   0,   5,   5,   5,   5,   0,  -8),
        PST_ROW( -5,   0,   5,  10,  10,   5,   0,  -5),
        PST_ROW( -5,   0,   5,  10,  10,   5,   0,  -5),
        PST_ROW( -8,   0,   5,   5,   5,   5,   0,  -8),
        PST_ROW(-10,  -5,   0,   0,   0,   0,  -5, -10),
        PST_ROW(-15, -10,  -8,  -5,  -5,  -8, -10, -15),
    },
    { /* rook */
        PST_ROW(  8,   8,   8,   8,   8,   8,   8,   8),
        PST_ROW( 10,  12,  12,  12,  12,  12,  12,  10),
        PST_ROW(  5,   5,   5,   5,   5,   5,   5,   5),
        PST_ROW(  2,   2,   2,   2,   2,   2,   2,   2),
        PST_ROW(  0,   0,   0,   0,   0,   0,   0,   0),
        PST_ROW( -3,  -3,  -3,  -3,  -3,  -3,  -3,  -3),
        PST_ROW( -5,  -5,  -5,  -5,  -5,  -5,  -5,  -5),
        PST_ROW( -8,  -5,  -3,  -2,  -2,  -3,  -5,  -8),
    },
    { /* queen */
        PST_ROW(-15, -10,  -5,  -5,  -5,  -5, -10, -15),
        PST_ROW(-10,   0,   5,   5,   5,   5,   0, -10),
        PST_ROW( -5,   5,  10,  12,  12,  10,   5,  -5),
        PST_ROW( -5,   5,  12,  15,  15,  12,   5,  -5),
        PST_ROW( -5,   5,  12,  15,  15,  12,   5,  -5),
        PST_ROW( -5,   5,  10,  12,  12,  10,   5,  -5),
        PST_ROW(-10,  -5,   0,   0,   0,   0,  -5, -10),
        PST_ROW(-20, -15, -10, -10, -10, -10, -15, -20),
    },
    { /* king: come to the centre in the endgame */
        PST_ROW(-50, -30, -20, -15, -15, -20, -30, -50),
        PST_ROW(-25,  -5,   5,  10,  10,   5,  -5, -25),
        PST_ROW(-15,   5,  20,  25,  25,  20,   5, -15),
        PST_ROW(-15,  10,  25,  30,  30,  25,  10, -15),
        PST_ROW(-20,   5,  20,  25,  25,  20,   5, -20),
        PST_ROW(-25,  -5,  10,  15,  15,  10,  -5, -25),
        PST_ROW(-35, -15,  -5,   0,   0,  -5, -15, -35),
        PST_ROW(-55, -35, -25, -20, -20, -25, -35, -55),
    },
};

/* Mobility: bonus by the number of squares a piece reaches that are not held by our pawns or
 * king and not attacked by enemy pawns. */
static FM_FLASH Score mobility_knight[9] = {
    S(-40, -50), S(-25, -30), S(-10, -15), S(-3, -5), S(3, 3), S(8, 8), S(13, 12), S(17, 15),
    S(20, 17),
};
static FM_FLASH Score mobility_bishop[14] = {
    S(-35, -50), S(-20, -30), S(-8, -15), S(0, -5), S(6, 3), S(11, 9), S(15, 14), S(18, 18),
    S(21, 21), S(23, 24), S(26, 26), S(28, 28), S(30, 30), S(32, 32),
};
static FM_FLASH Score mobility_rook[15] = {
    S(-30, -50), S(-20, -30), S(-12, -15), S(-7, -5), S(-3, 3), S(0, 10), S(4, 16), S(8, 22),
    S(11, 28), S(14, 33), S(16, 37), S(18, 41), S(20, 44), S(22, 46), S(24, 48),
};
static FM_FLASH Score mobility_queen[28] = {
    S(-20, -40), S(-14, -28), S(-9, -18), S(-5, -10), S(-2, -4), S(1, 2), S(3, 7), S(5, 11),
    S(7, 15), S(9, 18), S(11, 21), S(12, 24), S(13, 26), S(14, 28), S(15, 30), S(16, 32),
    S(17, 33), S(18, 34), S(19, 35), S(20, 36), S(21, 37), S(22, 38), S(23, 39), S(24, 40),
    S(25, 41), S(26, 42), S(27, 43), S(28, 44),
};

/* Pawn structure. Passed pawns by relative rank (0 = own first rank). */
static FM_FLASH Score passed_pawn[8] = {
    S(0, 0), S(0, 5), S(3, 10), S(8, 20), S(20, 40), S(40, 75), S(70, 120), S(0, 0),
};
static const Score passed_pawn_free_path = S(5, 20);   /* times relative rank - 2, when > 0 */
static const Score passed_king_distance = S(0, 3);     /* per square and rank: their king far, ours near */
static const Score pawn_doubled = S(-10, -20);
static const Score pawn_isolated = S(-10, -12);
static const Score pawn_backward = S(-6, -8);
static const Score pawn_connected = S(6, 6);           /* defended by a pawn or side by side */

/* Pieces. */
static const Score bishop_pair = S(30, 55);
static const Score rook_open_file = S(25, 10);
static const Score rook_semi_open_file = S(12, 6);
static const Score knight_outpost = S(15, 8);         /* on ranks 4-6, defended by a pawn */
static const Score threat_by_pawn = S(45, 35);        /* a non-pawn piece attacked by a pawn */
static const Score hanging_piece = S(20, 15);         /* attacked, not defended */
static const Score tempo = S(12, 6);

/* King safety: attackers' weights on the zone around the king, looked up in a table; pawn
 * shelter in front of the king, per file. */
static FM_FLASH int king_attack_weight[6] = {0, 2, 2, 3, 5, 0};
static FM_FLASH int16_t king_danger[32] = {
    0, 0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56, 67, 79, 92,
    106, 121, 137, 154, 172, 191, 211, 232, 254, 277, 300, 320, 340, 360, 380, 400,
};
static const Score shelter_pawn_near = S(12, 0);      /* own pawn one rank ahead of the king */
static const Score shelter_pawn_far = S(6, 0);        /* own pawn two ranks ahead */
static const Score king_open_file = S(-15, 0);        /* no own pawn on a file next to the king */
/* clang-format on */

#endif
