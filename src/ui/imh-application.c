/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-application.c — the Imhotep application: actions, accelerators, about and shortcuts. */
#define G_LOG_DOMAIN "imh-application"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "imh-application-private.h"
#include "imh-preferences.h"
#include "imh-window-background.h"
#include "imh-rules-window.h"
#include "imh-screenshot.h"
#include "imh-ui-util.h"
#include "imh-window.h"

G_DEFINE_FINAL_TYPE (ImhApplication, imh_application, ADW_TYPE_APPLICATION)

static const GOptionEntry main_options[] = {
  { "version", 'v', G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the version and quit"), NULL },
  { "screenshot", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME, NULL,
    N_("Render the main window into a PNG file and quit"), N_("FILE") },
  { "size", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, NULL,
    N_("Window size for --screenshot (default 1280x800)"), N_("WIDTHxHEIGHT") },
  { "dark", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Use the dark style for --screenshot"), NULL },
  { "text-scale", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_DOUBLE, NULL,
    N_("The desktop's text scaling factor for --screenshot, from 0.5 to 3 (default 1)"),
    N_("FACTOR") },
  { "record", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME, NULL,
    N_("Show this game record in --screenshot"), N_("FILE") },
  { "ply", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_INT, NULL,
    N_("Show the position after this many decisions of --record (default: the end)"), N_("N") },
  { "analysis", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the Analysis page with a quick analysis of --record"), NULL },
  { "study", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the Study page and the best five decisions of --record on the board"), NULL },
  { "tutor", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the tutor’s message on the last decision of a person in --record"), NULL },
  { "reveal", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show --record with everything revealed (the pile and the reserve face up)"), NULL },
  { "library", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the library page in --screenshot"), NULL },
  { "practice", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the Practice page in --screenshot"), NULL },
  { "practice-exercise", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the first exercise of the Practice page, answered wrong, in --screenshot"), NULL },
  { "my-name", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING_ARRAY, NULL,
    N_("A name of the user’s own players for --practice and --statistics (repeatable)"), N_("NAME") },
  { "statistics", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the Statistics page in --screenshot"), NULL },
  { "new-game", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Render the New Game dialog in --screenshot"), NULL },
  { "game", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, NULL,
    N_("The game chosen in the New Game dialog of --new-game (duel or classic)"), N_("GAME") },
  { "preferences", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Render the Preferences window in --screenshot"), NULL },
  { "game-over", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Render the summary of the finished game of --record in --screenshot"), NULL },
  { "rules", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, NULL,
    N_("Render the Rules window of a game (duel or classic) in --screenshot"), N_("GAME") },
  { "page", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_INT, NULL,
    N_("The page of --rules shown (1 the first)"), N_("N") },
  { NULL }
};

static GtkWindow *
imh_application_get_window (ImhApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (imh_window_new (self));
  return window;
}

static int
imh_application_handle_local_options (GApplication *application,
                                      GVariantDict *options)
{
  ImhApplication *self = IMH_APPLICATION (application);
  g_autoptr(ImhScreenshotRequest) request = NULL;
  g_autoptr(GError) error = NULL;
  const char *path = NULL;
  const char *size = NULL;
  const char *record = NULL;
  const char *game = NULL;
  const ImhRules *game_rules = NULL;
  const char *rules_game = NULL;
  const ImhRules *rules_rules = NULL;
  int rules_page = 1;
  int ply = -1;
  double text_scale = 1.0;
  gboolean dark = FALSE;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("imhotep %s\n", PACKAGE_VERSION);
      return 0;
    }

  g_variant_dict_lookup (options, "screenshot", "^&ay", &path);
  g_variant_dict_lookup (options, "size", "&s", &size);
  dark = g_variant_dict_contains (options, "dark");
  g_variant_dict_lookup (options, "record", "^&ay", &record);
  g_variant_dict_lookup (options, "ply", "i", &ply);
  g_variant_dict_lookup (options, "game", "&s", &game);
  g_variant_dict_lookup (options, "rules", "&s", &rules_game);
  g_variant_dict_lookup (options, "page", "i", &rules_page);

  if (rules_game != NULL && (rules_rules = imh_rules_from_id (rules_game)) == NULL)
    {
      /* TRANSLATORS: --rules is an option; keep "duel" and "classic" as they are */
      g_printerr (_("imhotep: --rules: no game “%s” (duel or classic)\n"), rules_game);
      return 2;
    }
  if (g_variant_dict_contains (options, "page") && (rules_game == NULL || rules_page < 1))
    {
      g_printerr ("imhotep: %s\n", _("--page needs --rules and a number of at least 1"));
      return 2;
    }
  if (rules_game != NULL
      && (path == NULL || record != NULL || g_variant_dict_contains (options, "library")
          || g_variant_dict_contains (options, "new-game")
          || g_variant_dict_contains (options, "preferences")))
    {
      g_printerr ("imhotep: %s\n", _("--rules needs --screenshot and goes with neither --record, "
                                     "--library, --new-game nor --preferences"));
      return 2;
    }

  if (game != NULL && !g_variant_dict_contains (options, "new-game"))
    {
      g_printerr ("imhotep: %s\n", _("--game needs --new-game"));
      return 2;
    }
  if (game != NULL && (game_rules = imh_rules_from_id (game)) == NULL)
    {
      /* TRANSLATORS: --game is an option; keep "duel" and "classic" as they are */
      g_printerr (_("imhotep: --game: no game “%s” (duel or classic)\n"), game);
      return 2;
    }

  if (g_variant_dict_contains (options, "statistics")
      && (path == NULL || record != NULL || g_variant_dict_contains (options, "library")
          || g_variant_dict_contains (options, "new-game")
          || g_variant_dict_contains (options, "preferences")))
    {
      g_printerr ("imhotep: %s\n", _("--statistics needs --screenshot and goes with neither --record, "
                                     "--library, --new-game nor --preferences"));
      return 2;
    }

  if (path == NULL)
    {
      if (size != NULL || dark || record != NULL || g_variant_dict_contains (options, "ply")
          || g_variant_dict_contains (options, "text-scale")
          || g_variant_dict_contains (options, "library") || g_variant_dict_contains (options, "new-game")
          || g_variant_dict_contains (options, "game-over")
          || g_variant_dict_contains (options, "preferences"))
        {
          g_printerr ("imhotep: %s\n",
                      _("--size, --dark, --text-scale, --record, --ply, --library, --new-game, "
                        "--preferences and --game-over need --screenshot"));
          return 2;
        }
      return -1;
    }
  if (g_variant_dict_lookup (options, "text-scale", "d", &text_scale)
      && !(text_scale >= 0.5 && text_scale <= 3.0))
    {
      g_printerr ("imhotep: %s\n", _("--text-scale needs a factor from 0.5 to 3, such as 1.5"));
      return 2;
    }
  if (g_variant_dict_contains (options, "study") && record == NULL)
    {
      g_printerr ("imhotep: %s\n", _("--study needs --record"));
      return 2;
    }
  if (g_variant_dict_contains (options, "tutor") && record == NULL)
    {
      g_printerr ("imhotep: %s\n", _("--tutor needs --record"));
      return 2;
    }
  if (g_variant_dict_contains (options, "analysis") && record == NULL)
    {
      g_printerr ("imhotep: %s\n", _("--analysis needs --record"));
      return 2;
    }
  if (g_variant_dict_contains (options, "game-over") && record == NULL)
    {
      g_printerr ("imhotep: %s\n", _("--game-over needs --record"));
      return 2;
    }
  if (g_variant_dict_contains (options, "reveal") && record == NULL)
    {
      g_printerr ("imhotep: %s\n", _("--reveal needs --record"));
      return 2;
    }
  if (g_variant_dict_contains (options, "library") && record != NULL)
    {
      g_printerr ("imhotep: %s\n", _("--library shows the library, not --record"));
      return 2;
    }
  if ((g_variant_dict_contains (options, "practice") || g_variant_dict_contains (options, "practice-exercise"))
      && (record != NULL || g_variant_dict_contains (options, "library")))
    {
      g_printerr ("imhotep: %s\n", _("--practice goes with neither --record nor --library"));
      return 2;
    }
  if (g_variant_dict_contains (options, "new-game")
      && (record != NULL || g_variant_dict_contains (options, "library")))
    {
      g_printerr ("imhotep: %s\n", _("--new-game goes with neither --record nor --library"));
      return 2;
    }
  if (g_variant_dict_contains (options, "preferences")
      && (record != NULL || g_variant_dict_contains (options, "library")
          || g_variant_dict_contains (options, "new-game")))
    {
      g_printerr ("imhotep: %s\n", _("--preferences goes with neither --record, --library nor --new-game"));
      return 2;
    }
  if (g_variant_dict_contains (options, "ply") && (record == NULL || ply < 0))
    {
      g_printerr ("imhotep: %s\n", _("--ply needs --record and a number of at least 0"));
      return 2;
    }

  request = g_new0 (ImhScreenshotRequest, 1);
  request->path = g_strdup (path);
  request->width = 1280;
  request->height = 800;
  request->dark = dark;
  request->text_scale = text_scale;
  request->record = g_strdup (record);
  request->ply = ply;
  request->analysis = g_variant_dict_contains (options, "analysis");
  request->study = g_variant_dict_contains (options, "study");
  request->tutor = g_variant_dict_contains (options, "tutor");
  request->reveal = g_variant_dict_contains (options, "reveal");
  request->library = g_variant_dict_contains (options, "library");
  request->practice = g_variant_dict_contains (options, "practice-exercise") ? 2
                      : g_variant_dict_contains (options, "practice") ? 1 : 0;
  g_variant_dict_lookup (options, "my-name", "^as", &request->my_names);
  request->statistics = g_variant_dict_contains (options, "statistics");
  request->new_game = g_variant_dict_contains (options, "new-game");
  request->game_over = g_variant_dict_contains (options, "game-over");
  request->preferences = g_variant_dict_contains (options, "preferences");
  request->game = game_rules != NULL ? (int) game_rules->kind : -1;
  request->rules = rules_rules != NULL ? (int) rules_rules->kind + 1 : 0;
  request->rules_page = rules_page - 1;
  if (size != NULL
      && !imh_screenshot_parse_size (size, &request->width, &request->height, &error))
    {
      g_printerr ("imhotep: %s\n", error->message);
      return 2;
    }

  /* A screenshot never goes to (or becomes) the running instance. */
  g_application_set_flags (application,
                           g_application_get_flags (application) | G_APPLICATION_NON_UNIQUE);
  imh_screenshot_request_free (self->screenshot);
  self->screenshot = g_steal_pointer (&request);

  return -1;
}

static void
imh_application_activate (GApplication *application)
{
  ImhApplication *self = IMH_APPLICATION (application);

  if (self->screenshot != NULL)
    {
      _imh_application_take_screenshot (self);
      return;
    }

  if (gtk_application_get_active_window (GTK_APPLICATION (self)) == NULL)
    {
      /* A new window: bring back the unfinished game, if any. */
      ImhWindow *window = imh_window_new (self);
      imh_window_set_library_autosave (window, TRUE);
      imh_window_resume (window);
      gtk_window_present (GTK_WINDOW (window));
      return;
    }
  gtk_window_present (imh_application_get_window (self));
}

static void
imh_application_open (GApplication  *application,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  ImhApplication *self = IMH_APPLICATION (application);
  GtkWindow *window = imh_application_get_window (self);

  gtk_window_present (window);

  /* One game at a time: the first file is opened (errors come as a toast). */
  if (n_files > 0)
    imh_play_view_open_file (imh_window_get_play_view (IMH_WINDOW (window)), files[0]);
}

static void
app_quit (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (application));

  /* Close (not destroy) so every window saves its state on the way out. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
app_about (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  ImhApplication *self = IMH_APPLICATION (user_data);
  const char *developers[] = { "The Imhotep developers", NULL };
  const char *artists[] = { "The Imhotep developers", NULL };
  const char *game_design[] = { "Phil Walker-Harding", NULL };
  GtkWindow *about;

  about = GTK_WINDOW (adw_about_window_new ());
  g_object_set (about,
                "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                "application-name", "Imhotep",
                "application-icon", APP_ID,
                "developer-name", _("The Imhotep developers"),
                "version", PACKAGE_VERSION,
                "website", "https://github.com/imhotepapp/imhotep",
                "issue-url", "https://github.com/imhotepapp/imhotep/issues",
                "copyright", _("© 2026 The Imhotep developers"),
                "license-type", GTK_LICENSE_GPL_3_0,
                "developers", developers,
                "artists", artists,
                /* Translators: put your names here, one per line */
                "translator-credits", _("translator-credits"),
                "comments", _("Imhotep and Imhotep: The Duel are board games by Phil "
                              "Walker-Harding, published by KOSMOS. This application is an "
                              "unofficial implementation, not affiliated with or endorsed by "
                              "the author or the publisher."),
                NULL);
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Game Design"), game_design);
  adw_about_window_add_legal_section (ADW_ABOUT_WINDOW (about),
                                      _("The Board Games"),
                                      NULL,
                                      GTK_LICENSE_CUSTOM,
                                      _("Imhotep and Imhotep: The Duel are board games designed "
                                        "by Phil Walker-Harding and published by KOSMOS. The rules "
                                        "are implemented here from the published rulebooks; the "
                                        "artwork of this application is its own. The names of the "
                                        "games belong to their owners."));
  gtk_window_present (about);
}

static void
app_shortcuts (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  ImhApplication *self = IMH_APPLICATION (user_data);
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWindow *shortcuts;

  builder = gtk_builder_new_from_resource (RESOURCE_BASE_PATH "/imh-shortcuts-window.ui");
  shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));
  gtk_window_set_transient_for (shortcuts,
                                gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_set_application (shortcuts, GTK_APPLICATION (self));
  gtk_window_present (shortcuts);
}

static void
set_preferences_library (ImhWindow  *main_window,
                         GParamSpec *pspec,
                         GtkWindow  *preferences)
{
  imh_preferences_window_set_library (preferences, imh_window_get_library (main_window),
                                      imh_window_get_background_analysis (main_window));
}

/* Preferences over the active window, with the library's names and the
 * background analysis of the main window focused last. */
static GtkWindow *
new_preferences (ImhApplication *self)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWindow *window = imh_preferences_window_new (parent, settings);

  /* Most recently focused first. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (IMH_IS_WINDOW (l->data))
      {
        set_preferences_library (l->data, NULL, window);
        /* Still opening: when it is open. */
        if (imh_window_get_library (l->data) == NULL)
          g_signal_connect_object (l->data, "notify::library", G_CALLBACK (set_preferences_library),
                                   window, 0);
        break;
      }
  gtk_window_set_application (window, GTK_APPLICATION (self));
  return window;
}

static void
app_preferences (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  gtk_window_present (new_preferences (IMH_APPLICATION (user_data)));
}

/* "app.my-names": Preferences at "Your Names" (the page Practice). */
static void
app_my_names (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkWindow *window = new_preferences (IMH_APPLICATION (user_data));

  imh_preferences_window_show_names (window);
  gtk_window_present (window);
}

static void
on_help_shown (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *text = g_strdup_printf (_("The help could not be opened: %s"),
                                               error->message);

      if (IMH_IS_WINDOW (source))
        imh_window_add_toast (IMH_WINDOW (source), imh_ui_toast_new (text));
      else
        g_warning ("%s", text);
    }
}

/* F1: the help (the pages in help/C) in Yelp, or what the desktop uses for help:. */
static void
app_help (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  ImhApplication *self = IMH_APPLICATION (user_data);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  gtk_show_uri_full (window, "help:" BASE_APP_ID, GDK_CURRENT_TIME, NULL, on_help_shown, NULL);
}

/* "app.rules" (s): the Rules window of the game with that rules id
 * ("duel", "classic"), one per game. */
static void
app_rules (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  const ImhRules *rules = imh_rules_from_id (g_variant_get_string (parameter, NULL));

  if (rules == NULL)
    {
      g_warning ("No rules for the game “%s”", g_variant_get_string (parameter, NULL));
      return;
    }
  imh_rules_window_present_for (GTK_APPLICATION (user_data), rules->kind);
}

static const GActionEntry app_entries[] = {
  { .name = "quit", .activate = app_quit },
  { .name = "preferences", .activate = app_preferences },
  { .name = "my-names", .activate = app_my_names },
  { .name = "help", .activate = app_help },
  { .name = "about", .activate = app_about },
  { .name = "shortcuts", .activate = app_shortcuts },
  { .name = "rules", .activate = app_rules, .parameter_type = "s" },
};

static const struct {
  const char *action;
  const char *accels[3];
} app_accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.shortcuts", { "<Control>question", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "app.help", { "F1", NULL } },
  { "win.close", { "<Control>w", NULL } },
  { "win.new-game", { "<Control>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Shift><Control>s", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Shift><Control>z", NULL } },
  { "win.undo-turn", { "<Alt><Control>z", NULL } },
  { "win.redo-turn", { "<Shift><Alt><Control>z", NULL } },
};

static void
imh_application_startup (GApplication *application)
{
  G_APPLICATION_CLASS (imh_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_entries,
                                   G_N_ELEMENTS (app_entries), application);
  for (gsize i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application),
                                           app_accels[i].action, app_accels[i].accels);

  gtk_window_set_default_icon_name (APP_ID);
  imh_ui_init_accessible_names ();
}

static void
imh_application_finalize (GObject *object)
{
  ImhApplication *self = IMH_APPLICATION (object);

  imh_screenshot_request_free (self->screenshot);

  G_OBJECT_CLASS (imh_application_parent_class)->finalize (object);
}

static void
imh_application_class_init (ImhApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = imh_application_finalize;
  app_class->handle_local_options = imh_application_handle_local_options;
  app_class->startup = imh_application_startup;
  app_class->activate = imh_application_activate;
  app_class->open = imh_application_open;
}

static void
imh_application_init (ImhApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), main_options);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Play and study the board games Imhotep (two to four players) and Imhotep: The Duel."));
}

ImhApplication *
imh_application_new (void)
{
  return g_object_new (IMH_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE_PATH,
                       NULL);
}

int
imh_application_get_exit_status (ImhApplication *self)
{
  g_return_val_if_fail (IMH_IS_APPLICATION (self), 1);

  return self->exit_status;
}
