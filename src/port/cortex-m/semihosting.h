/*
 * ARM semihosting: requests served by the debugger or emulator (here qemu-system-arm with
 * -semihosting-config enable=on,target=native) through `bkpt 0xAB`. The semihosting build of the
 * Cortex-M port (FLASHMATE_SEMIHOSTING, semihosting.c) uses it for its console, clock and exit
 * status. https://github.com/ARM-software/abi-aa/blob/main/semihosting/semihosting.rst
 *
 * Without a debugger attached, bkpt faults on real hardware: the default build includes none of
 * this (console_uart.c and the chip's file instead).
 */
#ifndef FLASHMATE_PORT_SEMIHOSTING_H
#define FLASHMATE_PORT_SEMIHOSTING_H

#include <stdint.h>

enum {
    SYS_OPEN = 0x01,
    SYS_WRITE0 = 0x04,
    SYS_WRITE = 0x05,
    SYS_READ = 0x06,
    SYS_CLOCK = 0x10,
    SYS_EXIT_EXTENDED = 0x20,
    SYS_ELAPSED = 0x30,
    SYS_TICKFREQ = 0x31,
};

/* One request: r0 = operation, r1 = argument (usually a parameter block); returns r0. */
static inline int32_t semihost_call(int32_t op, void *arg)
{
    register int32_t r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

/* A NUL-terminated string on the debug console (no state needed: usable from fault handlers). */
static inline void semihost_write0(const char *text) { semihost_call(SYS_WRITE0, (void *)text); }

/* End the program: QEMU exits with `status` (SYS_EXIT_EXTENDED carries a full status; plain
 * SYS_EXIT can only report success or failure on 32-bit ARM). */
__attribute__((noreturn)) void semihost_exit(int status);

#endif
