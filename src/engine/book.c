#include "book.h"

#include "flashmate/movegen.h"

enum { ENTRY_BYTES = 16 };

typedef struct BookEntry {
    uint64_t key;
    uint16_t move, weight;
} BookEntry;

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

bool book_open(Book *book, const char *path, const char **message)
{
    uint64_t size;
    book->file = NULL;
    book->entries = 0;
    /* Seeded from the clock so that an engine restarted for every game varies its openings. */
    book->random_state = 0x9E3779B97F4A7C15ULL ^ port_time_ms();
    PortFile *file = port_file_open(path);
    if (!file) {
        *message = "cannot open the book file";
        return false;
    }
    if (!port_file_size(file, &size) || size == 0 || size % ENTRY_BYTES != 0) {
        *message = "corrupt book: size is not a positive multiple of 16 bytes";
        port_file_close(file);
        return false;
    }
    book->file = file;
    book->entries = size / ENTRY_BYTES;
    /* Spot-check ordering at a few places: a sorted file has non-decreasing keys. */
    BookEntry a, b;
    for (uint64_t i = 1; i < book->entries; i += book->entries / 8 + 1) {
        if (!read_entry(book, i - 1, &a) || !read_entry(book, i, &b) || a.key > b.key) {
            *message = "corrupt book: entries are not sorted by key";
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

/* Polyglot move: to file 0-2, to rank 3-5, from file 6-8, from rank 9-11, promotion 12-14
 * (1 knight .. 4 queen). Castling is written as the king taking its own rook. */
static Move decode_move(const Position *pos, uint16_t raw)
{
    int to = square_make(raw & 7, (raw >> 3) & 7);
    int from = square_make((raw >> 6) & 7, (raw >> 9) & 7);
    int promo = (raw >> 12) & 7;
    Piece piece = pos_piece_on(pos, from);
    if (piece_type(piece) == KING && pos_piece_on(pos, to) == piece_make(piece_color(piece), ROOK)) {
        if (from == SQ_E1 && (to == SQ_H1 || to == SQ_A1))
            return move_make_kind(from, to == SQ_H1 ? SQ_G1 : SQ_C1, MOVE_CASTLING);
        if (from == SQ_E8 && (to == SQ_H8 || to == SQ_A8))
            return move_make_kind(from, to == SQ_H8 ? SQ_G8 : SQ_C8, MOVE_CASTLING);
    }
    if (promo >= 1 && promo <= 4)
        return move_make_promotion(from, to, (PieceType)(KNIGHT + promo - 1));
    if (piece_type(piece) == PAWN && to == pos->ep_square)
        return move_make_kind(from, to, MOVE_EN_PASSANT);
    return move_make(from, to);
}

int book_moves(Book *book, const Position *pos, Move *moves, uint16_t *weights, int max)
{
    BookEntry e;
    uint64_t lo = 0, hi = book->entries;
    int count = 0;
    if (!book->file)
        return 0;
    while (lo < hi) { /* first entry with key >= pos->key */
        uint64_t mid = lo + (hi - lo) / 2;
        if (!read_entry(book, mid, &e))
            return 0;
        if (e.key < pos->key)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (uint64_t i = lo; i < book->entries && count < max; i++) {
        if (!read_entry(book, i, &e) || e.key != pos->key)
            break;
        Move m = decode_move(pos, e.move);
        if (movegen_is_legal(pos, m)) {
            moves[count] = m;
            weights[count] = e.weight;
            count++;
        }
    }
    return count;
}

Move book_probe(Book *book, const Position *pos)
{
    Move moves[64];
    uint16_t weights[64];
    int count = book_moves(book, pos, moves, weights, 64);
    uint32_t total = 0;
    for (int i = 0; i < count; i++)
        total += weights[i];
    if (count == 0)
        return MOVE_NONE;
    if (total == 0)
        return moves[0];
    /* xorshift64: a weighted choice, different from game to game. */
    uint64_t x = book->random_state ^ pos->key;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    book->random_state = x;
    uint32_t pick = (uint32_t)(x % total);
    for (int i = 0; i < count; i++) {
        if (pick < weights[i])
            return moves[i];
        pick -= weights[i];
    }
    return moves[0];
}
