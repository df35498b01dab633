/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-game-private.h — ImhGame internals shared with the record files and hints. */
#pragma once

#include "imh-game.h"
#include "imh-record.h"

G_BEGIN_DECLS

/* The whole game tree as a record (main line = the current line, other
 * branches as variations), with players from the seats. Transfer full
 * (imh_record_free). */
ImhRecord *_imh_game_to_record   (ImhGame          *self);
/* A new game from a parsed record; the live ply is the end of the main
 * line. NULL with IMH_GAME_ERROR_INVALID_RECORD if it does not replay. */
ImhGame   *_imh_game_new_from_record (const ImhRecord *record,
                                      GError         **error);

/* Counts changes; a save records the count it saved. */
guint64    _imh_game_get_serial  (ImhGame          *self);
void       _imh_game_mark_saved  (ImhGame          *self,
                                  guint64           serial);

/* A search seed for the position at `ply`, derived from public data only
 * (the game's seed and the decisions that led there), never from hidden
 * parts of the state: the AI must not depend on what nobody can see. */
guint64    _imh_game_public_seed (ImhGame          *self,
                                  guint             ply);

G_END_DECLS
