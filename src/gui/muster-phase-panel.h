/* muster-phase-panel.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-deployment-phase.h"
#include "muster-dice.h"
#include "muster-initiative.h"
#include "muster-orders.h"
#include "muster-system.h"
#include "muster-ti4.h"
#include "muster-validate.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_PHASE_PANEL (muster_phase_panel_get_type ())

/* A sidebar page that walks the players through their game's sequence:
 *
 *  - Infinity: the Initiative Roll (WIP typed privately or openly), the
 *    four deployment steps, and Player Turns of Orders with the Order
 *    Expenditure Sequence and the troopers that may react (muster-sight);
 *  - The 9th Age: the deployment type, the roll-off and the winner's
 *    choices (written to the layout), then alternate deployment turns;
 *  - Twilight Imperium: a round tracker for 3 to 8 players.
 *
 * Every die goes through one MusterDice, rolled by Muster or typed in,
 * and is listed in the roll log, which is also written to the layout
 * (muster_layout_set_legacy_roll_log()); a layout that has one continues it.
 * What the players did is written to the layout's game log
 * (muster_layout_set_legacy_game_log()), action by action, so that the panel
 * comes back to where they were when the layout is opened again.
 * The core objects decide; the panel shows what they decide.
 *
 * Everything a button does is a widget action of the "phase" group (see
 * muster-phase-panel.c for the list), so tests and keyboard shortcuts can
 * drive it. Troopers are the two players' models and units: those on the
 * table and those of their rosters not yet placed. Deploying one confirms
 * where it stands on the board (the validator must find nothing wrong
 * with it there) and records the step or turn in its turn attribute.
 *
 * Signals:
 *  "show-sight" (const char *piece_id, const char *player_id): show what
 *  the piece sees (its Line of Fire), or what all of the player's
 *  troopers on the table see; both NULL: hide the overlay.
 *  "roll-log-changed": a die was thrown and the layout's roll log updated.
 *  "game-log-changed": the game moved on and the layout's game log was
 *  updated.
 */
G_DECLARE_FINAL_TYPE (MusterPhasePanel, muster_phase_panel, MUSTER, PHASE_PANEL, AdwBin)

GtkWidget                *muster_phase_panel_new                (void);
/* Starts the sequence of the layout's system: where the game saved in
 * the layout's game log got to (replayed, writing nothing to the layout;
 * when that fails, as far as it goes, with a message), or afresh. Given
 * the layout it already has (its game system changed, say), the game
 * begins again and the layout's game log is cleared. Any argument may be
 * NULL (nothing to walk through); the validator judges placements. */
void                      muster_phase_panel_set_game           (MusterPhasePanel *self,
                                                                 MusterLayout     *layout,
                                                                 MusterSystem     *system,
                                                                 MusterValidator  *validator);

/* The state behind the panel, for the window and the tests; NULL until
 * that part of the sequence has begun. */
MusterDice               *muster_phase_panel_get_dice           (MusterPhasePanel *self);
MusterInfinityInitiative *muster_phase_panel_get_initiative     (MusterPhasePanel *self);
MusterT9aPregame         *muster_phase_panel_get_pregame        (MusterPhasePanel *self);
MusterDeploymentPhase    *muster_phase_panel_get_deployment     (MusterPhasePanel *self);
MusterOrderRules         *muster_phase_panel_get_order_rules    (MusterPhasePanel *self);
MusterOrderSequence      *muster_phase_panel_get_order_sequence (MusterPhasePanel *self);
MusterTi4Round           *muster_phase_panel_get_ti4_round      (MusterPhasePanel *self);

/* The page shown: "none", "initiative", "pregame", "deployment",
 * "orders" or "round". */
const char               *muster_phase_panel_get_page           (MusterPhasePanel *self);
/* The last refusal or warning shown to the players, or NULL. */
const char               *muster_phase_panel_get_message        (MusterPhasePanel *self);
/* The piece, or the player whose troopers, whose Line of Fire is shown;
 * NULL when none. */
const char               *muster_phase_panel_get_sight_piece    (MusterPhasePanel *self);
const char               *muster_phase_panel_get_sight_player   (MusterPhasePanel *self);
/* Brings the widgets up to date with the state now (they follow it at
 * idle time otherwise): for the tests and screenshots. */
void                      muster_phase_panel_sync               (MusterPhasePanel *self);

G_END_DECLS
