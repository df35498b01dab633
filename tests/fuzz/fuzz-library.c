/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz-library.c — libFuzzer harness for storing records in the library
 * (ImhLibrary on a database in a temporary folder): any input is stored or
 * rejected with an error, without crashing or a GLib warning; a stored
 * record reads back as the record's canonical text (what the record parser
 * writes for it), with a summary; then the game is deleted again.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-library.h"
#include "imh-record.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static ImhLibrary *library;
static char *tmp_dir;

static void
remove_library (void)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_clear_object (&library);
  dir = g_dir_open (tmp_dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  /* A critical or a warning is a bug found: abort on it. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  tmp_dir = g_dir_make_tmp ("imhotep-fuzz-library-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (tmp_dir, "library.sqlite3", NULL);
  library = imh_library_open (path, &error);
  g_assert_no_error (error);
  atexit (remove_library);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autofree char *stored = NULL;
  g_autoptr(ImhGameSummary) summary = NULL;
  g_autoptr(ImhLibraryDeleted) deleted = NULL;
  ImhRecordError err;
  ImhRecord *record;
  char *canonical;
  gint64 id;

  id = imh_library_save_record (library, 0, text, FALSE, &error);
  record = imh_record_parse (text, strlen (text), &err);
  if (id <= 0)
    {
      if (error == NULL || error->message[0] == '\0')
        {
          fprintf (stderr, "fuzz-library: a record not stored without an error\n");
          abort ();
        }
      /* Whatever the parser accepts, the library stores. */
      if (record != NULL && g_utf8_validate (text, -1, NULL))
        {
          fprintf (stderr, "fuzz-library: a valid record was not stored: %s\n", error->message);
          abort ();
        }
      imh_record_free (record);
      return 0;
    }
  if (record == NULL)
    {
      fprintf (stderr, "fuzz-library: stored a record the parser rejects (line %u, column %u: %s)\n",
               err.line, err.column, err.message);
      abort ();
    }

  stored = imh_library_load_record (library, id, &error);
  if (stored == NULL)
    {
      fprintf (stderr, "fuzz-library: a stored record does not read back: %s\n", error->message);
      abort ();
    }
  canonical = imh_record_write (record);
  if (strcmp (stored, canonical) != 0)
    {
      fprintf (stderr, "fuzz-library: the record read back differs\n--- stored ---\n%s\n"
               "--- canonical ---\n%s\n", stored, canonical);
      abort ();
    }
  free (canonical);
  imh_record_free (record);

  summary = imh_library_get_summary (library, id, &error);
  if (summary == NULL)
    {
      fprintf (stderr, "fuzz-library: no summary of a stored game: %s\n", error->message);
      abort ();
    }

  deleted = imh_library_delete (library, &id, 1, &error);
  if (deleted == NULL)
    {
      fprintf (stderr, "fuzz-library: a stored game cannot be deleted: %s\n", error->message);
      abort ();
    }
  return 0;
}
