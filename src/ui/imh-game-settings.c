/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-game-settings.c — a game's new-game choices in GSettings. */
#define G_LOG_DOMAIN "imh-game-settings"

#include "config.h"

#include "imh-game-settings.h"

/* The old schema: the app's keys that held the new-game choices before
 * every game had its own settings, and their keys there. Only one game was
 * played then: the one with this rules id. */
#define LEGACY_GAME_ID "duel"

static const struct
{
  const char *old_key;
  const char *key;
} legacy_keys[] = {
  { "new-game-seats", "seats" },
  { "new-game-levels", "levels" },
  { "new-game-names", "names" },
  { "new-game-start-player", "start-player" },
  { "new-game-sides", "sides" },
};

/* Copies what the user set under the legacy keys, once: a key the user
 * has set in the game's settings (this copy included) is never touched. */
static void
migrate (GSettings *settings)
{
  g_autoptr(GSettings) app = g_settings_new (BASE_APP_ID);

  for (gsize i = 0; i < G_N_ELEMENTS (legacy_keys); i++)
    {
      g_autoptr(GVariant) old = g_settings_get_user_value (app, legacy_keys[i].old_key);
      g_autoptr(GVariant) now = g_settings_get_user_value (settings, legacy_keys[i].key);

      if (old != NULL && now == NULL)
        g_settings_set_value (settings, legacy_keys[i].key, old);
    }
}

GSettings *
imh_game_settings_new (const ImhRules *rules)
{
  g_autofree char *path = NULL;
  GSettings *settings;

  g_return_val_if_fail (rules != NULL && rules->id != NULL, NULL);

  path = g_strdup_printf ("/io/github/imhotepapp/Imhotep/games/%s/", rules->id);
  settings = g_settings_new_with_path (BASE_APP_ID IMH_GAME_SETTINGS_SCHEMA_SUFFIX, path);
  /* The legacy keys only ever held the choices of one game. */
  if (g_str_equal (rules->id, LEGACY_GAME_ID))
    migrate (settings);
  return settings;
}
