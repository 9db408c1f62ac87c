/* muster-sight.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "muster-layout.h"

G_BEGIN_DECLS

/* Line of Fire and Zone of Control on the board, for Infinity's AROs
 * (RULES.md, "AROs": eligibility comes from LoF or ZoC to the active
 * trooper) and for a deployment overlay of what the enemy can see.
 *
 * What blocks: terrain of kind building, and any terrain with blocks_lof
 * (area terrain that blocks LoF, or impassable terrain marked so). Plain
 * impassable terrain and plain area terrain do not block. Models, markers
 * and objectives never block (their silhouettes are not modelled).
 *
 * A sightline is a straight segment. It is blocked when it passes through
 * the inside of a blocking outline; running along an edge or touching a
 * corner is not blocked (a sliver of silhouette is enough in Infinity).
 * A sightline that starts or ends inside a blocking outline passes
 * through its inside, so a trooper standing in area terrain that blocks
 * LoF neither sees out nor is seen.
 *
 * Facing: a trooper's facing is its rotation, clockwise from north (−y):
 * rotation 0 faces north, 90 east. Its front arc is the 180° half-plane in
 * front of the line through the centre of its base perpendicular to the
 * facing (boundary included). A trooper has LoF only to what is at least
 * partly in that half-plane, and only through sightlines that end in it.
 * ZoC ignores facing.
 *
 * The approximation: a base is a set of sample points (its centre, its
 * outline every MUSTER_SIGHT_SAMPLE_MM, its vertices, and the tangent and
 * support points that bound the corridor between the two bases), and LoF
 * exists when one segment between a sample of each base is clear. Exact
 * for the usual cases (a corridor open at its centre or along an edge);
 * a gap between two blockers narrower than the spacing can be missed. */

/* Zone of Control: 8 inches, edge to edge, "within" (inclusive). */
#define MUSTER_SIGHT_ZOC_MM     (8.0 * MUSTER_MM_PER_INCH)
/* Spacing of the sample points along a base outline. */
#define MUSTER_SIGHT_SAMPLE_MM  2.5
/* Most cells a visibility grid may have. */
#define MUSTER_SIGHT_MAX_CELLS  (4096 * 4096)

#define MUSTER_TYPE_SIGHT_GRID (muster_sight_grid_get_type ())

typedef struct _MusterSightGrid MusterSightGrid;

/* Which cells of the board some viewer sees. Cells are cell_size square
 * from the north-west corner; those of the last column and row are
 * clipped to the board. Reference counted; read-only once made. */
struct _MusterSightGrid
{
  guint   n_columns;
  guint   n_rows;
  double  cell_size;   /* mm */
  double  width;       /* the board, mm */
  double  height;
  guint8 *cells;       /* n_columns × n_rows, row after row: 1 seen, 0 not */

  /*< private >*/
  gint    ref_count;
};

GType             muster_sight_grid_get_type      (void) G_GNUC_CONST;
/* Every cell not seen. NULL when the grid would be too big. */
MusterSightGrid  *muster_sight_grid_new           (double                     width,
                                                   double                     height,
                                                   double                     cell_size);
MusterSightGrid  *muster_sight_grid_ref           (MusterSightGrid           *grid);
void              muster_sight_grid_unref         (MusterSightGrid           *grid);
gboolean          muster_sight_grid_get           (const MusterSightGrid     *grid,
                                                   guint                      column,
                                                   guint                      row);
/* The cell as drawn: clipped to the board. */
void              muster_sight_grid_get_cell      (const MusterSightGrid     *grid,
                                                   guint                      column,
                                                   guint                      row,
                                                   MusterBox                 *cell);
/* Whether the cell holding the board point (mm) is seen; FALSE off the
 * board. */
gboolean          muster_sight_grid_is_visible_at (const MusterSightGrid     *grid,
                                                   double                     x,
                                                   double                     y);
guint             muster_sight_grid_count_visible (const MusterSightGrid     *grid);

/* Whether the terrain blocks Line of Fire. */
gboolean          muster_sight_terrain_blocks     (const MusterTerrain       *terrain);
/* A piece that sees and reacts: a model or unit owned by a player. */
gboolean          muster_sight_is_trooper         (const MusterPiece         *piece);
/* The direction a piece faces, a unit vector in board coordinates. */
MusterPoint       muster_sight_get_facing         (const MusterPiece         *piece);

/* Whether the segment from → to passes through blocking terrain. */
gboolean          muster_sight_segment_blocked    (MusterLayout              *layout,
                                                   MusterPoint                from,
                                                   MusterPoint                to);
/* Whether target is at least partly in viewer's front arc. */
gboolean          muster_sight_in_front_arc       (const MusterPiece         *viewer,
                                                   const MusterPiece         *target);
/* Whether viewer has Line of Fire to target (see above). */
gboolean          muster_sight_has_lof            (MusterLayout              *layout,
                                                   const MusterPiece         *viewer,
                                                   const MusterPiece         *target);
/* Whether the bases are within 8" of each other, edge to edge. */
gboolean          muster_sight_in_zoc             (const MusterPiece         *a,
                                                   const MusterPiece         *b);
/* Whether reactive may declare an ARO against active: LoF from reactive
 * to active, or active within reactive's ZoC. */
gboolean          muster_sight_aro_eligible       (MusterLayout              *layout,
                                                   const MusterPiece         *reactive,
                                                   const MusterPiece         *active);
/* The ids (char *, freed with the array) of reactive_player's troopers
 * that may react to active, in layout order. */
GPtrArray        *muster_sight_list_eligible      (MusterLayout              *layout,
                                                   const MusterPiece         *active,
                                                   const char                *reactive_player_id);

/* The board cells whose centre (of the cell clipped to the board) some
 * viewer sees: a clear sightline from the viewer's base to the point,
 * ending in the viewer's front arc. A point on a viewer's base is seen.
 * cell_size in mm (12.7 for half-inch cells). NULL when the grid would
 * have more than MUSTER_SIGHT_MAX_CELLS. */
MusterSightGrid  *muster_sight_visible_cells      (MusterLayout              *layout,
                                                   const MusterPiece * const *viewers,
                                                   guint                      n_viewers,
                                                   double                     cell_size);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSightGrid, muster_sight_grid_unref)

G_END_DECLS
