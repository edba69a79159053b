/*
 * The chess evaluation's weights (src/chess/eval.c adds them through WEIGHT), each a
 * (midgame, endgame) pair S(mg, eg).
 *
 * Written by flashmate-tune weights (src/app/tune.c) from the hand-set values, before any fit;
 * DO NOT EDIT: tune instead (flashmate-tune fit).
 */
#ifndef FLASHMATE_EVAL_WEIGHTS_H
#define FLASHMATE_EVAL_WEIGHTS_H

#include "eval_score.h"

/* clang-format off */

/* Piece values (pawn, knight, bishop, rook, queen, king); SEE has its own (eval_score.h). */
static FM_FLASH Score piece_value[6] = {
    S(90, 125), S(330, 300), S(345, 320), S(470, 540), S(1000, 1000), S(0, 0),
};

/* Piece-square tables, [piece type][square as drawn]: from White's side with rank 8 on the
 * first row, as a board diagram; the code flips the square for White (sq ^ 56) and reads
 * Black's directly. */
static FM_FLASH Score pst[6][64] = {
    { /* pawn */
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
        S(  40,  80), S(  45,  80), S(  40,  75), S(  50,  70), S(  50,  70), S(  40,  75), S(  45,  80), S(  40,  80),
        S(  10,  45), S(  15,  45), S(  20,  40), S(  28,  35), S(  28,  35), S(  20,  40), S(  15,  45), S(  10,  45),
        S(   0,  20), S(   5,  18), S(  10,  12), S(  22,   8), S(  22,   8), S(  10,  12), S(   5,  18), S(   0,  20),
        S(  -5,   8), S(   0,   6), S(   5,   2), S(  18,   0), S(  18,   0), S(   5,   2), S(   0,   6), S(  -5,   8),
        S(  -5,   0), S(  -3,   0), S(   0,  -2), S(   5,  -2), S(   5,  -2), S(   0,  -2), S(  -3,   0), S(  -5,   0),
        S(  -5,   0), S(   0,   0), S(   0,   0), S( -12,   0), S( -12,   0), S(   5,   0), S(   5,   0), S(  -5,   0),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    },
    { /* knight */
        S( -60, -50), S( -30, -35), S( -20, -25), S( -15, -20), S( -15, -20), S( -20, -25), S( -30, -35), S( -60, -50),
        S( -30, -30), S( -15, -15), S(   5,  -5), S(  10,   0), S(  10,   0), S(   5,  -5), S( -15, -15), S( -30, -30),
        S( -15, -20), S(   5,  -5), S(  15,  10), S(  22,  15), S(  22,  15), S(  15,  10), S(   5,  -5), S( -15, -20),
        S( -10, -15), S(  10,   0), S(  20,  15), S(  25,  20), S(  25,  20), S(  20,  15), S(  10,   0), S( -10, -15),
        S( -10, -15), S(   5,   0), S(  15,  15), S(  20,  20), S(  20,  20), S(  15,  15), S(   5,   0), S( -10, -15),
        S( -20, -20), S(   0,  -5), S(  10,   5), S(  12,  10), S(  12,  10), S(  10,   5), S(   0,  -5), S( -20, -20),
        S( -30, -30), S( -15, -15), S(   0,  -5), S(   5,   0), S(   5,   0), S(   0,  -5), S( -15, -15), S( -30, -30),
        S( -60, -50), S( -25, -35), S( -20, -25), S( -15, -20), S( -15, -20), S( -20, -25), S( -25, -35), S( -60, -50),
    },
    { /* bishop */
        S( -20, -15), S( -10, -10), S( -10,  -8), S( -10,  -5), S( -10,  -5), S( -10,  -8), S( -10, -10), S( -20, -15),
        S( -10, -10), S(   0,  -5), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,  -5), S( -10, -10),
        S(  -8,  -8), S(   5,   0), S(   8,   5), S(  10,   5), S(  10,   5), S(   8,   5), S(   5,   0), S(  -8,  -8),
        S(  -5,  -5), S(   8,   0), S(  10,   5), S(  15,  10), S(  15,  10), S(  10,   5), S(   8,   0), S(  -5,  -5),
        S(  -5,  -5), S(   5,   0), S(  12,   5), S(  15,  10), S(  15,  10), S(  12,   5), S(   5,   0), S(  -5,  -5),
        S(  -5,  -8), S(  10,   0), S(  10,   5), S(  10,   5), S(  10,   5), S(  10,   5), S(  10,   0), S(  -5,  -8),
        S(  -8, -10), S(  12,  -5), S(   5,   0), S(   5,   0), S(   5,   0), S(   5,   0), S(  12,  -5), S(  -8, -10),
        S( -20, -15), S( -10, -10), S( -12,  -8), S( -10,  -5), S( -10,  -5), S( -12,  -8), S( -10, -10), S( -20, -15),
    },
    { /* rook */
        S(   5,   8), S(  10,   8), S(  10,   8), S(  12,   8), S(  12,   8), S(  10,   8), S(  10,   8), S(   5,   8),
        S(  15,  10), S(  20,  12), S(  20,  12), S(  22,  12), S(  22,  12), S(  20,  12), S(  20,  12), S(  15,  10),
        S(  -5,   5), S(   0,   5), S(   5,   5), S(   5,   5), S(   5,   5), S(   5,   5), S(   0,   5), S(  -5,   5),
        S( -10,   2), S(  -5,   2), S(   0,   2), S(   0,   2), S(   0,   2), S(   0,   2), S(  -5,   2), S( -10,   2),
        S( -10,   0), S(  -5,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(  -5,   0), S( -10,   0),
        S( -10,  -3), S(  -5,  -3), S(   0,  -3), S(   0,  -3), S(   0,  -3), S(   0,  -3), S(  -5,  -3), S( -10,  -3),
        S( -15,  -5), S(  -8,  -5), S(  -3,  -5), S(   0,  -5), S(   0,  -5), S(  -3,  -5), S(  -8,  -5), S( -15,  -5),
        S(  -8,  -8), S(  -5,  -5), S(   2,  -3), S(   8,  -2), S(   8,  -2), S(   5,  -3), S(  -5,  -5), S(  -8,  -8),
    },
    { /* queen */
        S( -20, -15), S( -10, -10), S( -10,  -5), S(  -5,  -5), S(  -5,  -5), S( -10,  -5), S( -10, -10), S( -20, -15),
        S( -10, -10), S(  -5,   0), S(   0,   5), S(   0,   5), S(   0,   5), S(   0,   5), S(  -5,   0), S( -10, -10),
        S( -10,  -5), S(   0,   5), S(   5,  10), S(   5,  12), S(   5,  12), S(   5,  10), S(   0,   5), S( -10,  -5),
        S(  -5,  -5), S(   0,   5), S(   5,  12), S(   5,  15), S(   5,  15), S(   5,  12), S(   0,   5), S(  -5,  -5),
        S(  -5,  -5), S(   0,   5), S(   5,  12), S(   5,  15), S(   5,  15), S(   5,  12), S(   0,   5), S(  -5,  -5),
        S( -10,  -5), S(   2,   5), S(   5,  10), S(   5,  12), S(   5,  12), S(   5,  10), S(   0,   5), S( -10,  -5),
        S( -10, -10), S(   0,  -5), S(   2,   0), S(   2,   0), S(   2,   0), S(   0,   0), S(   0,  -5), S( -10, -10),
        S( -20, -20), S( -10, -15), S( -10, -10), S(   0, -10), S(  -5, -10), S( -10, -10), S( -10, -15), S( -20, -20),
    },
    { /* king */
        S( -60, -50), S( -70, -30), S( -70, -20), S( -80, -15), S( -80, -15), S( -70, -20), S( -70, -30), S( -60, -50),
        S( -60, -25), S( -70,  -5), S( -70,   5), S( -80,  10), S( -80,  10), S( -70,   5), S( -70,  -5), S( -60, -25),
        S( -60, -15), S( -70,   5), S( -70,  20), S( -80,  25), S( -80,  25), S( -70,  20), S( -70,   5), S( -60, -15),
        S( -50, -15), S( -60,  10), S( -60,  25), S( -70,  30), S( -70,  30), S( -60,  25), S( -60,  10), S( -50, -15),
        S( -40, -20), S( -50,   5), S( -50,  20), S( -60,  25), S( -60,  25), S( -50,  20), S( -50,   5), S( -40, -20),
        S( -20, -25), S( -30,  -5), S( -30,  10), S( -40,  15), S( -40,  15), S( -30,  10), S( -30,  -5), S( -20, -25),
        S(  10, -35), S(  10, -15), S( -10,  -5), S( -20,   0), S( -20,   0), S( -10,  -5), S(  10, -15), S(  10, -35),
        S(  20, -55), S(  35, -35), S(  15, -25), S( -10, -20), S(   0, -20), S(  -5, -25), S(  35, -35), S(  20, -55),
    },
};

/* Mobility: by the number of squares a piece reaches that are not held by its own pawns
 * or king and not attacked by enemy pawns. */
static FM_FLASH Score mobility_knight[9] = {
    S(-40, -50), S(-25, -30), S(-10, -15), S(-3, -5), S(3, 3), S(8, 8),
    S(13, 12), S(17, 15), S(20, 17),
};
static FM_FLASH Score mobility_bishop[14] = {
    S(-35, -50), S(-20, -30), S(-8, -15), S(0, -5), S(6, 3), S(11, 9),
    S(15, 14), S(18, 18), S(21, 21), S(23, 24), S(26, 26), S(28, 28),
    S(30, 30), S(32, 32),
};
static FM_FLASH Score mobility_rook[15] = {
    S(-30, -50), S(-20, -30), S(-12, -15), S(-7, -5), S(-3, 3), S(0, 10),
    S(4, 16), S(8, 22), S(11, 28), S(14, 33), S(16, 37), S(18, 41),
    S(20, 44), S(22, 46), S(24, 48),
};
static FM_FLASH Score mobility_queen[28] = {
    S(-20, -40), S(-14, -28), S(-9, -18), S(-5, -10), S(-2, -4), S(1, 2),
    S(3, 7), S(5, 11), S(7, 15), S(9, 18), S(11, 21), S(12, 24),
    S(13, 26), S(14, 28), S(15, 30), S(16, 32), S(17, 33), S(18, 34),
    S(19, 35), S(20, 36), S(21, 37), S(22, 38), S(23, 39), S(24, 40),
    S(25, 41), S(26, 42), S(27, 43), S(28, 44),
};

/* Pawn structure. Passed pawns by relative rank (0 = own first rank). */
static FM_FLASH Score passed_pawn[8] = {
    S(0, 0), S(0, 5), S(3, 10), S(8, 20), S(20, 40), S(40, 75),
    S(70, 120), S(0, 0),
};
static const Score passed_pawn_free_path = S(5, 20); /* times relative rank - 2, when > 0 */
static const Score passed_king_distance = S(0, 3); /* per square and rank: their king far, ours near */
static const Score pawn_doubled = S(-10, -20);
static const Score pawn_isolated = S(-10, -12);
static const Score pawn_backward = S(-6, -8);

/* A pawn defended by a pawn or side by side with one, by relative rank. */
static FM_FLASH Score pawn_connected[8] = {
    S(6, 6), S(6, 6), S(6, 6), S(6, 6),
    S(6, 6), S(6, 6), S(6, 6), S(6, 6),
};
static const Score bishop_pair = S(30, 55);
static const Score rook_open_file = S(25, 10);
static const Score rook_semi_open_file = S(12, 6);
static const Score knight_outpost = S(15, 8); /* on ranks 4-6, defended by a pawn */
static const Score bishop_pawns_on_colour = S(0, 0); /* per own pawn on the squares of the bishop's colour */

/* Threats: enemy pieces (by type) attacked by a pawn, a knight or bishop, a rook. */
static FM_FLASH Score threat_by_pawn[6] = {
    S(0, 0), S(45, 35), S(45, 35), S(45, 35), S(45, 35), S(0, 0),
};
static FM_FLASH Score threat_by_minor[6] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
};
static FM_FLASH Score threat_by_rook[6] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
};
static const Score hanging_piece = S(20, 15); /* attacked, not defended */
static const Score tempo = S(12, 6);

/* King safety: the danger of the attack units on the king's zone (eval_score.h), taken
 * when two pieces attack it or one with the queen on the board. */
static FM_FLASH Score king_danger[KING_DANGER_NB] = {
    S(0, 0), S(0, 0), S(1, 0), S(2, 0), S(4, 0), S(7, 0),
    S(11, 0), S(16, 0), S(22, 0), S(29, 0), S(37, 0), S(46, 0),
    S(56, 0), S(67, 0), S(79, 0), S(92, 0), S(106, 0), S(121, 0),
    S(137, 0), S(154, 0), S(172, 0), S(191, 0), S(211, 0), S(232, 0),
    S(254, 0), S(277, 0), S(300, 0), S(320, 0), S(340, 0), S(360, 0),
    S(380, 0), S(400, 0),
};

/* Checks the enemy can give by a piece (of a type) from a square the king's side neither
 * holds nor attacks, each. */
static FM_FLASH Score safe_check[6] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
};
static const Score shelter_pawn_near = S(12, 0); /* own pawn one rank ahead of the king */
static const Score shelter_pawn_far = S(6, 0); /* own pawn two ranks ahead */
static const Score king_open_file = S(-15, 0); /* no own pawn on a file next to the king */
/* clang-format on */

#endif
