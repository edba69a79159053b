/*
 * RISC-V start-up (FE310, machine mode only): the reset entry at the start of flash sets the
 * global and stack pointers, then reset_handler installs the trap vector, copies .data from
 * flash and zeroes .bss -- nothing else: the tables are const data used in place, and no
 * constructors or initialisation functions exist. Then the board's clock and console, main, and
 * on return the port's stop (idle, or the emulator's exit status with semihosting).
 *
 * A trap (an exception, or an interrupt nobody enabled) prints its mcause, mepc and mtval on the
 * console and stops with status 99, instead of hanging silently.
 *
 * The copy loops write through volatile pointers so that the compiler cannot turn them into
 * memcpy / memset calls, whatever the flags.
 */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "fe310.h"
#include "port/common/board_memory.h"
#include "riscv_port.h"

/* Symbols of the linker script (src/port/riscv/<board>.ld). */

int main(void);
__attribute__((noreturn)) void reset_handler(void);
__attribute__((noreturn)) void _start(void);

/* The reset address (0x20400000, the first thing in .text). gp must be loaded without linker
 * relaxation, which would otherwise rewrite the load relative to gp itself. */
__attribute__((naked, noreturn, section(".text.start"))) void _start(void)
{
    __asm__ volatile(".option push\n\t"
                     ".option norelax\n\t"
                     "la gp, __global_pointer$\n\t"
                     ".option pop\n\t"
                     "la sp, _estack\n\t"
                     "j reset_handler\n\t");
}

static const char *const exception_names[] = {
    "instruction address misaligned",
    "instruction access fault",
    "illegal instruction",
    "breakpoint (ebreak)",
    "load address misaligned",
    "load access fault",
    "store address misaligned",
    "store access fault",
    "ecall from U-mode",
    "ecall from S-mode",
    "reserved",
    "ecall from M-mode",
};

/* Direct mode: every trap enters here; mtvec needs a 4-byte aligned address. The interrupt
 * attribute saves the registers the handler uses and returns with mret. */
__attribute__((interrupt("machine"), aligned(4))) static void trap_handler(void)
{
    uint32_t cause = CSR_READ(mcause);
    if (cause == (MCAUSE_INTERRUPT | MCAUSE_MACHINE_EXTERNAL)) {
        riscv_external_interrupt();
        return;
    }
    uint32_t code = cause & ~MCAUSE_INTERRUPT;
    riscv_console_raw("\n*** trap: ");
    if (cause & MCAUSE_INTERRUPT)
        riscv_console_raw("unexpected interrupt");
    else if (code < sizeof exception_names / sizeof exception_names[0])
        riscv_console_raw(exception_names[code]);
    else
        riscv_console_raw("exception");
    riscv_console_raw(", mcause ");
    riscv_console_hex(cause);
    riscv_console_raw(" mepc ");
    riscv_console_hex(CSR_READ(mepc));
    riscv_console_raw(" mtval ");
    riscv_console_hex(CSR_READ(mtval));
    riscv_console_raw(": firmware stopped\n");
    riscv_stop(EXIT_TRAP);
}

void reset_handler(void)
{
    CSR_CLEAR(mstatus, MSTATUS_MIE);
    CSR_WRITE(mie, 0);
    CSR_WRITE(mtvec, (uintptr_t)trap_handler);

    board_init_memory();

    riscv_board_start();
    riscv_stop(main());
}

void riscv_assert_failed(const char *expression, const char *file, int line)
{
    riscv_console_raw("\n*** assertion failed: ");
    riscv_console_raw(expression);
    riscv_console_raw(" (");
    riscv_console_raw(file);
    riscv_console_raw(", line ");
    riscv_console_decimal((uint32_t)line);
    riscv_console_raw("): firmware stopped\n");
    riscv_stop(EXIT_TRAP);
}
