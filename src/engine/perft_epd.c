/* EPD perft suites for any game: "FEN ;D1 n ;D2 n ..." (flashmate/game_types.h). */
#include "flashmate/game_types.h"

#include "text.h"

static int epd_error(ParseError *err, const char *line, const char *at, const FlashText *what)
{
    if (err) {
        TextBuf t = text_buf(err->message, sizeof err->message);
        err->field = 0;
        err->offset = (int)(at - line);
        text_add(&t, FM_TEXT("EPD perft: "));
        text_add(&t, what);
        text_add(&t, FM_TEXT(" (offset "));
        text_add_int(&t, err->offset);
        text_add(&t, FM_TEXT(")"));
    }
    return -1;
}

int perft_parse_epd(const char *line, PerftFenParser parse_fen, void *pos, int *depths,
                    uint64_t expected[PERFT_MAX_DEPTH + 1], ParseError *err)
{
    char fen[128];
    const char *s = text_skip_spaces(line);
    if (*s == '\0' || *s == '#')
        return 0;
    size_t n = 0;
    while (s[n] && s[n] != ';')
        n++;
    if (n >= sizeof fen)
        return epd_error(err, line, s + n, FM_TEXT("FEN part too long"));
    for (size_t i = 0; i < n; i++)
        fen[i] = s[i];
    fen[n] = '\0';
    if (!parse_fen(pos, fen, err))
        return -1;

    *depths = 0;
    s += n;
    while (*s == ';') {
        uint64_t depth, count;
        const char *field = s;
        s = text_skip_spaces(s + 1);
        if (*s != 'D')
            return epd_error(err, line, field, FM_TEXT("expected ';D<depth> <count>'"));
        int used = text_parse_u64(s + 1, PERFT_MAX_DEPTH, &depth);
        if (!used)
            return epd_error(err, line, s + 1, FM_TEXT("bad depth (1..15)"));
        if ((int)depth != *depths + 1)
            return epd_error(err, line, s, FM_TEXT("depths must run D1, D2, ... without gaps"));
        s = text_skip_spaces(s + 1 + used);
        used = text_parse_u64(s, UINT64_MAX, &count);
        if (!used)
            return epd_error(err, line, s, FM_TEXT("bad node count"));
        s = text_skip_spaces(s + used);
        expected[depth] = count;
        *depths = (int)depth;
    }
    if (*s)
        return epd_error(err, line, s, FM_TEXT("unexpected text"));
    if (*depths == 0)
        return epd_error(err, line, s, FM_TEXT("no ';D1 n' entries"));
    return 1;
}
