/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-record-limits.c — the limits of the `.imhotep` format: every limit
 * accepted at its bound and rejected one past it with line and column;
 * calendar-correct dates; NUL bytes and invalid UTF-8 located; a missing
 * final newline accepted.
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "imh-record.h"
#include "imh-rng.h"

#include "test-record-canonical.h"

/* The canonical text with the first `find` replaced (len: bytes of replace). */
static GString *
edited (const char *find, const char *replace, gssize len)
{
  GString *s = g_string_new (NULL);
  const char *at = strstr (canonical, find);

  g_assert_nonnull (at);
  g_string_append_len (s, canonical, at - canonical);
  g_string_append_len (s, replace, len);
  g_string_append (s, at + strlen (find));
  return s;
}

static char *
repeat (const char *unit, guint n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append (s, unit);
  return g_string_free (s, FALSE);
}

static void
assert_accepted (const GString *text)
{
  ImhRecordError err = { 0 };
  ImhRecord *r = imh_record_parse (text->str, text->len, &err);

  if (r == NULL)
    g_error ("rejected: %u:%u: %s", err.line, err.column, err.message);
  imh_record_free (r);
}

static void
assert_rejected (const GString *text, guint line, guint column, const char *message)
{
  ImhRecordError err = { 0 };
  ImhRecord *r = imh_record_parse (text->str, text->len, &err);

  g_assert_null (r);
  g_test_message ("%u:%u: %s", err.line, err.column, err.message);
  g_assert_cmpuint (err.line, ==, line);
  g_assert_cmpuint (err.column, ==, column);
  g_assert_nonnull (strstr (err.message, message));
}

/* ---- Player names ---- */

static void
test_name (void)
{
  /* Counted in characters: "é" is two bytes. */
  g_autofree char *at_limit = repeat ("é", IMH_RECORD_MAX_NAME_CHARS);
  g_autofree char *past = repeat ("é", IMH_RECORD_MAX_NAME_CHARS + 1);
  g_autofree char *line_ok = g_strdup_printf ("player 1 human %s\n", at_limit);
  g_autofree char *line_bad = g_strdup_printf ("player 1 human %s\n", past);
  g_autoptr(GString) ok = edited ("player 1 human Nofretete\n", line_ok, -1);
  g_autoptr(GString) bad = edited ("player 1 human Nofretete\n", line_bad, -1);
  ImhRecordError err = { 0 };
  ImhRecord *r;

  assert_accepted (ok);
  /* The 101st character starts at byte 15 + 200 of the line. */
  assert_rejected (bad, 7, 16 + 2 * IMH_RECORD_MAX_NAME_CHARS, "player name is too long");

  /* A 10 MiB name is rejected just the same, at its 101st character. */
  {
    g_autofree char *huge = g_malloc (10 * 1024 * 1024 + 1);
    g_autoptr(GString) s = NULL;
    memset (huge, 'W', 10 * 1024 * 1024);
    huge[10 * 1024 * 1024] = '\0';
    s = edited ("Nofretete", huge, -1);
    assert_rejected (s, 7, 16 + IMH_RECORD_MAX_NAME_CHARS, "player name is too long");
  }

  /* The setter keeps to the same limit. */
  r = imh_record_parse (canonical, strlen (canonical), &err);
  g_assert_nonnull (r);
  g_assert_true (imh_record_set_player (r, 0, "human", at_limit));
  g_assert_false (imh_record_set_player (r, 0, "human", past));
  g_assert_cmpstr (r->players[0].name, ==, at_limit);
  imh_record_free (r);
}

/* ---- Tags and other extra fields ---- */

static GString *
with_fields (const char *key, const char *value, guint n)
{
  GString *fields = g_string_new (NULL);
  GString *s;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (fields, "%s %s%u\n", key, value, i);
  s = edited ("x-empty\n", fields->str, (gssize) fields->len);
  g_string_free (fields, TRUE);
  return s;
}

static void
test_tag_count (void)
{
  /* Two tags stay in the record (x-empty is replaced). */
  g_autoptr(GString) ok = with_fields ("tag", "t", IMH_RECORD_MAX_TAGS - 2);
  g_autoptr(GString) bad = with_fields ("tag", "t", IMH_RECORD_MAX_TAGS - 1);
  g_autoptr(GString) many = with_fields ("tag", "t", 16000);
  ImhRecordError err = { 0 };
  ImhRecord *r;

  assert_accepted (ok);
  assert_rejected (bad, 13 + IMH_RECORD_MAX_TAGS - 2, 1, "too many tags (at most 100)");
  /* 16,000 tags stop at the 101st, before anything is kept. */
  assert_rejected (many, 13 + IMH_RECORD_MAX_TAGS - 2, 1, "too many tags");

  r = imh_record_parse (ok->str, ok->len, &err);
  g_assert_nonnull (r);
  g_assert_false (imh_record_add_field (r, "tag", "one more"));
  g_assert_true (imh_record_add_field (r, "x-other", "still fine"));
  imh_record_free (r);
}

static void
test_tag_length (void)
{
  g_autofree char *at_limit = repeat ("ß", IMH_RECORD_MAX_TAG_CHARS);
  g_autofree char *past = repeat ("ß", IMH_RECORD_MAX_TAG_CHARS + 1);
  g_autofree char *line_ok = g_strdup_printf ("tag %s\n", at_limit);
  g_autofree char *line_bad = g_strdup_printf ("tag %s\n", past);
  g_autoptr(GString) ok = edited ("tag blitz\n", line_ok, -1);
  g_autoptr(GString) bad = edited ("tag blitz\n", line_bad, -1);
  ImhRecordError err = { 0 };
  ImhRecord *r;

  assert_accepted (ok);
  assert_rejected (bad, 11, 5 + 2 * IMH_RECORD_MAX_TAG_CHARS, "tag is too long (at most 100");

  r = imh_record_parse (canonical, strlen (canonical), &err);
  g_assert_nonnull (r);
  g_assert_true (imh_record_add_field (r, "tag", at_limit));
  g_assert_false (imh_record_add_field (r, "tag", past));
  imh_record_free (r);
}

static void
test_value_length (void)
{
  g_autofree char *at_limit = repeat ("x", IMH_RECORD_MAX_VALUE_CHARS);
  g_autofree char *past = repeat ("x", IMH_RECORD_MAX_VALUE_CHARS + 1);
  g_autofree char *line_ok = g_strdup_printf ("note %s\n", at_limit);
  g_autofree char *line_bad = g_strdup_printf ("note %s\n", past);
  g_autoptr(GString) ok = edited ("x-empty\n", line_ok, -1);
  g_autoptr(GString) bad = edited ("x-empty\n", line_bad, -1);
  ImhRecordError err = { 0 };
  ImhRecord *r;

  assert_accepted (ok);
  assert_rejected (bad, 13, 6 + IMH_RECORD_MAX_VALUE_CHARS, "value is too long (at most 10000");

  r = imh_record_parse (canonical, strlen (canonical), &err);
  g_assert_nonnull (r);
  g_assert_true (imh_record_add_field (r, "note", at_limit));
  g_assert_false (imh_record_add_field (r, "note", past));
  imh_record_free (r);
}

static void
test_field_count (void)
{
  /* Two tags stay in the record (x-empty is replaced). */
  g_autoptr(GString) ok = with_fields ("x-f", "v", IMH_RECORD_MAX_FIELDS - 2);
  g_autoptr(GString) bad = with_fields ("x-f", "v", IMH_RECORD_MAX_FIELDS - 1);
  ImhRecordError err = { 0 };
  ImhRecord *r;

  assert_accepted (ok);
  /* The new fields start at line 13. */
  assert_rejected (bad, 13 + IMH_RECORD_MAX_FIELDS - 2, 1, "too many extra fields (at most 200)");

  r = imh_record_parse (ok->str, ok->len, &err);
  g_assert_nonnull (r);
  g_assert_false (imh_record_add_field (r, "x-g", "one more"));
  imh_record_free (r);
}

/* ---- Variations and decisions ---- */

static const char short_header[] =
  "imhotep-record 1\n"
  "game duel\n"
  "players 2\n"
  "sides AAAA\n"
  "seed 1\n"
  "start 1\n"
  "player 1 human A\n"
  "player 2 human B\n"
  "\n";

/* n variations at ply 0, each with one decision, after "1. P a1". */
static GString *
with_variations (guint n)
{
  GString *s = g_string_new (short_header);

  g_string_append (s, "1. P a1\n");
  for (guint i = 0; i < n; i++)
    g_string_append (s, "  variation 0\n  1. P b2\n  end\n");
  return s;
}

static void
test_variation_count (void)
{
  g_autoptr(GString) ok = with_variations (IMH_RECORD_MAX_VARIATIONS);
  g_autoptr(GString) bad = with_variations (IMH_RECORD_MAX_VARIATIONS + 1);

  assert_accepted (ok);
  /* Line 10 holds "1. P a1"; variation k (1-based) starts at line 10 + 3k - 2. */
  assert_rejected (bad, 10 + 3 * (IMH_RECORD_MAX_VARIATIONS + 1) - 2, 3,
                   "too many variations (at most 1000");
}

/* Variations nested `depth` levels deep, each at ply 0. */
static GString *
nested (guint depth)
{
  GString *s = g_string_new (short_header);

  g_string_append (s, "1. P a1\n");
  for (guint d = 1; d <= depth; d++)
    {
      for (guint k = 0; k < d; k++)
        g_string_append (s, "  ");
      g_string_append (s, "variation 0\n");
      for (guint k = 0; k < d; k++)
        g_string_append (s, "  ");
      g_string_append (s, "1. P b2\n");
    }
  for (guint d = depth; d >= 1; d--)
    {
      for (guint k = 0; k < d; k++)
        g_string_append (s, "  ");
      g_string_append (s, "end\n");
    }
  return s;
}

static void
test_depth (void)
{
  g_autoptr(GString) ok = nested (IMH_RECORD_MAX_DEPTH);
  g_autoptr(GString) bad = nested (IMH_RECORD_MAX_DEPTH + 1);

  assert_accepted (ok);
  /* Level d opens at line 10 + 2d - 1. */
  assert_rejected (bad, 10 + 2 * (IMH_RECORD_MAX_DEPTH + 1) - 1, 1, "nested too deeply (at most 63");
}

/* A record with `total` decisions: a full random game as the main line and
 * copies of it as variations at ply 0 (they follow the main line's first
 * turn line, so the main line's last decision is read last). *last_line
 * and *last_column get where that decision is. */
static GString *
with_decisions (guint total, guint *last_line, guint *last_column)
{
  ImhRecordError err = { 0 };
  ImhOptions o;
  ImhRecord *r;
  ImhState s;
  ImhDecisionList legal;
  ImhRng rng;
  guint game_len, left;
  GString *text;
  char *written;
  const char *line_start, *sep;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  r = imh_record_new (&o, 5, &err);
  g_assert_nonnull (r);
  imh_rng_seed (&rng, 9);
  imh_record_initial (r, &s);
  while (!imh_is_over (&s))
    {
      int n = imh_legal (&s, &legal);
      ImhDecision d = legal.d[imh_rng_below (&rng, (uint32_t) n)];
      imh_record_line_append (&r->main, d);
      imh_apply (&s, d);
    }
  game_len = r->main.n_decisions;
  g_assert_cmpuint (game_len, <, total);
  left = total - game_len;
  while (left > 0)
    {
      ImhRecordLine *v = imh_record_line_add_variation (&r->main, 0);
      guint n = MIN (left, game_len);
      for (guint i = 0; i < n; i++)
        imh_record_line_append (v, r->main.decisions[i]);
      left -= n;
    }
  g_assert_cmpuint (r->main.n_variations, <=, IMH_RECORD_MAX_VARIATIONS);
  written = imh_record_write (r);
  text = g_string_new (written);
  free (written);
  imh_record_free (r);

  /* The last line of the text, and its last decision. */
  g_assert_true (g_str_has_suffix (text->str, "\n"));
  line_start = text->str + text->len - 1;
  while (line_start > text->str && line_start[-1] != '\n')
    line_start--;
  g_assert_true (g_ascii_isdigit (line_start[0]));
  *last_line = 1;
  for (const char *c = text->str; c < line_start; c++)
    *last_line += *c == '\n';
  sep = g_strrstr (line_start, ", ");
  if (sep == NULL)
    sep = strstr (line_start, ". ");
  *last_column = (guint) (sep - line_start) + 3;
  return text;
}

static void
test_decision_count (void)
{
  guint line_ok, column_ok, line_bad, column_bad;
  g_autoptr(GString) ok = with_decisions (IMH_RECORD_MAX_DECISIONS, &line_ok, &column_ok);
  g_autoptr(GString) bad = with_decisions (IMH_RECORD_MAX_DECISIONS + 1, &line_bad, &column_bad);

  assert_accepted (ok);
  assert_rejected (bad, line_bad, column_bad, "too many decisions (at most 20000");
}

/* ---- Size ---- */

static void
test_size (void)
{
  g_autoptr(GString) big = g_string_new (canonical);
  ImhRecordError err = { 0 };
  ImhRecord *r;
  ImhRecord **many;
  size_t n = 0;

  /* At the bound the size is fine (the padding is what is wrong). */
  g_string_append (big, "8.");
  while (big->len < IMH_RECORD_MAX_SIZE)
    g_string_append_c (big, 'x');
  r = imh_record_parse (big->str, big->len, &err);
  g_assert_null (r);
  g_assert_null (strstr (err.message, "too large"));
  g_assert_cmpuint (err.line, ==, 31);

  g_string_append_c (big, 'x');
  memset (&err, 0, sizeof err);
  r = imh_record_parse (big->str, big->len, &err);
  g_assert_null (r);
  g_assert_cmpuint (err.line, ==, 1);
  g_assert_cmpuint (err.column, ==, 1);
  g_assert_nonnull (strstr (err.message, "record is too large"));

  /* A file of many records: its own, larger bound. */
  while (big->len < IMH_RECORD_MAX_FILE_SIZE)
    g_string_append_c (big, 'x');
  memset (&err, 0, sizeof err);
  many = imh_record_parse_many (big->str, big->len, &n, &err);
  g_assert_null (many);
  g_assert_null (strstr (err.message, "file is too large"));
  g_string_append_c (big, 'x');
  memset (&err, 0, sizeof err);
  many = imh_record_parse_many (big->str, big->len, &n, &err);
  g_assert_null (many);
  g_assert_cmpuint (err.line, ==, 1);
  g_assert_cmpuint (err.column, ==, 1);
  g_assert_nonnull (strstr (err.message, "file is too large"));
}

/* ---- Dates ---- */

typedef struct {
  const char *date;
  gboolean    valid;
} DateCase;

static const DateCase date_cases[] = {
  { "2026-11-21T05:00:00Z", TRUE },
  { "2026-02-28T23:59:59Z", TRUE },
  { "2024-02-29T00:00:00Z", TRUE },   /* leap year */
  { "2000-02-29T00:00:00Z", TRUE },   /* divisible by 400 */
  { "0001-01-01T00:00:00Z", TRUE },
  { "9999-12-31T23:59:59Z", TRUE },
  { "2026-02-31T12:00:00Z", FALSE },
  { "2026-02-29T12:00:00Z", FALSE },
  { "1900-02-29T12:00:00Z", FALSE },  /* divisible by 100, not by 400 */
  { "2026-04-31T12:00:00Z", FALSE },
  { "2026-11-21T05:00:60Z", FALSE },
  { "2026-11-21T05:60:00Z", FALSE },
  { "2026-11-21T24:00:00Z", FALSE },
  { "0000-01-01T00:00:00Z", FALSE },
  { "2026-00-10T00:00:00Z", FALSE },
  { "2026-13-10T00:00:00Z", FALSE },
  { "2026-01-00T00:00:00Z", FALSE },
  { "2026-01-32T00:00:00Z", FALSE },
  { "2026-1-10T00:00:00Z", FALSE },
  { "2026-01-10 00:00:00Z", FALSE },
};

static void
test_date (gconstpointer data)
{
  const DateCase *c = data;
  g_autofree char *line = g_strdup_printf ("started %s\n", c->date);
  g_autoptr(GString) text = edited ("started 2026-11-21T05:00:00Z\n", line, -1);
  ImhRecordError err = { 0 };
  ImhRecord *r;

  g_assert_cmpint (imh_record_date_valid (c->date, strlen (c->date)), ==, c->valid);
  if (c->valid)
    assert_accepted (text);
  else
    assert_rejected (text, 9, 9, "not a valid date");

  r = imh_record_parse (canonical, strlen (canonical), &err);
  g_assert_nonnull (r);
  g_assert_cmpint (imh_record_set_date (r, true, c->date), ==, c->valid);
  g_assert_cmpstr (r->ended, ==, c->valid ? c->date : "2026-11-21T05:30:00Z");
  imh_record_free (r);
}

/* ---- NUL bytes and invalid UTF-8 ---- */

typedef struct {
  const char *name;
  const char *find;
  const char *replace;
  gssize      replace_len;
  guint       line, column;
  const char *message;
} ByteCase;

static const ByteCase byte_cases[] = {
  { "nul-name", "Nofretete", "Nof\0retete", 10, 7, 19, "NUL byte" },
  { "nul-decision", "  7. P b1\n", "  7. P b1\0\n", 11, 23, 10, "NUL byte" },
  { "nul-after-utf8", "Große", "Gro\xc3\x9f\0e", 7, 8, 39, "NUL byte" },
  { "truncated", "tag club night", "tag club \xc3", 10, 12, 10, "invalid UTF-8" },
  { "overlong", "tag blitz", "tag bl\xc0\x80tz", 10, 11, 7, "invalid UTF-8" },
  { "surrogate", "tag blitz", "tag bl\xed\xa0\x80tz", 11, 11, 7, "invalid UTF-8" },
  { "ff-decision", "2. P c1", "2. P \xff" "c1", 8, 16, 6, "invalid UTF-8" },
  { "latin1-name", "Große", "Gro\xdf" "e", 5, 8, 37, "invalid UTF-8" },
};

static void
test_bytes (gconstpointer data)
{
  const ByteCase *c = data;
  g_autoptr(GString) text = edited (c->find, c->replace, c->replace_len);
  ImhRecordError err = { 0 };
  ImhRecord **many;
  size_t n = 0;

  assert_rejected (text, c->line, c->column, c->message);
  /* The same place in a file of several records (line numbers of the file). */
  g_string_prepend (text, "\n");
  g_string_prepend (text, canonical);
  many = imh_record_parse_many (text->str, text->len, &n, &err);
  g_assert_null (many);
  g_assert_cmpuint (err.line, ==, c->line + 31);
  g_assert_cmpuint (err.column, ==, c->column);
  g_assert_nonnull (strstr (err.message, c->message));
}

/* ---- The final newline ---- */

static void
test_final_newline (void)
{
  size_t len = strlen (canonical) - 1;
  ImhRecordError err = { 0 };
  ImhRecord *r = imh_record_parse (canonical, len, &err);
  ImhRecord **many;
  g_autoptr(GString) two = g_string_new (canonical);
  size_t n = 0;
  char *text;

  if (r == NULL)
    g_error ("%u:%u: %s", err.line, err.column, err.message);
  g_assert_cmpuint (r->main.n_decisions, ==, 7);
  text = imh_record_write (r);
  g_assert_cmpstr (text, ==, canonical);
  free (text);
  imh_record_free (r);

  /* The last of several records. */
  g_string_append (two, "\n");
  g_string_append_len (two, canonical, (gssize) len);
  many = imh_record_parse_many (two->str, two->len, &n, &err);
  g_assert_nonnull (many);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (many[1]->main.n_decisions, ==, 7);
  imh_record_free (many[0]);
  imh_record_free (many[1]);
  free (many);

  /* A record of a header only, its empty line written. */
  r = imh_record_parse (short_header, strlen (short_header), &err);
  g_assert_nonnull (r);
  imh_record_free (r);
  /* Strict about content still: a trailing space on the last line. */
  {
    g_autoptr(GString) bad = g_string_new_len (canonical, (gssize) len);
    g_string_append_c (bad, ' ');
    assert_rejected (bad, 30, 8, "trailing space");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record-limits/name", test_name);
  g_test_add_func ("/record-limits/tag-count", test_tag_count);
  g_test_add_func ("/record-limits/tag-length", test_tag_length);
  g_test_add_func ("/record-limits/value-length", test_value_length);
  g_test_add_func ("/record-limits/field-count", test_field_count);
  g_test_add_func ("/record-limits/variation-count", test_variation_count);
  g_test_add_func ("/record-limits/depth", test_depth);
  g_test_add_func ("/record-limits/decision-count", test_decision_count);
  g_test_add_func ("/record-limits/size", test_size);
  for (guint i = 0; i < G_N_ELEMENTS (date_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/record-limits/date/%s", date_cases[i].date);
      g_test_add_data_func (path, &date_cases[i], test_date);
    }
  for (guint i = 0; i < G_N_ELEMENTS (byte_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/record-limits/bytes/%s", byte_cases[i].name);
      g_test_add_data_func (path, &byte_cases[i], test_bytes);
    }
  g_test_add_func ("/record-limits/final-newline", test_final_newline);
  return g_test_run ();
}
