/*
 * UCI answers written to the port's console: info strings, search progress, bestmove and the
 * lines of `go perft`; for a UCCI session its own forms of them. Moves are written by the
 * engine's game (in ICCS for UCCI).
 */
#include "uci_internal.h"

#include "engine/text.h"
#include "port/port.h"

void uci_say(const FlashText *text)
{
    port_write(text);
    port_write(FM_TEXT("\n"));
}

void uci_info_string(const FlashText *message, const char *excerpt)
{
    char buf[256];
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, FM_TEXT("info string "));
    text_add(&t, message);
    if (excerpt) {
        size_t n = text_word_length(excerpt);
        text_add(&t, FM_TEXT(": '"));
        for (size_t i = 0; i < n && i < 40; i++) {
            unsigned char c = (unsigned char)excerpt[i];
            text_add_char(&t, c >= 0x20 && c < 0x7f ? (char)c : '?');
        }
        text_add(&t, n > 40 ? FM_TEXT("...'") : FM_TEXT("'"));
    }
    uci_say(buf);
}

/* UCCI has no mate scores: ElephantEye's scale, a mate in n plies is 10000 - n. */
enum { UCCI_MATE = 10000 };

int uci_ucci_score(int score)
{
    if (score >= VALUE_MATE_IN_MAX_PLY)
        return UCCI_MATE - (VALUE_MATE - score);
    if (score <= -VALUE_MATE_IN_MAX_PLY)
        return -UCCI_MATE + (VALUE_MATE + score);
    return score;
}

static void add_score(TextBuf *t, int score, bool ucci)
{
    if (ucci) {
        text_add(t, FM_TEXT(" score "));
        text_add_int(t, uci_ucci_score(score));
    } else if (score >= VALUE_MATE_IN_MAX_PLY) {
        text_add(t, FM_TEXT(" score mate "));
        text_add_int(t, (VALUE_MATE - score + 1) / 2);
    } else if (score <= -VALUE_MATE_IN_MAX_PLY) {
        text_add(t, FM_TEXT(" score mate "));
        text_add_int(t, -(VALUE_MATE + score) / 2);
    } else {
        text_add(t, FM_TEXT(" score cp "));
        text_add_int(t, score);
    }
}

/* e^x for |x| up to ~700, without a maths library: 2^(x / ln 2) as a power of two times a
 * polynomial for the fraction (relative error below 1e-7, plenty for per-mille figures). */
static double exp_approx(double x)
{
    double y = x * 1.4426950408889634; /* x / ln 2 */
    int n = (int)(y < 0 ? y - 1 : y);  /* floor */
    double f = (y - n) * 0.6931471805599453, term = 1, sum = 1;
    for (int i = 1; i <= 10; i++) {
        term *= f / i;
        sum += term;
    }
    for (; n > 0; n--)
        sum *= 2;
    for (; n < 0; n++)
        sum /= 2;
    return sum;
}

/* Win, draw and loss chances in per mille for a score from the side to move's point of view: a
 * logistic curve of the centipawns (a win half the time at +200 cp, steepness 80 cp), certain
 * for mate scores. */
static void wdl_of_score(int score, int *win, int *draw, int *loss)
{
    if (score >= VALUE_MATE_IN_MAX_PLY || score <= -VALUE_MATE_IN_MAX_PLY) {
        *win = score > 0 ? 1000 : 0;
        *loss = 1000 - *win;
        *draw = 0;
        return;
    }
    *win = (int)(1000.0 / (1.0 + exp_approx((200.0 - score) / 80.0)) + 0.5);
    *loss = (int)(1000.0 / (1.0 + exp_approx((200.0 + score) / 80.0)) + 0.5);
    *draw = 1000 - *win - *loss;
}

/* "<label><value>" of an info line (the values are never negative). */
static void add_field(TextBuf *t, const FlashText *label, uint64_t value)
{
    text_add(t, label);
    text_add_u64(t, value);
}

/* " <move>" in the engine's game. */
static void add_move(TextBuf *t, const Engine *e, Move move)
{
    char text[GAME_MOVE_TEXT_MAX];
    e->game->move_text(move, text);
    text_add_char(t, ' ');
    text_add(t, text);
}

/* A UCCI session's info lines have the fields UCCI defines: depth, score, time, nodes, pv. */
void uci_report_info(const SearchReport *r, void *user)
{
    const Engine *e = user;
    if (r->multipv > e->options.multipv)
        return; /* a line a strength level looks at for itself */
    if (e->ucci && r->bound != BOUND_EXACT)
        return; /* UCCI has no bounds: only exact scores are reported */
    /* The fields, then the moves of the longest principal variation, each after a space. */
    char buf[256 + (MAX_PLY + 1) * GAME_MOVE_TEXT_MAX];
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, FM_TEXT("info"));
    add_field(&t, FM_TEXT(" depth "), (uint64_t)r->depth);
    if (!e->ucci) {
        add_field(&t, FM_TEXT(" seldepth "), (uint64_t)r->seldepth);
        add_field(&t, FM_TEXT(" multipv "), (uint64_t)r->multipv);
    }
    add_score(&t, r->score, e->ucci);
    if (e->ucci) {
        add_field(&t, FM_TEXT(" time "), r->time_ms);
        add_field(&t, FM_TEXT(" nodes "), r->nodes);
    } else if (e->options.show_wdl) {
        int win, draw, loss;
        wdl_of_score(r->score, &win, &draw, &loss);
        add_field(&t, FM_TEXT(" wdl "), (uint64_t)win);
        add_field(&t, FM_TEXT(" "), (uint64_t)draw);
        add_field(&t, FM_TEXT(" "), (uint64_t)loss);
    }
    if (!e->ucci) {
        if (r->bound == BOUND_LOWER)
            text_add(&t, FM_TEXT(" lowerbound"));
        else if (r->bound == BOUND_UPPER)
            text_add(&t, FM_TEXT(" upperbound"));
        add_field(&t, FM_TEXT(" nodes "), r->nodes);
        add_field(&t, FM_TEXT(" nps "), r->nps);
        add_field(&t, FM_TEXT(" hashfull "), (uint64_t)r->hashfull);
        add_field(&t, FM_TEXT(" time "), r->time_ms);
    }
    if (r->pv_length > 0) {
        text_add(&t, FM_TEXT(" pv"));
        for (int i = 0; i < r->pv_length; i++)
            add_move(&t, e, r->pv[i]);
    }
    uci_say(buf);
}

void uci_say_bestmove(const Engine *e, Move best, Move ponder, bool accept_draw)
{
    char buf[48];
    TextBuf t = text_buf(buf, sizeof buf);
    if (e->ucci && best == MOVE_NONE) {
        uci_say(FM_TEXT("nobestmove"));
        return;
    }
    text_add(&t, FM_TEXT("bestmove"));
    add_move(&t, e, best);
    if (ponder != MOVE_NONE) {
        text_add(&t, FM_TEXT(" ponder"));
        add_move(&t, e, ponder);
    }
    if (accept_draw)
        text_add(&t, FM_TEXT(" draw"));
    uci_say(buf);
}

void uci_print_divide_line(Move move, uint64_t nodes, void *user)
{
    const Engine *e = user;
    char buf[40], text[GAME_MOVE_TEXT_MAX];
    TextBuf t = text_buf(buf, sizeof buf);
    e->game->move_text(move, text);
    text_add(&t, text);
    text_add(&t, FM_TEXT(": "));
    text_add_u64(&t, nodes);
    uci_say(buf);
}
