/* muster-render-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-render.h"

G_BEGIN_DECLS

#define MUSTER_POLY_MAX_POINTS 160

/* A convex polygon of a zone, for drawing (muster-render-polys.c). */
typedef struct
{
  guint       n;
  MusterPoint p[MUSTER_POLY_MAX_POINTS];
} MusterPoly;

/* The zone as convex polygons (MusterPoly) within box: their union is
 * where a point of the zone can stand. */
GArray *_muster_render_region_polys (const MusterRegion *region,
                                     const MusterBox    *box);

G_END_DECLS
