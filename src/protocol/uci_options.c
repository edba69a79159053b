/*
 * UCI options: the `option` lines of `uci` and `setoption`. A value out of range or of the
 * wrong kind is reported with an info string and the option keeps its value. A UCCI session
 * has its own names for the options it shares (hashsize, threads, ponder), `newgame` and
 * `usemillisec`.
 */
#include "uci_internal.h"

#include <limits.h>
#include <string.h>

#include "engine/text.h"
#include "port/port.h"

#define TEXT_OF(x) #x
#define TEXT_OF_VALUE(x) TEXT_OF(x)
#define THREADS_MAX_TEXT TEXT_OF_VALUE(FLASHMATE_THREADS_MAX)

/* (A 16-bit int, on AVR, holds no 65536.) */
enum {
    HASH_MB_MIN = 1,
    HASH_MB_MAX = INT_MAX < 65536 ? INT_MAX : 65536,
    HASH_MB_DEFAULT = 16,
    OVERHEAD_MAX = 5000
};

/* A new table of `bytes` from the port; on failure the old table stays as it was. */
bool uci_resize_hash_bytes(Engine *e, size_t bytes)
{
    void *memory = port_alloc(bytes);
    if (!memory)
        return false;
    TT table;
    if (!tt_attach(&table, memory, bytes)) {
        port_free(memory);
        return false;
    }
    port_free(e->tt_memory);
    e->tt_memory = memory;
    e->tt_bytes = bytes;
    e->tt = table;
    e->options.hash_mb = (int)((uint64_t)bytes >> 20); /* size_t may be 16 bits (AVR) */
    return true;
}

bool uci_resize_hash(Engine *e, int mb)
{
    uint64_t bytes = (uint64_t)mb << 20;
    if (bytes > SIZE_MAX)
        return false; /* does not fit in size_t on this platform */
    return uci_resize_hash_bytes(e, (size_t)bytes);
}

/* Empty the table. Fresh memory from the port is already zero (and, on hosts, not yet touched),
 * which is much faster for a large table than writing zeros over the old one. */
void uci_clear_hash(Engine *e)
{
    if (!uci_resize_hash_bytes(e, e->tt_bytes))
        tt_clear(&e->tt);
}

/* "option name <name> type spin default <value> min <min> max <max>", or UCCI's
 * "option <name> type spin min <min> max <max> default <value>" */
static void say_spin(const FlashText *name, int value, int min, int max, bool ucci)
{
    char buf[128];
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, ucci ? FM_TEXT("option ") : FM_TEXT("option name "));
    text_add(&t, name);
    text_add(&t, FM_TEXT(" type spin "));
    if (!ucci) {
        text_add(&t, FM_TEXT("default "));
        text_add_int(&t, value);
        text_add_char(&t, ' ');
    }
    text_add(&t, FM_TEXT("min "));
    text_add_int(&t, min);
    text_add(&t, FM_TEXT(" max "));
    text_add_int(&t, max);
    if (ucci) {
        text_add(&t, FM_TEXT(" default "));
        text_add_int(&t, value);
    }
    uci_say(buf);
}

void uci_print_options(bool ucci)
{
    if (ucci) {
        uci_say(FM_TEXT("option usemillisec type check default false"));
        say_spin(FM_TEXT("hashsize"), HASH_MB_DEFAULT, HASH_MB_MIN, HASH_MB_MAX, true);
        say_spin(FM_TEXT("threads"), 1, 1, FLASHMATE_THREADS_MAX, true);
        uci_say(FM_TEXT("option ponder type check default false"));
        uci_say(FM_TEXT("option newgame type button"));
        return;
    }
    say_spin(FM_TEXT("Hash"), HASH_MB_DEFAULT, HASH_MB_MIN, HASH_MB_MAX, false);
    uci_say(FM_TEXT("option name Clear Hash type button"));
    say_spin(FM_TEXT("Threads"), 1, 1, FLASHMATE_THREADS_MAX, false);
    uci_say(FM_TEXT("option name Ponder type check default false"));
    say_spin(FM_TEXT("Move Overhead"), 30, 0, OVERHEAD_MAX, false);
    say_spin(FM_TEXT("MultiPV"), 1, 1, MULTIPV_MAX, false);
    uci_say(FM_TEXT("option name UCI_ShowWDL type check default false"));
    say_spin(FM_TEXT("Skill Level"), SKILL_LEVEL_MAX, 0, SKILL_LEVEL_MAX, false);
    uci_say(FM_TEXT("option name UCI_LimitStrength type check default false"));
    say_spin(FM_TEXT("UCI_Elo"), ELO_MAX, ELO_MIN, ELO_MAX, false);
    uci_say(FM_TEXT("option name OwnBook type check default false"));
    uci_say(FM_TEXT("option name BookFile type string default <empty>"));
    uci_say(FM_TEXT("option name UCI_Chess960 type check default false"));
    if (games[1]) {
        char buf[128];
        TextBuf t = text_buf(buf, sizeof buf);
        text_add(&t, FM_TEXT("option name UCI_Variant type combo default "));
        text_add(&t, games[0]->name);
        for (int i = 0; games[i]; i++) {
            text_add(&t, FM_TEXT(" var "));
            text_add(&t, games[i]->name);
        }
        uci_say(buf);
    }
}

/* Option names and values are case-insensitive in practice (GUIs differ). */
static bool option_is(const FlashText *name, const FlashText *expected)
{
    return text_equals_ignoring_case(name, expected);
}

static bool parse_spin(const char *value, int min, int max, int *out)
{
    int64_t v;
    if (!uci_parse_number(value, INT32_MIN, INT32_MAX, &v) || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

static bool parse_check(const char *value, bool *out)
{
    if (option_is(value, FM_TEXT("true")))
        *out = true;
    else if (option_is(value, FM_TEXT("false")))
        *out = false;
    else
        return false;
    return true;
}

static void open_book(Engine *e)
{
    const FlashText *why;
    book_close(&e->book);
    if (!e->options.own_book || !e->options.book_file[0])
        return;
    if (!book_open(&e->book, e->options.book_file, &why))
        uci_info_string(why, e->options.book_file);
}

/* A game under the castling rules UCI_Chess960 asks for (a game without Chess960 rules keeps
 * its own). */
static const GameOps *game_with_rules(const GameOps *game, bool chess960)
{
    if (chess960)
        return game->chess960 ? game->chess960 : game;
    return games_find(game->name);
}

/* UCI_Variant: a new game of the chosen variant from its start position. */
static void set_variant(Engine *e, const char *value)
{
    const GameOps *game = games_find(value);
    if (!game)
        uci_info_string(FM_TEXT("UCI_Variant: not a variant of this build"), value);
    else
        uci_set_game(e, game_with_rules(game, e->options.chess960));
}

/* UCI_Chess960: chess under Chess960 castling rules, or back. The position and its history are
 * kept if the position reads under the new rules (any position whose castling rights are
 * standard ones: the keys are the same under both); a Chess960 position with Chess960 rights
 * gives way to the start position. */
static void set_chess960(Engine *e, bool chess960)
{
    const GameOps *game = game_with_rules(e->game, chess960);
    GamePosition pos;
    char fen[GAME_FEN_MAX];
    e->options.chess960 = chess960;
    if (game == e->game)
        return;
    e->game->get_fen(&e->position, fen);
    int keys = e->game_key_count;
    bool kept = game->set_fen(&pos, fen, NULL);
    uci_set_game(e, game);
    if (kept) {
        e->position = pos;
        e->game_key_count = keys;
    } else {
        uci_info_string(
            FM_TEXT("UCI_Chess960: the position has Chess960 castling rights; start position"),
            NULL);
    }
}

void uci_set_game(Engine *e, const GameOps *game)
{
    SearchDriver *driver = game_search_driver(&e->search);
    e->game = game;
    e->game_key_count = 0;
    e->banned_count = 0;
    game->set_fen(&e->position, game->start_fen, NULL);
    driver->tt = &e->tt;
    driver->history_checks = e->game_checks;
    tt_clear(&e->tt);
    game->search_clear(&e->search);
    uci_helpers_clear(e);
}

void uci_new_game(Engine *e)
{
    uci_clear_hash(e);
    e->game->search_clear(&e->search);
    uci_helpers_clear(e);
}

static void set_option(Engine *e, const char *name, const char *value)
{
    int spin;
    bool check;
    if (option_is(name, FM_TEXT("Hash"))) {
        if (!parse_spin(value, HASH_MB_MIN, HASH_MB_MAX, &spin))
            uci_info_string(FM_TEXT("Hash needs a number of MB from 1 to 65536"), value);
        else if (!uci_resize_hash(e, spin))
            uci_info_string(
                FM_TEXT("not enough memory for that Hash size; keeping the previous table"), value);
    } else if (option_is(name, FM_TEXT("Clear Hash"))) {
        uci_clear_hash(e);
    } else if (option_is(name, FM_TEXT("Threads"))) {
        if (!parse_spin(value, 1, FLASHMATE_THREADS_MAX, &spin))
            uci_info_string(FM_TEXT("Threads needs a number from 1 to " THREADS_MAX_TEXT), value);
        else if (!uci_set_threads(e, spin))
            uci_info_string(
                FM_TEXT("not enough memory for that many threads; keeping the previous number"),
                value);
    } else if (option_is(name, FM_TEXT("Move Overhead"))) {
        if (!parse_spin(value, 0, OVERHEAD_MAX, &spin))
            uci_info_string(FM_TEXT("Move Overhead needs milliseconds from 0 to 5000"), value);
        else
            e->options.move_overhead_ms = spin;
    } else if (option_is(name, FM_TEXT("MultiPV"))) {
        if (!parse_spin(value, 1, MULTIPV_MAX, &spin))
            uci_info_string(
                FM_TEXT("MultiPV needs a number of lines from 1 to the build's maximum (see uci)"),
                value);
        else
            e->options.multipv = spin;
    } else if (option_is(name, FM_TEXT("Ponder"))) {
        if (!parse_check(value, &check))
            uci_info_string(FM_TEXT("Ponder needs true or false"), value);
        else
            e->options.ponder = check;
    } else if (option_is(name, FM_TEXT("UCI_ShowWDL"))) {
        if (!parse_check(value, &check))
            uci_info_string(FM_TEXT("UCI_ShowWDL needs true or false"), value);
        else
            e->options.show_wdl = check;
    } else if (option_is(name, FM_TEXT("Skill Level"))) {
        if (!parse_spin(value, 0, SKILL_LEVEL_MAX, &spin))
            uci_info_string(FM_TEXT("Skill Level needs a number from 0 to 20"), value);
        else
            e->options.skill_level = spin;
    } else if (option_is(name, FM_TEXT("UCI_LimitStrength"))) {
        if (!parse_check(value, &check))
            uci_info_string(FM_TEXT("UCI_LimitStrength needs true or false"), value);
        else
            e->options.limit_strength = check;
    } else if (option_is(name, FM_TEXT("UCI_Elo"))) {
        if (!parse_spin(value, ELO_MIN, ELO_MAX, &spin))
            uci_info_string(FM_TEXT("UCI_Elo needs a number from 800 to 2800"), value);
        else
            e->options.elo = spin;
    } else if (option_is(name, FM_TEXT("OwnBook"))) {
        if (!parse_check(value, &check))
            uci_info_string(FM_TEXT("OwnBook needs true or false"), value);
        else {
            e->options.own_book = check;
            open_book(e);
        }
    } else if (option_is(name, FM_TEXT("BookFile"))) {
        size_t n = strlen(value);
        if (n >= sizeof e->options.book_file) {
            uci_info_string(FM_TEXT("BookFile path too long"), value);
        } else {
            memcpy(e->options.book_file, value, n + 1);
            if (option_is(value, FM_TEXT("<empty>")))
                e->options.book_file[0] = '\0';
            open_book(e);
        }
    } else if (option_is(name, FM_TEXT("UCI_Variant"))) {
        set_variant(e, value);
    } else if (option_is(name, FM_TEXT("UCI_Chess960"))) {
        if (!parse_check(value, &check))
            uci_info_string(FM_TEXT("UCI_Chess960 needs true or false"), value);
        else
            set_chess960(e, check);
    } else {
        uci_info_string(FM_TEXT("unknown option"), name);
    }
}

/* UCCI's options: its names for UCI's (check values may also be on and off, as ElephantEye
 * reads them), newgame and usemillisec. */
static void set_ucci_option(Engine *e, const char *name, const char *value)
{
    static FM_FLASH struct {
        char ucci[9], uci[8];
    } shared[] = {{"hashsize", "Hash"}, {"threads", "Threads"}, {"ponder", "Ponder"}};
    /* The names and values handed on to set_option, which reads them as text in RAM. */
    char check_text[6], uci_name[sizeof shared[0].uci];
    const char *check = value;
    if (option_is(value, FM_TEXT("on")) || option_is(value, FM_TEXT("off"))) {
        TextBuf t = text_buf(check_text, sizeof check_text);
        text_add(&t, option_is(value, FM_TEXT("on")) ? FM_TEXT("true") : FM_TEXT("false"));
        check = check_text;
    }
    bool millisec;
    if (option_is(name, FM_TEXT("newgame"))) {
        uci_new_game(e);
    } else if (option_is(name, FM_TEXT("usemillisec"))) {
        if (!parse_check(check, &millisec))
            uci_info_string(FM_TEXT("usemillisec needs true or false"), value);
        else
            e->ucci_millisec = millisec;
    } else {
        for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++) {
            if (option_is(name, &shared[i].ucci[0])) {
                TextBuf t = text_buf(uci_name, sizeof uci_name);
                text_add(&t, &shared[i].uci[0]);
                set_option(e, uci_name, check);
                return;
            }
        }
        uci_info_string(FM_TEXT("unknown option"), name);
    }
}

void uci_set_option(Engine *e, const UciCommand *cmd)
{
    if (e->ucci)
        set_ucci_option(e, cmd->name, cmd->value);
    else
        set_option(e, cmd->name, cmd->value);
}
