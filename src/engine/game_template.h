/*
 * The adapters of a game's GameOps (flashmate/game.h), written once: a template by include.
 * GameOps passes positions and search states as void pointers; these static functions turn
 * them back into the game's types. A game's game.c defines
 *
 *   GAME_POSITION, GAME_UNDO                 its position and undo record types
 *   GAME_SET_FEN, GAME_GET_FEN               FEN in and out
 *   GAME_PARSE_MOVE, GAME_MOVE_TEXT          UCI text to a legal move and back
 *   GAME_DO_MOVE                             make a move (position, move, undo record)
 *   GAME_GENERATE_LEGAL(pos, list)           every legal move
 *   GAME_IN_CHECK                            is the side to move in check?
 *   GAME_PERFT, GAME_PERFT_DIVIDE            perft and perft divide
 *   GAME_WRITE_BOARD, GAME_WRITE_CHECKERS    the board diagram, the checking pieces' squares
 * and, with the engine (FLASHMATE_ENGINE),
 *   GAME_EVALUATE, GAME_EXPLAIN_EVAL, GAME_SEARCH_CLEAR, GAME_SEARCH_RUN
 *   GAME_BOOK_MOVE                           a book move for the position, or NULL
 * and, for a game with Chess960 rules (chess),
 *   GAME_CHESS960_OPS, GAME_SET_FEN_CHESS960 the name of a second table, the game under those
 *                                            rules, and its FEN reader (all else is shared)
 * and, for a game a UCCI session plays (Xiangqi),
 *   GAME_UCCI_OPS, GAME_MOVE_TEXT_UCCI,      the name of a table with UCCI's move text, and that
 *   GAME_PARSE_MOVE_UCCI                     text's writer and reader (all else is shared)
 *
 * then includes this file, which defines the table GAME_OPS (and GAME_CHESS960_OPS).
 */
static bool game_set_fen(void *pos, const char *fen, ParseError *err)
{
    return GAME_SET_FEN(pos, fen, err);
}
static int game_get_fen(const void *pos, char *buf) { return GAME_GET_FEN(pos, buf); }
static Move game_parse_move(const void *pos, const char *text)
{
    return GAME_PARSE_MOVE(pos, text);
}
static uint64_t game_key(const void *pos) { return ((const GAME_POSITION *)pos)->key; }
static Color game_side_to_move(const void *pos)
{
    return (Color)((const GAME_POSITION *)pos)->side;
}
static bool game_in_check(const void *pos) { return GAME_IN_CHECK((const GAME_POSITION *)pos); }
static int game_legal_moves(const void *pos, MoveList *list)
{
    return GAME_GENERATE_LEGAL(pos, list);
}
static uint64_t game_perft(void *pos, int depth) { return GAME_PERFT(pos, depth); }
static void game_display(const void *pos, char *buf)
{
    GAME_WRITE_BOARD(pos, buf, GAME_DISPLAY_MAX);
}
static void game_checkers(const void *pos, char *buf)
{
    GAME_WRITE_CHECKERS(pos, buf, GAME_DISPLAY_MAX);
}

static uint64_t game_perft_divide(void *pos, int depth, PerftReport report, void *user)
{
    return GAME_PERFT_DIVIDE(pos, depth, report, user);
}

static void game_do_move(void *pos, Move move)
{
    GAME_UNDO undo;
    GAME_DO_MOVE(pos, move, &undo);
}

#ifdef FLASHMATE_ENGINE
static int game_evaluate(const void *pos) { return GAME_EVALUATE(pos); }
static void game_explain_eval(const void *pos, char *buf)
{
    GAME_EXPLAIN_EVAL(pos, buf, GAME_EXPLAIN_MAX);
}
static void game_search_clear(void *search) { GAME_SEARCH_CLEAR(search); }

static SearchResult game_search(void *search, void *pos, const uint64_t *game_keys,
                                int game_key_count, const SearchLimits *limits,
                                const SearchHooks *hooks)
{
    return GAME_SEARCH_RUN(search, pos, game_keys, game_key_count, limits, hooks);
}
#endif

#ifdef GAME_CHESS960_OPS
static bool game_set_fen_chess960(void *pos, const char *fen, ParseError *err)
{
    return GAME_SET_FEN_CHESS960(pos, fen, err);
}
#define GAME_OPS_CHESS960_TABLE &GAME_CHESS960_OPS
#else
#define GAME_OPS_CHESS960_TABLE NULL
#endif

#ifdef GAME_UCCI_OPS
static Move game_parse_move_ucci(const void *pos, const char *text)
{
    return GAME_PARSE_MOVE_UCCI(pos, text);
}
#define GAME_OPS_UCCI_TABLE &GAME_UCCI_OPS
#else
#define GAME_OPS_UCCI_TABLE NULL
#endif

#ifdef FLASHMATE_ENGINE
#define GAME_OPS_ENGINE_ENTRIES                                                                    \
    .evaluate = game_evaluate, .explain_eval = game_explain_eval,                                  \
    .search_clear = game_search_clear, .search = game_search, .book_move = GAME_BOOK_MOVE,
#else
#define GAME_OPS_ENGINE_ENTRIES
#endif

/* The table, given its FEN reader and move text: one per set of rules and per move text. */
/* clang-format off */
#define GAME_OPS_TABLE(set_fen_function, move_text_function, parse_move_function) {                \
    .name = GAME_NAME, .start_fen = GAME_START_FEN, .chess960 = GAME_OPS_CHESS960_TABLE,           \
    .ucci = GAME_OPS_UCCI_TABLE,                                                                   \
    .set_fen = set_fen_function, .get_fen = game_get_fen,                                          \
    .move_text = move_text_function, .parse_move = parse_move_function, .do_move = game_do_move,   \
    .key = game_key, .side_to_move = game_side_to_move, .in_check = game_in_check,                 \
    .legal_moves = game_legal_moves,                                                               \
    .perft = game_perft, .perft_divide = game_perft_divide,                                        \
    .display = game_display, .checkers = game_checkers,                                            \
    GAME_OPS_ENGINE_ENTRIES                                                                        \
}
/* clang-format on */

const GameOps GAME_OPS = GAME_OPS_TABLE(game_set_fen, GAME_MOVE_TEXT, game_parse_move);
#ifdef GAME_CHESS960_OPS
const GameOps GAME_CHESS960_OPS = GAME_OPS_TABLE(game_set_fen_chess960, GAME_MOVE_TEXT,
                                                 game_parse_move);
#endif
#ifdef GAME_UCCI_OPS
const GameOps GAME_UCCI_OPS = GAME_OPS_TABLE(game_set_fen, GAME_MOVE_TEXT_UCCI,
                                             game_parse_move_ucci);
#endif
