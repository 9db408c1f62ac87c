/* muster-geometry.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-types.h"

G_BEGIN_DECLS

struct _MusterPoint
{
  double x;
  double y;
};

/* Axis-aligned bounding box, x0 <= x1, y0 <= y1. */
struct _MusterBox
{
  double x0;
  double y0;
  double x1;
  double y1;
};

typedef enum
{
  MUSTER_BASE_ROUND,
  MUSTER_BASE_OVAL,
  MUSTER_BASE_RECT,
} MusterBaseShape;

/* A base as the rules see it. width is the diameter of a round base (and
 * depth equals it); at rotation 0 the width runs along x. */
struct _MusterBase
{
  MusterBaseShape shape;
  double          width;
  double          depth;
};

typedef enum
{
  MUSTER_OUTLINE_CIRCLE,
  MUSTER_OUTLINE_POLYGON,
} MusterOutlineKind;

/* An outline placed on the board in millimetres. Polygons are simple,
 * stored counter-clockwise in board coordinates (y grows south), and
 * decomposed into convex parts (triangles, or the polygon itself when it is
 * convex) for the distance queries. Initialise with one of the
 * muster_outline_init_*() functions and release with
 * muster_outline_clear(). */
struct _MusterOutline
{
  /* One word for the kind, the flags and the count of parts, so that
   * the validator's state of a base stays small (a big table's states
   * are streamed through memory): n_parts is below n_points. */
  MusterOutlineKind kind : 2;
  guint             convex : 1;
  /*< private >*/
  guint             borrowed : 1; /* points are not the outline's own (see
                                   * muster_outline_init_base_in()) */
  /*< public >*/
  guint             n_parts : 28; /* convex parts; 1 when convex */
  guint             n_points;
  MusterPoint       centre;      /* circle centre; centroid of a polygon */
  double            radius;      /* circle only */
  MusterPoint      *points;
  guint            *parts;       /* 3 indices per triangle when !convex */
  MusterBox         bounds;
};

typedef enum
{
  MUSTER_CONTACT_APART,
  MUSTER_CONTACT_TOUCHING,
  MUSTER_CONTACT_OVERLAP,
} MusterContact;

#define MUSTER_GEOMETRY_ERROR (muster_geometry_error_quark ())

typedef enum
{
  MUSTER_GEOMETRY_ERROR_TOO_FEW_POINTS,
  MUSTER_GEOMETRY_ERROR_NOT_SIMPLE,
  MUSTER_GEOMETRY_ERROR_DEGENERATE,
} MusterGeometryError;

GQuark        muster_geometry_error_quark      (void);

void          muster_box_union                 (MusterBox           *box,
                                                const MusterBox     *other);
void          muster_box_expand                (MusterBox           *box,
                                                double               margin);
gboolean      muster_box_intersects            (const MusterBox     *a,
                                                const MusterBox     *b);

void          muster_outline_init_base         (MusterOutline       *outline,
                                                const MusterBase    *base,
                                                double               x,
                                                double               y,
                                                double               rotation_deg);
guint         muster_base_outline_points       (const MusterBase    *base);
double        muster_base_reach                (const MusterBase    *base);
void          muster_outline_init_base_in      (MusterOutline       *outline,
                                                const MusterBase    *base,
                                                double               x,
                                                double               y,
                                                double               rotation_deg,
                                                MusterPoint         *storage);
gboolean      muster_outline_init_polygon      (MusterOutline       *outline,
                                                const MusterPoint   *points,
                                                guint                n_points,
                                                GError             **error);
void          muster_outline_init_circle       (MusterOutline       *outline,
                                                double               x,
                                                double               y,
                                                double               radius);
void          muster_outline_copy              (MusterOutline       *dest,
                                                const MusterOutline *src);
void          muster_outline_clear             (MusterOutline       *outline);

/* max over the outline of p·(nx, ny); (nx, ny) need not be normalised. */
double        muster_outline_support           (const MusterOutline *outline,
                                                double               nx,
                                                double               ny);
gboolean      muster_outline_contains_point    (const MusterOutline *outline,
                                                MusterPoint          p);
/* Distance from p to the outline's boundary, negative when p is inside. */
double        muster_outline_point_signed_distance (const MusterOutline *outline,
                                                    MusterPoint          p);

/* Signed edge-to-edge separation: the gap between the outlines when they
 * are apart, minus the penetration depth (the shortest translation that
 * separates them) when they intersect. closest_a/closest_b, when not NULL,
 * receive the closest points (when apart) for a ruler to draw. */
double        muster_outline_separation        (const MusterOutline *a,
                                                const MusterOutline *b,
                                                MusterPoint         *closest_a,
                                                MusterPoint         *closest_b);
MusterContact muster_contact_classify          (double               separation,
                                                double               tolerance);

/* TRUE when every point of inner lies in outer; with strict, inner must
 * also keep clear of outer's boundary (by more than MUSTER_EPSILON_MM). */
gboolean      muster_outline_within            (const MusterOutline *inner,
                                                const MusterOutline *outer,
                                                gboolean             strict);

G_END_DECLS
