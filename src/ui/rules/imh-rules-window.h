/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-rules-window.h — the rules of one game (its ImhRulesBook): a list of
 * pages beside the page shown (title, paragraphs, figures drawn by the
 * game's board), folding to one column in a narrow window.
 *
 * Widget actions:
 *  - rules.next-page, rules.previous-page (Alt+→ / Alt+←, also buttons at
 *    the bottom of a page): the page after or before the one shown;
 *  - rules.show-page (u): the page of that index;
 *  - rules.show-list: in a folded window, back to the list of pages.
 * Escape and Ctrl+W close the window.
 */
#pragma once

#include <adwaita.h>

#include "imh-engine.h"

G_BEGIN_DECLS

#define IMH_TYPE_RULES_WINDOW (imh_rules_window_get_type ())
G_DECLARE_FINAL_TYPE (ImhRulesWindow, imh_rules_window, IMH, RULES_WINDOW, AdwWindow)

/* The rules of a game (its book, built in the current locale). */
ImhRulesWindow *imh_rules_window_new           (ImhGameKind     kind);
/* The rules window of kind of the application (one per game): the one
 * open, or a new one; presented. */
ImhRulesWindow *imh_rules_window_present_for   (GtkApplication *application,
                                                ImhGameKind     kind);
ImhGameKind     imh_rules_window_get_kind      (ImhRulesWindow *self);
guint           imh_rules_window_get_n_pages   (ImhRulesWindow *self);
/* The page shown ("page"). */
guint           imh_rules_window_get_page      (ImhRulesWindow *self);
void            imh_rules_window_set_page      (ImhRulesWindow *self,
                                                guint           page);
/* The page of that id (ImhRulesPage.id); FALSE when there is none. */
gboolean        imh_rules_window_show_page_id  (ImhRulesWindow *self,
                                                const char     *id);
/* The box that holds the blocks of the page shown (tests: its labels and
 * ImhRulesFigure children). */
GtkWidget      *imh_rules_window_get_page_box  (ImhRulesWindow *self);

G_END_DECLS
