/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-classic-rules.c — the rules of Imhotep (the base game, 2–4
 * players), as the Rules window's pages (ImhRulesBook). */
#define G_LOG_DOMAIN "imh-rules"

#include "config.h"

#include <glib/gi18n.h>

#include "imh-rules-book.h"

static void
add_goal (ImhRulesBook *book)
{
  imh_rules_book_begin_page (book, "goal", _("The Goal"));
  imh_rules_book_add_text (book,
                           _("Two to four builders of ancient Egypt bring stones by boat to "
                             "five sites: the pyramid, the temple, the burial chamber, the "
                             "obelisks and the market. After six rounds, whoever has the most "
                             "points wins."));
}

ImhRulesBook *
imh_classic_rules_book_new (void)
{
  ImhRulesBook *book = imh_rules_book_new (IMH_GAME_CLASSIC);

  add_goal (book);
  return book;
}
