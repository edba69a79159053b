/*
 * Host port: monotonic clock, stdout console, heap memory, stdio files, and a reader thread
 * that queues stdin lines so the engine can answer `isready` and `stop` while it searches.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE (Linux) */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "port/port.h"

size_t port_stack_free(void) { return SIZE_MAX; }

uint64_t port_time_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

void port_write(const FlashText *text)
{
    fputs(text, stdout);
    fflush(stdout);
}

/* The sizes memory is laid out by: a huge page (x86-64 Linux) and a cache line. */
static const uintptr_t huge_page = (uintptr_t)2 << 20, cache_line = 64;

/* Ask Linux to back the whole 2 MB pages inside [memory, memory + bytes) with huge pages, where
 * its transparent huge pages are on request (`madvise`, Debian's default): a probe of a large
 * table then misses the TLB far less often. Nothing else changes if the kernel declines. */
static void advise_huge_pages(void *memory, size_t bytes)
{
#if defined(MADV_HUGEPAGE)
    uintptr_t start = ((uintptr_t)memory + huge_page - 1) & ~(huge_page - 1);
    uintptr_t end = ((uintptr_t)memory + bytes) & ~(huge_page - 1);
    if (memory && end > start)
        (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)memory;
    (void)bytes;
#endif
}

/* Where a block starts: a table of at least one huge page at a huge-page boundary, so that all of
 * it can be backed by huge pages, and anything smaller at a cache line, so that no 32-byte hash
 * bucket straddles two lines (calloc aligns to 16 bytes only: every other bucket would cost two
 * cache misses). */
static uintptr_t block_alignment(size_t bytes)
{
    return bytes >= huge_page ? huge_page : cache_line;
}

/* A request beyond the machine's physical memory is refused rather than passed to the allocator:
 * an overcommitting kernel could grant it and then kill the engine once the table is touched,
 * and a sanitizer's allocator aborts instead of returning NULL. calloc hands out fresh pages for
 * large blocks, so the zeroed table costs no writes; they are not touched before the advice.
 * The block is over-allocated by its alignment; the pointer calloc returned is kept in the 8
 * bytes below the aligned start (calloc's own alignment of 16 leaves at least that much). */
void *port_alloc(size_t bytes)
{
    if (bytes == 0)
        return NULL;
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page_size > 0 && bytes / (size_t)page_size >= (size_t)pages)
        return NULL;
#endif
    uintptr_t alignment = block_alignment(bytes);
    if (bytes > SIZE_MAX - alignment)
        return NULL;
    char *raw = calloc(1, bytes + alignment);
    if (!raw)
        return NULL;
    char *memory = raw + (alignment - (uintptr_t)raw % alignment);
    memcpy(memory - sizeof raw, &raw, sizeof raw);
    advise_huge_pages(memory, bytes);
    return memory;
}

void port_free(void *memory)
{
    if (!memory)
        return;
    char *raw;
    memcpy(&raw, (char *)memory - sizeof raw, sizeof raw);
    free(raw);
}

/* ---- Threads ---- */

struct PortThread {
    pthread_t id;
    void (*run)(void *arg);
    void *arg;
};

static void *thread_main(void *thread)
{
    PortThread *t = thread;
    t->run(t->arg);
    return NULL;
}

PortThread *port_thread_start(void (*run)(void *arg), void *arg)
{
    PortThread *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->run = run;
    t->arg = arg;
    if (pthread_create(&t->id, NULL, thread_main, t) != 0) {
        free(t);
        return NULL;
    }
    return t;
}

void port_thread_join(PortThread *thread)
{
    if (!thread)
        return;
    pthread_join(thread->id, NULL);
    free(thread);
}

/* ---- Files ---- */

struct PortFile {
    FILE *f;
};

PortFile *port_file_open(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    PortFile *file = malloc(sizeof *file);
    if (!file) {
        fclose(f);
        return NULL;
    }
    file->f = f;
    return file;
}

bool port_file_size(PortFile *file, uint64_t *size)
{
    if (fseek(file->f, 0, SEEK_END) != 0)
        return false;
    long end = ftell(file->f);
    if (end < 0)
        return false;
    *size = (uint64_t)end;
    return true;
}

bool port_file_read(PortFile *file, uint64_t offset, void *buf, size_t bytes)
{
    if (offset > (uint64_t)LONG_MAX || fseek(file->f, (long)offset, SEEK_SET) != 0)
        return false;
    return fread(buf, 1, bytes, file->f) == bytes;
}

void port_file_close(PortFile *file)
{
    if (file) {
        fclose(file->f);
        free(file);
    }
}

/* ---- Console input: a reader thread and a queue of lines ---- */

/* Longest line kept whole; the rest of a longer line is dropped and the line marked truncated. */
enum { READER_LINE_MAX = 1 << 20 };

typedef struct QueuedLine {
    struct QueuedLine *next;
    bool truncated;
    char text[];
} QueuedLine;

static struct {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    QueuedLine *head, *tail;
    bool eof, started;
    pthread_t thread;
} input = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, false, false, 0};

static void queue_push(const char *text, size_t length, bool truncated)
{
    QueuedLine *line = malloc(sizeof *line + length + 1);
    if (!line)
        return; /* out of memory: the line is lost, the engine goes on */
    memcpy(line->text, text, length);
    line->text[length] = '\0';
    line->truncated = truncated;
    line->next = NULL;
    pthread_mutex_lock(&input.lock);
    if (input.tail)
        input.tail->next = line;
    else
        input.head = line;
    input.tail = line;
    pthread_cond_signal(&input.ready);
    pthread_mutex_unlock(&input.lock);
}

static void *reader_main(void *unused)
{
    char *buf = malloc(READER_LINE_MAX);
    (void)unused;
    if (buf) {
        size_t length = 0;
        bool truncated = false;
        int c;
        while ((c = getchar()) != EOF) {
            if (c == '\n') {
                if (length && buf[length - 1] == '\r')
                    length--;
                queue_push(buf, length, truncated);
                length = 0;
                truncated = false;
            } else if (length < READER_LINE_MAX - 1) {
                buf[length++] = (char)c;
            } else {
                truncated = true;
            }
        }
        if (length)
            queue_push(buf, length, truncated);
        free(buf);
    }
    pthread_mutex_lock(&input.lock);
    input.eof = true;
    pthread_cond_signal(&input.ready);
    pthread_mutex_unlock(&input.lock);
    return NULL;
}

static void reader_start(void)
{
    if (!input.started) {
        input.started = true;
        if (pthread_create(&input.thread, NULL, reader_main, NULL) != 0) {
            input.eof = true;
            return;
        }
        pthread_detach(input.thread);
    }
}

/* Pop the next line into buf; the lock is held by the caller. */
static int queue_pop(char *buf, size_t size, bool *truncated)
{
    QueuedLine *line = input.head;
    if (!line)
        return input.eof ? PORT_EOF : PORT_NONE;
    input.head = line->next;
    if (!input.head)
        input.tail = NULL;
    size_t length = strlen(line->text);
    bool cut = line->truncated || length >= size;
    if (length >= size)
        length = size - 1;
    memcpy(buf, line->text, length);
    buf[length] = '\0';
    if (truncated)
        *truncated = cut;
    free(line);
    return PORT_LINE;
}

int port_poll_line(char *buf, size_t size, bool *truncated)
{
    reader_start();
    pthread_mutex_lock(&input.lock);
    int result = queue_pop(buf, size, truncated);
    pthread_mutex_unlock(&input.lock);
    return result;
}

int port_read_line(char *buf, size_t size, bool *truncated)
{
    reader_start();
    pthread_mutex_lock(&input.lock);
    int result;
    while ((result = queue_pop(buf, size, truncated)) == PORT_NONE)
        pthread_cond_wait(&input.ready, &input.lock);
    pthread_mutex_unlock(&input.lock);
    return result;
}
