/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-play-view-tutor.c — the tutor in the play view: after a person's
 * decision against the computer or at the same table, a search in a
 * thread of low priority (imh-tutor.h) judges it; when it lost at least
 * IMH_TUTOR_LOSS_PP points of win probability against the best, a bar
 * over the board says what was better, shows it (the position before,
 * viewed, with the better decision drawn as the hint) and offers to take
 * the decision back (then the better decision is the hint). Never while the computer is to
 * move (the verdict waits until a person is), never for a decision that
 * followed the hint shown, never in review or in the Study page.
 */
#define G_LOG_DOMAIN "imh-play-view"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-board.h"
#include "imh-play-view-private.h"
#include "imh-study-view.h"
#include "imh-texts.h"
#include "imh-tutor.h"
#include "imh-ui-util.h"

struct _ImhPlayViewTutor
{
  GSettings       *settings;
  GtkWidget       *revealer;
  GtkWidget       *message;
  GtkWidget       *show_button;     /* the verdict's buttons */
  GtkWidget       *take_back_button;
  GtkWidget       *enable_button;   /* the suggestion's */
  gboolean         suggesting;      /* the bar suggests the tutor */
  GCancellable    *cancellable;     /* the search running, if any */
  guint            job_ply;
  ImhDecision      job_decision;

  /* A person's decision on its way to the game (set by decide, used
   * once by applied). */
  gboolean         asked;
  gboolean         asked_hinted;
  guint            asked_ply;
  ImhDecision      asked_decision;

  gboolean         waiting;         /* a verdict to show when a person is to move */
  gboolean         shown;           /* the bar shows `verdict` */
  ImhTutorVerdict  verdict;
};

static void build_bar (ImhPlayView *self);

static gboolean
tutor_enabled (ImhPlayView *self)
{
  return g_settings_get_boolean (self->tutor->settings, "tutor");
}

static void
cancel_search (ImhPlayViewTutor *t)
{
  g_cancellable_cancel (t->cancellable);
  g_clear_object (&t->cancellable);
}

static void
hide_bar (ImhPlayView *self)
{
  ImhPlayViewTutor *t = self->tutor;

  t->shown = FALSE;
  t->suggesting = FALSE;
  gtk_revealer_set_reveal_child (GTK_REVEALER (t->revealer), FALSE);
  gtk_widget_set_visible (t->revealer, FALSE);
  /* Out of the widget tree while hidden (nor read by a screen reader). */
  gtk_revealer_set_child (GTK_REVEALER (t->revealer), NULL);
  t->message = NULL;
  t->show_button = t->take_back_button = t->enable_button = NULL;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.tutor-show", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.tutor-enable", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.tutor-take-back", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.tutor-dismiss", FALSE);
}

/* The decision of the verdict is still the game's, played before the live ply. */
static gboolean
verdict_current (ImhPlayView           *self,
                 const ImhTutorVerdict *v)
{
  return self->game != NULL
         && v->ply < imh_game_get_live_ply (self->game)
         && imh_game_get_decision_at (self->game, v->ply) == v->played;
}

static int
percent (double win)
{
  return (int) (CLAMP (win, 0.0, 1.0) * 100.0 + 0.5);
}

static void
show_bar (ImhPlayView *self)
{
  ImhPlayViewTutor *t = self->tutor;
  const ImhState *before = imh_game_get_state_at (self->game, t->verdict.ply);
  g_autofree char *played = imh_texts_decision (before, t->verdict.played);
  g_autofree char *best = imh_texts_decision (before, t->verdict.best);
  g_autofree char *name = imh_ui_player_name (self->game, t->verdict.actor);
  g_autofree char *text = NULL;

  /* Translators: the tutor after a costly decision. %1$s: the player's
   * name, %2$s: the decision played, %3$d and %4$d: the chance to win
   * after the better and after the decision played (percent), %5$s: the
   * better decision. A no-break space keeps each number with its %. */
  text = g_strdup_printf (_("%1$s, “%2$s” lowers your chance to win from %3$d %% to %4$d %%. "
                            "Better: %5$s."),
                          name, played, percent (t->verdict.win_best),
                          percent (t->verdict.win_played), best);
  build_bar (self);
  gtk_label_set_text (GTK_LABEL (t->message), text);
  gtk_widget_set_visible (t->show_button, TRUE);
  gtk_widget_set_visible (t->take_back_button, TRUE);
  gtk_widget_set_visible (t->enable_button, FALSE);
  t->suggesting = FALSE;
  t->shown = TRUE;
  gtk_widget_set_visible (t->revealer, TRUE);
  gtk_revealer_set_reveal_child (GTK_REVEALER (t->revealer), TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.tutor-show", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.tutor-take-back", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.tutor-dismiss", TRUE);
}

/* A verdict waits until a person is to move at the live position, shown. */
static void
show_if_ready (ImhPlayView *self)
{
  ImhPlayViewTutor *t = self->tutor;

  if (self->game == NULL)
    return;
  if (t->shown && !t->suggesting && !verdict_current (self, &t->verdict))
    hide_bar (self);
  if (!t->waiting)
    return;
  if (!verdict_current (self, &t->verdict))
    {
      t->waiting = FALSE;
      return;
    }
  if (imh_game_get_phase (self->game) != IMH_GAME_PHASE_HUMAN
      || imh_game_get_viewed_ply (self->game) != imh_game_get_live_ply (self->game))
    return;
  t->waiting = FALSE;
  show_bar (self);
}

static void
on_verdict (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ImhPlayView) self = user_data;
  g_autoptr(GError) error = NULL;
  ImhPlayViewTutor *t;
  ImhTutorVerdict v;

  if (!imh_game_tutor_finish (IMH_GAME (source), result, &v, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("The tutor could not judge: %s", error->message);
      return;
    }
  t = self->tutor;
  if (t == NULL || self->game != IMH_GAME (source))
    return;
  g_clear_object (&t->cancellable);
  if (!v.blunder || !verdict_current (self, &v))
    return;
  t->verdict = v;
  t->waiting = TRUE;
  show_if_ready (self);
}

/* Whether the Study page is the one shown (the tutor is for play). */
static gboolean
studying (ImhPlayView *self)
{
  GtkWidget *stack = self->study_view != NULL ? gtk_widget_get_parent (self->study_view) : NULL;

  return GTK_IS_STACK (stack)
         && gtk_stack_get_visible_child (GTK_STACK (stack)) == self->study_view;
}

void
_imh_play_view_tutor_decide (ImhPlayView *self,
                             ImhDecision  decision)
{
  ImhPlayViewTutor *t = self->tutor;
  ImhDecision hint;
  guint viewed = imh_game_get_viewed_ply (self->game);

  /* A new decision: the last verdict has had its time. */
  if (!t->suggesting)
    hide_bar (self);
  t->waiting = FALSE;
  t->asked = tutor_enabled (self) && viewed == imh_game_get_live_ply (self->game)
             && !studying (self);
  t->asked_hinted = imh_board_get_hint (IMH_BOARD (self->board), &hint) && hint == decision;
  t->asked_ply = viewed;
  t->asked_decision = decision;
}

/* Judges the decision of the game's line at ply. */
static void
start_search (ImhPlayView *self,
              guint        ply)
{
  ImhPlayViewTutor *t = self->tutor;

  cancel_search (t);
  t->cancellable = g_cancellable_new ();
  t->job_ply = ply;
  t->job_decision = imh_game_get_decision_at (self->game, ply);
  imh_game_tutor_async (self->game, ply, NULL, t->cancellable, on_verdict, g_object_ref (self));
}

void
_imh_play_view_tutor_applied (ImhPlayView *self,
                              guint        ply,
                              ImhDecision  decision)
{
  ImhPlayViewTutor *t = self->tutor;
  const ImhState *before;
  int actor;

  if (!t->asked || t->asked_ply != ply || t->asked_decision != decision)
    return;
  t->asked = FALSE;
  before = imh_game_get_state_at (self->game, ply);
  actor = before != NULL ? imh_actor (before) : -1;
  if (t->asked_hinted || actor < 0 || imh_seat_is_computer (imh_game_get_seat (self->game, actor)))
    return;
  start_search (self, ply);
}

void
_imh_play_view_tutor_judge_last (ImhPlayView *self)
{
  if (self->tutor == NULL || self->game == NULL)
    return;
  for (guint ply = imh_game_get_live_ply (self->game); ply-- > 0;)
    {
      int actor = imh_actor (imh_game_get_state_at (self->game, ply));

      if (actor >= 0 && !imh_seat_is_computer (imh_game_get_seat (self->game, actor)))
        {
          start_search (self, ply);
          return;
        }
    }
}

void
_imh_play_view_tutor_refresh (ImhPlayView *self)
{
  ImhPlayViewTutor *t = self->tutor;

  if (t == NULL || self->game == NULL)
    return;
  /* A search for a decision the game took back is of no use. */
  if (t->cancellable != NULL
      && (t->job_ply >= imh_game_get_live_ply (self->game)
          || imh_game_get_decision_at (self->game, t->job_ply) != t->job_decision))
    cancel_search (t);
  show_if_ready (self);
}

void
_imh_play_view_tutor_game_changed (ImhPlayView *self)
{
  ImhPlayViewTutor *t = self->tutor;

  if (t == NULL)
    return;
  cancel_search (t);
  t->asked = FALSE;
  t->waiting = FALSE;
  hide_bar (self);
}

gboolean
_imh_play_view_tutor_searching (ImhPlayView *self)
{
  return self->tutor != NULL && self->tutor->cancellable != NULL;
}

const char *
_imh_play_view_tutor_message (ImhPlayView *self)
{
  if (self->tutor == NULL || !self->tutor->shown || self->tutor->suggesting)
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->tutor->message));
}

/* ---- The suggestion on the first game against the computer ---------------- */

void
_imh_play_view_tutor_suggest (ImhPlayView *self)
{
  ImhPlayViewTutor *t = self->tutor;
  gboolean computer = FALSE, person = FALSE;

  if (t == NULL || self->game == NULL || tutor_enabled (self)
      || g_settings_get_boolean (t->settings, "tutor-suggested"))
    return;
  for (guint p = 0; p < imh_game_get_n_players (self->game); p++)
    {
      if (imh_seat_is_computer (imh_game_get_seat (self->game, p)))
        computer = TRUE;
      else
        person = TRUE;
    }
  if (!computer || !person)
    return;
  g_settings_set_boolean (t->settings, "tutor-suggested", TRUE);
  /* In the tutor's place over the board, until dismissed, taken up or
   * another game comes. */
  hide_bar (self);
  build_bar (self);
  gtk_label_set_text (GTK_LABEL (t->message),
                      _("New to the game? The tutor points out costly decisions as you play"));
  gtk_widget_set_visible (t->show_button, FALSE);
  gtk_widget_set_visible (t->take_back_button, FALSE);
  gtk_widget_set_visible (t->enable_button, TRUE);
  t->suggesting = TRUE;
  t->shown = TRUE;
  gtk_widget_set_visible (t->revealer, TRUE);
  gtk_revealer_set_reveal_child (GTK_REVEALER (t->revealer), TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.tutor-enable", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.tutor-dismiss", TRUE);
}

gboolean
_imh_play_view_tutor_suggesting (ImhPlayView *self)
{
  return self->tutor != NULL && self->tutor->suggesting;
}

/* ---- Actions ------------------------------------------------------------------ */

/* The position before the judged decision with the better decision drawn
 * as the hint: taken back to it (back TRUE: the decision and the
 * computer's replies go, to redo; the message goes too), or only viewed
 * (the game stays as it is, and so does the message). */
static void
go_to_verdict (ImhPlayView *self,
               gboolean     back)
{
  ImhPlayViewTutor *t = self->tutor;
  ImhTutorVerdict v = t->verdict;

  if (!t->shown || !verdict_current (self, &v))
    {
      hide_bar (self);
      return;
    }
  if (back)
    {
      hide_bar (self);
      imh_game_go_to_ply (self->game, v.ply);
    }
  else
    imh_game_set_viewed_ply (self->game, v.ply);
  _imh_play_view_flush_refresh (self);
  if ((back ? imh_game_get_live_ply (self->game) : imh_game_get_viewed_ply (self->game)) == v.ply)
    {
      imh_board_show_hint (IMH_BOARD (self->board), v.best, v.win_best);
      _imh_play_view_actions_update (self);
    }
}

static void
tutor_take_back (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  go_to_verdict (IMH_PLAY_VIEW (widget), TRUE);
}

static void
tutor_show (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  go_to_verdict (IMH_PLAY_VIEW (widget), FALSE);
}

static void
tutor_enable (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  hide_bar (self);
  g_settings_set_boolean (self->tutor->settings, "tutor", TRUE);
}

static void
tutor_dismiss (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  hide_bar (IMH_PLAY_VIEW (widget));
}

void
_imh_play_view_class_tutor_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "game.tutor-show", NULL, tutor_show);
  gtk_widget_class_install_action (widget_class, "game.tutor-enable", NULL, tutor_enable);
  gtk_widget_class_install_action (widget_class, "game.tutor-take-back", NULL, tutor_take_back);
  gtk_widget_class_install_action (widget_class, "game.tutor-dismiss", NULL, tutor_dismiss);
}

/* ---- Life ----------------------------------------------------------------------- */

static void
on_tutor_setting (ImhPlayView *self)
{
  if (!tutor_enabled (self))
    _imh_play_view_tutor_game_changed (self);
}

/* The message's widgets, in the revealer. */
static void
build_bar (ImhPlayView *self)
{
  ImhPlayViewTutor *t = self->tutor;
  GtkWidget *bar, *heading, *title, *buttons, *show, *take_back, *dismiss, *enable;

  if (gtk_revealer_get_child (GTK_REVEALER (t->revealer)) != NULL)
    return;
  /* The title and Dismiss; the message; the buttons under it, at the
   * end (so that it fits a phone's width). */
  bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (bar, "tutor");
  gtk_widget_add_css_class (bar, "card");
  gtk_widget_set_margin_start (bar, 6);
  gtk_widget_set_margin_end (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);

  heading = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (heading, 12);
  gtk_widget_set_margin_end (heading, 4);
  gtk_widget_set_margin_top (heading, 4);
  /* Translators: the title of the tutor's message over the board */
  title = gtk_label_new (_("Tutor"));
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_hexpand (title, TRUE);
  dismiss = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_add_css_class (dismiss, "flat");
  gtk_widget_add_css_class (dismiss, "circular");
  gtk_widget_set_tooltip_text (dismiss, _("Dismiss"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dismiss), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Dismiss"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (dismiss), "game.tutor-dismiss");
  gtk_box_append (GTK_BOX (heading), title);
  gtk_box_append (GTK_BOX (heading), dismiss);

  t->message = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (t->message), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (t->message), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (t->message), 0);
  gtk_label_set_width_chars (GTK_LABEL (t->message), 12);
  gtk_label_set_max_width_chars (GTK_LABEL (t->message), 100);
  gtk_widget_set_margin_start (t->message, 12);
  gtk_widget_set_margin_end (t->message, 12);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_end (buttons, 8);
  gtk_widget_set_margin_bottom (buttons, 8);
  show = gtk_button_new_with_mnemonic (_("_Show"));
  gtk_widget_set_tooltip_text (show, _("Show the better decision in the position before yours"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (show), "game.tutor-show");
  take_back = gtk_button_new_with_mnemonic (_("_Take Back"));
  gtk_widget_add_css_class (take_back, "suggested-action");
  gtk_widget_set_tooltip_text (take_back, _("Undo the decision and show the better one"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (take_back), "game.tutor-take-back");
  enable = gtk_button_new_with_mnemonic (_("Turn On _Tutor"));
  gtk_widget_add_css_class (enable, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (enable), "game.tutor-enable");
  gtk_box_append (GTK_BOX (buttons), show);
  gtk_box_append (GTK_BOX (buttons), take_back);
  gtk_box_append (GTK_BOX (buttons), enable);
  t->show_button = show;
  t->take_back_button = take_back;
  t->enable_button = enable;

  gtk_box_append (GTK_BOX (bar), heading);
  gtk_box_append (GTK_BOX (bar), t->message);
  gtk_box_append (GTK_BOX (bar), buttons);
  gtk_revealer_set_child (GTK_REVEALER (t->revealer), bar);
}

void
_imh_play_view_tutor_init (ImhPlayView *self)
{
  ImhPlayViewTutor *t = g_new0 (ImhPlayViewTutor, 1);

  self->tutor = t;
  t->settings = g_settings_new (BASE_APP_ID);
  g_signal_connect_object (t->settings, "changed::tutor", G_CALLBACK (on_tutor_setting), self,
                           G_CONNECT_SWAPPED);

  t->revealer = gtk_revealer_new ();
  gtk_revealer_set_transition_type (GTK_REVEALER (t->revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  /* Over the board, under the status. */
  gtk_box_insert_child_after (GTK_BOX (self->content), t->revealer,
                              gtk_widget_get_prev_sibling (self->board));
  hide_bar (self);
}

void
_imh_play_view_tutor_dispose (ImhPlayView *self)
{
  ImhPlayViewTutor *t = self->tutor;

  if (t == NULL)
    return;
  cancel_search (t);
  g_clear_object (&t->settings);
  g_clear_pointer (&self->tutor, g_free);
}
