/*
 * The chess evaluation compiled once more for the tuner, with FLASHMATE_EVAL_TRACE: the same
 * code as the engine's (src/chess/eval.c, included here), whose WEIGHT() also counts every
 * weight it adds. The table list below names the weights of eval_weights.h for the tuner, which
 * writes that file back.
 */
#define FLASHMATE_EVAL_TRACE 1
#include "chess/eval.c"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune_eval.h"

#define TABLE(name, size, shape, per_line, comment)                                                \
    {                                                                                              \
#name, size, comment, shape, per_line, (const int32_t *)&(name),                           \
            sizeof(name) / sizeof(Score)                                                           \
    }

const TunedTable tuned_tables[] = {
    TABLE(
        piece_value, "6", TUNED_LIST, 6,
        "Piece values (pawn, knight, bishop, rook, queen, king); SEE has its own (eval_score.h)."),
    TABLE(
        pst, "6][64", TUNED_BOARDS, 8,
        "Piece-square tables, [piece type][square as drawn]: from White's side with rank 8 on the\n"
        " * first row, as a board diagram; the code flips the square for White (sq ^ 56) and "
        "reads\n"
        " * Black's directly."),
    TABLE(mobility_knight, "9", TUNED_LIST, 6,
          "Mobility: by the number of squares a piece reaches that are not held by its own pawns\n"
          " * or king and not attacked by enemy pawns."),
    TABLE(mobility_bishop, "14", TUNED_LIST, 6, NULL),
    TABLE(mobility_rook, "15", TUNED_LIST, 6, NULL),
    TABLE(mobility_queen, "28", TUNED_LIST, 6, NULL),
    TABLE(passed_pawn, "8", TUNED_LIST, 6,
          "Pawn structure. Passed pawns by relative rank (0 = own first rank)."),
    TABLE(passed_pawn_free_path, "", TUNED_SCALAR, 0, "times relative rank - 2, when > 0"),
    TABLE(passed_king_distance, "", TUNED_SCALAR, 0,
          "per square and rank: their king far, ours near"),
    TABLE(pawn_doubled, "", TUNED_SCALAR, 0, NULL),
    TABLE(pawn_isolated, "", TUNED_SCALAR, 0, NULL),
    TABLE(pawn_backward, "", TUNED_SCALAR, 0, NULL),
    TABLE(pawn_connected, "8", TUNED_LIST, 4,
          "A pawn defended by a pawn or side by side with one, by relative rank."),
    TABLE(bishop_pair, "", TUNED_SCALAR, 0, NULL),
    TABLE(rook_open_file, "", TUNED_SCALAR, 0, NULL),
    TABLE(rook_semi_open_file, "", TUNED_SCALAR, 0, NULL),
    TABLE(knight_outpost, "", TUNED_SCALAR, 0, "on ranks 4-6, defended by a pawn"),
    TABLE(bishop_pawns_on_colour, "", TUNED_SCALAR, 0,
          "per own pawn on the squares of the bishop's colour"),
    TABLE(threat_by_pawn, "6", TUNED_LIST, 6,
          "Threats: enemy pieces (by type) attacked by a pawn, a knight or bishop, a rook."),
    TABLE(threat_by_minor, "6", TUNED_LIST, 6, NULL),
    TABLE(threat_by_rook, "6", TUNED_LIST, 6, NULL),
    TABLE(hanging_piece, "", TUNED_SCALAR, 0, "attacked, not defended"),
    TABLE(tempo, "", TUNED_SCALAR, 0, NULL),
    TABLE(king_danger, "KING_DANGER_NB", TUNED_LIST, 6,
          "King safety: the danger of the attack units on the king's zone (eval_score.h), taken\n"
          " * when two pieces attack it or one with the queen on the board."),
    TABLE(safe_check, "6", TUNED_LIST, 6,
          "Checks the enemy can give by a piece (of a type) from a square the king's side neither\n"
          " * holds nor attacks, each."),
    TABLE(shelter_pawn_near, "", TUNED_SCALAR, 0, "own pawn one rank ahead of the king"),
    TABLE(shelter_pawn_far, "", TUNED_SCALAR, 0, "own pawn two ranks ahead"),
    TABLE(king_open_file, "", TUNED_SCALAR, 0, "no own pawn on a file next to the king"),
    {0},
};

int tuned_weight_count(void)
{
    int n = 0;
    for (const TunedTable *t = tuned_tables; t->name; t++)
        n += t->count;
    return n;
}

/* The counts of the evaluation under way, by weight number. */
static int16_t trace_times[1024];

static Score eval_trace_take(const Score *weight, Color c, int count)
{
    int first = 0;
    for (const TunedTable *t = tuned_tables; t->name; first += t->count, t++) {
        const Score *values = (const Score *)t->values;
        if (weight >= values && weight < values + t->count) {
            trace_times[first + (weight - values)] += (int16_t)(c == WHITE ? count : -count);
            return count * *weight;
        }
    }
    fputs("flashmate-tune: WEIGHT() of a weight missing from tuned_tables\n", stderr);
    abort();
}

void eval_terms(const Position *pos, EvalTerms *terms)
{
    _Static_assert(sizeof trace_times / sizeof trace_times[0] <= INT16_MAX, "weight numbers");
    int total = tuned_weight_count();
    assert(total <= (int)(sizeof trace_times / sizeof trace_times[0]));
    memset(trace_times, 0, sizeof trace_times);
    EvalTrace trace;
    terms->value = evaluate(pos, &trace);
    terms->phase = trace.phase;
    terms->scale = trace.scale;
    terms->count = 0;
    for (int i = 0; i < total; i++) {
        if (trace_times[i]) {
            if (terms->count == TRACE_TERMS_MAX) {
                fputs("flashmate-tune: more weights than TRACE_TERMS_MAX in one position\n",
                      stderr);
                abort();
            }
            terms->weight[terms->count] = (int16_t)i;
            terms->times[terms->count++] = trace_times[i];
        }
    }
}
