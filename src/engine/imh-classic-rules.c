/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-classic-rules.c — the base game's rules table: what the engine's
 * generic functions call for a base-game state. */
#include <stddef.h>

#include "imh-classic.h"

const ImhRules imh_classic_rules = {
  .kind = IMH_GAME_CLASSIC,
  .id = "classic",
  .state_size = offsetof (ImhState, u) + sizeof (ImhClassic),
  .min_players = 2,
  .max_players = 4,
  .n_sites = IMH_CLASSIC_N_SITES,
  .site_ids = imh_classic_site_ids,
  .n_categories = IMH_CLASSIC_N_CATEGORIES,
  .category_ids = imh_classic_category_ids,
  .options_valid = _imh_classic_options_valid,
  .setup = _imh_classic_setup,
  .options = _imh_classic_options,
  .actor = _imh_classic_actor,
  .turn_player = _imh_classic_turn_player,
  .turn_index = _imh_classic_turn_index,
  .is_over = _imh_classic_is_over,
  .legal = _imh_classic_legal,
  .is_legal = _imh_classic_is_legal,
  .apply = _imh_classic_apply,
  .score = _imh_classic_score,
  .determinize = _imh_classic_determinize,
  .hidden_count = _imh_classic_hidden_count,
  .decision_to_text = _imh_classic_to_text,
  .decision_from_text = _imh_classic_from_text,
  .to_json = _imh_classic_to_json,
  .hash = _imh_classic_hash,
  .check = _imh_classic_check,
  .to_text = _imh_classic_to_text_state,
  .random_playout = _imh_classic_random_playout,
  .hidden_summary = _imh_classic_hidden_summary,
  .score_so_far = _imh_classic_score_so_far,
};
