/*
 * Perft, written once for every game: a template by include. A game's perft.c defines
 *
 *   PERFT_POSITION, PERFT_UNDO         its position and undo record types
 *   PERFT_GENERATE(pos, list)          every legal move into a MoveList
 *   PERFT_COUNT(pos)                   the number of legal moves, counted without a list
 *   PERFT_DO(pos, move, undo)          make and unmake a move
 *   PERFT_UNDO_MOVE(pos, move, undo)
 *   PERFT, PERFT_DIVIDE                the names of the two functions
 *   PERFT_COUNT_CHILDREN(pos)          optional: perft at depth 2 the game's own way (the sum
 *                                      of PERFT_COUNT over the positions after each move)
 *
 * and includes this file, which defines them with the game's code inlined (no indirection in
 * the recursion). Leaves are counted in bulk: the last ply counts legal moves without making
 * them. https://www.chessprogramming.org/Perft
 */
#include <stddef.h>

#include "flashmate/game_types.h"

uint64_t PERFT(PERFT_POSITION *pos, int depth);

/* The children of pos at depth >= 1, each reported when `report` is not NULL; at depth 2 each
 * child's moves are counted in the loop, without a call to PERFT per child. Inlined in every
 * caller, so perft's copy has no report at all and a constant depth folds the test. */
static inline __attribute__((always_inline)) uint64_t perft_children(PERFT_POSITION *pos, int depth,
                                                                     PerftReport report, void *user)
{
    MoveList list;
    uint64_t total = 0;
    PERFT_GENERATE(pos, &list);
    for (int i = 0; i < list.count; i++) {
        PERFT_UNDO undo;
        Move move = list.moves[i].move;
        PERFT_DO(pos, move, &undo);
        uint64_t nodes = depth == 2 ? (uint64_t)PERFT_COUNT(pos) : PERFT(pos, depth - 1);
        PERFT_UNDO_MOVE(pos, move, &undo);
        if (report)
            report(move, nodes, user);
        total += nodes;
    }
    return total;
}

#ifdef PERFT_COUNT_CHILDREN
#define perft_depth2(pos) PERFT_COUNT_CHILDREN(pos)
#else
#define perft_depth2(pos) perft_children(pos, 2, NULL, NULL)
#endif

uint64_t PERFT(PERFT_POSITION *pos, int depth)
{
    if (depth <= 2)
        return depth == 2 ? perft_depth2(pos) : depth == 1 ? (uint64_t)PERFT_COUNT(pos) : 1;
    return perft_children(pos, depth, NULL, NULL);
}

uint64_t PERFT_DIVIDE(PERFT_POSITION *pos, int depth, PerftReport report, void *user)
{
    return depth <= 0 ? 1 : perft_children(pos, depth, report, user);
}
