/*
 * The Cortex-M console on the chip's UART (stm32.c, nrf51.c): the receive ring and line assembly
 * are common/console_ring.c; here are its hooks (PRIMASK, `wfi`) and start-up and ending for
 * startup.c.
 */
#include <stdint.h>

#include "cortex_m.h"
#include "port/common/console_ring.h"

uint32_t console_irq_save(void) { return irq_save(); }

void console_irq_restore(uint32_t saved) { irq_restore(saved); }

void console_wait_for_interrupt(void) { wait_for_interrupt(); }

/* ---- Start-up and ending for startup.c ---- */

void platform_start(void) { chip_start(); }

void platform_stop(int status)
{
    (void)status; /* no one to tell: a board idles (the UART keeps receiving into the ring) */
    for (;;)
        wait_for_interrupt();
}

void platform_fault_write(const char *text)
{
    for (; *text; text++)
        if (!chip_uart_put_bounded((uint8_t)*text))
            return;
}

void platform_fault_stop(void)
{
    for (;;)
        wait_for_interrupt();
}
