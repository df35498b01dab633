/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-cli-util.c — loading and saving records, options, score tables,
 * table cells, JSON and locale-independent output. */
#define G_LOG_DOMAIN "imh-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "imh-cli.h"
#include "imh-cli-util.h"
#include "imh-record-file.h"

char *
imh_cli_read_record_file (const char *path, gsize *length)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  if (!imh_record_file_read (file, IMH_RECORD_FILE_MAX_SIZE, &text, length, NULL, &error))
    {
      if (strstr (error->message, path) != NULL)
        imh_cli_error ("%s", error->message);
      else
        imh_cli_error ("%s: %s", path, error->message);
      return NULL;
    }
  return text;
}

ImhRecord *
imh_cli_load_record (const char *path)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  ImhRecordError err;
  ImhRecord *r;

  text = imh_cli_read_record_file (path, &len);
  if (text == NULL)
    return NULL;
  r = imh_record_parse (text, len, &err);
  if (r == NULL)
    {
      /* The parser's message is English: it names line and column. */
      imh_cli_error (_("%s:%u:%u: invalid record: %s"), path, err.line, err.column, err.message);
      return NULL;
    }
  return r;
}

int
imh_cli_load_position (const char *path, gint64 ply, ImhRecord **record,
                       uint32_t *ply_out, ImhState *state)
{
  ImhRecordError err;
  ImhRecord *r = imh_cli_load_record (path);
  uint32_t end;

  *record = NULL;
  if (r == NULL)
    return IMH_CLI_FAILED;
  end = imh_record_line_end (&r->main);
  if (ply > (gint64) end)
    {
      imh_cli_error (_("--ply %lld is beyond the end of the record (%u decisions)"),
                     (long long) ply, end);
      imh_record_free (r);
      return IMH_CLI_USAGE;
    }
  if (ply < 0)
    ply = end;
  if (!imh_record_replay (r, NULL, (uint32_t) ply, state, &err))
    {
      imh_cli_error (_("%s:%u:%u: invalid record: %s"), path, err.line, err.column, err.message);
      imh_record_free (r);
      return IMH_CLI_FAILED;
    }
  *record = r;
  *ply_out = (uint32_t) ply;
  return IMH_CLI_OK;
}

gboolean
imh_cli_save_record (const char *path, const ImhRecord *record)
{
  g_autoptr(GError) error = NULL;
  char *text = imh_record_write (record);
  gboolean ok = g_file_set_contents (path, text, -1, &error);

  free (text);
  if (!ok)
    imh_cli_error ("%s", error->message);
  return ok;
}

gboolean
imh_cli_make_options (const char *game, int players, const char *sides,
                      char **variants, int start, ImhOptions *o)
{
  const ImhRules *rules = imh_rules_from_id (game);
  char why[200] = "";

  if (rules == NULL || rules->setup == NULL)
    {
      imh_cli_error (_("unknown game “%s” (known: duel, classic)"), game);
      return FALSE;
    }
  if (players == 0)
    players = rules->min_players;
  if (players < rules->min_players || players > rules->max_players)
    {
      imh_cli_error (_("this game is for %d to %d players"), rules->min_players, rules->max_players);
      return FALSE;
    }
  imh_options_init (o, rules->kind, players);
  if (sides != NULL)
    {
      if (strlen (sides) != rules->n_sites)
        {
          imh_cli_error (_("--sides needs %d letters A or B, one per site"), rules->n_sites);
          return FALSE;
        }
      for (int i = 0; i < rules->n_sites; i++)
        {
          if (sides[i] != 'A' && sides[i] != 'B')
            {
              imh_cli_error (_("--sides needs %d letters A or B, one per site"), rules->n_sites);
              return FALSE;
            }
          o->sides[i] = sides[i] == 'B' ? IMH_SIDE_B : IMH_SIDE_A;
        }
    }
  for (int i = 0; variants != NULL && variants[i] != NULL; i++)
    {
      gboolean found = FALSE;
      for (uint32_t bit = 0; bit < 32; bit++)
        {
          const char *id = imh_record_variant_id (1u << bit);
          if (id != NULL && strcmp (id, variants[i]) == 0)
            {
              o->variants |= 1u << bit;
              found = TRUE;
            }
        }
      if (!found)
        {
          imh_cli_error (_("--variant: unknown variant “%s” (known: wrath)"), variants[i]);
          return FALSE;
        }
    }
  if (start < 0 || start > players)
    {
      imh_cli_error (_("--start must be a player from 1 to %d"), players);
      return FALSE;
    }
  o->start_player = (int8_t) (start - 1);
  if (!rules->options_valid (o, why, sizeof why))
    {
      imh_cli_error (_("these options are not valid: %s"), why);
      return FALSE;
    }
  return TRUE;
}

void
imh_cli_print_score (FILE *out, const ImhRecord *r, const ImhState *s)
{
  const ImhRules *rules = r->rules;
  ImhScore sc;

  rules->score (s, &sc);
  fprintf (out, "%s\n", sc.final ? _("Final score:") : _("Score if the game ended now:"));
  fprintf (out, "  %-12s", "");
  for (int p = 0; p < sc.n_players; p++)
    {
      g_autofree char *name = imh_cli_cell (r->players[p].name ? r->players[p].name : "?", 10);
      fprintf (out, " %s", name);
    }
  fputc ('\n', out);
  for (int c = 0; c < sc.n_categories; c++)
    {
      fprintf (out, "  %-12s", rules->category_ids[c]);
      for (int p = 0; p < sc.n_players; p++)
        fprintf (out, " %10d", sc.points[p][c]);
      fputc ('\n', out);
    }
  {
    g_autofree char *total = imh_cli_pad (_("total"), -12);
    fprintf (out, "  %s", total);
  }
  for (int p = 0; p < sc.n_players; p++)
    fprintf (out, " %10d", sc.total[p]);
  fputc ('\n', out);
  {
    g_autofree char *place = imh_cli_pad (_("place"), -12);
    fprintf (out, "  %s", place);
  }
  for (int p = 0; p < sc.n_players; p++)
    fprintf (out, " %10d", sc.rank[p] + 1);
  fputc ('\n', out);
  if (sc.tiebreak == IMH_TIEBREAK_NON_STARTER)
    fprintf (out, "%s\n", _("Equal totals: the player who did not start wins."));
  else if (sc.tiebreak == IMH_TIEBREAK_SLED)
    fprintf (out, "%s\n", _("Equal totals: more stones on the sled wins."));
  else if (sc.tiebreak == IMH_TIEBREAK_SHARED)
    fprintf (out, "%s\n", _("Equal totals: the place is shared."));
}

char *
imh_cli_now_iso (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
}

ImhDecision
imh_cli_random_decision (const ImhState *s, ImhRng *rng)
{
  ImhDecisionList l;
  int n = imh_rules_of (s)->legal (s, &l);

  return l.d[imh_rng_below (rng, (uint32_t) n)];
}

/* Columns taken by `c` in a terminal. */
static guint
char_width (gunichar c)
{
  return g_unichar_iszerowidth (c) ? 0 : g_unichar_iswide (c) ? 2 : 1;
}

static char *
make_cell (const char *text, int width, gboolean cut)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  gboolean left = width < 0;
  guint room = (guint) ABS (width);
  GString *cell = g_string_new (NULL);
  guint used = 0, total = 0;
  const char *p;

  for (p = valid; *p != '\0'; p = g_utf8_next_char (p))
    total += char_width (g_utf8_get_char (p));
  if (total <= room || !cut)
    {
      g_string_append (cell, valid);
      used = total;
    }
  else if (room > 0)
    {
      /* As much as fits before "…", whole characters only. */
      for (p = valid; *p != '\0'; p = g_utf8_next_char (p))
        {
          guint w = char_width (g_utf8_get_char (p));
          if (used + w > room - 1)
            break;
          g_string_append_len (cell, p, g_utf8_next_char (p) - p);
          used += w;
        }
      g_string_append (cell, "…");
      used++;
    }
  for (; used < room; used++)
    {
      if (left)
        g_string_append_c (cell, ' ');
      else
        g_string_prepend_c (cell, ' ');
    }
  return g_string_free (cell, FALSE);
}

char *
imh_cli_cell (const char *text, int width)
{
  return make_cell (text, width, TRUE);
}

char *
imh_cli_pad (const char *text, int width)
{
  return make_cell (text, width, FALSE);
}

void
imh_cli_print_c (const char *format, ...)
{
  /* The user's locale with the C locale's numbers, for this thread only. */
  locale_t base = duplocale (LC_GLOBAL_LOCALE);
  locale_t c = base != (locale_t) 0 ? newlocale (LC_NUMERIC_MASK, "C", base) : (locale_t) 0;
  locale_t old = (locale_t) 0;
  va_list args;

  if (c == (locale_t) 0)
    {
      if (base != (locale_t) 0)
        freelocale (base);
      /* Without a locale object, the whole process falls back to C numbers. */
      setlocale (LC_NUMERIC, "C");
    }
  else
    old = uselocale (c);
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  if (c != (locale_t) 0)
    {
      uselocale (old);
      freelocale (c);
    }
}

static void
json_member (JsonBuilder *builder, const char *member)
{
  if (member != NULL)
    json_builder_set_member_name (builder, member);
}

void
imh_cli_json_int (JsonBuilder *builder, const char *member, gint64 value)
{
  json_member (builder, member);
  json_builder_add_int_value (builder, value);
}

void
imh_cli_json_bool (JsonBuilder *builder, const char *member, gboolean value)
{
  json_member (builder, member);
  json_builder_add_boolean_value (builder, value);
}

void
imh_cli_json_string (JsonBuilder *builder, const char *member, const char *value)
{
  json_member (builder, member);
  if (value == NULL)
    json_builder_add_null_value (builder);
  else if (g_utf8_validate (value, -1, NULL))
    json_builder_add_string_value (builder, value);
  else
    {
      /* A damaged database may hold anything: the JSON stays valid. */
      g_autofree char *valid = g_utf8_make_valid (value, -1);
      json_builder_add_string_value (builder, valid);
    }
}

void
imh_cli_json_fixed (JsonBuilder *builder, const char *member, double value, int decimals)
{
  char format[16], text[G_ASCII_DTOSTR_BUF_SIZE + 320];
  double rounded;

  json_member (builder, member);
  if (!isfinite (value))
    {
      json_builder_add_null_value (builder);
      return;
    }
  /* Rounded as printf rounds (the exact binary value, halves to even),
   * so that a script reads the same number as before; json-glib writes
   * doubles with 17 significant digits. */
  g_snprintf (format, sizeof format, "%%.%df", CLAMP (decimals, 0, 17));
  g_ascii_formatd (text, sizeof text, format, value);
  rounded = g_ascii_strtod (text, NULL);
  if (decimals <= 0 && fabs (rounded) < 9e15)
    json_builder_add_int_value (builder, (gint64) rounded);
  else
    json_builder_add_double_value (builder, rounded);
}

gboolean
imh_cli_json_embed (JsonBuilder *builder, const char *member, const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) error = NULL;

  if (!json_parser_load_from_data (parser, json, -1, &error))
    {
      imh_cli_error (_("internal error: the engine made invalid JSON: %s"), error->message);
      return FALSE;
    }
  json_member (builder, member);
  json_builder_add_value (builder, json_parser_steal_root (parser));
  return TRUE;
}

void
imh_cli_json_print (JsonBuilder *builder, gboolean pretty)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_pretty (generator, pretty);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  printf ("%s\n", text);
}
