/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-stats-plot.h — the user's accuracy and mistakes over time, one point
 * per analysed game (ImhPlayerStatsPoint), in the look of the analysis'
 * win-probability graph (ImhEvalGraph): the accuracy as a line in the
 * accent colour (with a moving average from MIN_AVERAGE points on), the
 * mistakes per game as bars below it in the mistakes' colour, dates along
 * the bottom. Hovering (or Left/Right with the focus) shows a game's
 * values in a tooltip; the screen reader gets the trend in words
 * ("Accuracy from 62 % to 81 % over 40 games").
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-library-stats.h"

G_BEGIN_DECLS

/* From this many points on, the moving average is drawn. */
#define IMH_STATS_PLOT_MIN_AVERAGE 8

#define IMH_TYPE_STATS_PLOT (imh_stats_plot_get_type ())
G_DECLARE_FINAL_TYPE (ImhStatsPlot, imh_stats_plot, IMH, STATS_PLOT, GtkWidget)

GtkWidget  *imh_stats_plot_new             (void);

/* The points shown, by start time (copied); n = 0: an empty plot. */
void        imh_stats_plot_set_points      (ImhStatsPlot              *self,
                                            const ImhPlayerStatsPoint *points,
                                            guint                      n);
guint       imh_stats_plot_get_n_points    (ImhStatsPlot              *self);
/* The moving average at point i (the mean accuracy of the window of
 * points ending there); only when the average is drawn. */
gboolean    imh_stats_plot_get_average     (ImhStatsPlot              *self,
                                            guint                      i,
                                            double                    *average);
/* The game highlighted (hovered, or picked with Left/Right, Home/End
 * while the plot has the focus), G_MAXUINT when none. */
guint       imh_stats_plot_get_selected    (ImhStatsPlot              *self);
/* What the screen reader says about the plot (transfer none). */
const char *imh_stats_plot_get_description (ImhStatsPlot              *self);
/* The tooltip of point i, or NULL (transfer full). */
char       *imh_stats_plot_dup_point_text  (ImhStatsPlot              *self,
                                            guint                      i);

G_END_DECLS
