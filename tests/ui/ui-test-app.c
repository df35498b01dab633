/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-app.c — the set-up the window tests share. */
#include "config.h"

#include <adwaita.h>

#include "ui-test-app.h"
#include "ui-test-util.h"

gboolean
imh_test_app_init (int    *argcp,
                   char ***argvp)
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return FALSE;
    }
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);

  imh_test_init (argcp, argvp);
  adw_init ();
  return TRUE;
}

ImhApplication *
imh_test_app_new (void)
{
  g_autoptr(GError) error = NULL;
  ImhApplication *app = imh_application_new ();

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return app;
}
