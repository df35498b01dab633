/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-keys.h — real key events for the ui tests, through the X
 * server's XTEST extension (loaded at run time). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct {
  void *display;
  unsigned char (*keysym_to_keycode) (void *display, unsigned long keysym);
  int           (*fake_key)          (void *display, unsigned int keycode, int is_press, unsigned long delay);
  int           (*flush)             (void *display);
} ImhTestKeys;

/* FALSE (skip the test) off X11 or without libXtst. */
gboolean imh_test_keys_init  (ImhTestKeys *keys);
/* Presses and releases the key, with Alt held when alt. The events are
 * sent, not yet handled: run the main loop (e.g. until what the key does
 * happened). */
void     imh_test_keys_press (ImhTestKeys *keys,
                              guint        keyval,
                              gboolean     alt);

G_END_DECLS
