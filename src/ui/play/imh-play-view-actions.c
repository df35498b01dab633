/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-play-view-actions.c — the play view's "game" actions: new game, files,
 * undo and redo, hints, the history, the sidebar, analysis and review. */
#define G_LOG_DOMAIN "imh-play-view"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-analysis-page.h"
#include "imh-board.h"
#include "imh-hint.h"
#include "imh-play-view-private.h"
#include "imh-study-view.h"
#include "imh-ui-util.h"

static void
on_abandon_response (ImhPlayView *self,
                     const char  *response)
{
  if (g_strcmp0 (response, "new") == 0)
    _imh_play_view_start_new_game (self);
}

static void
game_new_game (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);
  GtkWidget *dialog;

  if (self->game == NULL || imh_game_get_is_over (self->game) || imh_game_get_n_plies (self->game) == 0)
    {
      _imh_play_view_start_new_game (self);
      return;
    }
  /* Ask before a game in progress makes way for the new one. */
  dialog = _imh_play_view_replace_dialog_new (self, _("Start a New Game?"),
                                              _("The game in progress will be replaced by the new one."),
                                              "new", _("_New Game"));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_abandon_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
game_open (GtkWidget  *widget,
           const char *action_name,
           GVariant   *parameter)
{
  _imh_play_view_open (IMH_PLAY_VIEW (widget));
}

/* Ctrl+S: to the game's file, or Save As when it has none. */
static void
game_save (GtkWidget  *widget,
           const char *action_name,
           GVariant   *parameter)
{
  _imh_play_view_save (IMH_PLAY_VIEW (widget));
}

static void
game_save_as (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  _imh_play_view_save_as (IMH_PLAY_VIEW (widget));
}

/* Back (or forward) in the line: against a computer seat to the person's
 * decision (undoing the computer's replies with it); in hot-seat by one
 * decision, or by a whole turn with the other players' choices in it. */
static void
step_line (GtkWidget *widget,
           gboolean   forward,
           gboolean   whole_turn)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  if (self->game == NULL)
    return;
  if (imh_game_has_computer (self->game))
    (forward ? imh_game_redo_to_human : imh_game_undo_to_human) (self->game);
  else if (whole_turn)
    (forward ? imh_game_redo_turn : imh_game_undo_turn) (self->game);
  else
    (forward ? imh_game_redo : imh_game_undo) (self->game);
}

static void
game_undo (GtkWidget  *widget,
           const char *action_name,
           GVariant   *parameter)
{
  step_line (widget, FALSE, FALSE);
}

static void
game_redo (GtkWidget  *widget,
           const char *action_name,
           GVariant   *parameter)
{
  step_line (widget, TRUE, FALSE);
}

static void
game_undo_turn (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  step_line (widget, FALSE, TRUE);
}

static void
game_redo_turn (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  step_line (widget, TRUE, TRUE);
}

static void
on_hint_ready (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(ImhPlayView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) hints = imh_game_hint_finish (IMH_GAME (source), result, &error);
  g_autoptr(ImhHint) best = NULL;

  if (hints == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_object (&self->hint_cancellable);
          if (self->game != NULL)
            _imh_play_view_update_status (self);
          imh_ui_toast (GTK_WIDGET (self), error->message);
        }
      return;
    }
  g_clear_object (&self->hint_cancellable);
  if (self->game != IMH_GAME (source))
    return;
  _imh_play_view_update_status (self);
  best = g_list_model_get_item (hints, 0);
  if (best == NULL || imh_hint_get_ply (best) != imh_game_get_viewed_ply (self->game))
    return;
  /* The best (or the best five) on the board, all in the Study page. */
  imh_study_view_show_hints (IMH_STUDY_VIEW (self->study_view), hints);
  _imh_play_view_actions_update (self);
}

static void
game_hint (GtkWidget  *widget,
           const char *action_name,
           GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  if (self->game == NULL)
    return;
  /* H again hides the hint. */
  if (imh_board_get_hint_visible (IMH_BOARD (self->board)))
    {
      imh_board_clear_hint (IMH_BOARD (self->board));
      _imh_play_view_actions_update (self);
      return;
    }
  if (self->hint_cancellable != NULL)
    return;   /* already searching */
  self->hint_cancellable = g_cancellable_new ();
  imh_game_hint_async (self->game, G_MAXUINT, imh_play_view_get_hint_budget (self),
                       self->hint_cancellable, on_hint_ready, g_object_ref (self));
  _imh_play_view_update_status (self);
}

static void
game_play_hint (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);
  ImhDecision d;

  if (self->game == NULL || !imh_board_get_hint (IMH_BOARD (self->board), &d))
    return;
  if (!imh_board_get_interactive (IMH_BOARD (self->board)))
    return;
  _imh_play_view_decide (self, d);
}

static void
game_history_previous (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);
  guint viewed;

  if (self->game == NULL || (viewed = imh_game_get_viewed_ply (self->game)) == 0)
    return;
  imh_game_set_viewed_ply (self->game, imh_game_get_turn_start (self->game, viewed - 1));
}

static void
game_history_next (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);
  guint viewed, end;

  if (self->game == NULL)
    return;
  viewed = imh_game_get_viewed_ply (self->game);
  end = imh_game_get_turn_end (self->game, viewed);
  if (end <= viewed)
    end = viewed + 1;
  imh_game_set_viewed_ply (self->game, MIN (end, imh_game_get_live_ply (self->game)));
}

static void
game_history_first (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  if (self->game != NULL)
    imh_game_set_viewed_ply (self->game, 0);
}

static void
game_history_last (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  if (self->game != NULL)
    imh_game_set_viewed_ply (self->game, imh_game_get_live_ply (self->game));
}

static void
game_show_summary (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  _imh_play_view_show_summary (IMH_PLAY_VIEW (widget));
}

static void
game_resume_computer (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  if (self->game != NULL)
    imh_game_resume_computer (self->game);
}

static void
game_analyse (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  if (self->game == NULL)
    return;
  _imh_play_view_show_analysis_page (self);
  imh_analysis_page_start (IMH_ANALYSIS_PAGE (self->analysis_page),
                           g_str_equal (action_name, "game.analyse-quick")
                           ? IMH_ANALYSIS_QUICK : IMH_ANALYSIS_STANDARD);
}

static void
game_cancel_analysis (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  imh_analysis_page_cancel (IMH_ANALYSIS_PAGE (self->analysis_page));
}

static void
game_previous_mistake (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  imh_analysis_page_go_to_mistake (IMH_ANALYSIS_PAGE (self->analysis_page), FALSE);
}

static void
game_next_mistake (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  imh_analysis_page_go_to_mistake (IMH_ANALYSIS_PAGE (self->analysis_page), TRUE);
}

/* Back to the line the game had before a variation was explored there. */
static void
game_return_to_line (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);
  g_autoptr(GError) error = NULL;
  guint ply, d;

  g_variant_get (parameter, "(uu)", &ply, &d);
  if (!imh_study_view_return_to_line (IMH_STUDY_VIEW (self->study_view), ply, d, &error))
    imh_ui_toast (GTK_WIDGET (self), error->message);
}

/* Ctrl+D from anywhere in the view: the study view's bookmark. */
static void
game_bookmark (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);

  gtk_widget_activate_action (self->study_view, "study.bookmark", NULL);
}

/* The view's actions but the two that mirror a property; the index is the
 * action's bit in self->disabled. */
static const struct {
  const char                  *name;
  const char                  *parameter_type;
  GtkWidgetActionActivateFunc  activate;
} game_actions[] = {
  { "game.new-game", NULL, game_new_game },
  { "game.open", NULL, game_open },
  { "game.save", NULL, game_save },
  { "game.save-as", NULL, game_save_as },
  { "game.undo", NULL, game_undo },
  { "game.redo", NULL, game_redo },
  { "game.undo-turn", NULL, game_undo_turn },
  { "game.redo-turn", NULL, game_redo_turn },
  { "game.hint", NULL, game_hint },
  { "game.play-hint", NULL, game_play_hint },
  { "game.history-previous", NULL, game_history_previous },
  { "game.history-next", NULL, game_history_next },
  { "game.history-first", NULL, game_history_first },
  { "game.history-last", NULL, game_history_last },
  { "game.show-summary", NULL, game_show_summary },
  { "game.resume-computer", NULL, game_resume_computer },
  { "game.return-to-line", "(uu)", game_return_to_line },
  { "game.analyse", NULL, game_analyse },
  { "game.analyse-quick", NULL, game_analyse },
  { "game.cancel-analysis", NULL, game_cancel_analysis },
  { "game.previous-mistake", NULL, game_previous_mistake },
  { "game.next-mistake", NULL, game_next_mistake },
  { "game.bookmark", NULL, game_bookmark },
};
#define n_game_actions G_N_ELEMENTS (game_actions)

/* The index of an action in game_actions: its bit in self->disabled. */
static int
action_index (const char *name)
{
  for (guint i = 0; i < n_game_actions; i++)
    if (g_str_equal (game_actions[i].name, name))
      return (int) i;
  return -1;
}

static void
enable (ImhPlayView *self,
        const char  *name,
        gboolean     enabled)
{
  int i = action_index (name);

  g_assert (i >= 0);
  if (enabled)
    self->disabled &= ~(G_GUINT64_CONSTANT (1) << i);
  else
    self->disabled |= G_GUINT64_CONSTANT (1) << i;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), name, enabled);
}

void
_imh_play_view_actions_update (ImhPlayView *self)
{
  guint64 before = self->disabled;
  gboolean has = self->game != NULL;
  guint viewed = has ? imh_game_get_viewed_ply (self->game) : 0;
  guint live = has ? imh_game_get_live_ply (self->game) : 0;
  const ImhState *vs = has ? imh_game_get_viewed_state (self->game) : NULL;

  enable (self, "game.save", has);
  enable (self, "game.save-as", has);
  enable (self, "game.undo", has && imh_game_get_can_undo (self->game));
  enable (self, "game.redo", has && imh_game_get_can_redo (self->game));
  enable (self, "game.undo-turn", has && imh_game_get_can_undo (self->game));
  enable (self, "game.redo-turn", has && imh_game_get_can_redo (self->game));
  enable (self, "game.hint", has && !imh_is_over (vs));
  enable (self, "game.play-hint", has && imh_board_get_hint_visible (IMH_BOARD (self->board)));
  enable (self, "game.history-previous", has && viewed > 0);
  enable (self, "game.history-first", has && viewed > 0);
  enable (self, "game.history-next", has && viewed < live);
  enable (self, "game.history-last", has && viewed < live);
  enable (self, "game.show-summary", has && imh_game_get_is_over (self->game));
  enable (self, "game.bookmark", has);
  enable (self, "game.resume-computer", has && imh_game_get_phase (self->game) == IMH_GAME_PHASE_COMPUTER_WAITING);
  {
    ImhAnalysisPage *page = IMH_ANALYSIS_PAGE (self->analysis_page);
    gboolean running = imh_analysis_page_get_running (page);

    enable (self, "game.analyse", has && !running && imh_game_get_n_plies (self->game) > 0);
    enable (self, "game.analyse-quick", has && !running && imh_game_get_n_plies (self->game) > 0);
    enable (self, "game.cancel-analysis", running);
    enable (self, "game.previous-mistake", has && imh_analysis_page_find_mistake (page, FALSE) >= 0);
    enable (self, "game.next-mistake", has && imh_analysis_page_find_mistake (page, TRUE) >= 0);
  }
  if (self->disabled != before)
    _imh_play_view_emit_actions_changed (self);
}

/* The "game" actions, on the class: the view and its children (the
 * sidebar's pages, the analysis page's buttons) reach them by name. The
 * window forwards the ones its header bar, menu and accelerators use
 * (win.*, imh-window.c). */
void
_imh_play_view_class_actions_init (GtkWidgetClass *widget_class)
{
  G_STATIC_ASSERT (G_N_ELEMENTS (game_actions) <= 64);

  for (guint i = 0; i < G_N_ELEMENTS (game_actions); i++)
    gtk_widget_class_install_action (widget_class, game_actions[i].name,
                                     game_actions[i].parameter_type, game_actions[i].activate);
  gtk_widget_class_install_property_action (widget_class, "game.show-sidebar", "show-sidebar");
  gtk_widget_class_install_property_action (widget_class, "game.reveal-hidden", "reveal-hidden");
}

void
_imh_play_view_actions_init (ImhPlayView *self)
{
  g_assert (IMH_IS_PLAY_VIEW (self));

  _imh_play_view_actions_update (self);
}

gboolean
_imh_play_view_action_enabled (ImhPlayView *self,
                               const char  *name)
{
  int i = action_index (name);

  if (i >= 0)
    return (self->disabled & (G_GUINT64_CONSTANT (1) << i)) == 0;
  /* The property actions are always enabled. */
  return g_str_equal (name, "game.show-sidebar") || g_str_equal (name, "game.reveal-hidden");
}
