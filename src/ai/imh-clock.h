/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-clock.h — the clocks of the search's time budgets and timings. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* Monotonic clock in nanoseconds. */
uint64_t _imh_now_ns (void);
/* CPU time of the calling thread in nanoseconds. */
uint64_t _imh_thread_cpu_ns (void);
/* The clock of a time budget: _imh_thread_cpu_ns() if cpu_time, else
 * _imh_now_ns(). */
static inline uint64_t
_imh_budget_clock_ns (bool cpu_time)
{
  return cpu_time ? _imh_thread_cpu_ns () : _imh_now_ns ();
}
