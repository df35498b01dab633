/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-names-group.c — "Your Names": the player names that are the user's. */
#define G_LOG_DOMAIN "imh-names-group"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-game-settings.h"
#include "imh-library-names.h"
#include "imh-names-group.h"

struct _ImhNamesGroup
{
  AdwPreferencesGroup  parent_instance;

  GSettings           *settings;
  ImhLibrary          *library;
  GCancellable        *cancellable;   /* the listing under way */
  guint                refresh_id;
  GPtrArray           *names;         /* ImhPersonName of the library, or NULL */
  GPtrArray           *extra;         /* names shown that are not in the library (char *) */
  GPtrArray           *rows;          /* the name rows shown */
  GtkWidget           *entry;         /* "Add a Name" (a reference) */
  gboolean             updating;      /* switches set from the setting */
};

G_DEFINE_FINAL_TYPE (ImhNamesGroup, imh_names_group, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_LIBRARY,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

gboolean
imh_names_contain (const char * const *names,
                   const char         *name)
{
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_ascii_strcasecmp (names[i], name) == 0)
      return TRUE;
  return FALSE;
}

/* The name of the first person seat the New Game dialog remembers (the
 * Duel's first), or NULL. */
static char *
remembered_name (void)
{
  for (int kind = 0; kind < IMH_N_GAMES; kind++)
    {
      g_autoptr(GSettings) game = imh_game_settings_new (imh_rules_get (kind));
      g_auto(GStrv) seats = g_settings_get_strv (game, "seats");
      g_auto(GStrv) names = g_settings_get_strv (game, "names");

      for (guint i = 0; seats[i] != NULL && names[i] != NULL; i++)
        {
          g_autofree char *name = g_strstrip (g_strdup (names[i]));

          if (g_str_equal (seats[i], "human") && name[0] != '\0')
            return g_steal_pointer (&name);
        }
    }
  return NULL;
}

/* Adds or takes name from `my-names`. */
static void
set_mine (ImhNamesGroup *self,
          const char    *name,
          gboolean       mine)
{
  g_auto(GStrv) old = g_settings_get_strv (self->settings, "my-names");
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  if (imh_names_contain ((const char * const *) old, name) == mine)
    return;
  for (guint i = 0; old[i] != NULL; i++)
    if (mine || g_ascii_strcasecmp (old[i], name) != 0)
      g_strv_builder_add (b, old[i]);
  if (mine)
    g_strv_builder_add (b, name);
  names = g_strv_builder_end (b);
  g_settings_set_strv (self->settings, "my-names", (const char * const *) names);
}

static void
on_switch_active (GtkSwitch     *toggle,
                  GParamSpec    *pspec,
                  ImhNamesGroup *self)
{
  if (!self->updating)
    set_mine (self, g_object_get_data (G_OBJECT (toggle), "imh-name"), gtk_switch_get_active (toggle));
}

static GtkWidget *
name_row (ImhNamesGroup *self,
          const char    *name,
          const char    *subtitle,
          gboolean       mine)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();
  g_autofree char *label = NULL;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (toggle), mine);
  g_object_set_data_full (G_OBJECT (toggle), "imh-name", g_strdup (name), g_free);
  /* Translators: the tooltip and screen reader name of the switch that says a player name is the user's; %s is the name */
  label = g_strdup_printf (_("This is me: %s"), name);
  gtk_widget_set_tooltip_text (toggle, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect_object (toggle, "notify::active", G_CALLBACK (on_switch_active), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  g_object_set_data (G_OBJECT (row), "imh-switch", toggle);
  return row;
}

static const ImhPersonName *
find_name (ImhNamesGroup *self,
           const char    *name)
{
  for (guint i = 0; self->names != NULL && i < self->names->len; i++)
    {
      const ImhPersonName *n = self->names->pdata[i];

      if (g_ascii_strcasecmp (n->name, name) == 0)
        return n;
    }
  return NULL;
}

static char *
games_text (guint n)
{
  /* Translators: the subtitle of a player name in "Your Names" */
  return g_strdup_printf (ngettext ("%u game", "%u games", n), n);
}

/* All rows again: the suggestion, the library's names, the others of
 * `my-names` (also those switched off since they were shown, so that a
 * switch never moves away under the pointer), then the entry. */
static void
rebuild (ImhNamesGroup *self)
{
  g_auto(GStrv) mine = g_settings_get_strv (self->settings, "my-names");
  g_autofree char *suggested = NULL;
  GtkWidget *row;

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), self->rows->pdata[i]);
  g_ptr_array_set_size (self->rows, 0);
  if (gtk_widget_get_parent (self->entry) != NULL)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), self->entry);

  for (guint i = 0; mine[i] != NULL; i++)
    if (find_name (self, mine[i]) == NULL && !imh_names_contain ((const char * const *) self->extra->pdata, mine[i]))
      g_ptr_array_insert (self->extra, (int) self->extra->len - 1, g_strdup (mine[i]));

  if (mine[0] == NULL)
    suggested = remembered_name ();
  if (suggested != NULL)
    {
      const ImhPersonName *n = find_name (self, suggested);
      g_autofree char *games = n != NULL ? games_text (n->n_games) : NULL;
      g_autofree char *subtitle =
        /* Translators: the subtitle of the suggested name in "Your Names"; %s is "3 games" or empty */
        g_strdup_printf (n != NULL ? _("Your name in the New Game dialog · %s") : _("Your name in the New Game dialog"),
                         games);

      row = name_row (self, n != NULL ? n->name : suggested, subtitle, FALSE);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->rows, row);
    }
  for (guint i = 0; self->names != NULL && i < self->names->len; i++)
    {
      const ImhPersonName *n = self->names->pdata[i];
      g_autofree char *games = NULL;

      if (suggested != NULL && g_ascii_strcasecmp (n->name, suggested) == 0)
        continue;
      games = games_text (n->n_games);
      row = name_row (self, n->name, games, imh_names_contain ((const char * const *) mine, n->name));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->rows, row);
    }
  for (guint i = 0; self->extra->pdata[i] != NULL; i++)
    {
      const char *name = self->extra->pdata[i];

      if (find_name (self, name) != NULL
          || (suggested != NULL && g_ascii_strcasecmp (name, suggested) == 0))
        continue;
      row = name_row (self, name, _("In none of your games yet"),
                      imh_names_contain ((const char * const *) mine, name));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->rows, row);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), self->entry);
}

/* `my-names` changed: the switches follow; a name not shown yet adds its row. */
static void
on_my_names_changed (ImhNamesGroup *self)
{
  g_auto(GStrv) mine = g_settings_get_strv (self->settings, "my-names");
  gboolean missing = FALSE;

  for (guint i = 0; mine[i] != NULL && !missing; i++)
    {
      missing = TRUE;
      for (guint r = 0; r < self->rows->len && missing; r++)
        missing = g_ascii_strcasecmp (adw_preferences_row_get_title (self->rows->pdata[r]), mine[i]) != 0;
    }
  if (missing)
    {
      rebuild (self);
      return;
    }
  self->updating = TRUE;
  for (guint r = 0; r < self->rows->len; r++)
    {
      GtkSwitch *toggle = g_object_get_data (self->rows->pdata[r], "imh-switch");

      gtk_switch_set_active (toggle, imh_names_contain ((const char * const *) mine,
                                                        adw_preferences_row_get_title (self->rows->pdata[r])));
    }
  self->updating = FALSE;
}

static void
set_loading (ImhNamesGroup *self,
             gboolean       loading)
{
  if ((self->cancellable != NULL) == loading)
    return;
  if (!loading)
    g_clear_object (&self->cancellable);
  else
    self->cancellable = g_cancellable_new ();
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static gboolean
same_names (GPtrArray *a,
            GPtrArray *b)
{
  if (a == NULL || a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const ImhPersonName *x = a->pdata[i], *y = b->pdata[i];

      if (x->n_games != y->n_games || g_strcmp0 (x->name, y->name) != 0)
        return FALSE;
    }
  return TRUE;
}

static void
on_names_listed (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = imh_library_list_person_names_finish (IMH_LIBRARY (source), result, &error);
  ImhNamesGroup *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = IMH_NAMES_GROUP (user_data);
  if (names == NULL)
    g_warning ("The player names of the library could not be listed: %s", error->message);
  else if (!same_names (self->names, names))
    {
      /* Rows are made again only when the list changed (the library
       * changes with every decision played and every analysis stored). */
      g_clear_pointer (&self->names, g_ptr_array_unref);
      self->names = g_steal_pointer (&names);
      rebuild (self);
    }
  set_loading (self, FALSE);
}

static void
refresh (ImhNamesGroup *self)
{
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  if (self->library == NULL)
    {
      g_clear_pointer (&self->names, g_ptr_array_unref);
      rebuild (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
      return;
    }
  set_loading (self, TRUE);
  /* The group stays alive while its listing runs (it is cancelled on dispose). */
  imh_library_list_person_names_async (self->library, self->cancellable, on_names_listed, self);
}

static gboolean
refresh_idle (gpointer data)
{
  ImhNamesGroup *self = data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

static void
on_library_changed (ImhNamesGroup *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add (refresh_idle, self);
}

static void
on_add_name (AdwEntryRow   *entry,
             ImhNamesGroup *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));

  if (name[0] == '\0')
    return;
  set_mine (self, name, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

void
imh_names_group_set_library (ImhNamesGroup *self,
                             ImhLibrary    *library)
{
  g_return_if_fail (IMH_IS_NAMES_GROUP (self));
  g_return_if_fail (library == NULL || IMH_IS_LIBRARY (library));

  if (self->library == library)
    return;
  if (self->library != NULL)
    g_signal_handlers_disconnect_by_func (self->library, on_library_changed, self);
  g_set_object (&self->library, library);
  if (library != NULL)
    {
      g_signal_connect_object (library, "game-added", G_CALLBACK (on_library_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (library, "game-removed", G_CALLBACK (on_library_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (library, "game-changed", G_CALLBACK (on_library_changed), self, G_CONNECT_SWAPPED);
    }
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY]);
}

ImhLibrary *
imh_names_group_get_library (ImhNamesGroup *self)
{
  g_return_val_if_fail (IMH_IS_NAMES_GROUP (self), NULL);
  return self->library;
}

gboolean
imh_names_group_get_loading (ImhNamesGroup *self)
{
  g_return_val_if_fail (IMH_IS_NAMES_GROUP (self), FALSE);
  return self->cancellable != NULL || self->refresh_id != 0;
}

GtkWidget *
imh_names_group_new (GSettings *settings)
{
  ImhNamesGroup *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (IMH_TYPE_NAMES_GROUP, NULL);
  self->settings = g_object_ref (settings);
  g_signal_connect_object (settings, "changed::my-names", G_CALLBACK (on_my_names_changed), self,
                           G_CONNECT_SWAPPED);
  rebuild (self);
  return GTK_WIDGET (self);
}

static void
imh_names_group_dispose (GObject *object)
{
  ImhNamesGroup *self = IMH_NAMES_GROUP (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->library != NULL)
    g_signal_handlers_disconnect_by_func (self->library, on_library_changed, self);
  g_clear_object (&self->library);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->names, g_ptr_array_unref);
  g_clear_object (&self->entry);

  G_OBJECT_CLASS (imh_names_group_parent_class)->dispose (object);
}

static void
imh_names_group_finalize (GObject *object)
{
  ImhNamesGroup *self = IMH_NAMES_GROUP (object);

  g_ptr_array_unref (self->extra);
  g_ptr_array_unref (self->rows);

  G_OBJECT_CLASS (imh_names_group_parent_class)->finalize (object);
}

static void
imh_names_group_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ImhNamesGroup *self = IMH_NAMES_GROUP (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, imh_names_group_get_loading (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_names_group_class_init (ImhNamesGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imh_names_group_dispose;
  object_class->finalize = imh_names_group_finalize;
  object_class->get_property = imh_names_group_get_property;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMH_TYPE_LIBRARY,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imh_names_group_init (ImhNamesGroup *self)
{
  self->rows = g_ptr_array_new ();
  self->extra = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->extra, NULL);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("Your Names"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         _("Switch on “This is me” for the names you play under: practice makes exercises of their mistakes, and the statistics count their games."));
  /* Held: it is taken out and put back last when the rows change. */
  self->entry = g_object_ref_sink (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->entry), _("Add a Name"));
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (self->entry), TRUE);
  g_signal_connect (self->entry, "apply", G_CALLBACK (on_add_name), self);
  g_signal_connect (self->entry, "entry-activated", G_CALLBACK (on_add_name), self);
}
