/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-record-file.h — games to and from `.imhotep` records
 * (docs/file-format.md): text, and files through GFile, asynchronously.
 *
 * A record holds the whole game tree: the current line of the game as
 * the main line, every other branch as a variation, the seats (names,
 * human or computer with level) and the header. Loading creates a new
 * ImhGame, so a failed load changes nothing.
 */
#pragma once

#include <gio/gio.h>

#include "imh-game.h"
#include "imh-record.h"

G_BEGIN_DECLS

#define IMH_RECORD_FILE_ERROR (imh_record_file_error_quark ())
GQuark imh_record_file_error_quark (void);

typedef enum {
  IMH_RECORD_FILE_ERROR_ENCODING,   /* not UTF-8 text */
  IMH_RECORD_FILE_ERROR_PARSE,      /* the parser rejected it (message names line and column) */
  IMH_RECORD_FILE_ERROR_TOO_LARGE,  /* larger than the limit of its kind */
  IMH_RECORD_FILE_ERROR_NOT_A_RECORD, /* not an Imhotep game file at all (binary, other text) */
} ImhRecordFileError;

/* TRUE when text starts as an Imhotep record does (its first line after
 * any blank space is "imhotep-record …"): whatever is wrong with it after
 * that is damage to a record, not a file of another kind. */
gboolean imh_record_text_is_record (const char *text,
                                    gsize       length);

/* A file of one record; a file of many (import) may hold up to
 * IMH_RECORD_MAX_FILE_SIZE. */
#define IMH_RECORD_FILE_MAX_SIZE IMH_RECORD_MAX_SIZE

/* Reads a whole file of at most max_size bytes into *contents (g_malloc'd,
 * NUL-terminated): the size is checked before reading where the file
 * system knows it, and the read itself stops one byte past the limit
 * (devices, pipes, files that grow), so no more than max_size + 1 bytes
 * are ever held. IMH_RECORD_FILE_ERROR_TOO_LARGE past the limit; I/O
 * errors keep their G_IO_ERROR code. Blocking: call it from a thread or a
 * command-line tool. */
gboolean imh_record_file_read           (GFile        *file,
                                         gsize         max_size,
                                         char        **contents,
                                         gsize        *length,
                                         GCancellable *cancellable,
                                         GError      **error);

/* The game as canonical record text (transfer full). */
char    *imh_game_to_record_text        (ImhGame     *game);
/* A new game from record text (exactly one record). NULL with
 * IMH_RECORD_FILE_ERROR_* ("Line 3, column 7: …"). The live ply is the end
 * of the main line. */
ImhGame *imh_game_new_from_record_text  (const char  *text,
                                         gssize       length,
                                         GError     **error);

/* Loads a game from a file. Errors name the file; I/O errors keep their
 * G_IO_ERROR code. */
void     imh_record_file_load_async     (GFile               *file,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
ImhGame *imh_record_file_load_finish    (GAsyncResult        *result,
                                         GError             **error);

/* Saves the game (as it is at the time of the call) to a file,
 * replacing it atomically. */
void     imh_record_file_save_async     (ImhGame             *game,
                                         GFile               *file,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
gboolean imh_record_file_save_finish    (GAsyncResult        *result,
                                         GError             **error);

G_END_DECLS
