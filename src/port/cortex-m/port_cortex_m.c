/*
 * What every Cortex-M image has, whatever its console: the transposition table in a static
 * array, and the stack meter (port/firmware/firmware.h). The console and clock are
 * console_uart.c with the chip's file (stm32.c, nrf51.c), or semihosting.c.
 *
 * FLASHMATE_TT_BYTES (compile definition, default 0) sizes the table memory port_alloc hands out.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "port/firmware/firmware.h"
#include "port/port.h"

/* ---- Transposition table memory: one static array, handed out whole ---- */

#ifndef FLASHMATE_TT_BYTES
#define FLASHMATE_TT_BYTES 0
#endif

#if FLASHMATE_TT_BYTES > 0
static uint64_t port_tt_arena[FLASHMATE_TT_BYTES / sizeof(uint64_t)];
static bool arena_in_use;

void *port_alloc(size_t bytes)
{
    if (bytes == 0 || bytes > sizeof port_tt_arena || arena_in_use)
        return NULL;
    arena_in_use = true;
    memset(port_tt_arena, 0, sizeof port_tt_arena); /* port.h promises zeroed memory */
    return port_tt_arena;
}

void port_free(void *memory)
{
    if (memory == port_tt_arena)
        arena_in_use = false;
}
#else
void *port_alloc(size_t bytes)
{
    (void)bytes;
    return NULL;
}

void port_free(void *memory) { (void)memory; }
#endif

/* ---- Stack meter ---- */

/* The stack grows down from _estack (the end of RAM) and may use all RAM above the static data,
 * from _sstack; the linker script guarantees __stack_size bytes of it (an absolute symbol: its
 * address is the value). */
extern uint32_t _sstack[], _estack[];
extern char __stack_size[];

enum { STACK_PATTERN = 0x57ac57acu, STACK_MARGIN_WORDS = 16 };

/* To C, _sstack, _estack and the stack pointer point into different objects, so the walks
 * below compare addresses as integers rather than pointers. */
void port_stack_paint(void)
{
    uintptr_t sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    uintptr_t end = sp - STACK_MARGIN_WORDS * sizeof(uint32_t);
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
