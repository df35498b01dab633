/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-game-summary.h — one row of the game library: the columns the
 * library list shows, sorts and filters by. Immutable for its users; the
 * library refreshes it (with property notifications) when the game changes.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define IMH_TYPE_GAME_SUMMARY (imh_game_summary_get_type ())
G_DECLARE_FINAL_TYPE (ImhGameSummary, imh_game_summary, IMH, GAME_SUMMARY, GObject)

gint64      imh_game_summary_get_id          (ImhGameSummary *self);
/* ImhGameKind */
int         imh_game_summary_get_game        (ImhGameSummary *self);
guint       imh_game_summary_get_n_players   (ImhGameSummary *self);
/* Side per site, e.g. "ABBAB". */
const char *imh_game_summary_get_sides       (ImhGameSummary *self);
guint       imh_game_summary_get_variants    (ImhGameSummary *self);
/* Player names joined for display ("Ada – Bob"). */
const char *imh_game_summary_get_players     (ImhGameSummary *self);
/* Unix time (UTC seconds) the game began and last changed / ended. */
gint64      imh_game_summary_get_started     (ImhGameSummary *self);
gint64      imh_game_summary_get_ended       (ImhGameSummary *self);
gboolean    imh_game_summary_get_finished    (ImhGameSummary *self);
/* Seat of the winner, -1 when unfinished or places are shared at the top. */
int         imh_game_summary_get_winner      (ImhGameSummary *self);
/* Totals joined for display ("23 : 19"); empty while unfinished. */
const char *imh_game_summary_get_scores      (ImhGameSummary *self);
/* The record's result field as written, may be empty. */
const char *imh_game_summary_get_result      (ImhGameSummary *self);
/* Number of decisions and of turns. */
guint       imh_game_summary_get_length      (ImhGameSummary *self);
guint       imh_game_summary_get_turns       (ImhGameSummary *self);
gboolean    imh_game_summary_get_starred     (ImhGameSummary *self);
/* Has an analysis that reads back ("analysed"), or one stored that cannot
 * be read ("analysis-unreadable"); at most one of the two. */
gboolean    imh_game_summary_get_analysed    (ImhGameSummary *self);
gboolean    imh_game_summary_get_analysis_unreadable (ImhGameSummary *self);
guint       imh_game_summary_get_n_blunders  (ImhGameSummary *self);
/* Tags joined with ", ". */
const char *imh_game_summary_get_tags        (ImhGameSummary *self);
const char *imh_game_summary_get_notes       (ImhGameSummary *self);
/* When the game was moved to the trash (Unix seconds), 0 when it is not in it. */
gint64      imh_game_summary_get_deleted     (ImhGameSummary *self);

G_END_DECLS
