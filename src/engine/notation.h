/*
 * Notation shared by every game: strict FEN parsing (error messages that name the field and the
 * character, the placement field, move counters, field separators), the placement written back,
 * the board diagram of `d`, and UCI move text matched against the legal moves.
 */
#ifndef FLASHMATE_NOTATION_H
#define FLASHMATE_NOTATION_H

#include "flashmate/game_types.h"
#include "text.h"

/* Fill *err (if not NULL) with "FEN <field>: <what> at <char> (offset N)"; returns false. */
bool fen_error(ParseError *err, int field, const char *fen, const char *at, const FlashText *what);

/* A move counter (fields 5 and 6) in min..max at *s; advances *s past it. */
bool fen_parse_counter(const char *fen, const char **s, int field, uint64_t min, uint64_t max,
                       uint64_t *value, ParseError *err);

/* Fields 5 and 6 at *s, each optional ("0 1" when left out), and nothing after them. */
bool fen_parse_counters(const char *fen, const char **s, uint16_t *halfmove, uint16_t *fullmove,
                        ParseError *err);

/* After a field: one or more spaces, or the end of the input. */
bool fen_end_of_field(const char *fen, const char **s, int field, ParseError *err);

/* The piece a FEN letter stands for, or FEN_NO_PIECE (both games number pieces below 15). */
enum { FEN_NO_PIECE = 15 };
typedef int (*FenPieceFromChar)(char c);

/* Read field 1, the placement, of a board `files` wide (up to 9) and `ranks` high at *s: ranks
 * from the top, files from the left, a digit for a run of empty squares. Each piece goes to
 * board[rank * files + file] (squares without one are left as they are) and, if offsets is not
 * NULL, the offset of its letter in the FEN to offsets[] at the same index. Advances *s. */
bool fen_parse_placement(const char *fen, const char **s, int files, int ranks,
                         FenPieceFromChar piece_from_char, uint8_t *board, uint16_t *offsets,
                         ParseError *err);

/* The letter of the piece on (file, rank) of pos, or 0 for an empty square. */
typedef char (*FenPieceAt)(const void *pos, int file, int rank);

/* Write field 1, the placement: ranks from the top, files from the left, runs of empty squares
 * as one digit (boards up to 9 files wide). */
void fen_write_placement(TextBuf *t, const void *pos, int files, int ranks, FenPieceAt piece_at);

/* The board diagram: a line per rank from the top, each the rank's label (the number, right
 * aligned in two columns, when `labels`; else one space) and " X" per file, '.' for an empty
 * square; then, with labels, a line of file letters. */
void notation_add_board(TextBuf *t, const void *pos, int files, int ranks, FenPieceAt piece_at,
                        bool labels);

/* The move of `list` whose text (as move_text writes it) is the word at `text`, or MOVE_NONE.
 * From index `folded_from` on, an upper-case letter of `text` also matches (promotion letters);
 * -1 for exact matches only. */
Move notation_find_move(const MoveList *list, const char *text, void (*move_text)(Move, char *),
                        int folded_from);

#endif
