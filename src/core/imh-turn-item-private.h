/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-turn-item-private.h — construction of turn items (for ImhHistory). */
#pragma once

#include "imh-turn-item.h"

G_BEGIN_DECLS

/* Takes its own copies of everything. texts/notations: n strings each. */
ImhTurnItem *_imh_turn_item_new (guint               number,
                                 int                 player,
                                 guint               first_ply,
                                 guint               n_decisions,
                                 const ImhDecision  *decisions,
                                 const int          *actors,
                                 const char *const  *texts,
                                 const char *const  *notations,
                                 guint               n_players,
                                 const int          *score_before,
                                 const int          *score_after,
                                 gboolean            ends_game);

/* Sets the round (imh_turn_item_get_round()) once, right after _new. */
void         _imh_turn_item_set_round (ImhTurnItem *self,
                                       guint        round);

/* TRUE when the item holds exactly these decisions from first_ply. */
gboolean     _imh_turn_item_matches (ImhTurnItem       *self,
                                     guint              first_ply,
                                     guint              n_decisions,
                                     const ImhDecision *decisions);

G_END_DECLS
