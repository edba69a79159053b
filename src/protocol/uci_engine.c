/*
 * The UCI session: keeps the game and its position, runs searches and perft, and answers lines
 * that arrive while it searches. Every game is reached through its GameOps (flashmate/game.h).
 * A session whose first command is `ucci` speaks UCCI: the same commands, read by ucci_parse.c,
 * for a game's UCCI table (Xiangqi with ICCS moves), and UCCI's banmoves, probe and answers.
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

/* The position of a `position` (or `probe`) command: the FEN with the moves played, and how
 * many moves; false, with an info string starting with `what`, for a bad FEN or move. */
static bool read_position(const Engine *e, const UciCommand *cmd, const FlashText *what,
                          GamePosition *pos, int *count)
{
    const GameOps *game = e->game;
    ParseError err;
    if (!game->set_fen(pos, cmd->fen[0] ? cmd->fen : game->start_fen, &err)) {
        char message[200];
        TextBuf t = text_buf(message, sizeof message);
        text_add(&t, what);
        text_add(&t, err.message);
        uci_info_string(message, NULL);
        return false;
    }
    *count = 0;
    for (const char *s = cmd->moves; s && *s; s = uci_next_word(s)) {
        Move m = game->parse_move(pos, s);
        if (m == MOVE_NONE) {
            char message[64];
            TextBuf t = text_buf(message, sizeof message);
            text_add(&t, what);
            text_add(&t, FM_TEXT("illegal or malformed move"));
            uci_info_string(message, s);
            return false;
        }
        game->do_move(pos, m);
        ++*count;
    }
    return true;
}

/* `position`: set up the FEN and play the moves; on any error report it and keep the old
 * position. The game's keys are recorded only once everything has been checked. A new position
 * lifts UCCI's banmoves. */
UCI_COMMAND_FUNCTION static void set_position(Engine *e, const UciCommand *cmd)
{
    const GameOps *game = e->game;
    GamePosition pos;
    int count;
    if (!read_position(e, cmd, FM_TEXT("position ignored: "), &pos, &count))
        return;
    /* Valid: replay to record the keys (only the last GAME_HISTORY_MAX matter for repetitions). */
    GamePosition replay;
    game->set_fen(&replay, cmd->fen[0] ? cmd->fen : game->start_fen, NULL);
    e->game_key_count = 0;
    int skip = count > GAME_HISTORY_MAX ? count - GAME_HISTORY_MAX : 0, index = 0;
    for (const char *s = cmd->moves; s && *s; s = uci_next_word(s), index++) {
        Move m = game->parse_move(&replay, s);
        if (index >= skip) {
            e->game_checks[e->game_key_count] = game->in_check(&replay);
            e->game_keys[e->game_key_count++] = game->key(&replay);
        }
        game->do_move(&replay, m);
    }
    e->position = pos;
    e->banned_count = 0;
}

/* UCCI `banmoves`: the moves the searches of this position may not play (none: every move
 * allowed again). A move that is not legal here refuses the line and the old list is kept. */
UCI_COMMAND_FUNCTION static void set_banmoves(Engine *e, const UciCommand *cmd)
{
    Move banned[FLASHMATE_UCCI_BANMOVES_MAX];
    int count = 0;
    for (const char *s = cmd->moves; s && *s; s = uci_next_word(s)) {
        Move m = e->game->parse_move(&e->position, s);
        if (m == MOVE_NONE) {
            uci_info_string(FM_TEXT("banmoves ignored: illegal or malformed move"), s);
            return;
        }
        if (count == FLASHMATE_UCCI_BANMOVES_MAX) {
            uci_info_string(FM_TEXT("banmoves ignored: too many moves"), s);
            return;
        }
        banned[count++] = m;
    }
    for (int i = 0; i < count; i++)
        e->banned[i] = banned[i];
    e->banned_count = count;
}

/* ---------------------------------------------------------------------------------------------
 * Searching.
 */

/* Handle a line that arrives while searching; returns what the search should do. */
static PollResult handle_line_during_search(Engine *e, const char *line, bool truncated)
{
    if (truncated) {
        uci_info_string(FM_TEXT("line too long, ignored"), NULL);
        return POLL_CONTINUE;
    }
    /* The word is enough for the commands answered now (the search's stack is not spent on
     * parsing); the others are parsed when they run. */
    switch (e->ucci ? ucci_command_type(line) : uci_command_type(line)) {
    case UCI_ISREADY: uci_say(FM_TEXT("readyok")); return POLL_CONTINUE;
    case UCI_STOP: e->stop_requested = true; return POLL_STOP;
    case UCI_QUIT: e->quit = e->stop_requested = true; return POLL_STOP;
    case UCI_PONDERHIT:
        e->ponderhit = true;
        if (e->ucci && text_word_equals(uci_next_word(text_skip_spaces(line)), FM_TEXT("draw")))
            e->draw_offered = true; /* UCCI `ponderhit draw` */
        return POLL_PONDERHIT;
    case UCI_EMPTY: return POLL_CONTINUE;
    default:
#if FLASHMATE_UCI_DEFERRED_MAX > 0
        if (e->deferred_count < FLASHMATE_UCI_DEFERRED_MAX) {
            size_t n = strlen(line);
            memcpy(e->deferred[e->deferred_count++], line, n + 1);
            return POLL_CONTINUE;
        }
#endif
        uci_info_string(FM_TEXT("busy searching, command dropped"), line);
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
    text_add(&t, FM_TEXT("\nNodes searched: "));
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
            uci_info_string(FM_TEXT("searchmoves: too many moves, the rest ignored"), s);
            break;
        }
        Move m = e->game->parse_move(&e->position, s);
        if (m == MOVE_NONE)
            uci_info_string(FM_TEXT("searchmoves: not a legal move, skipped"), s);
        else
            limits->searchmoves[limits->searchmoves_count++] = m;
    }
}

/* UCCI's banmoves as the root moves a search may play: every legal move not banned. Returns
 * false if there are legal moves and all of them are banned. Out of line: its move list must
 * not stay on the stack while go searches. */
UCI_COMMAND_FUNCTION static bool exclude_banned(const Engine *e, SearchLimits *limits)
{
    MoveList list;
    int count = e->game->legal_moves(&e->position, &list);
    limits->searchmoves_count = 0;
    for (int i = 0; i < count && limits->searchmoves_count < SEARCHMOVES_MAX; i++) {
        bool banned = false;
        for (int j = 0; j < e->banned_count; j++)
            banned |= e->banned[j] == list.moves[i].move;
        if (!banned)
            limits->searchmoves[limits->searchmoves_count++] = list.moves[i].move;
    }
    return count == 0 || limits->searchmoves_count > 0;
}

/* A UCCI engine accepts a draw offered with `go draw` when it scores the position at most this
 * (centipawns, its own point of view). */
enum { UCCI_DRAW_ACCEPT_CP = -50 };

/* `go`, up to the search: perft, the limits from the options and `searchmoves`, a book move.
 * Returns whether the search is to run, with *limits. */
static bool go_prepare(Engine *e, UciCommand *cmd, SearchLimits *limits)
{
    const GameOps *game = e->game;
    *limits = cmd->limits;
    if (cmd->perft_depth >= 0) {
        go_perft(e, cmd->perft_depth);
        return false;
    }
    if (cmd->error[0])
        uci_info_string(cmd->error, NULL);
    if (cmd->relative_clock && game->side_to_move(&e->position) == BLACK) {
        /* UCCI's clock is the side to move's and its opponent's: Black's and Red's here */
        int64_t time = limits->time_ms[WHITE], inc = limits->inc_ms[WHITE];
        limits->time_ms[WHITE] = limits->time_ms[BLACK];
        limits->inc_ms[WHITE] = limits->inc_ms[BLACK];
        limits->time_ms[BLACK] = time;
        limits->inc_ms[BLACK] = inc;
    }
    limits->move_overhead_ms = e->options.move_overhead_ms;
    limits->multipv = e->options.multipv;
    uci_strength_limit(&e->options, limits);
    resolve_searchmoves(e, cmd->searchmoves, limits);
    e->stop_requested = e->ponderhit = false;
    e->draw_offered = cmd->draw;
    if (e->banned_count > 0 && !exclude_banned(e, limits)) {
        uci_info_string(FM_TEXT("banmoves: every legal move is banned"), NULL);
        uci_say_bestmove(e, MOVE_NONE, MOVE_NONE, false);
        return false;
    }

    if (game->book_move && e->options.own_book && book_is_open(&e->book) && !limits->infinite &&
        !limits->ponder && !limits->searchmoves_count) {
        Move m = game->book_move(&e->book, &e->position);
        if (m != MOVE_NONE) {
            uci_info_string(FM_TEXT("book move"), NULL);
            uci_say_bestmove(e, m, MOVE_NONE, false);
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
    uci_say_bestmove(e, best, ponder, e->draw_offered && r.score <= UCCI_DRAW_ACCEPT_CP);
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
    text_add(&t, FM_TEXT("Fen: "));
    e->game->get_fen(&e->position, buf + t.length);
    uci_say(buf);
    t = text_buf(buf, sizeof buf);
    text_add(&t, FM_TEXT("Key: "));
    text_add_hex64(&t, e->game->key(&e->position));
    uci_say(buf);
    e->game->checkers(&e->position, board);
    t = text_buf(buf, sizeof buf);
    text_add(&t, FM_TEXT("Checkers: "));
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
    text_add(&t, FM_TEXT("info string static eval "));
    text_add_int(&t, e->game->evaluate(&e->position));
    text_add(&t, FM_TEXT(" cp (side to move)"));
    uci_say(buf);
}

/* UCCI `probe {startpos | fen FEN} [moves ...]`: what the transposition table holds for that
 * position, in ElephantEye's form, "pophash [bestmove M] [lowerbound V depth D] [upperbound V
 * depth D]" (an exact score is both bounds); without an entry the static evaluation as both
 * bounds at depth 0. The engine's position is left as it is. */
UCI_COMMAND_FUNCTION static void probe(const Engine *e, const UciCommand *cmd)
{
    const GameOps *game = e->game;
    GamePosition pos;
    MoveList list;
    TTEntry entry;
    int count;
    if (!read_position(e, cmd, FM_TEXT("probe ignored: "), &pos, &count))
        return;
    if (!tt_probe(&e->tt, game->key(&pos), &entry) || tt_bound(&entry) == BOUND_NONE) {
        entry.move = MOVE_NONE;
        entry.score = (int16_t)game->evaluate(&pos);
        entry.depth = 0;
        entry.generation_bound = BOUND_EXACT;
    }
    char buf[128], move[GAME_MOVE_TEXT_MAX];
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, FM_TEXT("pophash"));
    int legal = game->legal_moves(&pos, &list);
    for (int i = 0; i < legal; i++) {
        if (entry.move != MOVE_NONE && list.moves[i].move == entry.move) {
            game->move_text(entry.move, move);
            text_add(&t, FM_TEXT(" bestmove "));
            text_add(&t, move);
        }
    }
    for (int bound = BOUND_LOWER; bound >= BOUND_UPPER; bound--) {
        if (!(tt_bound(&entry) & bound))
            continue;
        text_add(&t, bound == BOUND_LOWER ? FM_TEXT(" lowerbound ") : FM_TEXT(" upperbound "));
        text_add_int(&t, uci_ucci_score(entry.score));
        text_add(&t, FM_TEXT(" depth "));
        text_add_int(&t, entry.depth);
    }
    uci_say(buf);
}

/* `ucci`: as the first command it makes the session a UCCI one, for the first game of the build
 * that has a UCCI table (Xiangqi); in a UCCI session it repeats the handshake. */
UCI_COMMAND_FUNCTION static void ucci(Engine *e, bool first)
{
    if (!e->ucci) {
        const GameOps *game = NULL;
        for (int i = 0; games[i] && !game; i++)
            game = games[i]->ucci;
        if (!first || !game) {
            uci_info_string(
                first ? FM_TEXT("ucci: this build has no game for UCCI (Xiangqi)")
                      : FM_TEXT("ucci: the first command chooses the protocol; this is UCI"),
                NULL);
            return;
        }
        e->ucci = true;
        uci_set_game(e, game);
    }
    uci_say(FM_TEXT("id name " ENGINE_NAME));
    uci_say(FM_TEXT("id author " ENGINE_AUTHOR));
    uci_print_options(true);
    uci_say(FM_TEXT("ucciok"));
}

void engine_parse(const Engine *e, const char *line, UciCommand *cmd)
{
    if (e->ucci)
        ucci_parse(line, e->ucci_millisec, cmd);
    else
        uci_parse(line, cmd);
}

/* Parse and run one line, except a `go`'s search: returns whether one is to run, with
 * *limits. Out of line, so that the command (half a kilobyte) is not on the stack during it. */
UCI_COMMAND_FUNCTION static bool execute_command(Engine *e, const char *line, SearchLimits *limits)
{
    UciCommand cmd;
    engine_parse(e, line, &cmd);
    bool first = !e->started;
    if (cmd.type != UCI_EMPTY)
        e->started = true;
    switch (cmd.type) {
    case UCI_EMPTY: break;
    case UCI_UCI:
        uci_say(FM_TEXT("id name " ENGINE_NAME));
        uci_say(FM_TEXT("id author " ENGINE_AUTHOR));
        uci_print_options(false);
        uci_say(FM_TEXT("uciok"));
        break;
    case UCI_UCCI: ucci(e, first); break;
    case UCI_ISREADY: uci_say(FM_TEXT("readyok")); break;
    case UCI_UCINEWGAME: uci_new_game(e); break;
    case UCI_BANMOVES: set_banmoves(e, &cmd); break;
    case UCI_PROBE: probe(e, &cmd); break;
    case UCI_SETOPTION: uci_set_option(e, &cmd); break;
    case UCI_POSITION: set_position(e, &cmd); break;
    case UCI_GO: return go_prepare(e, &cmd, limits);
    case UCI_STOP:
    case UCI_PONDERHIT: break; /* nothing is running */
    case UCI_QUIT: e->quit = true; break;
    case UCI_DISPLAY: display(e); break;
    case UCI_EVAL: say_eval(e); break;
    case UCI_MALFORMED: uci_info_string(cmd.error, NULL); break;
    default: uci_info_string(FM_TEXT("unknown command"), line); break;
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
            uci_info_string(FM_TEXT("line too long, ignored"), NULL);
        else
            uci_execute(e, e->line);
    }
    if (e->ucci)
        uci_say(FM_TEXT("bye"));
    return 0;
}
