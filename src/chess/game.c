/*
 * Chess behind the game interface (flashmate/game.h): its functions through the adapters of
 * src/engine/game_template.h, and its opening book.
 */
#include "flashmate/book.h"
#include "flashmate/games.h"
#include "flashmate/movegen.h"
#include "flashmate/perft.h"

#ifdef FLASHMATE_ENGINE
#include "eval.h"

static Move book_move(Book *book, const void *pos) { return book_probe(book, pos); }
#endif

/* Chess under either castling rules: the tables differ only in their FEN reader (the position
 * carries its rules). Chess960 starts from the standard setup, as GUIs expect of `startpos`. */
#define GAME_OPS chess_game
#define GAME_CHESS960_OPS chess960_game
#define GAME_SET_FEN_CHESS960 pos_set_fen_chess960
#define GAME_NAME "chess"
#define GAME_START_FEN FEN_START
#define GAME_MOVE_TEXT move_to_uci
#define GAME_BOOK_MOVE book_move
#define GAME_POSITION Position
#define GAME_UNDO Undo
#define GAME_SET_FEN pos_set_fen
#define GAME_GET_FEN pos_get_fen
#define GAME_PARSE_MOVE pos_parse_uci_move
#define GAME_DO_MOVE pos_do_move
#define GAME_GENERATE_LEGAL(pos, list) movegen_generate(pos, GEN_LEGAL, list)
#define GAME_IN_CHECK pos_in_check
#define GAME_PERFT perft
#define GAME_PERFT_DIVIDE perft_divide
#define GAME_EVALUATE eval_position
#define GAME_SEARCH_CLEAR search_clear
#define GAME_SEARCH_RUN search_run
#define GAME_WRITE_BOARD pos_write_board
#define GAME_WRITE_CHECKERS pos_write_checkers
#define GAME_EXPLAIN_EVAL eval_explain
#include "engine/game_template.h"
