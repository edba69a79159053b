/* Chess perft (flashmate/perft.h), from the template every game shares. */
#include "flashmate/perft.h"

#include "flashmate/movegen.h"
#include "make_move.h"

#define PERFT_POSITION Position
#define PERFT_UNDO Undo
#define PERFT_GENERATE(pos, list) movegen_generate(pos, GEN_LEGAL, list)
#define PERFT_COUNT(pos) movegen_count_legal(pos)
#define PERFT_COUNT_CHILDREN(pos) movegen_count_children(pos)
#define PERFT_DO(pos, move, undo) make_move_as(pos, move, undo, MAKE_BOARD)
#define PERFT_UNDO_MOVE(pos, move, undo) unmake_move_as(pos, move, undo, MAKE_BOARD)
#define PERFT perft
#define PERFT_DIVIDE perft_divide
#include "engine/perft_template.h"

static bool parse_chess_fen(void *pos, const char *fen, ParseError *err)
{
    return pos_set_fen(pos, fen, err);
}

int perft_parse_epd_line(const char *line, PerftCase *out, ParseError *err)
{
    return perft_parse_epd(line, parse_chess_fen, &out->pos, &out->depths, out->expected, err);
}
