/*
 * Fuzz target: one line of an EPD perft suite ("FEN ;D1 n ;D2 n ..."), parsed by
 * perft_parse_epd_line and, independently, by a small reference parser written here from the
 * format's description. Both must agree on acceptance and on every depth and count; an
 * accepted line gives a consistent position and depths D1..Dn without gaps; a rejected one
 * gives a message and an offset inside the line.
 */
#include <stdlib.h>
#include <string.h>

#include "flashmate/perft.h"
#include "fuzz_check.h"

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* A decimal number at *s no greater than max, all its digits consumed; false if none or too big. */
static bool reference_number(const char **s, uint64_t max, uint64_t *value)
{
    const char *p = *s;
    uint64_t v = 0;
    if (!is_digit(*p))
        return false;
    for (; is_digit(*p); p++) {
        uint64_t digit = (uint64_t)(*p - '0');
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, digit, &v) || v > max)
            return false;
    }
    *s = p;
    *value = v;
    return true;
}

/* The reference reading of the ";D<depth> <count>" entries that follow the FEN. */
static bool reference_entries(const char *s, int *depths, uint64_t *expected)
{
    *depths = 0;
    while (*s == ';') {
        uint64_t depth, count;
        s++;
        while (is_space(*s))
            s++;
        if (*s++ != 'D' || !reference_number(&s, PERFT_MAX_DEPTH, &depth) ||
            depth != (uint64_t)*depths + 1)
            return false;
        while (is_space(*s))
            s++;
        if (!reference_number(&s, UINT64_MAX, &count))
            return false;
        while (is_space(*s))
            s++;
        expected[depth] = count;
        *depths = (int)depth;
    }
    return *s == '\0' && *depths > 0;
}

static void check_line(const char *line)
{
    PerftCase pc;
    ParseError err;
    memset(&err, 0, sizeof err);
    fuzz_set_context("EPD line", line);
    int rc = perft_parse_epd_line(line, &pc, &err);
    FUZZ_CHECK(rc >= -1 && rc <= 1, "perft_parse_epd_line returned %d", rc);

    /* The reference: blank and comment lines, then the FEN up to the first ';', then entries. */
    const char *s = line;
    while (is_space(*s))
        s++;
    bool skipped = *s == '\0' || *s == '#';
    FUZZ_CHECK((rc == 0) == skipped, "blank/comment line: returned %d", rc);
    if (skipped)
        return;
    const char *semicolon = strchr(s, ';');
    size_t fen_length = semicolon ? (size_t)(semicolon - s) : strlen(s);
    bool reference_ok = false;
    int reference_depths = 0;
    uint64_t reference_expected[PERFT_MAX_DEPTH + 1];
    if (fen_length < 128) {
        char fen[128];
        Position pos;
        memcpy(fen, s, fen_length);
        fen[fen_length] = '\0';
        reference_ok = pos_set_fen(&pos, fen, NULL) &&
                       reference_entries(s + fen_length, &reference_depths, reference_expected);
        if (reference_ok && rc == 1)
            FUZZ_CHECK(fuzz_pos_equal(&pos, &pc.pos), "parsed position differs from the FEN's");
    }
    FUZZ_CHECK(reference_ok == (rc == 1), "perft_parse_epd_line %s a line the reference %s",
               rc == 1 ? "accepts" : "rejects", reference_ok ? "accepts" : "rejects");

    if (rc == 1) {
        FUZZ_CHECK(pc.depths >= 1 && pc.depths <= PERFT_MAX_DEPTH, "depths %d", pc.depths);
        FUZZ_CHECK(pc.depths == reference_depths, "depths %d, reference %d", pc.depths,
                   reference_depths);
        for (int d = 1; d <= pc.depths; d++)
            FUZZ_CHECK(pc.expected[d] == reference_expected[d], "D%d count differs", d);
        fuzz_check_fen_round_trip(&pc.pos);
        uint64_t by_divide = perft_divide(&pc.pos, 2, NULL, NULL);
        FUZZ_CHECK(by_divide == perft(&pc.pos, 2), "perft_divide and perft disagree at depth 2");
        fuzz_check_fen_round_trip(&pc.pos);
    } else {
        FUZZ_CHECK(strlen(err.message) >= 10, "rejected with a weak message \"%s\"", err.message);
        FUZZ_CHECK(err.offset >= 0 && (size_t)err.offset <= strlen(line),
                   "error offset %d outside the line", err.offset);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *line = fuzz_text(data, size);
    check_line(line);
    free(line);
    return 0;
}
