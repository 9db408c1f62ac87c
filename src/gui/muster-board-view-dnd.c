/* muster-board-view-dnd.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-board-view"

#include "config.h"

#include "muster-board-view-private.h"
#include "muster-roster.h"

/* A new piece following the pointer, from a roster row dragged onto the
 * table: its verdict as it goes, placed where it is dropped. */

/* Placing a new piece */

void
muster_board_view_begin_placement (MusterBoardView   *self,
                                   const MusterPiece *piece)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));
  g_return_if_fail (piece != NULL);

  _muster_board_view_cancel_interaction (self);

  self->placing = muster_piece_copy (piece);
  self->placing->serial = 0;
  self->placing_visible = FALSE;

  _muster_board_view_build_drag_cache (self, muster_piece_is_deployable (piece) ? piece->owner : self->acting_player);
  _muster_board_view_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_board_view_update_placement (MusterBoardView *self,
                                    double           x,
                                    double           y)
{
  MusterPoint p;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->placing == NULL)
    return;

  muster_board_view_widget_to_board (self, x, y, &p);
  p = muster_editor_snap_point (_muster_board_view_get_editor (self), p);
  self->placing->x = p.x;
  self->placing->y = p.y;
  self->placing_visible = TRUE;

  g_clear_pointer (&self->placing_violations, g_ptr_array_unref);
  self->placing_violations = _muster_board_view_check_piece (self, self->placing, p.x, p.y, self->placing->rotation);
  _muster_board_view_set_feedback (self, self->placing_violations);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MusterPiece *
muster_board_view_finish_placement (MusterBoardView *self,
                                    gboolean         commit)
{
  MusterPiece *piece;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  piece = g_steal_pointer (&self->placing);
  self->placing_source = NULL;
  g_clear_pointer (&self->placing_violations, g_ptr_array_unref);
  _muster_board_view_clear_feedback (self);
  _muster_board_view_drop_drag_cache (self);
  _muster_board_view_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));

  if (piece == NULL)
    return NULL;

  if (!commit || !self->placing_visible)
    {
      muster_piece_free (piece);
      return NULL;
    }

  self->placing_visible = FALSE;

  return muster_board_view_place_piece (self, piece);
}

/* Dropping a roster entry */

static const MusterPiece *
drop_value (GtkDropTarget *target)
{
  const GValue *value = gtk_drop_target_get_value (target);

  if (value == NULL || !G_VALUE_HOLDS (value, MUSTER_TYPE_PIECE_TEMPLATE))
    return NULL;

  return g_value_get_boxed (value);
}

static GdkDragAction
drop_motion_cb (MusterBoardView *self,
                double           x,
                double           y,
                GtkDropTarget   *target)
{
  const MusterPiece *piece = drop_value (target);

  if (piece == NULL)
    return GDK_ACTION_COPY;

  if (self->placing == NULL || self->placing_source != piece)
    {
      muster_board_view_begin_placement (self, piece);
      self->placing_source = piece;
    }

  muster_board_view_update_placement (self, x, y);

  return GDK_ACTION_COPY;
}

static void
drop_leave_cb (MusterBoardView *self,
               GtkDropTarget   *target)
{
  muster_board_view_finish_placement (self, FALSE);
}

static gboolean
drop_cb (MusterBoardView *self,
         const GValue    *value,
         double           x,
         double           y,
         GtkDropTarget   *target)
{
  const MusterPiece *piece;

  if (!G_VALUE_HOLDS (value, MUSTER_TYPE_PIECE_TEMPLATE) || self->scene == NULL)
    return FALSE;

  piece = g_value_get_boxed (value);
  if (self->placing == NULL)
    muster_board_view_begin_placement (self, piece);
  muster_board_view_update_placement (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));

  return muster_board_view_finish_placement (self, TRUE) != NULL;
}

void
_muster_board_view_init_dnd (MusterBoardView *self)
{
  GtkDropTarget *target;

  target = gtk_drop_target_new (MUSTER_TYPE_PIECE_TEMPLATE, GDK_ACTION_COPY);
  gtk_drop_target_set_preload (target, TRUE);
  g_signal_connect_swapped (target, "motion", G_CALLBACK (drop_motion_cb), self);
  g_signal_connect_swapped (target, "leave", G_CALLBACK (drop_leave_cb), self);
  g_signal_connect_swapped (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}
