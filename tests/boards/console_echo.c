/*
 * Console test firmware (tests/boards/console_echo_test.py drives it): reads lines from the
 * board's console with port_read_line into a 128-byte buffer and describes each one on the
 * console, so the test sees what arrives whole, what is reported cut, and that the port keeps
 * working after any input.
 *
 *   sleep MS   busy-waits MS milliseconds without reading: input piles up in the port
 *   quit       ends the program (main returns 0)
 *   anything   "line N: length L, whole: TEXT" or "..., cut: TEXT"
 */
#include <string.h>

#include "engine/text.h"
#include "port/firmware/firmware.h"
#include "port/port.h"

int main(void)
{
    char line[128], out[200];
    bool cut;
    uint64_t count = 0;

    port_stack_paint();
    port_write("console echo: ready\n");
    for (;;) {
        if (port_read_line(line, sizeof line, &cut) != PORT_LINE) {
            port_write("console echo: end of input\n");
            return 1;
        }
        count++;
        if (text_word_equals(line, "quit"))
            break;
        uint64_t ms;
        if (text_word_equals(line, "sleep") && text_parse_u64(line + 6, 60000, &ms) > 0) {
            uint64_t start = port_time_ms();
            while (port_time_ms() - start < ms) {
            }
            port_write("console echo: slept\n");
            continue;
        }
        TextBuf t = text_buf(out, sizeof out);
        text_add(&t, "line ");
        text_add_u64(&t, count);
        text_add(&t, ": length ");
        text_add_u64(&t, strlen(line));
        text_add(&t, cut ? ", cut: " : ", whole: ");
        text_add(&t, line);
        text_add_char(&t, '\n');
        port_write(out);
    }
    firmware_report_stack("console echo: stack ", ", more than the reserve");
    port_write("console echo: done\n");
    return 0;
}
