/*
 * Invariant checks shared by the fuzz targets. A failed check prints what was wrong and aborts,
 * which libFuzzer reports as a crash (and saves the input) and a replay driver as a failure.
 */
#ifndef FLASHMATE_FUZZ_CHECK_H
#define FLASHMATE_FUZZ_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "flashmate/movegen.h"
#include "flashmate/position.h"

/* The input being checked, for failure messages (set by each target). */
void fuzz_set_context(const char *what, const char *text);

#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 1, 2)))
#endif
void fuzz_fail(const char *format, ...);

#define FUZZ_CHECK(condition, ...)                                                                 \
    do {                                                                                           \
        if (!(condition))                                                                          \
            fuzz_fail(__VA_ARGS__);                                                                \
    } while (0)

/* A NUL-terminated heap copy of the input (freed by the caller), so that a parser reading past
 * the terminator is caught by AddressSanitizer. */
char *fuzz_text(const uint8_t *data, size_t size);

/* Split text in place at '\n' into at most `max` lines (the last one keeps any rest of the
 * text); returns the count. */
int fuzz_split_lines(char *text, char **lines, int max);

/* Do the two positions describe the same state, field by field (padding ignored)? */
bool fuzz_pos_equal(const Position *a, const Position *b);

/* An accepted position: consistent, and FEN -> position -> FEN gives the same text and the
 * same position. */
void fuzz_check_fen_round_trip(const Position *pos);

/* The move generator on an accepted position: every mode agrees with GEN_LEGAL, the count
 * agrees with movegen_count_legal, every move is legal, makes a consistent position whose FEN
 * round-trips, and do/undo restores every byte. */
void fuzz_check_moves(Position *pos);

#ifdef FLASHMATE_XIANGQI
#include "flashmate/xiangqi.h"

/* The Xiangqi counterparts: field-by-field equality, consistency and a stable FEN round trip,
 * and the move generator checked as for chess (every move also against xq_is_legal for every
 * target square of its piece, so illegal moves are asked about too). */
bool fuzz_xq_equal(const XqPosition *a, const XqPosition *b);
void fuzz_check_xq_fen_round_trip(const XqPosition *pos);
void fuzz_check_xq_moves(XqPosition *pos);
#endif

#endif
