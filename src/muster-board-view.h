/* muster-board-view.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-render.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_BOARD_VIEW (muster_board_view_get_type ())

G_DECLARE_FINAL_TYPE (MusterBoardView, muster_board_view, MUSTER, BOARD_VIEW, GtkWidget)

GtkWidget   *muster_board_view_new          (void);
MusterScene *muster_board_view_get_scene    (MusterBoardView *self);
void         muster_board_view_set_scene    (MusterBoardView *self,
                                             MusterScene     *scene);
/* Pixels per millimetre on screen. */
double       muster_board_view_get_scale    (MusterBoardView *self);
double       muster_board_view_get_zoom     (MusterBoardView *self);
/* Multiplies the zoom by factor, keeping the board point under the widget
 * point (x, y) where it is. */
void         muster_board_view_zoom_at      (MusterBoardView *self,
                                             double           factor,
                                             double           x,
                                             double           y);
void         muster_board_view_zoom_in      (MusterBoardView *self);
void         muster_board_view_zoom_out     (MusterBoardView *self);
/* Back to the whole table, fitted and centred. */
void         muster_board_view_zoom_reset   (MusterBoardView *self);
void         muster_board_view_pan          (MusterBoardView *self,
                                             double           dx,
                                             double           dy);
void         muster_board_view_widget_to_board (MusterBoardView *self,
                                                double           x,
                                                double           y,
                                                MusterPoint     *board);
void         muster_board_view_board_to_widget (MusterBoardView *self,
                                                MusterPoint      board,
                                                double          *x,
                                                double          *y);

G_END_DECLS
