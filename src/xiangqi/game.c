/*
 * Xiangqi behind the game interface (flashmate/game.h): its functions through the adapters of
 * src/engine/game_template.h.
 */
#include "flashmate/games.h"
#include "flashmate/xiangqi_search.h"

#define GAME_OPS xiangqi_game
#define GAME_UCCI_OPS xiangqi_ucci_game /* for UCCI: moves in ICCS */
#define GAME_MOVE_TEXT_UCCI xq_move_to_iccs
#define GAME_PARSE_MOVE_UCCI xq_parse_iccs_move
#define GAME_NAME "xiangqi"
#define GAME_START_FEN XQ_FEN_START
#define GAME_MOVE_TEXT xq_move_to_uci
#define GAME_BOOK_MOVE NULL /* no opening books for Xiangqi */
#define GAME_POSITION XqPosition
#define GAME_UNDO XqUndo
#define GAME_SET_FEN xq_set_fen
#define GAME_GET_FEN xq_get_fen
#define GAME_PARSE_MOVE xq_parse_uci_move
#define GAME_DO_MOVE xq_do_move
#define GAME_GENERATE_LEGAL(pos, list) xq_generate(pos, XQ_GEN_LEGAL, list)
#define GAME_IN_CHECK xq_in_check
#define GAME_PERFT xq_perft
#define GAME_PERFT_DIVIDE xq_perft_divide
#define GAME_EVALUATE xq_evaluate
#define GAME_SEARCH_CLEAR xq_search_clear
#define GAME_SEARCH_RUN xq_search_run
#define GAME_WRITE_BOARD xq_write_board
#define GAME_WRITE_CHECKERS xq_write_checkers
#define GAME_EXPLAIN_EVAL xq_eval_explain
#include "engine/game_template.h"
