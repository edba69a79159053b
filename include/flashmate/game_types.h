/*
 * What every game shares (chess, Xiangqi): colours, the 16-bit move and the move list, the
 * error a parser reports, and the perft report. Each game draws its own encoding of a move
 * (flashmate/types.h, flashmate/xiangqi_types.h); in both, a move whose two squares are the
 * same is not a move, which is how MOVE_NONE and MOVE_NULL are recognised.
 */
#ifndef FLASHMATE_GAME_TYPES_H
#define FLASHMATE_GAME_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* The side to move first is WHITE (Red in Xiangqi). */
typedef enum { WHITE, BLACK, COLOR_NB } Color;

static inline Color color_flip(Color c) { return (Color)(c ^ 1); }

/* A move of any game. MOVE_NONE (a1a1) answers "no move"; MOVE_NULL passes the turn in the
 * search (from == to in both games' encodings: 63 -> 63 in chess, 127 -> 127 in Xiangqi). */
typedef uint16_t Move;
enum { MOVE_NONE = 0, MOVE_NULL = 0xFFFF };

/* MAX_PLY bounds the search depth and the stack it uses; small boards lower it. MAX_MOVES
 * bounds a move list: 218 is the most legal moves a chess position is known to have, Xiangqi
 * positions have fewer. */
#ifndef FLASHMATE_MAX_PLY
#define FLASHMATE_MAX_PLY 128
#endif
enum { MAX_MOVES = 256, MAX_PLY = FLASHMATE_MAX_PLY };

/* A move and the score the move picker sorts by. */
typedef struct ScoredMove {
    Move move;
    int16_t score;
} ScoredMove;

/* A caller-owned list of moves. */
typedef struct MoveList {
    int count;
    ScoredMove moves[MAX_MOVES];
} MoveList;

/* Result of parsing text (FEN, moves). On error `message` names the field and the character. */
typedef struct ParseError {
    int field;  /* 1-based FEN field (1 placement ... 6 fullmove), 0 when not a FEN field */
    int offset; /* byte offset in the input where the problem was found */
    char message[112];
} ParseError;

/* Perft divide: called with each legal root move and the leaves below it. */
typedef void (*PerftReport)(Move move, uint64_t nodes, void *user);

/* The deepest perft a command or an EPD suite may ask for. */
enum { PERFT_MAX_DEPTH = 15 };

/* One line of an EPD perft suite, "FEN ;D1 n ;D2 n ...", for any game: parse_fen(pos, fen, err)
 * sets up the position (false with *err filled on a bad FEN); the counts go to
 * expected[1..*depths]. Returns 1 on success, 0 for a blank or comment line ('#'), -1 on error
 * with the reason in *err. */
typedef bool (*PerftFenParser)(void *pos, const char *fen, ParseError *err);
int perft_parse_epd(const char *line, PerftFenParser parse_fen, void *pos, int *depths,
                    uint64_t expected[PERFT_MAX_DEPTH + 1], ParseError *err);

#endif
