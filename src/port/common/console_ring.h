/*
 * The receive ring and line assembly of a board's UART console (console_ring.c), and what it
 * needs from the port: interrupt masking, a sleep until an interrupt, and the chip's UART.
 * console_ring.c implements port_poll_line, port_read_line and port_write (port/port.h).
 */
#ifndef FLASHMATE_PORT_CONSOLE_RING_H
#define FLASHMATE_PORT_CONSOLE_RING_H

#include <stdbool.h>
#include <stdint.h>

/* ---- Called by the chip's receive interrupt ----
 * console_can_take first, then console_received for the byte, in order, and console_lost when
 * the UART reports that bytes were lost (an overrun) after the last one passed on. When
 * console_can_take says no, the interrupt leaves the byte in the UART and disables itself: the
 * UART holds what it can (under an emulator, the emulator holds the rest of the input) until
 * console_ring.c, having taken bytes out of the ring, calls chip_uart_rx_resume, which enables it
 * again. */
bool console_can_take(void);
void console_received(uint8_t byte);
void console_lost(void);

/* ---- Provided by the port ---- */

/* Mask interrupts, returning the previous state; restore it. */
uint32_t console_irq_save(void);
void console_irq_restore(uint32_t saved);
/* Sleep until an interrupt; called with interrupts masked, and must not miss one that became
 * pending before it (Cortex-M `wfi`; AVR `sei` then `sleep`, which runs before any interrupt). */
void console_wait_for_interrupt(void);
/* Send one byte, waiting until the UART takes it. */
void chip_uart_put(uint8_t byte);
/* Enable the receive interrupt again after console_can_take said no. */
void chip_uart_rx_resume(void);

#endif
