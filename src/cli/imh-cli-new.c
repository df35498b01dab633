/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-new.c — `imhotep-cli new`: a record for a new game. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "imh-cli.h"
#include "imh-cli-util.h"

int imh_cli_new (int argc, char **argv);

int
imh_cli_new (int argc, char **argv)
{
  g_autofree char *game = NULL, *sides = NULL, *seed_text = NULL, *out = NULL;
  g_auto(GStrv) variants = NULL, names = NULL, kinds = NULL;
  gint players = 0, start = 0;
  gboolean no_date = FALSE;
  GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game: duel or classic (default duel)"), N_("GAME") },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players, N_("Number of players (classic: 2–4)"), N_("N") },
    { "sides", 0, 0, G_OPTION_ARG_STRING, &sides, N_("Side A or B of each site, in site order (e.g. ABAA)"), N_("SIDES") },
    { "variant", 0, 0, G_OPTION_ARG_STRING_ARRAY, &variants, N_("Play a variant (classic: wrath); repeatable"), N_("VARIANT") },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text, N_("The seed of the setup (default: random)"), N_("SEED") },
    { "start", 0, 0, G_OPTION_ARG_INT, &start, N_("The start player, 1 to N (default: drawn from the seed)"), N_("P") },
    { "name", 'n', 0, G_OPTION_ARG_STRING_ARRAY, &names, N_("A player's name, in seat order; repeatable"), N_("NAME") },
    { "kind", 'k', 0, G_OPTION_ARG_STRING_ARRAY, &kinds, N_("A player's kind (human, computer:LEVEL), in seat order; repeatable"), N_("KIND") },
    { "no-date", 0, 0, G_OPTION_ARG_NONE, &no_date, N_("Do not record the start date"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Write the record to FILE (default: standard output)"), N_("FILE") },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  ImhOptions options;
  ImhRecordError err;
  ImhRecord *r;
  guint64 seed;
  int status = IMH_CLI_OK;

  g_option_context_set_summary (context, _("Write the record of a new game."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!imh_cli_parse (context, &argc, &argv))
    return IMH_CLI_USAGE;
  if (argc != 1)
    {
      imh_cli_error (_("unexpected argument “%s”"), argv[1]);
      return IMH_CLI_USAGE;
    }
  if (seed_text != NULL)
    {
      g_autoptr(GError) error = NULL;
      if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, &error))
        {
          imh_cli_error (_("--seed: %s"), error->message);
          return IMH_CLI_USAGE;
        }
    }
  else
    seed = ((guint64) g_random_int () << 32) | g_random_int ();
  if (!imh_cli_make_options (game != NULL ? game : "duel", players, sides, variants, start, &options))
    return IMH_CLI_USAGE;
  r = imh_record_new (&options, seed, &err);
  if (r == NULL)
    {
      imh_cli_error ("%s", err.message);
      return IMH_CLI_USAGE;
    }
  for (int i = 0; i < r->options.n_players; i++)
    {
      const char *name = names != NULL && i < (int) g_strv_length (names) ? names[i] : r->players[i].name;
      const char *kind = kinds != NULL && i < (int) g_strv_length (kinds) ? kinds[i] : r->players[i].kind;
      g_autofree char *name_copy = g_strdup (name), *kind_copy = g_strdup (kind);
      if (!imh_record_set_player (r, i, kind_copy, name_copy))
        {
          imh_cli_error (_("invalid kind “%s” or name “%s” for player %d"), kind_copy, name_copy, i + 1);
          imh_record_free (r);
          return IMH_CLI_USAGE;
        }
    }
  if ((names != NULL && (int) g_strv_length (names) > r->options.n_players) ||
      (kinds != NULL && (int) g_strv_length (kinds) > r->options.n_players))
    {
      imh_cli_error (_("more names or kinds than players (%d)"), r->options.n_players);
      imh_record_free (r);
      return IMH_CLI_USAGE;
    }
  if (!no_date)
    {
      g_autofree char *now = imh_cli_now_iso ();
      imh_record_set_date (r, FALSE, now);
    }
  if (out != NULL)
    {
      if (!imh_cli_save_record (out, r))
        status = IMH_CLI_FAILED;
    }
  else
    {
      char *text = imh_record_write (r);
      fputs (text, stdout);
      free (text);
    }
  imh_record_free (r);
  return status;
}
