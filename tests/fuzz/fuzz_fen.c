/*
 * Fuzz target: FEN parsing. The input is a few lines of text; each line is given to every FEN
 * dialect in turn. A dialect keeps one position per input: an accepted line replaces it, a
 * rejected one must leave it byte for byte as it was and explain itself.
 *
 * Chess invariants after an accepted FEN: the position is consistent, FEN -> position -> FEN is
 * stable, and the move generator agrees with itself (fuzz_check_moves); the same under Chess960
 * rules (X-FEN and Shredder-FEN), where every standard FEN must read alike; and for Xiangqi
 * (Fairy-Stockfish's FEN) in builds that have it.
 */
#include <stdlib.h>
#include <string.h>

#include "flashmate/position.h"
#include "fuzz_check.h"

enum { LINES_MAX = 8 };

/* ---- Chess ---- */

/* Chess under either rules: a FEN the standard rules read, Chess960 reads to the same position
 * with the same key and moves (only the castling moves' encoding differs). */
static void chess_session(char *const *lines, int count, bool chess960)
{
    Position pos;
    pos_set_fen(&pos, FEN_START, NULL);
    for (int i = 0; i < count; i++) {
        Position before;
        ParseError err;
        memcpy(&before, &pos, sizeof before);
        memset(&err, 0, sizeof err);
        fuzz_set_context(chess960 ? "Chess960 FEN" : "FEN", lines[i]);
        bool read = chess960 ? pos_set_fen_chess960(&pos, lines[i], &err)
                             : pos_set_fen(&pos, lines[i], &err);
        if (read) {
            fuzz_check_fen_round_trip(&pos);
            fuzz_check_moves(&pos);
            Position other;
            if (!chess960 && pos_set_fen_chess960(&other, lines[i], NULL)) {
                FUZZ_CHECK(other.key == pos.key, "Chess960 reads the FEN with another key");
                FUZZ_CHECK(other.castling == pos.castling &&
                               memcmp(other.castling_rook, pos.castling_rook,
                                      sizeof pos.castling_rook) == 0,
                           "Chess960 reads the castling rights otherwise");
                FUZZ_CHECK(movegen_count_legal(&other) == movegen_count_legal(&pos),
                           "Chess960 counts other moves");
            } else {
                FUZZ_CHECK(chess960, "a standard FEN that Chess960 refuses");
            }
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

static void chess_fen_session(char *const *lines, int count) { chess_session(lines, count, false); }

static void chess960_fen_session(char *const *lines, int count)
{
    chess_session(lines, count, true);
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
    {"chess960", chess960_fen_session},
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
