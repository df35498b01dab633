/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-history.c — the history GListModel of turn items. */
#define G_LOG_DOMAIN "imh-history"

#include "config.h"

#include "imh-history-private.h"
#include "imh-texts.h"
#include "imh-turn-item-private.h"

struct _ImhHistory
{
  GObject    parent_instance;

  GPtrArray *items;   /* ImhTurnItem, owned */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ImhHistory, imh_history, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
imh_history_get_item_type (GListModel *model)
{
  return IMH_TYPE_TURN_ITEM;
}

static guint
imh_history_get_n_items (GListModel *model)
{
  return IMH_HISTORY (model)->items->len;
}

static gpointer
imh_history_get_item (GListModel *model,
                      guint       position)
{
  ImhHistory *self = IMH_HISTORY (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = imh_history_get_item_type;
  iface->get_n_items = imh_history_get_n_items;
  iface->get_item = imh_history_get_item;
}

static void
imh_history_finalize (GObject *object)
{
  ImhHistory *self = IMH_HISTORY (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (imh_history_parent_class)->finalize (object);
}

static void
imh_history_class_init (ImhHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = imh_history_finalize;
}

static void
imh_history_init (ImhHistory *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

ImhHistory *
_imh_history_new (void)
{
  return g_object_new (IMH_TYPE_HISTORY, NULL);
}

/* The end of the turn that begins at ply `first`: the next ply where the
 * engine's turn index changes, or live. */
static guint
turn_end (const ImhRules *rules,
          const ImhState *states,
          guint           first,
          guint           live)
{
  uint32_t index = rules->turn_index (&states[first]);
  guint end = first + 1;

  while (end < live && rules->turn_index (&states[end]) == index)
    end++;
  return end;
}

/* The round a position is in, from 1; 0 for a game without rounds. */
static guint
state_round (const ImhState *s)
{
  if (s->kind == IMH_GAME_CLASSIC)
    return MIN (s->u.classic.round, IMH_CLASSIC_N_ROUNDS - 1) + 1u;
  return 0;
}

static ImhTurnItem *
build_item (const ImhRules    *rules,
            const ImhDecision *decisions,
            const ImhState    *states,
            guint              number,
            guint              first,
            guint              end)
{
  guint n = end - first;
  g_autofree int *actors = g_new (int, n);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) notations = g_ptr_array_new_with_free_func (g_free);
  ImhScore before, after;
  int total_before[IMH_MAX_PLAYERS] = { 0 };
  int total_after[IMH_MAX_PLAYERS] = { 0 };
  ImhTurnItem *item;

  for (guint i = 0; i < n; i++)
    {
      const ImhState *s = &states[first + i];

      actors[i] = rules->actor (s);
      g_ptr_array_add (texts, imh_texts_decision (s, decisions[first + i]));
      g_ptr_array_add (notations, imh_texts_notation (s, decisions[first + i]));
    }
  rules->score (&states[first], &before);
  rules->score (&states[end], &after);
  for (guint p = 0; p < before.n_players && p < IMH_MAX_PLAYERS; p++)
    {
      total_before[p] = before.total[p];
      total_after[p] = after.total[p];
    }

  item = _imh_turn_item_new (number,
                             rules->turn_player (&states[first]),
                             first, n,
                             &decisions[first],
                             actors,
                             (const char *const *) texts->pdata,
                             (const char *const *) notations->pdata,
                             before.n_players,
                             total_before, total_after,
                             rules->is_over (&states[end]));
  _imh_turn_item_set_round (item, state_round (&states[first]));
  return item;
}

void
_imh_history_update (ImhHistory        *self,
                     const ImhRules    *rules,
                     const ImhDecision *decisions,
                     const ImhState    *states,
                     guint              live)
{
  guint keep = 0;
  guint ply = 0;
  guint removed;
  guint added = 0;

  g_assert (IMH_IS_HISTORY (self));

  /* The unchanged prefix of turns. */
  while (keep < self->items->len && ply < live)
    {
      guint end = turn_end (rules, states, ply, live);

      if (!_imh_turn_item_matches (g_ptr_array_index (self->items, keep),
                                   ply, end - ply, &decisions[ply]))
        break;
      keep++;
      ply = end;
    }

  removed = self->items->len - keep;
  if (removed > 0)
    g_ptr_array_remove_range (self->items, keep, removed);

  while (ply < live)
    {
      guint end = turn_end (rules, states, ply, live);

      g_ptr_array_add (self->items,
                       build_item (rules, decisions, states, self->items->len + 1, ply, end));
      added++;
      ply = end;
    }

  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), keep, removed, added);
}

guint
imh_history_get_position_for_ply (ImhHistory *self,
                                  guint       ply)
{
  guint lo = 0, hi;

  g_return_val_if_fail (IMH_IS_HISTORY (self), G_MAXUINT);

  if (ply == 0)
    return G_MAXUINT;
  hi = self->items->len;
  /* Binary search for the item with first_ply < ply <= end_ply. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      ImhTurnItem *item = g_ptr_array_index (self->items, mid);

      if (imh_turn_item_get_end_ply (item) < ply)
        lo = mid + 1;
      else if (imh_turn_item_get_first_ply (item) >= ply)
        hi = mid;
      else
        return mid;
    }
  return G_MAXUINT;
}

ImhTurnItem *
imh_history_peek_item (ImhHistory *self,
                       guint       position)
{
  g_return_val_if_fail (IMH_IS_HISTORY (self), NULL);

  if (position >= self->items->len)
    return NULL;
  return g_ptr_array_index (self->items, position);
}
