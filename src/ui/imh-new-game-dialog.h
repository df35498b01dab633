/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-new-game-dialog.h — choose the players (how many, where the rules
 * allow a choice), start player, location sides and variants of a new game
 * of a kind, from its rules, and the choice of the game itself. The
 * choices are remembered in each game's own settings
 * (imh-game-settings.h), and the game last started in the app's
 * "new-game" key, when the user starts the game; "start" is emitted then
 * (the dialog then closes itself). Cancelled, the dialog changes nothing.
 */
#pragma once

#include <adwaita.h>

#include "imh-engine.h"
#include "imh-seat.h"

G_BEGIN_DECLS

#define IMH_TYPE_NEW_GAME_DIALOG (imh_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ImhNewGameDialog, imh_new_game_dialog, IMH, NEW_GAME_DIALOG, AdwWindow)

/* A dialog for a new game of `kind` (the "kind" property; the game row at
 * its top switches it, among the kinds the app has a board for). */
ImhNewGameDialog *imh_new_game_dialog_new           (GtkWindow        *parent,
                                                     ImhGameKind       kind);
ImhGameKind       imh_new_game_dialog_get_kind      (ImhNewGameDialog *self);
/* Switches the dialog to `kind`: what was entered for the game shown is
 * kept for it while the dialog is open (and saved if the game starts);
 * the rows follow the new game's rules, filled with its own settings. */
void              imh_new_game_dialog_set_kind      (ImhNewGameDialog *self,
                                                     ImhGameKind       kind);
/* The game the last new game was started with (the app's "new-game" key)
 * if the app has a board for it, else imh_ui_default_kind (): the kind a
 * New Game dialog opens with. */
ImhGameKind       imh_new_game_dialog_last_kind     (void);
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
