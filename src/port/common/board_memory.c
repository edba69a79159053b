/*
 * What every 32-bit board's image has, whatever its chip: start-up's copy of .data and zeroing
 * of .bss, and the stack meter (port/firmware/firmware.h). The linker scripts
 * (src/port/cortex-m/sections.ld, src/port/riscv/) name the section bounds and the stack reserve
 * alike. The table memory is common/tt_arena.c's.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "board_memory.h"
#include "port/firmware/firmware.h"
#include "port/port.h"

/* ---- Start-up ---- */

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[];

void board_init_memory(void)
{
    /* The section bounds are separate objects to C: sizes come from their addresses as integers.
     * volatile keeps the compiler from turning the loops into memcpy/memset calls. */
    size_t data_words = ((uintptr_t)_edata - (uintptr_t)_sdata) / sizeof(uint32_t);
    size_t bss_words = ((uintptr_t)_ebss - (uintptr_t)_sbss) / sizeof(uint32_t);
    const uint32_t *src = _sidata;
    volatile uint32_t *data = _sdata, *bss = _sbss;
    for (size_t i = 0; i < data_words; i++)
        data[i] = src[i];
    for (size_t i = 0; i < bss_words; i++)
        bss[i] = 0;
}

/* ---- Stack meter ---- */

/* The stack grows down from _estack (the end of RAM) and may use all RAM above the static data,
 * from _sstack; the linker script guarantees __stack_size bytes of it (an absolute symbol: its
 * address is the value). Addresses are compared as integers: to C they point into different
 * objects. */
extern uint32_t _sstack[], _estack[];
extern char __stack_size[];

enum { STACK_PATTERN = 0x57ac57acu, STACK_MARGIN_WORDS = 16 };

static inline uintptr_t stack_pointer(void)
{
    uintptr_t sp;
#if defined(__riscv)
    __asm__ volatile("mv %0, sp" : "=r"(sp));
#else
    __asm__ volatile("mov %0, sp" : "=r"(sp));
#endif
    return sp;
}

/* Counted down to the bottom of the reserve, which the size report states as the image's stack. */
size_t port_stack_free(void)
{
    uintptr_t sp = stack_pointer(), floor = (uintptr_t)_estack - (uintptr_t)__stack_size;
    return sp > floor ? (size_t)(sp - floor) : 0;
}

void port_stack_paint(void)
{
    uintptr_t end = stack_pointer() - STACK_MARGIN_WORDS * sizeof(uint32_t);
    for (uintptr_t address = (uintptr_t)_sstack; address < end; address += sizeof(uint32_t))
        *(volatile uint32_t *)address = STACK_PATTERN;
}

size_t port_stack_used(size_t *size)
{
    uintptr_t address = (uintptr_t)_sstack, end = (uintptr_t)_estack;
    while (address < end && *(const volatile uint32_t *)address == STACK_PATTERN)
        address += sizeof(uint32_t);
    if (size)
        *size = (size_t)(uintptr_t)__stack_size;
    return (size_t)(end - address);
}
