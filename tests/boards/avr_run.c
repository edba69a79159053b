/*
 * avr_run: runs an AVR firmware image under simavr (libsimavr) and returns the firmware's exit
 * status, so that ctest can judge AVR tests by exit code like every other test.
 *
 *   avr_run [--line-cycles] MCU FREQUENCY_HZ firmware.elf [MAX_CYCLES]
 *
 * USART0 output goes to stdout unchanged. The firmware ends by writing its status to GPIOR0 and
 * sleeping with interrupts off (src/port/avr/port_avr.c); that status is returned. A crash (e.g.
 * a jump outside flash) returns 125, reaching MAX_CYCLES returns 124, bad arguments 2. The cycle
 * count and the simulation speed go to stderr.
 *
 * --line-cycles: for every line the firmware writes, stderr also gets
 *   avr_run: line N cycles FIRST END
 * the simulated cycle count when the line's first byte and its '\n' were written to the USART
 * (N counts from 1). What a firmware computes between two lines took the cycles from END of the
 * one to FIRST of the next, no console output among them (tests/bench/board_speed.py).
 *
 * Built for the host by tests/CMakeLists.txt: cc -I/usr/include/simavr avr_run.c -lsimavr.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"

enum { EXIT_CRASH = 125, EXIT_CYCLE_LIMIT = 124, EXIT_USAGE = 2 };
enum { GPIOR0_DATA_ADDRESS = 0x3E }; /* I/O 0x1E on the ATmega328P/2560 family */

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

static void uart_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    const avr_t *avr = param;
    putchar((int)(value & 0xff));
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

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--line-cycles") == 0) {
        line_cycles.enabled = 1;
        argv++;
        argc--;
    }
    if (argc < 4 || argc > 5) {
        fprintf(stderr,
                "usage: avr_run [--line-cycles] MCU FREQUENCY_HZ firmware.elf [MAX_CYCLES]\n");
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
    flags &= ~AVR_UART_FLAG_STDIO;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_output, avr);

    double start = seconds_now();
    int state;
    do
        state = avr_run(avr);
    while (state != cpu_Done && state != cpu_Crashed && (!max_cycles || avr->cycle < max_cycles));
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
    if (state != cpu_Done) {
        fprintf(stderr, "avr_run: stopped after %llu cycles (limit)\n", max_cycles);
        return EXIT_CYCLE_LIMIT;
    }
    return avr->data[GPIOR0_DATA_ADDRESS];
}
