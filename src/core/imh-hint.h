/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-hint.h — hints: the AI's ranked candidates for a position.
 *
 * imh_game_hint_async() searches a copy of the position at a ply of the
 * game in a worker thread and returns a GListModel of ImhHint, best first.
 * The game may change meanwhile: the hint is for the position at the time
 * of the call (compare imh_hint_get_ply() with the viewed ply).
 */
#pragma once

#include <gio/gio.h>

#include "imh-game.h"

G_BEGIN_DECLS

#define IMH_TYPE_HINT (imh_hint_get_type ())
G_DECLARE_FINAL_TYPE (ImhHint, imh_hint, IMH, HINT, GObject)

/* Properties of the same names (read-only). */
guint        imh_hint_get_rank       (ImhHint *self);   /* 1 = best */
guint        imh_hint_get_ply        (ImhHint *self);   /* the ply searched */
int          imh_hint_get_actor      (ImhHint *self);   /* who decides there */
ImhDecision  imh_hint_get_decision   (ImhHint *self);
const char  *imh_hint_get_text       (ImhHint *self);   /* in words, UI language */
const char  *imh_hint_get_notation   (ImhHint *self);
guint        imh_hint_get_visits     (ImhHint *self);
/* Win probability of the actor (0..1) and its 95% half-width. */
double       imh_hint_get_win        (ImhHint *self);
double       imh_hint_get_win_ci     (ImhHint *self);
/* Expected final score margin (actor minus best other) and half-width. */
double       imh_hint_get_margin     (ImhHint *self);
double       imh_hint_get_margin_ci  (ImhHint *self);

/* The hint's default iteration budget for a game (about a second on two
 * cores). */
guint64      imh_hint_default_iterations (ImhGameKind kind);

/* Searches the position at `ply` (G_MAXUINT: the viewed ply) with an
 * iteration budget (0: the default, about a second on two cores: 1,100,000
 * in the Duel, 300,000 in the base game). Errors: IMH_GAME_ERROR_GAME_OVER,
 * IMH_GAME_ERROR_INVALID_PLY, G_IO_ERROR_CANCELLED. */
void         imh_game_hint_async     (ImhGame             *game,
                                      guint                ply,
                                      guint64              iterations,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
/* Transfer full: a GListModel of ImhHint, best first (never empty). */
GListModel  *imh_game_hint_finish    (ImhGame             *game,
                                      GAsyncResult        *result,
                                      GError             **error);

G_END_DECLS
