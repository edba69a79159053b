/*
 * Chess behind the game interface (flashmate/game.h): thin adapters from the table's void
 * pointers to the chess functions, and the board diagram for `d`.
 */
#include "flashmate/book.h"
#include "flashmate/games.h"
#include "flashmate/movegen.h"
#include "flashmate/perft.h"

#include "engine/text.h"
#ifdef FLASHMATE_ENGINE
#include "eval.h"
#endif

static bool set_fen(void *pos, const char *fen, ParseError *err) { return pos_set_fen(pos, fen, err); }
static int get_fen(const void *pos, char *buf) { return pos_get_fen(pos, buf); }
static Move parse_move(const void *pos, const char *text) { return pos_parse_uci_move(pos, text); }
static uint64_t key(const void *pos) { return ((const Position *)pos)->key; }
static int legal_moves(const void *pos, MoveList *list) { return movegen_generate(pos, GEN_LEGAL, list); }
static uint64_t count_leaves(void *pos, int depth) { return perft(pos, depth); }
static uint64_t divide(void *pos, int depth, PerftReport report, void *user)
{
    return perft_divide(pos, depth, report, user);
}

static void do_move(void *pos, Move move)
{
    Undo undo;
    pos_do_move(pos, move, &undo);
}

/* Rank 8 at the top: " " and then " X" per file, '.' for an empty square. */
static void display(const void *pos, char *buf)
{
    TextBuf t = text_buf(buf, GAME_DISPLAY_MAX);
    for (int rank = RANK_NB - 1; rank >= 0; rank--) {
        text_add(&t, " ");
        for (int file = 0; file < FILE_NB; file++) {
            Piece p = pos_piece_on(pos, square_make(file, rank));
            text_add_char(&t, ' ');
            text_add_char(&t, p == NO_PIECE ? '.' : "PNBRQK??pnbrqk"[p]);
        }
        text_add_char(&t, '\n');
    }
}

#ifdef FLASHMATE_ENGINE
static int evaluate(const void *pos) { return eval_position(pos); }
static void search_clear_state(void *search) { search_clear(search); }
static SearchResult search(void *search, void *pos, const uint64_t *game_keys, int game_key_count,
                           const SearchLimits *limits, const SearchHooks *hooks)
{
    return search_run(search, pos, game_keys, game_key_count, limits, hooks);
}
static Move book_move(Book *book, const void *pos) { return book_probe(book, pos); }
#endif

const GameOps chess_game = {
    .name = "chess",
    .start_fen = FEN_START,
    .set_fen = set_fen,
    .get_fen = get_fen,
    .move_text = move_to_uci,
    .parse_move = parse_move,
    .do_move = do_move,
    .key = key,
    .legal_moves = legal_moves,
    .perft = count_leaves,
    .perft_divide = divide,
    .display = display,
#ifdef FLASHMATE_ENGINE
    .evaluate = evaluate,
    .search_clear = search_clear_state,
    .search = search,
    .book_move = book_move,
#endif
};
