/*
 * Static exchange evaluation by the swap algorithm: both sides recapture on the target square
 * with their least valuable attacker, revealing x-ray attackers behind as pieces leave.
 * Pins are ignored, as usual. https://www.chessprogramming.org/Static_Exchange_Evaluation
 */
#include "flashmate/search.h"

#include "attacks.h"
#include "eval.h"

bool see_ge(const Position *pos, Move move, int threshold)
{
    if (move_kind(move) != MOVE_NORMAL)
        return 0 >= threshold; /* castling, promotions, en passant: treated as even */

    int from = move_from(move), to = move_to(move);
    Piece captured = pos_piece_on(pos, to);
    int swap = (captured == NO_PIECE ? 0 : eval_see_value(piece_type(captured))) - threshold;
    if (swap < 0)
        return false;
    swap = eval_see_value(piece_type(pos_piece_on(pos, from))) - swap;
    if (swap <= 0)
        return true;

    Bitboard occupied = pos_occupied(pos) ^ bb_square(from) ^ bb_square(to);
    Bitboard attackers = pos_attackers_to(pos, to, occupied);
    Bitboard diagonal = pos->by_type[BISHOP] | pos->by_type[QUEEN];
    Bitboard straight = pos->by_type[ROOK] | pos->by_type[QUEEN];
    Color side = pos_side(pos);
    bool result = true;

    for (;;) {
        side = color_flip(side);
        attackers &= occupied;
        Bitboard mine = attackers & pos->by_color[side];
        if (!mine)
            break;
        result = !result;

        PieceType pt = PAWN;
        while (!(mine & pos->by_type[pt]))
            pt++;
        if (pt == KING)
            /* The king may capture only if the other side has no attacker left. */
            return (attackers & pos->by_color[color_flip(side)]) ? !result : result;

        swap = eval_see_value(pt) - swap;
        if (swap < (int)result)
            break;
        occupied ^= bb_square(bb_lsb(mine & pos->by_type[pt]));
        if (pt == PAWN || pt == BISHOP || pt == QUEEN)
            attackers |= attacks_bishop(to, occupied) & diagonal;
        if (pt == ROOK || pt == QUEEN)
            attackers |= attacks_rook(to, occupied) & straight;
    }
    return result;
}
