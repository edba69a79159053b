/*
 * The semihosting build of the Cortex-M port (FLASHMATE_SEMIHOSTING): console, clock and exit
 * status through the debugger or emulator (qemu-system-arm -semihosting-config enable=on). A test
 * aid: on a board without a debugger attached, `bkpt` faults. Nothing here needs initialising at
 * start-up: the console handles are opened on first use.
 *
 * Console: text goes to the host's standard output (":tt" opened for writing) and lines are read
 * from its standard input (":tt" opened for reading), so the firmware talks UCI exactly like the
 * host program. Semihosting reads block, so polling during a search returns only lines already
 * read with an earlier line; a command typed while the engine thinks is read when it ends.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cortex_m.h"
#include "port/port.h"
#include "semihosting.h"

void semihost_exit(int status)
{
    /* ADP_Stopped_ApplicationExit, then the status. */
    uint32_t block[2] = {0x20026u, (uint32_t)status};
    semihost_call(SYS_EXIT_EXTENDED, block);
    for (;;) {
    }
}

/* ---- Clock ---- */

uint64_t port_time_ms(void)
{
    /* SYS_ELAPSED counts target ticks at SYS_TICKFREQ per second (QEMU: nanoseconds); older
     * hosts only have SYS_CLOCK, in centiseconds. */
    uint32_t ticks[2];
    int32_t frequency = semihost_call(SYS_TICKFREQ, NULL);
    if (frequency >= 1000 && semihost_call(SYS_ELAPSED, ticks) == 0)
        return (((uint64_t)ticks[1] << 32) | ticks[0]) / ((uint32_t)frequency / 1000u);
    int32_t centiseconds = semihost_call(SYS_CLOCK, NULL);
    return centiseconds < 0 ? 0 : (uint64_t)centiseconds * 10u;
}

/* ---- Console ---- */

/* A semihosting handle, opened on first use (zero-initialised: not yet opened). */
typedef struct Handle {
    bool opened;
    int32_t value; /* -1 if the host refused */
} Handle;

static struct {
    Handle out, in;
    char buf[256]; /* input read from the host, not yet returned */
    size_t length, next;
    bool eof;
} console;

static int32_t open_tt(Handle *h, uint32_t mode)
{
    if (!h->opened) {
        static const char name[] = ":tt";
        uint32_t block[3] = {(uint32_t)(uintptr_t)name, mode, sizeof name - 1};
        h->value = semihost_call(SYS_OPEN, block);
        h->opened = true;
    }
    return h->value;
}

void port_write(const FlashText *text)
{
    int32_t out = open_tt(&console.out, 4 /* "w": standard output */);
    size_t length = strlen(text);
    if (out < 0) {
        semihost_write0(text); /* the debug console (QEMU: standard error) */
        return;
    }
    uint32_t block[3] = {(uint32_t)out, (uint32_t)(uintptr_t)text, (uint32_t)length};
    semihost_call(SYS_WRITE, block);
}

/* Refill the input buffer; false at end of input. SYS_READ returns the bytes NOT read. */
static bool fill(void)
{
    int32_t in = open_tt(&console.in, 0 /* "r": standard input */);
    if (in < 0 || console.eof)
        return false;
    uint32_t block[3] = {(uint32_t)in, (uint32_t)(uintptr_t)console.buf, sizeof console.buf};
    int32_t left = semihost_call(SYS_READ, block);
    if (left < 0 || (size_t)left >= sizeof console.buf) {
        console.eof = true;
        return false;
    }
    console.length = sizeof console.buf - (size_t)left;
    console.next = 0;
    return true;
}

int port_read_line(char *buf, size_t size, bool *truncated)
{
    size_t length = 0;
    bool cut = false, any = false;
    for (;;) {
        if (console.next == console.length && !fill()) {
            if (!any)
                return PORT_EOF;
            break; /* a last line without '\n' */
        }
        char c = console.buf[console.next++];
        any = true;
        if (c == '\n')
            break;
        if (length + 1 < size)
            buf[length++] = c;
        else
            cut = true;
    }
    if (length && buf[length - 1] == '\r')
        length--;
    buf[length] = '\0';
    if (truncated)
        *truncated = cut;
    return PORT_LINE;
}

int port_poll_line(char *buf, size_t size, bool *truncated)
{
    /* Only lines already buffered are returned: asking the host for more would block. */
    for (size_t i = console.next; i < console.length; i++)
        if (console.buf[i] == '\n')
            return port_read_line(buf, size, truncated);
    return PORT_NONE;
}

/* ---- Start-up and ending for startup.c ---- */

void platform_start(void) {}

/* main's return value becomes the emulator's exit status. */
void platform_stop(int status) { semihost_exit(status); }

void platform_fault_write(const char *text) { semihost_write0(text); }

enum { EXIT_FAULT = 99 };

void platform_fault_stop(void) { semihost_exit(EXIT_FAULT); }
