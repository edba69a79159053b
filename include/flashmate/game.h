/*
 * The game interface: one table of operations per game (chess, Xiangqi), through which the cold
 * paths reach a game -- the protocol, the command line, bench, perft suites and the firmware.
 * Positions and search states are passed as void pointers to storage of the game's own types
 * (flashmate/games.h has room for any game's). The hot paths -- move generation, make/unmake,
 * evaluation, the search recursion -- never go through this table.
 */
#ifndef FLASHMATE_GAME_H
#define FLASHMATE_GAME_H

#include <stddef.h>

#include "flashmate/game_types.h"
#include "flashmate/search_types.h"

/* Buffer sizes for the text a game writes: a FEN, a move in UCI text, the board diagram. */
enum {
    GAME_FEN_MAX = 128,
    GAME_MOVE_TEXT_MAX = 8,
    GAME_DISPLAY_MAX = 512,
    GAME_EXPLAIN_MAX = 1536
};

typedef struct Book Book; /* flashmate/book.h */

typedef struct GameOps {
    const char *name; /* as UCI_Variant names it: "chess", "xiangqi" */
    const char *start_fen;
    /* The same game under Chess960 castling rules (UCI_Chess960), or NULL; games_find(name)
     * gives the standard rules back. */
    const struct GameOps *chess960;
    /* The same game with its moves in UCCI's text (ICCS, for Xiangqi), or NULL: the games a UCCI
     * session can play. That table's `ucci` is itself. */
    const struct GameOps *ucci;

    /* Set up a position from a FEN; on failure *pos is unchanged and *err says why. */
    bool (*set_fen)(void *pos, const char *fen, ParseError *err);
    /* The position as FEN into buf (GAME_FEN_MAX bytes); returns the length. */
    int (*get_fen)(const void *pos, char *buf);
    /* A move as UCI text (UCCI's for the `ucci` table) into buf (GAME_MOVE_TEXT_MAX bytes). */
    void (*move_text)(Move move, char *buf);
    /* The legal move whose text, as move_text writes it, is the word at `text`, or MOVE_NONE. */
    Move (*parse_move)(const void *pos, const char *text);
    /* Play a legal move for good (no undo). */
    void (*do_move)(void *pos, Move move);
    /* The position's Zobrist key (for repetitions and books). */
    uint64_t (*key)(const void *pos);
    /* The side to move (WHITE: for Xiangqi, Red). */
    Color (*side_to_move)(const void *pos);
    /* Is the side to move in check? */
    bool (*in_check)(const void *pos);
    /* Every legal move into list; returns the count. */
    int (*legal_moves)(const void *pos, MoveList *list);
    /* Perft, and perft divide (report gets each root move and its leaves); pos is restored. */
    uint64_t (*perft)(void *pos, int depth);
    uint64_t (*perft_divide)(void *pos, int depth, PerftReport report, void *user);
    /* The board as text, one line per rank from the top, each ending in '\n', into buf
     * (GAME_DISPLAY_MAX bytes). */
    void (*display)(const void *pos, char *buf);
    /* The squares of the pieces giving check, space-separated, into buf (GAME_DISPLAY_MAX). */
    void (*checkers)(const void *pos, char *buf);

    /* The engine (NULL in builds without it, FLASHMATE_ENGINE). A search state starts with its
     * SearchDriver, whose `tt` the caller sets. */
    int (*evaluate)(const void *pos); /* centipawns, for the side to move */
    /* The evaluation term by term, as text lines into buf (GAME_EXPLAIN_MAX bytes). */
    void (*explain_eval)(const void *pos, char *buf);
    void (*search_clear)(void *search);
    SearchResult (*search)(void *search, void *pos, const uint64_t *game_keys, int game_key_count,
                           const SearchLimits *limits, const SearchHooks *hooks);
    /* A book move for the position, or MOVE_NONE; NULL for a game without opening books. */
    Move (*book_move)(Book *book, const void *pos);
} GameOps;

#endif
