/*
 * avr_run: runs an AVR firmware image under simavr (libsimavr) and returns the firmware's exit
 * status, so that ctest can judge AVR tests by exit code like every other test.
 *
 *   avr_run [--line-cycles] [--realtime] MCU FREQUENCY_HZ firmware.elf [MAX_CYCLES]
 *
 * USART0 is the console: standard input is fed into its receiver, a byte whenever the UART can
 * take one (simavr's XON/XOFF: its receive FIFO is not full) once the firmware has enabled the
 * receiver, and its output goes to standard output unchanged (flushed at each line end). The
 * firmware ends by writing its status to GPIOR0 and sleeping with interrupts off (an image built
 * with FLASHMATE_EXIT_STATUS, src/port/avr/port_avr.c); that status is returned. An image that
 * idles instead (the UCI engine after `quit`) runs until it is killed, or, once standard input
 * has ended and every byte of it has been fed, until it is asleep and has neither written nor
 * been handed a byte for IDLE_END_SECONDS of simulated time (status 0): the end of input never
 * cuts its answer to the last line short.
 * A crash (e.g. a jump outside flash) returns 125, reaching MAX_CYCLES returns 124, bad arguments
 * 2. The cycle count and the simulation speed go to stderr.
 *
 * --realtime: the simulated clock never runs ahead of the wall clock (simavr alone runs a 16 MHz
 * part several times faster than real time here), so that a session's times are the board's:
 * a GUI's clock and a `go movetime` agree with the board's. When the machine is too slow for
 * that, simulated time falls behind.
 *
 * --line-cycles: for every line the firmware writes, stderr also gets
 *   avr_run: line N cycles FIRST END
 * the simulated cycle count when the line's first byte and its '\n' were written to the USART
 * (N counts from 1). What a firmware computes between two lines took the cycles from END of the
 * one to FIRST of the next, no console output among them (tests/bench/board_speed.py). Each line
 * of input gets
 *   avr_run: input N cycles AT
 * the cycle count when its '\n' was handed to the UART, so that a test can time an answer in
 * simulated time (tests/boards/uci_console_test.py --cycles).
 *
 * Built for the host by tests/CMakeLists.txt: cc -I/usr/include/simavr avr_run.c -lsimavr.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"

enum { EXIT_CRASH = 125, EXIT_CYCLE_LIMIT = 124, EXIT_USAGE = 2 };
enum { GPIOR0_DATA_ADDRESS = 0x3E };                /* I/O 0x1E on the ATmega328P/2560 family */
enum { UCSR0B_DATA_ADDRESS = 0xC1, RXEN0_BIT = 4 }; /* USART0 control register B, receiver on */
#define IDLE_END_SECONDS 1.0

/* simavr's log: errors only (it is chatty about every peripheral otherwise). */
static void quiet_logger(avr_t *avr, const int level, const char *format, va_list args)
{
    (void)avr;
    if (level <= LOG_ERROR)
        vfprintf(stderr, format, args);
}

/* --line-cycles: the line being written (see above). */
static struct {
    int enabled;
    int in_line;
    unsigned long number;
    unsigned long long first;
} line_cycles;

/* When the firmware last wrote a byte, and when it was last handed one. */
static avr_cycle_count_t last_output_cycle, last_input_cycle;

static void uart_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    const avr_t *avr = param;
    putchar((int)(value & 0xff));
    last_output_cycle = avr->cycle;
    if ((value & 0xff) == '\n')
        fflush(stdout);
    if (!line_cycles.enabled)
        return;
    if (!line_cycles.in_line) {
        line_cycles.in_line = 1;
        line_cycles.first = (unsigned long long)avr->cycle;
    }
    if ((value & 0xff) == '\n') {
        line_cycles.in_line = 0;
        line_cycles.number++;
        fprintf(stderr, "avr_run: line %lu cycles %llu %llu\n", line_cycles.number,
                line_cycles.first, (unsigned long long)avr->cycle);
    }
}

/* Standard input, read without blocking, on its way into USART0. */
static struct {
    unsigned char buf[4096];
    size_t length, next;
    int ended;           /* end of input (or an error) seen */
    int xoff;            /* the UART's receive FIFO is full: wait for XON */
    unsigned long lines; /* line ends fed */
} input;

static void uart_xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq, (void)value, (void)param;
    input.xoff = 0;
}

static void uart_xoff(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq, (void)value, (void)param;
    input.xoff = 1;
}

/* Read what standard input has (never waiting for it). */
static void input_read(void)
{
    if (input.ended || input.next < input.length)
        return;
    ssize_t n = read(STDIN_FILENO, input.buf, sizeof input.buf);
    if (n > 0) {
        input.length = (size_t)n;
        input.next = 0;
    } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
        input.ended = 1;
    }
}

/* Hand the UART bytes while it takes them (simavr raises XOFF, within the call, when a byte has
 * filled its FIFO). */
static void input_feed(avr_t *avr, avr_irq_t *uart_input)
{
    if (!(avr->data[UCSR0B_DATA_ADDRESS] & (1u << RXEN0_BIT)))
        return; /* the firmware has not enabled the receiver yet: the byte would be lost */
    while (!input.xoff && input.next < input.length) {
        unsigned char c = input.buf[input.next++];
        avr_raise_irq(uart_input, c);
        last_input_cycle = avr->cycle;
        if (c == '\n') {
            input.lines++;
            if (line_cycles.enabled)
                fprintf(stderr, "avr_run: input %lu cycles %llu\n", input.lines,
                        (unsigned long long)avr->cycle);
        }
    }
}

/* Wait up to `seconds` of wall time, or less if standard input brings bytes meanwhile. */
static void wait_for_input(double seconds)
{
    if (seconds <= 0)
        return;
    if (!input.ended && input.next == input.length) {
        struct pollfd fd = {STDIN_FILENO, POLLIN, 0};
        poll(&fd, 1, (int)(seconds * 1000) + 1);
    } else {
        struct timespec pause = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
        nanosleep(&pause, NULL);
    }
}

/* simavr's own sleep callback sleeps the host for the simulated time of a sleeping core; this
 * runner waits itself (wait_for_input), so that a byte arriving meanwhile is fed at once. */
static void sleep_not(avr_t *avr, avr_cycle_count_t how_long) { (void)avr, (void)how_long; }

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    int realtime = 0;
    for (; argc > 1 && strncmp(argv[1], "--", 2) == 0; argv++, argc--) {
        if (strcmp(argv[1], "--line-cycles") == 0)
            line_cycles.enabled = 1;
        else if (strcmp(argv[1], "--realtime") == 0)
            realtime = 1;
        else
            break;
    }
    if (argc < 4 || argc > 5) {
        fprintf(stderr, "usage: avr_run [--line-cycles] [--realtime] MCU FREQUENCY_HZ firmware.elf "
                        "[MAX_CYCLES]\n");
        return EXIT_USAGE;
    }
    unsigned long long max_cycles = argc > 4 ? strtoull(argv[4], NULL, 0) : 0;
    elf_firmware_t firmware;
    memset(&firmware, 0, sizeof firmware);
    avr_global_logger_set(quiet_logger);
    if (elf_read_firmware(argv[3], &firmware) != 0) {
        fprintf(stderr, "avr_run: cannot read %s\n", argv[3]);
        return EXIT_USAGE;
    }
    snprintf(firmware.mmcu, sizeof firmware.mmcu, "%s", argv[1]);
    firmware.frequency = (uint32_t)strtoul(argv[2], NULL, 0);

    avr_t *avr = avr_make_mcu_by_name(firmware.mmcu);
    if (!avr) {
        fprintf(stderr, "avr_run: unknown MCU %s\n", firmware.mmcu);
        return EXIT_USAGE;
    }
    avr_init(avr);
    avr_load_firmware(avr, &firmware);
    avr->gdb_port = 0; /* on a crash stop, rather than wait for a debugger */

    /* Raw USART0 bytes to stdout (simavr's own UART printing buffers lines and colours them). */
    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP); /* no wall-clock sleeps either */
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_output, avr);

    /* Standard input into USART0. */
    avr_irq_t *uart_input = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                            uart_xon, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                            uart_xoff, NULL);
    fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK);
    avr->sleep = sleep_not;

    double start = seconds_now();
    avr_cycle_count_t idle_end = (avr_cycle_count_t)(IDLE_END_SECONDS * firmware.frequency);
    int state = cpu_Running, idle = 0;
    for (unsigned long step = 0;
         state != cpu_Done && state != cpu_Crashed && (!max_cycles || avr->cycle < max_cycles);
         step++) {
        avr_cycle_count_t before = avr->cycle;
        state = avr_run(avr);
        if (step % 1024 != 0 && state != cpu_Sleeping)
            continue; /* (asleep, one step is the time to the next event: a timer, a byte) */
        input_read();
        input_feed(avr, uart_input);
        if (realtime) { /* a 16 MHz part's 1024 instructions: about 100 us */
            double ahead = (double)avr->cycle / firmware.frequency - (seconds_now() - start);
            if (ahead > 0.002)
                wait_for_input(ahead);
        } else if (state == cpu_Sleeping) { /* the core idles: a little of its time, or a byte */
            double asleep = (double)(avr->cycle - before) / firmware.frequency;
            wait_for_input(asleep < 0.02 ? asleep : 0.02);
        }
        if (input.ended && input.next == input.length && state == cpu_Sleeping &&
            avr->cycle - last_output_cycle > idle_end && avr->cycle - last_input_cycle > idle_end) {
            idle = 1; /* input over, the firmware idles and has said everything */
            break;
        }
    }
    double elapsed = seconds_now() - start;
    fflush(stdout);

    fprintf(
        stderr, "avr_run: %llu cycles (%.3f s at %.0f MHz), %.2f s simulated in %.1f M cycles/s\n",
        (unsigned long long)avr->cycle, (double)avr->cycle / firmware.frequency,
        firmware.frequency / 1e6, elapsed, elapsed > 0 ? (double)avr->cycle / elapsed / 1e6 : 0.0);
    if (state == cpu_Crashed) {
        fprintf(stderr, "avr_run: firmware crashed at pc 0x%x\n", (unsigned)avr->pc);
        return EXIT_CRASH;
    }
    if (idle) {
        fprintf(stderr, "avr_run: input ended, the firmware idles\n");
        return 0;
    }
    if (state != cpu_Done) {
        fprintf(stderr, "avr_run: stopped after %llu cycles (limit)\n", max_cycles);
        return EXIT_CYCLE_LIMIT;
    }
    return avr->data[GPIOR0_DATA_ADDRESS];
}
