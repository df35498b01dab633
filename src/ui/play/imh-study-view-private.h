/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-study-view-private.h — the study view's state and the hooks that join its files. */
#pragma once

#include "imh-study-view.h"

G_BEGIN_DECLS

/* Variations listed at most. */
#define IMH_STUDY_MAX_VARIATIONS 12

/* A variation as listed: the line with d after ply decisions. */
typedef struct {
  guint       ply;
  ImhDecision d;
} ImhStudyVariation;

struct _ImhStudyView
{
  GtkWidget           parent_instance;

  GtkWidget          *board;        /* not referenced */
  ImhGame            *game;
  ImhSession         *session;      /* the game's library entry and bookmarks */
  GSignalGroup       *session_signals; /* target: session */
  GPtrArray          *bookmarks;    /* the session's, as listed (one row each) */
  GSettings          *settings;
  GListModel         *hints;
  gboolean            top_five;

  /* Template children. */
  GtkWidget          *bookmark_list;
  GtkWidget          *hint_list;
  GtkWidget          *scrolled;
  GtkWidget          *variation_list;
  GtkWidget          *variation_title;

  guint               n_listed;
  guint               n_variations;
  ImhStudyVariation   variations[IMH_STUDY_MAX_VARIATIONS]; /* one per row, in order */
  guint               n_bookmarks;
};

/* imh-study-view-actions.c: study.bookmark and study.top-five (the
 * "top-five" property) installed on the class; init: their first state;
 * update: bookmark enabled with a game. */
void _imh_study_view_class_actions_init (GtkWidgetClass *widget_class);
void _imh_study_view_actions_init       (ImhStudyView   *self);
void _imh_study_view_actions_update     (ImhStudyView   *self);

G_END_DECLS
