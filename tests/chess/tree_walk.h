/*
 * A move tree walked to a depth with every check the generator and make/unmake must pass at each
 * node (test_position.c and test_chess960.c walk their positions with it): the modes agree with
 * each other, with movegen_count_legal and movegen_is_legal; captures and quiets are what they
 * say; each move's text parses back to it; castling is no capture; a move gives check exactly
 * when the side to move is in check after it (pos_gives_check, and pos_gives_check_with the
 * node's CheckInfo); the position stays consistent and is restored
 * byte for byte. *nodes counts the leaves (perft).
 */
#ifndef FLASHMATE_TESTS_TREE_WALK_H
#define FLASHMATE_TESTS_TREE_WALK_H

#include "flashmate/movegen.h"
#include "flashmate/position.h"

static void tree_walk(Position *pos, int depth, uint64_t *nodes)
{
    MoveList legal, captures, quiets;
    movegen_generate(pos, GEN_LEGAL, &legal);
    movegen_generate(pos, GEN_CAPTURES, &captures);
    movegen_generate(pos, GEN_QUIETS, &quiets);
    assert_int_equal(legal.count, movegen_count_legal(pos));
    assert_int_equal(legal.count, captures.count + quiets.count);
    for (int i = 0; i < captures.count; i++) {
        Move m = captures.moves[i].move;
        bool promo_queen = move_kind(m) == MOVE_PROMOTION && move_promotion(m) == QUEEN;
        assert_true(pos_is_capture(pos, m) || promo_queen);
        assert_true(movegen_is_legal(pos, m));
    }
    for (int i = 0; i < quiets.count; i++) {
        Move m = quiets.moves[i].move;
        bool under = move_kind(m) == MOVE_PROMOTION && move_promotion(m) != QUEEN;
        assert_true(!pos_is_capture(pos, m) || under);
        assert_true(movegen_is_legal(pos, m));
    }
    if (pos_in_check(pos)) {
        MoveList evasions;
        movegen_generate(pos, GEN_EVASIONS, &evasions);
        assert_int_equal(evasions.count, legal.count);
    }
    if (depth == 0) {
        (*nodes)++;
        return;
    }
    CheckInfo check_info;
    pos_check_info(pos, &check_info);
    for (int i = 0; i < legal.count; i++) {
        Position before = *pos;
        Undo undo;
        Move m = legal.moves[i].move;
        char text[6];
        move_to_uci(m, text);
        assert_int_equal(pos_parse_uci_move(pos, text), m);
        if (move_kind(m) == MOVE_CASTLING)
            assert_false(pos_is_capture(pos, m));
        bool check = pos_gives_check(pos, m);
        assert_int_equal(pos_gives_check_with(pos, &check_info, m), check);
        pos_do_move(pos, m, &undo);
        if (!pos_is_consistent(pos)) {
            char fen[FEN_MAX_LENGTH];
            pos_get_fen(&before, fen);
            fail_msg("inconsistent after %s in %s", text, fen);
        }
        assert_int_equal(check, pos_in_check(pos));
        tree_walk(pos, depth - 1, nodes);
        pos_undo_move(pos, m, &undo);
        assert_memory_equal(pos, &before, sizeof before);
    }
}

#endif
