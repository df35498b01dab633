/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-play-view-private.h — the play view's state and the hooks that join
 * its files (imh-play-view.c, imh-play-view-actions.c). */
#pragma once

#include "imh-engine.h"
#include "imh-play-view.h"
#include "imh-session.h"

G_BEGIN_DECLS

typedef struct _ImhPlayViewTutor ImhPlayViewTutor;

struct _ImhPlayView
{
  GtkWidget           parent_instance;

  ImhGame            *game;             /* the session's */
  ImhSession         *session;          /* the game shown, its file and library entry */
  ImhSession         *opened;           /* opened, waiting for the abandon dialog */
  ImhLibrary         *library;          /* where new sessions are kept */
  guint64             disabled;         /* game.* disabled, by index (imh-play-view-actions.c) */
  gboolean            reveal_hidden;    /* "reveal-hidden" */

  AdwFlap            *flap;
  GtkWidget          *content;          /* the status line over the board */
  GtkWidget          *board;            /* of the game's kind (ensure_board ()) */
  GtkWidget          *status_label;
  GtkWidget          *spinner;
  GtkWidget          *summary_button;
  GtkWidget          *resume_button;
  GtkWidget          *history_view;
  GtkWidget          *score_view;
  GtkWidget          *sidebar_stack;
  GtkWidget          *analysis_page;
  GtkWidget          *study_view;

  GCancellable       *hint_cancellable;
  GCancellable       *cancellable;      /* files: cancelled on dispose */
  GtkWindow          *summary;
  gboolean            decided_end;    /* the last decision played ended the game */
  ImhDecision         branch_decision;  /* asked about in the branch dialog */
  guint               refresh_id;       /* the refresh queued for the next frame */
  guint               last_live_ply;
  guint               last_viewed_ply;
  guint               pace;
  guint64             hint_iterations;
  guint               hint_factor;
  gboolean            busy;
  char               *names[IMH_MAX_PLAYERS]; /* shown names (shortened), see player_name() */
  ImhPlayViewTutor   *tutor;            /* imh-play-view-tutor.c */
};

/* imh-play-view-actions.c: the "game" actions (game.*) installed on the
 * class; init: their first state, once the template is built; update:
 * enabled from the game, the board and the analysis ("actions-changed"
 * when that changes); enabled: what update last said. */
void       _imh_play_view_class_actions_init (GtkWidgetClass *widget_class);
void       _imh_play_view_actions_init       (ImhPlayView    *self);
void       _imh_play_view_actions_update     (ImhPlayView    *self);
gboolean   _imh_play_view_action_enabled     (ImhPlayView    *self,
                                              const char     *name);

/* imh-play-view.c, for the actions. */
GtkWindow *_imh_play_view_parent_window      (ImhPlayView *self);
GtkWidget *_imh_play_view_replace_dialog_new (ImhPlayView *self,
                                              const char  *heading,
                                              const char  *lost_body,
                                              const char  *response,
                                              const char  *label);
void       _imh_play_view_start_new_game     (ImhPlayView *self);
void       _imh_play_view_update_status      (ImhPlayView *self);
void       _imh_play_view_decide             (ImhPlayView *self,
                                              ImhDecision  decision);
void       _imh_play_view_show_summary       (ImhPlayView *self);
void       _imh_play_view_show_analysis_page (ImhPlayView *self);
void       _imh_play_view_emit_actions_changed (ImhPlayView *self);
/* The files: open (a chooser), save (to the game's file, else save as). */
void       _imh_play_view_open               (ImhPlayView *self);
void       _imh_play_view_save               (ImhPlayView *self);
void       _imh_play_view_save_as            (ImhPlayView *self);

/* imh-play-view-tutor.c: the tutor (the "tutor" setting). decide: a
 * person chose a decision at the viewed ply (before it is applied);
 * applied: the game applied a decision; refresh: after each refresh;
 * game_changed: another game is shown; suggest: a new game was started
 * (the first against the computer suggests the tutor, once). For tests:
 * searching (a judgement is running) and the message shown (NULL: none).
 * Actions: game.tutor-show, game.tutor-take-back, game.tutor-enable,
 * game.tutor-dismiss. */
void        _imh_play_view_class_tutor_init    (GtkWidgetClass *widget_class);
void        _imh_play_view_tutor_init          (ImhPlayView    *self);
void        _imh_play_view_tutor_dispose       (ImhPlayView    *self);
void        _imh_play_view_tutor_decide        (ImhPlayView    *self,
                                                ImhDecision     decision);
void        _imh_play_view_tutor_applied       (ImhPlayView    *self,
                                                guint           ply,
                                                ImhDecision     decision);
void        _imh_play_view_tutor_refresh       (ImhPlayView    *self);
void        _imh_play_view_tutor_game_changed  (ImhPlayView    *self);
void        _imh_play_view_tutor_suggest       (ImhPlayView    *self);
/* Screenshots (--tutor): judges the last decision of a person before the
 * live ply, whatever the setting. */
void        _imh_play_view_tutor_judge_last    (ImhPlayView    *self);
gboolean    _imh_play_view_tutor_searching     (ImhPlayView    *self);
gboolean    _imh_play_view_tutor_suggesting    (ImhPlayView    *self);
const char *_imh_play_view_tutor_message       (ImhPlayView    *self);

/* Runs the refresh queued for the next frame now, if there is one (tests
 * look at the view without waiting for a frame). */
void       _imh_play_view_flush_refresh      (ImhPlayView *self);

G_END_DECLS
