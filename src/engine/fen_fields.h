/*
 * Pieces of strict FEN parsing shared by the chess and Xiangqi parsers: error messages that name
 * the field and the character, move counters, field separators.
 */
#ifndef FLASHMATE_FEN_FIELDS_H
#define FLASHMATE_FEN_FIELDS_H

#include "flashmate/position.h"
#include "text.h"

/* Fill *err (if not NULL) with "FEN <field>: <what> at <char> (offset N)"; returns false. */
bool fen_error(ParseError *err, int field, const char *fen, const char *at, const char *what);

/* A move counter (fields 5 and 6) in min..max at *s; advances *s past it. */
bool fen_parse_counter(const char *fen, const char **s, int field, uint64_t min, uint64_t max,
                       uint64_t *value, ParseError *err);

/* After a field: one or more spaces, or the end of the input. */
bool fen_end_of_field(const char *fen, const char **s, int field, ParseError *err);

/* The letter of the piece on (file, rank) of pos, or 0 for an empty square. */
typedef char (*FenPieceAt)(const void *pos, int file, int rank);

/* Write field 1, the placement: ranks from the top, files from the left, runs of empty squares
 * as one digit (boards up to 9 files wide). */
void fen_write_placement(TextBuf *t, const void *pos, int files, int ranks, FenPieceAt piece_at);

#endif
