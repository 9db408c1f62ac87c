/* muster-window.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-application.h"
#include "muster-board-view.h"
#include "muster-history.h"
#include "muster-roster.h"
#include "muster-sight.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_WINDOW (muster_window_get_type ())

G_DECLARE_FINAL_TYPE (MusterWindow, muster_window, MUSTER, WINDOW, AdwApplicationWindow)

MusterWindow    *muster_window_new            (MusterApplication *application);
/* Shows the layout in file; on failure keeps the current one and says why. */
gboolean         muster_window_open           (MusterWindow      *self,
                                               GFile             *file);
/* Saves to file (which becomes the window's file); on failure says why. */
gboolean         muster_window_save_to        (MusterWindow      *self,
                                               GFile             *file,
                                               GError           **error);
/* A new table of the default game, with no file. */
void             muster_window_new_layout     (MusterWindow      *self);
/* Shows layout itself (the same object), with no file: a game joined
 * across the network. */
gboolean         muster_window_show_layout    (MusterWindow      *self,
                                               MusterLayout      *layout,
                                               GError           **error);
/* Says which of the user's game-system files were skipped, and why. */
void             muster_window_report_system_errors (MusterWindow *self);
/* Offers to bring back a layout saved automatically before a crash. */
void             muster_window_offer_autosave (MusterWindow      *self,
                                               GFile             *autosave,
                                               GFile             *original);

MusterBoardView *muster_window_get_board_view (MusterWindow      *self);
MusterLayout    *muster_window_get_layout     (MusterWindow      *self);
MusterValidator *muster_window_get_validator  (MusterWindow      *self);
MusterHistory   *muster_window_get_history    (MusterWindow      *self);
MusterRoster    *muster_window_get_roster     (MusterWindow      *self);
GFile           *muster_window_get_file       (MusterWindow      *self);
/* The roster panel of a player, or NULL. */
GtkWidget       *muster_window_get_roster_panel (MusterWindow    *self,
                                                 const char      *player_id);
GtkWidget       *muster_window_get_violations_list (MusterWindow *self);
/* The game sequence panel of the sidebar. */
GtkWidget       *muster_window_get_phase_panel (MusterWindow     *self);
/* What the Line of Fire overlay shades, or NULL when it is off. */
MusterSightGrid *muster_window_get_sight_grid (MusterWindow      *self);
/* "players" (the rosters) or "game" (the sequence). */
void             muster_window_show_sidebar_page (MusterWindow   *self,
                                                  const char     *page);
/* Whether the layout differs from its file. */
gboolean         muster_window_get_modified   (MusterWindow      *self);

G_END_DECLS
