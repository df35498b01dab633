/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-play-view.c — the board, status line and sidebar of a game in play. */
#define G_LOG_DOMAIN "imh-play-view"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-ui-util.h"
#include "imh-analysis-page.h"
#include "imh-board-factory.h"
#include "imh-game-over.h"
#include "imh-hint.h"
#include "imh-history-view.h"
#include "imh-new-game-dialog.h"
#include "imh-play-view-private.h"
#include "imh-record-file.h"
#include "imh-score-view.h"
#include "imh-session.h"
#include "imh-study-view.h"
#include "imh-texts.h"


G_DEFINE_FINAL_TYPE (ImhPlayView, imh_play_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SESSION,
  PROP_BUSY,
  PROP_SHOW_SIDEBAR,
  PROP_REVEAL_HIDDEN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ACTIONS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void refresh (ImhPlayView *self);
static void queue_refresh (ImhPlayView *self);

/* ---- Helpers ------------------------------------------------------------------- */

static GtkWindow *
parent_window (ImhPlayView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

/* A player's name as the view shows it, shortened with an ellipsis (a
 * long name never widens or breaks a view). Owned by the view; the pointer
 * stays valid until that player's name changes. */
static const char *
player_name (ImhPlayView *self,
             int          player)
{
  g_autofree char *name = NULL;

  if (self->game == NULL || player < 0 || (guint) player >= imh_game_get_n_players (self->game))
    return "";
  name = imh_ui_player_name (self->game, player);
  if (g_strcmp0 (name, self->names[player]) != 0)
    {
      g_free (self->names[player]);
      self->names[player] = g_steal_pointer (&name);
    }
  return self->names[player];
}

/* ---- Status and refresh -------------------------------------------------------- */

static void
update_actions (ImhPlayView *self)
{
  _imh_play_view_actions_update (self);
}

/* Every player's shown name, for the texts of core (names[player]). */
static void
player_names (ImhPlayView *self,
              const char  *names[IMH_MAX_PLAYERS])
{
  for (int p = 0; p < IMH_MAX_PLAYERS; p++)
    names[p] = player_name (self, p);
}

static void
update_status (ImhPlayView *self)
{
  g_autofree char *text = NULL;
  const ImhState *viewed = imh_game_get_viewed_state (self->game);
  guint viewed_ply = imh_game_get_viewed_ply (self->game);
  guint live_ply = imh_game_get_live_ply (self->game);
  ImhGamePhase phase = imh_game_get_phase (self->game);
  int actor = imh_actor (viewed);
  gboolean thinking = imh_game_get_thinking (self->game) || self->hint_cancellable != NULL;
  const char *names[IMH_MAX_PLAYERS];

  player_names (self, names);

  if (viewed_ply < live_ply)
    {
      if (imh_is_over (viewed))
        text = g_strdup (_("Viewing the end of the game"));
      else if (imh_seat_is_computer (imh_game_get_seat (self->game, actor)))
        text = g_strdup_printf (_("Viewing an earlier position (%s to move). Press End for the game."),
                                player_name (self, actor));
      else
        text = g_strdup_printf (_("Viewing an earlier position. %s may play on from here: %s."),
                                player_name (self, actor),
                                imh_texts_phase (viewed, imh_board_get_pending (IMH_BOARD (self->board))));
    }
  else if (phase == IMH_GAME_PHASE_OVER)
    {
      ImhScore score;
      g_autofree char *result = NULL;
      const char *tiebreak;

      imh_game_get_score (self->game, &score);
      result = imh_texts_result_line (&score, names);
      tiebreak = imh_texts_tiebreak (score.tiebreak);
      text = g_strdup_printf (_("Game over: %s"), result);
      if (tiebreak != NULL)
        {
          char *both = g_strconcat (text, " ", tiebreak, NULL);
          g_free (text);
          text = both;
        }
    }
  else if (phase == IMH_GAME_PHASE_COMPUTER)
    text = g_strdup_printf (_("%s is thinking…"), player_name (self, actor));
  else if (phase == IMH_GAME_PHASE_COMPUTER_WAITING)
    text = g_strdup_printf (_("%s waits while you go back: redo, play on, or let the computer continue"),
                            player_name (self, actor));
  else
    text = imh_texts_prompt (viewed, names, imh_board_get_pending (IMH_BOARD (self->board)));
  if (self->hint_cancellable != NULL)
    {
      /* Translators: appended to the status while a hint is searched */
      char *more = g_strconcat (text, " ", _("(looking for a hint…)"), NULL);
      g_free (text);
      text = more;
    }

  gtk_label_set_text (GTK_LABEL (self->status_label), text);
  gtk_widget_set_tooltip_text (self->status_label, text);
  gtk_widget_set_visible (self->spinner, thinking);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), thinking);
  if (self->busy != thinking)
    {
      self->busy = thinking;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
    }
  gtk_widget_set_visible (self->summary_button, phase == IMH_GAME_PHASE_OVER);
  gtk_widget_set_visible (self->resume_button, phase == IMH_GAME_PHASE_COMPUTER_WAITING);
}

/* A hint (or its search) goes with the position it was for, at once. */
static void
drop_stale_hint (ImhPlayView *self)
{
  guint viewed_ply = imh_game_get_viewed_ply (self->game);
  guint live_ply = imh_game_get_live_ply (self->game);

  if (viewed_ply != self->last_viewed_ply || live_ply != self->last_live_ply)
    {
      g_cancellable_cancel (self->hint_cancellable);
      g_clear_object (&self->hint_cancellable);
      imh_board_clear_hint (IMH_BOARD (self->board));
    }
  self->last_live_ply = live_ply;
  self->last_viewed_ply = viewed_ply;
}

/* Whether a person decides in state (a seat that is not the computer's). */
static gboolean
person_decides (ImhPlayView    *self,
                const ImhState *state)
{
  int actor = imh_actor (state);

  return actor >= 0 && !imh_seat_is_computer (imh_game_get_seat (self->game, actor));
}

/* Shows the game: board, names, score, status and actions. Runs once per
 * frame at most (queue_refresh ()); the board's animations come from
 * on_decision_applied (), never from here. */
static void
refresh (ImhPlayView *self)
{
  const ImhState *viewed;
  guint viewed_ply;
  const char *names[IMH_MAX_PLAYERS];

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->game == NULL)
    {
      update_actions (self);
      return;
    }

  viewed = imh_game_get_viewed_state (self->game);
  viewed_ply = imh_game_get_viewed_ply (self->game);

  drop_stale_hint (self);
  player_names (self, names);
  for (guint p = 0; p < imh_game_get_n_players (self->game); p++)
    imh_board_set_player_name (IMH_BOARD (self->board), p, names[p]);
  /* The position an animation runs to keeps its animation running. */
  imh_board_set_state (IMH_BOARD (self->board), viewed, person_decides (self, viewed), FALSE);
  imh_board_set_last_decision (IMH_BOARD (self->board), viewed_ply > 0,
                               viewed_ply > 0 ? imh_game_get_decision_at (self->game, viewed_ply - 1) : 0);
  imh_score_view_set_state (IMH_SCORE_VIEW (self->score_view), viewed, names);
  update_status (self);
  update_actions (self);
  _imh_play_view_tutor_refresh (self);
}

static gboolean
refresh_cb (gpointer user_data)
{
  ImhPlayView *self = user_data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

/* Changes of the game mark the view for one refresh before the next
 * frame: an idle before GDK's redraw priority (layout and paint). */
static void
queue_refresh (ImhPlayView *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 10, refresh_cb, self, NULL);
}

/* Runs the refresh queued, if any, now. */
void
_imh_play_view_flush_refresh (ImhPlayView *self)
{
  g_return_if_fail (IMH_IS_PLAY_VIEW (self));

  if (self->refresh_id != 0)
    refresh (self);
}

/* ---- Game over --------------------------------------------------------------- */

static void start_new_game_dialog (ImhPlayView *self);

static void
play_again (ImhPlayView *self)
{
  ImhOptions options;
  g_autoptr(GError) error = NULL;

  if (self->game == NULL)
    return;
  imh_game_get_options (self->game, &options);
  /* The next player starts the next game. */
  options.start_player = (int8_t) ((options.start_player + 1) % MAX (options.n_players, 1));
  if (!imh_game_restart (self->game, &options, g_random_int () | ((guint64) g_random_int () << 32), &error))
    imh_ui_toast (GTK_WIDGET (self), error->message);
  self->last_live_ply = self->last_viewed_ply = 0;
  refresh (self);
}

static void
on_summary_response (ImhPlayView *self,
                     const char  *response)
{
  if (g_strcmp0 (response, "again") == 0)
    play_again (self);
  else if (g_strcmp0 (response, "new") == 0)
    start_new_game_dialog (self);
  else if (g_strcmp0 (response, "analyse") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "game.analyse", NULL);
}

static void
on_summary_destroyed (ImhPlayView *self)
{
  self->summary = NULL;
}

static void
show_summary (ImhPlayView *self)
{
  const char *names[IMH_MAX_PLAYERS];
  ImhScore score;

  if (self->game == NULL || !imh_game_get_is_over (self->game) || self->summary != NULL)
    return;
  player_names (self, names);
  imh_game_get_score (self->game, &score);
  self->summary = imh_game_over_dialog_new (parent_window (self), imh_game_get_rules (self->game),
                                            &score, names);
  g_signal_connect_object (self->summary, "response", G_CALLBACK (on_summary_response), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->summary, "destroy", G_CALLBACK (on_summary_destroyed), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (self->summary);
}

/* ---- Game signals ---------------------------------------------------------------- */

/* The actions follow the game at once (a shortcut pressed before the next
 * frame finds them right); what is shown waits for the frame. */
static void
on_game_changed (ImhPlayView *self)
{
  drop_stale_hint (self);
  update_actions (self);
  queue_refresh (self);
}

static void
on_game_progress (ImhPlayView *self)
{
  queue_refresh (self);
}

/* A decision played at the live end while the view shows it: the board
 * shows the position after at once and animates the decision. */
static void
on_decision_applied (ImhPlayView *self,
                     guint        ply,
                     guint        decision)
{
  const ImhState *after;

  _imh_play_view_tutor_applied (self, ply, (ImhDecision) decision);
  self->decided_end = imh_game_get_is_over (self->game);
  if (imh_game_get_live_ply (self->game) != ply + 1 || imh_game_get_viewed_ply (self->game) != ply + 1)
    return;
  drop_stale_hint (self);
  after = imh_game_get_state_at (self->game, ply + 1);
  imh_board_animate_decision (IMH_BOARD (self->board), imh_game_get_state_at (self->game, ply),
                              (ImhDecision) decision, after, person_decides (self, after));
  queue_refresh (self);
}

/* The summary opens when a decision played ends the game, not when the
 * live position comes back to an end already reached (back to the main
 * line after a variation, a redo). */
static void
on_game_over (ImhPlayView *self)
{
  gboolean decided = self->decided_end;

  self->decided_end = FALSE;
  if (decided)
    show_summary (self);
}

static void
apply_decision (ImhPlayView   *self,
                ImhDecision    decision,
                ImhBranchMode  mode)
{
  g_autoptr(GError) error = NULL;

  if (self->game == NULL)
    return;
  if (!imh_game_apply (self->game, decision, mode, &error))
    imh_ui_toast (GTK_WIDGET (self), error->message);
}

static void
on_return_to_line_clicked (AdwToast    *toast,
                           ImhPlayView *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "game.return-to-line", "(uu)",
                              GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (toast), "imh-ply")),
                              GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (toast), "imh-decision")));
}

static void
on_branch_response (AdwMessageDialog *dialog,
                    const char       *response,
                    ImhPlayView      *self)
{
  ImhDecision d = self->branch_decision;

  if (g_strcmp0 (response, "variation") == 0)
    {
      guint ply = imh_game_get_viewed_ply (self->game);
      ImhDecision old = imh_game_get_decision_at (self->game, ply);
      guint before = imh_game_get_n_plies (self->game);
      GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

      apply_decision (self, d, IMH_BRANCH_VARIATION);
      /* Exploring: the game's line is one click away (also in Study). */
      if (overlay != NULL && imh_game_get_decision_at (self->game, ply) == d && before > ply)
        {
          AdwToast *toast = imh_ui_toast_new (_("Exploring a variation: the game’s line is kept"));

          adw_toast_set_button_label (toast, _("_Back to the Game"));
          /* The overlay is the window's, outside the view: the button
           * reaches game.return-to-line through the view. */
          g_object_set_data (G_OBJECT (toast), "imh-ply", GUINT_TO_POINTER (ply));
          g_object_set_data (G_OBJECT (toast), "imh-decision", GUINT_TO_POINTER ((guint) old));
          g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_return_to_line_clicked),
                                   self, 0);
          adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
        }
    }
  else if (g_strcmp0 (response, "replace") == 0)
    apply_decision (self, d, IMH_BRANCH_TRUNCATE);
}

static void
on_board_decide (ImhPlayView *self,
                 guint        decision)
{
  GtkWidget *dialog;

  if (self->game == NULL)
    return;
  _imh_play_view_tutor_decide (self, (ImhDecision) decision);
  /* After undo (viewing the live position) a different decision keeps the
   * old continuation as a variation without asking: nothing is lost. From
   * an earlier position in review, ask. */
  if (imh_game_get_viewed_ply (self->game) == imh_game_get_live_ply (self->game)
      || !imh_game_would_branch (self->game, (ImhDecision) decision))
    {
      apply_decision (self, (ImhDecision) decision, IMH_BRANCH_VARIATION);
      return;
    }
  dialog = adw_message_dialog_new (parent_window (self), _("Play a Different Move Here?"),
                                   _("The game went on differently from this position. Keep the "
                                     "moves played after it as a variation, or replace them?"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "replace", _("_Replace"),
                                    "variation", _("_Keep as Variation"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "replace",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "variation",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "variation");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  self->branch_decision = (ImhDecision) decision;
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_branch_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_swap_pending (ImhPlayView *self)
{
  if (self->game != NULL)
    update_status (self);
}

/* ---- Actions -------------------------------------------------------------------------- */

static void
on_new_game_start (ImhPlayView      *self,
                   ImhNewGameDialog *dialog)
{
  ImhOptions options;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  guint64 seed = g_random_int () | ((guint64) g_random_int () << 32);

  imh_new_game_dialog_get_options (dialog, &options);
  game = imh_game_new (&options, seed, &error);
  if (game == NULL)
    {
      imh_ui_toast (GTK_WIDGET (self), error->message);
      return;
    }
  imh_game_set_pace (game, self->pace);
  for (guint p = 0; p < imh_game_get_n_players (game); p++)
    {
      ImhSeatKind kind;
      const char *level, *name;
      ImhSeat *seat = imh_game_get_seat (game, p);

      imh_new_game_dialog_get_seat (dialog, p, &kind, &level, &name);
      imh_seat_set_level (seat, level);
      imh_seat_set_kind (seat, kind);
      imh_seat_set_name (seat, name);
    }
  imh_play_view_set_game (self, game);
  _imh_play_view_tutor_suggest (self);
}

static void
start_new_game_dialog (ImhPlayView *self)
{
  ImhNewGameDialog *dialog;

  /* The game last started; the dialog offers the others. */
  dialog = imh_new_game_dialog_new (parent_window (self), imh_new_game_dialog_last_kind ());

  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_start), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_open_abandon_response (AdwMessageDialog *dialog,
                          const char       *response,
                          ImhPlayView      *self)
{
  g_autoptr(ImhSession) opened = g_steal_pointer (&self->opened);

  if (g_strcmp0 (response, "open") == 0 && opened != NULL)
    imh_play_view_set_session (self, opened);
}

/* The file the game was opened from or last saved to (Save writes there). */
static GFile *
game_file (ImhPlayView *self)
{
  return self->session != NULL ? imh_session_get_file (self->session) : NULL;
}

static void
on_file_loaded (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ImhPlayView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhSession) session = imh_session_open_file_finish (result, &error);

  if (session == NULL || !imh_ui_game_has_board (imh_session_get_game (session), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        imh_ui_toast (GTK_WIDGET (self), error->message);
      return;
    }
  imh_play_view_offer_session (self, session);
}

gboolean
imh_play_view_offer_session (ImhPlayView *self,
                             ImhSession  *session)
{
  GtkWidget *dialog;
  gint64 id;

  g_return_val_if_fail (IMH_IS_PLAY_VIEW (self), FALSE);
  g_return_val_if_fail (IMH_IS_SESSION (session), FALSE);

  imh_game_set_pace (imh_session_get_game (session), self->pace);
  id = imh_session_get_library_id (session);
  if (self->game == NULL || imh_game_get_is_over (self->game) || imh_game_get_n_plies (self->game) == 0
      || (id > 0 && self->session != NULL && imh_session_get_library_id (self->session) == id))
    {
      imh_play_view_set_session (self, session);
      return TRUE;
    }
  /* Ask before the opened game takes the place of the one in progress. */
  dialog = _imh_play_view_replace_dialog_new (self, _("Open Another Game?"),
                                              _("The game in progress will be replaced by the opened one."),
                                              "open", _("_Open"));
  g_set_object (&self->opened, session);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_open_abandon_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return FALSE;
}

/* The question before a game in progress makes way for another: kept in
 * the library, it stays there to be continued (heading); else it is lost
 * (lost_body). */
GtkWidget *
_imh_play_view_replace_dialog_new (ImhPlayView *self,
                                   const char  *heading,
                                   const char  *lost_body,
                                   const char  *response,
                                   const char  *label)
{
  gboolean kept = self->session != NULL && imh_session_get_library (self->session) != NULL;
  GtkWidget *dialog;

  if (kept)
    dialog = adw_message_dialog_new (parent_window (self), heading,
                                     _("The current game stays in Your Games and can be continued from there."));
  else
    dialog = adw_message_dialog_new (parent_window (self), _("Abandon the Current Game?"), lost_body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    response, label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), response,
                                              kept ? ADW_RESPONSE_SUGGESTED : ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), kept ? response : "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  return dialog;
}

static GtkFileFilter *
record_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Imhotep Games"));
  gtk_file_filter_add_pattern (filter, "*.imhotep");
  gtk_file_filter_add_mime_type (filter, "application/x-imhotep");
  return filter;
}

static void
on_open_response (GtkNativeDialog *native,
                  int              response,
                  ImhPlayView     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      imh_session_open_file_async (file, self->library, self->cancellable, on_file_loaded,
                                   g_object_ref (self));
    }
  g_object_unref (native);
}

void
_imh_play_view_open (ImhPlayView *self)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = record_filter ();

  native = gtk_file_chooser_native_new (_("Open Game"), parent_window (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
on_file_saved (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(ImhPlayView) self = user_data;
  g_autoptr(GError) error = NULL;

  /* The session's file is where Save writes from now on. */
  if (!imh_session_save_finish (IMH_SESSION (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        imh_ui_toast (GTK_WIDGET (self), error->message);
      return;
    }
  imh_ui_toast (GTK_WIDGET (self), _("Game saved"));
}

static void
save_to (ImhPlayView *self,
         GFile       *file)
{
  imh_session_save_async (self->session, file, self->cancellable, on_file_saved, g_object_ref (self));
}

static void
on_save_response (GtkNativeDialog *native,
                  int              response,
                  ImhPlayView     *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->session != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      save_to (self, file);
    }
  g_object_unref (native);
}

void
_imh_play_view_save_as (ImhPlayView *self)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = record_filter ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d %H.%M");
  g_autofree char *name = imh_texts_file_name (self->game != NULL ? imh_game_get_kind (self->game)
                                                                  : imh_ui_default_kind (),
                                               stamp);

  native = gtk_file_chooser_native_new (_("Save Game"), parent_window (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  /* Where the game was opened from or last saved, else a new name. */
  if (game_file (self) == NULL
      || !gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), game_file (self), NULL))
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Ctrl+S: to the game's file, or Save As when it has none. */
void
_imh_play_view_save (ImhPlayView *self)
{
  if (self->session == NULL)
    return;
  if (game_file (self) != NULL)
    save_to (self, NULL);
  else
    _imh_play_view_save_as (self);
}

/* ---- Analysis and review -------------------------------------------------- */

static void
show_analysis_page (ImhPlayView *self)
{
  gtk_stack_set_visible_child_name (GTK_STACK (self->sidebar_stack), "analysis");
  adw_flap_set_reveal_flap (self->flap, TRUE);
}

static void
on_analysis_changed (ImhPlayView *self)
{
  update_actions (self);
}

static void
set_reveal_hidden (ImhPlayView *self,
                   gboolean     reveal)
{
  reveal = !!reveal;
  if (self->reveal_hidden == reveal)
    return;
  self->reveal_hidden = reveal;
  if (self->board != NULL)
    imh_board_set_reveal_hidden (IMH_BOARD (self->board), reveal);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEAL_HIDDEN]);
}

static void
on_flap_revealed (ImhPlayView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SIDEBAR]);
}

/* ---- GObject -------------------------------------------------------------------------- */

static void
imh_play_view_dispose (GObject *object)
{
  ImhPlayView *self = IMH_PLAY_VIEW (object);
  GtkWidget *child;

  g_cancellable_cancel (self->cancellable);
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  _imh_play_view_tutor_dispose (self);
  if (self->summary != NULL)
    gtk_window_destroy (self->summary);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      g_clear_object (&self->game);
    }
  g_clear_object (&self->session);
  g_clear_object (&self->opened);
  g_clear_object (&self->library);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (imh_play_view_parent_class)->dispose (object);
}

static void
imh_play_view_finalize (GObject *object)
{
  ImhPlayView *self = IMH_PLAY_VIEW (object);

  g_clear_object (&self->cancellable);
  for (int p = 0; p < IMH_MAX_PLAYERS; p++)
    g_clear_pointer (&self->names[p], g_free);

  G_OBJECT_CLASS (imh_play_view_parent_class)->finalize (object);
}

static void
imh_play_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ImhPlayView *self = IMH_PLAY_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    case PROP_SHOW_SIDEBAR:
      g_value_set_boolean (value, adw_flap_get_reveal_flap (self->flap));
      break;
    case PROP_REVEAL_HIDDEN:
      g_value_set_boolean (value, self->reveal_hidden);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_play_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ImhPlayView *self = IMH_PLAY_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      imh_play_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_SESSION:
      imh_play_view_set_session (self, g_value_get_object (value));
      break;
    case PROP_SHOW_SIDEBAR:
      adw_flap_set_reveal_flap (self->flap, g_value_get_boolean (value));
      break;
    case PROP_REVEAL_HIDDEN:
      set_reveal_hidden (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_play_view_class_init (ImhPlayViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_play_view_dispose;
  object_class->finalize = imh_play_view_finalize;
  object_class->get_property = imh_play_view_get_property;
  object_class->set_property = imh_play_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, IMH_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The game shown, its file and library entry. */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, IMH_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The computer is thinking or a hint is being searched. */
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The sidebar is shown (game.show-sidebar, F9). */
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Review: the board shows everything revealed, not what the player saw
   * (game.reveal-hidden). */
  properties[PROP_REVEAL_HIDDEN] =
    g_param_spec_boolean ("reveal-hidden", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The enabled state of the game.* actions changed (the window follows
   * it with the ones it forwards). */
  signals[ACTIONS_CHANGED] =
    g_signal_new ("actions-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  _imh_play_view_class_actions_init (widget_class);
  _imh_play_view_class_tutor_init (widget_class);

  g_type_ensure (IMH_TYPE_ANALYSIS_PAGE);
  g_type_ensure (IMH_TYPE_HISTORY_VIEW);
  g_type_ensure (IMH_TYPE_SCORE_VIEW);
  g_type_ensure (IMH_TYPE_STUDY_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/play/imh-play-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, analysis_page);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, content);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, flap);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, history_view);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, resume_button);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, score_view);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, sidebar_stack);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, spinner);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, status_label);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, study_view);
  gtk_widget_class_bind_template_child (widget_class, ImhPlayView, summary_button);
  gtk_widget_class_bind_template_callback (widget_class, on_analysis_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_board_decide);
  gtk_widget_class_bind_template_callback (widget_class, on_flap_revealed);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playview");
}

static void
add_shortcut (GtkShortcutController *controller,
              guint                  keyval,
              GdkModifierType        mods,
              const char            *action)
{
  gtk_shortcut_controller_add_shortcut (controller,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (keyval, mods),
                                                          gtk_named_action_new (action)));
}

/* An arrow key nothing focused used: to the board, which takes the focus
 * (and shows its ring) and moves it. */
static gboolean
arrow_to_board (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  ImhPlayView *self = IMH_PLAY_VIEW (widget);
  int dx, dy;

  if (self->board == NULL || !gtk_widget_is_drawable (self->board))
    return FALSE;
  g_variant_get (args, "(ii)", &dx, &dy);
  if (!gtk_widget_has_focus (self->board))
    {
      /* The first arrow only shows where the focus is. */
      return gtk_widget_grab_focus (self->board);
    }
  return gtk_widget_activate_action (self->board, "board.move", "(ii)", dx, dy);
}

static void
add_arrow_to_board (GtkShortcutController *controller,
                    guint                  keyval,
                    int                    dx,
                    int                    dy)
{
  GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, 0),
                                            gtk_callback_action_new (arrow_to_board, NULL, NULL));

  gtk_shortcut_set_arguments (shortcut, g_variant_new ("(ii)", dx, dy));
  gtk_shortcut_controller_add_shortcut (controller, shortcut);
}

/* The board of games of the kind: a new one (with the view's signals, the
 * study view's hints and "everything revealed") when the kind changes. The
 * view's keys are on the view, the board's own on the board. */
static void
ensure_board (ImhPlayView *self,
              ImhGameKind  kind)
{
  GtkWidget *board;

  if (self->board != NULL && G_OBJECT_TYPE (self->board) == imh_board_type_for_kind (kind))
    return;
  board = imh_board_new_for_kind (kind);
  if (board == NULL)
    {
      g_warning ("No board for games of kind %d", (int) kind);
      return;
    }
  gtk_widget_set_margin_start (board, 6);
  gtk_widget_set_margin_end (board, 6);
  gtk_widget_set_margin_bottom (board, 6);
  g_signal_connect_swapped (board, "decide", G_CALLBACK (on_board_decide), self);
  g_signal_connect_swapped (board, "notify::pending", G_CALLBACK (on_swap_pending), self);
  imh_board_set_reveal_hidden (IMH_BOARD (board), self->reveal_hidden);
  if (self->board != NULL)
    gtk_box_insert_child_after (GTK_BOX (self->content), board, self->board);
  else
    gtk_box_append (GTK_BOX (self->content), board);
  /* The study view lets go of the old board while it still lives. */
  if (self->study_view != NULL)
    imh_study_view_set_board (IMH_STUDY_VIEW (self->study_view), board);
  if (self->board != NULL)
    gtk_box_remove (GTK_BOX (self->content), self->board);
  self->board = board;
}

static void
imh_play_view_init (ImhPlayView *self)
{
  GtkShortcutController *shortcuts;

  self->pace = 600;
  self->hint_factor = 1;
  self->cancellable = g_cancellable_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Until a game comes, the board of the first kind the app has one for. */
  for (ImhGameKind kind = 0; kind < IMH_N_GAMES && self->board == NULL; kind++)
    if (imh_ui_kind_has_board (kind))
      ensure_board (self, kind);
  g_assert (self->board != NULL);
  _imh_play_view_tutor_init (self);

  /* Keys for the whole window that typing never needs; widgets with a
   * use for them (the focused board, entries) get them first. */
  shortcuts = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());
  gtk_shortcut_controller_set_scope (shortcuts, GTK_SHORTCUT_SCOPE_GLOBAL);
  add_shortcut (shortcuts, GDK_KEY_h, 0, "game.hint");
  add_shortcut (shortcuts, GDK_KEY_space, 0, "game.play-hint");
  /* The history has keys no widget of the view uses, so they work
   * whatever has the focus: Alt+←/→ step, Home and Alt+↑ go to the start,
   * End and Alt+↓ back to the live position. The arrows alone are the
   * board's: when nothing else uses them, they focus the board. */
  add_shortcut (shortcuts, GDK_KEY_Left, GDK_ALT_MASK, "game.history-previous");
  add_shortcut (shortcuts, GDK_KEY_Right, GDK_ALT_MASK, "game.history-next");
  add_shortcut (shortcuts, GDK_KEY_Home, 0, "game.history-first");
  add_shortcut (shortcuts, GDK_KEY_End, 0, "game.history-last");
  add_shortcut (shortcuts, GDK_KEY_Up, GDK_ALT_MASK, "game.history-first");
  add_shortcut (shortcuts, GDK_KEY_Down, GDK_ALT_MASK, "game.history-last");
  add_arrow_to_board (shortcuts, GDK_KEY_Left, -1, 0);
  add_arrow_to_board (shortcuts, GDK_KEY_Right, 1, 0);
  add_arrow_to_board (shortcuts, GDK_KEY_Up, 0, -1);
  add_arrow_to_board (shortcuts, GDK_KEY_Down, 0, 1);
  add_shortcut (shortcuts, GDK_KEY_F9, 0, "game.show-sidebar");
  add_shortcut (shortcuts, GDK_KEY_n, 0, "game.next-mistake");
  add_shortcut (shortcuts, GDK_KEY_p, 0, "game.previous-mistake");
  add_shortcut (shortcuts, GDK_KEY_d, GDK_CONTROL_MASK, "game.bookmark");
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (shortcuts));

  _imh_play_view_actions_init (self);
}

/* ---- Public ---------------------------------------------------------------------------- */

GtkWidget *
imh_play_view_new (void)
{
  return g_object_new (IMH_TYPE_PLAY_VIEW, NULL);
}

ImhGame *
imh_play_view_get_game (ImhPlayView *self)
{
  g_return_val_if_fail (IMH_IS_PLAY_VIEW (self), NULL);

  return self->game;
}

static void
show_game (ImhPlayView *self,
           ImhGame     *game)
{
  int bottom = 0;

  if (self->game == game)
    return;
  if (self->summary != NULL)
    gtk_window_destroy (self->summary);
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      /* The old game's computer must not keep thinking. */
      imh_game_stop_computer (self->game);
    }
  g_set_object (&self->game, game);
  _imh_play_view_tutor_game_changed (self);
  imh_board_clear_hint (IMH_BOARD (self->board));
  imh_history_view_set_game (IMH_HISTORY_VIEW (self->history_view), game);
  imh_study_view_set_game (IMH_STUDY_VIEW (self->study_view), game);

  if (game != NULL)
    {
      ensure_board (self, imh_game_get_kind (game));
      imh_game_set_pace (game, self->pace);
      g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::thinking", G_CALLBACK (on_game_progress), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::phase", G_CALLBACK (on_game_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "decision-applied", G_CALLBACK (on_decision_applied), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "game-over", G_CALLBACK (on_game_over), self, G_CONNECT_SWAPPED);
      /* The (first) person playing sits at the bottom. */
      if (imh_seat_is_computer (imh_game_get_seat (game, 0))
          && !imh_seat_is_computer (imh_game_get_seat (game, 1)))
        bottom = 1;
      imh_board_set_bottom_player (IMH_BOARD (self->board), bottom);
      /* The graph of the analysis: the win chance of the player at the bottom. */
      imh_analysis_page_set_player (IMH_ANALYSIS_PAGE (self->analysis_page), (guint) bottom);
      self->last_live_ply = imh_game_get_live_ply (game);
      self->last_viewed_ply = imh_game_get_viewed_ply (game);
      refresh (self);
    }
  else
    update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
imh_play_view_set_game (ImhPlayView *self,
                        ImhGame     *game)
{
  g_autoptr(ImhSession) session = NULL;

  g_return_if_fail (IMH_IS_PLAY_VIEW (self));
  g_return_if_fail (game == NULL || IMH_IS_GAME (game));

  if (self->game == game)
    return;
  if (game != NULL)
    session = imh_session_new (game, self->library, 0);
  imh_play_view_set_session (self, session);
}

ImhSession *
imh_play_view_get_session (ImhPlayView *self)
{
  g_return_val_if_fail (IMH_IS_PLAY_VIEW (self), NULL);

  return self->session;
}

void
imh_play_view_set_session (ImhPlayView *self,
                           ImhSession  *session)
{
  g_return_if_fail (IMH_IS_PLAY_VIEW (self));
  g_return_if_fail (session == NULL || IMH_IS_SESSION (session));

  if (self->session == session)
    return;
  g_set_object (&self->session, session);
  imh_analysis_page_set_session (IMH_ANALYSIS_PAGE (self->analysis_page), session);
  imh_study_view_set_session (IMH_STUDY_VIEW (self->study_view), session);
  show_game (self, session != NULL ? imh_session_get_game (session) : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

void
imh_play_view_set_library (ImhPlayView *self,
                           ImhLibrary  *library)
{
  g_return_if_fail (IMH_IS_PLAY_VIEW (self));
  g_return_if_fail (library == NULL || IMH_IS_LIBRARY (library));

  g_set_object (&self->library, library);
}

gboolean
imh_play_view_get_action_enabled (ImhPlayView *self,
                                  const char  *action_name)
{
  g_return_val_if_fail (IMH_IS_PLAY_VIEW (self), FALSE);
  g_return_val_if_fail (action_name != NULL, FALSE);

  return _imh_play_view_action_enabled (self, action_name);
}

GtkWidget *
imh_play_view_get_board (ImhPlayView *self)
{
  g_return_val_if_fail (IMH_IS_PLAY_VIEW (self), NULL);

  return self->board;
}

void
imh_play_view_open_file (ImhPlayView *self,
                         GFile       *file)
{
  g_return_if_fail (IMH_IS_PLAY_VIEW (self));
  g_return_if_fail (G_IS_FILE (file));

  imh_session_open_file_async (file, self->library, self->cancellable, on_file_loaded, g_object_ref (self));
}

GtkWindow *
imh_play_view_get_summary (ImhPlayView *self)
{
  g_return_val_if_fail (IMH_IS_PLAY_VIEW (self), NULL);

  return self->summary;
}

void
imh_play_view_set_pace (ImhPlayView *self,
                        guint        pace_ms)
{
  g_return_if_fail (IMH_IS_PLAY_VIEW (self));

  self->pace = pace_ms;
  if (self->game != NULL)
    imh_game_set_pace (self->game, pace_ms);
}

void
imh_play_view_set_hint_iterations (ImhPlayView *self,
                                   guint64      iterations)
{
  g_return_if_fail (IMH_IS_PLAY_VIEW (self));

  self->hint_iterations = iterations;
}

void
imh_play_view_set_hint_factor (ImhPlayView *self,
                               guint        factor)
{
  g_return_if_fail (IMH_IS_PLAY_VIEW (self));

  self->hint_factor = MAX (factor, 1);
}

guint64
imh_play_view_get_hint_budget (ImhPlayView *self)
{
  g_return_val_if_fail (IMH_IS_PLAY_VIEW (self), 0);

  if (self->hint_iterations > 0)
    return self->hint_iterations;
  if (self->hint_factor <= 1 || self->game == NULL)
    return 0;   /* the core's default */
  return self->hint_factor * imh_hint_default_iterations (imh_game_get_kind (self->game));
}

guint
imh_play_view_get_pace (ImhPlayView *self)
{
  g_return_val_if_fail (IMH_IS_PLAY_VIEW (self), 0);

  return self->pace;
}

GtkWidget *
imh_play_view_get_analysis_page (ImhPlayView *self)
{
  g_return_val_if_fail (IMH_IS_PLAY_VIEW (self), NULL);

  return self->analysis_page;
}

void
imh_play_view_show_analysis (ImhPlayView      *self,
                             ImhAnalysisDepth  depth)
{
  g_return_if_fail (IMH_IS_PLAY_VIEW (self));

  show_analysis_page (self);
  if (self->game != NULL && imh_analysis_page_get_result (IMH_ANALYSIS_PAGE (self->analysis_page)) == NULL)
    imh_analysis_page_start (IMH_ANALYSIS_PAGE (self->analysis_page), depth);
}

void
imh_play_view_show_study (ImhPlayView *self)
{
  GtkWidget *stack;

  g_return_if_fail (IMH_IS_PLAY_VIEW (self));

  imh_study_view_show_top_five_unsaved (IMH_STUDY_VIEW (self->study_view));
  stack = gtk_widget_get_parent (self->study_view);
  if (GTK_IS_STACK (stack))
    gtk_stack_set_visible_child (GTK_STACK (stack), self->study_view);
  gtk_widget_activate_action (GTK_WIDGET (self), "game.hint", NULL);
}

/* ---- Private: for imh-play-view-actions.c ----------------------------------- */

void
_imh_play_view_emit_actions_changed (ImhPlayView *self)
{
  g_signal_emit (self, signals[ACTIONS_CHANGED], 0);
}

GtkWindow *
_imh_play_view_parent_window (ImhPlayView *self)
{
  return parent_window (self);
}

void
_imh_play_view_start_new_game (ImhPlayView *self)
{
  start_new_game_dialog (self);
}

void
_imh_play_view_update_status (ImhPlayView *self)
{
  update_status (self);
}

void
_imh_play_view_decide (ImhPlayView *self,
                       ImhDecision  decision)
{
  on_board_decide (self, decision);
}

void
_imh_play_view_show_summary (ImhPlayView *self)
{
  show_summary (self);
}

void
_imh_play_view_show_analysis_page (ImhPlayView *self)
{
  show_analysis_page (self);
}
