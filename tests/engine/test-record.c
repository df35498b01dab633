/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test-record.c — the `.imhotep` record format: round trip, variations,
 * replay, and broken or hostile input (each rejected with line and column).
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "imh-record.h"

#include "test-record-canonical.h"

static ImhRecord *
parse_ok (const char *text)
{
  ImhRecordError err;
  ImhRecord *r = imh_record_parse (text, strlen (text), &err);

  if (r == NULL)
    g_error ("%u:%u: %s", err.line, err.column, err.message);
  return r;
}

static void
test_round_trip (void)
{
  ImhRecord *r = parse_ok (canonical);
  ImhRecord *c;
  char *text = imh_record_write (r);

  g_assert_cmpstr (text, ==, canonical);
  g_assert_cmpint (r->format_version, ==, 1);
  g_assert_cmpstr (r->rules->id, ==, "duel");
  g_assert_cmpint (r->options.start_player, ==, 1);
  g_assert_cmpint (r->options.sides[1], ==, IMH_SIDE_B);
  g_assert_cmpstr (r->players[1].name, ==, "Echnaton der Große");
  g_assert_cmpstr (r->players[1].kind, ==, "computer:3");
  g_assert_cmpstr (imh_record_get_field (r, "tag"), ==, "blitz");
  g_assert_cmpstr (imh_record_get_field (r, "x-empty"), ==, "");
  g_assert_cmpuint (r->n_fields, ==, 3);
  g_assert_cmpuint (r->main.n_decisions, ==, 7);
  g_assert_cmpuint (r->main.n_variations, ==, 1);
  g_assert_cmpuint (r->main.variations[0]->branch_ply, ==, 5);
  g_assert_cmpuint (r->main.variations[0]->n_decisions, ==, 4);
  g_assert_cmpuint (r->main.variations[0]->n_variations, ==, 1);
  /* Positions of decisions are kept. */
  g_assert_cmpuint (r->main.positions[6].line, ==, 30);
  g_assert_cmpuint (r->main.positions[6].column, ==, 4);
  c = imh_record_copy (r);
  free (text);
  text = imh_record_write (c);
  g_assert_cmpstr (text, ==, canonical);
  free (text);
  imh_record_free (c);
  imh_record_free (r);
}

static void
test_replay_variations (void)
{
  ImhRecord *r = parse_ok (canonical);
  const ImhRecordLine *v = r->main.variations[0];
  const ImhRecordLine *vv = v->variations[0];
  ImhRecordError err;
  ImhState a, b;

  g_assert_true (imh_record_replay (r, NULL, 5, &a, &err));
  g_assert_true (imh_record_replay (r, v, 5, &b, &err));
  g_assert_cmpmem (&a, r->rules->state_size, &b, r->rules->state_size);
  g_assert_cmpuint (imh_record_line_end (vv), ==, 9);
  g_assert_true (imh_record_replay (r, vv, 9, &b, &err));
  /* Along vv: 5 main decisions, 3 of v, then vv's. */
  g_assert_cmpint (imh_record_line_decision_at (vv, 4), ==, r->main.decisions[4]);
  g_assert_cmpint (imh_record_line_decision_at (vv, 6), ==, v->decisions[1]);
  g_assert_false (imh_record_replay (r, vv, 10, &b, &err));
  /* An illegal decision added through the API is reported with its ply. */
  imh_record_line_append (&r->main, 0);     /* "P a1": field taken */
  g_assert_false (imh_record_replay (r, NULL, 8, &b, &err));
  g_assert_nonnull (strstr (err.message, "ply 7"));
  imh_record_free (r);
}

static void
test_truncate_and_variations (void)
{
  ImhRecord *r = parse_ok (canonical);
  ImhRecordLine *v;
  char *text;
  ImhRecordError err;
  ImhRecord *back;

  /* Undo to ply 6 keeps the variation at 5; then a new one at 6. */
  imh_record_line_truncate (&r->main, 6);
  g_assert_cmpuint (r->main.n_decisions, ==, 6);
  g_assert_cmpuint (r->main.n_variations, ==, 1);
  v = imh_record_line_add_variation (&r->main, 6);
  g_assert_nonnull (v);
  imh_record_line_append (v, 6);            /* P a3 */
  g_assert_null (imh_record_line_add_variation (&r->main, 7));
  text = imh_record_write (r);
  back = imh_record_parse (text, strlen (text), &err);
  if (back == NULL)
    g_error ("%u:%u: %s\n%s", err.line, err.column, err.message, text);
  g_assert_cmpuint (back->main.n_variations, ==, 2);
  g_assert_true (g_str_has_suffix (text, "  variation 6\n  7. P a3\n  end\n"));
  imh_record_free (back);
  free (text);
  imh_record_line_truncate (&r->main, 3);
  g_assert_cmpuint (r->main.n_variations, ==, 0);
  imh_record_line_remove_variation (&r->main, 0);   /* out of range: no-op */
  imh_record_free (r);
}

static void
test_new_and_outcome (void)
{
  ImhOptions o;
  ImhRecordError err;
  ImhRecord *r;
  ImhState s;
  ImhRng rng;
  char *text;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  o.variants = IMH_VARIANT_WRATH;
  g_assert_null (imh_record_new (&o, 1, &err));
  g_assert_nonnull (strstr (err.message, "variants"));
  o.variants = 0;
  r = imh_record_new (&o, 9, &err);
  g_assert_nonnull (r);
  g_assert_cmpint (r->options.start_player, >=, 0);
  g_assert_true (imh_record_set_player (r, 0, "computer:easy", "Bot"));
  g_assert_false (imh_record_set_player (r, 0, "Computer", "Bot"));
  g_assert_false (imh_record_set_player (r, 0, "human", " Bot"));
  g_assert_false (imh_record_set_player (r, 0, "human", "Bo\nt"));
  g_assert_false (imh_record_set_player (r, 2, "human", "Bot"));
  g_assert_true (imh_record_set_date (r, false, "2026-01-02T03:04:05Z"));
  g_assert_false (imh_record_set_date (r, true, "2026-13-02T03:04:05Z"));
  g_assert_false (imh_record_add_field (r, "game", "x"));
  g_assert_false (imh_record_add_field (r, "Tag", "x"));
  g_assert_true (imh_record_add_field (r, "tag", "x"));
  imh_record_initial (r, &s);
  imh_rng_seed (&rng, 1);
  while (!imh_is_over (&s))
    {
      ImhDecisionList l;
      int n = imh_legal (&s, &l);
      ImhDecision d = l.d[imh_rng_below (&rng, (uint32_t) n)];
      imh_record_line_append (&r->main, d);
      imh_apply (&s, d);
    }
  imh_record_set_outcome (r, &s);
  g_assert_true (r->has_result && r->has_scores);
  text = imh_record_write (r);
  g_assert_nonnull (strstr (text, "\nresult "));
  g_assert_nonnull (strstr (text, "\nscores "));
  {
    ImhRecord *back = parse_ok (text);
    char *again = imh_record_write (back);
    g_assert_cmpstr (again, ==, text);
    free (again);
    imh_record_free (back);
  }
  free (text);
  imh_record_free (r);
}

static void
test_parse_many (void)
{
  GString *s = g_string_new (canonical);
  ImhRecordError err;
  size_t n = 0;
  ImhRecord **list;

  g_string_append (s, "\n");
  g_string_append (s, canonical);
  list = imh_record_parse_many (s->str, s->len, &n, &err);
  g_assert_nonnull (list);
  g_assert_cmpuint (n, ==, 2);
  for (size_t i = 0; i < n; i++)
    imh_record_free (list[i]);
  free (list);
  /* An error in the second record names its line in the whole file. */
  g_string_append (s, "\n");
  g_string_append (s, canonical);
  g_string_append (s, "8. P zz\n");
  list = imh_record_parse_many (s->str, s->len, &n, &err);
  g_assert_null (list);
  g_assert_cmpuint (err.line, ==, 31 * 3);
  g_assert_cmpuint (err.column, ==, 4);
  g_string_free (s, TRUE);
}

/* ------------------------------------------------------------------ */
/* Broken and hostile records                                          */

typedef struct {
  const char *name;
  const char *find;       /* replaced in the canonical text … */
  const char *replace;    /* … by this (NULL: text is `find` itself) */
  uint32_t    line, column;
  const char *message;    /* a substring of the error */
} BadCase;

static const BadCase bad_cases[] = {
  { "empty", "", NULL, 1, 1, "empty file" },
  { "magic", "imhotep-record 1\n", "imhotep-recrod 1\n", 1, 1, "not an Imhotep record" },
  { "version", "imhotep-record 1\n", "imhotep-record 2\n", 1, 16, "unsupported format version 2" },
  { "version-zero", "imhotep-record 1\n", "imhotep-record 01\n", 1, 16, "bad format version" },
  { "crlf", "game duel\n", "game duel\r\n", 2, 10, "carriage return" },
  { "tab", "game duel\n", "game\tduel\n", 2, 5, "tab" },
  { "trailing-space", "players 2\n", "players 2 \n", 3, 10, "trailing space" },
  { "unknown-game", "game duel\n", "game chess\n", 2, 6, "unknown or unavailable game" },
  { "players", "players 2\n", "players 3\n", 3, 9, "number of players" },
  { "sides-length", "sides ABAA\n", "sides ABA\n", 4, 7, "exactly 4 letters" },
  { "sides-letter", "sides ABAA\n", "sides ABCA\n", 4, 9, "A or B" },
  { "seed", "seed 42\n", "seed -42\n", 5, 6, "seed" },
  { "seed-overflow", "seed 42\n", "seed 18446744073709551616\n", 5, 6, "seed" },
  { "start", "start 2\n", "start 3\n", 6, 7, "start player" },
  { "order", "seed 42\nstart 2\n", "start 2\nseed 42\n", 5, 1, "missing before" },
  { "duplicate", "game duel\n", "game duel\ngame duel\n", 3, 1, "appears twice" },
  { "player-number", "player 2 computer", "player 3 computer", 8, 8, "expected “player 2”" },
  { "player-kind", "player 1 human", "player 1 Human", 7, 10, "bad player kind" },
  { "player-name", "player 1 human Nofretete\n", "player 1 human\n", 7, 15, "needs a name" },
  { "player-missing", "player 2 computer:3 Echnaton der Große\n", "", 8, 1, "“player 2” is missing" },
  { "bad-utf8", "Nofretete", "Nofr\xc3\x28tete", 7, 20, "invalid UTF-8" },
  { "control", "Nofretete", "Nofr\x01tete", 7, 20, "control character" },
  { "date", "started 2026-11-21T05:00:00Z\n", "started 2026-11-21 05:00\n", 9, 9, "YYYY-MM-DD" },
  { "variants", "seed 42\n", "variants wrath\nseed 42\n", 15, 1, "no variants" },
  { "unknown-variant", "seed 42\n", "variants fun\nseed 42\n", 5, 10, "unknown variant" },
  { "result", "tag blitz\n", "result 1 2 3\ntag blitz\n", 11, 11, "more numbers than players" },
  { "scores", "tag blitz\n", "scores 1 x\ntag blitz\n", 11, 10, "whole numbers" },
  { "bad-key", "tag blitz\n", "Tag blitz\n", 11, 1, "bad field name" },
  { "double-space", "tag blitz\n", "tag  blitz\n", 11, 5, "exactly one space" },
  { "second-magic", "tag blitz\n", "imhotep-record 1\n", 11, 1, "starts a new record" },
  { "no-blank", "x-empty\n\n1. P a3\n", "x-empty\n1. P a3\n", 14, 1, "empty line must end the header" },
  { "header-eof", "imhotep-record 1\ngame duel\n", NULL, 3, 1, "unexpected end of file" },
  { "unknown-decision", "7. P a1\n", "7. P z9\n", 30, 4, "unknown decision “P z9”" },
  { "illegal-decision", "7. P a1\n", "7. P b3\n", 30, 4, "illegal decision “P b3”" },
  { "illegal-unload", "7. P a1\n", "7. U C0\n", 30, 4, "illegal decision “U C0”" },
  { "turn-number", "7. P a1\n", "8. P a1\n", 30, 1, "does not match" },
  { "turn-zero", "7. P a1\n", "0. P a1\n", 30, 1, "bad turn number" },
  { "no-dot", "7. P a1\n", "7 P a1\n", 30, 2, "expected “.”" },
  { "two-turns-one-line", "7. P a1\n", "7. P a1, P b1\n", 30, 10, "belongs to the next turn" },
  { "separator", "7. P a1\n", "7. P a1; P b1\n", 30, 4, "unknown decision" },
  { "missing-decision", "7. P a1\n", "7. P a1,\n", 30, 9, "expected a space" },
  { "empty-line-moves", "7. P a1\n", "\n7. P a1\n", 30, 1, "empty line" },
  { "indent", "7. P a1\n", " 7. P a1\n", 30, 1, "indented by 0 spaces" },
  { "var-indent", "  variation 5\n", "variation 5\n", 21, 1, "“variation” must be indented by 2 spaces" },
  { "var-ply", "  variation 5\n", "  variation 2\n", 21, 13, "must follow the turn line" },
  { "var-not-closed", "  end\n7. P a1\n", "7. P a1\n", 29, 1, "this turn line must be indented by 2 spaces" },
  { "var-eof", "  end\n7. P a1\n", "", 29, 1, "not closed" },
  { "end-alone", "7. P a1\n", "7. P a1\nend\n", 31, 1, "without a variation" },
  { "garbage", "7. P a1\n", "7. P a1\n\xff\xfe\n", 31, 1, "invalid UTF-8" },
  { "nul", "7. P a1\n", "7. P\0 a1\n", 30, 5, "NUL byte" },
};

static void
test_bad (gconstpointer data)
{
  const BadCase *c = data;
  GString *s = g_string_new (NULL);
  ImhRecordError err;
  ImhRecord *r;

  if (c->replace == NULL)
    g_string_append (s, c->find);
  else
    {
      const char *at = strstr (canonical, c->find);
      g_assert_nonnull (at);
      g_string_append_len (s, canonical, at - canonical);
      if (strcmp (c->name, "nul") == 0)
        g_string_append_len (s, c->replace, 9);
      else
        g_string_append (s, c->replace);
      g_string_append (s, at + strlen (c->find));
    }
  memset (&err, 0, sizeof err);
  r = imh_record_parse (s->str, s->len, &err);
  if (r != NULL)
    {
      g_test_message ("%s: accepted", c->name);
      g_test_fail ();
      imh_record_free (r);
    }
  else if (err.line != c->line || err.column != c->column || strstr (err.message, c->message) == NULL)
    {
      g_test_message ("%s: got %u:%u: %s; expected %u:%u: …%s…", c->name, err.line, err.column,
                      err.message, c->line, c->column, c->message);
      g_test_fail ();
    }
  g_string_free (s, TRUE);
}

/* Random damage never crashes; every rejection names a line and column. */
static void
test_fuzz (void)
{
  ImhRng rng;
  size_t len = strlen (canonical);
  int rejected = 0, accepted = 0;
  static const char alphabet[] = "\n \t,.:0123456789ABPUSTCRabcdeimnoprstv\xc3\xff-";

  imh_rng_seed (&rng, 77);
  for (int k = 0; k < 20000; k++)
    {
      char *buf = g_malloc (len + 16);
      size_t n = len;
      int edits = 1 + (int) imh_rng_below (&rng, 4);
      ImhRecordError err;
      ImhRecord *r;

      memcpy (buf, canonical, len);
      for (int e = 0; e < edits; e++)
        {
          size_t at = imh_rng_below (&rng, (uint32_t) n);
          switch (imh_rng_below (&rng, 4))
            {
            case 0:
              buf[at] = alphabet[imh_rng_below (&rng, sizeof alphabet - 1)];
              break;
            case 1:
              memmove (buf + at, buf + at + 1, n - at - 1);
              n--;
              break;
            case 2:
              if (n < len + 15)
                {
                  memmove (buf + at + 1, buf + at, n - at);
                  buf[at] = alphabet[imh_rng_below (&rng, sizeof alphabet - 1)];
                  n++;
                }
              break;
            default:
              n = at;            /* truncate */
              break;
            }
          if (n == 0)
            break;
        }
      r = imh_record_parse (buf, n, &err);
      if (r != NULL)
        {
          char *text = imh_record_write (r);
          ImhRecord *again = parse_ok (text);
          imh_record_free (again);
          free (text);
          imh_record_free (r);
          accepted++;
        }
      else
        {
          g_assert_cmpuint (err.line, >=, 1);
          g_assert_cmpuint (err.column, >=, 1);
          g_assert_cmpuint (strlen (err.message), >, 0);
          rejected++;
        }
      g_free (buf);
    }
  g_assert_cmpint (rejected, >, 0);
  g_test_message ("fuzz: %d rejected, %d accepted", rejected, accepted);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record/round-trip", test_round_trip);
  g_test_add_func ("/record/replay-variations", test_replay_variations);
  g_test_add_func ("/record/truncate-and-variations", test_truncate_and_variations);
  g_test_add_func ("/record/new-and-outcome", test_new_and_outcome);
  g_test_add_func ("/record/parse-many", test_parse_many);
  for (size_t i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      char *path = g_strdup_printf ("/record/bad/%s", bad_cases[i].name);
      g_test_add_data_func (path, &bad_cases[i], test_bad);
      g_free (path);
    }
  g_test_add_func ("/record/fuzz", test_fuzz);
  return g_test_run ();
}
