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
#include "muster-document.h"
#include "muster-game.h"
#include "muster-history.h"
#include "muster-roster.h"
#include "muster-sight.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_WINDOW (muster_window_get_type ())

G_DECLARE_FINAL_TYPE (MusterWindow, muster_window, MUSTER, WINDOW, AdwApplicationWindow)

MusterWindow    *muster_window_new            (MusterApplication *application);
/* Shows the layout in file; on failure keeps the current one and says
 * why in a dialog that names the file and the line. */
gboolean         muster_window_open           (MusterWindow      *self,
                                               GFile             *file);
/* The layout in file in a new window; NULL when it cannot be read, with
 * the dialog that says why over parent, and no new window. */
MusterWindow    *muster_window_open_new       (MusterApplication *application,
                                               GFile             *file,
                                               MusterWindow      *parent);
/* A new window showing the layout in file, made without the default
 * table first; when file cannot be read, the default table and the
 * dialog that says why. */
MusterWindow    *muster_window_new_for_file   (MusterApplication *application,
                                               GFile             *file);
/* The window of application showing the layout in file, other than
 * except, or NULL. */
MusterWindow    *muster_window_find_for_file  (GtkApplication    *application,
                                               GFile             *file,
                                               MusterWindow      *except);
/* Saves to file (which becomes the window's file); on failure, or when
 * another window has file open, says why. */
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
/* Shows the layout of a draft that a Muster left behind (a crash), as
 * it was, with unsaved changes (muster-draft.h). */
void             muster_window_restore_draft  (MusterWindow      *self,
                                               const char        *draft_id);

/* What the window shows and edits: its document, one for the window's
 * life; the getters below are the document's. */
MusterDocument  *muster_window_get_document   (MusterWindow      *self);

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
/* The Game page of the sidebar, and the game it shows. */
GtkWidget       *muster_window_get_game_panel (MusterWindow      *self);
MusterGame      *muster_window_get_game       (MusterWindow      *self);
/* What the Line of Fire overlay shades, or NULL when it is off. */
MusterSightGrid *muster_window_get_sight_grid (MusterWindow      *self);
/* "players" (the rosters) or "game" (the sequence). */
void             muster_window_show_sidebar_page (MusterWindow   *self,
                                                  const char     *page);
/* Whether the layout differs from its file. */
gboolean         muster_window_get_modified   (MusterWindow      *self);

G_END_DECLS
