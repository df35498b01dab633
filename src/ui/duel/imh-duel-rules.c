/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-duel-rules.c — the rules of Imhotep: The Duel, as the Rules
 * window's pages (ImhRulesBook).
 *
 * Every position drawn is a real one: a game set up by the engine from a
 * seed, its tiles moved between the pile, the boats and the players so that
 * the 60 tiles are all still there (the engine's check () holds), and
 * decisions applied through the engine. Every number of a scoring rule or
 * example is the engine's, never written here. */
#define G_LOG_DOMAIN "imh-rules"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imh-duel.h"
#include "imh-rules-book.h"
#include "imh-texts.h"

#define SEED 20261126u

enum { BLACK = 0, WHITE = 1 };

/* ---- Positions ------------------------------------------------------------------------ */

static ImhDuel *
D (ImhState *s)
{
  return &s->u.duel;
}

/* A new game, black to start, with the sides given ("AAAA"). */
static void
new_game (ImhState   *s,
          const char *sides)
{
  ImhOptions o;

  imh_options_init (&o, IMH_GAME_DUEL, 2);
  o.start_player = 0;
  for (int i = 0; i < IMH_DUEL_N_SITES; i++)
    o.sides[i] = sides[i] == 'B' ? IMH_SIDE_B : IMH_SIDE_A;
  if (!imh_setup (s, &o, SEED, NULL, 0))
    g_assert_not_reached ();
}

/* Puts a tile of code on a boat's slot, swapped with one in the pile (or
 * the reserve, or on another boat): no tile comes or goes. */
static void
put_tile (ImhState *s,
          int       boat,
          int       slot,
          uint8_t   code)
{
  ImhDuel *d = D (s);
  uint8_t *target = &d->boat[boat][slot];
  uint8_t *from = NULL;

  if (*target == code)
    return;
  for (int i = 0; i < d->pile_n && from == NULL; i++)
    if (d->pile[i] == code)
      from = &d->pile[i];
  for (int i = 0; i < d->reserve_n && from == NULL; i++)
    if (d->reserve[i] == code)
      from = &d->reserve[i];
  for (int b = 0; b < IMH_DUEL_N_BOATS && from == NULL; b++)
    for (int k = 0; k < IMH_DUEL_N_SLOTS && from == NULL; k++)
      if (d->boat[b][k] == code && &d->boat[b][k] != target)
        from = &d->boat[b][k];
  g_assert (from != NULL);
  *from = *target;
  *target = code;
}

/* Gives player a tile of code as an unload would, taken from the pile
 * (or the reserve, or a boat, which then gets the top of the pile). */
static void
give (ImhState *s,
      int       player,
      uint8_t   code)
{
  ImhDuel *d = D (s);
  gboolean found = FALSE;

  for (int i = d->pile_n - 1; i >= 0 && !found; i--)
    if (d->pile[i] == code)
      {
        memmove (&d->pile[i], &d->pile[i + 1], d->pile_n - i - 1);
        d->pile_n--;
        found = TRUE;
      }
  for (int i = d->reserve_n - 1; i >= 0 && !found; i--)
    if (d->reserve[i] == code)
      {
        memmove (&d->reserve[i], &d->reserve[i + 1], d->reserve_n - i - 1);
        d->reserve_n--;
        found = TRUE;
      }
  for (int b = 0; b < IMH_DUEL_N_BOATS && !found; b++)
    for (int k = 0; k < IMH_DUEL_N_SLOTS && !found; k++)
      if (d->boat[b][k] == code)
        {
          g_assert (d->pile_n > 0);
          d->boat[b][k] = d->pile[--d->pile_n];
          found = TRUE;
        }
  g_assert (found);
  imh_duel_give_tile (d, player, code);
}

static void
meeple (ImhState *s,
        int       player,
        int       row,
        int       col)
{
  D (s)->meeples[player] |= (uint16_t) (1u << (row * 3 + col));
}

/* Some turns into the game: black to move. */
static void
mid_game (ImhState *s,
          int       turn)
{
  D (s)->turn = (uint32_t) turn;
  D (s)->turn_player = BLACK;
}

static uint8_t
temple (int symbols)
{
  return (uint8_t) (IMH_DUEL_TILE_TEMPLE_1 + symbols - 1);
}

static uint8_t
crypt (int number)
{
  return (uint8_t) (IMH_DUEL_TILE_CRYPT_1 + number - 1);
}

static uint8_t
action (int kind)
{
  return (uint8_t) (IMH_DUEL_TILE_ACTION_0 + kind);
}

static ImhDecision
place_at (int row,
          int col)
{
  return (ImhDecision) (IMH_DUEL_D_PLACE + row * 3 + col);
}

/* How many tiles of each code player holds. */
static void
holdings (const ImhDuel *d,
          int            p,
          int            counts[IMH_DUEL_N_TILE_CODES])
{
  memset (counts, 0, sizeof (int) * IMH_DUEL_N_TILE_CODES);
  counts[IMH_DUEL_TILE_OBELISK] = d->obelisk[p];
  counts[IMH_DUEL_TILE_PYRAMID_LIGHT] = d->pyramid[p][0];
  counts[IMH_DUEL_TILE_PYRAMID_DARK] = d->pyramid[p][1];
  for (int i = 0; i < 4; i++)
    counts[IMH_DUEL_TILE_TEMPLE_1 + i] = d->temple[p][i];
  for (int i = 0; i < 12; i++)
    counts[IMH_DUEL_TILE_CRYPT_1 + i] = (d->crypt[p] >> i) & 1;
  for (int i = 0; i < IMH_DUEL_N_ACTIONS; i++)
    counts[IMH_DUEL_TILE_ACTION_0 + i] = d->actions[p][i];
}

/* What player got between before and after, in words ("Crypt 12"), or
 * NULL for nothing. */
static char *
gained (const ImhState *before,
        const ImhState *after,
        int             p)
{
  int a[IMH_DUEL_N_TILE_CODES], b[IMH_DUEL_N_TILE_CODES];
  g_autoptr(GString) text = g_string_new (NULL);

  holdings (&before->u.duel, p, a);
  holdings (&after->u.duel, p, b);
  for (int c = 1; c < IMH_DUEL_N_TILE_CODES; c++)
    for (int n = a[c]; n < b[c]; n++)
      {
        g_autofree char *name = imh_texts_duel_tile_name ((guint) c);

        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append (text, name);
      }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/* The tiles that left the game between before and after, in words, or NULL. */
static char *
removed (const ImhState *before,
         const ImhState *after)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (int c = 1; c < IMH_DUEL_N_TILE_CODES; c++)
    for (int n = before->u.duel.removed[c]; n < after->u.duel.removed[c]; n++)
      {
        g_autofree char *name = imh_texts_duel_tile_name ((guint) c);

        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append (text, name);
      }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/* The points of category for black with these holdings and sides (the
 * engine's scoring, as if the game ended now). */
static int
points_of (const ImhDuel *d,
           int            category,
           uint8_t        sides)
{
  int16_t pts[IMH_DUEL_N_CATEGORIES];

  imh_duel_score_player (d, BLACK, sides, pts);
  return pts[category];
}

static const uint8_t ALL_A = 0x0, ALL_B = 0xf;

/* "1, 3, 6, 10, 15 and 21": the engine's points of category for holdings
 * of 1 to n (set by fill). */
typedef void (*FillFunc) (ImhDuel *d, int n);

static char *
points_list (int      category,
             uint8_t  sides,
             int      from,
             int      to,
             FillFunc fill)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (int n = from; n <= to; n++)
    {
      ImhDuel d = { 0 };

      d.obelisk_first = -1;
      fill (&d, n);
      if (n > from)
        g_string_append (text, n == to ? _(" and ") : ", ");
      g_string_append_printf (text, "%d", points_of (&d, category, sides));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void fill_light_pyramid (ImhDuel *d, int n) { d->pyramid[BLACK][0] = (uint8_t) n; }
static void fill_both_pyramids (ImhDuel *d, int n) { d->pyramid[BLACK][0] = d->pyramid[BLACK][1] = (uint8_t) n; }
static void fill_crypt_run (ImhDuel *d, int n) { d->crypt[BLACK] = (uint16_t) ((1u << n) - 1); }
static void
fill_temple_set (ImhDuel *d, int n)
{
  for (int i = 0; i < n; i++)
    d->temple[BLACK][i] = 1;
}

/* ---- Pages ------------------------------------------------------------------------------ */

static void
add_goal (ImhRulesBook *book)
{
  ImhState s;

  new_game (&s, "AAAA");
  imh_rules_book_begin_page (book, "goal", _("The Goal"));
  imh_rules_book_add_text (book,
                           _("You are Nefertiti or Akhenaten, the royal couple of ancient Egypt, "
                             "building your own four monuments. Place your figures at the "
                             "harbour, unload the boats to win tiles for the monuments, and "
                             "have the most points when the game ends."));
  imh_rules_book_add_text (book,
                           _("Black and White take turns. Each turn, you do exactly one thing: "
                             "place a meeple, unload a boat or play an action tile. The game ends "
                             "when only one boat is left; then every monument scores."));
  imh_rules_book_add_figure (book, &s, NULL, 0,
                             _("A new game: the harbour with its six loaded boats, and the two "
                               "players’ locations, still empty."));
}

static void
add_material (ImhRulesBook *book)
{
  g_autoptr(GString) list = g_string_new (NULL);
  g_autoptr(GString) singles = g_string_new (NULL);
  g_autofree char *name_line = NULL;
  ImhDecision boats[IMH_DUEL_N_BOATS];
  ImhState s;
  guint code;

  imh_rules_book_begin_page (book, "material", _("The Material"));
  imh_rules_book_add_textf (book,
                            _("The harbour has 3 × 3 fields. Six boats lie at its edges: three "
                              "to the right of the rows, three below the columns. Each boat has "
                              "three slots; slot 1 is the one nearest the harbour. Each player "
                              "has %d meeples and four locations: %s, %s, %s and %s."),
                            IMH_DUEL_N_MEEPLES,
                            imh_texts_site_name ("obelisk"), imh_texts_site_name ("temple"),
                            imh_texts_site_name ("pyramids"), imh_texts_site_name ("crypt"));
  imh_rules_book_add_textf (book,
                            ngettext ("There are %d tiles. At the start, every boat is loaded "
                                      "with three of them, face up; three lie face down on the "
                                      "reserve; the others are the face-down pile.",
                                      "There are %d tiles. At the start, every boat is loaded "
                                      "with three of them, face up; three lie face down on the "
                                      "reserve; the others are the face-down pile.",
                                      IMH_DUEL_N_TILES),
                            IMH_DUEL_N_TILES);
  /* Every kind of tile, with how many the game has: the engine's. The
   * tiles the game has one of (the crypt's) share a line. */
  for (code = 1; code < IMH_DUEL_N_TILE_CODES; code++)
    {
      g_autofree char *name = imh_texts_duel_tile_name (code);
      g_autofree char *escaped = g_markup_escape_text (name, -1);
      int total = imh_duel_tile_total ((uint8_t) code);

      if (total == 1)
        {
          if (singles->len > 0)
            g_string_append (singles, ", ");
          g_string_append (singles, escaped);
          if (code + 1 < IMH_DUEL_N_TILE_CODES && imh_duel_tile_total ((uint8_t) (code + 1)) == 1)
            continue;
          name_line = g_string_free (g_steal_pointer (&singles), FALSE);
          singles = g_string_new (NULL);
        }
      if (list->len > 0)
        g_string_append (list, "\n");
      if (total == 1)
        /* TRANSLATORS: one line of the list of tiles: the tiles the game
         * has one each of ("Crypt 1, Crypt 2, …, Crypt 12") */
        g_string_append_printf (list, _("• %s: one each"), name_line);
      else
        /* TRANSLATORS: one line of the list of tiles: the tile's name and
         * how many of it the game has ("Obelisk × 12") */
        g_string_append_printf (list, _("• %s × %d"), escaped, total);
      g_clear_pointer (&name_line, g_free);
    }
  imh_rules_book_add_text (book, list->str);
  imh_rules_book_add_text (book,
                           _("Every location has a side A and a side B, which score differently. "
                             "Both players use the same side of a location; the sides of "
                             "different locations may differ. Play your first games with the "
                             "A sides."));
  new_game (&s, "AAAA");
  for (int b = 0; b < IMH_DUEL_N_BOATS; b++)
    boats[b] = (ImhDecision) (IMH_DUEL_D_UNLOAD + b);
  imh_rules_book_add_figure (book, &s, boats, IMH_DUEL_N_BOATS,
                             _("The harbour’s nine fields and the six boats, each loaded with "
                               "three tiles."));
}

static void
add_turn (ImhRulesBook *book)
{
  ImhState s;
  ImhDecision focus[3];
  ImhDecision row0[] = { place_at (0, 0), place_at (0, 2) };

  new_game (&s, "AAAA");
  mid_game (&s, 9);
  meeple (&s, BLACK, 0, 0);
  meeple (&s, WHITE, 0, 2);
  meeple (&s, WHITE, 2, 1);
  give (&s, BLACK, action (IMH_DUEL_ACTION_PLACE_2_3));
  give (&s, BLACK, crypt (4));
  give (&s, WHITE, IMH_DUEL_TILE_OBELISK);
  focus[0] = place_at (1, 1);
  focus[1] = IMH_DUEL_D_UNLOAD + 0;
  focus[2] = IMH_DUEL_D_PLAY + IMH_DUEL_ACTION_PLACE_2_3;
  for (int i = 0; i < 3; i++)
    g_assert (imh_is_legal (&s, focus[i]));

  imh_rules_book_begin_page (book, "turn", _("A Turn"));
  imh_rules_book_add_text (book,
                           _("The players take turns. On your turn you do exactly one of three "
                             "things:"));
  imh_rules_book_add_text (book,
                           _("• <b>Place a meeple</b> from your supply on a free field of the "
                             "harbour;\n"
                             "• <b>unload a boat</b> whose row or column holds at least two "
                             "meeples;\n"
                             "• <b>play an action tile</b> that you won earlier."));
  imh_rules_book_add_text (book,
                           _("If you can do none of them (all your meeples stand on the harbour, "
                             "no boat can be unloaded and you have no action tile you could "
                             "play), you pass."));
  imh_rules_book_add_figure_with_context (book, &s, focus, G_N_ELEMENTS (focus), row0, G_N_ELEMENTS (row0),
                             _("Black may place a meeple on a free field, unload the boat of the "
                               "top row (two meeples stand in it) or play the action tile "
                               "“Place 2–3 meeples”."));
}

static void
add_place (ImhRulesBook *book)
{
  ImhState s;
  ImhDecisionList legal;
  ImhDecision focus[IMH_RULES_FIGURE_MAX_FOCUS];
  guint n = 0;

  new_game (&s, "AAAA");
  mid_game (&s, 6);
  meeple (&s, BLACK, 0, 1);
  meeple (&s, BLACK, 2, 0);
  meeple (&s, WHITE, 1, 1);
  meeple (&s, WHITE, 0, 2);
  meeple (&s, WHITE, 2, 2);
  imh_legal (&s, &legal);
  for (guint i = 0; i < legal.n && n < G_N_ELEMENTS (focus); i++)
    if (legal.d[i] < IMH_DUEL_D_UNLOAD)
      focus[n++] = legal.d[i];

  imh_rules_book_begin_page (book, "place", _("Placing a Meeple"));
  imh_rules_book_add_text (book,
                           _("Take one of your meeples from your supply and put it on any free "
                             "field of the harbour. Only one meeple fits on a field. When all "
                             "your meeples stand on the harbour, you cannot place."));
  imh_rules_book_add_text (book,
                           _("Where you stand decides which boats you help unload and which tile "
                             "you will get from them: think of the rows and the columns at once."));
  imh_rules_book_add_figure (book, &s, focus, n,
                             ngettext ("Black is to move and may place a meeple on the free field.",
                                       "Black is to move and may place a meeple on any of the free "
                                       "fields.", n));
}

static void
add_unload (ImhRulesBook *book)
{
  ImhState s, after;
  ImhDecision unload = IMH_DUEL_D_UNLOAD + 2;   /* the bottom row's boat */
  ImhDecision line[3];
  int fields[3];
  g_autofree char *black = NULL, *white = NULL, *gone = NULL;

  /* The rulebook's example: Black unloads the bottom row, where Black's
   * meeple stands nearest the boat and White's next to it. */
  new_game (&s, "AAAA");
  mid_game (&s, 11);
  put_tile (&s, 2, 0, IMH_DUEL_TILE_PYRAMID_DARK);
  put_tile (&s, 2, 1, temple (1));
  put_tile (&s, 2, 2, crypt (12));
  meeple (&s, BLACK, 2, 2);
  meeple (&s, WHITE, 2, 1);
  meeple (&s, WHITE, 0, 1);
  meeple (&s, BLACK, 1, 0);
  g_assert (imh_is_legal (&s, unload));
  imh_state_copy (&after, &s);
  imh_apply (&after, unload);
  black = gained (&s, &after, BLACK);
  white = gained (&s, &after, WHITE);
  gone = removed (&s, &after);
  g_assert (black != NULL && white != NULL && gone != NULL);

  imh_rules_book_begin_page (book, "unload", _("Unloading a Boat"));
  imh_rules_book_add_text (book,
                           _("You may unload any boat whose row or column holds at least two "
                             "meeples, of any colours: even when none of them is yours."));
  imh_rules_book_add_text (book,
                           _("Each meeple in that row or column, and only there, unloads one "
                             "tile. The meeple nearest the boat takes the tile farthest from the "
                             "harbour (slot 3), the next meeple the tile of slot 2, a third "
                             "meeple the tile of slot 1. Free fields are skipped, so a tile may "
                             "stay on the boat: it leaves the game. The meeples go back to their "
                             "owners’ supplies."));
  imh_rules_book_add_text (book,
                           _("Each tile goes at once to its owner’s location: obelisk tiles to "
                             "the obelisk, temple tiles to the temple, light and dark pyramid "
                             "tiles to the light and the dark pyramid, crypt tiles to their "
                             "number in the crypt; action tiles lie face up beside your "
                             "locations."));
  imh_duel_line_fields (2, fields);
  for (int i = 0; i < 3; i++)
    line[i] = (ImhDecision) (IMH_DUEL_D_PLACE + fields[i]);
  imh_rules_book_add_figure_with_context (book, &s, &unload, 1, line, G_N_ELEMENTS (line),
                             _("Black unloads the boat of the bottom row. Black’s meeple is "
                               "nearest the boat, White’s is next."));
  imh_rules_book_add_textf (book,
                            _("Here Black gets %s, White gets %s, and %s leaves the game."),
                            black, white, gone);
  imh_rules_book_add_text (book,
                           _("Right after the unload the boat is loaded again with the top three "
                             "tiles of the pile. When the pile is empty, the boat leaves the game "
                             "instead."));
  imh_rules_book_add_figure (book, &after, &unload, 1,
                             _("After the unload: the boat is loaded again, and White is to "
                               "move."));
}

static void
add_action_intro (ImhRulesBook *book)
{
  ImhState s;
  ImhDecision focus[IMH_DUEL_N_ACTIONS];

  new_game (&s, "AAAA");
  mid_game (&s, 14);
  meeple (&s, BLACK, 0, 0);
  meeple (&s, WHITE, 0, 1);
  for (int k = 0; k < IMH_DUEL_N_ACTIONS; k++)
    {
      give (&s, BLACK, action (k));
      focus[k] = (ImhDecision) (IMH_DUEL_D_PLAY + k);
    }
  imh_rules_book_begin_page (book, "actions", _("Action Tiles"));
  imh_rules_book_add_text (book,
                           _("Action tiles are won by unloading, like the other tiles, and lie "
                             "face up beside your locations. On your turn you may play one of "
                             "them instead of placing or unloading: that is then your whole turn, "
                             "and the tile leaves the game."));
  imh_rules_book_add_text (book,
                           _("A tile can only be played when its action can be carried out as "
                             "printed. Every action tile you have not played at the end scores "
                             "1 point."));
  imh_rules_book_add_figure (book, &s, focus, G_N_ELEMENTS (focus),
                             _("Black’s four kinds of action tiles."));
}

static void
begin_action_page (ImhRulesBook *book,
                   const char   *id,
                   int           kind)
{
  g_autofree char *name = imh_texts_duel_tile_name (IMH_DUEL_TILE_ACTION_0 + kind);
  /* TRANSLATORS: a page title; %s is the name printed on an action tile */
  g_autofree char *title = g_strdup_printf (_("Action Tile “%s”"), name);

  imh_rules_book_begin_page (book, id, title);
}

static void
add_action_take (ImhRulesBook *book)
{
  ImhState s;
  ImhDecision focus[2];
  g_autofree char *tile = imh_texts_duel_tile_name (temple (4));

  new_game (&s, "AAAA");
  mid_game (&s, 16);
  give (&s, BLACK, action (IMH_DUEL_ACTION_TAKE));
  put_tile (&s, 4, 2, temple (4));
  meeple (&s, WHITE, 1, 1);
  focus[0] = IMH_DUEL_D_PLAY + IMH_DUEL_ACTION_TAKE;
  focus[1] = (ImhDecision) (IMH_DUEL_D_TAKE + 4 * 3 + 2);
  g_assert (imh_is_legal (&s, focus[0]));

  begin_action_page (book, "action-take", IMH_DUEL_ACTION_TAKE);
  imh_rules_book_add_text (book,
                           _("Take any one tile from any boat, except an action tile, and put it "
                             "on your location at once. Then the top tile of the reserve fills "
                             "the empty slot, face up."));
  imh_rules_book_add_figure (book, &s, focus, G_N_ELEMENTS (focus), NULL);
  imh_rules_book_add_textf (book,
                            _("Black plays the tile and takes %s from the boat of the middle "
                              "column; the reserve’s top tile takes its place."),
                            tile);
}

static void
add_action_place23 (ImhRulesBook *book)
{
  ImhState s;
  ImhDecision focus[4];

  new_game (&s, "AAAA");
  mid_game (&s, 12);
  give (&s, BLACK, action (IMH_DUEL_ACTION_PLACE_2_3));
  meeple (&s, WHITE, 1, 1);
  meeple (&s, BLACK, 0, 0);
  focus[0] = IMH_DUEL_D_PLAY + IMH_DUEL_ACTION_PLACE_2_3;
  focus[1] = place_at (0, 2);
  focus[2] = place_at (2, 0);
  focus[3] = place_at (2, 2);
  g_assert (imh_is_legal (&s, focus[0]));

  begin_action_page (book, "action-place23", IMH_DUEL_ACTION_PLACE_2_3);
  imh_rules_book_add_text (book,
                           _("Place a meeple two times, then, if you like, a third time: each by "
                             "the rules of placing. You need at least two meeples in your supply "
                             "to play this tile."));
  imh_rules_book_add_figure (book, &s, focus, G_N_ELEMENTS (focus),
                             _("Black plays the tile and places meeples on three free fields in "
                               "one turn."));
}

static void
add_action_place_unload (ImhRulesBook *book)
{
  ImhState s;
  ImhDecision focus[3], column[2];

  new_game (&s, "AAAA");
  mid_game (&s, 18);
  give (&s, BLACK, action (IMH_DUEL_ACTION_PLACE_UNLOAD));
  meeple (&s, WHITE, 2, 1);
  meeple (&s, BLACK, 0, 1);
  focus[0] = IMH_DUEL_D_PLAY + IMH_DUEL_ACTION_PLACE_UNLOAD;
  focus[1] = place_at (1, 1);
  focus[2] = IMH_DUEL_D_UNLOAD + 3 + 1;    /* the middle column's boat */
  column[0] = place_at (0, 1);
  column[1] = place_at (2, 1);
  g_assert (imh_is_legal (&s, focus[0]));

  begin_action_page (book, "action-placeunload", IMH_DUEL_ACTION_PLACE_UNLOAD);
  imh_rules_book_add_text (book,
                           _("First place a meeple, then unload a boat; then, if you like, unload "
                             "a boat a second time (the same boat, loaded again, or another). You "
                             "may only place where some boat can be unloaded afterwards."));
  imh_rules_book_add_figure_with_context (book, &s, focus, G_N_ELEMENTS (focus), column, G_N_ELEMENTS (column),
                             _("Black plays the tile, places a meeple in the middle and unloads "
                               "the boat of the middle column, where three meeples now stand."));
}

static void
add_action_swap (ImhRulesBook *book)
{
  ImhState s;
  ImhDecision focus[2];
  ImhDecision row[] = { place_at (0, 0), place_at (0, 2) };

  new_game (&s, "AAAA");
  mid_game (&s, 20);
  give (&s, BLACK, action (IMH_DUEL_ACTION_SWAP_UNLOAD));
  put_tile (&s, 0, 0, crypt (7));
  put_tile (&s, 0, 2, IMH_DUEL_TILE_OBELISK);
  meeple (&s, BLACK, 0, 2);
  meeple (&s, WHITE, 0, 0);
  focus[0] = (ImhDecision) (IMH_DUEL_D_SWAP + 0 * 3 + 1);    /* slots 1 and 3 */
  focus[1] = IMH_DUEL_D_UNLOAD + 0;
  g_assert (imh_is_legal (&s, IMH_DUEL_D_PLAY + IMH_DUEL_ACTION_SWAP_UNLOAD));

  begin_action_page (book, "action-swap", IMH_DUEL_ACTION_SWAP_UNLOAD);
  imh_rules_book_add_text (book,
                           _("Swap two tiles on the same boat, then unload a boat by the rules of "
                             "unloading. The boat you unload need not be the one whose tiles you "
                             "swapped, but some boat must be ready to unload."));
  imh_rules_book_add_figure_with_context (book, &s, focus, G_N_ELEMENTS (focus), row, G_N_ELEMENTS (row),
                             _("Black swaps slots 1 and 3 of the top row’s boat, then unloads it: "
                               "Black’s meeple, nearest the boat, now gets the tile that was in "
                               "slot 1."));
  /* The turn played through the engine: who got what. */
  {
    ImhState played, after;
    g_autofree char *black = NULL, *white = NULL, *gone = NULL;

    /* The tile played leaves the game too: what the unload did is
     * counted from the position after it was played. */
    imh_state_copy (&played, &s);
    imh_apply (&played, IMH_DUEL_D_PLAY + IMH_DUEL_ACTION_SWAP_UNLOAD);
    imh_state_copy (&after, &played);
    for (gsize i = 0; i < G_N_ELEMENTS (focus); i++)
      {
        g_assert (imh_is_legal (&after, focus[i]));
        imh_apply (&after, focus[i]);
      }
    black = gained (&played, &after, BLACK);
    white = gained (&played, &after, WHITE);
    gone = removed (&played, &after);
    if (black != NULL && white != NULL && gone != NULL)
      imh_rules_book_add_textf (book,
                                _("Here Black gets %s, White gets %s, and %s leaves the game."),
                                black, white, gone);
    imh_rules_book_add_figure (book, &after, &focus[1], 1,
                               _("After the unload: the boat is loaded again, and White is to "
                                 "move."));
  }
}

/* A caption with black's points for a site on both sides: the engine's. */
static void
add_site_figure (ImhRulesBook *book,
                 ImhState     *s,
                 int           category,
                 const char   *site_id)
{
  g_autofree char *caption = NULL;
  int a = points_of (&s->u.duel, category, ALL_A);
  int b = points_of (&s->u.duel, category, ALL_B);

  /* TRANSLATORS: a figure's caption; the first %s is a location, the
   * numbers are points on its side A and B */
  caption = g_strdup_printf (_("Black’s %s scores %d points on side A, %d on side B."),
                             imh_texts_site_name (site_id), a, b);
  imh_rules_book_add_figure (book, s, NULL, 0, caption);
}

static void
add_obelisk (ImhRulesBook *book)
{
  ImhDuel d = { 0 };
  ImhState s;
  int bonus, first, other, ten;

  /* The numbers: the engine's, from holdings that show them. */
  d.obelisk_first = -1;
  d.obelisk[BLACK] = 1;
  bonus = points_of (&d, IMH_DUEL_CAT_OBELISK, ALL_A) - 1;
  memset (&d, 0, sizeof d);
  d.obelisk_first = -1;
  for (int i = 0; i < 5; i++)
    imh_duel_give_tile (&d, BLACK, IMH_DUEL_TILE_OBELISK);
  first = points_of (&d, IMH_DUEL_CAT_OBELISK, ALL_B);
  d.obelisk_first = WHITE;
  other = points_of (&d, IMH_DUEL_CAT_OBELISK, ALL_B);
  d.obelisk[BLACK] = 10;
  ten = points_of (&d, IMH_DUEL_CAT_OBELISK, ALL_B);

  imh_rules_book_begin_page (book, "site-obelisk", imh_texts_site_name ("obelisk"));
  imh_rules_book_add_textf (book,
                            _("<b>Side A:</b> every obelisk tile scores 1 point. Whoever has "
                              "more obelisk tiles than the other scores %d points more."),
                            bonus);
  imh_rules_book_add_textf (book,
                            _("<b>Side B:</b> whoever is the first to have 5 obelisk tiles scores "
                              "%d points. The other player scores %d points with 5 or more "
                              "obelisk tiles at the end, else nothing. With 10 or more, a player "
                              "scores %d points instead."),
                            first, other, ten);
  new_game (&s, "AAAA");
  mid_game (&s, 30);
  for (int i = 0; i < 5; i++)
    give (&s, BLACK, IMH_DUEL_TILE_OBELISK);
  for (int i = 0; i < 3; i++)
    give (&s, WHITE, IMH_DUEL_TILE_OBELISK);
  add_site_figure (book, &s, IMH_DUEL_CAT_OBELISK, "obelisk");
}

static void
add_temple (ImhRulesBook *book)
{
  g_autofree char *sets = points_list (IMH_DUEL_CAT_TEMPLE, ALL_B, 1, 4, fill_temple_set);
  ImhState s;

  imh_rules_book_begin_page (book, "site-temple", imh_texts_site_name ("temple"));
  imh_rules_book_add_text (book,
                           _("Temple tiles show 1, 2, 3 or 4 symbols."));
  imh_rules_book_add_text (book,
                           _("<b>Side A:</b> every symbol on your temple tiles scores 1 point."));
  imh_rules_book_add_textf (book,
                            _("<b>Side B:</b> your temple tiles form sets of different tiles (at "
                              "most one each with 1, 2, 3 and 4 symbols). A set of 1, 2, 3 or 4 "
                              "tiles scores %s points."),
                            sets);
  new_game (&s, "AAAA");
  mid_game (&s, 30);
  give (&s, BLACK, temple (1));
  give (&s, BLACK, temple (2));
  give (&s, BLACK, temple (4));
  give (&s, BLACK, temple (2));
  give (&s, WHITE, temple (3));
  add_site_figure (book, &s, IMH_DUEL_CAT_TEMPLE, "temple");
}

static void
add_pyramids (ImhRulesBook *book)
{
  g_autofree char *a = points_list (IMH_DUEL_CAT_PYRAMIDS, ALL_A, 1, 6, fill_light_pyramid);
  g_autofree char *b = points_list (IMH_DUEL_CAT_PYRAMIDS, ALL_B, 0, 6, fill_both_pyramids);
  ImhState s;

  imh_rules_book_begin_page (book, "site-pyramids", imh_texts_site_name ("pyramids"));
  imh_rules_book_add_text (book,
                           _("You build a light and a dark pyramid, each of up to 6 tiles."));
  imh_rules_book_add_textf (book,
                            _("<b>Side A:</b> each pyramid scores by itself: 1, 2, 3, 4, 5 or 6 "
                              "tiles score %s points."),
                            a);
  imh_rules_book_add_textf (book,
                            _("<b>Side B:</b> only the smaller of your two pyramids scores (when "
                              "they are equal, one of them): 0, 1, 2, 3, 4, 5 or 6 tiles score "
                              "%s points."),
                            b);
  new_game (&s, "AAAA");
  mid_game (&s, 30);
  for (int i = 0; i < 3; i++)
    give (&s, BLACK, IMH_DUEL_TILE_PYRAMID_LIGHT);
  for (int i = 0; i < 2; i++)
    give (&s, BLACK, IMH_DUEL_TILE_PYRAMID_DARK);
  give (&s, WHITE, IMH_DUEL_TILE_PYRAMID_DARK);
  add_site_figure (book, &s, IMH_DUEL_CAT_PYRAMIDS, "pyramids");
}

static void
add_crypt (ImhRulesBook *book)
{
  g_autofree char *a = points_list (IMH_DUEL_CAT_CRYPT, ALL_A, 1, 5, fill_crypt_run);
  ImhDuel d = { 0 };
  ImhState s;
  int per_run, six;

  d.obelisk_first = -1;
  d.crypt[BLACK] = 1;
  per_run = points_of (&d, IMH_DUEL_CAT_CRYPT, ALL_B);
  d.crypt[BLACK] = 0x3f;
  six = points_of (&d, IMH_DUEL_CAT_CRYPT, ALL_A);

  imh_rules_book_begin_page (book, "site-crypt", imh_texts_site_name ("crypt"));
  imh_rules_book_add_text (book,
                           _("Crypt tiles are numbered 1 to 12. Tiles with consecutive numbers "
                             "form a group; a single tile is a group too. 12 and 1 are not "
                             "consecutive."));
  imh_rules_book_add_textf (book,
                            _("<b>Side A:</b> every group scores by its size: 1, 2, 3, 4 or 5 "
                              "tiles score %s points; a longer group scores %d."),
                            a, six);
  imh_rules_book_add_textf (book,
                            _("<b>Side B:</b> every group scores %d points, whatever its size: "
                              "many single tiles with gaps between them are best."),
                            per_run);
  new_game (&s, "AAAA");
  mid_game (&s, 30);
  give (&s, BLACK, crypt (2));
  give (&s, BLACK, crypt (3));
  give (&s, BLACK, crypt (4));
  give (&s, BLACK, crypt (9));
  give (&s, WHITE, crypt (6));
  add_site_figure (book, &s, IMH_DUEL_CAT_CRYPT, "crypt");
}

/* The example's breakdown, every number the engine's. */
static void
add_breakdown (ImhRulesBook   *book,
               const ImhState *s)
{
  const ImhRules *rules = imh_rules_get (IMH_GAME_DUEL);
  g_autoptr(GString) text = g_string_new (NULL);
  ImhScore score;

  imh_score (s, &score);
  for (guint c = 0; c < score.n_categories; c++)
    {
      g_autofree char *escaped = g_markup_escape_text (imh_texts_category_name (rules, c), -1);

      if (text->len > 0)
        g_string_append (text, "\n");
      g_string_append_printf (text,
                              ngettext ("• %s: %d point", "• %s: %d points",
                                        ABS (score.points[BLACK][c])),
                              escaped, score.points[BLACK][c]);
    }
  g_string_append (text, "\n");
  g_string_append_printf (text,
                          ngettext ("<b>Black in all: %d point</b>", "<b>Black in all: %d points</b>",
                                    ABS (score.total[BLACK])),
                          score.total[BLACK]);
  imh_rules_book_add_text (book, text->str);
}

static void
add_example_figure (ImhRulesBook   *book,
                    const ImhState *s)
{
  g_autofree char *caption = NULL;
  ImhScore score;

  imh_score (s, &score);
  caption = g_strdup_printf (ngettext ("The position of the example: Black has %d point.",
                                       "The position of the example: Black has %d points.",
                                       ABS (score.total[BLACK])),
                             score.total[BLACK]);
  imh_rules_book_add_figure (book, s, NULL, 0, caption);
}

/* The rulebook's example for the A sides. It shows only Black's
 * locations; White here holds the 3 obelisk tiles the example's text
 * implies (Black has no majority with 2). */
static void
add_example_a (ImhRulesBook *book)
{
  ImhState s;

  new_game (&s, "AAAA");
  mid_game (&s, 60);
  for (int i = 0; i < 2; i++)
    give (&s, BLACK, IMH_DUEL_TILE_OBELISK);
  for (int i = 0; i < 3; i++)
    give (&s, WHITE, IMH_DUEL_TILE_OBELISK);
  give (&s, BLACK, temple (1));
  give (&s, BLACK, temple (4));
  give (&s, BLACK, temple (2));
  for (int i = 0; i < 4; i++)
    give (&s, BLACK, IMH_DUEL_TILE_PYRAMID_LIGHT);
  for (int i = 0; i < 6; i++)
    give (&s, BLACK, IMH_DUEL_TILE_PYRAMID_DARK);
  for (int n = 1; n <= 6; n++)
    give (&s, BLACK, crypt (n));
  give (&s, BLACK, crypt (8));
  give (&s, BLACK, action (IMH_DUEL_ACTION_TAKE));
  give (&s, BLACK, action (IMH_DUEL_ACTION_SWAP_UNLOAD));
  meeple (&s, BLACK, 1, 1);

  imh_rules_book_begin_page (book, "example-a", _("Scoring Example: Side A"));
  imh_rules_book_add_text (book,
                           _("At the end, Black holds 2 obelisk tiles (White has 3), temple tiles "
                              "with 1, 4 and 2 symbols, a light pyramid of 4 and a dark one of 6 "
                              "tiles, crypt tiles 1 to 6 and 8, two unused action tiles, and one "
                              "meeple still stands on the harbour. With the A sides, Black "
                              "scores:"));
  add_breakdown (book, &s);
  add_example_figure (book, &s);
}

/* The rulebook's example for the B sides. */
static void
add_example_b (ImhRulesBook *book)
{
  ImhState s;

  new_game (&s, "BBBB");
  mid_game (&s, 60);
  for (int i = 0; i < 6; i++)
    give (&s, BLACK, IMH_DUEL_TILE_OBELISK);
  give (&s, WHITE, IMH_DUEL_TILE_OBELISK);
  give (&s, WHITE, IMH_DUEL_TILE_OBELISK);
  for (int i = 0; i < 2; i++)
    give (&s, BLACK, temple (1));
  for (int i = 0; i < 3; i++)
    give (&s, BLACK, temple (2));
  give (&s, BLACK, temple (3));
  for (int i = 0; i < 2; i++)
    give (&s, BLACK, temple (4));
  for (int i = 0; i < 6; i++)
    give (&s, BLACK, IMH_DUEL_TILE_PYRAMID_DARK);
  give (&s, BLACK, crypt (3));
  give (&s, BLACK, crypt (4));
  give (&s, BLACK, crypt (5));
  give (&s, BLACK, crypt (1));
  give (&s, BLACK, action (IMH_DUEL_ACTION_PLACE_2_3));
  give (&s, BLACK, action (IMH_DUEL_ACTION_PLACE_2_3));
  meeple (&s, BLACK, 0, 0);

  imh_rules_book_begin_page (book, "example-b", _("Scoring Example: Side B"));
  imh_rules_book_add_text (book,
                           _("With the B sides, Black was the first to have 5 obelisk tiles and "
                             "holds 6; temple tiles that form the sets 1-2-3-4, 1-2-4 and 2; no "
                             "light pyramid tile but 6 dark ones; crypt tiles 3, 4, 5 and 1; two "
                             "unused action tiles and one meeple on the harbour. Black scores:"));
  add_breakdown (book, &s);
  add_example_figure (book, &s);
}

static void
add_end (ImhRulesBook *book)
{
  ImhState s, after;
  ImhDecision unload = IMH_DUEL_D_UNLOAD + 3 + 2;   /* the right column's boat */
  ImhDecision column[] = { place_at (0, 2), place_at (2, 2), IMH_DUEL_D_UNLOAD + 1 };
  ImhDuel *d;

  /* Late in a game: the pile is empty and two boats are left. */
  new_game (&s, "AAAA");
  mid_game (&s, 70);
  d = D (&s);
  for (int b = 0; b < IMH_DUEL_N_BOATS; b++)
    if (b != 1 && b != 5)
      {
        for (int k = 0; k < IMH_DUEL_N_SLOTS; k++)
          if (d->boat[b][k] != 0)
            {
              d->removed[d->boat[b][k]]++;
              d->boat[b][k] = 0;
            }
        d->boats_alive &= (uint8_t) ~(1u << b);
      }
  while (d->pile_n > 0)
    give (&s, d->pile_n % 2 == 0 ? BLACK : WHITE, d->pile[d->pile_n - 1]);
  meeple (&s, BLACK, 2, 2);
  meeple (&s, WHITE, 0, 2);
  meeple (&s, WHITE, 1, 0);
  g_assert (imh_is_legal (&s, unload));
  imh_state_copy (&after, &s);
  imh_apply (&after, unload);
  g_assert (imh_is_over (&after));

  imh_rules_book_begin_page (book, "end", _("The End of the Game"));
  imh_rules_book_add_text (book,
                           _("A boat that cannot be loaded again after an unload, because the "
                             "pile is empty, leaves the game. When only one boat is left, the "
                             "game ends at once, even in the middle of an action tile. Nobody "
                             "gets the tiles on the last boat."));
  imh_rules_book_add_figure_with_context (book, &s, &unload, 1, column, G_N_ELEMENTS (column),
                             _("The pile is empty and two boats are left: unloading the boat of "
                               "the right column ends the game."));
  imh_rules_book_add_text (book,
                           _("Then every location scores by its side. Every action tile you have "
                             "not played and every meeple of yours still on the harbour score 1 "
                             "point each. Whoever has more points wins; with equal points, the "
                             "player who did not start wins."));
}

ImhRulesBook *
imh_duel_rules_book_new (void)
{
  ImhRulesBook *book = imh_rules_book_new (IMH_GAME_DUEL);

  add_goal (book);
  add_material (book);
  add_turn (book);
  add_place (book);
  add_unload (book);
  add_action_intro (book);
  add_action_take (book);
  add_action_place23 (book);
  add_action_place_unload (book);
  add_action_swap (book);
  add_obelisk (book);
  add_temple (book);
  add_pyramids (book);
  add_crypt (book);
  add_example_a (book);
  add_example_b (book);
  add_end (book);
  return book;
}
