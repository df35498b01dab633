/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-page.c — the library page: list, search, filters, edits, import, export. */
#define G_LOG_DOMAIN "imh-library-page"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-board-factory.h"
#include "imh-board-thumbnail.h"
#include "imh-engine.h"
#include "imh-library-page-private.h"
#include "imh-library-trash.h"
#include "imh-record-file.h"
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
  ImhLibraryDeleted *last_deleted;
  AdwToast          *last_delete_toast;

  /* Thumbnails drawn here for finished Duel games that have none
   * (imported, or stored by imhotep-cli): one per idle callback. */
  GHashTable        *thumb_cells;   /* game id → the GtkPicture bound to it */
  GHashTable        *thumb_seen;    /* game ids queued or drawn */
  GQueue             thumb_queue;   /* gint64 *: ids waiting, oldest first */
  guint              thumb_idle;
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

  if (self->action_bar == NULL)
    return;   /* disposed */

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.open", ids->len == 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.edit", writable && ids->len == 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.delete", writable && ids->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.export", ids->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.import", writable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.undo-delete", writable && self->last_deleted != NULL);

  gtk_action_bar_set_revealed (self->action_bar, ids->len > 0);
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game selected", "%u games selected", ids->len), ids->len);
  gtk_label_set_label (self->selection_label, label);
}

static void
refresh_tags (ImhLibraryPage *self)
{
  g_auto(GStrv) tags = NULL;
  g_autofree char *current = NULL;
  guint selected = gtk_drop_down_get_selected (self->tag_filter);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->tags_model));
  guint reselect = 0;

  if (self->library == NULL)
    return;
  if (selected > 0 && selected < n)
    current = g_strdup (gtk_string_list_get_string (self->tags_model, selected));
  tags = imh_library_list_tags (self->library, NULL);

  self->updating_tags = TRUE;
  gtk_string_list_splice (self->tags_model, 1, n - 1, (const char * const *) tags);
  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    if (g_strcmp0 (tags[i], current) == 0)
      reselect = i + 1;
  gtk_drop_down_set_selected (self->tag_filter, reselect);
  self->updating_tags = FALSE;
}

/* ------------------------------------------------------------------ */
/* Query                                                               */

/* The query the search entry, the filters and the sort order select. */
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
  if (game == 1)
    q.game = IMH_GAME_DUEL;
  else if (game >= 2 && game <= 4)
    {
      q.game = IMH_GAME_CLASSIC;
      q.n_players = (int) game;
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
  ImhLibraryPage *self = g_object_get_data (G_OBJECT (a), "imh-library-page");

  self->probed_column = GPOINTER_TO_INT (data);
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
      {
        g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (imh_game_summary_get_started (s));
        text = dt != NULL ? g_date_time_format (dt, "%x %H:%M") : g_strdup ("");
        break;
      }
    case COL_GAME:
      if (imh_game_summary_get_game (s) == IMH_GAME_DUEL)
        text = g_strdup (_("Duel"));
      else
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imhotep, %u player", "Imhotep, %u players",
                                             imh_game_summary_get_n_players (s)),
                                imh_game_summary_get_n_players (s));
      break;
    case COL_PLAYERS:
      text = players_text (s);
      break;
    case COL_RESULT:
      if (!imh_game_summary_get_finished (s))
        text = g_strdup (_("Unfinished"));
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

static void
on_star_clicked (GtkButton *button, ImhLibraryPage *self)
{
  ImhGameSummary *s = g_object_get_data (G_OBJECT (button), "summary");
  g_autoptr(GError) error = NULL;

  if (s == NULL)
    return;
  if (!imh_library_set_starred (self->library, imh_game_summary_get_id (s),
                                !imh_game_summary_get_starred (s), &error))
    toast (self, error->message);
}

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  Column column = (Column) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  ImhLibraryPage *self = g_object_get_data (G_OBJECT (factory), "page");
  GtkWidget *widget;

  if (column == COL_STAR)
    {
      widget = gtk_button_new_from_icon_name ("non-starred-symbolic");
      gtk_widget_add_css_class (widget, "flat");
      gtk_widget_set_halign (widget, GTK_ALIGN_CENTER);
      g_signal_connect (widget, "clicked", G_CALLBACK (on_star_clicked), self);
    }
  else if (column == COL_THUMBNAIL)
    {
      /* The final board, small; games without one show nothing. */
      widget = gtk_picture_new ();
      gtk_picture_set_can_shrink (GTK_PICTURE (widget), TRUE);
      gtk_picture_set_content_fit (GTK_PICTURE (widget), GTK_CONTENT_FIT_CONTAIN);
      gtk_widget_set_size_request (widget, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT);
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
  gtk_list_item_set_child (item, widget);
}

static void
on_summary_notify (ImhGameSummary *s, GParamSpec *pspec, GtkListItem *item)
{
  GtkWidget *widget = gtk_list_item_get_child (item);
  Column column = (Column) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (item), "column"));

  fill_cell (widget, s, column);
}

/* ---- Thumbnails of games that arrived finished ---- */

/* Replays the stored record of game id to its end and stores its final
 * position as the thumbnail (::game-changed then updates the row). */
static void
draw_thumbnail (ImhLibraryPage *self, gint64 id)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(GBytes) png = NULL;
  guint ply, bottom = 0;
  GType type;

  if (renderer == NULL)
    {
      g_hash_table_remove (self->thumb_seen, &id);   /* again when shown */
      return;
    }
  text = imh_library_load_record (self->library, id, &error);
  if (text != NULL)
    game = imh_game_new_from_record_text (text, -1, &error);
  if (game == NULL)
    {
      g_debug ("No thumbnail for game %" G_GINT64_FORMAT ": %s", id, error->message);
      return;
    }
  type = imh_board_type_for_kind (imh_game_get_kind (game));
  if (type == G_TYPE_INVALID || !imh_game_get_is_over (game))
    return;

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
    return;
  if (imh_library_is_read_only (self->library)
      || !imh_library_set_thumbnail (self->library, id, png, &error))
    {
      /* Not stored: shown for now all the same. */
      GtkWidget *picture = g_hash_table_lookup (self->thumb_cells, &id);
      g_autoptr(GdkTexture) texture = gdk_texture_new_from_bytes (png, NULL);

      if (error != NULL)
        g_debug ("Could not store the thumbnail of game %" G_GINT64_FORMAT ": %s", id, error->message);
      if (picture != NULL && texture != NULL)
        {
          gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (texture));
          gtk_widget_set_tooltip_text (picture, _("Final position"));
        }
    }
}

/* One thumbnail per call, for games whose row is still shown. */
static gboolean
thumbnail_idle (gpointer data)
{
  ImhLibraryPage *self = data;
  gint64 *id;

  while ((id = g_queue_pop_head (&self->thumb_queue)) != NULL)
    {
      gboolean shown = g_hash_table_contains (self->thumb_cells, id);

      if (!shown)
        g_hash_table_remove (self->thumb_seen, id);   /* again when shown */
      else
        draw_thumbnail (self, *id);
      g_free (id);
      if (shown)
        break;
    }
  if (!g_queue_is_empty (&self->thumb_queue))
    return G_SOURCE_CONTINUE;
  self->thumb_idle = 0;
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
  if (self->thumb_idle == 0)
    self->thumb_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, thumbnail_idle, self, NULL);
}

/* The thumbnail of the game's final position, read when its row is shown. */
static void
set_thumbnail (GtkWidget *picture, ImhLibraryPage *self, ImhGameSummary *s)
{
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;

  if (self->library != NULL && imh_game_summary_get_finished (s))
    png = imh_library_get_thumbnail (self->library, imh_game_summary_get_id (s), NULL);
  if (png != NULL)
    {
      texture = gdk_texture_new_from_bytes (png, &error);
      if (texture == NULL)
        g_debug ("Thumbnail of game %" G_GINT64_FORMAT ": %s", imh_game_summary_get_id (s), error->message);
    }
  gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (texture));
  gtk_widget_set_tooltip_text (picture, texture != NULL ? _("Final position") : NULL);
  /* The base game has no board to draw yet. */
  if (png == NULL && self->library != NULL && self->thumb_seen != NULL && imh_game_summary_get_finished (s)
      && imh_game_summary_get_game (s) == IMH_GAME_DUEL)
    queue_thumbnail (self, imh_game_summary_get_id (s));
}

static void
on_library_game_changed (ImhLibraryPage *self, gint64 id)
{
  GtkWidget *picture = self->thumb_cells != NULL ? g_hash_table_lookup (self->thumb_cells, &id) : NULL;
  ImhGameSummary *s = picture != NULL ? g_object_get_data (G_OBJECT (picture), "summary") : NULL;

  if (s != NULL)
    set_thumbnail (picture, self, s);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  Column column = (Column) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  ImhGameSummary *s = gtk_list_item_get_item (item);
  GtkWidget *widget = gtk_list_item_get_child (item);
  gulong handler;

  if (s == NULL)
    return;
  g_object_set_data (G_OBJECT (item), "column", GINT_TO_POINTER (column));
  g_object_set_data (G_OBJECT (widget), "summary", s);
  if (column == COL_THUMBNAIL)
    {
      ImhLibraryPage *self = g_object_get_data (G_OBJECT (factory), "page");
      gint64 id = imh_game_summary_get_id (s);

      if (self->thumb_cells != NULL)
        g_hash_table_replace (self->thumb_cells, g_memdup2 (&id, sizeof id), widget);
      set_thumbnail (widget, self, s);
    }
  fill_cell (widget, s, column);
  handler = g_signal_connect (s, "notify", G_CALLBACK (on_summary_notify), item);
  g_object_set_data (G_OBJECT (item), "notify-handler", GSIZE_TO_POINTER (handler));
}

static void
unbind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  ImhGameSummary *s = gtk_list_item_get_item (item);
  gulong handler = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (item), "notify-handler"));
  GtkWidget *widget = gtk_list_item_get_child (item);

  if (s != NULL && handler != 0)
    g_signal_handler_disconnect (s, handler);
  g_object_set_data (G_OBJECT (item), "notify-handler", NULL);
  if (widget != NULL)
    g_object_set_data (G_OBJECT (widget), "summary", NULL);
  if (widget != NULL && GTK_IS_PICTURE (widget))
    {
      ImhLibraryPage *self = g_object_get_data (G_OBJECT (factory), "page");
      gint64 id = s != NULL ? imh_game_summary_get_id (s) : 0;

      if (s != NULL && self->thumb_cells != NULL && g_hash_table_lookup (self->thumb_cells, &id) == widget)
        g_hash_table_remove (self->thumb_cells, &id);
      gtk_picture_set_paintable (GTK_PICTURE (widget), NULL);
    }
}

static void
add_columns (ImhLibraryPage *self)
{
  for (int c = 0; c < N_COLS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;

      g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (c));
      g_object_set_data (G_OBJECT (factory), "page", self);
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), NULL);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), NULL);
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), NULL);

      column = gtk_column_view_column_new (_(columns[c].title), factory);
      gtk_column_view_column_set_expand (column, columns[c].expand);
      gtk_column_view_column_set_resizable (column, c != COL_STAR && c != COL_ANALYSED && c != COL_THUMBNAIL);
      if (columns[c].sort >= 0)
        {
          GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (probe_compare, GINT_TO_POINTER (c), NULL));
          gtk_column_view_column_set_sorter (column, sorter);
          g_object_unref (sorter);
        }
      gtk_column_view_append_column (self->column_view, column);
      self->columns[c] = column;
      g_object_unref (column);
    }
  for (int i = 0; i < 2; i++)
    {
      self->probe[i] = g_object_new (G_TYPE_OBJECT, NULL);
      g_object_set_data (self->probe[i], "imh-library-page", self);
    }
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
restore_deleted (ImhLibraryPage *self, ImhLibraryDeleted *deleted)
{
  g_autoptr(GError) error = NULL;

  gboolean restored = imh_library_restore (self->library, deleted, &error);

  if (!restored)
    toast (self, error->message);
  if (deleted == self->last_deleted)
    {
      /* The "deleted" toast is not dismissed but becomes the confirmation:
       * dismissing a toast while its show animation still runs (an undo
       * right after the delete) makes libadwaita 1.2 free the toast's state
       * before that animation ends, and crash on a later frame. */
      if (self->last_delete_toast != NULL && restored)
        {
          guint n = imh_library_deleted_get_n_games (deleted);
          g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game restored",
                                                                 "%u games restored", n), n);
          adw_toast_set_title (self->last_delete_toast, title);
          adw_toast_set_button_label (self->last_delete_toast, NULL);
        }
      g_clear_pointer (&self->last_deleted, imh_library_deleted_unref);
    }
  refresh_tags (self);
  update_actions (self);
}

static void
on_undo_clicked (AdwToast *t, ImhLibraryPage *self)
{
  ImhLibraryDeleted *deleted = g_object_get_data (G_OBJECT (t), "deleted");

  if (deleted != NULL)
    {
      /* Only once. */
      g_object_ref (t);
      imh_library_deleted_ref (deleted);
      g_object_set_data (G_OBJECT (t), "deleted", NULL);
      restore_deleted (self, deleted);
      imh_library_deleted_unref (deleted);
      g_object_unref (t);
    }
}

static void
on_delete_toast_dismissed (AdwToast *t, ImhLibraryPage *self)
{
  if (self->last_delete_toast == t)
    self->last_delete_toast = NULL;
}

static void
action_delete (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);
  g_autoptr(GArray) ids = selected_ids (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  ImhLibraryDeleted *deleted;
  AdwToast *t;

  if (ids->len == 0)
    return;
  deleted = imh_library_delete (self->library, (const gint64 *) (gpointer) ids->data, ids->len, &error);
  if (deleted == NULL)
    {
      toast (self, error->message);
      return;
    }
  g_clear_pointer (&self->last_deleted, imh_library_deleted_unref);
  self->last_deleted = imh_library_deleted_ref (deleted);

  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game deleted", "%u games deleted", ids->len), ids->len);
  t = imh_ui_toast_new (title);
  adw_toast_set_button_label (t, _("_Undo"));
  adw_toast_set_priority (t, ADW_TOAST_PRIORITY_HIGH);
  g_object_set_data_full (G_OBJECT (t), "deleted", deleted, (GDestroyNotify) imh_library_deleted_unref);
  g_signal_connect_object (t, "button-clicked", G_CALLBACK (on_undo_clicked), self, 0);
  g_signal_connect_object (t, "dismissed", G_CALLBACK (on_delete_toast_dismissed), self, 0);
  self->last_delete_toast = t;
  adw_toast_overlay_add_toast (self->toast_overlay, t);
  refresh_tags (self);
  update_actions (self);
}

static void
action_undo_delete (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);

  if (self->last_deleted != NULL)
    {
      ImhLibraryDeleted *deleted = imh_library_deleted_ref (self->last_deleted);
      if (self->last_delete_toast != NULL)
        g_object_set_data (G_OBJECT (self->last_delete_toast), "deleted", NULL);
      restore_deleted (self, deleted);
      imh_library_deleted_unref (deleted);
    }
}

static void
on_export_response (GtkNativeDialog *dialog, int response, ImhLibraryPage *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GArray) ids = selected_ids (self);
      g_autoptr(GError) error = NULL;
      int n = imh_library_export (self->library, (const gint64 *) (gpointer) ids->data, ids->len, folder, &error);

      if (n < 0)
        toast (self, error->message);
      else
        {
          g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game exported",
                                                                 "%u games exported", (guint) n), (guint) n);
          toast (self, title);
        }
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

static void
on_edit_response (AdwMessageDialog *dialog, const char *response, ImhLibraryPage *self)
{
  if (g_strcmp0 (response, "save") == 0)
    {
      GtkEditable *tags_entry = g_object_get_data (G_OBJECT (dialog), "tags");
      GtkTextBuffer *notes = g_object_get_data (G_OBJECT (dialog), "notes");
      gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "game-id"));
      g_auto(GStrv) tags = g_strsplit (gtk_editable_get_text (tags_entry), ",", -1);
      g_autofree char *text = NULL;
      GtkTextIter start, end;
      g_autoptr(GError) error = NULL;

      gtk_text_buffer_get_bounds (notes, &start, &end);
      text = gtk_text_buffer_get_text (notes, &start, &end, FALSE);
      if (!imh_library_set_tags (self->library, id, (const char * const *) tags, &error)
          || !imh_library_set_notes (self->library, id, text, &error))
        toast (self, error->message);
      refresh_tags (self);
    }
  g_object_unref (self);
}

static void
action_edit (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryPage *self = IMH_LIBRARY_PAGE (widget);
  g_autoptr(GArray) ids = selected_ids (self);
  g_autoptr(ImhGameSummary) s = NULL;
  GtkWidget *dialog, *box, *entry, *view, *scrolled, *label;
  g_auto(GStrv) tags = NULL;
  g_autofree char *joined = NULL;

  if (ids->len != 1)
    return;
  s = imh_library_get_summary (self->library, g_array_index (ids, gint64, 0), NULL);
  if (s == NULL)
    return;

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

  g_object_set_data (G_OBJECT (dialog), "tags", entry);
  g_object_set_data (G_OBJECT (dialog), "notes", gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)));
  g_object_set_data (G_OBJECT (dialog), "game-id", GSIZE_TO_POINTER ((gsize) imh_game_summary_get_id (s)));
  g_signal_connect (dialog, "response", G_CALLBACK (on_edit_response), g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
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
      toast (self, error->message);
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
  /* The first list is read at once (one indexed query, about 20 ms for
   * 100,000 games), so that the first frame of the page has its rows. */
  {
    ImhLibraryQuery q;
    g_autoptr(GError) error = NULL;

    build_query (self, &q);
    if (!imh_library_model_set_query_sync (self->model, &q, &error))
      toast (self, error->message);
    imh_library_query_clear (&q);
  }
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
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMH_TYPE_LIBRARY_PAGE);
  g_clear_pointer (&self->last_deleted, imh_library_deleted_unref);
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
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "library.delete", NULL);
}

static void
imh_library_page_init (ImhLibraryPage *self)
{
  const char *all_tags[] = { _("All Tags"), NULL };
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->thumb_cells = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->thumb_seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_queue_init (&self->thumb_queue);
  self->sort = IMH_LIBRARY_SORT_DATE;
  self->descending = TRUE;
  self->tags_model = gtk_string_list_new (all_tags);
  self->updating_tags = TRUE;
  gtk_drop_down_set_model (self->tag_filter, G_LIST_MODEL (self->tags_model));
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

  return self->thumb_idle != 0;
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
