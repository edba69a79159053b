/*
 * The chess evaluation's constants that it does not tune (the Score type is engine/score.h's).
 * The tuned weights are in eval_weights.h, which the tuner writes (src/app/tune.c); the values
 * here are not linear terms of the evaluation (the phase, the king-zone attack weights that index
 * a table) or belong to SEE, so they stay set by hand.
 */
#ifndef FLASHMATE_EVAL_SCORE_H
#define FLASHMATE_EVAL_SCORE_H

#include "engine/score.h"

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
