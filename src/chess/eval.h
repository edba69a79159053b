/*
 * Static evaluation in centipawns from the side to move's point of view.
 */
#ifndef FLASHMATE_EVAL_H
#define FLASHMATE_EVAL_H

#include <stddef.h>

#include "flashmate/position.h"

int eval_position(const Position *pos);

/* The evaluation term by term for both sides (midgame and endgame halves), the phase and the
 * endgame scale, and the result for White, as text lines into buf. */
void eval_explain(const Position *pos, char *buf, size_t size);

/* Exchange value of a piece type for SEE and move ordering. */
int eval_see_value(PieceType pt);

#endif
