/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-rng.h — the engine's own deterministic random numbers.
 *
 * xoshiro256** seeded through splitmix64. The same seed gives the same
 * sequence on every platform, so setups, self-play and searches replay.
 */
#pragma once

#include <stdint.h>

typedef struct {
  uint64_t s[4];
} ImhRng;

void     imh_rng_seed    (ImhRng *rng, uint64_t seed);
uint64_t imh_rng_next    (ImhRng *rng);
/* Uniform in [0, bound) without modulo bias; bound > 0. */
uint32_t imh_rng_below   (ImhRng *rng, uint32_t bound);
/* Uniform double in [0, 1). */
double   imh_rng_double  (ImhRng *rng);
/* Fisher–Yates shuffle of n bytes. */
void     imh_rng_shuffle_u8 (ImhRng *rng, uint8_t *v, uint32_t n);
/* splitmix64 step, also useful to derive independent seeds. */
uint64_t imh_splitmix64  (uint64_t *x);
