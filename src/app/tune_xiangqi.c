/*
 * Xiangqi for the tuner (src/app/tune_eval.h): the evaluation compiled once more with
 * FLASHMATE_EVAL_TRACE, the same code as the engine's (src/xiangqi/eval.c, included here), whose
 * WEIGHT() also counts every weight it adds; the table list below names the weights of
 * src/xiangqi/eval_weights.h, which the tuner writes back; and the rules self-play needs.
 */
#define FLASHMATE_EVAL_TRACE 1
#include "xiangqi/eval.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flashmate/games.h"
#include "tune_eval.h"

#define TABLE TUNED_TABLE

static const TunedTable tuned_tables[] = {
    TABLE(piece_value, "7", TUNED_LIST, 7,
          "Piece values (soldier, advisor, elephant, horse, cannon, chariot, general); SEE has its "
          "own\n * (eval.c)."),
    TABLE(pst, "7][50", TUNED_BOARDS, 5,
          "Piece-square tables, [piece type][square as drawn]: from Red's side with rank 10 on "
          "the first\n * row and files a-e (the board is symmetric: file i reads a, h reads b and "
          "so on); Black's\n * read the ranks mirrored."),
    TABLE(mobility_chariot, "18", TUNED_LIST, 6,
          "Mobility: by the number of squares a piece reaches that no piece of its own side "
          "holds (a\n * horse with its leg free; a cannon's quiet moves and its captures over a "
          "screen)."),
    TABLE(mobility_horse, "9", TUNED_LIST, 6, NULL),
    TABLE(mobility_cannon, "18", TUNED_LIST, 6, NULL),
    TABLE(chariot_open_file, "", TUNED_SCALAR, 0, "no soldier on its file"),
    TABLE(chariot_half_open_file, "", TUNED_SCALAR, 0, "only enemy soldiers on it"),
    TABLE(king_danger, "KING_DANGER_NB", TUNED_LIST, 6,
          "King safety: the danger of the attack units on a palace (eval.c) when two pieces or "
          "more\n * attack it, and per unit when one does."),
    TABLE(king_danger_one_attacker, "", TUNED_SCALAR, 0, NULL),
    TABLE(hollow_cannon, "", TUNED_SCALAR, 0, "on the general's file, nothing between"),
    TABLE(chariot_behind_one, "", TUNED_SCALAR, 0, "on a line of the general, one piece between"),
    TABLE(cannon_behind_two, "", TUNED_SCALAR, 0, "two pieces between"),
    TABLE(tempo, "", TUNED_SCALAR, 0, NULL),
    {0},
};

/* The counts of the evaluation under way, by weight number. */
static int16_t trace_times[TRACE_WEIGHTS_MAX];

static Score eval_trace_take(const Score *weight, Color c, int count)
{
    return tuned_trace_take(tuned_tables, trace_times, weight, c, count);
}

static bool xiangqi_terms(const char *fen, EvalTerms *terms)
{
    XqPosition pos;
    ParseError err;
    if (!xq_set_fen(&pos, fen, &err))
        return false;
    memset(trace_times, 0, sizeof trace_times);
    terms->value = evaluate_for_red(&pos, &terms->phase);
    terms->scale = 64;
    tuned_terms_collect(trace_times, tuned_weight_count(&xiangqi_tuning), terms);
    return true;
}

static int xiangqi_halfmove_clock(const void *pos)
{
    return ((const XqPosition *)pos)->halfmove_clock;
}

/* A side without a legal move loses, mated or not. */
static int xiangqi_no_moves_result(const void *pos)
{
    (void)pos;
    return 0;
}

/* Sixty moves without a capture (the search's DRAW_PLIES). */
static bool xiangqi_drawn(const void *pos)
{
    return ((const XqPosition *)pos)->halfmove_clock >= 120;
}

static bool xiangqi_noisy(const void *pos, Move move)
{
    return ((const XqPosition *)pos)->board[xq_move_to(move)] != XQ_NO_PIECE;
}

static const char *const piece_names[7] = {"soldier", "advisor", "elephant", "horse",
                                           "cannon",  "chariot", "general"};

const TunedGame xiangqi_tuning = {
    .ops = &xiangqi_game,
    .weights_file = "src/xiangqi/eval_weights.h",
    .guard = "FLASHMATE_XIANGQI_EVAL_WEIGHTS_H",
    .about = "Xiangqi evaluation's weights (src/xiangqi/eval.c adds them through WEIGHT), each a",
    .tables = tuned_tables,
    .board_width = 5,
    .board_height = 10,
    .board_names = piece_names,
    .phase_max = PHASE_MAX,
    .halfmove_clock = xiangqi_halfmove_clock,
    .no_moves_result = xiangqi_no_moves_result,
    .drawn = xiangqi_drawn,
    .noisy = xiangqi_noisy,
    .terms = xiangqi_terms,
};
