/*
 * The staged move picker (src/engine/picker_template.h) with each game's own hooks
 * (src/chess/picker.h, src/xiangqi/picker.h, as its search includes them), built twice: with
 * PICKER_TEST_CHESS and with PICKER_TEST_XIANGQI. Over a few positions and all their children,
 * with hash moves that are legal, illegal or absent and with killers: every legal move comes
 * exactly once; a legal hash move first; no capture that SEE finds winning or even after a quiet
 * move, no quiet move after a losing capture; and with skip_quiets exactly the generated
 * captures that SEE does not find losing, and the hash move if it is one quiescence searches.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#if defined(PICKER_TEST_XIANGQI)
#include "xiangqi/picker.h"

typedef XqPosition TestPosition;
typedef XqUndo TestUndo;
#define GAME_NAME "xiangqi"
#define SET_FEN(pos, fen) xq_set_fen(pos, fen, NULL)
#define GENERATE_ALL(pos, out) xq_generate_write(pos, XQ_GEN_LEGAL, out)
#define DO_MOVE(pos, move, undo) xq_do_move(pos, move, undo)
#define UNDO_MOVE(pos, move, undo) xq_undo_move(pos, move, undo)

static const char *const fens[] = {
    XQ_FEN_START,
    "r1ba1abr1/4k4/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2B1NC1/9/RNBAKA2R w - - 0 1",
    "4rk3/3n5/9/4n4/4P4/3N5/9/9/9/3KC4 w - - 0 1",
    "5k3/4c4/4b4/9/4n4/4P4/9/4N4/9/3KC4 w - - 0 1",
};
#else
#include "chess/picker.h"

typedef Position TestPosition;
typedef Undo TestUndo;
#define GAME_NAME "chess"
#define SET_FEN(pos, fen) pos_set_fen(pos, fen, NULL)
#define GENERATE_ALL(pos, out) movegen_write(pos, GEN_LEGAL, out)
#define DO_MOVE(pos, move, undo) pos_do_move(pos, move, undo)
#define UNDO_MOVE(pos, move, undo) pos_undo_move(pos, move, undo)

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
};
#endif

typedef struct TestSearch {
    int move_count;
    ScoredMove moves[MOVE_STACK_MAX];
} TestSearch;

#define PICKER_SEARCH TestSearch
#define PICKER_GAME_FIELDS
#include "engine/picker_template.h"

/* Any order will do for the quiet moves; killers first, as the searches do. */
static int16_t picker_quiet_score(const MovePicker *mp, TestSearch *s, const TestPosition *pos,
                                  Move move)
{
    (void)s;
    (void)pos;
    if (move == mp->killers[0] || move == mp->killers[1])
        return 30000;
    return (int16_t)(move % 4099);
}

static TestSearch search; /* the move stack, 8 KB and more */

/* Where move stands in moves[0 .. count), -1 if it does not. */
static int find(const ScoredMove *moves, int count, Move move)
{
    for (int i = 0; i < count; i++)
        if (moves[i].move == move)
            return i;
    return -1;
}

enum { KIND_GOOD_CAPTURE, KIND_QUIET, KIND_BAD_CAPTURE };

/* The picker's moves at pos, checked against the legal moves. */
static void check_picker(TestPosition *pos, const char *where, Move tt_move, const Move killers[2])
{
    ScoredMove legal[MAX_MOVES], captures[MAX_MOVES];
    int legal_count = GENERATE_ALL(pos, legal);
    int capture_count = PICKER_GENERATE(pos, true, captures);
    bool tt_legal = tt_move != MOVE_NONE && find(legal, legal_count, tt_move) >= 0;

    /* Every move. */
    int seen[MAX_MOVES] = {0};
    MovePicker mp;
    search.move_count = 0;
    picker_start(&mp, &search, tt_move, killers, false);
    Move move;
    int yielded = 0, last_kind = KIND_GOOD_CAPTURE;
    while ((move = picker_next(&mp, &search, pos)) != MOVE_NONE) {
        int i = find(legal, legal_count, move);
        if (i < 0)
            fail_msg("%s %s: the picker gave move %04x, which is not legal", GAME_NAME, where,
                     move);
        if (seen[i]++)
            fail_msg("%s %s: move %04x came twice", GAME_NAME, where, move);
        if (yielded++ == 0 && tt_legal && move != tt_move)
            fail_msg("%s %s: the legal hash move %04x did not come first", GAME_NAME, where,
                     tt_move);
        if (move == tt_move)
            continue;
        int kind = find(captures, capture_count, move) < 0 ? KIND_QUIET
                 : PICKER_SEE_GE(pos, move, 0)             ? KIND_GOOD_CAPTURE
                                                           : KIND_BAD_CAPTURE;
        if (kind < last_kind)
            fail_msg("%s %s: move %04x (stage %d) came after a move of stage %d", GAME_NAME, where,
                     move, kind, last_kind);
        last_kind = kind;
    }
    if (yielded != legal_count)
        fail_msg("%s %s: the picker gave %d moves of %d", GAME_NAME, where, yielded, legal_count);

    /* Quiescence: the captures SEE does not find losing, and a tactical hash move. */
    search.move_count = 0;
    picker_start(&mp, &search, tt_move, NULL, true);
    int expected = 0;
    for (int i = 0; i < capture_count; i++)
        expected += captures[i].move != tt_move && PICKER_SEE_GE(pos, captures[i].move, 0);
    expected += tt_legal && PICKER_IS_TACTICAL(pos, tt_move);
    yielded = 0;
    while ((move = picker_next(&mp, &search, pos)) != MOVE_NONE) {
        yielded++;
        if (move == tt_move)
            continue;
        if (find(captures, capture_count, move) < 0 || !PICKER_SEE_GE(pos, move, 0))
            fail_msg("%s %s: quiescence's picker gave %04x, not a capture SEE allows", GAME_NAME,
                     where, move);
    }
    if (yielded != expected)
        fail_msg("%s %s: quiescence's picker gave %d moves, not %d", GAME_NAME, where, yielded,
                 expected);

    /* Late move pruning: picker_end_quiets at the first quiet move leaves the losing captures
     * and no other quiet move. */
    search.move_count = 0;
    picker_start(&mp, &search, tt_move, killers, false);
    int bad_expected = 0, bad_yielded = 0;
    for (int i = 0; i < capture_count; i++)
        bad_expected += captures[i].move != tt_move && !PICKER_SEE_GE(pos, captures[i].move, 0);
    bool quiets_ended = false;
    while ((move = picker_next(&mp, &search, pos)) != MOVE_NONE) {
        if (move == tt_move)
            continue;
        if (find(captures, capture_count, move) >= 0) {
            bad_yielded += !PICKER_SEE_GE(pos, move, 0);
            continue;
        }
        if (quiets_ended)
            fail_msg("%s %s: quiet move %04x came after picker_end_quiets", GAME_NAME, where, move);
        picker_end_quiets(&mp);
        quiets_ended = true;
    }
    if (bad_yielded != bad_expected)
        fail_msg("%s %s: %d losing captures after picker_end_quiets, not %d", GAME_NAME, where,
                 bad_yielded, bad_expected);
}

/* The picker at pos under several hash moves and killers. */
static void check_position(TestPosition *pos, const char *where)
{
    ScoredMove legal[MAX_MOVES];
    int count = GENERATE_ALL(pos, legal);
    Move quiets[2] = {MOVE_NONE, MOVE_NONE};
    ScoredMove quiet_moves[MAX_MOVES];
    int quiet_count = PICKER_GENERATE(pos, false, quiet_moves);
    for (int i = 0; i < 2 && i < quiet_count; i++)
        quiets[i] = quiet_moves[quiet_count - 1 - i].move;
    Move tt_moves[] = {MOVE_NONE, (Move)0x1234, count ? legal[0].move : MOVE_NONE,
                       count ? legal[count / 2].move : MOVE_NONE,
                       count ? legal[count - 1].move : MOVE_NONE};
    for (size_t t = 0; t < sizeof tt_moves / sizeof tt_moves[0]; t++) {
        check_picker(pos, where, tt_moves[t], NULL);
        check_picker(pos, where, tt_moves[t], quiets);
    }
}

static void test_picker_gives_every_move_once_in_stage_order(void **state)
{
    (void)state;
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        TestPosition pos;
        if (!SET_FEN(&pos, fens[f]))
            fail_msg("bad FEN %s", fens[f]);
        check_position(&pos, fens[f]);
        ScoredMove children[MAX_MOVES];
        int count = GENERATE_ALL(&pos, children);
        for (int i = 0; i < count; i++) {
            char where[160];
            snprintf(where, sizeof where, "%s after move %04x", fens[f], children[i].move);
            TestUndo undo;
            DO_MOVE(&pos, children[i].move, &undo);
            check_position(&pos, where);
            UNDO_MOVE(&pos, children[i].move, &undo);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_picker_gives_every_move_once_in_stage_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
