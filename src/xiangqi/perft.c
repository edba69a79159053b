/* Xiangqi perft (flashmate/xiangqi.h), from the template every game shares. */
#include "flashmate/xiangqi.h"

#define PERFT_POSITION XqPosition
#define PERFT_UNDO XqUndo
#define PERFT_GENERATE(pos, list) xq_generate(pos, XQ_GEN_LEGAL, list)
#define PERFT_COUNT(pos) xq_count_legal(pos)
#define PERFT_DO(pos, move, undo) xq_do_move(pos, move, undo)
#define PERFT_UNDO_MOVE(pos, move, undo) xq_undo_move(pos, move, undo)
#define PERFT xq_perft
#define PERFT_DIVIDE xq_perft_divide
#include "engine/perft_template.h"
