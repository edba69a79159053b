/*
 * Polyglot opening books (.bin): 16-byte big-endian entries sorted by key (key 8, move 2,
 * weight 2, learn 4). The position key is the Polyglot key, so probing is a binary search in the
 * file through the port's file reads; the book is never loaded whole.
 * http://hgm.nubati.net/book_format.html
 */
#ifndef FLASHMATE_BOOK_H
#define FLASHMATE_BOOK_H

#include "flashmate/position.h"
#include "port/port.h"

typedef struct Book {
    PortFile *file;
    uint64_t entries;
    uint64_t random_state; /* picks among weighted moves */
} Book;

/* Open a book; on failure *message says why and the book stays closed. */
bool book_open(Book *book, const char *path, const char **message);
void book_close(Book *book);
static inline bool book_is_open(const Book *book) { return book->file != NULL; }

/* A legal book move for the position chosen by weight, or MOVE_NONE. */
Move book_probe(Book *book, const Position *pos);

/* All legal book moves and weights for the position (for tests); returns the count. */
int book_moves(Book *book, const Position *pos, Move *moves, uint16_t *weights, int max);

#endif
