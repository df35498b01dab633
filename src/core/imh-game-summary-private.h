/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-game-summary-private.h — how the library fills summaries. */
#pragma once

#include "imh-game-summary.h"

G_BEGIN_DECLS

typedef struct {
  gint64  id;
  int     game;
  guint   n_players;
  char   *sides;
  guint   variants;
  char   *players;
  gint64  started;
  gint64  ended;
  gboolean finished;
  int     winner;
  char   *scores;
  char   *result;
  guint   length;
  guint   turns;
  gboolean starred;
  gboolean analysed;
  gboolean analysis_unreadable;
  guint   n_blunders;
  char   *tags;
  char   *notes;
  gint64  deleted;          /* moved to the trash (Unix seconds), 0 if not */
} ImhGameSummaryData;

/* Takes the strings of data (they are set to NULL). */
ImhGameSummary *_imh_game_summary_new    (ImhGameSummaryData *data);
/* Copies the values of other into self, notifying the properties that change. */
void            _imh_game_summary_update (ImhGameSummary     *self,
                                          ImhGameSummary     *other);
void            _imh_game_summary_data_clear (ImhGameSummaryData *data);

G_END_DECLS
