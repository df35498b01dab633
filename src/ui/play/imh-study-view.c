/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-study-view.c — top decisions, variations and bookmarks of a game. */
#define G_LOG_DOMAIN "imh-study-view"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-ui-util.h"
#include "imh-board.h"
#include "imh-hint.h"
#include "imh-study-view-private.h"
#include "imh-texts.h"

#define MAX_VARIATIONS IMH_STUDY_MAX_VARIATIONS

G_DEFINE_FINAL_TYPE (ImhStudyView, imh_study_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TOP_FIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_DECIDE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
clear_list (GtkWidget *list)
{
  GtkListBoxRow *row;

  /* Rows only: the placeholder stays. */
  while ((row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (list), GTK_WIDGET (row));
}

/* ---- Top decisions --------------------------------------------------------- */

static void
update_board (ImhStudyView *self)
{
  ImhDecision decisions[IMH_BOARD_MAX_HINTS];
  double wins[IMH_BOARD_MAX_HINTS];
  guint n = 0, max = self->top_five ? IMH_BOARD_MAX_HINTS : 1;

  if (self->hints == NULL || self->board == NULL)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (self->hints) && n < max; i++)
    {
      g_autoptr(ImhHint) hint = g_list_model_get_item (self->hints, i);
      decisions[n] = imh_hint_get_decision (hint);
      wins[n] = imh_hint_get_win (hint);
      n++;
    }
  imh_board_show_hints (IMH_BOARD (self->board), decisions, wins, n);
}

static GtkWidget *
hint_row (ImhHint *hint)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *badge;
  g_autofree char *rank = g_strdup_printf ("%u", imh_hint_get_rank (hint));
  g_autofree char *title = g_markup_escape_text (imh_hint_get_text (hint), -1);
  /* Translators: a hint's win probability ± its 95% interval (one decimal:
   * the best decisions are often less than a point apart), the expected
   * final margin ± interval and the number of searched games (%'u: with
   * the locale's thousands separators). The spaces within each part
   * (around ±, before %, after "margin", before "visits") are no-break
   * spaces (\xc2\xa0), so that a line breaks only between the parts */
  g_autofree char *subtitle = g_strdup_printf (_("Win %.1f\xc2\xa0±\xc2\xa0%.1f\xc2\xa0%% · "
                                                 "margin\xc2\xa0%+.1f\xc2\xa0±\xc2\xa0%.1f · %'u\xc2\xa0visits"),
                                               imh_hint_get_win (hint) * 100.0,
                                               imh_hint_get_win_ci (hint) * 100.0,
                                               imh_hint_get_margin (hint),
                                               imh_hint_get_margin_ci (hint),
                                               imh_hint_get_visits (hint));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 3);
  badge = gtk_label_new (rank);
  gtk_widget_add_css_class (badge, "study-rank");
  if (imh_hint_get_rank (hint) == 1)
    gtk_widget_add_css_class (badge, "study-best");
  gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), badge);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, _("Play this decision here"));
  return row;
}

static void
update_hint_list (ImhStudyView *self)
{
  guint n = self->hints != NULL ? g_list_model_get_n_items (self->hints) : 0;

  clear_list (self->hint_list);
  self->n_listed = 0;
  for (guint i = 0; i < n && i < IMH_BOARD_MAX_HINTS; i++)
    {
      g_autoptr(ImhHint) hint = g_list_model_get_item (self->hints, i);
      gtk_list_box_append (GTK_LIST_BOX (self->hint_list), hint_row (hint));
      self->n_listed++;
    }
}

static void
on_hint_activated (ImhStudyView  *self,
                   GtkListBoxRow *row)
{
  int index = gtk_list_box_row_get_index (row);
  g_autoptr(ImhHint) hint = NULL;

  /* The rows are the first hints, in order. */
  if (self->hints == NULL || index < 0 || (guint) index >= g_list_model_get_n_items (self->hints))
    return;
  hint = g_list_model_get_item (self->hints, (guint) index);
  g_signal_emit (self, signals[SIGNAL_DECIDE], 0, (guint) imh_hint_get_decision (hint));
}

static void
on_board_hint_visible (ImhStudyView *self)
{
  /* The board drops its hint when the position changes: so does the list. */
  if (!imh_board_get_hint_visible (IMH_BOARD (self->board)) && self->hints != NULL)
    {
      g_clear_object (&self->hints);
      update_hint_list (self);
    }
}

/* ---- Variations ------------------------------------------------------------ */

static void
on_variation_activated (ImhStudyView  *self,
                        GtkListBoxRow *row)
{
  int index = gtk_list_box_row_get_index (row);
  g_autoptr(GError) error = NULL;

  if (index < 0 || (guint) index >= self->n_variations)
    return;
  if (!imh_study_view_return_to_line (self, self->variations[index].ply, self->variations[index].d, &error))
    imh_ui_toast (GTK_WIDGET (self), error->message);
}

gboolean
imh_study_view_return_to_line (ImhStudyView  *self,
                               guint          ply,
                               ImhDecision    d,
                               GError       **error)
{
  g_autoptr(ImhGame) game = NULL;

  g_return_val_if_fail (IMH_IS_STUDY_VIEW (self), FALSE);

  if (self->game == NULL)
    return TRUE;
  game = g_object_ref (self->game);
  if (!imh_game_select_variation (game, ply, d, error))
    return FALSE;
  /* The whole of that line again, as it was played. */
  imh_game_go_to_ply (game, imh_game_get_n_plies (game));
  imh_game_set_viewed_ply (game, ply);
  return TRUE;
}

static void
update_variations (ImhStudyView *self)
{
  guint n_plies;

  clear_list (self->variation_list);
  self->n_variations = 0;
  if (self->game != NULL)
    {
      n_plies = imh_game_get_n_plies (self->game);
      /* The latest branch points first. */
      for (guint ply = n_plies; ply > 0 && self->n_variations < MAX_VARIATIONS; ply--)
        {
          ImhDecisionList cont;
          const ImhState *s = imh_game_get_state_at (self->game, ply - 1);

          imh_game_get_continuations (self->game, ply - 1, &cont);
          for (guint i = 1; s != NULL && i < cont.n && self->n_variations < MAX_VARIATIONS; i++)
            {
              GtkWidget *row = adw_action_row_new ();
              g_autofree char *words = imh_texts_decision (s, cont.d[i]);
              g_autofree char *title = g_markup_escape_text (words, -1);
              /* Translators: a variation kept in the game; %u: the number of
               * decisions played before it */
              g_autofree char *subtitle = g_strdup_printf (_("Other line after decision %u"), ply - 1);

              adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
              adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
              adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                         gtk_image_new_from_icon_name ("media-playlist-shuffle-symbolic"));
              gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
              gtk_widget_set_tooltip_text (row, _("Switch to this line"));
              self->variations[self->n_variations].ply = ply - 1;
              self->variations[self->n_variations].d = cont.d[i];
              gtk_list_box_append (GTK_LIST_BOX (self->variation_list), row);
              self->n_variations++;
            }
        }
    }
  gtk_widget_set_visible (self->variation_title, self->n_variations > 0);
  gtk_widget_set_visible (self->variation_list, self->n_variations > 0);
}

/* ---- Bookmarks ------------------------------------------------------------- */

static void
on_remove_bookmark (GtkButton    *button,
                    ImhStudyView *self);

/* The bookmark of a row of the list (or of a widget in it). */
static ImhLibraryBookmark *
row_bookmark (ImhStudyView *self,
              GtkWidget    *widget)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX_ROW);
  int index = row != NULL ? gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)) : -1;

  if (self->bookmarks == NULL || index < 0 || (guint) index >= self->bookmarks->len)
    return NULL;
  return g_ptr_array_index (self->bookmarks, index);
}

/* The session's bookmarks, one row each (in the same order). */
static void
update_bookmarks (ImhStudyView *self)
{
  GPtrArray *bookmarks = self->session != NULL ? imh_session_get_bookmarks (self->session) : NULL;

  clear_list (self->bookmark_list);
  self->n_bookmarks = 0;
  g_clear_pointer (&self->bookmarks, g_ptr_array_unref);
  if (bookmarks == NULL)
    return;
  self->bookmarks = g_ptr_array_ref (bookmarks);
  for (guint i = 0; i < bookmarks->len; i++)
    {
      ImhLibraryBookmark *b = g_ptr_array_index (bookmarks, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      /* Translators: where a bookmark is; %u: decisions played before it */
      g_autofree char *where = g_strdup_printf (_("After decision %u"), b->ply);
      g_autofree char *note = g_markup_escape_text (b->label != NULL && *b->label != '\0' ? b->label : where, -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), note);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 4);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), where);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (remove, _("Remove Bookmark"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Remove Bookmark"), -1);
      g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_bookmark), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_tooltip_text (row, _("Show this position"));
      gtk_list_box_append (GTK_LIST_BOX (self->bookmark_list), row);
      self->n_bookmarks++;
    }
}

static void
on_bookmark_removed (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(ImhStudyView) self = user_data;
  g_autoptr(GError) error = NULL;

  /* "bookmarks" changed already when it was removed. */
  if (!imh_session_remove_bookmark_finish (IMH_SESSION (source), result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    imh_ui_toast (GTK_WIDGET (self), error->message);
}

static void
on_remove_bookmark (GtkButton    *button,
                    ImhStudyView *self)
{
  ImhLibraryBookmark *b = row_bookmark (self, GTK_WIDGET (button));

  if (self->session == NULL || b == NULL)
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
  imh_session_remove_bookmark_async (self->session, b->id, NULL, on_bookmark_removed,
                                     g_object_ref (self));
}

static void
on_bookmark_activated (ImhStudyView  *self,
                       GtkListBoxRow *row)
{
  ImhLibraryBookmark *b = row_bookmark (self, GTK_WIDGET (row));
  guint ply;

  if (self->game == NULL || b == NULL)
    return;
  ply = b->ply;
  if (ply > imh_game_get_n_plies (self->game))
    {
      imh_ui_toast (GTK_WIDGET (self), _("This position is not in the current line of the game"));
      return;
    }
  if (ply > imh_game_get_live_ply (self->game))
    imh_game_go_to_ply (self->game, ply);
  imh_game_set_viewed_ply (self->game, ply);
}

static void
on_bookmark_added (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  gint64 id = imh_session_add_bookmark_finish (IMH_SESSION (source), result, &error);

  if (id <= 0)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_int (task, id);
}

void
imh_study_view_add_bookmark_async (ImhStudyView        *self,
                                   const char          *note,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (IMH_IS_STUDY_VIEW (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_study_view_add_bookmark_async);
  if (self->session == NULL || imh_session_get_autosave (self->session) == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s",
                               _("Bookmarks are kept in the library, which is not available for this game"));
      return;
    }
  imh_session_add_bookmark_async (self->session, imh_game_get_viewed_ply (self->game),
                                  note != NULL ? note : "", cancellable, on_bookmark_added,
                                  g_steal_pointer (&task));
}

gint64
imh_study_view_add_bookmark_finish (ImhStudyView  *self,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), 0);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_study_view_add_bookmark_async, 0);

  gssize id = g_task_propagate_int (G_TASK (result), error);

  return id > 0 ? (gint64) id : 0;
}

/* ---- Following the game ---------------------------------------------------- */

static void
on_game_changed (ImhStudyView *self)
{
  update_variations (self);
  _imh_study_view_actions_update (self);
}

/* ---- GObject --------------------------------------------------------------- */

static void
imh_study_view_dispose (GObject *object)
{
  ImhStudyView *self = IMH_STUDY_VIEW (object);

  imh_study_view_set_game (self, NULL);
  imh_study_view_set_session (self, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->hints);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);

  G_OBJECT_CLASS (imh_study_view_parent_class)->dispose (object);
}

static void
imh_study_view_finalize (GObject *object)
{
  ImhStudyView *self = IMH_STUDY_VIEW (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (imh_study_view_parent_class)->finalize (object);
}

static void
imh_study_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ImhStudyView *self = IMH_STUDY_VIEW (object);

  switch (prop_id)
    {
    case PROP_TOP_FIVE:
      g_value_set_boolean (value, self->top_five);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_study_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ImhStudyView *self = IMH_STUDY_VIEW (object);

  switch (prop_id)
    {
    case PROP_TOP_FIVE:
      imh_study_view_set_top_five (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_study_view_class_init (ImhStudyViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_study_view_dispose;
  object_class->finalize = imh_study_view_finalize;
  object_class->get_property = imh_study_view_get_property;
  object_class->set_property = imh_study_view_set_property;

  properties[PROP_TOP_FIVE] =
    g_param_spec_boolean ("top-five", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  _imh_study_view_class_actions_init (widget_class);

  /* A decision chosen in the top-decisions list (ImhDecision). */
  signals[SIGNAL_DECIDE] =
    g_signal_new ("decide", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "studyview");

  g_type_ensure (ADW_TYPE_ACTION_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/play/imh-study-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhStudyView, bookmark_list);
  gtk_widget_class_bind_template_child (widget_class, ImhStudyView, hint_list);
  gtk_widget_class_bind_template_child (widget_class, ImhStudyView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, ImhStudyView, variation_list);
  gtk_widget_class_bind_template_child (widget_class, ImhStudyView, variation_title);
  gtk_widget_class_bind_template_callback (widget_class, on_bookmark_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_hint_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_variation_activated);
}

static void
imh_study_view_init (ImhStudyView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  _imh_study_view_actions_init (self);
  /* The list follows the session's bookmarks. */
  self->session_signals = g_signal_group_new (IMH_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::bookmarks",
                                 G_CALLBACK (update_bookmarks), self, G_CONNECT_SWAPPED);

  self->settings = g_settings_new (BASE_APP_ID);
  g_settings_bind (self->settings, "hint-top-five", self, "top-five", G_SETTINGS_BIND_DEFAULT);
}

/* ---- Public ---------------------------------------------------------------- */

GtkWidget *
imh_study_view_new (GtkWidget *board)
{
  ImhStudyView *self;

  g_return_val_if_fail (IMH_IS_BOARD (board), NULL);

  self = g_object_new (IMH_TYPE_STUDY_VIEW, NULL);
  imh_study_view_set_board (self, board);
  return GTK_WIDGET (self);
}

void
imh_study_view_set_board (ImhStudyView *self,
                          GtkWidget    *board)
{
  g_return_if_fail (IMH_IS_STUDY_VIEW (self));
  g_return_if_fail (IMH_IS_BOARD (board));

  if (self->board == board)
    return;
  if (self->board != NULL)
    g_signal_handlers_disconnect_by_func (self->board, on_board_hint_visible, self);
  self->board = board;
  g_signal_connect_object (board, "notify::hint-visible", G_CALLBACK (on_board_hint_visible), self,
                           G_CONNECT_SWAPPED);
}

void
imh_study_view_set_game (ImhStudyView *self,
                         ImhGame      *game)
{
  g_return_if_fail (IMH_IS_STUDY_VIEW (self));
  g_return_if_fail (game == NULL || IMH_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_clear_object (&self->hints);
  if (game != NULL)
    g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
  if (self->bookmark_list != NULL)   /* the template is built */
    {
      on_game_changed (self);
      update_hint_list (self);
      update_bookmarks (self);
    }
}

void
imh_study_view_set_session (ImhStudyView *self,
                            ImhSession   *session)
{
  g_return_if_fail (IMH_IS_STUDY_VIEW (self));
  g_return_if_fail (session == NULL || IMH_IS_SESSION (session));

  if (self->session == session)
    return;
  g_set_object (&self->session, session);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, session);
  if (self->bookmark_list != NULL)
    update_bookmarks (self);
}

void
imh_study_view_show_hints (ImhStudyView *self,
                           GListModel   *hints)
{
  g_return_if_fail (IMH_IS_STUDY_VIEW (self));
  g_return_if_fail (hints == NULL || G_IS_LIST_MODEL (hints));

  g_set_object (&self->hints, hints);
  update_hint_list (self);
  if (hints != NULL)
    update_board (self);
}

gboolean
imh_study_view_get_top_five (ImhStudyView *self)
{
  g_return_val_if_fail (IMH_IS_STUDY_VIEW (self), FALSE);

  return self->top_five;
}

void
imh_study_view_set_top_five (ImhStudyView *self,
                             gboolean      top_five)
{
  g_return_if_fail (IMH_IS_STUDY_VIEW (self));

  top_five = !!top_five;
  if (self->top_five == top_five)
    return;
  self->top_five = top_five;
  if (self->hints != NULL && self->board != NULL
      && imh_board_get_hint_visible (IMH_BOARD (self->board)))
    update_board (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOP_FIVE]);
}

guint
imh_study_view_get_n_listed (ImhStudyView *self)
{
  g_return_val_if_fail (IMH_IS_STUDY_VIEW (self), 0);

  return self->n_listed;
}

guint
imh_study_view_get_n_bookmarks (ImhStudyView *self)
{
  g_return_val_if_fail (IMH_IS_STUDY_VIEW (self), 0);

  return self->n_bookmarks;
}

guint
imh_study_view_get_n_variations (ImhStudyView *self)
{
  g_return_val_if_fail (IMH_IS_STUDY_VIEW (self), 0);

  return self->n_variations;
}

void
imh_study_view_show_top_five_unsaved (ImhStudyView *self)
{
  g_return_if_fail (IMH_IS_STUDY_VIEW (self));

  g_settings_unbind (self, "top-five");
  imh_study_view_set_top_five (self, TRUE);
}
