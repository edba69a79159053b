/*
 * Legal move generation and bulk counting.
 *
 * Legality is by construction. Once per call we compute:
 *   - check_mask: the squares a non-king move may land on (everything when not in check, the
 *     checker and the squares between it and the king in single check, nothing in double check);
 *   - pin masks: for each enemy slider pinning one of our pieces, the ray from the king to the
 *     pinner inclusive, unioned separately for rank/file pins and for diagonal pins. A piece on a
 *     rank/file pin ray can only move within that union (it cannot reach another pin ray), and
 *     likewise for diagonals, so one mask per direction class suffices;
 *   - safe: which of the king's squares (its steps, the paths of open castlings) the enemy
 *     attacks with our king removed, each enemy piece tested until none of them is left: the
 *     king seldom has more than a few, and often none.
 * En passant is the one move checked by looking at the position after it (it removes two pieces
 * from one rank, which pins do not describe).
 * https://www.chessprogramming.org/Move_Generation
 */
#include "flashmate/movegen.h"

#include <assert.h>
#include <string.h>

#include "attacks.h"
#include "flashmate/flash.h"
#include "make_move.h"

/* Inlined in every mode and colour where FLASHMATE_SPEED_CODE (make_move.h) allows it. */
#if FLASHMATE_SPEED_CODE
#define MOVEGEN_SPEED_INLINE static inline __attribute__((always_inline))
#else
#define MOVEGEN_SPEED_INLINE static
#endif

typedef struct GenContext {
    Color us, them;
    int king;
    Bitboard ours, theirs, occupied;
    Bitboard checkers;
    Bitboard check_mask;
    Bitboard pinned_straight; /* rank/file pin rays including the pinner */
    Bitboard pinned_diagonal;
    Bitboard safe;          /* the king's squares (below) that the enemy does not attack */
    uint8_t castling_legal; /* bit 0: our king-side castling is legal; bit 1: queen-side */
} GenContext;

/* For each enemy slider that sees the king through our pieces: no piece between means check,
 * exactly one of ours means a pin. */
static inline __attribute__((always_inline)) void find_checks_and_pins(const Position *pos,
                                                                       GenContext *ctx)
{
    int king = ctx->king;
    Bitboard theirs = ctx->theirs;
    Bitboard snipers_straight = attacks_rook(king, theirs) & theirs &
                                (pos->by_type[ROOK] | pos->by_type[QUEEN]);
    Bitboard snipers_diagonal = attacks_bishop(king, theirs) & theirs &
                                (pos->by_type[BISHOP] | pos->by_type[QUEEN]);

    ctx->checkers = (attacks_knight(king) & theirs & pos->by_type[KNIGHT]) |
                    (attacks_pawn(ctx->us, king) & theirs & pos->by_type[PAWN]);
    ctx->pinned_straight = ctx->pinned_diagonal = 0;
    while (snipers_straight) {
        int sniper = bb_pop_lsb(&snipers_straight);
        Bitboard ray = bb_between(king, sniper);
        Bitboard blockers = ray & ctx->ours;
        if (!blockers)
            ctx->checkers |= bb_square(sniper);
        else if (!bb_more_than_one(blockers))
            ctx->pinned_straight |= ray | bb_square(sniper);
    }
    while (snipers_diagonal) {
        int sniper = bb_pop_lsb(&snipers_diagonal);
        Bitboard ray = bb_between(king, sniper);
        Bitboard blockers = ray & ctx->ours;
        if (!blockers)
            ctx->checkers |= bb_square(sniper);
        else if (!bb_more_than_one(blockers))
            ctx->pinned_diagonal |= ray | bb_square(sniper);
    }
    if (!ctx->checkers)
        ctx->check_mask = ~(Bitboard)0;
    else if (bb_more_than_one(ctx->checkers))
        ctx->check_mask = 0;
    else
        ctx->check_mask = ctx->checkers | bb_between(king, bb_lsb(ctx->checkers));
}

/* The squares of `squares` the enemy does not attack, seen through our king (which cannot step
 * back along a checking line). The pawns and the king are tested set-wise; then, when the
 * squares left are few beside the enemy's pieces, the pieces that could attack each square,
 * else the attacks of each enemy piece until no square is left. */
static inline __attribute__((always_inline)) Bitboard
safe_squares(const Position *pos, const GenContext *ctx, Bitboard squares)
{
    Bitboard theirs = ctx->theirs;
    squares &= ~attacks_pawns_set(ctx->them, theirs & pos->by_type[PAWN]) &
               ~attacks_king(pos->king_square[ctx->them]);
    if (!squares)
        return 0;
    Bitboard occupied = ctx->occupied ^ bb_square(ctx->king);
    Bitboard knights = theirs & pos->by_type[KNIGHT];
    Bitboard diagonal = theirs & (pos->by_type[BISHOP] | pos->by_type[QUEEN]);
    Bitboard straight = theirs & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
    if (FLASHMATE_SPEED_CODE && 2 * bb_popcount(squares) <= bb_popcount(knights) +
                                                                bb_popcount(diagonal) +
                                                                bb_popcount(straight)) {
        Bitboard safe = squares;
        while (squares) {
            int sq = bb_pop_lsb(&squares);
            Bitboard attackers = (attacks_knight(sq) & knights) |
                                 (attacks_bishop(sq, occupied) & diagonal) |
                                 (attacks_rook(sq, occupied) & straight);
            if (attackers)
                safe ^= bb_square(sq);
        }
        return safe;
    }
    while (knights && squares)
        squares &= ~attacks_knight(bb_pop_lsb(&knights));
    while (diagonal && squares)
        squares &= ~attacks_bishop(bb_pop_lsb(&diagonal), occupied);
    while (straight && squares)
        squares &= ~attacks_rook(bb_pop_lsb(&straight), occupied);
    return squares;
}

/* Standard castling: rights imply king and rook at home (FEN validation and the rights masks
 * keep it so); the squares between must be empty and the king's path not attacked. */
static FM_FLASH struct CastlingPath {
    uint8_t right, king_to;
    Bitboard empty, safe;
} castling_paths[4] = {
    {CASTLE_WHITE_OO, SQ_G1, 0x60ULL, 0x60ULL},
    {CASTLE_WHITE_OOO, SQ_C1, 0x0EULL, 0x0CULL},
    {CASTLE_BLACK_OO, SQ_G8, 0x60ULL << 56, 0x60ULL << 56},
    {CASTLE_BLACK_OOO, SQ_C8, 0x0EULL << 56, 0x0CULL << 56},
};

/* Chess960 castling, right i (the side is not in check): every square king and rook cross or
 * land on must be empty but the two they leave; the king's squares up to its destination must
 * not be attacked (*path, tested by the caller); and no enemy rook or queen may see the
 * destination along the back rank once the rook has gone (one behind a rook on b1 that castles
 * to d1). King or rook may already stand on their destination, or on each other's.
 * https://www.chessprogramming.org/Chess960 */
static bool castling_open_960(const Position *pos, int king, Bitboard theirs, Bitboard occupied,
                              int i, Bitboard *path)
{
    int rook = pos->castling_rook[i];
    int back_rank = king & 56;
    bool king_side = !(i & 1);
    int king_to = back_rank + (king_side ? 6 : 2), rook_to = back_rank + (king_side ? 5 : 3);
    Bitboard leaving = bb_square(king) | bb_square(rook);
    Bitboard king_path = bb_between(king, king_to) | bb_square(king_to);
    Bitboard rook_path = bb_between(rook, rook_to) | bb_square(rook_to);
    if ((king_path | rook_path) & ~leaving & occupied)
        return false;
    Bitboard straight = theirs & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
    *path = king_path;
    return !(attacks_rook(king_to, occupied ^ leaving) & straight & bb_rank(back_rank >> 3));
}

/* The squares the king on `king` crosses or lands on when it castles by right i. */
static inline Bitboard castling_king_path(const Position *pos, int king, int i)
{
    if (!pos->chess960)
        return castling_paths[i].safe;
    int king_to = (king & 56) + (i & 1 ? 2 : 6);
    return bb_between(king, king_to) | bb_square(king_to);
}

/* Whether castling by right i is allowed but for attacks on *path, the king's squares. */
static inline bool castling_open(const Position *pos, const GenContext *ctx, int i, Bitboard *path)
{
    FM_FLASH struct CastlingPath *c = &castling_paths[i];
    if (!(pos->castling & c->right))
        return false;
    if (pos->chess960)
        return castling_open_960(pos, ctx->king, ctx->theirs, ctx->occupied, i, path);
    *path = c->safe;
    return !(ctx->occupied & c->empty);
}

/* Is sq attacked by the enemy, seen through our king? */
static inline __attribute__((always_inline)) bool
attacked_through_king(const Position *pos, const GenContext *ctx, int sq)
{
    Bitboard theirs = ctx->theirs, occupied = ctx->occupied ^ bb_square(ctx->king);
    return (attacks_pawn(ctx->us, sq) & theirs & pos->by_type[PAWN]) |
           (attacks_king(sq) & theirs & pos->by_type[KING]) |
           (attacks_knight(sq) & theirs & pos->by_type[KNIGHT]) |
           (attacks_bishop(sq, occupied) & theirs & (pos->by_type[BISHOP] | pos->by_type[QUEEN])) |
           (attacks_rook(sq, occupied) & theirs & (pos->by_type[ROOK] | pos->by_type[QUEEN]));
}

/* The king's squares: where it may step and the paths of the castlings that are open, tested
 * against the enemy's attacks at once. */
static inline __attribute__((always_inline)) void find_king_squares(const Position *pos,
                                                                    GenContext *ctx)
{
    Bitboard squares = attacks_king(ctx->king) & ~ctx->ours;
    Bitboard path[2] = {0, 0};
    int open = 0;
    if (!ctx->checkers && (pos->castling & (ctx->us == WHITE ? 3 : 12))) {
        int first = ctx->us == WHITE ? 0 : 2;
        for (int k = 0; k < 2; k++) {
            if (castling_open(pos, ctx, first + k, &path[k])) {
                open |= 1 << k;
                squares |= path[k];
            }
        }
    }
    ctx->safe = safe_squares(pos, ctx, squares);
    ctx->castling_legal = 0;
    if (open)
        ctx->castling_legal = (uint8_t)((open & ((ctx->safe & path[0]) == path[0])) |
                                        (open & ((ctx->safe & path[1]) == path[1]) << 1));
}

/* The context for side `us` to move: inlined where `us` is a constant, code for each colour. */
static inline __attribute__((always_inline)) void context_init_as(const Position *pos,
                                                                  GenContext *ctx, Color us)
{
    ctx->us = us;
    ctx->them = color_flip(ctx->us);
    ctx->king = pos->king_square[ctx->us];
    ctx->ours = pos->by_color[ctx->us];
    ctx->theirs = pos->by_color[ctx->them];
    ctx->occupied = ctx->ours | ctx->theirs;
    find_checks_and_pins(pos, ctx);
    find_king_squares(pos, ctx);
}

static void context_init(const Position *pos, GenContext *ctx)
{
    context_init_as(pos, ctx, pos_side(pos));
}

/* The king's legal moves to `targets`. */
static inline Bitboard king_targets(const GenContext *ctx, Bitboard targets)
{
    return attacks_king(ctx->king) & targets & ctx->safe;
}

/* Castling by right i (our own). */
static inline bool castling_allowed(const GenContext *ctx, int i)
{
    return ctx->castling_legal >> (i & 1) & 1;
}

/* En passant removes the capturing and the captured pawn from one rank: test the king directly
 * against the enemy sliders, and against a non-slider checker that the capture does not remove. */
static bool en_passant_legal(const Position *pos, int king, Bitboard theirs, Bitboard occupied,
                             Bitboard checkers, int from)
{
    int to = pos->ep_square, captured = to ^ 8;
    occupied ^= bb_square(from) ^ bb_square(to) ^ bb_square(captured);
    theirs ^= bb_square(captured);
    if (attacks_rook(king, occupied) & theirs & (pos->by_type[ROOK] | pos->by_type[QUEEN]))
        return false;
    if (attacks_bishop(king, occupied) & theirs & (pos->by_type[BISHOP] | pos->by_type[QUEEN]))
        return false;
    return !(checkers & (pos->by_type[KNIGHT] | pos->by_type[PAWN]) & ~bb_square(captured));
}

/* (Its arguments by value: a context passed by address to a function not inlined would be kept
 * in memory by every caller.) */
static inline bool en_passant_is_legal(const Position *pos, const GenContext *ctx, int from)
{
    return en_passant_legal(pos, ctx->king, ctx->theirs, ctx->occupied, ctx->checkers, from);
}

/* The castling move of right i: the king's two-square step, or in Chess960 the king taking its
 * rook. */
static inline Move castling_move(const Position *pos, int i)
{
    int to = pos->chess960 ? pos->castling_rook[i] : castling_paths[i].king_to;
    return move_make_kind(pos->king_square[i >> 1], to, MOVE_CASTLING);
}

/* Pawn targets, split the way every mode needs them. */
typedef struct PawnTargets {
    Bitboard single, twice, east, west; /* destination sets, legal */
    int forward, east_delta, west_delta;
} PawnTargets;

static inline __attribute__((always_inline)) void
pawn_targets(const Position *pos, const GenContext *ctx, PawnTargets *pt)
{
    Color us = ctx->us;
    Bitboard pawns = ctx->ours & pos->by_type[PAWN];
    Bitboard empty = ~ctx->occupied;
    Bitboard pushers = pawns & ~ctx->pinned_diagonal;
    Bitboard single = (bb_forward(us, pushers & ~ctx->pinned_straight) |
                       (bb_forward(us, pushers & ctx->pinned_straight) & ctx->pinned_straight)) &
                      empty;
    pt->twice = bb_forward(us, single) & empty & (us == WHITE ? bb_rank(3) : bb_rank(4)) &
                ctx->check_mask;
    pt->single = single & ctx->check_mask;

    Bitboard capturers = pawns & ~ctx->pinned_straight;
    Bitboard free_ahead = bb_forward(us, capturers & ~ctx->pinned_diagonal);
    Bitboard pinned_ahead = bb_forward(us, capturers & ctx->pinned_diagonal);
    Bitboard targets = ctx->theirs & ctx->check_mask;
    pt->east = (bb_east(free_ahead) | (bb_east(pinned_ahead) & ctx->pinned_diagonal)) & targets;
    pt->west = (bb_west(free_ahead) | (bb_west(pinned_ahead) & ctx->pinned_diagonal)) & targets;
    pt->forward = us == WHITE ? 8 : -8;
    pt->east_delta = pt->forward + 1;
    pt->west_delta = pt->forward - 1;
}

/* The pawns' moves, a promotion counting four. Most positions have no pawn pinned and the side
 * not in check: then the targets need no masks. */
static inline __attribute__((always_inline)) int count_pawn_moves(const Position *pos,
                                                                  const GenContext *ctx)
{
    Color us = ctx->us;
    Bitboard last_rank = us == WHITE ? BB_RANK_8 : BB_RANK_1;
    Bitboard pawns = ctx->ours & pos->by_type[PAWN];
    Bitboard single, east, west;
    int count;
    if (FLASHMATE_SPEED_CODE && !(pawns & (ctx->pinned_straight | ctx->pinned_diagonal)) &&
        !ctx->checkers) {
        Bitboard empty = ~ctx->occupied, ahead = bb_forward(us, pawns);
        single = ahead & empty;
        east = bb_east(ahead) & ctx->theirs;
        west = bb_west(ahead) & ctx->theirs;
        count = bb_popcount(single) + bb_popcount(east) + bb_popcount(west) +
                bb_popcount(bb_forward(us, single) & empty & bb_rank(us == WHITE ? 3 : 4));
    } else {
        PawnTargets pt;
        pawn_targets(pos, ctx, &pt);
        single = pt.single;
        east = pt.east;
        west = pt.west;
        count = bb_popcount(single) + bb_popcount(east) + bb_popcount(west) + bb_popcount(pt.twice);
    }
    if (pawns & bb_forward(color_flip(us), last_rank))
        count += 3 * (bb_popcount(single & last_rank) + bb_popcount(east & last_rank) +
                      bb_popcount(west & last_rank));
    if (pos->ep_square != SQ_NONE) {
        Bitboard from = attacks_pawn(ctx->them, pos->ep_square) & ctx->ours & pos->by_type[PAWN];
        while (from)
            count += en_passant_is_legal(pos, ctx, bb_pop_lsb(&from));
    }
    return count;
}

/* ---------------------------------------------------------------------------------------------
 * Counting (perft leaves): popcounts of target sets, no list.
 */

/* The legal moves of the position whose context is ctx. */
static inline __attribute__((always_inline)) int count_with_context(const Position *pos,
                                                                    const GenContext *ctx)
{
    int count = bb_popcount(king_targets(ctx, ~ctx->ours));
    if (bb_more_than_one(ctx->checkers))
        return count;

    Bitboard targets = ~ctx->ours & ctx->check_mask;
    Bitboard pinned = ctx->pinned_straight | ctx->pinned_diagonal;
    Bitboard b = ctx->ours & pos->by_type[KNIGHT] & ~pinned;
    while (b)
        count += bb_popcount(attacks_knight(bb_pop_lsb(&b)) & targets);

    Bitboard diagonal = ctx->ours & (pos->by_type[BISHOP] | pos->by_type[QUEEN]) &
                        ~ctx->pinned_straight;
    b = diagonal & ~ctx->pinned_diagonal;
    while (b)
        count += bb_popcount(attacks_bishop(bb_pop_lsb(&b), ctx->occupied) & targets);
    b = diagonal & ctx->pinned_diagonal;
    while (b)
        count += bb_popcount(attacks_bishop(bb_pop_lsb(&b), ctx->occupied) & targets &
                             ctx->pinned_diagonal);

    Bitboard straight = ctx->ours & (pos->by_type[ROOK] | pos->by_type[QUEEN]) &
                        ~ctx->pinned_diagonal;
    b = straight & ~ctx->pinned_straight;
    while (b)
        count += bb_popcount(attacks_rook(bb_pop_lsb(&b), ctx->occupied) & targets);
    b = straight & ctx->pinned_straight;
    while (b)
        count += bb_popcount(attacks_rook(bb_pop_lsb(&b), ctx->occupied) & targets &
                             ctx->pinned_straight);

    count += count_pawn_moves(pos, ctx);
    count += (ctx->castling_legal & 1) + (ctx->castling_legal >> 1);
    return count;
}

static inline __attribute__((always_inline)) int count_legal_as(const Position *pos, Color us)
{
    GenContext ctx;
    context_init_as(pos, &ctx, us);
    return count_with_context(pos, &ctx);
}

int movegen_count_legal(const Position *pos)
{
    return pos_side(pos) == WHITE ? count_legal_as(pos, WHITE) : count_legal_as(pos, BLACK);
}

/* ---------------------------------------------------------------------------------------------
 * List generation.
 */

static inline ScoredMove *add_move(ScoredMove *out, Move move)
{
    out->move = move;
    out->score = 0;
    return out + 1;
}

static inline ScoredMove *add_moves_from(ScoredMove *out, int from, Bitboard targets)
{
    while (targets)
        out = add_move(out, move_make(from, bb_pop_lsb(&targets)));
    return out;
}

/* Pawn moves to each target, the pawn standing `delta` squares behind (delta = to - from). */
static inline ScoredMove *add_pawn_moves(ScoredMove *out, Bitboard targets, int delta)
{
    while (targets) {
        int to = bb_pop_lsb(&targets);
        out = add_move(out, move_make(to - delta, to));
    }
    return out;
}

static inline ScoredMove *add_promotions(ScoredMove *out, Bitboard targets, int delta, bool queen,
                                         bool under)
{
    while (targets) {
        int to = bb_pop_lsb(&targets), from = to - delta;
        if (queen)
            out = add_move(out, move_make_promotion(from, to, QUEEN));
        if (under) {
            out = add_move(out, move_make_promotion(from, to, KNIGHT));
            out = add_move(out, move_make_promotion(from, to, ROOK));
            out = add_move(out, move_make_promotion(from, to, BISHOP));
        }
    }
    return out;
}

MOVEGEN_SPEED_INLINE ScoredMove *add_en_passant(const Position *pos, const GenContext *ctx,
                                                ScoredMove *out)
{
    if (pos->ep_square == SQ_NONE)
        return out;
    Bitboard from = attacks_pawn(ctx->them, pos->ep_square) & ctx->ours & pos->by_type[PAWN];
    while (from) {
        int sq = bb_pop_lsb(&from);
        if (en_passant_is_legal(pos, ctx, sq))
            out = add_move(out, move_make_kind(sq, pos->ep_square, MOVE_EN_PASSANT));
    }
    return out;
}

/* Knight, bishop, rook, queen and king moves to `targets` (the king's: those not attacked). */
MOVEGEN_SPEED_INLINE ScoredMove *add_piece_moves(const Position *pos, const GenContext *ctx,
                                                 ScoredMove *out, Bitboard targets)
{
    Bitboard pinned = ctx->pinned_straight | ctx->pinned_diagonal;
    Bitboard checked_targets = targets & ctx->check_mask;
    Bitboard b = ctx->ours & pos->by_type[KNIGHT] & ~pinned;
    while (b) {
        int from = bb_pop_lsb(&b);
        out = add_moves_from(out, from, attacks_knight(from) & checked_targets);
    }
    b = ctx->ours & (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & ~ctx->pinned_straight;
    while (b) {
        int from = bb_pop_lsb(&b);
        Bitboard to = attacks_bishop(from, ctx->occupied) & checked_targets;
        if (ctx->pinned_diagonal & bb_square(from))
            to &= ctx->pinned_diagonal;
        out = add_moves_from(out, from, to);
    }
    b = ctx->ours & (pos->by_type[ROOK] | pos->by_type[QUEEN]) & ~ctx->pinned_diagonal;
    while (b) {
        int from = bb_pop_lsb(&b);
        Bitboard to = attacks_rook(from, ctx->occupied) & checked_targets;
        if (ctx->pinned_straight & bb_square(from))
            to &= ctx->pinned_straight;
        out = add_moves_from(out, from, to);
    }
    return add_moves_from(out, ctx->king, king_targets(ctx, targets));
}

MOVEGEN_SPEED_INLINE ScoredMove *add_castling(const Position *pos, const GenContext *ctx,
                                              ScoredMove *out)
{
    if (ctx->checkers || !pos->castling)
        return out;
    for (int i = ctx->us == WHITE ? 0 : 2, end = i + 2; i < end; i++)
        if (castling_allowed(ctx, i))
            out = add_move(out, castling_move(pos, i));
    return out;
}

static inline __attribute__((always_inline)) ScoredMove *
generate_all(const Position *pos, const GenContext *ctx, ScoredMove *out)
{
    Bitboard last_rank = ctx->us == WHITE ? BB_RANK_8 : BB_RANK_1;
    PawnTargets pt;
    pawn_targets(pos, ctx, &pt);
    out = add_promotions(out, pt.east & last_rank, pt.east_delta, true, true);
    out = add_promotions(out, pt.west & last_rank, pt.west_delta, true, true);
    out = add_promotions(out, pt.single & last_rank, pt.forward, true, true);
    out = add_pawn_moves(out, pt.east & ~last_rank, pt.east_delta);
    out = add_pawn_moves(out, pt.west & ~last_rank, pt.west_delta);
    out = add_en_passant(pos, ctx, out);
    out = add_pawn_moves(out, pt.single & ~last_rank, pt.forward);
    out = add_pawn_moves(out, pt.twice, 2 * pt.forward);
    out = add_piece_moves(pos, ctx, out, ~ctx->ours);
    return add_castling(pos, ctx, out);
}

static inline __attribute__((always_inline)) ScoredMove *
generate_quiets(const Position *pos, const GenContext *ctx, ScoredMove *out)
{
    Bitboard last_rank = ctx->us == WHITE ? BB_RANK_8 : BB_RANK_1;
    PawnTargets pt;
    pawn_targets(pos, ctx, &pt);
    out = add_promotions(out, pt.single & last_rank, pt.forward, false, true);
    out = add_promotions(out, pt.east & last_rank, pt.east_delta, false, true);
    out = add_promotions(out, pt.west & last_rank, pt.west_delta, false, true);
    out = add_pawn_moves(out, pt.single & ~last_rank, pt.forward);
    out = add_pawn_moves(out, pt.twice, 2 * pt.forward);
    out = add_piece_moves(pos, ctx, out, ~ctx->occupied);
    return add_castling(pos, ctx, out);
}

/* Our pieces that can legally capture on `victim` (not the king), all types at once: the
 * caller splits them by type. */
static inline __attribute__((always_inline)) Bitboard
capturers_of(const Position *pos, const GenContext *ctx, int victim)
{
    Bitboard v = bb_square(victim);
    Bitboard diagonal_ok = ~ctx->pinned_straight &
                           ((v & ctx->pinned_diagonal) ? ~(Bitboard)0 : ~ctx->pinned_diagonal);
    Bitboard straight_ok = ~ctx->pinned_diagonal &
                           ((v & ctx->pinned_straight) ? ~(Bitboard)0 : ~ctx->pinned_straight);
    Bitboard queens = pos->by_type[QUEEN];
    return ctx->ours &
           ((attacks_pawn(ctx->them, victim) & pos->by_type[PAWN] & diagonal_ok) |
            (attacks_knight(victim) & pos->by_type[KNIGHT] &
             ~(ctx->pinned_straight | ctx->pinned_diagonal)) |
            (attacks_bishop(victim, ctx->occupied) & (pos->by_type[BISHOP] | queens) &
             diagonal_ok) |
            (attacks_rook(victim, ctx->occupied) & (pos->by_type[ROOK] | queens) & straight_ok));
}

/* Victim first, least valuable attacker first: the list comes out in MVV/LVA order. */
static inline __attribute__((always_inline)) ScoredMove *
generate_captures(const Position *pos, const GenContext *ctx, ScoredMove *out)
{
    Bitboard last_rank = ctx->us == WHITE ? BB_RANK_8 : BB_RANK_1;
    PawnTargets pt;
    pawn_targets(pos, ctx, &pt);
    out = add_promotions(out, pt.single & last_rank, pt.forward, true, false);

    for (int victim_type = QUEEN; victim_type >= PAWN; victim_type--) {
        Bitboard victims = ctx->theirs & pos->by_type[victim_type];
        while (victims) {
            int victim = bb_pop_lsb(&victims);
            Bitboard capturers = (ctx->check_mask & bb_square(victim))
                                   ? capturers_of(pos, ctx, victim)
                                   : 0;
            if (capturers) {
                for (int attacker = PAWN; attacker <= QUEEN; attacker++) {
                    Bitboard from = capturers & pos->by_type[attacker];
                    while (from) {
                        int sq = bb_pop_lsb(&from);
                        if (attacker == PAWN && (last_rank & bb_square(victim)))
                            out = add_move(out, move_make_promotion(sq, victim, QUEEN));
                        else
                            out = add_move(out, move_make(sq, victim));
                    }
                }
            }
            if ((attacks_king(victim) & bb_square(ctx->king)) && (ctx->safe & bb_square(victim)))
                out = add_move(out, move_make(ctx->king, victim));
        }
    }
    return add_en_passant(pos, ctx, out);
}

static inline __attribute__((always_inline)) int write_as(const Position *pos, GenMode mode,
                                                          ScoredMove *moves, Color us)
{
    GenContext ctx;
    ScoredMove *out = moves;
    context_init_as(pos, &ctx, us);

    if (bb_more_than_one(ctx.checkers)) {
        /* Double check: only the king moves. */
        Bitboard targets = mode == GEN_CAPTURES ? ctx.theirs
                         : mode == GEN_QUIETS   ? ~ctx.occupied
                                                : ~ctx.ours;
        out = add_moves_from(out, ctx.king, king_targets(&ctx, targets));
    } else if (mode == GEN_CAPTURES) {
        out = generate_captures(pos, &ctx, out);
    } else if (mode == GEN_QUIETS) {
        out = generate_quiets(pos, &ctx, out);
    } else {
        out = generate_all(pos, &ctx, out);
    }
    assert(out - moves <= MAX_MOVES); /* 218 is the most any legal position has */
    return (int)(out - moves);
}

int movegen_write(const Position *pos, GenMode mode, ScoredMove *moves)
{
    return pos_side(pos) == WHITE ? write_as(pos, mode, moves, WHITE)
                                  : write_as(pos, mode, moves, BLACK);
}

int movegen_append(const Position *pos, GenMode mode, MoveList *list)
{
    int added = movegen_write(pos, mode, list->moves + list->count);
    list->count += added;
    assert(list->count <= MAX_MOVES);
    return added;
}

int movegen_generate(const Position *pos, GenMode mode, MoveList *list)
{
    list->count = 0;
    return movegen_append(pos, mode, list);
}

/* ---------------------------------------------------------------------------------------------
 * Perft's last two plies: each move of the position made, the moves of the position it leads to
 * (a child, the other side to move) counted, the move unmade.
 *
 * The children share most of what their side to move can do: the moves of its knights and
 * sliders are counted once, in the parent, and a child counts again only the sliders whose
 * attacks reach a square its move left or took (and its knights gain the piece the move put on
 * a square where one of theirs was taken). That holds while the child's pins are the parent's
 * and it is not in check: a move that neither leaves nor reaches a square of the children's
 * king's lines up to the first enemy piece (seen through its own pieces) leaves their pins and
 * gives no check but by a knight or a pawn; otherwise the child's pins are looked up and
 * compared. King, castling and pawns are counted in each child; castling, en
 * passant and promotions, pins that changed and checks by a slider are counted from scratch.
 */

/* The legal moves of our slider on sq whose diagonal and straight attacks are given (not in
 * check: to every square not ours). */
static inline __attribute__((always_inline)) int slider_moves(const GenContext *ctx, int sq,
                                                              Bitboard diagonal, Bitboard straight)
{
    Bitboard square = bb_square(sq), targets = ~ctx->ours;
    if (ctx->pinned_straight & square)
        diagonal = 0;
    else if (ctx->pinned_diagonal & square)
        diagonal &= ctx->pinned_diagonal;
    if (ctx->pinned_diagonal & square)
        straight = 0;
    else if (ctx->pinned_straight & square)
        straight &= ctx->pinned_straight;
    return bb_popcount(diagonal & targets) + bb_popcount(straight & targets);
}

/* The legal moves of our knight on sq (not in check; none when pinned). */
static inline int knight_moves(const GenContext *ctx, int sq)
{
    if ((ctx->pinned_straight | ctx->pinned_diagonal) & bb_square(sq))
        return 0;
    return bb_popcount(attacks_knight(sq) & ~ctx->ours);
}

/* The context of side `us` before its checks and pins are found. */
static inline GenContext context_start(const Position *pos, Color us)
{
    GenContext ctx = {.us = us,
                      .them = color_flip(us),
                      .king = pos->king_square[us],
                      .ours = pos->by_color[us],
                      .theirs = pos->by_color[color_flip(us)]};
    ctx.occupied = ctx.ours | ctx.theirs;
    return ctx;
}

/* What the children share, worked out in the parent for the side that moves in them. Its
 * sliders are numbered (eight at most, more only after promotions: then nothing is shared) for
 * the masks by square. */
typedef struct Children {
    /* The side that moves in the children: */
    Bitboard pinned_straight, pinned_diagonal; /* its pins (it is not in check) */
    Bitboard king_lines; /* its king's lines up to the first enemy piece, through its own */
    int pieces;          /* the moves of its knights and sliders */
    uint8_t slider_square[8];
    Bitboard slider_diagonal[8], slider_straight[8]; /* all ones where it moves so */
    uint8_t attacked_by[SQUARE_NB];                  /* bit i: its slider i attacks the square */
    uint8_t slider_on[SQUARE_NB];                    /* bit i on its slider i's square */
    uint8_t moves_on[SQUARE_NB]; /* each knight's and slider's moves by square, 0 elsewhere */
    /* The squares its king may step or castle to: whether the enemy attacks each in the parent
     * (seen through the king), and the squares on which a change could alter that: */
    bool zone;                           /* whether the rest is set: not against a lone rook, say */
    Bitboard zone_own;                   /* its own, always tested */
    Bitboard zone_attacked;              /* the squares the enemy attacks */
    Bitboard zone_watched_by[SQUARE_NB]; /* the squares a change on this one could concern */
} Children;

/* The children of pos, whose side to move is `us` (not to move in pos). False if nothing is
 * shared: that side is in check (no legal position has it) or has more than 8 sliders. */
static inline __attribute__((always_inline)) bool children_init(const Position *pos, Children *c,
                                                                Color us)
{
    GenContext ctx = context_start(pos, us);
    Bitboard sliders = pos->by_type[BISHOP] | pos->by_type[ROOK] | pos->by_type[QUEEN];
    if (bb_popcount(ctx.ours & sliders) > 8)
        return false;
    find_checks_and_pins(pos, &ctx);
    if (ctx.checkers)
        return false;
    c->pinned_straight = ctx.pinned_straight;
    c->pinned_diagonal = ctx.pinned_diagonal;
    c->king_lines = attacks_queen(ctx.king, ctx.theirs);

    memset(c->moves_on, 0, sizeof c->moves_on);
    memset(c->attacked_by, 0, sizeof c->attacked_by);
    memset(c->slider_on, 0, sizeof c->slider_on);
    int pieces = 0, n = 0;
    for (Bitboard b = ctx.ours & pos->by_type[KNIGHT]; b;) {
        int sq = bb_pop_lsb(&b), moves = knight_moves(&ctx, sq);
        c->moves_on[sq] = (uint8_t)moves;
        pieces += moves;
    }
    for (Bitboard b = ctx.ours & sliders; b; n++) {
        int sq = bb_pop_lsb(&b);
        PieceType pt = piece_type(pos_piece_on(pos, sq));
        Bitboard diagonal = pt != ROOK ? attacks_bishop(sq, ctx.occupied) : 0;
        Bitboard straight = pt != BISHOP ? attacks_rook(sq, ctx.occupied) : 0;
        int moves = slider_moves(&ctx, sq, diagonal, straight);
        uint8_t bit = (uint8_t)(1u << n);
        c->moves_on[sq] = (uint8_t)moves;
        pieces += moves;
        c->slider_square[n] = (uint8_t)sq;
        c->slider_diagonal[n] = pt != ROOK ? ~(Bitboard)0 : 0;
        c->slider_straight[n] = pt != BISHOP ? ~(Bitboard)0 : 0;
        c->slider_on[sq] = bit;
        for (Bitboard a = diagonal | straight; a;)
            c->attacked_by[bb_pop_lsb(&a)] |= bit;
    }
    c->pieces = pieces;

    /* Against two pieces or fewer (and pawns) the squares are quickly tested in each child. */
    c->zone = bb_popcount(ctx.theirs & ~pos->by_type[PAWN] & ~pos->by_type[KING]) > 2;
    if (!c->zone)
        return true;
    Bitboard zone = attacks_king(ctx.king), occupied = ctx.occupied ^ bb_square(ctx.king);
    for (int i = us == WHITE ? 0 : 2, end = i + 2; i < end; i++)
        if (pos->castling & (1 << i))
            zone |= castling_king_path(pos, ctx.king, i);
    Bitboard theirs = ctx.theirs, attacked = 0;
    /* A square of its own can be stepped to in a child only if the move took the piece there,
     * and it then looked at the square (from where it took): such squares are always tested. */
    c->zone_own = zone & ctx.ours;
    zone &= ~ctx.ours;
    memset(c->zone_watched_by, 0, sizeof c->zone_watched_by);
    while (zone) {
        int sq = bb_pop_lsb(&zone);
        Bitboard diagonal = attacks_bishop(sq, occupied), straight = attacks_rook(sq, occupied);
        Bitboard knight = attacks_knight(sq), king = attacks_king(sq);
        Bitboard pawn = attacks_pawn(us, sq);
        for (Bitboard w = diagonal | straight | knight | king | pawn; w;)
            c->zone_watched_by[bb_pop_lsb(&w)] |= bb_square(sq);
        if ((diagonal & theirs & (pos->by_type[BISHOP] | pos->by_type[QUEEN])) |
            (straight & theirs & (pos->by_type[ROOK] | pos->by_type[QUEEN])) |
            (knight & theirs & pos->by_type[KNIGHT]) | (king & theirs & pos->by_type[KING]) |
            (pawn & theirs & pos->by_type[PAWN]))
            attacked |= bb_square(sq);
    }
    c->zone_attacked = attacked;
    return true;
}

/* find_king_squares for a child: a square is attacked as in the parent unless the move left or
 * took a square from which that could change; then it is tested. */
static inline __attribute__((always_inline)) void
child_king_squares(const Position *pos, GenContext *ctx, const Children *c, int from, int to)
{
    Bitboard squares = attacks_king(ctx->king) & ~ctx->ours;
    Bitboard path[2] = {0, 0};
    int open = 0;
    if (pos->castling & (ctx->us == WHITE ? 3 : 12)) {
        int first = ctx->us == WHITE ? 0 : 2;
        for (int k = 0; k < 2; k++) {
            if (castling_open(pos, ctx, first + k, &path[k])) {
                open |= 1 << k;
                squares |= path[k];
            }
        }
    }
    /* The squares to test, found without a branch per square (the move decides). */
    Bitboard test = c->zone_own | c->zone_watched_by[from] | c->zone_watched_by[to];
    Bitboard safe = squares & ~test & ~c->zone_attacked;
    for (Bitboard b = squares & test; b; b &= b - 1)
        if (!attacked_through_king(pos, ctx, bb_lsb(b)))
            safe |= b & -b;
    squares = safe;
    ctx->safe = squares;
    ctx->castling_legal = 0;
    if (open)
        ctx->castling_legal = (uint8_t)((open & ((squares & path[0]) == path[0])) |
                                        (open & ((squares & path[1]) == path[1]) << 1));
}

/* The moves of the child after `move` (made, ordinary), for its side to move `us`. */
static inline __attribute__((always_inline)) int
count_child_as(const Position *pos, const Children *c, Move move, Piece captured, Color us)
{
    int from = move_from(move), to = move_to(move);
    Bitboard from_to = bb_square(from) | bb_square(to);
    GenContext ctx = context_start(pos, us);
    if (from_to & c->king_lines) {
        find_checks_and_pins(pos, &ctx);
        if (ctx.checkers || ctx.pinned_straight != c->pinned_straight ||
            ctx.pinned_diagonal != c->pinned_diagonal)
            return movegen_count_legal(pos);
    } else {
        /* A knight's or a pawn's check is the only one the move can give here. */
        ctx.checkers = (attacks_knight(ctx.king) & ctx.theirs & pos->by_type[KNIGHT]) |
                       (attacks_pawn(us, ctx.king) & ctx.theirs & pos->by_type[PAWN]);
        ctx.pinned_straight = c->pinned_straight;
        ctx.pinned_diagonal = c->pinned_diagonal;
        ctx.check_mask = ~(Bitboard)0;
        if (ctx.checkers)
            return movegen_count_legal(pos);
    }
    if (c->zone)
        child_king_squares(pos, &ctx, c, from, to);
    else
        find_king_squares(pos, &ctx);
    int count = bb_popcount(king_targets(&ctx, ~ctx.ours)) + count_pawn_moves(pos, &ctx) +
                (ctx.castling_legal & 1) + (ctx.castling_legal >> 1);

    /* (Without branches where the move decides: each would be mispredicted often.) */
    count += c->pieces - c->moves_on[to] +
             bb_popcount(attacks_knight(to) & ctx.ours & pos->by_type[KNIGHT] &
                         ~(ctx.pinned_straight | ctx.pinned_diagonal) &
                         (captured != NO_PIECE ? ~(Bitboard)0 : 0));
    unsigned affected = (unsigned)(c->attacked_by[from] | c->attacked_by[to]) & ~c->slider_on[to];
    while (affected) {
        int i = __builtin_ctz(affected);
        affected &= affected - 1;
        int sq = c->slider_square[i];
        /* Both lookups, masked by its kind: a branch on the kind is mispredicted. */
        Bitboard diagonal = attacks_bishop(sq, ctx.occupied) & c->slider_diagonal[i];
        Bitboard straight = attacks_rook(sq, ctx.occupied) & c->slider_straight[i];
        count += slider_moves(&ctx, sq, diagonal, straight) - c->moves_on[sq];
    }
    return count;
}

static inline __attribute__((always_inline)) uint64_t count_children_as(Position *pos, Color us)
{
    ScoredMove moves[MAX_MOVES];
    Children children;
    int n = write_as(pos, GEN_LEGAL, moves, us);
    bool shared = children_init(pos, &children, color_flip(us));
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Undo undo;
        Move move = moves[i].move;
        make_move_as(pos, move, &undo, MAKE_BOARD);
        if (shared && move_kind(move) == MOVE_NORMAL)
            total += (uint64_t)count_child_as(pos, &children, move, (Piece)undo.captured,
                                              color_flip(us));
        else
            total += (uint64_t)movegen_count_legal(pos);
        unmake_move_as(pos, move, &undo, MAKE_BOARD);
    }
    return total;
}

uint64_t movegen_count_children(Position *pos)
{
#if !FLASHMATE_SPEED_CODE
    /* One child after the other. */
    ScoredMove moves[MAX_MOVES];
    uint64_t total = 0;
    for (int i = 0, n = movegen_write(pos, GEN_LEGAL, moves); i < n; i++) {
        Undo undo;
        pos_do_move(pos, moves[i].move, &undo);
        total += (uint64_t)movegen_count_legal(pos);
        pos_undo_move(pos, moves[i].move, &undo);
    }
    return total;
#else
    return pos_side(pos) == WHITE ? count_children_as(pos, WHITE) : count_children_as(pos, BLACK);
#endif
}

/* Can the piece on `from` reach `to` by its own movement rule (legality aside)? */
static bool reaches(const Position *pos, const GenContext *ctx, int from, int to)
{
    PieceType pt = piece_type(pos_piece_on(pos, from));
    Bitboard target = bb_square(to);
    if (pt != PAWN)
        return attacks_piece(pt, from, ctx->occupied) & target;
    if (attacks_pawn(ctx->us, from) & ctx->theirs & target)
        return true;
    int forward = ctx->us == WHITE ? 8 : -8;
    if (to == from + forward)
        return !(ctx->occupied & target);
    return to == from + 2 * forward && rank_relative(ctx->us, square_rank(from)) == 1 &&
           !(ctx->occupied & (target | bb_square(from + forward)));
}

bool movegen_is_legal(const Position *pos, Move move)
{
    int from = move_from(move), to = move_to(move), kind = move_kind(move);
    Piece piece = pos_piece_on(pos, from);
    GenContext ctx;
    if (from == to || piece == NO_PIECE || piece_color(piece) != pos_side(pos))
        return false;
    if (kind != MOVE_PROMOTION && move_promotion(move) != KNIGHT)
        return false; /* promotion bits set on a move that is not a promotion */
    context_init(pos, &ctx);
    PieceType pt = piece_type(piece);
    if (kind == MOVE_CASTLING) {
        if (pt != KING || ctx.checkers)
            return false;
        for (int i = ctx.us == WHITE ? 0 : 2, end = i + 2; i < end; i++)
            if (castling_move(pos, i) == move)
                return castling_allowed(&ctx, i);
        return false;
    }
    if (ctx.ours & bb_square(to))
        return false;
    if (kind == MOVE_EN_PASSANT)
        return pt == PAWN && to == pos->ep_square && (attacks_pawn(ctx.us, from) & bb_square(to)) &&
               en_passant_is_legal(pos, &ctx, from);
    bool to_last_rank = rank_relative(ctx.us, square_rank(to)) == 7;
    if ((kind == MOVE_PROMOTION) != (pt == PAWN && to_last_rank))
        return false;
    if (!reaches(pos, &ctx, from, to))
        return false;
    if (pt == KING)
        return (ctx.safe & bb_square(to)) != 0;
    if (bb_more_than_one(ctx.checkers) || !(ctx.check_mask & bb_square(to)))
        return false;
    if ((ctx.pinned_straight | ctx.pinned_diagonal) & bb_square(from))
        return bb_line(ctx.king, from) & bb_square(to);
    return true;
}
