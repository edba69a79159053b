/*
 * Xiangqi tests: every generated table against a slow reference that walks (file, rank)
 * coordinates on a plain array (nothing shared with gen/ or src/xiangqi/attacks.h' index
 * arithmetic), then FEN, do/undo, the generation modes and a few rule positions whose move
 * counts were checked with Fairy-Stockfish. Compiled a second time with FLASHMATE_XQ_BB_WORDS
 * (test_xiangqi_words) so the portable two-word bitboard runs the same tests.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "flashmate/xiangqi.h"
#include "xiangqi/attacks.h"

/* ---- Reference board: bool grids and coordinate walking ---------------------------------------- */

typedef struct Grid {
    bool sq[XQ_SQUARE_NB];
} Grid;

static bool on_board(int file, int rank) { return file >= 0 && file < 9 && rank >= 0 && rank < 10; }
static int at(int file, int rank) { return rank * 9 + file; }
static void mark(Grid *g, int file, int rank)
{
    if (on_board(file, rank))
        g->sq[at(file, rank)] = true;
}
static bool occupied_at(const Grid *occ, int file, int rank)
{
    return on_board(file, rank) && occ->sq[at(file, rank)];
}

static int palace_of(int file, int rank)
{
    if (file < 3 || file > 5)
        return -1;
    return rank <= 2 ? 0 : rank >= 7 ? 1 : -1;
}

static Grid ref_king(int sq, bool diagonal)
{
    Grid g = {{false}};
    int f = sq % 9, r = sq / 9;
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++) {
            bool is_diagonal = df && dr, is_straight = (df != 0) != (dr != 0);
            if ((diagonal ? is_diagonal : is_straight) && palace_of(f, r) >= 0 &&
                on_board(f + df, r + dr) && palace_of(f + df, r + dr) == palace_of(f, r))
                mark(&g, f + df, r + dr);
        }
    return g;
}

static Grid ref_horse(int sq, const Grid *occ)
{
    static const int jumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    Grid g = {{false}};
    int f = sq % 9, r = sq / 9;
    for (int i = 0; i < 8; i++) {
        int df = jumps[i][0], dr = jumps[i][1];
        int leg_f = f + (df == 2 || df == -2 ? df / 2 : 0),
            leg_r = r + (dr == 2 || dr == -2 ? dr / 2 : 0);
        if (!occupied_at(occ, leg_f, leg_r))
            mark(&g, f + df, r + dr);
    }
    return g;
}

static Grid ref_elephant(int sq, const Grid *occ)
{
    Grid g = {{false}};
    int f = sq % 9, r = sq / 9;
    for (int df = -2; df <= 2; df += 4)
        for (int dr = -2; dr <= 2; dr += 4)
            if ((r + dr < 5) == (r < 5) && !occupied_at(occ, f + df / 2, r + dr / 2))
                mark(&g, f + df, r + dr);
    return g;
}

/* Horses (anywhere) whose move lands on sq. */
static Grid ref_horse_attackers(int sq, const Grid *occ)
{
    Grid g = {{false}};
    for (int h = 0; h < XQ_SQUARE_NB; h++)
        if (ref_horse(h, occ).sq[sq])
            g.sq[h] = true;
    return g;
}

static Grid ref_pawn(Color c, int sq)
{
    Grid g = {{false}};
    int f = sq % 9, r = sq / 9, forward = c == WHITE ? 1 : -1;
    bool crossed = c == WHITE ? r >= 5 : r <= 4;
    mark(&g, f, r + forward);
    if (crossed) {
        mark(&g, f - 1, r);
        mark(&g, f + 1, r);
    }
    return g;
}

/* Rook attacks and cannon hits by walking the four rays. */
static void ref_lines(int sq, const Grid *occ, Grid *rook, Grid *hits)
{
    static const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    memset(rook, 0, sizeof *rook);
    memset(hits, 0, sizeof *hits);
    for (int d = 0; d < 4; d++) {
        int screens = 0;
        for (int f = sq % 9 + dirs[d][0], r = sq / 9 + dirs[d][1]; on_board(f, r);
             f += dirs[d][0], r += dirs[d][1]) {
            if (!screens)
                mark(rook, f, r);
            if (occ->sq[at(f, r)] && ++screens == 2) {
                mark(hits, f, r);
                break;
            }
        }
    }
}

static XqBB grid_to_bb(const Grid *g)
{
    XqBB b = xq_bb_empty();
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++)
        if (g->sq[sq])
            b = xq_bb_or(b, xq_bb_square(sq));
    return b;
}

/* "a1" ... "i10"; buf holds 4 bytes. */
static const char *square_text(int sq, char *buf)
{
    int rank = sq / 9 + 1;
    buf[0] = (char)('a' + sq % 9);
    buf[1] = rank == 10 ? '1' : (char)('0' + rank);
    buf[2] = rank == 10 ? '0' : '\0';
    buf[3] = '\0';
    return buf;
}

static void expect_grid(const char *what, int sq, const Grid *occ, XqBB got, const Grid *want)
{
    for (int s = 0; s < XQ_SQUARE_NB; s++)
        if (xq_bb_test(got, s) != want->sq[s]) {
            char a[4], b[4];
            fail_msg("%s from %s (%d pieces on the board): square %s is %s", what,
                     square_text(sq, a), occ ? xq_bb_popcount(grid_to_bb(occ)) : 0,
                     square_text(s, b), want->sq[s] ? "missing" : "extra");
        }
    if (xq_bb_hi(got) >> 26)
        fail_msg("%s from %d: bits beyond square 89", what, sq);
}

static uint64_t rng_state = 0x243F6A8885A308D3ULL;
static uint64_t rng_next(void) /* xorshift64* */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static Grid random_grid(int density)
{
    Grid g;
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++)
        g.sq[sq] = (int)(rng_next() >> 58) < density; /* density out of 64 */
    return g;
}

/* ---- Tables ----------------------------------------------------------------------------------- */

static void test_step_tables(void **state)
{
    (void)state;
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++) {
        Grid want = ref_king(sq, false);
        expect_grid("xq_king_moves", sq, NULL, xq_attacks_king(sq), &want);
        want = ref_king(sq, true);
        expect_grid("xq_advisor_moves", sq, NULL, xq_attacks_advisor(sq), &want);
        for (int c = WHITE; c <= BLACK; c++) {
            want = ref_pawn((Color)c, sq);
            expect_grid("xq_pawn_moves", sq, NULL, xq_attacks_pawn((Color)c, sq), &want);
            Grid attackers = {{false}};
            for (int a = 0; a < XQ_SQUARE_NB; a++)
                attackers.sq[a] = ref_pawn((Color)c, a).sq[sq];
            expect_grid("xq_pawn_attackers", sq, NULL, xq_pawn_attackers_of((Color)c, sq),
                        &attackers);
        }
    }
}

/* Every occupancy of the eight neighbours (each alone, then random boards of four densities). */
static void test_horse_and_elephant_tables(void **state)
{
    (void)state;
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++) {
        for (int i = 0; i < 256 + 64; i++) {
            Grid occ = random_grid(8 << (i % 4));
            if (i < 256) {
                static const int deltas[8] = {-10, -9, -8, -1, 1, 8, 9, 10};
                memset(&occ, 0, sizeof occ);
                for (int b = 0; b < 8; b++)
                    if (i >> b & 1 && sq + deltas[b] >= 0 && sq + deltas[b] < XQ_SQUARE_NB)
                        occ.sq[sq + deltas[b]] = true; /* wrapped neighbours included */
            }
            XqBB bb = grid_to_bb(&occ);
            Grid want = ref_horse(sq, &occ);
            expect_grid("xq_horse_moves", sq, &occ, xq_attacks_horse(sq, bb), &want);
            want = ref_elephant(sq, &occ);
            expect_grid("xq_elephant_moves", sq, &occ, xq_attacks_elephant(sq, bb), &want);
            want = ref_horse_attackers(sq, &occ);
            expect_grid("xq_horse_attackers", sq, &occ, xq_horse_attackers_of(sq, bb), &want);
        }
    }
}

/* Every occupancy of the square's rank and of its file (the rest random), and random boards. */
static void test_rook_and_cannon_tables(void **state)
{
    (void)state;
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++) {
        int file = sq % 9, rank = sq / 9;
        for (int i = 0; i < 512 + 1024 + 64; i++) {
            Grid occ = random_grid(8 << (i % 4));
            if (i < 512)
                for (int f = 0; f < 9; f++)
                    occ.sq[at(f, rank)] = i >> f & 1;
            else if (i < 512 + 1024)
                for (int r = 0; r < 10; r++)
                    occ.sq[at(file, r)] = (i - 512) >> r & 1;
            Grid rook, hits;
            ref_lines(sq, &occ, &rook, &hits);
            XqBB bb = grid_to_bb(&occ);
            expect_grid("xq_rook_rank/file", sq, &occ, xq_attacks_rook(sq, bb), &rook);
            expect_grid("xq_cannon_rank/file", sq, &occ, xq_bb_and(xq_cannon_hits(sq, bb), bb),
                        &hits);
        }
    }
}

static void test_zobrist_keys_distinct(void **state)
{
    (void)state;
    static uint64_t keys[2 * 7 * 90 + 1];
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (int pt = 0; pt < 7; pt++)
            for (int sq = 0; sq < XQ_SQUARE_NB; sq++)
                keys[n++] = fm_load(xq_zobrist_piece[c][pt][sq]);
    keys[n++] = fm_load(xq_zobrist_black_to_move);
    for (int i = 0; i < n; i++) {
        assert_true(keys[i] != 0);
        for (int j = 0; j < i; j++)
            assert_true(keys[i] != keys[j]);
    }
}

/* ---- Position --------------------------------------------------------------------------------- */

static const char *const suite_fens[] = {
    XQ_FEN_START,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
};

static void set_fen(XqPosition *pos, const char *fen)
{
    ParseError err;
    if (!xq_set_fen(pos, fen, &err))
        fail_msg("FEN rejected: %s: %s", fen, err.message);
}

static void test_fen_round_trip(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof suite_fens / sizeof suite_fens[0]; i++) {
        XqPosition pos;
        char out[XQ_FEN_MAX_LENGTH];
        set_fen(&pos, suite_fens[i]);
        xq_get_fen(&pos, out);
        assert_string_equal(out, suite_fens[i]);
        assert_true(xq_is_consistent(&pos));
    }
    /* h and e for horse and elephant, counters optional, Black to move. */
    XqPosition pos;
    char out[XQ_FEN_MAX_LENGTH];
    set_fen(&pos, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - -");
    xq_get_fen(&pos, out);
    assert_string_equal(out,
                        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    assert_true(pos.key != 0);
}

/* Counters given as 65535 stay there: a wrapped fullmove number 0 would print a FEN the parser
 * refuses. Undo restores both exactly. */
static void test_move_counters_saturate(void **state)
{
    (void)state;
    XqPosition pos, before;
    XqUndo undo;
    char out[XQ_FEN_MAX_LENGTH];
    set_fen(&pos, "4k4/9/9/9/9/9/9/9/9/3K5 b - - 65535 65535");
    before = pos;
    Move move = xq_parse_uci_move(&pos, "e10e9");
    assert_int_not_equal(move, MOVE_NONE);
    xq_do_move(&pos, move, &undo);
    xq_get_fen(&pos, out);
    assert_string_equal(out, "9/4k4/9/9/9/9/9/9/9/3K5 w - - 65535 65535");
    assert_true(xq_is_consistent(&pos));
    xq_undo_move(&pos, move, &undo);
    assert_memory_equal(&pos, &before, sizeof pos);
}

static void test_fen_errors_name_field_and_keep_position(void **state)
{
    static const struct {
        const char *fen;
        int field;
        const char *text; /* expected in the message */
    } cases[] = {
        {"", 1, "empty"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w - - 0 1", 1,
         "fewer than 10 ranks"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w - - 0 1", 1,
         "more than 10 ranks"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", 1,
         "more than 9"},
        {"rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1,
         "fewer than 9"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAQABNR w - - 0 1", 1, "'Q'"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/54/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1, "two digits"},
        {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1,
         "black has no general"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 x", 6,
         "unexpected text"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", 1,
         "red has no general"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/2K6/RNBA1ABNR w - - 0 1", 1,
         "general outside its palace"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/AC5C1/9/RNB1KABNR w - - 0 1", 1,
         "advisor outside"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/2B6/9/P1P1P1P1P/1C5C1/9/RN1AKABNR w - - 0 1", 1,
         "across the river"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/R8/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1,
         "more than 2 chariots"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", 2, "expected w"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1", 3, "expected -"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w -", 4, "missing field"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3 0 1", 4, "expected -"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", 5,
         "expected a number"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", 6, "at least 1"},
        /* Black to move while Red's general faces Black's on the open e-file. */
        {"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1", 2, "not to move is in check"},
        /* Red's chariot gives check but it is Red to move. */
        {"4k4/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1", 2, "not to move is in check"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        XqPosition pos, before;
        ParseError err;
        set_fen(&pos, XQ_FEN_START);
        before = pos;
        if (xq_set_fen(&pos, cases[i].fen, &err))
            fail_msg("accepted: %s", cases[i].fen);
        if (err.field != cases[i].field || !strstr(err.message, cases[i].text))
            fail_msg("'%s': field %d, message '%s'; expected field %d and '%s'", cases[i].fen,
                     err.field, err.message, cases[i].field, cases[i].text);
        assert_memory_equal(&pos, &before, sizeof pos);
    }
}

/* ---- Move generation -------------------------------------------------------------------------- */

static void move_text(Move m, char *buf) { xq_move_to_uci(m, buf); }

/* Every move made and unmade restores the position byte for byte; keys and bitboards agree with
 * recomputation; the generation modes agree with each other and with xq_is_legal. */
static void check_position(const XqPosition *pos)
{
    MoveList legal, captures, quiets;
    xq_generate(pos, XQ_GEN_LEGAL, &legal);
    xq_generate(pos, XQ_GEN_CAPTURES, &captures);
    xq_generate(pos, XQ_GEN_QUIETS, &quiets);
    assert_int_equal(legal.count, captures.count + quiets.count);
    assert_int_equal(legal.count, xq_count_legal(pos));
    bool in_list[XQ_SQUARE_NB][XQ_SQUARE_NB];
    memset(in_list, 0, sizeof in_list);
    for (int i = 0; i < legal.count; i++)
        in_list[xq_move_from(legal.moves[i].move)][xq_move_to(legal.moves[i].move)] = true;
    for (int i = 0; i < captures.count; i++) {
        Move m = captures.moves[i].move;
        assert_true(in_list[xq_move_from(m)][xq_move_to(m)]);
        assert_true(pos->board[xq_move_to(m)] != XQ_NO_PIECE);
    }
    for (int i = 0; i < quiets.count; i++) {
        Move m = quiets.moves[i].move;
        assert_true(in_list[xq_move_from(m)][xq_move_to(m)]);
        assert_true(pos->board[xq_move_to(m)] == XQ_NO_PIECE);
    }
    for (int from = 0; from < XQ_SQUARE_NB; from++)
        for (int to = 0; to < XQ_SQUARE_NB; to++)
            if (xq_is_legal(pos, xq_move_make(from, to)) != in_list[from][to]) {
                char text[XQ_MOVE_TEXT_MAX], fen[XQ_FEN_MAX_LENGTH];
                move_text(xq_move_make(from, to), text);
                xq_get_fen(pos, fen);
                fail_msg("xq_is_legal(%s) disagrees with the list in %s", text, fen);
            }
    for (int i = 0; i < 64; i++) /* values that are no move at all */
        assert_false(xq_is_legal(pos, (Move)(rng_next() | 0xC000)));
}

static void walk(XqPosition *pos, int depth, uint64_t *nodes)
{
    MoveList list;
    if (depth == 0) {
        ++*nodes;
        return;
    }
    if (depth >= 2)
        check_position(pos);
    xq_generate(pos, XQ_GEN_LEGAL, &list);
    for (int i = 0; i < list.count; i++) {
        XqPosition before = *pos;
        XqUndo undo;
        Move m = list.moves[i].move;
        xq_do_move(pos, m, &undo);
        if (!xq_is_consistent(pos)) {
            char fen[XQ_FEN_MAX_LENGTH], text[XQ_MOVE_TEXT_MAX];
            xq_get_fen(&before, fen);
            move_text(m, text);
            fail_msg("inconsistent after %s in %s", text, fen);
        }
        /* The side that moved is never left in check (the generals never face each other). */
        assert_false(
            xq_general_attacked(pos, pos->king_square[color_flip(xq_side(pos))], xq_side(pos)));
        walk(pos, depth - 1, nodes);
        xq_undo_move(pos, m, &undo);
        assert_memory_equal(pos, &before, sizeof before);
    }
}

static void test_tree_consistency(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof suite_fens / sizeof suite_fens[0]; i++) {
        XqPosition pos;
        uint64_t nodes = 0;
        set_fen(&pos, suite_fens[i]);
        walk(&pos, 3, &nodes);
        assert_int_equal(nodes, xq_perft(&pos, 3));
    }
}

/* Positions for one rule each; counts checked with Fairy-Stockfish `go perft 1`. */
static void test_rule_positions(void **state)
{
    static const struct {
        const char *fen, *why;
        int moves;
    } cases[] = {
        {"4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", "horse between the generals cannot move", 2},
        {"4k4/9/9/9/4c4/9/9/9/4N4/4K4 w - - 0 1", "cannon check: the screen may step away", 8},
        {"4k4/9/9/9/4c4/9/9/4P4/4N4/4K4 w - - 0 1", "two screens: neither may leave the file", 3},
        {"5k3/3r5/9/9/9/9/9/9/r8/4K4 w - - 0 1", "no legal move (a loss, no stalemate)", 0},
        {"4k4/9/9/9/9/9/9/3n5/3AA4/4K4 w - - 0 1",
         "advisors pinned by a horse leg and the generals", 2},
        {"3k5/9/9/9/9/9/9/3n5/3A5/4K4 w - - 0 1",
         "advisor on the leg of a horse aimed at the general", 3},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        XqPosition pos;
        MoveList list;
        set_fen(&pos, cases[i].fen);
        if (xq_count_legal(&pos) != cases[i].moves ||
            xq_generate(&pos, XQ_GEN_LEGAL, &list) != cases[i].moves)
            fail_msg("%s (%s): %d legal moves, expected %d", cases[i].fen, cases[i].why,
                     xq_count_legal(&pos), cases[i].moves);
        check_position(&pos);
    }
}

static void test_move_text(void **state)
{
    static const struct {
        int from, to;
        const char *text;
    } cases[] = {
        {0, 9, "a1a2"}, {19, 22, "b3e3"}, {81, 72, "a10a9"}, {86, 85, "f10e10"}, {19, 82, "b3b10"}};
    XqPosition pos;
    char buf[XQ_MOVE_TEXT_MAX];
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xq_move_to_uci(xq_move_make(cases[i].from, cases[i].to), buf);
        assert_string_equal(buf, cases[i].text);
    }
    set_fen(&pos, XQ_FEN_START);
    assert_int_equal(xq_parse_uci_move(&pos, "a1a2"), xq_move_make(0, 9));
    assert_int_equal(xq_parse_uci_move(&pos, "b3b10 e1e2"), xq_move_make(19, 82));
    assert_int_equal(xq_parse_uci_move(&pos, "b3b1"), MOVE_NONE); /* the cannon cannot jump */
    assert_int_equal(xq_parse_uci_move(&pos, "a1a"), MOVE_NONE);
    assert_int_equal(xq_parse_uci_move(&pos, "a10a9"), MOVE_NONE); /* Black's piece */
    xq_move_to_uci(MOVE_NONE, buf);
    assert_string_equal(buf, "0000");
}

/* ICCS, UCCI's move text: ranks from 0; every legal move's text reads back as that move, in
 * upper case too, and equals its UCI text with each rank one lower. */
static void test_iccs_move_text(void **state)
{
    static const struct {
        int from, to;
        const char *text;
    } cases[] = {
        {0, 9, "a0a1"}, {19, 22, "b2e2"}, {81, 72, "a9a8"}, {86, 85, "f9e9"}, {25, 22, "h2e2"}};
    XqPosition pos;
    MoveList list;
    char iccs[XQ_MOVE_TEXT_MAX], uci[XQ_MOVE_TEXT_MAX], upper[XQ_MOVE_TEXT_MAX];
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xq_move_to_iccs(xq_move_make(cases[i].from, cases[i].to), iccs);
        assert_string_equal(iccs, cases[i].text);
    }
    set_fen(&pos, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    int count = xq_generate(&pos, XQ_GEN_LEGAL, &list);
    assert_true(count > 0);
    for (int i = 0; i < count; i++) {
        Move m = list.moves[i].move;
        xq_move_to_iccs(m, iccs);
        xq_move_to_uci(m, uci);
        assert_int_equal(xq_parse_iccs_move(&pos, iccs), m);
        for (size_t j = 0; j <= strlen(iccs); j++)
            upper[j] = iccs[j] >= 'a' && iccs[j] <= 'z' ? (char)(iccs[j] - 32) : iccs[j];
        assert_int_equal(xq_parse_iccs_move(&pos, upper), m);
        /* UCI text: the same files, ranks one higher (a 10 has two digits) */
        char expected[32];
        snprintf(expected, sizeof expected, "%c%d%c%d", iccs[0], iccs[1] - '0' + 1, iccs[2],
                 iccs[3] - '0' + 1);
        assert_string_equal(uci, expected);
    }
    assert_int_equal(xq_parse_iccs_move(&pos, "h2e2"), MOVE_NONE); /* the cannon is on e2 */
    assert_int_equal(xq_parse_iccs_move(&pos, "e2e6"), xq_move_make(22, 58));
    assert_int_equal(xq_parse_iccs_move(&pos, "e3e4"), xq_move_make(31, 40)); /* UCI's e3e4 */
    assert_int_equal(xq_parse_iccs_move(&pos, "a9a8"), MOVE_NONE);            /* Black's piece */
    assert_int_equal(xq_parse_iccs_move(&pos, "e2e10"), MOVE_NONE);
    xq_move_to_iccs(MOVE_NONE, iccs);
    assert_string_equal(iccs, "0000");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_step_tables),
        cmocka_unit_test(test_horse_and_elephant_tables),
        cmocka_unit_test(test_rook_and_cannon_tables),
        cmocka_unit_test(test_zobrist_keys_distinct),
        cmocka_unit_test(test_fen_round_trip),
        cmocka_unit_test(test_move_counters_saturate),
        cmocka_unit_test(test_fen_errors_name_field_and_keep_position),
        cmocka_unit_test(test_tree_consistency),
        cmocka_unit_test(test_rule_positions),
        cmocka_unit_test(test_move_text),
        cmocka_unit_test(test_iccs_move_text),
    };
    printf("XqBB representation: %s\n",
#if defined(FLASHMATE_XQ_BB_INT128)
           "unsigned __int128"
#else
           "two 64-bit words"
#endif
    );
    return cmocka_run_group_tests(tests, NULL, NULL);
}
