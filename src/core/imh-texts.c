/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-texts.c — game, site, category and decision texts in the UI language. */
#define G_LOG_DOMAIN "imh-texts"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "imh-texts.h"

const char *
imh_texts_game_name (ImhGameKind kind)
{
  switch (kind)
    {
    case IMH_GAME_DUEL:
      return _("Imhotep: The Duel");
    case IMH_GAME_CLASSIC:
      return _("Imhotep");
    case IMH_N_GAMES:
    default:
      return _("Unknown game");
    }
}

typedef struct
{
  const char *id;
  const char *name;
} IdName;

/* Sites of both games (ImhRules.site_ids) and score categories
 * (ImhRules.category_ids); the German terms follow the rulebooks. */
static const IdName site_names[] = {
  { "obelisk", N_("Obelisk") },
  { "temple", N_("Temple") },
  { "pyramids", N_("Pyramids") },
  { "crypt", N_("Crypt") },
  { "market", N_("Market") },
  { "pyramid", N_("Pyramid") },
  { "burial", N_("Burial chamber") },
};

static const IdName category_names[] = {
  { "obelisk", N_("Obelisk") },
  { "temple", N_("Temple") },
  { "pyramids", N_("Pyramids") },
  { "crypt", N_("Crypt") },
  { "actions", N_("Unused action tiles") },
  { "meeples", N_("Meeples on the harbour") },
  { "pyramid", N_("Pyramid") },
  { "burial", N_("Burial chamber") },
  { "statues", N_("Statues") },
  { "decorations", N_("Decorations") },
  { "blue", N_("Unused blue cards") },
  { "wrath", N_("Wrath of the Pharaoh") },
};

static const char *
lookup (const IdName *table,
        gsize         n,
        const char   *id)
{
  if (id == NULL)
    return "";
  for (gsize i = 0; i < n; i++)
    if (strcmp (table[i].id, id) == 0)
      return _(table[i].name);
  return id;
}

char *
imh_texts_game_short_name (ImhGameKind kind,
                           guint       n_players)
{
  switch (kind)
    {
    case IMH_GAME_DUEL:
      return g_strdup (_("Duel"));
    case IMH_GAME_CLASSIC:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imhotep, %u player", "Imhotep, %u players",
                                           n_players), n_players);
    case IMH_N_GAMES:
    default:
      return g_strdup (imh_texts_game_name (kind));
    }
}

char *
imh_texts_file_name (ImhGameKind  kind,
                     const char  *stamp)
{
  g_return_val_if_fail (stamp != NULL, NULL);

  switch (kind)
    {
    case IMH_GAME_DUEL:
      /* Translators: default file name of a saved game; %s is the date and time */
      return g_strdup_printf (_("Duel %s.imhotep"), stamp);
    case IMH_GAME_CLASSIC:
    case IMH_N_GAMES:
    default:
      /* Translators: default file name of a saved game of the base game; %s is
       * the date and time */
      return g_strdup_printf (_("Imhotep %s.imhotep"), stamp);
    }
}

const char *
imh_texts_site_name (const char *site_id)
{
  return lookup (site_names, G_N_ELEMENTS (site_names), site_id);
}

const char *
imh_texts_category_name (const ImhRules *rules,
                         guint           category)
{
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (category < rules->n_categories, NULL);

  return lookup (category_names, G_N_ELEMENTS (category_names),
                 rules->category_ids[category]);
}

const char *
imh_texts_tiebreak (guint tiebreak)
{
  switch (tiebreak)
    {
    case IMH_TIEBREAK_NON_STARTER:
      return _("Tied: the player who did not start wins.");
    case IMH_TIEBREAK_SLED:
      return _("Tied: more stones on the supply sled wins.");
    case IMH_TIEBREAK_SHARED:
      return _("Tied: the players share the place.");
    case IMH_TIEBREAK_NONE:
    default:
      return NULL;
    }
}

char *
imh_texts_tiebreak_counts (const ImhScore     *score,
                           const char *const *names)
{
  g_autoptr(GString) list = NULL;

  g_return_val_if_fail (score != NULL && names != NULL, NULL);

  if (score->tied_leaders == 0
      || (score->tiebreak != IMH_TIEBREAK_SLED && score->tiebreak != IMH_TIEBREAK_SHARED))
    return NULL;
  list = g_string_new (NULL);
  for (int p = 0; p < score->n_players; p++)
    if (score->tied_leaders & (1u << p))
      {
        if (list->len > 0)
          g_string_append (list, ", ");
        /* Translators: a player and the stones on their sled, in a list:
         * "Ann 4" in "Stones on the supply sled: Ann 4, Bob 2." */
        g_string_append_printf (list, _("%s %d"), names[p], score->tiebreak_count[p]);
      }
  /* Translators: the tied leaders' stones on their supply sled: "Ann 4, Bob 2" */
  return g_strdup_printf (_("Stones on the supply sled: %s."), list->str);
}

const char *
imh_texts_player_colour (guint player)
{
  static const char *const colours[IMH_MAX_PLAYERS] = {
    N_("Black"), N_("White"), N_("Brown"), N_("Gray"),
  };

  if (player >= IMH_MAX_PLAYERS)
    return "";
  return _(colours[player]);
}

const char *
imh_texts_level_name (const char *level)
{
  static const struct { const char *id; const char *name; } names[] = {
    { "beginner", N_("Beginner") },
    { "casual", N_("Casual") },
    { "strong", N_("Strong") },
    { "expert", N_("Expert") },
  };

  if (level == NULL)
    return "";
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (level, names[i].id) == 0)
      return _(names[i].name);
  return level;
}

char *
imh_texts_computer_name (const char *level,
                         guint       number)
{
  if (number == 0)
    /* Translators: a computer seat's name: %s is its level ("Casual") */
    return g_strdup_printf (_("Computer (%s)"), imh_texts_level_name (level));
  /* Translators: a computer seat's name when there are several: its number
   * among them, then its level ("Computer 2 (Casual)") */
  return g_strdup_printf (_("Computer %u (%s)"), number, imh_texts_level_name (level));
}

const char *
imh_texts_variant_name (guint32 variant)
{
  if (variant == IMH_VARIANT_WRATH)
    return _("Wrath of the Pharaoh");
  return NULL;
}

char *
imh_texts_notation (const ImhState *s,
                    ImhDecision     d)
{
  const ImhRules *rules;
  char buf[IMH_DECISION_TEXT_MAX] = "";

  g_return_val_if_fail (s != NULL, NULL);

  rules = imh_rules_of (s);
  if (rules == NULL || rules->decision_to_text == NULL ||
      rules->decision_to_text (s, d, buf, sizeof buf) <= 0)
    return g_strdup_printf ("%u", (guint) d);
  return g_strdup (buf);
}

/* ---- The Duel ---- */

char *
imh_texts_duel_tile_name (guint code)
{
  if (code == IMH_DUEL_TILE_OBELISK)
    return g_strdup (_("Obelisk"));
  if (code == IMH_DUEL_TILE_PYRAMID_LIGHT)
    return g_strdup (_("Light pyramid"));
  if (code == IMH_DUEL_TILE_PYRAMID_DARK)
    return g_strdup (_("Dark pyramid"));
  if (code >= IMH_DUEL_TILE_TEMPLE_1 && code < IMH_DUEL_TILE_TEMPLE_1 + 4)
    {
      guint n = code - IMH_DUEL_TILE_TEMPLE_1 + 1;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Temple with %u symbol", "Temple with %u symbols", n), n);
    }
  if (code >= IMH_DUEL_TILE_CRYPT_1 && code < IMH_DUEL_TILE_CRYPT_1 + 12)
    return g_strdup_printf (_("Crypt %u"), code - IMH_DUEL_TILE_CRYPT_1 + 1);
  switch ((int) code - IMH_DUEL_TILE_ACTION_0)
    {
    case IMH_DUEL_ACTION_TAKE:
      return g_strdup (_("Take 1 tile"));
    case IMH_DUEL_ACTION_PLACE_2_3:
      return g_strdup (_("Place 2–3 meeples"));
    case IMH_DUEL_ACTION_PLACE_UNLOAD:
      return g_strdup (_("Place 1 meeple and unload 1–2×"));
    case IMH_DUEL_ACTION_SWAP_UNLOAD:
      return g_strdup (_("Swap 2 tiles and unload"));
    default:
      return g_strdup (_("No tile"));
    }
}

static char *
duel_decision (const ImhState *s,
               ImhDecision     d)
{
  const ImhDuel *duel = &s->u.duel;

  if (d < IMH_DUEL_D_UNLOAD)
    return g_strdup_printf (_("Place a meeple in row %d, column %d"), d / 3 + 1, d % 3 + 1);
  if (d < IMH_DUEL_D_PLAY)
    {
      int boat = d - IMH_DUEL_D_UNLOAD;

      if (boat < 3)
        return g_strdup_printf (_("Unload the boat at row %d"), boat + 1);
      return g_strdup_printf (_("Unload the boat at column %d"), boat - 3 + 1);
    }
  if (d < IMH_DUEL_D_TAKE)
    {
      g_autofree char *tile = imh_texts_duel_tile_name (IMH_DUEL_TILE_ACTION_0 + (d - IMH_DUEL_D_PLAY));
      return g_strdup_printf (_("Play the action tile “%s”"), tile);
    }
  if (d < IMH_DUEL_D_SWAP)
    {
      int boat = (d - IMH_DUEL_D_TAKE) / 3;
      int slot = (d - IMH_DUEL_D_TAKE) % 3;
      g_autofree char *tile = imh_texts_duel_tile_name (duel->boat[boat][slot]);

      if (boat < 3)
        return g_strdup_printf (_("Take a tile from the boat at row %d, slot %d: %s"),
                                boat + 1, slot + 1, tile);
      return g_strdup_printf (_("Take a tile from the boat at column %d, slot %d: %s"),
                              boat - 3 + 1, slot + 1, tile);
    }
  if (d < IMH_DUEL_D_STOP)
    {
      static const int pairs[3][2] = { { 1, 2 }, { 1, 3 }, { 2, 3 } };
      int boat = (d - IMH_DUEL_D_SWAP) / 3;
      int pair = (d - IMH_DUEL_D_SWAP) % 3;

      if (boat < 3)
        return g_strdup_printf (_("Swap slots %d and %d of the boat at row %d"),
                                pairs[pair][0], pairs[pair][1], boat + 1);
      return g_strdup_printf (_("Swap slots %d and %d of the boat at column %d"),
                              pairs[pair][0], pairs[pair][1], boat - 3 + 1);
    }
  if (d == IMH_DUEL_D_STOP)
    return g_strdup (_("Stop here"));
  if (d == IMH_DUEL_D_PASS)
    return g_strdup (_("Pass"));
  return NULL;
}

/* ---- The base game ---- */

const char *
imh_texts_classic_card_name (guint type)
{
  static const char *const names[IMH_CLASSIC_N_CARD_TYPES] = {
    N_("Statue"),
    N_("Pyramid decoration"),
    N_("Temple decoration"),
    N_("Burial chamber decoration"),
    N_("Obelisk decoration"),
    N_("Entrance"),
    N_("Sarcophagus"),
    N_("Paved path"),
    N_("Lever"),
    N_("Hammer"),
    N_("Sail"),
    N_("Chisel"),
  };

  if (type >= IMH_CLASSIC_N_CARD_TYPES)
    return "?";
  return _(names[type]);
}

static char *
classic_decision (const ImhState *s,
                  ImhDecision     d)
{
  static const char *const site_ids[IMH_CLASSIC_N_SITES] = {
    "market", "pyramid", "temple", "burial", "obelisk",
  };
  static const guint play_cards[4] = {
    IMH_CLASSIC_CARD_HAMMER, IMH_CLASSIC_CARD_CHISEL, IMH_CLASSIC_CARD_SAIL, IMH_CLASSIC_CARD_LEVER,
  };
  static const char *const colours[IMH_CLASSIC_MAX_PLAYERS] = {
    N_("black"), N_("white"), N_("brown"), N_("gray"),
  };

  if (d == IMH_CLASSIC_D_PASS)
    return g_strdup (_("Pass"));
  if (d == IMH_CLASSIC_D_GET)
    return g_strdup (_("Take stones from the quarry"));
  if (d < IMH_CLASSIC_D_SAIL)
    return g_strdup_printf (_("Place a stone on ship %d, space %d"),
                            (d - IMH_CLASSIC_D_PLACE) / 4 + 1, (d - IMH_CLASSIC_D_PLACE) % 4 + 1);
  if (d < IMH_CLASSIC_D_PLAY)
    return g_strdup_printf (_("Sail ship %d to: %s"), (d - IMH_CLASSIC_D_SAIL) / 5 + 1,
                            imh_texts_site_name (site_ids[(d - IMH_CLASSIC_D_SAIL) % 5]));
  if (d < IMH_CLASSIC_D_TAKE)
    return g_strdup_printf (_("Play the card: %s"),
                            imh_texts_classic_card_name (play_cards[d - IMH_CLASSIC_D_PLAY]));
  if (d < IMH_CLASSIC_D_TAKE_PAIR)
    return g_strdup_printf (_("Take the card: %s"), imh_texts_classic_card_name (d - IMH_CLASSIC_D_TAKE));
  if (d == IMH_CLASSIC_D_TAKE_PAIR)
    return g_strdup (_("Take the face-down pair of cards"));
  if (d < IMH_CLASSIC_D_PYRAMID)
    return g_strdup_printf (_("Keep the card: %s"), imh_texts_classic_card_name (d - IMH_CLASSIC_D_KEEP));
  if (d == IMH_CLASSIC_D_PYRAMID)
    return g_strdup (_("Choose the left pyramid"));
  if (d == IMH_CLASSIC_D_PYRAMID + 1)
    return g_strdup (_("Choose the middle pyramid"));
  if (d == IMH_CLASSIC_D_PYRAMID + 2)
    return g_strdup (_("Choose the right pyramid"));
  if (d == IMH_CLASSIC_D_TEMPLE_POINT)
    return g_strdup (_("Take 1 point"));
  if (d == IMH_CLASSIC_D_TEMPLE_STONES)
    return g_strdup (_("Take 2 stones"));
  if (d < IMH_CLASSIC_N_DECISIONS)
    return g_strdup_printf (_("Unload the next stone of %s"),
                            _(colours[d - IMH_CLASSIC_D_UNLOAD]));
  return NULL;
}

char *
imh_texts_decision (const ImhState *s,
                    ImhDecision     d)
{
  char *text = NULL;

  g_return_val_if_fail (s != NULL, NULL);

  switch (s->kind)
    {
    case IMH_GAME_DUEL:
      text = duel_decision (s, d);
      break;
    case IMH_GAME_CLASSIC:
      text = classic_decision (s, d);
      break;
    default:
      break;
    }
  if (text == NULL)
    text = imh_texts_notation (s, d);
  return text;
}

/* ---- Prompts ---- */

static const char *
duel_phase (const ImhState *s,
            gboolean        pending)
{
  switch (s->u.duel.phase)
    {
    case IMH_DUEL_PHASE_MAIN:
      return _("place a meeple, unload a boat or play an action tile");
    case IMH_DUEL_PHASE_TAKE:
      return _("take a tile from a boat");
    case IMH_DUEL_PHASE_P23_FIRST:
    case IMH_DUEL_PHASE_P23_SECOND:
    case IMH_DUEL_PHASE_PU_PLACE:
      return _("place a meeple");
    case IMH_DUEL_PHASE_P23_THIRD:
      return _("place a third meeple or stop");
    case IMH_DUEL_PHASE_PU_UNLOAD1:
    case IMH_DUEL_PHASE_SU_UNLOAD:
      return _("unload a boat");
    case IMH_DUEL_PHASE_PU_UNLOAD2:
      return _("unload a second boat or stop");
    case IMH_DUEL_PHASE_SU_SWAP:
      return pending ? _("choose the second tile to swap (Escape: choose again)")
                     : _("choose two tiles on one boat to swap");
    default:
      return "";
    }
}

/* What the owner of a stone delivered from a ship chooses (a market card
 * or a pyramid of side B); ships are numbered from 1, as in the
 * decisions' words. Whole sentences per ship, for the translators. */
static const char *
classic_ship_text (gboolean market,
                   guint    ship)
{
  static const char *const with_ship[2][IMH_CLASSIC_N_SHIPS] = {
    { N_("choose a market card for the stone from ship 1"),
      N_("choose a market card for the stone from ship 2"),
      N_("choose a market card for the stone from ship 3"),
      N_("choose a market card for the stone from ship 4") },
    { N_("choose the pyramid for the stone from ship 1"),
      N_("choose the pyramid for the stone from ship 2"),
      N_("choose the pyramid for the stone from ship 3"),
      N_("choose the pyramid for the stone from ship 4") },
  };
  int which = market ? 0 : 1;

  if (ship >= IMH_CLASSIC_N_SHIPS)
    return market ? _("choose a market card") : _("choose a pyramid for the stone");
  return _(with_ship[which][ship]);
}

static const char *
classic_phase (const ImhState *s,
               gboolean        pending)
{
  const ImhClassic *c = &s->u.classic;
  const ImhClassicFrame *f;

  if (c->phase == IMH_CLASSIC_PHASE_OVER)
    return "";
  if (c->sp == 0)
    return pending ? _("choose the site to sail to (Escape: choose again)")
                   : _("take stones, place a stone, sail a ship or play a blue card");
  f = &c->stack[c->sp - 1];
  switch (f->type)
    {
    case IMH_CLASSIC_FR_PLACE_SHIP:
      return f->a == 1 ? _("place a stone on a ship that can then sail")
                       : _("place a stone on a ship");
    case IMH_CLASSIC_FR_SAIL:
      if (pending || f->a != IMH_CLASSIC_NONE)
        return _("choose the site to sail to");
      return _("sail a ship");
    case IMH_CLASSIC_FR_UNLOAD:
      return _("choose whose stone is unloaded next");
    case IMH_CLASSIC_FR_DELIVER:
      return classic_ship_text (f->a == IMH_CLASSIC_SITE_MARKET, f->b);
    case IMH_CLASSIC_FR_KEEP:
      return _("choose the card of the pair to keep");
    case IMH_CLASSIC_FR_TEMPLE_B:
      return _("take 1 point or 2 stones");
    default:
      return "";
    }
}

const char *
imh_texts_phase (const ImhState *s,
                 gboolean        pending)
{
  ImhDecisionList legal;

  g_return_val_if_fail (s != NULL, "");

  if (imh_is_over (s))
    return "";
  imh_legal (s, &legal);
  if (legal.n == 1 && !pending
      && ((s->kind == IMH_GAME_DUEL && legal.d[0] == IMH_DUEL_D_PASS)
          || (s->kind == IMH_GAME_CLASSIC && legal.d[0] == IMH_CLASSIC_D_PASS
              && s->u.classic.sp == 0)))
    return _("no move is possible: pass");
  switch (s->kind)
    {
    case IMH_GAME_DUEL:
      return duel_phase (s, pending);
    case IMH_GAME_CLASSIC:
      return classic_phase (s, pending);
    default:
      return "";
    }
}

char *
imh_texts_prompt (const ImhState *s,
                  const char     *const *names,
                  gboolean        pending)
{
  int actor;

  g_return_val_if_fail (s != NULL && names != NULL, NULL);

  actor = imh_actor (s);
  if (actor < 0)
    return g_strdup ("");
  return g_strdup_printf (_("%s to move: %s"), names[actor], imh_texts_phase (s, pending));
}

/* ---- Results ---- */

/* The players of place 0 (the winners), in seat order. */
static guint
winners (const ImhScore *score,
         int             out[IMH_MAX_PLAYERS])
{
  guint n = 0;

  for (int p = 0; p < score->n_players && p < IMH_MAX_PLAYERS; p++)
    if (score->rank[p] == 0)
      out[n++] = p;
  return n;
}

/* The best player who is not a winner (for "%d to %d"). */
static int
runner_up (const ImhScore *score)
{
  int best = -1;

  for (int p = 0; p < score->n_players && p < IMH_MAX_PLAYERS; p++)
    if (score->rank[p] != 0 && (best < 0 || score->rank[p] < score->rank[best]))
      best = p;
  return best;
}

/* "A and B", "A, B and C" in the UI language; transfer full. */
static char *
join_names (const char *const *names,
            const int         *players,
            guint              n)
{
  char *text;

  g_assert (n > 0);
  text = g_strdup (names[players[0]]);
  for (guint i = 1; i < n; i++)
    {
      char *more;

      if (i + 1 < n)
        /* Translators: joins names in a list of three or more, all but the last */
        more = g_strdup_printf (_("%s, %s"), text, names[players[i]]);
      else
        /* Translators: joins the last name of a list of names */
        more = g_strdup_printf (_("%s and %s"), text, names[players[i]]);
      g_free (text);
      text = more;
    }
  return text;
}

char *
imh_texts_result_heading (const ImhScore *score,
                          const char     *const *names)
{
  int top[IMH_MAX_PLAYERS];
  guint n;
  g_autofree char *joined = NULL;

  g_return_val_if_fail (score != NULL && names != NULL, NULL);

  n = winners (score, top);
  if (n == 0)
    return g_strdup (_("Game Over"));
  if (n == 1)
    return g_strdup_printf (_("%s Wins"), names[top[0]]);
  joined = join_names (names, top, n);
  /* Translators: heading of the game-over summary when several players share first place */
  return g_strdup_printf (_("%s Share the Win"), joined);
}

char *
imh_texts_result_body (const ImhScore *score)
{
  int top[IMH_MAX_PLAYERS];
  const char *tiebreak;
  int second;
  g_autofree char *points = NULL;

  g_return_val_if_fail (score != NULL, NULL);

  if (winners (score, top) == 0)
    return g_strdup ("");
  tiebreak = imh_texts_tiebreak (score->tiebreak);
  second = runner_up (score);
  if (score->n_players == 2 && second >= 0)
    {
      if (tiebreak != NULL)
        return g_strdup_printf (_("%d to %d. %s"), score->total[top[0]], score->total[second], tiebreak);
      return g_strdup_printf (_("%d to %d."), score->total[top[0]], score->total[second]);
    }
  points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point.", "%d points.",
                                         (gulong) ABS (score->total[top[0]])),
                            score->total[top[0]]);
  if (tiebreak != NULL)
    return g_strconcat (points, " ", tiebreak, NULL);
  return g_steal_pointer (&points);
}

char *
imh_texts_result_line (const ImhScore *score,
                       const char     *const *names)
{
  int top[IMH_MAX_PLAYERS];
  guint n;
  int second;
  g_autofree char *joined = NULL;

  g_return_val_if_fail (score != NULL && names != NULL, NULL);

  n = winners (score, top);
  second = runner_up (score);
  if (n == 0)
    return g_strdup (_("Game Over"));
  if (n == 1 && score->n_players == 2 && second >= 0)
    return g_strdup_printf (_("%s wins, %d to %d"), names[top[0]],
                            score->total[top[0]], score->total[second]);
  if (n == 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s wins with %d point",
                                         "%s wins with %d points",
                                         (gulong) ABS (score->total[top[0]])),
                            names[top[0]], score->total[top[0]]);
  joined = join_names (names, top, n);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s share the win with %d point",
                                       "%s share the win with %d points",
                                       (gulong) ABS (score->total[top[0]])),
                          joined, score->total[top[0]]);
}

char *
imh_texts_join_names (const char *const *names,
                      guint              n)
{
  int all[IMH_MAX_PLAYERS];

  g_return_val_if_fail (names != NULL && n > 0 && n <= IMH_MAX_PLAYERS, NULL);

  for (guint i = 0; i < n; i++)
    all[i] = (int) i;
  return join_names (names, all, n);
}

const char *
imh_texts_place (guint rank)
{
  switch (rank)
    {
    case 0:
      /* Translators: a place in the final ranking */
      return _("1st");
    case 1:
      return _("2nd");
    case 2:
      return _("3rd");
    case 3:
      return _("4th");
    default:
      return "";
    }
}

const char *
imh_texts_reveal_hidden (ImhGameKind kind)
{
  switch (kind)
    {
    case IMH_GAME_CLASSIC:
      return _("Show hidden cards (round cards and market deck)");
    case IMH_GAME_DUEL:
    default:
      return _("Show hidden tiles (pile and reserve)");
    }
}
