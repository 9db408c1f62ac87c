/* muster-game-panel.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-game.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GAME_PANEL (muster_game_panel_get_type ())

/* The Game page of the sidebar: the page of the game's phase (Initiative,
 * Pre-Game, Deployment, Orders, Round; the players may look at the others
 * that apply), the roll log under it, and above them a message: what the
 * game refused, a warning it gave (Loss of Lieutenant), or why a saved
 * game could not be restored. It shows the MusterGame of its "game"
 * property; each page calls it (see muster-game-page.h).
 *
 * Its "panel" actions: show-page (s: "initiative", "pregame",
 * "deployment", "orders", "round"), dismiss-message.
 *
 * Signal "show-sight" (const char *piece_id, const char *player_id):
 * show what the piece sees (its Line of Fire), or what all of the
 * player's troopers on the table see; both NULL: hide the overlay. */
G_DECLARE_FINAL_TYPE (MusterGamePanel, muster_game_panel, MUSTER, GAME_PANEL, AdwBin)

GtkWidget  *muster_game_panel_new              (void);
MusterGame *muster_game_panel_get_game         (MusterGamePanel *self);
void        muster_game_panel_set_game         (MusterGamePanel *self,
                                                MusterGame      *game);

/* The page shown: "none", "initiative", "pregame", "deployment",
 * "orders" or "round", and its widget (a MusterGamePage, or the status
 * page of "none"); the roll log is "roll-log". */
const char *muster_game_panel_get_page         (MusterGamePanel *self);
GtkWidget  *muster_game_panel_get_page_widget  (MusterGamePanel *self,
                                                const char      *name);
/* The message shown to the players, or NULL. */
const char *muster_game_panel_get_message      (MusterGamePanel *self);
/* Takes the message away if it is still message: what it said holds no
 * longer. */
void        muster_game_panel_withdraw_message (MusterGamePanel *self,
                                                const char      *message);
/* The piece, or the player whose troopers, whose Line of Fire is shown;
 * NULL when none. */
const char *muster_game_panel_get_sight_piece  (MusterGamePanel *self);
const char *muster_game_panel_get_sight_player (MusterGamePanel *self);
/* The pages follow the game at idle time: now (for the tests). */
void        muster_game_panel_sync             (MusterGamePanel *self);

G_END_DECLS
