/* muster-game-pregame-page.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-game-page.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GAME_PREGAME_PAGE (muster_game_pregame_page_get_type ())

/* The 9th Age's pre-game: the deployment type (agreed, or a D6), the
 * roll-off, the winner's choices (the type's choice, the zone, who
 * deploys first), then the start of the deployment. Its "pregame"
 * actions: use-type (the type of the row), roll-type (u: the die as
 * thrown, or 0 for Muster's), roll-off (iu: player, die or 0), decide
 * (the choices from the rows); and page.start-deployment. */
G_DECLARE_FINAL_TYPE (MusterGamePregamePage, muster_game_pregame_page, MUSTER, GAME_PREGAME_PAGE, MusterGamePage)

G_END_DECLS
