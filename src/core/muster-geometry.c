/* muster-geometry.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-geometry"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "muster-geometry-private.h"

/* Ovals are approximated by a polygon inscribed in the ellipse, with its
 * vertices at equal steps of the ellipse's parameter t (x = a cos t,
 * y = b sin t). That polygon is the image under diag (a, b) of a regular
 * N-gon inscribed in the unit circle, whose sagitta is 1 − cos (π / N); the
 * map stretches no vector by more than max (a, b), so every point of the
 * ellipse lies within
 *
 *   max (a, b) · (1 − cos (π / N))
 *
 * of the polygon, and the polygon lies inside the ellipse (separations are
 * therefore overestimated by at most that much, never underestimated by
 * it). N is the smallest multiple of 4 (so both axes end on a vertex and
 * the polygon spans exactly width × depth) that keeps this bound below
 * ELLIPSE_MAX_ERROR_MM, with at least 16 vertices: 224 vertices for a
 * 200 mm oval, 112 for a 100 mm one. Past ELLIPSE_MAX_VERTICES (an oval
 * of about 18 m) the count is capped and the bound grows. */
#define ELLIPSE_MAX_ERROR_MM  0.01
#define ELLIPSE_MIN_VERTICES  16
#define ELLIPSE_MAX_VERTICES  4096

/* Consecutive polygon vertices closer than this are merged. */
#define DUPLICATE_POINT_MM    1e-9

/* A vertex whose two edges turn by less than this sine is collinear. */
#define COLLINEAR_SINE        1e-12

/* A polygon whose points all lie within this of one line has no area. */
#define DEGENERATE_WIDTH_MM   1e-9

G_DEFINE_QUARK (muster-geometry-error-quark, muster_geometry_error)

/* Ear clipping of a simple counter-clockwise polygon with no collinear
 * consecutive vertices into n − 2 counter-clockwise triangles. */
static guint *
triangulate (const MusterPoint *points,
             guint              n_points,
             guint             *n_triangles)
{
  g_autofree guint *ring = NULL;
  guint *tris;
  guint n_tris = 0;
  guint remaining = n_points;
  guint start = 0;

  g_assert (points != NULL);
  g_assert (n_points >= 3);
  g_assert (n_triangles != NULL);

  ring = g_new (guint, n_points);
  for (guint i = 0; i < n_points; i++)
    ring[i] = i;

  tris = g_new (guint, 3 * (n_points - 2));

  while (remaining > 3)
    {
      guint ear = G_MAXUINT;
      guint fallback = G_MAXUINT;
      double fallback_cross = 0.0;

      for (guint k = 0; k < remaining && ear == G_MAXUINT; k++)
        {
          guint i = (start + k) % remaining;
          MusterPoint a = points[ring[(i + remaining - 1) % remaining]];
          MusterPoint b = points[ring[i]];
          MusterPoint c = points[ring[(i + 1) % remaining]];
          double turn = cross3 (a, b, c);
          gboolean blocked = FALSE;

          if (turn <= 0.0)
            continue;

          if (fallback == G_MAXUINT || turn > fallback_cross)
            {
              fallback = i;
              fallback_cross = turn;
            }

          for (guint j = 0; j < remaining && !blocked; j++)
            {
              MusterPoint v;

              if (j == i ||
                  j == (i + remaining - 1) % remaining ||
                  j == (i + 1) % remaining)
                continue;

              v = points[ring[j]];
              blocked = point_in_triangle (v, a, b, c);
            }

          if (!blocked)
            ear = i;
        }

      /* Rounding can, in theory, hide every ear; clip the sharpest
       * convex corner rather than loop forever. */
      if (ear == G_MAXUINT)
        ear = fallback != G_MAXUINT ? fallback : 0;

      tris[3 * n_tris + 0] = ring[(ear + remaining - 1) % remaining];
      tris[3 * n_tris + 1] = ring[ear];
      tris[3 * n_tris + 2] = ring[(ear + 1) % remaining];
      n_tris++;

      memmove (&ring[ear], &ring[ear + 1], (remaining - ear - 1) * sizeof (guint));
      remaining--;
      start = ear % remaining;
    }

  tris[3 * n_tris + 0] = ring[0];
  tris[3 * n_tris + 1] = ring[1];
  tris[3 * n_tris + 2] = ring[2];
  n_tris++;

  g_assert (n_tris == n_points - 2);

  *n_triangles = n_tris;

  return tris;
}

void
muster_box_union (MusterBox       *box,
                  const MusterBox *other)
{
  g_return_if_fail (box != NULL);
  g_return_if_fail (other != NULL);

  box->x0 = MIN (box->x0, other->x0);
  box->y0 = MIN (box->y0, other->y0);
  box->x1 = MAX (box->x1, other->x1);
  box->y1 = MAX (box->y1, other->y1);
}

void
muster_box_expand (MusterBox *box,
                   double     margin)
{
  g_return_if_fail (box != NULL);

  box->x0 -= margin;
  box->y0 -= margin;
  box->x1 += margin;
  box->y1 += margin;
}

/* Closed boxes: boxes that only touch intersect. */
gboolean
muster_box_intersects (const MusterBox *a,
                       const MusterBox *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  return a->x0 <= b->x1 && b->x0 <= a->x1 &&
         a->y0 <= b->y1 && b->y0 <= a->y1;
}
void
muster_outline_init_circle (MusterOutline *outline,
                            double         x,
                            double         y,
                            double         radius)
{
  g_return_if_fail (outline != NULL);

  memset (outline, 0, sizeof *outline);
  outline->kind = MUSTER_OUTLINE_CIRCLE;
  outline->convex = TRUE;
  outline->n_parts = 1;
  outline->centre = point_make (x, y);
  outline->bounds.x0 = outline->bounds.x1 = x;
  outline->bounds.y0 = outline->bounds.y1 = y;

  g_return_if_fail (isfinite (x) && isfinite (y));
  g_return_if_fail (isfinite (radius) && radius >= 0.0);

  outline->radius = radius;
  outline->bounds.x0 = x - radius;
  outline->bounds.y0 = y - radius;
  outline->bounds.x1 = x + radius;
  outline->bounds.y1 = y + radius;
}

/* Takes ownership of points, which must be convex and counter-clockwise;
 * or, with borrowed, only points at them. */
static void
outline_init_convex_take (MusterOutline *outline,
                          MusterPoint   *points,
                          guint          n_points,
                          MusterPoint    centre,
                          gboolean       borrowed)
{
  g_assert (outline != NULL);
  g_assert (points != NULL);
  g_assert (n_points >= 3);

  memset (outline, 0, sizeof *outline);
  outline->kind = MUSTER_OUTLINE_POLYGON;
  outline->convex = TRUE;
  outline->centre = centre;
  outline->n_points = n_points;
  outline->points = points;
  outline->n_parts = 1;
  outline->parts = NULL;
  outline->borrowed = borrowed;
  bounds_of_points (points, n_points, &outline->bounds);
}

static guint
ellipse_vertex_count (double semi_axis)
{
  double step;
  double n;
  guint count;

  if (semi_axis <= ELLIPSE_MAX_ERROR_MM)
    return ELLIPSE_MIN_VERTICES;

  /* The largest step π / N with semi_axis · (1 − cos (π / N)) below the
   * error bound. */
  step = acos (1.0 - ELLIPSE_MAX_ERROR_MM / semi_axis);
  n = ceil (G_PI / step);

  if (!(n < ELLIPSE_MAX_VERTICES))
    return ELLIPSE_MAX_VERTICES;

  count = (guint) n;
  count = (count + 3) / 4 * 4;

  return CLAMP (count, ELLIPSE_MIN_VERTICES, ELLIPSE_MAX_VERTICES);
}

/**
 * muster_base_outline_points:
 * @base: a base
 *
 * How many points the outline of @base has (see
 * muster_outline_init_base()): 0 for a round base, whose outline is a
 * circle.
 */
guint
muster_base_outline_points (const MusterBase *base)
{
  g_return_val_if_fail (base != NULL, 0);

  switch (base->shape)
    {
    case MUSTER_BASE_RECT:
      return 4;

    case MUSTER_BASE_OVAL:
      return ellipse_vertex_count (MAX (base->width, base->depth) / 2.0);

    case MUSTER_BASE_ROUND:
    default:
      return 0;
    }
}

/**
 * muster_base_reach:
 * @base: a base
 *
 * How far @base reaches from its centre, whichever way it is turned: half
 * its width when it is round, else half its diagonal (for an oval, more
 * than it reaches). A piece's base lies within its centre ± this on both
 * axes, which is what muster_layout_find_pieces() looks up.
 */
double
muster_base_reach (const MusterBase *base)
{
  g_return_val_if_fail (base != NULL, 0.0);

  return base->shape == MUSTER_BASE_ROUND ? base->width / 2 : hypot (base->width, base->depth) / 2;
}

/* Exact sines for the right angles, so square placements stay square. */
static void
rotation_cos_sin (double  rotation_deg,
                  double *c,
                  double *s)
{
  double angle = fmod (rotation_deg, 360.0);

  if (angle < 0.0)
    angle += 360.0;

  if (angle == 0.0 || angle == 180.0)
    {
      *c = angle == 0.0 ? 1.0 : -1.0;
      *s = 0.0;
    }
  else if (angle == 90.0 || angle == 270.0)
    {
      *c = 0.0;
      *s = angle == 90.0 ? 1.0 : -1.0;
    }
  else
    {
      *c = cos (angle * G_PI / 180.0);
      *s = sin (angle * G_PI / 180.0);
    }
}

/* The n points (muster_base_outline_points()) of a rect or oval base at
 * (x, y), turned by rotation_deg. */
static void
base_points (const MusterBase *base,
             double            x,
             double            y,
             double            rotation_deg,
             MusterPoint      *points,
             guint             n)
{
  double a = base->width / 2.0;
  double b = base->depth / 2.0;
  double c, s;

  if (base->shape == MUSTER_BASE_RECT)
    {
      /* points[0] → points[1] is the front edge (north at rotation 0). */
      g_assert (n == 4);
      points[0] = point_make (-a, -b);
      points[1] = point_make (a, -b);
      points[2] = point_make (a, b);
      points[3] = point_make (-a, b);
    }
  else
    {
      for (guint i = 0; i < n; i++)
        {
          double t = 2.0 * G_PI * i / n;

          /* Exact axis end points. */
          if (i % (n / 4) == 0)
            {
              static const double cs[4][2] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
              guint q = i / (n / 4);

              points[i] = point_make (a * cs[q][0], b * cs[q][1]);
            }
          else
            points[i] = point_make (a * cos (t), b * sin (t));
        }
    }

  rotation_cos_sin (rotation_deg, &c, &s);
  for (guint i = 0; i < n; i++)
    {
      MusterPoint p = points[i];

      points[i] = point_make (x + p.x * c - p.y * s, y + p.x * s + p.y * c);
    }
}

/* The start of muster_outline_init_base() and _in(): a circle, which is
 * the outline of a round base and, when the base or the place is not
 * valid, something valid to clear. TRUE when the base needs points. */
static gboolean
base_outline_start (MusterOutline    *outline,
                    const MusterBase *base,
                    double            x,
                    double            y,
                    double            rotation_deg)
{
  g_return_val_if_fail (outline != NULL, FALSE);

  muster_outline_init_circle (outline,
                              isfinite (x) ? x : 0.0,
                              isfinite (y) ? y : 0.0,
                              0.0);

  g_return_val_if_fail (base != NULL, FALSE);
  g_return_val_if_fail (isfinite (x) && isfinite (y) && isfinite (rotation_deg), FALSE);
  g_return_val_if_fail (isfinite (base->width) && base->width > 0.0, FALSE);
  g_return_val_if_fail (base->shape == MUSTER_BASE_ROUND ||
                        (isfinite (base->depth) && base->depth > 0.0), FALSE);
  g_return_val_if_fail (base->shape == MUSTER_BASE_ROUND || base->shape == MUSTER_BASE_RECT ||
                        base->shape == MUSTER_BASE_OVAL, FALSE);

  if (base->shape == MUSTER_BASE_ROUND)
    {
      muster_outline_init_circle (outline, x, y, base->width / 2.0);
      return FALSE;
    }

  return TRUE;
}

void
muster_outline_init_base (MusterOutline    *outline,
                          const MusterBase *base,
                          double            x,
                          double            y,
                          double            rotation_deg)
{
  MusterPoint *points;
  guint n;

  if (!base_outline_start (outline, base, x, y, rotation_deg))
    return;

  n = muster_base_outline_points (base);
  points = g_new (MusterPoint, n);
  base_points (base, x, y, rotation_deg, points, n);
  outline_init_convex_take (outline, points, n, point_make (x, y), FALSE);
}

/**
 * muster_outline_init_base_in:
 * @outline: the outline to initialise
 * @base: a base
 * @x: its centre
 * @y: its centre
 * @rotation_deg: its rotation, clockwise
 * @storage: room for muster_base_outline_points() points
 *
 * As muster_outline_init_base(), with the points in @storage: the outline
 * borrows it (muster_outline_clear() leaves it alone, a copy has its
 * own), so that many outlines can share one block of memory.
 */
void
muster_outline_init_base_in (MusterOutline    *outline,
                             const MusterBase *base,
                             double            x,
                             double            y,
                             double            rotation_deg,
                             MusterPoint      *storage)
{
  guint n;

  if (!base_outline_start (outline, base, x, y, rotation_deg))
    return;

  g_return_if_fail (storage != NULL);

  n = muster_base_outline_points (base);
  base_points (base, x, y, rotation_deg, storage, n);
  outline_init_convex_take (outline, storage, n, point_make (x, y), TRUE);
}

static gboolean
set_polygon_error (GError     **error,
                   int          code,
                   const char  *message)
{
  g_set_error_literal (error, MUSTER_GEOMETRY_ERROR, code, message);
  return FALSE;
}

/* Merges repeated consecutive points (a closing copy of the first point
 * included) into pts; how many are left. */
static guint
merge_repeated_points (const MusterPoint *points,
                       guint              n_points,
                       MusterPoint       *pts)
{
  guint n = 0;

  for (guint i = 0; i < n_points; i++)
    {
      if (n == 0 || point_distance (pts[n - 1], points[i]) > DUPLICATE_POINT_MM)
        pts[n++] = points[i];
    }
  while (n > 1 && point_distance (pts[n - 1], pts[0]) <= DUPLICATE_POINT_MM)
    n--;

  return n;
}

/* Whether the points stray from one line: a polygon with area. */
static gboolean
points_have_width (const MusterPoint *pts,
                   guint              n)
{
  guint far_index = 0;
  double far = 0.0;
  double widest = 0.0;

  for (guint i = 1; i < n; i++)
    {
      double d = point_distance (pts[0], pts[i]);

      if (d > far)
        {
          far = d;
          far_index = i;
        }
    }
  for (guint i = 1; i < n; i++)
    widest = MAX (widest, fabs (cross3 (pts[0], pts[far_index], pts[i])) / far);

  return widest > DEGENERATE_WIDTH_MM;
}

/* Drops the vertices that sit on a straight edge; FALSE when the
 * boundary doubles back on itself at one (a self-intersection). */
static gboolean
drop_collinear_points (MusterPoint *pts,
                       guint       *n_points)
{
  guint n = *n_points;
  gboolean changed;

  do
    {
      changed = FALSE;

      for (guint i = 0; i < n && n >= 3; i++)
        {
          MusterPoint a = pts[(i + n - 1) % n];
          MusterPoint b = pts[i];
          MusterPoint c = pts[(i + 1) % n];
          double ux = b.x - a.x, uy = b.y - a.y;
          double vx = c.x - b.x, vy = c.y - b.y;
          double turn = ux * vy - uy * vx;
          double scale = hypot (ux, uy) * hypot (vx, vy);

          if (fabs (turn) <= COLLINEAR_SINE * scale)
            {
              if (ux * vx + uy * vy < 0.0)
                return FALSE;

              memmove (&pts[i], &pts[i + 1], (n - i - 1) * sizeof (MusterPoint));
              n--;
              changed = TRUE;
              break;
            }
        }
    }
  while (changed && n >= 3);

  *n_points = n;

  return TRUE;
}

/* Simple: no two edges meet except neighbours at their shared vertex
 * (neighbours cannot overlap once drop_collinear_points() has refused
 * doubling back). */
static gboolean
polygon_is_simple (const MusterPoint *pts,
                   guint              n)
{
  for (guint i = 0; i < n; i++)
    {
      MusterPoint a0 = pts[i];
      MusterPoint a1 = pts[(i + 1) % n];

      for (guint j = i + 2; j < n; j++)
        {
          if (i == 0 && j == n - 1)
            continue;

          if (segments_intersect (a0, a1, pts[j], pts[(j + 1) % n]))
            return FALSE;
        }
    }

  return TRUE;
}

/* Takes pts, n counter-clockwise points of a simple polygon. */
static void
outline_init_polygon_take (MusterOutline *outline,
                           MusterPoint   *pts,
                           guint          n)
{
  gboolean convex = TRUE;

  for (guint i = 0; i < n && convex; i++)
    convex = cross3 (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]) > 0.0;

  muster_outline_clear (outline);
  outline->kind = MUSTER_OUTLINE_POLYGON;
  outline->convex = convex;
  outline->centre = polygon_centroid (pts, n);
  outline->radius = 0.0;
  outline->n_points = n;
  bounds_of_points (pts, n, &outline->bounds);

  if (convex)
    {
      outline->n_parts = 1;
      outline->parts = NULL;
    }
  else
    {
      guint n_parts;

      outline->parts = triangulate (pts, n, &n_parts);
      outline->n_parts = n_parts;
    }

  outline->points = pts;
}

gboolean
muster_outline_init_polygon (MusterOutline      *outline,
                             const MusterPoint  *points,
                             guint               n_points,
                             GError            **error)
{
  g_autofree MusterPoint *pts = NULL;
  guint n;
  double area;

  g_return_val_if_fail (outline != NULL, FALSE);
  g_return_val_if_fail (points != NULL || n_points == 0, FALSE);
  /* Its parts are counted in 28 bits (MusterOutline); callers hold far
   * fewer points (a layout's terrain at most MUSTER_LAYOUT_MAX_TERRAIN_POINTS). */
  g_return_val_if_fail (n_points < (1u << 28), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Something valid to clear, whatever happens below. */
  muster_outline_init_circle (outline, 0.0, 0.0, 0.0);

  if (n_points < 3)
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_TOO_FEW_POINTS,
                              _("A polygon needs at least three points"));

  for (guint i = 0; i < n_points; i++)
    {
      if (!point_is_finite (points[i]))
        return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_DEGENERATE,
                                  _("A polygon point is not a finite number"));
    }

  pts = g_new (MusterPoint, n_points);
  n = merge_repeated_points (points, n_points, pts);

  if (n < 3 || !points_have_width (pts, n))
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_DEGENERATE,
                              _("A polygon has no area"));

  if (!drop_collinear_points (pts, &n))
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_NOT_SIMPLE,
                              _("A polygon crosses itself"));

  if (n < 3)
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_DEGENERATE,
                              _("A polygon has no area"));

  if (!polygon_is_simple (pts, n))
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_NOT_SIMPLE,
                              _("A polygon crosses itself"));

  area = polygon_signed_area (pts, n);
  if (!(fabs (area) > 1e-12))
    return set_polygon_error (error, MUSTER_GEOMETRY_ERROR_DEGENERATE,
                              _("A polygon has no area"));

  if (area < 0.0)
    {
      for (guint i = 0, j = n - 1; i < j; i++, j--)
        {
          MusterPoint t = pts[i];

          pts[i] = pts[j];
          pts[j] = t;
        }
    }

  outline_init_polygon_take (outline, g_renew (MusterPoint, g_steal_pointer (&pts), n), n);

  return TRUE;
}

void
muster_outline_copy (MusterOutline       *dest,
                     const MusterOutline *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);
  g_return_if_fail (dest != src);

  *dest = *src;
  dest->borrowed = FALSE;

  if (src->points != NULL)
    dest->points = g_memdup2 (src->points, sizeof (MusterPoint) * src->n_points);

  if (src->parts != NULL)
    dest->parts = g_memdup2 (src->parts, sizeof (guint) * 3 * src->n_parts);
}

void
muster_outline_clear (MusterOutline *outline)
{
  g_return_if_fail (outline != NULL);

  if (outline->borrowed)
    outline->points = NULL;
  g_clear_pointer (&outline->points, g_free);
  g_clear_pointer (&outline->parts, g_free);
  outline->borrowed = FALSE;
  outline->n_points = 0;
  outline->n_parts = 0;
}

double
muster_outline_support (const MusterOutline *outline,
                        double               nx,
                        double               ny)
{
  double best;

  g_return_val_if_fail (outline != NULL, 0.0);

  if (outline->kind == MUSTER_OUTLINE_CIRCLE)
    return outline->centre.x * nx + outline->centre.y * ny + outline->radius * hypot (nx, ny);

  g_return_val_if_fail (outline->n_points > 0, 0.0);

  best = -G_MAXDOUBLE;
  for (guint i = 0; i < outline->n_points; i++)
    best = MAX (best, outline->points[i].x * nx + outline->points[i].y * ny);

  return best;
}

double
muster_outline_point_signed_distance (const MusterOutline *outline,
                                      MusterPoint          p)
{
  double d;

  g_return_val_if_fail (outline != NULL, G_MAXDOUBLE);

  if (outline->kind == MUSTER_OUTLINE_CIRCLE)
    return point_distance (outline->centre, p) - outline->radius;

  g_return_val_if_fail (outline->n_points >= 3, G_MAXDOUBLE);

  d = polygon_boundary_distance (outline->points, outline->n_points, p, NULL, NULL);

  if (polygon_contains_crossing (outline->points, outline->n_points, p))
    return -d;

  return d;
}

/* The boundary counts as inside, with MUSTER_EPSILON_MM of slack for
 * rounding. */
gboolean
muster_outline_contains_point (const MusterOutline *outline,
                               MusterPoint          p)
{
  g_return_val_if_fail (outline != NULL, FALSE);

  if (p.x < outline->bounds.x0 - MUSTER_EPSILON_MM ||
      p.x > outline->bounds.x1 + MUSTER_EPSILON_MM ||
      p.y < outline->bounds.y0 - MUSTER_EPSILON_MM ||
      p.y > outline->bounds.y1 + MUSTER_EPSILON_MM)
    return FALSE;

  return muster_outline_point_signed_distance (outline, p) <= MUSTER_EPSILON_MM;
}
