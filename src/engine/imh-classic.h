/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-classic.h — Imhotep (2–4 players): functions beyond the ImhRules
 * vtable (data tables, views for the UI and tests) and the engine's
 * internals shared by the imh-classic*.c files.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "imh-engine.h"

extern const ImhRules imh_classic_rules;

/* ---- Data tables (imh-classic-data.c); docs/rules.md, 'Components and
 * site data' ---- */

typedef struct {
  uint8_t cap[IMH_CLASSIC_N_SHIPS];
} ImhClassicRoundCard;

/* [n_players - 2][card] */
extern const ImhClassicRoundCard imh_classic_round_cards[3][IMH_CLASSIC_N_ROUND_CARDS];
extern const uint8_t imh_classic_ship_min[IMH_CLASSIC_SHIP_MAX + 1];   /* by capacity */
extern const uint8_t imh_classic_card_count[IMH_CLASSIC_N_CARD_TYPES];
extern const uint8_t imh_classic_pyramid_a_value[14];                  /* fill order */

/* Pyramid B base bonuses. */
enum {
  IMH_CLASSIC_BONUS_NONE = 0,
  IMH_CLASSIC_BONUS_CARD,       /* top market card of the deck */
  IMH_CLASSIC_BONUS_STONES,     /* 3 stones quarry → sled */
  IMH_CLASSIC_BONUS_SHIP,       /* place 1 sled stone on an unsailed ship */
};
extern const uint8_t imh_classic_pyramid_b_value[3][5];
extern const uint8_t imh_classic_pyramid_b_bonus[3][5];

/* Temple B space bonuses. */
enum {
  IMH_CLASSIC_TEMPLE_CHOICE = 0,  /* 1 point or 2 stones */
  IMH_CLASSIC_TEMPLE_POINTS2,     /* 2 points */
  IMH_CLASSIC_TEMPLE_CARD,        /* top market card */
};
extern const uint8_t imh_classic_temple_b_bonus[5];
extern const uint8_t imh_classic_obelisk_a_value[3][4];               /* [n - 2][place] */
extern const uint8_t imh_classic_obelisk_b_tower[8];                  /* then 1 each */
extern const uint8_t imh_classic_burial_b_value[4];                   /* by place */
extern const uint8_t imh_classic_group_value[6];                      /* 0..5 stones/statues */

extern const char *const imh_classic_site_ids[IMH_CLASSIC_N_SITES];
extern const char *const imh_classic_category_ids[IMH_CLASSIC_N_CATEGORIES];
extern const char *const imh_classic_card_ids[IMH_CLASSIC_N_CARD_TYPES];
extern const char *const imh_classic_colour_ids[IMH_CLASSIC_MAX_PLAYERS];
extern const char *const imh_classic_pyramid_ids[3];

/* 1/3/6/10/15, +2 per element beyond 5 (burial A areas, statues). */
int  imh_classic_group_points   (int n);
/* Shared places (obelisks A, burial B): out[p] = points of player p for
 * counts[p] (0 count: no part), table values[n_values], ties share. */
void imh_classic_rank_points    (const int *counts, int n_players,
                                 const uint8_t *values, int n_values, int *out);

/* ---- Views ---- */

/* The parts of a player's score (imh_score_parts ()). */
int  imh_classic_score_parts    (const ImhState *s, int player, bool so_far,
                                 ImhScorePart *parts, int max);
/* Recompute the derived fields of the state (ship_free, ship_slack) after
 * editing a position by hand (tests, position set-up). */
void imh_classic_sync           (ImhClassic *c);
/* Width of a temple level: 4 with 2 players, else 5. */
int  imh_classic_temple_width   (const ImhClassic *c);
/* Points a player scored so far in the current round. */
int  imh_classic_round_points   (const ImhState *s, int player);
/* Which card type a blue play decision plays. */
int  imh_classic_play_card      (int play);
/* True if the next decision is a sub-step of a turn (an owner's choice, a
 * card's later step, a round-end choice) rather than a turn's main decision. */
bool imh_classic_is_sub_decision(const ImhState *s);
/* The round cards not played yet (indices into the player count's
 * imh_classic_round_cards, ascending), from public facts only: the ones
 * that can still come, and the one removed unseen, which never comes.
 * Returns their number, the round cards hidden_summary counts (0 when the
 * game is over). */
int  imh_classic_rounds_unplayed (const ImhState *s, uint8_t cards[IMH_CLASSIC_N_ROUND_CARDS]);

/* ---- Internals (imh-classic.c, imh-classic-score.c, imh-classic-text.c;
 * the rules table in imh-classic-rules.c) ---- */

bool     _imh_classic_options_valid (const ImhOptions *o, char *why, size_t why_len);
void     _imh_classic_setup         (ImhState *s, const ImhOptions *o, uint64_t seed);
void     _imh_classic_options       (const ImhState *s, ImhOptions *o);
int      _imh_classic_actor         (const ImhState *s);
int      _imh_classic_turn_player   (const ImhState *s);
uint32_t _imh_classic_turn_index    (const ImhState *s);
bool     _imh_classic_is_over       (const ImhState *s);
bool     _imh_classic_is_legal      (const ImhState *s, ImhDecision d);
void     _imh_classic_apply         (ImhState *s, ImhDecision d);
void     _imh_classic_score         (const ImhState *s, ImhScore *out);
void     _imh_classic_score_so_far  (const ImhState *s, ImhScore *out);
void     _imh_classic_determinize   (ImhState *s, int observer, ImhRng *rng);
uint32_t _imh_classic_hidden_count  (const ImhState *s);
int      _imh_classic_hidden_summary (const ImhState *s, int observer, ImhHiddenItem *items, int max);
int      _imh_classic_to_text       (const ImhState *s, ImhDecision d, char *buf, size_t len);
bool     _imh_classic_from_text     (const ImhState *s, const char *text, ImhDecision *out);
int      _imh_classic_to_json       (const ImhState *s, char *buf, size_t len);
int      _imh_classic_to_text_state (const ImhState *s, char *buf, size_t len);
uint64_t _imh_classic_hash          (const ImhState *s);
bool     _imh_classic_check         (const ImhState *s, char *why, size_t why_len);
int      _imh_classic_legal         (const ImhState *s, ImhDecisionList *out);
uint32_t _imh_classic_random_playout (ImhState *s, ImhRng *rng, uint32_t max_plies);
