/*
 * The chess position: a piece-square array plus piece and colour bitboards and the small state
 * a FEN describes. Moves are made and unmade in place; the caller owns the undo record.
 *
 * The Zobrist key is updated incrementally and equals the position's Polyglot book key. As in
 * Polyglot, the en-passant square is kept (and hashed) only when a pawn of the side to move stands
 * beside the pawn that just advanced two squares, i.e. when an en-passant capture is
 * pseudo-legally possible; a FEN en-passant square that no pawn could capture on is dropped.
 *
 * Chess960 (Fischer random chess, also with different setups for the two sides) is the same
 * position under other castling rules (`chess960` set): each castling right belongs to a rook
 * anywhere on the back rank, on its side of the king; castling puts king and rook on the g- and
 * f-file (c- and d-file), as in standard chess, and is written as the king taking its rook. The
 * key's castling part is the Polyglot one of the four rights, whichever the rooks' files: a
 * standard position has the same key under both rules.
 */
#ifndef FLASHMATE_POSITION_H
#define FLASHMATE_POSITION_H

#include <stddef.h>

#include "flashmate/types.h"

typedef struct Position {
    Bitboard by_type[PIECE_TYPE_NB]; /* both colours */
    Bitboard by_color[COLOR_NB];
    uint8_t board[SQUARE_NB]; /* Piece or NO_PIECE */
    uint64_t key;             /* Polyglot-compatible Zobrist key */
    uint8_t side;             /* Color to move */
    uint8_t castling;         /* CASTLE_* bits */
    uint8_t ep_square;        /* SQ_NONE unless an en-passant capture is possible */
    uint8_t king_square[COLOR_NB];
    uint8_t chess960; /* castling under Chess960 rules: moves king takes rook, FEN in X-FEN */
    /* The square of each right's rook, by the right's bit number (h1, a1, h8, a8 in standard
     * chess). It stays when the right is lost (undoing castling needs it); a FEN sets the
     * standard corner for a right it does not give. */
    uint8_t castling_rook[CASTLE_RIGHT_NB];
    uint16_t halfmove_clock;
    uint16_t fullmove_number;
} Position;

/* What pos_do_move cannot recompute when it is undone. The move counters saturate at 65535
 * (they never wrap to a value a FEN cannot hold), so they are restored from here. */
typedef struct Undo {
    uint64_t key;
    uint16_t halfmove_clock;
    uint16_t fullmove_number;
    uint8_t castling;
    uint8_t ep_square;
    uint8_t captured; /* Piece captured by the move, NO_PIECE if none */
} Undo;

enum { FEN_MAX_LENGTH = 100 };

#define FEN_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Parse a FEN. On success fills *pos and returns true; on failure leaves *pos unchanged, fills
 * *err (if not NULL) and returns false. The move counters may be omitted (default "0 1").
 * Castling rights are KQkq, each with the king on e1/e8 and the rook in its corner; a right that
 * only Chess960 has is refused with a message that says so. */
bool pos_set_fen(Position *pos, const char *fen, ParseError *err);

/* The same for a Chess960 position. The castling field is X-FEN or Shredder-FEN, in any order:
 * K/Q (k/q) for the outermost rook on the king's h-/a-side, or the file letter of the rook (upper
 * case for White, HAha is the standard setup). Standard positions read the same as with
 * pos_set_fen, only with Chess960 rules. */
bool pos_set_fen_chess960(Position *pos, const char *fen, ParseError *err);

/* Write the position as FEN into buf (at least FEN_MAX_LENGTH bytes). Returns the length. In
 * Chess960 the castling field is X-FEN: K, Q, k or q where the rook is the outermost one on its
 * side, else its file letter; a standard setup gives KQkq. */
int pos_get_fen(const Position *pos, char *buf);

void pos_do_move(Position *pos, Move move, Undo *undo);
void pos_undo_move(Position *pos, Move move, const Undo *undo);
void pos_do_null_move(Position *pos, Undo *undo);
void pos_undo_null_move(Position *pos, const Undo *undo);

/* Pieces of colour c (and type pt) as bitboards. */
static inline Bitboard pos_pieces(const Position *pos, Color c, PieceType pt)
{
    return pos->by_color[c] & pos->by_type[pt];
}
static inline Bitboard pos_occupied(const Position *pos)
{
    return pos->by_color[WHITE] | pos->by_color[BLACK];
}
static inline Piece pos_piece_on(const Position *pos, int sq) { return (Piece)pos->board[sq]; }
static inline Color pos_side(const Position *pos) { return (Color)pos->side; }

/* Every piece (of either colour) attacking sq, given the occupancy `occupied`. */
Bitboard pos_attackers_to(const Position *pos, int sq, Bitboard occupied);
/* Is square sq attacked by colour `by` with the current occupancy? */
bool pos_square_attacked(const Position *pos, int sq, Color by);
/* Enemy pieces giving check to the side to move. */
Bitboard pos_checkers(const Position *pos);
static inline bool pos_in_check(const Position *pos) { return pos_checkers(pos) != 0; }

/* The key computed from scratch (for tests and consistency checks). */
uint64_t pos_compute_key(const Position *pos);
/* Do the bitboards, square array, king squares and key all agree? */
bool pos_is_consistent(const Position *pos);

/* Does the move give check? Used by search for extensions; the move must be legal. */
bool pos_gives_check(const Position *pos, Move move);

/* What a node needs to tell many moves' checks quickly (pos_check_info computes it). */
typedef struct CheckInfo {
    Bitboard squares[PIECE_TYPE_NB]; /* where a piece of each type would check the enemy king */
    Bitboard discoverers; /* our pieces alone between one of our sliders and the enemy king */
} CheckInfo;

void pos_check_info(const Position *pos, CheckInfo *ci);
/* pos_gives_check with the node's CheckInfo: a table test for most moves. */
bool pos_gives_check_with(const Position *pos, const CheckInfo *ci, Move move);

/* Moving piece captured by a move, or NO_PIECE (en passant counts as capturing a pawn). */
Piece pos_captured_piece(const Position *pos, Move move);
static inline bool pos_is_capture(const Position *pos, Move move)
{
    /* An enemy piece on the target: castling in Chess960 "takes" the mover's own rook. */
    return (pos->by_color[pos->side ^ 1] & bb_square(move_to(move))) ||
           move_kind(move) == MOVE_EN_PASSANT;
}

/* The board as text for a person: a line per rank from rank 8 down, " X" per file ('.' for an
 * empty square, letters as in FEN). */
void pos_write_board(const Position *pos, char *buf, size_t size);
/* The squares of the pieces giving check, space-separated ("" when not in check). */
void pos_write_checkers(const Position *pos, char *buf, size_t size);

/* UCI text of a move ("e2e4", "e7e8q"; castling "e1g1", in Chess960 "e1h1"); buf holds at least
 * 6 bytes. */
void move_to_uci(Move move, char *buf);
/* Resolve UCI text against the legal moves of the position; MOVE_NONE if none matches. */
Move pos_parse_uci_move(const Position *pos, const char *text);

#endif
