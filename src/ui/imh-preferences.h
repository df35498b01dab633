/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-preferences.h — the Preferences window (Ctrl+,): the computer's pause
 * before a move and how long a hint searches, kept in GSettings, and what
 * those settings mean for the play view; the page "Practice" with "Your
 * Names" (the `my-names` setting, ImhNamesGroup) and "Background Analysis"
 * (the `background-analysis` setting and its progress).
 */
#pragma once

#include <adwaita.h>

#include "imh-background-analysis.h"
#include "imh-library.h"

G_BEGIN_DECLS

/* The window, its rows bound to `settings` (the app's schema). */
GtkWindow *imh_preferences_window_new           (GtkWindow *parent,
                                                 GSettings *settings);
/* The library whose player names "Your Names" lists and the window's
 * background analysis whose progress is shown (either may be NULL). */
void       imh_preferences_window_set_library   (GtkWindow             *window,
                                                 ImhLibrary            *library,
                                                 ImhBackgroundAnalysis *background);
/* Shows the page "Practice" ("Your Names" first): the action app.my-names. */
void       imh_preferences_window_show_names    (GtkWindow             *window);

/* "computer-pace" in milliseconds (short 200, normal 600, long 1500). */
guint      imh_preferences_get_pace_ms          (GSettings *settings);
/* "hint-search" as a multiple of the hint's default budget (quick 1, thorough 3). */
guint      imh_preferences_get_hint_factor      (GSettings *settings);

G_END_DECLS
