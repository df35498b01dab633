/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-record-file.c — `.imhotep` records: text and async GFile I/O. */
#define G_LOG_DOMAIN "imh-record-file"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "imh-game-private.h"
#include "imh-record-file.h"

G_DEFINE_QUARK (imh-record-file-error-quark, imh_record_file_error)

char *
imh_game_to_record_text (ImhGame *game)
{
  ImhRecord *record;
  char *text;
  char *result;

  g_return_val_if_fail (IMH_IS_GAME (game), NULL);

  record = _imh_game_to_record (game);
  text = imh_record_write (record);
  imh_record_free (record);
  result = g_strdup (text);
  free (text);
  return result;
}

/* Line and column (1-based, column in bytes) of byte offset `at`. */
static void
position_of (const char *text,
             gsize       at,
             guint      *line,
             guint      *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < at; i++)
    {
      if (text[i] == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else
        (*column)++;
    }
}

gboolean
imh_record_text_is_record (const char *text,
                           gsize       length)
{
  gsize magic = strlen (IMH_RECORD_MAGIC);
  gsize i = 0;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);

  while (i < length && g_ascii_isspace (text[i]))
    i++;
  return length - i > magic && memcmp (text + i, IMH_RECORD_MAGIC, magic) == 0 && text[i + magic] == ' ';
}

ImhGame *
imh_game_new_from_record_text (const char  *text,
                               gssize       length,
                               GError     **error)
{
  ImhRecordError err = { 0 };
  ImhRecord *record;
  const char *end = NULL;
  ImhGame *game;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (text);
  if ((gsize) length > IMH_RECORD_FILE_MAX_SIZE)
    {
      g_set_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_TOO_LARGE,
                   "%s", _("The record is too large."));
      return NULL;
    }
  /* A file of another kind: no line or column of it means anything. */
  if (length > 0 && !imh_record_text_is_record (text, (gsize) length))
    {
      g_set_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_NOT_A_RECORD,
                   "%s", _("This is not an Imhotep game file."));
      return NULL;
    }
  if (!g_utf8_validate (text, length, &end))
    {
      guint line, column;

      position_of (text, (gsize) (end - text), &line, &column);
      if (*end == '\0')
        g_set_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_ENCODING,
                     _("Line %u, column %u: the text contains a NUL byte."), line, column);
      else
        g_set_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_ENCODING,
                     _("Line %u, column %u: the text is not valid UTF-8."), line, column);
      return NULL;
    }

  record = imh_record_parse (text, (size_t) length, &err);
  if (record == NULL)
    {
      if (err.line > 0)
        g_set_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_PARSE,
                     _("Line %u, column %u: %s"), err.line, err.column, err.message);
      else
        g_set_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_PARSE,
                     "%s", err.message);
      return NULL;
    }

  game = _imh_game_new_from_record (record, error);
  imh_record_free (record);
  return game;
}

/* ---- Files ---- */

static void
set_too_large (GError **error,
               guint64  size,
               gsize    max_size)
{
  g_autofree char *size_text = g_format_size (size);
  g_autofree char *max_text = g_format_size (max_size);

  if (size > max_size)
    /* TRANSLATORS: file sizes, e.g. "3.2 GB" and "16.8 MB" */
    g_set_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_TOO_LARGE,
                 _("The file is too large (%s; at most %s)."), size_text, max_text);
  else
    /* TRANSLATORS: a file size, e.g. "16.8 MB" */
    g_set_error (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_TOO_LARGE,
                 _("The file is too large (more than %s)."), max_text);
}

gboolean
imh_record_file_read (GFile        *file,
                      gsize         max_size,
                      char        **contents,
                      gsize        *length,
                      GCancellable *cancellable,
                      GError      **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *buf = NULL;
  gsize cap, n = 0;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (contents != NULL, FALSE);
  g_return_val_if_fail (max_size < G_MAXSIZE - 1, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return FALSE;
  info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                                         G_FILE_ATTRIBUTE_STANDARD_TYPE, cancellable, NULL);
  cap = 64 * 1024;
  if (info != NULL && g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR
      && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE))
    {
      goffset size = g_file_info_get_size (info);

      if (size > 0 && (guint64) size > max_size)
        {
          set_too_large (error, (guint64) size, max_size);
          return FALSE;
        }
      /* Room for all of it, the byte that tells it grew, and the NUL. */
      cap = (gsize) MAX (size, 0) + 2;
    }
  cap = MIN (cap, max_size + 2);
  buf = g_malloc (cap);
  for (;;)
    {
      gsize want = MIN (cap - 1, max_size + 1) - n;
      gsize got = 0;

      if (want == 0)
        {
          if (n > max_size)
            {
              set_too_large (error, 0, max_size);
              return FALSE;
            }
          cap = MIN (cap * 2, max_size + 2);
          buf = g_realloc (buf, cap);
          continue;
        }
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buf + n, want, &got, cancellable, error))
        return FALSE;
      n += got;
      if (got < want)
        break;
    }
  if (n > max_size)
    {
      set_too_large (error, 0, max_size);
      return FALSE;
    }
  buf[n] = '\0';
  *contents = g_steal_pointer (&buf);
  if (length != NULL)
    *length = n;
  return TRUE;
}

static void
prefix_error_with_file (GError **error,
                        GFile   *file)
{
  g_autofree char *name = g_file_get_parse_name (file);

  /* GIO's own messages usually name the file already. */
  if (*error != NULL && strstr ((*error)->message, name) != NULL)
    return;
  /* TRANSLATORS: %s is a file name, the message follows the colon */
  g_prefix_error (error, _("%s: "), name);
}

typedef struct {
  char  *contents;
  gsize  length;
} Contents;

static void
contents_free (gpointer data)
{
  Contents *c = data;

  g_free (c->contents);
  g_free (c);
}

static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Contents *c = g_new0 (Contents, 1);
  GError *error = NULL;

  if (!imh_record_file_read (G_FILE (source), IMH_RECORD_FILE_MAX_SIZE, &c->contents, &c->length,
                             cancellable, &error))
    {
      contents_free (c);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, c, contents_free);
}

static void
load_contents_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GFile *file = G_FILE (source);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  Contents *c;
  g_autofree char *contents = NULL;
  gsize length = 0;
  ImhGame *game;

  c = g_task_propagate_pointer (G_TASK (result), &error);
  if (c == NULL)
    {
      prefix_error_with_file (&error, file);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  contents = g_steal_pointer (&c->contents);
  length = c->length;
  contents_free (c);
  if (g_task_return_error_if_cancelled (task))
    return;

  game = imh_game_new_from_record_text (contents, (gssize) length, &error);
  if (game == NULL)
    {
      if (g_error_matches (error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_NOT_A_RECORD))
        {
          g_autofree char *name = g_file_get_parse_name (file);

          g_clear_error (&error);
          /* Translators: %s is a file name */
          g_set_error (&error, IMH_RECORD_FILE_ERROR, IMH_RECORD_FILE_ERROR_NOT_A_RECORD,
                       _("“%s” is not an Imhotep game file."), name);
        }
      prefix_error_with_file (&error, file);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, game, g_object_unref);
}

void
imh_record_file_load_async (GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_record_file_load_async);
  {
    g_autoptr(GTask) read = g_task_new (file, cancellable, load_contents_cb, task);
    g_task_set_source_tag (read, read_thread);
    g_task_run_in_thread (read, read_thread);
  }
}

ImhGame *
imh_record_file_load_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_record_file_load_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
replace_contents_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GFile *file = G_FILE (source);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (file, result, NULL, &error))
    {
      prefix_error_with_file (&error, file);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* Unmodified as of the moment the text was taken. */
  _imh_game_mark_saved (g_task_get_source_object (task),
                        GPOINTER_TO_SIZE (g_task_get_task_data (task)));
  g_task_return_boolean (task, TRUE);
}

void
imh_record_file_save_async (ImhGame             *game,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GBytes) bytes = NULL;
  char *text;
  GTask *task;

  g_return_if_fail (IMH_IS_GAME (game));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (game, cancellable, callback, user_data);
  g_task_set_source_tag (task, imh_record_file_save_async);

  g_task_set_task_data (task, GSIZE_TO_POINTER ((gsize) _imh_game_get_serial (game)), NULL);
  text = imh_game_to_record_text (game);
  bytes = g_bytes_new_take (text, strlen (text));
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE,
                                       cancellable, replace_contents_cb, task);
}

gboolean
imh_record_file_save_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imh_record_file_save_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
