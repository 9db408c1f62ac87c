/* muster-game-orders-page.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-game-page.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GAME_ORDERS_PAGE (muster_game_orders_page_get_type ())

/* Infinity's Player Turns: between turns, who plays next and the Order
 * Pool; during a turn, the Order under way step by step (the Order
 * Expenditure Sequence), the active trooper, the skills declared, the
 * troopers that may react and their AROs, the Face to Face Roll of the
 * Resolution beside its button. Its "orders" actions: start-turn and
 * activate (from the rows), end-turn, declare-skill (s), declare-aro (ss:
 * trooper, skill), check-aro, idle-skill (u), idle-aro (s), face-to-face
 * (from the rows), next-step. */
G_DECLARE_FINAL_TYPE (MusterGameOrdersPage, muster_game_orders_page, MUSTER, GAME_ORDERS_PAGE, MusterGamePage)

G_END_DECLS
