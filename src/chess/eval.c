/*
 * Static evaluation: tapered midgame/endgame material and piece-square tables, mobility from the
 * attack tables, pawn structure, king safety and a few piece terms. The weights live in
 * eval_weights.h, which the tuner writes (src/app/tune.c). The result is in centipawns from the
 * side to move's point of view.
 *
 * Every weight is added through WEIGHT (engine/score.h); the tuner compiles this file once more
 * (src/app/tune_chess.c) to count them.
 */
#include "eval.h"

#include "attacks.h"
#include "engine/text.h"
#include "eval_weights.h"

/* What one side's evaluation needs to know about the board. */
typedef struct EvalSide {
    Bitboard pawn_attacks;               /* squares attacked by this side's pawns */
    Bitboard pawn_attack_span;           /* squares its pawns attack now or after advancing */
    Bitboard attacks;                    /* squares attacked by any piece of this side */
    Bitboard attacked_by[PIECE_TYPE_NB]; /* squares attacked by this side's pieces of a type */
    Bitboard king_zone;                  /* squares around this side's king */
    int king_attack_units;               /* weight of enemy attacks on that zone */
    int king_attackers;
} EvalSide;

static inline int pst_index(Color c, int sq) { return c == WHITE ? sq ^ 56 : sq; }

#define DARK_SQUARES ((Bitboard)0xaa55aa55aa55aa55u) /* a1, c1, ..., b2, ... */

static Score material_and_squares(const Position *pos, Color c, int *phase)
{
    Score s = 0;
    for (int pt = PAWN; pt <= KING; pt++) {
        Bitboard b = pos_pieces(pos, c, (PieceType)pt);
        *phase += phase_weight[pt] * bb_popcount(b);
        while (b) {
            int i = pst_index(c, bb_pop_lsb(&b));
            s += WEIGHT(piece_value[pt], c, 1) + WEIGHT(pst[pt][i], c, 1);
        }
    }
    return s;
}

static inline Bitboard forward_ranks(Color c, int sq)
{
    int rank = square_rank(sq);
    return c == WHITE ? (rank == 7 ? 0 : ~(Bitboard)0 << (8 * (rank + 1)))
                      : (rank == 0 ? 0 : ~(Bitboard)0 >> (8 * (8 - rank)));
}

static inline Bitboard adjacent_files(int sq)
{
    Bitboard f = bb_file(square_file(sq));
    return bb_east(f) | bb_west(f);
}

/* The squares of b and every square ahead of them, from c's side. */
static inline Bitboard fill_forward(Color c, Bitboard b)
{
    if (c == WHITE) {
        b |= b << 8;
        b |= b << 16;
        b |= b << 32;
    } else {
        b |= b >> 8;
        b |= b >> 16;
        b |= b >> 32;
    }
    return b;
}

#define CENTER_SQUARES ((Bitboard)0x0000001818000000u) /* d4, e4, d5, e5 */

/* The pawn terms that depend on the pawns alone (the pawn cache keeps them); the passed pawns
 * found are added to *passed. */
static Score pawn_structure(const Position *pos, Color c, const EvalSide *sides, Bitboard *passed)
{
    Color them = color_flip(c);
    Bitboard ours = pos_pieces(pos, c, PAWN), theirs = pos_pieces(pos, them, PAWN);
    Bitboard b = ours;
    Score s = 0;
    while (b) {
        int sq = bb_pop_lsb(&b);
        Bitboard file = bb_file(square_file(sq)), neighbours = adjacent_files(sq);
        Bitboard ahead = forward_ranks(c, sq);
        int rank = rank_relative(c, square_rank(sq));

        if (ours & file & ahead)
            s += WEIGHT(pawn_doubled, c, 1);
        if (!(ours & neighbours))
            s += WEIGHT(pawn_isolated, c, 1);
        else if (!(ours & neighbours & ~ahead) &&
                 (sides[them].pawn_attacks & bb_forward(c, bb_square(sq))))
            s += WEIGHT(pawn_backward, c,
                        1); /* no pawn beside or behind, and its stop square is attacked */
        if ((sides[c].pawn_attacks & bb_square(sq)) ||
            (ours & neighbours & bb_rank(square_rank(sq))))
            s += WEIGHT(pawn_connected[rank], c, 1);

        if (!(theirs & (file | neighbours) & ahead)) {
            s += WEIGHT(passed_pawn[rank], c, 1);
            *passed |= bb_square(sq);
        }
    }
    return s;
}

/* The passed pawns' terms that depend on the other pieces: a free path, the kings' distances,
 * a safe stop square, a rook behind. */
static Score passed_pawns(const Position *pos, Color c, const EvalSide *sides, Bitboard passed)
{
    Color them = color_flip(c);
    Bitboard b = passed & pos->by_color[c];
    Score s = 0;
    while (b) {
        int sq = bb_pop_lsb(&b);
        Bitboard file = bb_file(square_file(sq)), ahead = forward_ranks(c, sq);
        int rank = rank_relative(c, square_rank(sq));
        if (rank > 2 && !(pos_occupied(pos) & file & ahead))
            s += WEIGHT(passed_pawn_free_path, c, rank - 2);
        if (rank > 2) {
            int stop = c == WHITE ? sq + 8 : sq - 8;
            int their_king = pos->king_square[them], our_king = pos->king_square[c];
            int d_them = square_distance(their_king, stop), d_us = square_distance(our_king, stop);
            s += WEIGHT(passed_king_distance, c, (d_them - d_us) * (rank - 2));
            /* The stop square empty and not attacked by the enemy. */
            if (!(pos_occupied(pos) & bb_square(stop)) && !(sides[them].attacks & bb_square(stop)))
                s += WEIGHT(passed_safe_push[rank], c, 1);
        }
        /* An own rook behind the passed pawn on its file. */
        if (pos_pieces(pos, c, ROOK) & file & ~ahead & ~bb_square(sq))
            s += WEIGHT(passed_rook_behind, c, 1);
    }
    return s;
}

/* The pawn cache: pawn_structure's result for both sides (White's minus Black's) and the passed
 * pawns, by the two pawn sets, which the entry keeps whole (no key collisions). Each thread has
 * its own; the boards have none (FLASHMATE_PAWN_CACHE_ENTRIES=0, RAM), nor the tuner's build,
 * which must see every weight added. An all-zero entry is right: the position without pawns. */
#ifndef FLASHMATE_PAWN_CACHE_ENTRIES
#define FLASHMATE_PAWN_CACHE_ENTRIES 8192 /* 256 KB */
#endif
#if FLASHMATE_PAWN_CACHE_ENTRIES > 0 && !defined(FLASHMATE_EVAL_TRACE)
#define PAWN_CACHE 1
_Static_assert((FLASHMATE_PAWN_CACHE_ENTRIES & (FLASHMATE_PAWN_CACHE_ENTRIES - 1)) == 0,
               "FLASHMATE_PAWN_CACHE_ENTRIES must be a power of two");
typedef struct PawnEntry {
    Bitboard white_pawns, black_pawns;
    Bitboard passed;
    Score score;
} PawnEntry;
static _Thread_local PawnEntry pawn_cache[FLASHMATE_PAWN_CACHE_ENTRIES];

static inline PawnEntry *pawn_cache_entry(Bitboard white_pawns, Bitboard black_pawns)
{
    uint64_t h = white_pawns * UINT64_C(0x9E3779B97F4A7C15) ^
                 black_pawns * UINT64_C(0xC2B2AE3D27D4EB4F);
    return &pawn_cache[(h >> 40) & (FLASHMATE_PAWN_CACHE_ENTRIES - 1)];
}

/* The pawn terms for White minus Black, the pawns' own part from the cache. */
static Score cached_pawn_terms(const Position *pos, const EvalSide *sides)
{
    Bitboard white_pawns = pos_pieces(pos, WHITE, PAWN), black_pawns = pos_pieces(pos, BLACK, PAWN);
    PawnEntry *entry = pawn_cache_entry(white_pawns, black_pawns);
    if (entry->white_pawns != white_pawns || entry->black_pawns != black_pawns) {
        Bitboard passed = 0;
        entry->score = pawn_structure(pos, WHITE, sides, &passed) -
                       pawn_structure(pos, BLACK, sides, &passed);
        entry->white_pawns = white_pawns;
        entry->black_pawns = black_pawns;
        entry->passed = passed;
    }
    return entry->score + passed_pawns(pos, WHITE, sides, entry->passed) -
           passed_pawns(pos, BLACK, sides, entry->passed);
}
#else
#define PAWN_CACHE 0
static Score cached_pawn_terms(const Position *pos, const EvalSide *sides)
{
    (void)pos;
    (void)sides;
    return 0; /* never called */
}
#endif

static Score pieces_and_mobility(const Position *pos, Color c, EvalSide *sides)
{
    Color them = color_flip(c);
    Bitboard occupied = pos_occupied(pos);
    Bitboard our_pawns = pos_pieces(pos, c, PAWN), their_pawns = pos_pieces(pos, them, PAWN);
    Bitboard area = ~(our_pawns | pos_pieces(pos, c, KING) | sides[them].pawn_attacks);
    EvalSide *enemy = &sides[them];
    Score s = 0;

    for (int pt = KNIGHT; pt <= QUEEN; pt++) {
        Bitboard b = pos_pieces(pos, c, (PieceType)pt);
        while (b) {
            int sq = bb_pop_lsb(&b);
            Bitboard attacks = attacks_piece((PieceType)pt, sq, occupied);
            int mobility = bb_popcount(attacks & area);
            sides[c].attacks |= attacks;
            sides[c].attacked_by[pt] |= attacks;
            if (pt == KNIGHT || pt == BISHOP) {
                int minor = pt == BISHOP;
                int rank = rank_relative(c, square_rank(sq));
                /* An outpost: on ranks 4-6, defended by a pawn, out of the enemy pawns' reach. */
                if (rank >= 3 && rank <= 5 && (sides[c].pawn_attacks & bb_square(sq)) &&
                    !(enemy->pawn_attack_span & bb_square(sq)))
                    s += WEIGHT(outpost[minor], c, 1);
                if (bb_forward(c, bb_square(sq)) & pos->by_type[PAWN])
                    s += WEIGHT(minor_behind_pawn, c, 1);
                s += WEIGHT(minor_king_distance, c, square_distance(sq, pos->king_square[c]));
            }
            switch (pt) {
            case KNIGHT: s += WEIGHT(mobility_knight[mobility], c, 1); break;
            case BISHOP: {
                Bitboard colour = (bb_square(sq) & DARK_SQUARES) ? DARK_SQUARES : ~DARK_SQUARES;
                s += WEIGHT(mobility_bishop[mobility], c, 1);
                s += WEIGHT(bishop_pawns_on_colour, c, bb_popcount(our_pawns & colour));
                /* On a long diagonal, seeing both centre squares over the pieces. */
                if (bb_more_than_one(attacks_bishop(sq, pos->by_type[PAWN]) & CENTER_SQUARES))
                    s += WEIGHT(bishop_long_diagonal, c, 1);
                break;
            }
            case ROOK: {
                Bitboard file = bb_file(square_file(sq));
                s += WEIGHT(mobility_rook[mobility], c, 1);
                if (!(file & (our_pawns | their_pawns)))
                    s += WEIGHT(rook_open_file, c, 1);
                else if (!(file & our_pawns))
                    s += WEIGHT(rook_semi_open_file, c, 1);
                /* On the seventh rank with the enemy king on the eighth or pawns on the seventh. */
                if (rank_relative(c, square_rank(sq)) == 6 &&
                    (rank_relative(c, square_rank(pos->king_square[them])) == 7 ||
                     (their_pawns & bb_rank(square_rank(sq)))))
                    s += WEIGHT(rook_on_seventh, c, 1);
                break;
            }
            default: s += WEIGHT(mobility_queen[mobility], c, 1); break;
            }
            if (attacks & enemy->king_zone) {
                enemy->king_attackers++;
                enemy->king_attack_units += king_attack_weight[pt] *
                                            bb_popcount(attacks & enemy->king_zone);
            }
        }
    }
    if (bb_more_than_one(pos_pieces(pos, c, BISHOP)))
        s += WEIGHT(bishop_pair, c, 1);
    return s;
}

/* The relative rank (from c's side) of the piece of b nearest to c's first rank, 0 if none. */
static inline int nearest_rank(Color c, Bitboard b)
{
    if (!b)
        return 0;
    return c == WHITE ? square_rank(bb_lsb(b)) : 7 - square_rank(bb_msb(b));
}

static Score king_safety(const Position *pos, Color c, const EvalSide *sides)
{
    const EvalSide *me = &sides[c];
    int king = pos->king_square[c];
    Bitboard pawns = pos_pieces(pos, c, PAWN);
    Score s = 0;
    /* Shelter and storm on the three files around the king (the b- to g-file's, so that a
     * king on the edge is judged on three files too): our own hindmost pawn on each file on or
     * ahead of the king's rank, by the file's distance from the edge and its rank (0: none),
     * and the enemy's foremost one there, by its rank from our side, blocked when it stands
     * right in front of ours. */
    Color enemy_colour = color_flip(c);
    Bitboard in_front = ~fill_forward(enemy_colour, bb_rank(square_rank(king))) |
                        bb_rank(square_rank(king));
    Bitboard our_front = pawns & in_front;
    Bitboard their_front = pos_pieces(pos, enemy_colour, PAWN) & in_front;
    int centre = square_file(king) < 1 ? 1 : square_file(king) > 6 ? 6 : square_file(king);
    for (int f = centre - 1; f <= centre + 1; f++) {
        Bitboard ours = our_front & bb_file(f), theirs = their_front & bb_file(f);
        int our_rank = nearest_rank(c, ours), their_rank = nearest_rank(c, theirs);
        int edge = f < 4 ? f : 7 - f;
        s += WEIGHT(king_shelter[edge * 8 + our_rank], c, 1);
        bool blocked = our_rank && our_rank == their_rank - 1;
        s += WEIGHT(king_storm[blocked * 8 + their_rank], c, 1);
    }
    /* Checks the enemy can give from squares we do not hold or attack. */
    Color them = color_flip(c);
    const EvalSide *enemy = &sides[them];
    Bitboard safe = ~pos->by_color[them] & ~me->attacks;
    Bitboard rook_lines = attacks_rook(king, pos_occupied(pos));
    Bitboard bishop_lines = attacks_bishop(king, pos_occupied(pos));
    s += WEIGHT(safe_check[KNIGHT], c,
                -bb_popcount(attacks_knight(king) & enemy->attacked_by[KNIGHT] & safe));
    s += WEIGHT(safe_check[BISHOP], c,
                -bb_popcount(bishop_lines & enemy->attacked_by[BISHOP] & safe));
    s += WEIGHT(safe_check[ROOK], c, -bb_popcount(rook_lines & enemy->attacked_by[ROOK] & safe));
    s += WEIGHT(safe_check[QUEEN], c,
                -bb_popcount((rook_lines | bishop_lines) & enemy->attacked_by[QUEEN] & safe));
    if (me->king_attackers >= 2 ||
        (me->king_attackers == 1 && pos_pieces(pos, color_flip(c), QUEEN))) {
        int units = me->king_attack_units;
        s += WEIGHT(king_danger[units < KING_DANGER_NB - 1 ? units : KING_DANGER_NB - 1], c, -1);
    }
    /* Our pawns and minor pieces in the king's zone. */
    int defenders = bb_popcount(me->king_zone &
                                (pawns | pos_pieces(pos, c, KNIGHT) | pos_pieces(pos, c, BISHOP)));
    s += WEIGHT(king_defenders[defenders < 7 ? defenders : 7], c, 1);
    /* Squares of the king's zone the enemy attacks and only our king or queen defends. */
    if (me->king_attackers) {
        Bitboard defended = me->attacked_by[PAWN] | me->attacked_by[KNIGHT] |
                            me->attacked_by[BISHOP] | me->attacked_by[ROOK];
        s += WEIGHT(king_zone_weak, c, bb_popcount(me->king_zone & enemy->attacks & ~defended));
    }
    return s;
}

static Score threats(const Position *pos, Color c, const EvalSide *sides)
{
    Color them = color_flip(c);
    const EvalSide *me = &sides[c];
    Bitboard their_pieces = pos->by_color[them] & ~pos->by_type[PAWN] & ~pos->by_type[KING];
    Bitboard minors = me->attacked_by[KNIGHT] | me->attacked_by[BISHOP];
    Score s = 0;
    for (int pt = PAWN; pt <= QUEEN; pt++) {
        Bitboard victims = pos_pieces(pos, them, (PieceType)pt);
        s += WEIGHT(threat_by_pawn[pt], c, bb_popcount(victims & me->pawn_attacks));
        s += WEIGHT(threat_by_minor[pt], c, bb_popcount(victims & minors));
        s += WEIGHT(threat_by_rook[pt], c, bb_popcount(victims & me->attacked_by[ROOK]));
    }
    Bitboard defended = sides[them].attacks | sides[them].pawn_attacks;
    s += WEIGHT(hanging_piece, c, bb_popcount(their_pieces & sides[c].attacks & ~defended));
    s += WEIGHT(threat_by_queen, c, bb_popcount(their_pieces & me->attacked_by[QUEEN] & ~defended));

    /* Pieces our pawns would attack after a safe single push (onto an empty square that no
     * enemy pawn attacks, and that we defend or they do not attack). */
    Bitboard occupied = pos_occupied(pos), empty = ~occupied;
    Bitboard pushed = bb_forward(c, pos_pieces(pos, c, PAWN)) & empty;
    pushed |= bb_forward(c, pushed & bb_rank(c == WHITE ? 2 : 5)) & empty;
    pushed &= ~sides[them].pawn_attacks & (me->attacks | ~sides[them].attacks);
    s += WEIGHT(threat_pawn_push, c, bb_popcount(attacks_pawns_set(c, pushed) & their_pieces));

    /* Their queen on a line with one of our bishops or rooks, one piece between: a pin or a
     * discovered attack. */
    Bitboard queens = pos_pieces(pos, them, QUEEN);
    while (queens) {
        int sq = bb_pop_lsb(&queens);
        Bitboard rook_lines = attacks_rook(sq, occupied);
        Bitboard bishop_lines = attacks_bishop(sq, occupied);
        Bitboard rook_xray = attacks_rook(sq, occupied & ~rook_lines) & ~rook_lines;
        Bitboard bishop_xray = attacks_bishop(sq, occupied & ~bishop_lines) & ~bishop_lines;
        int sliders = bb_popcount((rook_xray & pos_pieces(pos, c, ROOK)) |
                                  (bishop_xray & pos_pieces(pos, c, BISHOP)));
        s += WEIGHT(queen_xrayed, c, sliders);
    }
    return s;
}

/* Space: the safe squares of the centre files on our side's second to fourth ranks (those
 * behind our pawns counted twice), by the number of our pieces that could use them. */
static Score space(const Position *pos, Color c, const EvalSide *sides)
{
    Color them = color_flip(c);
    Bitboard centre_files = bb_file(2) | bb_file(3) | bb_file(4) | bb_file(5);
    Bitboard area = centre_files & (c == WHITE ? bb_rank(1) | bb_rank(2) | bb_rank(3)
                                               : bb_rank(4) | bb_rank(5) | bb_rank(6));
    Bitboard ours = pos_pieces(pos, c, PAWN);
    Bitboard safe = area & ~ours & ~sides[them].pawn_attacks;
    Bitboard behind = ours;
    behind |= c == WHITE ? behind >> 8 : behind << 8;
    behind |= c == WHITE ? behind >> 16 : behind << 16;
    int squares = bb_popcount(safe) + bb_popcount(safe & behind & ~sides[them].attacks);
    int pieces = bb_popcount(pos->by_color[c] & ~pos->by_type[PAWN]);
    return WEIGHT(space_per_piece, c, squares * pieces / 8);
}

/* Scale down endgames where the stronger side has no pawns and too little extra material. */
static int endgame_scale(const Position *pos, int eg)
{
    Color strong = eg > 0 ? WHITE : BLACK;
    if (pos_pieces(pos, strong, PAWN)) {
        /* Bishops of opposite colours and pawns alone: hard to win. */
        Bitboard bishops = pos->by_type[BISHOP];
        if (!(pos->by_type[KNIGHT] | pos->by_type[ROOK] | pos->by_type[QUEEN]) &&
            bb_popcount(pos_pieces(pos, WHITE, BISHOP)) == 1 &&
            bb_popcount(pos_pieces(pos, BLACK, BISHOP)) == 1 && (bishops & DARK_SQUARES) &&
            (bishops & ~DARK_SQUARES))
            return 32;
        return 64;
    }
    int material[2];
    for (int c = WHITE; c <= BLACK; c++)
        material[c] = see_value[KNIGHT] * bb_popcount(pos_pieces(pos, (Color)c, KNIGHT)) +
                      see_value[BISHOP] * bb_popcount(pos_pieces(pos, (Color)c, BISHOP)) +
                      see_value[ROOK] * bb_popcount(pos_pieces(pos, (Color)c, ROOK)) +
                      see_value[QUEEN] * bb_popcount(pos_pieces(pos, (Color)c, QUEEN));
    int diff = material[strong] - material[color_flip(strong)];
    if (diff <= see_value[BISHOP])
        return material[strong] <= see_value[BISHOP] ? 0 : 12;
    return 64;
}

/* The terms of the evaluation as `eval` shows them (eval_explain), each per side. */
enum {
    TERM_MATERIAL,
    TERM_PIECES,
    TERM_PAWNS,
    TERM_KING,
    TERM_THREATS,
    TERM_SPACE,
    TERM_TEMPO,
    TERM_NB
};
static FM_FLASH char term_names[TERM_NB][9] = {"material", "pieces", "pawns", "king",
                                               "threats",  "space",  "tempo"};

typedef struct EvalTrace {
    Score terms[TERM_NB][COLOR_NB];
    int phase, scale;
} EvalTrace;

/* A term's contribution for White, recorded per side when there is a trace. */
static inline Score term(EvalTrace *trace, int which, Score white, Score black)
{
    if (trace) {
        trace->terms[which][WHITE] = white;
        trace->terms[which][BLACK] = black;
    }
    return white - black;
}

/* The evaluation from White's point of view. The hot path calls it without a trace, which the
 * compiler removes. */
static inline __attribute__((always_inline)) int evaluate(const Position *pos, EvalTrace *trace)
{
    EvalSide sides[COLOR_NB];
    int phase = 0;
    Score white = material_and_squares(pos, WHITE, &phase);
    Score black = material_and_squares(pos, BLACK, &phase);
    Score s = term(trace, TERM_MATERIAL, white, black);

    for (int c = WHITE; c <= BLACK; c++) {
        int king = pos->king_square[c];
        sides[c].pawn_attacks = attacks_pawns_set((Color)c, pos_pieces(pos, (Color)c, PAWN));
        sides[c].attacks = sides[c].pawn_attacks | attacks_king(king);
        sides[c].king_zone = attacks_king(king) | bb_forward((Color)c, attacks_king(king));
        sides[c].king_attack_units = 0;
        for (int pt = PAWN; pt <= KING; pt++)
            sides[c].attacked_by[pt] = 0;
        sides[c].attacked_by[PAWN] = sides[c].pawn_attacks;
        sides[c].pawn_attack_span = attacks_pawns_set(
            (Color)c, fill_forward((Color)c, pos_pieces(pos, (Color)c, PAWN)));
        sides[c].attacked_by[KING] = attacks_king(king);
        sides[c].king_attackers = 0;
    }
    white = pieces_and_mobility(pos, WHITE, sides);
    black = pieces_and_mobility(pos, BLACK, sides);
    s += term(trace, TERM_PIECES, white, black);
    /* The pawn terms, from the pawn cache unless each side's part is wanted (`eval`). */
    if (PAWN_CACHE && !trace) {
        s += cached_pawn_terms(pos, sides);
    } else {
        Bitboard passed = 0;
        Score white_pawn_terms = pawn_structure(pos, WHITE, sides, &passed);
        Score black_pawn_terms = pawn_structure(pos, BLACK, sides, &passed);
        s += term(trace, TERM_PAWNS, white_pawn_terms + passed_pawns(pos, WHITE, sides, passed),
                  black_pawn_terms + passed_pawns(pos, BLACK, sides, passed));
    }
    s += term(trace, TERM_KING, king_safety(pos, WHITE, sides), king_safety(pos, BLACK, sides));
    s += term(trace, TERM_THREATS, threats(pos, WHITE, sides), threats(pos, BLACK, sides));
    s += term(trace, TERM_SPACE, space(pos, WHITE, sides), space(pos, BLACK, sides));
    s += term(trace, TERM_TEMPO, WEIGHT(tempo, WHITE, pos->side == WHITE),
              WEIGHT(tempo, BLACK, pos->side == BLACK));

    if (phase > PHASE_MAX)
        phase = PHASE_MAX;
    int mg = score_mg(s), eg = score_eg(s);
    int scale = endgame_scale(pos, eg);
    if (trace) {
        trace->phase = phase;
        trace->scale = scale;
    }
    /* In 32 bits: a score times the phase or scale overflows a 16-bit int (AVR). */
    eg = (int)((int32_t)eg * scale / 64);
    return (int)(((int32_t)mg * phase + (int32_t)eg * (PHASE_MAX - phase)) / PHASE_MAX);
}

#ifndef FLASHMATE_EVAL_TRACE /* the tuner's build has only evaluate() (src/app/tune_chess.c) */
int eval_position(const Position *pos)
{
    int value = evaluate(pos, NULL);
    return pos->side == WHITE ? value : -value;
}

/* " <mg> <eg>" of a score, in columns. */
static void add_score(TextBuf *t, Score s)
{
    text_add_int_width(t, score_mg(s), 6);
    text_add_int_width(t, score_eg(s), 6);
    text_add(t, FM_TEXT(" |"));
}

void eval_explain(const Position *pos, char *buf, size_t size)
{
    EvalTrace trace;
    int value = evaluate(pos, &trace);
    TextBuf t = text_buf(buf, size);
    text_add(&t, FM_TEXT("    term |       White |       Black |       Total |\n"));
    text_add(&t, FM_TEXT("         |    mg    eg |    mg    eg |    mg    eg |\n"));
    for (int i = 0; i < TERM_NB; i++) {
        int n = 0; /* right-aligned in 8 columns */
        while (term_names[i][n])
            n++;
        for (; n < 8; n++)
            text_add_char(&t, ' ');
        text_add(&t, term_names[i]);
        text_add(&t, FM_TEXT(" |"));
        add_score(&t, trace.terms[i][WHITE]);
        add_score(&t, trace.terms[i][BLACK]);
        add_score(&t, trace.terms[i][WHITE] - trace.terms[i][BLACK]);
        text_add_char(&t, '\n');
    }
    text_add(&t, FM_TEXT("phase "));
    text_add_int(&t, trace.phase);
    text_add(&t, FM_TEXT(" of "));
    text_add_int(&t, PHASE_MAX);
    text_add(&t, FM_TEXT(" (midgame weight), endgame scale "));
    text_add_int(&t, trace.scale);
    text_add(&t, FM_TEXT("/64: "));
    text_add_int(&t, value);
    text_add(&t, FM_TEXT(" cp for White\n"));
}

int eval_see_value(PieceType pt) { return pt < PIECE_TYPE_NB ? see_value[pt] : 0; }
#endif
