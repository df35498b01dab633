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
  IMH_LIBRARY_ERROR_NOT_A_LIBRARY, /* the file is not an Imhotep library: left unchanged */
  IMH_LIBRARY_ERROR_BUSY,         /* another connection held the database longer than the busy timeout */
  IMH_LIBRARY_ERROR_FULL,         /* the disk (or the file system's quota) is full */
} ImhLibraryError;

/* How the database file was found when it was opened. */
typedef enum {
  IMH_LIBRARY_OPEN_OK,            /* opened (or created) normally */
  IMH_LIBRARY_OPEN_RECOVERED,     /* damaged: moved aside, what was readable salvaged into a fresh library */
  IMH_LIBRARY_OPEN_READ_ONLY,     /* written by a newer version: opened read-only */
  IMH_LIBRARY_OPEN_NOT_WRITABLE,  /* the file or its folder is not writable: opened read-only */
} ImhLibraryOpenStatus;

/* The schema version this build writes (PRAGMA user_version). */
#define IMH_LIBRARY_SCHEMA_VERSION 3

/* Days a deleted game stays in the trash ("Recently Deleted") before it is
 * removed for good (at the next open of the library). */
#define IMH_LIBRARY_TRASH_DAYS 30

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
  gboolean            trash;         /* the games in the trash instead, the newest deletion
                                      * first (sort and descending are not used) */
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

/* The games imh_library_delete() moved to the trash, so that an Undo can
 * put them back (imh_library_restore()). */
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
 * default path when NULL. A file that is not an Imhotep library is never
 * changed: the open fails with IMH_LIBRARY_ERROR_NOT_A_LIBRARY naming it.
 * A damaged library is moved aside as PATH.corrupt-YYYYMMDD-HHMMSS (never
 * deleted) and every game that can still be read is salvaged into a fresh
 * library; a newer schema, or a file or folder that is not writable, is
 * opened read-only. Each is reported by imh_library_get_open_status() and
 * _get_open_message(). Fails when no library can be opened at all; the
 * error names the path. */
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
/* Games salvaged from the damaged file (status RECOVERED), else 0. */
guint                imh_library_get_n_salvaged    (ImhLibrary *self);
/* Whether full-text search uses FTS5 (else indexed LIKE queries). */
gboolean             imh_library_has_fts           (ImhLibrary *self);

/* Stores a record (the text of a .imhotep game). id 0 adds a new game and
 * returns its id; a positive id replaces the record of that game (autosave
 * after each decision) and returns id. A game of that id in the trash is
 * restored; when there is no game of that id any more (removed from the
 * trash), the record is stored as a new game and the new id is returned
 * (ids are never reused, so it differs from id). The record is parsed and replayed;
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

/* Limits of what a game's notes and tags may hold (the tags' are those
 * of a record, IMH_RECORD_MAX_TAGS and IMH_RECORD_MAX_TAG_CHARS); edits
 * past them fail with IMH_LIBRARY_ERROR_INVALID. In characters. */
#define IMH_LIBRARY_MAX_NOTES_CHARS 10000
#define IMH_LIBRARY_MAX_TAGS        100
#define IMH_LIBRARY_MAX_TAG_CHARS   100

/* Edits (each one transaction; emit ::game-changed). */
gboolean    imh_library_set_starred        (ImhLibrary          *self,
                                            gint64               id,
                                            gboolean             starred,
                                            GError             **error);
gboolean    imh_library_set_notes          (ImhLibrary          *self,
                                            gint64               id,
                                            const char          *notes,
                                            GError             **error);
/* Replaces the tags of a game (NULL-terminated; surrounding spaces are
 * stripped, empty tags and repeats up to case and Unicode normalization
 * dropped). */
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
/* What the "analysed" column says of a game's stored analysis. */
typedef enum {
  IMH_LIBRARY_ANALYSIS_NONE = 0,        /* none for the game's current record */
  IMH_LIBRARY_ANALYSIS_READABLE = 1,    /* it reads back: "analysed" */
  IMH_LIBRARY_ANALYSIS_UNREADABLE = 2,  /* kept, but it cannot be read */
} ImhLibraryAnalysisState;

/* Sets what the library lists of the game's stored analysis, when it has
 * one (nothing changes for a game without): NONE for one of other
 * decisions than the game's record (it was played on), UNREADABLE for one
 * that cannot be read (imh_game_summary_get_analysis_unreadable()), and
 * READABLE. Only READABLE counts as "analysed" and keeps the blunder
 * count. The analysis itself is kept; the next one added replaces it.
 * imh_analysis_result_load() sets it from what it finds. */
gboolean    imh_library_set_analysis_state (ImhLibrary            *self,
                                            gint64                 game_id,
                                            ImhLibraryAnalysisState state,
                                            GError               **error);
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

/* Moves games to the trash in one transaction (they keep everything and
 * leave every list, search, count and statistic; games already in the
 * trash stay as they are). The result restores them with
 * imh_library_restore() (the Undo of the delete toast). */
ImhLibraryDeleted *imh_library_delete      (ImhLibrary          *self,
                                            const gint64        *ids,
                                            guint                n_ids,
                                            GError             **error);
/* Takes the games of deleted out of the trash (those still in it). */
gboolean    imh_library_restore            (ImhLibrary          *self,
                                            ImhLibraryDeleted   *deleted,
                                            GError             **error);

/* The trash: games deleted within the last IMH_LIBRARY_TRASH_DAYS days.
 * List them with a query whose trash field is TRUE. Each call is one
 * transaction; restoring emits ::game-added, removing ::game-removed. */
gboolean    imh_library_restore_from_trash (ImhLibrary          *self,
                                            const gint64        *ids,
                                            guint                n_ids,
                                            GError             **error);
/* Removes games of the trash for good (ids not in the trash are left
 * alone); n_removed (may be NULL) counts the games removed. */
gboolean    imh_library_delete_forever     (ImhLibrary          *self,
                                            const gint64        *ids,
                                            guint                n_ids,
                                            guint               *n_removed,
                                            GError             **error);
gboolean    imh_library_empty_trash        (ImhLibrary          *self,
                                            guint               *n_removed,
                                            GError             **error);
guint64     imh_library_count_trash        (ImhLibrary          *self,
                                            GError             **error);
/* When a game was moved to the trash (Unix seconds), 0 when it is not in
 * the trash (or not in the library). */
gint64      imh_library_get_deleted_time   (ImhLibrary          *self,
                                            gint64               id,
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
