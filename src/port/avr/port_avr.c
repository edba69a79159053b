/*
 * AVR port (ATmega2560 and kin, tested under simavr): the console on USART0, a millisecond clock
 * from Timer1, the transposition table in a static array, no files.
 *
 * Start-up (.init8, after avr-libc's .data copy and .bss clear, before main) starts the USART and
 * the timer and enables interrupts. The console is USART0 at 115200 8N1: its receive interrupt
 * takes each byte into the ring of common/console_ring.c (FLASHMATE_CONSOLE_RX_BYTES), so lines
 * typed while the engine thinks are kept and `isready` and `stop` are answered during a search;
 * output waits for the USART byte by byte. When the ring is full the interrupt disables itself
 * (RXCIE0) and leaves the byte in the USART until lines are taken out.
 *
 * When main returns (`quit`) the core idles: it sleeps with interrupts on, as a board does. An
 * image built with FLASHMATE_EXIT_STATUS (a test aid: the perft self-test) instead writes main's
 * return value to GPIOR0 (general-purpose I/O register 0) and sleeps with interrupts off, which
 * ends the simulation; tests/boards/avr_run.c returns GPIOR0 as its own status. On a real board
 * the part simply stops there.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <string.h>
#include <util/atomic.h>

#include "port/common/console_ring.h"
#include "port/firmware/firmware.h"
#include "port/port.h"

/* ---- Start-up: USART0 and Timer1, then interrupts on ----
 * A naked function in .init8 is code that runs in sequence between avr-libc's start-up sections
 * and main (no call, no return). */

static void usart_start(void)
{
    UBRR0 = F_CPU / 8 / 115200 - 1; /* double speed: 117,647 baud at 16 MHz, 2.1 % off */
    UCSR0A = _BV(U2X0);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00); /* 8N1 */
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

static void timer_start(void)
{
    TCCR1A = 0;
    TIMSK1 = _BV(TOIE1);
    TCCR1B = _BV(CS11) | _BV(CS10); /* normal mode, clock / 64 */
}

__attribute__((naked, used, section(".init8"))) static void start_hardware(void)
{
    usart_start();
    timer_start();
    sei();
}

/* ---- Ending: main's return value reaches exit() in r24 ----
 * avr-libc's exit() runs the .fini8 ... .fini0 sections before stopping the core with `cli` and an
 * endless loop; this hook in .fini8 (free for user code) comes first. */
#if defined(FLASHMATE_EXIT_STATUS)
__attribute__((naked, used, section(".fini8"))) static void exit_to_gpior0(void)
{
    __asm__ volatile("out %0, r24\n\t"
                     "cli\n\t"
                     "sleep\n\t"
                     :
                     : "I"(_SFR_IO_ADDR(GPIOR0)));
}
#else
__attribute__((naked, used, section(".fini8"))) static void exit_to_idle(void)
{
    set_sleep_mode(SLEEP_MODE_IDLE); /* the USART and the timer keep running */
    sleep_enable();
    for (;;) {
        sei();
        sleep_cpu();
    }
}
#endif

/* ---- Console: USART0, the ring and lines in common/console_ring.c ---- */

ISR(USART0_RX_vect)
{
    if (!console_can_take()) {
        UCSR0B &= (uint8_t)~_BV(RXCIE0); /* the byte stays in the USART */
        return;
    }
    bool overrun = UCSR0A & _BV(DOR0); /* read before UDR0, which clears it */
    console_received(UDR0);
    if (overrun)
        console_lost();
}

void chip_uart_rx_resume(void) { UCSR0B |= _BV(RXCIE0); }

void chip_uart_put(uint8_t byte)
{
    loop_until_bit_is_set(UCSR0A, UDRE0);
    UDR0 = byte;
}

uint32_t console_irq_save(void)
{
    uint8_t sreg = SREG;
    cli();
    return sreg;
}

void console_irq_restore(uint32_t saved) { SREG = (uint8_t)saved; }

/* `sei` enables interrupts only after the next instruction: no interrupt comes between it and
 * `sleep`, so one that is pending wakes the core at once. */
void console_wait_for_interrupt(void)
{
    set_sleep_mode(SLEEP_MODE_IDLE);
    sleep_enable();
    __asm__ volatile("sei\n\t"
                     "sleep\n\t" ::
                         : "memory");
    sleep_disable();
    cli();
}

/* ---- Clock: Timer1 at F_CPU / 64 (4 us per tick at 16 MHz), overflows counted ---- */

static volatile uint32_t timer1_overflows;

ISR(TIMER1_OVF_vect) { timer1_overflows++; }

uint64_t port_time_ms(void)
{
    uint32_t overflows;
    uint16_t count;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        count = TCNT1;
        overflows = timer1_overflows;
        if ((TIFR1 & _BV(TOV1)) && count < 0x8000)
            overflows++; /* wrapped after interrupts were blocked: not counted yet */
    }
    uint64_t ticks = ((uint64_t)overflows << 16) | count;
    return ticks * 64u / (F_CPU / 1000u);
}

/* ---- Stack meter: the stack grows down from RAMEND towards the end of .bss/.noinit ---- */

extern uint8_t __heap_start; /* avr-libc's linker script: the first byte after static data */

enum { STACK_PATTERN = 0xa5, STACK_MARGIN = 32 };

size_t port_stack_free(void)
{
    uintptr_t sp = SP, floor = (uintptr_t)&__heap_start;
    return sp > floor ? (size_t)(sp - floor) : 0;
}

void port_stack_paint(void)
{
    uint8_t *sp = (uint8_t *)SP;
    for (volatile uint8_t *p = &__heap_start; p < sp - STACK_MARGIN; p++)
        *p = STACK_PATTERN;
}

size_t port_stack_used(size_t *size)
{
    const uint8_t *p = &__heap_start, *end = (const uint8_t *)RAMEND + 1;
    while (p < end && *p == STACK_PATTERN)
        p++;
    if (size)
        *size = (size_t)(end - &__heap_start);
    return (size_t)(end - p);
}

/* ---- Transposition table memory: common/tt_arena.c; files: common/no_files.c ---- */
