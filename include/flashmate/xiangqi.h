/*
 * Xiangqi (Chinese chess): position, FEN, legal move generation and perft, on the tables gen/
 * compiles from the 9x10 board description. The rules are Fairy-Stockfish's `xiangqi` variant:
 * the generals may not face each other on an open file, a side without a legal move loses
 * (there is no stalemate), and perft simply counts.
 *
 * FEN follows Fairy-Stockfish: the first rank written is Black's back rank (rank 10), `w` means
 * Red to move, uppercase is Red; letters k a b n r c p (general, advisor, elephant, horse,
 * chariot, cannon, soldier), with e and h accepted for elephant and horse. Fields 3 and 4 are `-`.
 * Moves print as Fairy-Stockfish writes them: files a-i, ranks 1-10 from Red's side (a1a2, b3e3,
 * a10a9), and for UCCI in ICCS: ranks 0-9 (a0a1, b2e2, a9a8).
 */
#ifndef FLASHMATE_XIANGQI_H
#define FLASHMATE_XIANGQI_H

#include <stddef.h>

#include "flashmate/game_types.h"
#include "flashmate/xiangqi_types.h"

#define XQ_FEN_START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

typedef struct XqPosition {
    XqBB by_type[XQ_PIECE_TYPE_NB]; /* both colours */
    XqBB by_color[COLOR_NB];
    uint64_t key;                /* Zobrist key (generated/xiangqi_tables.c) */
    uint8_t board[XQ_SQUARE_NB]; /* XqPiece or XQ_NO_PIECE */
    uint8_t side;                /* Color to move: WHITE is Red */
    uint8_t king_square[COLOR_NB];
    uint16_t halfmove_clock; /* plies since the last capture */
    uint16_t fullmove_number;
} XqPosition;

/* What xq_do_move cannot recompute when it is undone. Owned by the caller. */
typedef struct XqUndo {
    uint64_t key;
    uint16_t halfmove_clock, fullmove_number;
    uint8_t captured; /* XqPiece captured by the move, XQ_NO_PIECE if none */
} XqUndo;

enum { XQ_FEN_MAX_LENGTH = 128, XQ_MOVE_TEXT_MAX = 7 };

/* Parse a FEN. On success fills *pos and returns true; on failure leaves *pos unchanged, fills
 * *err (if not NULL: the field and the character) and returns false. Rejected: pieces a side
 * cannot have (more than one general, two of a kind or five soldiers), a general or advisor
 * outside its palace, an elephant across the river, and the side not to move in check
 * (including generals facing each other). The move counters may be omitted (default "0 1"). */
bool xq_set_fen(XqPosition *pos, const char *fen, ParseError *err);

/* Write the position as FEN (Fairy-Stockfish letters) into buf, at least XQ_FEN_MAX_LENGTH
 * bytes. Returns the length. */
int xq_get_fen(const XqPosition *pos, char *buf);

void xq_do_move(XqPosition *pos, Move move, XqUndo *undo);
void xq_undo_move(XqPosition *pos, Move move, const XqUndo *undo);
void xq_do_null_move(XqPosition *pos, XqUndo *undo);
void xq_undo_null_move(XqPosition *pos, const XqUndo *undo);

static inline XqBB xq_pieces(const XqPosition *pos, Color c, XqPieceType pt)
{
    return xq_bb_and(pos->by_color[c], pos->by_type[pt]);
}
static inline XqBB xq_occupied(const XqPosition *pos)
{
    return xq_bb_or(pos->by_color[WHITE], pos->by_color[BLACK]);
}
static inline XqPiece xq_piece_on(const XqPosition *pos, int sq) { return pos->board[sq]; }
static inline Color xq_side(const XqPosition *pos) { return (Color)pos->side; }

/* Would a general standing on sq be attacked by colour `by`? The general of `by` counts when it
 * faces sq on an open file; advisors and elephants never reach a general and are not counted, so
 * ask only about squares of the other side's palace. */
bool xq_general_attacked(const XqPosition *pos, int sq, Color by);
/* Enemy pieces giving check to the side to move. */
XqBB xq_checkers(const XqPosition *pos);
static inline bool xq_in_check(const XqPosition *pos) { return xq_bb_any(xq_checkers(pos)); }

/* The key computed from scratch, and a full consistency check (tests). */
uint64_t xq_compute_key(const XqPosition *pos);
bool xq_is_consistent(const XqPosition *pos);

/* ---- Move generation (every mode produces legal moves only) ---- */
typedef enum {
    XQ_GEN_CAPTURES, /* captures */
    XQ_GEN_QUIETS,   /* non-captures; with XQ_GEN_CAPTURES every legal move exactly once */
    XQ_GEN_LEGAL     /* all legal moves */
} XqGenMode;

/* Replace the list's contents with the moves of `mode`; returns the count. */
int xq_generate(const XqPosition *pos, XqGenMode mode, MoveList *list);
/* Write the moves of `mode` to moves[0 ..), which has room for as many as the position has
 * legal moves (MAX_MOVES always suffice); returns the count. */
int xq_generate_write(const XqPosition *pos, XqGenMode mode, ScoredMove *moves);
/* Number of legal moves, counted from target sets without building a list (perft leaves). */
int xq_count_legal(const XqPosition *pos);
/* Is `move` legal? Any 16-bit value may be asked; the answer agrees with xq_generate. */
bool xq_is_legal(const XqPosition *pos, Move move);

/* The board as text for a person, Red at the bottom: a line per rank from rank 10 down (its
 * number, then " X" per file, '.' for an empty square), then the file letters. */
void xq_write_board(const XqPosition *pos, char *buf, size_t size);
/* The squares of the pieces giving check, space-separated ("" when not in check). */
void xq_write_checkers(const XqPosition *pos, char *buf, size_t size);

/* UCI text of a move ("a1a2", "b3e3", "a10a9"): buf holds XQ_MOVE_TEXT_MAX bytes. */
void xq_move_to_uci(Move move, char *buf);
/* Resolve UCI text (up to the next space) against the legal moves; MOVE_NONE if none. */
Move xq_parse_uci_move(const XqPosition *pos, const char *text);
/* The same in ICCS, the move text of UCCI: ranks 0-9 from Red's side ("h2e2", "a9a8"), upper
 * case read too ("H2E2"). */
void xq_move_to_iccs(Move move, char *buf);
Move xq_parse_iccs_move(const XqPosition *pos, const char *text);

/* ---- Perft (bulk-counted at the last ply), as flashmate/perft.h does for chess; suites are
 * read with perft_parse_epd (flashmate/game_types.h) ---- */
uint64_t xq_perft(XqPosition *pos, int depth);
uint64_t xq_perft_divide(XqPosition *pos, int depth, PerftReport report, void *user);

#endif
