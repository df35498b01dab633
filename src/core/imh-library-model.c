/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-model.c — a lazily loading GListModel of game summaries. */
#define G_LOG_DOMAIN "imh-library-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-game-summary-private.h"
#include "imh-library-model.h"

/* Summaries kept beyond this are dropped (the view holds its own refs). */
#define CACHE_LIMIT (64 * IMH_LIBRARY_MODEL_PAGE_SIZE)
/* Changes arriving in a burst are folded into one reload. */
#define RELOAD_DELAY_MS 100

struct _ImhLibraryModel
{
  GObject          parent_instance;

  ImhLibrary      *library;
  ImhLibraryQuery  query;
  GArray          *ids;          /* gint64, in the order of the query */
  GHashTable      *cache;        /* gint64* id → ImhGameSummary */
  GCancellable    *cancellable;  /* of the reload in flight */
  guint            reload_source;
  gboolean         loading;
  gulong           handlers[3];
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ImhLibraryModel, imh_library_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_LIBRARY,
  PROP_LOADING,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GType
get_item_type (GListModel *model)
{
  return IMH_TYPE_GAME_SUMMARY;
}

static guint
get_n_items (GListModel *model)
{
  return IMH_LIBRARY_MODEL (model)->ids->len;
}

/* Reads the page around position into the cache. */
static void
load_page (ImhLibraryModel *self, guint position)
{
  g_autoptr(GArray) want = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  guint first = position - position % IMH_LIBRARY_MODEL_PAGE_SIZE;
  guint last = MIN (first + IMH_LIBRARY_MODEL_PAGE_SIZE, self->ids->len);

  for (guint i = first; i < last; i++)
    {
      gint64 id = g_array_index (self->ids, gint64, i);
      if (!g_hash_table_contains (self->cache, &id))
        g_array_append_val (want, id);
    }
  if (g_hash_table_size (self->cache) + want->len > CACHE_LIMIT)
    g_hash_table_remove_all (self->cache);

  rows = imh_library_get_summaries (self->library, (const gint64 *) (gpointer) want->data, want->len, &error);
  if (rows == NULL)
    {
      g_warning ("Could not read games from the library: %s", error->message);
      return;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      ImhGameSummary *s = rows->pdata[i];
      gint64 *key = g_new (gint64, 1);
      *key = imh_game_summary_get_id (s);
      g_hash_table_replace (self->cache, key, g_object_ref (s));
    }
}

static gpointer
get_item (GListModel *model, guint position)
{
  ImhLibraryModel *self = IMH_LIBRARY_MODEL (model);
  ImhGameSummary *s;
  gint64 id;

  if (position >= self->ids->len)
    return NULL;
  id = g_array_index (self->ids, gint64, position);
  s = g_hash_table_lookup (self->cache, &id);
  if (s == NULL)
    {
      load_page (self, position);
      s = g_hash_table_lookup (self->cache, &id);
    }
  /* A game deleted behind our back: the next reload removes the row. */
  return s != NULL ? g_object_ref (s) : NULL;
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/* Replaces the id list, emitting one ::items-changed for the part that
 * differs (common prefix and suffix are kept). */
static void
replace_ids (ImhLibraryModel *self, GArray *ids)
{
  guint old_n = self->ids->len, new_n = ids->len;
  guint prefix = 0, suffix = 0;
  const gint64 *a = (const gint64 *) (gpointer) self->ids->data;
  const gint64 *b = (const gint64 *) (gpointer) ids->data;

  while (prefix < old_n && prefix < new_n && a[prefix] == b[prefix])
    prefix++;
  while (suffix < old_n - prefix && suffix < new_n - prefix
         && a[old_n - 1 - suffix] == b[new_n - 1 - suffix])
    suffix++;

  g_array_unref (self->ids);
  self->ids = g_array_ref (ids);
  if (old_n - prefix - suffix > 0 || new_n - prefix - suffix > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), prefix, old_n - prefix - suffix, new_n - prefix - suffix);
  if (old_n != new_n)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

static void
set_loading (ImhLibraryModel *self, gboolean loading)
{
  if (self->loading == loading)
    return;
  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
reload_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(ImhLibraryModel) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = imh_library_query_ids_finish (IMH_LIBRARY (source), result, &error);

  if (ids == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_warning ("Could not list the games of the library: %s", error->message);
          set_loading (self, FALSE);
        }
      return;
    }
  replace_ids (self, ids);
  set_loading (self, FALSE);
}

static void
reload_async (ImhLibraryModel *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  set_loading (self, TRUE);
  imh_library_query_ids_async (self->library, &self->query, self->cancellable,
                               reload_cb, g_object_ref (self));
}

static gboolean
reload_timeout (gpointer data)
{
  ImhLibraryModel *self = data;

  self->reload_source = 0;
  reload_async (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_reload (ImhLibraryModel *self)
{
  if (self->reload_source == 0)
    self->reload_source = g_timeout_add (RELOAD_DELAY_MS, reload_timeout, self);
}

static void
on_game_added (ImhLibrary *library, gint64 id, ImhLibraryModel *self)
{
  schedule_reload (self);
}

static void
on_game_removed (ImhLibrary *library, gint64 id, ImhLibraryModel *self)
{
  int pos = imh_library_model_find (self, id);

  g_hash_table_remove (self->cache, &id);
  /* A game that leaves the list may have gone into the trash. */
  if (self->query.trash)
    schedule_reload (self);
  if (pos < 0)
    return;
  g_array_remove_index (self->ids, (guint) pos);
  g_list_model_items_changed (G_LIST_MODEL (self), (guint) pos, 1, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

static void
on_game_changed (ImhLibrary *library, gint64 id, ImhLibraryModel *self)
{
  ImhGameSummary *cached = g_hash_table_lookup (self->cache, &id);

  if (cached != NULL)
    {
      g_autoptr(ImhGameSummary) fresh = imh_library_get_summary (library, id, NULL);
      if (fresh != NULL)
        _imh_game_summary_update (cached, fresh);
    }
  /* The change may move the game in the order or in or out of the filter. */
  schedule_reload (self);
}

static void
imh_library_model_dispose (GObject *object)
{
  ImhLibraryModel *self = IMH_LIBRARY_MODEL (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->reload_source, g_source_remove);
  if (self->library != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (self->handlers); i++)
      g_clear_signal_handler (&self->handlers[i], self->library);
  g_clear_object (&self->library);
  g_hash_table_remove_all (self->cache);
  G_OBJECT_CLASS (imh_library_model_parent_class)->dispose (object);
}

static void
imh_library_model_finalize (GObject *object)
{
  ImhLibraryModel *self = IMH_LIBRARY_MODEL (object);

  imh_library_query_clear (&self->query);
  g_array_unref (self->ids);
  g_hash_table_unref (self->cache);
  G_OBJECT_CLASS (imh_library_model_parent_class)->finalize (object);
}

static void
imh_library_model_constructed (GObject *object)
{
  ImhLibraryModel *self = IMH_LIBRARY_MODEL (object);

  G_OBJECT_CLASS (imh_library_model_parent_class)->constructed (object);
  g_return_if_fail (IMH_IS_LIBRARY (self->library));

  self->handlers[0] = g_signal_connect (self->library, "game-added", G_CALLBACK (on_game_added), self);
  self->handlers[1] = g_signal_connect (self->library, "game-removed", G_CALLBACK (on_game_removed), self);
  self->handlers[2] = g_signal_connect (self->library, "game-changed", G_CALLBACK (on_game_changed), self);
}

static void
imh_library_model_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ImhLibraryModel *self = IMH_LIBRARY_MODEL (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->ids->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_library_model_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  ImhLibraryModel *self = IMH_LIBRARY_MODEL (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imh_library_model_class_init (ImhLibraryModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imh_library_model_dispose;
  object_class->finalize = imh_library_model_finalize;
  object_class->constructed = imh_library_model_constructed;
  object_class->get_property = imh_library_model_get_property;
  object_class->set_property = imh_library_model_set_property;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMH_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imh_library_model_init (ImhLibraryModel *self)
{
  imh_library_query_init (&self->query);
  self->ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->cache = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
}

ImhLibraryModel *
imh_library_model_new (ImhLibrary *library)
{
  g_return_val_if_fail (IMH_IS_LIBRARY (library), NULL);
  return g_object_new (IMH_TYPE_LIBRARY_MODEL, "library", library, NULL);
}

ImhLibrary *
imh_library_model_get_library (ImhLibraryModel *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_MODEL (self), NULL);
  return self->library;
}

const ImhLibraryQuery *
imh_library_model_get_query (ImhLibraryModel *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_MODEL (self), NULL);
  return &self->query;
}

void
imh_library_model_set_query (ImhLibraryModel       *self,
                             const ImhLibraryQuery *query)
{
  g_return_if_fail (IMH_IS_LIBRARY_MODEL (self));
  g_return_if_fail (query != NULL);

  if (query != &self->query)
    {
      imh_library_query_clear (&self->query);
      imh_library_query_copy (&self->query, query);
    }
  g_clear_handle_id (&self->reload_source, g_source_remove);
  reload_async (self);
}

void
imh_library_model_set_search (ImhLibraryModel *self,
                              const char      *search)
{
  g_return_if_fail (IMH_IS_LIBRARY_MODEL (self));

  if (g_strcmp0 (self->query.search, search) == 0)
    return;
  g_free (self->query.search);
  self->query.search = g_strdup (search);
  imh_library_model_set_query (self, &self->query);
}

gboolean
imh_library_model_set_query_sync (ImhLibraryModel        *self,
                                  const ImhLibraryQuery  *query,
                                  GError                **error)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_MODEL (self), FALSE);

  if (query != NULL && query != &self->query)
    {
      imh_library_query_clear (&self->query);
      imh_library_query_copy (&self->query, query);
    }
  return imh_library_model_reload (self, error);
}

gboolean
imh_library_model_reload (ImhLibraryModel  *self,
                          GError          **error)
{
  g_autoptr(GArray) ids = NULL;

  g_return_val_if_fail (IMH_IS_LIBRARY_MODEL (self), FALSE);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->reload_source, g_source_remove);
  ids = imh_library_query_ids (self->library, &self->query, error);
  if (ids == NULL)
    return FALSE;
  replace_ids (self, ids);
  set_loading (self, FALSE);
  return TRUE;
}

gboolean
imh_library_model_get_loading (ImhLibraryModel *self)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_MODEL (self), FALSE);
  return self->loading;
}

int
imh_library_model_find (ImhLibraryModel *self,
                        gint64           id)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_MODEL (self), -1);

  for (guint i = 0; i < self->ids->len; i++)
    if (g_array_index (self->ids, gint64, i) == id)
      return (int) i;
  return -1;
}

gint64
imh_library_model_get_id (ImhLibraryModel *self,
                          guint            position)
{
  g_return_val_if_fail (IMH_IS_LIBRARY_MODEL (self), 0);
  if (position >= self->ids->len)
    return 0;
  return g_array_index (self->ids, gint64, position);
}
