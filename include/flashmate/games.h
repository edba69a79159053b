/*
 * The games of this build: their operation tables (flashmate/game.h) and room for the position
 * and search state of any of them. Chess is always there; Xiangqi when built with it
 * (FLASHMATE_XIANGQI). The one place besides src/protocol/games.c that names the games.
 */
#ifndef FLASHMATE_GAMES_H
#define FLASHMATE_GAMES_H

#include "flashmate/game.h"
#include "flashmate/search.h"

extern const GameOps chess_game;
extern const GameOps chess960_game; /* chess under Chess960 castling rules: chess_game.chess960 */

#ifdef FLASHMATE_XIANGQI
#include "flashmate/xiangqi_search.h"
extern const GameOps xiangqi_game;
extern const GameOps xiangqi_ucci_game; /* Xiangqi with ICCS moves, for UCCI: xiangqi_game.ucci */
typedef union GamePosition {
    Position chess;
    XqPosition xiangqi;
} GamePosition;
typedef union GameSearch {
    Search chess;
    XqSearch xiangqi;
} GameSearch;
#else
typedef union GamePosition {
    Position chess;
} GamePosition;
typedef union GameSearch {
    Search chess;
} GameSearch;
#endif

/* The search driver (search limits, nodes, lines found) every game's search state starts with. */
static inline SearchDriver *game_search_driver(GameSearch *search)
{
    return (SearchDriver *)search;
}

/* Every game of the build, chess first, ended by NULL. */
extern const GameOps *const games[];

/* The game called `name` (case-insensitive), or NULL if this build has none by that name. */
const GameOps *games_find(const char *name);

#endif
