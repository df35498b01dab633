/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-library-stats.h — "see yourself improve": statistics of the games
 * of the players the user names as themselves, computed by SQL over the
 * library's stored analyses. Definitions: docs/library.md, "Statistics".
 */
#pragma once

#include <glib.h>

#include "imh-engine.h"
#include "imh-exercise.h"
#include "imh-library.h"

G_BEGIN_DECLS

/* What to count. Plain data: names and the rest are borrowed. */
typedef struct {
  const char * const *names;   /* the user's names (compared without case); required */
  int                 game;    /* ImhGameKind, or -1 for both */
  gint64              since;   /* games started at or after (Unix seconds), 0: any */
  gint64              until;   /* games started before, 0: any */
} ImhPlayerStatsQuery;

/* Finished games against one opponent level. */
typedef struct {
  int    level;                /* highest computer level among the seats (ImhLevel number), -1: people only */
  guint  games;
  guint  wins;                 /* sole first place */
  guint  draws;                /* first place shared */
  guint  losses;
} ImhPlayerStatsLevel;

/* One analysed game of the user (a point of the plots), by start time. */
typedef struct {
  gint64   game_id;
  gint64   started;
  int      game;               /* ImhGameKind */
  guint    seat;
  double   accuracy;           /* 0..100 */
  guint    mistakes;           /* mistakes and blunders */
  guint    blunders;
  double   luck;               /* percentage points */
  gboolean has_result;
  double   result;             /* 1 win, 0 loss, between for places or ties */
  double   luck_adjusted;      /* result - luck / 100 */
} ImhPlayerStatsPoint;

/* Mean loss of one kind of decision (imh_decision_group()). */
typedef struct {
  int     game;                /* ImhGameKind */
  guint   group;
  guint64 decisions;           /* decisions with a choice */
  double  mean_loss;           /* percentage points */
} ImhPlayerStatsGroup;

typedef struct {
  guint    n_games;            /* games with a seat of the user (not in the trash) */
  guint    n_finished;
  guint    n_analysed;         /* of those, with a readable analysis */
  GArray  *levels;             /* ImhPlayerStatsLevel, by level (-1 first) */
  GArray  *points;             /* ImhPlayerStatsPoint, by start time */
  GArray  *groups;             /* ImhPlayerStatsGroup, Duel first, by group */
  /* Means over the analysed games (0 when there are none). */
  double   mean_accuracy;
  double   mistakes_per_game;
  double   mean_luck;
  /* Over the analysed finished games. */
  guint    n_results;
  double   mean_result;
  double   mean_luck_adjusted;
} ImhPlayerStats;

ImhPlayerStats *imh_library_get_player_stats (ImhLibrary                *library,
                                              const ImhPlayerStatsQuery *query,
                                              GError                   **error);
/* The same in a worker thread (the query is copied). */
void            imh_library_get_player_stats_async  (ImhLibrary                *library,
                                                     const ImhPlayerStatsQuery *query,
                                                     GCancellable              *cancellable,
                                                     GAsyncReadyCallback        callback,
                                                     gpointer                   user_data);
ImhPlayerStats *imh_library_get_player_stats_finish (ImhLibrary                *library,
                                                     GAsyncResult              *result,
                                                     GError                   **error);
void            imh_player_stats_free        (ImhPlayerStats            *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImhPlayerStats, imh_player_stats_free)

G_END_DECLS
