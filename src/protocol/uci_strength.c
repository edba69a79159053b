/*
 * Strength levels for people: `Skill Level` 0..20 and, with UCI_LimitStrength, UCI_Elo (mapped
 * to a level through a table, not calibrated yet: README "Strength levels"). Level
 * 20 is the full engine, untouched. Below it a search is shallower and has a node budget (so a
 * weak move never takes longer than a strong one, on a board as on the host), it looks at
 * several lines (MultiPV), and the move is drawn among them with weights that halve for every
 * `temperature` centipawns a line is worse than the best: the weaker the level, the hotter, so
 * mistakes are plausible moves that lose a little, more often at low levels, never random ones.
 */
#include "uci_internal.h"

#include "port/port.h"

/* The lines a level chooses among (fewer on a board that keeps fewer). */
enum { LINES_CONSIDERED = MULTIPV_MAX < 4 ? MULTIPV_MAX : 4 };

/* UCI_Elo -> level: the rating of each level, ascending; a setting between two entries gets the
 * lower level. A guess, 100 a level, until matches measure them (README "Strength levels"). */
static const int16_t level_elo[SKILL_LEVEL_MAX + 1] = {
    800,  900,  1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800,
    1900, 2000, 2100, 2200, 2300, 2400, 2500, 2600, 2700, 2800,
};

int uci_strength_level(const UciOptions *o)
{
    if (!o->limit_strength)
        return o->skill_level;
    int level = 0;
    while (level < SKILL_LEVEL_MAX && level_elo[level + 1] <= o->elo)
        level++;
    return level;
}

void uci_strength_limit(const UciOptions *o, SearchLimits *limits)
{
    int level = uci_strength_level(o);
    if (level >= SKILL_LEVEL_MAX)
        return;
    int depth = 1 + level / 2;
    uint64_t nodes = (uint64_t)1000 << (level / 2);
    if (limits->depth == 0 || limits->depth > depth)
        limits->depth = depth;
    if (limits->nodes == 0 || limits->nodes > nodes)
        limits->nodes = nodes;
    if (limits->multipv < LINES_CONSIDERED)
        limits->multipv = LINES_CONSIDERED;
}

/* xorshift64*, seeded from the clock and the position: games vary. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545f4914f6cdd1dULL;
}

Move uci_strength_choose(Engine *e, const SearchResult *result, Move *ponder)
{
    int level = uci_strength_level(&e->options);
    const SearchDriver *d = game_search_driver(&e->search);
    if (level >= SKILL_LEVEL_MAX || d->line_count < 2 || result->best == MOVE_NONE)
        return result->best;
    int temperature = 12 * (SKILL_LEVEL_MAX - level);
    int best_score = d->lines[0].score;
    uint32_t weights[MULTIPV_MAX], total = 0;
    int count = d->line_count;
    for (int k = 0; k < count; k++) {
        int loss = best_score - d->lines[k].score;
        int halvings = loss / temperature;
        weights[k] = d->lines[k].pv_length > 0 && halvings < 16 ? 1u << (16 - halvings) : 0;
        total += weights[k];
    }
    e->random_state ^= port_time_ms() * 0x9e3779b97f4a7c15ULL ^ e->game->key(&e->position);
    if (e->random_state == 0)
        e->random_state = 1;
    uint32_t pick = (uint32_t)(next_random(&e->random_state) % total);
    int k = 0;
    while (pick >= weights[k]) {
        pick -= weights[k];
        k++;
    }
    const RootLine *line = &d->lines[k];
    *ponder = line->pv_length > 1 ? line->pv[1] : MOVE_NONE;
    if (k > 0) {
        /* The line played, as the last info line before the bestmove (GUIs show that one). */
        SearchReport r = {
            1, line->depth, line->seldepth,      line->score,     BOUND_EXACT, result->nodes,
            0, 0,           tt_hashfull(&e->tt), line->pv_length, line->pv};
        r.time_ms = port_time_ms() - d->start_ms;
        r.nps = r.time_ms ? r.nodes * 1000 / r.time_ms : r.nodes * 1000;
        uci_report_info(&r, e);
    }
    return line->pv[0];
}
