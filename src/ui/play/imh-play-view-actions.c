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
enable (ImhPlayView *self,
        const char  *name,
        gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
_imh_play_view_actions_update (ImhPlayView *self)
{
  gboolean has = self->game != NULL;
  guint viewed = has ? imh_game_get_viewed_ply (self->game) : 0;
  guint live = has ? imh_game_get_live_ply (self->game) : 0;
  const ImhState *vs = has ? imh_game_get_viewed_state (self->game) : NULL;

  enable (self, "save", has);
  enable (self, "save-as", has);
  enable (self, "undo", has && imh_game_get_can_undo (self->game));
  enable (self, "redo", has && imh_game_get_can_redo (self->game));
  enable (self, "hint", has && !imh_is_over (vs));
  enable (self, "play-hint", has && imh_board_get_hint_visible (IMH_BOARD (self->board)));
  enable (self, "history-previous", has && viewed > 0);
  enable (self, "history-first", has && viewed > 0);
  enable (self, "history-next", has && viewed < live);
  enable (self, "history-last", has && viewed < live);
  enable (self, "show-summary", has && imh_game_get_is_over (self->game));
  enable (self, "resume-computer", has && imh_game_get_phase (self->game) == IMH_GAME_PHASE_COMPUTER_WAITING);
  {
    ImhAnalysisPage *page = IMH_ANALYSIS_PAGE (self->analysis_page);
    gboolean running = imh_analysis_page_get_running (page);

    enable (self, "analyse", has && !running && imh_game_get_n_plies (self->game) > 0);
    enable (self, "analyse-quick", has && !running && imh_game_get_n_plies (self->game) > 0);
    enable (self, "cancel-analysis", running);
    enable (self, "previous-mistake", has && imh_analysis_page_find_mistake (page, FALSE) >= 0);
    enable (self, "next-mistake", has && imh_analysis_page_find_mistake (page, TRUE) >= 0);
  }
}

static void
on_abandon_response (ImhPlayView *self,
                     const char  *response)
{
  if (g_strcmp0 (response, "new") == 0)
    _imh_play_view_start_new_game (self);
}

static void
game_new_game (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  ImhPlayView *self = user_data;
  GtkWidget *dialog;

  if (self->game == NULL || imh_game_get_is_over (self->game) || imh_game_get_n_plies (self->game) == 0)
    {
      _imh_play_view_start_new_game (self);
      return;
    }
  /* Ask before abandoning a game in progress. */
  dialog = adw_message_dialog_new (_imh_play_view_parent_window (self), _("Abandon the Current Game?"),
                                   _("The game in progress will be replaced by the new one."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "new", _("_New Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "new",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_abandon_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
game_open (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  _imh_play_view_open (IMH_PLAY_VIEW (user_data));
}

/* Ctrl+S: to the game's file, or Save As when it has none. */
static void
game_save (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  _imh_play_view_save (IMH_PLAY_VIEW (user_data));
}

static void
game_save_as (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  _imh_play_view_save_as (IMH_PLAY_VIEW (user_data));
}

static void
game_undo (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  ImhPlayView *self = user_data;

  if (self->game == NULL)
    return;
  if (imh_game_has_computer (self->game))
    imh_game_undo_to_human (self->game);
  else
    imh_game_undo (self->game);
}

static void
game_redo (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  ImhPlayView *self = user_data;

  if (self->game == NULL)
    return;
  if (imh_game_has_computer (self->game))
    imh_game_redo_to_human (self->game);
  else
    imh_game_redo (self->game);
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
game_hint (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  ImhPlayView *self = user_data;

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
game_play_hint (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  ImhPlayView *self = user_data;
  ImhDecision d;

  if (self->game == NULL || !imh_board_get_hint (IMH_BOARD (self->board), &d))
    return;
  if (!imh_board_get_interactive (IMH_BOARD (self->board)))
    return;
  _imh_play_view_decide (self, d);
}

static void
game_history_previous (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  ImhPlayView *self = user_data;
  guint viewed;

  if (self->game == NULL || (viewed = imh_game_get_viewed_ply (self->game)) == 0)
    return;
  imh_game_set_viewed_ply (self->game, imh_game_get_turn_start (self->game, viewed - 1));
}

static void
game_history_next (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  ImhPlayView *self = user_data;
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
game_history_first (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  ImhPlayView *self = user_data;

  if (self->game != NULL)
    imh_game_set_viewed_ply (self->game, 0);
}

static void
game_history_last (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  ImhPlayView *self = user_data;

  if (self->game != NULL)
    imh_game_set_viewed_ply (self->game, imh_game_get_live_ply (self->game));
}

static void
game_show_sidebar (GSimpleAction *action,
                   GVariant      *state,
                   gpointer       user_data)
{
  ImhPlayView *self = user_data;

  g_simple_action_set_state (action, state);
  adw_flap_set_reveal_flap (self->flap, g_variant_get_boolean (state));
}

static void
game_show_summary (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  _imh_play_view_show_summary (IMH_PLAY_VIEW (user_data));
}

static void
game_resume_computer (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  ImhPlayView *self = user_data;

  if (self->game != NULL)
    imh_game_resume_computer (self->game);
}

static void
game_analyse (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  ImhPlayView *self = user_data;

  if (self->game == NULL)
    return;
  _imh_play_view_show_analysis_page (self);
  imh_analysis_page_start (IMH_ANALYSIS_PAGE (self->analysis_page),
                           g_str_equal (g_action_get_name (G_ACTION (action)), "analyse-quick")
                           ? IMH_ANALYSIS_QUICK : IMH_ANALYSIS_STANDARD);
}

static void
game_cancel_analysis (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  ImhPlayView *self = user_data;

  imh_analysis_page_cancel (IMH_ANALYSIS_PAGE (self->analysis_page));
}

static void
game_previous_mistake (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  ImhPlayView *self = user_data;

  imh_analysis_page_go_to_mistake (IMH_ANALYSIS_PAGE (self->analysis_page), FALSE);
}

static void
game_next_mistake (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  ImhPlayView *self = user_data;

  imh_analysis_page_go_to_mistake (IMH_ANALYSIS_PAGE (self->analysis_page), TRUE);
}

/* Review: "everything revealed" (TRUE) or "as the player saw it". */
static void
game_reveal_hidden (GSimpleAction *action,
                    GVariant      *state,
                    gpointer       user_data)
{
  ImhPlayView *self = user_data;

  g_simple_action_set_state (action, state);
  imh_board_set_reveal_hidden (IMH_BOARD (self->board), g_variant_get_boolean (state));
}

/* Back to the line the game had before a variation was explored there. */
static void
game_return_to_line (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  ImhPlayView *self = user_data;
  g_autoptr(GError) error = NULL;
  guint ply, d;

  g_variant_get (parameter, "(uu)", &ply, &d);
  if (!imh_study_view_return_to_line (IMH_STUDY_VIEW (self->study_view), ply, d, &error))
    imh_ui_toast (GTK_WIDGET (self), error->message);
}

static const GActionEntry game_entries[] = {
  { .name = "new-game", .activate = game_new_game },
  { .name = "open", .activate = game_open },
  { .name = "save", .activate = game_save },
  { .name = "save-as", .activate = game_save_as },
  { .name = "undo", .activate = game_undo },
  { .name = "redo", .activate = game_redo },
  { .name = "hint", .activate = game_hint },
  { .name = "play-hint", .activate = game_play_hint },
  { .name = "history-previous", .activate = game_history_previous },
  { .name = "history-next", .activate = game_history_next },
  { .name = "history-first", .activate = game_history_first },
  { .name = "history-last", .activate = game_history_last },
  { .name = "show-sidebar", .state = "true", .change_state = game_show_sidebar },
  { .name = "show-summary", .activate = game_show_summary },
  { .name = "resume-computer", .activate = game_resume_computer },
  { .name = "return-to-line", .parameter_type = "(uu)", .activate = game_return_to_line },
  { .name = "analyse", .activate = game_analyse },
  { .name = "analyse-quick", .activate = game_analyse },
  { .name = "cancel-analysis", .activate = game_cancel_analysis },
  { .name = "previous-mistake", .activate = game_previous_mistake },
  { .name = "next-mistake", .activate = game_next_mistake },
  { .name = "reveal-hidden", .state = "false", .change_state = game_reveal_hidden },
};

void
_imh_play_view_actions_init (ImhPlayView *self)
{
  g_assert (IMH_IS_PLAY_VIEW (self));
  g_assert (self->actions == NULL);

  /* A group, not widget-class actions: the window's header bar, its menus
   * and the application's accelerators (Ctrl+N, Ctrl+Z…) are outside the
   * view and reach game.* through the window, which inserts this group
   * too (imh_play_view_get_actions ()); class actions would only be seen
   * from the view and its children. Inserted into the view as well, so
   * that the view (its buttons, its keys, the analysis page's buttons)
   * works in any window. */
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), game_entries,
                                   G_N_ELEMENTS (game_entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "game", G_ACTION_GROUP (self->actions));
}
