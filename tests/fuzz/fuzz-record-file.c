/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz-record-file.c — libFuzzer harness for opening a record as a game
 * (imh_game_new_from_record_text, the path of the app's Open and of
 * imh_record_file_load_async): any input gives a game or an error without
 * crashing or a GLib warning; a game written back as record text opens
 * again as the same game (the same record text).
 */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-record-file.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  /* A critical or a warning is a bug found: abort on it. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImhGame) game = NULL;
  g_autoptr(ImhGame) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  game = imh_game_new_from_record_text ((const char *) data, (gssize) size, &error);
  if (game == NULL)
    {
      if (error == NULL || error->domain != IMH_RECORD_FILE_ERROR || error->message[0] == '\0')
        {
          fprintf (stderr, "fuzz-record-file: a failed open without an IMH_RECORD_FILE_ERROR\n");
          abort ();
        }
      return 0;
    }

  text = imh_game_to_record_text (game);
  again = imh_game_new_from_record_text (text, -1, &error);
  if (again == NULL)
    {
      fprintf (stderr, "fuzz-record-file: the game's record does not open: %s\n%s\n",
               error->message, text);
      abort ();
    }
  text_again = imh_game_to_record_text (again);
  if (strcmp (text, text_again) != 0)
    {
      fprintf (stderr, "fuzz-record-file: the game opened again differs\n--- first ---\n%s\n"
               "--- again ---\n%s\n", text, text_again);
      abort ();
    }
  return 0;
}
