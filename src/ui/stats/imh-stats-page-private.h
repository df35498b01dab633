/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-stats-page-private.h — the Statistics page's parts, for its tests
 * and the screenshot mode. */
#pragma once

#include "imh-library-stats.h"
#include "imh-stats-page.h"
#include "imh-stats-plot.h"

G_BEGIN_DECLS

/* The filters' choices, in the order they are offered. */
typedef enum {
  IMH_STATS_GAME_BOTH,
  IMH_STATS_GAME_DUEL,
  IMH_STATS_GAME_CLASSIC,
} ImhStatsGameFilter;

typedef enum {
  IMH_STATS_PERIOD_ALL,
  IMH_STATS_PERIOD_12_MONTHS,
  IMH_STATS_PERIOD_3_MONTHS,
  IMH_STATS_PERIOD_30_DAYS,
} ImhStatsPeriod;

/* The rows of the summary, in order. */
typedef enum {
  IMH_STATS_SUMMARY_GAMES,
  IMH_STATS_SUMMARY_FINISHED,
  IMH_STATS_SUMMARY_ANALYSED,
  IMH_STATS_SUMMARY_ACCURACY,
  IMH_STATS_SUMMARY_MISTAKES,
  IMH_STATS_N_SUMMARY
} ImhStatsSummaryRow;

/* The rows of "Luck against skill", in order. */
typedef enum {
  IMH_STATS_LUCK_RESULT,
  IMH_STATS_LUCK_LUCK,
  IMH_STATS_LUCK_ADJUSTED,
  IMH_STATS_N_LUCK
} ImhStatsLuckRow;

/* A load is running (property "loading"). */
gboolean              _imh_stats_page_get_loading       (ImhStatsPage       *self);
/* What is shown: "names" (none set), "loading" (before the first
 * numbers), "none" (no games), "stats". */
const char           *_imh_stats_page_get_state         (ImhStatsPage       *self);
/* The statistics shown (NULL before the first load). */
const ImhPlayerStats *_imh_stats_page_get_stats         (ImhStatsPage       *self);
void                  _imh_stats_page_set_filters       (ImhStatsPage       *self,
                                                         ImhStatsGameFilter  game,
                                                         ImhStatsPeriod      period);
const char           *_imh_stats_page_get_summary_value (ImhStatsPage       *self,
                                                         ImhStatsSummaryRow  row);
const char           *_imh_stats_page_get_luck_value    (ImhStatsPage       *self,
                                                         ImhStatsLuckRow     row);
/* The rows of the results by opponent level: their title, subtitle and
 * win rate (NULL past the last row). */
gboolean              _imh_stats_page_get_level_row     (ImhStatsPage       *self,
                                                         guint               i,
                                                         const char        **title,
                                                         const char        **subtitle,
                                                         const char        **win_rate);
/* The rows of the mean loss by kind of decision: the kind's name and the
 * value shown (FALSE past the last row). */
gboolean              _imh_stats_page_get_loss_row      (ImhStatsPage       *self,
                                                         guint               i,
                                                         const char        **name,
                                                         const char        **value);
ImhStatsPlot         *_imh_stats_page_get_plot          (ImhStatsPage       *self);
GtkWidget            *_imh_stats_page_get_names_button  (ImhStatsPage       *self);

G_END_DECLS
