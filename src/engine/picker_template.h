/*
 * The staged move picker, written once for every game's search: a template by include, as
 * perft_template.h is for perft. Its stages: the hash move, before anything is generated; the
 * captures, in the game's order, those that lose material by SEE put off; the quiet moves by the
 * game's score, best first; then the losing captures. Each stage generates its moves on the
 * search's move stack above the parent's list, where the children's lists then start, and the
 * quiet moves are picked one at a time (selection sort), so a cutoff early saves the sorting;
 * a search that prunes the rest of the quiet moves (late move pruning) skips them at once.
 * https://www.chessprogramming.org/Move_Ordering
 *
 * A game's search.c defines
 *
 *   PICKER_POSITION, PICKER_SEARCH   its position and search types (the search keeps
 *                                    moves[MOVE_STACK_MAX] and move_count)
 *   PICKER_GENERATE(pos, captures, out)   writes the legal captures (captures true) or the
 *                                    other legal moves to out, returns the count
 *   PICKER_IS_LEGAL(pos, move)       for any 16-bit value (the hash move may be another
 *                                    position's)
 *   PICKER_IS_TACTICAL(pos, move)    a move quiescence searches (chess: captures, promotions)
 *   PICKER_SEE_GE(pos, move, threshold)
 *   PICKER_SORT_CAPTURES             1: captures best first by PICKER_CAPTURE_SCORE(pos, move);
 *                                    0: in the order generated (chess generates MVV/LVA order)
 *   PICKER_GAME_FIELDS               the game's own fields of MovePicker (may be empty)
 *
 * includes this file, and then defines the quiet moves' score (killers, history, ...):
 *
 *   static int16_t picker_quiet_score(const MovePicker *mp, PICKER_SEARCH *s,
 *                                     const PICKER_POSITION *pos, Move move);
 */
#include <assert.h>

#include "flashmate/search_types.h"

enum {
    STAGE_TT,
    STAGE_CAPTURES_INIT,
    STAGE_GOOD_CAPTURES,
    STAGE_QUIETS_INIT,
    STAGE_QUIETS,
    STAGE_BAD_CAPTURES,
    STAGE_DONE,
};

/* The score that marks a losing capture; below every quiet move's. */
enum { SCORE_BAD_CAPTURE = -32000 };

typedef struct MovePicker {
    ScoredMove *moves; /* the node's list, on the search's move stack */
    int count;
    int stage, index;
    int captures_end; /* captures occupy moves[0 .. captures_end) */
    int bad_index;
    bool skip_quiets; /* captures only, and no losing ones (quiescence) */
    Move tt_move, killers[2];
    PICKER_GAME_FIELDS
} MovePicker;

static int16_t picker_quiet_score(const MovePicker *mp, PICKER_SEARCH *s,
                                  const PICKER_POSITION *pos, Move move);

/* The game's fields are set by the caller. killers: NULL for none. */
static inline void picker_start(MovePicker *mp, PICKER_SEARCH *s, Move tt_move,
                                const Move killers[2], bool skip_quiets)
{
    mp->moves = s->moves + s->move_count;
    mp->count = 0;
    mp->stage = STAGE_TT;
    mp->tt_move = tt_move;
    mp->killers[0] = killers ? killers[0] : MOVE_NONE;
    mp->killers[1] = killers ? killers[1] : MOVE_NONE;
    mp->skip_quiets = skip_quiets;
}

/* Move the best-scored of moves[index .. end) to position index and return it. */
static inline ScoredMove *picker_take_best(ScoredMove *moves, int index, int end)
{
    /* The first of the best, found without a branch on the scores (they come in no order). */
    int best = index;
    int16_t best_score = moves[index].score;
    for (int i = index + 1; i < end; i++) {
        int16_t score = moves[i].score;
        bool better = score > best_score;
        best = better ? i : best;
        best_score = better ? score : best_score;
    }
    ScoredMove chosen = moves[best];
    moves[best] = moves[index];
    moves[index] = chosen;
    return &moves[index];
}

/* Generate captures or quiet moves at the end of the picker's list, the top of the move stack. */
static inline void picker_generate(MovePicker *mp, PICKER_SEARCH *s, const PICKER_POSITION *pos,
                                   bool captures)
{
    mp->count += PICKER_GENERATE(pos, captures, mp->moves + mp->count);
    s->move_count = (int)(mp->moves - s->moves) + mp->count;
    assert(s->move_count <= MOVE_STACK_MAX);
}

/* The captures' order: by the game's score, or as generated. */
static inline void picker_score_captures(MovePicker *mp, const PICKER_POSITION *pos)
{
#if PICKER_SORT_CAPTURES
    for (int i = 0; i < mp->count; i++)
        mp->moves[i].score = PICKER_CAPTURE_SCORE(pos, mp->moves[i].move);
#else
    (void)mp;
    (void)pos;
#endif
}

static inline ScoredMove *picker_next_capture(MovePicker *mp)
{
#if PICKER_SORT_CAPTURES
    return picker_take_best(mp->moves, mp->index++, mp->captures_end);
#else
    return &mp->moves[mp->index++];
#endif
}

/* The caller searches no more quiet moves: the picker goes on to the losing captures. */
static inline void picker_end_quiets(MovePicker *mp)
{
    if (mp->stage == STAGE_QUIETS)
        mp->index = mp->count;
}

/* Did the move picker_next just returned pass PICKER_SEE_GE(pos, move, 0) on its way (a capture
 * of the good-captures stage)? Then a caller need not work its SEE out again for a threshold at
 * or below 0. */
static inline bool picker_passed_see(const MovePicker *mp)
{
    return mp->stage == STAGE_GOOD_CAPTURES;
}

static Move picker_next(MovePicker *mp, PICKER_SEARCH *s, const PICKER_POSITION *pos)
{
    for (;;) {
        switch (mp->stage) {
        case STAGE_TT:
            mp->stage = STAGE_CAPTURES_INIT;
            if (mp->tt_move != MOVE_NONE && PICKER_IS_LEGAL(pos, mp->tt_move) &&
                (!mp->skip_quiets || PICKER_IS_TACTICAL(pos, mp->tt_move)))
                return mp->tt_move;
            mp->tt_move = MOVE_NONE;
            break;

        case STAGE_CAPTURES_INIT:
            picker_generate(mp, s, pos, true);
            picker_score_captures(mp, pos);
            mp->captures_end = mp->count;
            mp->index = 0;
            mp->stage = STAGE_GOOD_CAPTURES;
            break;

        case STAGE_GOOD_CAPTURES:
            while (mp->index < mp->captures_end) {
                ScoredMove *sm = picker_next_capture(mp);
                if (sm->move == mp->tt_move)
                    continue;
                if (!PICKER_SEE_GE(pos, sm->move, 0)) {
                    sm->score = SCORE_BAD_CAPTURE; /* revisited after the quiets */
                    continue;
                }
                return sm->move;
            }
            mp->stage = mp->skip_quiets ? STAGE_DONE : STAGE_QUIETS_INIT;
            break;

        case STAGE_QUIETS_INIT:
#ifdef PICKER_BEFORE_QUIETS
            PICKER_BEFORE_QUIETS(mp, pos); /* what the game's quiet order needs, found once */
#endif
            picker_generate(mp, s, pos, false);
            for (int i = mp->captures_end; i < mp->count; i++)
                mp->moves[i].score = picker_quiet_score(mp, s, pos, mp->moves[i].move);
            mp->index = mp->captures_end;
            mp->stage = STAGE_QUIETS;
            break;

        case STAGE_QUIETS:
            while (mp->index < mp->count) {
                Move move = picker_take_best(mp->moves, mp->index++, mp->count)->move;
                if (move != mp->tt_move)
                    return move;
            }
            mp->bad_index = 0;
            mp->stage = STAGE_BAD_CAPTURES;
            break;

        case STAGE_BAD_CAPTURES:
            while (mp->bad_index < mp->captures_end) {
                ScoredMove *sm = &mp->moves[mp->bad_index++];
                if (sm->score == SCORE_BAD_CAPTURE && sm->move != mp->tt_move)
                    return sm->move;
            }
            mp->stage = STAGE_DONE;
            break;

        default: return MOVE_NONE;
        }
    }
}
