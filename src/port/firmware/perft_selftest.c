/*
 * Perft self-test firmware: counts the leaves of three standard positions to a fixed depth on the
 * board itself, prints one line per position and returns 0 only if every count is right (the
 * port turns main's return value into the emulator's exit status).
 *
 * FLASHMATE_PERFT_SET_DEPTH3 selects the small set for slow cores (8-bit AVR); the default set
 * is start position depth 5, Kiwipete depth 4 and position 3 depth 5 (9.6 M leaves).
 * Counts: https://www.chessprogramming.org/Perft_Results
 */
#include "firmware.h"
#include "flashmate/perft.h"
#include "port/port.h"
#include "chess/tables.h"
#include "engine/text.h"

typedef struct PerftCheck {
    const char *name, *fen;
    uint8_t depth;
    uint64_t nodes;
} PerftCheck;

#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define POSITION3 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"

static const PerftCheck checks[] = {
#if defined(FLASHMATE_PERFT_SET_DEPTH3)
    {"startpos", FEN_START, 3, 8902},
    {"kiwipete", KIWIPETE, 2, 2039},
    {"position3", POSITION3, 3, 2812},
#else
    {"startpos", FEN_START, 5, 4865609},
    {"kiwipete", KIWIPETE, 4, 4085603},
    {"position3", POSITION3, 5, 674624},
#endif
};

/* "12.345 s" */
static void add_seconds(TextBuf *t, uint64_t ms)
{
    text_add_u64(t, ms / 1000);
    text_add_char(t, '.');
    text_add_char(t, (char)('0' + ms / 100 % 10));
    text_add_char(t, (char)('0' + ms / 10 % 10));
    text_add_char(t, (char)('0' + ms % 10));
    text_add(t, FM_TEXT(" s"));
}

static void add_knps(TextBuf *t, uint64_t nodes, uint64_t ms)
{
    text_add(t, FM_TEXT(", "));
    if (ms)
        text_add_u64(t, nodes / ms);
    else
        text_add(t, FM_TEXT("-"));
    text_add(t, FM_TEXT(" knps"));
}

#if FM_TABLE_CATALOGUE
static uint32_t table_bytes(const TableInfo *tables)
{
    uint32_t total = 0;
    for (const TableInfo *t = tables; t->name; t++)
        total += t->bytes;
    return total;
}
#endif

static void say_layout(void)
{
    char buf[96];
    TextBuf t = text_buf(buf, sizeof buf);
#if FM_TABLE_CATALOGUE
    text_add(&t, FM_TEXT("flashmate perft self-test: layout "));
    text_add(&t, chess_layout_name);
    text_add(&t, FM_TEXT(" (tables "));
    text_add_u64(&t, table_bytes(chess_common_tables) + table_bytes(chess_layout_tables));
    text_add(&t, FM_TEXT(" bytes)\n"));
#else
    text_add(&t, FM_TEXT("flashmate perft self-test: layout "));
#if defined(FLASHMATE_LAYOUT_COMPACT)
    text_add(&t, FM_TEXT("compact\n"));
#elif defined(FLASHMATE_LAYOUT_KINDERGARTEN)
    text_add(&t, FM_TEXT("kindergarten\n"));
#else
    text_add(&t, FM_TEXT("fancy\n"));
#endif
#endif
    port_write(buf);
}

int main(void)
{
    int failures = 0;
    uint64_t total_nodes = 0, total_ms = 0;
    char buf[128];

    port_stack_paint();
    say_layout();
    for (unsigned i = 0; i < sizeof checks / sizeof checks[0]; i++) {
        const PerftCheck *c = &checks[i];
        Position pos;
        ParseError err;
        TextBuf t = text_buf(buf, sizeof buf);
        text_add(&t, c->name);
        text_add(&t, FM_TEXT(" depth "));
        text_add_int(&t, c->depth);
        text_add(&t, FM_TEXT(": "));
        if (!pos_set_fen(&pos, c->fen, &err)) {
            text_add(&t, err.message);
            text_add(&t, FM_TEXT(" FAIL\n"));
            port_write(buf);
            failures++;
            continue;
        }
        uint64_t start = port_time_ms();
        uint64_t nodes = perft(&pos, c->depth);
        uint64_t ms = port_time_ms() - start;
        total_nodes += nodes;
        total_ms += ms;
        text_add_u64(&t, nodes);
        if (nodes == c->nodes) {
            text_add(&t, FM_TEXT(" ok, "));
        } else {
            text_add(&t, FM_TEXT(" FAIL (expected "));
            text_add_u64(&t, c->nodes);
            text_add(&t, FM_TEXT("), "));
            failures++;
        }
        add_seconds(&t, ms);
        add_knps(&t, nodes, ms);
        text_add_char(&t, '\n');
        port_write(buf);
    }

    if (!firmware_report_stack(FM_TEXT("stack: "), FM_TEXT(": FAIL, more than the reserve")))
        failures++;

    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, failures ? FM_TEXT("RESULT: FAIL, ") : FM_TEXT("RESULT: PASS, "));
    text_add_u64(&t, total_nodes);
    text_add(&t, FM_TEXT(" nodes in "));
    add_seconds(&t, total_ms);
    add_knps(&t, total_nodes, total_ms);
    text_add_char(&t, '\n');
    port_write(buf);
    return failures ? 1 : 0;
}
