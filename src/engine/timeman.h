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

#endif
