/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-new-game-dialog.h — choose the players (how many, where the rules
 * allow a choice), start player, location sides and variants of a new game
 * of a kind, from its rules. The choices are remembered in the game's own
 * settings (imh-game-settings.h); "start" is emitted when the user starts
 * the game (the dialog then closes itself).
 */
#pragma once

#include <adwaita.h>

#include "imh-engine.h"
#include "imh-seat.h"

G_BEGIN_DECLS

#define IMH_TYPE_NEW_GAME_DIALOG (imh_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ImhNewGameDialog, imh_new_game_dialog, IMH, NEW_GAME_DIALOG, AdwWindow)

/* A dialog for a new game of `kind` (the "kind" property). */
ImhNewGameDialog *imh_new_game_dialog_new           (GtkWindow        *parent,
                                                     ImhGameKind       kind);
ImhGameKind       imh_new_game_dialog_get_kind      (ImhNewGameDialog *self);
/* The number of players chosen; the setter is for tests and callers that
 * know it (min_players..max_players of the rules). */
guint             imh_new_game_dialog_get_n_players (ImhNewGameDialog *self);
void              imh_new_game_dialog_set_n_players (ImhNewGameDialog *self,
                                                     guint             n);
/* The options chosen (start player -1: random). */
void              imh_new_game_dialog_get_options   (ImhNewGameDialog *self,
                                                     ImhOptions       *options);
/* The seat chosen for player (0 black, 1 white, …, below the number of
 * players); name and level transfer none. */
void              imh_new_game_dialog_get_seat      (ImhNewGameDialog *self,
                                                     guint             player,
                                                     ImhSeatKind      *kind,
                                                     const char      **level,
                                                     const char      **name);
/* Activates the Start button (for tests). */
void              imh_new_game_dialog_start         (ImhNewGameDialog *self);

G_END_DECLS
