/*
 * Xiangqi behind the game interface (flashmate/game.h): thin adapters from the table's void
 * pointers to the Xiangqi functions, and the board diagram for `d`.
 */
#include "flashmate/games.h"
#include "flashmate/xiangqi_search.h"

#include "engine/text.h"

static bool set_fen(void *pos, const char *fen, ParseError *err) { return xq_set_fen(pos, fen, err); }
static int get_fen(const void *pos, char *buf) { return xq_get_fen(pos, buf); }
static Move parse_move(const void *pos, const char *text) { return xq_parse_uci_move(pos, text); }
static uint64_t key(const void *pos) { return ((const XqPosition *)pos)->key; }
static int legal_moves(const void *pos, MoveList *list) { return xq_generate(pos, XQ_GEN_LEGAL, list); }
static uint64_t count_leaves(void *pos, int depth) { return xq_perft(pos, depth); }
static uint64_t divide(void *pos, int depth, PerftReport report, void *user)
{
    return xq_perft_divide(pos, depth, report, user);
}

static void do_move(void *pos, Move move)
{
    XqUndo undo;
    xq_do_move(pos, move, &undo);
}

/* Red at the bottom: the rank number, then each file's piece ('.' for empty), then the files. */
static void display(const void *pos, char *buf)
{
    TextBuf t = text_buf(buf, GAME_DISPLAY_MAX);
    for (int rank = XQ_RANK_NB - 1; rank >= 0; rank--) {
        text_add(&t, rank == 9 ? "10" : " ");
        if (rank != 9)
            text_add_char(&t, (char)('1' + rank));
        for (int file = 0; file < XQ_FILE_NB; file++) {
            XqPiece p = xq_piece_on(pos, xq_square_make(file, rank));
            text_add_char(&t, ' ');
            text_add_char(&t, p == XQ_NO_PIECE ? '.' : "PABNCRK?pabncrk?"[p]);
        }
        text_add_char(&t, '\n');
    }
    text_add(&t, "    a b c d e f g h i\n");
}

static int evaluate(const void *pos) { return xq_evaluate(pos); }
static void search_clear_state(void *search) { xq_search_clear(search); }
static SearchResult search(void *search, void *pos, const uint64_t *game_keys, int game_key_count,
                           const SearchLimits *limits, const SearchHooks *hooks)
{
    return xq_search_run(search, pos, game_keys, game_key_count, limits, hooks);
}

const GameOps xiangqi_game = {
    .name = "xiangqi",
    .start_fen = XQ_FEN_START,
    .set_fen = set_fen,
    .get_fen = get_fen,
    .move_text = xq_move_to_uci,
    .parse_move = parse_move,
    .do_move = do_move,
    .key = key,
    .legal_moves = legal_moves,
    .perft = count_leaves,
    .perft_divide = divide,
    .display = display,
    .evaluate = evaluate,
    .search_clear = search_clear_state,
    .search = search,
    .book_move = NULL,
};
