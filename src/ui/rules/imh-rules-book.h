/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-rules-book.h — the rules of one game as pages of text and figures,
 * built in code by the game's own module (so that a scoring example is
 * computed by the engine from a position, never written by hand) and shown
 * by the Rules window. A plain model: no widget, testable without a
 * display.
 *
 * A page is a title and blocks in order: paragraphs of Pango markup and
 * figures. A figure is a position drawn by the game's own board (its art,
 * its layout), cropped around the boxes of the decisions named (the
 * board's decision_boxes ()), with a caption that is also its accessible
 * description. Every string handed in is already translated. */
#pragma once

#include <glib.h>

#include "imh-engine.h"

G_BEGIN_DECLS

typedef enum {
  IMH_RULES_BLOCK_TEXT,
  IMH_RULES_BLOCK_FIGURE,
} ImhRulesBlockKind;

#define IMH_RULES_FIGURE_MAX_FOCUS 8

typedef struct {
  ImhRulesBlockKind kind;
  char             *markup;      /* TEXT: one paragraph, Pango markup */
  ImhState         *state;       /* FIGURE: the position drawn */
  guint             n_focus;     /* FIGURE: 0: the whole board */
  ImhDecision       focus[IMH_RULES_FIGURE_MAX_FOCUS];
  char             *caption;     /* FIGURE: plain text, may be NULL */
  /* FIGURE: decisions whose boxes are shown too, not marked (the pieces a
   * rule speaks of: the meeples in a boat's line). */
  guint             n_context;
  ImhDecision       context[IMH_RULES_FIGURE_MAX_FOCUS];
} ImhRulesBlock;

typedef struct {
  char      *id;                 /* stable, ASCII ("unload", "site-obelisk"): --page, links */
  char      *title;              /* plain text */
  GPtrArray *blocks;             /* of ImhRulesBlock */
} ImhRulesPage;

typedef struct _ImhRulesBook ImhRulesBook;

ImhRulesBook       *imh_rules_book_new          (ImhGameKind         kind);
void                imh_rules_book_free         (ImhRulesBook       *book);
ImhGameKind         imh_rules_book_get_kind     (ImhRulesBook       *book);

/* Building: a page, then its blocks (added to the last page begun). */
void                imh_rules_book_begin_page   (ImhRulesBook       *book,
                                                 const char         *id,
                                                 const char         *title);
void                imh_rules_book_add_text     (ImhRulesBook       *book,
                                                 const char         *markup);
void                imh_rules_book_add_textf    (ImhRulesBook       *book,
                                                 const char         *format,
                                                 ...) G_GNUC_PRINTF (2, 3);
/* The state is copied; focus may be NULL when n_focus is 0. */
void                imh_rules_book_add_figure   (ImhRulesBook       *book,
                                                 const ImhState     *state,
                                                 const ImhDecision  *focus,
                                                 guint               n_focus,
                                                 const char         *caption);
/* The same with context: decisions whose boxes the figure shows as well,
 * without marking them (context may be NULL when n_context is 0). */
void                imh_rules_book_add_figure_with_context (ImhRulesBook      *book,
                                                            const ImhState    *state,
                                                            const ImhDecision *focus,
                                                            guint              n_focus,
                                                            const ImhDecision *context,
                                                            guint              n_context,
                                                            const char        *caption);

/* Reading. */
guint               imh_rules_book_get_n_pages  (ImhRulesBook       *book);
const ImhRulesPage *imh_rules_book_get_page     (ImhRulesBook       *book,
                                                 guint               index);
/* The page of that id, or -1. */
int                 imh_rules_book_find_page    (ImhRulesBook       *book,
                                                 const char         *id);
/* Every page's title and text, markup removed, one string (tests: what the
 * rules mention). Transfer full. */
char               *imh_rules_book_dup_text     (ImhRulesBook       *book);

/* The book of a game, built by the game's module (src/ui/duel,
 * src/ui/classic). Translated in the current locale. */
ImhRulesBook       *imh_duel_rules_book_new     (void);
ImhRulesBook       *imh_classic_rules_book_new  (void);
/* Either of the above. */
ImhRulesBook       *imh_rules_book_new_for_game (ImhGameKind         kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImhRulesBook, imh_rules_book_free)

G_END_DECLS
