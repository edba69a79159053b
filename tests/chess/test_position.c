/*
 * Position tests: Polyglot keys, FEN round trips, do/undo restoring every byte, incremental key
 * and bitboards against recomputation over whole move trees, move generation modes agreeing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "tree_walk.h"
#include "flashmate/movegen.h"
#include "flashmate/perft.h"
#include "flashmate/position.h"

static void set_fen(Position *pos, const char *fen)
{
    ParseError err;
    if (!pos_set_fen(pos, fen, &err))
        fail_msg("FEN rejected: %s: %s", fen, err.message);
}

static void play(Position *pos, const char *moves)
{
    char word[8];
    while (*moves) {
        size_t n = 0;
        while (*moves == ' ')
            moves++;
        while (*moves && *moves != ' ' && n < sizeof word - 1)
            word[n++] = *moves++;
        word[n] = '\0';
        if (!n)
            break;
        Move m = pos_parse_uci_move(pos, word);
        if (m == MOVE_NONE)
            fail_msg("move %s not legal", word);
        Undo undo;
        pos_do_move(pos, m, &undo);
    }
}

/* Published Polyglot key examples (book format specification). */
static void test_polyglot_keys(void **state)
{
    static const struct {
        const char *moves;
        uint64_t key;
    } cases[] = {
        {"", 0x463b96181691fc9cULL},
        {"e2e4", 0x823c9b50fd114196ULL},
        {"e2e4 d7d5", 0x0756b94461c50fb0ULL},
        {"e2e4 d7d5 e4e5", 0x662fafb965db29d4ULL},
        {"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78ULL},
        {"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1ULL},
        {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9ULL},
        {"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637ULL},
        {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560ULL},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos;
        set_fen(&pos, FEN_START);
        play(&pos, cases[i].moves);
        if (pos.key != cases[i].key)
            fail_msg("key after '%s' is %016llx, Polyglot says %016llx", cases[i].moves,
                     (unsigned long long)pos.key, (unsigned long long)cases[i].key);
        assert_true(pos_is_consistent(&pos));
    }
    /* The same position from a FEN gives the same key (e.p. square kept: e5 can take f6). */
    Position pos;
    set_fen(&pos, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_int_equal(pos.key, 0x22a48b5a8e47ff78ULL);
}

static void test_fen_round_trip(void **state)
{
    static const char *const fens[] = {
        FEN_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/8/8/8/4K2R b K - 99 150",
    };
    (void)state;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Position pos;
        char out[FEN_MAX_LENGTH];
        set_fen(&pos, fens[i]);
        pos_get_fen(&pos, out);
        assert_string_equal(out, fens[i]);
        assert_true(pos_is_consistent(&pos));
    }
}

/* An e.p. square no pawn can capture on is dropped; missing counters default to 0 1. */
static void test_fen_normalisation(void **state)
{
    Position pos;
    char out[FEN_MAX_LENGTH];
    (void)state;
    set_fen(&pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    pos_get_fen(&pos, out);
    assert_string_equal(out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    set_fen(&pos, "  4k3/8/8/8/8/8/8/4K3 w -  -  ");
    pos_get_fen(&pos, out);
    assert_string_equal(out, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

static void test_fen_errors_name_the_field(void **state)
{
    static const struct {
        const char *fen;
        int field;
    } cases[] = {
        {"", 1},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 1},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
        {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
        {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", 1},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w kq - 0 1", 1},
        {"pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 2},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", 3},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QK - 0 1", 3},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", 3},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", 4},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", 4},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 5},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", 6},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", 6},
        {"4k3/8/8/8/8/8/8/4K2R b - - 0 1", 0}, /* valid, control */
        {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", 2}, /* black (not to move) in check */
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos, before;
        ParseError err;
        set_fen(&before, FEN_START);
        pos = before;
        bool ok = pos_set_fen(&pos, cases[i].fen, &err);
        if (cases[i].field == 0) {
            assert_true(ok);
            continue;
        }
        if (ok)
            fail_msg("accepted bad FEN '%s'", cases[i].fen);
        if (err.field != cases[i].field)
            fail_msg("'%s': field %d reported (%s), expected %d", cases[i].fen, err.field,
                     err.message, cases[i].field);
        assert_true(strlen(err.message) > 10);
        assert_memory_equal(&pos, &before, sizeof pos);
    }
}

static void test_tree_consistency(void **state)
{
    static const char *const fens[] = {
        FEN_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
    };
    (void)state;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Position pos;
        uint64_t nodes = 0;
        set_fen(&pos, fens[i]);
        tree_walk(&pos, 3, &nodes);
        assert_int_equal(nodes, perft(&pos, 3));
    }
}

/* Captures come out victim first (most valuable victim first, then least valuable attacker). */
static void test_captures_in_mvv_lva_order(void **state)
{
    Position pos;
    MoveList list;
    char text[6];
    (void)state;
    /* Victims: queen c5 (pawn), rook a5 (pawn), pawn d5 (knight, then queen). */
    set_fen(&pos, "4k3/8/8/r1qp4/1P6/2N5/8/3QK3 w - - 0 1");
    movegen_generate(&pos, GEN_CAPTURES, &list);
    static const char *const expected[] = {"b4c5", "b4a5", "c3d5", "d1d5"};
    assert_int_equal(list.count, 4);
    for (int i = 0; i < list.count; i++) {
        move_to_uci(list.moves[i].move, text);
        assert_string_equal(text, expected[i]);
    }
}

static void test_uci_move_text(void **state)
{
    Position pos;
    char text[6];
    (void)state;
    set_fen(&pos, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Move m = pos_parse_uci_move(&pos, "e1g1");
    assert_int_equal(move_kind(m), MOVE_CASTLING);
    m = pos_parse_uci_move(&pos, "b7a8n");
    assert_int_equal(move_kind(m), MOVE_PROMOTION);
    assert_int_equal(move_promotion(m), KNIGHT);
    move_to_uci(m, text);
    assert_string_equal(text, "b7a8n");
    assert_int_equal(pos_parse_uci_move(&pos, "b7a8"), MOVE_NONE);
    assert_int_equal(pos_parse_uci_move(&pos, "e1e3"), MOVE_NONE);
    assert_int_equal(pos_parse_uci_move(&pos, "zz"), MOVE_NONE);
    assert_int_equal(pos_parse_uci_move(&pos, "e1g1x"), MOVE_NONE);
}

/* movegen_is_legal must agree with the generated list for every possible 16-bit value. */
static void test_is_legal_agrees_with_generation(void **state)
{
    static const char *const fens[] = {
        FEN_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
        "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
    };
    (void)state;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Position pos;
        MoveList list;
        static bool in_list[65536];
        set_fen(&pos, fens[i]);
        memset(in_list, 0, sizeof in_list);
        movegen_generate(&pos, GEN_LEGAL, &list);
        for (int j = 0; j < list.count; j++)
            in_list[list.moves[j].move] = true;
        for (uint32_t m = 0; m < 65536; m++)
            if (movegen_is_legal(&pos, (Move)m) != in_list[m]) {
                char text[6];
                move_to_uci((Move)m, text);
                fail_msg("%s: movegen_is_legal(0x%04x %s) = %d but the legal list %s it", fens[i],
                         (unsigned)m, text, !in_list[m], in_list[m] ? "has" : "does not have");
            }
    }
}

/* The position with the most known legal moves, and its colour-flipped twin: every mode, and
 * captures and quiets appended into one list, stay within MAX_MOVES (movegen_append asserts the
 * bound in builds with assertions) and give each of the 218 moves once. */
static void test_218_moves(void **state)
{
    static const char *const fens[] = {
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
        "Kbnn1kb1/PP1q4/q4q2/2q4q/4q3/1q4q1/3q4/r6r b - - 0 1",
    };
    (void)state;
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        Position pos;
        MoveList list;
        set_fen(&pos, fens[f]);
        assert_int_equal(movegen_generate(&pos, GEN_LEGAL, &list), 218);
        assert_int_equal(movegen_count_legal(&pos), 218);
        assert_int_equal(movegen_generate(&pos, GEN_EVASIONS, &list), 218);
        int captures = movegen_generate(&pos, GEN_CAPTURES, &list);
        int quiets = movegen_append(&pos, GEN_QUIETS, &list);
        assert_true(captures > 0 && quiets > 0);
        assert_int_equal(captures + quiets, 218);
        assert_int_equal(list.count, 218);
        /* Pairwise, not a 64 KB seen-table: this test also runs on boards with 20 KB of RAM. */
        for (int i = 0; i < list.count; i++) {
            Move m = list.moves[i].move;
            for (int j = 0; j < i; j++)
                assert_true(list.moves[j].move != m);
            assert_true(movegen_is_legal(&pos, m));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_polyglot_keys),
        cmocka_unit_test(test_fen_round_trip),
        cmocka_unit_test(test_fen_normalisation),
        cmocka_unit_test(test_fen_errors_name_the_field),
        cmocka_unit_test(test_tree_consistency),
        cmocka_unit_test(test_captures_in_mvv_lva_order),
        cmocka_unit_test(test_uci_move_text),
        cmocka_unit_test(test_is_legal_agrees_with_generation),
        cmocka_unit_test(test_218_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
