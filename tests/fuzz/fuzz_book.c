/*
 * Fuzz target: Polyglot opening books. The input bytes are the book file, served through the
 * fuzz port's file API. An opened book is probed on several positions: every move it returns
 * must be legal and must come from an entry with the position's key; book_probe picks one of
 * book_moves' moves. The same book is then probed with failing reads, and opened with a failing
 * size query: no crash, no illegal move, no leaked file.
 */
#include <stdlib.h>
#include <string.h>

#include "flashmate/book.h"
#include "flashmate/movegen.h"
#include "fuzz_check.h"
#include "fuzz_port.h"

static const char *const fens[] = {
    FEN_START,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "8/8/8/8/8/8/1p5k/K1N5 b - - 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
};

enum { ENTRY_BYTES = 16, MAX_BOOK_MOVES = 64 };

static uint64_t read_be(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v = v << 8 | p[i];
    return v;
}

/* Does some entry with the position's key describe `move`? Polyglot squares are 6-bit
 * rank * 8 + file like ours; castling is written as the king taking its own rook. */
static bool from_an_entry(const uint8_t *data, size_t size, const Position *pos, Move move)
{
    for (size_t at = 0; at + ENTRY_BYTES <= size; at += ENTRY_BYTES) {
        if (read_be(data + at, 8) != pos->key)
            continue;
        unsigned raw = (unsigned)read_be(data + at + 8, 2);
        int to = (int)(raw & 63), from = (int)((raw >> 6) & 63), promo = (int)((raw >> 12) & 7);
        if (move_from(move) != from)
            continue;
        if (move_kind(move) == MOVE_CASTLING) {
            int rook = move_to(move) > from ? from + 3 : from - 4;
            if (to == rook)
                return true;
        } else if (move_to(move) == to) {
            if (move_kind(move) != MOVE_PROMOTION ||
                (int)move_promotion(move) == KNIGHT + promo - 1)
                return true;
        }
    }
    return false;
}

static int entries_with_key(const uint8_t *data, size_t size, uint64_t key)
{
    int n = 0;
    for (size_t at = 0; at + ENTRY_BYTES <= size; at += ENTRY_BYTES)
        n += read_be(data + at, 8) == key;
    return n;
}

/* Probe every position; with `exact` the returned moves must also match the file's entries
 * (not so when reads fail part way: fewer moves are fine then). */
static void probe_all(Book *book, const uint8_t *data, size_t size, bool exact)
{
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Position pos;
        Move moves[MAX_BOOK_MOVES];
        uint16_t weights[MAX_BOOK_MOVES];
        char text[6];
        pos_set_fen(&pos, fens[i], NULL);
        fuzz_set_context("position", fens[i]);
        int count = book_moves(book, &pos, moves, weights, MAX_BOOK_MOVES);
        FUZZ_CHECK(count >= 0 && count <= MAX_BOOK_MOVES, "book_moves returned %d", count);
        if (exact)
            FUZZ_CHECK(count <= entries_with_key(data, size, pos.key),
                       "book_moves returned %d moves, more than the entries with the key", count);
        for (int m = 0; m < count; m++) {
            move_to_uci(moves[m], text);
            FUZZ_CHECK(movegen_is_legal(&pos, moves[m]), "book move %s is not legal", text);
            if (exact)
                FUZZ_CHECK(from_an_entry(data, size, &pos, moves[m]),
                           "book move %s matches no entry of the position", text);
        }
        Move chosen = book_probe(book, &pos);
        if (exact) {
            FUZZ_CHECK((chosen == MOVE_NONE) == (count == 0), "book_probe and book_moves disagree");
            bool listed = chosen == MOVE_NONE;
            for (int m = 0; m < count; m++)
                listed |= moves[m] == chosen;
            FUZZ_CHECK(listed, "book_probe chose a move book_moves did not list");
        }
        move_to_uci(chosen, text);
        FUZZ_CHECK(chosen == MOVE_NONE || movegen_is_legal(&pos, chosen), "book_probe chose %s",
                   text);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Book book;
    const char *message = NULL;
    fuzz_port_reset();
    fuzz_port_add_file("fuzz.bin", data, size);
    fuzz_set_context("book", "(the input bytes)");

    bool opened = book_open(&book, "fuzz.bin", &message);
    if (!opened) {
        FUZZ_CHECK(message && strlen(message) >= 10, "book refused without a message");
        FUZZ_CHECK(!book_is_open(&book), "refused book left open");
        FUZZ_CHECK(fuzz_port_open_files() == 0, "refused book leaked its file");
        return 0;
    }
    FUZZ_CHECK(size > 0 && size % ENTRY_BYTES == 0, "accepted a book of %zu bytes", size);
    FUZZ_CHECK(book.entries == size / ENTRY_BYTES, "book has %llu entries for %zu bytes",
               (unsigned long long)book.entries, size);
    probe_all(&book, data, size, true);
    book_close(&book);
    FUZZ_CHECK(!book_is_open(&book) && fuzz_port_open_files() == 0,
               "book_close left the file open");

    /* Faults: reads failing part way through, and a size query that fails. */
    long reads = size ? data[size - 1] % 24 : 0;
    if (book_open(&book, "fuzz.bin", &message)) {
        fuzz_port_fail_reads_after(reads);
        probe_all(&book, data, size, false);
        fuzz_port_fail_reads_after(-1);
        book_close(&book);
    }
    fuzz_port_fail_reads_after(reads);
    if (book_open(&book, "fuzz.bin", &message)) {
        probe_all(&book, data, size, false);
        book_close(&book);
    } else {
        FUZZ_CHECK(message && !book_is_open(&book), "book refused after a read fault, no message");
    }
    fuzz_port_fail_reads_after(-1);
    fuzz_port_fail_size(true);
    FUZZ_CHECK(!book_open(&book, "fuzz.bin", &message) && message && !book_is_open(&book),
               "book opened although its size could not be read");
    fuzz_port_fail_size(false);
    FUZZ_CHECK(!book_open(&book, "missing.bin", &message) && message && !book_is_open(&book),
               "a missing book opened");
    FUZZ_CHECK(fuzz_port_open_files() == 0, "a file was left open");
    return 0;
}
