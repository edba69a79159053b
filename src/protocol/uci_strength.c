/*
 * Strength levels for people: `Skill Level` 0..20 and, with UCI_LimitStrength, UCI_Elo. Both
 * name a rating (Skill Level L below 20 is UCI_Elo 800 + 100 L); level 20 is the full engine,
 * untouched. A rating is played by a node budget (so a weak move never takes longer than a
 * strong one, on a board as on the host, whatever the clock), by looking at several lines
 * (MultiPV), and by drawing the move among them with weights that halve for every
 * `temperature` centipawns a line is worse than the best: the weaker, the hotter, so mistakes
 * are plausible moves that lose a little, more often at low ratings, never random ones.
 * The budget and temperature of a rating come from a scale of measured points (README
 * "Strength levels"), interpolated between them.
 */
#include "uci_internal.h"

#include "port/port.h"

/* The lines a rating chooses among (fewer on a board that keeps fewer). */
enum { LINES_CONSIDERED = MULTIPV_MAX < 4 ? MULTIPV_MAX : 4 };

/* A point of the scale: the rating the match against the anchors measured for a node budget of
 * 2^(nodes_log2_x8 / 8) and a temperature. Ascending; a rating between two points is played
 * by the budget and temperature in between (geometric for the nodes, linear for the rest). */
typedef struct StrengthPoint {
    int16_t elo;
    uint8_t nodes_log2_x8;
    uint16_t temperature; /* centipawns a line is worse for half the weight */
} StrengthPoint;

static FM_FLASH StrengthPoint strength_scale[] = {
    {730, 48, 400}, {913, 48, 150}, {1123, 50, 123}, {1203, 56, 60}, {1338, 62, 46}, {1610, 72, 20},
    {1738, 80, 17}, {2016, 95, 12}, {2365, 115, 9},  {2444, 131, 7}, {2555, 142, 5},
};
enum { SCALE_POINTS = sizeof strength_scale / sizeof strength_scale[0] };

/* 2^(k / 8) * 4096, k = 0..7 */
static FM_FLASH uint16_t eighth_powers[8] = {4096, 4467, 4871, 5312, 5793, 6317, 6889, 7512};

/* The rating the options ask for (Skill Level L < 20: 800 + 85 L), 0 for the full engine. */
static int uci_strength_elo(const UciOptions *o)
{
    if (o->limit_strength)
        return o->elo;
    if (o->skill_level >= SKILL_LEVEL_MAX)
        return 0;
    return ELO_MIN + o->skill_level * (ELO_MAX - ELO_MIN) / SKILL_LEVEL_MAX;
}

/* The budget and temperature a rating plays by. */
static void strength_of(int elo, uint64_t *nodes, int *temperature)
{
    int i = 0;
    while (i + 2 < SCALE_POINTS && strength_scale[i + 1].elo <= elo)
        i++;
    FM_FLASH StrengthPoint *lo = &strength_scale[i], *hi = &strength_scale[i + 1];
    int span = hi->elo - lo->elo, part = elo - lo->elo;
    if (part < 0)
        part = 0;
    if (part > span)
        part = span;
    /* In 32 bits: a span times a difference overflows a 16-bit int (AVR). */
    int x8 = (int)(lo->nodes_log2_x8 +
                   ((int32_t)(hi->nodes_log2_x8 - lo->nodes_log2_x8) * part + span / 2) / span);
    *nodes = ((uint64_t)eighth_powers[x8 % 8] << (x8 / 8)) >> 12;
    *temperature = (int)(lo->temperature +
                         ((int32_t)(hi->temperature - lo->temperature) * part - span / 2) / span);
    if (*temperature < 1)
        *temperature = 1;
}

void uci_strength_limit(const UciOptions *o, SearchLimits *limits)
{
    int elo = uci_strength_elo(o);
    if (elo == 0)
        return;
    uint64_t nodes;
    int temperature;
    strength_of(elo, &nodes, &temperature);
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
    int elo = uci_strength_elo(&e->options);
    const SearchDriver *d = game_search_driver(&e->search);
    if (elo == 0 || d->line_count < 2 || result->best == MOVE_NONE)
        return result->best;
    uint64_t nodes;
    int temperature;
    strength_of(elo, &nodes, &temperature);
    int best_score = d->lines[0].score;
    uint32_t weights[MULTIPV_MAX] = {0}, total = 0;
    int count = d->line_count < MULTIPV_MAX ? d->line_count : MULTIPV_MAX; /* (it is) */
    for (int k = 0; k < count; k++) {
        /* A line left from the previous iteration (a search stopped between lines) may score
         * above the first: it counts as no loss (a negative one shifted 1 by 32 or more). */
        int loss = best_score - d->lines[k].score;
        int halvings = loss > 0 ? loss / temperature : 0;
        weights[k] = d->lines[k].pv_length > 0 && halvings < 16 ? UINT32_C(1) << (16 - halvings)
                                                                : 0;
        total += weights[k];
    }
    e->random_state ^= port_time_ms() * 0x9e3779b97f4a7c15ULL ^ e->game->key(&e->position);
    if (e->random_state == 0)
        e->random_state = 1;
    if (total == 0)
        return result->best; /* no line with moves to draw from */
    uint32_t pick = (uint32_t)(next_random(&e->random_state) % total);
    int k = 0;
    while (k + 1 < count && pick >= weights[k]) { /* pick < total: the last line at most */
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
