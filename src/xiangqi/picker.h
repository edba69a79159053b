/*
 * How the Xiangqi search instantiates the staged move picker (src/engine/picker_template.h):
 * its generation, legality, SEE and capture order (most valuable victim, then least valuable
 * attacker). The includer defines PICKER_SEARCH and PICKER_GAME_FIELDS and then includes the
 * template; test_picker_xiangqi does so too, with its own search state.
 */
#ifndef FLASHMATE_XIANGQI_PICKER_H
#define FLASHMATE_XIANGQI_PICKER_H

#include "flashmate/xiangqi.h"
#include "flashmate/xiangqi_search.h"

/* Captures by most valuable victim, then least valuable attacker. */
static inline int16_t xq_capture_score(const XqPosition *pos, Move m)
{
    XqPieceType victim = xq_piece_type(pos->board[xq_move_to(m)]);
    XqPieceType attacker = xq_piece_type(pos->board[xq_move_from(m)]);
    return (int16_t)(xq_piece_value(victim) * 2 - (int)attacker);
}

#define PICKER_POSITION XqPosition
#define PICKER_GENERATE(pos, captures, out)                                                        \
    xq_generate_write(pos, (captures) ? XQ_GEN_CAPTURES : XQ_GEN_QUIETS, out)
#define PICKER_IS_LEGAL(pos, move) xq_is_legal(pos, move)
#define PICKER_IS_TACTICAL(pos, move) ((pos)->board[xq_move_to(move)] != XQ_NO_PIECE)
#define PICKER_SEE_GE(pos, move, threshold) xq_see_ge(pos, move, threshold)
#define PICKER_SORT_CAPTURES 1
#define PICKER_CAPTURE_SCORE(pos, move) xq_capture_score(pos, move)

#endif
