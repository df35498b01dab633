/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "imh-rng.h"

uint64_t
imh_splitmix64 (uint64_t *x)
{
  uint64_t z = (*x += UINT64_C (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

void
imh_rng_seed (ImhRng *rng, uint64_t seed)
{
  uint64_t x = seed;
  for (int i = 0; i < 4; i++)
    rng->s[i] = imh_splitmix64 (&x);
}

uint64_t
imh_rng_next (ImhRng *rng)
{
  return imh_rng_step (rng->s);
}

uint32_t
imh_rng_below (ImhRng *rng, uint32_t bound)
{
  return imh_rng_step_below (rng->s, bound);
}

double
imh_rng_double (ImhRng *rng)
{
  return (double) (imh_rng_next (rng) >> 11) * 0x1.0p-53;
}

/* The same draws as imh_rng_below() one by one, on a local copy of the
 * generator (the AI's determinizations shuffle the unseen tiles on every
 * iteration: a call per tile cost 6 % of a Duel search). */
void
imh_rng_shuffle_u8 (ImhRng *rng, uint8_t *v, uint32_t n)
{
  uint64_t s[4] = { rng->s[0], rng->s[1], rng->s[2], rng->s[3] };

  for (uint32_t i = n; i > 1; i--)
    {
      uint32_t j = imh_rng_step_below (s, i);
      uint8_t t = v[i - 1];
      v[i - 1] = v[j];
      v[j] = t;
    }
  for (int k = 0; k < 4; k++)
    rng->s[k] = s[k];
}
