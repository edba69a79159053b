/*
 * What the files of the UCI driver share (src/protocol/): words of a line, option values, and
 * the answers written to the console. uci_parse.c turns a line into a UciCommand (ucci_parse.c a
 * UCCI line), uci_output.c writes the answers, uci_options.c handles `setoption`, uci_engine.c
 * runs the session.
 */
#ifndef FLASHMATE_UCI_INTERNAL_H
#define FLASHMATE_UCI_INTERNAL_H

#include "flashmate/uci.h"

#include "flashmate/flash.h"

/* A command's own function, kept out of line so that its buffers are not on the stack while
 * `go` searches (uci_execute would otherwise hold every inlined command's locals at once). */
#define UCI_COMMAND_FUNCTION __attribute__((noinline))

#define ENGINE_NAME "flashmate 0.1"
#define ENGINE_AUTHOR "the flashmate developers"

/* ---- uci_parse.c (ucci_parse.c shares it) ---- */

/* The word after the one at s (skipping spaces). */
const char *uci_next_word(const char *s);
/* The command a line's first word names in a table of command words (UCI_EMPTY, UCI_UNKNOWN or
 * the command). */
typedef struct UciCommandWord {
    char word[12]; /* tables of them are FM_FLASH */
    UciCommandType type;
} UciCommandWord;
UciCommandType uci_find_command(FM_FLASH UciCommandWord *commands, size_t count, const char *line);
/* Start parsing a line of command `type`: *cmd cleared and given the type; returns the text
 * after the command's word. */
const char *uci_parse_start(const char *line, UciCommandType type, UciCommand *cmd);
/* Mark the command malformed, for the reason `what`. */
void uci_malformed(UciCommand *cmd, const FlashText *what);
/* Copy words from s up to (not including) the word `stop` (or the end), single-spaced; returns
 * where it stopped. */
const char *uci_copy_words_until(const char *s, const FlashText *stop, char *out, size_t size);
/* The arguments of `position` (and of UCCI's `probe`): {startpos | fen FEN} [moves ...]. */
void uci_parse_position_args(const char *s, UciCommand *cmd);
/* Keep the first problem found in a go command, with the word it concerns. */
void uci_go_warning(UciCommand *cmd, const FlashText *what, const char *word);
/* What a `go` parameter sets: UCI's and UCCI's words name them (words without a value first). */
typedef enum {
    GO_INFINITE,
    GO_PONDER,
    GO_DRAW, /* UCCI: the opponent offers a draw */
    GO_SEARCHMOVES,
    GO_TIME_WHITE, /* clocks: for UCCI the side to move's (WHITE) and its opponent's (BLACK) */
    GO_TIME_BLACK,
    GO_INC_WHITE,
    GO_INC_BLACK,
    GO_MOVESTOGO,
    GO_MOVETIME,
    GO_DEPTH,
    GO_NODES,
    GO_MATE,
    GO_PERFT,
    GO_IGNORED, /* read and not used (UCCI oppmovestogo) */
} GoField;
typedef struct GoWord {
    char word[13]; /* tables of them are FM_FLASH */
    GoField field;
} GoWord;
/* The parameters of `go` at s, each named by one of `words`: those without a value, the others
 * with a number; clock values in units of clock_unit_ms milliseconds (1000: seconds, which may
 * have a fraction). A bad parameter is skipped with a warning in cmd->error. */
void uci_parse_go_words(const char *s, FM_FLASH GoWord *words, size_t count, int clock_unit_ms,
                        UciCommand *cmd);
/* Is the word at s a `go` parameter? */
bool uci_is_go_keyword(const char *s);
/* A whole word that is a decimal number, possibly negative, clamped to min..max. */
bool uci_parse_number(const char *s, int64_t min, int64_t max, int64_t *value);

/* ---- uci_output.c ---- */

/* A line to the console. */
void uci_say(const FlashText *text);
/* "info string <message>", with an excerpt of the offending input (or NULL) made printable. */
void uci_info_string(const FlashText *message, const char *excerpt);
/* A score as UCCI writes it: centipawns, and a mate in n plies as +-(10000 - n). */
int uci_ucci_score(int score);
/* Search progress as an `info` line; `user` is the Engine (a SearchHooks report). */
void uci_report_info(const SearchReport *report, void *user);
/* "bestmove M [ponder P] [draw]" (draw: UCCI, accepting the opponent's offer); in a UCCI
 * session "nobestmove" when there is no move. */
void uci_say_bestmove(const Engine *e, Move best, Move ponder, bool accept_draw);
/* A line of `go perft` divide; `user` is the Engine (a PerftReport). */
void uci_print_divide_line(Move move, uint64_t nodes, void *user);

/* ---- uci_threads.c ---- */

/* Threads: the engine's search and threads - 1 helpers (false, and nothing changed, without
 * the memory for them). */
bool uci_set_threads(Engine *e, int threads);
/* Forget the helpers' move-ordering history and attach them to the table (a new game or game). */
void uci_helpers_clear(Engine *e);
/* Start the helpers on the engine's position; stop them and wait for them. */
void uci_helpers_start(Engine *e, const SearchLimits *limits);
void uci_helpers_stop(Engine *e);
/* Nodes the running helpers have searched (a SearchHooks helper_nodes; `user` is the Engine). */
uint64_t uci_helper_nodes(void *user);

/* ---- uci_strength.c ---- */

/* Below the full engine: a node budget and several lines to choose from. */
void uci_strength_limit(const UciOptions *o, SearchLimits *limits);
/* The move to play after the search: the best one, or below the full engine one of the lines
 * drawn by weight (and its ponder move). */
Move uci_strength_choose(Engine *e, const SearchResult *result, Move *ponder);

/* ---- uci_options.c ---- */

/* The `option` lines of the handshake, in UCI's form or UCCI's. */
void uci_print_options(bool ucci);
/* setoption: UCI's options, or UCCI's (a UCCI session's names for some of them). */
void uci_set_option(Engine *e, const UciCommand *cmd);
/* A new game (UCI ucinewgame, UCCI setoption newgame): empty table and move-ordering history. */
void uci_new_game(Engine *e);
/* Replace the transposition table by one of `bytes`, or of `mb` MB (the old one stays on
 * failure). */
bool uci_resize_hash_bytes(Engine *e, size_t bytes);
bool uci_resize_hash(Engine *e, int mb);
/* Empty the transposition table. */
void uci_clear_hash(Engine *e);
/* Switch to a game: its start position, no game history, empty table and history. */
void uci_set_game(Engine *e, const GameOps *game);

#endif
