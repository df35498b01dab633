/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-trash.c — "Recently Deleted": the games in the library's trash. */
#define G_LOG_DOMAIN "imh-library-trash"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-library-async.h"
#include "imh-library-trash.h"
#include "imh-texts.h"
#include "imh-ui-util.h"

struct _ImhLibraryTrash
{
  AdwBin             parent_instance;

  ImhLibrary        *library;
  ImhLibraryModel   *model;         /* the query's trash field set */
  GtkMultiSelection *selection;
  AdwToastOverlay   *toasts;        /* the library page's (not owned) */
  AdwMessageDialog  *dialog;        /* the confirmation on screen */
  guint              n_pending;     /* edits whose reply has not come */

  GtkStack          *stack;
  GtkListView       *list;
  GtkActionBar      *action_bar;
  GtkLabel          *selection_label;
};

G_DEFINE_FINAL_TYPE (ImhLibraryTrash, imh_library_trash, ADW_TYPE_BIN)

static void
toast (ImhLibraryTrash *self, const char *title)
{
  if (self->toasts != NULL)
    adw_toast_overlay_add_toast (self->toasts, imh_ui_toast_new (title));
}

static GArray *
selected_ids (ImhLibraryTrash *self)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GtkBitset) set = NULL;
  GtkBitsetIter iter;
  guint pos;

  if (self->model == NULL)
    return ids;
  set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  for (gboolean ok = gtk_bitset_iter_init_first (&iter, set, &pos); ok; ok = gtk_bitset_iter_next (&iter, &pos))
    {
      gint64 id = imh_library_model_get_id (self->model, pos);
      if (id > 0)
        g_array_append_val (ids, id);
    }
  return ids;
}

static void
update (ImhLibraryTrash *self)
{
  g_autoptr(GArray) ids = selected_ids (self);
  guint n = self->model != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->model)) : 0;
  gboolean writable = self->library != NULL && !imh_library_is_read_only (self->library);
  g_autofree char *label = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trash.restore", writable && ids->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trash.delete-forever", writable && ids->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trash.empty", writable && n > 0);
  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "list" : "empty");
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game selected", "%u games selected", ids->len),
                           ids->len);
  gtk_label_set_label (self->selection_label, label);
  gtk_action_bar_set_revealed (self->action_bar, ids->len > 0);
}

/* ---- Rows --------------------------------------------------------------- */

static char *
format_time (gint64 unix_time)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (unix_time);

  return dt != NULL ? g_date_time_format (dt, "%x %H:%M") : g_strdup ("");
}

static char *
deleted_text (gint64 deleted)
{
  gint64 gone = deleted + (gint64) IMH_LIBRARY_TRASH_DAYS * 24 * 60 * 60;
  gint64 left = gone - g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *when = format_time (deleted);
  int days;

  if (left <= 0)
    /* Translators: %s is the date and time the game was deleted. */
    return g_strdup_printf (_("Deleted %s, removed at the next start"), when);
  days = (int) ((left + 24 * 60 * 60 - 1) / (24 * 60 * 60));
  /* Translators: %s is the date and time the game was deleted, %d the
   * number of days until it is removed for good. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Deleted %s, kept %d more day",
                                       "Deleted %s, kept %d more days", days), when, days);
}

static char *
game_text (ImhGameSummary *s)
{
  g_autofree char *kind = NULL;
  g_autofree char *started = format_time (imh_game_summary_get_started (s));

  kind = imh_texts_game_short_name (imh_game_summary_get_game (s),
                                    imh_game_summary_get_n_players (s));
  return g_strdup_printf ("%s · %s", kind, started);
}

static GtkWidget *
row_label (const char *css)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (css != NULL)
    gtk_widget_add_css_class (label, css);
  return label;
}

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *deleted = row_label ("dim-label");

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_box_append (GTK_BOX (box), row_label ("heading"));
  gtk_box_append (GTK_BOX (box), row_label (NULL));
  gtk_widget_add_css_class (deleted, "caption");
  gtk_box_append (GTK_BOX (box), deleted);
  gtk_list_item_set_child (item, box);
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  ImhGameSummary *s = gtk_list_item_get_item (item);
  GtkWidget *players = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *game = gtk_widget_get_next_sibling (players);
  GtkWidget *deleted = gtk_widget_get_next_sibling (game);
  g_autofree char *game_line = NULL;
  g_autofree char *deleted_line = NULL;

  if (s == NULL)
    return;
  game_line = game_text (s);
  deleted_line = deleted_text (imh_game_summary_get_deleted (s));
  gtk_label_set_label (GTK_LABEL (players), imh_game_summary_get_players (s));
  gtk_label_set_label (GTK_LABEL (game), game_line);
  gtk_label_set_label (GTK_LABEL (deleted), deleted_line);
}

/* ---- Actions ------------------------------------------------------------ */

/* An edit in flight: the trash is held weakly (the edit is made even when
 * the trash goes away before the reply). */
typedef struct
{
  GWeakRef trash;
  guint    n;
} Request;

static Request *
request_new (ImhLibraryTrash *self, guint n)
{
  Request *r = g_new0 (Request, 1);

  g_weak_ref_init (&r->trash, self);
  r->n = n;
  self->n_pending++;
  return r;
}

static void
request_free (Request *r)
{
  g_weak_ref_clear (&r->trash);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Request, request_free)

/* The trash a reply is for (a reference), NULL when it went away. */
static ImhLibraryTrash *
request_trash (Request *r)
{
  ImhLibraryTrash *self = g_weak_ref_get (&r->trash);

  if (self == NULL)
    return NULL;
  self->n_pending--;
  if (self->library == NULL)
    g_clear_object (&self);
  return self;
}

static void
restore_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  gboolean ok = imh_library_restore_from_trash_finish (IMH_LIBRARY (source), result, &error);
  g_autoptr(ImhLibraryTrash) self = request_trash (r);
  g_autofree char *title = NULL;

  if (self == NULL)
    return;
  if (!ok)
    {
      toast (self, error->message);
      return;
    }
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game restored", "%u games restored", r->n), r->n);
  toast (self, title);
  update (self);
}

static void
action_restore (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryTrash *self = IMH_LIBRARY_TRASH (widget);
  g_autoptr(GArray) ids = selected_ids (self);

  if (ids->len == 0)
    return;
  imh_library_restore_from_trash_async (self->library, (const gint64 *) (gpointer) ids->data, ids->len, NULL,
                                        restore_done, request_new (self, ids->len));
}

static void
removed_toast (ImhLibraryTrash *self, guint n)
{
  g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game deleted permanently",
                                                         "%u games deleted permanently", n), n);
  toast (self, title);
}

static void
delete_forever_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(Request) r = data;
  g_autoptr(GError) error = NULL;
  guint n = 0;
  gboolean ok = imh_library_delete_forever_finish (IMH_LIBRARY (source), result, &n, &error);
  g_autoptr(ImhLibraryTrash) self = request_trash (r);

  if (self == NULL)
    return;
  if (!ok)
    toast (self, error->message);
  else
    removed_toast (self, n);
  update (self);
}

/* What a confirmation is for: the selected games, or (ids NULL) the whole trash. */
typedef struct
{
  ImhLibraryTrash *trash;   /* not owned: the dialog goes with the trash */
  GArray          *ids;
} Ask;

static void
ask_free (gpointer data, GClosure *closure)
{
  Ask *ask = data;

  g_clear_pointer (&ask->ids, g_array_unref);
  g_free (ask);
}

static void
on_dialog_response (AdwMessageDialog *dialog, const char *response, Ask *ask)
{
  ImhLibraryTrash *self = ask->trash;

  if (self->dialog == dialog)
    self->dialog = NULL;
  if (self->library == NULL)
    return;
  if (g_strcmp0 (response, "delete") == 0 && ask->ids != NULL)
    imh_library_delete_forever_async (self->library, (const gint64 *) (gpointer) ask->ids->data, ask->ids->len,
                                      NULL, delete_forever_done, request_new (self, ask->ids->len));
  else if (g_strcmp0 (response, "empty") == 0)
    imh_library_delete_forever_async (self->library, NULL, 0, NULL, delete_forever_done, request_new (self, 0));
}

static void
ask (ImhLibraryTrash *self, const char *heading, const char *body, const char *response,
     const char *label, GArray *ids)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
  Ask *data = g_new0 (Ask, 1);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), response, label, NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), response, ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  data->trash = self;
  data->ids = ids != NULL ? g_array_ref (ids) : NULL;
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_dialog_response), data, ask_free, 0);
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_delete_forever (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryTrash *self = IMH_LIBRARY_TRASH (widget);
  g_autoptr(GArray) ids = selected_ids (self);
  g_autofree char *heading = NULL;

  if (ids->len == 0)
    return;
  heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Delete %u Game Permanently?",
                                          "Delete %u Games Permanently?", ids->len), ids->len);
  ask (self, heading, _("Games deleted permanently cannot be restored."), "delete",
       _("_Delete Permanently"), ids);
}

static void
action_empty (GtkWidget *widget, const char *name, GVariant *param)
{
  ImhLibraryTrash *self = IMH_LIBRARY_TRASH (widget);
  guint n = self->model != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->model)) : 0;
  g_autofree char *body = NULL;

  if (n == 0)
    return;
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The %u game in the trash will be deleted permanently. It cannot be restored.",
                                       "All %u games in the trash will be deleted permanently. They cannot be restored.",
                                       n), n);
  ask (self, _("Empty Trash?"), body, "empty", _("_Empty Trash"), NULL);
}

/* ---- Widget ------------------------------------------------------------- */

static GtkWidget *
build_header (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *back = gtk_button_new_from_icon_name ("go-previous-symbolic");
  GtkWidget *title = gtk_label_new (_("Recently Deleted"));
  GtkWidget *empty = gtk_button_new_with_mnemonic (_("_Empty Trash"));

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_tooltip_text (back, _("Back to the Games"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (back), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Back to the Games"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "library.show-games");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_widget_add_css_class (title, "heading");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (empty), "trash.empty");
  gtk_widget_add_css_class (empty, "destructive-action");
  gtk_box_append (GTK_BOX (box), back);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), empty);
  return box;
}

static void
imh_library_trash_init (ImhLibraryTrash *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *status = adw_status_page_new ();
  GtkWidget *restore = gtk_button_new_with_mnemonic (_("_Restore"));
  GtkWidget *remove = gtk_button_new_with_mnemonic (_("_Delete Permanently"));
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autofree char *description = NULL;

  self->selection = gtk_multi_selection_new (NULL);
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  self->list = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "rich-list");
  gtk_list_view_set_show_separators (self->list, TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "user-trash-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (status), _("No Recently Deleted Games"));
  description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Deleted games are kept here for %d day, then removed for good.",
                                              "Deleted games are kept here for %d days, then removed for good.",
                                              IMH_LIBRARY_TRASH_DAYS), IMH_LIBRARY_TRASH_DAYS);
  adw_status_page_set_description (ADW_STATUS_PAGE (status), description);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_stack_add_named (self->stack, scroller, "list");
  gtk_stack_add_named (self->stack, status, "empty");

  self->action_bar = GTK_ACTION_BAR (gtk_action_bar_new ());
  gtk_action_bar_set_revealed (self->action_bar, FALSE);
  self->selection_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->selection_label, PANGO_ELLIPSIZE_END);
  gtk_action_bar_pack_start (self->action_bar, GTK_WIDGET (self->selection_label));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (restore), "trash.restore");
  gtk_widget_add_css_class (restore, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "trash.delete-forever");
  gtk_widget_add_css_class (remove, "destructive-action");
  gtk_action_bar_pack_end (self->action_bar, restore);
  gtk_action_bar_pack_end (self->action_bar, remove);

  gtk_box_append (GTK_BOX (box), build_header ());
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->action_bar));
  adw_bin_set_child (ADW_BIN (self), box);
  update (self);
}

static void
imh_library_trash_dispose (GObject *object)
{
  ImhLibraryTrash *self = IMH_LIBRARY_TRASH (object);

  if (self->dialog != NULL)
    {
      AdwMessageDialog *dialog = g_steal_pointer (&self->dialog);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
  g_clear_object (&self->model);
  g_clear_object (&self->selection);
  g_clear_object (&self->library);
  self->toasts = NULL;
  G_OBJECT_CLASS (imh_library_trash_parent_class)->dispose (object);
}

static void
imh_library_trash_class_init (ImhLibraryTrashClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_library_trash_dispose;

  gtk_widget_class_install_action (widget_class, "trash.restore", NULL, action_restore);
  gtk_widget_class_install_action (widget_class, "trash.delete-forever", NULL, action_delete_forever);
  gtk_widget_class_install_action (widget_class, "trash.empty", NULL, action_empty);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "trash.delete-forever", NULL);
}

GtkWidget *
imh_library_trash_new (ImhLibrary      *library,
                       AdwToastOverlay *toasts)
{
  ImhLibraryTrash *self;
  ImhLibraryQuery q;

  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);

  self = g_object_new (IMH_TYPE_LIBRARY_TRASH, NULL);
  self->library = g_object_ref (library);
  self->toasts = toasts;
  self->model = imh_library_model_new (library);
  imh_library_query_init (&q);
  q.trash = TRUE;
  imh_library_model_set_query (self->model, &q);
  imh_library_query_clear (&q);
  gtk_multi_selection_set_model (self->selection, G_LIST_MODEL (self->model));
  g_signal_connect_object (self->model, "items-changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
  return GTK_WIDGET (self);
}

void
imh_library_trash_reload (ImhLibraryTrash *self)
{
  g_return_if_fail (IMH_IS_LIBRARY_TRASH (self));

  imh_library_model_set_query (self->model, imh_library_model_get_query (self->model));
  update (self);
}

ImhLibraryModel *
_imh_library_trash_get_model (ImhLibraryTrash *self)
{
  return self->model;
}

GtkSelectionModel *
_imh_library_trash_get_selection (ImhLibraryTrash *self)
{
  return GTK_SELECTION_MODEL (self->selection);
}

AdwMessageDialog *
_imh_library_trash_get_dialog (ImhLibraryTrash *self)
{
  return self->dialog;
}

const char *
_imh_library_trash_get_content (ImhLibraryTrash *self)
{
  return gtk_stack_get_visible_child_name (self->stack);
}

gboolean
_imh_library_trash_get_busy (ImhLibraryTrash *self)
{
  return self->n_pending > 0 || (self->model != NULL && imh_library_model_get_loading (self->model));
}
