/*
 * nRF51822 (BBC micro:bit v1, FLASHMATE_CHIP_NRF51): the console on UART0 and a clock from
 * TIMER0. Register addresses and fields: nRF51 Series Reference Manual v3.0 (CLOCK, GPIO, UART,
 * TIMER chapters).
 *
 * Core clock: 16 MHz (HFCLK). The crystal (16 MHz on the micro:bit) is started at once; until it
 * runs, the chip uses its internal RC oscillator, which the timer below counts as well.
 *
 * Console: UART0, 115200 8N1 without flow control, TX on P0.24 and RX on P0.25, the pins the
 * micro:bit's interface chip presents as its USB serial port. qemu-system-arm connects UART0 to
 * the first -serial. The RXDRDY interrupt hands every byte to console_uart.c; an overrun is
 * recorded there as a loss.
 *
 * Time: the nRF51 has no SysTick. TIMER0 counts microseconds (16 MHz / 2^4) in 32 bits, free
 * running; port_time_ms captures it and carries the wraps (every 71 minutes) into a high word.
 * Two compare interrupts per wrap (at 0 and 2^31) read the timer too, so no wrap goes uncounted
 * however long the engine waits for input.
 */
#include <stdbool.h>
#include <stdint.h>

#include "cortex_m.h"
#include "port/port.h"

#ifdef FLASHMATE_CORE_CLOCK_HZ
_Static_assert(FLASHMATE_CORE_CLOCK_HZ == 16000000,
               "cmake/boards.cmake and nrf51.c disagree about the core clock");
#endif

enum {
    CLOCK = 0x40000000,
    UART0 = 0x40002000,
    TIMER0 = 0x40008000,
    GPIO = 0x50000000,
    UART0_IRQ = 2,
    TIMER0_IRQ = 8,
    TX_PIN = 24,
    RX_PIN = 25,
};

#define CLOCK_TASKS_HFCLKSTART MMIO32(CLOCK + 0x000u)

#define GPIO_OUTSET MMIO32(GPIO + 0x508u)
#define GPIO_PIN_CNF(n) MMIO32(GPIO + 0x700u + 4u * (n))

#define UART_TASKS_STARTRX MMIO32(UART0 + 0x000u)
#define UART_TASKS_STARTTX MMIO32(UART0 + 0x008u)
#define UART_EVENTS_RXDRDY MMIO32(UART0 + 0x108u)
#define UART_EVENTS_TXDRDY MMIO32(UART0 + 0x11Cu)
#define UART_EVENTS_ERROR MMIO32(UART0 + 0x124u)
#define UART_INTENSET MMIO32(UART0 + 0x304u)
#define UART_ERRORSRC MMIO32(UART0 + 0x480u)
#define UART_ENABLE MMIO32(UART0 + 0x500u)
#define UART_PSELRTS MMIO32(UART0 + 0x508u)
#define UART_PSELTXD MMIO32(UART0 + 0x50Cu)
#define UART_PSELCTS MMIO32(UART0 + 0x510u)
#define UART_PSELRXD MMIO32(UART0 + 0x514u)
#define UART_RXD MMIO32(UART0 + 0x518u)
#define UART_TXD MMIO32(UART0 + 0x51Cu)
#define UART_BAUDRATE MMIO32(UART0 + 0x524u)
#define UART_CONFIG MMIO32(UART0 + 0x56Cu)
enum {
    UART_INT_RXDRDY = 1u << 2,
    UART_INT_ERROR = 1u << 9,
    UART_ERROR_OVERRUN = 1u << 0,
    UART_ENABLE_ON = 4,
    UART_BAUD_115200 = 0x01D7E000,
};
#define PIN_DISCONNECTED 0xFFFFFFFFu

#define TIMER_TASKS_START MMIO32(TIMER0 + 0x000u)
#define TIMER_TASKS_CLEAR MMIO32(TIMER0 + 0x00Cu)
#define TIMER_TASKS_CAPTURE(n) MMIO32(TIMER0 + 0x040u + 4u * (n))
#define TIMER_EVENTS_COMPARE(n) MMIO32(TIMER0 + 0x140u + 4u * (n))
#define TIMER_INTENSET MMIO32(TIMER0 + 0x304u)
#define TIMER_MODE MMIO32(TIMER0 + 0x504u)
#define TIMER_BITMODE MMIO32(TIMER0 + 0x508u)
#define TIMER_PRESCALER MMIO32(TIMER0 + 0x510u)
#define TIMER_CC(n) MMIO32(TIMER0 + 0x540u + 4u * (n))
enum {
    TIMER_MODE_TIMER = 0,
    TIMER_BITMODE_32 = 3,
    TIMER_PRESCALER_1MHZ = 4,
    TIMER_INT_COMPARE0 = 1u << 16,
    TIMER_INT_COMPARE1 = 1u << 17,
    CAPTURE_CC = 2, /* CC0 and CC1 are the wrap interrupts */
};

enum { TX_ROUNDS_BOUNDED = 200000 };

static void uart_start(void)
{
    /* TXD an output driven high (the line's idle level), RXD an input, as the UART needs. */
    GPIO_OUTSET = 1u << TX_PIN;
    GPIO_PIN_CNF(TX_PIN) = 1u << 0 | 1u << 1; /* output, input buffer disconnected */
    GPIO_PIN_CNF(RX_PIN) = 0;                 /* input, no pull */
    UART_PSELTXD = TX_PIN;
    UART_PSELRXD = RX_PIN;
    UART_PSELRTS = PIN_DISCONNECTED;
    UART_PSELCTS = PIN_DISCONNECTED;
    UART_BAUDRATE = UART_BAUD_115200;
    UART_CONFIG = 0; /* no parity, no flow control */
    UART_ENABLE = UART_ENABLE_ON;
    UART_EVENTS_RXDRDY = 0;
    UART_EVENTS_TXDRDY = 0;
    UART_INTENSET = UART_INT_RXDRDY | UART_INT_ERROR;
    UART_TASKS_STARTTX = 1;
    UART_TASKS_STARTRX = 1;
    nvic_enable(UART0_IRQ);
}

static void timer_start(void)
{
    TIMER_MODE = TIMER_MODE_TIMER;
    TIMER_BITMODE = TIMER_BITMODE_32;
    TIMER_PRESCALER = TIMER_PRESCALER_1MHZ;
    TIMER_CC(0) = 0;
    TIMER_CC(1) = 0x80000000u;
    TIMER_INTENSET = TIMER_INT_COMPARE0 | TIMER_INT_COMPARE1;
    nvic_enable(TIMER0_IRQ);
    TIMER_TASKS_CLEAR = 1;
    TIMER_TASKS_START = 1;
}

void chip_start(void)
{
    CLOCK_TASKS_HFCLKSTART = 1; /* the crystal; not waited for */
    uart_start();
    timer_start();
}

/* ---- Time ---- */

static struct {
    uint32_t last; /* the timer when last read */
    uint32_t high; /* wraps counted */
} clock;

/* Microseconds since start-up; with interrupts masked, or from the timer's interrupt. */
static uint64_t microseconds(void)
{
    TIMER_TASKS_CAPTURE(CAPTURE_CC) = 1;
    uint32_t now = TIMER_CC(CAPTURE_CC);
    if (now < clock.last)
        clock.high++;
    clock.last = now;
    return (uint64_t)clock.high << 32 | now;
}

uint64_t port_time_ms(void)
{
    uint32_t saved = irq_save();
    uint64_t us = microseconds();
    irq_restore(saved);
    return us / 1000u;
}

/* ---- Interrupts ---- */

static void timer0_irq(void)
{
    TIMER_EVENTS_COMPARE(0) = 0;
    TIMER_EVENTS_COMPARE(1) = 0;
    (void)TIMER_EVENTS_COMPARE(1); /* the clear has reached the peripheral before returning */
    (void)microseconds();
}

static void uart0_irq(void)
{
    /* Clear RXDRDY before reading RXD: reading it may bring the next byte from the FIFO and
     * raise the event again. */
    while (UART_EVENTS_RXDRDY) {
        if (!console_can_take()) {
            nvic_disable(UART0_IRQ); /* the bytes stay in the FIFO */
            return;
        }
        UART_EVENTS_RXDRDY = 0;
        console_received((uint8_t)UART_RXD);
    }
    if (UART_EVENTS_ERROR) {
        UART_EVENTS_ERROR = 0;
        uint32_t source = UART_ERRORSRC;
        UART_ERRORSRC = source; /* written 1s clear */
        if (source & UART_ERROR_OVERRUN)
            console_lost();
    }
    (void)UART_EVENTS_RXDRDY;
}

void chip_uart_rx_resume(void) { nvic_enable(UART0_IRQ); }

/* The peripheral interrupts up to TIMER0 (8); the others are never enabled. */
#define F                                                                                          \
    {                                                                                              \
        .handler = Fault_Handler                                                                   \
    }
__attribute__((section(".isr_vector.irq"), used)) static const Vector irq_vectors[9] = {
    F, F, {.handler = uart0_irq}, F, F, F, F, F, {.handler = timer0_irq},
};
#undef F

/* ---- Console output ---- */

void chip_uart_put(uint8_t byte)
{
    UART_TXD = byte;
    while (!UART_EVENTS_TXDRDY) {
    }
    UART_EVENTS_TXDRDY = 0;
}

bool chip_uart_put_bounded(uint8_t byte)
{
    UART_TXD = byte;
    for (long i = 0; !UART_EVENTS_TXDRDY; i++)
        if (i == TX_ROUNDS_BOUNDED)
            return false;
    UART_EVENTS_TXDRDY = 0;
    return true;
}
