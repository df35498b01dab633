/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-duel-rules.c — the rules of Imhotep: The Duel, as the Rules
 * window's pages (ImhRulesBook). */
#define G_LOG_DOMAIN "imh-rules"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-rules-book.h"

static void
add_goal (ImhRulesBook *book)
{
  imh_rules_book_begin_page (book, "goal", _("The Goal"));
  imh_rules_book_add_text (book,
                           _("You are Nefertiti or Akhenaten, the royal couple of ancient Egypt, "
                             "building your own four monuments. Place your figures at the "
                             "harbour, unload the boats to win tiles for the monuments, and "
                             "have the most points when the game ends."));
}

ImhRulesBook *
imh_duel_rules_book_new (void)
{
  ImhRulesBook *book = imh_rules_book_new (IMH_GAME_DUEL);

  add_goal (book);
  return book;
}
