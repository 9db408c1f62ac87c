/* muster-spatial-index.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-geometry.h"

G_BEGIN_DECLS

/* A uniform grid over bounding boxes, keyed by caller-chosen ids. Insert,
 * update and remove cost O(cells covered); a query costs O(cells covered +
 * entries found), independent of the total number of entries. */

MusterSpatialIndex *muster_spatial_index_new    (double                    cell_size);
void                muster_spatial_index_free   (MusterSpatialIndex       *index);
void                muster_spatial_index_insert (MusterSpatialIndex       *index,
                                                 guint                     id,
                                                 const MusterBox          *box);
void                muster_spatial_index_update (MusterSpatialIndex       *index,
                                                 guint                     id,
                                                 const MusterBox          *box);
void                muster_spatial_index_remove (MusterSpatialIndex       *index,
                                                 guint                     id);
void                muster_spatial_index_reserve (MusterSpatialIndex      *index,
                                                 const MusterBox          *extent,
                                                 guint                     n_entries);
guint               muster_spatial_index_size   (MusterSpatialIndex       *index);
/* Appends to ids (a GArray of guint) every id whose box intersects box,
 * each once, in no particular order. */
void                muster_spatial_index_query  (MusterSpatialIndex       *index,
                                                 const MusterBox          *box,
                                                 GArray                   *ids);

/* The points in the order of a Z-curve through square cells of
 * cell_size (mm) from the origin, so that points near each other come
 * near each other: returns a new array of n_points indices (order[k] is
 * the point that comes k-th); points in one cell keep their order. */
guint              *muster_spatial_index_z_order (const MusterPoint    *points,
                                                  guint                 n_points,
                                                  double                cell_size);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSpatialIndex, muster_spatial_index_free)

G_END_DECLS
