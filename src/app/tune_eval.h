/*
 * The evaluation as the tuner sees it (src/app/tune_eval.c): for a position, how many times each
 * tuned weight was added for White minus for Black, with the phase and the endgame scale. The
 * evaluation is linear in its weights, so these reproduce it:
 *   mg = sum(count * weight.mg), eg = sum(count * weight.eg) * scale / 64,
 *   value = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX   (White's point of view).
 */
#ifndef FLASHMATE_TUNE_EVAL_H
#define FLASHMATE_TUNE_EVAL_H

#include <stdint.h>

#include "flashmate/position.h"

/* How a table is written into eval_weights.h. */
typedef enum { TUNED_SCALAR, TUNED_LIST, TUNED_BOARDS } TunedShape;

/* One table (or single weight) of eval_weights.h. */
typedef struct TunedTable {
    const char *name;    /* its C name */
    const char *size;    /* its dimensions as written in C ("6", "6][64", "KING_DANGER_NB") */
    const char *comment; /* the comment above it (or beside a scalar), NULL for none */
    TunedShape shape;
    int per_line; /* list entries per line */
    const int32_t *values;
    int count;
} TunedTable;

/* The tables, in the order of eval_weights.h, ended by one without a name; their weights are
 * numbered from 0 in that order. */
extern const TunedTable tuned_tables[];
int tuned_weight_count(void);

enum { TRACE_TERMS_MAX = 512 };

typedef struct EvalTerms {
    int count;
    int16_t weight[TRACE_TERMS_MAX]; /* the weight's number */
    int16_t times[TRACE_TERMS_MAX];  /* added for White minus added for Black */
    int phase, scale;
    int value; /* the evaluation itself, White's point of view */
} EvalTerms;

/* Evaluate pos and list the weights it added (each once, with its net count; zero counts left
 * out). */
void eval_terms(const Position *pos, EvalTerms *terms);

#endif
