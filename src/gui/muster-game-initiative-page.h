/* muster-game-initiative-page.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-game-page.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GAME_INITIATIVE_PAGE (muster_game_initiative_page_get_type ())

/* Infinity's Initiative Roll: each army's Lieutenant (the roll waits for
 * exactly one each), the Lieutenants' WIP typed openly or privately, the
 * d20s of each attempt, the winner's choice and the decisions that
 * follow, then the start of the deployment. Its "initiative" actions:
 * set-wip (iub: player, WIP, private), roll (iu: player, the die as
 * thrown, or 0 for Muster's), keep (s: "initiative" or "deployment"),
 * decide (the decisions from the rows); and page.start-deployment. */
G_DECLARE_FINAL_TYPE (MusterGameInitiativePage, muster_game_initiative_page, MUSTER, GAME_INITIATIVE_PAGE,
                      MusterGamePage)

G_END_DECLS
