/*
 * Chess960: the castling field in X-FEN and Shredder-FEN, FENs of one rule set under the other,
 * castling in every special case (legal only when it is), move text in both modes, keys, and
 * the move generator's self-consistency on Chess960 trees.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tree_walk.h"
#include "flashmate/movegen.h"
#include "flashmate/perft.h"
#include "flashmate/position.h"

static void set_960(Position *pos, const char *fen)
{
    ParseError err;
    if (!pos_set_fen_chess960(pos, fen, &err))
        fail_msg("Chess960 FEN rejected: %s: %s", fen, err.message);
}

static void set_standard(Position *pos, const char *fen)
{
    ParseError err;
    if (!pos_set_fen(pos, fen, &err))
        fail_msg("FEN rejected: %s: %s", fen, err.message);
}

static void expect_fen(const Position *pos, const char *expected)
{
    char fen[FEN_MAX_LENGTH];
    pos_get_fen(pos, fen);
    assert_string_equal(fen, expected);
}

/* Is the move with this UCI text legal (generated, and resolved from its text)? */
static bool has_move(const Position *pos, const char *text)
{
    return pos_parse_uci_move(pos, text) != MOVE_NONE;
}

/* The position after the move with this text (which must be legal), as FEN. */
static void expect_after(const Position *pos, const char *move_text, const char *expected)
{
    Position copy = *pos, before = *pos;
    Undo undo;
    Move m = pos_parse_uci_move(&copy, move_text);
    if (m == MOVE_NONE)
        fail_msg("%s is not legal", move_text);
    assert_int_equal(move_kind(m), MOVE_CASTLING);
    bool check = pos_gives_check(&copy, m);
    pos_do_move(&copy, m, &undo);
    assert_true(pos_is_consistent(&copy));
    assert_int_equal(check, pos_in_check(&copy));
    expect_fen(&copy, expected);
    pos_undo_move(&copy, m, &undo);
    assert_memory_equal(&copy, &before, sizeof before);
}

/* ---- FEN ---- */

static void test_xfen_and_shredder_read_alike(void **state)
{
    static const char *const pairs[][2] = {
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
        {FEN_START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
        /* Letters in any order, white and black mixed. */
        {"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1",
         "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w bgAG - 0 1"},
        /* Two rooks on one side: the inner one by its file letter. */
        {"2k5/8/8/8/8/8/8/1K2R1R1 w E - 0 1", "2k5/8/8/8/8/8/8/1K2R1R1 w E - 0 1"},
        {"2k5/8/8/8/8/8/8/1K2R1R1 w K - 0 1", "2k5/8/8/8/8/8/8/1K2R1R1 w G - 0 1"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        Position a, b;
        set_960(&a, pairs[i][0]);
        set_960(&b, pairs[i][1]);
        assert_memory_equal(a.castling_rook, b.castling_rook, sizeof a.castling_rook);
        assert_int_equal(a.castling, b.castling);
        assert_true(a.key == b.key);
        assert_true(pos_is_consistent(&a));
    }
}

static void test_xfen_written(void **state)
{
    static const char *const cases[][2] = {
        /* Shredder in, X-FEN out; the standard setup gives KQkq. */
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", FEN_START},
        {"2k5/8/8/8/8/8/8/1K2R1R1 w E - 0 1", "2k5/8/8/8/8/8/8/1K2R1R1 w E - 0 1"},
        {"2k5/8/8/8/8/8/8/1K2R1R1 w G - 0 1", "2k5/8/8/8/8/8/8/1K2R1R1 w K - 0 1"},
        {"1r1rk3/8/8/8/8/8/8/4K3 b d - 0 1", "1r1rk3/8/8/8/8/8/8/4K3 b d - 0 1"},
        {"1r1rk3/8/8/8/8/8/8/4K3 b b - 0 1", "1r1rk3/8/8/8/8/8/8/4K3 b q - 0 1"},
        {"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w gbGA - 0 1",
         "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos, again;
        char fen[FEN_MAX_LENGTH];
        set_960(&pos, cases[i][0]);
        expect_fen(&pos, cases[i][1]);
        pos_get_fen(&pos, fen);
        set_960(&again, fen);
        assert_true(again.key == pos.key);
        assert_memory_equal(again.castling_rook, pos.castling_rook, sizeof pos.castling_rook);
    }
}

/* A standard position reads the same under both rules: same key, rooks, rights and FEN. */
static void test_standard_fen_under_chess960(void **state)
{
    static const char *const fens[] = {
        FEN_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    };
    (void)state;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Position standard, chess960;
        set_standard(&standard, fens[i]);
        set_960(&chess960, fens[i]);
        assert_true(standard.key == chess960.key);
        assert_int_equal(standard.castling, chess960.castling);
        assert_memory_equal(standard.castling_rook, chess960.castling_rook,
                            sizeof standard.castling_rook);
        assert_int_equal(standard.chess960, 0);
        assert_int_equal(chess960.chess960, 1);
        expect_fen(&chess960, fens[i]);
        for (int depth = 1; depth <= 3; depth++)
            assert_int_equal(perft(&standard, depth), perft(&chess960, depth));
    }
}

/* Rejected FENs leave the position as it was and say why; Chess960 ones under the standard
 * rules say so. */
static void expect_rejected(bool chess960, const char *fen, const char *says)
{
    Position pos, before;
    ParseError err;
    set_standard(&pos, FEN_START);
    before = pos;
    bool ok = chess960 ? pos_set_fen_chess960(&pos, fen, &err) : pos_set_fen(&pos, fen, &err);
    if (ok)
        fail_msg("accepted: %s", fen);
    assert_memory_equal(&pos, &before, sizeof pos);
    assert_int_equal(err.field, 3);
    if (!strstr(err.message, says))
        fail_msg("%s: message \"%s\" lacks \"%s\"", fen, err.message, says);
}

static void test_bad_castling_fields(void **state)
{
    (void)state;
    /* Chess960 positions under the standard rules. */
    expect_rejected(false, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                    "Chess960");
    expect_rejected(false, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
                    "Chess960");
    expect_rejected(false, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "Chess960");
    expect_rejected(false, "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "Chess960");
    /* Not castling under either rules. */
    expect_rejected(false, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "rook");
    expect_rejected(true, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "rook");
    expect_rejected(true, "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "rook");
    expect_rejected(true, "4k3/8/8/8/8/8/8/R3K3 w B - 0 1", "rook");
    expect_rejected(true, "4k3/8/8/8/8/8/8/R3K3 w E - 0 1", "rook");
    expect_rejected(true, "4k3/8/8/8/8/8/4K3/R6R w A - 0 1", "back rank");
    expect_rejected(true, "4k3/8/8/8/8/8/8/R3K2R w AQ - 0 1", "repeated");
    expect_rejected(true, "4k3/8/8/8/8/8/8/R3K2R w HK - 0 1", "repeated");
    expect_rejected(true, "4k3/8/8/8/8/8/8/R3K2R w KK - 0 1", "repeated");
    expect_rejected(true, "r3k3/8/8/8/8/8/8/R3K3 w Aaa - 0 1", "repeated");
    expect_rejected(true, "r3k3/8/8/8/8/8/8/R3K3 w I - 0 1", "unexpected");
    expect_rejected(true, "r3k3/8/8/8/8/8/8/R3K3 w A- - 0 1", "unexpected");
    /* A white letter for a black rook. */
    expect_rejected(true, "r3k3/8/8/8/8/8/8/4K3 w A - 0 1", "rook");
}

/* ---- Castling: the special cases, each legal only when it is ---- */

static void test_castling_special_cases(void **state)
{
    Position pos;
    (void)state;

    /* King on b1, rook a1: castling long is b1a1 (king to c1, rook to d1). */
    set_960(&pos, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGbg - 0 1");
    expect_after(&pos, "b1a1", "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1");
    expect_after(&pos, "b1g1", "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1");

    /* King already on its destination (g1, c1): only the rook moves. Castling long from g1
     * would cross f1, which the rook on f8 sees. */
    set_960(&pos, "rk3r2/8/8/8/8/8/8/R5KR w HAfa - 0 1");
    expect_after(&pos, "g1h1", "rk3r2/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    assert_false(has_move(&pos, "g1a1"));
    set_960(&pos, "r1k3r1/8/8/8/8/8/8/R1K5 w Aag - 0 1");
    expect_after(&pos, "c1a1", "r1k3r1/8/8/8/8/8/8/2KR4 b kq - 1 1");

    /* Rook already on its destination (f1, d1): only the king moves. */
    set_960(&pos, "4k3/8/8/8/8/8/8/1K3R2 w F - 0 1");
    expect_after(&pos, "b1f1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    set_960(&pos, "4k3/8/8/8/8/8/8/3RK3 w D - 0 1");
    expect_after(&pos, "e1d1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");

    /* King and rook swap. */
    set_960(&pos, "2k5/8/8/8/8/8/8/5KR1 w G - 0 1");
    expect_after(&pos, "f1g1", "2k5/8/8/8/8/8/8/5RK1 b - - 1 1");
    set_960(&pos, "6k1/8/8/8/8/8/8/2RK4 w C - 0 1");
    expect_after(&pos, "d1c1", "6k1/8/8/8/8/8/8/2KR4 b - - 1 1");

    /* The rook on b1 shields c1 from a queen (rook) on a1: castling long would leave the king in
     * check, castling short is fine. */
    set_960(&pos, "4k3/8/8/8/8/8/8/qRK3R1 w BG - 0 1");
    assert_false(has_move(&pos, "c1b1"));
    expect_after(&pos, "c1g1", "4k3/8/8/8/8/8/8/qR3RK1 b - - 1 1");
    set_960(&pos, "4k3/8/8/8/8/8/8/rR1K2R1 w BG - 0 1");
    assert_false(has_move(&pos, "d1b1"));
    assert_true(has_move(&pos, "d1g1"));
    set_960(&pos, "Qr1k3r/8/8/8/8/8/8/4K3 b bh - 0 1");
    assert_false(has_move(&pos, "d8b8"));
    assert_true(has_move(&pos, "d8h8"));

    /* Out of check, through an attacked square, onto an attacked square: never. */
    set_960(&pos, "4k3/8/8/8/8/8/8/R1K4r w A - 0 1");
    assert_false(has_move(&pos, "c1a1"));
    set_960(&pos, "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_false(has_move(&pos, "e1a1"));
    assert_true(has_move(&pos, "e1h1"));
    set_960(&pos, "4k3/8/8/8/8/8/4b3/1RK4R w HB - 0 1"); /* d1 and f1 attacked */
    assert_false(has_move(&pos, "c1h1"));
    expect_after(&pos, "c1b1", "4k3/8/8/8/8/8/4b3/2KR3R b - - 1 1"); /* the rook may cross d1 */
    set_960(&pos, "4k3/8/8/8/8/8/8/1RK3Rr w GB - 0 1");              /* g1 attacked */
    assert_false(has_move(&pos, "c1g1"));
    /* The rook's own squares attacked: legal. */
    set_960(&pos, "4k3/7b/8/8/8/8/8/1RK4R w HB - 0 1");
    assert_true(has_move(&pos, "c1b1"));
    set_960(&pos, "4k3/8/8/7r/8/8/8/RK5R w KA - 0 1");
    expect_after(&pos, "b1h1", "4k3/8/8/7r/8/8/8/R4RK1 b - - 1 1");

    /* A piece in the way of the king, of the rook, on a destination. */
    set_960(&pos, "4k3/8/8/8/8/8/8/1KN3R1 w G - 0 1");
    assert_false(has_move(&pos, "b1g1"));
    set_960(&pos, "4k3/8/8/8/8/8/8/R2NK3 w A - 0 1");
    assert_false(has_move(&pos, "e1a1"));
    set_960(&pos, "4k3/8/8/8/8/8/8/RN2K3 w A - 0 1");
    assert_false(has_move(&pos, "e1a1"));
    set_960(&pos, "4k3/8/8/8/8/8/8/1K3nR1 w G - 0 1");
    assert_false(has_move(&pos, "b1g1"));
    /* The other rook on the way: the inner rook's right is blocked by the outer one's square
     * and the other way round. */
    set_960(&pos, "2k5/8/8/8/8/8/8/1K2R1R1 w E - 0 1");
    assert_false(has_move(&pos, "b1e1"));
    set_960(&pos, "2k5/8/8/8/8/8/8/1K2R1R1 w G - 0 1");
    assert_false(has_move(&pos, "b1g1"));

    /* Castling that gives check with the rook. */
    set_960(&pos, "5k2/8/8/8/8/8/8/1K4R1 w G - 0 1");
    expect_after(&pos, "b1g1", "5k2/8/8/8/8/8/8/5RK1 b - - 1 1");
}

/* Rights are lost with the king's or the rook's first move, and with the rook's capture. */
static void test_castling_rights_follow_the_rooks(void **state)
{
    Position pos;
    Undo undo;
    (void)state;
    set_960(&pos, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGbg - 0 1");
    pos_do_move(&pos, pos_parse_uci_move(&pos, "g1f1"), &undo);
    expect_fen(&pos, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK3R2 b Qkq - 1 1");
    set_960(&pos, "r3k1r1/8/8/8/8/8/8/RK4R1 w AGag - 0 1");
    pos_do_move(&pos, pos_parse_uci_move(&pos, "g1g8"), &undo);
    expect_fen(&pos, "r3k1R1/8/8/8/8/8/8/RK6 b Qq - 0 1");
    pos_do_move(&pos, pos_parse_uci_move(&pos, "e8d7"), &undo);
    expect_fen(&pos, "r5R1/3k4/8/8/8/8/8/RK6 w Q - 1 2");
}

/* ---- Move text ---- */

static void test_move_text_in_both_modes(void **state)
{
    static const char *const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    Position standard, chess960;
    char text[6];
    (void)state;
    set_standard(&standard, fen);
    set_960(&chess960, fen);

    Move m = pos_parse_uci_move(&standard, "e1g1");
    assert_int_equal(move_kind(m), MOVE_CASTLING);
    move_to_uci(m, text);
    assert_string_equal(text, "e1g1");
    move_to_uci(pos_parse_uci_move(&standard, "e1c1"), text);
    assert_string_equal(text, "e1c1");
    assert_int_equal(pos_parse_uci_move(&standard, "e1h1"), MOVE_NONE);
    assert_int_equal(pos_parse_uci_move(&standard, "e1a1"), MOVE_NONE);

    m = pos_parse_uci_move(&chess960, "e1h1");
    assert_int_equal(move_kind(m), MOVE_CASTLING);
    move_to_uci(m, text);
    assert_string_equal(text, "e1h1");
    move_to_uci(pos_parse_uci_move(&chess960, "e1a1"), text);
    assert_string_equal(text, "e1a1");
    assert_int_equal(pos_parse_uci_move(&chess960, "e1g1"), MOVE_NONE);
    assert_int_equal(pos_parse_uci_move(&chess960, "e1c1"), MOVE_NONE);

    /* Both reach the same position, with the same key. */
    Undo undo;
    pos_do_move(&standard, pos_parse_uci_move(&standard, "e1g1"), &undo);
    pos_do_move(&chess960, pos_parse_uci_move(&chess960, "e1h1"), &undo);
    assert_true(standard.key == chess960.key);
    assert_memory_equal(standard.board, chess960.board, sizeof standard.board);

    /* b1a1 where the king stands on b1. */
    set_960(&chess960, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGbg - 0 1");
    move_to_uci(pos_parse_uci_move(&chess960, "b1a1"), text);
    assert_string_equal(text, "b1a1");
    assert_int_equal(pos_parse_uci_move(&chess960, "b1c1"), move_make(SQ_B1, SQ_C1));
}

static const char *const trees[] = {
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGbg - 0 1",
    "rk3r2/8/8/8/8/8/8/R5KR w HAfa - 0 1",
    "2k5/8/8/8/8/8/8/5KR1 w G - 0 1",
    "4k3/8/8/8/8/8/8/qRK3R1 w BG - 0 1",
    "r2k2r1/8/8/8/8/8/8/1R2K1R1 w GBga - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2r1kr2/8/8/8/8/8/8/1R4RK w Gfc - 0 1",
};

static void test_tree_consistency(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof trees / sizeof trees[0]; i++) {
        Position pos;
        uint64_t nodes = 0;
        set_960(&pos, trees[i]);
        tree_walk(&pos, 3, &nodes);
        assert_int_equal(nodes, perft(&pos, 3));
    }
}

/* movegen_is_legal agrees with the generated list for every 16-bit value. */
static void test_is_legal_agrees_with_generation(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof trees / sizeof trees[0]; i++) {
        Position pos;
        MoveList list;
        static bool in_list[65536];
        set_960(&pos, trees[i]);
        memset(in_list, 0, sizeof in_list);
        movegen_generate(&pos, GEN_LEGAL, &list);
        for (int j = 0; j < list.count; j++)
            in_list[list.moves[j].move] = true;
        for (uint32_t m = 0; m < 65536; m++)
            if (movegen_is_legal(&pos, (Move)m) != in_list[m])
                fail_msg("%s: movegen_is_legal(0x%04x) = %d", trees[i], (unsigned)m, !in_list[m]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xfen_and_shredder_read_alike),
        cmocka_unit_test(test_xfen_written),
        cmocka_unit_test(test_standard_fen_under_chess960),
        cmocka_unit_test(test_bad_castling_fields),
        cmocka_unit_test(test_castling_special_cases),
        cmocka_unit_test(test_castling_rights_follow_the_rooks),
        cmocka_unit_test(test_move_text_in_both_modes),
        cmocka_unit_test(test_tree_consistency),
        cmocka_unit_test(test_is_legal_agrees_with_generation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
