/* Polyglot book files: opening, checking, and the entries of a key (flashmate/book.h). */
#include "flashmate/book.h"

#include "port/port.h"

enum { ENTRY_BYTES = 16 };

static uint64_t read_be(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v = v << 8 | p[i];
    return v;
}

static bool read_entry(Book *book, uint64_t index, BookEntry *e)
{
    uint8_t raw[ENTRY_BYTES];
    if (!port_file_read(book->file, index * ENTRY_BYTES, raw, sizeof raw))
        return false;
    e->key = read_be(raw, 8);
    e->move = (uint16_t)read_be(raw + 8, 2);
    e->weight = (uint16_t)read_be(raw + 10, 2);
    return true;
}

bool book_open(Book *book, const char *path, const FlashText **message)
{
    uint64_t size;
    book->file = NULL;
    book->entries = 0;
    /* Seeded from the clock so that an engine restarted for every game varies its openings. */
    book->random_state = 0x9E3779B97F4A7C15ULL ^ port_time_ms();
    PortFile *file = port_file_open(path);
    if (!file) {
        *message = FM_TEXT("cannot open the book file");
        return false;
    }
    if (!port_file_size(file, &size) || size == 0 || size % ENTRY_BYTES != 0) {
        *message = FM_TEXT("corrupt book: size is not a positive multiple of 16 bytes");
        port_file_close(file);
        return false;
    }
    book->file = file;
    book->entries = size / ENTRY_BYTES;
    /* Spot-check ordering at a few places: a sorted file has non-decreasing keys. */
    BookEntry a, b;
    for (uint64_t i = 1; i < book->entries; i += book->entries / 8 + 1) {
        if (!read_entry(book, i - 1, &a) || !read_entry(book, i, &b) || a.key > b.key) {
            *message = FM_TEXT("corrupt book: entries are not sorted by key");
            book_close(book);
            return false;
        }
    }
    return true;
}

void book_close(Book *book)
{
    port_file_close(book->file);
    book->file = NULL;
    book->entries = 0;
}

uint64_t book_find(Book *book, uint64_t key)
{
    BookEntry e;
    uint64_t lo = 0, hi = book->entries;
    while (lo < hi) { /* first entry with key >= key */
        uint64_t mid = lo + (hi - lo) / 2;
        if (!read_entry(book, mid, &e))
            return book->entries;
        if (e.key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

bool book_entry(Book *book, uint64_t index, BookEntry *entry)
{
    return book->file && index < book->entries && read_entry(book, index, entry);
}

int book_choose(Book *book, uint64_t key, const uint16_t *weights, int count)
{
    uint32_t total = 0;
    for (int i = 0; i < count; i++)
        total += weights[i];
    if (count == 0)
        return -1;
    if (total == 0)
        return 0;
    /* xorshift64: a weighted choice, different from game to game. */
    uint64_t x = book->random_state ^ key;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    book->random_state = x;
    uint32_t pick = (uint32_t)(x % total);
    for (int i = 0; i < count; i++) {
        if (pick < weights[i])
            return i;
        pick -= weights[i];
    }
    return 0;
}
