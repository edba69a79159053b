/*
 * Xiangqi static exchange evaluation by the swap algorithm, as src/chess/see.c does for chess:
 * both sides capture on the target square in turn with their least valuable attacker, and each
 * may stop when going on loses. A Xiangqi exchange cannot add x-ray attackers incrementally: a
 * piece that leaves its square can take away a cannon's screen as well as give one, and unblock
 * a horse's leg or an elephant's eye. So the attackers are worked out again from the occupancy
 * after every capture (each lookup is a table read). Pins and facing generals are ignored.
 */
#include "flashmate/xiangqi_search.h"

#include "attacks.h"

/* Pieces of both colours attacking sq with the given occupancy (sq's own occupant does not
 * matter). Every kind of move is symmetric here: a piece on a attacks b exactly when that
 * kind of piece on b would attack a, the soldier excepted (its table is per colour). */
static XqBB attackers_to(const XqPosition *pos, int sq, XqBB occupied)
{
    XqLineIndex li = xq_line_index(sq, occupied);
    XqBB a = xq_bb_and(xq_rook_from_index(li), pos->by_type[XQ_ROOK]);
    a = xq_bb_or(a, xq_bb_and(xq_cannon_from_index(li), pos->by_type[XQ_CANNON]));
    a = xq_bb_or(a, xq_bb_and(xq_horse_attackers_of(sq, occupied), pos->by_type[XQ_HORSE]));
    a = xq_bb_or(a, xq_bb_and(xq_attacks_advisor(sq), pos->by_type[XQ_ADVISOR]));
    a = xq_bb_or(a, xq_bb_and(xq_attacks_elephant(sq, occupied), pos->by_type[XQ_ELEPHANT]));
    a = xq_bb_or(a, xq_bb_and(xq_attacks_king(sq), pos->by_type[XQ_KING]));
    for (Color c = WHITE; c <= BLACK; c++)
        a = xq_bb_or(a, xq_bb_and(xq_pawn_attackers_of(c, sq), xq_pieces(pos, c, XQ_PAWN)));
    return xq_bb_and(a, occupied);
}

bool xq_see_ge(const XqPosition *pos, Move move, int threshold)
{
    int from = xq_move_from(move), to = xq_move_to(move);
    XqPiece captured = pos->board[to];
    int swap = (captured == XQ_NO_PIECE ? 0 : xq_piece_value(xq_piece_type(captured))) - threshold;
    if (swap < 0)
        return false;
    swap = xq_piece_value(xq_piece_type(pos->board[from])) - swap;
    if (swap <= 0)
        return true;

    XqBB occupied = xq_bb_xor(xq_occupied(pos), xq_bb_square(from));
    occupied = xq_bb_or(occupied, xq_bb_square(to)); /* the mover stands there now */
    Color side = xq_side(pos);
    bool result = true;
    for (;;) {
        side = color_flip(side);
        XqBB attackers = xq_bb_andnot(attackers_to(pos, to, occupied), xq_bb_square(to));
        XqBB mine = xq_bb_and(attackers, pos->by_color[side]);
        if (!xq_bb_any(mine))
            break;
        result = !result;

        XqPieceType pt = XQ_PAWN;
        while (!xq_bb_any(xq_bb_and(mine, pos->by_type[pt])))
            pt++;
        if (pt == XQ_KING)
            /* The general may capture only if the other side has no attacker left. */
            return xq_bb_any(xq_bb_and(attackers, pos->by_color[color_flip(side)])) ? !result
                                                                                    : result;
        swap = xq_piece_value(pt) - swap;
        if (swap < (int)result)
            break;
        occupied = xq_bb_xor(occupied, xq_bb_square(xq_bb_lsb(xq_bb_and(mine, pos->by_type[pt]))));
    }
    return result;
}
