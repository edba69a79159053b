/*
 * What the files of the Cortex-M port share: the vector table entry, interrupt masking, the
 * NVIC, and the interface between start-up (startup.c), the console (console_uart.c with
 * common/console_ring.c, or semihosting.c) and a chip (stm32.c, nrf51.c).
 *
 * Two builds (CMake option FLASHMATE_SEMIHOSTING, compile definition of the same name):
 *   off (default)  the console is the chip's UART, read by interrupt into a ring buffer; the clock
 *                  a hardware timer; main's return and faults end in an idle loop. No `bkpt`.
 *   on             console, clock and exit status through semihosting (an emulator or a debug
 *                  probe must be attached), as the cmocka-on-board test images need.
 */
#ifndef FLASHMATE_PORT_CORTEX_M_H
#define FLASHMATE_PORT_CORTEX_M_H

#include <stdbool.h>
#include <stdint.h>

#include "port/common/console_ring.h"

/* A vector table entry: the initial stack pointer, or a handler. A union keeps the tables free
 * of object-to-function pointer casts. */
typedef union Vector {
    // cppcheck-suppress unusedStructMember ; written by the initialiser of a vector table, read by the core
    uint32_t *stack;
    // cppcheck-suppress unusedStructMember ; as above
    void (*handler)(void);
} Vector;

/* A memory-mapped register. */
#define MMIO32(address) (*(volatile uint32_t *)(uintptr_t)(address))

/* ---- Interrupt masking (PRIMASK), on every core from the M0 up ---- */

static inline uint32_t irq_save(void)
{
    uint32_t primask;
    __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
    return primask;
}

static inline void irq_restore(uint32_t primask)
{
    __asm__ volatile("msr primask, %0" ::"r"(primask) : "memory");
}

/* Sleep until an interrupt is pending. With interrupts masked (irq_save) a pending interrupt
 * still wakes the core, so "mask, check, wfi, unmask" cannot miss the interrupt that arrives
 * between the check and the wfi. */
static inline void wait_for_interrupt(void) { __asm__ volatile("wfi" ::: "memory"); }

/* ---- NVIC: enable or disable peripheral interrupt n (n < 32 on the M0) ---- */

static inline void nvic_enable(unsigned irq)
{
    MMIO32(0xE000E100u + 4u * (irq / 32u)) = 1u << (irq % 32u); /* NVIC_ISER */
}

/* Disabled, the interrupt stays pending while its source asserts it and is taken once enabled
 * again. The barriers make the disable take effect before the next instruction (a handler
 * disabling itself returns without being taken again). */
static inline void nvic_disable(unsigned irq)
{
    MMIO32(0xE000E180u + 4u * (irq / 32u)) = 1u << (irq % 32u); /* NVIC_ICER */
    __asm__ volatile("dsb\n\tisb" ::: "memory");
}

/* ---- Start-up and ending: provided by the console (console_uart.c or semihosting.c) ---- */

/* Start the hardware the port uses (clocks, console, timer); called once by Reset_Handler after
 * .data and .bss are set up, before main. */
void platform_start(void);
/* After main returns: semihosting ends the emulator with `status`; a board idles. */
__attribute__((noreturn)) void platform_stop(int status);
/* A fault: `text` on the console by the simplest means (no interrupts, no waiting without a
 * bound), then stop as platform_stop does (semihosting: exit status 99). */
void platform_fault_write(const char *text);
__attribute__((noreturn)) void platform_fault_stop(void);

/* ---- A chip with a UART console (stm32.c, nrf51.c), used by console_uart.c ---- */

/* Clocks, the console UART (115200 8N1, receive interrupt on), the millisecond timer. */
void chip_start(void);
/* The same with a bounded wait, for fault handlers: false if the UART did not take it. */
bool chip_uart_put_bounded(uint8_t byte);

/* The chip's receive interrupt hands bytes to common/console_ring.c (console_can_take,
 * console_received, console_lost), which also needs chip_uart_put and chip_uart_rx_resume: see
 * port/common/console_ring.h. When the ring is full the interrupt disables itself in the NVIC,
 * not in the UART (QEMU 7.2's STM32 USART keeps its interrupt raised until DR is read). */

/* The handler of every fault and unexpected interrupt (startup.c): for the chips' tables. */
void Fault_Handler(void);

#endif
