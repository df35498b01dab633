/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-classic-rules.c — the rules of Imhotep (the base game, 2–4
 * players), as the Rules window's pages (ImhRulesBook).
 *
 * Every figure is a real position: a game set up from a seed and played
 * by seeded random decisions to the start of a round (so that its sites,
 * cards and points look like a game's), then edited field by field into
 * the situation the page explains, and where the rule is an action,
 * played on through the engine. Every number a page gives about a
 * position (points, stones taken, the rulebook's scoring examples) is
 * computed by the engine from that position. */
#define G_LOG_DOMAIN "imh-rules"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imh-classic.h"
#include "imh-rules-book.h"
#include "imh-texts.h"

#define NONE IMH_CLASSIC_NONE

enum { BLACK, WHITE, BROWN, GRAY };

#define PLACE(ship, pos) ((ImhDecision) (IMH_CLASSIC_D_PLACE + (ship) * 4 + (pos)))
#define SAIL(ship, site) ((ImhDecision) (IMH_CLASSIC_D_SAIL + (ship) * 5 + (site)))
#define PLAY(play)       ((ImhDecision) (IMH_CLASSIC_D_PLAY + (play)))
#define TAKE(type)       ((ImhDecision) (IMH_CLASSIC_D_TAKE + (type)))
#define KEEP(type)       ((ImhDecision) (IMH_CLASSIC_D_KEEP + (type)))
#define PYRAMID(k)       ((ImhDecision) (IMH_CLASSIC_D_PYRAMID + (k)))

#define SIDE_B(site)     (1u << (site))

/* ---- Positions ------------------------------------------------------------------ */

static inline ImhClassic *
game (ImhState *s)
{
  return &s->u.classic;
}

static const char *
colour (int player)
{
  return imh_texts_player_colour ((guint) player);
}

static const char *
card (int type)
{
  return imh_texts_classic_card_name ((guint) type);
}

/* A game of n players (the sites on side B whose bits are set in sides_b),
 * Black to start, played by random decisions drawn from the seed up to
 * the start of round `round` (0-based). */
static void
game_at_round (ImhState *s,
               int       n,
               guint     sides_b,
               gboolean  wrath,
               guint64   seed,
               int       round)
{
  ImhOptions o;
  ImhRng rng;

  imh_options_init (&o, IMH_GAME_CLASSIC, n);
  for (int i = 0; i < IMH_CLASSIC_N_SITES; i++)
    o.sides[i] = (sides_b >> i) & 1 ? IMH_SIDE_B : IMH_SIDE_A;
  o.start_player = 0;
  if (wrath)
    o.variants |= IMH_VARIANT_WRATH;
  if (!imh_setup (s, &o, seed, NULL, 0))
    g_assert_not_reached ();
  imh_rng_seed (&rng, seed);
  while (game (s)->round < round && !imh_is_over (s))
    {
      ImhDecisionList l;
      int k = imh_legal (s, &l);

      imh_apply (s, l.d[imh_rng_below (&rng, (uint32_t) k)]);
    }
}

/* Plays a decision, which must be legal. */
static void
play (ImhState    *s,
      ImhDecision  d)
{
  if (!imh_is_legal (s, d))
    {
      g_critical ("rules figure: decision %u is not legal", d);
      return;
    }
  imh_apply (s, d);
}

/* One card of a type out of the deck (else the discards) — FALSE when
 * every card of that type is elsewhere. */
static gboolean
take_card (ImhClassic *c,
           int         type)
{
  for (int i = c->deck_n - 1; i >= 0; i--)
    if (c->deck[i] == type)
      {
        memmove (&c->deck[i], &c->deck[i + 1], (size_t) (c->deck_n - 1 - i));
        c->deck[--c->deck_n] = NONE;
        return TRUE;
      }
  if (c->discards[type] > 0)
    {
      c->discards[type]--;
      return TRUE;
    }
  for (int i = 0; i < 4; i++)
    if (c->display[i] == type)
      {
        c->display[i] = NONE;
        return TRUE;
      }
  return FALSE;
}

static void
give_card (ImhClassic *c,
           int         player,
           int         type)
{
  if (take_card (c, type))
    c->held[player][type]++;
  else
    g_warning ("rules figure: no %s card left to give", imh_classic_card_ids[type]);
}

/* The market's face-up cards (-1: an empty space; market B: space 4 is
 * the pair's). The cards shown before go back into the deck. */
static void
set_display (ImhClassic *c,
             int         t0,
             int         t1,
             int         t2,
             int         t3)
{
  int want[4] = { t0, t1, t2, t3 };

  for (int i = 0; i < 4; i++)
    if (c->display[i] != NONE)
      {
        c->deck[c->deck_n++] = c->display[i];
        c->display[i] = NONE;
      }
  for (int i = 0; i < 4; i++)
    if (want[i] >= 0 && take_card (c, want[i]))
      c->display[i] = (uint8_t) want[i];
}

/* Market B: the face-down pair. */
static void
set_pair (ImhClassic *c,
          int         t0,
          int         t1)
{
  for (int i = 0; i < 2; i++)
    if (c->pair[i] != NONE)
      {
        c->deck[c->deck_n++] = c->pair[i];
        c->pair[i] = NONE;
      }
  if (take_card (c, t0))
    c->pair[0] = (uint8_t) t0;
  if (take_card (c, t1))
    c->pair[1] = (uint8_t) t1;
  c->pair_state = IMH_CLASSIC_PAIR_FACE_DOWN;
}

static void
set_sled (ImhClassic *c,
          int         player,
          int         n)
{
  c->quarry[player] = (uint8_t) (c->quarry[player] + c->sled[player] - n);
  c->sled[player] = (uint8_t) n;
}

/* At the start of a round: its round card is the player count's card
 * `index` (swapped with the one drawn); the ships are empty. */
static void
set_round_card (ImhClassic *c,
                int         index)
{
  const ImhClassicRoundCard *rc = &imh_classic_round_cards[c->n_players - 2][index];

  for (int j = 0; j < IMH_CLASSIC_N_ROUND_CARDS; j++)
    if (c->rounds[j] == index)
      {
        c->rounds[j] = c->rounds[c->round];
        c->rounds[c->round] = (uint8_t) index;
        break;
      }
  for (int sh = 0; sh < IMH_CLASSIC_N_SHIPS; sh++)
    {
      for (int pos = 0; pos < IMH_CLASSIC_SHIP_MAX; pos++)
        if (c->ship[sh][pos] != 0)
          c->quarry[c->ship[sh][pos] - 1]++;
      memset (c->ship[sh], 0, sizeof c->ship[sh]);
      c->ship_cap[sh] = rc->cap[sh];
      c->ship_site[sh] = NONE;
    }
  c->ships_sailed = 0;
  c->sites_used = 0;
  imh_classic_sync (c);
}

/* A stone of the player on a ship: from the sled while it holds one,
 * else from the quarry. */
static void
load (ImhClassic *c,
      int         ship,
      int         pos,
      int         player)
{
  if (c->sled[player] > 0)
    c->sled[player]--;
  else
    c->quarry[player]--;
  c->ship[ship][pos] = (uint8_t) (player + 1);
  imh_classic_sync (c);
}

/* A ship that sailed to a site earlier this round (now empty). */
static void
sailed (ImhClassic *c,
        int         ship,
        int         site)
{
  c->ship_site[ship] = (uint8_t) site;
  c->sites_used |= (uint8_t) (1u << site);
  c->ships_sailed++;
  /* Its stones took cards at the market (two, none of them red). */
  if (site == IMH_CLASSIC_SITE_MARKET)
    for (int i = 0, taken = 0; i < 4 && taken < 2; i++)
      if (c->display[i] != NONE
          && (c->display[i] < IMH_CLASSIC_CARD_ENTRANCE || c->display[i] > IMH_CLASSIC_CARD_PAVED_PATH))
        {
          c->held[(c->turn_player + taken) % c->n_players][c->display[i]]++;
          c->display[i] = NONE;
          taken++;
        }
  imh_classic_sync (c);
}

/* The player decides next, at a turn's main decision. */
static void
turn_to (ImhClassic *c,
         int         player)
{
  c->turn_player = (uint8_t) player;
}

/* Points scored before this round began: every point so far (call at the
 * start of a round, after editing points). */
static void
rebase (ImhClassic *c)
{
  for (int p = 0; p < c->n_players; p++)
    {
      int sum = 0;

      for (int k = 0; k < IMH_CLASSIC_N_CATEGORIES; k++)
        sum += c->points[p][k];
      c->round_base[p] = (int16_t) sum;
    }
}

static int
colour_code (char code)
{
  switch (code)
    {
    case 'k': return BLACK;
    case 'w': return WHITE;
    case 'b': return BROWN;
    default: return GRAY;
    }
}

/* Stones from the quarries into the burial chamber, in its fill order
 * (column by column from the top left); codes k, w, b, g. */
static void
burial_put (ImhClassic *c,
            const char *codes)
{
  for (const char *p = codes; *p != '\0'; p++)
    {
      int player = colour_code (*p);

      c->quarry[player]--;
      c->burial[c->burial_n++] = (uint8_t) (player + 1);
      c->stones[IMH_CLASSIC_SITE_BURIAL][player]++;
    }
}

static void
temple_put (ImhClassic *c,
            const char *codes)
{
  int w = imh_classic_temple_width (c);

  for (const char *p = codes; *p != '\0'; p++)
    {
      int player = colour_code (*p);

      c->quarry[player]--;
      c->temple_top[c->temple_n % w] = (uint8_t) (player + 1);
      c->temple_n++;
      c->stones[IMH_CLASSIC_SITE_TEMPLE][player]++;
    }
}

/* Stones into the temple, each player in turn, until the level begun has
 * `left` free spaces. */
static void
temple_fill_to (ImhClassic *c,
                int         left)
{
  int w = imh_classic_temple_width (c);
  int p = 0;

  while ((w - c->temple_n % w) % w != left % w)
    {
      char code[2] = { "kwbg"[p], '\0' };

      temple_put (c, code);
      p = (p + 1) % c->n_players;
    }
}

/* Every stone of the obelisks back to the quarries, with the points the
 * towers of side B gave (call at the start of a round). */
static void
obelisk_clear (ImhClassic *c)
{
  for (int p = 0; p < c->n_players; p++)
    {
      c->quarry[p] = (uint8_t) (c->quarry[p] + c->stones[IMH_CLASSIC_SITE_OBELISK][p]);
      c->stones[IMH_CLASSIC_SITE_OBELISK][p] = 0;
      c->obelisk_wait[p] = 0;
      c->points[p][IMH_CLASSIC_CAT_OBELISK] = 0;
    }
  c->towers_n = 0;
  rebase (c);
}

/* Side A: a player's obelisk `n` stones high. */
static void
obelisk_put (ImhClassic *c,
             int         player,
             int         n)
{
  c->quarry[player] = (uint8_t) (c->quarry[player] + c->stones[IMH_CLASSIC_SITE_OBELISK][player] - n);
  c->stones[IMH_CLASSIC_SITE_OBELISK][player] = (uint8_t) n;
}

/* Side B: a tower of the player's 3 stones on the best free space. */
static void
obelisk_tower (ImhClassic *c,
               int         player)
{
  c->quarry[player] -= 3;
  c->stones[IMH_CLASSIC_SITE_OBELISK][player] += 3;
  c->points[player][IMH_CLASSIC_CAT_OBELISK] += imh_classic_obelisk_b_tower[c->towers_n++];
  rebase (c);
}

/* Side B: n stones of the player waiting. */
static void
obelisk_wait (ImhClassic *c,
              int         player,
              int         n)
{
  int had = c->obelisk_wait[player];

  c->quarry[player] = (uint8_t) (c->quarry[player] + had - n);
  c->stones[IMH_CLASSIC_SITE_OBELISK][player] = (uint8_t) (c->stones[IMH_CLASSIC_SITE_OBELISK][player] - had + n);
  c->obelisk_wait[player] = (uint8_t) n;
}

/* Pyramid A: the player's stone on the next space, scoring it. */
static void
pyramid_a_put (ImhClassic *c,
               int         player)
{
  int n = c->pyramid_n[0];

  c->quarry[player]--;
  c->stones[IMH_CLASSIC_SITE_PYRAMID][player]++;
  if (n < 14)
    {
      c->pyramid[n] = (uint8_t) (player + 1);
      c->pyramid_n[0]++;
      c->points[player][IMH_CLASSIC_CAT_PYRAMID] += imh_classic_pyramid_a_value[n];
    }
  else
    c->points[player][IMH_CLASSIC_CAT_PYRAMID] += 1;
  rebase (c);
}

/* Plays the sub-steps after a decision that need no choice away: the
 * engine does that itself; this resolves the turn to its end by taking
 * the first option of every owner's choice. */
static void
finish_turn (ImhState *s)
{
  while (!imh_is_over (s) && imh_classic_is_sub_decision (s))
    {
      ImhDecisionList l;

      imh_legal (s, &l);
      imh_apply (s, l.d[0]);
    }
}

/* The legal decisions of s that are within [first, last), at most max. */
static guint
legal_between (const ImhState *s,
               ImhDecision     first,
               ImhDecision     last,
               ImhDecision    *out,
               guint           max)
{
  ImhDecisionList l;
  guint n = 0;

  imh_legal (s, &l);
  for (int i = 0; i < l.n && n < max; i++)
    if (l.d[i] >= first && l.d[i] < last)
      out[n++] = l.d[i];
  return n;
}

/* Adds a figure of s (made consistent) with its caption (transfer full). */
static void
figure (ImhRulesBook      *book,
        ImhState          *s,
        const ImhDecision *focus,
        guint              n_focus,
        char              *caption)
{
  g_autofree char *owned = caption;
  char why[128];

  imh_classic_sync (game (s));
  if (!imh_rules_of (s)->check (s, why, sizeof why))
    g_critical ("rules figure: %s", why);
  imh_rules_book_add_figure (book, s, focus, n_focus, caption);
}

static int
points (const ImhState *s,
        int             player,
        int             category)
{
  ImhScore score;

  imh_score (s, &score);
  return score.points[player][category];
}

/* ---- Pages ---------------------------------------------------------------------- */

static void
add_goal (ImhRulesBook *book)
{
  ImhState s;

  imh_rules_book_begin_page (book, "goal", _("The Goal"));
  imh_rules_book_add_text (book,
                           _("Two to four builders of ancient Egypt bring stones by boat to "
                             "five sites: the pyramid, the temple, the burial chamber, the "
                             "obelisks and the market. After six rounds, whoever has the most "
                             "points wins."));
  imh_rules_book_add_text (book,
                           _("Each site pays in its own way and at its own time: the pyramid at "
                             "once, the temple at the end of every round, the burial chamber and "
                             "the obelisks at the end of the game, and the market with cards. "
                             "But every player may sail every ship: where your stones go is "
                             "decided by all."));
  game_at_round (&s, 4, 0, FALSE, 11, 3);
  figure (book, &s, NULL, 0,
          g_strdup (_("A game of four players at the start of the fourth round: the five "
                      "sites at the top, the round's four ships below them, and each "
                      "player's supply sled, cards and points.")));
}

static void
add_material (ImhRulesBook *book)
{
  ImhState s;
  ImhOptions o;
  const ImhClassic *c;

  imh_rules_book_begin_page (book, "material", _("The Material"));
  imh_rules_book_add_text (book,
                           _("<b>Stones:</b> 30 in each of the four colours (black, white, "
                             "brown and gray). Your stones wait in the <i>quarry</i> until you "
                             "take them onto your <i>supply sled</i>, which holds 5 stones."));
  imh_rules_book_add_text (book,
                           _("<b>Sites:</b> the market, the pyramid, the temple, the burial "
                             "chamber and the obelisks. Each site board has an A side and a B "
                             "side; play your first games on side A. The sides can be mixed."));
  imh_rules_book_add_text (book,
                           _("Not every value printed on the B sides is known: the app uses "
                             "values reconstructed from the rulebook, which may differ from "
                             "your boards."));
  imh_rules_book_add_text (book,
                           _("<b>Ships:</b> eight, with room for 4, 4, 3, 3, 3, 2, 2 and 1 "
                             "stones. A ship may sail only with a minimum load: 3 stones on a "
                             "ship of 4, 2 on a ship of 3, 1 on the smaller ones."));
  imh_rules_book_add_text (book,
                           _("<b>Round cards:</b> seven for each number of players. One is put "
                             "aside unseen, the other six are the game's six rounds; each shows "
                             "the four ships of its round. <b>Market cards:</b> 34, in four "
                             "colours (see the pages on the cards)."));
  imh_rules_book_add_text (book,
                           _("<b>Set-up:</b> the start player puts 2 stones on the sled, the "
                             "next player 3, the third 4 and the fourth 5; all other stones "
                             "stay in the quarry."));

  imh_options_init (&o, IMH_GAME_CLASSIC, 4);
  o.start_player = BLACK;
  imh_setup (&s, &o, 7, NULL, 0);
  c = game (&s);
  figure (book, &s, NULL, 0,
          g_strdup_printf (_("The start of a game of four: %s has %d stones on the sled, "
                             "%s %d, %s %d and %s %d."),
                           colour (BLACK), c->sled[BLACK], colour (WHITE), c->sled[WHITE],
                           colour (BROWN), c->sled[BROWN], colour (GRAY), c->sled[GRAY]));
}

/* Three players in round 2: ship 1 holds its minimum of 3 stones, Black
 * has stones on the sled and a Hammer: every action is possible. */
static void
turn_position (ImhState *s)
{
  ImhClassic *c;

  game_at_round (s, 3, 0, FALSE, 21, 1);
  c = game (s);
  set_round_card (c, 0);             /* ships of 4, 3, 3 and 2 */
  set_sled (c, BLACK, 3);
  load (c, 0, 0, WHITE);
  load (c, 0, 1, BROWN);
  load (c, 0, 2, BLACK);
  if (c->held[BLACK][IMH_CLASSIC_CARD_HAMMER] == 0)
    give_card (c, BLACK, IMH_CLASSIC_CARD_HAMMER);
  turn_to (c, BLACK);
}

static void
add_round (ImhRulesBook *book)
{
  ImhState s;
  ImhDecision focus[4] = {
    IMH_CLASSIC_D_GET, PLACE (1, 0), SAIL (0, IMH_CLASSIC_SITE_PYRAMID),
    PLAY (IMH_CLASSIC_PLAY_HAMMER),
  };

  imh_rules_book_begin_page (book, "round", _("A Round and a Turn"));
  imh_rules_book_add_text (book,
                           _("A round begins with its round card, which brings four ships, and "
                             "four market cards laid face up on the market. Then the players "
                             "take turns, starting with the round's start player, until all "
                             "four ships have sailed."));
  imh_rules_book_add_text (book,
                           _("On your turn you do exactly one of four actions:\n"
                             "• <b>get stones</b> from the quarry onto your sled,\n"
                             "• <b>place a stone</b> from your sled on a ship,\n"
                             "• <b>sail a ship</b> to a site,\n"
                             "• <b>play a blue card</b>.\n"
                             "You pass only when you can do none of them; when every player "
                             "has passed in a row, the round ends."));
  imh_rules_book_add_text (book,
                           _("The round ends the moment the fourth ship has been unloaded. "
                             "The temple scores, the cards left on the market are discarded, "
                             "and the stones on the sleds and the sites stay. The next round "
                             "begins with the player after the one who sailed the fourth ship. "
                             "As only four ships sail, one site gets no ship each round."));
  turn_position (&s);
  figure (book, &s, focus, G_N_ELEMENTS (focus),
          g_strdup_printf (_("%s's turn: get stones, place a stone on a ship, sail ship 1 "
                             "(it holds its minimum of 3 stones) or play the %s."),
                           colour (BLACK), card (IMH_CLASSIC_CARD_HAMMER)));
}

static void
add_get (ImhRulesBook *book)
{
  ImhState s, after;
  ImhClassic *c;
  ImhDecision focus = IMH_CLASSIC_D_GET;
  int before;

  imh_rules_book_begin_page (book, "get", _("Get Stones"));
  imh_rules_book_add_text (book,
                           _("Take 3 stones of your colour from the quarry and put them on "
                             "your supply sled. The sled holds no more than 5: with 3 stones "
                             "on it you take only 2, with 4 only 1, and with 5 you cannot take "
                             "this action. When the quarry holds fewer stones of your colour, "
                             "you take what is left."));
  game_at_round (&s, 2, 0, FALSE, 31, 2);
  c = game (&s);
  set_sled (c, WHITE, 4);
  turn_to (c, WHITE);
  imh_classic_sync (c);
  before = c->sled[WHITE];
  after = s;
  play (&after, IMH_CLASSIC_D_GET);
  figure (book, &s, &focus, 1,
          g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        "%s has %d stones on the sled: getting stones takes %d "
                                        "stone from the quarry, as the sled holds 5.",
                                        "%s has %d stones on the sled: getting stones takes %d "
                                        "stones from the quarry, as the sled holds 5.",
                                        game (&after)->sled[WHITE] - before),
                           colour (WHITE), before, game (&after)->sled[WHITE] - before));
}

static void
add_place (ImhRulesBook *book)
{
  ImhState s;
  ImhDecision focus[IMH_RULES_FIGURE_MAX_FOCUS];
  guint n;

  imh_rules_book_begin_page (book, "place", _("Place a Stone on a Ship"));
  imh_rules_book_add_text (book,
                           _("Take 1 stone from your sled and put it on any free space of a "
                             "ship that has not sailed yet. You choose the ship and the space: "
                             "the space decides when your stone is unloaded, as a ship unloads "
                             "from the front."));
  imh_rules_book_add_text (book,
                           _("Without a stone on your sled, or without a free space on the "
                             "ships, you cannot take this action."));
  turn_position (&s);
  n = legal_between (&s, IMH_CLASSIC_D_PLACE, IMH_CLASSIC_D_SAIL, focus, G_N_ELEMENTS (focus));
  figure (book, &s, focus, n,
          g_strdup_printf (_("%s may put a stone on any free space of the four ships."),
                           colour (BLACK)));
}

static void
add_sail (ImhRulesBook *book)
{
  ImhState s;
  ImhClassic *c;
  ImhDecision focus[IMH_RULES_FIGURE_MAX_FOCUS];
  ImhDecision temple = SAIL (0, IMH_CLASSIC_SITE_TEMPLE);
  g_autoptr (GString) order = g_string_new (NULL);
  guint n;

  imh_rules_book_begin_page (book, "sail", _("Sail a Ship to a Site"));
  imh_rules_book_add_text (book,
                           _("Move one ship to a site. Two conditions must hold: the ship "
                             "carries at least its minimum load (the board shows it next to "
                             "the ship), and no ship has sailed to that site in this round."));
  imh_rules_book_add_text (book,
                           _("<b>Any player may sail any ship</b>, also one without a stone of "
                             "their own: sending the others' stones where they help little is "
                             "part of the game."));
  imh_rules_book_add_text (book,
                           _("The ship is unloaded at once, <b>from the front to the back</b>: "
                             "the stone nearest the front first, then the next, skipping empty "
                             "spaces. Each stone goes to the site for its owner, who scores "
                             "as the site says. The empty ship stays at the site until the "
                             "round ends, so no other ship can go there."));
  turn_position (&s);
  n = legal_between (&s, SAIL (0, 0), SAIL (1, 0), focus, G_N_ELEMENTS (focus));
  figure (book, &s, focus, n,
          g_strdup (_("Ship 1 holds its minimum load: it may sail to any of the five sites, "
                      "as no ship has sailed yet this round.")));

  game_at_round (&s, 4, 0, FALSE, 41, 3);
  c = game (&s);
  set_round_card (c, 0);             /* ships of 4, 4, 2 and 1 */
  load (c, 0, 0, BROWN);
  load (c, 0, 2, WHITE);
  load (c, 0, 3, BROWN);
  turn_to (c, GRAY);
  for (int pos = 0; pos < c->ship_cap[0]; pos++)
    if (c->ship[0][pos] != 0)
      {
        if (order->len > 0)
          g_string_append (order, ", ");
        g_string_append (order, colour (c->ship[0][pos] - 1));
      }
  figure (book, &s, &temple, 1,
          g_strdup_printf (_("%s, with no stone on ship 1, sails it to the temple. The "
                             "stones are unloaded from the front, the empty space skipped: "
                             "%s."),
                           colour (GRAY), order->str));
}

static void
add_market (ImhRulesBook *book)
{
  ImhState s, b;
  ImhClassic *c;
  ImhDecision focus[IMH_RULES_FIGURE_MAX_FOCUS];
  guint n;

  imh_rules_book_begin_page (book, "site-market", _("Market"));
  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side A"));
  imh_rules_book_add_text (book,
                           _("For each stone unloaded here its owner takes one of the face-up "
                             "cards at once, in the order the stones are unloaded. Then the "
                             "stone goes back to its owner's quarry. Cards nobody took are "
                             "discarded at the end of the round; when the deck runs out, the "
                             "discards are shuffled into a new one."));
  imh_rules_book_add_text (book,
                           _("Red cards act at once; blue cards are played on a later turn; "
                             "green and purple cards score at the end of the game. The pages "
                             "on the cards explain each kind."));

  /* The rulebook's example: White, Brown and Gray choose in turn. */
  game_at_round (&s, 4, 0, FALSE, 51, 2);
  c = game (&s);
  set_round_card (c, 0);             /* ships of 4, 4, 2 and 1 */
  set_display (c, IMH_CLASSIC_CARD_SAIL, IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_LEVER,
               IMH_CLASSIC_CARD_PAVED_PATH);
  load (c, 0, 0, WHITE);
  load (c, 0, 1, BROWN);
  load (c, 0, 2, GRAY);
  turn_to (c, BLACK);
  play (&s, SAIL (0, IMH_CLASSIC_SITE_MARKET));
  n = legal_between (&s, TAKE (0), IMH_CLASSIC_D_KEEP, focus, G_N_ELEMENTS (focus));
  figure (book, &s, focus, n,
          g_strdup_printf (_("%s sailed ship 1 to the market. %s's stone, at the front, "
                             "comes first: %s takes one of the four cards, then %s and %s "
                             "choose from the cards left."),
                           colour (BLACK), colour (WHITE), colour (WHITE), colour (BROWN),
                           colour (GRAY)));

  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side B"));
  imh_rules_book_add_text (book,
                           _("The last card space holds two cards face down instead of one "
                             "face-up card. The owner of a stone unloaded here may take one of "
                             "the face-up cards, or take the face-down pair, look at both cards, "
                             "keep one and discard the other face up."));
  game_at_round (&s, 3, SIDE_B (IMH_CLASSIC_SITE_MARKET), FALSE, 61, 1);
  c = game (&s);
  set_round_card (c, 0);             /* ships of 4, 3, 3 and 2 */
  set_display (c, IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_HAMMER, IMH_CLASSIC_CARD_ENTRANCE, -1);
  set_pair (c, IMH_CLASSIC_CARD_CHISEL, IMH_CLASSIC_CARD_DECO_TEMPLE);
  load (c, 3, 0, BROWN);
  turn_to (c, WHITE);
  play (&s, SAIL (3, IMH_CLASSIC_SITE_MARKET));
  n = legal_between (&s, TAKE (0), IMH_CLASSIC_D_KEEP, focus, G_N_ELEMENTS (focus));
  figure (book, &s, focus, n,
          g_strdup_printf (_("%s's stone reached the market (side B): %s takes a face-up "
                             "card or the face-down pair."),
                           colour (BROWN), colour (BROWN)));
  b = s;
  play (&b, IMH_CLASSIC_D_TAKE_PAIR);
  n = legal_between (&b, KEEP (0), IMH_CLASSIC_D_PYRAMID, focus, G_N_ELEMENTS (focus));
  figure (book, &b, focus, n,
          g_strdup_printf (_("%s took the pair and keeps one of its cards, the %s or the %s; "
                             "the other is discarded face up."),
                           colour (BROWN), card (IMH_CLASSIC_CARD_CHISEL),
                           card (IMH_CLASSIC_CARD_DECO_TEMPLE)));
}

static void
add_pyramid (ImhRulesBook *book)
{
  ImhState s, after;
  ImhClassic *c;
  ImhDecision focus[IMH_RULES_FIGURE_MAX_FOCUS];
  int gain[IMH_CLASSIC_MAX_PLAYERS], sled[IMH_CLASSIC_MAX_PLAYERS];
  guint n;
  ImhDecision choice[4] = { PYRAMID (1), PYRAMID (1), PYRAMID (1), PYRAMID (0) };

  imh_rules_book_begin_page (book, "site-pyramid", _("Pyramid"));
  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side A"));
  imh_rules_book_add_text (book,
                           _("Each stone unloaded here takes the next free space and scores its "
                             "value for its owner at once. The spaces fill in a fixed order (on "
                             "the printed board column by column from the top left): first the "
                             "bottom level of 3 × 3, then the level of 2 × 2, then the top. When "
                             "all 14 spaces are full, each further stone scores 1 point."));
  game_at_round (&s, 2, 0, FALSE, 71, 2);
  c = game (&s);
  set_round_card (c, 1);             /* ships of 4, 3, 3 and 1 */
  load (c, 1, 0, BLACK);
  load (c, 1, 1, WHITE);
  load (c, 1, 2, BLACK);
  turn_to (c, WHITE);
  imh_classic_sync (c);
  after = s;
  play (&after, SAIL (1, IMH_CLASSIC_SITE_PYRAMID));
  for (int p = 0; p < 2; p++)
    gain[p] = game (&after)->points[p][IMH_CLASSIC_CAT_PYRAMID] - c->points[p][IMH_CLASSIC_CAT_PYRAMID];
  focus[0] = SAIL (1, IMH_CLASSIC_SITE_PYRAMID);
  figure (book, &s, focus, 1,
          g_strdup_printf (_("If %s sails ship 2 to the pyramid, its three stones take the "
                             "next three spaces and score at once: %s %d, %s %d."),
                           colour (WHITE), colour (BLACK), gain[BLACK], colour (WHITE),
                           gain[WHITE]));

  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side B"));
  imh_rules_book_add_text (book,
                           _("Three small pyramids. The owner of each stone chooses the pyramid "
                             "it goes to; within a pyramid the four base spaces fill in a fixed "
                             "order, then the top, worth 4 points. Some "
                             "spaces give more than points: the second space of the left "
                             "pyramid 1 point and the top card of the deck, of the middle one "
                             "1 point and 3 stones from the quarry onto the sled, of the right "
                             "one 1 point and a stone from your sled on a ship that has not "
                             "sailed. When all 15 spaces are full, each further stone scores 1 "
                             "point."));
  game_at_round (&s, 4, SIDE_B (IMH_CLASSIC_SITE_PYRAMID), FALSE, 81, 0);
  c = game (&s);
  set_round_card (c, 0);             /* ships of 4, 4, 2 and 1 */
  load (c, 0, 0, BROWN);
  load (c, 0, 1, BLACK);
  load (c, 0, 2, BROWN);
  load (c, 0, 3, WHITE);
  turn_to (c, GRAY);
  play (&s, SAIL (0, IMH_CLASSIC_SITE_PYRAMID));
  n = legal_between (&s, PYRAMID (0), IMH_CLASSIC_D_TEMPLE_POINT, focus, G_N_ELEMENTS (focus));
  /* The rulebook's example: Brown, Black and Brown choose the middle
   * pyramid, White the left one. */
  after = s;
  for (guint i = 0; i < G_N_ELEMENTS (choice); i++)
    if (imh_is_legal (&after, choice[i]))
      imh_apply (&after, choice[i]);
  finish_turn (&after);
  for (int p = 0; p < 4; p++)
    {
      gain[p] = game (&after)->points[p][IMH_CLASSIC_CAT_PYRAMID] - game (&s)->points[p][IMH_CLASSIC_CAT_PYRAMID];
      sled[p] = game (&after)->sled[p] - game (&s)->sled[p];
    }
  figure (book, &s, focus, n,
          g_strdup_printf (_("Ship 1 sailed to the pyramids (side B); %s's stone at the front "
                             "comes first, and %s chooses the pyramid."),
                           colour (BROWN), colour (BROWN)));
  imh_rules_book_add_textf (book,
                            _("As in the rulebook's example, %s, %s and %s put their stones on "
                              "the middle pyramid and %s on the left one. Points for %s: %d; "
                              "for %s: %d, and %d stones onto the sled; for %s: %d."),
                            colour (BROWN), colour (BLACK), colour (BROWN), colour (WHITE),
                            colour (BROWN), gain[BROWN], colour (BLACK), gain[BLACK],
                            sled[BLACK], colour (WHITE), gain[WHITE]);
}

static void
add_temple (ImhRulesBook *book)
{
  ImhState s;
  ImhClassic *c;
  ImhDecision focus[IMH_RULES_FIGURE_MAX_FOCUS];
  g_autoptr (GString) visible = g_string_new (NULL);
  int count[IMH_CLASSIC_MAX_PLAYERS] = { 0 };
  guint n;

  imh_rules_book_begin_page (book, "site-temple", _("Temple"));
  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side A"));
  imh_rules_book_add_text (book,
                           _("Each stone unloaded here takes the next free space of the level, "
                             "from the left; a full level is covered by the next, from the left "
                             "again, with no limit in height. A level has 5 spaces with 3 or 4 "
                             "players and 4 spaces with 2. At the end of every round each "
                             "stone seen from above scores 1 point for its owner; covered "
                             "stones score nothing."));
  game_at_round (&s, 4, 0, FALSE, 91, 2);
  c = game (&s);
  temple_fill_to (c, 1);
  set_round_card (c, 1);             /* ships of 4, 3, 3 and 2 */
  load (c, 1, 0, BROWN);
  load (c, 1, 1, BROWN);
  load (c, 1, 2, WHITE);
  turn_to (c, BLACK);
  {
    ImhState after = s;

    play (&after, SAIL (1, IMH_CLASSIC_SITE_TEMPLE));
    for (int k = 0; k < imh_classic_temple_width (game (&after)); k++)
      if (game (&after)->temple_top[k] != 0)
        count[game (&after)->temple_top[k] - 1]++;
    for (int p = 0; p < 4; p++)
      {
        if (visible->len > 0)
          g_string_append (visible, ", ");
        g_string_append_printf (visible, "%s %d", colour (p), count[p]);
      }
  }
  focus[0] = SAIL (1, IMH_CLASSIC_SITE_TEMPLE);
  figure (book, &s, focus, 1,
          g_strdup_printf (_("The rulebook's example: ship 2 sails to the temple. The first "
                             "brown stone takes the last free space of the level, the second "
                             "brown and the white stone begin the next level. Points at the "
                             "end of the round, if nothing else came: %s."),
                           visible->str));

  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side B"));
  imh_rules_book_add_text (book,
                           _("At the end of every round each stone seen from above gives its "
                             "owner the bonus of its space instead: from the left, 1 point or "
                             "2 stones from the quarry onto the sled (the owner chooses), 2 "
                             "points, 1 point or 2 stones, the top card of the deck, 1 point "
                             "or 2 stones. With 2 players only the first four spaces exist."));
  game_at_round (&s, 4, SIDE_B (IMH_CLASSIC_SITE_TEMPLE), FALSE, 101, 2);
  c = game (&s);
  /* The rulebook's example: Gray, Brown, White, White and Black on top;
   * Black's stone comes with the round's fourth ship. */
  temple_fill_to (c, 0);
  temple_put (c, "gbww");
  set_round_card (c, 0);             /* ships of 4, 4, 2 and 1 */
  sailed (c, 0, IMH_CLASSIC_SITE_MARKET);
  sailed (c, 1, IMH_CLASSIC_SITE_PYRAMID);
  sailed (c, 2, IMH_CLASSIC_SITE_BURIAL);
  set_sled (c, GRAY, 2);
  load (c, 3, 0, BLACK);
  turn_to (c, WHITE);
  focus[0] = SAIL (3, IMH_CLASSIC_SITE_TEMPLE);
  play (&s, focus[0]);
  n = 1 + legal_between (&s, IMH_CLASSIC_D_TEMPLE_POINT, IMH_CLASSIC_D_UNLOAD, focus + 1,
                         G_N_ELEMENTS (focus) - 1);
  figure (book, &s, focus, n,
          g_strdup_printf (_("The rulebook's example: the round's fourth ship brought %s's "
                             "stone to the fifth space, and the round ends. %s, on the first "
                             "space, chooses 1 point or 2 stones; %s gets 2 points; %s chooses "
                             "on the third space and takes the top card on the fourth; %s "
                             "chooses on the fifth."),
                           colour (BLACK), colour (GRAY), colour (BROWN), colour (WHITE),
                           colour (BLACK)));
}

/* The burial chamber of the rulebook's example (side A), and the same
 * number of stones in the rows of its side B example: 12 stones, then the
 * game's last ship brings the 13th. The rulebook shows the chamber only in
 * a picture; this layout has exactly the areas its text scores (White 2,
 * Black 1, Brown 3 and 1, Gray 6). */
static void
burial_example (ImhState *s,
                gboolean  side_b)
{
  ImhClassic *c;

  game_at_round (s, 4, side_b ? SIDE_B (IMH_CLASSIC_SITE_BURIAL) : 0, FALSE, side_b ? 121 : 111, 5);
  c = game (s);
  for (int p = 0; p < 4; p++)
    c->quarry[p] = (uint8_t) (c->quarry[p] + c->stones[IMH_CLASSIC_SITE_BURIAL][p]);
  memset (c->stones[IMH_CLASSIC_SITE_BURIAL], 0, sizeof c->stones[IMH_CLASSIC_SITE_BURIAL]);
  memset (c->burial, 0, sizeof c->burial);
  c->burial_n = 0;
  /* Column by column (top, middle, bottom). Side A: gray 6 in the top two
   * rows, white 2 below them, brown 3 and 1, black 1. Side B: top row
   * white 3, brown 1, gray 1; middle row black 3, white 1; bottom row
   * gray 4. */
  burial_put (c, side_b ? "wkgwkgwkgbwg" : "ggwggwggbkbb");
  set_round_card (c, 0);             /* ships of 4, 4, 2 and 1 */
  sailed (c, 0, IMH_CLASSIC_SITE_MARKET);
  sailed (c, 1, IMH_CLASSIC_SITE_PYRAMID);
  sailed (c, 2, IMH_CLASSIC_SITE_TEMPLE);
  load (c, 3, 0, side_b ? GRAY : BROWN);
  turn_to (c, side_b ? WHITE : GRAY);
  imh_classic_sync (c);
}

static void
add_burial (ImhRulesBook *book)
{
  static const struct {
    int player;
    int areas[2];
  } areas_a[] = {
    { WHITE, { 2, 0 } }, { BLACK, { 1, 0 } }, { BROWN, { 3, 1 } }, { GRAY, { 6, 0 } },
  };
  ImhState s, after;
  ImhDecision focus = SAIL (3, IMH_CLASSIC_SITE_BURIAL);

  imh_rules_book_begin_page (book, "site-burial", _("Burial chamber"));
  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side A"));
  imh_rules_book_add_text (book,
                           _("Stones unloaded here fill the chamber column by column from the "
                             "top left, three to a column, with no limit to the right. The "
                             "chamber scores at the end of the game: each area of stones of "
                             "one colour touching along their sides (not only at a corner) "
                             "scores for its owner 1, 3, 6, 10 or 15 points for 1 to 5 stones "
                             "and 2 more for each stone beyond 5. Every area scores, not only "
                             "a player's largest."));
  burial_example (&s, FALSE);
  figure (book, &s, &focus, 1,
          g_strdup_printf (_("The game's last ship brings %s's stone to the burial chamber, "
                             "and the game ends."),
                           colour (BROWN)));
  after = s;
  play (&after, focus);
  finish_turn (&after);
  imh_rules_book_add_text (book, _("The chamber then scores as in the rulebook's example:"));
  for (guint i = 0; i < G_N_ELEMENTS (areas_a); i++)
    {
      int p = areas_a[i].player;
      int total = points (&after, p, IMH_CLASSIC_CAT_BURIAL);

      /* Translators: the last number is the stones in the area */
      if (areas_a[i].areas[1] == 0)
        imh_rules_book_add_textf (book,
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "%s: %d point for an area of size %d.",
                                               "%s: %d points for an area of size %d.",
                                               total),
                                  colour (p), total, areas_a[i].areas[0]);
      else
        imh_rules_book_add_textf (book,
                                  _("%s: %d + %d = %d points for areas of size %d and %d."),
                                  colour (p), imh_classic_group_points (areas_a[i].areas[0]),
                                  imh_classic_group_points (areas_a[i].areas[1]), total,
                                  areas_a[i].areas[0], areas_a[i].areas[1]);
    }

  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side B"));
  imh_rules_book_add_text (book,
                           _("The stones fill the chamber as on side A, but at the end of the "
                             "game each of the three rows scores on its own, by who has the "
                             "most stones in it, adjacent or not: 8 points for the most, 4 for "
                             "the second, 2 for the third. You need a stone in a row to score "
                             "there. Tied players add up the points of their places and share "
                             "them, rounded down."));
  burial_example (&s, TRUE);
  figure (book, &s, &focus, 1,
          g_strdup_printf (_("The game's last ship brings %s's stone to the burial chamber "
                             "(side B), and the game ends."),
                           colour (GRAY)));
  after = s;
  play (&after, focus);
  finish_turn (&after);
  for (int row = 0; row < 3; row++)
    {
      const ImhClassic *c = game (&after);
      int counts[IMH_CLASSIC_MAX_PLAYERS] = { 0 }, out[IMH_CLASSIC_MAX_PLAYERS];
      g_autoptr (GString) list = g_string_new (NULL);

      for (int i = row; i < c->burial_n; i += 3)
        counts[c->burial[i] - 1]++;
      imh_classic_rank_points (counts, c->n_players, imh_classic_burial_b_value, 4, out);
      /* Most stones first. */
      for (int most = IMH_CLASSIC_BURIAL_MAX; most > 0; most--)
        for (int p = 0; p < c->n_players; p++)
          if (counts[p] == most)
            {
              if (list->len > 0)
                g_string_append (list, ", ");
              g_string_append_printf (list, "%s %d", colour (p), out[p]);
            }
      imh_rules_book_add_textf (book,
                                row == 0 ? _("Top row: %s.")
                                : row == 1 ? _("Middle row: %s.") : _("Bottom row: %s."),
                                list->str);
    }
  imh_rules_book_add_textf (book,
                            _("In all: %s %d, %s %d, %s %d, %s %d points."),
                            colour (BLACK), points (&after, BLACK, IMH_CLASSIC_CAT_BURIAL),
                            colour (WHITE), points (&after, WHITE, IMH_CLASSIC_CAT_BURIAL),
                            colour (BROWN), points (&after, BROWN, IMH_CLASSIC_CAT_BURIAL),
                            colour (GRAY), points (&after, GRAY, IMH_CLASSIC_CAT_BURIAL));
}

static void
add_obelisk (ImhRulesBook *book)
{
  ImhState s, after;
  ImhClassic *c;
  ImhDecision focus;
  int gain;

  imh_rules_book_begin_page (book, "site-obelisk", _("Obelisks"));
  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side A"));
  imh_rules_book_add_text (book,
                           _("Each stone unloaded here goes on its owner's obelisk, one on top "
                             "of the other. At the end of the game the obelisks score by "
                             "height: with 2 players 10 and 1 points, with 3 players 12, 6 "
                             "and 1, with 4 players 15, 10, 5 and 1. You need at least one "
                             "stone there to score. Tied players add up the points of their "
                             "places and share them, rounded down."));
  /* The rulebook's example: Black 3, White 4, Brown none, Gray 3; White's
   * fourth stone comes with the game's last ship. */
  game_at_round (&s, 4, 0, FALSE, 131, 5);
  c = game (&s);
  obelisk_put (c, BLACK, 3);
  obelisk_put (c, WHITE, 3);
  obelisk_put (c, BROWN, 0);
  obelisk_put (c, GRAY, 3);
  set_round_card (c, 0);             /* ships of 4, 4, 2 and 1 */
  sailed (c, 0, IMH_CLASSIC_SITE_MARKET);
  sailed (c, 1, IMH_CLASSIC_SITE_PYRAMID);
  sailed (c, 2, IMH_CLASSIC_SITE_TEMPLE);
  load (c, 3, 0, WHITE);
  turn_to (c, BLACK);
  focus = SAIL (3, IMH_CLASSIC_SITE_OBELISK);
  figure (book, &s, &focus, 1,
          g_strdup_printf (_("The game's last ship brings %s's fourth stone to the obelisks, "
                             "and the game ends."),
                           colour (WHITE)));
  after = s;
  play (&after, focus);
  finish_turn (&after);
  imh_rules_book_add_text (book, _("The obelisks then score as in the rulebook's example:"));
  for (int p = 0; p < 4; p++)
    imh_rules_book_add_textf (book,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%s: %d stone high, %d points.",
                                           "%s: %d stones high, %d points.",
                                           game (&after)->stones[IMH_CLASSIC_SITE_OBELISK][p]),
                              colour (p), game (&after)->stones[IMH_CLASSIC_SITE_OBELISK][p],
                              points (&after, p, IMH_CLASSIC_CAT_OBELISK));

  imh_rules_book_add_textf (book, "<b>%s</b>", _("Side B"));
  imh_rules_book_add_text (book,
                           _("Each stone unloaded here waits on a space of its colour. When a "
                             "colour has 3 waiting stones, they are stacked into a tower on "
                             "the free tower space of the highest value, and their owner scores "
                             "it at once: 15, 12, 9, 7, 5, 3, 2, 1, then 1 point each. At the "
                             "end of the game each stone still waiting scores 1 point."));
  /* The rulebook's example: two towers stand; Black, White and Gray
   * unload; White's third stone makes the third tower. */
  game_at_round (&s, 4, SIDE_B (IMH_CLASSIC_SITE_OBELISK), FALSE, 141, 3);
  c = game (&s);
  obelisk_clear (c);
  obelisk_tower (c, GRAY);
  obelisk_tower (c, BLACK);
  obelisk_wait (c, WHITE, 2);
  obelisk_wait (c, BROWN, 1);
  set_round_card (c, 1);             /* ships of 4, 3, 3 and 2 */
  load (c, 1, 0, BLACK);
  load (c, 1, 1, WHITE);
  load (c, 1, 2, GRAY);
  turn_to (c, BROWN);
  imh_classic_sync (c);
  after = s;
  focus = SAIL (1, IMH_CLASSIC_SITE_OBELISK);
  play (&after, focus);
  finish_turn (&after);
  gain = game (&after)->points[WHITE][IMH_CLASSIC_CAT_OBELISK] - c->points[WHITE][IMH_CLASSIC_CAT_OBELISK];
  figure (book, &s, &focus, 1,
          g_strdup_printf (_("The rulebook's example: ship 2 sails to the obelisks. %s's and "
                             "%s's stones wait; %s's is the third of its colour, and the three "
                             "make a tower on the best free space: %s scores %d points at once."),
                           colour (BLACK), colour (GRAY), colour (WHITE), colour (WHITE), gain));
}

static void
add_blue (ImhRulesBook *book)
{
  ImhState s, lever;
  ImhClassic *c;
  ImhDecision focus[IMH_RULES_FIGURE_MAX_FOCUS];
  guint n;

  imh_rules_book_begin_page (book, "cards-blue", _("Blue Cards"));
  imh_rules_book_add_text (book,
                           _("A blue card stays face up in front of you until you play it on a "
                             "later turn: playing it is your whole turn, one card per turn, and "
                             "the card is then discarded. It can be played only when its action "
                             "can be carried out. Each blue card still unused at the end of the "
                             "game scores 1 point."));
  imh_rules_book_add_textf (book,
                            _("<b>%s</b> (2 cards): take up to 3 stones from the quarry onto "
                              "your sled, then put 1 stone from your sled on a ship."),
                            card (IMH_CLASSIC_CARD_HAMMER));
  imh_rules_book_add_textf (book,
                            _("<b>%s</b> (3 cards): put 2 stones from your sled on the ships, "
                              "both on one ship or one on each of two ships."),
                            card (IMH_CLASSIC_CARD_CHISEL));
  imh_rules_book_add_textf (book,
                            _("<b>%s</b> (3 cards): put 1 stone from your sled on a ship, then "
                              "sail that ship to a site; both steps follow the usual rules."),
                            card (IMH_CLASSIC_CARD_SAIL));
  imh_rules_book_add_textf (book,
                            _("<b>%s</b> (2 cards): sail a ship to a site as usual, but you "
                              "decide the order in which its stones are unloaded, one stone "
                              "after the other, instead of front to back."),
                            card (IMH_CLASSIC_CARD_LEVER));

  game_at_round (&s, 2, 0, FALSE, 151, 2);
  c = game (&s);
  set_round_card (c, 0);             /* ships of 4, 3, 2 and 2 */
  for (int t = IMH_CLASSIC_CARD_LEVER; t <= IMH_CLASSIC_CARD_CHISEL; t++)
    if (c->held[BLACK][t] == 0)
      give_card (c, BLACK, t);
  set_sled (c, BLACK, 3);
  load (c, 0, 0, WHITE);
  load (c, 0, 1, BLACK);
  load (c, 1, 0, WHITE);
  load (c, 1, 1, BLACK);
  load (c, 1, 2, WHITE);
  turn_to (c, BLACK);
  imh_classic_sync (c);
  n = legal_between (&s, PLAY (0), TAKE (0), focus, G_N_ELEMENTS (focus));
  /* Where the Sail card would put its stone. */
  n += legal_between (&s, PLACE (0, 0), PLACE (1, 0), focus + n, G_N_ELEMENTS (focus) - n);
  figure (book, &s, focus, n,
          g_strdup_printf (_("%s holds all four blue cards and may play any of them: the %s "
                             "could, for one, put a stone on ship 1 and sail it."),
                           colour (BLACK), card (IMH_CLASSIC_CARD_SAIL)));
  lever = s;
  play (&lever, PLAY (IMH_CLASSIC_PLAY_LEVER));
  play (&lever, SAIL (1, IMH_CLASSIC_SITE_TEMPLE));
  /* The stones that may come next (the board draws the Lever's order
   * buttons only where the user decides): each colour's nearest the
   * front, outlined by the boxes of their positions. */
  n = 0;
  for (int colour_i = 0; colour_i < 2; colour_i++)
    for (int pos = 0; pos < IMH_CLASSIC_SHIP_MAX; pos++)
      if (game (&lever)->ship[1][pos] == colour_i + 1)
        {
          focus[n++] = PLACE (1, pos);
          break;
        }
  figure (book, &lever, focus, n,
          g_strdup_printf (_("%s played the %s and sailed ship 2 to the temple. %s now picks "
                             "whose stone is unloaded next: %s's at the front, or %s's behind "
                             "it."),
                           colour (BLACK), card (IMH_CLASSIC_CARD_LEVER), colour (BLACK),
                           colour (WHITE), colour (BLACK)));
}

/* A stone of `owner` reaches a market showing the given cards; the owner
 * is to choose. */
static void
market_choice (ImhState *s,
               int       n_players,
               guint64   seed,
               int       owner,
               int       t0,
               int       t1,
               int       t2,
               int       t3)
{
  ImhClassic *c;

  game_at_round (s, n_players, 0, FALSE, seed, 2);
  c = game (s);
  set_round_card (c, 0);
  set_display (c, t0, t1, t2, t3);
  load (c, 3, 0, owner);
  turn_to (c, (owner + 1) % n_players);
  play (s, SAIL (3, IMH_CLASSIC_SITE_MARKET));
}

static void
add_red (ImhRulesBook *book)
{
  ImhState s, after;
  int gain;
  ImhDecision focus[3] = {
    TAKE (IMH_CLASSIC_CARD_ENTRANCE), TAKE (IMH_CLASSIC_CARD_SARCOPHAGUS),
    TAKE (IMH_CLASSIC_CARD_PAVED_PATH),
  };

  imh_rules_book_begin_page (book, "cards-red", _("Red Cards"));
  imh_rules_book_add_textf (book,
                            _("<b>%s</b>, <b>%s</b> and <b>%s</b> (2 cards each) act at once: "
                              "put 1 stone of yours from the quarry on the pyramid, the burial "
                              "chamber or the obelisks, by that site's usual rules, and score "
                              "as usual. The card is then discarded; with no stone left in your "
                              "quarry it does nothing."),
                            card (IMH_CLASSIC_CARD_ENTRANCE), card (IMH_CLASSIC_CARD_SARCOPHAGUS),
                            card (IMH_CLASSIC_CARD_PAVED_PATH));
  market_choice (&s, 3, 161, BROWN, IMH_CLASSIC_CARD_ENTRANCE, IMH_CLASSIC_CARD_SARCOPHAGUS,
                 IMH_CLASSIC_CARD_PAVED_PATH, IMH_CLASSIC_CARD_STATUE);
  after = s;
  play (&after, TAKE (IMH_CLASSIC_CARD_ENTRANCE));
  finish_turn (&after);
  gain = game (&after)->points[BROWN][IMH_CLASSIC_CAT_PYRAMID]
         - game (&s)->points[BROWN][IMH_CLASSIC_CAT_PYRAMID];
  figure (book, &s, focus, G_N_ELEMENTS (focus),
          g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        "%s's stone reached the market. With the %s a stone from "
                                        "%s's quarry goes to the pyramid at once and scores %d "
                                        "point; with the %s it goes to the burial chamber, with "
                                        "the %s to the obelisks.",
                                        "%s's stone reached the market. With the %s a stone from "
                                        "%s's quarry goes to the pyramid at once and scores %d "
                                        "points; with the %s it goes to the burial chamber, with "
                                        "the %s to the obelisks.",
                                        gain),
                           colour (BROWN), card (IMH_CLASSIC_CARD_ENTRANCE), colour (BROWN), gain,
                           card (IMH_CLASSIC_CARD_SARCOPHAGUS), card (IMH_CLASSIC_CARD_PAVED_PATH)));
}

static void
add_green (ImhRulesBook *book)
{
  ImhState s, end, without;
  ImhDecision focus[IMH_RULES_FIGURE_MAX_FOCUS];
  guint n;
  int stones = 0, holder = -1;

  imh_rules_book_begin_page (book, "cards-green", _("Green Cards"));
  imh_rules_book_add_textf (book,
                            _("<b>%s</b>, <b>%s</b>, <b>%s</b> and <b>%s</b> (2 cards each) stay "
                              "with you until the end of the game. Then each scores 1 point for "
                              "every 3 stones at its site, of all colours together, covered and "
                              "extra stones included."),
                            card (IMH_CLASSIC_CARD_DECO_PYRAMID), card (IMH_CLASSIC_CARD_DECO_TEMPLE),
                            card (IMH_CLASSIC_CARD_DECO_BURIAL), card (IMH_CLASSIC_CARD_DECO_OBELISK));
  market_choice (&s, 4, 171, GRAY, IMH_CLASSIC_CARD_DECO_PYRAMID, IMH_CLASSIC_CARD_DECO_TEMPLE,
                 IMH_CLASSIC_CARD_DECO_BURIAL, IMH_CLASSIC_CARD_DECO_OBELISK);
  n = legal_between (&s, TAKE (0), IMH_CLASSIC_D_TAKE_PAIR, focus, G_N_ELEMENTS (focus));
  figure (book, &s, focus, n,
          g_strdup_printf (_("%s's stone reached the market, which shows the four "
                             "decorations: %s takes one."),
                           colour (GRAY), colour (GRAY)));

  /* The rulebook's example: 13 stones in the burial chamber at the end. */
  burial_example (&end, FALSE);
  play (&end, SAIL (3, IMH_CLASSIC_SITE_BURIAL));
  finish_turn (&end);
  for (int p = 0; p < 4; p++)
    {
      if (game (&end)->held[p][IMH_CLASSIC_CARD_DECO_BURIAL] > 0)
        holder = p;
      stones += game (&end)->stones[IMH_CLASSIC_SITE_BURIAL][p];
    }
  if (holder < 0)
    give_card (game (&end), holder = WHITE, IMH_CLASSIC_CARD_DECO_BURIAL);
  /* What one such card scores: the holder's points with it and without. */
  without = end;
  game (&without)->held[holder][IMH_CLASSIC_CARD_DECO_BURIAL]--;
  game (&without)->discards[IMH_CLASSIC_CARD_DECO_BURIAL]++;
  imh_rules_book_add_textf (book,
                            _("The rulebook's example: at the end of the game the burial chamber "
                              "holds %d stones (those of the burial chamber's example), so a "
                              "%s scores %d points."),
                            stones, card (IMH_CLASSIC_CARD_DECO_BURIAL),
                            points (&end, holder, IMH_CLASSIC_CAT_DECORATIONS)
                            - points (&without, holder, IMH_CLASSIC_CAT_DECORATIONS));
}

static void
add_purple (ImhRulesBook *book)
{
  ImhState s, three;
  ImhDecision focus = TAKE (IMH_CLASSIC_CARD_STATUE);
  ImhClassic *c;

  imh_rules_book_begin_page (book, "cards-purple", _("Purple Cards"));
  imh_rules_book_add_textf (book,
                            _("The <b>%s</b> cards (10) stay with you until the end of the game "
                              "and score together: %d, %d, %d, %d or %d points for 1 to 5 "
                              "statues, and %d more for each statue beyond 5."),
                            card (IMH_CLASSIC_CARD_STATUE), imh_classic_group_points (1),
                            imh_classic_group_points (2), imh_classic_group_points (3),
                            imh_classic_group_points (4), imh_classic_group_points (5),
                            imh_classic_group_points (6) - imh_classic_group_points (5));
  market_choice (&s, 2, 181, WHITE, IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_LEVER,
                 IMH_CLASSIC_CARD_STATUE, IMH_CLASSIC_CARD_DECO_PYRAMID);
  figure (book, &s, &focus, 1,
          g_strdup_printf (_("%s's stone reached the market: %s may take a %s."),
                           colour (WHITE), colour (WHITE), card (IMH_CLASSIC_CARD_STATUE)));

  /* The rulebook's example: 3 statues. */
  three = s;
  c = game (&three);
  while (c->held[WHITE][IMH_CLASSIC_CARD_STATUE] > 3)
    {
      c->held[WHITE][IMH_CLASSIC_CARD_STATUE]--;
      c->discards[IMH_CLASSIC_CARD_STATUE]++;
    }
  while (c->held[WHITE][IMH_CLASSIC_CARD_STATUE] < 3)
    give_card (c, WHITE, IMH_CLASSIC_CARD_STATUE);
  imh_rules_book_add_textf (book,
                            _("The rulebook's example: a player with %d statues at the end "
                              "scores %d points for them."),
                            c->held[WHITE][IMH_CLASSIC_CARD_STATUE],
                            points (&three, WHITE, IMH_CLASSIC_CAT_STATUES));
}

static void
add_end (ImhRulesBook *book)
{
  ImhState s;
  ImhClassic *c;
  ImhScore score;
  ImhRng rng;
  int first = -1, second = -1;

  imh_rules_book_begin_page (book, "end", _("The End of the Game"));
  imh_rules_book_add_text (book,
                           _("The game ends after the sixth round, the temple scored. Then "
                             "come, in this order: the burial chamber, the obelisks, the green "
                             "and purple cards, and 1 point for each blue card not played. "
                             "Whoever has the most points wins."));
  imh_rules_book_add_text (book,
                           _("<b>A tie</b> is won by the tied player with more stones on the "
                             "supply sled; if that is equal too, the tied players share the "
                             "place."));

  /* A whole game of random decisions, its two best made equal on points
   * and different on the sled. */
  game_at_round (&s, 3, 0, FALSE, 191, 5);
  imh_rng_seed (&rng, 191);
  while (!imh_is_over (&s))
    {
      ImhDecisionList l;
      int k = imh_legal (&s, &l);

      imh_apply (&s, l.d[imh_rng_below (&rng, (uint32_t) k)]);
    }
  c = game (&s);
  imh_score (&s, &score);
  for (int p = 0; p < 3; p++)
    if (first < 0 || score.total[p] > score.total[first])
      first = p;
  for (int p = 0; p < 3; p++)
    if (p != first && (second < 0 || score.total[p] > score.total[second]))
      second = p;
  c->points[second][IMH_CLASSIC_CAT_PYRAMID] += score.total[first] - score.total[second];
  if (c->sled[first] == c->sled[second])
    set_sled (c, second, c->sled[first] > 0 ? c->sled[first] - 1 : 1);
  imh_score (&s, &score);
  {
    int winner = score.rank[first] == 0 ? first : second;
    int other = winner == first ? second : first;
    int third = 3 - first - second;

    /* The panels show the points scored during the game; the caption
     * gives the final scores. */
    figure (book, &s, NULL, 0,
            g_strdup_printf (_("The end of a game: after the final scoring %s and %s both "
                               "have %d points, %s %d. %s has %d stones on the sled, %s %d, "
                               "so %s wins."),
                             colour (winner), colour (other), score.total[winner],
                             colour (third), score.total[third],
                             colour (winner), c->sled[winner], colour (other), c->sled[other],
                             colour (winner)));
  }
}

static void
add_wrath (ImhRulesBook *book)
{
  ImhState s, after;
  ImhClassic *c;
  ImhDecision focus = SAIL (0, IMH_CLASSIC_SITE_OBELISK);

  imh_rules_book_begin_page (book, "wrath", _("Wrath of the Pharaoh"));
  imh_rules_book_add_text (book,
                           _("A harsher variant, chosen when the game is set up: a player who "
                             "at the end of the game has no stone of theirs on one of the four "
                             "monuments (the pyramid, the temple, the burial chamber and the "
                             "obelisks) loses 5 points. It does not matter whether the stones "
                             "came by ship or by a card, and the 5 points are lost once, "
                             "however many monuments lack a stone."));
  game_at_round (&s, 4, 0, TRUE, 201, 5);
  c = game (&s);
  obelisk_put (c, GRAY, 0);
  if (c->stones[IMH_CLASSIC_SITE_PYRAMID][GRAY] == 0)
    pyramid_a_put (c, GRAY);
  if (c->stones[IMH_CLASSIC_SITE_TEMPLE][GRAY] == 0)
    temple_put (c, "g");
  if (c->stones[IMH_CLASSIC_SITE_BURIAL][GRAY] == 0)
    burial_put (c, "g");
  set_round_card (c, 0);             /* ships of 4, 4, 2 and 1 */
  load (c, 0, 0, GRAY);
  load (c, 0, 1, BLACK);
  load (c, 0, 2, GRAY);
  turn_to (c, WHITE);
  imh_classic_sync (c);
  after = s;
  play (&after, focus);
  finish_turn (&after);
  figure (book, &s, &focus, 1,
          g_strdup_printf (_("The last round: %s has no stone on the obelisks yet, and would "
                             "lose %d points if the game ended now. If %s sails ship 1 there, "
                             "the wrath costs %s %d points."),
                           colour (GRAY), -points (&s, GRAY, IMH_CLASSIC_CAT_WRATH),
                           colour (WHITE), colour (GRAY),
                           -points (&after, GRAY, IMH_CLASSIC_CAT_WRATH)));
}

ImhRulesBook *
imh_classic_rules_book_new (void)
{
  ImhRulesBook *book = imh_rules_book_new (IMH_GAME_CLASSIC);

  add_goal (book);
  add_material (book);
  add_round (book);
  add_get (book);
  add_place (book);
  add_sail (book);
  add_market (book);
  add_pyramid (book);
  add_temple (book);
  add_burial (book);
  add_obelisk (book);
  add_blue (book);
  add_red (book);
  add_green (book);
  add_purple (book);
  add_end (book);
  add_wrath (book);
  return book;
}
