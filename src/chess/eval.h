/*
 * Static evaluation in centipawns from the side to move's point of view.
 */
#ifndef FLASHMATE_EVAL_H
#define FLASHMATE_EVAL_H

#include "flashmate/position.h"

int eval_position(const Position *pos);

/* Exchange value of a piece type for SEE and move ordering. */
int eval_see_value(PieceType pt);

#endif
