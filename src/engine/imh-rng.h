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
/* The generator on its bare state words, inline for hot loops that keep a
 * local copy of ImhRng.s: the same numbers, draw for draw, as
 * imh_rng_next() and imh_rng_below() (which are built on them). */
static inline uint64_t
imh_rng_step (uint64_t *s)
{
  uint64_t result = ((s[1] * 5) << 7 | (s[1] * 5) >> 57) * 9;
  uint64_t t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = s[3] << 45 | s[3] >> 19;
  return result;
}

/* Uniform in [0, bound), Lemire's multiply-shift with rejection. */
static inline uint32_t
imh_rng_step_below (uint64_t *s, uint32_t bound)
{
  uint64_t m = (uint64_t) (uint32_t) (imh_rng_step (s) >> 32) * bound;

  if (__builtin_expect ((uint32_t) m < bound, 0))
    {
      uint32_t threshold = (uint32_t) -bound % bound;
      while ((uint32_t) m < threshold)
        m = (uint64_t) (uint32_t) (imh_rng_step (s) >> 32) * bound;
    }
  return (uint32_t) (m >> 32);
}

/* splitmix64 step, also useful to derive independent seeds. */
uint64_t imh_splitmix64  (uint64_t *x);
