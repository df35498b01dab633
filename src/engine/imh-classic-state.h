/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-classic-state.h — the fixed-size state of the game (placeholder until the engine lands). */
#pragma once
#include <stdint.h>

typedef struct {
  uint8_t placeholder_;
} ImhClassic;
