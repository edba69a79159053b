/*
 * The Xiangqi side of the UCI driver: setting up positions and showing the board. Searching,
 * perft and option handling are shared with chess in src/uci.c.
 */
#include "uci_xiangqi.h"

#include "port/port.h"
#include "engine/text.h"

static const char *next_word(const char *s) { return text_skip_spaces(s + text_word_length(s)); }

void uci_xiangqi_reset(Engine *e)
{
    xq_set_fen(&e->xq_pos, XQ_FEN_START, NULL);
    e->game_key_count = 0;
}

bool uci_xiangqi_set_position(Engine *e, const UciCommand *cmd, char *error, size_t size, const char **excerpt)
{
    const char *fen = cmd->fen[0] ? cmd->fen : XQ_FEN_START;
    XqPosition pos;
    ParseError err;
    TextBuf t = text_buf(error, size);
    *excerpt = NULL;
    if (!xq_set_fen(&pos, fen, &err)) {
        text_add(&t, "position ignored: ");
        text_add(&t, err.message);
        return false;
    }
    /* Check every move first; only then record the keys (the last GAME_HISTORY_MAX matter). */
    int count = 0;
    for (const char *s = cmd->moves; s && *s; s = next_word(s)) {
        Move m = xq_parse_uci_move(&pos, s);
        if (m == XQ_MOVE_NONE) {
            text_add(&t, "position ignored: illegal or malformed move");
            *excerpt = s;
            return false;
        }
        XqUndo undo;
        xq_do_move(&pos, m, &undo);
        count++;
    }
    XqPosition replay;
    xq_set_fen(&replay, fen, NULL);
    e->game_key_count = 0;
    int skip = count > GAME_HISTORY_MAX ? count - GAME_HISTORY_MAX : 0, index = 0;
    for (const char *s = cmd->moves; s && *s; s = next_word(s), index++) {
        Move m = xq_parse_uci_move(&replay, s);
        XqUndo undo;
        if (index >= skip)
            e->game_keys[e->game_key_count++] = replay.key;
        xq_do_move(&replay, m, &undo);
    }
    e->xq_pos = pos;
    return true;
}

void uci_xiangqi_display(const Engine *e)
{
    char line[XQ_FEN_MAX_LENGTH + 8];
    for (int rank = XQ_RANK_NB - 1; rank >= 0; rank--) {
        TextBuf t = text_buf(line, sizeof line);
        text_add(&t, rank == 9 ? "10" : " ");
        if (rank != 9)
            text_add_char(&t, (char)('1' + rank));
        for (int file = 0; file < XQ_FILE_NB; file++) {
            XqPiece p = xq_piece_on(&e->xq_pos, xq_square_make(file, rank));
            text_add_char(&t, ' ');
            text_add_char(&t, p == XQ_NO_PIECE ? '.' : "PABNCRK?pabncrk?"[p]);
        }
        text_add_char(&t, '\n');
        port_write(line);
    }
    port_write("    a b c d e f g h i\n");
    TextBuf t = text_buf(line, sizeof line);
    text_add(&t, "Fen: ");
    xq_get_fen(&e->xq_pos, line + t.length);
    port_write(line);
    port_write("\n");
}
