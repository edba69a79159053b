/*
 * flashmate-tune: the evaluations' tuner, by Texel's method. Self-play games give quiet
 * positions and the games' results; the weights of a game's eval_weights.h are fitted so that a
 * sigmoid of the evaluation predicts the results (least squares, by Adam), and the file is
 * written back. The game is chess, or Xiangqi with `--variant xiangqi` anywhere on the command
 * line (src/app/tune_eval.h: what the tuner needs of a game).
 * https://www.chessprogramming.org/Texel%27s_Tuning_Method
 *
 *   flashmate-tune play --openings FILE.epd --games N [--first G] [--nodes N]
 *                       [--random-plies R] [--seed S] --out DATA
 *   flashmate-tune fit [--epochs N] [--rate R] [--score-weight W] [--fit-score-scale]
 *                      [--regularize L] [--out FILE.h] DATA...
 *   flashmate-tune weights
 *
 * `play` plays games G .. G + N - 1 (game g: opening g modulo the file's count, then R random
 * legal plies, both drawn from the seed and g, so two runs of consecutive game ranges make the
 * same data as one; a game whose first search scores beyond ±300 cp is dropped); each move
 * searches about N nodes (±10 %). It writes every position whose side to move is not in check,
 * whose best move is quiet and whose score is no mate, as `FEN;RESULT;SCORE;GAME` (White's or
 * Red's result 1, 0.5 or 0, the search's score for that side, the game's number), after a `#`
 * line with its command. Games end by the rules, by agreement of both sides' scores (±1000 for
 * six plies: a win; within ±10 for twelve plies after ply 80: a draw) or at ply 400 (a draw).
 *
 * (Xiangqi's rules here: a side without a legal move loses, 60 moves without a capture draw,
 * and so, for self-play, does any threefold repetition.)
 *
 * `fit` checks first that the evaluation's counted terms reproduce it on every position, holds
 * out every tenth game, fits the sigmoid's scale K to the current weights, runs the epochs
 * and writes eval_weights.h with a banner: the data, K and the error before and after. The
 * target of a position is (1 - W) x its game's result + W x sigmoid(K x its search score): the
 * result alone (W = 0, Texel's) is a noisy label for one position, the search's score a biased
 * one. With --fit-score-scale the scores have a K of their own, fitted to the results as the
 * evaluation's is: for scores of another engine (tools/label_positions.py), whose centipawns are
 * not flashmate's. L adds L x (weight - its starting value)² to the error of each weight the
 * data uses.
 * `weights` writes the body of that file (everything after its banner) from the compiled
 * weights: a test compares it with the file.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/score.h"
#include "flashmate/games.h"
#include "flashmate/tt.h"
#include "tune_eval.h"

/* The game tuned (--variant). */
static const TunedGame *game = &chess_tuning;

int tuned_weight_count(const TunedGame *tuned)
{
    int n = 0;
    for (const TunedTable *t = tuned->tables; t->name; t++)
        n += t->count;
    return n;
}

int32_t tuned_trace_take(const TunedTable *tables, int16_t *times, const int32_t *weight, Color c,
                         int count)
{
    int first = 0;
    for (const TunedTable *t = tables; t->name; first += t->count, t++) {
        if (weight >= t->values && weight < t->values + t->count) {
            times[first + (weight - t->values)] += (int16_t)(c == WHITE ? count : -count);
            return count * *weight;
        }
    }
    fputs("flashmate-tune: WEIGHT() of a weight missing from tuned_tables\n", stderr);
    abort();
}

void tuned_terms_collect(const int16_t *times, int weights, EvalTerms *terms)
{
    if (weights > TRACE_WEIGHTS_MAX) {
        fputs("flashmate-tune: more weights than TRACE_WEIGHTS_MAX\n", stderr);
        abort();
    }
    terms->count = 0;
    for (int i = 0; i < weights; i++) {
        if (!times[i])
            continue;
        if (terms->count == TRACE_TERMS_MAX) {
            fputs("flashmate-tune: more weights than TRACE_TERMS_MAX in one position\n", stderr);
            abort();
        }
        terms->weight[terms->count] = (int16_t)i;
        terms->times[terms->count++] = times[i];
    }
}

/* ---------------------------------------------------------------------------------------------
 * Command line.
 */

static int usage(void)
{
    fputs("usage: flashmate-tune play --openings FILE.epd --games N [--first G] [--nodes N]\n"
          "                           [--random-plies R] [--seed S] --out DATA\n"
          "       flashmate-tune fit [--epochs N] [--rate R] [--score-weight W]\n"
          "                          [--fit-score-scale]\n"
          "                          [--regularize L] [--out FILE.h] DATA...\n"
          "       flashmate-tune weights\n"
          "each with --variant chess (the default) or --variant xiangqi\n",
          stderr);
    return 2;
}

/* `text` read whole as a decimal integer (`count`) or a real number (`real`): no sign of
 * overflow, no characters left over. */
static bool read_number(const char *text, long long *count, double *real)
{
    char *end;
    errno = 0;
    if (!text)
        return false;
    if (count)
        *count = strtoll(text, &end, 10);
    else
        *real = strtod(text, &end);
    return !errno && end != text && !*end;
}

/* An integer option's value in [low, high]; false (with a message) when it is not one. */
static bool parse_count(const char *option, const char *text, long long low, long long high,
                        long long *value)
{
    long long v;
    if (!read_number(text, &v, NULL) || v < low || v > high) {
        fprintf(stderr, "flashmate-tune: %s needs a number from %lld to %lld, not '%s'\n", option,
                low, high, text ? text : "");
        return false;
    }
    *value = v;
    return true;
}

/* A real option's value in [low, high], the same way. */
static bool parse_real(const char *option, const char *text, double low, double high, double *value)
{
    double v;
    if (!read_number(text, NULL, &v) || !(v >= low && v <= high)) {
        fprintf(stderr, "flashmate-tune: %s needs a number from %g to %g, not '%s'\n", option, low,
                high, text ? text : "");
        return false;
    }
    *value = v;
    return true;
}

/* ---------------------------------------------------------------------------------------------
 * Self-play.
 */

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

enum { OPENINGS_MAX = 100000, GAME_PLIES_MAX = 400, FEN_TEXT_MAX = GAME_FEN_MAX };

/* The openings of an EPD or FEN file: the first four fields of each line that is not empty. */
static char **read_openings(const char *path, int *count)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "flashmate-tune: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    char **fens = malloc(sizeof *fens * OPENINGS_MAX);
    char line[1024];
    int n = 0, line_number = 0;
    while (fens && n < OPENINGS_MAX && fgets(line, sizeof line, f)) {
        line_number++;
        char fields[4][96];
        if (line[0] == '#' ||
            sscanf(line, "%95s %95s %95s %95s", fields[0], fields[1], fields[2], fields[3]) != 4)
            continue;
        char fen[FEN_TEXT_MAX * 4];
        snprintf(fen, sizeof fen, "%s %s %s %s 0 1", fields[0], fields[1], fields[2], fields[3]);
        GamePosition pos;
        ParseError err;
        if (!game->ops->set_fen(&pos, fen, &err)) {
            fprintf(stderr, "flashmate-tune: %s:%d: not a position: %s\n", path, line_number, fen);
            continue;
        }
        size_t length = strlen(fen) + 1;
        if (!(fens[n] = malloc(length)))
            break;
        memcpy(fens[n++], fen, length);
    }
    fclose(f);
    if (fens && n == 0) {
        fprintf(stderr, "flashmate-tune: %s has no positions\n", path);
        free(fens);
        fens = NULL;
    }
    *count = n;
    return fens;
}

/* Has the position (keys[count]) occurred twice before since the last irreversible move? */
static bool threefold(const uint64_t *keys, int count, int halfmove_clock)
{
    int seen = 0;
    for (int i = count - 2; i >= 0 && i >= count - halfmove_clock; i -= 2)
        seen += keys[i] == keys[count];
    return seen >= 2;
}

typedef struct Sample {
    char fen[FEN_TEXT_MAX];
    int score; /* for White */
} Sample;

static GameSearch play_search;
static Sample game_samples[GAME_PLIES_MAX];
static uint64_t game_keys[GAME_PLIES_MAX + 64];

/* One game of self-play from `opening`; its samples into game_samples. Returns the first
 * side's result in half points (2, 1, 0) and the number of samples, or -1 when the random plies
 * ended it or left a side more than 300 cp down. */
static int play_game(TT *tt, const char *opening, int random_plies, long long nodes, uint64_t *rng,
                     int *sample_count)
{
    const GameOps *ops = game->ops;
    GamePosition pos;
    ParseError err;
    MoveList list;
    ops->set_fen(&pos, opening, &err);
    for (int i = 0; i < random_plies; i++) {
        if (ops->legal_moves(&pos, &list) == 0)
            return -1;
        ops->do_move(&pos, list.moves[splitmix(rng) % (uint64_t)list.count].move);
    }
    tt_clear(tt);
    ops->search_clear(&play_search);
    int keys = 0, winning = 0, level = 0, samples = 0;
    *sample_count = 0;
    for (int ply = 0; ply < GAME_PLIES_MAX; ply++) {
        bool first_to_move = ops->side_to_move(&pos) == WHITE;
        game_keys[keys] = ops->key(&pos);
        if (ops->legal_moves(&pos, &list) == 0) {
            int result = game->no_moves_result(&pos);
            *sample_count = samples;
            return first_to_move ? result : 2 - result;
        }
        if (game->drawn(&pos) || threefold(game_keys, keys, game->halfmove_clock(&pos)))
            break;
        SearchLimits limits;
        memset(&limits, 0, sizeof limits);
        limits.time_ms[WHITE] = limits.time_ms[BLACK] = -1;
        limits.nodes = (uint64_t)(nodes * (90 + (long long)(splitmix(rng) % 21)) / 100);
        tt_new_search(tt);
        SearchResult r = ops->search(&play_search, &pos, game_keys, keys, &limits, NULL);
        int first_score = first_to_move ? r.score : -r.score;
        if (ply == 0 && (first_score > 300 || first_score < -300))
            return -1; /* the random plies lost a side too much */
        bool mate = r.score >= VALUE_MATE_IN_MAX_PLY || r.score <= -VALUE_MATE_IN_MAX_PLY;
        if (!ops->in_check(&pos) && !mate && !game->noisy(&pos, r.best)) {
            ops->get_fen(&pos, game_samples[samples].fen);
            game_samples[samples++].score = first_score;
        }
        /* Adjudication: both sides agree on a won or a dead drawn position. */
        int side = first_score >= 1000 ? 1 : first_score <= -1000 ? -1 : 0;
        winning = side && side == (winning > 0) - (winning < 0) ? winning + side : side;
        if (winning >= 6 || winning <= -6) {
            *sample_count = samples;
            return winning > 0 ? 2 : 0;
        }
        level = ply >= 80 && first_score >= -10 && first_score <= 10 ? level + 1 : 0;
        if (level >= 12)
            break;
        keys++;
        ops->do_move(&pos, r.best);
    }
    *sample_count = samples;
    return 1;
}

static int command_play(int argc, char **argv)
{
    const char *openings_path = NULL, *out_path = NULL;
    long long game_count = 0, first = 0, nodes = 5000, random_plies = 4, seed = 1;
    for (int i = 2; i < argc; i += 2) { /* every option takes a value */
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (!strcmp(argv[i], "--openings"))
            openings_path = value;
        else if (!strcmp(argv[i], "--out"))
            out_path = value;
        else if (!strcmp(argv[i], "--games"))
            ok = parse_count("--games", value, 1, 100000000, &game_count);
        else if (!strcmp(argv[i], "--first"))
            ok = parse_count("--first", value, 0, 100000000, &first);
        else if (!strcmp(argv[i], "--nodes"))
            ok = parse_count("--nodes", value, 100, 100000000, &nodes);
        else if (!strcmp(argv[i], "--random-plies"))
            ok = parse_count("--random-plies", value, 0, 20, &random_plies);
        else if (!strcmp(argv[i], "--seed"))
            ok = parse_count("--seed", value, 0, INT64_MAX, &seed);
        else {
            fprintf(stderr, "flashmate-tune: unknown option %s\n", argv[i]);
            return usage();
        }
        if (!ok || !value)
            return value ? 2 : usage();
    }
    if (!openings_path || !out_path || game_count == 0) {
        fputs("flashmate-tune play: --openings, --games and --out are needed\n", stderr);
        return usage();
    }
    int opening_count = 0, status = 1;
    char **openings = read_openings(openings_path, &opening_count);
    size_t tt_bytes = (size_t)16 << 20;
    void *tt_memory = openings ? malloc(tt_bytes) : NULL;
    FILE *out = tt_memory ? fopen(out_path, "w") : NULL;
    TT tt;
    if (!openings) {
        goto done;
    } else if (!tt_memory || !tt_attach(&tt, tt_memory, tt_bytes)) {
        fputs("flashmate-tune: no memory for the transposition table\n", stderr);
        goto done;
    } else if (!out) {
        fprintf(stderr, "flashmate-tune: cannot write %s: %s\n", out_path, strerror(errno));
        goto done;
    }
    game_search_driver(&play_search)->tt = &tt;
    fprintf(out,
            "# flashmate-tune play%s%s --openings %s --games %lld --first %lld --nodes %lld "
            "--random-plies %lld --seed %lld\n",
            game == &chess_tuning ? "" : " --variant ",
            game == &chess_tuning ? "" : game->ops->name, openings_path, game_count, first, nodes,
            random_plies, seed);
    long long points[3] = {0, 0, 0}, written = 0;
    for (long long g = first; g < first + game_count; g++) {
        uint64_t rng = (uint64_t)seed * 0x2545f4914f6cdd1du ^ (uint64_t)g;
        splitmix(&rng);
        int samples, result = play_game(&tt, openings[g % opening_count], (int)random_plies, nodes,
                                        &rng, &samples);
        if (result < 0)
            continue;
        points[result]++;
        static const char *const results[3] = {"0", "0.5", "1"};
        for (int i = 0; i < samples; i++)
            fprintf(out, "%s;%s;%d;%lld\n", game_samples[i].fen, results[result],
                    game_samples[i].score, g);
        written += samples;
        if ((g - first + 1) % 100 == 0)
            fprintf(stderr, "game %lld: %lld positions; White %lld, draws %lld, Black %lld\n",
                    g + 1, written, points[2], points[1], points[0]);
    }
    int closed = fclose(out);
    out = NULL;
    if (closed != 0) {
        fprintf(stderr, "flashmate-tune: cannot write %s: %s\n", out_path, strerror(errno));
        goto done;
    }
    fprintf(stderr, "%lld games, %lld positions (White %lld, draws %lld, Black %lld) in %s\n",
            points[0] + points[1] + points[2], written, points[2], points[1], points[0], out_path);
    status = 0;
done:
    if (out)
        fclose(out);
    free(tt_memory);
    for (int i = 0; i < opening_count; i++)
        free(openings[i]);
    free(openings);
    return status;
}

/* ---------------------------------------------------------------------------------------------
 * The fit.
 */

typedef struct Position_terms {
    float result, score;      /* the game's result and the search's score, for White */
    float target;             /* what the fit aims the sigmoid of the evaluation at */
    float mg_share, eg_share; /* dE/d(mg sum) = phase / 24; dE/d(eg sum) = scale/64 (24-phase)/24 */
    int32_t first;            /* its terms in term_weight / term_times */
    int16_t count;
    bool held_out; /* of every tenth game: not trained on, its error tells the fit's quality */
} PositionTerms;

typedef struct DataSet {
    PositionTerms *positions;
    int16_t *term_weight, *term_times;
    long long count, capacity, terms, term_capacity;
    char headers[8][512]; /* the files' `#` lines */
    int header_count;
    int max_error; /* the largest |counted - evaluated| seen */
} DataSet;

static bool grow(void **array, long long *capacity, long long needed, size_t size)
{
    if (needed <= *capacity)
        return true;
    long long cap = *capacity ? *capacity : 1 << 16;
    while (cap < needed)
        cap *= 2;
    void *p = realloc(*array, (size_t)cap * size);
    if (!p)
        return false;
    *array = p;
    *capacity = cap;
    return true;
}

/* The compiled weights, packed, in weight order. */
static int32_t *current_weights(void)
{
    int32_t *values = malloc(sizeof *values * (size_t)tuned_weight_count(game)), *v = values;
    for (const TunedTable *t = game->tables; values && t->name; t++)
        for (int i = 0; i < t->count; i++)
            *v++ = t->values[i];
    return values;
}

/* Read `FEN;RESULT;SCORE;GAME` lines; a line that is not one is an error naming it. `weights`
 * are the compiled weights in weight order (current_weights()). */
static bool read_data(const char *path, const int32_t *weights, DataSet *data)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "flashmate-tune: cannot open %s: %s\n", path, strerror(errno));
        return false;
    }
    char line[512];
    long long line_number = 0;
    EvalTerms terms;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        line_number++;
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#') {
            if (data->header_count < 8)
                snprintf(data->headers[data->header_count++], sizeof data->headers[0], "%s",
                         line + 1);
            continue;
        }
        if (!line[0])
            continue;
        char *result_text = strchr(line, ';');
        char *end = NULL;
        double result = result_text ? strtod(result_text + 1, &end) : -1;
        long score = 0, game_number = -1;
        if (end && *end == ';')
            score = strtol(end + 1, &end, 10);
        if (end && *end == ';')
            game_number = strtol(end + 1, &end, 10);
        if (result_text)
            *result_text = 0;
        if (!result_text || (result != 0 && result != 0.5 && result != 1) || game_number < 0 ||
            *end || score < -VALUE_MATE || score > VALUE_MATE || !game->terms(line, &terms)) {
            fprintf(stderr,
                    "flashmate-tune: %s:%lld: not FEN;RESULT;SCORE;GAME (RESULT 1, 0.5 or 0)\n",
                    path, line_number);
            ok = false;
            break;
        }
        if (!grow((void **)&data->positions, &data->capacity, data->count + 1,
                  sizeof *data->positions) ||
            !grow((void **)&data->term_weight, &data->term_capacity, data->terms + terms.count,
                  sizeof *data->term_weight)) {
            fputs("flashmate-tune: out of memory\n", stderr);
            ok = false;
            break;
        }
        long long cap = data->term_capacity;
        void *times = realloc(data->term_times, (size_t)cap * sizeof *data->term_times);
        if (!times) {
            fputs("flashmate-tune: out of memory\n", stderr);
            ok = false;
            break;
        }
        data->term_times = times;
        PositionTerms *p = &data->positions[data->count++];
        p->result = (float)result;
        p->score = (float)score;
        p->held_out = game_number % 10 == 0;
        p->mg_share = (float)terms.phase / (float)game->phase_max;
        p->eg_share = (float)terms.scale / 64 * (float)(game->phase_max - terms.phase) /
                      (float)game->phase_max;
        p->first = (int32_t)data->terms;
        p->count = (int16_t)terms.count;
        memcpy(data->term_weight + data->terms, terms.weight, sizeof terms.weight[0] * terms.count);
        memcpy(data->term_times + data->terms, terms.times, sizeof terms.times[0] * terms.count);
        data->terms += terms.count;

        /* The counted terms must give the evaluation back (up to its two roundings). */
        double mg = 0, eg = 0;
        for (int i = 0; i < terms.count; i++) {
            int32_t w = weights[terms.weight[i]];
            mg += terms.times[i] * (double)score_mg(w);
            eg += terms.times[i] * (double)score_eg(w);
        }
        double counted = mg * p->mg_share + eg * p->eg_share;
        int error = (int)fabs(counted - terms.value);
        if (error > data->max_error)
            data->max_error = error;
        if (fabs(counted - terms.value) >= 2) {
            fprintf(stderr,
                    "flashmate-tune: %s:%lld: the counted terms give %.1f, the evaluation %d: a "
                    "weight is added without WEIGHT() or missing from tuned_tables\n",
                    path, line_number, counted, terms.value);
            ok = false;
        }
    }
    fclose(f);
    return ok;
}

static inline double sigmoid(double k, double value) { return 1 / (1 + pow(10, -k * value / 400)); }

/* Each position's value under the weights (mg[i], eg[i] of weight i). */
static void evaluate_all(const DataSet *data, const double *mg, const double *eg, double *values)
{
    for (long long n = 0; n < data->count; n++) {
        const PositionTerms *p = &data->positions[n];
        double m = 0, e = 0;
        for (int i = p->first; i < p->first + p->count; i++) {
            m += data->term_times[i] * mg[data->term_weight[i]];
            e += data->term_times[i] * eg[data->term_weight[i]];
        }
        values[n] = m * p->mg_share + e * p->eg_share;
    }
}

/* The mean squared error of the training positions or of the held out ones, against the
 * fit's target or (results) against the games' results. */
static double error_of(const DataSet *data, const double *values, double k, bool held_out,
                       bool results)
{
    double sum = 0;
    long long n_used = 0;
    for (long long n = 0; n < data->count; n++) {
        if (data->positions[n].held_out != held_out)
            continue;
        const PositionTerms *p = &data->positions[n];
        double d = (results ? p->result : p->target) - sigmoid(k, values[n]);
        sum += d * d;
        n_used++;
    }
    return n_used ? sum / (double)n_used : 0;
}

static double mean_error(const DataSet *data, const double *values, double k, bool held_out)
{
    return error_of(data, values, k, held_out, false);
}

/* The K by which the current values predict the results best (golden-section search on the
 * training error). */
static double fit_k(const DataSet *data, const double *values)
{
    double lo = 0.01, hi = 10.0, g = (sqrt(5.0) - 1) / 2; /* (another engine's scores too) */
    for (int i = 0; i < 60; i++) {
        double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        if (error_of(data, values, a, false, true) < error_of(data, values, b, false, true))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

static void write_score_list(FILE *out, const TunedTable *t, const int32_t *values)
{
    for (int i = 0; i < t->count; i++) {
        if (i % t->per_line == 0)
            fputs(i ? "\n    " : "    ", out);
        else
            fputc(' ', out);
        fprintf(out, "S(%d, %d),", score_mg(values[i]), score_eg(values[i]));
    }
    fputc('\n', out);
}

/* The body of eval_weights.h (everything after the banner) for `values` of every weight. */
static void write_weights_body(FILE *out, const int32_t *values)
{
    fprintf(out, "#ifndef %s\n#define %s\n\n#include \"%s\"\n\n/* clang-format off */\n",
            game->guard, game->guard, game == &chess_tuning ? "eval_score.h" : "engine/score.h");
    int width = game->board_width, height = game->board_height;
    for (const TunedTable *t = game->tables; t->name; values += t->count, t++) {
        switch (t->shape) {
        case TUNED_SCALAR:
            fprintf(out, "static const Score %s = S(%d, %d);", t->name, score_mg(values[0]),
                    score_eg(values[0]));
            fprintf(out, t->comment ? " /* %s */\n" : "\n", t->comment);
            break;
        case TUNED_LIST:
            if (t->comment)
                fprintf(out, "\n/* %s */\n", t->comment);
            fprintf(out, "static FM_FLASH Score %s[%s] = {\n", t->name, t->size);
            write_score_list(out, t, values);
            fputs("};\n", out);
            break;
        case TUNED_BOARDS:
            fprintf(out, "\n/* %s */\nstatic FM_FLASH Score %s[%s] = {\n", t->comment, t->name,
                    t->size);
            for (int board = 0; board < t->count / (width * height); board++) {
                fprintf(out, "    { /* %s */\n", game->board_names[board]);
                for (int rank = 0; rank < height; rank++) {
                    fputs("       ", out);
                    for (int file = 0; file < width; file++) {
                        int32_t v = values[(board * height + rank) * width + file];
                        fprintf(out, " S(%4d,%4d),", score_mg(v), score_eg(v));
                    }
                    fputc('\n', out);
                }
                fputs("    },\n", out);
            }
            fputs("};\n", out);
            break;
        }
    }
    fputs("/* clang-format on */\n\n#endif\n", out);
}

static int command_weights(void)
{
    int32_t *values = current_weights();
    if (!values)
        return 1;
    write_weights_body(stdout, values);
    free(values);
    return 0;
}

static int command_fit(int argc, char **argv)
{
    long long epochs = 1000;
    double rate = 0.5, score_weight = 0, regularize = 0;
    bool fit_score_scale = false;
    const char *out_path = NULL;
    DataSet data;
    memset(&data, 0, sizeof data);
    int files = 0;
    char file_list[1024] = "";
    for (int i = 2; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--epochs")) {
            if (!parse_count("--epochs", value, 0, 1000000, &epochs))
                return 2;
            i++;
        } else if (!strcmp(argv[i], "--rate")) {
            if (!parse_real("--rate", value, 1e-6, 1000, &rate))
                return 2;
            i++;
        } else if (!strcmp(argv[i], "--score-weight")) {
            if (!parse_real("--score-weight", value, 0, 1, &score_weight))
                return 2;
            i++;
        } else if (!strcmp(argv[i], "--fit-score-scale")) {
            fit_score_scale = true;
        } else if (!strcmp(argv[i], "--regularize")) {
            if (!parse_real("--regularize", value, 0, 1, &regularize))
                return 2;
            i++;
        } else if (!strcmp(argv[i], "--out")) {
            if (!value)
                return usage();
            out_path = argv[++i];
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "flashmate-tune: unknown option %s\n", argv[i]);
            return usage();
        } else {
            argv[files++] = argv[i]; /* the data files, read once the options are known */
        }
    }
    int status = 1;
    int32_t *packed = current_weights();
    if (!packed) {
        fputs("flashmate-tune: out of memory\n", stderr);
        goto free_data;
    }
    for (int f = 0; f < files; f++) {
        if (!read_data(argv[f], packed, &data))
            goto free_data;
        const char *base = strrchr(argv[f], '/');
        size_t used = strlen(file_list);
        snprintf(file_list + used, sizeof file_list - used, "%s%s", f ? ", " : "",
                 base ? base + 1 : argv[f]);
    }
    if (files == 0 || data.count < 10) {
        fputs("flashmate-tune fit: no data (give files of at least 10 positions)\n", stderr);
        status = usage();
        goto free_data;
    }
    int weights = tuned_weight_count(game);
    double *mg = calloc((size_t)weights, sizeof *mg), *eg = calloc((size_t)weights, sizeof *eg);
    double *grad_mg = calloc((size_t)weights, sizeof *mg), *grad_eg = calloc((size_t)weights, 8);
    double *m1 = calloc((size_t)weights * 2, sizeof *m1), *m2 = calloc((size_t)weights * 2, 8);
    double *values = calloc((size_t)data.count, sizeof *values);
    double *start_mg = calloc((size_t)weights, sizeof *mg), *start_eg = calloc((size_t)weights, 8);
    FILE *out = NULL;
    if (!mg || !eg || !grad_mg || !grad_eg || !m1 || !m2 || !values || !start_mg || !start_eg) {
        fputs("flashmate-tune: out of memory\n", stderr);
        goto done;
    }
    for (int i = 0; i < weights; i++) {
        mg[i] = score_mg(packed[i]);
        eg[i] = score_eg(packed[i]);
        start_mg[i] = mg[i];
        start_eg[i] = eg[i];
    }
    long long held = 0;
    for (long long n = 0; n < data.count; n++)
        held += data.positions[n].held_out;
    evaluate_all(&data, mg, eg, values);
    double score_k = 0;
    if (fit_score_scale) {
        for (long long n = 0; n < data.count; n++)
            values[n] = data.positions[n].score;
        score_k = fit_k(&data, values);
        evaluate_all(&data, mg, eg, values);
    }
    double k = fit_k(&data, values);
    if (!fit_score_scale)
        score_k = k;
    for (long long n = 0; n < data.count; n++) {
        PositionTerms *p = &data.positions[n];
        p->target = (float)((1 - score_weight) * p->result +
                            score_weight * sigmoid(score_k, p->score));
    }
    double results_before = error_of(&data, values, k, true, true);
    double train_before = mean_error(&data, values, k, false);
    double held_before = mean_error(&data, values, k, true);
    fprintf(stderr,
            "%lld positions (%lld held out), %d weights; counted terms within %d cp of the "
            "evaluation; K %.4f; error %.6f (held out %.6f, against results %.6f)\n",
            data.count, held, weights, data.max_error, k, train_before, held_before,
            results_before);
    if (fit_score_scale)
        fprintf(stderr, "the scores' K %.4f (fitted to the results)\n", score_k);

    /* Adam over the training positions; the gradient of the mean squared error. */
    const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    for (long long epoch = 1; epoch <= epochs; epoch++) {
        memset(grad_mg, 0, sizeof *grad_mg * (size_t)weights);
        memset(grad_eg, 0, sizeof *grad_eg * (size_t)weights);
        long long trained = 0;
        for (long long n = 0; n < data.count; n++) {
            if (data.positions[n].held_out)
                continue;
            const PositionTerms *p = &data.positions[n];
            double s = sigmoid(k, values[n]);
            double d = -2 * (p->target - s) * s * (1 - s) * log(10.0) * k / 400;
            for (int i = p->first; i < p->first + p->count; i++) {
                grad_mg[data.term_weight[i]] += d * data.term_times[i] * p->mg_share;
                grad_eg[data.term_weight[i]] += d * data.term_times[i] * p->eg_share;
            }
            trained++;
        }
        for (int i = 0; i < 2 * weights; i++) {
            double g = (i < weights ? grad_mg[i] : grad_eg[i - weights]) / (double)trained;
            double *w = i < weights ? &mg[i] : &eg[i - weights];
            if (g != 0) /* a weight the data uses: pulled towards where it started */
                g += 2 * regularize * (*w - (i < weights ? start_mg[i] : start_eg[i - weights]));
            m1[i] = beta1 * m1[i] + (1 - beta1) * g;
            m2[i] = beta2 * m2[i] + (1 - beta2) * g * g;
            double step = rate * (m1[i] / (1 - pow(beta1, (double)epoch))) /
                          (sqrt(m2[i] / (1 - pow(beta2, (double)epoch))) + epsilon);
            if (g != 0 || m1[i] != 0)
                *w -= step;
        }
        evaluate_all(&data, mg, eg, values);
        if (epoch % 100 == 0 || epoch == epochs)
            fprintf(stderr, "epoch %lld: error %.6f (held out %.6f, against results %.6f)\n", epoch,
                    mean_error(&data, values, k, false), mean_error(&data, values, k, true),
                    error_of(&data, values, k, true, true));
    }
    for (int i = 0; i < weights; i++) {
        long m = lround(mg[i]), e = lround(eg[i]);
        if (m < -20000 || m > 20000 || e < -20000 || e > 20000) {
            fprintf(stderr, "flashmate-tune: weight %d ran away (%ld, %ld); try a lower --rate\n",
                    i, m, e);
            goto done;
        }
        packed[i] = S((int)m, (int)e);
        mg[i] = (double)m;
        eg[i] = (double)e;
    }
    evaluate_all(&data, mg, eg, values);
    double train_after = mean_error(&data, values, k, false);
    double held_after = mean_error(&data, values, k, true);
    double results_after = error_of(&data, values, k, true, true);
    fprintf(stderr, "rounded: error %.6f (held out %.6f, against results %.6f)\n", train_after,
            held_after, results_after);

    out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) {
        fprintf(stderr, "flashmate-tune: cannot write %s: %s\n", out_path, strerror(errno));
        goto done;
    }
    fprintf(out,
            "/*\n * The %s\n * (midgame, endgame) pair S(mg, eg).\n *\n"
            " * Generated by flashmate-tune fit (src/app/tune.c); DO NOT EDIT: tune again.\n",
            game->about);
    fprintf(out, " *   data: %s, %lld positions (%lld held out)\n", file_list, data.count, held);
    for (int i = 0; i < data.header_count; i++)
        fprintf(out, " *   made by:%s\n", data.headers[i]);
    fprintf(out, " *   fit: %lld epochs of Adam at rate %g, regularization %g, K %.4f, target\n",
            epochs, rate, regularize, k);
    if (fit_score_scale)
        fprintf(out, " *        %g x result + %g x sigmoid(%.4f x score), the scores' K fitted;",
                1 - score_weight, score_weight, score_k);
    else
        fprintf(out, " *        %g x result + %g x sigmoid(K x search score);", 1 - score_weight,
                score_weight);
    fprintf(
        out,
        "\n *        mean squared error %.6f -> %.6f, held out (every tenth game) %.6f -> %.6f,\n"
        " *        against the held-out results alone %.6f -> %.6f\n */\n",
        train_before, train_after, held_before, held_after, results_before, results_after);
    write_weights_body(out, packed);
    status = 0;
    if (out != stdout && fclose(out) != 0) {
        fprintf(stderr, "flashmate-tune: cannot write %s: %s\n", out_path, strerror(errno));
        status = 1;
    }
    out = NULL;
done:
    if (out && out != stdout)
        fclose(out);
    free(mg), free(eg), free(grad_mg), free(grad_eg), free(m1), free(m2), free(values);
    free(start_mg), free(start_eg);
free_data:
    free(packed);
    free(data.positions), free(data.term_weight), free(data.term_times);
    return status;
}

int main(int argc, char **argv)
{
    /* --variant NAME, anywhere: taken out of the arguments. */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--variant"))
            continue;
        const char *name = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(name, "chess"))
            game = &chess_tuning;
#ifdef FLASHMATE_XIANGQI
        else if (!strcmp(name, "xiangqi"))
            game = &xiangqi_tuning;
#endif
        else {
            fprintf(stderr, "flashmate-tune: --variant needs chess or xiangqi, not '%s'\n", name);
            return 2;
        }
        memmove(argv + i, argv + i + 2, sizeof *argv * (size_t)(argc - i - 1)); /* and NULL */
        argc -= 2;
        break;
    }
    if (argc >= 2 && !strcmp(argv[1], "play"))
        return command_play(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "fit"))
        return command_fit(argc, argv);
    if (argc == 2 && !strcmp(argv[1], "weights"))
        return command_weights();
    return usage();
}
