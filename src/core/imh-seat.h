/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imh-seat.h — who sits at one player's place: a person or the computer.
 *
 * Human and computer seats are the same kind of object; only `kind` (and, for
 * the computer, `level`) differ. An ImhGame owns one seat per player and
 * watches it: switching a seat to the computer while it is that player's
 * decision makes the computer start thinking.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  IMH_SEAT_HUMAN = 0,
  IMH_SEAT_COMPUTER = 1,
} ImhSeatKind;

#define IMH_TYPE_SEAT_KIND (imh_seat_kind_get_type ())
GType imh_seat_kind_get_type (void) G_GNUC_CONST;

/* The default computer level (an AI level id). */
#define IMH_SEAT_DEFAULT_LEVEL "casual"

#define IMH_TYPE_SEAT (imh_seat_get_type ())
G_DECLARE_FINAL_TYPE (ImhSeat, imh_seat, IMH, SEAT, GObject)

/* A seat for `player` (0-based). name may be NULL (then "Player N"). */
ImhSeat     *imh_seat_new          (guint        player,
                                    ImhSeatKind  kind,
                                    const char  *level,
                                    const char  *name);

guint        imh_seat_get_player   (ImhSeat     *self);
ImhSeatKind  imh_seat_get_kind     (ImhSeat     *self);
void         imh_seat_set_kind     (ImhSeat     *self,
                                    ImhSeatKind  kind);
gboolean     imh_seat_is_computer  (ImhSeat     *self);
/* The computer's level ("beginner", "casual", "strong", "expert", "random",
 * "greedy"); kept while the seat is human. */
const char  *imh_seat_get_level    (ImhSeat     *self);
void         imh_seat_set_level    (ImhSeat     *self,
                                    const char  *level);
/* The player's name as shown and recorded (never NULL). Setting it makes
 * it valid UTF-8, turns control characters into spaces, keeps the first
 * IMH_RECORD_MAX_NAME_CHARS characters and strips spaces at both ends;
 * empty or NULL gives the default "Player N". */
const char  *imh_seat_get_name     (ImhSeat     *self);
void         imh_seat_set_name     (ImhSeat     *self,
                                    const char  *name);

/* TRUE when level is one the AI knows. */
gboolean     imh_seat_level_is_valid (const char *level);
/* The AI level ids, NULL-terminated: beginner, casual, strong, expert,
 * then the baselines random, greedy, flat. */
const char * const *imh_seat_list_levels (void);

G_END_DECLS
