/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-game-over.h — the summary at the end of a game: winner, the tie-break
 * explained, every player's place and total (more than two players), the
 * breakdown table; responses "again" (Play Again), "new"
 * (New Game), "analyse" (Analyse: the game's analysis) and "close".
 */
#pragma once

#include <adwaita.h>

#include "imh-engine.h"

G_BEGIN_DECLS

/* names[player] for every player of the score. */
GtkWindow *imh_game_over_dialog_new (GtkWindow      *parent,
                                     const ImhRules *rules,
                                     const ImhScore *score,
                                     const char     *const *names);

G_END_DECLS
