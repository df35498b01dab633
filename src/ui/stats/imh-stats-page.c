/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-stats-page.c — the Statistics page: the user's games in numbers. */
#define G_LOG_DOMAIN "imh-stats-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imh-ai.h"
#include "imh-exercise.h"
#include "imh-stats-page-private.h"
#include "imh-texts.h"

struct _ImhStatsPage
{
  GtkWidget             parent_instance;

  ImhLibrary           *library;
  GSettings            *settings;
  GCancellable         *cancellable;     /* the load running, or NULL */
  ImhPlayerStats       *stats;           /* the statistics shown, or NULL */
  char                **names;           /* the user's names */
  guint                 reload_idle;
  gboolean              dirty;           /* the library changed while unmapped */

  /* Template */
  GtkStack             *stack;
  AdwStatusPage        *names_status;
  GtkWidget            *names_button;
  GtkWidget            *scrolled;
  AdwComboRow          *game_row;
  AdwComboRow          *period_row;
  GtkStack             *content_stack;
  GtkLabel             *none_title;
  GtkLabel             *none_description;
  AdwPreferencesGroup  *summary_group;
  AdwPreferencesGroup  *levels_group;
  GtkListBox           *levels_list;
  AdwPreferencesGroup  *plot_group;
  ImhStatsPlot         *plot;
  AdwPreferencesGroup  *loss_group;
  GtkBox               *loss_box;
  AdwPreferencesGroup  *luck_group;

  /* Made in code */
  GtkLabel             *summary_values[IMH_STATS_N_SUMMARY];
  AdwActionRow         *summary_rows[IMH_STATS_N_SUMMARY];
  GtkLabel             *luck_values[IMH_STATS_N_LUCK];
  AdwActionRow         *luck_rows[IMH_STATS_N_LUCK];
  GPtrArray            *level_rows;      /* AdwActionRow, in order */
  GPtrArray            *loss_rows;       /* GtkListBoxRow, in order */
};

G_DEFINE_FINAL_TYPE (ImhStatsPage, imh_stats_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LIBRARY,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void load (ImhStatsPage *self);

/* ---------------------------------------------------------------- */
/* Numbers in words                                                 */

/* The accuracy in per cent, in the locale's numbers: "78.4 %". */
static char *
format_percent (double value)
{
  /* Translators: a percentage with one decimal; keep the space before %% */
  return g_strdup_printf (_("%.1f %%"), value);
}

static char *
format_decimal (double value,
                int    digits)
{
  return g_strdup_printf ("%.*f", digits, value);
}

static char *
format_count (guint n)
{
  return g_strdup_printf ("%u", n);
}

/* ---------------------------------------------------------------- */
/* Rows                                                             */

static GtkLabel *
add_value_row (AdwPreferencesGroup  *group,
               const char           *title,
               const char           *subtitle,
               AdwActionRow        **row_out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *value = gtk_label_new (NULL);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (value, "numeric");
  gtk_widget_set_valign (value, GTK_ALIGN_CENTER);
  gtk_label_set_selectable (GTK_LABEL (value), FALSE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), value);
  adw_preferences_group_add (group, row);
  *row_out = ADW_ACTION_ROW (row);
  return GTK_LABEL (value);
}

/* A row's value, shown and told to the screen reader with the row. */
static void
set_row_value (AdwActionRow *row,
               GtkLabel     *label,
               const char   *value)
{
  const char *subtitle = adw_action_row_get_subtitle (row);
  g_autofree char *description = NULL;

  gtk_label_set_text (label, value);
  if (subtitle != NULL && *subtitle != '\0')
    description = g_strdup_printf ("%s. %s", value, subtitle);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : value,
                                  -1);
}

static void
clear_container (GtkWidget *container)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    {
      if (GTK_IS_LIST_BOX (container))
        gtk_list_box_remove (GTK_LIST_BOX (container), child);
      else
        gtk_box_remove (GTK_BOX (container), child);
    }
}

/* "Casual", "People only". */
static const char *
level_title (int level)
{
  if (level < 0)
    return _("People only");
  return imh_texts_level_name (imh_level_name ((ImhLevel) level));
}

static void
fill_levels (ImhStatsPage *self)
{
  guint finished = 0;

  clear_container (GTK_WIDGET (self->levels_list));
  g_ptr_array_set_size (self->level_rows, 0);
  for (guint i = 0; i < self->stats->levels->len; i++)
    {
      const ImhPlayerStatsLevel *l = &g_array_index (self->stats->levels, ImhPlayerStatsLevel, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *value = gtk_label_new (NULL);
      g_autofree char *games = g_strdup_printf (ngettext ("%u game", "%u games", l->games), l->games);
      g_autofree char *wins = g_strdup_printf (ngettext ("%u win", "%u wins", l->wins), l->wins);
      g_autofree char *draws = g_strdup_printf (ngettext ("%u draw", "%u draws", l->draws), l->draws);
      g_autofree char *losses = g_strdup_printf (ngettext ("%u loss", "%u losses", l->losses), l->losses);
      g_autofree char *subtitle = NULL;
      g_autofree char *rate = NULL;
      g_autofree char *description = NULL;

      finished += l->games;
      /* Translators: results against one level: "12 games: 7 wins, 1 draw, 4 losses" */
      subtitle = g_strdup_printf (_("%s: %s, %s, %s"), games, wins, draws, losses);
      /* Translators: the share of games won, in per cent, no decimals */
      rate = g_strdup_printf (_("%.0f %% won"), l->games > 0 ? 100.0 * l->wins / l->games : 0.0);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), level_title (l->level));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_label_set_text (GTK_LABEL (value), rate);
      gtk_widget_add_css_class (value, "numeric");
      gtk_widget_set_valign (value, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value);
      description = g_strdup_printf ("%s. %s", subtitle, rate);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                      -1);
      g_object_set_data_full (G_OBJECT (row), "imh-win-rate", g_strdup (rate), g_free);
      gtk_list_box_append (self->levels_list, row);
      g_ptr_array_add (self->level_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->levels_group), finished > 0);
}

static GtkWidget *
loss_row_new (const char *name,
              double      mean_loss,
              double      max_loss)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *title = gtk_label_new (name);
  GtkWidget *value;
  GtkWidget *bar = gtk_level_bar_new_for_interval (0, max_loss);
  /* Translators: a mean loss in percentage points of win chance, one decimal */
  g_autofree char *text = g_strdup_printf (_("%.1f points"), mean_loss);
  g_autofree char *label = g_strdup_printf ("%s: %s", name, text);

  gtk_widget_set_margin_top (box, 10);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_set_hexpand (title, TRUE);
  value = gtk_label_new (text);
  gtk_widget_add_css_class (value, "numeric");
  gtk_widget_add_css_class (value, "dim-label");
  gtk_widget_set_valign (value, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (top), title);
  gtk_box_append (GTK_BOX (top), value);
  /* One colour for every bar: the level bar's own for low values. */
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
  gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), MIN (mean_loss, max_loss));
  gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_box_append (GTK_BOX (box), top);
  gtk_box_append (GTK_BOX (box), bar);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_object_set_data_full (G_OBJECT (row), "imh-name", g_strdup (name), g_free);
  g_object_set_data_full (G_OBJECT (row), "imh-value", g_steal_pointer (&text), g_free);
  return row;
}

static void
fill_losses (ImhStatsPage *self)
{
  GArray *groups = self->stats->groups;
  gboolean both = FALSE;
  double max_loss = 1.0;
  GtkWidget *list = NULL;
  int game = -1;

  clear_container (GTK_WIDGET (self->loss_box));
  g_ptr_array_set_size (self->loss_rows, 0);
  for (guint i = 0; i < groups->len; i++)
    {
      const ImhPlayerStatsGroup *g = &g_array_index (groups, ImhPlayerStatsGroup, i);

      max_loss = MAX (max_loss, g->mean_loss);
      if (g->game != g_array_index (groups, ImhPlayerStatsGroup, 0).game)
        both = TRUE;
    }
  /* Rounded up to whole points, the same scale for both games. */
  max_loss = ceil (max_loss);
  for (guint i = 0; i < groups->len; i++)
    {
      const ImhPlayerStatsGroup *g = &g_array_index (groups, ImhPlayerStatsGroup, i);
      GtkWidget *row;

      if (g->decisions == 0)
        continue;
      if (list == NULL || g->game != game)
        {
          game = g->game;
          if (both)
            {
              GtkWidget *heading = gtk_label_new (imh_texts_game_name ((ImhGameKind) game));

              gtk_label_set_xalign (GTK_LABEL (heading), 0);
              gtk_widget_add_css_class (heading, "heading");
              gtk_widget_set_margin_top (heading, list != NULL ? 6 : 0);
              gtk_box_append (self->loss_box, heading);
            }
          list = gtk_list_box_new ();
          gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
          gtk_widget_add_css_class (list, "boxed-list");
          gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          imh_texts_game_name ((ImhGameKind) game), -1);
          gtk_box_append (self->loss_box, list);
        }
      row = loss_row_new (imh_decision_group_name ((ImhGameKind) g->game, g->group),
                          g->mean_loss, max_loss);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_ptr_array_add (self->loss_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->loss_group), self->loss_rows->len > 0);
}

static void
fill_luck (ImhStatsPage *self)
{
  const ImhPlayerStats *st = self->stats;
  g_autofree char *result = format_decimal (st->mean_result, 2);
  g_autofree char *adjusted = format_decimal (st->mean_luck_adjusted, 2);
  /* Translators: the mean luck per game in percentage points of win
   * chance, with its sign ("+3.2 points") */
  g_autofree char *luck = g_strdup_printf (_("%+.1f points"), st->mean_luck);
  g_autofree char *description =
    g_strdup_printf (ngettext ("Over %u analysed game that was played to the end.",
                               "Over %u analysed games that were played to the end.",
                               st->n_results),
                     st->n_results);

  adw_preferences_group_set_description (self->luck_group, description);
  set_row_value (self->luck_rows[IMH_STATS_LUCK_RESULT], self->luck_values[IMH_STATS_LUCK_RESULT], result);
  set_row_value (self->luck_rows[IMH_STATS_LUCK_LUCK], self->luck_values[IMH_STATS_LUCK_LUCK], luck);
  set_row_value (self->luck_rows[IMH_STATS_LUCK_ADJUSTED], self->luck_values[IMH_STATS_LUCK_ADJUSTED], adjusted);
  gtk_widget_set_visible (GTK_WIDGET (self->luck_group), st->n_results > 0);
}

/* The names for a message: "Ada", "Ada, Bob". */
static char *
names_text (ImhStatsPage *self)
{
  return g_strjoinv (", ", self->names);
}

static gboolean
filters_are_default (ImhStatsPage *self)
{
  return adw_combo_row_get_selected (self->game_row) == IMH_STATS_GAME_BOTH
         && adw_combo_row_get_selected (self->period_row) == IMH_STATS_PERIOD_ALL;
}

static void
show_stats (ImhStatsPage *self)
{
  const ImhPlayerStats *st = self->stats;
  g_autofree char *games = format_count (st->n_games);
  g_autofree char *finished = format_count (st->n_finished);
  g_autofree char *analysed = format_count (st->n_analysed);
  g_autofree char *accuracy = NULL;
  g_autofree char *mistakes = NULL;
  gboolean any_analysed = st->n_analysed > 0;

  if (st->n_games == 0)
    {
      g_autofree char *who = names_text (self);
      g_autofree char *text = NULL;

      if (filters_are_default (self))
        {
          gtk_label_set_text (self->none_title, _("No Games of Yours Yet"));
          /* Translators: %s: the user's player names, "Ada, Bob" */
          text = g_strdup_printf (_("The library has no games of %s. Play under one of these names to see your statistics here."),
                                  who);
        }
      else
        {
          gtk_label_set_text (self->none_title, _("No Games Here"));
          /* Translators: %s: the user's player names, "Ada, Bob" */
          text = g_strdup_printf (_("No games of %s match the game and the period chosen."), who);
        }
      gtk_label_set_text (self->none_description, text);
      gtk_stack_set_visible_child_name (self->content_stack, "none");
      return;
    }

  accuracy = any_analysed ? format_percent (st->mean_accuracy) : g_strdup ("—");
  mistakes = any_analysed ? format_decimal (st->mistakes_per_game, 1) : g_strdup ("—");
  set_row_value (self->summary_rows[IMH_STATS_SUMMARY_GAMES], self->summary_values[IMH_STATS_SUMMARY_GAMES], games);
  set_row_value (self->summary_rows[IMH_STATS_SUMMARY_FINISHED], self->summary_values[IMH_STATS_SUMMARY_FINISHED], finished);
  set_row_value (self->summary_rows[IMH_STATS_SUMMARY_ANALYSED], self->summary_values[IMH_STATS_SUMMARY_ANALYSED], analysed);
  set_row_value (self->summary_rows[IMH_STATS_SUMMARY_ACCURACY], self->summary_values[IMH_STATS_SUMMARY_ACCURACY], accuracy);
  set_row_value (self->summary_rows[IMH_STATS_SUMMARY_MISTAKES], self->summary_values[IMH_STATS_SUMMARY_MISTAKES], mistakes);
  adw_preferences_group_set_description (self->summary_group,
                                         any_analysed ? NULL
                                         : _("None of these games is analysed yet: analyse them to see your accuracy, your mistakes and your luck."));

  fill_levels (self);
  imh_stats_plot_set_points (self->plot, (const ImhPlayerStatsPoint *) (void *) st->points->data,
                             st->points->len);
  gtk_widget_set_visible (GTK_WIDGET (self->plot_group), any_analysed);
  fill_losses (self);
  fill_luck (self);
  gtk_stack_set_visible_child_name (self->content_stack, "stats");
}

/* ---------------------------------------------------------------- */
/* Loading                                                          */

static void
set_loading (ImhStatsPage *self,
             gboolean      loading)
{
  if (loading == (self->cancellable != NULL))
    return;
  if (!loading)
    g_clear_object (&self->cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(ImhStatsPage) self = user_data;
  g_autoptr(GError) error = NULL;
  ImhPlayerStats *stats = imh_library_get_player_stats_finish (IMH_LIBRARY (source), result, &error);

  /* A newer load (or the page's end) cancelled this one. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      || g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      g_clear_pointer (&stats, imh_player_stats_free);
      return;
    }
  if (stats == NULL)
    {
      g_warning ("Could not read the statistics: %s", error->message);
      gtk_label_set_text (self->none_title, _("Statistics Unavailable"));
      gtk_label_set_text (self->none_description, error->message);
      gtk_stack_set_visible_child_name (self->content_stack, "none");
      set_loading (self, FALSE);
      return;
    }
  g_clear_pointer (&self->stats, imh_player_stats_free);
  self->stats = stats;
  show_stats (self);
  set_loading (self, FALSE);
}

static gint64
period_start (ImhStatsPeriod period)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) start = NULL;

  switch (period)
    {
    case IMH_STATS_PERIOD_12_MONTHS:
      start = g_date_time_add_months (now, -12);
      break;
    case IMH_STATS_PERIOD_3_MONTHS:
      start = g_date_time_add_months (now, -3);
      break;
    case IMH_STATS_PERIOD_30_DAYS:
      start = g_date_time_add_days (now, -30);
      break;
    case IMH_STATS_PERIOD_ALL:
    default:
      return 0;
    }
  return g_date_time_to_unix (start);
}

static void
load (ImhStatsPage *self)
{
  ImhPlayerStatsQuery query = { 0 };
  guint game = adw_combo_row_get_selected (self->game_row);
  gboolean was_loading = self->cancellable != NULL;

  g_clear_handle_id (&self->reload_idle, g_source_remove);
  self->dirty = FALSE;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  if (self->names == NULL || self->names[0] == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "names");
      if (was_loading)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
      return;
    }
  gtk_stack_set_visible_child_name (self->stack, "main");
  if (self->library == NULL)
    {
      if (was_loading)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
      return;
    }

  query.names = (const char * const *) self->names;
  query.game = game == IMH_STATS_GAME_DUEL ? IMH_GAME_DUEL
               : game == IMH_STATS_GAME_CLASSIC ? IMH_GAME_CLASSIC : -1;
  query.since = period_start ((ImhStatsPeriod) adw_combo_row_get_selected (self->period_row));
  self->cancellable = g_cancellable_new ();
  imh_library_get_player_stats_async (self->library, &query, self->cancellable, on_loaded,
                                      g_object_ref (self));
  if (!was_loading)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static gboolean
reload_idle_cb (gpointer data)
{
  ImhStatsPage *self = data;

  self->reload_idle = 0;
  load (self);
  return G_SOURCE_REMOVE;
}

/* The library's games changed: read again, now when shown, else when shown next. */
static void
on_library_changed (ImhStatsPage *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->dirty = TRUE;
      return;
    }
  if (self->reload_idle == 0)
    self->reload_idle = g_timeout_add (250, reload_idle_cb, self);
}

static void
on_filter_changed (ImhStatsPage *self)
{
  load (self);
}

static void
on_names_changed (ImhStatsPage *self)
{
  g_strfreev (self->names);
  self->names = g_settings_get_strv (self->settings, "my-names");
  load (self);
}

/* ---------------------------------------------------------------- */
/* API                                                              */

GtkWidget *
imh_stats_page_new (ImhLibrary *library)
{
  g_return_val_if_fail (library == NULL || IMH_IS_LIBRARY (library), NULL);

  return g_object_new (IMH_TYPE_STATS_PAGE, "library", library, NULL);
}

ImhLibrary *
imh_stats_page_get_library (ImhStatsPage *self)
{
  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), NULL);
  return self->library;
}

void
imh_stats_page_set_library (ImhStatsPage *self,
                            ImhLibrary   *library)
{
  g_return_if_fail (IMH_IS_STATS_PAGE (self));
  g_return_if_fail (library == NULL || IMH_IS_LIBRARY (library));

  if (self->library == library)
    return;
  if (self->library != NULL)
    g_signal_handlers_disconnect_by_data (self->library, self);
  g_set_object (&self->library, library);
  if (library != NULL)
    {
      g_signal_connect_object (library, "game-added", G_CALLBACK (on_library_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (library, "game-removed", G_CALLBACK (on_library_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (library, "game-changed", G_CALLBACK (on_library_changed), self, G_CONNECT_SWAPPED);
    }
  load (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY]);
}

gboolean
_imh_stats_page_get_loading (ImhStatsPage *self)
{
  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), FALSE);
  return self->cancellable != NULL;
}

const char *
_imh_stats_page_get_state (ImhStatsPage *self)
{
  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), NULL);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "names") == 0)
    return "names";
  return gtk_stack_get_visible_child_name (self->content_stack);
}

const ImhPlayerStats *
_imh_stats_page_get_stats (ImhStatsPage *self)
{
  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), NULL);
  return self->stats;
}

void
_imh_stats_page_set_filters (ImhStatsPage       *self,
                             ImhStatsGameFilter  game,
                             ImhStatsPeriod      period)
{
  g_return_if_fail (IMH_IS_STATS_PAGE (self));

  adw_combo_row_set_selected (self->game_row, game);
  adw_combo_row_set_selected (self->period_row, period);
}

const char *
_imh_stats_page_get_summary_value (ImhStatsPage       *self,
                                   ImhStatsSummaryRow  row)
{
  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), NULL);
  g_return_val_if_fail (row < IMH_STATS_N_SUMMARY, NULL);
  return gtk_label_get_text (self->summary_values[row]);
}

const char *
_imh_stats_page_get_luck_value (ImhStatsPage    *self,
                                ImhStatsLuckRow  row)
{
  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), NULL);
  g_return_val_if_fail (row < IMH_STATS_N_LUCK, NULL);
  return gtk_label_get_text (self->luck_values[row]);
}

gboolean
_imh_stats_page_get_level_row (ImhStatsPage  *self,
                               guint          i,
                               const char   **title,
                               const char   **subtitle,
                               const char   **win_rate)
{
  AdwActionRow *row;

  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), FALSE);

  if (i >= self->level_rows->len)
    return FALSE;
  row = self->level_rows->pdata[i];
  *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  *subtitle = adw_action_row_get_subtitle (row);
  *win_rate = g_object_get_data (G_OBJECT (row), "imh-win-rate");
  return TRUE;
}

gboolean
_imh_stats_page_get_loss_row (ImhStatsPage  *self,
                              guint          i,
                              const char   **name,
                              const char   **value)
{
  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), FALSE);

  if (i >= self->loss_rows->len)
    return FALSE;
  *name = g_object_get_data (self->loss_rows->pdata[i], "imh-name");
  *value = g_object_get_data (self->loss_rows->pdata[i], "imh-value");
  return TRUE;
}

ImhStatsPlot *
_imh_stats_page_get_plot (ImhStatsPage *self)
{
  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), NULL);
  return self->plot;
}

GtkWidget *
_imh_stats_page_get_names_button (ImhStatsPage *self)
{
  g_return_val_if_fail (IMH_IS_STATS_PAGE (self), NULL);
  return self->names_button;
}

/* ---------------------------------------------------------------- */
/* GObject                                                          */

static void
imh_stats_page_map (GtkWidget *widget)
{
  ImhStatsPage *self = IMH_STATS_PAGE (widget);

  GTK_WIDGET_CLASS (imh_stats_page_parent_class)->map (widget);
  if (self->dirty)
    load (self);
}

static void
imh_stats_page_dispose (GObject *object)
{
  ImhStatsPage *self = IMH_STATS_PAGE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->reload_idle, g_source_remove);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_func (self->settings, on_names_changed, self);
  g_clear_object (&self->settings);
  if (self->library != NULL)
    g_signal_handlers_disconnect_by_data (self->library, self);
  g_clear_object (&self->library);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMH_TYPE_STATS_PAGE);

  G_OBJECT_CLASS (imh_stats_page_parent_class)->dispose (object);
}

static void
imh_stats_page_finalize (GObject *object)
{
  ImhStatsPage *self = IMH_STATS_PAGE (object);

  g_clear_pointer (&self->stats, imh_player_stats_free);
  g_strfreev (self->names);
  g_ptr_array_unref (self->level_rows);
  g_ptr_array_unref (self->loss_rows);

  G_OBJECT_CLASS (imh_stats_page_parent_class)->finalize (object);
}

static void
imh_stats_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ImhStatsPage *self = IMH_STATS_PAGE (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->cancellable != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_stats_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ImhStatsPage *self = IMH_STATS_PAGE (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      imh_stats_page_set_library (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_stats_page_class_init (ImhStatsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imh_stats_page_dispose;
  object_class->finalize = imh_stats_page_finalize;
  object_class->get_property = imh_stats_page_get_property;
  object_class->set_property = imh_stats_page_set_property;
  widget_class->map = imh_stats_page_map;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMH_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (IMH_TYPE_STATS_PLOT);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/stats/imh-stats-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, game_row);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, levels_group);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, levels_list);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, loss_box);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, loss_group);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, luck_group);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, names_button);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, names_status);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, none_description);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, none_title);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, period_row);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, plot);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, plot_group);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, scrolled);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, stack);
  gtk_widget_class_bind_template_child (widget_class, ImhStatsPage, summary_group);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "statspage");
}

static void
imh_stats_page_init (ImhStatsPage *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) periods = gtk_string_list_new (NULL);

  self->level_rows = g_ptr_array_new ();
  self->loss_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The filters (before their handlers can load: no library yet). */
  gtk_string_list_append (games, _("Both games"));
  gtk_string_list_append (games, imh_texts_game_name (IMH_GAME_DUEL));
  gtk_string_list_append (games, imh_texts_game_name (IMH_GAME_CLASSIC));
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
  gtk_string_list_append (periods, _("All time"));
  gtk_string_list_append (periods, _("Last 12 months"));
  gtk_string_list_append (periods, _("Last 3 months"));
  gtk_string_list_append (periods, _("Last 30 days"));
  adw_combo_row_set_model (self->period_row, G_LIST_MODEL (periods));

  self->summary_values[IMH_STATS_SUMMARY_GAMES] =
    add_value_row (self->summary_group, _("Games"), NULL, &self->summary_rows[IMH_STATS_SUMMARY_GAMES]);
  self->summary_values[IMH_STATS_SUMMARY_FINISHED] =
    add_value_row (self->summary_group, _("Finished"), NULL, &self->summary_rows[IMH_STATS_SUMMARY_FINISHED]);
  self->summary_values[IMH_STATS_SUMMARY_ANALYSED] =
    add_value_row (self->summary_group, _("Analysed"), NULL, &self->summary_rows[IMH_STATS_SUMMARY_ANALYSED]);
  self->summary_values[IMH_STATS_SUMMARY_ACCURACY] =
    add_value_row (self->summary_group, _("Mean accuracy"),
                   _("How close your decisions came to the best ones, over the analysed games"),
                   &self->summary_rows[IMH_STATS_SUMMARY_ACCURACY]);
  self->summary_values[IMH_STATS_SUMMARY_MISTAKES] =
    add_value_row (self->summary_group, _("Mistakes per game"),
                   _("Mistakes and blunders, each costing at least 10 percentage points of win chance"),
                   &self->summary_rows[IMH_STATS_SUMMARY_MISTAKES]);

  self->luck_values[IMH_STATS_LUCK_RESULT] =
    add_value_row (self->luck_group, _("Mean result"),
                   _("1 for a win, 0 for a loss, in between for shared or middle places"),
                   &self->luck_rows[IMH_STATS_LUCK_RESULT]);
  self->luck_values[IMH_STATS_LUCK_LUCK] =
    add_value_row (self->luck_group, _("Mean luck"),
                   _("How much the draws of tiles and cards moved your win chance in a game: above 0 they favoured you"),
                   &self->luck_rows[IMH_STATS_LUCK_LUCK]);
  self->luck_values[IMH_STATS_LUCK_ADJUSTED] =
    add_value_row (self->luck_group, _("Luck-adjusted result"),
                   _("The result with the luck taken out: above the mean result, you won less than your play deserved"),
                   &self->luck_rows[IMH_STATS_LUCK_ADJUSTED]);

  self->settings = g_settings_new (BASE_APP_ID);
  self->names = g_settings_get_strv (self->settings, "my-names");
  g_signal_connect_swapped (self->settings, "changed::my-names", G_CALLBACK (on_names_changed), self);
  gtk_stack_set_visible_child_name (self->stack,
                                    self->names[0] == NULL ? "names" : "main");
}
