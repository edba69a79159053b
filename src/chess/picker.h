/*
 * How the chess search instantiates the staged move picker (src/engine/picker_template.h): its
 * generation, legality, SEE and capture order (as generated: MVV/LVA). The includer defines
 * PICKER_SEARCH and PICKER_GAME_FIELDS and then includes the template; test_picker_chess does
 * so too, with its own search state.
 */
#ifndef FLASHMATE_CHESS_PICKER_H
#define FLASHMATE_CHESS_PICKER_H

#include "flashmate/movegen.h"
#include "flashmate/position.h"
#include "flashmate/search.h"

#define PICKER_POSITION Position
#define PICKER_GENERATE(pos, captures, out)                                                        \
    movegen_write(pos, (captures) ? GEN_CAPTURES : GEN_QUIETS, out)
#define PICKER_IS_LEGAL(pos, move) movegen_is_legal(pos, move)
#define PICKER_IS_TACTICAL(pos, move)                                                              \
    (pos_is_capture(pos, move) || move_kind(move) == MOVE_PROMOTION)
#define PICKER_SEE_GE(pos, move, threshold) see_ge(pos, move, threshold)
#define PICKER_SORT_CAPTURES 0

#endif
