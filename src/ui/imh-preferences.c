/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-preferences.c — the Preferences window and what its settings mean. */
#define G_LOG_DOMAIN "imh-preferences"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-background-analysis.h"
#include "imh-names-group.h"
#include "imh-preferences.h"

/* The choices of a string key, in the order of its combo row. */
typedef struct {
  const char *value;      /* in GSettings */
  const char *label;      /* translatable, short: the row shows it */
  const char *detail;     /* translatable: the row's subtitle while chosen */
  guint       amount;     /* what it means (ms, factor) */
} Choice;

static const Choice pace_choices[] = {
  { "short", N_("Short"), N_("Each decision appears after 0.2 s"), 200 },
  { "normal", N_("Normal"), N_("Each decision appears after 0.6 s"), 600 },
  { "long", N_("Long"), N_("Each decision appears after 1.5 s, time to follow it"), 1500 },
};

static const Choice hint_choices[] = {
  { "quick", N_("Quick"), N_("About a second on two cores"), 1 },
  { "thorough", N_("Thorough"),
    N_("Three times as long, 4–5 seconds on two cores; agrees more often with a much longer search"),
    3 },
};

typedef struct {
  const Choice *choices;
  guint         n;
} Choices;

static const Choices pace = { pace_choices, G_N_ELEMENTS (pace_choices) };
static const Choices hint = { hint_choices, G_N_ELEMENTS (hint_choices) };

/* The index of value among the choices, or c->n. */
static guint
choice_index (const Choices *c,
              const char    *value)
{
  guint i = 0;

  while (i < c->n && g_strcmp0 (c->choices[i].value, value) != 0)
    i++;
  return i;
}

static guint
choice_amount (GSettings     *settings,
               const char    *key,
               const Choices *c,
               guint          fallback)
{
  g_autofree char *value = g_settings_get_string (settings, key);
  guint i = choice_index (c, value);

  return i < c->n ? c->choices[i].amount : fallback;
}

guint
imh_preferences_get_pace_ms (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), 600);

  return choice_amount (settings, "computer-pace", &pace, 600);
}

guint
imh_preferences_get_hint_factor (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), 1);

  return choice_amount (settings, "hint-search", &hint, 1);
}

/* GSettings ↔ a combo row's "selected", both ways (also when something else
 * changes the key). */
static gboolean
selected_from_key (GValue   *value,
                   GVariant *variant,
                   gpointer  data)
{
  guint i = choice_index (data, g_variant_get_string (variant, NULL));

  if (i >= ((const Choices *) data)->n)
    return FALSE;
  g_value_set_uint (value, i);
  return TRUE;
}

static GVariant *
key_from_selected (const GValue       *value,
                   const GVariantType *type,
                   gpointer            data)
{
  const Choices *c = data;
  guint i = g_value_get_uint (value);

  return i < c->n ? g_variant_new_string (c->choices[i].value) : NULL;
}

/* The subtitle says what the chosen entry means. */
static void
on_selected (AdwComboRow   *row,
             GParamSpec    *pspec,
             const Choices *c)
{
  guint i = adw_combo_row_get_selected (row);

  if (i < c->n)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(c->choices[i].detail));
}

static GtkWidget *
choice_row (GSettings     *settings,
            const char    *key,
            const char    *title,
            const Choices *c)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  for (guint i = 0; i < c->n; i++)
    gtk_string_list_append (labels, _(c->choices[i].label));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (row, G_LIST_MODEL (labels));
  g_signal_connect (row, "notify::selected", G_CALLBACK (on_selected), (gpointer) c);
  g_settings_bind_with_mapping (settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                selected_from_key, key_from_selected, (gpointer) c, NULL);
  on_selected (row, NULL, c);
  return GTK_WIDGET (row);
}

/* The tutor: a switch. */
static GtkWidget *
tutor_row (GSettings *settings)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Tutor"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("Says when a decision just played was clearly worse than the best, and offers to take it back"));
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  g_settings_bind (settings, "tutor", toggle, "active", G_SETTINGS_BIND_DEFAULT);
  return row;
}

/* Background analysis: a switch, and while it is on, how far it is. */
static void
update_progress (GtkWidget *row)
{
  ImhBackgroundAnalysis *background = g_object_get_data (G_OBJECT (row), "imh-background");
  GSettings *settings = g_object_get_data (G_OBJECT (row), "imh-settings");
  guint left = background != NULL ? imh_background_analysis_get_remaining (background) : 0;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (row, background != NULL && g_settings_get_boolean (settings, "background-analysis"));
  if (left == 0)
    text = g_strdup (_("All finished games are analysed"));
  else
    /* Translators: the progress of the background analysis */
    text = g_strdup_printf (ngettext ("%u game left", "%u games left", left), left);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
}

static GtkWidget *
background_group (GSettings *settings)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();
  GtkWidget *progress = adw_action_row_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Background Analysis"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Analyse Finished Games"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("Analyses your finished games one at a time while the computer is otherwise idle, so that practice has exercises; pauses while the computer thinks"));
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  g_settings_bind (settings, "background-analysis", toggle, "active", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  gtk_widget_add_css_class (progress, "property");
  g_object_set_data_full (G_OBJECT (progress), "imh-settings", g_object_ref (settings), g_object_unref);
  g_signal_connect_object (settings, "changed::background-analysis", G_CALLBACK (update_progress), progress,
                           G_CONNECT_SWAPPED);
  update_progress (progress);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), progress);
  g_object_set_data (G_OBJECT (group), "imh-progress", progress);
  return group;
}

GtkWindow *
imh_preferences_window_new (GtkWindow *parent,
                            GSettings *settings)
{
  AdwPreferencesWindow *window;
  AdwPreferencesPage *page;
  AdwPreferencesGroup *group;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  window = ADW_PREFERENCES_WINDOW (adw_preferences_window_new ());
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  adw_preferences_window_set_search_enabled (window, FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 560, 400);

  page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  adw_preferences_page_set_title (page, C_("preferences page", "General"));
  adw_preferences_page_set_icon_name (page, "preferences-system-symbolic");
  adw_preferences_page_set_name (page, "general");

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _("Computer Players"));
  adw_preferences_group_add (group, choice_row (settings, "computer-pace", _("Pause Before a Move"),
                                                &pace));
  adw_preferences_page_add (page, group);

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _("Hints"));
  adw_preferences_group_add (group, choice_row (settings, "hint-search", _("Search"), &hint));
  adw_preferences_group_set_description (group, _("The same position always gets the same hint."));
  adw_preferences_group_add (group, tutor_row (settings));
  adw_preferences_page_add (page, group);

  adw_preferences_window_add (window, page);

  /* Practice: whose games, and analysing them. */
  page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  adw_preferences_page_set_title (page, C_("preferences page", "Practice"));
  adw_preferences_page_set_icon_name (page, "emblem-default-symbolic");
  adw_preferences_page_set_name (page, "practice");
  group = ADW_PREFERENCES_GROUP (imh_names_group_new (settings));
  adw_preferences_page_add (page, group);
  g_object_set_data (G_OBJECT (window), "imh-names-group", group);
  group = ADW_PREFERENCES_GROUP (background_group (settings));
  adw_preferences_page_add (page, group);
  g_object_set_data (G_OBJECT (window), "imh-background-group", group);
  adw_preferences_window_add (window, page);
  return GTK_WINDOW (window);
}

void
imh_preferences_window_set_library (GtkWindow             *window,
                                    ImhLibrary            *library,
                                    ImhBackgroundAnalysis *background)
{
  GtkWidget *names, *group, *progress;

  g_return_if_fail (ADW_IS_PREFERENCES_WINDOW (window));
  g_return_if_fail (library == NULL || IMH_IS_LIBRARY (library));
  g_return_if_fail (background == NULL || IMH_IS_BACKGROUND_ANALYSIS (background));

  names = g_object_get_data (G_OBJECT (window), "imh-names-group");
  imh_names_group_set_library (IMH_NAMES_GROUP (names), library);
  group = g_object_get_data (G_OBJECT (window), "imh-background-group");
  progress = g_object_get_data (G_OBJECT (group), "imh-progress");
  if (background != NULL)
    {
      g_object_set_data_full (G_OBJECT (progress), "imh-background", g_object_ref (background), g_object_unref);
      g_signal_connect_object (background, "notify::remaining", G_CALLBACK (update_progress), progress,
                               G_CONNECT_SWAPPED);
    }
  update_progress (progress);
}

void
imh_preferences_window_show_names (GtkWindow *window)
{
  g_return_if_fail (ADW_IS_PREFERENCES_WINDOW (window));

  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (window), "practice");
}
