/*
 * Chess moves from a Polyglot book (flashmate/book.h): the book's entries for the position's
 * key, decoded and checked for legality. The file itself is read by src/engine/book.c.
 */
#include "flashmate/book.h"

#include "flashmate/movegen.h"

/* Polyglot move: to file 0-2, to rank 3-5, from file 6-8, from rank 9-11, promotion 12-14
 * (1 knight .. 4 queen). Castling is written as the king taking its own rook, which is how
 * Chess960 positions encode it too. */
static Move decode_move(const Position *pos, uint16_t raw)
{
    int to = square_make(raw & 7, (raw >> 3) & 7);
    int from = square_make((raw >> 6) & 7, (raw >> 9) & 7);
    int promo = (raw >> 12) & 7;
    Piece piece = pos_piece_on(pos, from);
    if (piece_type(piece) == KING &&
        pos_piece_on(pos, to) == piece_make(piece_color(piece), ROOK)) {
        if (pos->chess960)
            return move_make_kind(from, to, MOVE_CASTLING);
        if (from == SQ_E1 && (to == SQ_H1 || to == SQ_A1))
            return move_make_kind(from, to == SQ_H1 ? SQ_G1 : SQ_C1, MOVE_CASTLING);
        if (from == SQ_E8 && (to == SQ_H8 || to == SQ_A8))
            return move_make_kind(from, to == SQ_H8 ? SQ_G8 : SQ_C8, MOVE_CASTLING);
    }
    if (promo >= 1 && promo <= 4)
        return move_make_promotion(from, to, (PieceType)(KNIGHT + promo - 1));
    if (piece_type(piece) == PAWN && to == pos->ep_square)
        return move_make_kind(from, to, MOVE_EN_PASSANT);
    return move_make(from, to);
}

int book_moves(Book *book, const Position *pos, Move *moves, uint16_t *weights, int max)
{
    BookEntry e;
    int count = 0;
    if (!book->file)
        return 0;
    for (uint64_t i = book_find(book, pos->key); count < max && book_entry(book, i, &e); i++) {
        if (e.key != pos->key)
            break;
        Move m = decode_move(pos, e.move);
        if (movegen_is_legal(pos, m)) {
            moves[count] = m;
            weights[count] = e.weight;
            count++;
        }
    }
    return count;
}

Move book_probe(Book *book, const Position *pos)
{
    Move moves[64];
    uint16_t weights[64];
    int count = book_moves(book, pos, moves, weights, 64);
    int chosen = book_choose(book, pos->key, weights, count);
    return chosen < 0 ? MOVE_NONE : moves[chosen];
}
