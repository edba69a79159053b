/*
 * memcpy, memmove, memset, memcmp and strlen for the RISC-V port (libc/include/string.h). Byte
 * at a time except for the word-aligned bulk of memcpy and memset, which GCC calls for struct
 * copies and zeroing (positions, move lists, the transposition table).
 *
 * Built with -fno-builtin and -fno-tree-loop-distribute-patterns (src/CMakeLists.txt): otherwise
 * GCC would recognise the loops below as memcpy/memset and compile them into calls to
 * themselves.
 */
#include <stdint.h>
#include <string.h>

enum { WORD = sizeof(uint32_t) };

static int aligned(const void *a, const void *b)
{
    return (((uintptr_t)a | (uintptr_t)b) & (WORD - 1)) == 0;
}

void *memcpy(void *restrict dest, const void *restrict src, size_t n)
{
    unsigned char *d = dest;
    const unsigned char *s = src;
    if (aligned(d, s)) {
        for (; n >= WORD; n -= WORD, d += WORD, s += WORD)
            *(uint32_t *)(void *)d = *(const uint32_t *)(const void *)s;
    }
    while (n--)
        *d++ = *s++;
    return dest;
}

void *memmove(void *dest, const void *src, size_t n)
{
    unsigned char *d = dest;
    const unsigned char *s = src;
    if ((uintptr_t)d <= (uintptr_t)s || (uintptr_t)d >= (uintptr_t)s + n) {
        while (n--)
            *d++ = *s++;
    } else {
        while (n--)
            d[n] = s[n];
    }
    return dest;
}

void *memset(void *dest, int c, size_t n)
{
    unsigned char *d = dest;
    unsigned char byte = (unsigned char)c;
    if (aligned(d, d)) {
        uint32_t word = byte * 0x01010101u;
        for (; n >= WORD; n -= WORD, d += WORD)
            *(uint32_t *)(void *)d = word;
    }
    while (n--)
        *d++ = byte;
    return dest;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p < *q ? -1 : 1;
    return 0;
}

size_t strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}
