/* muster-board-view-selection.c
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

/* What is under a point */

guint
_muster_board_view_piece_at (MusterBoardView *self,
                             MusterPoint      p,
                             guint            except)
{
  g_autoptr(GPtrArray) near = NULL;

  if (self->layout == NULL)
    return 0;

  /* A hair around the point: the test below, not the index, decides. */
  near = g_ptr_array_new ();
  muster_layout_find_pieces (self->layout, &(MusterBox) { p.x - 1e-6, p.y - 1e-6, p.x + 1e-6, p.y + 1e-6 }, near);

  /* Top first: the last drawn. */
  for (guint i = near->len; i > 0; i--)
    {
      const MusterPiece *piece = g_ptr_array_index (near, i - 1);
      double reach = muster_base_reach (&piece->base);
      MusterOutline outline;
      gboolean inside;

      if (piece->serial == except)
        continue;

      if (hypot (p.x - piece->x, p.y - piece->y) > reach + 1e-9)
        continue;

      muster_piece_get_outline (piece, &outline);
      inside = muster_outline_contains_point (&outline, p);
      muster_outline_clear (&outline);

      if (inside)
        return piece->serial;
    }

  return 0;
}

static gboolean
polygon_contains (const MusterPoint *points,
                  guint              n_points,
                  MusterPoint        p)
{
  gboolean inside = FALSE;

  for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
    {
      if (((points[i].y > p.y) != (points[j].y > p.y)) &&
          (p.x < (points[j].x - points[i].x) * (p.y - points[i].y) / (points[j].y - points[i].y) + points[i].x))
        inside = !inside;
    }

  return inside;
}

const MusterTerrain *
_muster_board_view_terrain_at (MusterBoardView *self,
                               MusterPoint      p)
{
  GPtrArray *terrain;

  if (self->layout == NULL)
    return NULL;

  terrain = muster_layout_get_terrain (self->layout);
  for (guint i = terrain->len; i > 0; i--)
    {
      const MusterTerrain *t = g_ptr_array_index (terrain, i - 1);

      if (t->n_points >= 3 && polygon_contains (t->points, t->n_points, p))
        return t;
    }

  return NULL;
}

MusterPiece *
_muster_board_view_lookup_serial (MusterBoardView *self,
                                  guint            serial)
{
  if (self->layout == NULL || serial == 0)
    return NULL;

  return muster_layout_lookup_serial (self->layout, serial);
}

/* The selection */

GArray *
muster_board_view_get_selection (MusterBoardView *self)
{
  GArray *serials;
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  serials = g_array_new (FALSE, FALSE, sizeof (guint));
  if (self->layout == NULL || g_hash_table_size (self->selection) == 0)
    return serials;

  /* In file order, which is the serials' (see muster_layout_lookup_serial()):
   * what is selected, rather than a look at every piece of the table. */
  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      guint serial = GPOINTER_TO_UINT (key);

      if (muster_layout_lookup_serial (self->layout, serial) != NULL)
        g_array_append_val (serials, serial);
    }
  muster_serials_sort ((guint *) (gpointer) serials->data, serials->len);

  return serials;
}

guint
muster_board_view_get_n_selected (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), 0);

  return g_hash_table_size (self->selection);
}

gboolean
muster_board_view_is_selected (MusterBoardView *self,
                               guint            serial)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), FALSE);

  return g_hash_table_contains (self->selection, GUINT_TO_POINTER (serial));
}

/* Pieces or terrain. */
gboolean
_muster_board_view_has_selection (MusterBoardView *self)
{
  return g_hash_table_size (self->selection) > 0 || self->selected_terrain != NULL;
}

void
_muster_board_view_clear_terrain_selection (MusterBoardView *self)
{
  g_clear_pointer (&self->selected_terrain, g_free);
}

void
muster_board_view_select_piece (MusterBoardView *self,
                                guint            serial,
                                gboolean         extend)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (!extend)
    g_hash_table_remove_all (self->selection);
  _muster_board_view_clear_terrain_selection (self);

  if (_muster_board_view_lookup_serial (self, serial) != NULL)
    {
      g_hash_table_add (self->selection, GUINT_TO_POINTER (serial));
      self->focus_serial = serial;
    }

  _muster_board_view_selection_changed (self);
}

void
_muster_board_view_toggle_piece (MusterBoardView *self,
                                 guint            serial)
{
  _muster_board_view_clear_terrain_selection (self);
  if (!g_hash_table_remove (self->selection, GUINT_TO_POINTER (serial)))
    {
      g_hash_table_add (self->selection, GUINT_TO_POINTER (serial));
      self->focus_serial = serial;
    }
  _muster_board_view_selection_changed (self);
}

void
muster_board_view_select_all (MusterBoardView *self)
{
  GPtrArray *pieces;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  _muster_board_view_clear_terrain_selection (self);
  pieces = muster_layout_get_pieces (self->layout);
  for (guint i = 0; i < pieces->len; i++)
    g_hash_table_add (self->selection,
                      GUINT_TO_POINTER (((MusterPiece *) g_ptr_array_index (pieces, i))->serial));
  _muster_board_view_selection_changed (self);
}

void
muster_board_view_unselect_all (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (!_muster_board_view_has_selection (self))
    return;

  g_hash_table_remove_all (self->selection);
  _muster_board_view_clear_terrain_selection (self);
  _muster_board_view_selection_changed (self);
}

void
_muster_board_view_reveal_point (MusterBoardView *self,
                                 MusterPoint      p)
{
  double x, y;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  if (w <= 0 || h <= 0)
    return;

  muster_board_view_board_to_widget (self, p, &x, &y);
  if (x < 40 || y < 40 || x > w - 40 || y > h - 40)
    {
      self->centre_x = p.x;
      self->centre_y = p.y;
      _muster_board_view_clamp_centre (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

void
muster_board_view_reveal_piece (MusterBoardView *self,
                                guint            serial)
{
  MusterPiece *piece;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  piece = _muster_board_view_lookup_serial (self, serial);
  if (piece != NULL)
    _muster_board_view_reveal_point (self, (MusterPoint) { piece->x, piece->y });
}

/* Where Tab stands: the index of the selected terrain after the pieces,
 * or of the piece it moves on from; FALSE when neither is found. */
static gboolean
find_tab_index (MusterBoardView *self,
                gboolean         with_terrain,
                guint           *index)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  GPtrArray *terrain = muster_layout_get_terrain (self->layout);

  if (self->selected_terrain != NULL && with_terrain)
    {
      for (guint i = 0; i < terrain->len; i++)
        if (g_strcmp0 (((MusterTerrain *) g_ptr_array_index (terrain, i))->id, self->selected_terrain) == 0)
          {
            *index = pieces->len + i;
            return TRUE;
          }

      return FALSE;
    }

  for (guint i = 0; i < pieces->len; i++)
    if (((MusterPiece *) g_ptr_array_index (pieces, i))->serial == self->focus_serial)
      {
        *index = i;
        return TRUE;
      }

  return FALSE;
}

static void
select_terrain_and_reveal (MusterBoardView     *self,
                           const MusterTerrain *next)
{
  MusterBox box = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

  for (guint i = 0; i < next->n_points; i++)
    {
      box.x0 = MIN (box.x0, next->points[i].x);
      box.y0 = MIN (box.y0, next->points[i].y);
      box.x1 = MAX (box.x1, next->points[i].x);
      box.y1 = MAX (box.y1, next->points[i].y);
    }

  muster_board_view_select_terrain (self, next->id);
  if (next->n_points > 0)
    _muster_board_view_reveal_point (self, (MusterPoint) { (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2 });
}

/* The pieces in layout order, then the terrain: Tab goes round them all,
 * so that terrain can be chosen by keyboard too. */
gboolean
_muster_board_view_select_next (MusterBoardView *self,
                                gboolean         backwards,
                                gboolean         with_terrain)
{
  GPtrArray *pieces, *terrain;
  guint index = 0, n;

  if (self->layout == NULL)
    return FALSE;

  pieces = muster_layout_get_pieces (self->layout);
  terrain = muster_layout_get_terrain (self->layout);
  n = pieces->len + (with_terrain ? terrain->len : 0);
  if (n == 0)
    return FALSE;

  if (!find_tab_index (self, with_terrain, &index))
    index = backwards ? n - 1 : 0;
  else if (backwards)
    index = (index + n - 1) % n;
  else
    index = (index + 1) % n;

  if (index < pieces->len)
    {
      MusterPiece *next = g_ptr_array_index (pieces, index);

      muster_board_view_select_piece (self, next->serial, FALSE);
      muster_board_view_reveal_piece (self, next->serial);
    }
  else
    select_terrain_and_reveal (self, g_ptr_array_index (terrain, index - pieces->len));

  return TRUE;
}

void
muster_board_view_select_next (MusterBoardView *self,
                               gboolean         backwards)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  _muster_board_view_select_next (self, backwards, TRUE);
}

const char *
muster_board_view_get_selected_terrain (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  return self->selected_terrain;
}

void
muster_board_view_select_terrain (MusterBoardView *self,
                                  const char      *terrain_id)
{
  const MusterTerrain *terrain;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  g_hash_table_remove_all (self->selection);
  g_free (self->selected_terrain);
  self->selected_terrain = g_strdup (terrain_id);

  /* The kind menu shows the selected terrain's kind. */
  terrain = self->layout != NULL && terrain_id != NULL ? muster_layout_lookup_terrain (self->layout, terrain_id) : NULL;
  if (terrain != NULL)
    muster_board_view_set_terrain_kind (self, terrain->kind, terrain->blocks_lof);

  _muster_board_view_selection_changed (self);
}

/* The edits of the selection, each one step, through the editor */

/* Whether the pieces may be edited now; if not, the player is told why
 * (a trooper deployed stays where it is: muster_game_check_piece_edit()). */
gboolean
_muster_board_view_may_edit (MusterBoardView *self,
                             GArray          *serials)
{
  g_autoptr(GError) error = NULL;

  if (muster_editor_check_pieces (_muster_board_view_get_editor (self), (guint *) (gpointer) serials->data,
                                  serials->len, &error))
    return TRUE;

  _muster_board_view_emit_message (self, error->message);

  return FALSE;
}

/* A terrain edit is a removal and an addition under the same id: the
 * terrain stays selected. */
void
_muster_board_view_move_terrain (MusterBoardView *self,
                                 const char      *terrain_id,
                                 double           dx,
                                 double           dy)
{
  g_autofree char *id = g_strdup (terrain_id);
  gboolean selected = g_strcmp0 (self->selected_terrain, id) == 0;

  if (muster_editor_move_terrain (_muster_board_view_get_editor (self), id, dx, dy) && selected)
    muster_board_view_select_terrain (self, id);
}

void
muster_board_view_move_selection (MusterBoardView *self,
                                  double           dx,
                                  double           dy)
{
  g_autoptr(GArray) serials = NULL;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  if (self->selected_terrain != NULL)
    {
      _muster_board_view_move_terrain (self, self->selected_terrain, dx, dy);
      return;
    }

  serials = muster_board_view_get_selection (self);
  if (_muster_board_view_may_edit (self, serials))
    muster_editor_move (_muster_board_view_get_editor (self), (guint *) (gpointer) serials->data, serials->len,
                        dx, dy);
}

/* The arrow keys: the editor makes one undo step of a run of them. */
void
_muster_board_view_nudge_selection (MusterBoardView *self,
                                    int              dx,
                                    int              dy,
                                    gboolean         fine)
{
  MusterEditor *editor = _muster_board_view_get_editor (self);
  g_autoptr(GArray) serials = NULL;

  self->nudging = TRUE;
  if (self->selected_terrain != NULL)
    {
      g_autofree char *id = g_strdup (self->selected_terrain);

      if (muster_editor_nudge_terrain (editor, id, dx, dy, self->units, fine))
        muster_board_view_select_terrain (self, id);
    }
  else
    {
      serials = muster_board_view_get_selection (self);
      if (_muster_board_view_may_edit (self, serials))
        muster_editor_nudge (editor, (guint *) (gpointer) serials->data, serials->len, dx, dy, self->units, fine);
    }
  self->nudging = FALSE;
}

void
muster_board_view_rotate_selection (MusterBoardView *self,
                                    double           degrees)
{
  g_autoptr(GArray) serials = NULL;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  serials = muster_board_view_get_selection (self);
  if (_muster_board_view_may_edit (self, serials))
    muster_editor_rotate (_muster_board_view_get_editor (self), (guint *) (gpointer) serials->data, serials->len,
                          degrees);
}

void
muster_board_view_toggle_prone (MusterBoardView *self)
{
  g_autoptr(GArray) serials = NULL;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  serials = muster_board_view_get_selection (self);
  if (_muster_board_view_may_edit (self, serials))
    muster_editor_toggle_prone (_muster_board_view_get_editor (self), (guint *) (gpointer) serials->data,
                                serials->len);
}

void
muster_board_view_delete_selection (MusterBoardView *self)
{
  g_autoptr(GArray) serials = NULL;
  guint n;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL)
    return;

  if (self->selected_terrain != NULL)
    {
      g_autofree char *id = g_steal_pointer (&self->selected_terrain);

      muster_editor_delete_terrain (_muster_board_view_get_editor (self), id);
      _muster_board_view_selection_changed (self);
      _muster_board_view_emit_deleted (self, 0);
      return;
    }

  serials = muster_board_view_get_selection (self);
  if (serials->len == 0 || !_muster_board_view_may_edit (self, serials))
    return;

  n = muster_editor_delete (_muster_board_view_get_editor (self), (guint *) (gpointer) serials->data,
                            serials->len);

  g_hash_table_remove_all (self->selection);
  _muster_board_view_selection_changed (self);
  _muster_board_view_emit_deleted (self, n);
}

void
muster_board_view_set_selected_terrain_kind (MusterBoardView   *self,
                                             MusterTerrainKind  kind,
                                             gboolean           blocks_lof)
{
  g_autofree char *id = NULL;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->layout == NULL || self->selected_terrain == NULL)
    return;

  id = g_strdup (self->selected_terrain);
  if (muster_editor_set_terrain_kind (_muster_board_view_get_editor (self), id, kind, blocks_lof))
    muster_board_view_select_terrain (self, id);
}

MusterPiece *
muster_board_view_place_piece (MusterBoardView *self,
                               MusterPiece     *piece)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  if (self->layout == NULL)
    {
      muster_piece_free (piece);
      return NULL;
    }

  piece = muster_editor_place (_muster_board_view_get_editor (self), piece);
  if (piece != NULL)
    muster_board_view_select_piece (self, piece->serial, FALSE);

  return piece;
}

MusterPiece *
muster_board_view_place_piece_in_zone (MusterBoardView *self,
                                       MusterPiece     *piece)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  if (self->layout == NULL)
    {
      muster_piece_free (piece);
      return NULL;
    }

  piece = muster_editor_place_in_zone (_muster_board_view_get_editor (self), piece,
                                       (MusterPoint) { self->centre_x, self->centre_y });
  if (piece != NULL)
    {
      muster_board_view_select_piece (self, piece->serial, FALSE);
      muster_board_view_reveal_piece (self, piece->serial);
    }

  return piece;
}

MusterTerrain *
muster_board_view_add_terrain (MusterBoardView   *self,
                               const MusterPoint *points,
                               guint              n_points)
{
  g_autoptr(GError) error = NULL;
  MusterTerrain *terrain;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (points != NULL, NULL);

  if (self->layout == NULL)
    return NULL;

  terrain = muster_editor_add_terrain (_muster_board_view_get_editor (self), self->terrain_kind,
                                       self->terrain_blocks_lof, points, n_points, &error);
  if (terrain == NULL)
    {
      _muster_board_view_emit_message (self, _("This outline cannot be terrain: it crosses itself or has no area"));
      return NULL;
    }

  muster_board_view_select_terrain (self, terrain->id);

  return terrain;
}
