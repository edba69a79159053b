/*
 * Xiangqi FENs turned over, for tests that check a result is the same seen from the other side:
 * mirror_colours (ranks in reverse order, letter case swapped, the other side to move: the same
 * position for the other colour) and mirror_files (each rank read right to left).
 */
#ifndef FLASHMATE_TEST_MIRROR_FEN_H
#define FLASHMATE_TEST_MIRROR_FEN_H

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The placement and side fields of fen into placement (at least 96 bytes) and *side; for a FEN
 * without them, an empty out (the caller's xq_set_fen says so) and false. */
static inline bool mirror_read(const char *fen, char *placement, char *side, char *out)
{
    if (sscanf(fen, "%95s %c", placement, side) == 2 && (*side == 'w' || *side == 'b'))
        return true;
    out[0] = '\0';
    return false;
}

static inline void mirror_colours(const char *fen, char *out, size_t size)
{
    char placement[96], side, flipped[96];
    if (!mirror_read(fen, placement, &side, out))
        return;
    size_t n = 0;
    const char *end = placement + strlen(placement);
    while (end > placement) {
        const char *start = end;
        while (start > placement && start[-1] != '/')
            start--;
        for (const char *c = start; c < end; c++)
            flipped[n++] = (char)(isupper((unsigned char)*c) ? tolower((unsigned char)*c)
                                                             : toupper((unsigned char)*c));
        end = start > placement ? start - 1 : placement;
        if (end > placement)
            flipped[n++] = '/';
    }
    flipped[n] = '\0';
    snprintf(out, size, "%s %c - - 0 1", flipped, side == 'w' ? 'b' : 'w');
}

static inline void mirror_files(const char *fen, char *out, size_t size)
{
    char placement[96], side, flipped[96];
    if (!mirror_read(fen, placement, &side, out))
        return;
    size_t n = 0;
    const char *rank = placement;
    while (*rank) {
        size_t length = strcspn(rank, "/");
        for (size_t i = length; i > 0; i--)
            flipped[n++] = rank[i - 1];
        rank += length;
        if (*rank == '/')
            flipped[n++] = *rank++;
    }
    flipped[n] = '\0';
    snprintf(out, size, "%s %c - - 0 1", flipped, side);
}

#endif
