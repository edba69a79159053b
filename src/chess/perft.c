#include "flashmate/perft.h"

#include "flashmate/movegen.h"

uint64_t perft(Position *pos, int depth)
{
    if (depth <= 1)
        return depth == 1 ? (uint64_t)movegen_count_legal(pos) : 1;
    MoveList list;
    uint64_t nodes = 0;
    movegen_generate(pos, GEN_LEGAL, &list);
    for (int i = 0; i < list.count; i++) {
        Undo undo;
        Move move = list.moves[i].move;
        pos_do_move(pos, move, &undo);
        nodes += perft(pos, depth - 1);
        pos_undo_move(pos, move, &undo);
    }
    return nodes;
}

uint64_t perft_divide(Position *pos, int depth, PerftReport report, void *user)
{
    if (depth <= 0)
        return 1;
    MoveList list;
    uint64_t total = 0;
    movegen_generate(pos, GEN_LEGAL, &list);
    for (int i = 0; i < list.count; i++) {
        Undo undo;
        Move move = list.moves[i].move;
        pos_do_move(pos, move, &undo);
        uint64_t nodes = perft(pos, depth - 1);
        pos_undo_move(pos, move, &undo);
        if (report)
            report(move, nodes, user);
        total += nodes;
    }
    return total;
}

static bool parse_chess_fen(void *pos, const char *fen, ParseError *err)
{
    return pos_set_fen(pos, fen, err);
}

int perft_parse_epd_line(const char *line, PerftCase *out, ParseError *err)
{
    return perft_parse_epd(line, parse_chess_fen, &out->pos, &out->depths, out->expected, err);
}
