/*
 * Xiangqi evaluation, tapered between midgame and endgame by the phase: material, piece-square
 * tables, the mobility of chariots, horses and cannons, chariots on open files, and king safety
 * by attack units on the palace and by the pieces lined up with the general. Each term was kept
 * when self-play accepted it (docs/tested-changes.md); the weights, in eval_weights.h, are
 * fitted by the tuner (`flashmate-tune --variant xiangqi`, src/app/tune.c) to self-play games.
 * Every weight is added through WEIGHT (engine/score.h); the tuner compiles this file once more
 * (src/app/tune_xiangqi.c) to count them.
 */
#include "flashmate/xiangqi_search.h"

#include <assert.h>

#include "attacks.h"
#include "engine/text.h"

/* Exchange values for SEE and move ordering (soldier ... general). */
static const int16_t exchange_values[XQ_PIECE_TYPE_NB] = {
    [XQ_PAWN] = 100,   [XQ_ADVISOR] = 200, [XQ_ELEPHANT] = 200, [XQ_HORSE] = 420,
    [XQ_CANNON] = 450, [XQ_ROOK] = 950,    [XQ_KING] = 0,
};

/* The phase: 2 a chariot, 1 a horse or cannon, 16 (a midgame) at the start, 0 an endgame of
 * soldiers and defenders. */
enum { PHASE_MAX = 16 };

/* King safety: the attack units on a palace index king_danger (up to its last entry). */
enum { KING_DANGER_NB = 41 };

#include "eval_weights.h"

static int phase_of(const XqPosition *pos)
{
    int phase = 2 * xq_bb_popcount(pos->by_type[XQ_ROOK]) + xq_bb_popcount(pos->by_type[XQ_HORSE]) +
                xq_bb_popcount(pos->by_type[XQ_CANNON]);
    return phase < PHASE_MAX ? phase : PHASE_MAX;
}

/* Index into the Red-oriented tables for a piece of colour c on sq: its rank from rank 10 for
 * Red (from rank 1 for Black), its file folded onto a-e. */
static inline int pst_index(Color c, int sq)
{
    int file = xq_square_file(sq), rank = xq_square_rank(sq);
    int folded = file < XQ_FILE_NB / 2 ? file : XQ_FILE_NB - 1 - file;
    return (c == WHITE ? XQ_RANK_NB - 1 - rank : rank) * (XQ_FILE_NB / 2 + 1) + folded;
}

/* Material and squares of one side. */
static Score side_score(const XqPosition *pos, Color c)
{
    Score score = 0;
    XqBB pieces = pos->by_color[c];
    while (xq_bb_any(pieces)) {
        int sq = xq_bb_pop_lsb(&pieces);
        XqPieceType pt = xq_piece_type(pos->board[sq]);
        score += WEIGHT(piece_value[pt], c, 1) + WEIGHT(pst[pt][pst_index(c, sq)], c, 1);
    }
    return score;
}

/* King safety: every square of a side's palace that an enemy chariot, horse, cannon (over a
 * screen) or soldier reaches is worth attack units by the attacker's kind; with two attackers
 * or more the units index king_danger, with one they cost king_danger_one_attacker each; and
 * the chariots and cannons lined up with the general (a hollow cannon among them) cost by
 * king_lines(). */
enum { UNITS_ROOK = 3, UNITS_HORSE = 3, UNITS_CANNON = 2, UNITS_PAWN = 2 };

static XqBB palace_of(Color c)
{
    return c == WHITE ? xq_bb_make(UINT64_C(0xE07038), 0) : xq_bb_make(0, UINT64_C(0x70381C));
}

/* The enemy pieces lined up with side c's general, by how many pieces stand between them, read
 * layer by layer along its file and rank: a cannon on its file with nothing between (a "hollow"
 * cannon: any piece that steps in between gives check, so the general's own pieces cannot), a
 * chariot behind exactly one piece (pinned, or a discovered check ready) and a cannon behind
 * exactly two (either moving away gives check). Their cost, counted for c. */
static Score king_lines(const XqPosition *pos, Color c)
{
    int king = pos->king_square[c];
    Color them = color_flip(c);
    XqBB cannons = xq_pieces(pos, them, XQ_CANNON);
    XqBB occupied = xq_occupied(pos);
    XqBB first = xq_bb_and(xq_attacks_rook(king, occupied), occupied);
    occupied = xq_bb_andnot(occupied, first);
    XqBB second = xq_bb_and(xq_attacks_rook(king, occupied), occupied);
    occupied = xq_bb_andnot(occupied, second);
    XqBB third = xq_bb_and(xq_attacks_rook(king, occupied), occupied);

    int hollow = 0;
    XqBB first_cannons = xq_bb_and(first, cannons);
    while (xq_bb_any(first_cannons))
        hollow += xq_square_file(xq_bb_pop_lsb(&first_cannons)) == xq_square_file(king);
    int chariots = xq_bb_popcount(xq_bb_and(second, xq_pieces(pos, them, XQ_ROOK)));
    Score cost = 0;
    if (hollow)
        cost += WEIGHT(hollow_cannon, c, -hollow);
    if (chariots)
        cost += WEIGHT(chariot_behind_one, c, -chariots);
    int behind_two = xq_bb_popcount(xq_bb_and(third, cannons));
    if (behind_two)
        cost += WEIGHT(cannon_behind_two, c, -behind_two);
    return cost;
}

/* The attack on side c's palace, counted for c (a cost). */
static Score king_safety(const XqPosition *pos, Color c)
{
    Color them = color_flip(c);
    XqBB occupied = xq_occupied(pos), palace = palace_of(c);
    int units = 0, attackers = 0;
    XqBB b = xq_pieces(pos, them, XQ_ROOK);
    while (xq_bb_any(b)) {
        int hits = xq_bb_popcount(xq_bb_and(xq_attacks_rook(xq_bb_pop_lsb(&b), occupied), palace));
        units += UNITS_ROOK * hits;
        attackers += hits > 0;
    }
    b = xq_pieces(pos, them, XQ_HORSE);
    while (xq_bb_any(b)) {
        int hits = xq_bb_popcount(xq_bb_and(xq_attacks_horse(xq_bb_pop_lsb(&b), occupied), palace));
        units += UNITS_HORSE * hits;
        attackers += hits > 0;
    }
    b = xq_pieces(pos, them, XQ_CANNON);
    while (xq_bb_any(b)) {
        int hits = xq_bb_popcount(xq_bb_and(xq_cannon_hits(xq_bb_pop_lsb(&b), occupied), palace));
        units += UNITS_CANNON * hits;
        attackers += hits > 0;
    }
    b = xq_pieces(pos, them, XQ_PAWN);
    while (xq_bb_any(b)) {
        int hits = xq_bb_popcount(xq_bb_and(xq_attacks_pawn(them, xq_bb_pop_lsb(&b)), palace));
        units += UNITS_PAWN * hits;
        attackers += hits > 0;
    }
    Score cost = king_lines(pos, c);
    if (attackers >= 2)
        cost += WEIGHT(king_danger[units < KING_DANGER_NB ? units : KING_DANGER_NB - 1], c, -1);
    else if (units)
        cost += WEIGHT(king_danger_one_attacker, c, -units);
    return cost;
}

#define XQ_FILE_A xq_bb_make(UINT64_C(0x8040201008040201), UINT64_C(0x20100))

/* Mobility, and chariots on open files. */
static Score mobility(const XqPosition *pos, Color c)
{
    XqBB occupied = xq_occupied(pos), ours = pos->by_color[c];
    XqBB theirs = pos->by_color[color_flip(c)];
    Score score = 0;
    XqBB b = xq_pieces(pos, c, XQ_ROOK);
    while (xq_bb_any(b)) {
        int sq = xq_bb_pop_lsb(&b);
        int moves = xq_bb_popcount(xq_bb_andnot(xq_attacks_rook(sq, occupied), ours));
        score += WEIGHT(mobility_chariot[moves], c, 1);
        XqBB file_pawns = xq_bb_and(xq_bb_shl(XQ_FILE_A, xq_square_file(sq)),
                                    pos->by_type[XQ_PAWN]);
        if (!xq_bb_any(xq_bb_and(file_pawns, ours)))
            score += xq_bb_any(file_pawns) ? WEIGHT(chariot_half_open_file, c, 1)
                                           : WEIGHT(chariot_open_file, c, 1);
    }
    b = xq_pieces(pos, c, XQ_HORSE);
    while (xq_bb_any(b)) {
        int sq = xq_bb_pop_lsb(&b);
        int moves = xq_bb_popcount(xq_bb_andnot(xq_attacks_horse(sq, occupied), ours));
        score += WEIGHT(mobility_horse[moves], c, 1);
    }
    b = xq_pieces(pos, c, XQ_CANNON);
    while (xq_bb_any(b)) {
        int sq = xq_bb_pop_lsb(&b);
        XqBB moves = xq_bb_or(xq_bb_andnot(xq_attacks_rook(sq, occupied), occupied),
                              xq_bb_and(xq_cannon_hits(sq, occupied), theirs));
        score += WEIGHT(mobility_cannon[xq_bb_popcount(moves)], c, 1);
    }
    return score;
}

/* The terms of one side, by the rows of xq_eval_explain. */
typedef struct EvalRows {
    Score material, mobility, king, tempo;
} EvalRows;

static EvalRows side_rows(const XqPosition *pos, Color c)
{
    EvalRows rows = {side_score(pos, c), mobility(pos, c), king_safety(pos, c), 0};
    if (xq_side(pos) == c)
        rows.tempo = WEIGHT(tempo, c, 1);
    return rows;
}

static inline int blend(Score s, int phase)
{
    return (score_mg(s) * phase + score_eg(s) * (PHASE_MAX - phase)) / PHASE_MAX;
}

static inline Score rows_sum(EvalRows rows)
{
    return rows.material + rows.mobility + rows.king + rows.tempo;
}

/* The evaluation from Red's point of view (the tuner's, src/app/tune_xiangqi.c): each side's
 * terms blended by the phase, so that the eval table's rows can add up to it exactly. */
static inline int evaluate_for_red(const XqPosition *pos, int *phase)
{
    *phase = phase_of(pos);
    return blend(rows_sum(side_rows(pos, WHITE)), *phase) -
           blend(rows_sum(side_rows(pos, BLACK)), *phase);
}

#ifndef FLASHMATE_EVAL_TRACE /* the tuner's build has only evaluate_for_red() (src/app/tune_xiangqi.c) */
int xq_piece_value(XqPieceType pt)
{
    assert(pt < XQ_PIECE_TYPE_NB); /* a piece, not an empty square */
    return exchange_values[pt];
}

int xq_evaluate(const XqPosition *pos)
{
    int phase, red = evaluate_for_red(pos, &phase);
    return xq_side(pos) == WHITE ? red : -red;
}

typedef struct RowSums {
    Score red, black;
} RowSums;

/* One term row of the eval table: its name (right-aligned to the header), Red, Black, Total.
 * Each side's column shows the growth of its blended running sum, so that the rounded rows add
 * up to the blended whole. */
static void add_row(TextBuf *t, const FlashText *name, Score red_row, Score black_row,
                    RowSums *sums, int phase)
{
    RowSums before = *sums;
    sums->red += red_row;
    sums->black += black_row;
    int red = blend(sums->red, phase) - blend(before.red, phase);
    int black = blend(sums->black, phase) - blend(before.black, phase);
    text_add(t, name);
    text_add(t, FM_TEXT(" |"));
    text_add_int_width(t, red, 7);
    text_add(t, FM_TEXT(" |"));
    text_add_int_width(t, black, 7);
    text_add(t, FM_TEXT(" |"));
    text_add_int_width(t, red - black, 7);
    text_add(t, FM_TEXT(" |\n"));
}

void xq_eval_explain(const XqPosition *pos, char *buf, size_t size)
{
    EvalRows red = side_rows(pos, WHITE), black = side_rows(pos, BLACK);
    RowSums sums = {0, 0};
    int phase = phase_of(pos);
    TextBuf t = text_buf(buf, size);
    text_add(&t, FM_TEXT("                term |    Red |  Black |  Total |\n"));
    add_row(&t, FM_TEXT("material and squares"), red.material, black.material, &sums, phase);
    add_row(&t, FM_TEXT(" mobility, open file"), red.mobility, black.mobility, &sums, phase);
    add_row(&t, FM_TEXT("         king safety"), red.king, black.king, &sums, phase);
    add_row(&t, FM_TEXT("               tempo"), red.tempo, black.tempo, &sums, phase);
    text_add(&t, FM_TEXT("result: ")); /* evaluate_for_red()'s, from the rows' sums */
    text_add_int(&t, blend(sums.red, phase) - blend(sums.black, phase));
    text_add(&t, FM_TEXT(" for Red; phase "));
    text_add_int(&t, phase);
    text_add(&t, FM_TEXT(" of "));
    text_add_int(&t, PHASE_MAX);
    text_add(&t, FM_TEXT(" (the midgame's share)\n"));
}
#endif
