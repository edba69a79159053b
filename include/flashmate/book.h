/*
 * Polyglot opening books (.bin), a chess format: 16-byte big-endian entries sorted by key (key 8, move 2,
 * weight 2, learn 4). The position key is the Polyglot key, so probing is a binary search in the
 * file through the port's file reads; the book is never loaded whole.
 * http://hgm.nubati.net/book_format.html
 */
#ifndef FLASHMATE_BOOK_H
#define FLASHMATE_BOOK_H

#include <stddef.h>

#include "flashmate/flash.h"
#include "flashmate/position.h"

/* A read-only file of the port (src/port/port.h). */
typedef struct PortFile PortFile;

typedef struct Book {
    PortFile *file;
    uint64_t entries;
    uint64_t random_state; /* picks among weighted moves */
} Book;

/* One book entry: the position's key, the move in Polyglot's encoding, its weight. */
typedef struct BookEntry {
    uint64_t key;
    uint16_t move, weight;
} BookEntry;

/* Open a book; on failure *message says why and the book stays closed. */
bool book_open(Book *book, const char *path, const FlashText **message);
void book_close(Book *book);
static inline bool book_is_open(const Book *book) { return book->file != NULL; }

/* The index of the first entry whose key is at least `key` (the entry count if none), and the
 * entry at an index (false past the end or on a read error). src/engine/book.c */
uint64_t book_find(Book *book, uint64_t key);
bool book_entry(Book *book, uint64_t index, BookEntry *entry);
/* Which of `count` moves with these weights to play, chosen at random by weight (the first if
 * every weight is 0); -1 if count is 0. */
int book_choose(Book *book, uint64_t key, const uint16_t *weights, int count);

/* ---- Chess (src/chess/book_moves.c): Polyglot moves decoded and checked for legality ---- */

/* A legal book move for the position chosen by weight, or MOVE_NONE. */
Move book_probe(Book *book, const Position *pos);

/* All legal book moves and weights for the position (for tests); returns the count. */
int book_moves(Book *book, const Position *pos, Move *moves, uint16_t *weights, int max);

#endif
