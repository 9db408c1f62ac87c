/* muster-game-popover.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-history.h"
#include "muster-system.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GAME_POPOVER (muster_game_popover_get_type ())

/* The game system, the deployment type, the table and the choices the
 * deployment type asks for (diagonal, attacker, short edges). */
G_DECLARE_FINAL_TYPE (MusterGamePopover, muster_game_popover, MUSTER, GAME_POPOVER, GtkPopover)

GtkWidget *muster_game_popover_new          (void);
void       muster_game_popover_set_layout   (MusterGamePopover *self,
                                             MusterLayout      *layout,
                                             MusterHistory     *history);
void       muster_game_popover_set_units    (MusterGamePopover *self,
                                             MusterUnit         units);

/* The changes the popover makes, one undo step each; for the window's
 * actions and for tests. */
void       muster_game_set_system           (MusterLayout      *layout,
                                             MusterHistory     *history,
                                             const char        *system_id);
void       muster_game_set_deployment       (MusterLayout      *layout,
                                             MusterHistory     *history,
                                             const char        *deployment_id);
/* Whether a deployment type asks for attacker and defender, or for the
 * players' short edges (it gives other zones for other choices). */
gboolean   muster_game_needs_roles          (MusterLayout      *layout,
                                             MusterSystem      *system);
gboolean   muster_game_needs_short_edges    (MusterLayout      *layout,
                                             MusterSystem      *system);

G_END_DECLS
