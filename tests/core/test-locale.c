/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-locale.c — the test setup's locale is really in effect (suite
 * `core`): under `meson test --setup german` the test programs and
 * imhotep-cli speak German and write decimal commas; in the default setup
 * they speak English with decimal points. Without this, a German run whose
 * catalogues were not found would pass as an English one. */
#include <glib.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli-test-util.h"
#include "test-i18n.h"

static const char *cli;     /* path of imhotep-cli (first argument) */

static gboolean
german (void)
{
  return g_str_has_prefix (setlocale (LC_MESSAGES, NULL), "de");
}

static void
test_in_process (void)
{
  char number[16];

  g_snprintf (number, sizeof number, "%.1f", 0.5);
  if (german ())
    {
      g_assert_cmpstr (IMH_T ("Player %u"), ==, "Spieler %u");
      /* g_snprintf follows the locale's decimal point, like printf. */
      g_assert_cmpstr (number, ==, "0,5");
    }
  else
    {
      g_assert_cmpstr (IMH_T ("Player %u"), ==, "Player %u");
      g_assert_cmpstr (number, ==, "0.5");
    }
}

static void
test_cli (void)
{
  const char *argv[] = { cli, "--help", NULL };
  g_autofree char *out = NULL;

  g_assert_cmpint (cli_test_run_argv (argv, &out, NULL), ==, 0);
  /* imhotep-cli reads its catalogue from the installation prefix. */
  if (german ())
    g_assert_true (g_str_has_prefix (out, "Aufruf:\n"));
  else
    g_assert_true (g_str_has_prefix (out, "Usage:\n"));
}

int
main (int argc, char **argv)
{
  imh_test_i18n_init ();
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: %s PATH-OF-IMHOTEP-CLI\n", argv[0]);
      return 2;
    }
  cli = argv[1];

  g_test_add_func ("/locale/in-process", test_in_process);
  g_test_add_func ("/locale/cli", test_cli);
  return g_test_run ();
}
