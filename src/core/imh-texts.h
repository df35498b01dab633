/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-texts.h — the words for games, sites, score categories and decisions,
 * in the UI language (gettext; English and German).
 *
 * Decision texts are built from the engine's notation of the decision in
 * its position, spelled out in words ("Place a meeple on row 1, column 2").
 * The notation itself stays language-neutral (records, CLI).
 */
#pragma once

#include <glib.h>

#include "imh-engine.h"

G_BEGIN_DECLS

/* "Imhotep: The Duel" / "Imhotep" (transfer none). */
const char *imh_texts_game_name     (ImhGameKind     kind);
/* The site with the stable id (e.g. "obelisk"), translated; the id itself
 * when unknown. Transfer none. */
const char *imh_texts_site_name     (const char     *site_id);
/* Column `category` of ImhScore.points for these rules, translated. */
const char *imh_texts_category_name (const ImhRules *rules,
                                     guint           category);
/* Why the leaders' tie was broken (IMH_TIEBREAK_*), or NULL for none. */
const char *imh_texts_tiebreak      (guint           tiebreak);

/* The notation of d in s (e.g. "P12"); never NULL. */
/* A Duel tile (IMH_DUEL_TILE_* code) in words: "Crypt 5"; transfer full. */
char       *imh_texts_duel_tile_name (guint         code);
char       *imh_texts_notation      (const ImhState *s,
                                     ImhDecision     d);
/* The decision d, legal in s, in words in the UI language. */
char       *imh_texts_decision      (const ImhState *s,
                                     ImhDecision     d);

G_END_DECLS
