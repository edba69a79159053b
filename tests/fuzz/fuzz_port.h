/*
 * The fuzz port: an implementation of src/port/port.h for the fuzz targets and their replay
 * drivers. Everything is deterministic so that a saved input replays exactly:
 *   - console output is collected in a buffer the harness inspects (and clears);
 *   - there is no console input: polls find nothing, a blocking read hits end of input;
 *   - the clock is a counter that advances by one millisecond per call;
 *   - memory requests above a limit fail (the table-allocation fault path), or the n-th one;
 *   - files are in-memory buffers registered by name, and reads can be made to fail;
 *   - the stack left (port_stack_free) is unlimited, or what remains of a budget a test sets.
 */
#ifndef FLASHMATE_FUZZ_PORT_H
#define FLASHMATE_FUZZ_PORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Back to the defaults: no output, no files, clock at 0, 4 MB allocation limit, no faults. */
void fuzz_port_reset(void);

/* Console text written since the last clear (always NUL-terminated), and whether some was lost
 * because the buffer was full. */
const char *fuzz_port_output(void);
bool fuzz_port_output_overflowed(void);
void fuzz_port_clear_output(void);

/* port_alloc fails for requests above `bytes`. */
void fuzz_port_set_alloc_limit(size_t bytes);
/* Blocks handed out by port_alloc and not yet freed. */
int fuzz_port_live_allocations(void);

/* Serve `size` bytes at `data` (not copied; must outlive its use) as the file `name`. A name
 * registered again is replaced. */
void fuzz_port_add_file(const char *name, const void *data, size_t size);
/* After `reads` more successful port_file_read calls, every further read fails; -1: never. */
void fuzz_port_fail_reads_after(long reads);
/* Make port_file_size fail (true) or work (false). */
void fuzz_port_fail_size(bool fail);
/* Files opened through port_file_open and not yet closed. */
int fuzz_port_open_files(void);

/* port_stack_free answers the bytes left of a stack of `bytes` that starts at the caller's
 * frame (0: no budget, SIZE_MAX as on the host); fuzz_port_stack_low and _high give the least
 * and the most it has answered since (SIZE_MAX and 0 before it is asked). */
void fuzz_port_set_stack_budget(size_t bytes);
size_t fuzz_port_stack_low(void);
size_t fuzz_port_stack_high(void);

#endif
