/*
 * UCI parsing: a line becomes a UciCommand. Pure: no I/O and no engine state, so it is tested
 * on its own (and fuzzed). Unknown words are reported in the command, never acted on.
 * https://www.shredderchess.com/chess-features/uci-universal-chess-interface.html
 */
#include "uci_internal.h"

#include <string.h>

#include "engine/text.h"

const char *uci_next_word(const char *s) { return text_skip_spaces(s + text_word_length(s)); }

void uci_malformed(UciCommand *cmd, const FlashText *what)
{
    TextBuf t = text_buf(cmd->error, sizeof cmd->error);
    cmd->type = UCI_MALFORMED;
    text_add(&t, what);
}

const char *uci_copy_words_until(const char *s, const FlashText *stop, char *out, size_t size)
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
    if (!text_word_equals(s, FM_TEXT("name"))) {
        uci_malformed(cmd, FM_TEXT("setoption: expected 'name'"));
        return;
    }
    s = uci_copy_words_until(uci_next_word(s), FM_TEXT("value"), cmd->name, sizeof cmd->name);
    if (!cmd->name[0]) {
        uci_malformed(cmd, FM_TEXT("setoption: missing option name"));
        return;
    }
    if (text_word_equals(s, FM_TEXT("value")))
        uci_copy_words_until(uci_next_word(s), NULL, cmd->value, sizeof cmd->value);
}

void uci_parse_position_args(const char *s, UciCommand *cmd)
{
    if (text_word_equals(s, FM_TEXT("startpos"))) {
        s = uci_next_word(s);
    } else if (text_word_equals(s, FM_TEXT("fen"))) {
        const char *start = uci_next_word(s);
        s = uci_copy_words_until(start, FM_TEXT("moves"), cmd->fen, sizeof cmd->fen);
        if (!cmd->fen[0]) {
            uci_malformed(cmd, FM_TEXT("position fen: missing FEN"));
            return;
        }
        if ((size_t)(s - start) >= sizeof cmd->fen) {
            uci_malformed(cmd, FM_TEXT("position fen: FEN too long"));
            return;
        }
    } else {
        uci_malformed(cmd, FM_TEXT("position: expected 'startpos' or 'fen'"));
        return;
    }
    if (text_word_equals(s, FM_TEXT("moves")))
        cmd->moves = uci_next_word(s);
    else if (*s)
        uci_malformed(cmd, FM_TEXT("position: expected 'moves'"));
}

/* UCI's go parameters. */
static FM_FLASH GoWord uci_go_words[] = {
    {"wtime", GO_TIME_WHITE},  {"btime", GO_TIME_BLACK},    {"winc", GO_INC_WHITE},
    {"binc", GO_INC_BLACK},    {"movestogo", GO_MOVESTOGO}, {"movetime", GO_MOVETIME},
    {"depth", GO_DEPTH},       {"nodes", GO_NODES},         {"mate", GO_MATE},
    {"infinite", GO_INFINITE}, {"ponder", GO_PONDER},       {"searchmoves", GO_SEARCHMOVES},
    {"perft", GO_PERFT},
};

/* The go parameter the word at s names, or -1. */
static int go_word(const char *s, FM_FLASH GoWord *words, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (text_word_equals(s, &words[i].word[0]))
            return (int)words[i].field;
    return -1;
}

bool uci_is_go_keyword(const char *s)
{
    return go_word(s, uci_go_words, sizeof uci_go_words / sizeof uci_go_words[0]) >= 0;
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

/* A clock value in milliseconds, given in units of `unit_ms`: a whole number of them, and for
 * seconds (1000) also a fraction ("2.5"). */
static bool parse_clock(const char *s, int unit_ms, int64_t *ms)
{
    size_t n = text_word_length(s), whole_length = 0;
    while (whole_length < n && s[whole_length] != '.')
        whole_length++;
    char whole_text[24];
    int64_t whole, fraction = 0;
    if (whole_length == n || unit_ms == 1) {
        if (!uci_parse_number(s, INT32_MIN, INT64_MAX / 4 / unit_ms, &whole))
            return false;
        *ms = whole * unit_ms;
        return true;
    }
    if (whole_length == 0 || whole_length >= sizeof whole_text)
        return false;
    memcpy(whole_text, s, whole_length);
    whole_text[whole_length] = '\0';
    if (!uci_parse_number(whole_text, INT32_MIN, INT64_MAX / 4 / unit_ms, &whole))
        return false;
    for (size_t i = whole_length + 1, digit = 100; i < n; i++, digit /= 10) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        fraction += (s[i] - '0') * (int64_t)digit; /* thousandths; finer digits add nothing */
    }
    fraction = fraction * unit_ms / 1000;
    *ms = s[0] == '-' ? whole * unit_ms - fraction : whole * unit_ms + fraction;
    return true;
}

void uci_go_warning(UciCommand *cmd, const FlashText *what, const char *word)
{
    if (cmd->error[0])
        return;
    TextBuf t = text_buf(cmd->error, sizeof cmd->error);
    text_add(&t, what);
    text_add(&t, FM_TEXT(": '"));
    for (size_t i = 0, n = text_word_length(word); i < n && i < 32; i++)
        text_add_char(&t, word[i] >= 0x20 && word[i] < 0x7f ? word[i] : '?');
    text_add_char(&t, '\'');
}

void uci_parse_go_words(const char *s, FM_FLASH GoWord *words, size_t count, int clock_unit_ms,
                        UciCommand *cmd)
{
    SearchLimits *l = &cmd->limits;
    l->time_ms[WHITE] = l->time_ms[BLACK] = -1;
    while (*s) {
        int64_t v = 0;
        const char *word = s;
        int field = go_word(word, words, count);
        s = uci_next_word(s);
        if (field == GO_INFINITE || field == GO_PONDER || field == GO_DRAW) {
            l->infinite |= field == GO_INFINITE;
            l->ponder |= field == GO_PONDER;
            cmd->draw |= field == GO_DRAW;
            continue;
        }
        if (field == GO_SEARCHMOVES) {
            cmd->searchmoves = s;
            while (*s && go_word(s, words, count) < 0)
                s = uci_next_word(s);
            continue;
        }
        /* A GUI waits for the bestmove of every go: a bad parameter is skipped with a
         * warning, not the whole command (go perft excepted: it has no bestmove). */
        if (field < 0) {
            uci_go_warning(cmd, FM_TEXT("go: unknown parameter ignored"), word);
            continue;
        }
        if (field == GO_DEPTH && go_word(s, words, count) == GO_INFINITE)
            continue; /* "depth infinite": the word after it says it */
        bool clock = field == GO_TIME_WHITE || field == GO_TIME_BLACK || field == GO_INC_WHITE ||
                     field == GO_INC_BLACK;
        if (!*s || !(clock ? parse_clock(s, clock_unit_ms, &v)
                           : uci_parse_number(s, INT32_MIN, INT64_MAX / 4, &v))) {
            if (field == GO_PERFT) {
                uci_malformed(cmd, FM_TEXT("go perft: needs a depth"));
                return;
            }
            uci_go_warning(cmd, FM_TEXT("go: parameter without a valid number ignored"), word);
            if (*s && go_word(s, words, count) < 0)
                s = uci_next_word(s);
            continue;
        }
        s = uci_next_word(s);
        switch ((GoField)field) {
        case GO_TIME_WHITE: l->time_ms[WHITE] = v < 0 ? 0 : v; break;
        case GO_TIME_BLACK: l->time_ms[BLACK] = v < 0 ? 0 : v; break;
        case GO_INC_WHITE: l->inc_ms[WHITE] = v; break;
        case GO_INC_BLACK: l->inc_ms[BLACK] = v; break;
        case GO_MOVESTOGO: l->movestogo = v < 0 ? 0 : v > 1000 ? 1000 : (int)v; break;
        case GO_MOVETIME: l->movetime_ms = v < 1 ? 1 : v; break;
        case GO_DEPTH: l->depth = v < 1 ? 1 : v > MAX_PLY ? MAX_PLY : (int)v; break;
        case GO_NODES: l->nodes = v < 1 ? 1 : (uint64_t)v; break;
        case GO_MATE: l->mate = v < 1 ? 1 : v > MAX_PLY / 2 ? MAX_PLY / 2 : (int)v; break;
        case GO_PERFT:
            cmd->perft_depth = v < 0 ? 0 : v > PERFT_MAX_DEPTH ? PERFT_MAX_DEPTH : (int)v;
            break;
        default: break; /* GO_IGNORED: read, not used */
        }
    }
}

UciCommandType uci_find_command(FM_FLASH UciCommandWord *commands, size_t count, const char *line)
{
    const char *s = text_skip_spaces(line);
    if (!*s)
        return UCI_EMPTY;
    for (size_t i = 0; i < count; i++)
        if (text_word_equals(s, &commands[i].word[0]))
            return commands[i].type;
    return UCI_UNKNOWN;
}

UciCommandType uci_command_type(const char *line)
{
    static FM_FLASH UciCommandWord commands[] = {
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

const char *uci_parse_start(const char *line, UciCommandType type, UciCommand *cmd)
{
    memset(cmd, 0, sizeof *cmd);
    cmd->perft_depth = -1;
    cmd->type = type;
    return uci_next_word(text_skip_spaces(line));
}

void uci_parse(const char *line, UciCommand *cmd)
{
    const char *s = uci_parse_start(line, uci_command_type(line), cmd);
    if (cmd->type == UCI_SETOPTION)
        parse_setoption(s, cmd);
    else if (cmd->type == UCI_POSITION)
        uci_parse_position_args(s, cmd);
    else if (cmd->type == UCI_GO)
        uci_parse_go_words(s, uci_go_words, sizeof uci_go_words / sizeof uci_go_words[0], 1, cmd);
}
