/*
 * Host entry point: subcommands (tables, perft, perft-suite, bench-perft, ...). Without
 * arguments flashmate is a UCI engine.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "chess/tables.h"
#include "flashmate/games.h"
#include "flashmate/uci.h"
#include "port/port.h"
#ifdef FLASHMATE_XIANGQI
#include "xiangqi/tables.h"
#endif

static int usage(void)
{
    fputs("usage: flashmate                 UCI engine on stdin/stdout\n"
          "       flashmate tables          list the compiled tables and their bytes\n"
          "       flashmate perft [--variant chess|xiangqi] [--chess960] DEPTH [FEN]\n"
          "       flashmate perft-suite [--variant chess|xiangqi] [--chess960] FILE.epd\n"
          "                 [--depth-limit D]\n"
          "       flashmate bench-perft\n"
          "       flashmate bench [DEPTH]\n",
          stderr);
    return 2;
}

static uint64_t print_table_group(const char *title, const TableInfo *tables)
{
    uint64_t total = 0;
    printf("%s\n", title);
    for (const TableInfo *t = tables; t->name; t++) {
        printf("  %-24s %9" PRIu32 " entries %9" PRIu32 " bytes\n", t->name, t->entries, t->bytes);
        total += t->bytes;
    }
    return total;
}

static int command_tables(void)
{
    char title[80];
    uint64_t total = print_table_group("chess (common)", chess_common_tables);
    snprintf(title, sizeof title, "chess sliders, layout %s", chess_layout_name);
    total += print_table_group(title, chess_layout_tables);
#ifdef FLASHMATE_XIANGQI
    total += print_table_group("xiangqi", xiangqi_tables);
#endif
    printf("total %" PRIu64 " bytes (%.1f KiB)\n", total, (double)total / 1024.0);
    return 0;
}

/* Parse a depth argument 0..PERFT_MAX_DEPTH. */
static bool parse_depth(const char *text, int *depth)
{
    char *end;
    long value = strtol(text, &end, 10);
    if (end == text || *end || value < 0 || value > PERFT_MAX_DEPTH)
        return false;
    *depth = (int)value;
    return true;
}

/* Join argv[first..argc-1] with spaces into buf. */
static void join_args(int argc, char **argv, int first, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = first; i < argc; i++) {
        if (i > first)
            strncat(buf, " ", size - strlen(buf) - 1);
        strncat(buf, argv[i], size - strlen(buf) - 1);
    }
}

/* Take `--variant NAME` out of argv[2..] (chess is the default). NULL after a message if the
 * variant is unknown or not built. */
static const GameOps *take_variant(int *argc, char **argv)
{
    for (int i = 2; i < *argc; i++) {
        if (strcmp(argv[i], "--variant") != 0)
            continue;
        const char *name = i + 1 < *argc ? argv[i + 1] : "";
        const GameOps *game = games_find(name);
        if (!game) {
            fprintf(stderr, "flashmate: unknown variant '%s' (this build has:", name);
            for (int g = 0; games[g]; g++)
                fprintf(stderr, "%s %s", g ? "," : "", games[g]->name);
            fprintf(stderr, ")\n");
            return NULL;
        }
        int removed = i + 1 < *argc ? 2 : 1;
        for (int j = i; j + removed <= *argc; j++)
            argv[j] = argv[j + removed]; /* argv[argc] is NULL */
        *argc -= removed;
        return game;
    }
    return games[0];
}

/* Take `--variant NAME` and `--chess960` (the variant under Chess960 rules) out of argv[2..]. */
static const GameOps *take_game(int *argc, char **argv)
{
    const GameOps *game = take_variant(argc, argv);
    for (int i = 2; game && i < *argc; i++) {
        if (strcmp(argv[i], "--chess960") != 0)
            continue;
        if (!game->chess960) {
            fprintf(stderr, "flashmate: %s has no Chess960 rules\n", game->name);
            return NULL;
        }
        for (int j = i; j < *argc; j++)
            argv[j] = argv[j + 1]; /* argv[argc] is NULL */
        (*argc)--;
        return game->chess960;
    }
    return game;
}

static void print_divide_line(Move move, uint64_t nodes, void *user)
{
    char text[GAME_MOVE_TEXT_MAX];
    const GameOps *game = user;
    game->move_text(move, text);
    printf("%s: %" PRIu64 "\n", text, nodes);
}

static int command_perft(int argc, char **argv)
{
    GamePosition pos;
    ParseError err;
    char fen[512];
    int depth;
    const GameOps *game = take_game(&argc, argv);
    if (!game)
        return 2;
    if (argc < 3 || !parse_depth(argv[2], &depth)) {
        fprintf(stderr, "flashmate: perft needs a depth from 0 to %d\n", PERFT_MAX_DEPTH);
        return 2;
    }
    join_args(argc, argv, 3, fen, sizeof fen);
    if (!game->set_fen(&pos, argc > 3 ? fen : game->start_fen, &err)) {
        fprintf(stderr, "flashmate: %s\n", err.message);
        return 2;
    }
    uint64_t nodes = game->perft_divide(&pos, depth, print_divide_line, (void *)game);
    printf("\nNodes searched: %" PRIu64 "\n", nodes);
    return 0;
}

static int command_perft_suite(int argc, char **argv)
{
    int depth_limit = PERFT_MAX_DEPTH;
    const char *path = NULL;
    const GameOps *game = take_game(&argc, argv);
    if (!game)
        return 2;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--depth-limit") == 0 && i + 1 < argc) {
            if (!parse_depth(argv[++i], &depth_limit)) {
                fprintf(stderr, "flashmate: --depth-limit needs a depth from 0 to %d\n",
                        PERFT_MAX_DEPTH);
                return 2;
            }
        } else if (!path && argv[i][0] != '-') {
            path = argv[i];
        } else {
            fprintf(stderr, "flashmate: perft-suite: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!path)
        return usage();
    FILE *file = fopen(path, "r");
    if (!file) {
        fprintf(stderr, "flashmate: cannot open %s\n", path);
        return 2;
    }
    char line[1024];
    int line_number = 0, positions = 0, failures = 0, errors = 0;
    uint64_t total_nodes = 0;
    uint64_t start = port_time_ms();
    while (fgets(line, sizeof line, file)) {
        GamePosition pos;
        int depths;
        uint64_t expected[PERFT_MAX_DEPTH + 1];
        ParseError err;
        line_number++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fprintf(stderr, "%s:%d: line too long\n", path, line_number);
            errors++;
            int c;
            while ((c = fgetc(file)) != EOF && c != '\n') {
            }
            continue;
        }
        int parsed = perft_parse_epd(line, game->set_fen, &pos, &depths, expected, &err);
        if (parsed == 0)
            continue;
        if (parsed < 0) {
            fprintf(stderr, "%s:%d: %s\n", path, line_number, err.message);
            errors++;
            continue;
        }
        positions++;
        char fen[GAME_FEN_MAX];
        game->get_fen(&pos, fen);
        for (int d = 1; d <= depths && d <= depth_limit; d++) {
            uint64_t got = game->perft(&pos, d);
            total_nodes += got;
            if (got != expected[d]) {
                printf("MISMATCH %s:%d fen \"%s\" depth %d expected %" PRIu64 " got %" PRIu64 "\n",
                       path, line_number, fen, d, expected[d], got);
                failures++;
            }
        }
    }
    fclose(file);
    double seconds = (double)(port_time_ms() - start) / 1000.0;
    printf("positions %d, mismatches %d, bad lines %d, nodes %" PRIu64 ", %.2f s\n", positions,
           failures, errors, total_nodes, seconds);
    return failures || errors ? 1 : 0;
}

static int command_bench_perft(void)
{
    static const struct {
        const char *name, *fen;
        int depth;
    } cases[] = {
        {"startpos", FEN_START, 6},
        {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
        {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6},
    };
    uint64_t total_nodes = 0, total_ms = 0;
    printf("bench-perft: single thread, no hashing, layout %s\n", chess_layout_name);
    const GameOps *chess = games[0];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        GamePosition pos;
        chess->set_fen(&pos, cases[i].fen, NULL);
        uint64_t start = port_time_ms();
        uint64_t nodes = chess->perft(&pos, cases[i].depth);
        uint64_t ms = port_time_ms() - start;
        total_nodes += nodes;
        total_ms += ms;
        printf("%-10s depth %d  nodes %12" PRIu64 "  %7.3f s  %8.1f Mnps\n", cases[i].name,
               cases[i].depth, nodes, (double)ms / 1000.0,
               ms ? (double)nodes / (double)ms / 1000.0 : 0.0);
    }
    printf("total               nodes %12" PRIu64 "  %7.3f s  %8.1f Mnps\n", total_nodes,
           (double)total_ms / 1000.0,
           total_ms ? (double)total_nodes / (double)total_ms / 1000.0 : 0.0);
    return 0;
}

/* The engine state is large (line buffers, search tables): it lives on the heap. */
static Engine *engine_create(void)
{
    Engine *e = malloc(sizeof *e);
    if (!e || !engine_setup(e, 16)) {
        fprintf(stderr, "flashmate: out of memory\n");
        free(e);
        return NULL;
    }
    return e;
}

static int command_bench(int argc, char **argv)
{
    int depth = 13;
    if (argc > 2 && (!parse_depth(argv[2], &depth) || depth < 1)) {
        fprintf(stderr, "flashmate: bench needs a depth from 1 to %d\n", PERFT_MAX_DEPTH);
        return 2;
    }
    Engine *e = engine_create();
    if (!e)
        return 1;
    bench_run(e, depth);
    engine_release(e);
    free(e);
    return 0;
}

static int command_uci(void)
{
    Engine *e = engine_create();
    if (!e)
        return 1;
    int rc = uci_loop(e);
    engine_release(e);
    free(e);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return command_uci();
    if (strcmp(argv[1], "tables") == 0) {
        if (argc > 2) {
            /* One layout is compiled in; the README compares them all ("Slider layouts"). */
            fprintf(stderr,
                    "flashmate: tables takes no arguments ('%s'); it lists this build's layout, "
                    "the README compares every layout\n",
                    argv[2]);
            return 2;
        }
        return command_tables();
    }
    if (strcmp(argv[1], "perft") == 0)
        return command_perft(argc, argv);
    if (strcmp(argv[1], "perft-suite") == 0)
        return command_perft_suite(argc, argv);
    if (strcmp(argv[1], "bench-perft") == 0)
        return command_bench_perft();
    if (strcmp(argv[1], "bench") == 0)
        return command_bench(argc, argv);
    fprintf(stderr, "flashmate: unknown command '%s'\n", argv[1]);
    return usage();
}
