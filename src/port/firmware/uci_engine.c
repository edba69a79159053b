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

#ifndef FLASHMATE_TT_BYTES
#define FLASHMATE_TT_BYTES 0
#endif

/* The engine's state (position, search tables, line buffers): static, so the size report shows
 * it as .bss. */
static Engine engine;

#if defined(FLASHMATE_UCI_DEMO)
static const char *const demo_session[] = {
    "uci", "isready", "position startpos moves e2e4 e7e5", "go depth 5", "quit",
};

static int run_demo(Engine *e)
{
    for (unsigned i = 0; i < sizeof demo_session / sizeof demo_session[0] && !e->quit; i++) {
        port_write(FM_TEXT("> "));
        port_write(demo_session[i]);
        port_write(FM_TEXT("\n"));
        uci_execute(e, demo_session[i]);
    }
    return 0;
}
#endif

int main(void)
{
    port_stack_paint();
    if (!engine_setup_tt_bytes(&engine, FLASHMATE_TT_BYTES)) {
        port_write(FM_TEXT("info string no memory for the transposition table\n"));
        return 1;
    }
#if defined(FLASHMATE_UCI_DEMO)
    int rc = run_demo(&engine);
#else
    int rc = uci_loop(&engine);
#endif
    if (!firmware_report_stack(FM_TEXT("info string stack "), FM_TEXT(", more than the reserve")) &&
        rc == 0)
        rc = 1;
    engine_release(&engine);
    return rc;
}
