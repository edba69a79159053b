/*
 * Small text helpers for the freestanding core: building messages and reading numbers without
 * stdio. Every writer truncates safely and keeps the buffer NUL-terminated.
 */
#ifndef FLASHMATE_TEXT_H
#define FLASHMATE_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "flashmate/flash.h"

/* A bounded string under construction. */
typedef struct TextBuf {
    char *data;
    size_t size; /* capacity including the terminating NUL */
    size_t length;
} TextBuf;

static inline TextBuf text_buf(char *data, size_t size)
{
    TextBuf t = {data, size, 0};
    if (size)
        data[0] = '\0';
    return t;
}

/* Texts that are only read are `const FlashText *`: in flash (FM_TEXT) or in RAM. */
void text_add(TextBuf *t, const FlashText *s);
void text_add_char(TextBuf *t, char c);
void text_add_int(TextBuf *t, long long value);
void text_add_u64(TextBuf *t, uint64_t value);
/* A number right-aligned in `width` columns; a 64-bit value as 16 upper-case hex digits. */
void text_add_int_width(TextBuf *t, long long value, int width);
void text_add_hex64(TextBuf *t, uint64_t value);
/* A character shown readably: 'x', or a byte value for control and non-ASCII bytes. */
void text_add_quoted_char(TextBuf *t, char c);

/* Format an unsigned number into buf (at least 21 bytes); returns its length. */
int text_format_u64(uint64_t value, char *buf);

/* Parse a run of decimal digits at s into *value; returns the number of characters consumed
 * (0 if s does not start with a digit or the number exceeds max). */
int text_parse_u64(const char *s, uint64_t max, uint64_t *value);

static inline bool text_is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static inline bool text_is_digit(char c) { return c >= '0' && c <= '9'; }

/* Skip spaces; returns the pointer to the first non-space character. */
const char *text_skip_spaces(const char *s);
/* Compare the word at s (up to the next space or end) with word. */
bool text_word_equals(const char *s, const FlashText *word);
/* Length of the word at s (up to the next space or end). */
size_t text_word_length(const char *s);
/* Are the two strings equal but for the case of ASCII letters? */
bool text_equals_ignoring_case(const FlashText *a, const FlashText *b);

#endif
