/* Notation shared by every game (notation.h). */
#include "notation.h"

#include "flashmate/game.h"

#include "text.h"

static FM_FLASH char fen_field_names[][16] = {
    "",           "piece placement", "side to move",    "castling",
    "en passant", "halfmove clock",  "fullmove number",
};

bool fen_error(ParseError *err, int field, const char *fen, const char *at, const FlashText *what)
{
    if (!err)
        return false;
    TextBuf t = text_buf(err->message, sizeof err->message);
    err->field = field;
    err->offset = (int)(at - fen);
    text_add(&t, FM_TEXT("FEN "));
    text_add(&t, fen_field_names[field]);
    text_add(&t, FM_TEXT(": "));
    text_add(&t, what);
    if (*at) {
        text_add(&t, FM_TEXT(" at "));
        text_add_quoted_char(&t, *at);
    } else {
        text_add(&t, FM_TEXT(" at end of input"));
    }
    text_add(&t, FM_TEXT(" (offset "));
    text_add_int(&t, err->offset);
    text_add(&t, FM_TEXT(")"));
    return false;
}

bool fen_parse_counter(const char *fen, const char **s, int field, uint64_t min, uint64_t max,
                       uint64_t *value, ParseError *err)
{
    int n = text_parse_u64(*s, max, value);
    if (n == 0)
        return fen_error(err, field, fen, *s,
                         text_is_digit(**s) ? FM_TEXT("number too large")
                                            : FM_TEXT("expected a number"));
    if (*value < min)
        return fen_error(err, field, fen, *s, FM_TEXT("must be at least 1"));
    *s += n;
    return true;
}

bool fen_parse_counters(const char *fen, const char **s, uint16_t *halfmove, uint16_t *fullmove,
                        ParseError *err)
{
    uint64_t half = 0, full = 1;
    if (**s) {
        if (!fen_parse_counter(fen, s, 5, 0, 65535, &half, err) ||
            !fen_end_of_field(fen, s, 5, err))
            return false;
        if (**s) {
            if (!fen_parse_counter(fen, s, 6, 1, 65535, &full, err) ||
                !fen_end_of_field(fen, s, 6, err))
                return false;
            if (**s)
                return fen_error(err, 6, fen, *s, FM_TEXT("unexpected text after the last field"));
        }
    }
    *halfmove = (uint16_t)half;
    *fullmove = (uint16_t)full;
    return true;
}

bool fen_end_of_field(const char *fen, const char **s, int field, ParseError *err)
{
    if (**s && !text_is_space(**s))
        return fen_error(err, field, fen, *s, FM_TEXT("unexpected character"));
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

/* fen_error with "<what> <n><rest>", e.g. "rank has more than 8 squares". */
static bool fen_error_count(ParseError *err, const char *fen, const char *at, const FlashText *what,
                            int n, const FlashText *rest)
{
    char message[80];
    TextBuf t = text_buf(message, sizeof message);
    text_add(&t, what);
    text_add_int(&t, n);
    text_add(&t, rest);
    return fen_error(err, 1, fen, at, message);
}

bool fen_parse_placement(const char *fen, const char **s, int files, int ranks,
                         FenPieceFromChar piece_from_char, uint8_t *board, uint16_t *offsets,
                         ParseError *err)
{
    const char *p = *s;
    for (int rank = ranks - 1; rank >= 0; rank--) {
        int file = 0;
        bool last_was_digit = false;
        while (*p && *p != '/' && !text_is_space(*p)) {
            if (*p >= '1' && *p <= '0' + files) {
                if (last_was_digit)
                    return fen_error(err, 1, fen, p, FM_TEXT("two digits in a row"));
                file += *p - '0';
                last_was_digit = true;
            } else {
                int piece = piece_from_char(*p);
                if (piece == FEN_NO_PIECE)
                    return fen_error(err, 1, fen, p, FM_TEXT("unexpected character"));
                if (file < files) {
                    board[rank * files + file] = (uint8_t)piece;
                    if (offsets)
                        offsets[rank * files + file] = (uint16_t)(p - fen);
                }
                file++;
                last_was_digit = false;
            }
            if (file > files)
                return fen_error_count(err, fen, p, FM_TEXT("rank has more than "), files,
                                       FM_TEXT(" squares"));
            p++;
        }
        if (file < files)
            return fen_error_count(err, fen, p, FM_TEXT("rank has fewer than "), files,
                                   FM_TEXT(" squares"));
        if (rank > 0) {
            if (*p != '/') {
                char rest[40];
                TextBuf t = text_buf(rest, sizeof rest);
                text_add(&t, FM_TEXT(" squares (fewer than "));
                text_add_int(&t, ranks);
                text_add(&t, FM_TEXT(" ranks)"));
                return fen_error_count(err, fen, p, FM_TEXT("expected '/' after "), files, rest);
            }
            p++;
        }
    }
    if (*p == '/')
        return fen_error_count(err, fen, p, FM_TEXT("more than "), ranks, FM_TEXT(" ranks"));
    *s = p;
    return true;
}

void notation_add_board(TextBuf *t, const void *pos, int files, int ranks, FenPieceAt piece_at,
                        bool labels)
{
    for (int rank = ranks - 1; rank >= 0; rank--) {
        if (labels) {
            text_add_char(t, rank >= 9 ? (char)('0' + (rank + 1) / 10) : ' ');
            text_add_char(t, (char)('0' + (rank + 1) % 10));
        } else {
            text_add_char(t, ' ');
        }
        for (int file = 0; file < files; file++) {
            char letter = piece_at(pos, file, rank);
            text_add_char(t, ' ');
            text_add_char(t, letter ? letter : '.');
        }
        text_add_char(t, '\n');
    }
    if (labels) {
        text_add(t, FM_TEXT("   "));
        for (int file = 0; file < files; file++) {
            text_add_char(t, ' ');
            text_add_char(t, (char)('a' + file));
        }
        text_add_char(t, '\n');
    }
}

Move notation_find_move(const MoveList *list, const char *text, void (*move_text)(Move, char *),
                        int folded_from)
{
    size_t length = text_word_length(text);
    if (length >= GAME_MOVE_TEXT_MAX)
        return MOVE_NONE; /* longer than any move's text */
    for (int i = 0; i < list->count; i++) {
        char buf[GAME_MOVE_TEXT_MAX];
        move_text(list->moves[i].move, buf);
        size_t j = 0;
        while (j < length &&
               (buf[j] == text[j] || (folded_from >= 0 && j >= (size_t)folded_from &&
                                      text[j] >= 'A' && text[j] <= 'Z' && buf[j] == text[j] + 32)))
            j++;
        if (j == length && buf[j] == '\0')
            return list->moves[i].move;
    }
    return MOVE_NONE;
}
