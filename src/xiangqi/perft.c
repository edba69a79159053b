/*
 * Xiangqi perft: leaf nodes of the legal move tree, the last ply counted in bulk.
 * https://www.chessprogramming.org/Perft
 */
#include "flashmate/xiangqi.h"

uint64_t xq_perft(XqPosition *pos, int depth)
{
    if (depth <= 1)
        return depth == 1 ? (uint64_t)xq_count_legal(pos) : 1;
    MoveList list;
    uint64_t nodes = 0;
    xq_generate(pos, XQ_GEN_LEGAL, &list);
    for (int i = 0; i < list.count; i++) {
        XqUndo undo;
        Move move = list.moves[i].move;
        xq_do_move(pos, move, &undo);
        nodes += xq_perft(pos, depth - 1);
        xq_undo_move(pos, move, &undo);
    }
    return nodes;
}

uint64_t xq_perft_divide(XqPosition *pos, int depth, PerftReport report, void *user)
{
    if (depth <= 0)
        return 1;
    MoveList list;
    uint64_t total = 0;
    xq_generate(pos, XQ_GEN_LEGAL, &list);
    for (int i = 0; i < list.count; i++) {
        XqUndo undo;
        Move move = list.moves[i].move;
        xq_do_move(pos, move, &undo);
        uint64_t nodes = xq_perft(pos, depth - 1);
        xq_undo_move(pos, move, &undo);
        if (report)
            report(move, nodes, user);
        total += nodes;
    }
    return total;
}

