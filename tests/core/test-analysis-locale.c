/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis-locale.c — stored analyses read back whatever the locale
 * (suite `core`): the analyses a German locale wrote with decimal commas
 * (tests/core/data/library-de-1.sqlite3.gz) load with the values the C
 * locale wrote; what is stored now is JSON's number format; an analysis
 * that cannot be read is kept and marked, not dropped. Every case runs
 * under the C locale and under de_DE.UTF-8 (skipped where that locale is
 * missing). */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "imh-analysis-job.h"
#include "imh-game-summary.h"
#include "imh-library.h"

/* The fixture's games (tests/core/data/README.md). */
#define CLASSIC_ID 1
#define DUEL_ID    2

typedef struct {
  const char *locale;
  char       *tmpdir;
  char       *db;
} Fixture;

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "core", "data", name, NULL);
}

/* The contents of a gzip file of tests/core/data. */
static GBytes *
read_gz (const char *name)
{
  g_autofree char *path = data_path (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) raw = NULL, in = NULL;
  g_autoptr(GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  raw = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_assert_no_error (error);
  in = g_converter_input_stream_new (raw, G_CONVERTER (gunzip));
  g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE
                          | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static char *
read_gz_text (const char *name)
{
  g_autoptr(GBytes) bytes = read_gz (name);
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);

  return g_strndup (data, len);
}

static char *
read_text (const char *name)
{
  g_autofree char *path = data_path (name);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GBytes) db = NULL;
  g_autoptr(GError) error = NULL;

  f->locale = data;
  if (setlocale (LC_ALL, f->locale) == NULL)
    {
      g_autofree char *why = g_strdup_printf ("locale %s is not available", f->locale);
      g_test_skip (why);
      return;
    }
  f->tmpdir = g_dir_make_tmp ("imh-test-analysis-locale-XXXXXX", &error);
  g_assert_no_error (error);
  f->db = g_build_filename (f->tmpdir, "library.sqlite3", NULL);
  db = read_gz ("library-de-1.sqlite3.gz");
  g_file_set_contents (f->db, g_bytes_get_data (db, NULL), (gssize) g_bytes_get_size (db), &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  const char *suffixes[] = { "", "-wal", "-shm" };

  if (f->db != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
      {
        g_autofree char *path = g_strconcat (f->db, suffixes[i], NULL);
        g_remove (path);
      }
  if (f->tmpdir != NULL)
    g_rmdir (f->tmpdir);
  g_free (f->db);
  g_free (f->tmpdir);
  setlocale (LC_ALL, "C.UTF-8");
}

static ImhLibrary *
open_library (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  ImhLibrary *lib = imh_library_open (f->db, &error);

  g_assert_no_error (error);
  g_assert_nonnull (lib);
  g_assert_cmpint (imh_library_get_open_status (lib), ==, IMH_LIBRARY_OPEN_OK);
  return lib;
}

static ImhGameSummary *
summary (ImhLibrary *lib, gint64 id)
{
  g_autoptr(GError) error = NULL;
  ImhGameSummary *s = imh_library_get_summary (lib, id, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static void
assert_candidates_equal (const ImhAnalysisCandidate *a,
                         const ImhAnalysisCandidate *b)
{
  g_assert_cmpuint (a->decision, ==, b->decision);
  g_assert_cmpstr (a->text, ==, b->text);
  g_assert_cmpuint (a->visits, ==, b->visits);
  g_assert_cmpfloat (a->win, ==, b->win);
  g_assert_cmpfloat (a->win_ci, ==, b->win_ci);
  g_assert_cmpfloat (a->margin, ==, b->margin);
}

/* Every value, exactly (the same decimal text reads as the same double). */
static void
assert_analyses_equal (const ImhAnalysis *a,
                       const ImhAnalysis *b)
{
  g_assert_cmpint (a->game, ==, b->game);
  g_assert_cmpuint (a->n_players, ==, b->n_players);
  g_assert_cmpuint (a->settings.root_iterations, ==, b->settings.root_iterations);
  g_assert_cmpuint (a->settings.samples, ==, b->settings.samples);
  g_assert_cmpuint (a->settings.sample_iterations, ==, b->settings.sample_iterations);
  g_assert_cmpuint (a->settings.seed, ==, b->settings.seed);
  g_assert_cmpstr (a->engine_version, ==, b->engine_version);
  g_assert_cmpuint (a->iterations, ==, b->iterations);
  g_assert_cmpuint (a->n_plies, ==, b->n_plies);
  for (guint i = 0; i < a->n_plies; i++)
    {
      const ImhAnalysisPly *p = &a->plies[i], *q = &b->plies[i];

      g_assert_cmpuint (p->played, ==, q->played);
      g_assert_cmpuint (p->best, ==, q->best);
      g_assert_cmpuint (p->n_legal, ==, q->n_legal);
      g_assert_cmpint (p->forced, ==, q->forced);
      g_assert_cmpfloat (p->win_before, ==, q->win_before);
      g_assert_cmpfloat (p->win_before_ci, ==, q->win_before_ci);
      g_assert_cmpfloat (p->win_after, ==, q->win_after);
      g_assert_cmpfloat (p->win_after_ci, ==, q->win_after_ci);
      g_assert_cmpfloat (p->margin_before, ==, q->margin_before);
      g_assert_cmpfloat (p->margin_after, ==, q->margin_after);
      g_assert_cmpfloat (p->loss, ==, q->loss);
      g_assert_cmpfloat (p->loss_ci, ==, q->loss_ci);
      g_assert_cmpint (p->mark, ==, q->mark);
      g_assert_cmpint (p->has_alternative, ==, q->has_alternative);
      if (p->has_alternative)
        assert_candidates_equal (&p->alternative, &q->alternative);
      g_assert_cmpint (p->chance, ==, q->chance);
      g_assert_cmpfloat (p->win_actual, ==, q->win_actual);
      g_assert_cmpfloat (p->win_actual_ci, ==, q->win_actual_ci);
      g_assert_cmpfloat (p->luck, ==, q->luck);
      g_assert_cmpuint (p->n_top, ==, q->n_top);
      for (guint k = 0; k < p->n_top; k++)
        assert_candidates_equal (&p->top[k], &q->top[k]);
    }
  for (guint pl = 0; pl < a->n_players; pl++)
    {
      g_assert_cmpfloat (a->players[pl].accuracy, ==, b->players[pl].accuracy);
      g_assert_cmpfloat (a->players[pl].luck, ==, b->players[pl].luck);
      g_assert_cmpuint (a->players[pl].blunders, ==, b->players[pl].blunders);
    }
}

/* The Duel analysed under German: every value as the C locale wrote it. */
static void
test_duel_as_written_under_c (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(ImhAnalysisResult) stored = NULL, reference = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL, *c_json = NULL;
  const ImhAnalysis *a;

  if (f->db == NULL)
    return;
  lib = open_library (f);
  stored = imh_analysis_result_load (lib, DUEL_ID, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stored);

  record = read_text ("duel-7.imhotep");
  c_json = read_gz_text ("duel-7-analysis-C.json.gz");
  reference = imh_analysis_result_new_from_json (record, c_json, &error);
  g_assert_no_error (error);
  assert_analyses_equal (imh_analysis_result_get_analysis (stored),
                         imh_analysis_result_get_analysis (reference));

  /* And by hand: the first decision ("win_before":0,4597) and the
   * summary as stored ("accuracy":82,2, "luck":-9,7; 3 and 12 blunders). */
  a = imh_analysis_result_get_analysis (stored);
  g_assert_cmpuint (a->n_plies, ==, 72);
  g_assert_cmpfloat (a->plies[0].win_before, ==, 0.4597);
  g_assert_cmpfloat (a->plies[0].win_after, ==, 0.3835);
  g_assert_cmpfloat (a->plies[0].margin_after, ==, -1.77);
  g_assert_cmpfloat (a->plies[0].top[0].win, ==, 0.5716);
  g_assert_cmpint (a->plies[0].mark, ==, IMH_MARK_INACCURACY);
  g_assert_cmpfloat_with_epsilon (a->players[0].accuracy, 82.2, 0.05);
  g_assert_cmpfloat_with_epsilon (a->players[0].luck, -9.7, 0.05);
  g_assert_cmpfloat_with_epsilon (a->players[1].accuracy, 68.0, 0.05);
  g_assert_cmpuint (a->players[0].blunders, ==, 3);
  g_assert_cmpuint (a->players[1].blunders, ==, 12);

  /* Nothing to mark: listed as analysed. */
  {
    g_autoptr(ImhGameSummary) s = summary (lib, DUEL_ID);
    g_assert_true (imh_game_summary_get_analysed (s));
    g_assert_false (imh_game_summary_get_analysis_unreadable (s));
  }
}

/* The 3-player game analysed under German: the values written by hand. */
static void
test_classic_values (Fixture       *f,
                     gconstpointer  data)
{
  static const struct {
    double   accuracy, total_loss, luck;
    guint    inaccuracies, mistakes, blunders;
    double   result, luck_adjusted;
  } expected[3] = {
    { 92.8, 59.5, 1.2, 3, 1, 0, 1.0, 0.988 },
    { 80.8, 171.7, -2.5, 6, 3, 4, 0.0, 0.025 },
    { 80.2, 183.6, 0.5, 6, 5, 4, 0.5, 0.495 },
  };
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(ImhAnalysisResult) stored = NULL;
  g_autoptr(GError) error = NULL;
  const ImhAnalysis *a;

  if (f->db == NULL)
    return;
  lib = open_library (f);
  stored = imh_analysis_result_load (lib, CLASSIC_ID, &error);
  g_assert_no_error (error);
  a = imh_analysis_result_get_analysis (stored);
  g_assert_cmpuint (a->n_players, ==, 3);
  g_assert_cmpuint (a->n_plies, ==, 104);
  /* "win_before":0,4893,"win_after":0,4665,"margin_before":-3,75,"loss":2,27 */
  g_assert_cmpfloat (a->plies[0].win_before, ==, 0.4893);
  g_assert_cmpfloat (a->plies[0].win_after, ==, 0.4665);
  g_assert_cmpfloat (a->plies[0].margin_before, ==, -3.75);
  g_assert_cmpfloat (a->plies[0].loss, ==, 2.27);
  g_assert_cmpuint (a->plies[0].top[0].visits, ==, 497);
  g_assert_cmpfloat (a->plies[0].top[0].win, ==, 0.5101);
  /* The summary is recomputed from the decisions (as written, rounded):
   * as the writer summed it, within the rounding of the decisions. */
  for (guint p = 0; p < 3; p++)
    {
      g_assert_cmpfloat_with_epsilon (a->players[p].accuracy, expected[p].accuracy, 0.1);
      g_assert_cmpfloat_with_epsilon (a->players[p].total_loss, expected[p].total_loss, 0.2);
      g_assert_cmpfloat_with_epsilon (a->players[p].luck, expected[p].luck, 0.2);
      g_assert_cmpuint (a->players[p].inaccuracies, ==, expected[p].inaccuracies);
      g_assert_cmpuint (a->players[p].mistakes, ==, expected[p].mistakes);
      g_assert_cmpuint (a->players[p].blunders, ==, expected[p].blunders);
      g_assert_true (a->players[p].has_result);
      g_assert_cmpfloat_with_epsilon (a->players[p].result, expected[p].result, 0.0005);
      g_assert_cmpfloat_with_epsilon (a->players[p].luck_adjusted, expected[p].luck_adjusted, 0.0005);
    }
}

/* A member's value in stored JSON, read with json-glib. */
static JsonNode *
member_path (JsonNode *root, const char *array, guint index, const char *key)
{
  JsonObject *o = json_node_get_object (root);
  JsonArray *a = json_object_get_array_member (o, array);

  return json_object_get_member (json_array_get_object_element (a, index), key);
}

/* What is stored now is JSON's number format, in any locale. */
static void
test_stored_format (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(ImhAnalysisResult) reference = NULL, back = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL, *c_json = NULL, *stored = NULL;
  JsonNode *n;

  if (f->db == NULL)
    return;
  lib = open_library (f);
  record = read_text ("duel-7.imhotep");
  c_json = read_gz_text ("duel-7-analysis-C.json.gz");
  reference = imh_analysis_result_new_from_json (record, c_json, &error);
  g_assert_no_error (error);

  /* Stored again (a re-analysis of the game) under this test's locale. */
  g_assert_true (imh_analysis_result_save (reference, lib, DUEL_ID, &error));
  g_assert_no_error (error);
  g_assert_true (imh_library_get_latest_analysis (lib, DUEL_ID, NULL, NULL, &stored, &error));
  g_assert_no_error (error);
  /* Strict JSON: no decimal comma anywhere. */
  g_assert_null (strstr (stored, "\"win\":0,"));
  g_assert_null (strstr (stored, "\"accuracy\":82,"));
  json_parser_load_from_data (parser, stored, -1, &error);
  g_assert_no_error (error);
  n = member_path (json_parser_get_root (parser), "summary", 0, "accuracy");
  g_assert_cmpint (json_node_get_value_type (n), ==, G_TYPE_DOUBLE);
  g_assert_cmpfloat_with_epsilon (json_node_get_double (n), 82.2, 1e-9);
  n = member_path (json_parser_get_root (parser), "plies", 0, "win_before");
  g_assert_cmpfloat_with_epsilon (json_node_get_double (n), 0.4597, 1e-9);

  back = imh_analysis_result_load (lib, DUEL_ID, &error);
  g_assert_no_error (error);
  assert_analyses_equal (imh_analysis_result_get_analysis (back),
                         imh_analysis_result_get_analysis (reference));
}

/* An analysis that cannot be read: an error naming it, the row kept, the
 * game marked (not "analysed") until a readable analysis replaces it. */
static void
test_unreadable_kept (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(ImhAnalysisResult) reference = NULL, back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL, *c_json = NULL, *broken = NULL, *stored = NULL;
  ImhAnalysisResult *bad;
  ImhLibraryQuery q;
  g_autoptr(GArray) ids = NULL;

  if (f->db == NULL)
    return;
  lib = open_library (f);
  record = read_text ("duel-7.imhotep");
  c_json = read_gz_text ("duel-7-analysis-C.json.gz");
  reference = imh_analysis_result_new_from_json (record, c_json, &error);
  g_assert_no_error (error);

  /* A broken analysis in the library (as a damaged file would hold). */
  broken = g_strndup (c_json, strlen (c_json) - 200);
  g_assert_cmpint (imh_library_add_analysis (lib, DUEL_ID, "imhotep-engine-1", "{}", broken, 15,
                                             &error), >, 0);
  g_assert_no_error (error);

  bad = imh_analysis_result_load (lib, DUEL_ID, &error);
  g_assert_null (bad);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "byte"));
  g_clear_error (&error);

  /* Kept as it was. */
  g_assert_true (imh_library_get_latest_analysis (lib, DUEL_ID, NULL, NULL, &stored, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (stored, ==, broken);
  g_clear_pointer (&stored, g_free);
  /* Listed as unreadable, not as analysed; the filter agrees. */
  {
    g_autoptr(ImhGameSummary) s = summary (lib, DUEL_ID);
    g_assert_false (imh_game_summary_get_analysed (s));
    g_assert_true (imh_game_summary_get_analysis_unreadable (s));
  }
  imh_library_query_init (&q);
  q.analysed = IMH_LIBRARY_YES;
  ids = imh_library_query_ids (lib, &q, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, CLASSIC_ID);
  imh_library_query_clear (&q);

  /* Analysed again: replaced, and listed as analysed. */
  g_assert_true (imh_analysis_result_save (reference, lib, DUEL_ID, &error));
  g_assert_no_error (error);
  back = imh_analysis_result_load (lib, DUEL_ID, &error);
  g_assert_no_error (error);
  {
    g_autoptr(ImhGameSummary) s = summary (lib, DUEL_ID);
    g_assert_true (imh_game_summary_get_analysed (s));
    g_assert_false (imh_game_summary_get_analysis_unreadable (s));
  }
}

/* An analysis of other decisions than the stored record (a game played
 * on after it was analysed) is not an unreadable one: NOT_FOUND, quietly;
 * the game is listed as not analysed until its record matches again. */
static void
test_other_line (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(ImhLibrary) lib = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *c_json = NULL, *shorter = NULL, *record = NULL;
  g_autoptr(ImhGameSummary) s = NULL, s2 = NULL;
  g_autoptr(ImhAnalysisResult) back = NULL;
  ImhAnalysisResult *r;
  gint64 id;

  if (f->db == NULL)
    return;
  lib = open_library (f);
  c_json = read_gz_text ("duel-7-analysis-C.json.gz");
  /* The Duel's record without its last turn ("61. U R2"): the analysis
   * has a decision more than the record. */
  record = read_text ("duel-7.imhotep");
  {
    char *last = g_strrstr (record, "\n61. U R2");

    g_assert_nonnull (last);
    shorter = g_strndup (record, (gsize) (last - record) + 1);
  }
  id = imh_library_save_record (lib, 0, shorter, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (imh_library_add_analysis (lib, id, "imhotep-engine-1", "{}", c_json, 15, &error),
                   >, 0);
  r = imh_analysis_result_load (lib, id, &error);
  g_assert_null (r);
  g_assert_error (error, IMH_LIBRARY_ERROR, IMH_LIBRARY_ERROR_NOT_FOUND);
  g_clear_error (&error);
  s = summary (lib, id);
  g_assert_false (imh_game_summary_get_analysed (s));
  g_assert_false (imh_game_summary_get_analysis_unreadable (s));
  g_assert_cmpuint (imh_game_summary_get_n_blunders (s), ==, 0);

  /* The record back at the analysed decisions: listed as analysed again. */
  g_assert_cmpint (imh_library_save_record (lib, id, record, FALSE, &error), ==, id);
  g_assert_no_error (error);
  back = imh_analysis_result_load (lib, id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  s2 = summary (lib, id);
  g_assert_true (imh_game_summary_get_analysed (s2));
  g_assert_cmpuint (imh_game_summary_get_n_blunders (s2), ==, 15);
}

/* The reader is json-glib's: strings with escapes and surrogate pairs,
 * and the decimal commas are only mended in numbers, never in strings. */
static void
test_strings (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL, *c_json = NULL;
  g_autoptr(ImhAnalysisResult) r = NULL;
  const char *version = "\"engine_version\":\"imhotep-engine-1\"";
  g_autoptr(GString) s = NULL;

  if (f->db == NULL)
    return;
  record = read_text ("duel-7.imhotep");
  c_json = read_gz_text ("duel-7-analysis-C.json.gz");
  g_assert_nonnull (strstr (c_json, version));

  /* A die (U+1F3B2) as a surrogate pair. */
  s = g_string_new (c_json);
  g_string_replace (s, version, "\"engine_version\":\"e\\ud83c\\udfb2\"", 1);
  r = imh_analysis_result_new_from_json (record, s->str, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imh_analysis_result_get_analysis (r)->engine_version, ==, "e\xf0\x9f\x8e\xb2");
  g_clear_pointer (&r, imh_analysis_result_unref);

  /* A string that looks like a member with a decimal comma stays as it is. */
  g_string_assign (s, c_json);
  g_string_replace (s, version, "\"engine_version\":\"x\\\",\\\"luck\\\":1,5}\"", 1);
  r = imh_analysis_result_new_from_json (record, s->str, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imh_analysis_result_get_analysis (r)->engine_version, ==, "x\",\"luck\":1,5}");
  g_clear_pointer (&r, imh_analysis_result_unref);

  /* Not UTF-8: an error, not a crash. */
  g_string_assign (s, c_json);
  g_string_replace (s, version, "\"engine_version\":\"\xff\"", 1);
  r = imh_analysis_result_new_from_json (record, s->str, &error);
  g_assert_null (r);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  /* A decimal comma where the old writer never put one: not mended. */
  g_string_assign (s, c_json);
  g_string_replace (s, "\"iterations\":", "\"iterations\":1,5,\"x\":", 1);
  r = imh_analysis_result_new_from_json (record, s->str, &error);
  g_assert_null (r);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
}

static void
add_cases (const char *name,
           const char *locale)
{
  static const struct {
    const char *path;
    void (*fn) (Fixture *, gconstpointer);
  } cases[] = {
    { "duel-as-written-under-c", test_duel_as_written_under_c },
    { "classic-values", test_classic_values },
    { "stored-format", test_stored_format },
    { "unreadable-kept", test_unreadable_kept },
    { "other-line", test_other_line },
    { "strings", test_strings },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/analysis-locale/%s/%s", name, cases[i].path);
      g_test_add (path, Fixture, locale, fixture_set_up, cases[i].fn, fixture_tear_down);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  add_cases ("C", "C.UTF-8");
  add_cases ("de", "de_DE.UTF-8");
  return g_test_run ();
}
