/*
 * RISC-V port for the FE310 (SiFive HiFive1), a real board first and QEMU's -M sifive_e second:
 *
 * - Clock: hfclk from the board's 16 MHz crystal (the PLL bypassed), so the UART divisor is
 *   known; the core runs at 16 MHz.
 * - Console: UART0 at 115200 8N1 (the HiFive1's USB serial port; QEMU's first -serial).
 *   Sending waits for room in the transmit FIFO. Received bytes are taken by interrupt (UART0's
 *   receive watermark through the PLIC) into a ring of FLASHMATE_CONSOLE_RX_BYTES, so a line
 *   typed while the engine searches is kept until port_poll_line picks it up: the UART's own
 *   FIFO holds only 8 bytes (0.7 ms at 115200 baud).
 * - Time: the CLINT's mtime, at the rate the chip counts it (see detect_mtime_hz).
 * - Memory: the transposition table is a static array of FLASHMATE_TT_BYTES; no files.
 * - With FLASHMATE_SEMIHOSTING, the end of the program and a trap become the emulator's exit
 *   status (a test aid; the default image contains no ebreak, which traps without a debugger).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fe310.h"
#include "port/firmware/firmware.h"
#include "port/port.h"
#include "riscv_port.h"

enum { CONSOLE_BAUD = 115200 };

/* ---- Time: the CLINT's mtime ---- */

static uint32_t mtime_hz; /* set by riscv_board_start */

/* The FE310's CLINT counts mtime at the real-time clock, 32,768 Hz. QEMU's -M sifive_e does the
 * same only from QEMU 8.2 on ("riscv: Fix SiFive E CLINT clock frequency"); before, its mtime ran
 * at 10 MHz (Debian 12's QEMU 7.2 measured so). QEMU's core reports no vendor (mvendorid 0) and
 * its own version as marchid = mimpid = major << 16 | minor << 8 | micro; a SiFive core reports
 * SiFive's JEDEC id. Anything not recognisably an older QEMU is taken for the chip. */
static uint32_t detect_mtime_hz(void)
{
    uint32_t vendor = CSR_READ(mvendorid), arch = CSR_READ(marchid), impl = CSR_READ(mimpid);
    if (vendor == 0 && arch == impl && arch != 0 && arch < 0x080200u)
        return 10000000u;
    return 32768u;
}

static uint64_t mtime(void)
{
    uint32_t hi, lo;
    do { /* the two halves of a counter that may carry between the reads */
        hi = CLINT_MTIME_HI;
        lo = CLINT_MTIME_LO;
    } while (hi != CLINT_MTIME_HI);
    return ((uint64_t)hi << 32) | lo;
}

uint64_t port_time_ms(void)
{
    uint64_t ticks = mtime();
    return ticks / mtime_hz * 1000u + ticks % mtime_hz * 1000u / mtime_hz;
}

/* ---- Console: UART0 ---- */

static void uart_put(char c)
{
    while (UART0_TXDATA & UART_TXDATA_FULL) {
    }
    UART0_TXDATA = (uint8_t)c;
}

void riscv_console_raw(const char *text)
{
    for (; *text; text++)
        uart_put(*text);
}

void riscv_console_hex(uint32_t value)
{
    static const char digits[] = "0123456789abcdef";
    riscv_console_raw("0x");
    for (int shift = 28; shift >= 0; shift -= 4)
        uart_put(digits[(value >> shift) & 15u]);
}

void riscv_console_decimal(uint32_t value)
{
    char buf[11];
    size_t n = sizeof buf;
    buf[--n] = '\0';
    do {
        buf[--n] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value);
    riscv_console_raw(buf + n);
}

void port_write(const FlashText *text) { riscv_console_raw(text); }

/* Received bytes, in order, lines ended by '\n'. The interrupt stores at head, the reader takes
 * at tail (free-running counts: the index is count % size). A line that lost bytes -- the ring
 * was full, or it held a NUL, which no C string can carry -- has a RX_CUT byte in it, and the
 * reader reports it truncated: ordinary bytes are stored only while 3 places are free, so the
 * cut mark and the line's '\n' still fit; the rest of such a line is dropped. Nothing is ever
 * written outside the ring, however fast or long the input. */
#ifndef FLASHMATE_CONSOLE_RX_BYTES
#define FLASHMATE_CONSOLE_RX_BYTES 1024
#endif
_Static_assert(FLASHMATE_CONSOLE_RX_BYTES >= 16 &&
                   (FLASHMATE_CONSOLE_RX_BYTES & (FLASHMATE_CONSOLE_RX_BYTES - 1)) == 0,
               "FLASHMATE_CONSOLE_RX_BYTES must be a power of two of at least 16");
enum { RX_SIZE = FLASHMATE_CONSOLE_RX_BYTES, RX_CUT = 0 };

static struct {
    volatile unsigned char ring[RX_SIZE];
    volatile uint32_t head, tail;
    uint32_t scanned;   /* reader: no '\n' in [tail, scanned) */
    bool dropping, cut; /* interrupt: the line being received lost bytes / has its RX_CUT */
} rx;

static void rx_store(unsigned char c)
{
    rx.ring[rx.head % RX_SIZE] = c;
    rx.head = rx.head + 1;
}

/* One received byte (interrupt context). */
static void rx_byte(unsigned char c)
{
    uint32_t room = RX_SIZE - (rx.head - rx.tail);
    if (c == '\n') {
        if (rx.dropping && !rx.cut && room >= 2) {
            rx_store(RX_CUT);
            room--;
        }
        if (room >= 1) {
            rx_store('\n');
            rx.dropping = rx.cut = false;
        } else {
            rx.dropping = true; /* even the line end is lost: it runs into the next, cut too */
        }
        return;
    }
    if (!rx.dropping && room >= 3) {
        rx_store(c); /* a NUL is stored as is: it is RX_CUT */
        return;
    }
    if (!rx.cut && room >= 2) {
        rx_store(RX_CUT);
        rx.cut = true;
    }
    rx.dropping = true;
}

static void uart_receive(void)
{
    for (;;) {
        uint32_t data = UART0_RXDATA;
        if (data & UART_RXDATA_EMPTY)
            return;
        rx_byte((unsigned char)data);
    }
}

void riscv_external_interrupt(void)
{
    uint32_t source;
    while ((source = PLIC_CLAIM) != 0) {
        if (source == PLIC_SOURCE_UART0)
            uart_receive();
        PLIC_CLAIM = source; /* complete */
    }
}

/* The next complete line from the ring into buf (see port.h), or PORT_NONE. */
static int rx_take_line(char *buf, size_t size, bool *truncated)
{
    uint32_t tail = rx.tail, head = rx.head, end = rx.scanned;
    if (end - tail > head - tail)
        end = tail; /* scanned is stale (before tail) */
    while (end != head && rx.ring[end % RX_SIZE] != '\n')
        end++;
    rx.scanned = end;
    if (end == head)
        return PORT_NONE;
    uint32_t stop = end;
    if (stop != tail && rx.ring[(stop - 1) % RX_SIZE] == '\r')
        stop--;
    size_t length = 0;
    bool cut = false;
    for (uint32_t i = tail; i != stop; i++) {
        unsigned char c = rx.ring[i % RX_SIZE];
        if (c == RX_CUT || length + 1 >= size)
            cut = true;
        else
            buf[length++] = (char)c;
    }
    if (size)
        buf[length] = '\0';
    if (truncated)
        *truncated = cut;
    rx.tail = end + 1; /* the line's bytes are free again */
    return PORT_LINE;
}

int port_poll_line(char *buf, size_t size, bool *truncated)
{
    return rx_take_line(buf, size, truncated);
}

/* A UART has no end of input: this waits (wfi) until a line is complete. Interrupts are off
 * between the check and wfi, so a byte arriving in between still ends the wait (wfi returns on a
 * pending interrupt even while mstatus.MIE is clear); the handler then runs. */
int port_read_line(char *buf, size_t size, bool *truncated)
{
    for (;;) {
        CSR_CLEAR(mstatus, MSTATUS_MIE);
        int got = rx_take_line(buf, size, truncated);
        if (got == PORT_NONE)
            __asm__ volatile("wfi");
        CSR_SET(mstatus, MSTATUS_MIE);
        if (got != PORT_NONE)
            return got;
    }
}

/* ---- Bring-up ---- */

static void clock_start(void)
{
    PRCI_HFXOSCCFG = PRCI_HFXOSC_EN;
    for (uint32_t i = 0; i < 1000000u && !(PRCI_HFXOSCCFG & PRCI_HFXOSC_READY); i++) {
    }
    if (!(PRCI_HFXOSCCFG & PRCI_HFXOSC_READY))
        return; /* no crystal: stay on the ring oscillator (the baud rate will be off) */
    PRCI_PLLOUTDIV = PRCI_PLLOUT_DIV_BY_1;
    PRCI_PLLCFG = PRCI_PLLCFG | PRCI_PLL_REFSEL | PRCI_PLL_BYPASS;
    PRCI_PLLCFG = PRCI_PLLCFG | PRCI_PLL_SEL;
}

void riscv_board_start(void)
{
    mtime_hz = detect_mtime_hz();
    clock_start();

    /* The pins to the UART, then 16 MHz / (138 + 1) = 115,108 baud (-0.08%), one stop bit,
     * watermarks 0: the receive interrupt is pending while a byte waits. */
    GPIO_IOF_SEL = GPIO_IOF_SEL & ~GPIO_UART0_PINS;
    GPIO_IOF_EN = GPIO_IOF_EN | GPIO_UART0_PINS;
    UART0_DIV = (FE310_HFXOSC_HZ + CONSOLE_BAUD / 2) / CONSOLE_BAUD - 1;
    UART0_TXCTRL = UART_TXEN;
    UART0_RXCTRL = UART_RXEN;
    /* Bytes that came during start-up wait in the UART's FIFO: take them before the interrupt
     * is enabled. (Under QEMU's sifive_e, the console stayed silent in 7 of 8 boots with input
     * arriving during start-up when they were left to the interrupt, which never came.) */
    uart_receive();
    UART0_IE = UART_IE_RXWM;

    PLIC_PRIORITY(PLIC_SOURCE_UART0) = 1;
    PLIC_THRESHOLD = 0;
    PLIC_ENABLE_WORD0 = 1u << PLIC_SOURCE_UART0;
    CSR_SET(mie, MIE_MEIE);
    CSR_SET(mstatus, MSTATUS_MIE);
}

/* ---- The end of the program ---- */

#if defined(FLASHMATE_SEMIHOSTING)
enum { SYS_EXIT_EXTENDED = 0x20, ADP_STOPPED_APPLICATION_EXIT = 0x20026 };

/* The RISC-V semihosting call: ebreak between two marker instructions, uncompressed. */
static int32_t semihost_call(int32_t op, void *arg)
{
    register int32_t a0 __asm__("a0") = op;
    register void *a1 __asm__("a1") = arg;
    __asm__ volatile(".option push\n\t"
                     ".balign 16\n\t" /* the three instructions within one page */
                     ".option norvc\n\t"
                     "slli zero, zero, 0x1f\n\t"
                     "ebreak\n\t"
                     "srai zero, zero, 7\n\t"
                     ".option pop"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
    return a0;
}

/* Let the last bytes leave the UART (QEMU sends from a timer) before the emulator exits. */
static void console_drain(void)
{
    uint64_t start = port_time_ms();
    while (port_time_ms() - start < 2) {
    }
}
#endif

void riscv_stop(int status)
{
#if defined(FLASHMATE_SEMIHOSTING)
    /* Once only: without a debugger or with QEMU's semihosting off the ebreak itself traps, and
     * the trap handler comes back here. */
    static bool exiting;
    if (!exiting) {
        exiting = true;
        console_drain();
        uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
        semihost_call(SYS_EXIT_EXTENDED, block);
    }
#endif
    (void)status;
    CSR_CLEAR(mstatus, MSTATUS_MIE);
    CSR_WRITE(mie, 0);
    for (;;)
        __asm__ volatile("wfi");
}
