/*
 * The evaluation's score type and the constants it does not tune. A Score is a pair (midgame,
 * endgame) packed into one int32 by S(); the evaluation sums packed values and blends the two
 * halves by game phase at the end. The tuned weights are in eval_weights.h, which the tuner
 * writes (src/app/tune.c); the values here are not linear terms of the evaluation (the phase,
 * the king-zone attack weights that index a table) or belong to SEE, so they stay set by hand.
 */
#ifndef FLASHMATE_EVAL_SCORE_H
#define FLASHMATE_EVAL_SCORE_H

#include <stdint.h>

#include "flashmate/flash.h" /* the tables are FM_FLASH: flash on every platform */

typedef int32_t Score;
#define S(mg, eg) ((Score)((uint32_t)(eg) << 16) + (Score)(mg))

static inline int score_mg(Score s) { return (int16_t)(uint16_t)((uint32_t)s & 0xffff); }
static inline int score_eg(Score s) { return (int16_t)(uint16_t)(((uint32_t)s + 0x8000) >> 16); }

/* Exchange values for SEE, move ordering and the endgame scale (pawn ... king). */
static FM_FLASH int see_value[6] = {100, 320, 330, 500, 950, 0};

/* Phase weights: 24 means all pieces on the board (midgame), 0 a pawn ending. */
static FM_FLASH int phase_weight[6] = {0, 1, 1, 2, 4, 0};
enum { PHASE_MAX = 24 };

/* King safety: each piece's weight per square of the enemy king's zone it attacks; the sum of a
 * side's indexes the tuned king_danger table. */
static FM_FLASH int king_attack_weight[6] = {0, 2, 2, 3, 5, 0};
enum { KING_DANGER_NB = 32 };

#endif
