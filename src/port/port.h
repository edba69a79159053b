/*
 * What differs per platform: the clock, the console, memory for the transposition table and
 * files (opening books). The core calls only these; each port (src/port/<platform>/) implements
 * them. On the host a reader thread fills a line queue; on a microcontroller lines come from a
 * compiled-in script or the debug console and polling never blocks.
 */
#ifndef FLASHMATE_PORT_H
#define FLASHMATE_PORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flashmate/flash.h"

/* Milliseconds from a monotonic clock (the origin is arbitrary). */
uint64_t port_time_ms(void);

/* Write text to the console as is (callers end lines with '\n'); flushed at once. The text
 * may lie in flash (FM_TEXT) or in RAM. */
void port_write(const FlashText *text);

/* Input lines, without the line ending. A line longer than size - 1 bytes is cut; *truncated
 * (if not NULL) tells. Results: PORT_LINE a line is in buf, PORT_NONE nothing yet (poll only),
 * PORT_EOF input ended. A board's console may assemble the line in buf itself (the 8 KB boards:
 * one line buffer, not two), so a caller passes the same buffer until a line is handed over. */
enum { PORT_LINE = 1, PORT_NONE = 0, PORT_EOF = -1 };
int port_poll_line(char *buf, size_t size, bool *truncated);
int port_read_line(char *buf, size_t size, bool *truncated);

/* Bytes of stack left below the caller's frame. A build with FLASHMATE_STACK_GUARD_BYTES (the
 * boards) asks before each node of the search, which is scored as a leaf when too little is
 * left; on the host, whose stack is megabytes deep, the answer is SIZE_MAX. */
size_t port_stack_free(void);

/* Helper threads, for a search on several cores: NULL where the platform has none (the boards)
 * or cannot start one, and the caller does the work without it. */
typedef struct PortThread PortThread;
PortThread *port_thread_start(void (*run)(void *arg), void *arg);
/* Wait for the thread's function to return, and free the thread (NULL: nothing). */
void port_thread_join(PortThread *thread);

/* Zeroed memory for the transposition table: NULL when the request cannot be met. */
void *port_alloc(size_t bytes);
void port_free(void *memory);

/* Read-only files (opening books). Platforms without files return NULL from open. */
typedef struct PortFile PortFile;
PortFile *port_file_open(const char *path);
bool port_file_size(PortFile *file, uint64_t *size);
bool port_file_read(PortFile *file, uint64_t offset, void *buf, size_t bytes);
void port_file_close(PortFile *file);

#endif
