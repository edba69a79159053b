/*
 * Chess for the tuner (src/app/tune_eval.h): the evaluation compiled once more with
 * FLASHMATE_EVAL_TRACE, the same code as the engine's (src/chess/eval.c, included here), whose
 * WEIGHT() also counts every weight it adds; the table list below names the weights of
 * src/chess/eval_weights.h, which the tuner writes back; and the rules self-play needs.
 */
#define FLASHMATE_EVAL_TRACE 1
#include "chess/eval.c"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flashmate/games.h"
#include "flashmate/movegen.h"
#include "tune_eval.h"

#define TABLE TUNED_TABLE

static const TunedTable tuned_tables[] = {
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
    TABLE(passed_safe_push, "8", TUNED_LIST, 6,
          "A passed pawn whose stop square is empty and not attacked, by relative rank."),
    TABLE(passed_rook_behind, "", TUNED_SCALAR, 0, NULL),
    TABLE(pawn_doubled, "", TUNED_SCALAR, 0, NULL),
    TABLE(pawn_isolated, "", TUNED_SCALAR, 0, NULL),
    TABLE(pawn_backward, "", TUNED_SCALAR, 0, NULL),
    TABLE(pawn_connected, "8", TUNED_LIST, 4,
          "A pawn defended by a pawn or side by side with one, by relative rank."),
    TABLE(bishop_pair, "", TUNED_SCALAR, 0, NULL),
    TABLE(rook_open_file, "", TUNED_SCALAR, 0, NULL),
    TABLE(rook_semi_open_file, "", TUNED_SCALAR, 0, NULL),
    TABLE(outpost, "2", TUNED_LIST, 6,
          "Outposts (knight, bishop): on ranks 4-6, defended by a pawn, out of the enemy pawns' "
          "reach."),
    TABLE(minor_behind_pawn, "", TUNED_SCALAR, 0, NULL),
    TABLE(minor_king_distance, "", TUNED_SCALAR, 0, "per square from its own king"),
    TABLE(bishop_long_diagonal, "", TUNED_SCALAR, 0, NULL),
    TABLE(rook_on_seventh, "", TUNED_SCALAR, 0, NULL),
    TABLE(bishop_pawns_on_colour, "", TUNED_SCALAR, 0,
          "per own pawn on the squares of the bishop's colour"),
    TABLE(threat_by_pawn, "6", TUNED_LIST, 6,
          "Threats: enemy pieces (by type) attacked by a pawn, a knight or bishop, a rook."),
    TABLE(threat_by_minor, "6", TUNED_LIST, 6, NULL),
    TABLE(threat_by_rook, "6", TUNED_LIST, 6, NULL),
    TABLE(hanging_piece, "", TUNED_SCALAR, 0, "attacked, not defended"),
    TABLE(threat_by_queen, "", TUNED_SCALAR, 0, "a piece attacked by the queen, not defended"),
    TABLE(threat_pawn_push, "", TUNED_SCALAR, 0, "a piece attacked after a safe pawn push"),
    TABLE(queen_xrayed, "", TUNED_SCALAR, 0,
          "their queen x-rayed by our bishop or rook through one piece"),
    TABLE(space_per_piece, "", TUNED_SCALAR, 0, "safe squares times pieces / 8"),
    TABLE(tempo, "", TUNED_SCALAR, 0, NULL),
    TABLE(king_danger, "KING_DANGER_NB", TUNED_LIST, 6,
          "King safety: the danger of the attack units on the king's zone (eval_score.h), taken\n"
          " * when two pieces attack it or one with the queen on the board."),
    TABLE(safe_check, "6", TUNED_LIST, 6,
          "Checks the enemy can give by a piece (of a type) from a square the king's side neither\n"
          " * holds nor attacks, each."),
    TABLE(king_defenders, "8", TUNED_LIST, 8,
          "Our pawns and minor pieces in the king's zone, by their number (7 or more: 7)."),
    TABLE(king_zone_weak, "", TUNED_SCALAR, 0,
          "zone square attacked, defended by king or queen alone"),
    TABLE(king_shelter, "32", TUNED_LIST, 8,
          "Pawn shelter: our hindmost pawn on each of the three files around the king, [the "
          "file's\n"
          " * distance from the edge][its relative rank, 0: none]."),
    TABLE(king_storm, "16", TUNED_LIST, 8,
          "Pawn storm: the enemy's foremost pawn on each of those files, [blocked by ours][its "
          "rank\n"
          " * from our side, 0: none]."),
    {0},
};

/* The counts of the evaluation under way, by weight number. */
static int16_t trace_times[TRACE_WEIGHTS_MAX];

static Score eval_trace_take(const Score *weight, Color c, int count)
{
    return tuned_trace_take(tuned_tables, trace_times, weight, c, count);
}

static bool chess_terms(const char *fen, EvalTerms *terms)
{
    Position pos;
    ParseError err;
    if (!pos_set_fen(&pos, fen, &err))
        return false;
    memset(trace_times, 0, sizeof trace_times);
    EvalTrace trace;
    terms->value = evaluate(&pos, &trace);
    terms->phase = trace.phase;
    terms->scale = trace.scale;
    tuned_terms_collect(trace_times, tuned_weight_count(&chess_tuning), terms);
    return true;
}

static int chess_halfmove_clock(const void *pos) { return ((const Position *)pos)->halfmove_clock; }

/* Checkmate loses, stalemate draws. */
static int chess_no_moves_result(const void *pos) { return pos_in_check(pos) ? 0 : 1; }

/* The fifty-move rule, or neither side can mate: kings alone, or a single knight or bishop
 * beside them. */
static bool chess_drawn(const void *position)
{
    const Position *pos = position;
    if (pos->halfmove_clock >= 100)
        return true;
    if (pos->by_type[PAWN] | pos->by_type[ROOK] | pos->by_type[QUEEN])
        return false;
    return bb_popcount(pos->by_type[KNIGHT] | pos->by_type[BISHOP]) <= 1;
}

static bool chess_noisy(const void *pos, Move move)
{
    return pos_is_capture(pos, move) || move_kind(move) == MOVE_PROMOTION;
}

static const char *const piece_names[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

const TunedGame chess_tuning = {
    .ops = &chess_game,
    .weights_file = "src/chess/eval_weights.h",
    .guard = "FLASHMATE_EVAL_WEIGHTS_H",
    .about = "chess evaluation's weights (src/chess/eval.c adds them through WEIGHT), each a",
    .tables = tuned_tables,
    .board_width = 8,
    .board_height = 8,
    .board_names = piece_names,
    .phase_max = PHASE_MAX,
    .halfmove_clock = chess_halfmove_clock,
    .no_moves_result = chess_no_moves_result,
    .drawn = chess_drawn,
    .noisy = chess_noisy,
    .terms = chess_terms,
};
