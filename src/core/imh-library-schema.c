/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-library-schema.c — the game library: its schema and the migrations
 * from each earlier version. */
#define G_LOG_DOMAIN "imh-library"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "imh-library-private.h"

/* ------------------------------------------------------------------ */
/* Schema and migrations                                               */

static const char schema_v1[] =
  "CREATE TABLE games ("
  "  id          INTEGER PRIMARY KEY,"
  "  record_hash TEXT    NOT NULL,"
  "  game        INTEGER NOT NULL,"
  "  n_players   INTEGER NOT NULL,"
  "  sides       TEXT    NOT NULL,"
  "  variants    INTEGER NOT NULL DEFAULT 0,"
  "  seed        INTEGER NOT NULL,"
  "  players     TEXT    NOT NULL,"
  "  started     INTEGER NOT NULL,"
  "  ended       INTEGER NOT NULL,"
  "  finished    INTEGER NOT NULL,"
  "  winner      INTEGER NOT NULL,"
  "  result      TEXT    NOT NULL,"
  "  scores      TEXT    NOT NULL,"
  "  length      INTEGER NOT NULL,"
  "  turns       INTEGER NOT NULL,"
  "  max_level   INTEGER NOT NULL,"
  "  starred     INTEGER NOT NULL DEFAULT 0,"
  "  analysed    INTEGER NOT NULL DEFAULT 0,"
  "  n_blunders  INTEGER NOT NULL DEFAULT 0,"
  "  tags        TEXT    NOT NULL DEFAULT '',"
  "  notes       TEXT    NOT NULL DEFAULT '',"
  "  added       INTEGER NOT NULL,"
  "  modified    INTEGER NOT NULL"
  ");"
  "CREATE INDEX games_hash    ON games (record_hash);"
  "CREATE INDEX games_started ON games (started);"
  "CREATE INDEX games_game    ON games (game, n_players, started);"
  "CREATE INDEX games_players ON games (players COLLATE NOCASE);"
  "CREATE INDEX games_result  ON games (finished, winner, started);"
  "CREATE INDEX games_length  ON games (length);"
  "CREATE INDEX games_starred ON games (starred, started);"
  "CREATE INDEX games_unfinished ON games (finished, modified);"
  "CREATE TABLE records ("
  "  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  text    TEXT NOT NULL"
  ");"
  "CREATE TABLE players ("
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat    INTEGER NOT NULL,"
  "  name    TEXT    NOT NULL,"
  "  kind    TEXT    NOT NULL,"
  "  level   INTEGER NOT NULL,"
  "  score   INTEGER,"
  "  place   INTEGER,"
  "  PRIMARY KEY (game_id, seat)"
  ") WITHOUT ROWID;"
  "CREATE INDEX players_name ON players (name COLLATE NOCASE);"
  "CREATE TABLE tags ("
  "  id   INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE COLLATE NOCASE"
  ");"
  "CREATE TABLE game_tags ("
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  tag_id  INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,"
  "  PRIMARY KEY (game_id, tag_id)"
  ") WITHOUT ROWID;"
  "CREATE INDEX game_tags_tag ON game_tags (tag_id, game_id);"
  "CREATE TABLE thumbnails ("
  "  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  png     BLOB NOT NULL"
  ");"
  "CREATE TABLE analyses ("
  "  id             INTEGER PRIMARY KEY,"
  "  game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  engine_version TEXT    NOT NULL,"
  "  settings       TEXT    NOT NULL,"
  "  data           TEXT    NOT NULL,"
  "  n_blunders     INTEGER NOT NULL,"
  "  created        INTEGER NOT NULL"
  ");"
  "CREATE INDEX analyses_game ON analyses (game_id);"
  "CREATE TABLE bookmarks ("
  "  id      INTEGER PRIMARY KEY,"
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  ply     INTEGER NOT NULL,"
  "  label   TEXT    NOT NULL,"
  "  created INTEGER NOT NULL"
  ");"
  "CREATE INDEX bookmarks_game ON bookmarks (game_id, ply);";

static const char schema_v1_fts[] =
  "CREATE VIRTUAL TABLE games_fts USING fts5 ("
  "  players, notes, tags,"
  "  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'"
  ");";

static gboolean
migrate_to_1 (Conn *c, GError **error)
{
  if (!_imh_library_conn_exec (c, schema_v1, error))
    return FALSE;
  /* Full-text search when this SQLite has FTS5; else LIKE queries
   * (IMH_LIBRARY_NO_FTS=1 forces those, for the tests). */
  if (sqlite3_compileoption_used ("ENABLE_FTS5") && g_getenv ("IMH_LIBRARY_NO_FTS") == NULL)
    return _imh_library_conn_exec (c, schema_v1_fts, error);
  return TRUE;
}

/* Version 2: games.id becomes AUTOINCREMENT (an id is never given again,
 * even after its game was removed for good) and games get deleted_at (the
 * Unix time the game was moved to the trash, NULL when it is not in the
 * trash). SQLite cannot change a primary key in place, so the table is
 * rebuilt: a new table, every row copied with its id, the old table
 * dropped, the new one renamed and the indexes made again. The tables that
 * refer to games by id (records, players, game_tags, thumbnails, analyses,
 * bookmarks) and games_fts (rowid = game id) are not touched; migrate()
 * turns foreign keys off around the transaction, or dropping the old table
 * would delete their rows by cascade, and checks them before committing. */
static const char schema_v2_games[] =
  "CREATE TABLE games_v2 ("
  "  id          INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  record_hash TEXT    NOT NULL,"
  "  game        INTEGER NOT NULL,"
  "  n_players   INTEGER NOT NULL,"
  "  sides       TEXT    NOT NULL,"
  "  variants    INTEGER NOT NULL DEFAULT 0,"
  "  seed        INTEGER NOT NULL,"
  "  players     TEXT    NOT NULL,"
  "  started     INTEGER NOT NULL,"
  "  ended       INTEGER NOT NULL,"
  "  finished    INTEGER NOT NULL,"
  "  winner      INTEGER NOT NULL,"
  "  result      TEXT    NOT NULL,"
  "  scores      TEXT    NOT NULL,"
  "  length      INTEGER NOT NULL,"
  "  turns       INTEGER NOT NULL,"
  "  max_level   INTEGER NOT NULL,"
  "  starred     INTEGER NOT NULL DEFAULT 0,"
  "  analysed    INTEGER NOT NULL DEFAULT 0,"
  "  n_blunders  INTEGER NOT NULL DEFAULT 0,"
  "  tags        TEXT    NOT NULL DEFAULT '',"
  "  notes       TEXT    NOT NULL DEFAULT '',"
  "  added       INTEGER NOT NULL,"
  "  modified    INTEGER NOT NULL,"
  "  deleted_at  INTEGER"
  ");"
  "INSERT INTO games_v2 (id, record_hash, game, n_players, sides, variants, seed, players,"
  "  started, ended, finished, winner, result, scores, length, turns, max_level, starred,"
  "  analysed, n_blunders, tags, notes, added, modified)"
  " SELECT id, record_hash, game, n_players, sides, variants, seed, players,"
  "  started, ended, finished, winner, result, scores, length, turns, max_level, starred,"
  "  analysed, n_blunders, tags, notes, added, modified FROM games ORDER BY id;"
  "DROP TABLE games;"
  "ALTER TABLE games_v2 RENAME TO games;"
  "CREATE INDEX games_hash    ON games (record_hash);"
  "CREATE INDEX games_started ON games (started);"
  "CREATE INDEX games_game    ON games (game, n_players, started);"
  "CREATE INDEX games_players ON games (players COLLATE NOCASE);"
  "CREATE INDEX games_result  ON games (finished, winner, started);"
  "CREATE INDEX games_length  ON games (length);"
  "CREATE INDEX games_starred ON games (starred, started);"
  "CREATE INDEX games_unfinished ON games (finished, modified);"
  "CREATE INDEX games_deleted ON games (deleted_at) WHERE deleted_at IS NOT NULL;";

static gboolean
migrate_to_2 (Conn *c, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  if (!_imh_library_conn_exec (c, schema_v2_games, error))
    return FALSE;

  /* Every row that refers to a game still finds it. */
  rc = sqlite3_prepare_v2 (c->db, "PRAGMA foreign_key_check", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    g_set_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_FAILED,
                 _("The library “%s” could not be updated: rows of its table “%s” refer to games that are not there"),
                 sqlite3_db_filename (c->db, "main"), (const char *) sqlite3_column_text (stmt, 0));
  else if (rc != SQLITE_DONE)
    _imh_library_sql_error (error, c->db, rc);
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE;
}

/* Version 3: what practice and the statistics read, derived from each
 * stored analysis (imh-library-practice.c): per seat totals with the loss
 * by kind of decision (analysis_seats), and the exercises made of the
 * mistakes and blunders of person seats with their review schedule
 * (exercises). Both follow their game by cascade; the rows of the
 * analyses already stored are made here. */
static const char schema_v3[] =
  "CREATE TABLE analysis_seats ("
  "  game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat          INTEGER NOT NULL,"
  "  choices       INTEGER NOT NULL,"
  "  accuracy      REAL    NOT NULL,"
  "  total_loss    REAL    NOT NULL,"
  "  inaccuracies  INTEGER NOT NULL,"
  "  mistakes      INTEGER NOT NULL,"
  "  blunders      INTEGER NOT NULL,"
  "  luck          REAL    NOT NULL,"
  "  result        REAL,"
  "  luck_adjusted REAL,"
  "  n_kind0 INTEGER NOT NULL, loss_kind0 REAL NOT NULL,"
  "  n_kind1 INTEGER NOT NULL, loss_kind1 REAL NOT NULL,"
  "  n_kind2 INTEGER NOT NULL, loss_kind2 REAL NOT NULL,"
  "  n_kind3 INTEGER NOT NULL, loss_kind3 REAL NOT NULL,"
  "  PRIMARY KEY (game_id, seat)"
  ") WITHOUT ROWID;"
  "CREATE TABLE exercises ("
  "  id            INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  ply           INTEGER NOT NULL,"
  "  seat          INTEGER NOT NULL,"
  "  position_hash INTEGER NOT NULL,"
  "  played        INTEGER NOT NULL,"
  "  best          INTEGER NOT NULL,"
  "  mark          INTEGER NOT NULL,"
  "  loss          REAL    NOT NULL,"
  "  kind          INTEGER NOT NULL,"
  "  candidates    TEXT    NOT NULL,"
  "  created       INTEGER NOT NULL,"
  "  due           INTEGER NOT NULL,"
  "  interval      INTEGER NOT NULL DEFAULT 0,"
  "  ease          REAL    NOT NULL DEFAULT 2.5,"
  "  reps          INTEGER NOT NULL DEFAULT 0,"
  "  lapses        INTEGER NOT NULL DEFAULT 0,"
  "  reviewed      INTEGER NOT NULL DEFAULT 0,"
  "  UNIQUE (game_id, ply)"
  ");"
  "CREATE INDEX exercises_due ON exercises (due);"
  "CREATE INDEX players_person ON players (name COLLATE NOCASE, game_id, seat, place, kind) WHERE kind = 'human';"
  "CREATE INDEX games_stats ON games (id, game, started, finished, winner, max_level, analysed, deleted_at);";

static gboolean
migrate_to_3 (Conn *c, GError **error)
{
  if (!_imh_library_conn_exec (c, schema_v3, error))
    return FALSE;
  return _imh_library_practice_index_all_locked (c, error);
}

/* Migration i brings the schema from version i to i + 1. A new version
 * appends its function here and raises IMH_LIBRARY_SCHEMA_VERSION. */
static gboolean (* const migrations[]) (Conn *c, GError **error) = {
  migrate_to_1,
  migrate_to_2,
  migrate_to_3,
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == IMH_LIBRARY_SCHEMA_VERSION);


static gboolean
migrate_steps (Conn *c, int from, GError **error)
{
  g_autofree char *set = NULL;

  if (!_imh_library_begin (c, error))
    return FALSE;
  for (int v = from; v < IMH_LIBRARY_SCHEMA_VERSION; v++)
    if (!migrations[v] (c, error))
      {
        _imh_library_rollback (c);
        return FALSE;
      }
  set = g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = %d;",
                         IMH_LIBRARY_APPLICATION_ID, IMH_LIBRARY_SCHEMA_VERSION);
  if (!_imh_library_conn_exec (c, set, error))
    {
      _imh_library_rollback (c);
      return FALSE;
    }
  return _imh_library_commit (c, error);
}

/* The steps run in one transaction with foreign keys off (a pragma that
 * only takes effect outside a transaction): a step that rebuilds a table
 * others refer to must not cascade (migrate_to_2 checks the keys itself). */
gboolean
_imh_library_migrate (Conn *c, int from, GError **error)
{
  gboolean ok;

  if (!_imh_library_conn_exec (c, "PRAGMA foreign_keys = OFF", error))
    return FALSE;
  ok = migrate_steps (c, from, error);
  if (!_imh_library_conn_exec (c, "PRAGMA foreign_keys = ON", ok ? error : NULL))
    ok = FALSE;
  return ok;
}
