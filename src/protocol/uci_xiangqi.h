/*
 * The Xiangqi side of the UCI driver: src/uci.c calls these when UCI_Variant is xiangqi.
 */
#ifndef FLASHMATE_UCI_XIANGQI_H
#define FLASHMATE_UCI_XIANGQI_H

#include <stddef.h>

#include "flashmate/uci.h"

/* Start position, no game history. */
void uci_xiangqi_reset(Engine *e);

/* `position [startpos|fen F] [moves ...]`. On an error returns false with the reason in
 * error[size] and the offending word in *excerpt (or NULL); the position is left unchanged. */
bool uci_xiangqi_set_position(Engine *e, const UciCommand *cmd, char *error, size_t size, const char **excerpt);

/* `d`: the board with Red at the bottom, and the FEN. */
void uci_xiangqi_display(const Engine *e);

#endif
