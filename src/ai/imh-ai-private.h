/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-ai-private.h — internals shared by the files of src/ai. */
#pragma once

#include "imh-ai.h"

/* Fills a candidate from sums (95% half-widths by the normal approximation). */
void _imh_candidate_fill (ImhCandidate *c, ImhDecision d, uint32_t visits, uint32_t avail,
                          double sum, double sumsq, double msum, double msumsq);
/* Sorts out->c best first: visits, then win; stable. */
void _imh_sort_candidates (ImhSearchResult *out);

/* log((double) n) as the search's selection step takes it (from its table
 * where n < 2^22): for tests. */
double _imh_search_log (uint32_t n);
