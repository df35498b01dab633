/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-practice-page-private.h — what the tests and screenshots look at. */
#pragma once

#include "imh-board.h"
#include "imh-exercise.h"
#include "imh-practice-page.h"

G_BEGIN_DECLS

typedef struct {
  guint due;        /* reviewed before and due today or earlier */
  guint fresh;      /* never reviewed */
  guint all;
  guint reviewed;   /* reviewed at least once */
  guint first_try;  /* reviewed, never failed */
} ImhPracticeCounts;

/* "loading", "no-names", "empty", "overview" or "attempt". */
const char  *_imh_practice_page_get_view      (ImhPracticePage   *self);
/* TRUE while the exercises are read. */
gboolean     _imh_practice_page_get_loading   (ImhPracticePage   *self);
void         _imh_practice_page_get_counts    (ImhPracticePage   *self,
                                               ImhPracticeCounts *counts);
/* The list of the overview (one row per exercise, in its order). */
GtkListBox  *_imh_practice_page_get_list      (ImhPracticePage   *self);
/* The attempt's board, exercise, the hint and the verdict shown (NULL:
 * none), and the answer's text last announced to the screen reader. */
ImhBoard    *_imh_practice_page_get_board     (ImhPracticePage   *self);
ImhExercise *_imh_practice_page_get_exercise  (ImhPracticePage   *self);
const char  *_imh_practice_page_get_hint      (ImhPracticePage   *self);
const char  *_imh_practice_page_get_verdict   (ImhPracticePage   *self);
const char  *_imh_practice_page_get_announced (ImhPracticePage   *self);
/* The due day the last review set (0: none yet in this attempt). */
guint32      _imh_practice_page_get_next_due  (ImhPracticePage   *self);
/* Counts days as if today were this Julian day (0: the real today). */
void         _imh_practice_page_set_today     (ImhPracticePage   *self,
                                               guint32            today);
/* Answers the exercise of the attempt, as a decision on the board. */
void         _imh_practice_page_answer        (ImhPracticePage   *self,
                                               ImhDecision        decision);

G_END_DECLS
