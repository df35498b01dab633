/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-preferences.c — the Preferences window and what its settings mean. */
#define G_LOG_DOMAIN "imh-preferences"

#include "config.h"

#include <glib/gi18n.h>

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

static guint
choice_index (const Choice *choices,
              guint         n,
              const char   *value)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (choices[i].value, value) == 0)
      return i;
  return 0;
}

static guint
choice_amount (GSettings    *settings,
               const char   *key,
               const Choice *choices,
               guint         n,
               guint         fallback)
{
  g_autofree char *value = g_settings_get_string (settings, key);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (choices[i].value, value) == 0)
      return choices[i].amount;
  return fallback;
}

guint
imh_preferences_get_pace_ms (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), 600);

  return choice_amount (settings, "computer-pace", pace_choices, G_N_ELEMENTS (pace_choices), 600);
}

guint
imh_preferences_get_hint_factor (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), 1);

  return choice_amount (settings, "hint-search", hint_choices, G_N_ELEMENTS (hint_choices), 1);
}

/* A combo row for a string key, both ways: the row follows the key (also
 * when something else changes it), the key follows the row. */
typedef struct {
  GSettings    *settings;
  const char   *key;
  const Choice *choices;
  guint         n;
} RowBinding;

static void
row_binding_free (gpointer data)
{
  RowBinding *b = data;

  g_object_unref (b->settings);
  g_free (b);
}

static void
on_row_selected (AdwComboRow *row,
                 GParamSpec  *pspec,
                 RowBinding  *b)
{
  guint i = adw_combo_row_get_selected (row);
  g_autofree char *current = g_settings_get_string (b->settings, b->key);

  if (i < b->n && g_strcmp0 (current, b->choices[i].value) != 0)
    g_settings_set_string (b->settings, b->key, b->choices[i].value);
}

static void
on_key_changed (GSettings   *settings,
                const char  *key,
                AdwComboRow *row)
{
  RowBinding *b = g_object_get_data (G_OBJECT (row), "imh-binding");
  g_autofree char *value = g_settings_get_string (settings, key);
  guint i = choice_index (b->choices, b->n, value);

  if (adw_combo_row_get_selected (row) != i)
    adw_combo_row_set_selected (row, i);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(b->choices[i].detail));
}

static GtkWidget *
choice_row (GSettings    *settings,
            const char   *key,
            const char   *title,
            const Choice *choices,
            guint         n)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autofree char *signal = g_strconcat ("changed::", key, NULL);
  RowBinding *b = g_new0 (RowBinding, 1);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (labels, _(choices[i].label));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (row, G_LIST_MODEL (labels));

  b->settings = g_object_ref (settings);
  b->key = key;
  b->choices = choices;
  b->n = n;
  g_object_set_data_full (G_OBJECT (row), "imh-binding", b, row_binding_free);
  on_key_changed (settings, key, row);
  g_signal_connect (row, "notify::selected", G_CALLBACK (on_row_selected), b);
  g_signal_connect_object (settings, signal, G_CALLBACK (on_key_changed), row, 0);
  return GTK_WIDGET (row);
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

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _("Computer Players"));
  adw_preferences_group_add (group,
                             choice_row (settings, "computer-pace", _("Pause Before a Move"),
                                         pace_choices, G_N_ELEMENTS (pace_choices)));
  adw_preferences_page_add (page, group);

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _("Hints"));
  adw_preferences_group_add (group,
                             choice_row (settings, "hint-search", _("Search"),
                                         hint_choices, G_N_ELEMENTS (hint_choices)));
  adw_preferences_group_set_description (group, _("The same position always gets the same hint."));
  adw_preferences_page_add (page, group);

  adw_preferences_window_add (window, page);
  return GTK_WINDOW (window);
}
