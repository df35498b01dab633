/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-window.c — the main window: header bar, primary menu, toasts and the pages. */
#define G_LOG_DOMAIN "imh-window"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-autosave.h"
#include "imh-board-factory.h"
#include "imh-board-thumbnail.h"
#include "imh-library-autosave.h"
#include "imh-library-page.h"
#include "imh-new-game-dialog.h"
#include "imh-preferences.h"
#include "imh-play-view.h"
#include "imh-practice-page.h"
#include "imh-record-file.h"
#include "imh-texts.h"
#include "imh-session.h"
#include "imh-stats-page.h"
#include "imh-ui-util.h"
#include "imh-window.h"
#include "imh-window-background.h"

/* Pages beside the game, shown by a toggle action of the same name
 * (win.library, …) and left by win.back. */
enum {
  SIDE_LIBRARY,
  SIDE_PRACTICE,
  SIDE_STATISTICS,
  N_SIDE_PAGES
};

struct _ImhWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  ImhLibrary           *library;        /* opened in the background when first needed */
  GCancellable         *library_cancellable; /* while the library opens */
  gboolean              resume_pending; /* imh_window_resume() once the library is there */
  /* The side pages (library, practice, statistics: side_pages[]), each
   * made once it is first shown with the library open; a loading page
   * takes its place meanwhile. */
  GtkWidget            *side_page[N_SIDE_PAGES];
  GtkWidget            *side_loading[N_SIDE_PAGES];
  GtkWidget            *library_page;   /* side_page[SIDE_LIBRARY] */
  gboolean              library_autosave;
  ImhSession           *session;        /* the game shown: its file, library entry and autosave */
  GBindingGroup        *session_bindings; /* source: session */
  GSignalGroup         *autosave_signals; /* target: the session's autosave */
  GCancellable         *open_cancellable; /* the library game being opened (or resumed) */
  gboolean              library_problem_shown;  /* the library's open problem was told once */
  char                 *library_problem_heading; /* not told yet (the window is not mapped) */
  char                 *library_problem_body;
  guint                 thumbnail_source; /* waits for the board to settle after a game over */
  guint                 thumbnail_tries;

  /* Template children */
  GtkWidget            *back_button;
  GtkWidget            *busy_spinner;
  GtkWidget            *game_buttons;
  AdwHeaderBar         *header_bar;
  ImhPlayView          *play_view;
  GtkMenuButton        *primary_menu_button;
  GtkRevealer          *save_banner;
  GtkButton            *save_banner_button;
  GtkLabel             *save_banner_label;
  GtkStack             *stack;
  AdwStatusPage        *start_page;
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkWidget            *sidebar_button;
};

G_DEFINE_FINAL_TYPE (ImhWindow, imh_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_LIBRARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The window's size and maximized state are kept in GSettings, written
 * once when the window closes (not on every resize). */
static void
imh_window_restore_state (ImhWindow *self)
{
  int width = g_settings_get_int (self->settings, "window-width");
  int height = g_settings_get_int (self->settings, "window-height");

  gtk_window_set_default_size (GTK_WINDOW (self), MAX (width, 360), MAX (height, 294));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
imh_window_save_state (ImhWindow *self)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);

  g_settings_delay (self->settings);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (self->settings);
}

/* How long closing goes on trying to store the game (then what is not
 * stored is kept in a file that the next launch imports). */
#define CLOSE_SAVE_TIMEOUT_MS (10 * 1000)

static void
on_closed_saved (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr(ImhWindow) self = data;
  g_autoptr(GError) error = NULL;
  GApplication *application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

  /* Not stored: logged with the library's path, kept in a file. */
  imh_session_close_finish (IMH_SESSION (source), result, &error);
  gtk_window_destroy (GTK_WINDOW (self));
  if (application != NULL)
    g_application_release (application);
}

/* What closing one session left pending is stored without anyone
 * waiting (a failure is logged and kept in a file by the autosave). */
static void
on_session_closed (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr(GError) error = NULL;

  if (!imh_session_close_finish (IMH_SESSION (source), result, &error))
    g_message ("The game was not stored on closing: %s", error->message);
}

/* Stops showing the session: it goes on storing what is pending. */
static void
drop_session (ImhWindow *self)
{
  g_autoptr(ImhSession) session = g_steal_pointer (&self->session);

  if (session == NULL)
    return;
  g_binding_group_set_source (self->session_bindings, NULL);
  g_signal_handlers_disconnect_by_data (imh_session_get_game (session), self);
  imh_session_close_async (session, CLOSE_SAVE_TIMEOUT_MS, NULL, on_session_closed, NULL);
}

static gboolean
imh_window_close_request (GtkWindow *window)
{
  ImhWindow *self = IMH_WINDOW (window);

  imh_window_save_state (self);

  /* A game kept in the library: the window goes away at once, the
   * application stays until the session stored what is pending, or gave
   * up, without blocking. */
  if (self->session != NULL && imh_session_get_autosave (self->session) != NULL)
    {
      g_autoptr(ImhSession) session = g_steal_pointer (&self->session);
      GApplication *application = G_APPLICATION (gtk_window_get_application (window));

      g_binding_group_set_source (self->session_bindings, NULL);
      g_signal_handlers_disconnect_by_data (imh_session_get_game (session), self);
      self->library_autosave = FALSE;
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      if (application != NULL)
        g_application_hold (application);
      imh_session_close_async (session, CLOSE_SAVE_TIMEOUT_MS, NULL,
                               on_closed_saved, g_object_ref (self));
      return TRUE;
    }

  return GTK_WINDOW_CLASS (imh_window_parent_class)->close_request (window);
}

static void
win_close (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

/* ---- The library page ----------------------------------------- */

static void on_play_game_changed   (ImhWindow *self);
static void sync_forwarded_actions (ImhWindow *self);

typedef struct {
  const char *name;                              /* stack page and action */
  const char *title;                             /* N_() */
  const char *loading;                           /* N_(): while the library opens */
  GtkWidget *(*create) (ImhWindow *self);        /* the page, the library open */
} SidePage;

static GtkWidget *create_library_page (ImhWindow *self);
static GtkWidget *create_practice_page (ImhWindow *self);
static GtkWidget *create_statistics_page (ImhWindow *self);

static const SidePage side_pages[N_SIDE_PAGES] = {
  [SIDE_LIBRARY] = { "library", N_("Your Games"), N_("Opening Your Games…"), create_library_page },
  [SIDE_PRACTICE] = { "practice", N_("Practice"), N_("Opening Practice…"), create_practice_page },
  [SIDE_STATISTICS] = { "statistics", N_("Statistics"), N_("Opening Statistics…"), create_statistics_page },
};

/* The side page shown (or its loading state), or -1. */
static int
side_shown (ImhWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->stack);

  for (int i = 0; i < N_SIDE_PAGES; i++)
    if (g_strcmp0 (name, side_pages[i].name) == 0)
      return i;
  return -1;
}

/* TRUE while the library page (or its loading state) is shown. */
static gboolean
library_shown (ImhWindow *self)
{
  return side_shown (self) == SIDE_LIBRARY;
}

/* Shows a game of the library: its session holds the entry that the
 * autosave goes on updating (follow_session()). */
static void
show_session (ImhWindow  *self,
              ImhSession *session)
{
  imh_play_view_set_session (self->play_view, session);
}

/* A new open (or resume) replaces the one in flight. */
static GCancellable *
restart_open (ImhWindow *self)
{
  g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  self->open_cancellable = g_cancellable_new ();
  return self->open_cancellable;
}

typedef struct {
  ImhWindow *self;
  int        ply;
} OpenData;

static void
on_library_game_opened (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autofree OpenData *data = user_data;
  g_autoptr(ImhWindow) self = data->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhSession) session = imh_session_open_library_game_finish (result, &error);
  ImhGame *game;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->play_view == NULL)
    return;   /* another game opened since, or the window is gone */
  if (session == NULL || !imh_ui_game_has_board (imh_session_get_game (session), &error))
    {
      imh_window_add_toast (self, imh_ui_error_toast_new (GTK_WIDGET (self), error->message));
      return;
    }
  game = imh_session_get_game (session);
  if (data->ply >= 0 && (guint) data->ply <= imh_game_get_n_plies (game))
    imh_game_set_viewed_ply (game, (guint) data->ply);
  /* Changes to it update the same entry of the library. It takes the
   * place of a game in progress as an opened file does: after asking. */
  if (imh_play_view_offer_session (self->play_view, session))
    /* The same game again does not notify "game": show it anyway. */
    on_play_game_changed (self);
}

/* ::open-game of the library and the practice page. */
static void
on_library_open_game (ImhWindow *self,
                      gint64     id,
                      int        ply,
                      GtkWidget *page)
{
  OpenData *data = g_new0 (OpenData, 1);

  data->self = g_object_ref (self);
  data->ply = ply;
  imh_session_open_library_game_async (self->library, id, restart_open (self),
                                       on_library_game_opened, data);
}

static void
show_library_problem (ImhWindow *self)
{
  GtkWidget *dialog;

  g_signal_handlers_disconnect_by_func (self, show_library_problem, NULL);
  if (self->library_problem_heading == NULL)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), self->library_problem_heading,
                                   self->library_problem_body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
  g_clear_pointer (&self->library_problem_heading, g_free);
  g_clear_pointer (&self->library_problem_body, g_free);
}

/* Tells once, in a dialog over the window (when it is shown), what was
 * wrong with the library file. */
static void
library_problem (ImhWindow *self, const char *heading, const char *body)
{
  if (self->library_problem_shown)
    return;
  self->library_problem_shown = TRUE;
  g_free (self->library_problem_heading);
  self->library_problem_heading = g_strdup (heading);
  g_free (self->library_problem_body);
  self->library_problem_body = g_strdup (body);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    show_library_problem (self);
  else
    g_signal_connect (self, "map", G_CALLBACK (show_library_problem), NULL);
}

static void on_library_opened (GObject      *source,
                               GAsyncResult *result,
                               gpointer      user_data);
static void start_resume      (ImhWindow    *self);
static void follow_session    (ImhWindow    *self);

/* TRUE when the library is open; else opens it in a thread (open and
 * salvage), once: on_library_opened() goes on. */
static gboolean
ensure_library (ImhWindow *self)
{
  if (self->library != NULL)
    return TRUE;
  if (self->library_cancellable == NULL)
    {
      self->library_cancellable = g_cancellable_new ();
      imh_library_open_async (NULL, self->library_cancellable, on_library_opened, g_object_ref (self));
    }
  return FALSE;
}

static GtkWidget *
create_library_page (ImhWindow *self)
{
  GtkWidget *page = imh_library_page_new (self->library);

  self->library_page = page;
  g_signal_connect_object (page, "open-game",
                           G_CALLBACK (on_library_open_game), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "notify::can-undo",
                           G_CALLBACK (sync_forwarded_actions), self, G_CONNECT_SWAPPED);
  return page;
}

static GtkWidget *
create_practice_page (ImhWindow *self)
{
  GtkWidget *page = imh_practice_page_new (self->library);

  g_signal_connect_object (page, "open-game", G_CALLBACK (on_library_open_game), self, G_CONNECT_SWAPPED);
  return page;
}

static GtkWidget *
create_statistics_page (ImhWindow *self)
{
  return imh_stats_page_new (self->library);
}

static void
add_side_page (ImhWindow *self,
               int        side)
{
  self->side_page[side] = side_pages[side].create (self);
  gtk_stack_add_titled (self->stack, self->side_page[side], side_pages[side].name,
                        _(side_pages[side].title));
}

/* A side page while the library opens: a spinner. */
static void
add_side_loading (ImhWindow *self,
                  int        side)
{
  GtkWidget *spinner = gtk_spinner_new ();
  GtkWidget *loading = adw_status_page_new ();

  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_widget_set_size_request (spinner, 32, 32);
  gtk_widget_set_halign (spinner, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spinner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Opening the game library"), -1);
  adw_status_page_set_title (ADW_STATUS_PAGE (loading), _(side_pages[side].loading));
  adw_status_page_set_child (ADW_STATUS_PAGE (loading), spinner);
  gtk_accessible_update_state (GTK_ACCESSIBLE (loading), GTK_ACCESSIBLE_STATE_BUSY, TRUE, -1);
  self->side_loading[side] = loading;
  gtk_stack_add_titled (self->stack, loading, side_pages[side].name, _(side_pages[side].title));
}

/* The loading pages go: the side pages take their places (the one shown
 * stays shown), or, when the library could not be opened, the game. */
static void
replace_side_loading (ImhWindow *self)
{
  for (int side = 0; side < N_SIDE_PAGES; side++)
    {
      gboolean shown;

      if (self->side_loading[side] == NULL)
        continue;
      shown = gtk_stack_get_visible_child (self->stack) == self->side_loading[side];
      gtk_stack_remove (self->stack, g_steal_pointer (&self->side_loading[side]));
      if (self->library != NULL)
        {
          add_side_page (self, side);
          if (shown)
            gtk_stack_set_visible_child_name (self->stack, side_pages[side].name);
        }
      else if (shown)
        on_play_game_changed (self);
    }
}

static void
on_library_opened (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(ImhWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibrary) library = imh_library_open_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->play_view == NULL)
    return;   /* the window is gone */
  g_clear_object (&self->library_cancellable);
  if (library == NULL)
    {
      /* Not a library (never changed), or no library at all: playing
       * goes on without one. */
      g_autofree char *body =
        g_strdup_printf ("%s\n\n%s", error->message,
                         g_error_matches (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_A_LIBRARY)
                         ? _("Games are not saved. Move or rename that file to start a new library.")
                         : _("Games are not saved."));
      self->resume_pending = FALSE;
      replace_side_loading (self);
      library_problem (self, _("The Game Library Cannot Be Opened"), body);
      return;
    }
  self->library = g_steal_pointer (&library);
  imh_play_view_set_library (self->play_view, self->library);
  /* A damaged library salvaged into a new one, or one shown read-only:
   * the game goes on, a dialog says what happened and where the files are. */
  switch (imh_library_get_open_status (self->library))
    {
    case IMH_LIBRARY_OPEN_RECOVERED:
      library_problem (self, _("The Game Library Was Damaged"), imh_library_get_open_message (self->library));
      break;
    case IMH_LIBRARY_OPEN_READ_ONLY:
    case IMH_LIBRARY_OPEN_NOT_WRITABLE:
      library_problem (self, _("The Game Library Is Read-Only"), imh_library_get_open_message (self->library));
      break;
    case IMH_LIBRARY_OPEN_OK:
    default:
      break;
    }
  replace_side_loading (self);
  /* A game shown before (a file opened from the command line) keeps its
   * session: the library is attached to it. */
  follow_session (self);
  if (self->resume_pending)
    {
      self->resume_pending = FALSE;
      start_resume (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY]);
}

/* A side page, or its loading state until the library is open. */
static void
ensure_side_page (ImhWindow *self,
                  int        side)
{
  if (self->side_page[side] != NULL || self->side_loading[side] != NULL)
    return;
  if (ensure_library (self))
    add_side_page (self, side);
  else
    add_side_loading (self, side);
}

/* ---- Whether the game is saved ----------------------------------------- */

/* Why a write failed, in plain words (a sentence). */
static const char *
save_error_reason (const GError *error)
{
  if (g_error_matches (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_BUSY))
    return _("Another program is using the game library.");
  if (g_error_matches (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FULL))
    return _("The disk is full.");
  if (g_error_matches (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_READ_ONLY))
    return _("The game library cannot be written to.");
  return error->message;
}

/* The banner shows while the game is not stored (the autosave retries);
 * when it is stored again a toast says so. */
static void
on_save_error (ImhWindow *self)
{
  ImhLibraryAutosave *autosave = self->session != NULL ? imh_session_get_autosave (self->session) : NULL;
  const GError *error = autosave != NULL ? imh_library_autosave_get_save_error (autosave) : NULL;
  gboolean shown = gtk_revealer_get_reveal_child (self->save_banner);

  if (error != NULL)
    {
      g_autofree char *text = NULL;

      /* Translators: %s says why, e.g. "The disk is full." */
      text = g_strdup_printf (_("This game is not saved. %s Imhotep keeps trying."), save_error_reason (error));
      gtk_label_set_label (self->save_banner_label, text);
      gtk_revealer_set_reveal_child (self->save_banner, TRUE);
      g_message ("The game is not saved in the library “%s”: %s",
                 imh_library_get_path (self->library), error->message);
    }
  else if (shown)
    {
      gtk_revealer_set_reveal_child (self->save_banner, FALSE);
      if (autosave != NULL)
        imh_window_add_toast (self, imh_ui_toast_new (_("The game is saved again")));
    }
}

static void
on_save_banner_try (ImhWindow *self)
{
  ImhLibraryAutosave *autosave = self->session != NULL ? imh_session_get_autosave (self->session) : NULL;

  if (autosave != NULL)
    imh_library_autosave_retry_now (autosave);
}

/* ---- Thumbnails of finished games -------------------------------------- */

/* The board as it is drawn now as a thumbnail PNG; NULL when it is not on
 * screen. */
static GBytes *
render_board_png (GtkWidget *board)
{
  GtkNative *native = gtk_widget_get_native (board);

  if (native == NULL || gtk_native_get_renderer (native) == NULL || !gtk_widget_get_mapped (board))
    return NULL;
  return imh_board_thumbnail_render (IMH_BOARD (board), gtk_native_get_renderer (native));
}

static gboolean
thumbnail_timeout (gpointer data)
{
  ImhWindow *self = data;
  ImhGame *game = imh_play_view_get_game (self->play_view);
  GtkWidget *board = imh_play_view_get_board (self->play_view);

  if (game == NULL || !imh_game_get_is_over (game))
    {
      self->thumbnail_source = 0;
      return G_SOURCE_REMOVE;
    }
  /* The last decision is drawn when the board's animation ended. */
  if (imh_board_get_animating (IMH_BOARD (board)) && ++self->thumbnail_tries < 50)
    return G_SOURCE_CONTINUE;
  self->thumbnail_source = 0;
  /* The session stores it with its entry, now or once it has one. */
  if (self->session != NULL && imh_session_get_game (self->session) == game)
    {
      g_autoptr(GBytes) png = render_board_png (board);

      if (png != NULL)
        imh_session_set_thumbnail (self->session, png);
    }
  return G_SOURCE_REMOVE;
}

static void
on_game_over_thumbnail (ImhWindow *self)
{
  self->thumbnail_tries = 0;
  if (self->thumbnail_source == 0)
    self->thumbnail_source = g_timeout_add (100, thumbnail_timeout, self);
}

/* The session becomes the window's: the banner follows its autosave and
 * the library keeps it when that is wanted. */
static void
use_session (ImhWindow  *self,
             ImhSession *session)
{
  if (self->session == session)
    {
      if (session != NULL && self->library_autosave)
        imh_session_start_autosave (session);
      return;
    }
  drop_session (self);
  gtk_revealer_set_reveal_child (self->save_banner, FALSE);
  if (session == NULL)
    return;
  self->session = g_object_ref (session);
  if (self->library_autosave)
    imh_session_start_autosave (session);
  g_binding_group_set_source (self->session_bindings, session);
  g_signal_connect_object (imh_session_get_game (session), "game-over",
                           G_CALLBACK (on_game_over_thumbnail), self, G_CONNECT_SWAPPED);
}

/* Every game shown has a session (the play view's); one without a library
 * is given one when the library is to keep it. */
static void
follow_session (ImhWindow *self)
{
  ImhSession *session;

  if (self->play_view == NULL)
    return;   /* disposed */
  session = imh_play_view_get_session (self->play_view);
  /* Without a library yet, it is attached when it is open (this runs
   * again then). */
  if (session != NULL && imh_session_get_library (session) == NULL
      && self->library_autosave && ensure_library (self))
    imh_session_set_library (session, self->library);
  use_session (self, session);
}

void
imh_window_set_library_autosave (ImhWindow *self,
                                 gboolean   enabled)
{
  g_return_if_fail (IMH_IS_WINDOW (self));

  self->library_autosave = !!enabled;
  if (enabled)
    ensure_library (self);
  follow_session (self);
}

/* "win.library" (and each side page's action of its name) is a toggle:
 * the page, or back to the game. */
static void
win_side_change_state (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  ImhWindow *self = user_data;
  const char *name = g_action_get_name (G_ACTION (action));
  int side = -1;

  for (int i = 0; i < N_SIDE_PAGES; i++)
    if (g_str_equal (name, side_pages[i].name))
      side = i;
  g_return_if_fail (side >= 0);

  if (g_variant_get_boolean (state))
    {
      ensure_side_page (self, side);
      gtk_stack_set_visible_child_name (self->stack, side_pages[side].name);
      gtk_widget_set_visible (self->game_buttons, FALSE);
      gtk_widget_set_visible (self->sidebar_button, FALSE);
      adw_window_title_set_subtitle (self->window_title, _(side_pages[side].title));
    }
  else if (side_shown (self) == side)
    on_play_game_changed (self);
}

/* "win.back": from a side page back to the game (or to the start page
 * when no game is open). */
static void
win_back (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  ImhWindow *self = user_data;

  if (side_shown (self) >= 0)
    on_play_game_changed (self);
}

/* Leaving a side page another way (a new game, a game opened) unchecks
 * its toggle. */
static void
on_stack_page_changed (ImhWindow *self)
{
  int shown = side_shown (self);
  GAction *action;

  for (int i = 0; i < N_SIDE_PAGES; i++)
    {
      action = g_action_map_lookup_action (G_ACTION_MAP (self), side_pages[i].name);
      if (action != NULL)
        g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (shown == i));
    }
  action = g_action_map_lookup_action (G_ACTION_MAP (self), "back");
  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), shown >= 0);
  gtk_widget_set_visible (self->back_button, shown >= 0);
  /* The game's actions and its window-wide keys rest while a side page
   * is shown. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->play_view), shown < 0);
  if (g_action_map_lookup_action (G_ACTION_MAP (self), "undo") != NULL)
    sync_forwarded_actions (self);
}

/* "win.rules": the Rules window of the game shown, or (none shown) of
 * the game a new one would be. */
static void
win_rules (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  ImhWindow *self = user_data;
  ImhGame *game = imh_play_view_get_game (self->play_view);
  ImhGameKind kind = game != NULL ? (ImhGameKind) imh_game_get_state (game)->kind
                                  : imh_new_game_dialog_last_kind ();

  gtk_widget_activate_action (GTK_WIDGET (self), "app.rules", "s", imh_rules_get (kind)->id);
}

static const GActionEntry win_entries[] = {
  { .name = "close", .activate = win_close },
  { .name = "rules", .activate = win_rules },
  { .name = "back", .activate = win_back },
};

/* The play view's actions that the header bar, the menu and the
 * application's accelerators use: win.X activates the view's game.X and is
 * enabled when it is (game.show-sidebar: win.show-sidebar, a property
 * action on the view). While a side page is shown they are all off (the
 * game is hidden), but, on the library page, win.undo, which undoes the
 * page's last change when it has one. */
static const char *const forwarded_actions[] = {
  "new-game", "open", "save", "save-as", "undo", "redo", "undo-turn", "redo-turn", "hint",
  "analyse",
};

static void
win_forward (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  ImhWindow *self = user_data;
  g_autofree char *name = g_strconcat ("game.", g_action_get_name (G_ACTION (action)), NULL);

  if (side_shown (self) >= 0)
    {
      if (library_shown (self) && g_str_equal (g_action_get_name (G_ACTION (action)), "undo") && self->library_page != NULL
          && imh_library_page_get_can_undo (IMH_LIBRARY_PAGE (self->library_page)))
        gtk_widget_activate_action (self->library_page, "library.undo-delete", NULL);
      return;
    }
  gtk_widget_activate_action_variant (GTK_WIDGET (self->play_view), name, parameter);
}

static void
sync_forwarded_actions (ImhWindow *self)
{
  gboolean side = side_shown (self) >= 0;
  gboolean library = library_shown (self);

  for (gsize i = 0; i < G_N_ELEMENTS (forwarded_actions); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), forwarded_actions[i]);
      g_autofree char *name = g_strconcat ("game.", forwarded_actions[i], NULL);
      gboolean enabled;

      if (side)
        enabled = library && g_str_equal (forwarded_actions[i], "undo") && self->library_page != NULL
                  && imh_library_page_get_can_undo (IMH_LIBRARY_PAGE (self->library_page));
      else
        enabled = imh_play_view_get_action_enabled (self->play_view, name);
      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
    }
}

static void
add_forwarded_actions (ImhWindow *self)
{
  g_autoptr(GPropertyAction) sidebar = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (forwarded_actions); i++)
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new (forwarded_actions[i], NULL);

      g_signal_connect_object (action, "activate", G_CALLBACK (win_forward), self, 0);
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
    }
  sidebar = g_property_action_new ("show-sidebar", self->play_view, "show-sidebar");
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (sidebar));
  g_signal_connect_object (self->play_view, "actions-changed",
                           G_CALLBACK (sync_forwarded_actions), self, G_CONNECT_SWAPPED);
  sync_forwarded_actions (self);
}

static void
imh_window_dispose (GObject *object)
{
  ImhWindow *self = IMH_WINDOW (object);

  /* The last changes go to the library before the window goes. */
  self->library_autosave = FALSE;
  drop_session (self);
  /* It holds the view. */
  g_action_map_remove_action (G_ACTION_MAP (self), "show-sidebar");
  g_clear_object (&self->session_bindings);
  g_clear_object (&self->autosave_signals);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMH_TYPE_WINDOW);
  g_clear_object (&self->settings);
  g_clear_handle_id (&self->thumbnail_source, g_source_remove);
  g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  g_cancellable_cancel (self->library_cancellable);
  g_clear_object (&self->library_cancellable);
  for (int i = 0; i < N_SIDE_PAGES; i++)
    self->side_page[i] = self->side_loading[i] = NULL;
  self->library_page = NULL;
  g_clear_object (&self->library);
  g_clear_pointer (&self->library_problem_heading, g_free);
  g_clear_pointer (&self->library_problem_body, g_free);

  G_OBJECT_CLASS (imh_window_parent_class)->dispose (object);
}

static void
imh_window_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  ImhWindow *self = IMH_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_window_class_init (ImhWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = imh_window_dispose;
  object_class->get_property = imh_window_get_property;
  window_class->close_request = imh_window_close_request;

  /* The library, once it is open (opened in the background when first
   * needed; NULL until then, and when it cannot be opened). */
  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMH_TYPE_LIBRARY,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/imh-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, busy_spinner);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, game_buttons);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, play_view);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, save_banner);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, save_banner_button);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, save_banner_label);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ImhWindow, window_title);
}

/* A game shows the play page with its header-bar buttons. */
static void
on_play_game_changed (ImhWindow *self)
{
  ImhGame *game = imh_play_view_get_game (self->play_view);
  gboolean playing = game != NULL;
  g_autofree char *players = NULL;

  gtk_stack_set_visible_child_name (self->stack, playing ? "play" : "start");
  gtk_widget_set_visible (self->game_buttons, playing);
  gtk_widget_set_visible (self->sidebar_button, playing);
  if (playing && imh_game_get_n_players (game) == 2)
    {
      g_autofree char *first = imh_ui_player_name (game, 0);
      g_autofree char *second = imh_ui_player_name (game, 1);
      /* Translators: window subtitle during a game: the two players' names */
      players = g_strdup_printf (_("%s against %s"), first, second);
    }
  else if (playing && imh_game_get_n_players (game) > 2)
    {
      guint n = MIN (imh_game_get_n_players (game), IMH_MAX_PLAYERS);
      char *names[IMH_MAX_PLAYERS] = { NULL };

      for (guint p = 0; p < n; p++)
        names[p] = imh_ui_player_name (game, (int) p);
      players = imh_texts_join_names ((const char *const *) names, n);
      for (guint p = 0; p < n; p++)
        g_free (names[p]);
    }
  adw_window_title_set_subtitle (self->window_title, players);
}

static void
apply_preferences (ImhWindow *self)
{
  imh_play_view_set_pace (self->play_view, imh_preferences_get_pace_ms (self->settings));
  imh_play_view_set_hint_factor (self->play_view, imh_preferences_get_hint_factor (self->settings));
}

static void
imh_window_init (ImhWindow *self)
{
  g_type_ensure (IMH_TYPE_PLAY_VIEW);
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->play_view, "notify::game",
                           G_CALLBACK (on_play_game_changed), self, G_CONNECT_SWAPPED);
  /* The header bar shows when the computer thinks. */
  g_object_bind_property (self->play_view, "busy", self->busy_spinner, "visible", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->play_view, "busy", self->busy_spinner, "spinning", G_BINDING_SYNC_CREATE);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries,
                                   G_N_ELEMENTS (win_entries), self);
  for (int i = 0; i < N_SIDE_PAGES; i++)
    {
      GActionEntry entry = { .name = side_pages[i].name, .state = "false",
                             .change_state = win_side_change_state };

      g_action_map_add_action_entries (G_ACTION_MAP (self), &entry, 1, self);
    }
  /* win.back: only on a side page (on_stack_page_changed()). */
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "back")),
                               FALSE);
  add_forwarded_actions (self);
  g_signal_connect_object (self->stack, "notify::visible-child-name",
                           G_CALLBACK (on_stack_page_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play_view, "notify::session",
                           G_CALLBACK (follow_session), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->save_banner_button, "clicked",
                           G_CALLBACK (on_save_banner_try), self, G_CONNECT_SWAPPED);

  /* The session shown: its autosave's errors show in the banner. */
  self->session_bindings = g_binding_group_new ();
  self->autosave_signals = g_signal_group_new (IMH_TYPE_LIBRARY_AUTOSAVE);
  g_signal_group_connect_object (self->autosave_signals, "notify::save-error",
                                 G_CALLBACK (on_save_error), self, G_CONNECT_SWAPPED);
  g_binding_group_bind (self->session_bindings, "autosave", self->autosave_signals, "target",
                        G_BINDING_SYNC_CREATE);

  /* The application's own icon, found in the resource's icon theme. */
  adw_status_page_set_icon_name (self->start_page, APP_ID);

  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  self->settings = g_settings_new (BASE_APP_ID);
  imh_window_restore_state (self);
  /* Preferences: the computer's pause and the hints' budget, also when
   * they change. */
  apply_preferences (self);
  g_signal_connect_object (self->settings, "changed::computer-pace", G_CALLBACK (apply_preferences),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::hint-search", G_CALLBACK (apply_preferences),
                           self, G_CONNECT_SWAPPED);
  /* Analysing the library's finished games while the computer is idle. */
  _imh_window_background_init (self, self->settings);
}

ImhWindow *
imh_window_new (ImhApplication *application)
{
  g_return_val_if_fail (IMH_IS_APPLICATION (application), NULL);

  return g_object_new (IMH_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

AdwHeaderBar *
imh_window_get_header_bar (ImhWindow *self)
{
  g_return_val_if_fail (IMH_IS_WINDOW (self), NULL);

  return self->header_bar;
}

ImhLibrary *
imh_window_get_library (ImhWindow *self)
{
  g_return_val_if_fail (IMH_IS_WINDOW (self), NULL);

  return self->library;
}

GtkWidget *
imh_window_get_library_page (ImhWindow *self)
{
  g_return_val_if_fail (IMH_IS_WINDOW (self), NULL);
  return self->library_page;
}

ImhPlayView *
imh_window_get_play_view (ImhWindow *self)
{
  g_return_val_if_fail (IMH_IS_WINDOW (self), NULL);

  return self->play_view;
}

const char *
imh_window_get_page (ImhWindow *self)
{
  g_return_val_if_fail (IMH_IS_WINDOW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

void
imh_window_add_toast (ImhWindow *self,
                      AdwToast  *toast)
{
  g_return_if_fail (IMH_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The kinds the app has a board for, as a set for
 * imh_session_resume_async(). */
static guint
resumable_kinds (void)
{
  guint kinds = 0;

  for (int kind = 0; kind < IMH_N_GAMES; kind++)
    if (imh_ui_kind_has_board ((ImhGameKind) kind))
      kinds |= 1u << kind;
  return kinds;
}

static void
on_resumed (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ImhWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhSession) session = imh_session_resume_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->play_view == NULL)
    return;
  if (session == NULL)
    {
      if (error != NULL)
        imh_window_add_toast (self, imh_ui_error_toast_new (GTK_WIDGET (self), error->message));
      return;
    }
  if (imh_play_view_get_game (self->play_view) != NULL)
    return;   /* a game was shown meanwhile (a file opened) */
  /* Every change updates the same entry. */
  show_session (self, session);
  imh_window_add_toast (self, imh_ui_toast_new (_("Your unfinished game is back")));
}

/* The old autosave files are in the library: the unfinished game next. */
static void
on_migrated (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(ImhWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));

  if (!imh_autosave_migrate_finish (IMH_LIBRARY (source), result, NULL, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && self->play_view != NULL)
    imh_window_add_toast (self, imh_ui_error_toast_new (GTK_WIDGET (self), error->message));
  if (g_cancellable_is_cancelled (cancellable) || self->play_view == NULL)
    return;   /* the window is gone, or a library game is being opened */
  if (imh_play_view_get_game (self->play_view) != NULL)
    return;   /* a game is shown already (a file opened) */
  imh_session_resume_async (self->library, resumable_kinds (), cancellable, on_resumed, g_object_ref (self));
}

void
imh_window_resume (ImhWindow *self)
{
  g_return_if_fail (IMH_IS_WINDOW (self));

  /* Once the library is open (a dialog says why it cannot be; playing
   * works without the library). */
  if (!ensure_library (self))
    {
      self->resume_pending = TRUE;
      return;
    }
  start_resume (self);
}

static void
start_resume (ImhWindow *self)
{
  /* Once: the autosave file of earlier versions becomes a library entry. */
  if (!imh_library_is_read_only (self->library))
    {
      imh_autosave_migrate_async (self->library, restart_open (self), on_migrated, g_object_ref (self));
      return;
    }
  if (imh_play_view_get_game (self->play_view) != NULL)
    return;   /* a game is shown already (a file opened) */
  imh_session_resume_async (self->library, resumable_kinds (), restart_open (self),
                            on_resumed, g_object_ref (self));
}
