/*
 * What the RISC-V port's start-up code (startup.c) and its drivers (port_riscv.c) share: the
 * board's bring-up, the console's interrupt side and the end of the program.
 */
#ifndef FLASHMATE_PORT_RISCV_PORT_H
#define FLASHMATE_PORT_RISCV_PORT_H

#include <stdint.h>

/* Clock, console (UART0, receiving by interrupt through the PLIC) and the timer's rate; called
 * once by the start-up code after .data and .bss are set up, before main. */
void riscv_board_start(void);

/* A machine external interrupt: claims the PLIC's sources and serves them (UART0 receive). */
void riscv_external_interrupt(void);

/* Text on the console without buffering or interrupts (usable from a trap handler). */
void riscv_console_raw(const char *text);
void riscv_console_hex(uint32_t value);     /* 0x%08x */
void riscv_console_decimal(uint32_t value); /* %u */

/* The end of the program with `status` (main's return value, or EXIT_TRAP): with
 * FLASHMATE_SEMIHOSTING the emulator exits with it, else the core idles (wfi) for good. */
enum { EXIT_TRAP = 99 };
__attribute__((noreturn)) void riscv_stop(int status);

#endif
