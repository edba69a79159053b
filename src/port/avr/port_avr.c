/*
 * AVR port (ATmega2560 and kin, tested under simavr): console on USART0, a millisecond clock from
 * Timer1, no transposition table memory, no files. Nothing runs at start-up beyond avr-libc's
 * own .data copy and .bss clear: the USART and the timer are started on first use.
 *
 * The exit status goes to GPIOR0 (general-purpose I/O register 0) and the core then sleeps with
 * interrupts off, which ends the simulation; tests/boards/avr_run.c returns GPIOR0 as its own status.
 * On a real board the part simply stops there.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "port/firmware/firmware.h"
#include "port/port.h"

/* ---- Exit: main's return value reaches exit() in r24 ----
 * avr-libc's exit() runs the .fini8 ... .fini0 sections before stopping the core with `cli` and an
 * endless loop; this hook in .fini8 (free for user code) publishes the status first and sleeps,
 * which a simulator recognises as the end of the program. */
__attribute__((naked, used, section(".fini8"))) static void exit_to_gpior0(void)
{
    __asm__ volatile("out %0, r24\n\t"
                     "cli\n\t"
                     "sleep\n\t"
                     :
                     : "I"(_SFR_IO_ADDR(GPIOR0)));
}

/* ---- Console: USART0, 8N1, 115200 baud at 16 MHz (double speed), transmit only ---- */

void port_write(const FlashText *text)
{
    if (!(UCSR0B & _BV(TXEN0))) {
        UBRR0 = F_CPU / 8 / 115200 - 1;
        UCSR0A = _BV(U2X0);
        UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
        UCSR0B = _BV(TXEN0);
    }
    for (; *text; text++) {
        loop_until_bit_is_set(UCSR0A, UDRE0);
        UDR0 = (uint8_t)*text;
    }
}

/* No console input: the AVR firmware only runs its built-in self-test. */
int port_read_line(char *buf, size_t size, bool *truncated)
{
    if (size)
        buf[0] = '\0';
    if (truncated)
        *truncated = false;
    return PORT_EOF;
}

int port_poll_line(char *buf, size_t size, bool *truncated)
{
    return port_read_line(buf, size, truncated);
}

/* ---- Clock: Timer1 at F_CPU / 64 (4 us per tick at 16 MHz), overflows counted ---- */

static volatile uint32_t timer1_overflows;

ISR(TIMER1_OVF_vect) { timer1_overflows++; }

uint64_t port_time_ms(void)
{
    if (!(TCCR1B & (_BV(CS12) | _BV(CS11) | _BV(CS10)))) {
        TCCR1A = 0;
        TIMSK1 = _BV(TOIE1);
        TCCR1B = _BV(CS11) | _BV(CS10); /* normal mode, clock / 64 */
        sei();
    }
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

/* ---- Memory: none (files: common/no_files.c) ---- */

void *port_alloc(size_t bytes)
{
    (void)bytes;
    return NULL;
}

void port_free(void *memory) { (void)memory; }
