/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Placeholder until the classic engine lands: rejects every set-up. */
#include <stdio.h>
#include "imh-engine.h"

static bool
options_valid (const ImhOptions *o, char *why, size_t why_len)
{
  if (why != NULL && why_len > 0)
    snprintf (why, why_len, "this game is not available yet");
  return false;
}

const ImhRules imh_classic_rules = {
  .kind = IMH_GAME_CLASSIC,
  .id = "classic",
  .state_size = sizeof (ImhState),
  .options_valid = options_valid,
};
