/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-stats-page.h — the Statistics page: "see yourself improve". The
 * games of the players the user names as themselves (GSettings key
 * `my-names`, followed as it changes) in the library, by game and period
 * (imh_library_get_player_stats_async): a summary, the results by opponent
 * level, the accuracy and the mistakes over time, the mean loss by kind of
 * decision, luck against skill. Without names it asks for them (the action
 * `app.my-names`); it reloads when the library's games change.
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-library.h"

G_BEGIN_DECLS

#define IMH_TYPE_STATS_PAGE (imh_stats_page_get_type ())
G_DECLARE_FINAL_TYPE (ImhStatsPage, imh_stats_page, IMH, STATS_PAGE, GtkWidget)

/* library may be NULL until the library is open (then set it). */
GtkWidget  *imh_stats_page_new         (ImhLibrary   *library);
void        imh_stats_page_set_library (ImhStatsPage *self,
                                        ImhLibrary   *library);
ImhLibrary *imh_stats_page_get_library (ImhStatsPage *self);

G_END_DECLS
