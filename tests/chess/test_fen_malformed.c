/*
 * Malformed FENs, made systematically from valid ones so that each is certain to be invalid:
 * truncations, bad characters in the placement, bad tokens in every other field, structural
 * errors, extra fields and random bytes. Every one must be rejected with a message naming a
 * field, and the caller's position must not change.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "flashmate/position.h"

static const char *const valid_fens[] = {
    FEN_START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/8/8/8/8/4K2R b K - 99 150",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/8/8/8/8/8/8/k6K b - - 0 1",
};

static int rejected_count;

/* The FEN must be rejected with a message and leave the position as it was. */
static void expect_rejected(const char *fen)
{
    Position pos, before;
    ParseError err;
    pos_set_fen(&before, FEN_START, NULL);
    memcpy(&pos, &before, sizeof pos);
    memset(&err, 0, sizeof err);
    if (pos_set_fen(&pos, fen, &err))
        fail_msg("accepted malformed FEN \"%s\"", fen);
    if (err.field < 1 || err.field > 6 || strlen(err.message) < 10)
        fail_msg("FEN \"%s\": weak error (field %d, message \"%s\")", fen, err.field, err.message);
    if (err.offset < 0 || (size_t)err.offset > strlen(fen))
        fail_msg("FEN \"%s\": offset %d outside the input", fen, err.offset);
    if (memcmp(&pos, &before, sizeof pos) != 0)
        fail_msg("FEN \"%s\": position changed although rejected", fen);
    rejected_count++;
}

/* End offset of field `n` (1-based) of a FEN with single spaces. */
static size_t field_end(const char *fen, int n)
{
    size_t i = 0;
    for (int f = 1;; f++) {
        while (fen[i] && fen[i] != ' ')
            i++;
        if (f == n || !fen[i])
            return i;
        i++;
    }
}

/* Replace field n of fen by token into out. */
static void replace_field(const char *fen, int n, const char *token, char *out, size_t size)
{
    size_t start = n == 1 ? 0 : field_end(fen, n - 1) + 1, end = field_end(fen, n);
    snprintf(out, size, "%.*s%s%s", (int)start, fen, token, fen + end);
}

static void test_truncations(void **state)
{
    char buf[128];
    (void)state;
    for (size_t i = 0; i < sizeof valid_fens / sizeof valid_fens[0]; i++) {
        size_t end = field_end(valid_fens[i], 4); /* counters may be left out: stop before */
        for (size_t n = 0; n < end; n++) {
            snprintf(buf, sizeof buf, "%.*s", (int)n, valid_fens[i]);
            expect_rejected(buf);
        }
    }
}

static void test_bad_placement_characters(void **state)
{
    static const char bad[] = {'x', '9', '0', ' ', '#', '\x80', '\xff', '.', '-', 'K'};
    char buf[128];
    (void)state;
    for (size_t i = 0; i < sizeof valid_fens / sizeof valid_fens[0]; i++) {
        size_t end = field_end(valid_fens[i], 1);
        for (size_t pos = 0; pos < end; pos++) {
            for (size_t b = 0; b < sizeof bad; b++) {
                char c = valid_fens[i][pos];
                /* 'K' is only bad where it replaces a piece (a second king) or a digit. */
                if (bad[b] == 'K' && (c == '/' || c == 'K'))
                    continue;
                /* A space or '-' is bad everywhere in the placement. */
                snprintf(buf, sizeof buf, "%s", valid_fens[i]);
                buf[pos] = bad[b];
                expect_rejected(buf);
            }
        }
    }
}

static void test_bad_fields(void **state)
{
    static const char *const side[] = {"x", "W", "B", "white", "wb", "1", "-"};
    static const char *const castling[] = {"KQkqK", "X",     "kQ", "qk", "K-",
                                           "--",    "KQkq1", "KK", "a"};
    static const char *const en_passant[] = {"e9", "i3", "e4", "e", "33", "-e3", "e33", "E3", "e0"};
    static const char *const halfmove[] = {"-1", "x", "1.5", "99999999999999999999", "+1", "0x1"};
    static const char *const fullmove[] = {"0", "-3", "abc", "1x", "99999999999999999999", "00"};
    const struct {
        int field;
        const char *const *tokens;
        size_t count;
    } groups[] = {
        {2, side, sizeof side / sizeof side[0]},
        {3, castling, sizeof castling / sizeof castling[0]},
        {4, en_passant, sizeof en_passant / sizeof en_passant[0]},
        {5, halfmove, sizeof halfmove / sizeof halfmove[0]},
        {6, fullmove, sizeof fullmove / sizeof fullmove[0]},
    };
    char buf[160];
    (void)state;
    for (size_t i = 0; i < sizeof valid_fens / sizeof valid_fens[0]; i++)
        for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
            for (size_t t = 0; t < groups[g].count; t++) {
                replace_field(valid_fens[i], groups[g].field, groups[g].tokens[t], buf, sizeof buf);
                expect_rejected(buf);
            }
}

static void test_extra_fields(void **state)
{
    static const char *const extras[] = {" extra", " 0", " ;D1 20", " -", " bm e4;"};
    char buf[160];
    (void)state;
    for (size_t i = 0; i < sizeof valid_fens / sizeof valid_fens[0]; i++)
        for (size_t e = 0; e < sizeof extras / sizeof extras[0]; e++) {
            snprintf(buf, sizeof buf, "%s%s", valid_fens[i], extras[e]);
            expect_rejected(buf);
        }
}

static void test_structural_errors(void **state)
{
    static const char *const fens[] = {
        "8/8/8/8/8/8/8/8 w - - 0 1",             /* no kings */
        "4k3/8/8/8/8/8/8/8 w - - 0 1",           /* no white king */
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",        /* two white kings */
        "4k3/8/8/8/8/8/8/4K2P w - - 0 1",        /* pawn on rank 1 */
        "3Pk3/8/8/8/8/8/8/4K3 w - - 0 1",        /* pawn on rank 8 */
        "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", /* nine pawns */
        "4k3/8/8/8/8/8/4q3/4K3 b - - 0 1",       /* white in check, black to move */
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",         /* O-O right without rook */
        "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",        /* O-O right, rook on the wrong side */
        "4k3/8/8/8/8/8/8/3K3R w K - 0 1",        /* king not on e1 */
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",        /* no pawn passed e6 */
        "4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1",      /* wrong rank for side */
        "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1",    /* e6 square occupied path */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 1", /* too many fields */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",   /* nine ranks */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w  KQkq  -  0  1x",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRw KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wKQkq - 0 1",
    };
    (void)state;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        expect_rejected(fens[i]);
}

/* Random bytes 1..255 without '/': a FEN needs seven slashes, so none can be valid. */
static void test_random_bytes(void **state)
{
    char buf[128];
    uint64_t x = 0x0123456789ABCDEFULL;
    (void)state;
    for (int n = 0; n < 600; n++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        size_t length = 1 + (size_t)(x % 100);
        for (size_t i = 0; i < length; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            char c = (char)(1 + x % 255);
            buf[i] = c == '/' ? 'x' : c;
        }
        buf[length] = '\0';
        expect_rejected(buf);
    }
}

static void test_count(void **state)
{
    (void)state;
    printf("malformed FENs rejected: %d\n", rejected_count);
    assert_true(rejected_count >= 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_truncations),
        cmocka_unit_test(test_bad_placement_characters),
        cmocka_unit_test(test_bad_fields),
        cmocka_unit_test(test_extra_fields),
        cmocka_unit_test(test_structural_errors),
        cmocka_unit_test(test_random_bytes),
        cmocka_unit_test(test_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
