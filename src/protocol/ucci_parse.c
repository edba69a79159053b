/*
 * UCCI parsing: a line of the Xiangqi protocol of ElephantEye becomes the UciCommand that the
 * session runs for UCI too. Pure, as uci_parse.c, whose helpers it shares. The differences:
 * `setoption <name> [<value>]` without the words `name` and `value`; `banmoves` and `probe`;
 * `go [ponder | draw] ...` whose clock is the side to move's (`time`, `increment`) and its
 * opponent's (`opptime`, `oppincrement`), in seconds unless usemillisec is on.
 * https://www.xqbase.com/protocol/cchess_ucci.htm
 */
#include "uci_internal.h"

#include <string.h>

#include "engine/text.h"

UciCommandType ucci_command_type(const char *line)
{
    static const UciCommandWord commands[] = {
        {"ucci", UCI_UCCI},         {"isready", UCI_ISREADY},     {"setoption", UCI_SETOPTION},
        {"position", UCI_POSITION}, {"banmoves", UCI_BANMOVES},   {"go", UCI_GO},
        {"stop", UCI_STOP},         {"ponderhit", UCI_PONDERHIT}, {"probe", UCI_PROBE},
        {"quit", UCI_QUIT},         {"d", UCI_DISPLAY},           {"eval", UCI_EVAL},
    };
    return uci_find_command(commands, sizeof commands / sizeof commands[0], line);
}

/* `setoption <name> [<value>]`: the name is one word, the value the rest of the line. */
static void parse_setoption(const char *s, UciCommand *cmd)
{
    size_t n = text_word_length(s);
    if (n == 0) {
        uci_malformed(cmd, "setoption: missing option name");
        return;
    }
    if (n >= sizeof cmd->name) {
        uci_malformed(cmd, "setoption: option name too long");
        return;
    }
    memcpy(cmd->name, s, n);
    cmd->name[n] = '\0';
    uci_copy_words_until(uci_next_word(s), NULL, cmd->value, sizeof cmd->value);
}

/* `position` and `probe`, as in UCI. A FEN of two fields (placement and side, as ElephantEye
 * writes its start position) gets the fields Xiangqi leaves empty. */
static void parse_position(const char *s, UciCommand *cmd)
{
    uci_parse_position_args(s, cmd);
    if (cmd->type == UCI_MALFORMED || !cmd->fen[0])
        return;
    const char *second = uci_next_word(cmd->fen);
    size_t length = strlen(cmd->fen);
    if (*second && !*uci_next_word(second) && length + 9 <= sizeof cmd->fen)
        memcpy(cmd->fen + length, " - - 0 1", 9);
}

/* A clock value in milliseconds: whole milliseconds under usemillisec, else seconds with an
 * optional fraction ("20", "2.5"). Negative values (a fallen flag) count as 0. */
static bool parse_clock(const char *s, bool millisec, int64_t *ms)
{
    size_t n = text_word_length(s), whole_length = 0;
    while (whole_length < n && s[whole_length] != '.')
        whole_length++;
    char whole_text[24];
    int64_t whole, fraction = 0, scale = millisec ? 1 : 1000;
    if (whole_length == 0 || whole_length >= sizeof whole_text)
        return false;
    memcpy(whole_text, s, whole_length);
    whole_text[whole_length] = '\0';
    if (!uci_parse_number(whole_text, INT32_MIN, INT64_MAX / 4 / 1000, &whole))
        return false;
    for (size_t i = whole_length + 1, digit = 100; i < n; i++, digit /= 10) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        fraction += (s[i] - '0') * (int64_t)digit; /* thousandths; finer digits add nothing */
    }
    *ms = whole < 0 || s[0] == '-' ? 0 : whole * scale + fraction * scale / 1000;
    return true;
}

static bool is_go_keyword(const char *s)
{
    static const char *const keywords[] = {
        "ponder",    "draw",      "infinite", "depth",        "nodes",        "time",
        "movestogo", "increment", "opptime",  "oppmovestogo", "oppincrement",
    };
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (text_word_equals(s, keywords[i]))
            return true;
    return false;
}

/* `go [ponder | draw] {depth D | nodes N | time T [movestogo M | increment I] [opptime T2
 * [oppmovestogo M2 | oppincrement I2]]}`, read leniently: any of the parameters in any order,
 * each bad one skipped with a warning (a GUI waits for the answer of every go). `depth
 * infinite` and a go without a limit search until `stop`. */
static void parse_go(const char *s, bool millisec, UciCommand *cmd)
{
    SearchLimits *l = &cmd->limits;
    l->time_ms[WHITE] = l->time_ms[BLACK] = -1;
    cmd->relative_clock = true;
    while (*s) {
        const char *word = s;
        s = uci_next_word(s);
        if (text_word_equals(word, "ponder")) {
            l->ponder = true;
            continue;
        }
        if (text_word_equals(word, "draw")) {
            cmd->draw = true;
            continue;
        }
        if (text_word_equals(word, "infinite") ||
            (text_word_equals(word, "depth") && text_word_equals(s, "infinite"))) {
            l->infinite = true;
            if (!text_word_equals(word, "infinite"))
                s = uci_next_word(s);
            continue;
        }
        if (!is_go_keyword(word)) {
            uci_go_warning(cmd, "go: unknown parameter ignored", word);
            continue;
        }
        int64_t v = 0;
        bool clock = text_word_equals(word, "time") || text_word_equals(word, "opptime") ||
                     text_word_equals(word, "increment") || text_word_equals(word, "oppincrement");
        bool ok = *s && (clock ? parse_clock(s, millisec, &v)
                               : uci_parse_number(s, INT32_MIN, INT64_MAX / 4, &v));
        if (!ok) {
            uci_go_warning(cmd, "go: parameter without a valid number ignored", word);
            if (*s && !is_go_keyword(s))
                s = uci_next_word(s);
            continue;
        }
        s = uci_next_word(s);
        if (text_word_equals(word, "time"))
            l->time_ms[WHITE] = v;
        else if (text_word_equals(word, "opptime"))
            l->time_ms[BLACK] = v;
        else if (text_word_equals(word, "increment"))
            l->inc_ms[WHITE] = v;
        else if (text_word_equals(word, "oppincrement"))
            l->inc_ms[BLACK] = v;
        else if (text_word_equals(word, "movestogo"))
            l->movestogo = v < 0 ? 0 : v > 1000 ? 1000 : (int)v;
        else if (text_word_equals(word, "depth"))
            l->depth = v < 1 ? 1 : v > MAX_PLY ? MAX_PLY : (int)v;
        else if (text_word_equals(word, "nodes"))
            l->nodes = v < 1 ? 1 : (uint64_t)v;
        /* oppmovestogo: the time manager plans for the side to move's control only */
    }
}

void ucci_parse(const char *line, bool millisec, UciCommand *cmd)
{
    memset(cmd, 0, sizeof *cmd);
    cmd->perft_depth = -1;
    cmd->type = ucci_command_type(line);
    const char *s = uci_next_word(text_skip_spaces(line));
    if (cmd->type == UCI_SETOPTION)
        parse_setoption(s, cmd);
    else if (cmd->type == UCI_POSITION || cmd->type == UCI_PROBE)
        parse_position(s, cmd);
    else if (cmd->type == UCI_BANMOVES)
        cmd->moves = s;
    else if (cmd->type == UCI_GO)
        parse_go(s, millisec, cmd);
}
