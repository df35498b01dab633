/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-window-background.h — the window's background analysis: made once
 * the window's library is open, started and stopped by the setting
 * `background-analysis`, paused while the play view is busy (the
 * computer thinks, a hint is searched) or the analysis of the game shown
 * runs, stopped when the window goes.
 */
#pragma once

#include "imh-background-analysis.h"
#include "imh-window.h"

G_BEGIN_DECLS

/* Called once by the window when it is made (settings: the app's schema). */
void                   _imh_window_background_init         (ImhWindow *window,
                                                            GSettings *settings);
/* The window's background analysis, NULL until its library is open. */
ImhBackgroundAnalysis *imh_window_get_background_analysis  (ImhWindow *window);

G_END_DECLS
