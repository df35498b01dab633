/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli.c — imhotep-cli entry point and subcommand dispatch. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "imh-cli.h"

int imh_cli_analyse (int argc, char **argv);
int imh_cli_arena (int argc, char **argv);
int imh_cli_hint (int argc, char **argv);
int imh_cli_library (int argc, char **argv);
int imh_cli_new (int argc, char **argv);
int imh_cli_legal (int argc, char **argv);
int imh_cli_play (int argc, char **argv);
int imh_cli_show (int argc, char **argv);
int imh_cli_selfplay (int argc, char **argv);
int imh_cli_bench (int argc, char **argv);

/* Subcommands, in the order --help lists them. Each lives in its own file. */
static const ImhCliCommand commands[] = {
  { "hint", N_("Rank the decisions of the player to move by a search"), imh_cli_hint },
  { "arena", N_("Play many seeded games between two computer levels"), imh_cli_arena },
  { "analyse", N_("Analyse a game: win probabilities, mistakes, luck"), imh_cli_analyse },
  { "library", N_("Manage the game library: import, list, search, export, stats, bench"), imh_cli_library },
  { "new", N_("Write the record of a new game"), imh_cli_new },
  { "legal", N_("List the legal decisions at the end of a record"), imh_cli_legal },
  { "play", N_("Check decisions and append them to a record"), imh_cli_play },
  { "show", N_("Show a position of a record as text or JSON, with the score"), imh_cli_show },
  { "selfplay", N_("Play seeded games between computer players and write the records"), imh_cli_selfplay },
  { "bench", N_("Measure random playouts per second with a deterministic signature"), imh_cli_bench },
  { NULL, NULL, NULL }
};

void
imh_cli_error (const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "imhotep-cli: %s\n", message);
}

gboolean
imh_cli_parse (GOptionContext *context, int *argc, char ***argv)
{
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      imh_cli_error ("%s", error->message);
      fprintf (stderr, _("Try “%s --help” for more information.\n"), (*argv)[0]);
      return FALSE;
    }
  return TRUE;
}

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n  imhotep-cli %s\n\n", _("Usage:"), _("COMMAND [OPTION…]"));
  fprintf (out, "%s\n\n", _("Play, record, analyse and manage games of Imhotep from the command line."));
  fprintf (out, "%s\n", _("Commands:"));
  for (const ImhCliCommand *c = commands; c->name != NULL; c++)
    fprintf (out, "  %-10s %s\n", c->name, _(c->summary));
  fprintf (out, "\n%s\n", _("Options:"));
  fprintf (out, "  %-10s %s\n", "--help", _("Show this help"));
  fprintf (out, "  %-10s %s\n", "--version", _("Show the version"));
  fprintf (out, "\n%s\n", _("Run “imhotep-cli COMMAND --help” for the options of a command."));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return IMH_CLI_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_usage (stdout);
      return IMH_CLI_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("imhotep-cli %s\n", PACKAGE_VERSION);
      return IMH_CLI_OK;
    }

  for (const ImhCliCommand *c = commands; c->name != NULL; c++)
    if (strcmp (argv[1], c->name) == 0)
      {
        g_autofree char *prgname = g_strdup_printf ("imhotep-cli %s", c->name);
        char **sub_argv = argv + 1;
        g_set_prgname (prgname);
        sub_argv[0] = prgname;
        return c->run (argc - 1, sub_argv);
      }

  imh_cli_error (_("unknown command “%s”"), argv[1]);
  fprintf (stderr, _("Try “%s --help” for more information.\n"), "imhotep-cli");
  return IMH_CLI_USAGE;
}
