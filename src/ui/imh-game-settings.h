/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-game-settings.h — the new-game choices of one game in GSettings: the
 * relocatable schema BASE_APP_ID ".Game" at
 * /io/github/imhotepapp/Imhotep/games/<rules id>/.
 */
#pragma once

#include <gio/gio.h>

#include "imh-engine.h"

G_BEGIN_DECLS

#define IMH_GAME_SETTINGS_SCHEMA_SUFFIX ".Game"

/* The settings of the game with these rules. The Duel's choices were once
 * kept in the app's own schema (new-game-seats, -levels, -names,
 * -start-player, -sides): the values the user had set there are copied
 * once into the Duel's settings, where the user has not set them yet. */
GSettings *imh_game_settings_new (const ImhRules *rules);

G_END_DECLS
