/*
 * Constant data and text that stay in flash on every platform. Hosts, ARM and RISC-V read plain
 * `const` data where it lies (the linker puts it in .rodata, i.e. flash); avr-gcc copies plain
 * `const` data and every string literal into RAM at start-up, so on AVR what is meant to stay in
 * flash is put in the `__memx` address space (program memory, 24-bit addresses, read with
 * `elpm`):
 *   FM_FLASH          the qualifier of a constant array or table: `const` or `const __memx`.
 *   FlashText         a character of text that may lie in flash or in RAM: a `const FlashText *`
 *                     takes a string literal wrapped in FM_TEXT as well as a buffer in RAM
 *                     (on AVR the generic address space is part of `__memx`, and such a pointer
 *                     says which one it points into).
 *   FM_TEXT("text")   a string literal in flash, as a `const FlashText *` (in a function only:
 *                     on AVR it is a static array in a statement expression).
 * Functions that only read a text (console output, message building, keyword comparison) take
 * `const FlashText *`; a function that returns a pointer into its input keeps `const char *`.
 *
 * avr-gcc 5.4 (Debian 12) turns an array member of an FM_FLASH struct into a pointer wrongly: it
 * stops with an internal error, or reads the text from RAM. Take its address as &s.member[0]
 * (arrays of arrays, names[i], are fine).
 */
#ifndef FLASHMATE_FLASH_H
#define FLASHMATE_FLASH_H

#if defined(__AVR__)
#define FM_FLASH const __memx
#define FM_TEXT(literal)                                                                           \
    (__extension__({                                                                               \
        static FM_FLASH char fm_text_[] = literal;                                                 \
        &fm_text_[0];                                                                              \
    }))
#else
#define FM_FLASH const
#define FM_TEXT(literal) (literal)
#endif

typedef FM_FLASH char FlashText;

#endif
