/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-query.c — the game library: queries, search and stats. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "imh-library-private.h"

/* ------------------------------------------------------------------ */
/* Queries                                                             */

void
imh_library_query_init (ImhLibraryQuery *query)
{
  memset (query, 0, sizeof *query);
  query->game = -1;
  query->finished = IMH_LIBRARY_ANY;
  query->winner = -1;
  query->min_level = -1;
  query->analysed = IMH_LIBRARY_ANY;
  query->has_blunder = IMH_LIBRARY_ANY;
  query->starred = IMH_LIBRARY_ANY;
  query->sort = IMH_LIBRARY_SORT_DATE;
  query->descending = TRUE;
}

void
imh_library_query_clear (ImhLibraryQuery *query)
{
  g_clear_pointer (&query->search, g_free);
  g_clear_pointer (&query->sides, g_free);
  g_clear_pointer (&query->tag, g_free);
}

void
imh_library_query_copy (ImhLibraryQuery       *dst,
                        const ImhLibraryQuery *src)
{
  *dst = *src;
  dst->search = g_strdup (src->search);
  dst->sides = g_strdup (src->sides);
  dst->tag = g_strdup (src->tag);
}

/* The words of a search, each cleaned of quotes; NULL if none. */
static GStrv
search_words (const char *search)
{
  g_auto(GStrv) raw = NULL;
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);

  if (search == NULL)
    return NULL;
  raw = g_strsplit_set (search, " \t\n\r", -1);
  for (guint i = 0; raw[i] != NULL; i++)
    if (raw[i][0] != '\0')
      g_ptr_array_add (words, g_strdup (raw[i]));
  if (words->len == 0)
    return NULL;
  g_ptr_array_add (words, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&words), FALSE);
}

typedef struct {
  GString   *sql;
  GPtrArray *texts;            /* bound values in order: char* or NULL for an int */
  GArray    *ints;
  GArray    *kinds;            /* 't' or 'i' */
  gboolean   has_where;
} Builder;

static void
builder_where (Builder *b, const char *clause)
{
  g_string_append (b->sql, b->has_where ? " AND " : " WHERE ");
  b->has_where = TRUE;
  g_string_append (b->sql, clause);
}

static void
builder_text (Builder *b, const char *s)
{
  char k = 't';
  gint64 zero = 0;
  g_ptr_array_add (b->texts, g_strdup (s));
  g_array_append_val (b->ints, zero);
  g_array_append_val (b->kinds, k);
}

static void
builder_int (Builder *b, gint64 v)
{
  char k = 'i';
  g_ptr_array_add (b->texts, NULL);
  g_array_append_val (b->ints, v);
  g_array_append_val (b->kinds, k);
}

static char *
like_pattern (const char *word)
{
  GString *s = g_string_new ("%");
  for (const char *p = word; *p != '\0'; p++)
    {
      if (*p == '%' || *p == '_' || *p == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '%');
  return g_string_free (s, FALSE);
}

static void
build_query (ImhLibrary *self, const ImhLibraryQuery *q, Builder *b)
{
  g_auto(GStrv) words = search_words (q->search);
  const char *dir = q->descending ? "DESC" : "ASC";
  const char *rev = q->descending ? "ASC" : "DESC";

  b->sql = g_string_new ("SELECT id FROM games");
  b->has_where = FALSE;
  b->texts = g_ptr_array_new_with_free_func (g_free);
  b->ints = g_array_new (FALSE, FALSE, sizeof (gint64));
  b->kinds = g_array_new (FALSE, FALSE, 1);

  builder_where (b, q->trash ? "deleted_at IS NOT NULL" : "deleted_at IS NULL");

  /* Every word is literal text. With FTS, a word of letters and digits
   * is a prefix query (its quotes doubled: FTS syntax stays inert); a word
   * with other characters, which the tokenizer drops, is also matched
   * literally, so that `"` finds only the games that contain a `"`. */
  if (words != NULL && self->fts)
    {
      GString *match = g_string_new (NULL);
      for (guint i = 0; words[i] != NULL; i++)
        {
          gboolean has_token = FALSE;
          for (const char *p = words[i]; *p != '\0'; p = g_utf8_next_char (p))
            has_token = has_token || g_unichar_isalnum (g_utf8_get_char (p));
          if (!has_token)
            continue;
          g_string_append (match, match->len > 0 ? " \"" : "\"");
          for (const char *p = words[i]; *p != '\0'; p++)
            {
              if (*p == '"')
                g_string_append_c (match, '"');
              g_string_append_c (match, *p);
            }
          g_string_append (match, "\"*");
        }
      if (match->len > 0)
        {
          builder_where (b, "id IN (SELECT rowid FROM games_fts WHERE games_fts MATCH ?)");
          builder_text (b, match->str);
        }
      g_string_free (match, TRUE);
    }
  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    {
      g_autofree char *pattern = NULL;
      gboolean literal = !self->fts;

      for (const char *p = words[i]; *p != '\0'; p = g_utf8_next_char (p))
        literal = literal || !g_unichar_isalnum (g_utf8_get_char (p));
      if (!literal)
        continue;
      pattern = like_pattern (words[i]);
      builder_where (b, "(EXISTS (SELECT 1 FROM players p WHERE p.game_id = games.id"
                        " AND p.name LIKE ? ESCAPE '\\')"
                        " OR notes LIKE ? ESCAPE '\\'"
                        " OR EXISTS (SELECT 1 FROM game_tags gt JOIN tags t ON t.id = gt.tag_id"
                        " WHERE gt.game_id = games.id AND t.name LIKE ? ESCAPE '\\'))");
      builder_text (b, pattern);
      builder_text (b, pattern);
      builder_text (b, pattern);
    }

  if (q->game >= 0)
    {
      builder_where (b, "game = ?");
      builder_int (b, q->game);
    }
  if (q->n_players > 0)
    {
      builder_where (b, "n_players = ?");
      builder_int (b, q->n_players);
    }
  if (q->sides != NULL && q->sides[0] != '\0')
    {
      builder_where (b, "sides = ?");
      builder_text (b, q->sides);
    }
  if (q->finished != IMH_LIBRARY_ANY)
    {
      builder_where (b, "finished = ?");
      builder_int (b, q->finished == IMH_LIBRARY_YES);
    }
  if (q->winner >= 0)
    {
      builder_where (b, "winner = ?");
      builder_int (b, q->winner);
    }
  if (q->min_level >= 0)
    {
      builder_where (b, "max_level >= ?");
      builder_int (b, q->min_level);
    }
  if (q->analysed != IMH_LIBRARY_ANY)
    {
      /* Unreadable analyses count as none. */
      builder_where (b, q->analysed == IMH_LIBRARY_YES ? "analysed = ?" : "analysed != ?");
      builder_int (b, ANALYSED_READABLE);
    }
  if (q->has_blunder != IMH_LIBRARY_ANY)
    builder_where (b, q->has_blunder == IMH_LIBRARY_YES ? "n_blunders > 0" : "n_blunders = 0");
  if (q->starred != IMH_LIBRARY_ANY)
    {
      builder_where (b, "starred = ?");
      builder_int (b, q->starred == IMH_LIBRARY_YES);
    }
  if (q->tag != NULL && q->tag[0] != '\0')
    {
      builder_where (b, "id IN (SELECT gt.game_id FROM game_tags gt JOIN tags t ON t.id = gt.tag_id"
                        " WHERE t.name = ?)");
      builder_text (b, q->tag);
    }

  if (q->trash)
    {
      g_string_append (b->sql, " ORDER BY deleted_at DESC, id DESC");
      return;
    }
  switch (q->sort)
    {
    case IMH_LIBRARY_SORT_GAME:
      g_string_append_printf (b->sql, " ORDER BY game %s, n_players %s, started %s, id %s", dir, dir, dir, dir);
      break;
    case IMH_LIBRARY_SORT_PLAYERS:
      g_string_append_printf (b->sql, " ORDER BY players COLLATE NOCASE %s, id %s", dir, dir);
      break;
    case IMH_LIBRARY_SORT_RESULT:
      /* Ascending: finished games first, by winner seat. */
      g_string_append_printf (b->sql, " ORDER BY finished %s, winner %s, started %s, id %s", rev, dir, dir, dir);
      break;
    case IMH_LIBRARY_SORT_LENGTH:
      g_string_append_printf (b->sql, " ORDER BY length %s, id %s", dir, dir);
      break;
    case IMH_LIBRARY_SORT_STARRED:
      g_string_append_printf (b->sql, " ORDER BY starred %s, started %s, id %s", rev, dir, dir);
      break;
    case IMH_LIBRARY_SORT_DATE:
    case IMH_LIBRARY_N_SORTS:
    default:
      g_string_append_printf (b->sql, " ORDER BY started %s, id %s", dir, dir);
      break;
    }
}

static void
builder_clear (Builder *b)
{
  g_string_free (b->sql, TRUE);
  g_ptr_array_unref (b->texts);
  g_array_unref (b->ints);
  g_array_unref (b->kinds);
}

GArray *
imh_library_query_ids (ImhLibrary            *self,
                       const ImhLibraryQuery *query,
                       GError               **error)
{
  ImhLibraryQuery all;
  Builder b;
  Conn *c;
  sqlite3_stmt *stmt = NULL;
  GArray *ids = NULL;
  int rc;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), NULL);

  if (query == NULL)
    {
      imh_library_query_init (&all);
      query = &all;
    }
  build_query (self, query, &b);

  c = _imh_library_read_conn (self);
  rc = sqlite3_prepare_v2 (c->db, b.sql->str, -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    _imh_library_sql_error (error, c->db, rc);
  else
    {
      for (guint i = 0; i < b.kinds->len; i++)
        if (g_array_index (b.kinds, char, i) == 't')
          _imh_library_bind_text (stmt, (int) i + 1, b.texts->pdata[i]);
        else
          sqlite3_bind_int64 (stmt, (int) i + 1, g_array_index (b.ints, gint64, i));
      ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          gint64 id = sqlite3_column_int64 (stmt, 0);
          g_array_append_val (ids, id);
        }
      if (rc != SQLITE_DONE)
        {
          _imh_library_sql_error (error, c->db, rc);
          g_clear_pointer (&ids, g_array_unref);
        }
    }
  sqlite3_finalize (stmt);
  _imh_library_conn_unlock (c);
  builder_clear (&b);
  return ids;
}

static void
query_data_free (gpointer data)
{
  imh_library_query_clear (data);
  g_free (data);
}

static void
query_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  GArray *ids = imh_library_query_ids (source, task_data, &error);

  if (ids == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, ids, (GDestroyNotify) g_array_unref);
}

void
imh_library_query_ids_async (ImhLibrary            *self,
                             const ImhLibraryQuery *query,
                             GCancellable          *cancellable,
                             GAsyncReadyCallback    callback,
                             gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  ImhLibraryQuery *copy = g_new0 (ImhLibraryQuery, 1);

  g_return_if_fail (IMH_IS_LIBRARY (self));

  if (query != NULL)
    imh_library_query_copy (copy, query);
  else
    imh_library_query_init (copy);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_library_query_ids_async);
  g_task_set_task_data (task, copy, query_data_free);
  g_task_run_in_thread (task, query_thread);
}

GArray *
imh_library_query_ids_finish (ImhLibrary    *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------ */
/* Stats                                                               */

gboolean
imh_library_get_stats (ImhLibrary       *self,
                       ImhLibraryStats  *stats,
                       GError          **error)
{
  gboolean ok = TRUE;
  Conn *c;
  GStatBuf st;

  g_return_val_if_fail (IMH_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (stats != NULL, FALSE);

  memset (stats, 0, sizeof *stats);
  c = _imh_library_read_conn (self);
  ok = _imh_library_conn_exec (c, "BEGIN", error);
  if (ok)
    {
      stats->n_games = (guint64) _imh_library_scalar_locked (c, "SELECT count(*) FROM games WHERE deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_finished = (guint64) _imh_library_scalar_locked (c, "SELECT count(*) FROM games WHERE finished = 1 AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_duel = (guint64) _imh_library_scalar_locked (c, "SELECT count(*) FROM games WHERE game = 0 AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_classic = (guint64) _imh_library_scalar_locked (c, "SELECT count(*) FROM games WHERE game = 1 AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_starred = (guint64) _imh_library_scalar_locked (c, "SELECT count(*) FROM games WHERE starred = 1 AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_analysed = (guint64) _imh_library_scalar_locked (c, "SELECT count(*) FROM games WHERE analysed = " G_STRINGIFY (ANALYSED_READABLE)
                                                                     " AND deleted_at IS NULL", error, &ok);
      if (ok)
        stats->n_tags = (guint64) _imh_library_scalar_locked (c, "SELECT count(*) FROM tags WHERE EXISTS (SELECT 1 FROM game_tags gt"
                                                                 " JOIN games g ON g.id = gt.game_id WHERE gt.tag_id = tags.id"
                                                                 " AND g.deleted_at IS NULL)", error, &ok);
      if (ok)
        stats->n_bookmarks = (guint64) _imh_library_scalar_locked (c, "SELECT count(*) FROM bookmarks WHERE game_id IN"
                                                                      " (SELECT id FROM games WHERE deleted_at IS NULL)", error, &ok);
      if (ok)
        stats->n_decisions = (guint64) _imh_library_scalar_locked (c, "SELECT coalesce (sum (length), 0) FROM games WHERE deleted_at IS NULL",
                                                                      error, &ok);
      ok = _imh_library_end_read (c, ok, error);
    }
  _imh_library_conn_unlock (c);
  if (g_stat (self->path, &st) == 0)
    stats->file_size = (guint64) st.st_size;
  return ok;
}
