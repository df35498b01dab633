/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c — the Imhotep GUI executable. */
#define G_LOG_DOMAIN "imhotep"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "imh-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ImhApplication) app = NULL;
  int status;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name ("Imhotep");

  app = imh_application_new ();
  status = g_application_run (G_APPLICATION (app), argc, argv);
  if (status == 0)
    status = imh_application_get_exit_status (app);
  return status;
}
