/*
 * Lazy SMP: with Threads N, N - 1 helper threads search the position of each `go` alongside the
 * engine's own search, each with its own search state (history, move stack, PV) and all with the
 * one transposition table, which they fill for each other (it is shared without locks, see
 * flashmate/tt.h). Helpers search without limits, report nothing and stop when the engine's
 * search has ended; its move is the answer. Their nodes are counted in the info lines.
 * https://www.chessprogramming.org/Lazy_SMP
 */
#include "uci_internal.h"

#include <string.h>

#include "port/port.h"

struct SearchHelper {
    GameSearch search; /* starts with its SearchDriver, as every game's search does */
    GamePosition position;
    PortThread *thread;
    Engine *engine;
};

static SearchDriver *driver_of(SearchHelper *h) { return game_search_driver(&h->search); }

static void helper_reset(Engine *e, SearchHelper *h)
{
    h->engine = e;
    driver_of(h)->tt = &e->tt;
    driver_of(h)->history_checks = e->game_checks;
    e->game->search_clear(&h->search);
}

bool uci_set_threads(Engine *e, int threads)
{
    size_t count = threads > 1 ? (size_t)(threads - 1) : 0;
    SearchHelper *helpers = NULL;
    if (count > 0 && !(helpers = port_alloc(count * sizeof *helpers)))
        return false;
    port_free(e->helpers);
    e->helpers = helpers;
    e->helper_count = (int)count;
    e->options.threads = threads;
    uci_helpers_clear(e);
    return true;
}

void uci_helpers_clear(Engine *e)
{
    for (int i = 0; i < e->helper_count; i++)
        helper_reset(e, &e->helpers[i]);
}

static PollResult helper_poll(void *user)
{
    const Engine *e = user;
    return atomic_load_explicit(&e->helpers_stop, memory_order_relaxed) ? POLL_STOP : POLL_CONTINUE;
}

static void helper_run(void *arg)
{
    SearchHelper *h = arg;
    Engine *e = h->engine;
    SearchHooks hooks = {NULL, helper_poll, NULL, e};
    e->game->search(&h->search, &h->position, e->game_keys, e->game_key_count, &e->helper_limits,
                    &hooks);
}

void uci_helpers_start(Engine *e, const SearchLimits *limits)
{
    if (e->helper_count == 0)
        return;
    /* The same root and moves, no limit but the stop. */
    SearchLimits *l = &e->helper_limits;
    *l = *limits;
    l->time_ms[WHITE] = l->time_ms[BLACK] = -1;
    l->inc_ms[WHITE] = l->inc_ms[BLACK] = 0;
    l->movestogo = 0;
    l->movetime_ms = 0;
    l->depth = 0;
    l->nodes = 0;
    l->mate = 0;
    l->ponder = false;
    l->infinite = true;
    l->multipv = 1;
    l->helper = true;
    atomic_store(&e->helpers_stop, false);
    for (int i = 0; i < e->helper_count; i++) {
        SearchHelper *h = &e->helpers[i];
        h->position = e->position;
        driver_of(h)->nodes = 0;
        h->thread = port_thread_start(helper_run, h);
    }
}

void uci_helpers_stop(Engine *e)
{
    atomic_store(&e->helpers_stop, true);
    for (int i = 0; i < e->helper_count; i++) {
        port_thread_join(e->helpers[i].thread);
        e->helpers[i].thread = NULL;
    }
}

uint64_t uci_helper_nodes(void *user)
{
    Engine *e = user;
    uint64_t nodes = 0;
    for (int i = 0; i < e->helper_count; i++)
        if (e->helpers[i].thread)
            nodes += driver_of(&e->helpers[i])->nodes; /* read while it counts: a near value */
    return nodes;
}
