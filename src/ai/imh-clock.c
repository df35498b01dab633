/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-clock.c — the clocks of the search's time budgets and timings. */
#include <time.h>

#include "imh-clock.h"

uint64_t
_imh_now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

uint64_t
_imh_thread_cpu_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}
