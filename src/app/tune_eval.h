/*
 * What the tuner (src/app/tune.c) needs of a game: its evaluation as the tuner sees it, its
 * weights file's layout, and self-play. tune_chess.c and tune_xiangqi.c each compile their
 * game's evaluation once more with FLASHMATE_EVAL_TRACE (engine/score.h): for a position, how
 * many times each tuned weight was added for the first side (White, Red) minus for the second,
 * with the phase and the endgame scale. The evaluation is linear in its weights, so these reproduce it:
 *   mg = sum(count * weight.mg), eg = sum(count * weight.eg) * scale / 64,
 *   value = (mg * phase + eg * (phase_max - phase)) / phase_max   (the first side's view).
 */
#ifndef FLASHMATE_TUNE_EVAL_H
#define FLASHMATE_TUNE_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "flashmate/game.h"

/* How a table is written into the weights file. */
typedef enum { TUNED_SCALAR, TUNED_LIST, TUNED_BOARDS } TunedShape;

/* One table (or single weight) of the weights file. */
typedef struct TunedTable {
    const char *name;    /* its C name */
    const char *size;    /* its dimensions as written in C ("6", "6][64", "KING_DANGER_NB") */
    const char *comment; /* the comment above it (or beside a scalar), NULL for none */
    TunedShape shape;
    int per_line; /* list entries per line */
    const int32_t *values;
    int count;
} TunedTable;

#define TUNED_TABLE(name, size, shape, per_line, comment)                                          \
    {                                                                                              \
#name, size, comment, shape, per_line, (const int32_t *)&(name),                           \
            sizeof(name) / sizeof(Score)                                                           \
    }

enum { TRACE_TERMS_MAX = 512, TRACE_WEIGHTS_MAX = 1024 };

typedef struct EvalTerms {
    int count;
    int16_t weight[TRACE_TERMS_MAX]; /* the weight's number */
    int16_t times[TRACE_TERMS_MAX];  /* added for the first side minus added for the second */
    int phase, scale;
    int value; /* the evaluation itself, the first side's point of view */
} EvalTerms;

/* A game as the tuner sees it: its operations (flashmate/game.h) for self-play, the rules
 * those leave out, its evaluation's trace and its weights file's layout. */
typedef struct TunedGame {
    const GameOps *ops;
    const char *weights_file; /* the file the fit writes, from the source tree's root */
    const char *guard;        /* that file's include guard */
    const char *about;        /* its banner's first line after " * The " */
    const TunedTable *tables; /* in the file's order, ended by one without a name; the weights are
                                 numbered from 0 in that order */
    int board_width, board_height;  /* a TUNED_BOARDS table's boards as drawn */
    const char *const *board_names; /* and their names, one a board */
    int phase_max;

    int (*halfmove_clock)(const void *pos);
    /* The side to move's result in half points (2, 1, 0) when it has no legal move. */
    int (*no_moves_result)(const void *pos);
    /* Is the game drawn by its own rules (the move counting rule, no mating material)? */
    bool (*drawn)(const void *pos);
    /* Does the move change the material (so that the position before it is not quiet)? */
    bool (*noisy)(const void *pos, Move move);
    /* Evaluate the position of a FEN and list the weights it added (each once, with its net
     * count; zero counts left out); false for a FEN that is not a position. */
    bool (*terms)(const char *fen, EvalTerms *terms);
} TunedGame;

extern const TunedGame chess_tuning, xiangqi_tuning;

int tuned_weight_count(const TunedGame *game);

/* For the trace (a game's eval_trace_take): count `count` times `weight`, one of `tables`, for
 * side c into times[its number]; returns count x weight. */
int32_t tuned_trace_take(const TunedTable *tables, int16_t *times, const int32_t *weight, Color c,
                         int count);

/* The weights with nonzero counts of `times` (indexed by weight number) into `terms`. */
void tuned_terms_collect(const int16_t *times, int weights, EvalTerms *terms);

#endif
