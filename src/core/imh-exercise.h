/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-exercise.h — practise your own mistakes: exercises made from the
 * stored analyses of the library, checked answers, hints and the review
 * schedule. docs/library.md, section "Practice".
 *
 * Every decision of an analysed library game marked mistake or blunder
 * and made by a person seat ("human") is an exercise; the caller picks
 * the user's by the names the user calls their own ("This is me"). The
 * library makes and keeps them when an analysis is stored (a re-analysis
 * keeps an exercise whose position and decision are unchanged, with its
 * schedule); they follow their game into the trash and out of it, and go
 * with it for good.
 */
#pragma once

#include <glib-object.h>

#include "imh-engine.h"
#include "imh-library.h"

G_BEGIN_DECLS

/* An answer is solved when its value comes within this many percentage
 * points of win probability of the best decision's (see
 * imh_exercise_check()). */
#define IMH_EXERCISE_TOLERANCE_PP 2.0

/* Kinds of decision (statistics, the first hint). Duel: 0 place a meeple,
 * 1 unload a boat, 2 an action tile (playing it and its steps: take,
 * swap, stop). Base game: 0 get stones (and pass), 1 place a stone,
 * 2 sail a ship (and the choices of the site it reached), 3 cards
 * (playing a blue card, taking a market card, a lever's unload order). */
#define IMH_DECISION_N_GROUPS 4

guint        imh_decision_group       (ImhGameKind  game,
                                       ImhDecision  decision);
/* Groups the game has (3 or 4). */
guint        imh_decision_n_groups    (ImhGameKind  game);
/* "place", "unload", "action-tile"; "get", "place", "sail", "card". */
const char  *imh_decision_group_id    (ImhGameKind  game,
                                       guint        group);
/* Translated, a capitalised infinitive ("Place a meeple"). */
const char  *imh_decision_group_name  (ImhGameKind  game,
                                       guint        group);

/* One analysed decision of an exercise's position. */
typedef struct {
  ImhDecision decision;
  double      win;        /* value for the mover, 0..1 */
  double      win_ci;     /* 95% half-width */
  double      loss;       /* percentage points behind the best (>= 0) */
  gboolean    good;       /* counts as solved */
  gboolean    best;       /* the analysis' best decision */
  gboolean    played;     /* the decision played in the game */
} ImhExerciseCandidate;

typedef enum {
  IMH_EXERCISE_SOLVED,          /* within the tolerance of the best */
  IMH_EXERCISE_NOT_GOOD,        /* analysed, but too far behind the best */
  IMH_EXERCISE_PLAYED,          /* the decision played in the game again */
  IMH_EXERCISE_NOT_ANALYSED,    /* legal, but the analysis did not value it */
  IMH_EXERCISE_ILLEGAL,         /* not a legal decision of the position */
} ImhExerciseVerdict;

typedef struct _ImhExercise ImhExercise;

#define IMH_TYPE_EXERCISE (imh_exercise_get_type ())
GType         imh_exercise_get_type      (void) G_GNUC_CONST;
ImhExercise  *imh_exercise_ref           (ImhExercise *exercise);
void          imh_exercise_unref         (ImhExercise *exercise);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImhExercise, imh_exercise_unref)

gint64        imh_exercise_get_id        (ImhExercise *exercise);
gint64        imh_exercise_get_game_id   (ImhExercise *exercise);
ImhGameKind   imh_exercise_get_game      (ImhExercise *exercise);
/* Decisions played before the position (the library's ply). */
guint         imh_exercise_get_ply       (ImhExercise *exercise);
guint         imh_exercise_get_seat      (ImhExercise *exercise);
const char   *imh_exercise_get_player_name (ImhExercise *exercise);
/* The names of every seat of the game (for prompts). */
const char * const *imh_exercise_get_names (ImhExercise *exercise);
/* Start of the game (Unix seconds, 0 unknown). */
gint64        imh_exercise_get_started   (ImhExercise *exercise);
/* The position as the seat saw it: what was hidden from it is
 * determinized (shuffled anew with a seed of the exercise), so the true
 * hidden parts are not in it. */
const ImhState *imh_exercise_get_position (ImhExercise *exercise);
/* The mark of the decision played (mistake or blunder, ImhMark) and its
 * loss in percentage points. */
int           imh_exercise_get_mark      (ImhExercise *exercise);
double        imh_exercise_get_loss      (ImhExercise *exercise);
ImhDecision   imh_exercise_get_played    (ImhExercise *exercise);
ImhDecision   imh_exercise_get_best      (ImhExercise *exercise);
guint         imh_exercise_get_group     (ImhExercise *exercise);
/* The analysed decisions, best first. */
const ImhExerciseCandidate *imh_exercise_get_candidates (ImhExercise *exercise,
                                                         guint       *n_candidates);
/* "Find a better decision than “…”." (translated) */
char         *imh_exercise_get_question  (ImhExercise *exercise);

/* Review schedule: days are GDate Julian day numbers. */
guint32       imh_exercise_get_due       (ImhExercise *exercise);
guint         imh_exercise_get_interval  (ImhExercise *exercise);
double        imh_exercise_get_ease      (ImhExercise *exercise);
guint         imh_exercise_get_repetitions (ImhExercise *exercise);
guint         imh_exercise_get_lapses    (ImhExercise *exercise);
/* Julian day of the last review, 0: never reviewed. */
guint32       imh_exercise_get_reviewed  (ImhExercise *exercise);

/* Checks an answer; loss (may be NULL) gets its loss in percentage points
 * when it was analysed. */
ImhExerciseVerdict imh_exercise_check    (ImhExercise *exercise,
                                          ImhDecision  answer,
                                          double      *loss);
/* Hint 1: the kind of decision of the best one ("Sail a ship"); hint 2:
 * the best decision in words. Translated; NULL for another level. */
char         *imh_exercise_get_hint      (ImhExercise *exercise,
                                          guint        level);

/* Today's Julian day in local time. */
guint32       imh_exercise_today         (void);

/* The exercises of the players named (compared without case; NULL or
 * empty: every person seat) in games not in the trash whose analysis
 * reads; due_only: those due on or before today. Ordered by due day,
 * then game and ply. ImhExercise elements. */
GPtrArray    *imh_library_list_exercises (ImhLibrary          *library,
                                          const char * const  *names,
                                          gboolean             due_only,
                                          guint32              today,
                                          GError             **error);
/* The same in a worker thread (names are copied). */
void          imh_library_list_exercises_async  (ImhLibrary          *library,
                                                 const char * const  *names,
                                                 gboolean             due_only,
                                                 guint32              today,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
GPtrArray    *imh_library_list_exercises_finish (ImhLibrary          *library,
                                                 GAsyncResult        *result,
                                                 GError             **error);
ImhExercise  *imh_library_get_exercise   (ImhLibrary          *library,
                                          gint64               id,
                                          GError             **error);
/* Records a review on day today (SM-2, docs/library.md): solved pushes the
 * next one further away, failed brings it back tomorrow. next_due (may be
 * NULL) gets the new due day. */
gboolean      imh_library_review_exercise (ImhLibrary         *library,
                                           gint64              id,
                                           gboolean            solved,
                                           guint32             today,
                                           guint32            *next_due,
                                           GError            **error);

G_END_DECLS
