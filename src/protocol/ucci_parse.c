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
    static FM_FLASH UciCommandWord commands[] = {
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
        uci_malformed(cmd, FM_TEXT("setoption: missing option name"));
        return;
    }
    if (n >= sizeof cmd->name) {
        uci_malformed(cmd, FM_TEXT("setoption: option name too long"));
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

/* `go [ponder | draw] {depth D | nodes N | time T [movestogo M | increment I] [opptime T2
 * [oppmovestogo M2 | oppincrement I2]]}`, read as leniently as UCI's go (any parameters in any
 * order, a bad one skipped with a warning); `depth infinite` searches until `stop`. */
static void parse_go(const char *s, bool millisec, UciCommand *cmd)
{
    static FM_FLASH GoWord words[] = {
        {"ponder", GO_PONDER},
        {"draw", GO_DRAW},
        {"infinite", GO_INFINITE},
        {"depth", GO_DEPTH},
        {"nodes", GO_NODES},
        {"time", GO_TIME_WHITE},
        {"movestogo", GO_MOVESTOGO},
        {"increment", GO_INC_WHITE},
        {"opptime", GO_TIME_BLACK},
        {"oppmovestogo", GO_IGNORED},
        {"oppincrement", GO_INC_BLACK},
    };
    uci_parse_go_words(s, words, sizeof words / sizeof words[0], millisec ? 1 : 1000, cmd);
    cmd->relative_clock = true; /* WHITE: the side to move, BLACK: its opponent */
}

void ucci_parse(const char *line, bool millisec, UciCommand *cmd)
{
    const char *s = uci_parse_start(line, ucci_command_type(line), cmd);
    if (cmd->type == UCI_SETOPTION)
        parse_setoption(s, cmd);
    else if (cmd->type == UCI_POSITION || cmd->type == UCI_PROBE)
        parse_position(s, cmd);
    else if (cmd->type == UCI_BANMOVES)
        cmd->moves = s;
    else if (cmd->type == UCI_GO)
        parse_go(s, millisec, cmd);
}
