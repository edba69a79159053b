/*
 * The part of <string.h> the core and the RISC-V port use: Debian's riscv64-unknown-elf-gcc has
 * no C library. GCC itself may call memcpy, memmove, memset and memcmp (struct copies, zeroing),
 * so those four are here even where the source does not name them. string.c implements them.
 */
#ifndef FLASHMATE_RISCV_STRING_H
#define FLASHMATE_RISCV_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dest, const void *restrict src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memset(void *dest, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);

#endif
