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

static inline uint64_t
rotl (uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

/* One xoshiro256** step; always inlined so that imh_rng_below() does not
 * pay for a call per draw (the random playouts draw once per decision). */
static inline __attribute__ ((always_inline)) uint64_t
next (ImhRng *rng)
{
  uint64_t *s = rng->s;
  uint64_t result = rotl (s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

uint64_t
imh_rng_next (ImhRng *rng)
{
  return next (rng);
}

uint32_t
imh_rng_below (ImhRng *rng, uint32_t bound)
{
  /* Lemire's multiply-shift with rejection: unbiased. */
  uint64_t m = (uint64_t) (uint32_t) (next (rng) >> 32) * bound;
  uint32_t low = (uint32_t) m;
  if (low < bound)
    {
      uint32_t threshold = (uint32_t) -bound % bound;
      while (low < threshold)
        {
          m = (uint64_t) (uint32_t) (next (rng) >> 32) * bound;
          low = (uint32_t) m;
        }
    }
  return (uint32_t) (m >> 32);
}

double
imh_rng_double (ImhRng *rng)
{
  return (double) (imh_rng_next (rng) >> 11) * 0x1.0p-53;
}

void
imh_rng_shuffle_u8 (ImhRng *rng, uint8_t *v, uint32_t n)
{
  for (uint32_t i = n; i > 1; i--)
    {
      uint32_t j = imh_rng_below (rng, i);
      uint8_t t = v[i - 1];
      v[i - 1] = v[j];
      v[j] = t;
    }
}
