/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-new-game-dialog.h — choose the players, start player and location
 * sides of a new Duel. The choices are remembered in GSettings; "start" is
 * emitted when the user starts the game (the dialog then closes itself).
 */
#pragma once

#include <adwaita.h>

#include "imh-engine.h"
#include "imh-seat.h"

G_BEGIN_DECLS

#define IMH_TYPE_NEW_GAME_DIALOG (imh_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ImhNewGameDialog, imh_new_game_dialog, IMH, NEW_GAME_DIALOG, AdwWindow)

ImhNewGameDialog *imh_new_game_dialog_new         (GtkWindow        *parent);
/* The options chosen (start player -1: random). */
void              imh_new_game_dialog_get_options (ImhNewGameDialog *self,
                                                   ImhOptions       *options);
/* The seat chosen for player (0 black, 1 white); name and level transfer none. */
void              imh_new_game_dialog_get_seat    (ImhNewGameDialog *self,
                                                   guint             player,
                                                   ImhSeatKind      *kind,
                                                   const char      **level,
                                                   const char      **name);
/* Activates the Start button (for tests). */
void              imh_new_game_dialog_start       (ImhNewGameDialog *self);

G_END_DECLS
