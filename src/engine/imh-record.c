/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-record.c — the `.imhotep` record format: model, writer, strict
 * parser, replay. Game-agnostic: only the ImhRules vtable is used.
 * The format is documented in docs/file-format.md.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imh-record.h"

#define MAX_DEPTH (IMH_RECORD_MAX_DEPTH + 1)

static const struct {
  uint32_t    flag;
  const char *id;
} variant_ids[] = {
  { IMH_VARIANT_WRATH, "wrath" },
};
#define N_VARIANT_IDS (sizeof variant_ids / sizeof variant_ids[0])

static const char *const standard_keys[] = {
  "game", "players", "sides", "variants", "seed", "start", "player",
  "started", "ended", "result", "scores",
};
#define N_STANDARD_KEYS (sizeof standard_keys / sizeof standard_keys[0])

const char *
imh_record_variant_id (uint32_t flag)
{
  for (size_t i = 0; i < N_VARIANT_IDS; i++)
    if (variant_ids[i].flag == flag)
      return variant_ids[i].id;
  return NULL;
}

static void set_error (ImhRecordError *err, uint32_t line, uint32_t column,
                       const char *format, ...) __attribute__ ((format (printf, 4, 5)));

static void
set_error (ImhRecordError *err, uint32_t line, uint32_t column, const char *format, ...)
{
  va_list args;

  if (err == NULL)
    return;
  err->line = line;
  err->column = column;
  va_start (args, format);
  vsnprintf (err->message, sizeof err->message, format, args);
  va_end (args);
}

static void *
xmalloc (size_t n)
{
  void *p = malloc (n > 0 ? n : 1);
  if (p == NULL)
    abort ();
  return p;
}

static void *
xrealloc (void *p, size_t n)
{
  p = realloc (p, n > 0 ? n : 1);
  if (p == NULL)
    abort ();
  return p;
}

static char *
xstrndup (const char *s, size_t n)
{
  char *r = xmalloc (n + 1);
  memcpy (r, s, n);
  r[n] = '\0';
  return r;
}

static char *
xstrdup (const char *s)
{
  return s != NULL ? xstrndup (s, strlen (s)) : NULL;
}

/* ------------------------------------------------------------------ */
/* Validation of strings                                               */

/* Length of a valid UTF-8 sequence at p (≤ n bytes), 0 if invalid. */
static size_t
utf8_len (const unsigned char *p, size_t n)
{
  unsigned c = p[0];
  size_t len;
  uint32_t cp;

  if (c < 0x80)
    return 1;
  if (c >= 0xc2 && c <= 0xdf)
    len = 2, cp = c & 0x1f;
  else if (c >= 0xe0 && c <= 0xef)
    len = 3, cp = c & 0x0f;
  else if (c >= 0xf0 && c <= 0xf4)
    len = 4, cp = c & 0x07;
  else
    return 0;
  if (len > n)
    return 0;
  for (size_t i = 1; i < len; i++)
    {
      if ((p[i] & 0xc0) != 0x80)
        return 0;
      cp = (cp << 6) | (p[i] & 0x3f);
    }
  if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
      (cp >= 0xd800 && cp <= 0xdfff))
    return 0;
  return len;
}

/* Free text (names, extra values): valid UTF-8, no control characters,
 * no leading or trailing space. Returns the byte offset of the first
 * problem or -1 if fine; *what names it. */
static long
text_problem (const char *s, size_t n, bool allow_empty, const char **what)
{
  if (n == 0)
    {
      *what = "must not be empty";
      return allow_empty ? -1 : 0;
    }
  if (s[0] == ' ')
    {
      *what = "must not start with a space";
      return 0;
    }
  if (s[n - 1] == ' ')
    {
      *what = "must not end with a space";
      return (long) n - 1;
    }
  for (size_t i = 0; i < n;)
    {
      unsigned char c = (unsigned char) s[i];
      size_t k;
      if (c < 0x20 || c == 0x7f)
        {
          *what = "contains a control character";
          return (long) i;
        }
      k = utf8_len ((const unsigned char *) s + i, n - i);
      if (k == 0)
        {
          *what = "is not valid UTF-8";
          return (long) i;
        }
      i += k;
    }
  return -1;
}

size_t
imh_record_utf8_chars (const char *s, size_t n)
{
  size_t chars = 0;

  for (size_t i = 0; i < n; i++)
    if (((unsigned char) s[i] & 0xc0) != 0x80)
      chars++;
  return chars;
}

/* Byte offset of character `k` (0-based) of valid UTF-8 text, or n. */
static size_t
char_offset (const char *s, size_t n, size_t k)
{
  for (size_t i = 0; i < n; i++)
    if (((unsigned char) s[i] & 0xc0) != 0x80 && k-- == 0)
      return i;
  return n;
}

static bool
kind_valid (const char *s, size_t n)
{
  size_t i = 0;

  if (n == 0 || !(islower ((unsigned char) s[0])))
    return false;
  while (i < n && (islower ((unsigned char) s[i]) || isdigit ((unsigned char) s[i]) || s[i] == '-'))
    i++;
  if (i == n)
    return true;
  if (s[i] != ':' || i + 1 == n)
    return false;
  for (i++; i < n; i++)
    if (!(isalnum ((unsigned char) s[i]) || s[i] == '.' || s[i] == '_' || s[i] == '-'))
      return false;
  return true;
}

static bool
key_valid (const char *s, size_t n)
{
  if (n == 0 || !islower ((unsigned char) s[0]))
    return false;
  for (size_t i = 1; i < n; i++)
    if (!(islower ((unsigned char) s[i]) || isdigit ((unsigned char) s[i]) || s[i] == '-'))
      return false;
  return true;
}

static bool
is_standard_key (const char *s, size_t n)
{
  for (size_t i = 0; i < N_STANDARD_KEYS; i++)
    if (strlen (standard_keys[i]) == n && memcmp (standard_keys[i], s, n) == 0)
      return true;
  return false;
}

/* "YYYY-MM-DDTHH:MM:SSZ", a real moment of the (proleptic Gregorian)
 * calendar: no month 13, no February 30, no second 60, no year 0000. */
bool
imh_record_date_valid (const char *s, size_t n)
{
  static const char pattern[] = "dddd-dd-ddTdd:dd:ddZ";
  static const int month_days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
  int y, mo, da, h, mi, se, days;

  if (s == NULL || n != sizeof pattern - 1)
    return false;
  for (size_t i = 0; i < n; i++)
    if (pattern[i] == 'd' ? !isdigit ((unsigned char) s[i]) : s[i] != pattern[i])
      return false;
  y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
  mo = (s[5] - '0') * 10 + (s[6] - '0');
  da = (s[8] - '0') * 10 + (s[9] - '0');
  h = (s[11] - '0') * 10 + (s[12] - '0');
  mi = (s[14] - '0') * 10 + (s[15] - '0');
  se = (s[17] - '0') * 10 + (s[18] - '0');
  if (y < 1 || mo < 1 || mo > 12)
    return false;
  days = month_days[mo - 1];
  if (mo == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
    days = 29;
  return da >= 1 && da <= days && h <= 23 && mi <= 59 && se <= 59;
}

/* Canonical unsigned decimal (no sign, no leading zeros). */
static bool
parse_u64 (const char *s, size_t n, uint64_t *out)
{
  uint64_t v = 0;

  if (n == 0 || n > 20 || (n > 1 && s[0] == '0'))
    return false;
  for (size_t i = 0; i < n; i++)
    {
      unsigned dgt;
      if (!isdigit ((unsigned char) s[i]))
        return false;
      dgt = (unsigned) (s[i] - '0');
      if (v > (UINT64_MAX - dgt) / 10)
        return false;
      v = v * 10 + dgt;
    }
  *out = v;
  return true;
}

/* Canonical signed decimal in int32 range. */
static bool
parse_i32 (const char *s, size_t n, int32_t *out)
{
  uint64_t v;
  bool neg = n > 0 && s[0] == '-';

  if (neg && (n < 2 || (s[1] == '0')))
    return false;
  if (!parse_u64 (s + neg, n - neg, &v) || v > (neg ? UINT64_C (2147483648) : UINT64_C (2147483647)))
    return false;
  *out = neg ? (int32_t) (-(int64_t) v) : (int32_t) v;
  return true;
}

/* ------------------------------------------------------------------ */
/* Model                                                               */

static void
line_init (ImhRecordLine *l, ImhRecordLine *parent, uint32_t branch_ply)
{
  memset (l, 0, sizeof *l);
  l->parent = parent;
  l->branch_ply = branch_ply;
}

static void
line_clear (ImhRecordLine *l)
{
  for (uint32_t i = 0; i < l->n_variations; i++)
    {
      line_clear (l->variations[i]);
      free (l->variations[i]);
    }
  free (l->variations);
  free (l->decisions);
  free (l->positions);
  l->variations = NULL;
  l->decisions = NULL;
  l->positions = NULL;
  l->n_variations = l->cap_variations_ = 0;
  l->n_decisions = l->cap_decisions_ = 0;
}

static void
line_copy (ImhRecordLine *dst, const ImhRecordLine *src, ImhRecordLine *parent)
{
  line_init (dst, parent, src->branch_ply);
  dst->n_decisions = dst->cap_decisions_ = src->n_decisions;
  dst->decisions = xmalloc (sizeof (ImhDecision) * src->n_decisions);
  dst->positions = xmalloc (sizeof (ImhRecordPos) * src->n_decisions);
  if (src->n_decisions > 0)
    {
      memcpy (dst->decisions, src->decisions, sizeof (ImhDecision) * src->n_decisions);
      memcpy (dst->positions, src->positions, sizeof (ImhRecordPos) * src->n_decisions);
    }
  dst->n_variations = dst->cap_variations_ = src->n_variations;
  dst->variations = xmalloc (sizeof (ImhRecordLine *) * src->n_variations);
  for (uint32_t i = 0; i < src->n_variations; i++)
    {
      dst->variations[i] = xmalloc (sizeof (ImhRecordLine));
      line_copy (dst->variations[i], src->variations[i], dst);
    }
}

static ImhRecord *
record_alloc (void)
{
  ImhRecord *r = xmalloc (sizeof *r);
  memset (r, 0, sizeof *r);
  r->format_version = IMH_RECORD_FORMAT_VERSION;
  line_init (&r->main, NULL, 0);
  return r;
}

void
imh_record_free (ImhRecord *r)
{
  if (r == NULL)
    return;
  for (int i = 0; i < IMH_MAX_PLAYERS; i++)
    {
      free (r->players[i].kind);
      free (r->players[i].name);
    }
  free (r->started);
  free (r->ended);
  for (uint32_t i = 0; i < r->n_fields; i++)
    {
      free (r->fields[i].key);
      free (r->fields[i].value);
    }
  free (r->fields);
  line_clear (&r->main);
  free (r);
}

ImhRecord *
imh_record_copy (const ImhRecord *src)
{
  ImhRecord *r = record_alloc ();
  ImhRecordLine main_line;

  memcpy (r, src, sizeof *r);
  for (int i = 0; i < IMH_MAX_PLAYERS; i++)
    {
      r->players[i].kind = xstrdup (src->players[i].kind);
      r->players[i].name = xstrdup (src->players[i].name);
    }
  r->started = xstrdup (src->started);
  r->ended = xstrdup (src->ended);
  r->fields = xmalloc (sizeof (ImhRecordField) * src->n_fields);
  for (uint32_t i = 0; i < src->n_fields; i++)
    {
      r->fields[i].key = xstrdup (src->fields[i].key);
      r->fields[i].value = xstrdup (src->fields[i].value);
    }
  line_copy (&main_line, &src->main, NULL);
  r->main = main_line;
  /* Children point at the copy's main line. */
  for (uint32_t i = 0; i < r->main.n_variations; i++)
    r->main.variations[i]->parent = &r->main;
  return r;
}

ImhRecord *
imh_record_new (const ImhOptions *options, uint64_t seed, ImhRecordError *err)
{
  const ImhRules *rules = imh_rules_get (options->game);
  char why[200] = "";
  ImhRecord *r;
  ImhState *s;

  if (rules == NULL)
    {
      set_error (err, 0, 0, "unknown game");
      return NULL;
    }
  if (!rules->options_valid (options, why, sizeof why))
    {
      set_error (err, 0, 0, "invalid options: %s", why);
      return NULL;
    }
  s = xmalloc (sizeof *s);
  memset (s, 0, sizeof *s);
  rules->setup (s, options, seed);
  r = record_alloc ();
  r->rules = rules;
  rules->options (s, &r->options);
  r->seed = seed;
  free (s);
  for (int i = 0; i < r->options.n_players; i++)
    {
      char name[32];
      snprintf (name, sizeof name, "Player %d", i + 1);
      r->players[i].kind = xstrdup ("human");
      r->players[i].name = xstrdup (name);
    }
  return r;
}

bool
imh_record_set_player (ImhRecord *r, int player, const char *kind, const char *name)
{
  const char *what;

  if (player < 0 || player >= r->options.n_players || kind == NULL || name == NULL)
    return false;
  if (!kind_valid (kind, strlen (kind)) || text_problem (name, strlen (name), false, &what) >= 0
      || imh_record_utf8_chars (name, strlen (name)) > IMH_RECORD_MAX_NAME_CHARS)
    return false;
  free (r->players[player].kind);
  free (r->players[player].name);
  r->players[player].kind = xstrdup (kind);
  r->players[player].name = xstrdup (name);
  return true;
}

bool
imh_record_set_date (ImhRecord *r, bool ended, const char *iso)
{
  char **slot = ended ? &r->ended : &r->started;

  if (iso != NULL && !imh_record_date_valid (iso, strlen (iso)))
    return false;
  free (*slot);
  *slot = xstrdup (iso);
  return true;
}

static bool
is_tag_key (const char *s, size_t n)
{
  return n == 3 && memcmp (s, "tag", 3) == 0;
}

/* The limit on the value of the extra field `key`, in characters. */
static size_t
value_max_chars (const char *key, size_t kn)
{
  return is_tag_key (key, kn) ? IMH_RECORD_MAX_TAG_CHARS : IMH_RECORD_MAX_VALUE_CHARS;
}

static uint32_t
count_tags (const ImhRecord *r)
{
  uint32_t n = 0;

  for (uint32_t i = 0; i < r->n_fields; i++)
    n += is_tag_key (r->fields[i].key, strlen (r->fields[i].key));
  return n;
}

bool
imh_record_add_field (ImhRecord *r, const char *key, const char *value)
{
  const char *what;

  if (key == NULL || value == NULL || !key_valid (key, strlen (key)) ||
      is_standard_key (key, strlen (key)) || strcmp (key, IMH_RECORD_MAGIC) == 0 ||
      text_problem (value, strlen (value), true, &what) >= 0)
    return false;
  if (imh_record_utf8_chars (value, strlen (value)) > value_max_chars (key, strlen (key))
      || r->n_fields >= IMH_RECORD_MAX_FIELDS
      || (is_tag_key (key, strlen (key)) && count_tags (r) >= IMH_RECORD_MAX_TAGS))
    return false;
  r->fields = xrealloc (r->fields, sizeof (ImhRecordField) * (r->n_fields + 1));
  r->fields[r->n_fields].key = xstrdup (key);
  r->fields[r->n_fields].value = xstrdup (value);
  r->n_fields++;
  return true;
}

const char *
imh_record_get_field (const ImhRecord *r, const char *key)
{
  for (uint32_t i = 0; i < r->n_fields; i++)
    if (strcmp (r->fields[i].key, key) == 0)
      return r->fields[i].value;
  return NULL;
}

void
imh_record_set_outcome (ImhRecord *r, const ImhState *s)
{
  ImhScore sc;

  r->has_result = r->has_scores = false;
  if (!r->rules->is_over (s))
    return;
  r->rules->score (s, &sc);
  for (int p = 0; p < r->options.n_players; p++)
    {
      r->result[p] = (uint8_t) (sc.rank[p] + 1);
      r->scores[p] = sc.total[p];
    }
  r->has_result = r->has_scores = true;
}

void
imh_record_initial (const ImhRecord *r, ImhState *out)
{
  memset (out, 0, sizeof *out);
  r->rules->setup (out, &r->options, r->seed);
}

void
imh_record_line_append (ImhRecordLine *l, ImhDecision d)
{
  if (l->n_decisions == l->cap_decisions_)
    {
      l->cap_decisions_ = l->cap_decisions_ ? l->cap_decisions_ * 2 : 64;
      l->decisions = xrealloc (l->decisions, sizeof (ImhDecision) * l->cap_decisions_);
      l->positions = xrealloc (l->positions, sizeof (ImhRecordPos) * l->cap_decisions_);
    }
  l->decisions[l->n_decisions] = d;
  l->positions[l->n_decisions].line = 0;
  l->positions[l->n_decisions].column = 0;
  l->n_decisions++;
}

uint32_t
imh_record_line_end (const ImhRecordLine *l)
{
  return l->branch_ply + l->n_decisions;
}

void
imh_record_line_truncate (ImhRecordLine *l, uint32_t ply)
{
  uint32_t keep = 0;

  if (ply < l->branch_ply)
    ply = l->branch_ply;
  if (ply < imh_record_line_end (l))
    l->n_decisions = ply - l->branch_ply;
  for (uint32_t i = 0; i < l->n_variations; i++)
    {
      if (l->variations[i]->branch_ply > ply)
        {
          line_clear (l->variations[i]);
          free (l->variations[i]);
        }
      else
        l->variations[keep++] = l->variations[i];
    }
  l->n_variations = keep;
}

ImhRecordLine *
imh_record_line_add_variation (ImhRecordLine *parent, uint32_t branch_ply)
{
  ImhRecordLine *v;

  if (branch_ply < parent->branch_ply || branch_ply > imh_record_line_end (parent))
    return NULL;
  if (parent->n_variations == parent->cap_variations_)
    {
      parent->cap_variations_ = parent->cap_variations_ ? parent->cap_variations_ * 2 : 4;
      parent->variations = xrealloc (parent->variations,
                                     sizeof (ImhRecordLine *) * parent->cap_variations_);
    }
  v = xmalloc (sizeof *v);
  line_init (v, parent, branch_ply);
  parent->variations[parent->n_variations++] = v;
  return v;
}

void
imh_record_line_remove_variation (ImhRecordLine *parent, uint32_t index)
{
  if (index >= parent->n_variations)
    return;
  line_clear (parent->variations[index]);
  free (parent->variations[index]);
  memmove (parent->variations + index, parent->variations + index + 1,
           sizeof (ImhRecordLine *) * (parent->n_variations - index - 1));
  parent->n_variations--;
}

static const ImhRecordLine *
line_owning (const ImhRecordLine *l, uint32_t ply)
{
  while (l != NULL && ply < l->branch_ply)
    l = l->parent;
  return l;
}

ImhDecision
imh_record_line_decision_at (const ImhRecordLine *l, uint32_t ply)
{
  l = line_owning (l, ply);
  return l->decisions[ply - l->branch_ply];
}

bool
imh_record_replay (const ImhRecord *r, const ImhRecordLine *line, uint32_t ply,
                   ImhState *out, ImhRecordError *err)
{
  if (line == NULL)
    line = &r->main;
  if (ply > imh_record_line_end (line))
    {
      set_error (err, 0, 0, "ply %u is beyond the end of the line (%u)", (unsigned) ply,
                 (unsigned) imh_record_line_end (line));
      return false;
    }
  imh_record_initial (r, out);
  for (uint32_t p = 0; p < ply; p++)
    {
      const ImhRecordLine *owner = line_owning (line, p);
      uint32_t i = p - owner->branch_ply;
      ImhDecision d = owner->decisions[i];

      if (!r->rules->is_legal (out, d))
        {
          set_error (err, owner->positions[i].line, owner->positions[i].column,
                     "decision %u (ply %u) is illegal in this position", (unsigned) d, (unsigned) p);
          return false;
        }
      r->rules->apply (out, d);
    }
  return true;
}

/* ------------------------------------------------------------------ */
/* Writer                                                              */

typedef struct {
  char  *s;
  size_t n, cap;
} Buf;

static void
buf_add (Buf *b, const char *text, size_t n)
{
  if (b->n + n + 1 > b->cap)
    {
      while (b->n + n + 1 > b->cap)
        b->cap = b->cap ? b->cap * 2 : 1024;
      b->s = xrealloc (b->s, b->cap);
    }
  memcpy (b->s + b->n, text, n);
  b->n += n;
  b->s[b->n] = '\0';
}

static void buf_printf (Buf *b, const char *format, ...) __attribute__ ((format (printf, 2, 3)));

static void
buf_printf (Buf *b, const char *format, ...)
{
  char tmp[512];
  va_list args;
  int n;

  va_start (args, format);
  n = vsnprintf (tmp, sizeof tmp, format, args);
  va_end (args);
  if (n < 0)
    return;
  if ((size_t) n < sizeof tmp)
    {
      buf_add (b, tmp, (size_t) n);
      return;
    }
  {
    char *big = xmalloc ((size_t) n + 1);
    va_start (args, format);
    vsnprintf (big, (size_t) n + 1, format, args);
    va_end (args);
    buf_add (b, big, (size_t) n);
    free (big);
  }
}

static void
indent (Buf *b, int depth)
{
  for (int i = 0; i < depth; i++)
    buf_add (b, "  ", 2);
}

static void write_line (Buf *b, const ImhRecord *r, const ImhRecordLine *l, int depth,
                        ImhState *state);

static void
write_variations (Buf *b, const ImhRecord *r, const ImhRecordLine *l, int depth,
                  uint32_t from, uint32_t to, bool inclusive)
{
  for (uint32_t i = 0; i < l->n_variations; i++)
    {
      const ImhRecordLine *v = l->variations[i];
      if (v->branch_ply >= from && (v->branch_ply < to || (inclusive && v->branch_ply == to)))
        {
          ImhState *st = xmalloc (sizeof *st);
          ImhRecordError e;
          indent (b, depth + 1);
          buf_printf (b, "variation %u\n", (unsigned) v->branch_ply);
          if (!imh_record_replay (r, l, v->branch_ply, st, &e))
            imh_record_initial (r, st);
          write_line (b, r, v, depth + 1, st);
          indent (b, depth + 1);
          buf_add (b, "end\n", 4);
          free (st);
        }
    }
}

/* Writes the turn lines of `l` (state: the position at l->branch_ply,
 * advanced as the line is written) and its variations. */
static void
write_line (Buf *b, const ImhRecord *r, const ImhRecordLine *l, int depth, ImhState *state)
{
  const ImhRules *rules = r->rules;
  uint32_t i = 0;

  while (i < l->n_decisions)
    {
      uint32_t turn = rules->turn_index (state);
      uint32_t start = i;

      indent (b, depth);
      buf_printf (b, "%u.", (unsigned) turn);
      do
        {
          char text[IMH_DECISION_TEXT_MAX];
          rules->decision_to_text (state, l->decisions[i], text, sizeof text);
          buf_printf (b, "%s %s", i > start ? "," : "", text);
          rules->apply (state, l->decisions[i]);
          i++;
        }
      while (i < l->n_decisions && rules->turn_index (state) == turn);
      buf_add (b, "\n", 1);
      /* Variations branching inside this turn line. */
      write_variations (b, r, l, depth, l->branch_ply + start, l->branch_ply + i,
                        i == l->n_decisions);
    }
  if (l->n_decisions == 0)
    write_variations (b, r, l, depth, l->branch_ply, l->branch_ply, true);
}

char *
imh_record_write (const ImhRecord *r)
{
  Buf b = { NULL, 0, 0 };
  ImhState *state;

  buf_printf (&b, "%s %d\n", IMH_RECORD_MAGIC, IMH_RECORD_FORMAT_VERSION);
  buf_printf (&b, "game %s\n", r->rules->id);
  buf_printf (&b, "players %d\n", r->options.n_players);
  buf_add (&b, "sides ", 6);
  for (int i = 0; i < r->rules->n_sites; i++)
    buf_add (&b, r->options.sides[i] == IMH_SIDE_B ? "B" : "A", 1);
  buf_add (&b, "\n", 1);
  if (r->options.variants != 0)
    {
      bool first = true;
      buf_add (&b, "variants ", 9);
      for (size_t i = 0; i < N_VARIANT_IDS; i++)
        if (r->options.variants & variant_ids[i].flag)
          {
            buf_printf (&b, "%s%s", first ? "" : ",", variant_ids[i].id);
            first = false;
          }
      buf_add (&b, "\n", 1);
    }
  buf_printf (&b, "seed %" PRIu64 "\n", r->seed);
  buf_printf (&b, "start %d\n", r->options.start_player + 1);
  for (int i = 0; i < r->options.n_players; i++)
    buf_printf (&b, "player %d %s %s\n", i + 1,
                r->players[i].kind ? r->players[i].kind : "human",
                r->players[i].name ? r->players[i].name : "?");
  if (r->started != NULL)
    buf_printf (&b, "started %s\n", r->started);
  if (r->ended != NULL)
    buf_printf (&b, "ended %s\n", r->ended);
  if (r->has_result)
    {
      buf_add (&b, "result", 6);
      for (int i = 0; i < r->options.n_players; i++)
        buf_printf (&b, " %d", r->result[i]);
      buf_add (&b, "\n", 1);
    }
  if (r->has_scores)
    {
      buf_add (&b, "scores", 6);
      for (int i = 0; i < r->options.n_players; i++)
        buf_printf (&b, " %" PRId32, r->scores[i]);
      buf_add (&b, "\n", 1);
    }
  for (uint32_t i = 0; i < r->n_fields; i++)
    {
      if (r->fields[i].value[0] != '\0')
        buf_printf (&b, "%s %s\n", r->fields[i].key, r->fields[i].value);
      else
        buf_printf (&b, "%s\n", r->fields[i].key);
    }
  buf_add (&b, "\n", 1);
  state = xmalloc (sizeof *state);
  imh_record_initial (r, state);
  write_line (&b, r, &r->main, 0, state);
  free (state);
  return b.s;
}

/* ------------------------------------------------------------------ */
/* Parser                                                              */

typedef struct {
  const char *text;
  size_t      len;
  size_t      pos;          /* start of the current line */
  uint32_t    lineno;       /* 1-based number of the current line */
  uint32_t    line_offset;  /* added to reported line numbers (parse_many) */
  ImhRecordError *err;
  uint32_t    n_tags;       /* "tag" fields read */
  uint32_t    n_variations; /* variations read, all levels */
  uint32_t    n_decisions;  /* decisions read, all lines */
} Parser;

/* Splits off the next line (without "\n"); false at the end of text.
 * The last line may lack its "\n". */
static bool
next_line (Parser *p, const char **line, size_t *n)
{
  const char *nl;

  if (p->pos >= p->len)
    return false;
  *line = p->text + p->pos;
  nl = memchr (*line, '\n', p->len - p->pos);
  *n = nl != NULL ? (size_t) (nl - *line) : p->len - p->pos;
  return true;
}

static void
advance (Parser *p, size_t n)
{
  p->pos += n + 1;
  p->lineno++;
}

static bool perr (Parser *p, size_t col0, const char *format, ...) __attribute__ ((format (printf, 3, 4)));

/* Error at 0-based byte column col0 of the current line. */
static bool
perr (Parser *p, size_t col0, const char *format, ...)
{
  va_list args;

  if (p->err == NULL)
    return false;
  p->err->line = p->lineno + p->line_offset;
  p->err->column = (uint32_t) col0 + 1;
  va_start (args, format);
  vsnprintf (p->err->message, sizeof p->err->message, format, args);
  va_end (args);
  return false;
}

/* Characters that are never allowed anywhere in a line. */
static bool
check_line_chars (Parser *p, const char *s, size_t n)
{
  for (size_t i = 0; i < n;)
    {
      unsigned char c = (unsigned char) s[i];
      size_t k;
      if (c == '\r')
        return perr (p, i, "carriage return (the format uses LF line ends)");
      if (c == '\t')
        return perr (p, i, "tab character (use spaces)");
      if (c < 0x20 || c == 0x7f)
        return perr (p, i, "control character 0x%02x", c);
      k = utf8_len ((const unsigned char *) s + i, n - i);
      if (k == 0)
        return perr (p, i, "invalid UTF-8");
      i += k;
    }
  if (n > 0 && s[n - 1] == ' ')
    return perr (p, n - 1, "trailing space");
  return true;
}

static bool
word_is (const char *s, size_t n, const char *word)
{
  return strlen (word) == n && memcmp (s, word, n) == 0;
}

/* Parses "N N N" (n_players integers) for result and scores. */
static bool
parse_int_list (Parser *p, const char *v, size_t vn, size_t col0, int n_players,
                int32_t out[IMH_MAX_PLAYERS], const char *field)
{
  size_t i = 0;

  for (int k = 0; k < n_players; k++)
    {
      size_t start = i;
      while (i < vn && v[i] != ' ')
        i++;
      if (!parse_i32 (v + start, i - start, &out[k]))
        return perr (p, col0 + start, "“%s” needs %d whole numbers separated by single spaces",
                     field, n_players);
      if (k + 1 < n_players)
        {
          if (i >= vn)
            return perr (p, col0 + i, "“%s” needs %d numbers, one per player", field, n_players);
          i++;
        }
    }
  if (i != vn)
    return perr (p, col0 + i, "“%s” has more numbers than players (%d)", field, n_players);
  return true;
}

enum {
  H_GAME, H_PLAYERS, H_SIDES, H_VARIANTS, H_SEED, H_START, H_PLAYER,
  H_STARTED, H_ENDED, H_RESULT, H_SCORES, H_EXTRA, H_N
};

static bool
parse_header (Parser *p, ImhRecord *r)
{
  const char *line;
  size_t n;
  int stage = -1;           /* last field kind seen */
  int n_player_lines = 0;
  bool have[H_N] = { false };

  /* Magic line. */
  if (!next_line (p, &line, &n))
    {
      perr (p, 0, "empty file: expected “%s %d”", IMH_RECORD_MAGIC, IMH_RECORD_FORMAT_VERSION);
      return false;
    }
  if (!check_line_chars (p, line, n))
    return false;
  {
    size_t ml = strlen (IMH_RECORD_MAGIC);
    uint64_t version;
    if (n < ml + 2 || memcmp (line, IMH_RECORD_MAGIC, ml) != 0 || line[ml] != ' ')
      return perr (p, 0, "not an Imhotep record: the first line must be “%s %d”",
                   IMH_RECORD_MAGIC, IMH_RECORD_FORMAT_VERSION);
    if (!parse_u64 (line + ml + 1, n - ml - 1, &version))
      return perr (p, ml + 1, "bad format version");
    if (version != IMH_RECORD_FORMAT_VERSION)
      return perr (p, ml + 1, "unsupported format version %" PRIu64 " (this program reads version %d)",
                   version, IMH_RECORD_FORMAT_VERSION);
    r->format_version = (int) version;
  }
  advance (p, n);

  for (;;)
    {
      const char *key, *v;
      size_t kn, vn, vcol;
      int kind;

      if (!next_line (p, &line, &n))
        {
          if (p->pos >= p->len)
            perr (p, 0, "unexpected end of file: the header must end with an empty line");
          return false;
        }
      if (n == 0)
        break;
      if (!check_line_chars (p, line, n))
        return false;
      if (line[0] == ' ')
        return perr (p, 0, "header lines must not be indented");
      key = line;
      kn = 0;
      while (kn < n && line[kn] != ' ')
        kn++;
      if (kn < n)
        {
          v = line + kn + 1;
          vn = n - kn - 1;
          vcol = kn + 1;
          if (vn == 0 || v[0] == ' ')
            return perr (p, vcol, "exactly one space between the field name and its value");
        }
      else
        {
          v = line + n;
          vn = 0;
          vcol = n;
        }

      if (word_is (key, kn, "game")) kind = H_GAME;
      else if (word_is (key, kn, "players")) kind = H_PLAYERS;
      else if (word_is (key, kn, "sides")) kind = H_SIDES;
      else if (word_is (key, kn, "variants")) kind = H_VARIANTS;
      else if (word_is (key, kn, "seed")) kind = H_SEED;
      else if (word_is (key, kn, "start")) kind = H_START;
      else if (word_is (key, kn, "player")) kind = H_PLAYER;
      else if (word_is (key, kn, "started")) kind = H_STARTED;
      else if (word_is (key, kn, "ended")) kind = H_ENDED;
      else if (word_is (key, kn, "result")) kind = H_RESULT;
      else if (word_is (key, kn, "scores")) kind = H_SCORES;
      else if (word_is (key, kn, IMH_RECORD_MAGIC))
        return perr (p, 0, "“%s” starts a new record: records are separated by an empty line", IMH_RECORD_MAGIC);
      else if (key_valid (key, kn)) kind = H_EXTRA;
      else if (isdigit ((unsigned char) key[0]))
        return perr (p, 0, "a turn line in the header: an empty line must end the header");
      else
        return perr (p, 0, "bad field name (expected lowercase letters, digits and “-”)");

      if (kind != H_EXTRA && kind != H_PLAYER && have[kind])
        return perr (p, 0, "field “%.*s” appears twice", (int) kn, key);
      if (kind < stage)
        return perr (p, 0, "field “%.*s” is out of order (order: game, players, sides, variants, "
                     "seed, start, player…, started, ended, result, scores, extra fields)",
                     (int) kn, key);
      /* Required fields before this one. */
      for (int k = H_GAME; k < kind && k <= H_PLAYER; k++)
        if (k != H_VARIANTS && !have[k])
          return perr (p, 0, "field “%s” is missing before “%.*s”", standard_keys[k], (int) kn, key);
      if (kind > H_PLAYER && n_player_lines < r->options.n_players)
        return perr (p, 0, "“player %d” is missing before “%.*s”", n_player_lines + 1, (int) kn, key);
      if (kind != H_EXTRA && vn == 0)
        return perr (p, vcol, "field “%.*s” needs a value", (int) kn, key);
      stage = kind;
      have[kind] = true;

      switch (kind)
        {
        case H_GAME:
          {
            char id[32];
            if (vn >= sizeof id)
              return perr (p, vcol, "unknown game");
            memcpy (id, v, vn);
            id[vn] = '\0';
            r->rules = imh_rules_from_id (id);
            if (r->rules == NULL || r->rules->setup == NULL)
              return perr (p, vcol, "unknown or unavailable game “%s”", id);
            imh_options_init (&r->options, r->rules->kind, r->rules->min_players);
          }
          break;
        case H_PLAYERS:
          {
            uint64_t np;
            if (!parse_u64 (v, vn, &np) || np < r->rules->min_players || np > r->rules->max_players)
              return perr (p, vcol, "the number of players must be %d to %d for this game",
                           r->rules->min_players, r->rules->max_players);
            r->options.n_players = (uint8_t) np;
          }
          break;
        case H_SIDES:
          if (vn != r->rules->n_sites)
            return perr (p, vcol, "“sides” needs exactly %d letters A or B (one per site)",
                         r->rules->n_sites);
          for (size_t i = 0; i < vn; i++)
            {
              if (v[i] != 'A' && v[i] != 'B')
                return perr (p, vcol + i, "a side is A or B");
              r->options.sides[i] = v[i] == 'B' ? IMH_SIDE_B : IMH_SIDE_A;
            }
          break;
        case H_VARIANTS:
          {
            size_t i = 0;
            size_t last = 0;
            bool first = true;
            while (i <= vn)
              {
                size_t start = i;
                size_t k;
                while (i < vn && v[i] != ',')
                  i++;
                for (k = 0; k < N_VARIANT_IDS; k++)
                  if (word_is (v + start, i - start, variant_ids[k].id))
                    break;
                if (k == N_VARIANT_IDS)
                  return perr (p, vcol + start, "unknown variant “%.*s”", (int) (i - start), v + start);
                if (!first && k <= last)
                  return perr (p, vcol + start, "variants must be listed once each, in the order of the documentation");
                r->options.variants |= variant_ids[k].flag;
                last = k;
                first = false;
                i++;
              }
          }
          break;
        case H_SEED:
          if (!parse_u64 (v, vn, &r->seed))
            return perr (p, vcol, "the seed is a whole number from 0 to 18446744073709551615 without leading zeros");
          break;
        case H_START:
          {
            uint64_t sp;
            if (!parse_u64 (v, vn, &sp) || sp < 1 || sp > r->options.n_players)
              return perr (p, vcol, "the start player is a number from 1 to %d", r->options.n_players);
            r->options.start_player = (int8_t) (sp - 1);
          }
          break;
        case H_PLAYER:
          {
            size_t i = 0, kstart, kend;
            uint64_t idx;
            const char *what;
            long bad;
            while (i < vn && v[i] != ' ')
              i++;
            if (!parse_u64 (v, i, &idx) || idx != (uint64_t) n_player_lines + 1)
              return perr (p, vcol, "expected “player %d”", n_player_lines + 1);
            if (n_player_lines >= r->options.n_players)
              return perr (p, vcol, "more player lines than players (%d)", r->options.n_players);
            if (i >= vn)
              return perr (p, vcol + i, "“player” needs a number, a kind and a name");
            kstart = ++i;
            while (i < vn && v[i] != ' ')
              i++;
            kend = i;
            if (!kind_valid (v + kstart, kend - kstart))
              return perr (p, vcol + kstart, "bad player kind (e.g. “human”, “computer:3”)");
            if (i >= vn)
              return perr (p, vcol + i, "the player needs a name");
            i++;
            bad = text_problem (v + i, vn - i, false, &what);
            if (bad >= 0)
              return perr (p, vcol + i + (size_t) bad, "the player name %s", what);
            if (imh_record_utf8_chars (v + i, vn - i) > IMH_RECORD_MAX_NAME_CHARS)
              return perr (p, vcol + i + char_offset (v + i, vn - i, IMH_RECORD_MAX_NAME_CHARS),
                           "the player name is too long (at most %d characters)",
                           IMH_RECORD_MAX_NAME_CHARS);
            r->players[n_player_lines].kind = xstrndup (v + kstart, kend - kstart);
            r->players[n_player_lines].name = xstrndup (v + i, vn - i);
            n_player_lines++;
          }
          break;
        case H_STARTED:
        case H_ENDED:
          if (!imh_record_date_valid (v, vn))
            return perr (p, vcol, "not a valid date: dates are written YYYY-MM-DDTHH:MM:SSZ "
                         "(UTC; a real day of year 0001 or later, seconds 00–59)");
          if (kind == H_STARTED)
            r->started = xstrndup (v, vn);
          else
            r->ended = xstrndup (v, vn);
          break;
        case H_RESULT:
          {
            int32_t vals[IMH_MAX_PLAYERS];
            if (!parse_int_list (p, v, vn, vcol, r->options.n_players, vals, "result"))
              return false;
            for (int k = 0; k < r->options.n_players; k++)
              {
                if (vals[k] < 1 || vals[k] > r->options.n_players)
                  return perr (p, vcol, "a place in “result” is from 1 to %d", r->options.n_players);
                r->result[k] = (uint8_t) vals[k];
              }
            r->has_result = true;
          }
          break;
        case H_SCORES:
          if (!parse_int_list (p, v, vn, vcol, r->options.n_players, r->scores, "scores"))
            return false;
          r->has_scores = true;
          break;
        case H_EXTRA:
          {
            const char *what;
            long bad = text_problem (v, vn, true, &what);
            char key_buf[128];
            size_t max_chars = value_max_chars (key, kn);
            if (bad >= 0)
              return perr (p, vcol + (size_t) bad, "the value %s", what);
            if (kn >= sizeof key_buf)
              return perr (p, 0, "field name too long");
            if (imh_record_utf8_chars (v, vn) > max_chars)
              return perr (p, vcol + char_offset (v, vn, max_chars),
                           is_tag_key (key, kn) ? "the tag is too long (at most %zu characters)"
                           : "the value is too long (at most %zu characters)", max_chars);
            if (r->n_fields >= IMH_RECORD_MAX_FIELDS)
              return perr (p, 0, "too many extra fields (at most %d)", IMH_RECORD_MAX_FIELDS);
            if (is_tag_key (key, kn) && ++p->n_tags > IMH_RECORD_MAX_TAGS)
              return perr (p, 0, "too many tags (at most %d)", IMH_RECORD_MAX_TAGS);
            memcpy (key_buf, key, kn);
            key_buf[kn] = '\0';
            r->fields = xrealloc (r->fields, sizeof (ImhRecordField) * (r->n_fields + 1));
            r->fields[r->n_fields].key = xstrdup (key_buf);
            r->fields[r->n_fields].value = xstrndup (v, vn);
            r->n_fields++;
          }
          break;
        default:
          break;
        }
      advance (p, n);
    }

  /* The empty line that ends the header. */
  for (int k = H_GAME; k <= H_PLAYER; k++)
    if (k != H_VARIANTS && !have[k])
      return perr (p, 0, "field “%s” is missing from the header", standard_keys[k]);
  if (n_player_lines < r->options.n_players)
    return perr (p, 0, "“player %d” is missing from the header", n_player_lines + 1);
  {
    char why[200] = "";
    if (!r->rules->options_valid (&r->options, why, sizeof why))
      return perr (p, 0, "the header's options are not valid: %s", why);
  }
  advance (p, 0);
  return true;
}

typedef struct {
  ImhRecordLine *line;
  ImhState      *state;        /* position at the end of the parsed part of the line */
  bool           has_turn_line;
  uint32_t       last_turn;    /* turn number of the last turn line */
  uint32_t       last_start;   /* absolute ply of the first decision of the last turn line */
  bool           closed_at_end;/* a variation branched at the current end: no more turn lines */
} Frame;

static bool
parse_turn_line (Parser *p, const ImhRecord *r, Frame *f, const char *s, size_t n, size_t col)
{
  const ImhRules *rules = r->rules;
  size_t i = col;
  uint64_t turn;
  size_t tstart = i;

  while (i < n && isdigit ((unsigned char) s[i]))
    i++;
  if (!parse_u64 (s + tstart, i - tstart, &turn) || turn == 0 || turn > UINT32_MAX)
    return perr (p, tstart, "bad turn number");
  if (i >= n || s[i] != '.')
    return perr (p, i, "expected “.” after the turn number");
  i++;
  if (f->closed_at_end)
    return perr (p, col, "turn line after a variation that branches at the end of the line "
                 "(move that variation after this line)");
  if (f->has_turn_line && turn == f->last_turn)
    return perr (p, tstart, "turn %" PRIu64 " continues on a second line (write a turn on one line)", turn);
  if (rules->is_over (f->state))
    return perr (p, tstart, "the game is already over");
  if (rules->turn_index (f->state) != turn)
    return perr (p, tstart, "turn number %" PRIu64 " does not match the position (turn %u)",
                 turn, (unsigned) rules->turn_index (f->state));
  f->last_start = imh_record_line_end (f->line);
  for (bool first = true;; first = false)
    {
      size_t dstart;
      char text[IMH_DECISION_TEXT_MAX];
      ImhDecision d;

      if (!first)
        {
          if (i >= n)
            break;
          if (s[i] != ',')
            return perr (p, i, "expected “,” between decisions");
          i++;
        }
      if (i >= n || s[i] != ' ')
        return perr (p, i, "expected a space before the decision");
      i++;
      dstart = i;
      while (i < n && s[i] != ',')
        i++;
      if (i == dstart)
        return perr (p, dstart, "missing decision");
      if (i - dstart >= sizeof text)
        return perr (p, dstart, "unknown decision “%.*s”", (int) (i - dstart), s + dstart);
      memcpy (text, s + dstart, i - dstart);
      text[i - dstart] = '\0';
      if (!first && rules->turn_index (f->state) != turn)
        return perr (p, dstart, "“%s” belongs to the next turn (start a new line “%u.”)",
                     text, (unsigned) rules->turn_index (f->state));
      if (rules->is_over (f->state))
        return perr (p, dstart, "“%s” comes after the end of the game", text);
      if (!rules->decision_from_text (f->state, text, &d))
        return perr (p, dstart, "unknown decision “%s”", text);
      if (!rules->is_legal (f->state, d))
        return perr (p, dstart, "illegal decision “%s” in this position", text);
      if (++p->n_decisions > IMH_RECORD_MAX_DECISIONS)
        return perr (p, dstart, "too many decisions (at most %d in all lines together)",
                     IMH_RECORD_MAX_DECISIONS);
      {
        char canon[IMH_DECISION_TEXT_MAX];
        rules->decision_to_text (f->state, d, canon, sizeof canon);
        if (strcmp (canon, text) != 0)
          return perr (p, dstart, "decision “%s” is not written canonically (“%s”)", text, canon);
      }
      imh_record_line_append (f->line, d);
      f->line->positions[f->line->n_decisions - 1].line = p->lineno + p->line_offset;
      f->line->positions[f->line->n_decisions - 1].column = (uint32_t) dstart + 1;
      rules->apply (f->state, d);
    }
  /* A turn that goes on past this line may only continue in a new
   * line of a variation; a second line with the same number in this
   * record line is rejected when it arrives. */
  f->has_turn_line = true;
  f->last_turn = (uint32_t) turn;
  return true;
}

static bool
parse_moves (Parser *p, ImhRecord *r)
{
  Frame stack[MAX_DEPTH];
  int depth = 0;
  const char *line;
  size_t n;
  bool ok = false;

  memset (stack, 0, sizeof stack);
  stack[0].line = &r->main;
  stack[0].state = xmalloc (sizeof (ImhState));
  imh_record_initial (r, stack[0].state);

  while (p->pos < p->len)
    {
      Frame *f = &stack[depth];
      size_t sp = 0;

      if (!next_line (p, &line, &n))
        goto out;
      if (!check_line_chars (p, line, n))
        goto out;
      if (n == 0)
        {
          perr (p, 0, "empty line inside the decisions");
          goto out;
        }
      while (sp < n && line[sp] == ' ')
        sp++;
      if (sp == n)
        {
          perr (p, 0, "line of spaces");
          goto out;
        }

      if (n - sp == 3 && memcmp (line + sp, "end", 3) == 0)
        {
          if (depth == 0)
            {
              perr (p, sp, "“end” without a variation");
              goto out;
            }
          if (sp != (size_t) depth * 2)
            {
              perr (p, 0, "“end” must be indented by %d spaces", depth * 2);
              goto out;
            }
          free (f->state);
          f->state = NULL;
          depth--;
        }
      else if (n - sp > 10 && memcmp (line + sp, "variation ", 10) == 0)
        {
          uint64_t ply;
          uint32_t end = imh_record_line_end (f->line);
          Frame *nf;
          ImhRecordError e;

          if (sp != (size_t) (depth + 1) * 2)
            {
              perr (p, 0, "“variation” must be indented by %d spaces", (depth + 1) * 2);
              goto out;
            }
          if (!parse_u64 (line + sp + 10, n - sp - 10, &ply) || ply > UINT32_MAX)
            {
              perr (p, sp + 10, "bad ply number");
              goto out;
            }
          if (f->has_turn_line ? (ply < f->last_start || ply > end) : ply != end)
            {
              perr (p, sp + 10, "a variation at ply %" PRIu64 " must follow the turn line that holds "
                    "that ply (here: plies %u to %u)", ply,
                    (unsigned) (f->has_turn_line ? f->last_start : end), (unsigned) end);
              goto out;
            }
          if (depth + 1 >= MAX_DEPTH)
            {
              perr (p, 0, "variations nested too deeply (at most %d levels)", IMH_RECORD_MAX_DEPTH);
              goto out;
            }
          if (++p->n_variations > IMH_RECORD_MAX_VARIATIONS)
            {
              perr (p, sp, "too many variations (at most %d in all)", IMH_RECORD_MAX_VARIATIONS);
              goto out;
            }
          if (ply == end)
            f->closed_at_end = true;
          nf = &stack[depth + 1];
          memset (nf, 0, sizeof *nf);
          nf->line = imh_record_line_add_variation (f->line, (uint32_t) ply);
          nf->state = xmalloc (sizeof (ImhState));
          if (!imh_record_replay (r, nf->line, (uint32_t) ply, nf->state, &e))
            {
              free (nf->state);
              nf->state = NULL;
              perr (p, sp + 10, "cannot branch here: %s", e.message);
              goto out;
            }
          depth++;
        }
      else if (isdigit ((unsigned char) line[sp]))
        {
          if (sp != (size_t) depth * 2)
            {
              perr (p, 0, "this turn line must be indented by %d spaces", depth * 2);
              goto out;
            }
          if (!parse_turn_line (p, r, f, line, n, sp))
            goto out;
        }
      else
        {
          perr (p, sp, "expected a turn line (“12. …”), “variation N” or “end”");
          goto out;
        }
      advance (p, n);
    }
  if (depth > 0)
    {
      perr (p, 0, "unexpected end of file: a variation is not closed with “end”");
      goto out;
    }
  ok = true;

out:
  for (int k = 0; k <= depth && k < MAX_DEPTH; k++)
    free (stack[k].state);
  return ok;
}

static ImhRecord *
parse_one (const char *text, size_t len, uint32_t line_offset, ImhRecordError *err)
{
  Parser p = { text, len, 0, 1, line_offset, err, 0, 0, 0 };
  ImhRecord *r = record_alloc ();
  ImhRecordError dummy;

  if (p.err == NULL)
    p.err = &dummy;
  memset (p.err, 0, sizeof *p.err);
  if (len == 0)
    {
      perr (&p, 0, "empty file: expected “%s %d”", IMH_RECORD_MAGIC, IMH_RECORD_FORMAT_VERSION);
      imh_record_free (r);
      return NULL;
    }
  if (len > IMH_RECORD_MAX_SIZE)
    {
      perr (&p, 0, "the record is too large (%zu bytes; at most %d)", len, IMH_RECORD_MAX_SIZE);
      imh_record_free (r);
      return NULL;
    }
  if (memchr (text, '\0', len) != NULL)
    {
      const char *z = memchr (text, '\0', len);
      uint32_t ln = 1, col = 1;
      for (const char *c = text; c < z; c++)
        {
          if (*c == '\n')
            ln++, col = 1;
          else
            col++;
        }
      set_error (p.err, ln + line_offset, col, "NUL byte in the file");
      imh_record_free (r);
      return NULL;
    }
  if (!parse_header (&p, r) || !parse_moves (&p, r))
    {
      imh_record_free (r);
      return NULL;
    }
  return r;
}

ImhRecord *
imh_record_parse (const char *text, size_t len, ImhRecordError *err)
{
  return parse_one (text, len, 0, err);
}

ImhRecord **
imh_record_parse_many (const char *text, size_t len, size_t *n_out, ImhRecordError *err)
{
  ImhRecord **list = NULL;
  size_t n = 0;
  size_t pos = 0;
  uint32_t lineno = 0;
  size_t ml = strlen (IMH_RECORD_MAGIC);

  *n_out = 0;
  if (len == 0)
    {
      set_error (err, 1, 1, "empty file: expected “%s %d”", IMH_RECORD_MAGIC, IMH_RECORD_FORMAT_VERSION);
      return NULL;
    }
  if (len > IMH_RECORD_MAX_FILE_SIZE)
    {
      set_error (err, 1, 1, "the file is too large (%zu bytes; at most %d)", len, IMH_RECORD_MAX_FILE_SIZE);
      return NULL;
    }
  while (pos < len)
    {
      /* This record runs to the next line that starts with the magic. */
      size_t end = pos, scan = pos;
      uint32_t lines = 0;
      ImhRecord *r;
      bool separated = false;

      for (;;)
        {
          const char *nl = memchr (text + scan, '\n', len - scan);
          size_t next = nl ? (size_t) (nl - text) + 1 : len;
          lines++;
          scan = next;
          if (scan >= len)
            {
              end = len;
              break;
            }
          if (len - scan >= ml && memcmp (text + scan, IMH_RECORD_MAGIC, ml) == 0)
            {
              end = scan;
              separated = true;
              break;
            }
        }
      /* Records are separated by one empty line, which is not part of the record. */
      if (separated)
        {
          if (end - pos < 2 || text[end - 1] != '\n' || text[end - 2] != '\n')
            {
              set_error (err, lineno + lines + 1, 1, "a new record must follow an empty line");
              goto fail;
            }
          r = parse_one (text + pos, end - pos - 1, lineno, err);
        }
      else
        r = parse_one (text + pos, end - pos, lineno, err);
      if (r == NULL)
        goto fail;
      list = xrealloc (list, sizeof (ImhRecord *) * (n + 1));
      list[n++] = r;
      lineno += lines;
      pos = end;
    }
  *n_out = n;
  return list;

fail:
  for (size_t i = 0; i < n; i++)
    imh_record_free (list[i]);
  free (list);
  return NULL;
}
