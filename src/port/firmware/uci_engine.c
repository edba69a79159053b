/*
 * UCI engine firmware: the same engine as the host program, talking over the port's console,
 * with a transposition table of FLASHMATE_TT_BYTES in the port's static arena.
 *
 * With FLASHMATE_UCI_DEMO the firmware instead plays a compiled-in session (echoing each command
 * after "> ") and stops: a board with an output-only console can show the engine working.
 */
#include "firmware.h"
#include "flashmate/uci.h"
#include "port/port.h"
#include "engine/text.h"

#ifndef FLASHMATE_TT_BYTES
#define FLASHMATE_TT_BYTES 0
#endif

/* The engine's state (position, search tables, line buffers): static, so the size report shows
 * it as .bss. */
static Engine engine;

#if defined(FLASHMATE_UCI_DEMO)
static const char *const demo_session[] = {
    "uci",
    "isready",
    "position startpos moves e2e4 e7e5",
    "go depth 5",
    "quit",
};

static int run_demo(Engine *e)
{
    for (unsigned i = 0; i < sizeof demo_session / sizeof demo_session[0] && !e->quit; i++) {
        port_write("> ");
        port_write(demo_session[i]);
        port_write("\n");
        uci_execute(e, demo_session[i]);
    }
    return 0;
}
#endif

/* "info string stack N of M bytes used": what the session needed of the reserved stack.
 * Returns false if it needed more than the reserve. */
static bool say_stack_used(void)
{
    char buf[80];
    size_t size, used = port_stack_used(&size);
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, "info string stack ");
    text_add_u64(&t, used);
    text_add(&t, " of ");
    text_add_u64(&t, size);
    text_add(&t, used > size ? " bytes used, more than the reserve\n" : " bytes used\n");
    port_write(buf);
    return used <= size;
}

int main(void)
{
    port_stack_paint();
    if (!engine_setup_tt_bytes(&engine, FLASHMATE_TT_BYTES)) {
        port_write("info string no memory for the transposition table\n");
        return 1;
    }
#if defined(FLASHMATE_UCI_DEMO)
    int rc = run_demo(&engine);
#else
    int rc = uci_loop(&engine);
#endif
    if (!say_stack_used() && rc == 0)
        rc = 1;
    engine_release(&engine);
    return rc;
}
