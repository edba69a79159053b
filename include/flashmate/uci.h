/*
 * The UCI engine: a line becomes a UciCommand (pure parsing, no I/O), which the engine then
 * executes for the game UCI_Variant chose (through flashmate/game.h), writing its answers
 * through the port's console. A session whose first command is `ucci` speaks UCCI instead, the
 * Xiangqi protocol of ElephantEye: its lines become the same commands.
 * https://www.shredderchess.com/chess-features/uci-universal-chess-interface.html
 * https://www.xqbase.com/protocol/cchess_ucci.htm
 */
#ifndef FLASHMATE_UCI_H
#define FLASHMATE_UCI_H

#include <stdatomic.h>
#include <stddef.h>

#include "flashmate/book.h"
#include "flashmate/games.h"
#include "flashmate/tt.h"

/* Longest input line kept (longer ones are rejected with an info string). */
#ifndef FLASHMATE_UCI_LINE_MAX
#define FLASHMATE_UCI_LINE_MAX 65536
#endif
/* Longest setoption value kept (a book file's path on the host). */
#ifndef FLASHMATE_UCI_VALUE_MAX
#define FLASHMATE_UCI_VALUE_MAX 512
#endif
/* Lines other than isready/stop/ponderhit/quit that arrive during a search are run after it, up
 * to this many (a board may keep none: the others are dropped with an info string). */
#ifndef FLASHMATE_UCI_DEFERRED_MAX
#define FLASHMATE_UCI_DEFERRED_MAX 4
#endif
/* The most moves a UCCI `banmoves` keeps out of the next searches (a build without Xiangqi,
 * the one game of UCCI, keeps a token one). */
#ifndef FLASHMATE_UCCI_BANMOVES_MAX
#ifdef FLASHMATE_XIANGQI
#define FLASHMATE_UCCI_BANMOVES_MAX 64
#else
#define FLASHMATE_UCCI_BANMOVES_MAX 1
#endif
#endif

typedef enum {
    UCI_EMPTY,
    UCI_UCI,
    UCI_ISREADY,
    UCI_UCINEWGAME,
    UCI_SETOPTION,
    UCI_POSITION,
    UCI_GO,
    UCI_STOP,
    UCI_PONDERHIT,
    UCI_QUIT,
    UCI_DISPLAY,
    UCI_EVAL,
    UCI_UCCI,     /* `ucci`: as the first command, the session speaks UCCI */
    UCI_BANMOVES, /* UCCI: moves the next searches may not play */
    UCI_PROBE,    /* UCCI: what the transposition table holds for a position */
    UCI_UNKNOWN,
    UCI_MALFORMED,
} UciCommandType;

typedef struct UciCommand {
    UciCommandType type;
    char error[128]; /* reason, for UCI_MALFORMED; for UCI_GO a skipped parameter */
    /* setoption */
    char name[64], value[FLASHMATE_UCI_VALUE_MAX];
    /* position, probe: fen[0] == 0 means startpos; moves points into the parsed line (NULL: none);
     * banmoves: moves */
    char fen[128];
    const char *moves;
    /* go */
    SearchLimits limits;
    bool relative_clock;     /* UCCI: time_ms and inc_ms [WHITE] are the side to move's, [BLACK]
                          * its opponent's */
    bool draw;               /* UCCI `go draw`: the opponent offers a draw */
    const char *searchmoves; /* text after "searchmoves", up to the next keyword */
    int perft_depth;         /* go perft N: N, else -1 */
} UciCommand;

/* Parse one line. Never fails hard: bad input gives UCI_UNKNOWN or UCI_MALFORMED. */
void uci_parse(const char *line, UciCommand *cmd);
/* The command a line holds, by its first word only (UCI_EMPTY, UCI_UNKNOWN or the command). */
UciCommandType uci_command_type(const char *line);
/* The same for UCCI. Clock values are seconds, or milliseconds when `millisec` (the option
 * usemillisec) is set. */
void ucci_parse(const char *line, bool millisec, UciCommand *cmd);
UciCommandType ucci_command_type(const char *line);

enum { SKILL_LEVEL_MAX = 20, ELO_MIN = 800, ELO_MAX = 2500 };

typedef struct UciOptions {
    int hash_mb;
    int threads;
    int move_overhead_ms;
    int multipv; /* principal variations a search reports (UCI MultiPV) */
    bool own_book, ponder;
    bool show_wdl;       /* UCI_ShowWDL: win/draw/loss chances in the info lines */
    bool chess960;       /* UCI_Chess960: chess under Chess960 castling rules */
    int skill_level;     /* Skill Level, 0 .. SKILL_LEVEL_MAX (the full engine) */
    bool limit_strength; /* UCI_LimitStrength: play at UCI_Elo instead */
    int elo;             /* UCI_Elo, ELO_MIN .. ELO_MAX */
    char book_file[FLASHMATE_UCI_VALUE_MAX]; /* a setoption value */
} UciOptions;

/* The most search threads (UCI Threads): helper threads need the port's threads, which the
 * boards do not have (they build with 1). */
#ifndef FLASHMATE_THREADS_MAX
#define FLASHMATE_THREADS_MAX 64
#endif

/* A helper thread's search state (src/protocol/uci_threads.c). */
typedef struct SearchHelper SearchHelper;

typedef struct Engine {
    const GameOps *game;                  /* the game UCI_Variant chose (chess by default) */
    GamePosition position;                /* of that game */
    GameSearch search;                    /* of that game; its driver uses `tt` */
    uint64_t game_keys[GAME_HISTORY_MAX]; /* keys of the positions before it, oldest first */
    bool game_checks[GAME_HISTORY_MAX];   /* beside each: was the side to move in check? */
    int game_key_count;
    TT tt;
    void *tt_memory;
    size_t tt_bytes;
    UciOptions options;
    Book book;
    /* Lazy SMP: Threads - 1 helpers search the same root with their own state, sharing `tt`,
     * until helpers_stop; the engine's own search decides the move. */
    SearchHelper *helpers;
    int helper_count;
    SearchLimits helper_limits;
    atomic_bool helpers_stop;
    uint64_t random_state; /* the strength levels' choices */
    bool started;          /* a command has been run: the protocol is chosen */
    bool ucci;             /* the session speaks UCCI (its first command was `ucci`) */
    bool ucci_millisec;    /* UCCI usemillisec: clock values in milliseconds, not seconds */
    int banned_count;      /* UCCI banmoves: moves the searches of this position may not play */
    Move banned[FLASHMATE_UCCI_BANMOVES_MAX];
    bool quit;
    /* during a search */
    bool stop_requested, ponderhit;
    bool draw_offered; /* UCCI: `go draw` or `ponderhit draw` */
    int deferred_count;
#if FLASHMATE_UCI_DEFERRED_MAX > 0
    char deferred[FLASHMATE_UCI_DEFERRED_MAX][FLASHMATE_UCI_LINE_MAX];
#endif
    char line[FLASHMATE_UCI_LINE_MAX];
} Engine;

/* Set up an engine: start position, default options, a transposition table of hash_mb MB from
 * the port. Returns false if no table memory could be had. */
bool engine_setup(Engine *e, int hash_mb);
/* The same with the table size in bytes, for boards whose RAM is counted in kilobytes. */
bool engine_setup_tt_bytes(Engine *e, size_t tt_bytes);
void engine_release(Engine *e);

/* Parse a line in the protocol the engine speaks (UCI, or UCCI after a first `ucci`). */
void engine_parse(const Engine *e, const char *line, UciCommand *cmd);

/* Execute one line. */
void uci_execute(Engine *e, const char *line);

/* Read and execute lines from the port until `quit` or end of input (then a UCCI session says
 * `bye`). Returns 0. */
int uci_loop(Engine *e);

#endif
