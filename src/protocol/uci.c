/*
 * UCI driver: parses lines into commands, keeps the game position, runs searches and writes
 * answers through the port console. Never trusts its input: every error becomes an
 * `info string` and the previous state is kept.
 */
#include "flashmate/uci.h"

#include <string.h>

#include "chess/eval.h"
#include "flashmate/perft.h"
#include "port/port.h"
#include "engine/text.h"
#ifdef FLASHMATE_XIANGQI
#include "uci_xiangqi.h"
#endif

#define ENGINE_NAME "flashmate 0.1"
#define ENGINE_AUTHOR "the flashmate developers"

enum { HASH_MB_MIN = 1, HASH_MB_MAX = 65536, HASH_MB_DEFAULT = 16, OVERHEAD_MAX = 5000 };

/* ---------------------------------------------------------------------------------------------
 * Parsing (pure).
 */

static const char *next_word(const char *s) { return text_skip_spaces(s + text_word_length(s)); }

static void malformed(UciCommand *cmd, const char *what)
{
    TextBuf t = text_buf(cmd->error, sizeof cmd->error);
    cmd->type = UCI_MALFORMED;
    text_add(&t, what);
}

/* Copy words from s up to (not including) the word `stop` (or the end), single-spaced. */
static const char *copy_words_until(const char *s, const char *stop, char *out, size_t size)
{
    TextBuf t = text_buf(out, size);
    while (*s && !(stop && text_word_equals(s, stop))) {
        size_t n = text_word_length(s);
        if (t.length)
            text_add_char(&t, ' ');
        for (size_t i = 0; i < n; i++)
            text_add_char(&t, s[i]);
        s = text_skip_spaces(s + n);
    }
    return s;
}

static void parse_setoption(const char *s, UciCommand *cmd)
{
    if (!text_word_equals(s, "name")) {
        malformed(cmd, "setoption: expected 'name'");
        return;
    }
    s = copy_words_until(next_word(s), "value", cmd->name, sizeof cmd->name);
    if (!cmd->name[0]) {
        malformed(cmd, "setoption: missing option name");
        return;
    }
    if (text_word_equals(s, "value"))
        copy_words_until(next_word(s), NULL, cmd->value, sizeof cmd->value);
}

static void parse_position(const char *s, UciCommand *cmd)
{
    if (text_word_equals(s, "startpos")) {
        s = next_word(s);
    } else if (text_word_equals(s, "fen")) {
        const char *start = next_word(s);
        s = copy_words_until(start, "moves", cmd->fen, sizeof cmd->fen);
        if (!cmd->fen[0]) {
            malformed(cmd, "position fen: missing FEN");
            return;
        }
        if ((size_t)(s - start) >= sizeof cmd->fen) {
            malformed(cmd, "position fen: FEN too long");
            return;
        }
    } else {
        malformed(cmd, "position: expected 'startpos' or 'fen'");
        return;
    }
    if (text_word_equals(s, "moves"))
        cmd->moves = next_word(s);
    else if (*s)
        malformed(cmd, "position: expected 'moves'");
}

static bool is_go_keyword(const char *s)
{
    static const char *const keywords[] = {
        "wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes",
        "mate", "infinite", "ponder", "searchmoves", "perft",
    };
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (text_word_equals(s, keywords[i]))
            return true;
    return false;
}

/* A number argument: clock values may be negative (some GUIs send them when a flag falls). */
static bool parse_number(const char *s, int64_t min, int64_t max, int64_t *value)
{
    bool negative = *s == '-';
    uint64_t v;
    size_t length = text_word_length(s);
    int n = text_parse_u64(s + negative, (uint64_t)INT64_MAX, &v);
    if (n == 0 || (size_t)(n + negative) != length)
        return false;
    int64_t signed_value = negative ? -(int64_t)v : (int64_t)v;
    if (signed_value < min)
        signed_value = min;
    if (signed_value > max)
        signed_value = max;
    *value = signed_value;
    return true;
}

/* Keep the first problem found in a go command, with the word it concerns. */
static void go_warning(UciCommand *cmd, const char *what, const char *word)
{
    if (cmd->error[0])
        return;
    TextBuf t = text_buf(cmd->error, sizeof cmd->error);
    text_add(&t, what);
    text_add(&t, ": '");
    for (size_t i = 0, n = text_word_length(word); i < n && i < 32; i++)
        text_add_char(&t, word[i] >= 0x20 && word[i] < 0x7f ? word[i] : '?');
    text_add_char(&t, '\'');
}

static void parse_go(const char *s, UciCommand *cmd)
{
    SearchLimits *l = &cmd->limits;
    l->time_ms[WHITE] = l->time_ms[BLACK] = -1;
    while (*s) {
        int64_t v = 0;
        const char *word = s;
        s = next_word(s);
        if (text_word_equals(word, "infinite")) {
            l->infinite = true;
            continue;
        }
        if (text_word_equals(word, "ponder")) {
            l->ponder = true;
            continue;
        }
        if (text_word_equals(word, "searchmoves")) {
            cmd->searchmoves = s;
            while (*s && !is_go_keyword(s))
                s = next_word(s);
            continue;
        }
        /* A GUI waits for the bestmove of every go: a bad parameter is skipped with a
         * warning, not the whole command (go perft excepted: it has no bestmove). */
        if (!is_go_keyword(word)) {
            go_warning(cmd, "go: unknown parameter ignored", word);
            continue;
        }
        if (!*s || !parse_number(s, INT32_MIN, INT64_MAX / 4, &v)) {
            if (text_word_equals(word, "perft")) {
                malformed(cmd, "go perft: needs a depth");
                return;
            }
            go_warning(cmd, "go: parameter without a valid number ignored", word);
            if (*s && !is_go_keyword(s))
                s = next_word(s);
            continue;
        }
        s = next_word(s);
        if (text_word_equals(word, "wtime"))
            l->time_ms[WHITE] = v < 0 ? 0 : v;
        else if (text_word_equals(word, "btime"))
            l->time_ms[BLACK] = v < 0 ? 0 : v;
        else if (text_word_equals(word, "winc"))
            l->inc_ms[WHITE] = v;
        else if (text_word_equals(word, "binc"))
            l->inc_ms[BLACK] = v;
        else if (text_word_equals(word, "movestogo"))
            l->movestogo = v < 0 ? 0 : v > 1000 ? 1000 : (int)v;
        else if (text_word_equals(word, "movetime"))
            l->movetime_ms = v < 1 ? 1 : v;
        else if (text_word_equals(word, "depth"))
            l->depth = v < 1 ? 1 : v > MAX_PLY ? MAX_PLY : (int)v;
        else if (text_word_equals(word, "nodes"))
            l->nodes = v < 1 ? 1 : (uint64_t)v;
        else if (text_word_equals(word, "mate"))
            l->mate = v < 1 ? 1 : v > MAX_PLY / 2 ? MAX_PLY / 2 : (int)v;
        else if (text_word_equals(word, "perft"))
            cmd->perft_depth = v < 0 ? 0 : v > PERFT_MAX_DEPTH ? PERFT_MAX_DEPTH : (int)v;
    }
}

void uci_parse(const char *line, UciCommand *cmd)
{
    static const struct {
        const char *word;
        UciCommandType type;
    } commands[] = {
        {"uci", UCI_UCI}, {"isready", UCI_ISREADY}, {"ucinewgame", UCI_UCINEWGAME},
        {"setoption", UCI_SETOPTION}, {"position", UCI_POSITION}, {"go", UCI_GO},
        {"stop", UCI_STOP}, {"ponderhit", UCI_PONDERHIT}, {"quit", UCI_QUIT},
        {"d", UCI_DISPLAY}, {"eval", UCI_EVAL},
    };
    memset(cmd, 0, sizeof *cmd);
    cmd->perft_depth = -1;
    const char *s = text_skip_spaces(line);
    if (!*s) {
        cmd->type = UCI_EMPTY;
        return;
    }
    cmd->type = UCI_UNKNOWN;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (text_word_equals(s, commands[i].word))
            cmd->type = commands[i].type;
    s = next_word(s);
    if (cmd->type == UCI_SETOPTION)
        parse_setoption(s, cmd);
    else if (cmd->type == UCI_POSITION)
        parse_position(s, cmd);
    else if (cmd->type == UCI_GO)
        parse_go(s, cmd);
}

/* ---------------------------------------------------------------------------------------------
 * Output helpers.
 */

static void say(const char *text)
{
    port_write(text);
    port_write("\n");
}

/* "info string <message>" with an optional excerpt of the offending input, made printable. */
static void info_string(const char *message, const char *excerpt)
{
    char buf[256];
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, "info string ");
    text_add(&t, message);
    if (excerpt) {
        size_t n = text_word_length(excerpt);
        text_add(&t, ": '");
        for (size_t i = 0; i < n && i < 40; i++) {
            unsigned char c = (unsigned char)excerpt[i];
            text_add_char(&t, c >= 0x20 && c < 0x7f ? (char)c : '?');
        }
        text_add(&t, n > 40 ? "...'" : "'");
    }
    say(buf);
}

static void add_score(TextBuf *t, int score)
{
    if (score >= VALUE_MATE_IN_MAX_PLY) {
        text_add(t, " score mate ");
        text_add_int(t, (VALUE_MATE - score + 1) / 2);
    } else if (score <= -VALUE_MATE_IN_MAX_PLY) {
        text_add(t, " score mate ");
        text_add_int(t, -(VALUE_MATE + score) / 2);
    } else {
        text_add(t, " score cp ");
        text_add_int(t, score);
    }
}

/* A move as UCI text in the engine's variant; buf holds MOVE_TEXT_SIZE bytes. */
enum { MOVE_TEXT_SIZE = 8 };
static void move_text(const Engine *e, Move move, char *buf)
{
#ifdef FLASHMATE_XIANGQI
    if (e->variant == VARIANT_XIANGQI) {
        xq_move_to_uci(move, buf);
        return;
    }
#endif
    (void)e;
    move_to_uci(move, buf);
}

static void print_info(const Engine *e, const SearchReport *r)
{
    char buf[2048];
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, "info depth ");
    text_add_int(&t, r->depth);
    text_add(&t, " seldepth ");
    text_add_int(&t, r->seldepth);
    text_add(&t, " multipv 1");
    add_score(&t, r->score);
    if (r->bound == BOUND_LOWER)
        text_add(&t, " lowerbound");
    else if (r->bound == BOUND_UPPER)
        text_add(&t, " upperbound");
    text_add(&t, " nodes ");
    text_add_u64(&t, r->nodes);
    text_add(&t, " nps ");
    text_add_u64(&t, r->nps);
    text_add(&t, " hashfull ");
    text_add_int(&t, r->hashfull);
    text_add(&t, " time ");
    text_add_u64(&t, r->time_ms);
    if (r->pv_length > 0) {
        text_add(&t, " pv");
        for (int i = 0; i < r->pv_length; i++) {
            char move[MOVE_TEXT_SIZE];
            move_text(e, r->pv[i], move);
            text_add_char(&t, ' ');
            text_add(&t, move);
        }
    }
    say(buf);
}

/* Search progress: one info line per iteration (the search also sends a final one). */
static void report_info(const SearchReport *r, void *user)
{
    print_info(user, r);
}

/* ---------------------------------------------------------------------------------------------
 * Engine state.
 */

/* A new table of `bytes` from the port; on failure the old table stays as it was. */
static bool resize_hash_bytes(Engine *e, size_t bytes)
{
    void *memory = port_alloc(bytes);
    if (!memory)
        return false;
    TT table;
    if (!tt_attach(&table, memory, bytes)) {
        port_free(memory);
        return false;
    }
    port_free(e->tt_memory);
    e->tt_memory = memory;
    e->tt_bytes = bytes;
    e->tt = table;
    e->options.hash_mb = (int)(bytes >> 20);
    return true;
}

static bool resize_hash(Engine *e, int mb)
{
    size_t bytes = (size_t)mb << 20;
    if ((size_t)mb != bytes >> 20)
        return false; /* does not fit in size_t on this platform */
    return resize_hash_bytes(e, bytes);
}

/* Empty the table. Fresh memory from the port is already zero (and, on hosts, not yet touched),
 * which is much faster for a large table than writing zeros over the old one. */
static void clear_hash(Engine *e)
{
    if (!resize_hash_bytes(e, e->tt_bytes))
        tt_clear(&e->tt);
}

static void engine_defaults(Engine *e)
{
    memset(e, 0, sizeof *e);
    pos_set_fen(&e->pos, FEN_START, NULL);
    e->options.threads = 1;
    e->options.move_overhead_ms = 30;
    e->search.driver.tt = &e->tt;
    search_clear(&e->search);
#ifdef FLASHMATE_XIANGQI
    xq_set_fen(&e->xq_pos, XQ_FEN_START, NULL);
    e->xq_search.driver.tt = &e->tt;
    xq_search_clear(&e->xq_search);
#endif
}

bool engine_setup(Engine *e, int hash_mb)
{
    engine_defaults(e);
    e->options.hash_mb = hash_mb;
    return resize_hash(e, hash_mb);
}

bool engine_setup_tt_bytes(Engine *e, size_t tt_bytes)
{
    engine_defaults(e);
    return resize_hash_bytes(e, tt_bytes);
}

void engine_release(Engine *e)
{
    book_close(&e->book);
    port_free(e->tt_memory);
    e->tt_memory = NULL;
}

static void print_options(void)
{
    char buf[128];
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, "option name Hash type spin default ");
    text_add_int(&t, HASH_MB_DEFAULT);
    text_add(&t, " min 1 max ");
    text_add_int(&t, HASH_MB_MAX);
    say(buf);
    say("option name Clear Hash type button");
    say("option name Threads type spin default 1 min 1 max 1");
    say("option name Ponder type check default false");
    say("option name Move Overhead type spin default 30 min 0 max 5000");
    say("option name OwnBook type check default false");
    say("option name BookFile type string default <empty>");
#ifdef FLASHMATE_XIANGQI
    say("option name UCI_Variant type combo default chess var chess var xiangqi");
#endif
}

static bool option_is(const char *name, const char *expected)
{
    /* Option names are case-insensitive in practice (GUIs differ). */
    while (*name && *expected) {
        char a = *name >= 'A' && *name <= 'Z' ? (char)(*name + 32) : *name;
        char b = *expected >= 'A' && *expected <= 'Z' ? (char)(*expected + 32) : *expected;
        if (a != b)
            return false;
        name++;
        expected++;
    }
    return *name == *expected;
}

static bool parse_spin(const char *value, int min, int max, int *out)
{
    int64_t v;
    if (!parse_number(value, INT32_MIN, INT32_MAX, &v) || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

static bool parse_check(const char *value, bool *out)
{
    if (option_is(value, "true"))
        *out = true;
    else if (option_is(value, "false"))
        *out = false;
    else
        return false;
    return true;
}

static void open_book(Engine *e)
{
    const char *why;
    book_close(&e->book);
    if (!e->options.own_book || !e->options.book_file[0])
        return;
    if (!book_open(&e->book, e->options.book_file, &why))
        info_string(why, e->options.book_file);
}

/* UCI_Variant: a new game of the chosen variant from its start position. */
static void set_variant(Engine *e, const char *value)
{
    Variant variant;
    if (option_is(value, "chess"))
        variant = VARIANT_CHESS;
#ifdef FLASHMATE_XIANGQI
    else if (option_is(value, "xiangqi"))
        variant = VARIANT_XIANGQI;
#endif
    else {
        info_string("UCI_Variant: not a variant of this build", value);
        return;
    }
    e->variant = variant;
    e->game_key_count = 0;
    pos_set_fen(&e->pos, FEN_START, NULL);
#ifdef FLASHMATE_XIANGQI
    uci_xiangqi_reset(e);
    xq_search_clear(&e->xq_search);
#endif
    tt_clear(&e->tt);
    search_clear(&e->search);
}

static void set_option(Engine *e, const UciCommand *cmd)
{
    const char *name = cmd->name, *value = cmd->value;
    int spin;
    bool check;
    if (option_is(name, "Hash")) {
        if (!parse_spin(value, HASH_MB_MIN, HASH_MB_MAX, &spin))
            info_string("Hash needs a number of MB from 1 to 65536", value);
        else if (!resize_hash(e, spin))
            info_string("not enough memory for that Hash size; keeping the previous table", value);
    } else if (option_is(name, "Clear Hash")) {
        clear_hash(e);
    } else if (option_is(name, "Threads")) {
        if (!parse_spin(value, 1, 1024, &spin))
            info_string("Threads needs a number from 1 to 1024", value);
        else if (spin != 1)
            info_string("this build searches with 1 thread", value);
    } else if (option_is(name, "Move Overhead")) {
        if (!parse_spin(value, 0, OVERHEAD_MAX, &spin))
            info_string("Move Overhead needs milliseconds from 0 to 5000", value);
        else
            e->options.move_overhead_ms = spin;
    } else if (option_is(name, "Ponder")) {
        if (!parse_check(value, &check))
            info_string("Ponder needs true or false", value);
        else
            e->options.ponder = check;
    } else if (option_is(name, "OwnBook")) {
        if (!parse_check(value, &check))
            info_string("OwnBook needs true or false", value);
        else {
            e->options.own_book = check;
            open_book(e);
        }
    } else if (option_is(name, "BookFile")) {
        size_t n = strlen(value);
        if (n >= sizeof e->options.book_file) {
            info_string("BookFile path too long", value);
        } else {
            memcpy(e->options.book_file, value, n + 1);
            if (option_is(value, "<empty>"))
                e->options.book_file[0] = '\0';
            open_book(e);
        }
    } else if (option_is(name, "UCI_Variant")) {
        set_variant(e, value);
    } else {
        info_string("unknown option", name);
    }
}

/* Set up a position and play the moves; on any error report it and keep the old position. */
static void set_position(Engine *e, const UciCommand *cmd)
{
    static const int keep = GAME_HISTORY_MAX;
    Position pos;
    ParseError err;
#ifdef FLASHMATE_XIANGQI
    if (e->variant == VARIANT_XIANGQI) {
        char message[200];
        const char *excerpt;
        if (!uci_xiangqi_set_position(e, cmd, message, sizeof message, &excerpt))
            info_string(message, excerpt);
        return;
    }
#endif
    /* The new game's keys are built in place only once everything has been checked. */
    if (!pos_set_fen(&pos, cmd->fen[0] ? cmd->fen : FEN_START, &err)) {
        char message[200];
        TextBuf t = text_buf(message, sizeof message);
        text_add(&t, "position ignored: ");
        text_add(&t, err.message);
        info_string(message, NULL);
        return;
    }
    int count = 0;
    for (const char *s = cmd->moves; s && *s; s = next_word(s)) {
        Move m = pos_parse_uci_move(&pos, s);
        if (m == MOVE_NONE) {
            info_string("position ignored: illegal or malformed move", s);
            return;
        }
        Undo undo;
        pos_do_move(&pos, m, &undo);
        count++;
    }
    /* Valid: replay to record the keys (only the last `keep` matter for repetitions). */
    Position replay;
    pos_set_fen(&replay, cmd->fen[0] ? cmd->fen : FEN_START, NULL);
    e->game_key_count = 0;
    int skip = count > keep ? count - keep : 0, index = 0;
    for (const char *s = cmd->moves; s && *s; s = next_word(s), index++) {
        Move m = pos_parse_uci_move(&replay, s);
        Undo undo;
        if (index >= skip)
            e->game_keys[e->game_key_count++] = replay.key;
        pos_do_move(&replay, m, &undo);
    }
    e->pos = pos;
}

/* ---------------------------------------------------------------------------------------------
 * Searching.
 */

/* Handle a line that arrives while searching; returns what the search should do. */
static PollResult handle_line_during_search(Engine *e, const char *line, bool truncated)
{
    UciCommand cmd;
    if (truncated) {
        info_string("line too long, ignored", NULL);
        return POLL_CONTINUE;
    }
    uci_parse(line, &cmd);
    switch (cmd.type) {
    case UCI_ISREADY: say("readyok"); return POLL_CONTINUE;
    case UCI_STOP: e->stop_requested = true; return POLL_STOP;
    case UCI_QUIT: e->quit = true; e->stop_requested = true; return POLL_STOP;
    case UCI_PONDERHIT: e->ponderhit = true; return POLL_PONDERHIT;
    case UCI_EMPTY: return POLL_CONTINUE;
    default:
        if (e->deferred_count < FLASHMATE_UCI_DEFERRED_MAX) {
            size_t n = strlen(line);
            memcpy(e->deferred[e->deferred_count++], line, n + 1);
        } else {
            info_string("busy searching, command dropped", line);
        }
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

static void say_bestmove(const Engine *e, Move best, Move ponder)
{
    char buf[40], move[MOVE_TEXT_SIZE];
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, "bestmove ");
    move_text(e, best, move);
    text_add(&t, move);
    if (ponder != MOVE_NONE) {
        text_add(&t, " ponder ");
        move_text(e, ponder, move);
        text_add(&t, move);
    }
    say(buf);
}

static void print_divide_line(Move move, uint64_t nodes, void *user)
{
    char buf[40], text[MOVE_TEXT_SIZE];
    TextBuf t = text_buf(buf, sizeof buf);
    move_text(user, move, text);
    text_add(&t, text);
    text_add(&t, ": ");
    text_add_u64(&t, nodes);
    say(buf);
}

static void go_perft(Engine *e, int depth)
{
    char buf[64];
    TextBuf t = text_buf(buf, sizeof buf);
    uint64_t nodes;
#ifdef FLASHMATE_XIANGQI
    if (e->variant == VARIANT_XIANGQI)
        nodes = xq_perft_divide(&e->xq_pos, depth, print_divide_line, e);
    else
#endif
        nodes = perft_divide(&e->pos, depth, print_divide_line, e);
    text_add(&t, "\nNodes searched: ");
    text_add_u64(&t, nodes);
    text_add_char(&t, '\n');
    say(buf);
}

/* Resolve `searchmoves` text against the legal moves; unknown ones are reported and skipped. */
static void resolve_searchmoves(const Engine *e, const char *s, SearchLimits *limits)
{
    for (; s && *s && limits->searchmoves_count < MAX_MOVES; s = next_word(s)) {
        if (is_go_keyword(s)) /* the moves end at the next go parameter */
            break;
        Move m;
#ifdef FLASHMATE_XIANGQI
        if (e->variant == VARIANT_XIANGQI)
            m = xq_parse_uci_move(&e->xq_pos, s);
        else
#endif
            m = pos_parse_uci_move(&e->pos, s);
        if (m == MOVE_NONE)
            info_string("searchmoves: not a legal move, skipped", s);
        else
            limits->searchmoves[limits->searchmoves_count++] = m;
    }
}

static void go(Engine *e, UciCommand *cmd)
{
    SearchLimits *limits = &cmd->limits;
    if (cmd->perft_depth >= 0) {
        go_perft(e, cmd->perft_depth);
        return;
    }
    if (cmd->error[0])
        info_string(cmd->error, NULL);
    limits->move_overhead_ms = e->options.move_overhead_ms;
    resolve_searchmoves(e, cmd->searchmoves, limits);
    e->stop_requested = e->ponderhit = false;

    if (e->variant == VARIANT_CHESS && e->options.own_book && book_is_open(&e->book) &&
        !limits->infinite && !limits->ponder && !limits->searchmoves_count) {
        Move m = book_probe(&e->book, &e->pos);
        if (m != MOVE_NONE) {
            info_string("book move", NULL);
            say_bestmove(e, m, MOVE_NONE);
            return;
        }
    }

    SearchHooks hooks = {report_info, poll_input, e};
    SearchResult r;
#ifdef FLASHMATE_XIANGQI
    if (e->variant == VARIANT_XIANGQI)
        r = xq_search_run(&e->xq_search, &e->xq_pos, e->game_keys, e->game_key_count, limits, &hooks);
    else
#endif
        r = search_run(&e->search, &e->pos, e->game_keys, e->game_key_count, limits, &hooks);

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
    say_bestmove(e, r.best, r.ponder);
}

/* ---------------------------------------------------------------------------------------------
 * Commands.
 */

static void display(const Engine *e)
{
    char fen[FEN_MAX_LENGTH], buf[160];
#ifdef FLASHMATE_XIANGQI
    if (e->variant == VARIANT_XIANGQI) {
        uci_xiangqi_display(e);
        return;
    }
#endif
    for (int rank = 7; rank >= 0; rank--) {
        TextBuf t = text_buf(buf, sizeof buf);
        text_add(&t, " ");
        for (int file = 0; file < 8; file++) {
            Piece p = pos_piece_on(&e->pos, square_make(file, rank));
            text_add_char(&t, ' ');
            text_add_char(&t, p == NO_PIECE ? '.' : "PNBRQK??pnbrqk"[p]);
        }
        say(buf);
    }
    pos_get_fen(&e->pos, fen);
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, "Fen: ");
    text_add(&t, fen);
    say(buf);
}

void uci_execute(Engine *e, const char *line)
{
    UciCommand cmd;
    uci_parse(line, &cmd);
    switch (cmd.type) {
    case UCI_EMPTY: break;
    case UCI_UCI:
        say("id name " ENGINE_NAME);
        say("id author " ENGINE_AUTHOR);
        print_options();
        say("uciok");
        break;
    case UCI_ISREADY: say("readyok"); break;
    case UCI_UCINEWGAME:
        clear_hash(e);
        search_clear(&e->search);
#ifdef FLASHMATE_XIANGQI
        xq_search_clear(&e->xq_search);
#endif
        break;
    case UCI_SETOPTION: set_option(e, &cmd); break;
    case UCI_POSITION: set_position(e, &cmd); break;
    case UCI_GO: go(e, &cmd); break;
    case UCI_STOP:
    case UCI_PONDERHIT: break; /* nothing is running */
    case UCI_QUIT: e->quit = true; break;
    case UCI_DISPLAY: display(e); break;
    case UCI_EVAL: {
        char buf[64];
        TextBuf t = text_buf(buf, sizeof buf);
        text_add(&t, "info string static eval ");
#ifdef FLASHMATE_XIANGQI
        if (e->variant == VARIANT_XIANGQI)
            text_add_int(&t, xq_evaluate(&e->xq_pos));
        else
#endif
            text_add_int(&t, eval_position(&e->pos));
        text_add(&t, " cp (side to move)");
        say(buf);
        break;
    }
    case UCI_MALFORMED: info_string(cmd.error, NULL); break;
    default: info_string("unknown command", line); break;
    }
}

int uci_loop(Engine *e)
{
    bool truncated;
    while (!e->quit) {
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
        int got = port_read_line(e->line, sizeof e->line, &truncated);
        if (got == PORT_EOF)
            break;
        if (truncated)
            info_string("line too long, ignored", NULL);
        else
            uci_execute(e, e->line);
    }
    return 0;
}

uint64_t uci_bench(Engine *e, int depth)
{
    static const char *const fens[] = {
        FEN_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 w - - 0 20",
        "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPP3PP/R2Q1R1K w - - 0 14",
        "3r1rk1/p1q2ppp/1pn1p3/2p5/2P1P3/P1B2Q2/4BPPP/3R1RK1 b - - 0 18",
    };
    uint64_t nodes = 0, start = port_time_ms();
    char buf[96];
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        SearchLimits limits;
        memset(&limits, 0, sizeof limits);
        limits.time_ms[WHITE] = limits.time_ms[BLACK] = -1;
        limits.depth = depth;
        tt_clear(&e->tt);
        search_clear(&e->search);
        pos_set_fen(&e->pos, fens[i], NULL);
        SearchResult r = search_run(&e->search, &e->pos, NULL, 0, &limits, NULL);
        nodes += r.nodes;
    }
    uint64_t ms = port_time_ms() - start;
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, "Nodes searched: ");
    text_add_u64(&t, nodes);
    text_add(&t, "\nNodes/second: ");
    text_add_u64(&t, ms ? nodes * 1000 / ms : nodes * 1000);
    text_add(&t, "\nTime (ms): ");
    text_add_u64(&t, ms);
    say(buf);
    return nodes;
}
