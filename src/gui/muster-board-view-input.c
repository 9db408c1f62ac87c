/* muster-board-view-input.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-board-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "muster-board-view-private.h"

/* The grid of the layout, as the editor keeps it. */

static double
snap_length (MusterBoardView *self,
             double           mm)
{
  return muster_editor_snap_length (_muster_board_view_get_editor (self), mm);
}

static MusterPoint
snap_point (MusterBoardView *self,
            MusterPoint      p)
{
  return muster_editor_snap_point (_muster_board_view_get_editor (self), p);
}

static double
snap_length_if_near (MusterBoardView *self,
                     double           mm)
{
  return muster_editor_snap_length_if_near (_muster_board_view_get_editor (self), mm);
}

GPtrArray *
_muster_board_view_check_piece (MusterBoardView   *self,
                                const MusterPiece *piece,
                                double             x,
                                double             y,
                                double             rotation)
{
  if (self->validator == NULL)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) muster_violation_free);

  return muster_validator_check_placement (self->validator, piece, x, y, rotation);
}

/* Pieces that move */

gboolean
_muster_board_view_is_moving (MusterBoardView *self,
                              guint            serial)
{
  if (self->moving == NULL || serial == 0)
    return FALSE;

  for (guint i = 0; i < self->moving->len; i++)
    if (g_array_index (self->moving, Moving, i).serial == serial)
      return TRUE;

  return FALSE;
}

/* Pieces that move together keep their places among themselves, so the
 * verdicts between them are the ones they already had: only the others
 * count. */
static void
drop_pairs_within (MusterBoardView *self,
                   GPtrArray       *violations)
{
  guint i = 0;

  if (self->moving == NULL || self->moving->len < 2)
    return;

  while (i < violations->len)
    {
      const MusterViolation *v = g_ptr_array_index (violations, i);

      if (_muster_board_view_is_moving (self, v->other_serial))
        g_ptr_array_remove_index (violations, i);
      else
        i++;
    }
}

void
_muster_board_view_set_feedback (MusterBoardView *self,
                                 GPtrArray       *violations)
{
  _muster_board_view_clear_feedback (self);
  self->feedback_legal = violations == NULL || violations->len == 0;
  if (self->feedback_legal)
    return;

  self->feedback_violations = g_ptr_array_ref (violations);
  self->feedback_bubble = _muster_board_view_bubble_text (self, violations);
}

void
_muster_board_view_clear_feedback (MusterBoardView *self)
{
  g_clear_pointer (&self->feedback_violations, g_ptr_array_unref);
  g_clear_pointer (&self->feedback_bubble, g_free);
  g_clear_pointer (&self->feedback, g_free);
}

/* The piece the pointer holds in a move of several. */
static const Moving *
moving_anchor (MusterBoardView *self)
{
  if (self->moving == NULL || self->moving->len == 0)
    return NULL;

  for (guint i = 0; i < self->moving->len; i++)
    {
      const Moving *m = &g_array_index (self->moving, Moving, i);

      if (m->serial == self->press_serial)
        return m;
    }

  return &g_array_index (self->moving, Moving, 0);
}

/* Where a moved piece lands: the others of a group keep their distances
 * from the pressed piece, and their places on the grid (as
 * muster_editor_move() will put them). */
static MusterPoint
moved_position (MusterBoardView *self,
                const Moving    *m)
{
  return (MusterPoint) {
    snap_length_if_near (self, m->x + self->move_dx),
    snap_length_if_near (self, m->y + self->move_dy),
  };
}

static void
update_moving (MusterBoardView *self)
{
  const Moving *primary;

  for (guint i = 0; i < self->moving->len; i++)
    {
      Moving *m = &g_array_index (self->moving, Moving, i);

      g_clear_pointer (&m->violations, g_ptr_array_unref);
      if (i >= MAX_FEEDBACK && m->serial != self->press_serial)
        continue;

      if (self->mode == MODE_ROTATE)
        m->violations = _muster_board_view_check_piece (self, m->piece, m->x, m->y, self->rotation);
      else
        {
          MusterPoint p = moved_position (self, m);

          m->violations = _muster_board_view_check_piece (self, m->piece, p.x, p.y, m->rotation);
        }
      drop_pairs_within (self, m->violations);
    }

  primary = moving_anchor (self);
  _muster_board_view_set_feedback (self, primary != NULL ? primary->violations : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
moving_clear (gpointer data)
{
  Moving *m = data;

  g_clear_pointer (&m->violations, g_ptr_array_unref);
}

static void
start_moving (MusterBoardView *self,
              Mode             mode)
{
  g_autoptr(GArray) serials = muster_board_view_get_selection (self);
  MusterPiece *pressed = _muster_board_view_lookup_serial (self, self->press_serial);

  /* Refused once, at the start, rather than dragged for nothing. */
  if (!_muster_board_view_may_edit (self, serials))
    {
      self->mode = MODE_NONE;
      return;
    }

  g_clear_pointer (&self->moving, g_array_unref);
  g_clear_pointer (&self->ghosts, gsk_render_node_unref);
  self->moving = g_array_sized_new (FALSE, TRUE, sizeof (Moving), serials->len);
  g_array_set_clear_func (self->moving, moving_clear);

  for (guint i = 0; i < serials->len; i++)
    {
      Moving m = { 0 };

      m.serial = g_array_index (serials, guint, i);
      m.piece = _muster_board_view_lookup_serial (self, m.serial);
      if (m.piece == NULL)
        continue;
      m.x = m.piece->x;
      m.y = m.piece->y;
      m.rotation = m.piece->rotation;
      g_array_append_val (self->moving, m);
    }

  self->mode = mode;
  self->move_dx = 0;
  self->move_dy = 0;
  if (pressed != NULL)
    self->rotation = pressed->rotation;

  _muster_board_view_build_drag_cache (self, pressed != NULL && muster_piece_is_deployable (pressed)
                                               ? pressed->owner : self->acting_player);
  update_moving (self);
  _muster_board_view_update_actions (self);
}

static void
stop_moving (MusterBoardView *self)
{
  g_clear_pointer (&self->moving, g_array_unref);
  g_clear_pointer (&self->ghosts, gsk_render_node_unref);
  _muster_board_view_clear_feedback (self);
  _muster_board_view_drop_drag_cache (self);
}

static void
commit_moving (MusterBoardView *self)
{
  g_autoptr(GArray) moving = g_steal_pointer (&self->moving);
  g_autoptr(GArray) serials = NULL;
  MusterEditor *editor = _muster_board_view_get_editor (self);

  if (moving == NULL || moving->len == 0 || editor == NULL)
    return;

  serials = g_array_sized_new (FALSE, FALSE, sizeof (guint), moving->len);
  for (guint i = 0; i < moving->len; i++)
    g_array_append_val (serials, g_array_index (moving, Moving, i).serial);

  if (self->mode == MODE_ROTATE)
    muster_editor_set_rotation (editor, (guint *) (gpointer) serials->data, serials->len, self->rotation);
  else
    muster_editor_move (editor, (guint *) (gpointer) serials->data, serials->len, self->move_dx, self->move_dy);
}

gboolean
muster_board_view_get_feedback (MusterBoardView  *self,
                                gboolean         *legal,
                                const char      **reasons)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), FALSE);

  if (self->moving == NULL && !(self->placing != NULL && self->placing_visible))
    return FALSE;

  if (legal != NULL)
    *legal = self->feedback_legal;
  if (reasons != NULL && self->feedback == NULL && self->feedback_violations != NULL)
    self->feedback = _muster_board_view_describe_violations (self, self->feedback_violations);
  if (reasons != NULL)
    *reasons = self->feedback;

  return TRUE;
}

/* What a click of the objective and marker tools puts down. */
MusterPiece *
_muster_board_view_make_tool_piece (MusterBoardView *self,
                                    MusterPoint      p)
{
  MusterBase base = { MUSTER_BASE_ROUND, 40, 40 };

  p = snap_point (self, p);
  if (self->tool == MUSTER_BOARD_TOOL_OBJECTIVE)
    return muster_piece_new ("objective", MUSTER_PIECE_OBJECTIVE, MUSTER_OWNER_NEUTRAL, &base, p.x, p.y);

  base.width = base.depth = 25;

  return muster_piece_new ("marker", MUSTER_PIECE_MARKER,
                           self->acting_player != NULL ? self->acting_player : MUSTER_OWNER_NEUTRAL,
                           &base, p.x, p.y);
}

/* Measuring */

void
_muster_board_view_update_measure (MusterBoardView *self)
{
  MusterPiece *a = _muster_board_view_lookup_serial (self, self->measure_serial_a);
  MusterPiece *b;
  MusterOutline oa, ob;

  self->measure_serial_b = _muster_board_view_piece_at (self, self->current, self->measure_serial_a);
  b = _muster_board_view_lookup_serial (self, self->measure_serial_b);

  if (a != NULL)
    muster_piece_get_outline (a, &oa);
  else
    muster_outline_init_circle (&oa, self->press.x, self->press.y, 0);

  if (b != NULL)
    muster_piece_get_outline (b, &ob);
  else
    muster_outline_init_circle (&ob, self->current.x, self->current.y, 0);

  if (a == NULL && b == NULL)
    {
      self->measure_from = self->press;
      self->measure_to = self->current;
      self->measure_mm = hypot (self->current.x - self->press.x, self->current.y - self->press.y);
    }
  else
    {
      double d = muster_outline_separation (&oa, &ob, &self->measure_from, &self->measure_to);

      self->measure_mm = MAX (d, 0);
      if (d <= 0)
        self->measure_to = self->measure_from;
    }

  if (!self->has_measure)
    {
      self->has_measure = TRUE;
      _muster_board_view_update_actions (self);
    }
  muster_outline_clear (&oa);
  muster_outline_clear (&ob);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
muster_board_view_get_measurement (MusterBoardView *self,
                                   double          *distance,
                                   MusterPoint     *from,
                                   MusterPoint     *to)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), FALSE);

  if (!self->has_measure)
    return FALSE;

  if (distance != NULL)
    *distance = self->measure_mm;
  if (from != NULL)
    *from = self->measure_from;
  if (to != NULL)
    *to = self->measure_to;

  return TRUE;
}

/* Drawing terrain */

static void
finish_polygon (MusterBoardView *self)
{
  g_autoptr(GArray) polygon = g_steal_pointer (&self->polygon);

  _muster_board_view_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (polygon == NULL || polygon->len < 3)
    return;

  muster_board_view_add_terrain (self, (MusterPoint *) (gpointer) polygon->data, polygon->len);
}

static void
add_corner (MusterBoardView *self,
            MusterPoint      corner)
{
  if (self->polygon == NULL)
    self->polygon = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  g_array_append_val (self->polygon, corner);
  _muster_board_view_update_actions (self);
}

static void
finish_rectangle (MusterBoardView *self)
{
  if (fabs (self->current.x - self->press.x) >= MIN_TERRAIN &&
      fabs (self->current.y - self->press.y) >= MIN_TERRAIN)
    {
      double x0 = snap_length (self, MIN (self->press.x, self->current.x));
      double x1 = snap_length (self, MAX (self->press.x, self->current.x));
      double y0 = snap_length (self, MIN (self->press.y, self->current.y));
      double y1 = snap_length (self, MAX (self->press.y, self->current.y));
      MusterPoint points[] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };

      muster_board_view_add_terrain (self, points, G_N_ELEMENTS (points));
    }
}

/* The pointer */

void
_muster_board_view_cancel_interaction (MusterBoardView *self)
{
  if (self->moving != NULL)
    stop_moving (self);
  g_clear_pointer (&self->terrain_start, muster_terrain_free);
  g_clear_pointer (&self->polygon, g_array_unref);
  if (self->placing != NULL)
    muster_board_view_finish_placement (self, FALSE);
  self->mode = MODE_NONE;
  _muster_board_view_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_board_view_cancel (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  _muster_board_view_cancel_interaction (self);
}

/* A press of the select tool: on the handle, a piece, terrain or
 * nothing. */
static void
press_select (MusterBoardView *self,
              double           x,
              double           y)
{
  gboolean extend = (self->press_state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;
  const MusterTerrain *terrain;
  double hx, hy;

  if (_muster_board_view_get_handle (self, &hx, &hy, NULL, NULL) &&
      hypot (x - hx, y - hy) <= HANDLE_RADIUS + 4)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, self->selection);
      g_hash_table_iter_next (&iter, &key, NULL);
      self->press_serial = GPOINTER_TO_UINT (key);
      start_moving (self, MODE_ROTATE);
      return;
    }

  self->press_serial = _muster_board_view_piece_at (self, self->press, 0);
  if (self->press_serial != 0)
    {
      if (extend)
        _muster_board_view_toggle_piece (self, self->press_serial);
      else if (!muster_board_view_is_selected (self, self->press_serial))
        muster_board_view_select_piece (self, self->press_serial, FALSE);
      else
        self->focus_serial = self->press_serial;

      self->mode = muster_board_view_is_selected (self, self->press_serial) ? MODE_PRESS_PIECE : MODE_NONE;
      return;
    }

  terrain = _muster_board_view_terrain_at (self, self->press);
  if (terrain != NULL && !extend)
    {
      muster_board_view_select_terrain (self, terrain->id);
      self->terrain_start = muster_terrain_copy (terrain);
      self->mode = MODE_PRESS_TERRAIN;
      return;
    }

  if (!extend)
    muster_board_view_unselect_all (self);
  self->mode = MODE_BAND;
}

void
muster_board_view_pointer_press (MusterBoardView *self,
                                 double           x,
                                 double           y,
                                 GdkModifierType  state)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  if (self->moving != NULL)
    stop_moving (self);

  self->press_x = x;
  self->press_y = y;
  self->press_state = state;
  muster_board_view_widget_to_board (self, x, y, &self->press);
  self->current = self->press;
  self->press_serial = 0;
  self->mode = MODE_NONE;

  switch (self->tool)
    {
    case MUSTER_BOARD_TOOL_SELECT:
      press_select (self, x, y);
      break;

    case MUSTER_BOARD_TOOL_MEASURE:
      self->measure_serial_a = _muster_board_view_piece_at (self, self->press, 0);
      self->mode = MODE_MEASURE;
      _muster_board_view_update_measure (self);
      break;

    case MUSTER_BOARD_TOOL_RECTANGLE:
      self->mode = MODE_RECTANGLE;
      break;

    case MUSTER_BOARD_TOOL_POLYGON:
    case MUSTER_BOARD_TOOL_OBJECTIVE:
    case MUSTER_BOARD_TOOL_MARKER:
      self->mode = MODE_CLICK;
      break;

    default:
      g_assert_not_reached ();
    }

  _muster_board_view_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The pressed piece lands on the grid; the others keep their distances
 * from it. */
static void
motion_move (MusterBoardView *self)
{
  const Moving *anchor = moving_anchor (self);

  self->move_dx = self->current.x - self->press.x;
  self->move_dy = self->current.y - self->press.y;
  if (anchor != NULL)
    {
      self->move_dx = snap_length (self, anchor->x + self->move_dx) - anchor->x;
      self->move_dy = snap_length (self, anchor->y + self->move_dy) - anchor->y;
    }
  update_moving (self);
}

static void
motion_rotate (MusterBoardView *self)
{
  MusterPiece *piece = _muster_board_view_lookup_serial (self, self->press_serial);
  double angle;

  if (piece == NULL)
    return;

  angle = atan2 (self->current.x - piece->x, -(self->current.y - piece->y)) * 180 / G_PI;
  /* Steps of 15° with Shift, else whole degrees. */
  if (self->press_state & GDK_SHIFT_MASK)
    angle = round (angle / 15) * 15;
  else
    angle = round (angle);
  self->rotation = fmod (fmod (angle, 360) + 360, 360);
  update_moving (self);
}

void
muster_board_view_pointer_motion (MusterBoardView *self,
                                  double           x,
                                  double           y)
{
  gboolean beyond;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  muster_board_view_widget_to_board (self, x, y, &self->current);
  beyond = hypot (x - self->press_x, y - self->press_y) >= DRAG_THRESHOLD;

  switch (self->mode)
    {
    case MODE_PRESS_PIECE:
      if (beyond)
        {
          start_moving (self, MODE_MOVE);
          muster_board_view_pointer_motion (self, x, y);
        }
      break;

    case MODE_PRESS_TERRAIN:
      if (beyond)
        self->mode = MODE_MOVE_TERRAIN;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;

    case MODE_MOVE:
      motion_move (self);
      break;

    case MODE_ROTATE:
      motion_rotate (self);
      break;

    case MODE_MEASURE:
      _muster_board_view_update_measure (self);
      break;

    case MODE_NONE:
    case MODE_PAN:
    case MODE_BAND:
    case MODE_MOVE_TERRAIN:
    case MODE_RECTANGLE:
    case MODE_CLICK:
    default:
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    }
}

static void
select_band (MusterBoardView *self)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  double x0 = MIN (self->press.x, self->current.x);
  double x1 = MAX (self->press.x, self->current.x);
  double y0 = MIN (self->press.y, self->current.y);
  double y1 = MAX (self->press.y, self->current.y);

  _muster_board_view_clear_terrain_selection (self);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      /* Whatever has its centre in the band. */
      if (piece->x >= x0 && piece->x <= x1 && piece->y >= y0 && piece->y <= y1)
        {
          g_hash_table_add (self->selection, GUINT_TO_POINTER (piece->serial));
          self->focus_serial = piece->serial;
        }
    }

  _muster_board_view_selection_changed (self);
}

/* Terrain dragged: its first corner lands on the grid, the others keep
 * their distances from it. */
static void
release_terrain (MusterBoardView *self)
{
  g_autoptr(MusterTerrain) start = g_steal_pointer (&self->terrain_start);
  double dx = self->current.x - self->press.x;
  double dy = self->current.y - self->press.y;

  if (start == NULL)
    return;

  if (start->n_points > 0)
    {
      dx = snap_length (self, start->points[0].x + dx) - start->points[0].x;
      dy = snap_length (self, start->points[0].y + dy) - start->points[0].y;
    }
  _muster_board_view_move_terrain (self, start->id, dx, dy);
}

/* A click of the polygon, objective and marker tools. */
static void
release_click (MusterBoardView *self,
               double           x,
               double           y)
{
  if (self->swallow_click)
    {
      self->swallow_click = FALSE;
      return;
    }

  if (self->tool == MUSTER_BOARD_TOOL_POLYGON)
    {
      double fx, fy;

      if (self->polygon != NULL && self->polygon->len >= 3)
        {
          muster_board_view_board_to_widget (self, g_array_index (self->polygon, MusterPoint, 0), &fx, &fy);
          if (hypot (x - fx, y - fy) <= CLOSE_DISTANCE)
            {
              finish_polygon (self);
              return;
            }
        }
      add_corner (self, snap_point (self, self->current));
    }
  else if (self->tool == MUSTER_BOARD_TOOL_OBJECTIVE || self->tool == MUSTER_BOARD_TOOL_MARKER)
    {
      muster_board_view_place_piece (self, _muster_board_view_make_tool_piece (self, self->current));
    }
}

void
muster_board_view_pointer_release (MusterBoardView *self,
                                   double           x,
                                   double           y)
{
  Mode mode;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  muster_board_view_pointer_motion (self, x, y);
  mode = self->mode;
  /* A move is committed in its mode (see commit_moving()). */
  if (mode != MODE_MOVE && mode != MODE_ROTATE)
    self->mode = MODE_NONE;

  switch (mode)
    {
    case MODE_MOVE:
    case MODE_ROTATE:
      commit_moving (self);
      self->mode = MODE_NONE;
      stop_moving (self);
      break;

    case MODE_MOVE_TERRAIN:
      release_terrain (self);
      break;

    case MODE_BAND:
      if (hypot (x - self->press_x, y - self->press_y) >= DRAG_THRESHOLD)
        select_band (self);
      break;

    case MODE_RECTANGLE:
      finish_rectangle (self);
      break;

    case MODE_CLICK:
      release_click (self, x, y);
      break;

    case MODE_PRESS_TERRAIN:
      g_clear_pointer (&self->terrain_start, muster_terrain_free);
      break;

    case MODE_PRESS_PIECE:
      /* A click on one of several selected pieces keeps that one. */
      if (!(self->press_state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) &&
          g_hash_table_size (self->selection) > 1)
        muster_board_view_select_piece (self, self->press_serial, FALSE);
      break;

    case MODE_NONE:
    case MODE_PAN:
    case MODE_MEASURE:
    default:
      break;
    }

  _muster_board_view_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Events */

static void
update_cursor (MusterBoardView *self,
               double           x,
               double           y)
{
  MusterPoint p;
  double hx, hy;
  const char *name = NULL;

  if (self->tool != MUSTER_BOARD_TOOL_SELECT || self->mode != MODE_NONE || self->space_held)
    return;

  muster_board_view_widget_to_board (self, x, y, &p);
  if (_muster_board_view_get_handle (self, &hx, &hy, NULL, NULL) && hypot (x - hx, y - hy) <= HANDLE_RADIUS + 4)
    name = "grab";
  else if (_muster_board_view_piece_at (self, p, 0) != 0)
    name = "pointer";

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
motion_cb (MusterBoardView          *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *motion)
{
  /* The mouse taking over from the keyboard; not the motion that GTK
   * makes up when the pointer did not move. */
  if (self->key_cursor_active && self->pointer_x >= 0 &&
      hypot (x - self->pointer_x, y - self->pointer_y) > 3)
    {
      self->key_cursor_active = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  self->pointer_x = x;
  self->pointer_y = y;

  update_cursor (self, x, y);

  if (self->polygon != NULL ||
      self->tool == MUSTER_BOARD_TOOL_OBJECTIVE ||
      self->tool == MUSTER_BOARD_TOOL_MARKER)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
leave_cb (MusterBoardView          *self,
          GtkEventControllerMotion *motion)
{
  self->pointer_x = -1;
  self->pointer_y = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
scroll_cb (MusterBoardView          *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *scroll)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  gboolean smooth = gtk_event_controller_scroll_get_unit (scroll) == GDK_SCROLL_UNIT_SURFACE;

  if (state & GDK_CONTROL_MASK)
    {
      /* Touchpads report pixels, wheels report clicks. */
      double factor = smooth ? exp (-dy * 0.01) : pow (ZOOM_STEP, -dy);

      _muster_board_view_zoom_at_pointer (self, factor);
      return GDK_EVENT_STOP;
    }

  if (state & GDK_SHIFT_MASK)
    {
      double t = dx;

      dx = dy;
      dy = t;
    }

  muster_board_view_pan (self, -dx * (smooth ? 1 : 40), -dy * (smooth ? 1 : 40));

  return GDK_EVENT_STOP;
}

static void
drag_begin_cb (MusterBoardView *self,
               double           x,
               double           y,
               GtkGestureDrag  *drag)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (drag));

  gtk_widget_grab_focus (GTK_WIDGET (self));

  if (button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && self->space_held))
    {
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
      self->mode = MODE_PAN;
      self->drag_centre_x = self->centre_x;
      self->drag_centre_y = self->centre_y;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
      _muster_board_view_update_actions (self);
      return;
    }

  if (button != GDK_BUTTON_PRIMARY || self->scene == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
  muster_board_view_pointer_press (self, x, y, state);
}

static void
drag_update_cb (MusterBoardView *self,
                double           dx,
                double           dy,
                GtkGestureDrag  *drag)
{
  double x, y;

  gtk_gesture_drag_get_start_point (drag, &x, &y);

  if (self->mode == MODE_PAN)
    {
      double scale = muster_board_view_get_scale (self);

      self->centre_x = self->drag_centre_x - dx / scale;
      self->centre_y = self->drag_centre_y - dy / scale;
      _muster_board_view_clamp_centre (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  self->pointer_x = x + dx;
  self->pointer_y = y + dy;
  muster_board_view_pointer_motion (self, x + dx, y + dy);
}

static void
drag_end_cb (MusterBoardView *self,
             double           dx,
             double           dy,
             GtkGestureDrag  *drag)
{
  double x, y;

  if (self->mode == MODE_PAN)
    {
      self->mode = MODE_NONE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->space_held ? "grab" : NULL);
      _muster_board_view_update_actions (self);
      return;
    }

  if (self->mode == MODE_NONE && self->moving == NULL)
    return;

  gtk_gesture_drag_get_start_point (drag, &x, &y);
  muster_board_view_pointer_release (self, x + dx, y + dy);
}

static void
drag_cancel_cb (MusterBoardView  *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  if (self->mode != MODE_NONE && self->mode != MODE_PAN)
    _muster_board_view_cancel_interaction (self);
  self->mode = MODE_NONE;
  _muster_board_view_update_actions (self);
}

static void
pinch_begin_cb (MusterBoardView  *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  self->pinch_zoom = self->zoom;
}

static void
pinch_scale_changed_cb (MusterBoardView *self,
                        double           scale,
                        GtkGestureZoom  *gesture)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    return;

  muster_board_view_zoom_at (self, self->pinch_zoom * scale / self->zoom, x, y);
}

static void
secondary_pressed_cb (MusterBoardView *self,
                      int              n_press,
                      double           x,
                      double           y,
                      GtkGestureClick *click)
{
  MusterPoint p;
  guint serial;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->scene == NULL)
    return;

  muster_board_view_widget_to_board (self, x, y, &p);
  serial = _muster_board_view_piece_at (self, p, 0);
  if (serial != 0)
    {
      if (!muster_board_view_is_selected (self, serial))
        muster_board_view_select_piece (self, serial, FALSE);
    }
  else
    {
      const MusterTerrain *terrain = _muster_board_view_terrain_at (self, p);

      if (terrain != NULL)
        muster_board_view_select_terrain (self, terrain->id);
      else
        muster_board_view_unselect_all (self);
    }

  _muster_board_view_emit_context_menu (self, x, y);
}

static void
double_click_cb (MusterBoardView *self,
                 int              n_press,
                 double           x,
                 double           y,
                 GtkGestureClick *click)
{
  /* A double click ends a polygon: its first click put down the last
   * point, its second is spent. */
  if (n_press == 2 && self->polygon != NULL)
    {
      self->swallow_click = TRUE;
      finish_polygon (self);
    }
}

/* The space bar held down: the primary button pans. */
static gboolean
key_pressed_cb (MusterBoardView       *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *key)
{
  if (keyval != GDK_KEY_space || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) || self->scene == NULL)
    return GDK_EVENT_PROPAGATE;

  self->space_held = TRUE;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");

  return GDK_EVENT_STOP;
}

static void
key_released_cb (MusterBoardView       *self,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 GtkEventControllerKey *key)
{
  if (keyval == GDK_KEY_space)
    {
      self->space_held = FALSE;
      if (self->mode != MODE_PAN)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
    }
}

/* The keyboard cursor */

static gboolean
on_table (MusterBoardView *self,
          MusterPoint      p)
{
  return self->layout != NULL &&
         p.x >= 0 && p.x <= muster_layout_get_width (self->layout) &&
         p.y >= 0 && p.y <= muster_layout_get_height (self->layout);
}

/* Where Return acts in a tool: at the keyboard cursor, else at the
 * pointer when it is over the table, else in the middle of what shows of
 * the table. */
static MusterPoint
key_point (MusterBoardView *self)
{
  MusterPoint p;

  if (self->key_cursor_active)
    return self->key_cursor;

  if (self->pointer_x >= 0 && self->pointer_y >= 0 &&
      self->pointer_x <= gtk_widget_get_width (GTK_WIDGET (self)) &&
      self->pointer_y <= gtk_widget_get_height (GTK_WIDGET (self)))
    {
      muster_board_view_widget_to_board (self, self->pointer_x, self->pointer_y, &p);
      if (on_table (self, p))
        return p;
    }

  return _muster_board_view_visible_table_centre (self);
}

static void
key_cursor_place (MusterBoardView *self,
                  MusterPoint      p)
{
  self->key_cursor = p;
  self->key_cursor_active = TRUE;
  self->current = self->key_cursor;
  if (self->mode == MODE_MEASURE)
    _muster_board_view_update_measure (self);
  _muster_board_view_reveal_point (self, self->key_cursor);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The arrows: in the tools, move the keyboard cursor; else move what is
 * selected, else look around. */
void
_muster_board_view_key_nudge (MusterBoardView *self,
                              int              dx,
                              int              dy,
                              gboolean         fine)
{
  double step = muster_editor_get_nudge_step (self->units, fine);

  if (self->layout == NULL)
    return;

  if (self->tool != MUSTER_BOARD_TOOL_SELECT)
    {
      MusterPoint p = key_point (self);

      p.x = CLAMP (p.x + dx * step, 0, muster_layout_get_width (self->layout));
      p.y = CLAMP (p.y + dy * step, 0, muster_layout_get_height (self->layout));
      key_cursor_place (self, p);
    }
  else if (_muster_board_view_has_selection (self))
    _muster_board_view_nudge_selection (self, dx, dy, fine);
  else
    muster_board_view_pan (self, -dx * 60, -dy * 60);
}

/* Tab. The ruler measures between pieces: its keyboard cursor goes to
 * the piece, and Return there measures from (or to) its edge. */
gboolean
_muster_board_view_key_select_next (MusterBoardView *self,
                                    gboolean         backwards)
{
  if (!_muster_board_view_select_next (self, backwards, self->tool != MUSTER_BOARD_TOOL_MEASURE))
    return FALSE;

  if (self->tool == MUSTER_BOARD_TOOL_MEASURE && g_hash_table_size (self->selection) == 1)
    {
      MusterPiece *piece = _muster_board_view_lookup_serial (self, self->focus_serial);

      if (piece != NULL)
        key_cursor_place (self, (MusterPoint) { piece->x, piece->y });
    }

  return TRUE;
}

/* Return in the polygon tool puts a corner where the keyboard cursor is;
 * Return again there, or on the first corner, closes the outline. */
static void
key_activate_polygon (MusterBoardView *self)
{
  MusterPoint p = snap_point (self, key_point (self));

  if (self->polygon != NULL && self->polygon->len > 0)
    {
      const MusterPoint *first = &g_array_index (self->polygon, MusterPoint, 0);
      const MusterPoint *last = &g_array_index (self->polygon, MusterPoint, self->polygon->len - 1);

      if (!self->key_cursor_active ||
          hypot (p.x - last->x, p.y - last->y) < 1e-6 ||
          hypot (p.x - first->x, p.y - first->y) < 1e-6)
        {
          if (self->polygon->len < 3)
            _muster_board_view_emit_message (self, _("Terrain needs at least three corners"));
          else
            finish_polygon (self);
          return;
        }
    }

  add_corner (self, p);
  key_cursor_place (self, p);
}

/* Return in the ruler and rectangle tools: the first end, then the
 * second. */
static void
key_activate_two_ends (MusterBoardView *self,
                       Mode             mode)
{
  MusterPoint p;

  if (self->mode == mode)
    {
      self->mode = MODE_NONE;
      /* The measurement stays on show; the rectangle becomes terrain. */
      if (mode == MODE_RECTANGLE)
        finish_rectangle (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  p = key_point (self);
  self->press = self->current = p;
  if (mode == MODE_MEASURE)
    self->measure_serial_a = _muster_board_view_piece_at (self, p, 0);
  self->mode = mode;
  key_cursor_place (self, p);
}

/* Return in the tools: what a click (or a press and a release) does,
 * where the keyboard cursor is. */
gboolean
_muster_board_view_key_activate (MusterBoardView *self)
{
  if (self->layout == NULL)
    return FALSE;

  switch (self->tool)
    {
    case MUSTER_BOARD_TOOL_POLYGON:
      key_activate_polygon (self);
      break;

    case MUSTER_BOARD_TOOL_MEASURE:
      key_activate_two_ends (self, MODE_MEASURE);
      break;

    case MUSTER_BOARD_TOOL_RECTANGLE:
      key_activate_two_ends (self, MODE_RECTANGLE);
      break;

    case MUSTER_BOARD_TOOL_OBJECTIVE:
    case MUSTER_BOARD_TOOL_MARKER:
      muster_board_view_place_piece (self, _muster_board_view_make_tool_piece (self, key_point (self)));
      break;

    case MUSTER_BOARD_TOOL_SELECT:
    default:
      return FALSE;
    }

  _muster_board_view_update_actions (self);

  return TRUE;
}

/* Escape: what is under way stops, else the measurement goes, else the
 * tool goes back to selecting, else the selection goes. */
gboolean
_muster_board_view_key_cancel (MusterBoardView *self)
{
  if (self->mode != MODE_NONE || self->moving != NULL || self->polygon != NULL || self->placing != NULL)
    _muster_board_view_cancel_interaction (self);
  else if (self->has_measure)
    {
      self->has_measure = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else if (self->tool != MUSTER_BOARD_TOOL_SELECT)
    muster_board_view_set_tool (self, MUSTER_BOARD_TOOL_SELECT);
  else if (_muster_board_view_has_selection (self))
    muster_board_view_unselect_all (self);
  else
    return FALSE;

  _muster_board_view_update_actions (self);

  return TRUE;
}

/* The context menu key: the menu of what is selected, beside it. */
gboolean
_muster_board_view_key_context_menu (MusterBoardView *self)
{
  MusterPoint p;
  double x, y;

  if (g_hash_table_size (self->selection) > 0)
    {
      MusterPiece *piece = muster_board_view_is_selected (self, self->focus_serial)
                             ? _muster_board_view_lookup_serial (self, self->focus_serial) : NULL;

      if (piece == NULL)
        {
          g_autoptr(GArray) serials = muster_board_view_get_selection (self);

          piece = _muster_board_view_lookup_serial (self, g_array_index (serials, guint, 0));
        }
      if (piece == NULL)
        return FALSE;
      p = (MusterPoint) { piece->x, piece->y };
    }
  else if (self->selected_terrain != NULL)
    {
      const MusterTerrain *t = muster_layout_lookup_terrain (self->layout, self->selected_terrain);

      if (t == NULL || t->n_points == 0)
        return FALSE;
      p = (MusterPoint) { 0, 0 };
      for (guint i = 0; i < t->n_points; i++)
        {
          p.x += t->points[i].x / t->n_points;
          p.y += t->points[i].y / t->n_points;
        }
    }
  else
    return FALSE;

  muster_board_view_board_to_widget (self, p, &x, &y);
  x = CLAMP (x, 0, gtk_widget_get_width (GTK_WIDGET (self)));
  y = CLAMP (y, 0, gtk_widget_get_height (GTK_WIDGET (self)));
  _muster_board_view_emit_context_menu (self, x, y);

  return TRUE;
}

/* Backspace while drawing an outline: its last corner goes, and the
 * keyboard's cross goes back to the corner before. */
void
_muster_board_view_remove_corner (MusterBoardView *self)
{
  if (self->polygon == NULL)
    return;

  g_array_set_size (self->polygon, self->polygon->len - 1);
  if (self->polygon->len == 0)
    g_clear_pointer (&self->polygon, g_array_unref);
  else if (self->key_cursor_active)
    key_cursor_place (self, g_array_index (self->polygon, MusterPoint, self->polygon->len - 1));

  _muster_board_view_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
add_pointer_controllers (MusterBoardView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_swapped (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect_swapped (gesture, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect_swapped (gesture, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect_swapped (gesture, "scale-changed", G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (double_click_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}

/* The gestures, the space bar and the drop target; the other keys are
 * the class's bindings (muster-board-view-actions.c). */
void
_muster_board_view_init_input (MusterBoardView *self)
{
  GtkEventController *controller;

  add_pointer_controllers (self);

  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  g_signal_connect_swapped (controller, "key-released", G_CALLBACK (key_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  _muster_board_view_init_dnd (self);
}
