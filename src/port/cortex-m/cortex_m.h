/*
 * What the files of the Cortex-M port share: the vector table entry, and the interface between
 * start-up (startup.c) and the console (semihosting.c).
 */
#ifndef FLASHMATE_PORT_CORTEX_M_H
#define FLASHMATE_PORT_CORTEX_M_H

#include <stdint.h>

/* A vector table entry: the initial stack pointer, or a handler. A union keeps the tables free
 * of object-to-function pointer casts. */
typedef union Vector {
    // cppcheck-suppress unusedStructMember ; written by the initialiser of a vector table, read by the core
    uint32_t *stack;
    // cppcheck-suppress unusedStructMember ; as above
    void (*handler)(void);
} Vector;

/* ---- Start-up and ending: provided by the console (semihosting.c) ---- */

/* Start the hardware the port uses (clocks, console, timer); called once by Reset_Handler after
 * .data and .bss are set up, before main. */
void platform_start(void);
/* After main returns: semihosting ends the emulator with `status`; a board idles. */
__attribute__((noreturn)) void platform_stop(int status);
/* A fault: `text` on the console by the simplest means (no interrupts, no waiting without a
 * bound), then stop as platform_stop does (semihosting: exit status 99). */
void platform_fault_write(const char *text);
__attribute__((noreturn)) void platform_fault_stop(void);

/* The handler of every fault and unexpected interrupt (startup.c): for the chips' tables. */
void Fault_Handler(void);

#endif
