/*
 * UCI parsing: a line becomes a UciCommand. Pure: no I/O and no engine state, so it is tested
 * on its own (and fuzzed). Unknown words are reported in the command, never acted on.
 * https://www.shredderchess.com/chess-features/uci-universal-chess-interface.html
 */
#include "uci_internal.h"

#include <string.h>

#include "engine/text.h"

const char *uci_next_word(const char *s) { return text_skip_spaces(s + text_word_length(s)); }

void uci_malformed(UciCommand *cmd, const char *what)
{
    TextBuf t = text_buf(cmd->error, sizeof cmd->error);
    cmd->type = UCI_MALFORMED;
    text_add(&t, what);
}

const char *uci_copy_words_until(const char *s, const char *stop, char *out, size_t size)
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
        uci_malformed(cmd, "setoption: expected 'name'");
        return;
    }
    s = uci_copy_words_until(uci_next_word(s), "value", cmd->name, sizeof cmd->name);
    if (!cmd->name[0]) {
        uci_malformed(cmd, "setoption: missing option name");
        return;
    }
    if (text_word_equals(s, "value"))
        uci_copy_words_until(uci_next_word(s), NULL, cmd->value, sizeof cmd->value);
}

void uci_parse_position_args(const char *s, UciCommand *cmd)
{
    if (text_word_equals(s, "startpos")) {
        s = uci_next_word(s);
    } else if (text_word_equals(s, "fen")) {
        const char *start = uci_next_word(s);
        s = uci_copy_words_until(start, "moves", cmd->fen, sizeof cmd->fen);
        if (!cmd->fen[0]) {
            uci_malformed(cmd, "position fen: missing FEN");
            return;
        }
        if ((size_t)(s - start) >= sizeof cmd->fen) {
            uci_malformed(cmd, "position fen: FEN too long");
            return;
        }
    } else {
        uci_malformed(cmd, "position: expected 'startpos' or 'fen'");
        return;
    }
    if (text_word_equals(s, "moves"))
        cmd->moves = uci_next_word(s);
    else if (*s)
        uci_malformed(cmd, "position: expected 'moves'");
}

bool uci_is_go_keyword(const char *s)
{
    static const char *const keywords[] = {
        "wtime", "btime", "winc",     "binc",   "movestogo",   "movetime", "depth",
        "nodes", "mate",  "infinite", "ponder", "searchmoves", "perft",
    };
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (text_word_equals(s, keywords[i]))
            return true;
    return false;
}

/* A number argument: clock values may be negative (some GUIs send them when a flag falls). */
bool uci_parse_number(const char *s, int64_t min, int64_t max, int64_t *value)
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

void uci_go_warning(UciCommand *cmd, const char *what, const char *word)
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
        s = uci_next_word(s);
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
            while (*s && !uci_is_go_keyword(s))
                s = uci_next_word(s);
            continue;
        }
        /* A GUI waits for the bestmove of every go: a bad parameter is skipped with a
         * warning, not the whole command (go perft excepted: it has no bestmove). */
        if (!uci_is_go_keyword(word)) {
            uci_go_warning(cmd, "go: unknown parameter ignored", word);
            continue;
        }
        if (!*s || !uci_parse_number(s, INT32_MIN, INT64_MAX / 4, &v)) {
            if (text_word_equals(word, "perft")) {
                uci_malformed(cmd, "go perft: needs a depth");
                return;
            }
            uci_go_warning(cmd, "go: parameter without a valid number ignored", word);
            if (*s && !uci_is_go_keyword(s))
                s = uci_next_word(s);
            continue;
        }
        s = uci_next_word(s);
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

UciCommandType uci_find_command(const UciCommandWord *commands, size_t count, const char *line)
{
    const char *s = text_skip_spaces(line);
    if (!*s)
        return UCI_EMPTY;
    for (size_t i = 0; i < count; i++)
        if (text_word_equals(s, commands[i].word))
            return commands[i].type;
    return UCI_UNKNOWN;
}

UciCommandType uci_command_type(const char *line)
{
    static const UciCommandWord commands[] = {
        {"uci", UCI_UCI},
        {"isready", UCI_ISREADY},
        {"ucinewgame", UCI_UCINEWGAME},
        {"setoption", UCI_SETOPTION},
        {"position", UCI_POSITION},
        {"go", UCI_GO},
        {"stop", UCI_STOP},
        {"ponderhit", UCI_PONDERHIT},
        {"quit", UCI_QUIT},
        {"d", UCI_DISPLAY},
        {"eval", UCI_EVAL},
        {"ucci", UCI_UCCI},
    };
    return uci_find_command(commands, sizeof commands / sizeof commands[0], line);
}

void uci_parse(const char *line, UciCommand *cmd)
{
    memset(cmd, 0, sizeof *cmd);
    cmd->perft_depth = -1;
    cmd->type = uci_command_type(line);
    const char *s = uci_next_word(text_skip_spaces(line));
    if (cmd->type == UCI_SETOPTION)
        parse_setoption(s, cmd);
    else if (cmd->type == UCI_POSITION)
        uci_parse_position_args(s, cmd);
    else if (cmd->type == UCI_GO)
        parse_go(s, cmd);
}
