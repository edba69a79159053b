/*
 * How generated tables are stored and read, for every game (src/chess/tables.h and
 * src/xiangqi/tables.h declare the tables themselves). Two macros let one generated file serve
 * every platform:
 *   FM_TABLE        the qualifier of a table: FM_FLASH (engine/flash.h), plain `const` on hosts,
 *                   ARM and RISC-V (the linker puts it in .rodata, i.e. flash), `const __memx` on
 *                   AVR (flash, 24-bit far reads).
 *   fm_load(lvalue) reads one entry. Callers index tables directly and never pass a table
 *                   pointer around, because on AVR flash is a different address space.
 */
#ifndef FLASHMATE_TABLE_STORAGE_H
#define FLASHMATE_TABLE_STORAGE_H

#include <stdint.h>

#include "flashmate/flash.h"

#define FM_TABLE FM_FLASH
#define fm_load(lvalue) (lvalue)

/*
 * Every generated file also lists its tables for `flashmate tables`, ending with a null name.
 *
 * The catalogue is plain const data holding pointers to names. Where plain const is flash (hosts,
 * ARM) that costs no RAM; on AVR it would be copied into RAM at start-up, so AVR builds leave it
 * out (FM_TABLE_CATALOGUE 0; the generated files wrap it in `#if FM_TABLE_CATALOGUE`).
 */
#if defined(__AVR__)
#define FM_TABLE_CATALOGUE 0
#else
#define FM_TABLE_CATALOGUE 1
#endif

#if FM_TABLE_CATALOGUE
typedef struct TableInfo {
    const char *name;
    uint32_t entries;
    uint32_t bytes;
} TableInfo;
#endif

#endif
