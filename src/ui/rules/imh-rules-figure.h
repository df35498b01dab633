/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-rules-figure.h — one figure of a rules page: a position drawn by the
 * game's own board (its art, light or dark as the app), cropped around the
 * boxes of the decisions it focuses on (the whole board when none) and
 * scaled to the width it is given, with its caption below. Never
 * interactive; its accessible role is img, the caption its description.
 */
#pragma once

#include <gtk/gtk.h>

#include "imh-rules-book.h"

G_BEGIN_DECLS

#define IMH_TYPE_RULES_FIGURE (imh_rules_figure_get_type ())
G_DECLARE_FINAL_TYPE (ImhRulesFigure, imh_rules_figure, IMH, RULES_FIGURE, GtkWidget)

/* A figure of block (a FIGURE block of a rules book; copied). */
GtkWidget  *imh_rules_figure_new           (const ImhRulesBlock *block);
/* The caption (NULL: none). */
const char *imh_rules_figure_get_caption   (ImhRulesFigure      *self);
/* The part of the board drawn, in pixels of the board laid out at its
 * reference size (the figure's width decides between its wide and its
 * narrow layout); FALSE before the first allocation. For tests. */
gboolean    imh_rules_figure_get_crop      (ImhRulesFigure      *self,
                                            graphene_rect_t     *crop);

G_END_DECLS
