/*
 * The evaluations' score type: a pair (midgame, endgame) packed into one int32 by S(). An
 * evaluation sums packed values and blends the two halves by game phase at the end; chess
 * (src/chess/eval.c) and Xiangqi (src/xiangqi/eval.c) share it and their tuner (src/app/tune.c).
 *
 * Every tuned weight is added through WEIGHT(weight, colour, count): count times the weight, for
 * that side. The tuner compiles an evaluation once more with FLASHMATE_EVAL_TRACE, where WEIGHT
 * also counts how often each weight was added for each side (eval_trace_take, defined by the
 * file that includes the evaluation): the evaluation is linear in its weights, so those counts
 * and the phase reproduce it.
 */
#ifndef FLASHMATE_SCORE_H
#define FLASHMATE_SCORE_H

#include <stdint.h>

#include "flashmate/flash.h" /* the tables are FM_FLASH: flash on every platform */
#include "flashmate/game_types.h"

typedef int32_t Score;
#define S(mg, eg) ((Score)((uint32_t)(eg) << 16) + (Score)(mg))

static inline int score_mg(Score s) { return (int16_t)(uint16_t)((uint32_t)s & 0xffff); }
static inline int score_eg(Score s) { return (int16_t)(uint16_t)(((uint32_t)s + 0x8000) >> 16); }

#ifdef FLASHMATE_EVAL_TRACE
static Score eval_trace_take(const Score *weight, Color c, int count);
#define WEIGHT(weight, c, count) eval_trace_take(&(weight), (c), (count))
#else
#define WEIGHT(weight, c, count) ((count) * (weight))
#endif

#endif
