/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-duel-private.h — internals shared by the Duel's source files. */
#pragma once

#include "imh-engine.h"

extern const uint16_t imh_duel_line_mask[IMH_DUEL_N_BOATS];
extern const uint8_t  imh_duel_line_order[IMH_DUEL_N_BOATS][3];
extern const uint8_t  imh_duel_tile_count[IMH_DUEL_N_TILE_CODES];

unsigned imh_duel_unloadable (const ImhDuel *d);
void     imh_duel_count_tiles (const ImhDuel *d, int counts[IMH_DUEL_N_TILE_CODES]);

void     imh_duel_score (const ImhState *s, ImhScore *out);
int      imh_duel_decision_to_text (const ImhState *s, ImhDecision d, char *buf, size_t len);
bool     imh_duel_decision_from_text (const ImhState *s, const char *text, ImhDecision *out);
int      imh_duel_to_json (const ImhState *s, char *buf, size_t len);
int      imh_duel_to_text (const ImhState *s, char *buf, size_t len);
