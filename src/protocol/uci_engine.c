/*
 * The UCI session: keeps the game and its position, runs searches and perft, and answers lines
 * that arrive while it searches. Every game is reached through its GameOps (flashmate/game.h).
 * Never trusts its input: every error becomes an `info string` and the previous state is kept.
 */
#include "uci_internal.h"

#include <string.h>

#include "engine/text.h"
#include "port/port.h"

/* ---------------------------------------------------------------------------------------------
 * Engine state.
 */

static void engine_defaults(Engine *e)
{
    memset(e, 0, sizeof *e);
    e->options.threads = 1;
    e->options.move_overhead_ms = 30;
    e->options.multipv = 1;
    e->options.skill_level = SKILL_LEVEL_MAX;
    e->options.elo = ELO_MAX;
    uci_set_game(e, games[0]);
}

bool engine_setup(Engine *e, int hash_mb)
{
    engine_defaults(e);
    e->options.hash_mb = hash_mb;
    return uci_resize_hash(e, hash_mb);
}

bool engine_setup_tt_bytes(Engine *e, size_t tt_bytes)
{
    engine_defaults(e);
    return uci_resize_hash_bytes(e, tt_bytes);
}

void engine_release(Engine *e)
{
    port_free(e->helpers);
    e->helpers = NULL;
    e->helper_count = 0;
    book_close(&e->book);
    port_free(e->tt_memory);
    e->tt_memory = NULL;
}

/* `position`: set up the FEN and play the moves; on any error report it and keep the old
 * position. The game's keys are recorded only once everything has been checked. */
UCI_COMMAND_FUNCTION static void set_position(Engine *e, const UciCommand *cmd)
{
    const GameOps *game = e->game;
    const char *fen = cmd->fen[0] ? cmd->fen : game->start_fen;
    GamePosition pos;
    ParseError err;
    if (!game->set_fen(&pos, fen, &err)) {
        char message[200];
        TextBuf t = text_buf(message, sizeof message);
        text_add(&t, "position ignored: ");
        text_add(&t, err.message);
        uci_info_string(message, NULL);
        return;
    }
    int count = 0;
    for (const char *s = cmd->moves; s && *s; s = uci_next_word(s)) {
        Move m = game->parse_move(&pos, s);
        if (m == MOVE_NONE) {
            uci_info_string("position ignored: illegal or malformed move", s);
            return;
        }
        game->do_move(&pos, m);
        count++;
    }
    /* Valid: replay to record the keys (only the last GAME_HISTORY_MAX matter for repetitions). */
    GamePosition replay;
    game->set_fen(&replay, fen, NULL);
    e->game_key_count = 0;
    int skip = count > GAME_HISTORY_MAX ? count - GAME_HISTORY_MAX : 0, index = 0;
    for (const char *s = cmd->moves; s && *s; s = uci_next_word(s), index++) {
        Move m = game->parse_move(&replay, s);
        if (index >= skip)
            e->game_keys[e->game_key_count++] = game->key(&replay);
        game->do_move(&replay, m);
    }
    e->position = pos;
}

/* ---------------------------------------------------------------------------------------------
 * Searching.
 */

/* Handle a line that arrives while searching; returns what the search should do. */
static PollResult handle_line_during_search(Engine *e, const char *line, bool truncated)
{
    if (truncated) {
        uci_info_string("line too long, ignored", NULL);
        return POLL_CONTINUE;
    }
    /* The word is enough for the commands answered now (the search's stack is not spent on
     * parsing); the others are parsed when they run. */
    switch (uci_command_type(line)) {
    case UCI_ISREADY: uci_say("readyok"); return POLL_CONTINUE;
    case UCI_STOP: e->stop_requested = true; return POLL_STOP;
    case UCI_QUIT: e->quit = e->stop_requested = true; return POLL_STOP;
    case UCI_PONDERHIT: e->ponderhit = true; return POLL_PONDERHIT;
    case UCI_EMPTY: return POLL_CONTINUE;
    default:
#if FLASHMATE_UCI_DEFERRED_MAX > 0
        if (e->deferred_count < FLASHMATE_UCI_DEFERRED_MAX) {
            size_t n = strlen(line);
            memcpy(e->deferred[e->deferred_count++], line, n + 1);
            return POLL_CONTINUE;
        }
#endif
        uci_info_string("busy searching, command dropped", line);
        return POLL_CONTINUE;
    }
}

static PollResult poll_input(void *user)
{
    Engine *e = user;
    bool truncated;
    PollResult result = POLL_CONTINUE;
    int got;
    while (result == POLL_CONTINUE &&
           (got = port_poll_line(e->line, sizeof e->line, &truncated)) != PORT_NONE) {
        if (got == PORT_EOF) {
            e->quit = true;
            e->stop_requested = true;
            return POLL_STOP;
        }
        result = handle_line_during_search(e, e->line, truncated);
    }
    return result;
}

UCI_COMMAND_FUNCTION static void go_perft(Engine *e, int depth)
{
    char buf[64];
    TextBuf t = text_buf(buf, sizeof buf);
    uint64_t nodes = e->game->perft_divide(&e->position, depth, uci_print_divide_line, e);
    text_add(&t, "\nNodes searched: ");
    text_add_u64(&t, nodes);
    text_add_char(&t, '\n');
    uci_say(buf);
}

/* Resolve `searchmoves` text against the legal moves; unknown ones are reported and skipped. */
static void resolve_searchmoves(const Engine *e, const char *s, SearchLimits *limits)
{
    for (; s && *s; s = uci_next_word(s)) {
        if (uci_is_go_keyword(s)) /* the moves end at the next go parameter */
            break;
        if (limits->searchmoves_count == SEARCHMOVES_MAX) {
            uci_info_string("searchmoves: too many moves, the rest ignored", s);
            break;
        }
        Move m = e->game->parse_move(&e->position, s);
        if (m == MOVE_NONE)
            uci_info_string("searchmoves: not a legal move, skipped", s);
        else
            limits->searchmoves[limits->searchmoves_count++] = m;
    }
}

/* `go`, up to the search: perft, the limits from the options and `searchmoves`, a book move.
 * Returns whether the search is to run, with *limits. */
static bool go_prepare(Engine *e, UciCommand *cmd, SearchLimits *limits)
{
    *limits = cmd->limits;
    if (cmd->perft_depth >= 0) {
        go_perft(e, cmd->perft_depth);
        return false;
    }
    if (cmd->error[0])
        uci_info_string(cmd->error, NULL);
    limits->move_overhead_ms = e->options.move_overhead_ms;
    limits->multipv = e->options.multipv;
    uci_strength_limit(&e->options, limits);
    resolve_searchmoves(e, cmd->searchmoves, limits);
    e->stop_requested = e->ponderhit = false;

    if (e->game->book_move && e->options.own_book && book_is_open(&e->book) && !limits->infinite &&
        !limits->ponder && !limits->searchmoves_count) {
        Move m = e->game->book_move(&e->book, &e->position);
        if (m != MOVE_NONE) {
            uci_info_string("book move", NULL);
            uci_say_bestmove(e, m, MOVE_NONE);
            return false;
        }
    }
    return true;
}

/* `go`'s search, from limits that go_prepare made: the parsed command is no longer on the stack
 * (nor the line it pointed into needed: lines that arrive during the search are read into it). */
static void go_search(Engine *e, SearchLimits *limits)
{
    const GameOps *game = e->game;
    SearchHooks hooks = {uci_report_info, poll_input, uci_helper_nodes, e};
    uci_helpers_start(e, limits);
    SearchResult r = game->search(&e->search, &e->position, e->game_keys, e->game_key_count, limits,
                                  &hooks);
    uci_helpers_stop(e);

    /* In infinite or ponder mode bestmove waits for stop (or ponderhit) even if the search ended. */
    bool truncated;
    while ((limits->infinite || (limits->ponder && !e->ponderhit)) && !e->stop_requested) {
        int got = port_read_line(e->line, sizeof e->line, &truncated);
        if (got == PORT_EOF) {
            e->quit = true;
            break;
        }
        handle_line_during_search(e, e->line, truncated);
    }
    Move ponder = r.ponder;
    Move best = uci_strength_choose(e, &r, &ponder);
    uci_say_bestmove(e, best, ponder);
}

/* ---------------------------------------------------------------------------------------------
 * Commands.
 */

/* `d`: the board, its FEN, its key (Polyglot's, for chess) and the pieces giving check. */
UCI_COMMAND_FUNCTION static void display(const Engine *e)
{
    char board[GAME_DISPLAY_MAX], buf[GAME_DISPLAY_MAX + 16];
    e->game->display(&e->position, board);
    port_write(board);
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, "Fen: ");
    e->game->get_fen(&e->position, buf + t.length);
    uci_say(buf);
    t = text_buf(buf, sizeof buf);
    text_add(&t, "Key: ");
    text_add_hex64(&t, e->game->key(&e->position));
    uci_say(buf);
    e->game->checkers(&e->position, board);
    t = text_buf(buf, sizeof buf);
    text_add(&t, "Checkers: ");
    text_add(&t, board);
    uci_say(buf);
}

/* `eval`: the static evaluation term by term, then its value for the side to move. */
UCI_COMMAND_FUNCTION static void say_eval(const Engine *e)
{
    char buf[GAME_EXPLAIN_MAX];
    e->game->explain_eval(&e->position, buf);
    port_write(buf);
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, "info string static eval ");
    text_add_int(&t, e->game->evaluate(&e->position));
    text_add(&t, " cp (side to move)");
    uci_say(buf);
}

/* Parse and run one line, except a `go`'s search: returns whether one is to run, with
 * *limits. Out of line, so that the command (half a kilobyte) is not on the stack during it. */
UCI_COMMAND_FUNCTION static bool execute_command(Engine *e, const char *line, SearchLimits *limits)
{
    UciCommand cmd;
    uci_parse(line, &cmd);
    switch (cmd.type) {
    case UCI_EMPTY: break;
    case UCI_UCI:
        uci_say("id name " ENGINE_NAME);
        uci_say("id author " ENGINE_AUTHOR);
        uci_print_options();
        uci_say("uciok");
        break;
    case UCI_ISREADY: uci_say("readyok"); break;
    case UCI_UCINEWGAME:
        uci_clear_hash(e);
        e->game->search_clear(&e->search);
        uci_helpers_clear(e);
        break;
    case UCI_SETOPTION: uci_set_option(e, &cmd); break;
    case UCI_POSITION: set_position(e, &cmd); break;
    case UCI_GO: return go_prepare(e, &cmd, limits);
    case UCI_STOP:
    case UCI_PONDERHIT: break; /* nothing is running */
    case UCI_QUIT: e->quit = true; break;
    case UCI_DISPLAY: display(e); break;
    case UCI_EVAL: say_eval(e); break;
    case UCI_MALFORMED: uci_info_string(cmd.error, NULL); break;
    default: uci_info_string("unknown command", line); break;
    }
    return false;
}

void uci_execute(Engine *e, const char *line)
{
    SearchLimits limits;
    if (execute_command(e, line, &limits))
        go_search(e, &limits);
}

int uci_loop(Engine *e)
{
    bool truncated;
    while (!e->quit) {
#if FLASHMATE_UCI_DEFERRED_MAX > 0
        if (e->deferred_count > 0) {
            /* Lines that arrived during the last search, in order. */
            char *first = e->line;
            memcpy(first, e->deferred[0], strlen(e->deferred[0]) + 1);
            for (int i = 1; i < e->deferred_count; i++)
                memcpy(e->deferred[i - 1], e->deferred[i], strlen(e->deferred[i]) + 1);
            e->deferred_count--;
            uci_execute(e, first);
            continue;
        }
#endif
        int got = port_read_line(e->line, sizeof e->line, &truncated);
        if (got == PORT_EOF)
            break;
        if (truncated)
            uci_info_string("line too long, ignored", NULL);
        else
            uci_execute(e, e->line);
    }
    return 0;
}
