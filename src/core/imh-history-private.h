/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imh-history-private.h — updating the history (for ImhGame). */
#pragma once

#include "imh-history.h"

G_BEGIN_DECLS

ImhHistory *_imh_history_new    (void);

/* Make the model list the turns of decisions[0 .. live). states[i] is the
 * position before decision i (live + 1 states). Emits items-changed once,
 * for the minimal tail that differs, or not at all. */
void        _imh_history_update (ImhHistory        *self,
                                 const ImhRules    *rules,
                                 const ImhDecision *decisions,
                                 const ImhState    *states,
                                 guint              live);

G_END_DECLS
