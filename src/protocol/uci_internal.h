/*
 * What the files of the UCI driver share (src/protocol/): words of a line, option values, and
 * the answers written to the console. uci_parse.c turns a line into a UciCommand, uci_output.c
 * writes the answers, uci_options.c handles `setoption`, uci_engine.c runs the session.
 */
#ifndef FLASHMATE_UCI_INTERNAL_H
#define FLASHMATE_UCI_INTERNAL_H

#include "flashmate/uci.h"

/* A command's own function, kept out of line so that its buffers are not on the stack while
 * `go` searches (uci_execute would otherwise hold every inlined command's locals at once). */
#define UCI_COMMAND_FUNCTION __attribute__((noinline))

#define ENGINE_NAME "flashmate 0.1"
#define ENGINE_AUTHOR "the flashmate developers"

/* ---- uci_parse.c ---- */

/* The word after the one at s (skipping spaces). */
const char *uci_next_word(const char *s);
/* Is the word at s a `go` parameter? */
bool uci_is_go_keyword(const char *s);
/* A whole word that is a decimal number, possibly negative, clamped to min..max. */
bool uci_parse_number(const char *s, int64_t min, int64_t max, int64_t *value);

/* ---- uci_output.c ---- */

/* A line to the console. */
void uci_say(const char *text);
/* "info string <message>", with an excerpt of the offending input (or NULL) made printable. */
void uci_info_string(const char *message, const char *excerpt);
/* Search progress as an `info` line; `user` is the Engine (a SearchHooks report). */
void uci_report_info(const SearchReport *report, void *user);
void uci_say_bestmove(const Engine *e, Move best, Move ponder);
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

/* The rating the options ask for (Skill Level L < 20: 800 + 100 L), 0 for the full engine. */
int uci_strength_elo(const UciOptions *o);
/* Below the full engine: a node budget and several lines to choose from. */
void uci_strength_limit(const UciOptions *o, SearchLimits *limits);
/* The move to play after the search: the best one, or below the full engine one of the lines
 * drawn by weight (and its ponder move). */
Move uci_strength_choose(Engine *e, const SearchResult *result, Move *ponder);

/* ---- uci_options.c ---- */

void uci_print_options(void);
void uci_set_option(Engine *e, const UciCommand *cmd);
/* Replace the transposition table by one of `bytes`, or of `mb` MB (the old one stays on
 * failure). */
bool uci_resize_hash_bytes(Engine *e, size_t bytes);
bool uci_resize_hash(Engine *e, int mb);
/* Empty the transposition table. */
void uci_clear_hash(Engine *e);
/* Switch to a game: its start position, no game history, empty table and history. */
void uci_set_game(Engine *e, const GameOps *game);

#endif
