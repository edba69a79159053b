/* FEN field helpers shared by the chess and Xiangqi parsers (see fen_fields.h). */
#include "fen_fields.h"

#include "text.h"

static const char *const fen_field_names[] = {
    "", "piece placement", "side to move", "castling", "en passant", "halfmove clock",
    "fullmove number",
};

bool fen_error(ParseError *err, int field, const char *fen, const char *at, const char *what)
{
    if (!err)
        return false;
    TextBuf t = text_buf(err->message, sizeof err->message);
    err->field = field;
    err->offset = (int)(at - fen);
    text_add(&t, "FEN ");
    text_add(&t, fen_field_names[field]);
    text_add(&t, ": ");
    text_add(&t, what);
    if (*at) {
        text_add(&t, " at ");
        text_add_quoted_char(&t, *at);
    } else {
        text_add(&t, " at end of input");
    }
    text_add(&t, " (offset ");
    text_add_int(&t, err->offset);
    text_add(&t, ")");
    return false;
}

bool fen_parse_counter(const char *fen, const char **s, int field, uint64_t min, uint64_t max,
                       uint64_t *value, ParseError *err)
{
    int n = text_parse_u64(*s, max, value);
    if (n == 0)
        return fen_error(err, field, fen, *s,
                         text_is_digit(**s) ? "number too large" : "expected a number");
    if (*value < min)
        return fen_error(err, field, fen, *s, "must be at least 1");
    *s += n;
    return true;
}

bool fen_end_of_field(const char *fen, const char **s, int field, ParseError *err)
{
    if (**s && !text_is_space(**s))
        return fen_error(err, field, fen, *s, "unexpected character");
    *s = text_skip_spaces(*s);
    return true;
}


void fen_write_placement(TextBuf *t, const void *pos, int files, int ranks, FenPieceAt piece_at)
{
    for (int rank = ranks - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < files; file++) {
            char letter = piece_at(pos, file, rank);
            if (!letter) {
                empty++;
                continue;
            }
            if (empty)
                text_add_char(t, (char)('0' + empty));
            empty = 0;
            text_add_char(t, letter);
        }
        if (empty)
            text_add_char(t, (char)('0' + empty));
        if (rank)
            text_add_char(t, '/');
    }
}
