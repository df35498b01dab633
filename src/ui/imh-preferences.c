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
  return GTK_WINDOW (window);
}
