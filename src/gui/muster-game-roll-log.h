/* muster-game-roll-log.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-game-page.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GAME_ROLL_LOG (muster_game_roll_log_get_type ())

/* Every die of the game, latest first (who threw it, what for, whether it
 * was typed in from the table), and whether the dice are rolled by Muster
 * or thrown at the table. */
G_DECLARE_FINAL_TYPE (MusterGameRollLog, muster_game_roll_log, MUSTER, GAME_ROLL_LOG, MusterGamePage)

G_END_DECLS
