/*
 * Fuzz target: FEN parsing. The input is a few lines of text; each line is given to every FEN
 * dialect in turn. A dialect keeps one position per input: an accepted line replaces it, a
 * rejected one must leave it byte for byte as it was and explain itself.
 *
 * Chess invariants after an accepted FEN: the position is consistent, FEN -> position -> FEN is
 * stable, and the move generator agrees with itself (fuzz_check_moves); the same for Xiangqi
 * (Fairy-Stockfish's FEN) in builds that have it.
 */
#include <stdlib.h>
#include <string.h>

#include "flashmate/position.h"
#include "fuzz_check.h"

enum { LINES_MAX = 8 };

/* ---- Chess ---- */

static void chess_fen_session(char *const *lines, int count)
{
    Position pos;
    pos_set_fen(&pos, FEN_START, NULL);
    for (int i = 0; i < count; i++) {
        Position before;
        ParseError err;
        memcpy(&before, &pos, sizeof before);
        memset(&err, 0, sizeof err);
        fuzz_set_context("FEN", lines[i]);
        if (pos_set_fen(&pos, lines[i], &err)) {
            fuzz_check_fen_round_trip(&pos);
            fuzz_check_moves(&pos);
        } else {
            FUZZ_CHECK(memcmp(&pos, &before, sizeof pos) == 0, "rejected FEN changed the position");
            FUZZ_CHECK(strlen(err.message) >= 10, "rejected FEN with a weak message \"%s\"",
                       err.message);
            FUZZ_CHECK(err.field >= 1 && err.field <= 6, "rejected FEN names field %d", err.field);
            FUZZ_CHECK(err.offset >= 0 && (size_t)err.offset <= strlen(lines[i]),
                       "error offset %d outside the input", err.offset);
        }
    }
}

#ifdef FLASHMATE_XIANGQI
/* ---- Xiangqi (Fairy-Stockfish FEN) ---- */

static void xiangqi_fen_session(char *const *lines, int count)
{
    XqPosition pos;
    xq_set_fen(&pos, XQ_FEN_START, NULL);
    for (int i = 0; i < count; i++) {
        XqPosition before = pos;
        ParseError err;
        memset(&err, 0, sizeof err);
        fuzz_set_context("Xiangqi FEN", lines[i]);
        if (xq_set_fen(&pos, lines[i], &err)) {
            fuzz_check_xq_fen_round_trip(&pos);
            fuzz_check_xq_moves(&pos);
        } else {
            FUZZ_CHECK(fuzz_xq_equal(&pos, &before), "rejected Xiangqi FEN changed the position");
            FUZZ_CHECK(strlen(err.message) >= 10, "rejected Xiangqi FEN with a weak message \"%s\"",
                       err.message);
            FUZZ_CHECK(err.field >= 1 && err.field <= 6, "rejected Xiangqi FEN names field %d",
                       err.field);
            FUZZ_CHECK(err.offset >= 0 && (size_t)err.offset <= strlen(lines[i]),
                       "Xiangqi error offset %d outside the input", err.offset);
        }
    }
}
#endif

/* ---- Dialects ----
 * Each dialect runs all lines through its own parser and checks its own invariants; a new
 * board (such as Xiangqi) adds a session function and a row here. */
static const struct {
    const char *name;
    void (*session)(char *const *lines, int count);
} dialects[] = {
    {"chess", chess_fen_session},
#ifdef FLASHMATE_XIANGQI
    {"xiangqi", xiangqi_fen_session},
#endif
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *lines[LINES_MAX];
    char *text = fuzz_text(data, size);
    int count = fuzz_split_lines(text, lines, LINES_MAX);
    for (size_t d = 0; d < sizeof dialects / sizeof dialects[0]; d++)
        dialects[d].session(lines, count);
    free(text);
    return 0;
}
