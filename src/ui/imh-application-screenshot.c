/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-application-screenshot.c — imhotep --screenshot: the window (or dialog) prepared as
 * asked, rendered into a PNG file, then closed. */
#define G_LOG_DOMAIN "imh-application"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-analysis-page.h"
#include "imh-application-private.h"
#include "imh-board.h"
#include "imh-library-page.h"
#include "imh-library-page-private.h"
#include "imh-new-game-dialog.h"
#include "imh-play-view-private.h"
#include "imh-practice-page-private.h"
#include "imh-preferences.h"
#include "imh-record-file.h"
#include "imh-rules-window.h"
#include "imh-screenshot.h"
#include "imh-stats-page-private.h"
#include "imh-ui-util.h"
#include "imh-window.h"

static void
on_screenshot_done (GtkWindow    *window,
                    const GError *error,
                    gpointer      user_data)
{
  ImhApplication *self = user_data;

  if (error != NULL)
    {
      g_printerr ("imhotep: %s: %s\n", self->screenshot->path, error->message);
      self->exit_status = 1;
    }
  /* Destroyed, not closed: the screenshot does not touch the saved window state. */
  gtk_window_destroy (window);
}

/* --new-game, --preferences, --game-over: the dialog goes, and the window it belongs to. */
static void
on_dialog_screenshot_done (GtkWindow    *dialog,
                           const GError *error,
                           gpointer      user_data)
{
  GtkWindow *parent = gtk_window_get_transient_for (dialog);

  /* The window after this frame: not from the dialog's tick callback. */
  if (parent != NULL)
    g_idle_add_once ((GSourceOnceFunc) gtk_window_destroy, parent);
  on_screenshot_done (dialog, error, user_data);
}

/* The newest game of the library page selected, once there is one. */
static void
select_newest (GtkSelectionModel *selection,
               guint              position,
               guint              removed,
               guint              added,
               gpointer           data)
{
  if (g_list_model_get_n_items (G_LIST_MODEL (selection)) == 0)
    return;
  g_signal_handlers_disconnect_by_func (selection, select_newest, data);
  gtk_selection_model_select_item (selection, 0, TRUE);
}

static void
take_when_ready (ImhApplication *self,
                 GtkWindow      *window)
{
  /* The picture is of the window's content: header bar and page, no frame. */
  imh_screenshot_take_when_ready (window,
                                  adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)),
                                  self->screenshot, on_screenshot_done, self);
}

typedef struct {
  ImhApplication *app;
  ImhWindow      *window;
  guint           polls;
} ThumbWait;

/* --library: the picture once the rows shown have their thumbnails (drawn
 * one by one in idle time), or after 20 s. */
static gboolean
take_when_thumbnails_drawn (gpointer data)
{
  ThumbWait *wait = data;
  GtkWidget *page = imh_window_get_library_page (wait->window);

  if (page != NULL && _imh_library_page_get_thumbnails_pending (IMH_LIBRARY_PAGE (page))
      && ++wait->polls < 200)
    return G_SOURCE_CONTINUE;
  take_when_ready (wait->app, GTK_WINDOW (wait->window));
  g_object_unref (wait->window);
  g_free (wait);
  return G_SOURCE_REMOVE;
}

/* --library: the newest game selected, so that the action bar shows (once
 * the list, read in the background, has it). */
static void
on_screenshot_library (ImhApplication *self,
                       GParamSpec     *pspec,
                       ImhWindow      *window)
{
  GtkWidget *page = imh_window_get_library_page (window);
  GtkSelectionModel *selection;

  if (page == NULL)
    return;
  g_signal_handlers_disconnect_by_func (window, on_screenshot_library, self);
  selection = imh_library_page_get_selection (IMH_LIBRARY_PAGE (page));
  if (g_list_model_get_n_items (G_LIST_MODEL (selection)) > 0)
    gtk_selection_model_select_item (selection, 0, TRUE);
  else
    g_signal_connect (selection, "items-changed", G_CALLBACK (select_newest), NULL);
  {
    ThumbWait *wait = g_new0 (ThumbWait, 1);

    wait->app = self;
    wait->window = g_object_ref (window);
    /* A first look after the rows are shown. */
    g_timeout_add (300, take_when_thumbnails_drawn, wait);
  }
}

typedef struct {
  ImhApplication *app;
  ImhWindow      *window;
  guint           polls;
} PracticeWait;

/* A decision of the exercise's analysis that is not good enough (and not
 * the one played), else the one played. */
static ImhDecision
wrong_answer (ImhExercise *e)
{
  guint n = 0;
  const ImhExerciseCandidate *c = imh_exercise_get_candidates (e, &n);

  for (guint i = 0; i < n; i++)
    if (!c[i].good && !c[i].played)
      return c[i].decision;
  return imh_exercise_get_played (e);
}

/* The Practice page in widget, or NULL (before the library is open). */
static ImhPracticePage *
find_practice_page (GtkWidget *widget)
{
  if (IMH_IS_PRACTICE_PAGE (widget))
    return IMH_PRACTICE_PAGE (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      ImhPracticePage *page = find_practice_page (child);

      if (page != NULL)
        return page;
    }
  return NULL;
}

/* --practice: the picture once the page has read the exercises (or after
 * 20 s); --practice-exercise: the first one started and answered wrong. */
static gboolean
take_when_practice_loaded (gpointer data)
{
  PracticeWait *wait = data;
  ImhPracticePage *page = find_practice_page (GTK_WIDGET (wait->window));

  if ((page == NULL || _imh_practice_page_get_loading (page)
       || g_strcmp0 (_imh_practice_page_get_view (page), "loading") == 0)
      && ++wait->polls < 200)
    return G_SOURCE_CONTINUE;
  if (page != NULL && wait->app->screenshot->practice == 2
      && gtk_widget_activate_action (GTK_WIDGET (page), "practice.start", NULL)
      && _imh_practice_page_get_exercise (page) != NULL)
    _imh_practice_page_answer (page, wrong_answer (_imh_practice_page_get_exercise (page)));
  take_when_ready (wait->app, GTK_WINDOW (wait->window));
  g_object_unref (wait->window);
  g_free (wait);
  return G_SOURCE_REMOVE;
}

/* The Statistics page in widget, or NULL (before the library is open). */
static ImhStatsPage *
find_stats_page (GtkWidget *widget)
{
  if (IMH_IS_STATS_PAGE (widget))
    return IMH_STATS_PAGE (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      ImhStatsPage *page = find_stats_page (child);

      if (page != NULL)
        return page;
    }
  return NULL;
}

/* --statistics: the picture once the page has read its numbers (or after
 * 20 s). */
static gboolean
take_when_statistics_loaded (gpointer data)
{
  PracticeWait *wait = data;
  ImhStatsPage *page = find_stats_page (GTK_WIDGET (wait->window));

  if ((page == NULL || _imh_stats_page_get_loading (page)) && ++wait->polls < 200)
    return G_SOURCE_CONTINUE;
  /* The picture shows no game picked by where the pointer rests. */
  if (page != NULL)
    gtk_widget_set_can_target (GTK_WIDGET (_imh_stats_page_get_plot (page)), FALSE);
  take_when_ready (wait->app, GTK_WINDOW (wait->window));
  g_object_unref (wait->window);
  g_free (wait);
  return G_SOURCE_REMOVE;
}

/* --study: the picture waits for the hint. */
static void
on_study_hint (ImhApplication *self,
               GParamSpec     *pspec,
               GtkWidget      *board)
{
  GtkRoot *window = gtk_widget_get_root (board);

  if (!imh_board_get_hint_visible (IMH_BOARD (board)) || !GTK_IS_WINDOW (window))
    return;
  g_signal_handlers_disconnect_by_func (board, on_study_hint, self);
  take_when_ready (self, GTK_WINDOW (window));
}

/* --tutor: the picture waits for the tutor's message (or its search's end). */
typedef struct {
  ImhApplication *app;
  GtkWindow      *window;
} TutorWait;

static gboolean
take_when_tutor_spoke (gpointer data)
{
  TutorWait *wait = data;
  ImhPlayView *view = imh_window_get_play_view (IMH_WINDOW (wait->window));

  if (_imh_play_view_tutor_message (view) == NULL && _imh_play_view_tutor_searching (view))
    return G_SOURCE_CONTINUE;
  take_when_ready (wait->app, wait->window);
  g_object_unref (wait->window);
  g_free (wait);
  return G_SOURCE_REMOVE;
}

/* --analysis: the picture waits for the analysis. */
static void
on_screenshot_analysis (ImhApplication *self,
                        GParamSpec     *pspec,
                        GtkWidget      *page)
{
  GtkRoot *window = gtk_widget_get_root (page);

  if (imh_analysis_page_get_running (IMH_ANALYSIS_PAGE (page)) || !GTK_IS_WINDOW (window))
    return;
  g_signal_handlers_disconnect_by_func (page, on_screenshot_analysis, self);
  /* A narrow window folded the sidebar away meanwhile: show it again. */
  imh_play_view_show_analysis (IMH_PLAY_VIEW (gtk_widget_get_ancestor (page, IMH_TYPE_PLAY_VIEW)),
                               IMH_ANALYSIS_QUICK);
  imh_screenshot_take_when_ready (GTK_WINDOW (window),
                                  adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)),
                                  self->screenshot, on_screenshot_done, self);
}

/* The window shows the game of --record as asked (the position, the
 * summary, the Analysis or the Study page), then the picture is taken. */
static void
show_record (ImhApplication *self,
             ImhWindow      *window,
             ImhGame        *game)
{
  g_autoptr(GError) error = NULL;

  if (!imh_ui_game_has_board (game, &error))
    {
      g_printerr ("imhotep: %s: %s\n", self->screenshot->record, error->message);
      self->exit_status = 1;
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  /* A picture: the computer does not move on. */
  imh_game_stop_computer (game);
  if (self->screenshot->ply >= 0)
    {
      if ((guint) self->screenshot->ply > imh_game_get_live_ply (game))
        {
          g_printerr (_("imhotep: %s: --ply %d is after the end of the game (%u)\n"),
                      self->screenshot->record, self->screenshot->ply,
                      imh_game_get_live_ply (game));
          self->exit_status = 1;
          gtk_window_destroy (GTK_WINDOW (window));
          return;
        }
      imh_game_set_viewed_ply (game, (guint) self->screenshot->ply);
    }
  imh_play_view_set_game (imh_window_get_play_view (window), game);
  if (self->screenshot->reveal)
    g_object_set (imh_window_get_play_view (window), "reveal-hidden", TRUE, NULL);
  if (self->screenshot->game_over)
    {
      ImhScreenshotRequest shot;
      GtkWindow *summary;

      if (!imh_game_get_is_over (game))
        {
          g_printerr (_("imhotep: %s: --game-over needs a finished game\n"), self->screenshot->record);
          self->exit_status = 1;
          gtk_window_destroy (GTK_WINDOW (window));
          return;
        }
      gtk_window_present (GTK_WINDOW (window));
      gtk_widget_activate_action (GTK_WIDGET (imh_window_get_play_view (window)),
                                  "game.show-summary", NULL);
      summary = imh_play_view_get_summary (imh_window_get_play_view (window));
      g_assert (summary != NULL);
      /* The window at --size; the summary at its own size. */
      gtk_window_set_default_size (GTK_WINDOW (window), self->screenshot->width,
                                   self->screenshot->height);
      shot = *self->screenshot;
      shot.natural_size = TRUE;
      imh_screenshot_take_when_ready (summary, GTK_WIDGET (summary), &shot,
                                      on_dialog_screenshot_done, self);
      return;
    }
  if (self->screenshot->analysis)
    {
      GtkWidget *page = imh_play_view_get_analysis_page (imh_window_get_play_view (window));

      g_signal_connect_object (page, "notify::running", G_CALLBACK (on_screenshot_analysis), self,
                               G_CONNECT_SWAPPED);
      imh_play_view_show_analysis (imh_window_get_play_view (window), IMH_ANALYSIS_QUICK);
      /* At the picture's size from the start (the sidebar folds now, not later). */
      gtk_window_set_default_size (GTK_WINDOW (window), self->screenshot->width,
                                   self->screenshot->height);
      gtk_window_present (GTK_WINDOW (window));
      /* Nothing to analyse: the picture right away. */
      on_screenshot_analysis (self, NULL, page);
      return;
    }
  if (self->screenshot->tutor)
    {
      TutorWait *wait = g_new0 (TutorWait, 1);

      gtk_window_set_default_size (GTK_WINDOW (window), self->screenshot->width,
                                   self->screenshot->height);
      gtk_window_present (GTK_WINDOW (window));
      _imh_play_view_tutor_judge_last (imh_window_get_play_view (window));
      wait->app = self;
      wait->window = g_object_ref (GTK_WINDOW (window));
      g_timeout_add (100, take_when_tutor_spoke, wait);
      return;
    }
  if (self->screenshot->study)
    {
      GtkWidget *board = imh_play_view_get_board (imh_window_get_play_view (window));

      g_signal_connect_object (board, "notify::hint-visible", G_CALLBACK (on_study_hint), self,
                               G_CONNECT_SWAPPED);
      imh_play_view_show_study (imh_window_get_play_view (window));
      /* At its size already while the hint is searched. */
      gtk_window_set_default_size (GTK_WINDOW (window), self->screenshot->width,
                                   self->screenshot->height);
      gtk_window_present (GTK_WINDOW (window));
      /* No hint at the end of a game: the picture right away. */
      if (!imh_play_view_get_action_enabled (imh_window_get_play_view (window), "game.hint"))
        {
          g_signal_handlers_disconnect_by_func (board, on_study_hint, self);
          take_when_ready (self, GTK_WINDOW (window));
        }
      return;
    }
  take_when_ready (self, GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
}

/* --record read (in a worker thread: the main thread never waits on the file). */
static void
on_record_loaded (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(ImhWindow) window = user_data;
  /* Held while the file is read. */
  ImhApplication *self = IMH_APPLICATION (g_application_get_default ());
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = imh_record_file_load_finish (result, &error);

  if (game == NULL)
    {
      /* The message names the file. */
      g_printerr ("imhotep: %s\n", error->message);
      self->exit_status = 1;
      gtk_window_destroy (GTK_WINDOW (window));
    }
  else
    show_record (self, window, game);
  g_application_release (G_APPLICATION (self));
}

void
_imh_application_take_screenshot (ImhApplication *self)
{
  ImhWindow *window;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      self->screenshot->dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                             : ADW_COLOR_SCHEME_FORCE_LIGHT);

  /* Window buttons and font as GNOME shows them, whatever the display has
   * configured; no animations, so that the picture shows where they end
   * (a sidebar sliding in took longer than the frames waited for on a busy
   * machine, and was taken half-way). */
  g_object_set (gtk_settings_get_default (),
                "gtk-decoration-layout", "appmenu:close",
                "gtk-font-name", "Cantarell 11",
                "gtk-enable-animations", FALSE,
                NULL);
  /* The desktop's text scaling factor as GNOME's settings daemon passes
   * it on: the font resolution, in 1024ths of a dot per inch. */
  if (self->screenshot->text_scale != 1.0)
    g_object_set (gtk_settings_get_default (),
                  "gtk-xft-dpi", (int) (self->screenshot->text_scale * 96 * 1024),
                  NULL);

  if (self->screenshot->rules > 0)
    {
      ImhRulesWindow *rules = imh_rules_window_new ((ImhGameKind) (self->screenshot->rules - 1));

      gtk_window_set_application (GTK_WINDOW (rules), GTK_APPLICATION (self));
      if ((guint) self->screenshot->rules_page >= imh_rules_window_get_n_pages (rules))
        {
          g_printerr (_("imhotep: --page %d: the rules have %u pages\n"),
                      self->screenshot->rules_page + 1, imh_rules_window_get_n_pages (rules));
          self->exit_status = 1;
          gtk_window_destroy (GTK_WINDOW (rules));
          return;
        }
      imh_rules_window_set_page (rules, (guint) self->screenshot->rules_page);
      imh_screenshot_take_when_ready (GTK_WINDOW (rules), adw_window_get_content (ADW_WINDOW (rules)),
                                      self->screenshot, on_screenshot_done, self);
      gtk_window_present (GTK_WINDOW (rules));
      return;
    }

  window = imh_window_new (self);
  gtk_window_unmaximize (GTK_WINDOW (window));
  if (self->screenshot->record != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (self->screenshot->record);

      /* Running until the file is read, though no window is shown yet. */
      g_application_hold (G_APPLICATION (self));
      imh_record_file_load_async (file, NULL, on_record_loaded, g_object_ref (window));
      return;
    }
  if (self->screenshot->new_game || self->screenshot->preferences)
    {
      g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
      GtkWindow *dialog;

      gtk_window_present (GTK_WINDOW (window));
      if (self->screenshot->new_game)
        dialog = GTK_WINDOW (imh_new_game_dialog_new (GTK_WINDOW (window),
                                                      self->screenshot->game >= 0
                                                        ? (ImhGameKind) self->screenshot->game
                                                        : imh_ui_default_kind ()));
      else
        dialog = imh_preferences_window_new (GTK_WINDOW (window), settings);
      imh_screenshot_take_when_ready (dialog, adw_window_get_content (ADW_WINDOW (dialog)),
                                      self->screenshot, on_dialog_screenshot_done, self);
      gtk_window_present (dialog);
      return;
    }
  if (self->screenshot->practice > 0 || self->screenshot->statistics)
    {
      /* The library of $XDG_DATA_HOME, the names of --my-name. */
      g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
      PracticeWait *wait = g_new0 (PracticeWait, 1);

      if (self->screenshot->my_names != NULL)
        g_settings_set_strv (settings, "my-names", (const char * const *) self->screenshot->my_names);
      g_action_group_change_action_state (G_ACTION_GROUP (window),
                                          self->screenshot->statistics ? "statistics" : "practice",
                                          g_variant_new_boolean (TRUE));
      gtk_window_set_default_size (GTK_WINDOW (window), self->screenshot->width,
                                   self->screenshot->height);
      wait->app = self;
      wait->window = g_object_ref (window);
      g_timeout_add (100, self->screenshot->statistics ? take_when_statistics_loaded
                                                       : take_when_practice_loaded, wait);
      gtk_window_present (GTK_WINDOW (window));
      return;
    }
  if (self->screenshot->library)
    {
      /* The library of $XDG_DATA_HOME (build-aux/screenshots fills its own). */
      GtkWidget *page;

      g_action_group_change_action_state (G_ACTION_GROUP (window), "library",
                                          g_variant_new_boolean (TRUE));
      /* At its size from the start: the columns shown depend on the width. */
      gtk_window_set_default_size (GTK_WINDOW (window), self->screenshot->width,
                                   self->screenshot->height);
      /* The page once the library is open (in the background). */
      page = imh_window_get_library_page (window);
      if (page == NULL)
        {
          g_signal_connect_object (window, "notify::library", G_CALLBACK (on_screenshot_library),
                                   self, G_CONNECT_SWAPPED);
          gtk_window_present (GTK_WINDOW (window));
          return;
        }
      on_screenshot_library (self, NULL, window);
      gtk_window_present (GTK_WINDOW (window));
      return;
    }
  take_when_ready (self, GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
}
