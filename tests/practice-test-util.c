/* SPDX-License-Identifier: GPL-3.0-or-later */
/* practice-test-util.c — games and hand-made analyses for the tests of
 * exercises and statistics. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "imh-record.h"
#include "imh-rng.h"
#include "practice-test-util.h"

char *
practice_record (guint64      seed,
                 const char  *kind0,
                 const char  *name0,
                 const char  *kind1,
                 const char  *name1,
                 const char  *started)
{
  const char *kinds[] = { kind0, kind1 };
  const char *names[] = { name0, name1 };

  return practice_record_of (IMH_GAME_DUEL, 2, seed, kinds, names, started);
}

char *
practice_record_of (ImhGameKind          game,
                    guint                n_players,
                    guint64              seed,
                    const char * const  *kinds,
                    const char * const  *names,
                    const char          *started)
{
  ImhOptions o;
  ImhRecordError err = { 0 };
  ImhRecord *r;
  ImhState *s = g_new0 (ImhState, 1);
  ImhRng rng;
  char *text, *copy;

  imh_options_init (&o, game, (int) n_players);
  r = imh_record_new (&o, seed, &err);
  g_assert_nonnull (r);
  for (guint i = 0; i < n_players; i++)
    g_assert_true (imh_record_set_player (r, (int) i, kinds[i], names[i]));
  g_assert_true (imh_record_set_date (r, FALSE, started));
  imh_record_initial (r, s);
  imh_rng_seed (&rng, seed * 7 + 1);
  while (!imh_is_over (s))
    {
      ImhDecisionList l;
      int n = imh_legal (s, &l);
      ImhDecision d = l.d[imh_rng_below (&rng, (uint32_t) n)];

      imh_record_line_append (&r->main, d);
      imh_apply (s, d);
    }
  imh_record_set_outcome (r, s);
  text = imh_record_write (r);
  copy = g_strdup (text);
  free (text);
  imh_record_free (r);
  g_free (s);
  return copy;
}

GArray *
practice_choice_plies (const char *record,
                       int         seat,
                       guint       max)
{
  GArray *plies = g_array_new (FALSE, FALSE, sizeof (guint));
  ImhRecordError err = { 0 };
  ImhRecord *r = imh_record_parse (record, strlen (record), &err);
  ImhState *s = g_new0 (ImhState, 1);

  g_assert_nonnull (r);
  imh_record_initial (r, s);
  for (guint i = 0; i < r->main.n_decisions && plies->len < max; i++)
    {
      ImhDecisionList l;

      if (imh_actor (s) == seat && imh_legal (s, &l) >= 6)
        g_array_append_val (plies, i);
      imh_apply (s, r->main.decisions[i]);
    }
  imh_record_free (r);
  g_free (s);
  return plies;
}

static void
set_candidate (ImhAnalysisCandidate *c,
               const ImhState       *s,
               ImhDecision           d,
               double                win,
               double                ci)
{
  c->decision = d;
  imh_rules_of (s)->decision_to_text (s, d, c->text, sizeof c->text);
  c->visits = 100;
  c->win = win;
  c->win_ci = ci;
  c->margin = 0.0;
}

ImhAnalysis *
practice_analysis (const char         *record,
                   const PracticeLoss *losses,
                   guint               n_losses,
                   int                 luck_ply)
{
  ImhRecordError err = { 0 };
  ImhRecord *r = imh_record_parse (record, strlen (record), &err);
  ImhState *s = g_new0 (ImhState, 1);
  ImhAnalysis *a = calloc (1, sizeof *a);
  const ImhRules *rules;

  g_assert_nonnull (r);
  rules = r->rules;
  a->game = rules->kind;
  a->n_players = r->options.n_players;
  imh_analysis_settings_init (&a->settings, IMH_ANALYSIS_QUICK);
  g_strlcpy (a->engine_version, "test", sizeof a->engine_version);
  a->n_plies = r->main.n_decisions;
  a->plies = calloc (a->n_plies, sizeof *a->plies);
  imh_record_initial (r, s);
  for (guint i = 0; i < a->n_plies; i++)
    {
      ImhAnalysisPly *p = &a->plies[i];
      ImhDecision d = r->main.decisions[i];
      ImhDecisionList l;
      int n = imh_legal (s, &l);
      double loss = 0.0;

      for (guint k = 0; k < n_losses; k++)
        if (losses[k].ply == i)
          loss = losses[k].loss;
      p->ply = i;
      p->mover = imh_actor (s);
      p->turn = rules->turn_index (s);
      p->played = d;
      rules->decision_to_text (s, d, p->played_text, sizeof p->played_text);
      p->n_legal = (uint16_t) n;
      p->forced = n == 1;
      p->best = d;
      p->win_before = 0.6;
      p->win_before_ci = 0.01;
      p->win_after = 0.6 - loss / 100.0;
      p->win_after_ci = 0.01;
      p->loss = loss;
      p->loss_ci = 0.5;
      if (loss > 0.0)
        {
          /* Five other legal decisions: the best and four more. */
          ImhDecision other[5];
          guint m = 0;
          static const double wins[5] = { 0.62, 0.61, 0.55, 0.595, 0.60 };
          static const double cis[5] = { 0.01, 0.005, 0.01, 0.001, 0.01 };

          for (int k = 0; k < n && m < 5; k++)
            if (l.d[k] != d)
              other[m++] = l.d[k];
          g_assert_cmpuint (m, ==, 5);
          p->best = other[0];
          p->n_top = 5;
          for (guint k = 0; k < 5; k++)
            set_candidate (&p->top[k], s, other[k], wins[k], cis[k]);
          p->has_alternative = TRUE;
          p->alternative = p->top[0];
          p->alternative.win = p->win_before;
        }
      else
        {
          p->n_top = 1;
          set_candidate (&p->top[0], s, d, 0.6, 0.01);
        }
      rules->decision_to_text (s, p->best, p->best_text, sizeof p->best_text);
      p->chance = (int) i == luck_ply;
      p->luck = p->chance ? 4.0 : 0.0;
      p->win_actual = p->win_after + p->luck / 100.0;
      imh_apply (s, d);
    }
  imh_analysis_summarize (a, s);
  imh_record_free (r);
  g_free (s);
  return a;
}

void
practice_store (ImhLibrary  *library,
                gint64       game_id,
                ImhAnalysis *analysis)
{
  g_autoptr(GError) error = NULL;
  char *settings = imh_analysis_settings_to_json (analysis);
  char *data = imh_analysis_to_json (analysis);

  g_assert_cmpint (imh_library_add_analysis (library, game_id, "test", settings, data,
                                             analysis->n_blunders, &error), >, 0);
  g_assert_no_error (error);
  free (settings);
  free (data);
}
