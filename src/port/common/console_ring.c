/*
 * The console of a board whose UART is read by interrupt (the Cortex-M chips, stm32.c and
 * nrf51.c through cortex-m/console_uart.c; the AVR, avr/port_avr.c): the hooks it needs from the
 * port are in console_ring.h. Received bytes are taken by the receive interrupt into a ring buffer, so nothing waits for the engine to look; port_poll_line
 * assembles lines from the ring without blocking (the search calls it between nodes, which is how
 * `isready` and `stop` are answered while it thinks) and port_read_line sleeps (wfi) until a line
 * is complete. Output is sent byte by byte, waiting for the UART.
 *
 * When the ring is full the interrupt stops taking bytes (the UART's own buffer holds one byte
 * on the STM32, six on the nRF51; under QEMU the emulator holds all input) and taking resumes as
 * soon as lines are taken out. Bytes the UART loses meanwhile (an overrun: the sender outran a
 * busy engine) are recorded where they were lost in the stream.
 *
 * Lines end with LF, CR or CR LF. A line longer than the line buffer is cut and reported as
 * truncated (port.h); so is a line some of whose bytes were lost, and a line holding a NUL byte,
 * which no C string can carry (the NUL is dropped). Other bytes that are not text are passed on
 * as they are: the protocol decides what to make of them. A UART has no end of input:
 * port_read_line never returns PORT_EOF.
 *
 * Sizes (compile definitions): FLASHMATE_CONSOLE_RX_BYTES, the ring (a power of two, default
 * 256); FLASHMATE_CONSOLE_LINE_BYTES, the longest line kept whole plus one (default the UCI
 * line buffer, FLASHMATE_UCI_LINE_MAX, or 128 without the engine). With
 * FLASHMATE_CONSOLE_SHARED_LINE (the 8 KB boards' UCI image) the line is assembled in the
 * caller's buffer itself, which must then be the same one at every call until a line is handed
 * over (the engine's line: one buffer for both instead of two).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "console_ring.h"
#include "port/port.h"

#ifndef FLASHMATE_CONSOLE_RX_BYTES
#define FLASHMATE_CONSOLE_RX_BYTES 256
#endif
#ifndef FLASHMATE_CONSOLE_LINE_BYTES
#ifdef FLASHMATE_UCI_LINE_MAX
#define FLASHMATE_CONSOLE_LINE_BYTES FLASHMATE_UCI_LINE_MAX
#else
#define FLASHMATE_CONSOLE_LINE_BYTES 128
#endif
#endif

#ifdef FLASHMATE_CONSOLE_SHARED_LINE
#undef FLASHMATE_CONSOLE_LINE_BYTES
#define FLASHMATE_CONSOLE_LINE_BYTES 2 /* unused: the line is the caller's */
#endif

enum { RX_BYTES = FLASHMATE_CONSOLE_RX_BYTES, LINE_BYTES = FLASHMATE_CONSOLE_LINE_BYTES };
_Static_assert(RX_BYTES >= 16 && (RX_BYTES & (RX_BYTES - 1)) == 0,
               "FLASHMATE_CONSOLE_RX_BYTES must be a power of two, at least 16");
_Static_assert(LINE_BYTES >= 2, "FLASHMATE_CONSOLE_LINE_BYTES must be at least 2");

/* Positions count the bytes of the input stream since start-up (they wrap at 2^32; compared by
 * their signed difference). The interrupt writes head and the loss record, the main program
 * tail; the main program reads and writes them with the interrupt masked, so it never sees half
 * an update (on an 8-bit core a 32-bit access is four), and the interrupt never interrupts one. */
static struct {
    uint8_t ring[RX_BYTES];
    volatile uint32_t head; /* bytes received */
    volatile uint32_t tail; /* bytes taken out */
    /* Bytes dropped because the ring was full: at stream positions lost_first..lost_last (a
     * position p means "between byte p-1 and byte p"). */
    volatile bool lost;
    volatile uint32_t lost_first, lost_last;
    volatile bool paused; /* the interrupt found the ring full and masked itself */
} rx;

/* The line being assembled (with FLASHMATE_CONSOLE_SHARED_LINE in the caller's buffer). */
static struct {
#ifndef FLASHMATE_CONSOLE_SHARED_LINE
    char text[LINE_BYTES];
#endif
    size_t length;
    bool cut;      /* longer than the buffer, or bytes lost */
    bool after_cr; /* the last byte ended a line with CR: a LF right after it is part of it */
    bool complete; /* text is a whole line, waiting to be taken */
} line;

static bool after(uint32_t a, uint32_t b) { return (int32_t)(a - b) >= 0; }

void console_lost(void)
{
    uint32_t head = rx.head;
    if (!rx.lost) {
        rx.lost_first = head;
        rx.lost = true;
    }
    rx.lost_last = head;
}

bool console_can_take(void)
{
    if (rx.head - rx.tail < RX_BYTES)
        return true;
    rx.paused = true;
    return false;
}

void console_received(uint8_t byte)
{
    uint32_t head = rx.head;
    if (head - rx.tail >= RX_BYTES) {
        console_lost();
        return;
    }
    rx.ring[head % RX_BYTES] = byte;
    rx.head = head + 1;
}

/* Take bytes from the ring into the line, text[0 .. size - 1), until it is complete or the ring
 * is empty; returns whether a complete line is waiting. */
static bool assemble(char *text, size_t size)
{
    if (line.complete)
        return true;
    uint32_t saved = console_irq_save();
    uint32_t head = rx.head, tail = rx.tail;
    bool lost = rx.lost;
    uint32_t lost_first = rx.lost_first, lost_last = rx.lost_last;
    console_irq_restore(saved);

    for (;;) {
        /* Bytes lost at or before this point, within the recorded range: the current line is
         * not whole. (A loss the interrupt records from now on lies at or after `head`.) */
        if (lost && after(tail, lost_first) && after(lost_last, tail))
            line.cut = true;
        if (tail == head)
            break;
        uint8_t c = rx.ring[tail % RX_BYTES];
        tail++;
        if (c == '\n' && line.after_cr) {
            line.after_cr = false;
            continue;
        }
        line.after_cr = c == '\r';
        if (c == '\n' || c == '\r') {
            line.complete = true;
            break;
        }
        if (c == '\0') {
            line.cut = true; /* no C string can carry it: the line is not whole */
            continue;
        }
        if (line.length + 1 < size)
            text[line.length++] = (char)c;
        else
            line.cut = true;
    }

    /* The loss record is done with once the loop has passed its last position (a position is
     * passed when the check above ran there: the loop did not stop right before it for a
     * complete line), unless the interrupt has recorded another loss meanwhile. */
    bool passed = tail != lost_last ? after(tail, lost_last) : !line.complete;
    saved = console_irq_save();
    rx.tail = tail;
    if (lost && passed && rx.lost_last == lost_last)
        rx.lost = false;
    if (rx.paused && rx.head - tail < RX_BYTES) {
        rx.paused = false;
        chip_uart_rx_resume();
    }
    console_irq_restore(saved);
    return line.complete;
}

/* Hand the complete line to the caller and start the next one. */
static int take_line(char *buf, size_t size, bool *truncated)
{
    size_t length = line.length;
    bool cut = line.cut;
    if (size == 0) {
        cut = true;
    } else {
        if (length > size - 1) {
            length = size - 1;
            cut = true;
        }
#ifndef FLASHMATE_CONSOLE_SHARED_LINE
        memcpy(buf, line.text, length);
#endif
        buf[length] = '\0';
    }
    if (truncated)
        *truncated = cut;
    line.length = 0;
    line.cut = false;
    line.complete = false;
    return PORT_LINE;
}

/* Where the line is assembled: the console's own buffer, or with FLASHMATE_CONSOLE_SHARED_LINE
 * the caller's. */
static bool assemble_for(char *buf, size_t size)
{
#ifdef FLASHMATE_CONSOLE_SHARED_LINE
    return assemble(buf, size);
#else
    (void)buf;
    (void)size;
    return assemble(line.text, sizeof line.text);
#endif
}

int port_poll_line(char *buf, size_t size, bool *truncated)
{
    if (!assemble_for(buf, size))
        return PORT_NONE;
    return take_line(buf, size, truncated);
}

int port_read_line(char *buf, size_t size, bool *truncated)
{
    while (!assemble_for(buf, size)) {
        uint32_t saved = console_irq_save();
        if (rx.head == rx.tail)
            console_wait_for_interrupt();
        console_irq_restore(saved);
    }
    return take_line(buf, size, truncated);
}

void port_write(const FlashText *text)
{
    for (; *text; text++)
        chip_uart_put((uint8_t)*text);
}
