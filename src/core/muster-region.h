/* muster-region.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-geometry.h"

G_BEGIN_DECLS

/* A region of the board, resolved to millimetres for one board, one
 * player and one set of deployment options. Regions are built from
 * templates written in the zone language of the game-system files
 * (see data/muster-system.rng and muster-region-template.h). */

typedef enum
{
  MUSTER_REGION_BOARD,         /* the whole board, boundary inclusive */
  MUSTER_REGION_HALF_PLANE,    /* points with nx·x + ny·y >= c (> c when strict) */
  MUSTER_REGION_POLYGON,       /* outline is a polygon */
  MUSTER_REGION_CIRCLE,        /* outline is a circle */
  MUSTER_REGION_UNION,
  MUSTER_REGION_INTERSECTION,
  MUSTER_REGION_DIFFERENCE,    /* children[0] minus every later child */
  MUSTER_REGION_IF_WITHIN,     /* children: condition, then, otherwise */
} MusterRegionKind;

struct _MusterRegion
{
  MusterRegionKind  kind;
  gboolean          strict;    /* the boundary is not part of the region */
  double            nx;        /* half-plane: unit normal pointing inside */
  double            ny;
  double            c;
  double            offset;    /* half-plane: its reference line (the Centre
                                * Line, a diagonal, an edge) is n·p = c − offset;
                                * 0 when it has none. For dimension labels. */
  MusterOutline     outline;   /* board, polygon and circle */
  GPtrArray        *children;  /* MusterRegion, for the set operations */
  char             *note;      /* IF_WITHIN: what the rules make of a base
                                * across the condition's edge, as a player
                                * is told it, or NULL */

  /*< private >*/
  gatomicrefcount   ref_count;
};

/* Constructors, for templates and tests. They take ownership of children. */
MusterRegion *muster_region_new_board        (double              width,
                                              double              height);
MusterRegion *muster_region_new_half_plane   (double              nx,
                                              double              ny,
                                              double              c,
                                              gboolean            strict);
MusterRegion *muster_region_new_polygon      (const MusterPoint  *points,
                                              guint               n_points,
                                              gboolean            strict,
                                              GError            **error);
MusterRegion *muster_region_new_circle       (double              x,
                                              double              y,
                                              double              radius,
                                              gboolean            strict);
MusterRegion *muster_region_new_set          (MusterRegionKind    kind,
                                              GPtrArray          *children);
MusterRegion *muster_region_new_if_within    (MusterRegion       *condition,
                                              MusterRegion       *then_region,
                                              MusterRegion       *otherwise);
void          muster_region_set_note         (MusterRegion       *region,
                                              const char         *note);

MusterRegion *muster_region_ref              (MusterRegion       *region);
void          muster_region_unref            (MusterRegion       *region);

gboolean      muster_region_contains_point   (const MusterRegion *region,
                                              MusterPoint         p);
/* Whether each point (xs[i], ys[j]) of a grid lies in the region, in
 * inside[j * n_xs + i] (1 or 0): what muster_region_contains_point()
 * says of each, worked out a leaf of the region at a time over the whole
 * grid, many times faster than point by point (drawings look for where to
 * write a zone's name on such grids). */
void          muster_region_contains_grid    (const MusterRegion *region,
                                              const double       *xs,
                                              guint               n_xs,
                                              const double       *ys,
                                              guint               n_ys,
                                              guint8             *inside);
/* The same of a list of points, in inside[k] for points[k]. */
void          muster_region_contains_points  (const MusterRegion *region,
                                              const MusterPoint  *points,
                                              gsize               n,
                                              guint8             *inside);
/* "Entirely within": every point of the outline lies in the region, with
 * each boundary's strictness. An IF_WITHIN chooses by the whole outline:
 * "then" when it all lies within the condition, "otherwise" else, as the
 * rules word it (a base turned across the condition's edge may look
 * inside the zone as drawn, (condition ∩ then) ∪ (otherwise − condition),
 * and not be; see muster-region.c). A union contains an outline when one
 * of its children does, which is exact when the children are convex and
 * do not touch (as in every shipped zone). */
gboolean      muster_region_contains_outline (const MusterRegion *region,
                                              const MusterOutline *outline);

/* Why a base across the edge of an IF_WITHIN's condition, which the
 * choice reads as not within it, is held to the other region: the note
 * of the first such IF_WITHIN the outline lies across, or NULL. */
const char   *muster_region_explain_outline  (const MusterRegion *region,
                                              const MusterOutline *outline);

/* The polygon of box ∩ half-plane, for drawing; returns the number of
 * points written to points (at most 8). */
guint         muster_region_clip_half_plane  (const MusterRegion *region,
                                              const MusterBox    *box,
                                              MusterPoint         points[8]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRegion, muster_region_unref)

G_END_DECLS
