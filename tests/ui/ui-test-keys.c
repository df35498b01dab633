/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-keys.c — real key events for the ui tests, through the X
 * server's XTEST extension (loaded at run time). */
#include "ui-test-keys.h"

#include <dlfcn.h>

typedef void *(*GetXDisplayFunc) (GdkDisplay *display);

gboolean
imh_test_keys_init (ImhTestKeys *keys)
{
  GdkDisplay *display = gdk_display_get_default ();
  GetXDisplayFunc get_xdisplay;
  void *lib;

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (display), "GdkX11Display") != 0)
    return FALSE;
  lib = dlopen ("libXtst.so.6", RTLD_NOW);
  if (lib == NULL)
    return FALSE;
  get_xdisplay = (GetXDisplayFunc) dlsym (RTLD_DEFAULT, "gdk_x11_display_get_xdisplay");
  keys->keysym_to_keycode = dlsym (RTLD_DEFAULT, "XKeysymToKeycode");
  keys->flush = dlsym (RTLD_DEFAULT, "XFlush");
  keys->fake_key = dlsym (lib, "XTestFakeKeyEvent");
  if (get_xdisplay == NULL || keys->keysym_to_keycode == NULL || keys->flush == NULL
      || keys->fake_key == NULL)
    return FALSE;
  keys->display = get_xdisplay (display);
  return keys->display != NULL;
}

void
imh_test_keys_press (ImhTestKeys *keys,
                     guint        keyval,
                     gboolean     alt)
{
  unsigned int alt_code = keys->keysym_to_keycode (keys->display, GDK_KEY_Alt_L);
  unsigned int code = keys->keysym_to_keycode (keys->display, keyval);

  g_assert_cmpuint (code, !=, 0);
  if (alt)
    keys->fake_key (keys->display, alt_code, TRUE, 0);
  keys->fake_key (keys->display, code, TRUE, 0);
  keys->fake_key (keys->display, code, FALSE, 0);
  if (alt)
    keys->fake_key (keys->display, alt_code, FALSE, 0);
  keys->flush (keys->display);
}
