/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-private.h — internals shared by the library's files. */
#pragma once

#include <sqlite3.h>

#include "imh-engine.h"
#include "imh-record.h"
#include "imh-library.h"

G_BEGIN_DECLS

/* Everything the library derives from one record. */
typedef struct {
  char    *canonical;                 /* imh_record_write() text (g_malloc'd) */
  char     sha256[65];                /* of canonical, lowercase hex */
  int      game;                      /* ImhGameKind */
  guint    n_players;
  char     sides[IMH_MAX_SITES + 1];  /* "A"/"B" per site */
  guint    variants;
  gint64   seed;
  char    *names[IMH_MAX_PLAYERS];
  char    *kinds[IMH_MAX_PLAYERS];    /* "human", "computer:3", ... */
  int      levels[IMH_MAX_PLAYERS];   /* computer level, -1 otherwise */
  int      scores[IMH_MAX_PLAYERS];
  int      places[IMH_MAX_PLAYERS];   /* 1-based, 0 unknown */
  gboolean has_scores;
  gint64   started;                   /* unix seconds, 0 unknown */
  gint64   ended;
  gint64   played;                    /* last played (unfinished, stored as it is played), 0 unknown */
  gboolean finished;                  /* the main line reaches the end of the game */
  int      winner;                    /* sole first place, else -1 */
  char    *result;                    /* "1 2" places as written, "" */
  char    *players_text;              /* "Ada – Bob" */
  char    *scores_text;               /* "23 : 19" or "" */
  int      max_level;                 /* highest computer level, -1 none */
  guint    length;                    /* decisions of the main line */
  guint    turns;
  GStrv    tags;                      /* "tag" fields of the record */
} ImhLibraryRecordInfo;

void     _imh_library_record_info_clear (ImhLibraryRecordInfo *info);
/* Fills info from a parsed record (replays its main line). */
gboolean _imh_library_describe   (const ImhRecord      *record,
                                  ImhLibraryRecordInfo *info,
                                  GError              **error);
/* Parses one record text and describes it. Errors name line and column. */
gboolean _imh_library_describe_text (const char           *text,
                                     ImhLibraryRecordInfo *info,
                                     GError              **error);

/* A record of random legal decisions, seeded (tests and benchmarks):
 * the Duel 7 times in 10, else the base game with 2–4 players; random
 * sides, names from a pool of n_names (0: the 30 built-in names), human
 * and computer seats, a date in 2020–2025. finish plays to the end, else
 * stops after max_decisions. */
char    *_imh_library_random_record (guint64  seed,
                                     gboolean finish,
                                     guint    max_decisions,
                                     guint    n_names);

/* Statements the write connection has run (tests: the work an import
 * does, counted). */
guint64  _imh_library_count_statements (ImhLibrary *self);

/* ------------------------------------------------------------------ */
/* Between the library's own files (imh-library*.c)                    */

/* games.analysed is an ImhLibraryAnalysisState. */
#define ANALYSED_READABLE   1   /* IMH_LIBRARY_ANALYSIS_READABLE */
#define ANALYSED_UNREADABLE 2   /* IMH_LIBRARY_ANALYSIS_UNREADABLE */
G_STATIC_ASSERT (ANALYSED_READABLE == IMH_LIBRARY_ANALYSIS_READABLE);
G_STATIC_ASSERT (ANALYSED_UNREADABLE == IMH_LIBRARY_ANALYSIS_UNREADABLE);

/* One SQLite connection, its prepared statements and its lock. */
typedef struct {
  sqlite3    *db;
  GHashTable *stmts;                /* SQL text (static) → sqlite3_stmt* */
  GMutex      lock;
  guint64     n_done;               /* statements run to the end by stmt_done() */
} Conn;

struct _ImhLibrary
{
  GObject               parent_instance;

  char                 *path;
  Conn                  w;          /* writes; db NULL when read-only */
  Conn                  r;          /* reads (read-only connection) */
  gboolean              read_only;
  gboolean              fts;
  ImhLibraryOpenStatus  status;
  char                 *open_message;
  char                 *moved_aside;
  guint                 n_salvaged;
  GMainContext         *context;
  GThread              *thread;      /* the one whose context that is */
};

/* The signals, emitted by _imh_library_emit(). */
enum {
  GAME_ADDED,
  GAME_REMOVED,
  GAME_CHANGED,
  N_SIGNALS
};

/* imh-library.c: connections and statements, signals */
void _imh_library_conn_init (Conn *c);
void _imh_library_conn_close (Conn *c);
void _imh_library_conn_free (Conn *c);
gboolean _imh_library_sql_error (GError **error, sqlite3 *db, int rc);
sqlite3_stmt *_imh_library_conn_stmt (Conn *c, const char *sql, GError **error);
gboolean _imh_library_conn_exec (Conn *c, const char *sql, GError **error);
gboolean _imh_library_stmt_done (Conn *c, sqlite3_stmt *stmt, GError **error);
void _imh_library_bind_text (sqlite3_stmt *stmt, int i, const char *s);
char *_imh_library_column_dup (sqlite3_stmt *stmt, int i);
Conn *_imh_library_write_conn (ImhLibrary *self, GError **error);
Conn *_imh_library_read_conn (ImhLibrary *self);
void _imh_library_conn_unlock (Conn *c);
/* BEGIN IMMEDIATE on c, whose lock the caller holds (_imh_library_write_conn()). */
gboolean _imh_library_begin (Conn *c, GError **error);
void _imh_library_rollback (Conn *c);
gboolean _imh_library_commit (Conn *c, GError **error);
gboolean _imh_library_end_read (Conn *c, gboolean ok, GError **error);
/* Emits signal (GAME_ADDED, ...) for id in the main context the library
 * was created in, from any thread. */
void _imh_library_emit (ImhLibrary *self, guint signal, gint64 id);

/* imh-library-schema.c */

/* "IMHL": marks the file as ours (PRAGMA application_id). */
#define IMH_LIBRARY_APPLICATION_ID 0x494D484C

/* Brings c's schema from version from to IMH_LIBRARY_SCHEMA_VERSION, in
 * one transaction. */
gboolean _imh_library_migrate (Conn *c, int from, GError **error);

/* imh-library-open.c */
goffset _imh_library_file_size (const char *path);
int _imh_library_open_read_only (const char *path, gboolean immutable, sqlite3 **db);
/* Opens self->path: creates, migrates, recovers a damaged file or opens it
 * read-only, as the file requires; then purges the trash. */
gboolean _imh_library_open_file (ImhLibrary *self, GError **error);

/* imh-library-store.c */
gint64 _imh_library_now_unix (void);
gboolean _imh_library_find_hash_locked (Conn *c, const char *sha256, gint64 *id, GError **error);
gboolean _imh_library_fts_refresh_locked (ImhLibrary *self, Conn *c, gint64 id, GError **error);
gboolean _imh_library_fts_delete_locked (ImhLibrary *self, Conn *c, gint64 id, GError **error);
gboolean _imh_library_set_tags_locked (ImhLibrary *self, Conn *c, gint64 id, const char * const *tags, GError **error);
gint64 _imh_library_store_locked (ImhLibrary                 *self,
                                  Conn                       *c,
                                  gint64                      id,
                                  gboolean                    insert_with_id,
                                  const ImhLibraryRecordInfo *info,
                                  GError                    **error);
gboolean _imh_library_not_found (GError **error, gint64 id);
gint64 _imh_library_scalar_locked (Conn *c, const char *sql, GError **error, gboolean *ok);

/* imh-library-edit.c */
gboolean _imh_library_game_exists_locked (Conn *c, gint64 id, GError **error);
gint64 _imh_library_insert_analysis_locked (Conn        *c,
                                            gint64       game_id,
                                            const char  *engine_version,
                                            const char  *settings,
                                            const char  *data,
                                            guint        n_blunders,
                                            gint64       created,
                                            GError     **error);
gint64 _imh_library_insert_bookmark_locked (Conn *c, gint64 id, gint64 game_id, guint ply, const char *label,
                                            gint64 created, GError **error);

/* imh-library-trash.c */
gboolean _imh_library_trash_set_locked (Conn *c, gint64 id, gint64 deleted_at, GError **error);
void _imh_library_trash_purge_expired (ImhLibrary *self);

/* imh-library-practice.c */
/* Makes the rows practice and the statistics read (analysis_seats,
 * exercises) from the stored analysis data of game_id; an analysis that
 * does not read for the game's record leaves none. Exercises whose
 * position and decision are unchanged keep their schedule. */
gboolean _imh_library_practice_index_locked (Conn *c, gint64 game_id, const char *data, GError **error);
/* The same for every stored analysis (the migration to version 3). */
gboolean _imh_library_practice_index_all_locked (Conn *c, GError **error);

/* imh-library-salvage.c */
/* Copies every game that can be read from from_path into to, in one
 * transaction; the number of games (error set only when writing failed). */
guint _imh_library_salvage (ImhLibrary *self, Conn *to, const char *from_path, GError **error);

G_END_DECLS
