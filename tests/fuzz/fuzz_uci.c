/*
 * Fuzz target: UCI command lines fed in sequence to one engine (engine_setup once per input,
 * then uci_execute per line, as uci_loop does until `quit`). Searches are kept tiny: every `go`
 * gets a node limit (its own if small, else one appended), `go perft` deeper than 2 is skipped
 * and at most a few searches run per input. The fuzz port has no console input, so `infinite`
 * and `ponder` end at the node limit and then see end of input, as a closed pipe would.
 *
 * `setoption name UCI_Variant value xiangqi` switches the checks below to Xiangqi; a first line
 * `ucci` to a UCCI session (Xiangqi in ICCS moves, lines read by ucci_parse).
 *
 * After every line: the engine's position is consistent and its FEN round-trips, the output is
 * printable ASCII lines, and the answer fits the command:
 *   position  accepted silently and equal to a replay of the FEN and moves, or refused with an
 *             info string and the previous position and game history left byte for byte;
 *   go        the position unchanged, about the node limit searched, every PV and the
 *             bestmove/ponder pair legal (and not banned), no "score mate 0", seldepth within
 *             MAX_PLY; UCCI's nobestmove only without a move to play;
 *   banmoves, probe (UCCI)  the position unchanged; silence or an info string, a pophash line;
 *   go perft  "Nodes searched" equal to perft();
 *   setoption Hash beyond the port's memory: an info string and the previous table kept;
 *   isready   readyok; malformed or unknown lines: an info string and nothing changed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flashmate/perft.h"
#include "flashmate/uci.h"
#include "fuzz_check.h"
#include "fuzz_port.h"

enum {
    LINES_MAX = 48,
    SEARCHES_MAX = 3,
    NODES_DEFAULT = 128,
    NODES_MAX = 512,
    PERFT_DEPTH_MAX = 2,
    ALLOC_LIMIT_MB = 2,
};

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The next word of s into word (at most size - 1 characters kept); returns the text after it. */
static const char *take_word(const char *s, char *word, size_t size)
{
    size_t n = 0;
    while (is_space(*s))
        s++;
    while (*s && !is_space(*s)) {
        if (n + 1 < size)
            word[n++] = *s;
        s++;
    }
    word[n] = '\0';
    return s;
}

/* A small valid book: two moves from the start position, two after 1.e4 (sorted by key). */
static uint8_t book_bytes[4 * 16];
static const uint8_t bad_book_bytes[20] = {1, 2, 3};

static void put_entry(uint8_t *p, uint64_t key, int from, int to, int weight)
{
    unsigned raw = (unsigned)(to | from << 6);
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(key >> (56 - 8 * i));
    p[8] = (uint8_t)(raw >> 8);
    p[9] = (uint8_t)raw;
    p[10] = (uint8_t)(weight >> 8);
    p[11] = (uint8_t)weight;
    memset(p + 12, 0, 4);
}

static void make_book(void)
{
    Position start, e4;
    pos_set_fen(&start, FEN_START, NULL);
    pos_set_fen(&e4, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", NULL);
    bool start_first = start.key < e4.key;
    uint8_t *a = book_bytes + (start_first ? 0 : 32), *b = book_bytes + (start_first ? 32 : 0);
    put_entry(a, start.key, 12, 28, 3);      /* e2e4 */
    put_entry(a + 16, start.key, 11, 27, 1); /* d2d4 */
    put_entry(b, e4.key, 52, 36, 2);         /* e7e5 */
    put_entry(b + 16, e4.key, 50, 34, 1);    /* c7c5 */
}

/* Every output line is printable ASCII and ends with '\n'. */
static void check_output_text(const char *out)
{
    size_t n = strlen(out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)out[i];
        FUZZ_CHECK(c == '\n' || (c >= 0x20 && c < 0x7f), "output byte 0x%02x at %zu", c, i);
    }
    FUZZ_CHECK(n == 0 || out[n - 1] == '\n', "output does not end with a newline");
}

/* The last line of the output (without its '\n') into buf. */
static void last_line(const char *out, char *buf, size_t size)
{
    size_t n = strlen(out);
    if (n && out[n - 1] == '\n')
        n--;
    size_t start = n;
    while (start > 0 && out[start - 1] != '\n')
        start--;
    size_t length = n - start < size - 1 ? n - start : size - 1;
    memcpy(buf, out + start, length);
    buf[length] = '\0';
}

/* The engine's position in its game, for the checks that read moves off the output. */
typedef struct Board {
    const GameOps *game;
    GamePosition pos;
} Board;

static void board_of(const Engine *e, Board *b)
{
    b->game = e->game;
    b->pos = e->position;
}

/* Play `text` (one UCI move) if it is legal; returns false otherwise. */
static bool board_play(Board *b, const char *text)
{
    Move m = b->game->parse_move(&b->pos, text);
    if (m == MOVE_NONE)
        return false;
    b->game->do_move(&b->pos, m);
    return true;
}

/* Set the board of its game from a FEN ("" for the start position). */
static bool board_set_fen(Board *b, const char *fen)
{
    return b->game->set_fen(&b->pos, fen[0] ? fen : b->game->start_fen, NULL);
}

static uint64_t board_key(const Board *b) { return b->game->key(&b->pos); }

/* The two boards (of one game) hold equal positions. */
static bool board_equal(const Board *a, const Board *b)
{
#ifdef FLASHMATE_XIANGQI
    if (games_find(a->game->name) == &xiangqi_game) /* either of its tables (UCI, UCCI) */
        return fuzz_xq_equal(&a->pos.xiangqi, &b->pos.xiangqi);
#endif
    return fuzz_pos_equal(&a->pos.chess, &b->pos.chess);
}

/* The position is consistent and its FEN round-trips. */
static void board_check_fen_round_trip(const Board *b)
{
#ifdef FLASHMATE_XIANGQI
    if (games_find(b->game->name) == &xiangqi_game) {
        fuzz_check_xq_fen_round_trip(&b->pos.xiangqi);
        return;
    }
#endif
    fuzz_check_fen_round_trip(&b->pos.chess);
}

static int board_legal_count(const Board *b)
{
    MoveList list;
    return b->game->legal_moves(&b->pos, &list);
}

/* Every "info ... pv ..." line: a legal line from the root; no "score mate 0"; depths sane. */
static void check_info_lines(const char *out, const Board *root, bool ucci)
{
    const char *line = out;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        char buf[4096], word[32];
        if (length >= sizeof buf)
            length = sizeof buf - 1;
        memcpy(buf, line, length);
        buf[length] = '\0';
        if (starts_with(buf, "info depth ")) {
            int depth = -1, seldepth = -1;
            const char *s = buf;
            Board pos = *root;
            for (;;) {
                s = take_word(s, word, sizeof word);
                if (!word[0])
                    break;
                if (strcmp(word, "pv") == 0) {
                    for (s = take_word(s, word, sizeof word); word[0];
                         s = take_word(s, word, sizeof word))
                        FUZZ_CHECK(board_play(&pos, word), "illegal PV move %s in \"%s\"", word,
                                   buf);
                    break;
                }
                char value[32];
                if (strcmp(word, "depth") == 0 || strcmp(word, "seldepth") == 0 ||
                    strcmp(word, "mate") == 0) {
                    s = take_word(s, value, sizeof value);
                    if (strcmp(word, "depth") == 0)
                        depth = atoi(value);
                    else if (strcmp(word, "seldepth") == 0)
                        seldepth = atoi(value);
                    else
                        FUZZ_CHECK(atoi(value) != 0, "score mate 0 in \"%s\"", buf);
                }
            }
            FUZZ_CHECK(depth >= 1 && depth <= MAX_PLY, "depth %d in \"%s\"", depth, buf);
            FUZZ_CHECK((ucci && seldepth == -1) || (seldepth >= 0 && seldepth <= MAX_PLY),
                       "seldepth %d in \"%s\"", seldepth, buf);
        }
        line += length + (end ? 1 : 0);
    }
}

/* The move of the last line, legal and not banned; UCCI's nobestmove only when every legal
 * move is banned or there is none. */
/* The deepest iteration the info lines of a search report (0 without one). */
static int deepest_info(const char *out)
{
    int deepest = 0;
    for (const char *p = out; (p = strstr(p, "info depth ")) != NULL; p += 11) {
        int depth = atoi(p + 11);
        if (depth > deepest)
            deepest = depth;
    }
    return deepest;
}

static void check_bestmove(const Engine *e, const char *out, const Board *board)
{
    char line[128], word[32];
    last_line(out, line, sizeof line);
    if (e->ucci && strcmp(line, "nobestmove") == 0) {
        FUZZ_CHECK(board_legal_count(board) == 0 || e->banned_count > 0,
                   "nobestmove with legal moves and no bans");
        return;
    }
    FUZZ_CHECK(starts_with(line, "bestmove "), "go ended with \"%s\"", line);
    FUZZ_CHECK(board_legal_count(board) > 0 || !e->ucci, "bestmove without a legal move in UCCI");
    const char *s = take_word(line + 9, word, sizeof word);
    Board after = *board;
    if (board_legal_count(board) == 0) {
        FUZZ_CHECK(strcmp(word, "0000") == 0, "bestmove %s without legal moves", word);
        return;
    }
    Move best = board->game->parse_move(&board->pos, word);
    for (int i = 0; i < e->banned_count; i++)
        FUZZ_CHECK(best != e->banned[i], "bestmove %s is banned", word);
    FUZZ_CHECK(board_play(&after, word), "bestmove %s is not legal", word);
    s = take_word(s, word, sizeof word);
    if (strcmp(word, "ponder") == 0) {
        s = take_word(s, word, sizeof word);
        FUZZ_CHECK(board_play(&after, word), "ponder move %s is not legal", word);
        s = take_word(s, word, sizeof word);
    }
    if (word[0])
        FUZZ_CHECK(e->ucci && strcmp(word, "draw") == 0, "unexpected \"%s\" after bestmove", word);
}

/* The reference for an accepted `position`: the FEN and the moves replayed here, in the
 * engine's variant. */
static void check_position_accepted(const Engine *e, const UciCommand *cmd)
{
    Board board, engine;
    uint64_t keys[GAME_HISTORY_MAX];
    int moves = 0;
    char word[16];
    board_of(e, &engine);
    board = engine;
    FUZZ_CHECK(board_set_fen(&board, cmd->fen), "accepted a bad FEN");
    const char *s = cmd->moves ? cmd->moves : "";
    for (s = take_word(s, word, sizeof word); word[0]; s = take_word(s, word, sizeof word)) {
        keys[moves % GAME_HISTORY_MAX] = board_key(&board);
        FUZZ_CHECK(board_play(&board, word), "accepted the illegal move %s", word);
        moves++;
    }
    FUZZ_CHECK(board_equal(&engine, &board), "position differs from the replay");
    int kept = moves < GAME_HISTORY_MAX ? moves : GAME_HISTORY_MAX;
    FUZZ_CHECK(e->game_key_count == kept, "%d game keys for %d moves", e->game_key_count, moves);
    for (int i = 0; i < kept; i++)
        FUZZ_CHECK(e->game_keys[i] == keys[(moves - kept + i) % GAME_HISTORY_MAX],
                   "game key %d differs", i);
}

static bool name_is(const char *name, const char *expected)
{
    while (*name && *expected &&
           tolower((unsigned char)*name) == tolower((unsigned char)*expected)) {
        name++;
        expected++;
    }
    return *name == *expected;
}

/* UCI_Chess960 switched the rules of chess: the other table of the same game, chosen by the
 * value; the position carried over (the same FEN, the game history kept) or, with an info string,
 * a new game from the start position. */
static void check_chess960_switch(const Engine *e, const UciCommand *cmd, const Board *before,
                                  const Board *after, const char *out)
{
    bool on = name_is(cmd->value, "true");
    char fen_before[GAME_FEN_MAX], fen_after[GAME_FEN_MAX];
    FUZZ_CHECK(on || name_is(cmd->value, "false"), "UCI_Chess960 %s switched the rules",
               cmd->value);
    FUZZ_CHECK(e->options.chess960 == on, "UCI_Chess960 %s not recorded", cmd->value);
    FUZZ_CHECK(e->game == (on ? before->game->chess960 : games_find(before->game->name)),
               "UCI_Chess960 %s chose the wrong rules", cmd->value);
    FUZZ_CHECK(after->pos.chess.chess960 == on, "UCI_Chess960 %s: the position has other rules",
               cmd->value);
    before->game->get_fen(&before->pos, fen_before);
    after->game->get_fen(&after->pos, fen_after);
    if (out[0]) {
        Board start;
        start.game = e->game;
        board_set_fen(&start, "");
        FUZZ_CHECK(starts_with(out, "info string UCI_Chess960"), "UCI_Chess960 said \"%s\"", out);
        FUZZ_CHECK(e->game_key_count == 0 && board_equal(after, &start),
                   "UCI_Chess960 dropped the position but did not start a new game");
        FUZZ_CHECK(!after->game->set_fen(&start.pos, fen_before, NULL),
                   "UCI_Chess960 dropped a position that reads under the new rules");
    } else {
        FUZZ_CHECK(strcmp(fen_before, fen_after) == 0, "UCI_Chess960 changed the position");
    }
}

static void run_line(Engine *e, const char *line, const UciCommand *cmd)
{
    static Board before, after;
    static uint64_t keys_before[GAME_HISTORY_MAX];
    int key_count_before = e->game_key_count;
    void *table_before = e->tt_memory;
    int hash_before = e->options.hash_mb;
    memcpy(keys_before, e->game_keys, sizeof keys_before);
    board_of(e, &before);
    fuzz_port_clear_output();
    fuzz_set_context("UCI line", line);

    uci_execute(e, line);

    const char *out = fuzz_port_output();
    board_of(e, &after);
    bool kept = before.game == after.game && board_equal(&before, &after) &&
                key_count_before == e->game_key_count &&
                memcmp(keys_before, e->game_keys, sizeof keys_before) == 0;
    board_check_fen_round_trip(&after);
    const uint64_t nodes = ((const SearchDriver *)&e->search)->nodes;
    if (fuzz_port_output_overflowed())
        return;
    check_output_text(out);

    switch (cmd->type) {
    case UCI_POSITION:
        if (out[0]) {
            FUZZ_CHECK(starts_with(out, "info string position ignored: "), "position said \"%s\"",
                       out);
            FUZZ_CHECK(kept, "a refused position command changed the position or game history");
        } else {
            check_position_accepted(e, cmd);
        }
        break;
    case UCI_GO:
        FUZZ_CHECK(kept, "go changed the position or game history");
        if (cmd->perft_depth >= 0) {
            char expected[64];
            Board b = before;
            uint64_t total = b.game->perft(&b.pos, cmd->perft_depth);
            snprintf(expected, sizeof expected, "\nNodes searched: %llu\n\n",
                     (unsigned long long)total);
            FUZZ_CHECK(strstr(out, expected) != NULL, "go perft %d: wrong total in \"%s\"",
                       cmd->perft_depth, out);
            break;
        }
        check_bestmove(e, out, &before);
        check_info_lines(out, &before, e->ucci);
        /* A stopped search still enters (and counts) a re-search or two on each ply as it
         * unwinds, so the limit can be passed by a few nodes, never by more than that; but the
         * first iteration always finishes (every line of it), whatever the budget. */
        if (!strstr(out, "info string book move") &&
            !strstr(out, "info string banmoves: every legal move is banned"))
            FUZZ_CHECK(nodes <= cmd->limits.nodes + 2 * MAX_PLY || deepest_info(out) <= 1,
                       "searched %llu nodes, limit %llu, past the first iteration",
                       (unsigned long long)nodes, (unsigned long long)cmd->limits.nodes);
        break;
    case UCI_SETOPTION:
        if (name_is(cmd->name, "UCI_Variant") && !out[0]) {
            /* A new game of the chosen variant from its start position. */
            Board start;
            start.game = e->game;
            board_set_fen(&start, "");
            FUZZ_CHECK(e->game_key_count == 0 && board_equal(&after, &start),
                       "UCI_Variant did not start a new game");
            FUZZ_CHECK(name_is(cmd->value, e->game->name), "UCI_Variant %s chose variant %s",
                       cmd->value, e->game->name);
            break;
        }
        if (name_is(cmd->name, "UCI_Chess960") && e->game != before.game) {
            check_chess960_switch(e, cmd, &before, &after, out);
            break;
        }
        FUZZ_CHECK(kept, "setoption changed the position");
        if (name_is(cmd->name, "Hash") || (e->ucci && name_is(cmd->name, "hashsize"))) {
            long mb = strtol(cmd->value, NULL, 10);
            bool refused = strstr(out, "not enough memory") != NULL;
            if (refused || out[0])
                FUZZ_CHECK(e->tt_memory == table_before && e->options.hash_mb == hash_before &&
                               (void *)e->tt.buckets == table_before,
                           "a refused Hash size changed the table");
            if (!out[0])
                FUZZ_CHECK(e->options.hash_mb == mb && mb <= ALLOC_LIMIT_MB, "Hash %ld accepted",
                           mb);
            else
                FUZZ_CHECK(starts_with(out, "info string "), "Hash answered \"%s\"", out);
        }
        break;
    case UCI_ISREADY:
        FUZZ_CHECK(strcmp(out, "readyok\n") == 0, "isready answered \"%s\"", out);
        break;
    case UCI_UCI:
        FUZZ_CHECK(starts_with(out, "id name ") && strstr(out, "\nuciok\n"), "uci answered \"%s\"",
                   out);
        break;
    case UCI_UCCI:
        /* The handshake (a first ucci starts from Xiangqi's start position), or refused. */
        if (e->ucci)
            FUZZ_CHECK(starts_with(out, "id name ") && strstr(out, "\nucciok\n") &&
                           e->game == e->game->ucci,
                       "ucci answered \"%s\"", out);
        else
            FUZZ_CHECK(starts_with(out, "info string ") && kept, "a late ucci answered \"%s\"",
                       out);
        break;
    case UCI_BANMOVES:
        FUZZ_CHECK(kept && (!out[0] || starts_with(out, "info string banmoves ignored")),
                   "banmoves answered \"%s\"", out);
        break;
    case UCI_PROBE:
        FUZZ_CHECK(kept && (starts_with(out, "pophash") || starts_with(out, "info string ")),
                   "probe answered \"%s\"", out);
        break;
    case UCI_EMPTY:
    case UCI_STOP:
    case UCI_PONDERHIT: FUZZ_CHECK(!out[0] && kept, "an idle command answered \"%s\"", out); break;
    case UCI_QUIT: FUZZ_CHECK(e->quit && kept, "quit did not set quit"); break;
    case UCI_MALFORMED:
    case UCI_UNKNOWN:
        FUZZ_CHECK(starts_with(out, "info string ") && kept, "bad line answered \"%s\"", out);
        break;
    default: FUZZ_CHECK(kept, "%s changed the position", line); break;
    }
}

/* A `go` line made safe to run: with a node limit of at most NODES_MAX. Returns false if the
 * line must be skipped (a deep perft, or a limit that cannot be imposed). */
static bool bound_go(const Engine *e, const char *line, char *out, size_t size, UciCommand *cmd)
{
    engine_parse(e, line, cmd);
    if (cmd->type != UCI_GO)
        return snprintf(out, size, "%s", line) < (int)size;
    if (cmd->perft_depth >= 0)
        return cmd->perft_depth <= PERFT_DEPTH_MAX && snprintf(out, size, "%s", line) < (int)size;
    bool small = cmd->limits.nodes >= 1 && cmd->limits.nodes <= NODES_MAX;
    int length = small ? snprintf(out, size, "%s", line)
                       : snprintf(out, size, "%s nodes %d", line, NODES_DEFAULT);
    if (length < 0 || (size_t)length >= size)
        return false;
    engine_parse(e, out, cmd);
    return cmd->type == UCI_MALFORMED || (cmd->type == UCI_GO && cmd->perft_depth < 0 &&
                                          cmd->limits.nodes >= 1 && cmd->limits.nodes <= NODES_MAX);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Engine *engine;
    static UciCommand cmd;
    char *lines[LINES_MAX];
    int searches = 0;
    if (!engine) {
        engine = malloc(sizeof *engine);
        if (!engine)
            abort();
        make_book();
    }
    fuzz_port_reset();
    fuzz_port_set_alloc_limit((size_t)ALLOC_LIMIT_MB << 20);
    fuzz_port_add_file("book.bin", book_bytes, sizeof book_bytes);
    fuzz_port_add_file("bad.bin", bad_book_bytes, sizeof bad_book_bytes);
    FUZZ_CHECK(engine_setup(engine, 1), "engine_setup failed with 1 MB");

    char *text = fuzz_text(data, size);
    int count = fuzz_split_lines(text, lines, LINES_MAX);
    for (int i = 0; i < count && !engine->quit; i++) {
        size_t room = strlen(lines[i]) + 32;
        char *line = malloc(room);
        if (!line)
            abort();
        if (bound_go(engine, lines[i], line, room, &cmd) &&
            !(cmd.type == UCI_GO && cmd.perft_depth < 0 && ++searches > SEARCHES_MAX))
            run_line(engine, line, &cmd);
        free(line);
    }
    free(text);
    engine_release(engine);
    FUZZ_CHECK(fuzz_port_live_allocations() == 0 && fuzz_port_open_files() == 0,
               "engine_release left %d blocks and %d files", fuzz_port_live_allocations(),
               fuzz_port_open_files());
    return 0;
}
