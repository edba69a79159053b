/*
 * The fuzz port (see fuzz_port.h): src/port/port.h without a console, a real clock or a file
 * system, so fuzz inputs replay deterministically.
 */
#include "fuzz_port.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "port/port.h"

/* Freed table memory is kept for the next request of the same size: a fresh 1 MB table per
 * input would cost page faults that dominate the run. While kept it is poisoned, so a use
 * after port_free is still caught by AddressSanitizer. */
#if defined(__has_include)
#if __has_include(<sanitizer/asan_interface.h>)
#include <sanitizer/asan_interface.h>
#endif
#endif
#ifndef ASAN_POISON_MEMORY_REGION
#define ASAN_POISON_MEMORY_REGION(address, size) ((void)(address), (void)(size))
#define ASAN_UNPOISON_MEMORY_REGION(address, size) ((void)(address), (void)(size))
#endif

enum { OUTPUT_MAX = 1 << 18, FILES_MAX = 8, NAME_MAX_LENGTH = 64, KEPT_MAX = 3 };
enum { DEFAULT_ALLOC_LIMIT = 4u << 20 };

static struct {
    char output[OUTPUT_MAX];
    size_t output_length;
    bool output_overflowed;
    uint64_t clock_ms;
    size_t alloc_limit;
    int live_allocations;
    struct {
        void *memory;
        size_t size;
    } kept[KEPT_MAX]; /* freed blocks waiting for reuse */
    struct {
        char name[NAME_MAX_LENGTH];
        const uint8_t *data;
        size_t size;
    } files[FILES_MAX];
    int file_count;
    int open_files;
    long reads_left; /* -1: reads never fail */
    bool fail_size;
    uintptr_t stack_floor; /* port_stack_free counts down to it; 0: no budget */
    size_t stack_low;      /* the least port_stack_free has answered */
    size_t stack_high;     /* and the most */
} fuzz = {.alloc_limit = DEFAULT_ALLOC_LIMIT, .reads_left = -1};

void fuzz_port_reset(void)
{
    fuzz_port_clear_output();
    fuzz.clock_ms = 0;
    fuzz.alloc_limit = DEFAULT_ALLOC_LIMIT;
    fuzz.file_count = 0;
    fuzz.reads_left = -1;
    fuzz.fail_size = false;
}

const char *fuzz_port_output(void) { return fuzz.output; }
bool fuzz_port_output_overflowed(void) { return fuzz.output_overflowed; }

void fuzz_port_clear_output(void)
{
    fuzz.output[0] = '\0';
    fuzz.output_length = 0;
    fuzz.output_overflowed = false;
}

void fuzz_port_set_alloc_limit(size_t bytes) { fuzz.alloc_limit = bytes; }
int fuzz_port_live_allocations(void) { return fuzz.live_allocations; }

void fuzz_port_add_file(const char *name, const void *data, size_t size)
{
    int i = 0;
    while (i < fuzz.file_count && strcmp(fuzz.files[i].name, name) != 0)
        i++;
    if (i == FILES_MAX || strlen(name) >= NAME_MAX_LENGTH)
        abort(); /* a harness error, not an engine finding */
    if (i == fuzz.file_count)
        fuzz.file_count++;
    strcpy(fuzz.files[i].name, name);
    fuzz.files[i].data = data;
    fuzz.files[i].size = size;
}

void fuzz_port_fail_reads_after(long reads) { fuzz.reads_left = reads; }
void fuzz_port_fail_size(bool fail) { fuzz.fail_size = fail; }
int fuzz_port_open_files(void) { return fuzz.open_files; }

void fuzz_port_set_stack_budget(size_t bytes)
{
    uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
    fuzz.stack_floor = bytes ? frame - bytes : 0;
    fuzz.stack_low = SIZE_MAX;
    fuzz.stack_high = 0;
}

size_t fuzz_port_stack_low(void) { return fuzz.stack_low; }
size_t fuzz_port_stack_high(void) { return fuzz.stack_high; }

/* The stack grows down on every host the tests run on. */
size_t port_stack_free(void)
{
    if (!fuzz.stack_floor)
        return SIZE_MAX;
    uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
    size_t left = frame > fuzz.stack_floor ? (size_t)(frame - fuzz.stack_floor) : 0;
    if (left < fuzz.stack_low)
        fuzz.stack_low = left;
    if (left > fuzz.stack_high)
        fuzz.stack_high = left;
    return left;
}

/* ---- port.h ---- */

uint64_t port_time_ms(void) { return fuzz.clock_ms++; }

/* No threads: a search with Threads > 1 runs on its own, as on a board, and stays replayable. */
PortThread *port_thread_start(void (*run)(void *arg), void *arg)
{
    (void)run;
    (void)arg;
    return NULL;
}

void port_thread_join(PortThread *thread) { (void)thread; }

void port_write(const FlashText *text)
{
    size_t n = strlen(text);
    size_t room = OUTPUT_MAX - 1 - fuzz.output_length;
    if (n > room) {
        n = room;
        fuzz.output_overflowed = true;
    }
    memcpy(fuzz.output + fuzz.output_length, text, n);
    fuzz.output_length += n;
    fuzz.output[fuzz.output_length] = '\0';
}

int port_poll_line(char *buf, size_t size, bool *truncated)
{
    (void)buf;
    (void)size;
    (void)truncated;
    return PORT_NONE;
}

int port_read_line(char *buf, size_t size, bool *truncated)
{
    (void)buf;
    (void)size;
    (void)truncated;
    return PORT_EOF;
}

/* Each block starts with its size (kept 16-byte aligned for the table). */
enum { HEADER = 16 };

void *port_alloc(size_t bytes)
{
    if (bytes == 0 || bytes > fuzz.alloc_limit)
        return NULL;
    uint8_t *block = NULL;
    for (int i = 0; i < KEPT_MAX && !block; i++) {
        if (fuzz.kept[i].memory && fuzz.kept[i].size == bytes) {
            block = fuzz.kept[i].memory;
            fuzz.kept[i].memory = NULL;
            ASAN_UNPOISON_MEMORY_REGION(block, HEADER + bytes);
        }
    }
    if (!block && !(block = malloc(HEADER + bytes)))
        return NULL;
    memcpy(block, &bytes, sizeof bytes);
    fuzz.live_allocations++;
    return block + HEADER;
}

void port_free(void *memory)
{
    if (!memory)
        return;
    uint8_t *block = (uint8_t *)memory - HEADER;
    size_t bytes;
    memcpy(&bytes, block, sizeof bytes);
    fuzz.live_allocations--;
    int slot = 0;
    while (slot < KEPT_MAX && fuzz.kept[slot].memory)
        slot++;
    if (slot == KEPT_MAX) {
        slot = 0; /* full: make room by giving the first kept block back */
        ASAN_UNPOISON_MEMORY_REGION(fuzz.kept[0].memory, HEADER + fuzz.kept[0].size);
        free(fuzz.kept[0].memory);
    }
    fuzz.kept[slot].memory = block;
    fuzz.kept[slot].size = bytes;
    ASAN_POISON_MEMORY_REGION(block, HEADER + bytes);
}

struct PortFile {
    const uint8_t *data;
    size_t size;
};

PortFile *port_file_open(const char *path)
{
    for (int i = 0; i < fuzz.file_count; i++) {
        if (strcmp(fuzz.files[i].name, path) == 0) {
            PortFile *file = malloc(sizeof *file);
            if (!file)
                return NULL;
            file->data = fuzz.files[i].data;
            file->size = fuzz.files[i].size;
            fuzz.open_files++;
            return file;
        }
    }
    return NULL;
}

bool port_file_size(PortFile *file, uint64_t *size)
{
    if (fuzz.fail_size)
        return false;
    *size = file->size;
    return true;
}

bool port_file_read(PortFile *file, uint64_t offset, void *buf, size_t bytes)
{
    if (fuzz.reads_left == 0)
        return false;
    if (offset > file->size || bytes > file->size - offset)
        return false;
    if (fuzz.reads_left > 0)
        fuzz.reads_left--;
    memcpy(buf, file->data + offset, bytes);
    return true;
}

void port_file_close(PortFile *file)
{
    if (file) {
        fuzz.open_files--;
        free(file);
    }
}
