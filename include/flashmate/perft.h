/*
 * Perft: the number of leaf nodes of the legal move tree to a fixed depth, the move generator's
 * contract. Leaves are counted in bulk (the last ply counts legal moves without making them).
 * https://www.chessprogramming.org/Perft
 */
#ifndef FLASHMATE_PERFT_H
#define FLASHMATE_PERFT_H

#include "flashmate/position.h"

uint64_t perft(Position *pos, int depth);

/* Calls report(move, nodes, user) for each legal root move, in generation order; returns the
 * total. Depth 0 counts the root itself (1) and reports nothing. */
uint64_t perft_divide(Position *pos, int depth, PerftReport report, void *user);

/* One line of a chess EPD perft suite: "FEN ;D1 n ;D2 n ..." (perft_parse_epd, any game, is in
 * flashmate/game_types.h). */
typedef struct PerftCase {
    Position pos;
    int depths;                             /* entries in expected[] (D1..Dn, no gaps) */
    uint64_t expected[PERFT_MAX_DEPTH + 1]; /* expected[d] for d = 1..depths */
} PerftCase;

/* Parse a suite line. Returns 1 on success, 0 for a blank or comment line ('#'), -1 on error
 * with the reason in *err (the FEN's own errors are reported as for pos_set_fen). */
int perft_parse_epd_line(const char *line, PerftCase *out, ParseError *err);

#endif
