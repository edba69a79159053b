/*
 * Invariant checks shared by the fuzz targets (see fuzz_check.h).
 */
#include "fuzz_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *context_what = "input";
static const char *context_text = "";

void fuzz_set_context(const char *what, const char *text)
{
    context_what = what;
    context_text = text;
}

void fuzz_fail(const char *format, ...)
{
    va_list args;
    fprintf(stderr, "\nINVARIANT BROKEN: ");
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\n  %s: \"", context_what);
    for (const char *s = context_text; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
            fputc(c, stderr);
        else
            fprintf(stderr, "\\x%02x", c);
    }
    fprintf(stderr, "\"\n");
    abort();
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    if (size)
        memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

int fuzz_split_lines(char *text, char **lines, int max)
{
    int count = 0;
    char *s = text;
    while (count < max) {
        lines[count++] = s;
        char *end = strchr(s, '\n');
        if (!end)
            break;
        *end = '\0';
        s = end + 1;
    }
    return count;
}

/* The rooks of the rights held (a lost right's rook square is history, not state). */
static bool castling_rooks_equal(const Position *a, const Position *b)
{
    for (int i = 0; i < CASTLE_RIGHT_NB; i++)
        if ((a->castling & (1 << i)) && a->castling_rook[i] != b->castling_rook[i])
            return false;
    return true;
}

bool fuzz_pos_equal(const Position *a, const Position *b)
{
    return a->chess960 == b->chess960 && castling_rooks_equal(a, b) &&
           memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
           memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
           memcmp(a->board, b->board, sizeof a->board) == 0 && a->key == b->key &&
           a->side == b->side && a->castling == b->castling && a->ep_square == b->ep_square &&
           a->king_square[WHITE] == b->king_square[WHITE] &&
           a->king_square[BLACK] == b->king_square[BLACK] &&
           a->halfmove_clock == b->halfmove_clock && a->fullmove_number == b->fullmove_number;
}

void fuzz_check_fen_round_trip(const Position *pos)
{
    char fen[FEN_MAX_LENGTH], again[FEN_MAX_LENGTH];
    Position copy;
    ParseError err;
    FUZZ_CHECK(pos_is_consistent(pos), "position is not consistent");
    int length = pos_get_fen(pos, fen);
    FUZZ_CHECK(length > 0 && length < FEN_MAX_LENGTH && (size_t)length == strlen(fen),
               "pos_get_fen returned length %d for \"%s\"", length, fen);
    bool read = pos->chess960 ? pos_set_fen_chess960(&copy, fen, &err)
                              : pos_set_fen(&copy, fen, &err);
    FUZZ_CHECK(read, "printed FEN \"%s\" rejected: %s", fen, err.message);
    FUZZ_CHECK(pos_is_consistent(&copy), "re-parsed \"%s\" is not consistent", fen);
    pos_get_fen(&copy, again);
    FUZZ_CHECK(strcmp(fen, again) == 0, "FEN round trip unstable: \"%s\" then \"%s\"", fen, again);
    FUZZ_CHECK(fuzz_pos_equal(pos, &copy), "FEN \"%s\" parses to a different position", fen);
}

static int compare_moves(const void *a, const void *b)
{
    Move x = ((const ScoredMove *)a)->move, y = ((const ScoredMove *)b)->move;
    return (x > y) - (x < y);
}

/* The moves of a list, sorted, into `sorted`; fails on duplicates. */
static void sorted_moves(const MoveList *list, MoveList *sorted, const char *mode)
{
    *sorted = *list;
    qsort(sorted->moves, (size_t)sorted->count, sizeof sorted->moves[0], compare_moves);
    for (int i = 1; i < sorted->count; i++)
        FUZZ_CHECK(sorted->moves[i].move != sorted->moves[i - 1].move, "%s lists move 0x%04x twice",
                   mode, (unsigned)sorted->moves[i].move);
}

static void check_same_moves(const MoveList *expected, const MoveList *list, const char *mode)
{
    MoveList sorted;
    sorted_moves(list, &sorted, mode);
    FUZZ_CHECK(sorted.count == expected->count, "%s gives %d moves, GEN_LEGAL %d", mode,
               sorted.count, expected->count);
    for (int i = 0; i < sorted.count; i++)
        FUZZ_CHECK(sorted.moves[i].move == expected->moves[i].move,
                   "%s and GEN_LEGAL differ at 0x%04x", mode, (unsigned)sorted.moves[i].move);
}

static bool in_sorted(const MoveList *sorted, Move move)
{
    int lo = 0, hi = sorted->count;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (sorted->moves[mid].move < move)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < sorted->count && sorted->moves[lo].move == move;
}

void fuzz_check_moves(Position *pos)
{
    MoveList legal, sorted, other;
    Position before;
    char text[6];
    Color us = pos_side(pos);

    memcpy(&before, pos, sizeof before);
    int count = movegen_generate(pos, GEN_LEGAL, &legal);
    FUZZ_CHECK(count == legal.count && count >= 0 && count <= MAX_MOVES, "GEN_LEGAL count %d",
               count);
    FUZZ_CHECK(count == movegen_count_legal(pos),
               "GEN_LEGAL gives %d moves, movegen_count_legal %d", count, movegen_count_legal(pos));
    sorted_moves(&legal, &sorted, "GEN_LEGAL");

    movegen_generate(pos, GEN_CAPTURES, &other);
    int captures = other.count;
    for (int i = 0; i < captures; i++)
        FUZZ_CHECK(pos_is_capture(pos, other.moves[i].move) ||
                       move_kind(other.moves[i].move) == MOVE_PROMOTION,
                   "GEN_CAPTURES lists a quiet move 0x%04x", (unsigned)other.moves[i].move);
    movegen_append(pos, GEN_QUIETS, &other);
    check_same_moves(&sorted, &other, "GEN_CAPTURES + GEN_QUIETS");
    movegen_generate(pos, GEN_EVASIONS, &other);
    check_same_moves(&sorted, &other, "GEN_EVASIONS");
    FUZZ_CHECK(memcmp(pos, &before, sizeof before) == 0, "generation changed the position");

    for (int i = 0; i < legal.count; i++) {
        Move move = legal.moves[i].move;
        move_to_uci(move, text);
        FUZZ_CHECK(movegen_is_legal(pos, move), "generated %s but movegen_is_legal says no", text);
        FUZZ_CHECK(pos_parse_uci_move(pos, text) == move, "UCI text %s does not resolve to itself",
                   text);
        /* The same squares with other kind and promotion bits are legal only if generated. */
        for (int bits = 0; bits < 16; bits++) {
            Move variant = (Move)((move & 0x0FFF) | (bits << 12));
            FUZZ_CHECK(movegen_is_legal(pos, variant) == in_sorted(&sorted, variant),
                       "movegen_is_legal(0x%04x) disagrees with the generated list",
                       (unsigned)variant);
        }
        bool check = pos_gives_check(pos, move);
        Undo undo;
        pos_do_move(pos, move, &undo);
        FUZZ_CHECK(!pos_square_attacked(pos, pos->king_square[us], pos_side(pos)),
                   "%s leaves the mover's king attacked", text);
        FUZZ_CHECK(check == pos_in_check(pos), "pos_gives_check(%s) = %d, but in check = %d", text,
                   check, pos_in_check(pos));
        fuzz_check_fen_round_trip(pos);
        MoveList replies;
        FUZZ_CHECK(movegen_generate(pos, GEN_LEGAL, &replies) == movegen_count_legal(pos),
                   "after %s: GEN_LEGAL and movegen_count_legal disagree", text);
        pos_undo_move(pos, move, &undo);
        FUZZ_CHECK(memcmp(pos, &before, sizeof before) == 0,
                   "undo of %s did not restore the position", text);
    }
    if (!pos_in_check(pos)) {
        Undo undo;
        pos_do_null_move(pos, &undo);
        FUZZ_CHECK(pos_is_consistent(pos), "null move made an inconsistent position");
        pos_undo_null_move(pos, &undo);
        FUZZ_CHECK(memcmp(pos, &before, sizeof before) == 0, "null move undo did not restore");
    }
}

#ifdef FLASHMATE_XIANGQI
bool fuzz_xq_equal(const XqPosition *a, const XqPosition *b)
{
    return memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
           memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
           memcmp(a->board, b->board, sizeof a->board) == 0 && a->key == b->key &&
           a->side == b->side && a->king_square[WHITE] == b->king_square[WHITE] &&
           a->king_square[BLACK] == b->king_square[BLACK] &&
           a->halfmove_clock == b->halfmove_clock && a->fullmove_number == b->fullmove_number;
}

void fuzz_check_xq_fen_round_trip(const XqPosition *pos)
{
    char fen[XQ_FEN_MAX_LENGTH], again[XQ_FEN_MAX_LENGTH];
    XqPosition copy;
    ParseError err;
    FUZZ_CHECK(xq_is_consistent(pos), "Xiangqi position is not consistent");
    FUZZ_CHECK(pos->key == xq_compute_key(pos), "Xiangqi key differs from a recomputation");
    int length = xq_get_fen(pos, fen);
    FUZZ_CHECK(length > 0 && length < XQ_FEN_MAX_LENGTH && (size_t)length == strlen(fen),
               "xq_get_fen returned length %d for \"%s\"", length, fen);
    FUZZ_CHECK(xq_set_fen(&copy, fen, &err), "printed Xiangqi FEN \"%s\" rejected: %s", fen,
               err.message);
    xq_get_fen(&copy, again);
    FUZZ_CHECK(strcmp(fen, again) == 0, "Xiangqi FEN round trip unstable: \"%s\" then \"%s\"", fen,
               again);
    FUZZ_CHECK(fuzz_xq_equal(pos, &copy), "Xiangqi FEN \"%s\" parses to a different position", fen);
}

void fuzz_check_xq_moves(XqPosition *pos)
{
    MoveList legal, sorted, other;
    XqPosition before = *pos;
    char text[XQ_MOVE_TEXT_MAX];
    Color us = xq_side(pos);

    int count = xq_generate(pos, XQ_GEN_LEGAL, &legal);
    FUZZ_CHECK(count == legal.count && count >= 0 && count <= MAX_MOVES, "XQ_GEN_LEGAL count %d",
               count);
    FUZZ_CHECK(count == xq_count_legal(pos), "XQ_GEN_LEGAL gives %d moves, xq_count_legal %d",
               count, xq_count_legal(pos));
    sorted_moves(&legal, &sorted, "XQ_GEN_LEGAL");
    int captures = xq_generate(pos, XQ_GEN_CAPTURES, &other);
    for (int i = 0; i < captures; i++)
        FUZZ_CHECK(pos->board[xq_move_to(other.moves[i].move)] != XQ_NO_PIECE,
                   "XQ_GEN_CAPTURES lists a quiet move 0x%04x", (unsigned)other.moves[i].move);
    MoveList quiets;
    xq_generate(pos, XQ_GEN_QUIETS, &quiets);
    for (int i = 0; i < quiets.count; i++) {
        FUZZ_CHECK(other.count < MAX_MOVES, "captures and quiets exceed MAX_MOVES");
        other.moves[other.count++] = quiets.moves[i];
    }
    check_same_moves(&sorted, &other, "XQ_GEN_CAPTURES + XQ_GEN_QUIETS");
    FUZZ_CHECK(fuzz_xq_equal(pos, &before), "generation changed the Xiangqi position");

    /* xq_is_legal agrees with the list for every move of every piece of the side to move. */
    for (int from = 0; from < XQ_SQUARE_NB; from++) {
        if (pos->board[from] == XQ_NO_PIECE || xq_piece_color(pos->board[from]) != us)
            continue;
        for (int to = 0; to < XQ_SQUARE_NB; to++) {
            Move move = xq_move_make(from, to);
            FUZZ_CHECK(xq_is_legal(pos, move) == in_sorted(&sorted, move),
                       "xq_is_legal(0x%04x) disagrees with the generated list", (unsigned)move);
        }
    }
    for (int i = 0; i < legal.count; i++) {
        Move move = legal.moves[i].move;
        xq_move_to_uci(move, text);
        FUZZ_CHECK(xq_parse_uci_move(pos, text) == move,
                   "Xiangqi text %s does not resolve to itself", text);
        XqUndo undo;
        xq_do_move(pos, move, &undo);
        FUZZ_CHECK(!xq_general_attacked(pos, pos->king_square[us], xq_side(pos)),
                   "%s leaves the mover's general attacked", text);
        fuzz_check_xq_fen_round_trip(pos);
        xq_undo_move(pos, move, &undo);
        FUZZ_CHECK(fuzz_xq_equal(pos, &before), "undo of %s did not restore the Xiangqi position",
                   text);
    }
    XqUndo undo;
    xq_do_null_move(pos, &undo);
    FUZZ_CHECK(xq_is_consistent(pos), "Xiangqi null move made an inconsistent position");
    xq_undo_null_move(pos, &undo);
    FUZZ_CHECK(fuzz_xq_equal(pos, &before), "Xiangqi null move undo did not restore");
}
#endif
