/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-library.h — the game library: a SQLite database of records.
 *
 * One database file (by default $XDG_DATA_HOME/<app-id>/library.sqlite3)
 * holds every game as its canonical .imhotep record plus columns derived
 * from it for listing, sorting and searching; stars, tags, notes,
 * thumbnails, analyses and bookmarked positions. Schema: docs/library.md.
 *
 * Threads: the synchronous functions may be called from any thread; all
 * database access is serialized through two connections (one for writes,
 * one for reads) each guarded by a mutex. The _async variants run the same
 * work in a GTask thread. Signals are always emitted in the main context
 * the library was created in.
 */
#pragma once

#include <gio/gio.h>

#include "imh-engine.h"
#include "imh-game-summary.h"

G_BEGIN_DECLS

#define IMH_LIBRARY_ERROR (imh_library_error_quark ())

typedef enum {
  IMH_LIBRARY_ERROR_FAILED,       /* the database failed (I/O, damaged file, ...) */
  IMH_LIBRARY_ERROR_READ_ONLY,    /* the library is open read-only */
  IMH_LIBRARY_ERROR_NOT_FOUND,    /* no game with that id */
  IMH_LIBRARY_ERROR_INVALID,      /* the record does not parse or replay */
  IMH_LIBRARY_ERROR_DUPLICATE,    /* the same record is already in the library */
  IMH_LIBRARY_ERROR_BUSY,         /* another connection held the database longer than the busy timeout */
  IMH_LIBRARY_ERROR_FULL,         /* the disk (or the file system's quota) is full */
} ImhLibraryError;

/* How the database file was found when it was opened. */
typedef enum {
  IMH_LIBRARY_OPEN_OK,            /* opened (or created) normally */
  IMH_LIBRARY_OPEN_RECOVERED,     /* the file was damaged or foreign: moved aside, fresh library */
  IMH_LIBRARY_OPEN_READ_ONLY,     /* written by a newer version: opened read-only */
} ImhLibraryOpenStatus;

/* The schema version this build writes (PRAGMA user_version). */
#define IMH_LIBRARY_SCHEMA_VERSION 1

/* Sort orders of the list. */
typedef enum {
  IMH_LIBRARY_SORT_DATE,          /* start time */
  IMH_LIBRARY_SORT_GAME,          /* game kind, then player count */
  IMH_LIBRARY_SORT_PLAYERS,       /* player names */
  IMH_LIBRARY_SORT_RESULT,        /* finished first, then winner seat */
  IMH_LIBRARY_SORT_LENGTH,        /* number of decisions */
  IMH_LIBRARY_SORT_STARRED,       /* starred first */
  IMH_LIBRARY_N_SORTS
} ImhLibrarySort;

/* Tri-state filter value. */
typedef enum {
  IMH_LIBRARY_ANY = -1,
  IMH_LIBRARY_NO = 0,
  IMH_LIBRARY_YES = 1,
} ImhLibraryTristate;

/* What the list shows: search text, filters and order. Plain data;
 * initialise with imh_library_query_init(), free with _clear(). */
typedef struct {
  char               *search;        /* words to find in player names, notes and tags; NULL: all */
  int                 game;          /* ImhGameKind, or -1 for both */
  int                 n_players;     /* 2–4, or 0 for any */
  char               *sides;         /* e.g. "ABBAB", or NULL for any */
  ImhLibraryTristate  finished;
  int                 winner;        /* seat of the winner (0-based), -1 any */
  int                 min_level;     /* at least one computer seat of this level or higher; -1 any */
  ImhLibraryTristate  analysed;
  ImhLibraryTristate  has_blunder;
  ImhLibraryTristate  starred;
  char               *tag;           /* games with this tag, or NULL */
  ImhLibrarySort      sort;
  gboolean            descending;
} ImhLibraryQuery;

void imh_library_query_init  (ImhLibraryQuery       *query);
void imh_library_query_clear (ImhLibraryQuery       *query);
void imh_library_query_copy  (ImhLibraryQuery       *dst,
                              const ImhLibraryQuery *src);

/* The outcome of an import: what was added, what was rejected and why. */
typedef struct _ImhLibraryImportReport ImhLibraryImportReport;

#define IMH_TYPE_LIBRARY_IMPORT_REPORT (imh_library_import_report_get_type ())
GType                   imh_library_import_report_get_type     (void) G_GNUC_CONST;
ImhLibraryImportReport *imh_library_import_report_ref          (ImhLibraryImportReport *report);
void                    imh_library_import_report_unref        (ImhLibraryImportReport *report);
/* Ids of the games added, in the order they were read. */
const gint64           *imh_library_import_report_get_imported (ImhLibraryImportReport *report,
                                                                guint                  *n_imported);
guint                   imh_library_import_report_get_n_duplicates (ImhLibraryImportReport *report);
/* Files (or games in a file) not imported: path and a translated reason
 * (naming line and column for parse errors). Duplicates are included. */
guint                   imh_library_import_report_get_n_rejected (ImhLibraryImportReport *report);
const char             *imh_library_import_report_get_rejected_path   (ImhLibraryImportReport *report,
                                                                       guint                   i);
const char             *imh_library_import_report_get_rejected_reason (ImhLibraryImportReport *report,
                                                                       guint                   i);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImhLibraryImportReport, imh_library_import_report_unref)

/* Games removed by imh_library_delete(), kept in memory so that an Undo
 * can put them back with the same ids, stars, tags, notes and analyses. */
typedef struct _ImhLibraryDeleted ImhLibraryDeleted;

#define IMH_TYPE_LIBRARY_DELETED (imh_library_deleted_get_type ())
GType              imh_library_deleted_get_type (void) G_GNUC_CONST;
ImhLibraryDeleted *imh_library_deleted_ref      (ImhLibraryDeleted *deleted);
void               imh_library_deleted_unref    (ImhLibraryDeleted *deleted);
guint              imh_library_deleted_get_n_games (ImhLibraryDeleted *deleted);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImhLibraryDeleted, imh_library_deleted_unref)

/* Totals for `imhotep-cli library stats`. */
typedef struct {
  guint64 n_games;
  guint64 n_finished;
  guint64 n_duel;
  guint64 n_classic;
  guint64 n_starred;
  guint64 n_analysed;
  guint64 n_tags;
  guint64 n_bookmarks;
  guint64 n_decisions;     /* sum of game lengths */
  guint64 file_size;       /* bytes of the database file (WAL not included) */
} ImhLibraryStats;

/* A bookmarked position. */
typedef struct {
  gint64  id;
  gint64  game_id;
  guint   ply;             /* number of decisions played before the position */
  char   *label;
} ImhLibraryBookmark;

void imh_library_bookmark_free (ImhLibraryBookmark *bookmark);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImhLibraryBookmark, imh_library_bookmark_free)

#define IMH_TYPE_LIBRARY (imh_library_get_type ())
G_DECLARE_FINAL_TYPE (ImhLibrary, imh_library, IMH, LIBRARY, GObject)

GQuark     imh_library_error_quark (void);

/* $XDG_DATA_HOME/<app-id>/library.sqlite3 */
char      *imh_library_default_path (void);

/* Opens (creating it and its folder if needed) the library at path, or the
 * default path when NULL. A damaged or foreign file is moved aside as
 * PATH.corrupt-YYYYMMDD-HHMMSS (never deleted) and a fresh library started;
 * a newer schema is opened read-only. Both are reported by
 * imh_library_get_open_status() and _get_open_message(). Fails only when
 * no library can be opened at all. */
ImhLibrary *imh_library_open        (const char          *path,
                                     GError             **error);
void        imh_library_open_async  (const char          *path,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
ImhLibrary *imh_library_open_finish (GAsyncResult        *result,
                                     GError             **error);

const char          *imh_library_get_path          (ImhLibrary *self);
gboolean             imh_library_is_read_only      (ImhLibrary *self);
ImhLibraryOpenStatus imh_library_get_open_status   (ImhLibrary *self);
/* A translated explanation for the user when the status is not OK, else NULL. */
const char          *imh_library_get_open_message  (ImhLibrary *self);
/* Where the damaged file was moved (status RECOVERED), else NULL. */
const char          *imh_library_get_moved_aside_path (ImhLibrary *self);
/* Whether full-text search uses FTS5 (else indexed LIKE queries). */
gboolean             imh_library_has_fts           (ImhLibrary *self);

/* Stores a record (the text of a .imhotep game). id 0 adds a new game and
 * returns its id; a positive id replaces the record of that game (autosave
 * after each decision) and returns id. The record is parsed and replayed;
 * the canonical text is stored, with its SHA-256 and the derived columns.
 * With reject_duplicate, a record whose hash is already in the library
 * fails with IMH_LIBRARY_ERROR_DUPLICATE. Returns 0 on error. */
gint64      imh_library_save_record        (ImhLibrary          *self,
                                            gint64               id,
                                            const char          *record,
                                            gboolean             reject_duplicate,
                                            GError             **error);
void        imh_library_save_record_async  (ImhLibrary          *self,
                                            gint64               id,
                                            const char          *record,
                                            gboolean             reject_duplicate,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
gint64      imh_library_save_record_finish (ImhLibrary          *self,
                                            GAsyncResult        *result,
                                            GError             **error);

/* The stored (canonical) record of a game. */
char       *imh_library_load_record        (ImhLibrary          *self,
                                            gint64               id,
                                            GError             **error);
void        imh_library_load_record_async  (ImhLibrary          *self,
                                            gint64               id,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
char       *imh_library_load_record_finish (ImhLibrary          *self,
                                            GAsyncResult        *result,
                                            GError             **error);

/* The summary of one game (a new object each time). */
ImhGameSummary *imh_library_get_summary    (ImhLibrary          *self,
                                            gint64               id,
                                            GError             **error);
/* The unfinished game changed last (to resume on launch), or 0 if none. */
gint64      imh_library_get_latest_unfinished (ImhLibrary       *self,
                                               GError          **error);
/* The same among the games of one kind (the app resumes only games it has
 * a board for). */
gint64      imh_library_get_latest_unfinished_of (ImhLibrary    *self,
                                                  ImhGameKind    kind,
                                                  GError       **error);
/* Whether a record with this SHA-256 (hex) is stored. */
gboolean    imh_library_contains_hash      (ImhLibrary          *self,
                                            const char          *sha256,
                                            GError             **error);

/* The ids of the games the query selects, in its order. */
GArray     *imh_library_query_ids          (ImhLibrary            *self,
                                            const ImhLibraryQuery *query,
                                            GError               **error);
void        imh_library_query_ids_async    (ImhLibrary            *self,
                                            const ImhLibraryQuery *query,
                                            GCancellable          *cancellable,
                                            GAsyncReadyCallback    callback,
                                            gpointer               user_data);
GArray     *imh_library_query_ids_finish   (ImhLibrary            *self,
                                            GAsyncResult          *result,
                                            GError               **error);
/* Summaries of the given games, in the given order (missing ids are skipped). */
GPtrArray  *imh_library_get_summaries      (ImhLibrary          *self,
                                            const gint64        *ids,
                                            guint                n_ids,
                                            GError             **error);
guint64     imh_library_count              (ImhLibrary          *self,
                                            GError             **error);

/* Edits (each one transaction; emit ::game-changed). */
gboolean    imh_library_set_starred        (ImhLibrary          *self,
                                            gint64               id,
                                            gboolean             starred,
                                            GError             **error);
gboolean    imh_library_set_notes          (ImhLibrary          *self,
                                            gint64               id,
                                            const char          *notes,
                                            GError             **error);
/* Replaces the tags of a game (NULL-terminated; empty and repeated tags are dropped). */
gboolean    imh_library_set_tags           (ImhLibrary          *self,
                                            gint64               id,
                                            const char * const  *tags,
                                            GError             **error);
/* All tags in use, sorted. */
GStrv       imh_library_list_tags          (ImhLibrary          *self,
                                            GError             **error);
/* PNG bytes of the final position, or NULL to remove it. */
gboolean    imh_library_set_thumbnail      (ImhLibrary          *self,
                                            gint64               id,
                                            GBytes              *png,
                                            GError             **error);
GBytes     *imh_library_get_thumbnail      (ImhLibrary          *self,
                                            gint64               id,
                                            GError             **error);

/* Analyses: a game keeps one; adding another replaces it (re-analysis).
 * settings and data are JSON text (per-decision data); n_blunders feeds
 * the "contains a blunder" filter. Returns the analysis id or 0. */
gint64      imh_library_add_analysis       (ImhLibrary          *self,
                                            gint64               game_id,
                                            const char          *engine_version,
                                            const char          *settings,
                                            const char          *data,
                                            guint                n_blunders,
                                            GError             **error);
/* The newest analysis of a game: FALSE with NOT_FOUND when there is none. */
gboolean    imh_library_get_latest_analysis (ImhLibrary         *self,
                                             gint64              game_id,
                                             char              **engine_version,
                                             char              **settings,
                                             char              **data,
                                             GError            **error);

gint64      imh_library_add_bookmark       (ImhLibrary          *self,
                                            gint64               game_id,
                                            guint                ply,
                                            const char          *label,
                                            GError             **error);
gboolean    imh_library_remove_bookmark    (ImhLibrary          *self,
                                            gint64               bookmark_id,
                                            GError             **error);
/* ImhLibraryBookmark elements, by game then ply; game_id 0: all. */
GPtrArray  *imh_library_list_bookmarks     (ImhLibrary          *self,
                                            gint64               game_id,
                                            GError             **error);

/* Deletes games in one transaction. The result restores them with
 * imh_library_restore() (the Undo of the delete toast). */
ImhLibraryDeleted *imh_library_delete      (ImhLibrary          *self,
                                            const gint64        *ids,
                                            guint                n_ids,
                                            GError             **error);
gboolean    imh_library_restore            (ImhLibrary          *self,
                                            ImhLibraryDeleted   *deleted,
                                            GError             **error);

/* Imports .imhotep files: each path may be a file or a folder (searched
 * recursively for *.imhotep). Each game is stored in its own savepoint, so
 * one bad file loses nothing else. Duplicates (same record hash) and broken
 * files are rejected with reasons in the report. */
ImhLibraryImportReport *imh_library_import        (ImhLibrary          *self,
                                                   GFile * const       *files,
                                                   guint                n_files,
                                                   GCancellable        *cancellable,
                                                   GError             **error);
void                    imh_library_import_async  (ImhLibrary          *self,
                                                   GFile * const       *files,
                                                   guint                n_files,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
ImhLibraryImportReport *imh_library_import_finish (ImhLibrary          *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);

/* Writes each game to DIR/<id>-<game>-<date>.imhotep; returns the number
 * written or -1 (with error; the files written so far stay). */
int         imh_library_export             (ImhLibrary          *self,
                                            const gint64        *ids,
                                            guint                n_ids,
                                            GFile               *folder,
                                            GError             **error);
/* Writes the games, one after another, into one file. */
gboolean    imh_library_export_to_file     (ImhLibrary          *self,
                                            const gint64        *ids,
                                            guint                n_ids,
                                            GFile               *file,
                                            GError             **error);

gboolean    imh_library_get_stats          (ImhLibrary          *self,
                                            ImhLibraryStats     *stats,
                                            GError             **error);

G_END_DECLS
