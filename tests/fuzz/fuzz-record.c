/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz-record.c — libFuzzer harness for the record parser
 * (src/engine/imh-record.c): any input is parsed (as one record and as a
 * file of records) without crashing; a record that parses is written, and
 * the written text parses again to the same record (compared field by
 * field), which writes to the same text.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-record.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static bool
str_equal (const char *a,
           const char *b)
{
  return (a == NULL && b == NULL) || (a != NULL && b != NULL && strcmp (a, b) == 0);
}

/* The same line of decisions with the same variations, recursively. */
static bool
line_equal (const ImhRecordLine *a,
            const ImhRecordLine *b)
{
  if (a->branch_ply != b->branch_ply || a->n_decisions != b->n_decisions
      || a->n_variations != b->n_variations)
    return false;
  for (uint32_t i = 0; i < a->n_decisions; i++)
    if (a->decisions[i] != b->decisions[i])
      return false;
  for (uint32_t i = 0; i < a->n_variations; i++)
    if (!line_equal (a->variations[i], b->variations[i]))
      return false;
  return true;
}

/* Everything a record holds, compared field by field (not through the
 * writer, which could drop something from both texts alike). */
static bool
record_equal (const ImhRecord *a,
              const ImhRecord *b)
{
  int n = a->options.n_players;

  if (a->format_version != b->format_version || a->rules != b->rules
      || a->options.game != b->options.game || a->options.n_players != b->options.n_players
      || memcmp (a->options.sides, b->options.sides, sizeof a->options.sides) != 0
      || a->options.start_player != b->options.start_player
      || a->options.variants != b->options.variants || a->seed != b->seed
      || !str_equal (a->started, b->started) || !str_equal (a->ended, b->ended)
      || a->has_result != b->has_result || a->has_scores != b->has_scores
      || a->n_fields != b->n_fields)
    return false;
  for (int p = 0; p < n; p++)
    if (!str_equal (a->players[p].kind, b->players[p].kind)
        || !str_equal (a->players[p].name, b->players[p].name)
        || (a->has_result && a->result[p] != b->result[p])
        || (a->has_scores && a->scores[p] != b->scores[p]))
      return false;
  for (uint32_t i = 0; i < a->n_fields; i++)
    if (!str_equal (a->fields[i].key, b->fields[i].key)
        || !str_equal (a->fields[i].value, b->fields[i].value))
      return false;
  return line_equal (&a->main, &b->main);
}

static void
fail (const char *what, const char *text)
{
  fprintf (stderr, "fuzz-record: %s\n--- canonical text ---\n%s\n---\n", what, text);
  abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  ImhRecordError err;
  ImhRecord *record, *again;
  ImhRecord **many;
  size_t n_many = 0;
  char *text, *text_again;

  many = imh_record_parse_many ((const char *) data, size, &n_many, &err);
  if (many != NULL)
    {
      for (size_t i = 0; i < n_many; i++)
        imh_record_free (many[i]);
      free (many);
    }

  record = imh_record_parse ((const char *) data, size, &err);
  if (record == NULL)
    return 0;

  text = imh_record_write (record);
  again = imh_record_parse (text, strlen (text), &err);
  if (again == NULL)
    {
      fprintf (stderr, "fuzz-record: line %u, column %u: %s\n", err.line, err.column, err.message);
      fail ("the written record does not parse", text);
    }
  if (!record_equal (record, again))
    fail ("the record written and parsed again is not the same record", text);
  text_again = imh_record_write (again);
  if (strcmp (text, text_again) != 0)
    {
      fprintf (stderr, "--- written again ---\n%s\n", text_again);
      fail ("the record written, parsed and written again differs", text);
    }

  free (text_again);
  imh_record_free (again);
  free (text);
  imh_record_free (record);
  return 0;
}
