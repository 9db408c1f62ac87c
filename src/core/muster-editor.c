/* muster-editor.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "muster-choices.h"
#include "muster-editor.h"
#include "muster-expr.h"

struct _MusterEditor
{
  GObject          parent_instance;

  MusterLayout    *layout;
  MusterHistory   *history;
  MusterValidator *validator;
};

G_DEFINE_FINAL_TYPE (MusterEditor, muster_editor, G_TYPE_OBJECT)

static void
muster_editor_dispose (GObject *object)
{
  MusterEditor *self = (MusterEditor *)object;

  g_clear_object (&self->validator);
  g_clear_object (&self->history);
  g_clear_object (&self->layout);

  G_OBJECT_CLASS (muster_editor_parent_class)->dispose (object);
}

static void
muster_editor_class_init (MusterEditorClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_editor_dispose;
}

static void
muster_editor_init (MusterEditor *self)
{
}

MusterEditor *
muster_editor_new (MusterLayout  *layout,
                   MusterHistory *history)
{
  MusterEditor *self;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), NULL);
  g_return_val_if_fail (history == NULL || MUSTER_IS_HISTORY (history), NULL);
  g_return_val_if_fail (history == NULL || muster_history_get_layout (history) == layout, NULL);

  self = g_object_new (MUSTER_TYPE_EDITOR, NULL);
  self->layout = g_object_ref (layout);
  self->history = history != NULL ? g_object_ref (history) : NULL;

  return self;
}

MusterLayout *
muster_editor_get_layout (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);

  return self->layout;
}

MusterHistory *
muster_editor_get_history (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);

  return self->history;
}

void
muster_editor_set_validator (MusterEditor    *self,
                             MusterValidator *validator)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_return_if_fail (validator == NULL || MUSTER_IS_VALIDATOR (validator));

  g_set_object (&self->validator, validator);
}

MusterValidator *
muster_editor_get_validator (MusterEditor *self)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);

  return self->validator;
}

/* A step with a merge key joins the last one of the same key (see
 * muster_history_begin_merge_group()). */
static void
begin_step (MusterEditor *self,
            const char   *label,
            const char   *merge_key)
{
  if (self->history != NULL)
    muster_history_begin_merge_group (self->history, label, merge_key);
}

void
muster_editor_begin (MusterEditor *self,
                     const char   *label)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));

  begin_step (self, label, NULL);
}

void
muster_editor_end (MusterEditor *self)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));

  if (self->history != NULL)
    muster_history_end_group (self->history);
}

static MusterSystem *layout_system (MusterEditor *self);

/* The grid */

double
muster_editor_snap_length (MusterEditor *self,
                           double        mm)
{
  MusterUnit unit;
  double steps_per_unit;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), mm);

  /* Rounded in the layout's units, the number the file keeps reads back
   * as exactly the position that was checked. */
  unit = muster_layout_get_units (self->layout);
  steps_per_unit = unit == MUSTER_UNIT_MM ? 10 : 100;

  return muster_unit_to_mm (unit, round (muster_unit_from_mm (unit, mm) * steps_per_unit) / steps_per_unit);
}

MusterPoint
muster_editor_snap_point (MusterEditor *self,
                          MusterPoint   p)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), p);

  return (MusterPoint) { muster_editor_snap_length (self, p.x), muster_editor_snap_length (self, p.y) };
}

/* Far below any distance the rules or the validator (MUSTER_EPSILON_MM)
 * tell apart, far above the rounding errors of a few additions and unit
 * conversions of a table's lengths (about 1e-13 mm), and under half the
 * distance between two decimals of SHORT_DECIMAL_PLACES places, so that
 * at most one of them is that near. */
#define ROUNDING_ERROR_MM 1e-9
#define SHORT_DECIMAL_PLACES 8

/* The decimal of the fewest places (at most SHORT_DECIMAL_PLACES) in
 * unit that is a rounding error away from mm, as the file reads it back;
 * FALSE when there is none. */
static gboolean
short_decimal_near (MusterUnit  unit,
                    double      mm,
                    double     *decimal_mm)
{
  double value = muster_unit_from_mm (unit, mm);
  double scale = 1;

  for (guint places = 0; places <= SHORT_DECIMAL_PLACES; places++, scale *= 10)
    {
      /* An integer over a power of ten, both exact: the double nearest
       * the decimal, the one that strtod() reads. */
      double back = muster_unit_to_mm (unit, round (value * scale) / scale);

      if (fabs (back - mm) < ROUNDING_ERROR_MM)
        {
          *decimal_mm = back;
          return TRUE;
        }
    }

  return FALSE;
}

/* A nudge of 0.1″ added in millimetres to a piece on the grid lands a
 * rounding error off it, which the file would spell out in full. So does
 * a nudge of a piece off the grid, whose file kept a few decimals of an
 * inch ("4.304399999999999" for 6.3044 less 2″): it lands on that short
 * decimal instead, or in millimetres (what a nudge of 1 cm adds to an
 * inch), which the file then keeps ("1314.75232mm"). */
double
muster_editor_snap_length_if_near (MusterEditor *self,
                                   double        mm)
{
  MusterUnit unit;
  double snapped;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), mm);

  snapped = muster_editor_snap_length (self, mm);
  if (fabs (snapped - mm) < MUSTER_EPSILON_MM)
    return snapped;

  unit = muster_layout_get_units (self->layout);
  if (short_decimal_near (unit, mm, &snapped) ||
      (unit != MUSTER_UNIT_MM && short_decimal_near (MUSTER_UNIT_MM, mm, &snapped)))
    return snapped;

  return mm;
}

double
muster_editor_get_nudge_step (MusterUnit units,
                              gboolean   fine)
{
  if (units == MUSTER_UNIT_INCH)
    return fine ? MUSTER_MM_PER_INCH / 10 : MUSTER_MM_PER_INCH;

  return fine ? 1.0 : MUSTER_MM_PER_CM;
}

static double
normalise_angle (double degrees)
{
  degrees = fmod (degrees, 360.0);
  if (degrees < 0)
    degrees += 360.0;
  /* Clean numbers for the file. */
  degrees = round (degrees * 1e6) / 1e6;
  if (degrees >= 360.0)
    degrees -= 360.0;

  return degrees;
}

/* Pieces */

static const char *
id_prefix (MusterPieceKind kind)
{
  switch (kind)
    {
    case MUSTER_PIECE_UNIT:
      return "u";
    case MUSTER_PIECE_MARKER:
      return "k";
    case MUSTER_PIECE_OBJECTIVE:
      return "o";
    case MUSTER_PIECE_MODEL:
    default:
      return "m";
    }
}

MusterPiece *
muster_editor_place (MusterEditor *self,
                     MusterPiece  *piece)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  if (piece->id == NULL || muster_layout_has_id (self->layout, piece->id))
    {
      g_free (piece->id);
      piece->id = muster_layout_make_id (self->layout, id_prefix (piece->kind));
    }
  piece->serial = 0;

  muster_editor_begin (self, piece->kind == MUSTER_PIECE_OBJECTIVE ? _("Place Objective")
                             : piece->kind == MUSTER_PIECE_MARKER ? _("Place Marker")
                             : _("Place Piece"));
  if (!muster_layout_add_piece (self->layout, piece))
    {
      muster_editor_end (self);
      muster_piece_free (piece);
      return NULL;
    }
  muster_editor_end (self);

  return piece;
}

static gboolean
spot_is_legal (MusterEditor      *self,
               const MusterPiece *piece,
               double             x,
               double             y)
{
  g_autoptr(GPtrArray) violations = NULL;

  if (self->validator == NULL)
    return TRUE;

  violations = muster_validator_check_placement (self->validator, piece, x, y, piece->rotation);

  return violations->len == 0;
}

MusterPoint
muster_editor_find_spot (MusterEditor      *self,
                         const MusterPiece *piece,
                         MusterPoint        fallback)
{
  MusterRegion *zone = NULL;
  double width, height, step, best_d = G_MAXDOUBLE;
  double cx = 0, cy = 0;
  guint n = 0;
  MusterPoint best = fallback;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), fallback);
  g_return_val_if_fail (piece != NULL, fallback);

  width = muster_layout_get_width (self->layout);
  height = muster_layout_get_height (self->layout);
  step = MUSTER_MM_PER_INCH / 2;

  if (self->validator != NULL && piece->owner != NULL)
    zone = muster_validator_get_zone (self->validator, piece->owner);

  /* The middle of the zone, on a half-inch grid... */
  for (double y = step / 2; y < height; y += step)
    for (double x = step / 2; x < width; x += step)
      if (zone == NULL || muster_region_contains_point (zone, (MusterPoint) { x, y }))
        {
          cx += x;
          cy += y;
          n++;
        }

  if (n > 0)
    {
      cx /= n;
      cy /= n;
      best = (MusterPoint) { cx, cy };

      /* ... and the legal spot nearest to it. */
      for (double y = step / 2; y < height; y += step)
        for (double x = step / 2; x < width; x += step)
          {
            double d = hypot (x - cx, y - cy);

            if (d >= best_d)
              continue;
            if (zone != NULL && !muster_region_contains_point (zone, (MusterPoint) { x, y }))
              continue;

            if (spot_is_legal (self, piece, x, y))
              {
                best_d = d;
                best = (MusterPoint) { x, y };
              }
          }
    }

  return muster_editor_snap_point (self, best);
}

MusterPiece *
muster_editor_place_in_zone (MusterEditor *self,
                             MusterPiece  *piece,
                             MusterPoint   fallback)
{
  MusterPoint spot;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  spot = muster_editor_find_spot (self, piece, fallback);
  piece->x = spot.x;
  piece->y = spot.y;

  return muster_editor_place (self, piece);
}

gboolean
muster_editor_check_pieces (MusterEditor  *self,
                            const guint   *serials,
                            guint          n_serials,
                            GError       **error)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (serials != NULL || n_serials == 0, FALSE);

  for (guint i = 0; i < n_serials; i++)
    {
      const MusterPiece *piece = muster_layout_lookup_serial (self->layout, serials[i]);

      if (piece != NULL && !muster_layout_check_piece_edit (self->layout, piece, error))
        return FALSE;
    }

  return TRUE;
}

static void
move_pieces (MusterEditor *self,
             const guint  *serials,
             guint         n_serials,
             double        dx,
             double        dy,
             const char   *merge_key)
{
  if (n_serials == 0 || (dx == 0 && dy == 0) || !muster_editor_check_pieces (self, serials, n_serials, NULL))
    return;

  begin_step (self, n_serials == 1 ? _("Move Piece") : _("Move Pieces"), merge_key);
  for (guint i = 0; i < n_serials; i++)
    {
      MusterPiece *piece = muster_layout_lookup_serial (self->layout, serials[i]);

      if (piece != NULL)
        muster_layout_move_piece (self->layout, piece,
                                  muster_editor_snap_length_if_near (self, piece->x + dx),
                                  muster_editor_snap_length_if_near (self, piece->y + dy),
                                  piece->rotation);
    }
  muster_editor_end (self);
}

void
muster_editor_move (MusterEditor *self,
                    const guint  *serials,
                    guint         n_serials,
                    double        dx,
                    double        dy)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_return_if_fail (serials != NULL || n_serials == 0);

  move_pieces (self, serials, n_serials, dx, dy, NULL);
}

/* The nudges of the same pieces make one undo step, in whatever order
 * they were selected. */
static char *
nudge_key (const guint *serials,
           guint        n_serials)
{
  g_autofree guint *sorted = g_memdup2 (serials, n_serials * sizeof (guint));
  GString *key = g_string_new ("nudge");

  muster_serials_sort (sorted, n_serials);
  for (guint i = 0; i < n_serials; i++)
    g_string_append_printf (key, " %u", sorted[i]);

  return g_string_free (key, FALSE);
}

void
muster_editor_nudge (MusterEditor *self,
                     const guint  *serials,
                     guint         n_serials,
                     int           dx,
                     int           dy,
                     MusterUnit    units,
                     gboolean      fine)
{
  double step = muster_editor_get_nudge_step (units, fine);
  g_autofree char *key = NULL;

  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_return_if_fail (serials != NULL || n_serials == 0);

  key = nudge_key (serials, n_serials);
  move_pieces (self, serials, n_serials, dx * step, dy * step, key);
}

static void
turn (MusterEditor *self,
      const guint  *serials,
      guint         n_serials,
      double        degrees,
      gboolean      relative)
{
  if (n_serials == 0 || !muster_editor_check_pieces (self, serials, n_serials, NULL))
    return;

  muster_editor_begin (self, n_serials == 1 ? _("Rotate Piece") : _("Rotate Pieces"));
  for (guint i = 0; i < n_serials; i++)
    {
      MusterPiece *piece = muster_layout_lookup_serial (self->layout, serials[i]);

      if (piece != NULL)
        muster_layout_move_piece (self->layout, piece, piece->x, piece->y,
                                  normalise_angle (relative ? piece->rotation + degrees : degrees));
    }
  muster_editor_end (self);
}

void
muster_editor_rotate (MusterEditor *self,
                      const guint  *serials,
                      guint         n_serials,
                      double        degrees)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_return_if_fail (serials != NULL || n_serials == 0);

  turn (self, serials, n_serials, degrees, TRUE);
}

void
muster_editor_set_rotation (MusterEditor *self,
                            const guint  *serials,
                            guint         n_serials,
                            double        degrees)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_return_if_fail (serials != NULL || n_serials == 0);

  turn (self, serials, n_serials, degrees, FALSE);
}

void
muster_editor_toggle_prone (MusterEditor *self,
                            const guint  *serials,
                            guint         n_serials)
{
  gboolean prone = FALSE;

  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_return_if_fail (serials != NULL || n_serials == 0);

  if (!muster_editor_check_pieces (self, serials, n_serials, NULL))
    return;

  /* All prone unless all already are. */
  for (guint i = 0; i < n_serials; i++)
    {
      MusterPiece *piece = muster_layout_lookup_serial (self->layout, serials[i]);

      if (piece != NULL && piece->kind == MUSTER_PIECE_MODEL && !piece->prone)
        prone = TRUE;
    }

  muster_editor_begin (self, prone ? _("Prone") : _("Stand Up"));
  for (guint i = 0; i < n_serials; i++)
    {
      MusterPiece *piece = muster_layout_lookup_serial (self->layout, serials[i]);

      if (piece != NULL && piece->kind == MUSTER_PIECE_MODEL && piece->prone != prone)
        {
          piece->prone = prone;
          muster_layout_piece_changed (self->layout, piece);
        }
    }
  muster_editor_end (self);
}

guint
muster_editor_delete (MusterEditor *self,
                      const guint  *serials,
                      guint         n_serials)
{
  g_autoptr(GPtrArray) ids = NULL;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), 0);
  g_return_val_if_fail (serials != NULL || n_serials == 0, 0);

  if (!muster_editor_check_pieces (self, serials, n_serials, NULL))
    return 0;

  /* Their ids first: each removal changes the list of pieces. */
  ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_serials; i++)
    {
      MusterPiece *piece = muster_layout_lookup_serial (self->layout, serials[i]);

      if (piece != NULL)
        g_ptr_array_add (ids, g_strdup (piece->id));
    }

  if (ids->len == 0)
    return 0;

  muster_editor_begin (self, ids->len == 1 ? _("Delete Piece") : _("Delete Pieces"));
  for (guint i = 0; i < ids->len; i++)
    muster_layout_remove_piece (self->layout, g_ptr_array_index (ids, i));
  muster_editor_end (self);

  return ids->len;
}

/* Terrain */

MusterTerrain *
muster_editor_add_terrain (MusterEditor       *self,
                           MusterTerrainKind   kind,
                           gboolean            blocks_lof,
                           const MusterPoint  *points,
                           guint               n_points,
                           GError            **error)
{
  g_autofree char *id = NULL;
  MusterOutline outline;
  MusterTerrain *terrain;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), NULL);
  g_return_val_if_fail (points != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!muster_outline_init_polygon (&outline, points, n_points, error))
    return NULL;
  muster_outline_clear (&outline);

  id = muster_layout_make_id (self->layout, "t");
  terrain = muster_terrain_new (id, kind, points, n_points);
  terrain->blocks_lof = kind == MUSTER_TERRAIN_BUILDING || blocks_lof;

  muster_editor_begin (self, _("Add Terrain"));
  muster_layout_add_terrain (self->layout, terrain);
  muster_editor_end (self);

  return muster_layout_lookup_terrain (self->layout, id);
}

/* Terrain has no "changed": an edit is a removal and an addition under
 * the same id, as one step. */
static void
replace_terrain (MusterEditor  *self,
                 MusterTerrain *terrain,
                 const char    *label,
                 const char    *merge_key)
{
  g_autofree char *id = g_strdup (terrain->id);

  begin_step (self, label, merge_key);
  muster_layout_remove_terrain (self->layout, id);
  muster_layout_add_terrain (self->layout, terrain);
  muster_editor_end (self);
}

static gboolean
move_terrain (MusterEditor *self,
              const char   *terrain_id,
              double        dx,
              double        dy,
              const char   *merge_key)
{
  MusterTerrain *terrain = muster_layout_lookup_terrain (self->layout, terrain_id);
  MusterTerrain *moved;

  if (terrain == NULL)
    return FALSE;

  moved = muster_terrain_copy (terrain);
  for (guint i = 0; i < moved->n_points; i++)
    {
      moved->points[i].x = muster_editor_snap_length_if_near (self, moved->points[i].x + dx);
      moved->points[i].y = muster_editor_snap_length_if_near (self, moved->points[i].y + dy);
    }
  replace_terrain (self, moved, _("Move Terrain"), merge_key);

  return TRUE;
}

gboolean
muster_editor_move_terrain (MusterEditor *self,
                            const char   *terrain_id,
                            double        dx,
                            double        dy)
{
  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (terrain_id != NULL, FALSE);

  return move_terrain (self, terrain_id, dx, dy, NULL);
}

gboolean
muster_editor_nudge_terrain (MusterEditor *self,
                             const char   *terrain_id,
                             int           dx,
                             int           dy,
                             MusterUnit    units,
                             gboolean      fine)
{
  double step = muster_editor_get_nudge_step (units, fine);
  g_autofree char *key = NULL;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (terrain_id != NULL, FALSE);

  key = g_strconcat ("nudge terrain ", terrain_id, NULL);

  return move_terrain (self, terrain_id, dx * step, dy * step, key);
}

gboolean
muster_editor_set_terrain_kind (MusterEditor      *self,
                                const char        *terrain_id,
                                MusterTerrainKind  kind,
                                gboolean           blocks_lof)
{
  MusterTerrain *terrain;
  MusterTerrain *changed;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (terrain_id != NULL, FALSE);

  terrain = muster_layout_lookup_terrain (self->layout, terrain_id);
  if (terrain == NULL || (terrain->kind == kind && !terrain->blocks_lof == !blocks_lof))
    return FALSE;

  changed = muster_terrain_copy (terrain);
  changed->kind = kind;
  changed->blocks_lof = kind == MUSTER_TERRAIN_BUILDING || blocks_lof;
  replace_terrain (self, changed, _("Change Terrain"), NULL);

  return TRUE;
}

gboolean
muster_editor_delete_terrain (MusterEditor *self,
                              const char   *terrain_id)
{
  gboolean removed;

  g_return_val_if_fail (MUSTER_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (terrain_id != NULL, FALSE);

  muster_editor_begin (self, _("Delete Terrain"));
  removed = muster_layout_remove_terrain (self->layout, terrain_id);
  muster_editor_end (self);

  return removed;
}

/* The table */

void
muster_editor_set_table_size (MusterEditor *self,
                              double        width,
                              double        height)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));

  muster_editor_begin (self, _("Change Table Size"));
  muster_layout_set_board (self->layout, width, height);
  /* A table turned taller than wide has other zones and edges. */
  muster_choices_fit (self->layout, layout_system (self));
  muster_editor_end (self);
}

/* The game */

static MusterSystem *
layout_system (MusterEditor *self)
{
  return muster_system_registry_lookup (muster_system_registry_get_default (),
                                        muster_layout_get_system_id (self->layout));
}

void
muster_editor_set_system (MusterEditor *self,
                          const char   *system_id)
{
  MusterSystem *system;
  const MusterDeployment *deployment;
  const MusterBoardPreset *board;

  g_return_if_fail (MUSTER_IS_EDITOR (self));

  system = muster_system_registry_lookup (muster_system_registry_get_default (), system_id);
  if (system == NULL || g_strcmp0 (muster_layout_get_system_id (self->layout), system_id) == 0)
    return;

  deployment = muster_system_get_default_deployment (system);
  board = muster_system_get_default_board (system);

  muster_editor_begin (self, _("Change Game System"));
  muster_layout_set_game (self->layout, system_id, deployment != NULL ? deployment->id : NULL);
  if (board != NULL)
    muster_layout_set_board (self->layout, board->width, board->height);
  muster_choices_fit (self->layout, system);
  muster_editor_end (self);
}

void
muster_editor_set_deployment (MusterEditor *self,
                              const char   *deployment_id)
{
  MusterSystem *system;

  g_return_if_fail (MUSTER_IS_EDITOR (self));

  system = layout_system (self);
  if (system == NULL || muster_system_lookup_deployment (system, deployment_id) == NULL ||
      g_strcmp0 (muster_layout_get_deployment_id (self->layout), deployment_id) == 0)
    return;

  muster_editor_begin (self, _("Change Deployment Type"));
  muster_layout_set_game (self->layout, muster_layout_get_system_id (self->layout), deployment_id);
  muster_choices_fit (self->layout, system);
  muster_editor_end (self);
}

void
muster_editor_set_option (MusterEditor *self,
                          const char   *name,
                          const char   *value,
                          const char   *label)
{
  g_return_if_fail (MUSTER_IS_EDITOR (self));
  g_return_if_fail (name != NULL);

  muster_editor_begin (self, label);
  muster_layout_set_option (self->layout, name, value);
  muster_choices_fit (self->layout, layout_system (self));
  muster_editor_end (self);
}

void
muster_editor_choose_player (MusterEditor *self,
                             gboolean      roles,
                             guint         index)
{
  GPtrArray *players;
  gboolean portrait;

  g_return_if_fail (MUSTER_IS_EDITOR (self));

  players = muster_layout_get_players (self->layout);
  if (index >= players->len)
    return;

  portrait = muster_layout_get_width (self->layout) < muster_layout_get_height (self->layout);

  muster_editor_begin (self, roles ? _("Choose Attacker") : _("Choose Short Edges"));
  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      const char *edge = portrait ? (i == index ? "north" : "south") : (i == index ? "west" : "east");

      if (roles)
        muster_layout_update_player (self->layout, player->id, player->zone, i == index ? "attacker" : "defender",
                                     player->short_edge);
      else
        muster_layout_update_player (self->layout, player->id, player->zone, player->role, edge);
    }
  muster_editor_end (self);
}
