/*
 * Xiangqi evaluation: material, piece-square tables, the mobility of chariots, horses and
 * cannons, and king safety by attack units on the palace and by hollow cannons. The values are
 * this engine's own choices, each term kept when self-play accepted it (docs/tested-changes.md):
 * a chariot is worth about two horses, a soldier doubles in value once across the river and is
 * best near the enemy palace, horses like the centre and the squares in front of the enemy
 * palace, cannons the central file and their own back ranks.
 */
#include "flashmate/xiangqi_search.h"

#include <assert.h>

#include "attacks.h"
#include "engine/text.h"

static const int16_t piece_values[XQ_PIECE_TYPE_NB] = {
    [XQ_PAWN] = 100,   [XQ_ADVISOR] = 200, [XQ_ELEPHANT] = 200, [XQ_HORSE] = 420,
    [XQ_CANNON] = 450, [XQ_ROOK] = 950,    [XQ_KING] = 0,
};

/*
 * Piece-square bonuses as Red sees the board: the first row is rank 10 (Black's back rank), the
 * last row rank 1. A Black piece reads the table with ranks mirrored.
 */
/* clang-format off */
static const int8_t pst[XQ_PIECE_TYPE_NB][XQ_SQUARE_NB] = {
    [XQ_PAWN] = {
         0,   3,   6,   9,  12,   9,   6,   3,   0,
        18,  36,  56,  80, 110,  80,  56,  36,  18,
        14,  26,  42,  60,  80,  60,  42,  26,  14,
        10,  20,  30,  34,  40,  34,  30,  20,  10,
         6,  12,  18,  18,  20,  18,  18,  12,   6,
         2,   0,   8,   0,   8,   0,   8,   0,   2,
         0,   0,  -2,   0,   4,   0,  -2,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
    },
    [XQ_ADVISOR] = {
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   6,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
    },
    [XQ_ELEPHANT] = {
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,  -4,   0,   0,   0,  -4,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
        -2,   0,   0,   0,   6,   0,   0,   0,  -2,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
    },
    [XQ_HORSE] = {
         4,   8,  16,  12,   4,  12,  16,   8,   4,
         4,  10,  28,  16,   8,  16,  28,  10,   4,
        12,  14,  16,  20,  18,  20,  16,  14,  12,
         8,  24,  18,  24,  20,  24,  18,  24,   8,
         6,  16,  14,  18,  16,  18,  14,  16,   6,
         4,  12,  16,  14,  12,  14,  16,  12,   4,
         2,   6,   8,   6,  10,   6,   8,   6,   2,
         4,   2,   8,   8,   4,   8,   8,   2,   4,
         0,   2,   4,   4,  -2,   4,   4,   2,   0,
         0,  -4,   0,   0,   0,   0,   0,  -4,   0,
    },
    [XQ_CANNON] = {
         6,   4,   0, -10, -12, -10,   0,   4,   6,
         2,   2,   0,  -4, -14,  -4,   0,   2,   2,
         2,   2,   0, -10,  -8, -10,   0,   2,   2,
         0,   0,  -2,   4,  10,   4,  -2,   0,   0,
         0,   0,   0,   2,   8,   2,   0,   0,   0,
        -2,   0,   4,   2,   6,   2,   4,   0,  -2,
         0,   0,   0,   2,   4,   2,   0,   0,   0,
         4,   0,   8,   6,  10,   6,   8,   0,   4,
         0,   2,   4,   6,   6,   6,   4,   2,   0,
         0,   0,   2,   6,   6,   6,   2,   0,   0,
    },
    [XQ_ROOK] = {
        14,  14,  12,  18,  16,  18,  12,  14,  14,
        16,  20,  18,  24,  26,  24,  18,  20,  16,
        12,  12,  12,  18,  18,  18,  12,  12,  12,
        12,  18,  16,  22,  22,  22,  16,  18,  12,
        12,  14,  12,  18,  18,  18,  12,  14,  12,
        12,  16,  14,  20,  20,  20,  14,  16,  12,
         6,  10,   8,  14,  14,  14,   8,  10,   6,
         4,   8,   6,  14,  12,  14,   6,   8,   4,
         8,   4,   8,  16,   8,  16,   8,   4,   8,
        -2,  10,   6,  14,  12,  14,   6,  10,  -2,
    },
    [XQ_KING] = {
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0,   0,   0,   0,   0,   0,   0,
         0,   0,   0, -12, -16, -12,   0,   0,   0,
         0,   0,   0,  -6,  -8,  -6,   0,   0,   0,
         0,   0,   0,   2,   6,   2,   0,   0,   0,
    },
};
/* clang-format on */

enum { TEMPO = 10 };

/* Cannons need screens and horses room: a cannon is worth CANNON_HORSE_SHIFT more than its
 * material with the board full of chariots, horses and cannons (the phase: 2 a chariot, 1 a
 * horse or cannon, 16 at the start) and as much less with none, a horse the other way round. */
enum { PHASE_MAX = 16, CANNON_HORSE_SHIFT = 30 };

static int phase_of(const XqPosition *pos)
{
    int phase = 2 * xq_bb_popcount(pos->by_type[XQ_ROOK]) + xq_bb_popcount(pos->by_type[XQ_HORSE]) +
                xq_bb_popcount(pos->by_type[XQ_CANNON]);
    return phase < PHASE_MAX ? phase : PHASE_MAX;
}

static int cannons_and_horses(const XqPosition *pos, Color c, int phase)
{
    int shift = CANNON_HORSE_SHIFT * (2 * phase - PHASE_MAX) / PHASE_MAX;
    return shift * (xq_bb_popcount(xq_pieces(pos, c, XQ_CANNON)) -
                    xq_bb_popcount(xq_pieces(pos, c, XQ_HORSE)));
}

/* Mobility, per square reached that no piece of its own side holds: chariots, horses (their
 * legs free) and cannons (quiet moves and captures over a screen). */
enum { MOBILITY_ROOK = 3, MOBILITY_HORSE = 5, MOBILITY_CANNON = 2 };

int xq_piece_value(XqPieceType pt)
{
    assert(pt < XQ_PIECE_TYPE_NB); /* a piece, not an empty square */
    return piece_values[pt];
}

/* Index into the Red-oriented tables for a piece of colour c on sq. */
static inline int pst_index(Color c, int sq)
{
    int file = xq_square_file(sq), rank = xq_square_rank(sq);
    return (c == WHITE ? XQ_RANK_NB - 1 - rank : rank) * XQ_FILE_NB + file;
}

/* Material and squares of one side. */
static int side_score(const XqPosition *pos, Color c)
{
    int score = 0;
    XqBB pieces = pos->by_color[c];
    while (xq_bb_any(pieces)) {
        int sq = xq_bb_pop_lsb(&pieces);
        XqPieceType pt = xq_piece_type(pos->board[sq]);
        score += piece_values[pt] + pst[pt][pst_index(c, sq)];
    }
    return score;
}

/* King safety: every square of a side's palace that an enemy chariot, horse, cannon (over a
 * screen) or soldier reaches is worth attack units by the attacker's kind; with two attackers
 * or more the units cost their square (units^2 / 4, at most 400 cp), with one only themselves;
 * and the chariots and cannons lined up with the general (a hollow cannon among them) cost by
 * king_lines(). */
enum { UNITS_ROOK = 3, UNITS_HORSE = 3, UNITS_CANNON = 2, UNITS_PAWN = 2, KING_DANGER_MAX = 400 };

static XqBB palace_of(Color c)
{
    return c == WHITE ? xq_bb_make(UINT64_C(0xE07038), 0) : xq_bb_make(0, UINT64_C(0x70381C));
}

/* The enemy pieces lined up with the general, by how many pieces stand between them, read
 * layer by layer along its file and rank: a cannon on its file with nothing between (a "hollow"
 * cannon: any piece that steps in between gives check, so the general's own pieces cannot), a
 * chariot behind exactly one piece (pinned, or a discovered check ready) and a cannon behind
 * exactly two (either moving away gives check). */
enum { HOLLOW_CANNON = 60, CHARIOT_BEHIND_ONE = 25, CANNON_BEHIND_TWO = 25 };

static int king_lines(const XqPosition *pos, Color c)
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

    int cost = 0;
    XqBB hollow = xq_bb_and(first, cannons);
    while (xq_bb_any(hollow))
        cost += xq_square_file(xq_bb_pop_lsb(&hollow)) == xq_square_file(king) ? HOLLOW_CANNON : 0;
    return cost +
           CHARIOT_BEHIND_ONE * xq_bb_popcount(xq_bb_and(second, xq_pieces(pos, them, XQ_ROOK))) +
           CANNON_BEHIND_TWO * xq_bb_popcount(xq_bb_and(third, cannons));
}

static int king_danger(const XqPosition *pos, Color c)
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
    int danger = units;
    if (attackers >= 2) {
        danger = units * units / 4;
        danger = danger < KING_DANGER_MAX ? danger : KING_DANGER_MAX;
    }
    return danger + king_lines(pos, c);
}

/* A chariot on a file without soldiers of its own side: more on one without any. */
enum { ROOK_OPEN_FILE = 20, ROOK_HALF_OPEN_FILE = 10 };
#define XQ_FILE_A xq_bb_make(UINT64_C(0x8040201008040201), UINT64_C(0x20100))

/* Mobility, and chariots on open files. */
static int mobility(const XqPosition *pos, Color c)
{
    XqBB occupied = xq_occupied(pos), ours = pos->by_color[c];
    XqBB theirs = pos->by_color[color_flip(c)];
    int score = 0;
    XqBB b = xq_pieces(pos, c, XQ_ROOK);
    while (xq_bb_any(b)) {
        int sq = xq_bb_pop_lsb(&b);
        score += MOBILITY_ROOK * xq_bb_popcount(xq_bb_andnot(xq_attacks_rook(sq, occupied), ours));
        XqBB file_pawns = xq_bb_and(xq_bb_shl(XQ_FILE_A, xq_square_file(sq)),
                                    pos->by_type[XQ_PAWN]);
        if (!xq_bb_any(xq_bb_and(file_pawns, ours)))
            score += xq_bb_any(file_pawns) ? ROOK_HALF_OPEN_FILE : ROOK_OPEN_FILE;
    }
    b = xq_pieces(pos, c, XQ_HORSE);
    while (xq_bb_any(b)) {
        int sq = xq_bb_pop_lsb(&b);
        score += MOBILITY_HORSE *
                 xq_bb_popcount(xq_bb_andnot(xq_attacks_horse(sq, occupied), ours));
    }
    b = xq_pieces(pos, c, XQ_CANNON);
    while (xq_bb_any(b)) {
        int sq = xq_bb_pop_lsb(&b);
        XqBB moves = xq_bb_or(xq_bb_andnot(xq_attacks_rook(sq, occupied), occupied),
                              xq_bb_and(xq_cannon_hits(sq, occupied), theirs));
        score += MOBILITY_CANNON * xq_bb_popcount(moves);
    }
    return score;
}

int xq_evaluate(const XqPosition *pos)
{
    Color us = xq_side(pos), them = color_flip(us);
    int phase = phase_of(pos);
    return side_score(pos, us) - side_score(pos, them) + cannons_and_horses(pos, us, phase) -
           cannons_and_horses(pos, them, phase) + mobility(pos, us) - mobility(pos, them) -
           king_danger(pos, us) + king_danger(pos, them) + TEMPO;
}

/* One term row of the eval table: its name (right-aligned to the header), Red, Black, Total. */
static void add_row(TextBuf *t, const FlashText *name, int red, int black)
{
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
    int red = side_score(pos, WHITE), black = side_score(pos, BLACK);
    int phase = phase_of(pos);
    int red_pieces = cannons_and_horses(pos, WHITE, phase);
    int black_pieces = cannons_and_horses(pos, BLACK, phase);
    int red_mobility = mobility(pos, WHITE), black_mobility = mobility(pos, BLACK);
    int red_king = -king_danger(pos, WHITE), black_king = -king_danger(pos, BLACK);
    int red_tempo = xq_side(pos) == WHITE ? TEMPO : 0, black_tempo = TEMPO - red_tempo;
    TextBuf t = text_buf(buf, size);
    text_add(&t, FM_TEXT("                term |    Red |  Black |  Total |\n"));
    add_row(&t, FM_TEXT("material and squares"), red, black);
    add_row(&t, FM_TEXT("cannon/horse (phase)"), red_pieces, black_pieces);
    add_row(&t, FM_TEXT(" mobility, open file"), red_mobility, black_mobility);
    add_row(&t, FM_TEXT("         king safety"), red_king, black_king);
    add_row(&t, FM_TEXT("               tempo"), red_tempo, black_tempo);
    text_add(&t, FM_TEXT("result: "));
    text_add_int(&t, red + red_pieces + red_mobility + red_king + red_tempo - black - black_pieces -
                         black_mobility - black_king - black_tempo);
    text_add(&t, FM_TEXT(" for Red\n"));
}
