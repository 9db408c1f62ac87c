/* muster-game-restart-dialog.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-game.h"

G_BEGIN_DECLS

/* The players changed the game system of a layout on which dice were
 * thrown: asks whether those dice (the dice of earlier, the game of the
 * old system) stay in the Roll Log of game, the new one, or go. Does
 * nothing when none was thrown. Returns the alert (muster-compat.h), or
 * NULL. */
GtkWidget *muster_game_restart_dialog_present (GtkWindow  *parent,
                                               MusterGame *game,
                                               MusterGame *earlier);

G_END_DECLS
