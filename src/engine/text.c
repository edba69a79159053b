#include "text.h"

void text_add_char(TextBuf *t, char c)
{
    if (t->length + 1 < t->size) {
        t->data[t->length++] = c;
        t->data[t->length] = '\0';
    }
}

void text_add(TextBuf *t, const FlashText *s)
{
    while (*s)
        text_add_char(t, *s++);
}

int text_format_u64(uint64_t value, char *buf)
{
    char digits[21];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    for (int i = 0; i < n; i++)
        buf[i] = digits[n - 1 - i];
    buf[n] = '\0';
    return n;
}

void text_add_u64(TextBuf *t, uint64_t value)
{
    char buf[21];
    text_format_u64(value, buf);
    text_add(t, buf);
}

void text_add_int(TextBuf *t, long long value)
{
    if (value < 0) {
        text_add_char(t, '-');
        text_add_u64(t, (uint64_t)0 - (uint64_t)value);
    } else {
        text_add_u64(t, (uint64_t)value);
    }
}

void text_add_int_width(TextBuf *t, long long value, int width)
{
    char buf[24];
    TextBuf number = text_buf(buf, sizeof buf);
    text_add_int(&number, value);
    for (int i = (int)number.length; i < width; i++)
        text_add_char(t, ' ');
    text_add(t, buf);
}

void text_add_hex64(TextBuf *t, uint64_t value)
{
    static FM_FLASH char hex[] = "0123456789ABCDEF";
    for (int shift = 60; shift >= 0; shift -= 4)
        text_add_char(t, hex[(value >> shift) & 15]);
}

void text_add_quoted_char(TextBuf *t, char c)
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x21 && u < 0x7f) {
        text_add_char(t, '\'');
        text_add_char(t, c);
        text_add_char(t, '\'');
    } else {
        static FM_FLASH char hex[] = "0123456789abcdef";
        text_add(t, FM_TEXT("byte 0x"));
        text_add_char(t, hex[u >> 4]);
        text_add_char(t, hex[u & 15]);
    }
}

int text_parse_u64(const char *s, uint64_t max, uint64_t *value)
{
    uint64_t v = 0;
    int n = 0;
    while (text_is_digit(s[n])) {
        unsigned d = (unsigned)(s[n] - '0');
        if (d > max || v > (max - d) / 10)
            return 0;
        v = v * 10 + d;
        n++;
    }
    if (n)
        *value = v;
    return n;
}

const char *text_skip_spaces(const char *s)
{
    while (text_is_space(*s))
        s++;
    return s;
}

size_t text_word_length(const char *s)
{
    size_t n = 0;
    while (s[n] && !text_is_space(s[n]))
        n++;
    return n;
}

bool text_word_equals(const char *s, const FlashText *word)
{
    size_t n = text_word_length(s);
    size_t i = 0;
    for (; i < n; i++)
        if (word[i] != s[i])
            return false;
    return word[i] == '\0';
}

bool text_equals_ignoring_case(const FlashText *a, const FlashText *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a + 32) : *a;
        char y = *b >= 'A' && *b <= 'Z' ? (char)(*b + 32) : *b;
        if (x != y)
            return false;
    }
    return *a == *b;
}
