/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-preferences.h — the Preferences window (Ctrl+,): the computer's pause
 * before a move and how long a hint searches, kept in GSettings, and what
 * those settings mean for the play view.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The window, its rows bound to `settings` (the app's schema). */
GtkWindow *imh_preferences_window_new           (GtkWindow *parent,
                                                 GSettings *settings);

/* "computer-pace" in milliseconds (short 200, normal 600, long 1500). */
guint      imh_preferences_get_pace_ms          (GSettings *settings);
/* "hint-search" as a multiple of the hint's default budget (quick 1, thorough 3). */
guint      imh_preferences_get_hint_factor      (GSettings *settings);

G_END_DECLS
