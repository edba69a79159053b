/*
 * The transposition table's memory on every board: one static array of FLASHMATE_TT_BYTES
 * (compile definition, default 0: no table), handed out whole by port_alloc (port/port.h).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "port/port.h"

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
