/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-texts-explain.c — what the objects of a game are worth and how a
 * score came about, in words (the tooltips of the boards, the score view
 * and the history).
 *
 * Every number comes from the engine: its data tables, its scoring
 * (imh_duel_score_player () asked about small made-up holdings) and the
 * parts of a score (imh_score_parts ()).
 */
#define G_LOG_DOMAIN "imh-texts"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "imh-classic.h"
#include "imh-duel.h"
#include "imh-texts.h"

/* Stones a colour gathers beside the obelisks (side B) before they form
 * a tower: the engine counts them in imh-classic.c. */
#define CLASSIC_OBELISK_B_TOWER_STONES 3

static const char *const duel_site_ids[IMH_DUEL_N_SITES] = { "obelisk", "temple", "pyramids", "crypt" };

/* ---- The Duel's rules, from its scoring ---- */

/* Player 0's points in a category with holdings set by fill. */
static int
duel_probe (uint8_t sides,
            int     category,
            void  (*fill) (ImhDuel *d, int n, int m),
            int     n,
            int     m)
{
  ImhDuel d;
  int16_t points[IMH_DUEL_N_CATEGORIES];

  memset (&d, 0, sizeof d);
  d.obelisk_first = -1;
  fill (&d, n, m);
  imh_duel_score_player (&d, 0, sides, points);
  return points[category];
}

static void
fill_obelisk (ImhDuel *d, int mine, int theirs)
{
  d->obelisk[0] = (uint8_t) mine;
  d->obelisk[1] = (uint8_t) theirs;
}

static void
fill_obelisk_first (ImhDuel *d, int mine, int unused)
{
  d->obelisk[0] = (uint8_t) mine;
  d->obelisk_first = 0;
}

static void
fill_temple_one (ImhDuel *d, int symbol, int unused)
{
  d->temple[0][symbol] = 1;
}

static void
fill_temple_set (ImhDuel *d, int k, int unused)
{
  for (int i = 0; i < k; i++)
    d->temple[0][i] = 1;
}

static void
fill_pyramids (ImhDuel *d, int light, int dark)
{
  d->pyramid[0][0] = (uint8_t) light;
  d->pyramid[0][1] = (uint8_t) dark;
}

static void
fill_crypt_run (ImhDuel *d, int len, int unused)
{
  d->crypt[0] = (uint16_t) ((1u << len) - 1);
}

static void
fill_action (ImhDuel *d, int n, int unused)
{
  d->actions[0][0] = (uint8_t) n;
}

static void
fill_meeple (ImhDuel *d, int n, int unused)
{
  d->meeples[0] = (uint16_t) ((1u << n) - 1);
}

/* "1, 3, 6, 10": what fill gives for n = from..to (m fixed or, with
 * same, m = n). */
static char *
duel_list (uint8_t sides,
           int     category,
           void  (*fill) (ImhDuel *d, int n, int m),
           int     from,
           int     to,
           gboolean same)
{
  GString *list = g_string_new (NULL);

  for (int n = from; n <= to; n++)
    g_string_append_printf (list, n > from ? ", %d" : "%d",
                            duel_probe (sides, category, fill, n, same ? n : 0));
  return g_string_free (list, FALSE);
}

static char *
duel_site_rule (uint8_t sides,
                guint   site)
{
  gboolean b = (sides >> site) & 1;
  const char *name = imh_texts_site_name (duel_site_ids[site]);
  g_autofree char *rule = NULL;

  switch (site)
    {
    case IMH_DUEL_SITE_OBELISK:
      if (!b)
        {
          int per = duel_probe (sides, IMH_DUEL_CAT_OBELISK, fill_obelisk, 1, 1);
          int most = duel_probe (sides, IMH_DUEL_CAT_OBELISK, fill_obelisk, 1, 0) - per;

          /* Translators: the Duel's obelisk, side A: points per tile, then
           * the bonus ("…; 6 more for holding the most") */
          rule = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point per tile; %d more for holding the most",
                                               "%d points per tile; %d more for holding the most", per),
                                  per, most);
        }
      else
        {
          int first_at = 0, top_at = 0;

          for (int n = 1; n <= IMH_DUEL_N_TILES && first_at == 0; n++)
            if (duel_probe (sides, IMH_DUEL_CAT_OBELISK, fill_obelisk, n, 0) > 0)
              first_at = n;
          for (int n = first_at + 1; n <= IMH_DUEL_N_TILES && top_at == 0; n++)
            if (duel_probe (sides, IMH_DUEL_CAT_OBELISK, fill_obelisk, n, 0)
                != duel_probe (sides, IMH_DUEL_CAT_OBELISK, fill_obelisk, first_at, 0))
              top_at = n;
          /* Translators: the Duel's obelisk, side B: "first to 5 tiles 12
           * points, later 6; 10 tiles or more 18" */
          rule = g_strdup_printf (_("first to %d tiles %d points, later %d; %d tiles or more %d"),
                                  first_at,
                                  duel_probe (sides, IMH_DUEL_CAT_OBELISK, fill_obelisk_first, first_at, 0),
                                  duel_probe (sides, IMH_DUEL_CAT_OBELISK, fill_obelisk, first_at, 0),
                                  top_at,
                                  duel_probe (sides, IMH_DUEL_CAT_OBELISK, fill_obelisk, top_at, 0));
        }
      break;
    case IMH_DUEL_SITE_TEMPLE:
      if (!b)
        {
          g_autofree char *values = duel_list (sides, IMH_DUEL_CAT_TEMPLE, fill_temple_one, 0, 3, FALSE);

          /* Translators: the Duel's temple, side A: "1, 2, 3, 4" */
          rule = g_strdup_printf (_("a tile with 1 to 4 symbols scores %s"), values);
        }
      else
        {
          g_autofree char *values = duel_list (sides, IMH_DUEL_CAT_TEMPLE, fill_temple_set, 1, 4, FALSE);

          /* Translators: the Duel's temple, side B: "1, 4, 9, 16" */
          rule = g_strdup_printf (_("a set of 1 to 4 different tiles scores %s"), values);
        }
      break;
    case IMH_DUEL_SITE_PYRAMIDS:
      if (!b)
        {
          g_autofree char *values = duel_list (sides, IMH_DUEL_CAT_PYRAMIDS, fill_pyramids, 1, 6, FALSE);

          /* Translators: the Duel's pyramids, side A: "1, 3, 6, 10, 15, 21" */
          rule = g_strdup_printf (_("each colour: 1 to 6 tiles score %s"), values);
        }
      else
        {
          g_autofree char *values = duel_list (sides, IMH_DUEL_CAT_PYRAMIDS, fill_pyramids, 0, 6, TRUE);

          /* Translators: the Duel's pyramids, side B: "-6, 0, 4, 10, 18, 30, 45" */
          rule = g_strdup_printf (_("the colour with fewer tiles counts: 0 to 6 tiles score %s"), values);
        }
      break;
    case IMH_DUEL_SITE_CRYPT:
    default:
      if (!b)
        {
          g_autofree char *values = duel_list (sides, IMH_DUEL_CAT_CRYPT, fill_crypt_run, 1, 5, FALSE);

          /* Translators: the Duel's crypt, side A: "1, 4, 9, 16, 25" */
          rule = g_strdup_printf (_("a run of 1 to 5 or more numbers in a row scores %s"), values);
        }
      else
        /* Translators: the Duel's crypt, side B */
        rule = g_strdup_printf (_("%d points per run of numbers in a row"),
                                duel_probe (sides, IMH_DUEL_CAT_CRYPT, fill_crypt_run, 1, 0));
      break;
    }
  /* Translators: a site, its side and its scoring: "Obelisk, side A: 1
   * point per tile; 6 more for holding the most" */
  return g_strdup_printf (_("%s, side %c: %s"), name, b ? 'B' : 'A', rule);
}

static const char *
duel_action_text (int action)
{
  switch (action)
    {
    case IMH_DUEL_ACTION_TAKE:
      return _("Take a tile (not an action tile) from any boat; the reserve refills its slot");
    case IMH_DUEL_ACTION_PLACE_2_3:
      return _("Place 2 meeples, then a third or stop");
    case IMH_DUEL_ACTION_PLACE_UNLOAD:
      return _("Place 1 meeple, unload a boat, then a second boat or stop");
    case IMH_DUEL_ACTION_SWAP_UNLOAD:
    default:
      return _("Swap two tiles on a boat, then unload a boat");
    }
}

/* The site a Duel tile goes to (-1: an action tile). */
static int
duel_tile_site (guint code)
{
  if (code == IMH_DUEL_TILE_OBELISK)
    return IMH_DUEL_SITE_OBELISK;
  if (code == IMH_DUEL_TILE_PYRAMID_LIGHT || code == IMH_DUEL_TILE_PYRAMID_DARK)
    return IMH_DUEL_SITE_PYRAMIDS;
  if (code >= IMH_DUEL_TILE_TEMPLE_1 && code < IMH_DUEL_TILE_TEMPLE_1 + 4)
    return IMH_DUEL_SITE_TEMPLE;
  if (code >= IMH_DUEL_TILE_CRYPT_1 && code < IMH_DUEL_TILE_CRYPT_1 + 12)
    return IMH_DUEL_SITE_CRYPT;
  return -1;
}

/* ---- The base game's rules, from its data tables ---- */

static char *
uint8_list (const uint8_t *values,
            int            n)
{
  GString *list = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (list, i > 0 ? ", %d" : "%d", values[i]);
  return g_string_free (list, FALSE);
}

static char *
classic_group_list (void)
{
  return uint8_list (imh_classic_group_value + 1, 5);
}

static char *
classic_site_rule (const ImhClassic *c,
                   guint             site)
{
  gboolean b = (c->sides >> site) & 1;
  g_autofree char *rule = NULL;

  switch (site)
    {
    case IMH_CLASSIC_SITE_MARKET:
      rule = g_strdup (b ? _("each stone's owner takes a face-up card, or the face-down pair and keeps one of them")
                         : _("each stone's owner takes a face-up card; the stone goes back to the quarry"));
      break;
    case IMH_CLASSIC_SITE_PYRAMID:
      if (!b)
        {
          g_autofree char *values = uint8_list (imh_classic_pyramid_a_value, 14);

          /* Translators: the base game's pyramid, side A: the points of its spaces in fill order */
          rule = g_strdup_printf (_("each stone scores at once, by its space: %s; then 1 each"), values);
        }
      else
        {
          g_autofree char *left = uint8_list (imh_classic_pyramid_b_value[0], 5);
          g_autofree char *middle = uint8_list (imh_classic_pyramid_b_value[1], 5);
          g_autofree char *right = uint8_list (imh_classic_pyramid_b_value[2], 5);

          /* Translators: the base game's pyramid, side B: the points of the
           * spaces of the left, middle and right pyramid in fill order */
          rule = g_strdup_printf (_("the owner chooses a small pyramid; its spaces score at once: left %s, middle %s, right %s"),
                                  left, middle, right);
        }
      break;
    case IMH_CLASSIC_SITE_TEMPLE:
      rule = g_strdup (b ? _("at each round's end every visible stone gets its space's bonus")
                         : _("at each round's end every visible stone scores 1 point"));
      break;
    case IMH_CLASSIC_SITE_BURIAL:
      if (!b)
        {
          g_autofree char *values = classic_group_list ();

          /* Translators: the base game's burial chamber, side A: "1, 3, 6, 10, 15" */
          rule = g_strdup_printf (_("at the end each area of one colour scores %s for 1 to 5 stones, 2 more per stone beyond"),
                                  values);
        }
      else
        {
          g_autofree char *values = uint8_list (imh_classic_burial_b_value, c->n_players);

          /* Translators: the base game's burial chamber, side B: the points by place "8, 4, 2" */
          rule = g_strdup_printf (_("at the end each row scores by the most stones: %s"), values);
        }
      break;
    case IMH_CLASSIC_SITE_OBELISK:
    default:
      if (!b)
        {
          g_autofree char *values = uint8_list (imh_classic_obelisk_a_value[c->n_players - 2], c->n_players);

          /* Translators: the base game's obelisks, side A: the points by place "12, 6, 1" */
          rule = g_strdup_printf (_("at the end the highest obelisks score %s"), values);
        }
      else
        {
          g_autofree char *values = uint8_list (imh_classic_obelisk_b_tower, 8);

          /* Translators: the base game's obelisks, side B: stones per tower, the towers' points */
          rule = g_strdup_printf (_("%d waiting stones of a colour make a tower, worth %s in turn; each stone still waiting scores 1 at the end"),
                                  CLASSIC_OBELISK_B_TOWER_STONES, values);
        }
      break;
    }
  return g_strdup_printf (_("%s, side %c: %s"), imh_texts_site_name (imh_classic_site_ids[site]),
                          b ? 'B' : 'A', rule);
}

/* ---- Public: rules ---- */

char *
imh_texts_site_rule (const ImhState *s,
                     guint           site)
{
  g_return_val_if_fail (s != NULL, NULL);

  if (s->kind == IMH_GAME_DUEL)
    {
      g_return_val_if_fail (site < IMH_DUEL_N_SITES, NULL);
      return duel_site_rule (s->u.duel.sides, site);
    }
  g_return_val_if_fail (site < IMH_CLASSIC_N_SITES, NULL);
  return classic_site_rule (&s->u.classic, site);
}

char *
imh_texts_duel_tile_info (const ImhState *s,
                          guint           code)
{
  g_autofree char *name = imh_texts_duel_tile_name (code);
  int site = duel_tile_site (code);

  g_return_val_if_fail (s != NULL && s->kind == IMH_GAME_DUEL, NULL);

  if (code == IMH_DUEL_TILE_NONE)
    return g_strdup (_("Empty slot"));
  if (site >= 0)
    {
      g_autofree char *rule = duel_site_rule (s->u.duel.sides, (guint) site);

      /* Translators: a Duel tile and the scoring of the site it goes to */
      return g_strdup_printf (_("%s. %s"), name, rule);
    }
  /* Translators: an action tile: its name, what it does, its points if unused */
  {
    int points = duel_probe (s->u.duel.sides, IMH_DUEL_CAT_ACTIONS, fill_action, 1, 0);

    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Action tile “%s”: %s. Played as a whole turn; %d point if unused at the end",
                                         "Action tile “%s”: %s. Played as a whole turn; %d points if unused at the end",
                                         points),
                            name, duel_action_text ((int) code - IMH_DUEL_TILE_ACTION_0), points);
  }
}

char *
imh_texts_duel_meeple_rule (const ImhState *s)
{
  g_return_val_if_fail (s != NULL && s->kind == IMH_GAME_DUEL, NULL);

  /* Translators: the Duel's meeples */
  {
    int points = duel_probe (s->u.duel.sides, IMH_DUEL_CAT_MEEPLES, fill_meeple, 1, 0);

    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Each meeple still on the harbour at the end scores %d point",
                                         "Each meeple still on the harbour at the end scores %d points", points),
                            points);
  }
}

char *
imh_texts_classic_card_info (const ImhState *s,
                             guint           type)
{
  const char *name = imh_texts_classic_card_name (type);
  g_autofree char *groups = classic_group_list ();

  g_return_val_if_fail (s != NULL && s->kind == IMH_GAME_CLASSIC, NULL);

  switch (type)
    {
    case IMH_CLASSIC_CARD_STATUE:
      /* Translators: a market card: 1 to 5 statues score "1, 3, 6, 10, 15" */
      return g_strdup_printf (_("%s: at the end 1 to 5 statues score %s, 2 more per statue beyond"), name, groups);
    case IMH_CLASSIC_CARD_DECO_PYRAMID:
    case IMH_CLASSIC_CARD_DECO_TEMPLE:
    case IMH_CLASSIC_CARD_DECO_BURIAL:
    case IMH_CLASSIC_CARD_DECO_OBELISK:
      return g_strdup_printf (_("%s: at the end 1 point per 3 stones of all colours at its site"), name);
    case IMH_CLASSIC_CARD_ENTRANCE:
      return g_strdup_printf (_("%s: at once a stone from your quarry goes to the pyramid and scores there"), name);
    case IMH_CLASSIC_CARD_SARCOPHAGUS:
      return g_strdup_printf (_("%s: at once a stone from your quarry goes to the burial chamber"), name);
    case IMH_CLASSIC_CARD_PAVED_PATH:
      return g_strdup_printf (_("%s: at once a stone from your quarry goes to the obelisks"), name);
    case IMH_CLASSIC_CARD_LEVER:
      return g_strdup_printf (_("%s: play as a turn: sail a ship and choose the order its stones are unloaded; 1 point if unused"), name);
    case IMH_CLASSIC_CARD_HAMMER:
      return g_strdup_printf (_("%s: play as a turn: take up to 3 stones, then place one on a ship; 1 point if unused"), name);
    case IMH_CLASSIC_CARD_SAIL:
      return g_strdup_printf (_("%s: play as a turn: place a stone on a ship, then sail it; 1 point if unused"), name);
    case IMH_CLASSIC_CARD_CHISEL:
      return g_strdup_printf (_("%s: play as a turn: place 2 stones on one ship or on two; 1 point if unused"), name);
    default:
      return g_strdup (name);
    }
}

/* ---- Public: how a score came about ---- */

/* The side letter of a category that is a site's, or 0. */
static char
category_side (const ImhState *s,
               guint           category)
{
  if (s->kind == IMH_GAME_DUEL)
    return category < IMH_DUEL_N_SITES ? (((s->u.duel.sides >> category) & 1) ? 'B' : 'A') : 0;
  switch (category)
    {
    case IMH_CLASSIC_CAT_PYRAMID:
      return ((s->u.classic.sides >> IMH_CLASSIC_SITE_PYRAMID) & 1) ? 'B' : 'A';
    case IMH_CLASSIC_CAT_TEMPLE:
      return ((s->u.classic.sides >> IMH_CLASSIC_SITE_TEMPLE) & 1) ? 'B' : 'A';
    case IMH_CLASSIC_CAT_BURIAL:
      return ((s->u.classic.sides >> IMH_CLASSIC_SITE_BURIAL) & 1) ? 'B' : 'A';
    case IMH_CLASSIC_CAT_OBELISK:
      return ((s->u.classic.sides >> IMH_CLASSIC_SITE_OBELISK) & 1) ? 'B' : 'A';
    default:
      return 0;
    }
}

static char *
part_words (const ImhState     *s,
            const ImhScorePart *part)
{
  gboolean duel = s->kind == IMH_GAME_DUEL;

  switch (part->kind)
    {
    case IMH_PART_SCORED:
      return g_strdup (_("scored during the game"));
    case IMH_PART_PER_ITEM:
      if (duel && part->category == IMH_DUEL_CAT_MEEPLES)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d meeple on the harbour",
                                             "%d meeples on the harbour", part->a), part->a);
      if (duel && part->category == IMH_DUEL_CAT_OBELISK)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d tile", "%d tiles", part->a), part->a);
      if (duel)
        {
          g_autofree char *tile = imh_texts_duel_tile_name (part->category == IMH_DUEL_CAT_TEMPLE
                                                            ? IMH_DUEL_TILE_TEMPLE_1 + part->c - 1
                                                            : IMH_DUEL_TILE_ACTION_0 + part->c);
          /* Translators: a number of tiles of a kind: "2 × Crypt 5" */
          return g_strdup_printf (_("%d × %s"), part->a, tile);
        }
      if (part->category == IMH_CLASSIC_CAT_OBELISK)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d stone waiting", "%d stones waiting", part->a),
                                part->a);
      return g_strdup_printf (_("%d × %s"), part->a, imh_texts_classic_card_name ((guint) part->c));
    case IMH_PART_MAJORITY:
      /* Translators: the Duel's obelisk A bonus: "the most tiles (5 to 3)" */
      return g_strdup_printf (_("the most tiles (%d to %d)"), part->a, part->b);
    case IMH_PART_THRESHOLD:
      if (part->b)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d tile, the first to reach the mark",
                                             "%d tiles, the first to reach the mark", part->a), part->a);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d tile", "%d tiles", part->a), part->a);
    case IMH_PART_SET:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "a set of %d different tile",
                                           "a set of %d different tiles", part->a), part->a);
    case IMH_PART_PILE:
      if (part->a == 0)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d light tile", "%d light tiles", part->b), part->b);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d dark tile", "%d dark tiles", part->b), part->b);
    case IMH_PART_PAIRS:
      /* Translators: the Duel's pyramids B: the light and dark tiles held */
      return g_strdup_printf (_("%d light and %d dark tiles"), part->a, part->b);
    case IMH_PART_RUN:
      if (part->a == part->b)
        /* Translators: a run of one crypt tile: "run 9" */
        return g_strdup_printf (_("run %d"), part->a);
      /* Translators: a run of crypt tiles: "run 3–5" */
      return g_strdup_printf (_("run %d–%d"), part->a, part->b);
    case IMH_PART_AREA:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "an area of %d stone", "an area of %d stones",
                                           part->a), part->a);
    case IMH_PART_ROW:
      /* Translators: burial chamber B: "row 2: 3 stones, 1st" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "row %d: %d stone, %s", "row %d: %d stones, %s",
                                           part->b),
                              part->a + 1, part->b, imh_texts_place ((guint) part->c));
    case IMH_PART_PLACE:
      /* Translators: obelisks A: "4 stones, 2nd" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d stone, %s", "%d stones, %s", part->b),
                              part->b, imh_texts_place ((guint) part->c));
    case IMH_PART_STATUES:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d statue", "%d statues", part->a), part->a);
    case IMH_PART_DECORATION:
      /* Translators: decorations: "2 × Temple decoration × 4 (stones at the site ÷ 3)" */
      return g_strdup_printf (_("%d × %s × %d (stones at the site ÷ 3)"), part->b,
                              imh_texts_classic_card_name ((guint) part->a), part->c);
    case IMH_PART_WRATH:
      return g_strdup (_("no stone at some site (Wrath of the Pharaoh)"));
    default:
      return g_strdup ("?");
    }
}

/* "9 + 1 − 5 = 5"; a single part: "10". */
static void
append_sum (GString            *text,
            const ImhScorePart *parts,
            int                 n,
            int                 total)
{
  for (int i = 0; i < n; i++)
    {
      if (i == 0)
        g_string_append_printf (text, parts[i].points < 0 ? "−%d" : "%d", ABS (parts[i].points));
      else
        g_string_append_printf (text, parts[i].points < 0 ? " − %d" : " + %d", ABS (parts[i].points));
    }
  if (n > 1)
    g_string_append_printf (text, total < 0 ? " = −%d" : " = %d", ABS (total));
}

int
imh_texts_score_parts (const ImhState *s,
                       guint           player,
                       guint           category,
                       gboolean        so_far,
                       ImhScorePart   *parts,
                       int             max)
{
  ImhScorePart all[64];
  int n_all, n = 0;

  g_return_val_if_fail (s != NULL, 0);

  n_all = imh_score_parts (s, (int) player, so_far, all, G_N_ELEMENTS (all));
  n_all = MIN (n_all, (int) G_N_ELEMENTS (all));
  for (int i = 0; i < n_all; i++)
    if (all[i].category == category)
      {
        if (n < max)
          parts[n] = all[i];
        n++;
      }
  return n;
}

char *
imh_texts_score_explanation (const ImhState *s,
                             guint           player,
                             guint           category,
                             gboolean        so_far)
{
  const ImhRules *rules;
  ImhScorePart parts[32];
  int n, total = 0;
  char side;
  GString *text;

  g_return_val_if_fail (s != NULL, NULL);
  rules = imh_rules_of (s);
  g_return_val_if_fail (category < rules->n_categories, NULL);

  n = MIN (imh_texts_score_parts (s, player, category, so_far, parts, G_N_ELEMENTS (parts)),
           (int) G_N_ELEMENTS (parts));
  side = category_side (s, category);
  text = g_string_new (imh_texts_category_name (rules, category));
  if (side != 0)
    g_string_append_printf (text, " %c", side);
  g_string_append (text, ": ");
  for (int i = 0; i < n; i++)
    {
      g_autofree char *words = part_words (s, &parts[i]);

      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, words);
      total += parts[i].points;
    }
  if (n == 0)
    /* Translators: a score category in which a player has nothing: "Crypt A: nothing → 0" */
    g_string_append (text, _("nothing"));
  g_string_append (text, " → ");
  if (n == 0)
    g_string_append (text, "0");
  else
    append_sum (text, parts, n, total);
  return g_string_free (text, FALSE);
}

char *
imh_texts_total_explanation (const ImhScore *score,
                             const ImhRules *rules,
                             guint           player)
{
  GString *text;
  gboolean first = TRUE;

  g_return_val_if_fail (score != NULL && rules != NULL && player < score->n_players, NULL);

  text = g_string_new (NULL);
  for (guint c = 0; c < score->n_categories; c++)
    {
      int v = score->points[player][c];

      if (v == 0)
        continue;
      if (first)
        g_string_append_printf (text, v < 0 ? "%s −%d" : "%s %d", imh_texts_category_name (rules, c), ABS (v));
      else
        g_string_append_printf (text, v < 0 ? " − %s %d" : " + %s %d", imh_texts_category_name (rules, c), ABS (v));
      first = FALSE;
    }
  if (first)
    g_string_append (text, _("No points yet"));
  g_string_append_printf (text, score->total[player] < 0 ? " = −%d" : " = %d", ABS (score->total[player]));
  return g_string_free (text, FALSE);
}

char *
imh_texts_score_change (const ImhState *before,
                        const ImhState *after,
                        guint           player)
{
  ImhScore sb, sa;
  GString *text;
  int change;
  gboolean first = TRUE;

  g_return_val_if_fail (before != NULL && after != NULL && before->kind == after->kind, NULL);

  imh_score (before, &sb);
  imh_score (after, &sa);
  g_return_val_if_fail (player < sa.n_players, NULL);
  change = sa.total[player] - sb.total[player];
  text = g_string_new (NULL);
  g_string_append_printf (text, change > 0 ? "+%d" : change < 0 ? "−%d" : "±%d", ABS (change));
  for (guint c = 0; c < sa.n_categories; c++)
    {
      int d = sa.points[player][c] - sb.points[player][c];
      g_autofree char *now = NULL;

      if (d == 0)
        continue;
      now = imh_texts_score_explanation (after, player, c, FALSE);
      /* A line each: the tooltip stays narrow. */
      g_string_append (text, first ? ":\n" : "\n");
      /* Translators: the change of a score category and its computation
       * after it: "+2 (Crypt A: run 3–5, run 9 → 9 + 1 = 10)" */
      g_string_append_printf (text, d > 0 ? _("+%d (%s)") : _("−%d (%s)"), ABS (d), now);
      first = FALSE;
    }
  if (first)
    {
      g_string_append (text, ": ");
      g_string_append (text, _("no change"));
    }
  return g_string_free (text, FALSE);
}
