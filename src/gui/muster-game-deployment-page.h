/* muster-game-deployment-page.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-game-page.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GAME_DEPLOYMENT_PAGE (muster_game_deployment_page_get_type ())

/* The deployment of both games: whose step or turn it is, each player's
 * troopers or units (placed, held back, on the table, or not), the 9th
 * Age's declarations and Marching Columns, and, once everyone is down,
 * what to watch for. Its "deployment" actions: deploy, take-back,
 * hold-back (Infinity, off the table), reserve, special, release (s: the
 * trooper), finish-step, finish-declarations, choose-short-edge (the
 * row's), delay-remaining. */
G_DECLARE_FINAL_TYPE (MusterGameDeploymentPage, muster_game_deployment_page, MUSTER, GAME_DEPLOYMENT_PAGE,
                      MusterGamePage)

G_END_DECLS
