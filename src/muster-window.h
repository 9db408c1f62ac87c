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

G_BEGIN_DECLS

#define MUSTER_TYPE_WINDOW (muster_window_get_type ())

G_DECLARE_FINAL_TYPE (MusterWindow, muster_window, MUSTER, WINDOW, AdwApplicationWindow)

MusterWindow    *muster_window_new            (MusterApplication *application);
/* Shows the layout in file; on failure keeps the current one and says why. */
gboolean         muster_window_open           (MusterWindow      *self,
                                               GFile             *file);
MusterBoardView *muster_window_get_board_view (MusterWindow      *self);
MusterLayout    *muster_window_get_layout     (MusterWindow      *self);

G_END_DECLS
