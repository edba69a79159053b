/*
 * The chess search: principal variation search over a staged move picker, quiescence,
 * transposition table, null move, reverse futility, late-move pruning and reductions, SEE
 * pruning, singular and check extensions. Iterative deepening with aspiration windows, the
 * limits, repetitions and the PV table are the search driver's (src/engine/search_driver.c).
 * https://www.chessprogramming.org/Principal_Variation_Search
 */
#include "flashmate/search.h"

#include <string.h>

#include "eval.h"
#include "engine/search_driver.h"
#include "make_move.h"

/* ---------------------------------------------------------------------------------------------
 * Move ordering: the staged picker of src/engine/picker_template.h. TT move first, then captures
 * in generation (MVV/LVA) order with losing ones (by SEE) put off, then quiets by killer /
 * counter-move / history score (the side's history and the continuation histories, raised for a
 * piece that escapes a cheaper attacker and lowered for one that walks into one), then the
 * losing captures.
 */

enum { SCORE_KILLER = 30000, SCORE_COUNTER = 29000 };

/* The move that last refuted `previous` (made by `moved`), MOVE_NONE if none is known. */
static inline Move counter_move(const Search *s, Move previous, Piece moved)
{
#if FLASHMATE_COUNTER_MOVES
    if (previous != MOVE_NONE && previous != MOVE_NULL)
        return s->counter_moves[moved][move_to(previous)];
#else
    (void)s;
    (void)previous;
    (void)moved;
#endif
    return MOVE_NONE;
}

static inline void counter_move_set(Search *s, Move previous, Piece moved, Move refutation)
{
#if FLASHMATE_COUNTER_MOVES
    if (previous != MOVE_NONE && previous != MOVE_NULL)
        s->counter_moves[moved][move_to(previous)] = refutation;
#else
    (void)s;
    (void)previous;
    (void)moved;
    (void)refutation;
#endif
}

/* The continuation histories a node reads: after the move one ply before it (counter-move
 * history) and after the move two plies before it (follow-up history). Both are rows of the one
 * table: a move one ply back is the opponent's piece, two plies back one's own, so the two never
 * share an entry. */
enum { CONTINUATION_PLIES = 2 };

#if FLASHMATE_CONTINUATION_HISTORY
/* The rows of the table after the moves 1 and 2 plies back, NULL where there was none. */
#define PICKER_CONTINUATION int16_t *continuation[CONTINUATION_PLIES];
#else
#define PICKER_CONTINUATION
#endif

#include "picker.h"
#define PICKER_SEARCH Search
#define PICKER_GAME_FIELDS                                                                         \
    Move counter;                                                                                  \
    Bitboard threatened[3]; /* squares where a minor, rook or queen is attacked by less */         \
    Bitboard attacked;      /* squares the enemy attacks */                                        \
    bool threats_found;     /* are the two above found? */                                         \
    PICKER_CONTINUATION
struct MovePicker;
static void picker_find_threats(struct MovePicker *mp, const Position *pos);
#define PICKER_BEFORE_QUIETS(mp, pos) picker_find_threats(mp, pos)
#include "engine/picker_template.h"
#include "attacks.h"

/* The history score of a quiet move of side `us`, by its squares and whether the enemy attacks
 * them (the picker's threats must be found). */
static inline int16_t *history_of(Search *s, const MovePicker *mp, Color us, Move m)
{
    assert(mp->threats_found);
    int from = move_from(m), to = move_to(m);
    int from_attacked = HISTORY_THREAT_NB == 1 ? 0 : (int)((mp->attacked >> from) & 1);
    int to_attacked = HISTORY_THREAT_NB == 1 ? 0 : (int)((mp->attacked >> to) & 1);
    return &s->history[us][from_attacked][to_attacked][HISTORY_FROM_NB == 1 ? 0 : from][to];
}

/* A piece (colour and type) and the to-square of its move: an index of the continuation
 * history. */
static inline int piece_square(Piece moved, Move m)
{
    return (piece_color(moved) * PIECE_TYPE_NB + piece_type(moved)) * SQUARE_NB + move_to(m);
}

#if FLASHMATE_CONTINUATION_HISTORY
/* The continuation history after the move made from an earlier ply; NULL after a null move or
 * before the root (the stack's sentinels hold MOVE_NONE). */
static inline int16_t *continuation_after(Search *s, const SearchStack *earlier)
{
    Move m = earlier->move;
    if (m == MOVE_NONE || m == MOVE_NULL)
        return NULL;
    return s->continuation[piece_square(earlier->moved, m)];
}
#endif

/* The history of the quiet move m of side `us`, made by `moved`: the side's history plus, with
 * continuation histories, their entries after the moves before the node (each within
 * +-16384). */
static inline int32_t quiet_history(Search *s, const MovePicker *mp, Color us, Piece moved, Move m)
{
    int32_t score = *history_of(s, mp, us, m);
#if FLASHMATE_CONTINUATION_HISTORY
    int index = piece_square(moved, m);
    for (int i = 0; i < CONTINUATION_PLIES; i++)
        if (mp->continuation[i])
            score += mp->continuation[i][index];
#else
    (void)mp;
    (void)moved;
#endif
    return score;
}

/* The move ordering's score of a quiet move: its history, halved with continuation histories
 * (three tables' sum exceeds 16 bits), below the killers and the counter move either way. */
enum { QUIET_ORDER_DIVISOR = FLASHMATE_CONTINUATION_HISTORY ? 2 : 1 };

static inline int16_t quiet_order_score(Search *s, const MovePicker *mp, const Position *pos,
                                        Color us, Move m)
{
    Piece moved = pos_piece_on(pos, move_from(m));
    return (int16_t)(quiet_history(s, mp, us, moved, m) / QUIET_ORDER_DIVISOR);
}

/* The late-move reduction's history adjustment: a ply less or more per this much history (the
 * side's 8192 of 16384, with continuation histories 16384 of their sum's 49152). */
enum { LMR_HISTORY_DIVISOR = FLASHMATE_CONTINUATION_HISTORY ? 16384 : 8192 };

/* The late-move reduction's divisor of ln(depth) ln(move number), times 256: 2.0. */
enum { LMR_DIVISOR_X256 = 512 };

/* The aspiration window's half-width around the previous iteration's score, in cp, and how
 * much shallower the root is searched again after each fail high. */
enum { ASPIRATION_WINDOW = 15, ASPIRATION_PLIES_LESS_PER_FAIL_HIGH = 1 };

/* A quiet move's bonus (or malus) in every history it has at the node. */
static inline void quiet_history_update(Search *s, const MovePicker *mp, Color us, Piece moved,
                                        Move m, int bonus)
{
    history_update(history_of(s, mp, us, m), bonus);
#if FLASHMATE_CONTINUATION_HISTORY
    int index = piece_square(moved, m);
    for (int i = 0; i < CONTINUATION_PLIES; i++)
        if (mp->continuation[i])
            history_update(&mp->continuation[i][index], bonus);
#else
    (void)mp;
    (void)moved;
#endif
}

/* The squares where a piece of the side to move would stand attacked by a cheaper enemy piece:
 * a minor by a pawn, a rook by a pawn or minor, a queen by a pawn, minor or rook; and every
 * square the enemy attacks (the history's split). Found when the node's quiet moves are
 * generated, or for the history update after a cutoff by the hash move; not at nodes that end
 * before either. */
static void picker_find_threats(MovePicker *mp, const Position *pos)
{
    Color them = (Color)(pos_side(pos) ^ 1);
    Bitboard occupied = pos_occupied(pos);
    Bitboard by_pawn = attacks_pawns_set(them, pos_pieces(pos, them, PAWN));
    Bitboard by_minor = by_pawn;
    for (Bitboard b = pos_pieces(pos, them, KNIGHT); b;)
        by_minor |= attacks_knight(bb_pop_lsb(&b));
    for (Bitboard b = pos_pieces(pos, them, BISHOP); b;)
        by_minor |= attacks_bishop(bb_pop_lsb(&b), occupied);
    Bitboard by_rook = by_minor;
    for (Bitboard b = pos_pieces(pos, them, ROOK); b;)
        by_rook |= attacks_rook(bb_pop_lsb(&b), occupied);
    Bitboard attacked = by_rook | attacks_king(pos->king_square[them]);
    for (Bitboard b = pos_pieces(pos, them, QUEEN); b;)
        attacked |= attacks_queen(bb_pop_lsb(&b), occupied);
    mp->threatened[0] = by_pawn;
    mp->threatened[1] = by_minor;
    mp->threatened[2] = by_rook;
    mp->attacked = attacked;
    mp->threats_found = true;
}

/* The quiet order's bonus for a piece that leaves a square where a cheaper piece attacks it (and
 * the malus for one that goes to such a square), for a minor, a rook and a queen. */
static FM_FLASH int16_t escape_bonus[3] = {5000, 7000, 10000};

/* A piece type's index in MovePicker.threatened and escape_bonus, -1 for pawns and kings. */
static inline int threat_index(PieceType pt)
{
    return pt == KNIGHT || pt == BISHOP ? 0 : pt == ROOK ? 1 : pt == QUEEN ? 2 : -1;
}

/* ss: the node's stack entry, whose earlier plies give the continuation histories; NULL for
 * none (quiescence). */
static void picker_init(MovePicker *mp, Search *s, const SearchStack *ss, Move tt_move,
                        const Move killers[2], Move counter, bool skip_quiets)
{
    picker_start(mp, s, tt_move, killers, skip_quiets);
    mp->counter = counter;
    mp->threats_found = false;
#if FLASHMATE_CONTINUATION_HISTORY
    for (int i = 0; i < CONTINUATION_PLIES; i++)
        mp->continuation[i] = ss ? continuation_after(s, &ss[-1 - i]) : NULL;
#else
    (void)ss;
#endif
}

/* The quiet moves' order: under-promotions last, then the killers, the counter move, and the
 * others by history. */
static int16_t picker_quiet_score(const MovePicker *mp, Search *s, const Position *pos, Move m)
{
    if (move_kind(m) == MOVE_PROMOTION)
        return (int16_t)(SCORE_BAD_CAPTURE + 1);
    if (m == mp->killers[0])
        return SCORE_KILLER + 1;
    if (m == mp->killers[1])
        return SCORE_KILLER;
    if (m == mp->counter)
        return SCORE_COUNTER;
    int32_t score = quiet_order_score(s, mp, pos, pos_side(pos), m);
    int kind = threat_index(piece_type(pos_piece_on(pos, move_from(m))));
    if (kind >= 0) {
        /* 32 bits: the history's half plus a bonus may overflow 16 (AVR's int). */
        int32_t bonus = escape_bonus[kind];
        if (mp->threatened[kind] & bb_square(move_from(m)))
            score += bonus;
        if (mp->threatened[kind] & bb_square(move_to(m)))
            score -= bonus;
    }
    return (int16_t)(score > 28000 ? 28000 : score < -30000 ? -30000 : score);
}

/* ---------------------------------------------------------------------------------------------
 * Helpers.
 */

static inline bool has_non_pawn_material(const Position *pos, Color c)
{
    return pos->by_color[c] & ~pos->by_type[PAWN] & ~pos->by_type[KING];
}

/* A draw by the fifty-move rule or by repetition of a position since the last irreversible
 * move (one repetition is enough inside the search). */
static inline bool is_draw(const Search *s, const Position *pos)
{
    return pos->halfmove_clock >= 100 || driver_is_repetition(&s->driver, pos->halfmove_clock);
}

/* Is there room for the node: on the move stack for its moves, on the C stack for its frames?
 * Always, unless a board shortened them; then a node near the end of its move stack counts its
 * moves first. A node that does not fit is scored as a leaf. */
static inline bool node_fits(const Search *s, const Position *pos)
{
    int room = driver_move_room(s->move_count);
    return (room < 0 || movegen_count_legal(pos) <= room) && driver_stack_fits();
}

/* ---------------------------------------------------------------------------------------------
 * Quiescence search: captures (and queen promotions) until the position is quiet; all evasions
 * when in check, so mates are seen.
 */
static int qsearch_node(Search *s, Position *pos, int alpha, int beta, int ply);

/* Each node gives back the move stack it took (the wrappers keep every return of the node
 * functions from having to). */
static int qsearch(Search *s, Position *pos, int alpha, int beta, int ply)
{
    int taken = s->move_count;
    int score = qsearch_node(s, pos, alpha, beta, ply);
    s->move_count = taken;
    return score;
}

static int qsearch_node(Search *s, Position *pos, int alpha, int beta, int ply)
{
    assert(ply >= 0 && ply < MAX_PLY); /* only nodes below MAX_PLY - 1 have children */
    bool pv_node = beta > alpha + 1;   /* (beta - alpha overflows a 16-bit int) */
    SearchDriver *d = &s->driver;
    if (!driver_enter_node(d, ply))
        return 0;
    if (is_draw(s, pos))
        return VALUE_DRAW;

    bool in_check = pos_in_check(pos);
    if (ply >= MAX_PLY - 1 || !node_fits(s, pos))
        return in_check ? VALUE_DRAW : eval_position(pos);

    TTEntry found;
    const TTEntry *entry = tt_probe(d->tt, pos->key, &found) ? &found : NULL;
    Move tt_move = MOVE_NONE;
    int tt_score = VALUE_NONE;
    if (entry) {
        tt_score = score_from_tt(entry->score, ply);
        tt_move = entry->move;
        if (!pv_node && tt_cutoff(tt_bound(entry), tt_score, alpha, beta))
            return tt_score;
    }

    int best = -VALUE_INFINITE, static_eval = VALUE_NONE;
    if (!in_check) {
        static_eval = entry && entry->eval != VALUE_NONE ? entry->eval : eval_position(pos);
        best = static_eval;
        /* A hash score the entry's bound allows to stand in for the static evaluation (an exact
         * score, a lower bound above it, an upper bound below) is the better stand-pat. */
        if (entry && tt_score != VALUE_NONE &&
            (tt_bound(entry) & (tt_score > static_eval ? BOUND_LOWER : BOUND_UPPER)))
            best = tt_score;
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }

    MovePicker mp;
    Move best_move = MOVE_NONE, move;
    int moves_searched = 0;
    picker_init(&mp, s, NULL, tt_move, NULL, MOVE_NONE, !in_check);
    while ((move = picker_next(&mp, s, pos)) != MOVE_NONE) {
        if (!in_check) {
            bool promotion = move_kind(move) == MOVE_PROMOTION;
            if (!promotion) {
                /* Delta pruning: skip a capture whose victim cannot bring the score to alpha. */
                Piece captured = pos_captured_piece(pos, move);
                int gain = captured == NO_PIECE ? 0 : eval_see_value(piece_type(captured));
                if (static_eval + gain + 200 <= alpha)
                    continue;
            }
            /* SEE: a move must not lose material; far below alpha, a capture must win some, as
             * only that can raise alpha. (The picker has tested most captures for the first.) */
            int see_threshold = !promotion && static_eval + 200 <= alpha ? 1 : 0;
            if ((see_threshold > 0 || !picker_passed_see(&mp)) && !see_ge(pos, move, see_threshold))
                continue;
        }
        Undo undo;
        make_move(pos, move, &undo);
        driver_push_key(d, pos->key);
        int score = -qsearch(s, pos, -beta, -alpha, ply + 1);
        driver_pop_key(d);
        unmake_move(pos, move, &undo);
        moves_searched++;
        if (d->stopped)
            return 0;
        if (search_improve(d, ply, false, move, score, &best, &alpha, beta, &best_move))
            break;
    }
    if (in_check && moves_searched == 0)
        return -VALUE_MATE + ply;

    driver_store(d, pos->key, 0, ply, best, alpha, beta, false, static_eval, best_move);
    return best;
}

/* ---------------------------------------------------------------------------------------------
 * Principal variation search.
 */
static int search_node(Search *s, Position *pos, int alpha, int beta, int depth, int ply,
                       bool cut_node);

static int search(Search *s, Position *pos, int alpha, int beta, int depth, int ply, bool cut_node)
{
    int taken = s->move_count;
    int score = search_node(s, pos, alpha, beta, depth, ply, cut_node);
    s->move_count = taken;
    return score;
}

static int search_node(Search *s, Position *pos, int alpha, int beta, int depth, int ply,
                       bool cut_node)
{
    assert(ply >= 0 && ply < MAX_PLY); /* only nodes below MAX_PLY - 1 have children */
    bool pv_node = beta > alpha + 1;   /* (beta - alpha overflows a 16-bit int) */
    bool root = ply == 0;
    SearchDriver *d = &s->driver;
    SearchStack *ss = &s->stack[ply + 2]; /* two sentinel entries below the root */
    Move excluded = ss->excluded;

    /* Every node starts with an empty PV, also null-window ones: a parent that copies the PV of
     * a child searched with a null window (a fail high at the root) must not pick up the stale
     * line of an earlier sibling. */
    d->pv_length[ply] = 0;
    if (depth <= 0)
        return qsearch(s, pos, alpha, beta, ply);
    if (!driver_enter_node(d, ply))
        return 0;
    ss[2].cutoff_count = 0;

    bool in_check = pos_in_check(pos);
    if (!root) {
        if (is_draw(s, pos))
            return VALUE_DRAW;
        if (ply >= MAX_PLY - 1 || !node_fits(s, pos))
            return in_check ? VALUE_DRAW : eval_position(pos);
        if (mate_distance_prune(&alpha, &beta, ply))
            return alpha;
    }

    TTEntry found;
    const TTEntry *entry = !excluded && tt_probe(d->tt, pos->key, &found) ? &found : NULL;
    Move tt_move = MOVE_NONE;
    int tt_score = VALUE_NONE, tt_depth = -1, tt_bound_type = BOUND_NONE;
    if (entry) {
        tt_move = entry->move;
        tt_score = score_from_tt(entry->score, ply);
        tt_depth = entry->depth;
        tt_bound_type = tt_bound(entry);
        if (!pv_node && tt_depth >= depth && tt_cutoff(tt_bound_type, tt_score, alpha, beta))
            return tt_score;
    }

    int static_eval;
    if (in_check)
        static_eval = VALUE_NONE;
    else if (entry && entry->eval != VALUE_NONE)
        static_eval = entry->eval;
    else
        static_eval = eval_position(pos);
    ss->static_eval = static_eval;
    /* Reductions in hindsight: reached by a reduced move, the node judges the reduction by the two
     * static evaluations, each from its mover's side. Summing above 200, the side to move stands
     * better than the mover had stood: the move did harm, a ply less. Summing to 2 or less after
     * a deep reduction: the move lost nothing, a ply more. (int32_t: int is 16-bit on AVR.) */
    if (!excluded && ss[-1].reduction >= 1 && !in_check && ss[-1].static_eval != VALUE_NONE) {
        int32_t sum = (int32_t)static_eval + ss[-1].static_eval;
        if (ss[-1].reduction >= 3 && sum <= 2)
            depth++;
        if (depth >= 2 && sum > 200)
            depth--;
    }
    bool improving = !in_check && ply >= 2 && ss[-2].static_eval != VALUE_NONE &&
                     static_eval > ss[-2].static_eval;
    ss[1].killers[0] = ss[1].killers[1] = MOVE_NONE;

    if (!pv_node && !in_check && !excluded) {
        /* Reverse futility: far above beta at low depth, assume it stays there. */
        if (depth <= 7 && static_eval - 80 * (depth - improving) >= beta &&
            static_eval < VALUE_MATE_IN_MAX_PLY)
            return static_eval;

        /* Null move, at an expected cut node: give the opponent a free move; if we still beat
         * beta, prune. (At an expected all node it is seldom worth its nodes.) */
        if (cut_node && depth >= 3 && static_eval >= beta && ss[-1].move != MOVE_NULL &&
            has_non_pawn_material(pos, pos_side(pos)) && beta > -VALUE_MATE_IN_MAX_PLY) {
            int r = 3 + depth / 4 + (static_eval > beta + 200); /* (no 16-bit overflow) */
            Undo undo;
            ss->move = MOVE_NULL;
            ss->moved = NO_PIECE;
            pos_do_null_move(pos, &undo);
            driver_push_key(d, pos->key);
            int score = -search(s, pos, -beta, -beta + 1, depth - r, ply + 1, false);
            driver_pop_key(d);
            pos_undo_null_move(pos, &undo);
            if (d->stopped)
                return 0;
            if (score >= beta)
                return score >= VALUE_MATE_IN_MAX_PLY ? beta : score;
        }
    }

    /* Without a hash move, a shallower search first pays for itself in PV and cut nodes. */
    if (depth >= 4 && tt_move == MOVE_NONE && (pv_node || cut_node))
        depth--;

    Move counter = counter_move(s, ss[-1].move, ss[-1].moved);

    MovePicker mp;
    Move move, best_move = MOVE_NONE;
    Move quiets_tried[QUIETS_TRIED_MAX];
    int quiet_count = 0, move_number = 0, legal_moves = 0;
    int best = -VALUE_INFINITE;
    int original_alpha = alpha;
    Color us = pos_side(pos);
    picker_init(&mp, s, ss, tt_move, ss->killers, counter, false);
    CheckInfo check_info;
    bool check_info_ready = false;

    while ((move = picker_next(&mp, s, pos)) != MOVE_NONE) {
        if (move == excluded)
            continue;
        if (root && !driver_root_move_allowed(d, move))
            continue;
        legal_moves++;
        move_number++;
        bool capture = pos_is_capture(pos, move);
        bool quiet = !capture && move_kind(move) != MOVE_PROMOTION;
        if (!check_info_ready) {
            pos_check_info(pos, &check_info);
            check_info_ready = true;
        }
        bool gives_check = pos_gives_check_with(pos, &check_info, move);

        /* Shallow-depth pruning of late quiet moves and losing captures. */
        if (!root && best > -VALUE_MATE_IN_MAX_PLY && has_non_pawn_material(pos, us)) {
            if (quiet && !in_check && !gives_check) {
                if (depth <= 8 && move_number > 3 + depth * depth / (2 - improving)) {
                    picker_end_quiets(&mp); /* late move pruning: of every quiet move after */
                    continue;
                }
                /* Futility and SEE by the depth the move would be searched to when reduced. */
                int lmr_depth = depth - 1 -
                                driver_lmr_reduction(depth, move_number, LMR_DIVISOR_X256);
                if (lmr_depth < 0)
                    lmr_depth = 0;
                if (lmr_depth <= 6 && static_eval + 100 + 90 * lmr_depth <= alpha)
                    continue; /* futility */
                if (lmr_depth <= 6 && !see_ge(pos, move, -30 * lmr_depth * lmr_depth))
                    continue;
            } else if (capture && depth <= 6 && !picker_passed_see(&mp) &&
                       !see_ge(pos, move, -90 * depth)) {
                continue;
            }
        }

        /* Singular extension: if the hash move is much better than every alternative, extend. */
        int extension = 0;
        if (!root && move == tt_move && depth >= 6 && !excluded && tt_depth >= depth - 3 &&
            tt_bound_type != BOUND_UPPER && tt_score > -VALUE_MATE_IN_MAX_PLY &&
            tt_score < VALUE_MATE_IN_MAX_PLY && ply < 2 * d->root_depth) {
            int singular_beta = tt_score - 2 * depth;
            ss->excluded = move;
            int score = search(s, pos, singular_beta - 1, singular_beta, (depth - 1) / 2, ply,
                               cut_node);
            ss->excluded = MOVE_NONE;
            if (d->stopped)
                return 0;
            if (score < singular_beta)
                extension = 1;
            else if (singular_beta >= beta)
                return singular_beta; /* multi-cut: several moves beat beta */
        } else if (gives_check && ply < 2 * d->root_depth &&
                   (picker_passed_see(&mp) || see_ge(pos, move, 0))) {
            extension = 1; /* check extension, for checks that lose no material */
        }

        Undo undo;
        ss->move = move;
        ss->moved = pos_piece_on(pos, move_from(move));
        make_move(pos, move, &undo);
        driver_push_key(d, pos->key);
        int new_depth = depth - 1 + extension;
        int score;

        if (move_number == 1) {
            /* (The first move's reply: a PV node below a PV node, else the other node type.) */
            score = -search(s, pos, -beta, -alpha, new_depth, ply + 1, !pv_node && !cut_node);
        } else {
            /* Late-move reductions, then a null-window search, then a full one if needed. The
             * reduced moves: quiet ones, and at an expected cut node every move; captures and
             * promotions elsewhere keep their depth. (This once also named the captures failing
             * SEE >= 0, but the test ran on the position after the move, where it always passes;
             * every test of the search since was made with the rule as it stands here.) */
            int r = 0;
            if (depth >= 3 && move_number > 1 + 2 * pv_node && (quiet || cut_node)) {
                r = driver_lmr_reduction(depth, move_number, LMR_DIVISOR_X256);
                r += !pv_node + cut_node - improving;
                if (quiet)
                    r -= (int)(quiet_history(s, &mp, us, ss->moved, move) / LMR_HISTORY_DIVISOR);
                if (move == mp.killers[0] || move == mp.killers[1] || move == counter)
                    r--;
                if (gives_check || in_check)
                    r--;
                if (ss[1].cutoff_count > 3)
                    r++; /* the nodes a ply below failed high often: this one likely fails low */
                if (r < 0)
                    r = 0;
                if (r > new_depth - 1)
                    r = new_depth - 1 > 0 ? new_depth - 1 : 0;
            }
            ss->reduction = (uint8_t)r;
            score = -search(s, pos, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            ss->reduction = 0;
            if (score > alpha && r > 0)
                score = -search(s, pos, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            if (score > alpha && score < beta && pv_node)
                score = -search(s, pos, -beta, -alpha, new_depth, ply + 1, false);
        }
        driver_pop_key(d);
        unmake_move(pos, move, &undo);
        if (d->stopped)
            return 0;

        if (search_improve(d, ply, pv_node, move, score, &best, &alpha, beta, &best_move)) {
            if (ss->cutoff_count <= 3) /* (only "more than 3" is asked: it stays within 5) */
                ss->cutoff_count += 1 + (tt_move == MOVE_NONE);
            break;
        }
        if (quiet && move != best_move && quiet_count < QUIETS_TRIED_MAX)
            quiets_tried[quiet_count++] = move;
    }

    if (legal_moves == 0) {
        if (excluded)
            return alpha;
        return in_check ? -VALUE_MATE + ply : VALUE_DRAW;
    }

    /* A quiet move that beat beta becomes a killer and gains history (the side's and the
     * continuation histories); the quiet moves tried before the move that beat beta lose, also
     * when that move is a capture or a promotion. */
    bool quiet_best = best >= beta && !pos_is_capture(pos, best_move) &&
                      move_kind(best_move) != MOVE_PROMOTION;
    if (best >= beta && (quiet_best || quiet_count > 0)) {
        int bonus = history_bonus(depth);
        if (!mp.threats_found) /* a cutoff by the hash move */
            picker_find_threats(&mp, pos);
        if (quiet_best) {
            killers_update(ss->killers, best_move);
            quiet_history_update(s, &mp, us, pos_piece_on(pos, move_from(best_move)), best_move,
                                 bonus);
            counter_move_set(s, ss[-1].move, ss[-1].moved, best_move);
        }
        for (int i = 0; i < quiet_count; i++)
            quiet_history_update(s, &mp, us, pos_piece_on(pos, move_from(quiets_tried[i])),
                                 quiets_tried[i], -bonus);
    }

    if (!excluded)
        driver_store(d, pos->key, depth, ply, best, original_alpha, beta, pv_node, static_eval,
                     best_move);
    return best;
}

/* ---------------------------------------------------------------------------------------------
 * Iterative deepening.
 */

void search_clear(Search *s)
{
    memset(s->history, 0, sizeof s->history);
#if FLASHMATE_COUNTER_MOVES
    memset(s->counter_moves, 0, sizeof s->counter_moves);
#endif
#if FLASHMATE_CONTINUATION_HISTORY
    memset(s->continuation, 0, sizeof s->continuation);
#endif
}

static int root_search(void *search_state, int alpha, int beta, int depth)
{
    Search *s = search_state;
    s->move_count = 0; /* the root's list replaces the root moves search_run wrote there */
    return search(s, s->root_pos, alpha, beta, depth, 0, false);
}

SearchResult search_run(Search *s, Position *pos, const uint64_t *game_keys, int game_key_count,
                        const SearchLimits *limits, const SearchHooks *hooks)
{
    driver_start(&s->driver, limits, hooks, pos_side(pos), game_keys, game_key_count, pos->key);
    memset(s->stack, 0, sizeof s->stack);
    for (int i = 0; i < MAX_PLY + 4; i++)
        s->stack[i].static_eval = VALUE_NONE;

    int root_count = movegen_write(pos, GEN_LEGAL, s->moves);
    s->root_pos = pos;
    return driver_iterate(&s->driver, root_search, s, ASPIRATION_WINDOW,
                          ASPIRATION_PLIES_LESS_PER_FAIL_HIGH, s->moves, root_count);
}
