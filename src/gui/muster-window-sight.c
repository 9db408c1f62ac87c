/* muster-window-sight.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include "muster-sight-overlay.h"
#include "muster-window-private.h"

/* The Line of Fire overlay: what a trooper, or a player's troopers, see,
 * shaded over the table in half-inch cells, drawn in a layer of its own
 * above the board. */

#define SIGHT_CELL_MM  (MUSTER_MM_PER_INCH / 2)
#define SIGHT_DELAY_MS 120  /* after the last move, the Line of Fire again */

/* Follows the pan and zoom of the board, which say nothing when they
 * change: a redraw only when the table moved under the overlay. */
static gboolean
sight_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  MusterWindow *self = data;
  double x, y;
  double scale = muster_board_view_get_scale (self->board_view);

  muster_board_view_board_to_widget (self->board_view, (MusterPoint) { 0, 0 }, &x, &y);
  if (x != self->sight_drawn[0] || y != self->sight_drawn[1] || scale != self->sight_drawn[2])
    gtk_widget_queue_draw (widget);

  return G_SOURCE_CONTINUE;
}

static void
sight_draw_cb (GtkDrawingArea *area,
               cairo_t        *cr,
               int             width,
               int             height,
               gpointer        data)
{
  MusterWindow *self = data;
  graphene_point_t origin;
  double x, y, scale;

  if (self->sight_grid == NULL)
    return;

  scale = muster_board_view_get_scale (self->board_view);
  muster_board_view_board_to_widget (self->board_view, (MusterPoint) { 0, 0 }, &x, &y);
  self->sight_drawn[0] = x;
  self->sight_drawn[1] = y;
  self->sight_drawn[2] = scale;

  if (!gtk_widget_compute_point (GTK_WIDGET (self->board_view), GTK_WIDGET (area),
                                 &GRAPHENE_POINT_INIT (x, y), &origin))
    return;

  cairo_translate (cr, origin.x, origin.y);
  cairo_scale (cr, scale, scale);
  muster_sight_overlay_render (cr, self->sight_grid, scale);
}

/* What the piece, or the player's troopers, see on the table now. */
static void
update_sight (MusterWindow *self)
{
  MusterLayout *layout = muster_document_get_layout (self->document);
  g_autoptr(GPtrArray) viewers = g_ptr_array_new ();

  g_clear_handle_id (&self->sight_update_id, g_source_remove);
  g_clear_pointer (&self->sight_grid, muster_sight_grid_unref);

  if (layout != NULL && (self->sight_piece != NULL || self->sight_player != NULL))
    {
      GPtrArray *pieces = muster_layout_get_pieces (layout);

      for (guint i = 0; i < pieces->len; i++)
        {
          MusterPiece *piece = g_ptr_array_index (pieces, i);

          if (self->sight_piece != NULL ? g_strcmp0 (piece->id, self->sight_piece) == 0
                                        : muster_sight_is_trooper (piece) &&
                                          g_strcmp0 (piece->owner, self->sight_player) == 0)
            g_ptr_array_add (viewers, piece);
        }

      if (self->sight_player != NULL || viewers->len > 0)
        self->sight_grid = muster_sight_visible_cells (layout, (const MusterPiece * const *) viewers->pdata,
                                                       viewers->len, SIGHT_CELL_MM);
    }

  gtk_widget_set_visible (self->sight_area, self->sight_grid != NULL);
  if (self->sight_grid != NULL && self->sight_tick_id == 0)
    self->sight_tick_id = gtk_widget_add_tick_callback (self->sight_area, sight_tick_cb, self, NULL);
  else if (self->sight_grid == NULL && self->sight_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (self->sight_area, self->sight_tick_id);
      self->sight_tick_id = 0;
    }
  gtk_widget_queue_draw (self->sight_area);
}

static gboolean
sight_update_cb (gpointer data)
{
  MusterWindow *self = data;

  self->sight_update_id = 0;
  update_sight (self);

  return G_SOURCE_REMOVE;
}

/* Once the pieces stop moving. */
void
_muster_window_schedule_sight_update (MusterWindow *self)
{
  if (self->sight_piece == NULL && self->sight_player == NULL)
    return;

  g_clear_handle_id (&self->sight_update_id, g_source_remove);
  self->sight_update_id = g_timeout_add (SIGHT_DELAY_MS, sight_update_cb, self);
}

void
_muster_window_show_sight (MusterWindow *self,
                           const char   *piece_id,
                           const char   *player_id)
{
  g_free (self->sight_piece);
  g_free (self->sight_player);
  self->sight_piece = g_strdup (piece_id);
  self->sight_player = g_strdup (player_id);
  update_sight (self);
}

void
_muster_window_init_sight (MusterWindow *self)
{
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->sight_area), sight_draw_cb, self, NULL);
}

void
_muster_window_dispose_sight (MusterWindow *self)
{
  g_clear_handle_id (&self->sight_update_id, g_source_remove);
  if (self->sight_tick_id != 0)
    gtk_widget_remove_tick_callback (self->sight_area, self->sight_tick_id);
  self->sight_tick_id = 0;
  g_clear_pointer (&self->sight_grid, muster_sight_grid_unref);
  g_clear_pointer (&self->sight_piece, g_free);
  g_clear_pointer (&self->sight_player, g_free);
}

MusterSightGrid *
muster_window_get_sight_grid (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  return self->sight_grid;
}
