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

G_END_DECLS
