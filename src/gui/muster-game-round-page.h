/* muster-game-round-page.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-game-page.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GAME_ROUND_PAGE (muster_game_round_page_get_type ())

/* Twilight Imperium's round for 3 to 8 players: the seats and the
 * speaker, then the strategy cards picked (and the Naalu "0" token), the
 * actions, the status steps and the initiative order. Its "round"
 * actions: start (the seats from the rows), pick (u: card), action (uu:
 * kind, card), pass, status-step, next-round (the speaker of the row). */
G_DECLARE_FINAL_TYPE (MusterGameRoundPage, muster_game_round_page, MUSTER, GAME_ROUND_PAGE, MusterGamePage)

G_END_DECLS
