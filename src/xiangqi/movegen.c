/*
 * Xiangqi legal move generation and bulk counting.
 *
 * A move can expose our general only through the squares it empties and fills (and the piece it
 * captures), so once per call we find the few squares where that can happen:
 *   - from_danger: our pieces whose departure may expose the general: the single piece between
 *     it and an enemy chariot or the enemy general (pins, the flying-general rule included), the
 *     two pieces between it and an enemy cannon (taking one away leaves the cannon a screen), and
 *     a piece on the leg of an enemy horse aimed at it;
 *   - to_danger: the empty squares between the general and an enemy cannon with nothing in
 *     between (filling one gives the cannon a screen).
 * Every other move of a piece other than the general is legal when not in check. Moves from
 * from_danger, moves to to_danger, all moves in check and all general moves are tested by looking
 * at the general's attackers after the move (occupancy and captured piece updated). There is no
 * stalemate exception to handle: a side with no legal move has simply lost.
 */
#include "flashmate/xiangqi.h"

#include "attacks.h"

typedef struct XqGenContext {
    Color us, them;
    int king;
    XqBB ours, theirs, occupied;
    XqBB checkers;
    XqBB test_from;   /* moves from here are tested (from_danger, or everything in check) */
    XqBB test_to;     /* moves to here are tested (to_danger) */
    XqBB their_rooks; /* enemy chariots and the enemy general (it "flies" along the file) */
    XqBB their_cannons, their_horses, their_pawns;
} XqGenContext;

/* Would a general on `king` be attacked, with occupancy `occupied` and enemy pieces `theirs`
 * (the context's sets minus a captured piece)? */
static inline bool king_exposed(const XqGenContext *ctx, int king, XqBB occupied, XqBB theirs)
{
    XqLineIndex li = xq_line_index(king, occupied);
    if (xq_bb_any(xq_bb_and(xq_rook_from_index(li), xq_bb_and(ctx->their_rooks, theirs))))
        return true;
    if (xq_bb_any(xq_bb_and(xq_cannon_from_index(li), xq_bb_and(ctx->their_cannons, theirs))))
        return true;
    if (xq_bb_any(
            xq_bb_and(xq_horse_attackers_of(king, occupied), xq_bb_and(ctx->their_horses, theirs))))
        return true;
    return xq_bb_any(
        xq_bb_and(xq_pawn_attackers_of(ctx->them, king), xq_bb_and(ctx->their_pawns, theirs)));
}

/* Is the move from -> to of a piece other than the general legal? */
static inline bool move_is_safe(const XqGenContext *ctx, int from, int to)
{
    XqBB target = xq_bb_square(to);
    XqBB occupied = xq_bb_or(xq_bb_xor(ctx->occupied, xq_bb_square(from)), target);
    return !king_exposed(ctx, ctx->king, occupied, xq_bb_andnot(ctx->theirs, target));
}

/* Is the general's step to `to` legal? */
static inline bool king_move_is_safe(const XqGenContext *ctx, int to)
{
    XqBB target = xq_bb_square(to);
    XqBB occupied = xq_bb_or(xq_bb_xor(ctx->occupied, xq_bb_square(ctx->king)), target);
    return !king_exposed(ctx, to, occupied, xq_bb_andnot(ctx->theirs, target));
}

/* Squares strictly between two squares on one rank or file. */
static inline XqBB between(int a, int b)
{
    return xq_bb_and(xq_attacks_rook(a, xq_bb_square(b)), xq_attacks_rook(b, xq_bb_square(a)));
}

static void context_init(const XqPosition *pos, XqGenContext *ctx)
{
    static const int8_t diagonal_steps[4] = {-10, -8, 8, 10}; /* bit order of the leg index */
    ctx->us = xq_side(pos);
    ctx->them = color_flip(ctx->us);
    ctx->king = pos->king_square[ctx->us];
    ctx->ours = pos->by_color[ctx->us];
    ctx->theirs = pos->by_color[ctx->them];
    ctx->occupied = xq_bb_or(ctx->ours, ctx->theirs);
    ctx->their_rooks = xq_bb_and(ctx->theirs,
                                 xq_bb_or(pos->by_type[XQ_ROOK], pos->by_type[XQ_KING]));
    ctx->their_cannons = xq_bb_and(ctx->theirs, pos->by_type[XQ_CANNON]);
    ctx->their_horses = xq_bb_and(ctx->theirs, pos->by_type[XQ_HORSE]);
    ctx->their_pawns = xq_bb_and(ctx->theirs, pos->by_type[XQ_PAWN]);

    int king = ctx->king;
    XqBB occupied = ctx->occupied;
    XqLineIndex li = xq_line_index(king, occupied);
    XqBB rook = xq_rook_from_index(li);
    XqBB first = xq_bb_and(rook, occupied);                      /* nearest piece per ray */
    XqBB second = xq_bb_and(xq_cannon_from_index(li), occupied); /* the one behind it */
    XqBB horses = xq_bb_and(xq_horse_attackers_of(king, occupied), ctx->their_horses);
    ctx->checkers = xq_bb_or(
        xq_bb_or(xq_bb_and(first, ctx->their_rooks), xq_bb_and(second, ctx->their_cannons)),
        xq_bb_or(horses, xq_bb_and(xq_pawn_attackers_of(ctx->them, king), ctx->their_pawns)));
    ctx->test_to = xq_bb_empty();
    if (xq_bb_any(ctx->checkers)) {
        ctx->test_from = xq_bb_all();
        return;
    }

    XqBB from_danger = xq_bb_empty();
    /* Chariots and the general behind one piece: that piece, if ours, is pinned. */
    XqBB snipers = xq_bb_and(second, ctx->their_rooks);
    while (xq_bb_any(snipers)) {
        int s = xq_bb_pop_lsb(&snipers);
        from_danger = xq_bb_or(
            from_danger, xq_bb_and(xq_attacks_rook(s, occupied), xq_bb_and(first, ctx->ours)));
    }
    /* Cannons behind two pieces: removing either of ours leaves a single screen. */
    snipers = xq_bb_and(xq_cannon_hits(king, xq_bb_xor(occupied, first)), ctx->their_cannons);
    while (xq_bb_any(snipers)) {
        int s = xq_bb_pop_lsb(&snipers);
        from_danger = xq_bb_or(from_danger, xq_bb_and(between(king, s), ctx->ours));
    }
    /* Cannons with an open line to the general: any piece put in between becomes a screen. */
    snipers = xq_bb_and(first, ctx->their_cannons);
    while (xq_bb_any(snipers)) {
        int s = xq_bb_pop_lsb(&snipers);
        ctx->test_to = xq_bb_or(ctx->test_to, xq_bb_and(xq_attacks_rook(s, occupied), rook));
    }
    /* Horses whose leg (a diagonal neighbour of the general) is one of our pieces. */
    XqBB unblocked = xq_bb_load(xq_horse_attackers[king][0]);
    if (xq_bb_any(xq_bb_and(unblocked, ctx->their_horses))) {
        for (int i = 0; i < 4; i++) {
            int leg = king + diagonal_steps[i];
            if (leg < 0 || leg >= XQ_SQUARE_NB || !xq_bb_test(ctx->ours, leg))
                continue;
            XqBB blocked = xq_bb_andnot(unblocked, xq_bb_load(xq_horse_attackers[king][1 << i]));
            if (xq_bb_any(xq_bb_and(blocked, ctx->their_horses)))
                from_danger = xq_bb_or(from_danger, xq_bb_square(leg));
        }
    }
    ctx->test_from = from_danger;
}

/* Pseudo-legal targets of our piece of type pt (not the general) on `from`: `quiet` is a set of
 * empty squares allowed, `capture` a set of enemy pieces allowed. */
static inline XqBB piece_targets(const XqPosition *pos, const XqGenContext *ctx, XqPieceType pt,
                                 int from, XqBB quiet, XqBB capture)
{
    XqBB allowed = xq_bb_or(quiet, capture);
    switch (pt) {
    case XQ_PAWN: return xq_bb_and(xq_attacks_pawn(ctx->us, from), allowed);
    case XQ_ADVISOR: return xq_bb_and(xq_attacks_advisor(from), allowed);
    case XQ_ELEPHANT: return xq_bb_and(xq_attacks_elephant(from, ctx->occupied), allowed);
    case XQ_HORSE: return xq_bb_and(xq_attacks_horse(from, ctx->occupied), allowed);
    case XQ_ROOK: return xq_bb_and(xq_attacks_rook(from, ctx->occupied), allowed);
    case XQ_CANNON: {
        XqLineIndex li = xq_line_index(from, ctx->occupied);
        return xq_bb_or(xq_bb_and(xq_rook_from_index(li), quiet),
                        xq_bb_and(xq_cannon_from_index(li), capture));
    }
    case XQ_KING: return xq_bb_and(xq_attacks_king(from), allowed);
    default: (void)pos; return xq_bb_empty();
    }
}

/* ---------------------------------------------------------------------------------------------
 * Counting (perft leaves).
 */

static inline int count_piece_moves(const XqGenContext *ctx, int from, XqBB targets)
{
    int count = 0;
    if (!xq_bb_test(ctx->test_from, from)) {
        XqBB risky = xq_bb_and(targets, ctx->test_to);
        count = xq_bb_popcount(xq_bb_xor(targets, risky));
        targets = risky;
    }
    while (xq_bb_any(targets))
        count += move_is_safe(ctx, from, xq_bb_pop_lsb(&targets));
    return count;
}

int xq_count_legal(const XqPosition *pos)
{
    XqGenContext ctx;
    context_init(pos, &ctx);
    XqBB quiet = xq_bb_andnot(xq_bb_all(), ctx.occupied);
    int count = 0;
    for (int pt = XQ_PAWN; pt < XQ_KING; pt++) {
        XqBB b = xq_bb_and(ctx.ours, pos->by_type[pt]);
        while (xq_bb_any(b)) {
            int from = xq_bb_pop_lsb(&b);
            count += count_piece_moves(
                &ctx, from, piece_targets(pos, &ctx, (XqPieceType)pt, from, quiet, ctx.theirs));
        }
    }
    XqBB targets = xq_bb_andnot(xq_attacks_king(ctx.king), ctx.ours);
    while (xq_bb_any(targets))
        count += king_move_is_safe(&ctx, xq_bb_pop_lsb(&targets));
    return count;
}

/* ---------------------------------------------------------------------------------------------
 * Lists.
 */

static inline ScoredMove *add_move(ScoredMove *out, int from, int to)
{
    out->move = xq_move_make(from, to);
    out->score = 0;
    return out + 1;
}

static inline ScoredMove *add_piece_moves(const XqGenContext *ctx, ScoredMove *out, int from,
                                          XqBB targets)
{
    if (!xq_bb_test(ctx->test_from, from)) {
        XqBB risky = xq_bb_and(targets, ctx->test_to);
        XqBB safe = xq_bb_xor(targets, risky);
        while (xq_bb_any(safe))
            out = add_move(out, from, xq_bb_pop_lsb(&safe));
        targets = risky;
    }
    while (xq_bb_any(targets)) {
        int to = xq_bb_pop_lsb(&targets);
        if (move_is_safe(ctx, from, to))
            out = add_move(out, from, to);
    }
    return out;
}

int xq_generate_write(const XqPosition *pos, XqGenMode mode, ScoredMove *moves)
{
    XqGenContext ctx;
    ScoredMove *out = moves;
    context_init(pos, &ctx);
    XqBB quiet = mode == XQ_GEN_CAPTURES ? xq_bb_empty() : xq_bb_andnot(xq_bb_all(), ctx.occupied);
    XqBB capture = mode == XQ_GEN_QUIETS ? xq_bb_empty() : ctx.theirs;
    for (int pt = XQ_PAWN; pt < XQ_KING; pt++) {
        XqBB b = xq_bb_and(ctx.ours, pos->by_type[pt]);
        while (xq_bb_any(b)) {
            int from = xq_bb_pop_lsb(&b);
            out = add_piece_moves(&ctx, out, from,
                                  piece_targets(pos, &ctx, (XqPieceType)pt, from, quiet, capture));
        }
    }
    XqBB targets = xq_bb_and(xq_attacks_king(ctx.king), xq_bb_or(quiet, capture));
    while (xq_bb_any(targets)) {
        int to = xq_bb_pop_lsb(&targets);
        if (king_move_is_safe(&ctx, to))
            out = add_move(out, ctx.king, to);
    }
    return (int)(out - moves);
}

int xq_generate(const XqPosition *pos, XqGenMode mode, MoveList *list)
{
    list->count = xq_generate_write(pos, mode, list->moves);
    return list->count;
}

bool xq_is_legal(const XqPosition *pos, Move move)
{
    int from = xq_move_from(move), to = xq_move_to(move);
    if ((move >> 14) || from >= XQ_SQUARE_NB || to >= XQ_SQUARE_NB || from == to)
        return false;
    XqPiece piece = pos->board[from];
    if (piece == XQ_NO_PIECE || xq_piece_color(piece) != xq_side(pos))
        return false;
    XqGenContext ctx;
    context_init(pos, &ctx);
    XqPieceType pt = xq_piece_type(piece);
    XqBB quiet = xq_bb_andnot(xq_bb_all(), ctx.occupied);
    if (!xq_bb_test(piece_targets(pos, &ctx, pt, from, quiet, ctx.theirs), to))
        return false;
    if (pt == XQ_KING)
        return king_move_is_safe(&ctx, to);
    if (xq_bb_test(ctx.test_from, from) || xq_bb_test(ctx.test_to, to))
        return move_is_safe(&ctx, from, to);
    return true;
}
