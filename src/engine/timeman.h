/*
 * Time management: how long to think about one move. The soft limit is checked between
 * iterations (don't start what cannot finish), the hard limit inside the search. Both keep the
 * move overhead in reserve so the engine never loses on time.
 */
#ifndef FLASHMATE_TIMEMAN_H
#define FLASHMATE_TIMEMAN_H

#include "flashmate/search.h"

/* Limits in milliseconds from the start of the search; 0 means none. */
void timeman_budget(const SearchLimits *limits, Color us, uint64_t *soft_ms, uint64_t *hard_ms);

/* The soft limit for the decision after a completed iteration, on a clock: soft_ms scaled by how
 * settled the search looks, never above hard_ms. stable_iterations: how many iterations in a row
 * before this one ended with the same best move (0: it changed now); score_drop: the previous
 * iteration's score minus this one's, from the side to move (positive: the outlook worsened).
 * A best move that keeps changing or a falling score buys time, a long-settled one saves it. */
uint64_t timeman_soft_after_iteration(uint64_t soft_ms, uint64_t hard_ms, int stable_iterations,
                                      int score_drop);

#endif
