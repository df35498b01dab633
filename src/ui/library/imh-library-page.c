/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-page.c — the library page: list, search, filters, edits, import, export. */
#define G_LOG_DOMAIN "imh-library-page"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-board-factory.h"
#include "imh-board-thumbnail.h"
#include "imh-engine.h"
#include "imh-library-async.h"
#include "imh-library-page-private.h"
#include "imh-library-trash.h"
#include "imh-record-file.h"
#include "imh-texts.h"
#include "imh-ui-util.h"

typedef enum {
  COL_STAR,
  COL_THUMBNAIL,
  COL_DATE,
  COL_GAME,
  COL_PLAYERS,
  COL_RESULT,
  COL_SCORE,
  COL_LENGTH,
  COL_ANALYSED,
  COL_TAGS,
  N_COLS
} Column;

/* The thumbnails' size in the list (stored 192 px wide). */
#define THUMBNAIL_WIDTH 64
#define THUMBNAIL_HEIGHT 48

/* What fits (the width of the page, not of the window, decides). */
typedef enum {
  LAYOUT_WIDE,     /* every column */
  LAYOUT_MEDIUM,   /* without length, analysed and tags; the search on a row of its own */
  LAYOUT_NARROW,   /* a phone: star, date, players, result; the search on a row of its own */
} ImhLibraryLayout;

#define MEDIUM_BELOW 1000
#define NARROW_BELOW 600

static const struct {
  const char *title;
  int         sort;       /* ImhLibrarySort, or -1: not sortable */
  gboolean    expand;
  int         nat_chars;
} columns[N_COLS] = {
  [COL_STAR]     = { N_("Star"), IMH_LIBRARY_SORT_STARRED, FALSE, 0 },
  [COL_THUMBNAIL] = { N_("Final Position"), -1, FALSE, 0 },
  [COL_DATE]     = { N_("Date"), IMH_LIBRARY_SORT_DATE, FALSE, 16 },
  [COL_GAME]     = { N_("Game"), IMH_LIBRARY_SORT_GAME, FALSE, 12 },
  [COL_PLAYERS]  = { N_("Players"), IMH_LIBRARY_SORT_PLAYERS, TRUE, 24 },
  [COL_RESULT]   = { N_("Result"), IMH_LIBRARY_SORT_RESULT, FALSE, 14 },
  [COL_SCORE]    = { N_("Score"), -1, FALSE, 10 },
  [COL_LENGTH]   = { N_("Length"), IMH_LIBRARY_SORT_LENGTH, FALSE, 6 },
  [COL_ANALYSED] = { N_("Analysed"), -1, FALSE, 0 },
  [COL_TAGS]     = { N_("Tags"), -1, TRUE, 12 },
};

/* What a column's factory and sorter know. */
typedef struct
{
  ImhLibraryPage *page;   /* not owned */
  Column          column;
} ColumnData;

#define IMH_TYPE_LIBRARY_CELL (imh_library_cell_get_type ())
G_DECLARE_FINAL_TYPE (ImhLibraryCell, imh_library_cell, IMH, LIBRARY_CELL, GtkWidget)

typedef struct _DeleteUndo DeleteUndo;

/* A choice of the game filter: a kind, with a number of players for the
 * kinds played by two or more (0: any). */
typedef struct {
  int kind;
  int n_players;
} GameChoice;

#define GAME_CHOICES_MAX (1 + IMH_N_GAMES * (1 + IMH_MAX_PLAYERS))

struct _ImhLibraryPage
{
  GtkWidget          parent_instance;

  ImhLibrary        *library;
  ImhLibraryModel   *model;
  GtkMultiSelection *selection;
  GtkStringList     *tags_model;
  GtkColumnViewColumn *columns[N_COLS];
  ImhLibraryLayout   layout;        /* what the page shows at its width */
  guint              layout_idle;
  int                probed_column;
  GObject           *probe[2];      /* two objects for the sort probe */
  ImhLibrarySort     sort;
  gboolean           descending;
  gboolean           updating_tags;
  DeleteUndo        *last_delete;   /* the undo library.undo-delete does */
  gboolean           can_undo;      /* library.undo-delete is enabled */
  AdwToast          *last_delete_toast;

  /* Requests to the library: reads are cancelled when the page goes away. */
  GCancellable      *cancellable;
  guint              n_pending;     /* requests whose reply has not come */
  guint              tags_serial;   /* the newest list of tags asked for */
  guint              edit_serial;   /* the newest summary asked for to edit */
  GHashTable        *shown;         /* game id → its summary, for rows shown */

  /* Thumbnails drawn here for finished Duel games that have none
   * (imported, or stored by imhotep-cli): one per idle callback. */
  GHashTable        *thumb_cells;   /* game id → the GtkPicture bound to it */
  GHashTable        *thumb_seen;    /* game ids queued or drawn */
  GQueue             thumb_queue;   /* gint64 *: ids waiting, oldest first */
  guint              thumb_idle;
  gboolean           thumb_drawing; /* one at a time */
  ImhBoard          *thumb_board;   /* offscreen, made when first needed */

  GtkWidget         *trash;         /* ImhLibraryTrash: "Recently Deleted" */

  /* Template children */
  GtkActionBar      *action_bar;
  GtkCheckButton    *analysed_filter;
  GtkCheckButton    *blunder_filter;
  GtkDropDown       *level_filter;
  GtkEntry          *sides_filter;
  GtkDropDown       *winner_filter;
  GtkBox            *filter_bar;
  GtkWidget         *action_squeezer;
  GtkColumnView     *column_view;
  GtkStack          *content_stack;
  GtkDropDown       *game_filter;
  GameChoice         game_choices[GAME_CHOICES_MAX]; /* by position in game_filter; 0: all */
  guint              n_game_choices;
  GtkSearchEntry    *search_entry;
  GtkLabel          *selection_label;
  GtkDropDown       *state_filter;
  GtkToggleButton   *starred_filter;
  GtkDropDown       *tag_filter;
  AdwToastOverlay   *toast_overlay;
  GtkBox            *games_view;
};

G_DEFINE_FINAL_TYPE (ImhLibraryPage, imh_library_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LIBRARY,
  PROP_CAN_UNDO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  OPEN_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static void
toast (ImhLibraryPage *self, const char *title)
{
  adw_toast_overlay_add_toast (self->toast_overlay, imh_ui_toast_new (title));
}

static GtkWindow *
parent_window (ImhLibraryPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

/* ---- Requests to the library ---- */

/* The undo of one delete: the toast's button and library.undo-delete
 * share it, so that it is done once. */
struct _DeleteUndo
{
  ImhLibraryDeleted *deleted;   /* NULL once restored (or being restored) */
  char              *name;      /* the games, for messages */
};

static DeleteUndo *
delete_undo_new (ImhLibraryDeleted *deleted, const char *name)
{
  DeleteUndo *undo = g_rc_box_new0 (DeleteUndo);

  undo->deleted = imh_library_deleted_ref (deleted);
  undo->name = g_strdup (name);
  return undo;
}

static void
delete_undo_clear (DeleteUndo *undo)
{
  g_clear_pointer (&undo->deleted, imh_library_deleted_unref);
  g_free (undo->name);
}

static DeleteUndo *
delete_undo_ref (DeleteUndo *undo)
{
  return g_rc_box_acquire (undo);
}

static void
delete_undo_unref (DeleteUndo *undo)
{
  g_rc_box_release_full (undo, (GDestroyNotify) delete_undo_clear);
}

/* A request in flight and what its reply needs. The page is held weakly:
 * a reply after the page went away is dropped (its reads are cancelled
 * in dispose; its edits are made all the same). */
typedef struct
{
  GWeakRef        page;
  guint           serial;   /* where a newer request of the kind wins */
  gint64          id;
  char           *name;     /* the game or games, for error messages */
  ImhLibraryCell *cell;
  GBytes         *png;
  DeleteUndo     *undo;
  guint           n;
} Request;

static Request *
request_new (ImhLibraryPage *self, const char *name)
{
  Request *r = g_new0 (Request, 1);

  g_weak_ref_init (&r->page, self);
  r->name = g_strdup (name);
  self->n_pending++;
  return r;
}

static void
request_free (Request *r)
{
  g_weak_ref_clear (&r->page);
  g_free (r->name);
  g_clear_object (&r->cell);
  g_clear_pointer (&r->png, g_bytes_unref);
  g_clear_pointer (&r->undo, delete_undo_unref);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Request, request_free)

/* The page a reply is for (a reference), NULL when the page went away or
 * the request was cancelled. */
static ImhLibraryPage *
request_page (Request *r, const GError *error)
{
  ImhLibraryPage *self = g_weak_ref_get (&r->page);

  if (self == NULL)
    return NULL;
  self->n_pending--;
  if (self->library == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_object_unref (self);
      return NULL;
    }
  return self;
}

/* A toast saying what went wrong with which game. */
static void
error_toast (ImhLibraryPage *self, const char *name, const GError *error)
{
  /* Translators: the first %s names a game (its players) or how many,
   * the second says what went wrong. */
  g_autofree char *title = g_strdup_printf (_("“%s”: %s"), name, error->message);

  adw_toast_overlay_add_toast (self->toast_overlay, imh_ui_error_toast_new (GTK_WIDGET (self), title));
}

static GArray *
selected_ids (ImhLibraryPage *self)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GtkBitsetIter iter;
  guint pos;

  if (gtk_bitset_iter_init_first (&iter, set, &pos))
    do
      {
        gint64 id = imh_library_model_get_id (self->model, pos);
        if (id > 0)
          g_array_append_val (ids, id);
      }
    while (gtk_bitset_iter_next (&iter, &pos));
  return ids;
}

static gboolean
filters_active (ImhLibraryPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  return (text != NULL && *text != '\0')
         || gtk_drop_down_get_selected (self->game_filter) > 0
         || gtk_drop_down_get_selected (self->state_filter) > 0
         || gtk_drop_down_get_selected (self->tag_filter) > 0
         || gtk_toggle_button_get_active (self->starred_filter)
         || gtk_drop_down_get_selected (self->winner_filter) > 0
         || gtk_drop_down_get_selected (self->level_filter) > 0
         || gtk_entry_get_text_length (self->sides_filter) > 0
         || gtk_check_button_get_active (self->analysed_filter)
         || gtk_check_button_get_active (self->blunder_filter);
}

static void
update_content (ImhLibraryPage *self)
{
  const char *page = "list";

  if (self->model != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->model)) == 0
      && !imh_library_model_get_loading (self->model))
    page = filters_active (self) ? "no-results" : "empty";
  gtk_stack_set_visible_child_name (self->content_stack, page);
}

static void
update_actions (ImhLibraryPage *self)
{
  g_autoptr(GArray) ids = self->model != NULL ? selected_ids (self) : g_array_new (FALSE, FALSE, sizeof (gint64));
  gboolean writable = self->library != NULL && !imh_library_is_read_only (self->library);
  g_autofree char *label = NULL;
  gboolean can_undo;

  if (self->action_bar == NULL)
    return;   /* disposed */

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.open", ids->len == 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.edit", writable && ids->len == 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.delete", writable && ids->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.export", ids->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.import", writable);
  can_undo = writable && self->last_delete != NULL && self->last_delete->deleted != NULL;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.undo-delete", can_undo);
  if (can_undo != self->can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }

  gtk_action_bar_set_revealed (self->action_bar, ids->len > 0);
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game selected", "%u games selected", ids->len), ids->len);
  gtk_label_set_label (self->selection_label, label);
}

static void
list_tags_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) tags = imh_library_list_tags_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);
  g_autofree char *current = NULL;
  guint selected, n;
  guint reselect = 0;

  /* Only the newest list. */
  if (self == NULL || r->serial != self->tags_serial)
    return;
  if (tags == NULL)
    {
      g_debug ("Could not list the tags: %s", error->message);
      return;
    }
  selected = gtk_drop_down_get_selected (self->tag_filter);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->tags_model));
  if (selected > 0 && selected < n)
    current = g_strdup (gtk_string_list_get_string (self->tags_model, selected));

  self->updating_tags = TRUE;
  gtk_string_list_splice (self->tags_model, 1, n - 1, (const char * const *) tags);
  for (guint i = 0; tags[i] != NULL; i++)
    if (g_strcmp0 (tags[i], current) == 0)
      reselect = i + 1;
  gtk_drop_down_set_selected (self->tag_filter, reselect);
  self->updating_tags = FALSE;
}

/* Reads the tags for the tag filter again. */
static void
refresh_tags (ImhLibraryPage *self)
{
  Request *r;

  if (self->library == NULL)
    return;
  r = request_new (self, NULL);
  r->serial = ++self->tags_serial;
  imh_library_list_tags_async (self->library, self->cancellable, list_tags_done, r);
}

/* ------------------------------------------------------------------ */
/* Query                                                               */

/* The query the search entry, the filters and the sort order select. */
/* "All Games", then every kind of the rules; a kind played by two or more
 * players also once for each number of players. */
static void
fill_game_filter (ImhLibraryPage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_string_list_append (names, _("All Games"));
  self->game_choices[0] = (GameChoice) { -1, 0 };
  self->n_game_choices = 1;
  for (ImhGameKind kind = 0; kind < IMH_N_GAMES; kind++)
    {
      const ImhRules *rules = imh_rules_get (kind);

      if (rules == NULL)
        continue;
      if (rules->min_players == rules->max_players)
        {
          g_autofree char *name = imh_texts_game_short_name (kind, rules->min_players);

          gtk_string_list_append (names, name);
          self->game_choices[self->n_game_choices++] = (GameChoice) { kind, 0 };
          continue;
        }
      gtk_string_list_append (names, imh_texts_game_name (kind));
      self->game_choices[self->n_game_choices++] = (GameChoice) { kind, 0 };
      for (guint n = rules->min_players; n <= MIN (rules->max_players, IMH_MAX_PLAYERS); n++)
        {
          g_autofree char *name = imh_texts_game_short_name (kind, n);

          gtk_string_list_append (names, name);
          self->game_choices[self->n_game_choices++] = (GameChoice) { kind, (int) n };
        }
    }
  gtk_drop_down_set_model (self->game_filter, G_LIST_MODEL (names));
}

static void
build_query (ImhLibraryPage *self, ImhLibraryQuery *q_out)
{
  ImhLibraryQuery q;
  const char *text;
  guint game, state, tag;

  text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  game = gtk_drop_down_get_selected (self->game_filter);
  state = gtk_drop_down_get_selected (self->state_filter);
  tag = gtk_drop_down_get_selected (self->tag_filter);

  imh_library_query_init (&q);
  if (text != NULL && *text != '\0')
    q.search = g_strdup (text);
  if (game > 0 && game < self->n_game_choices)
    {
      q.game = self->game_choices[game].kind;
      q.n_players = self->game_choices[game].n_players;
    }
  if (state == 1)
    q.finished = IMH_LIBRARY_YES;
  else if (state == 2)
    q.finished = IMH_LIBRARY_NO;
  if (tag > 0 && tag < g_list_model_get_n_items (G_LIST_MODEL (self->tags_model)))
    q.tag = g_strdup (gtk_string_list_get_string (self->tags_model, tag));
  if (gtk_toggle_button_get_active (self->starred_filter))
    q.starred = IMH_LIBRARY_YES;
  if (gtk_drop_down_get_selected (self->winner_filter) > 0)
    {
      q.winner = (int) gtk_drop_down_get_selected (self->winner_filter) - 1;
      q.finished = IMH_LIBRARY_YES;
    }
  if (gtk_drop_down_get_selected (self->level_filter) > 0)
    q.min_level = (int) gtk_drop_down_get_selected (self->level_filter) - 1;   /* ImhLevel: beginner 0 … expert 3 */
  if (gtk_entry_get_text_length (self->sides_filter) > 0)
    q.sides = g_ascii_strup (gtk_editable_get_text (GTK_EDITABLE (self->sides_filter)), -1);
  if (gtk_check_button_get_active (self->analysed_filter))
    q.analysed = IMH_LIBRARY_YES;
  if (gtk_check_button_get_active (self->blunder_filter))
    q.has_blunder = IMH_LIBRARY_YES;
  q.sort = self->sort;
  q.descending = self->descending;
  *q_out = q;
}

/* Reloads the list in the background. */
static void
apply_query (ImhLibraryPage *self)
{
  ImhLibraryQuery q;

  /* Also called while the template is being built. */
  if (self->model == NULL)
    return;
  build_query (self, &q);
  imh_library_model_set_query (self->model, &q);
  imh_library_query_clear (&q);
}

static void
on_filters_changed (ImhLibraryPage *self)
{
  if (self->updating_tags)
    return;
  apply_query (self);
}

static int
probe_compare (gconstpointer a, gconstpointer b, gpointer data)
{
  ColumnData *sd = data;

  sd->page->probed_column = (int) sd->column;
  return GTK_ORDERING_SMALLER;
}

/* The column view does not sort our model: the database does. Which header
 * the user chose is found by asking the view's sorter to compare two probe
 * objects: the first column sorter asked is the primary one, and the sign
 * of the answer is its direction (GTK 4.8 has no API for it). */
static void
on_sorter_changed (ImhLibraryPage *self)
{
  GtkSorter *sorter;
  GtkOrdering order;

  /* The columns go away while the page is disposed. */
  if (self->model == NULL || self->column_view == NULL || self->probe[0] == NULL)
    return;
  sorter = gtk_column_view_get_sorter (self->column_view);

  self->probed_column = -1;
  order = gtk_sorter_compare (sorter, self->probe[0], self->probe[1]);
  if (self->probed_column >= 0 && columns[self->probed_column].sort >= 0)
    {
      self->sort = (ImhLibrarySort) columns[self->probed_column].sort;
      self->descending = order == GTK_ORDERING_LARGER;
    }
  else
    {
      self->sort = IMH_LIBRARY_SORT_DATE;
      self->descending = TRUE;
    }
  apply_query (self);
}

static void
on_model_changed (ImhLibraryPage *self)
{
  if (self->model == NULL)
    return;
  update_content (self);
  update_actions (self);
}

/* ------------------------------------------------------------------ */
/* Cells                                                               */

/* A player's name as the list shows it, shortened with an ellipsis (games
 * stored before names were limited may hold very long ones). */
static char *
player_name (ImhGameSummary *s, int seat)
{
  g_auto(GStrv) names = g_strsplit (imh_game_summary_get_players (s), " – ", -1);

  if (seat < 0 || (guint) seat >= g_strv_length (names))
    return NULL;
  return imh_ui_shorten (names[seat], IMH_UI_NAME_MAX_CHARS);
}

/* All the names, each shortened. */
static char *
players_text (ImhGameSummary *s)
{
  g_auto(GStrv) names = g_strsplit (imh_game_summary_get_players (s), " – ", -1);

  for (guint i = 0; names[i] != NULL; i++)
    {
      char *shown = imh_ui_shorten (names[i], IMH_UI_NAME_MAX_CHARS);
      g_free (names[i]);
      names[i] = shown;
    }
  return g_strjoinv (" – ", names);
}

char *
_imh_library_page_date_text (gint64     unix_time,
                             GDateTime *now)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (unix_time);
  g_autoptr(GDateTime) local_now = NULL;
  g_autoptr(GDateTime) today = NULL;
  g_autoptr(GDateTime) day = NULL;
  GTimeSpan ago;

  if (dt == NULL)
    return g_strdup ("");
  local_now = now != NULL ? g_date_time_to_local (now) : g_date_time_new_now_local ();
  today = g_date_time_new_local (g_date_time_get_year (local_now), g_date_time_get_month (local_now),
                                 g_date_time_get_day_of_month (local_now), 0, 0, 0);
  day = g_date_time_new_local (g_date_time_get_year (dt), g_date_time_get_month (dt),
                               g_date_time_get_day_of_month (dt), 0, 0, 0);
  ago = g_date_time_difference (today, day);
  /* Translators: a date in the list of games, as g_date_time_format()
   * writes it (%H:%M the time; %A the day of the week; %x the date). */
  if (ago == 0)
    return g_date_time_format (dt, C_("library date", "Today %H:%M"));
  if (ago > 0 && ago <= 1 * G_TIME_SPAN_DAY + G_TIME_SPAN_HOUR)
    return g_date_time_format (dt, C_("library date", "Yesterday %H:%M"));
  if (ago > 0 && ago < 6 * G_TIME_SPAN_DAY + G_TIME_SPAN_HOUR)
    return g_date_time_format (dt, C_("library date", "%A %H:%M"));
  return g_date_time_format (dt, C_("library date", "%x %H:%M"));
}

char *
_imh_library_page_progress_text (ImhGameSummary *s,
                                 GDateTime      *now,
                                 char          **tooltip)
{
  g_autofree char *played = _imh_library_page_date_text (imh_game_summary_get_ended (s), now);
  guint turn = MAX (imh_game_summary_get_turns (s), 1);

  if (tooltip != NULL)
    /* Translators: the tooltip of an unfinished game in the list: the
     * turn it reached and when it was last played ("Yesterday 18:30") */
    *tooltip = g_strdup_printf (_("Unfinished: turn %u, last played %s"), turn, played);
  /* Translators: an unfinished game in the list: the turn it reached,
   * and when it was last played ("Today 14:05") */
  return g_strdup_printf (_("Turn %u · %s"), turn, played);
}

static void
fill_cell (GtkWidget *widget, ImhGameSummary *s, Column column)
{
  g_autofree char *text = NULL;

  switch (column)
    {
    case COL_STAR:
      {
        gboolean starred = imh_game_summary_get_starred (s);
        gtk_button_set_icon_name (GTK_BUTTON (widget), starred ? "starred-symbolic" : "non-starred-symbolic");
        gtk_widget_set_tooltip_text (widget, starred ? _("Remove the Star") : _("Star This Game"));
        gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        starred ? _("Remove the Star") : _("Star This Game"), -1);
        return;
      }
    case COL_ANALYSED:
      /* A stored analysis that cannot be read is not "analysed". */
      if (imh_game_summary_get_analysis_unreadable (s))
        {
          gtk_image_set_from_icon_name (GTK_IMAGE (widget), "dialog-warning-symbolic");
          gtk_widget_add_css_class (widget, "warning");
          gtk_widget_set_tooltip_text (widget, _("The stored analysis cannot be read"));
        }
      else
        {
          gtk_image_set_from_icon_name (GTK_IMAGE (widget), "object-select-symbolic");
          gtk_widget_remove_css_class (widget, "warning");
          gtk_widget_set_tooltip_text (widget, _("Analysed"));
        }
      gtk_widget_set_visible (widget, imh_game_summary_get_analysed (s)
                                      || imh_game_summary_get_analysis_unreadable (s));
      return;
    case COL_THUMBNAIL:
      return;   /* bind_cell: read from the library */
    case COL_DATE:
      text = _imh_library_page_date_text (imh_game_summary_get_started (s), NULL);
      break;
    case COL_GAME:
      text = imh_texts_game_short_name (imh_game_summary_get_game (s),
                                        imh_game_summary_get_n_players (s));
      break;
    case COL_PLAYERS:
      text = players_text (s);
      break;
    case COL_RESULT:
      gtk_widget_set_tooltip_text (widget, NULL);
      if (!imh_game_summary_get_finished (s))
        {
          /* How far it got and when it was last played: two unfinished
           * games of the same players told apart. */
          g_autofree char *tooltip = NULL;

          text = _imh_library_page_progress_text (s, NULL, &tooltip);
          gtk_widget_set_tooltip_text (widget, tooltip);
        }
      else
        {
          g_autofree char *winner = player_name (s, imh_game_summary_get_winner (s));
          /* Translators: %s is the name of the winner. */
          text = winner != NULL ? g_strdup_printf (_("%s won"), winner) : g_strdup (_("Shared first place"));
        }
      break;
    case COL_SCORE:
      text = g_strdup (imh_game_summary_get_scores (s));
      break;
    case COL_LENGTH:
      text = g_strdup_printf ("%u", imh_game_summary_get_length (s));
      break;
    case COL_TAGS:
      text = imh_ui_shorten (imh_game_summary_get_tags (s), IMH_LIBRARY_MAX_TAG_CHARS);
      break;
    case N_COLS:
    default:
      g_assert_not_reached ();
    }
  gtk_inscription_set_text (GTK_INSCRIPTION (widget), text);
}

/* ---- Cells ---- */

/* One cell of the list: the widget its column shows, and the summary of
 * the row it is bound to, whose changes it follows. The list item's child. */
struct _ImhLibraryCell
{
  GtkWidget       parent_instance;

  ImhLibraryPage *page;            /* not owned: the cells go with the page's column view */
  Column          column;
  GtkWidget      *child;
  ImhGameSummary *summary;         /* bound, or NULL */
  gulong          notify_handler;  /* on summary */
};

G_DEFINE_FINAL_TYPE (ImhLibraryCell, imh_library_cell, GTK_TYPE_WIDGET)

static void cell_unbind (ImhLibraryCell *cell);

static void
imh_library_cell_dispose (GObject *object)
{
  ImhLibraryCell *cell = IMH_LIBRARY_CELL (object);

  cell_unbind (cell);
  g_clear_pointer (&cell->child, gtk_widget_unparent);
  G_OBJECT_CLASS (imh_library_cell_parent_class)->dispose (object);
}

static void
imh_library_cell_class_init (ImhLibraryCellClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = imh_library_cell_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
imh_library_cell_init (ImhLibraryCell *cell)
{
}

/* The players of a game whose row is shown, or how many games. */
static char *
games_name (ImhLibraryPage *self, const gint64 *ids, guint n_ids)
{
  ImhGameSummary *s = n_ids == 1 && self->shown != NULL ? g_hash_table_lookup (self->shown, &ids[0]) : NULL;

  if (s != NULL)
    return players_text (s);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", n_ids), n_ids);
}

static void
set_starred_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  gboolean ok = imh_library_set_starred_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);

  if (self != NULL && !ok)
    error_toast (self, r->name, error);
}

static void
on_star_clicked (ImhLibraryCell *cell)
{
  ImhLibraryPage *self = cell->page;
  ImhGameSummary *s = cell->summary;
  g_autofree char *name = NULL;

  if (s == NULL || self->library == NULL)
    return;
  name = players_text (s);
  /* An edit: made even when the page goes away before the reply. */
  imh_library_set_starred_async (self->library, imh_game_summary_get_id (s), !imh_game_summary_get_starred (s),
                                 NULL, set_starred_done, request_new (self, name));
}

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item, ColumnData *cd)
{
  Column column = cd->column;
  ImhLibraryCell *cell = g_object_new (IMH_TYPE_LIBRARY_CELL, NULL);
  GtkWidget *widget;

  cell->page = cd->page;
  cell->column = column;
  if (column == COL_STAR)
    {
      widget = gtk_button_new_from_icon_name ("non-starred-symbolic");
      gtk_widget_add_css_class (widget, "flat");
      gtk_widget_set_halign (widget, GTK_ALIGN_CENTER);
      g_signal_connect_swapped (widget, "clicked", G_CALLBACK (on_star_clicked), cell);
    }
  else if (column == COL_THUMBNAIL)
    {
      /* The final board, small; games without one show nothing. */
      widget = gtk_picture_new ();
      gtk_picture_set_can_shrink (GTK_PICTURE (widget), TRUE);
      gtk_picture_set_content_fit (GTK_PICTURE (widget), GTK_CONTENT_FIT_CONTAIN);
      gtk_widget_set_size_request (widget, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT);
      gtk_picture_set_alternative_text (GTK_PICTURE (widget), _("The board at the end of the game"));
    }
  else if (column == COL_ANALYSED)
    {
      widget = gtk_image_new_from_icon_name ("object-select-symbolic");
      gtk_widget_set_tooltip_text (widget, _("Analysed"));
    }
  else
    {
      widget = gtk_inscription_new (NULL);
      gtk_inscription_set_nat_chars (GTK_INSCRIPTION (widget), (guint) columns[column].nat_chars);
      gtk_inscription_set_text_overflow (GTK_INSCRIPTION (widget), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
      /* Room for two lines: a narrow column wraps (a date before its time,
       * the second of two names) before it cuts off. */
      gtk_inscription_set_min_lines (GTK_INSCRIPTION (widget), 2);
      gtk_inscription_set_wrap_mode (GTK_INSCRIPTION (widget), PANGO_WRAP_WORD);
      if (column == COL_LENGTH)
        gtk_inscription_set_xalign (GTK_INSCRIPTION (widget), 1.0f);
    }
  cell->child = widget;
  gtk_widget_set_parent (widget, GTK_WIDGET (cell));
  gtk_list_item_set_child (item, GTK_WIDGET (cell));
}

static void
on_summary_notify (ImhGameSummary *s, GParamSpec *pspec, ImhLibraryCell *cell)
{
  fill_cell (cell->child, s, cell->column);
}

/* ---- Thumbnails of games that arrived finished ---- */

static void queue_thumbnail (ImhLibraryPage *self, gint64 id);

/* Shows png in the thumbnail cell of game id, if its row is still shown. */
static void
show_png (ImhLibraryPage *self, gint64 id, GBytes *png)
{
  ImhLibraryCell *cell = g_hash_table_lookup (self->thumb_cells, &id);
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;

  if (cell == NULL)
    return;
  if (png != NULL)
    {
      texture = gdk_texture_new_from_bytes (png, &error);
      if (texture == NULL)
        g_debug ("Thumbnail of game %" G_GINT64_FORMAT ": %s", id, error->message);
    }
  gtk_picture_set_paintable (GTK_PICTURE (cell->child), GDK_PAINTABLE (texture));
  gtk_widget_set_tooltip_text (cell->child, texture != NULL ? _("Final position") : NULL);
}

/* The next thumbnail to draw, after the one drawn. */
static gboolean thumbnail_idle (gpointer data);

static void
thumbnail_drawn (ImhLibraryPage *self)
{
  self->thumb_drawing = FALSE;
  if (!g_queue_is_empty (&self->thumb_queue) && self->thumb_idle == 0)
    self->thumb_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, thumbnail_idle, self, NULL);
}

static void
store_thumbnail_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  gboolean stored = imh_library_set_thumbnail_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);

  if (self == NULL)
    return;
  /* Stored: ::game-changed shows it. Not stored: shown for now all the same. */
  if (!stored)
    {
      g_debug ("Could not store the thumbnail of game %" G_GINT64_FORMAT ": %s", r->id, error->message);
      show_png (self, r->id, r->png);
    }
  thumbnail_drawn (self);
}

/* Replays the stored record of the game to its end and stores its final
 * position as the thumbnail (::game-changed then updates the row). */
static void
load_record_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = imh_library_load_record_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);
  GtkNative *native;
  GskRenderer *renderer;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GBytes) png = NULL;
  guint ply, bottom = 0;
  GType type;

  if (self == NULL)
    return;
  native = gtk_widget_get_native (GTK_WIDGET (self));
  renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  if (renderer == NULL)
    {
      g_hash_table_remove (self->thumb_seen, &r->id);   /* again when shown */
      thumbnail_drawn (self);
      return;
    }
  if (text != NULL)
    game = imh_game_new_from_record_text (text, -1, &error);
  if (game == NULL)
    {
      g_debug ("No thumbnail for game %" G_GINT64_FORMAT ": %s", r->id, error->message);
      thumbnail_drawn (self);
      return;
    }
  type = imh_board_type_for_kind (imh_game_get_kind (game));
  if (type == G_TYPE_INVALID || !imh_game_get_is_over (game))
    {
      thumbnail_drawn (self);
      return;
    }

  if (self->thumb_board == NULL || G_OBJECT_TYPE (self->thumb_board) != type)
    {
      g_clear_object (&self->thumb_board);
      self->thumb_board = IMH_BOARD (g_object_ref_sink (imh_board_new_for_kind (imh_game_get_kind (game))));
    }
  /* Drawn as the play view draws it: the (first) person at the bottom. */
  if (imh_seat_is_computer (imh_game_get_seat (game, 0))
      && !imh_seat_is_computer (imh_game_get_seat (game, 1)))
    bottom = 1;
  imh_board_set_bottom_player (self->thumb_board, bottom);
  for (guint p = 0; p < imh_game_get_n_players (game); p++)
    {
      g_autofree char *name = imh_ui_player_name (game, p);
      imh_board_set_player_name (self->thumb_board, p, name);
    }
  imh_board_set_state (self->thumb_board, imh_game_get_state (game), FALSE, FALSE);
  ply = imh_game_get_live_ply (game);
  imh_board_set_last_decision (self->thumb_board, ply > 0,
                               ply > 0 ? imh_game_get_decision_at (game, ply - 1) : 0);
  png = imh_board_thumbnail_render (self->thumb_board, renderer);
  if (png == NULL)
    {
      thumbnail_drawn (self);
      return;
    }
  if (imh_library_is_read_only (self->library))
    {
      show_png (self, r->id, png);
      thumbnail_drawn (self);
      return;
    }
  {
    Request *store = request_new (self, NULL);

    store->id = r->id;
    store->png = g_bytes_ref (png);
    imh_library_set_thumbnail_async (self->library, r->id, png, self->cancellable, store_thumbnail_done, store);
  }
}

/* One thumbnail at a time, for games whose row is still shown. */
static gboolean
thumbnail_idle (gpointer data)
{
  ImhLibraryPage *self = data;
  gint64 *id;

  self->thumb_idle = 0;
  while (!self->thumb_drawing && (id = g_queue_pop_head (&self->thumb_queue)) != NULL)
    {
      if (!g_hash_table_contains (self->thumb_cells, id))
        g_hash_table_remove (self->thumb_seen, id);   /* again when shown */
      else
        {
          Request *r = request_new (self, NULL);

          r->id = *id;
          self->thumb_drawing = TRUE;
          imh_library_load_record_async (self->library, *id, self->cancellable, load_record_done, r);
        }
      g_free (id);
    }
  return G_SOURCE_REMOVE;
}

static void
queue_thumbnail (ImhLibraryPage *self, gint64 id)
{
  gint64 *key;

  if (g_hash_table_contains (self->thumb_seen, &id))
    return;
  key = g_memdup2 (&id, sizeof id);
  g_hash_table_add (self->thumb_seen, key);
  g_queue_push_tail (&self->thumb_queue, g_memdup2 (&id, sizeof id));
  if (self->thumb_idle == 0 && !self->thumb_drawing)
    self->thumb_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, thumbnail_idle, self, NULL);
}

static void
get_thumbnail_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = imh_library_get_thumbnail_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);
  ImhGameSummary *s;

  /* Only for the row the cell still shows. */
  if (self == NULL || r->cell->summary == NULL || imh_game_summary_get_id (r->cell->summary) != r->id)
    return;
  s = r->cell->summary;
  if (png == NULL && !g_error_matches (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND))
    g_debug ("Thumbnail of game %" G_GINT64_FORMAT ": %s", r->id, error->message);
  show_png (self, r->id, png);
  /* Drawn only for a game the app has a board for. */
  if (png == NULL && self->thumb_seen != NULL && imh_ui_kind_has_board (imh_game_summary_get_game (s)))
    queue_thumbnail (self, r->id);
}

/* The thumbnail of the game's final position, read when its row is shown. */
static void
set_thumbnail (ImhLibraryPage *self, ImhLibraryCell *cell)
{
  ImhGameSummary *s = cell->summary;
  Request *r;

  if (self->library == NULL || !imh_game_summary_get_finished (s))
    {
      gtk_picture_set_paintable (GTK_PICTURE (cell->child), NULL);
      gtk_widget_set_tooltip_text (cell->child, NULL);
      return;
    }
  r = request_new (self, NULL);
  r->id = imh_game_summary_get_id (s);
  r->cell = g_object_ref (cell);
  imh_library_get_thumbnail_async (self->library, r->id, self->cancellable, get_thumbnail_done, r);
}

static void
on_library_game_changed (ImhLibraryPage *self, gint64 id)
{
  ImhLibraryCell *cell = self->thumb_cells != NULL ? g_hash_table_lookup (self->thumb_cells, &id) : NULL;

  if (cell != NULL && cell->summary != NULL)
    set_thumbnail (self, cell);
}

static void
cell_bind (ImhLibraryCell *cell, ImhGameSummary *s)
{
  ImhLibraryPage *self = cell->page;
  gint64 id = imh_game_summary_get_id (s);

  cell->summary = g_object_ref (s);
  if (cell->column == COL_STAR && self->shown != NULL)
    g_hash_table_replace (self->shown, g_memdup2 (&id, sizeof id), s);
  if (cell->column == COL_THUMBNAIL)
    {
      /* Nothing until the thumbnail is read: not another game's. */
      gtk_picture_set_paintable (GTK_PICTURE (cell->child), NULL);
      gtk_widget_set_tooltip_text (cell->child, NULL);
      if (self->thumb_cells != NULL)
        {
          g_hash_table_replace (self->thumb_cells, g_memdup2 (&id, sizeof id), cell);
          set_thumbnail (self, cell);
        }
    }
  fill_cell (cell->child, s, cell->column);
  cell->notify_handler = g_signal_connect (s, "notify", G_CALLBACK (on_summary_notify), cell);
}

static void
cell_unbind (ImhLibraryCell *cell)
{
  ImhLibraryPage *self = cell->page;
  gint64 id;

  if (cell->summary == NULL)
    return;
  id = imh_game_summary_get_id (cell->summary);
  g_clear_signal_handler (&cell->notify_handler, cell->summary);
  if (cell->column == COL_STAR && self->shown != NULL
      && g_hash_table_lookup (self->shown, &id) == cell->summary)
    g_hash_table_remove (self->shown, &id);
  if (cell->column == COL_THUMBNAIL)
    {
      if (self->thumb_cells != NULL && g_hash_table_lookup (self->thumb_cells, &id) == cell)
        g_hash_table_remove (self->thumb_cells, &id);
      gtk_picture_set_paintable (GTK_PICTURE (cell->child), NULL);
    }
  g_clear_object (&cell->summary);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, ColumnData *cd)
{
  ImhGameSummary *s = gtk_list_item_get_item (item);
  ImhLibraryCell *cell = IMH_LIBRARY_CELL (gtk_list_item_get_child (item));

  cell_unbind (cell);
  if (s != NULL)
    cell_bind (cell, s);
}

static void
unbind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, ColumnData *cd)
{
  GtkWidget *cell = gtk_list_item_get_child (item);

  if (cell != NULL)
    cell_unbind (IMH_LIBRARY_CELL (cell));
}

static void
column_data_free (gpointer data, GClosure *closure)
{
  g_free (data);
}

static void
add_columns (ImhLibraryPage *self)
{
  for (int c = 0; c < N_COLS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      ColumnData *cd = g_new0 (ColumnData, 1);

      cd->page = self;
      cd->column = (Column) c;
      g_signal_connect_data (factory, "setup", G_CALLBACK (setup_cell), cd, column_data_free, 0);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), cd);
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), cd);

      column = gtk_column_view_column_new (_(columns[c].title), factory);
      gtk_column_view_column_set_expand (column, columns[c].expand);
      gtk_column_view_column_set_resizable (column, c != COL_STAR && c != COL_ANALYSED && c != COL_THUMBNAIL);
      if (columns[c].sort >= 0)
        {
          ColumnData *sd = g_new0 (ColumnData, 1);
          GtkSorter *sorter;

          sd->page = self;
          sd->column = (Column) c;
          sorter = GTK_SORTER (gtk_custom_sorter_new (probe_compare, sd, g_free));
          gtk_column_view_column_set_sorter (column, sorter);
          g_object_unref (sorter);
        }
      gtk_column_view_append_column (self->column_view, column);
      self->columns[c] = column;
      g_object_unref (column);
    }
  for (int i = 0; i < 2; i++)
    self->probe[i] = g_object_new (G_TYPE_OBJECT, NULL);
  gtk_column_view_sort_by_column (self->column_view, self->columns[COL_DATE], GTK_SORT_DESCENDING);
  g_signal_connect_object (gtk_column_view_get_sorter (self->column_view), "changed",
                           G_CALLBACK (on_sorter_changed), self, G_CONNECT_SWAPPED);
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */

static void
open_game (ImhLibraryPage *self, gint64 id)
{
  g_signal_emit (self, signals[OPEN_GAME], 0, id, -1);
}

static void
on_activate (ImhLibraryPage *self, guint position)
{
  gint64 id = imh_library_model_get_id (self->model, position);

  if (id > 0)
    open_game (self, id);
}

static void
action_open (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);
  g_autoptr(GArray) ids = selected_ids (self);

  if (ids->len > 0)
    open_game (self, g_array_index (ids, gint64, 0));
}

static void
restore_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  gboolean restored = imh_library_restore_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);

  if (self == NULL)
    return;
  if (!restored)
    error_toast (self, r->name, error);
  if (r->undo == self->last_delete)
    {
      /* The "deleted" toast is not dismissed but becomes the confirmation:
       * dismissing a toast while its show animation still runs (an undo
       * right after the delete) makes libadwaita 1.2 free the toast's state
       * before that animation ends, and crash on a later frame. */
      if (self->last_delete_toast != NULL && restored)
        {
          g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game restored",
                                                                 "%u games restored", r->n), r->n);
          adw_toast_set_title (self->last_delete_toast, title);
          adw_toast_set_button_label (self->last_delete_toast, NULL);
        }
      g_clear_pointer (&self->last_delete, delete_undo_unref);
    }
  refresh_tags (self);
  update_actions (self);
}

/* Undoes a delete, once: by the toast's button or library.undo-delete. */
static void
restore_deleted (ImhLibraryPage *self, DeleteUndo *undo)
{
  g_autoptr(ImhLibraryDeleted) deleted = g_steal_pointer (&undo->deleted);
  Request *r;

  if (deleted == NULL || self->library == NULL)
    return;
  r = request_new (self, undo->name);
  r->undo = delete_undo_ref (undo);
  r->n = imh_library_deleted_get_n_games (deleted);
  imh_library_restore_async (self->library, deleted, NULL, restore_done, r);
  update_actions (self);
}

static void
on_undo_clicked (AdwToast *t, gpointer data)
{
  Request *r = data;   /* the toast's: the undo and the page */
  g_autoptr(ImhLibraryPage) self = g_weak_ref_get (&r->page);

  if (self != NULL && self->library != NULL)
    restore_deleted (self, r->undo);
}

static void
on_delete_toast_dismissed (AdwToast *t, ImhLibraryPage *self)
{
  if (self->last_delete_toast == t)
    self->last_delete_toast = NULL;
}

static void
undo_closure_free (gpointer data, GClosure *closure)
{
  Request *r = data;

  g_weak_ref_clear (&r->page);
  g_clear_pointer (&r->undo, delete_undo_unref);
  g_free (r);
}

static void
delete_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryDeleted) deleted = imh_library_delete_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);
  g_autofree char *title = NULL;
  Request *undo;
  AdwToast *t;

  if (self == NULL)
    return;
  if (deleted == NULL)
    {
      error_toast (self, r->name, error);
      return;
    }
  g_clear_pointer (&self->last_delete, delete_undo_unref);
  self->last_delete = delete_undo_new (deleted, r->name);

  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game deleted", "%u games deleted", r->n), r->n);
  t = imh_ui_toast_new (title);
  adw_toast_set_button_label (t, _("_Undo"));
  adw_toast_set_priority (t, ADW_TOAST_PRIORITY_HIGH);
  undo = g_new0 (Request, 1);
  g_weak_ref_init (&undo->page, self);
  undo->undo = delete_undo_ref (self->last_delete);
  g_signal_connect_data (t, "button-clicked", G_CALLBACK (on_undo_clicked), undo, undo_closure_free, 0);
  g_signal_connect_object (t, "dismissed", G_CALLBACK (on_delete_toast_dismissed), self, 0);
  self->last_delete_toast = t;
  adw_toast_overlay_add_toast (self->toast_overlay, t);
  refresh_tags (self);
  update_actions (self);
}

static void
action_delete (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);
  g_autoptr(GArray) ids = selected_ids (self);
  g_autofree char *games = NULL;
  Request *r;

  if (ids->len == 0)
    return;
  games = games_name (self, (const gint64 *) (gpointer) ids->data, ids->len);
  r = request_new (self, games);
  r->n = ids->len;
  imh_library_delete_async (self->library, (const gint64 *) (gpointer) ids->data, ids->len, NULL, delete_done, r);
}

static void
action_undo_delete (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);

  if (self->last_delete != NULL)
    restore_deleted (self, self->last_delete);
}

static void
export_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  int n = imh_library_export_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);

  if (self == NULL)
    return;
  if (n < 0)
    error_toast (self, r->name, error);
  else
    {
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game exported",
                                                             "%u games exported", (guint) n), (guint) n);
      toast (self, title);
    }
}

/* Writes the selected games into folder, in the background. */
void
_imh_library_page_export (ImhLibraryPage *self,
                          GFile          *folder)
{
  g_autoptr(GArray) ids = selected_ids (self);
  g_autofree char *games = NULL;

  if (ids->len == 0 || self->library == NULL)
    return;
  games = games_name (self, (const gint64 *) (gpointer) ids->data, ids->len);
  imh_library_export_async (self->library, (const gint64 *) (gpointer) ids->data, ids->len, folder,
                            NULL, export_done, request_new (self, games));
}

static void
on_export_response (GtkNativeDialog *dialog, int response, ImhLibraryPage *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->library != NULL)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      _imh_library_page_export (self, folder);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
action_export (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Export Games"), parent_window (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                 _("_Export"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_import_response (GtkNativeDialog *dialog, int response, ImhLibraryPage *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        g_ptr_array_add (array, g_list_model_get_item (files, i));
      imh_library_page_import (self, (GFile * const *) array->pdata, array->len);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
action_import (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Import Games"), parent_window (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Import"), _("_Cancel"));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Imhotep games"));
  gtk_file_filter_add_suffix (filter, "imhotep");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_import_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* The edit dialog's fields and the game it edits. */
typedef struct
{
  ImhLibraryPage *page;        /* a reference */
  GtkEditable    *tags;
  GtkTextBuffer  *notes;
  gint64          id;
  char           *name;
} EditDialog;

static void
edit_dialog_free (gpointer data, GClosure *closure)
{
  EditDialog *edit = data;

  g_clear_object (&edit->page);
  g_free (edit->name);
  g_free (edit);
}

static void
set_tags_and_notes_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  gboolean ok = imh_library_set_tags_and_notes_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);

  if (self == NULL)
    return;
  if (!ok)
    error_toast (self, r->name, error);
  refresh_tags (self);
}

static void
on_edit_response (AdwMessageDialog *dialog, const char *response, EditDialog *edit)
{
  ImhLibraryPage *self = edit->page;

  if (g_strcmp0 (response, "save") == 0 && self->library != NULL)
    {
      g_auto(GStrv) tags = g_strsplit (gtk_editable_get_text (edit->tags), ",", -1);
      g_autofree char *text = NULL;
      GtkTextIter start, end;

      gtk_text_buffer_get_bounds (edit->notes, &start, &end);
      text = gtk_text_buffer_get_text (edit->notes, &start, &end, FALSE);
      /* An edit: made even when the page goes away before the reply. */
      imh_library_set_tags_and_notes_async (self->library, edit->id, (const char * const *) tags, text,
                                            NULL, set_tags_and_notes_done, request_new (self, edit->name));
    }
}

static void
show_edit_dialog (ImhLibraryPage *self, ImhGameSummary *s)
{
  GtkWidget *dialog, *box, *entry, *view, *scrolled, *label;
  EditDialog *edit;

  dialog = adw_message_dialog_new (parent_window (self), _("Tags and Notes"), NULL);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  label = gtk_label_new_with_mnemonic (_("_Tags, separated by commas"));
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_box_append (GTK_BOX (box), label);
  entry = gtk_entry_new ();
  /* Room for every tag a game may have and their separators. */
  gtk_entry_set_max_length (GTK_ENTRY (entry), IMH_LIBRARY_MAX_TAGS * (IMH_LIBRARY_MAX_TAG_CHARS + 2));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), imh_game_summary_get_tags (s));
  gtk_box_append (GTK_BOX (box), entry);
  label = gtk_label_new_with_mnemonic (_("_Notes"));
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_box_append (GTK_BOX (box), label);
  view = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), imh_game_summary_get_notes (s), -1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), view);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 120);
  gtk_widget_add_css_class (scrolled, "card");
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);

  edit = g_new0 (EditDialog, 1);
  edit->page = g_object_ref (self);
  edit->tags = GTK_EDITABLE (entry);
  edit->notes = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  edit->id = imh_game_summary_get_id (s);
  edit->name = players_text (s);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_edit_response), edit, edit_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
get_summary_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGameSummary) s = imh_library_get_summary_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryPage) self = request_page (r, error);

  /* Only for the newest edit asked for. */
  if (self == NULL || r->serial != self->edit_serial)
    return;
  if (s == NULL)
    {
      g_autofree char *games = games_name (self, &r->id, 1);
      error_toast (self, games, error);
      return;
    }
  show_edit_dialog (self, s);
}

static void
action_edit (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);
  g_autoptr(GArray) ids = selected_ids (self);
  Request *r;

  if (ids->len != 1)
    return;
  r = request_new (self, NULL);
  r->id = g_array_index (ids, gint64, 0);
  r->serial = ++self->edit_serial;
  imh_library_get_summary_async (self->library, r->id, self->cancellable, get_summary_done, r);
}

/* ------------------------------------------------------------------ */
/* Import                                                              */

static void
import_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(ImhLibraryPage) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhLibraryImportReport) report = imh_library_import_finish (IMH_LIBRARY (source), result, &error);
  g_autofree char *title = NULL;
  guint n_imported, n_rejected;

  if (report == NULL)
    {
      adw_toast_overlay_add_toast (self->toast_overlay, imh_ui_error_toast_new (GTK_WIDGET (self), error->message));
      return;
    }
  imh_library_import_report_get_imported (report, &n_imported);
  n_rejected = imh_library_import_report_get_n_rejected (report);
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game imported", "%u games imported", n_imported),
                           n_imported);
  refresh_tags (self);

  if (n_rejected == 0)
    toast (self, title);
  else
    {
      GtkWidget *dialog, *label, *scrolled;
      g_autoptr(GString) details = g_string_new (NULL);
      g_autofree char *body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u file or game was not imported:",
                                                            "%u files or games were not imported:", n_rejected),
                                               n_rejected);

      for (guint i = 0; i < n_rejected; i++)
        {
          g_autofree char *base = g_path_get_basename (imh_library_import_report_get_rejected_path (report, i));
          g_string_append_printf (details, "%s%s: %s", i > 0 ? "\n" : "", base,
                                  imh_library_import_report_get_rejected_reason (report, i));
        }
      dialog = adw_message_dialog_new (parent_window (self), title, body);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      label = gtk_label_new (details->str);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      scrolled = gtk_scrolled_window_new ();
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 240);
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

void
imh_library_page_import (ImhLibraryPage *self,
                         GFile * const  *files,
                         guint           n_files)
{
  g_return_if_fail (IMH_IS_LIBRARY_PAGE (self));
  g_return_if_fail (self->library != NULL);

  if (n_files == 0)
    return;
  imh_library_import_async (self->library, files, n_files, NULL, import_done, g_object_ref (self));
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, ImhLibraryPage *self)
{
  GdkFileList *list;
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  GSList *l, *all;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || self->library == NULL
      || imh_library_is_read_only (self->library))
    return FALSE;
  list = g_value_get_boxed (value);
  all = gdk_file_list_get_files (list);
  for (l = all; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  imh_library_page_import (self, (GFile * const *) files->pdata, files->len);
  g_slist_free (all);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
set_library (ImhLibraryPage *self, ImhLibrary *library)
{
  g_assert (self->library == NULL);

  if (library == NULL)
    return;
  self->library = g_object_ref (library);
  g_signal_connect_object (library, "game-changed", G_CALLBACK (on_library_game_changed), self,
                           G_CONNECT_SWAPPED);
  self->model = imh_library_model_new (library);
  gtk_multi_selection_set_model (self->selection, G_LIST_MODEL (self->model));
  g_signal_connect_object (self->model, "items-changed", G_CALLBACK (on_model_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::loading", G_CALLBACK (on_model_changed), self, G_CONNECT_SWAPPED);
  refresh_tags (self);
  apply_query (self);
  if (imh_library_get_open_message (library) != NULL)
    toast (self, imh_library_get_open_message (library));
  self->trash = imh_library_trash_new (library, self->toast_overlay);
  gtk_widget_set_vexpand (self->trash, TRUE);
  gtk_widget_set_visible (self->trash, FALSE);
  gtk_box_append (self->games_view, self->trash);
  update_content (self);
  update_actions (self);
}

/* ---- Recently Deleted ----------------------------------------------------- */

/* Shows the trash instead of the games, or the games again. */
static void
show_trash (ImhLibraryPage *self, gboolean trash)
{
  if (self->trash == NULL)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->filter_bar), !trash);
  gtk_widget_set_visible (GTK_WIDGET (self->content_stack), !trash);
  gtk_widget_set_visible (GTK_WIDGET (self->action_bar), !trash);
  if (trash)
    imh_library_trash_reload (IMH_LIBRARY_TRASH (self->trash));
  else
    refresh_tags (self);   /* restored games may bring their tags back */
  gtk_widget_set_visible (self->trash, trash);
  gtk_widget_grab_focus (trash ? self->trash : GTK_WIDGET (self->column_view));
}

static void
action_show_trash (GtkWidget *widget, const char *name, GVariant *param)
{
  show_trash (IMH_LIBRARY_PAGE (widget), TRUE);
}

static void
action_show_games (GtkWidget *widget, const char *name, GVariant *param)
{
  show_trash (IMH_LIBRARY_PAGE (widget), FALSE);
}

/* Escape, Alt+Left: from "Recently Deleted" to the games, from the games
 * back to the window's game (win.back). */
static void
action_back (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);

  if (g_str_equal (_imh_library_page_get_view (self), "trash"))
    show_trash (self, FALSE);
  else
    gtk_widget_activate_action (widget, "win.back", NULL);
}

/* ---- Adaptive layout ---------------------------------------------------- */

static ImhLibraryLayout
layout_for_width (int width)
{
  if (width < NARROW_BELOW)
    return LAYOUT_NARROW;
  if (width < MEDIUM_BELOW)
    return LAYOUT_MEDIUM;
  return LAYOUT_WIDE;
}

static gboolean
column_shown (Column column, ImhLibraryLayout layout)
{
  switch (column)
    {
    case COL_LENGTH:
    case COL_ANALYSED:
    case COL_TAGS:
      return layout == LAYOUT_WIDE;
    case COL_THUMBNAIL:
    case COL_GAME:
    case COL_SCORE:
      return layout != LAYOUT_NARROW;
    case COL_STAR:
    case COL_DATE:
    case COL_PLAYERS:
    case COL_RESULT:
    case N_COLS:
    default:
      return TRUE;
    }
}

static void
apply_layout (ImhLibraryPage *self, ImhLibraryLayout layout)
{
  self->layout = layout;
  for (int c = 0; c < N_COLS; c++)
    gtk_column_view_column_set_visible (self->columns[c], column_shown ((Column) c, layout));
  /* The search entry asks for the width of its placeholder: below the
   * wide layout it gets a row of its own, so the filters keep theirs. */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->filter_bar),
                                  layout != LAYOUT_WIDE ? GTK_ORIENTATION_VERTICAL
                                                        : GTK_ORIENTATION_HORIZONTAL);
}

static gboolean
apply_wanted_layout (gpointer data)
{
  ImhLibraryPage *self = data;
  ImhLibraryLayout layout = layout_for_width (gtk_widget_get_width (GTK_WIDGET (self)));

  self->layout_idle = 0;
  if (layout != self->layout)
    apply_layout (self, layout);
  return G_SOURCE_REMOVE;
}

/* The page lays out its one child (the toast overlay) itself: a layout
 * manager would take the allocation, and the page needs to see its width. */
static void
imh_library_page_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  gtk_widget_measure (GTK_WIDGET (IMH_LIBRARY_PAGE (widget)->toast_overlay), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

/* The layout follows the width the page is given; changing columns and
 * orientation during an allocation is not allowed, so it changes right
 * after (one frame with the old layout). libadwaita 1.2 has no
 * breakpoints. */
static void
imh_library_page_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);

  if (layout_for_width (width) != self->layout && self->layout_idle == 0)
    self->layout_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_wanted_layout, self, NULL);
  gtk_widget_allocate (GTK_WIDGET (self->toast_overlay), width, height, baseline, NULL);
}

static void
imh_library_page_dispose (GObject *object)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (object);

  /* First: the filters emit signals while the template goes away. */
  /* Replies to reads are dropped from now on (edits are made all the same). */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMH_TYPE_LIBRARY_PAGE);
  g_clear_pointer (&self->last_delete, delete_undo_unref);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->shown, g_hash_table_unref);
  self->last_delete_toast = NULL;
  g_clear_object (&self->selection);
  g_clear_object (&self->tags_model);
  g_clear_object (&self->library);
  g_clear_object (&self->probe[0]);
  g_clear_object (&self->probe[1]);
  g_clear_handle_id (&self->thumb_idle, g_source_remove);
  g_clear_handle_id (&self->layout_idle, g_source_remove);
  g_queue_clear_full (&self->thumb_queue, g_free);
  g_clear_pointer (&self->thumb_cells, g_hash_table_unref);
  g_clear_pointer (&self->thumb_seen, g_hash_table_unref);
  g_clear_object (&self->thumb_board);
  G_OBJECT_CLASS (imh_library_page_parent_class)->dispose (object);
}

static void
imh_library_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_library_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      set_library (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_library_page_class_init (ImhLibraryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_library_page_dispose;
  object_class->get_property = imh_library_page_get_property;
  object_class->set_property = imh_library_page_set_property;
  widget_class->measure = imh_library_page_measure;
  widget_class->size_allocate = imh_library_page_size_allocate;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMH_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The page has a change of its own to undo (library.undo-delete). */
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ImhLibraryPage::open-game:
   * @id: the game
   * @ply: the position to show (decisions played), or -1 for the end
   */
  signals[OPEN_GAME] = g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/library/imh-library-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, action_bar);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, analysed_filter);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, blunder_filter);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, action_squeezer);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, filter_bar);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, game_filter);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, games_view);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, level_filter);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, selection_label);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, sides_filter);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, starred_filter);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, state_filter);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, tag_filter);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ImhLibraryPage, winner_filter);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_filters_changed);

  gtk_widget_class_install_action (widget_class, "library.open", NULL, action_open);
  gtk_widget_class_install_action (widget_class, "library.delete", NULL, action_delete);
  gtk_widget_class_install_action (widget_class, "library.undo-delete", NULL, action_undo_delete);
  gtk_widget_class_install_action (widget_class, "library.export", NULL, action_export);
  gtk_widget_class_install_action (widget_class, "library.import", NULL, action_import);
  gtk_widget_class_install_action (widget_class, "library.edit", NULL, action_edit);
  gtk_widget_class_install_action (widget_class, "library.show-trash", NULL, action_show_trash);
  gtk_widget_class_install_action (widget_class, "library.show-games", NULL, action_show_games);
  gtk_widget_class_install_action (widget_class, "library.back", NULL, action_back);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "library.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "library.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "library.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Left, GDK_ALT_MASK, "library.back", NULL);
}

static void
imh_library_page_init (ImhLibraryPage *self)
{
  const char *all_tags[] = { _("All Tags"), NULL };
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->shown = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->thumb_cells = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->thumb_seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_queue_init (&self->thumb_queue);
  self->sort = IMH_LIBRARY_SORT_DATE;
  self->descending = TRUE;
  self->tags_model = gtk_string_list_new (all_tags);
  self->updating_tags = TRUE;
  gtk_drop_down_set_model (self->tag_filter, G_LIST_MODEL (self->tags_model));
  fill_game_filter (self);
  self->updating_tags = FALSE;

  self->selection = gtk_multi_selection_new (NULL);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  add_columns (self);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  update_content (self);
  update_actions (self);
}

GtkWidget *
imh_library_page_new (ImhLibrary *library)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);
  return g_object_new (IMH_TYPE_LIBRARY_PAGE, "library", library, NULL);
}

ImhLibrary *
imh_library_page_get_library (ImhLibraryPage *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_PAGE (self), NULL);
  return self->library;
}

gboolean
imh_library_page_get_can_undo (ImhLibraryPage *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_PAGE (self), FALSE);
  return self->can_undo;
}

ImhLibraryModel *
imh_library_page_get_model (ImhLibraryPage *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_PAGE (self), NULL);
  return self->model;
}

GtkSelectionModel *
imh_library_page_get_selection (ImhLibraryPage *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_PAGE (self), NULL);
  return GTK_SELECTION_MODEL (self->selection);
}

GtkSearchEntry *
_imh_library_page_get_search_entry (ImhLibraryPage *self)
{
  return self->search_entry;
}

GtkDropDown *
_imh_library_page_get_game_filter (ImhLibraryPage *self)
{
  return self->game_filter;
}

GtkToggleButton *
_imh_library_page_get_starred_filter (ImhLibraryPage *self)
{
  return self->starred_filter;
}

GtkDropDown *
_imh_library_page_get_winner_filter (ImhLibraryPage *self)
{
  return self->winner_filter;
}

GtkColumnView *
_imh_library_page_get_column_view (ImhLibraryPage *self)
{
  return self->column_view;
}

const char *
_imh_library_page_get_content (ImhLibraryPage *self)
{
  return gtk_stack_get_visible_child_name (self->content_stack);
}

gboolean
_imh_library_page_get_thumbnails_pending (ImhLibraryPage *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_PAGE (self), FALSE);

  return self->thumb_idle != 0 || self->thumb_drawing;
}

gboolean
_imh_library_page_get_busy (ImhLibraryPage *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_PAGE (self), FALSE);

  return self->n_pending > 0
         || (self->model != NULL && imh_library_model_get_loading (self->model))
         || (self->trash != NULL && _imh_library_trash_get_busy (IMH_LIBRARY_TRASH (self->trash)));
}

const char *
_imh_library_page_get_layout (ImhLibraryPage *self)
{
  static const char *const names[] = { "wide", "medium", "narrow" };

  return names[self->layout];
}

GtkWidget *
_imh_library_page_get_action_squeezer (ImhLibraryPage *self)
{
  return self->action_squeezer;
}

GtkOrientable *
_imh_library_page_get_filter_bar (ImhLibraryPage *self)
{
  return GTK_ORIENTABLE (self->filter_bar);
}

GtkWidget *
_imh_library_page_get_trash (ImhLibraryPage *self)
{
  return self->trash;
}

const char *
_imh_library_page_get_view (ImhLibraryPage *self)
{
  return self->trash != NULL && gtk_widget_get_visible (self->trash) ? "trash" : "games";
}
