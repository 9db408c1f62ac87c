/* muster-region.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-region"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-region.h"

/* Every test allows MUSTER_EPSILON_MM of floating point slack: an
 * inclusive boundary accepts points up to epsilon outside it, a strict
 * one demands more than epsilon inside it. So "exactly 12 inches" is
 * exactly 12 inches however the numbers were rounded, and 1 mm further is
 * always a different answer. */

static gboolean
kind_has_outline (MusterRegionKind kind)
{
  return kind == MUSTER_REGION_BOARD ||
         kind == MUSTER_REGION_POLYGON ||
         kind == MUSTER_REGION_CIRCLE;
}

static MusterRegion *
region_new (MusterRegionKind kind)
{
  MusterRegion *region = g_new0 (MusterRegion, 1);

  g_atomic_ref_count_init (&region->ref_count);
  region->kind = kind;

  return region;
}

MusterRegion *
muster_region_new_board (double width,
                         double height)
{
  MusterPoint corners[4];
  MusterRegion *region;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (isfinite (width) && width > 0, NULL);
  g_return_val_if_fail (isfinite (height) && height > 0, NULL);

  corners[0] = (MusterPoint) { 0, 0 };
  corners[1] = (MusterPoint) { width, 0 };
  corners[2] = (MusterPoint) { width, height };
  corners[3] = (MusterPoint) { 0, height };

  region = region_new (MUSTER_REGION_BOARD);
  if (!muster_outline_init_polygon (&region->outline, corners, 4, &error))
    g_error ("A %g × %g board is not a polygon: %s", width, height, error->message);

  return region;
}

MusterRegion *
muster_region_new_half_plane (double   nx,
                              double   ny,
                              double   c,
                              gboolean strict)
{
  MusterRegion *region;
  double length = hypot (nx, ny);

  g_return_val_if_fail (isfinite (length) && length > 0, NULL);
  g_return_val_if_fail (isfinite (c), NULL);

  region = region_new (MUSTER_REGION_HALF_PLANE);
  region->nx = nx / length;
  region->ny = ny / length;
  region->c = c / length;
  region->strict = strict;

  return region;
}

MusterRegion *
muster_region_new_polygon (const MusterPoint  *points,
                           guint               n_points,
                           gboolean            strict,
                           GError            **error)
{
  MusterRegion *region;

  g_return_val_if_fail (points != NULL || n_points == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  region = region_new (MUSTER_REGION_POLYGON);
  region->strict = strict;
  if (!muster_outline_init_polygon (&region->outline, points, n_points, error))
    {
      g_free (region);
      return NULL;
    }

  return region;
}

MusterRegion *
muster_region_new_circle (double   x,
                          double   y,
                          double   radius,
                          gboolean strict)
{
  MusterRegion *region;

  g_return_val_if_fail (isfinite (x) && isfinite (y), NULL);
  g_return_val_if_fail (isfinite (radius) && radius > 0, NULL);

  region = region_new (MUSTER_REGION_CIRCLE);
  region->strict = strict;
  muster_outline_init_circle (&region->outline, x, y, radius);

  return region;
}

MusterRegion *
muster_region_new_set (MusterRegionKind  kind,
                       GPtrArray        *children)
{
  MusterRegion *region;

  g_return_val_if_fail (kind == MUSTER_REGION_UNION ||
                        kind == MUSTER_REGION_INTERSECTION ||
                        kind == MUSTER_REGION_DIFFERENCE, NULL);
  g_return_val_if_fail (children != NULL, NULL);
  g_return_val_if_fail (kind != MUSTER_REGION_DIFFERENCE || children->len > 0, NULL);

  g_ptr_array_set_free_func (children, (GDestroyNotify) muster_region_unref);

  region = region_new (kind);
  region->children = children;

  return region;
}

MusterRegion *
muster_region_new_if_within (MusterRegion *condition,
                             MusterRegion *then_region,
                             MusterRegion *otherwise)
{
  MusterRegion *region;

  g_return_val_if_fail (condition != NULL, NULL);
  g_return_val_if_fail (then_region != NULL, NULL);
  g_return_val_if_fail (otherwise != NULL, NULL);

  region = region_new (MUSTER_REGION_IF_WITHIN);
  region->children = g_ptr_array_new_full (3, (GDestroyNotify) muster_region_unref);
  g_ptr_array_add (region->children, condition);
  g_ptr_array_add (region->children, then_region);
  g_ptr_array_add (region->children, otherwise);

  return region;
}

MusterRegion *
muster_region_ref (MusterRegion *region)
{
  g_return_val_if_fail (region != NULL, NULL);

  g_atomic_ref_count_inc (&region->ref_count);

  return region;
}

void
muster_region_unref (MusterRegion *region)
{
  g_return_if_fail (region != NULL);

  if (!g_atomic_ref_count_dec (&region->ref_count))
    return;

  if (kind_has_outline (region->kind))
    muster_outline_clear (&region->outline);
  g_clear_pointer (&region->children, g_ptr_array_unref);
  g_free (region);
}

static inline const MusterRegion *
child (const MusterRegion *region,
       guint               i)
{
  return g_ptr_array_index (region->children, i);
}

/* A value against a lower bound c, with the boundary's strictness. */
static inline gboolean
at_least (double   value,
          double   c,
          gboolean strict)
{
  return strict ? value > c + MUSTER_EPSILON_MM : value >= c - MUSTER_EPSILON_MM;
}

static gboolean
board_contains_box (const MusterRegion *board,
                    const MusterBox    *box)
{
  const MusterBox *b = &board->outline.bounds;

  /* The board is an axis-aligned rectangle, so the bounding box test is exact. */
  return at_least (box->x0, b->x0, board->strict) &&
         at_least (box->y0, b->y0, board->strict) &&
         at_least (b->x1, box->x1, board->strict) &&
         at_least (b->y1, box->y1, board->strict);
}

gboolean
muster_region_contains_point (const MusterRegion *region,
                              MusterPoint         p)
{
  g_return_val_if_fail (region != NULL, FALSE);

  switch (region->kind)
    {
    case MUSTER_REGION_BOARD:
      {
        MusterBox box = { p.x, p.y, p.x, p.y };

        return board_contains_box (region, &box);
      }

    case MUSTER_REGION_HALF_PLANE:
      return at_least (region->nx * p.x + region->ny * p.y, region->c, region->strict);

    case MUSTER_REGION_CIRCLE:
      return at_least (region->outline.radius,
                       hypot (p.x - region->outline.centre.x, p.y - region->outline.centre.y),
                       region->strict);

    case MUSTER_REGION_POLYGON:
      return at_least (0, muster_outline_point_signed_distance (&region->outline, p),
                       region->strict);

    case MUSTER_REGION_UNION:
      for (guint i = 0; i < region->children->len; i++)
        {
          if (muster_region_contains_point (child (region, i), p))
            return TRUE;
        }
      return FALSE;

    case MUSTER_REGION_INTERSECTION:
      for (guint i = 0; i < region->children->len; i++)
        {
          if (!muster_region_contains_point (child (region, i), p))
            return FALSE;
        }
      return TRUE;

    case MUSTER_REGION_DIFFERENCE:
      if (!muster_region_contains_point (child (region, 0), p))
        return FALSE;
      for (guint i = 1; i < region->children->len; i++)
        {
          if (muster_region_contains_point (child (region, i), p))
            return FALSE;
        }
      return TRUE;

    case MUSTER_REGION_IF_WITHIN:
      if (muster_region_contains_point (child (region, 0), p))
        return muster_region_contains_point (child (region, 1), p);
      return muster_region_contains_point (child (region, 2), p);

    default:
      g_return_val_if_reached (FALSE);
    }
}

/* Grids */

/* The grid of a leaf: at_least() with its bound worked out once, as it
 * would be point by point. */
static void
leaf_grid (const MusterRegion *region,
           const double       *xs,
           guint               n_xs,
           const double       *ys,
           guint               n_ys,
           guint8             *inside)
{
  const gboolean strict = region->strict;

  switch (region->kind)
    {
    case MUSTER_REGION_HALF_PLANE:
      {
        const double nx = region->nx, ny = region->ny;
        const double bound = strict ? region->c + MUSTER_EPSILON_MM : region->c - MUSTER_EPSILON_MM;

        for (guint j = 0; j < n_ys; j++)
          {
            guint8 *row = inside + (gsize) j * n_xs;
            const double y = ys[j];

            if (strict)
              for (guint i = 0; i < n_xs; i++)
                row[i] = nx * xs[i] + ny * y > bound;
            else
              for (guint i = 0; i < n_xs; i++)
                row[i] = nx * xs[i] + ny * y >= bound;
          }
      }
      break;

    case MUSTER_REGION_BOARD:
      {
        const MusterBox *b = &region->outline.bounds;
        g_autofree guint8 *columns = g_new (guint8, MAX (n_xs, 1));

        for (guint i = 0; i < n_xs; i++)
          columns[i] = at_least (xs[i], b->x0, strict) && at_least (b->x1, xs[i], strict);
        for (guint j = 0; j < n_ys; j++)
          {
            gboolean row = at_least (ys[j], b->y0, strict) && at_least (b->y1, ys[j], strict);

            for (guint i = 0; i < n_xs; i++)
              inside[(gsize) j * n_xs + i] = row && columns[i];
          }
      }
      break;

    case MUSTER_REGION_CIRCLE:
      for (guint j = 0; j < n_ys; j++)
        for (guint i = 0; i < n_xs; i++)
          inside[(gsize) j * n_xs + i] = at_least (region->outline.radius,
                                                   hypot (xs[i] - region->outline.centre.x,
                                                          ys[j] - region->outline.centre.y),
                                                   strict);
      break;

    case MUSTER_REGION_POLYGON:
    case MUSTER_REGION_UNION:
    case MUSTER_REGION_INTERSECTION:
    case MUSTER_REGION_DIFFERENCE:
    case MUSTER_REGION_IF_WITHIN:
    default:
      for (guint j = 0; j < n_ys; j++)
        for (guint i = 0; i < n_xs; i++)
          inside[(gsize) j * n_xs + i] = muster_region_contains_point (region, (MusterPoint) { xs[i], ys[j] });
      break;
    }
}

/* Where a set of points is asked about: a grid, or a list of points. */
typedef struct
{
  const double      *xs, *ys;
  guint              n_xs, n_ys;
  const MusterPoint *points;
  gsize              n;
} Where;

/* The points of a leaf, as muster_region_contains_point() says of each,
 * the kind of leaf worked out once. */
static void
leaf_points (const MusterRegion *region,
             const MusterPoint  *points,
             gsize               n,
             guint8             *inside)
{
  const gboolean strict = region->strict;

  switch (region->kind)
    {
    case MUSTER_REGION_HALF_PLANE:
      for (gsize k = 0; k < n; k++)
        inside[k] = at_least (region->nx * points[k].x + region->ny * points[k].y, region->c, strict);
      break;

    case MUSTER_REGION_BOARD:
      {
        const MusterBox *b = &region->outline.bounds;

        for (gsize k = 0; k < n; k++)
          inside[k] = at_least (points[k].x, b->x0, strict) && at_least (points[k].y, b->y0, strict) &&
                      at_least (b->x1, points[k].x, strict) && at_least (b->y1, points[k].y, strict);
      }
      break;

    case MUSTER_REGION_CIRCLE:
    case MUSTER_REGION_POLYGON:
    case MUSTER_REGION_UNION:
    case MUSTER_REGION_INTERSECTION:
    case MUSTER_REGION_DIFFERENCE:
    case MUSTER_REGION_IF_WITHIN:
    default:
      for (gsize k = 0; k < n; k++)
        inside[k] = muster_region_contains_point (region, points[k]);
      break;
    }
}

static void contains_where (const MusterRegion *region,
                            const Where        *where,
                            guint8             *inside);

/* A set of children: the first in inside, each other combined with it. */
static void
set_where (const MusterRegion *region,
           const Where        *where,
           guint8             *inside)
{
  gsize n = where->n;
  g_autofree guint8 *other = NULL;

  /* An empty union holds nothing; an empty intersection everything. */
  if (region->children->len == 0)
    {
      memset (inside, region->kind == MUSTER_REGION_INTERSECTION, n);
      return;
    }

  other = g_new (guint8, MAX (n, 1));
  contains_where (child (region, 0), where, inside);

  if (region->kind == MUSTER_REGION_IF_WITHIN)
    {
      g_autofree guint8 *otherwise = g_new (guint8, MAX (n, 1));

      contains_where (child (region, 1), where, other);
      contains_where (child (region, 2), where, otherwise);
      for (gsize k = 0; k < n; k++)
        inside[k] = inside[k] ? other[k] : otherwise[k];
      return;
    }

  for (guint c = 1; c < region->children->len; c++)
    {
      contains_where (child (region, c), where, other);
      if (region->kind == MUSTER_REGION_UNION)
        for (gsize k = 0; k < n; k++)
          inside[k] |= other[k];
      else if (region->kind == MUSTER_REGION_INTERSECTION)
        for (gsize k = 0; k < n; k++)
          inside[k] &= other[k];
      else
        for (gsize k = 0; k < n; k++)
          inside[k] &= !other[k];
    }
}

static void
contains_where (const MusterRegion *region,
                const Where        *where,
                guint8             *inside)
{
  if (region->kind == MUSTER_REGION_UNION || region->kind == MUSTER_REGION_INTERSECTION ||
      region->kind == MUSTER_REGION_DIFFERENCE || region->kind == MUSTER_REGION_IF_WITHIN)
    set_where (region, where, inside);
  else if (where->points != NULL)
    leaf_points (region, where->points, where->n, inside);
  else
    leaf_grid (region, where->xs, where->n_xs, where->ys, where->n_ys, inside);
}

void
muster_region_contains_grid (const MusterRegion *region,
                             const double       *xs,
                             guint               n_xs,
                             const double       *ys,
                             guint               n_ys,
                             guint8             *inside)
{
  Where where = { xs, ys, n_xs, n_ys, NULL, (gsize) n_xs * n_ys };

  g_return_if_fail (region != NULL);
  g_return_if_fail (xs != NULL || n_xs == 0);
  g_return_if_fail (ys != NULL || n_ys == 0);
  g_return_if_fail (inside != NULL || where.n == 0);

  contains_where (region, &where, inside);
}

void
muster_region_contains_points (const MusterRegion *region,
                               const MusterPoint  *points,
                               gsize               n,
                               guint8             *inside)
{
  Where where = { NULL, NULL, 0, 0, points, n };

  g_return_if_fail (region != NULL);
  g_return_if_fail (points != NULL || n == 0);
  g_return_if_fail (inside != NULL || n == 0);

  contains_where (region, &where, inside);
}

/* The zone as drawn, exactly.
 *
 * A choice made base by base (IF_WITHIN: condition, then, otherwise) is
 * drawn as (condition ∩ then) ∪ (otherwise − condition), and a base is
 * within that when the part of it in the condition lies in "then" and the
 * part outside in "otherwise". For a base square to the table in the
 * shipped zones this is the same as "the whole base within the condition
 * gets 'then', any other 'otherwise'"; for a base turned at an angle or a
 * round one across the condition's edge it need not be, and the drawing is
 * what a player sees (RULES.md, Encircle: "entirely within the zone as
 * drawn").
 *
 * It is worked out when the condition is made of half-planes and the board
 * with unions and intersections (a union of convex pieces, and so is its
 * complement), and "then" and "otherwise" are intersections of
 * half-planes: the lowest value of each half-plane's n·p over the part of
 * the outline in each piece is compared with its bound. Anything else
 * falls back to the choice by whole base. */

typedef struct
{
  double   nx, ny, c;
  gboolean strict;
} Plane;

#define MAX_PIECES 32
#define MAX_PLANES 16

typedef struct
{
  guint n;
  Plane planes[MAX_PLANES];
} Piece;

/* Pieces of region (negated: of its complement) into out; FALSE when the
 * region is not made of half-planes and the board, or has too many. */
static gboolean
convex_pieces (const MusterRegion *region,
               gboolean            negate,
               GArray             *out)
{
  gboolean product;

  switch (region->kind)
    {
    case MUSTER_REGION_HALF_PLANE:
    case MUSTER_REGION_BOARD:
      {
        Plane planes[4];
        guint n = 0;

        if (region->kind == MUSTER_REGION_HALF_PLANE)
          planes[n++] = (Plane) { region->nx, region->ny, region->c, region->strict };
        else
          {
            const MusterBox *b = &region->outline.bounds;

            planes[n++] = (Plane) { 1, 0, b->x0, region->strict };
            planes[n++] = (Plane) { 0, 1, b->y0, region->strict };
            planes[n++] = (Plane) { -1, 0, -b->x1, region->strict };
            planes[n++] = (Plane) { 0, -1, -b->y1, region->strict };
          }

        if (!negate)
          {
            Piece piece = { n, { { 0 } } };

            memcpy (piece.planes, planes, n * sizeof (Plane));
            g_array_append_val (out, piece);
          }
        else
          for (guint i = 0; i < n; i++)
            {
              /* Not n·p >= c is -n·p > -c (strictness flips). */
              Piece piece = { 1, { { -planes[i].nx, -planes[i].ny, -planes[i].c, !planes[i].strict } } };

              g_array_append_val (out, piece);
            }
        return out->len <= MAX_PIECES;
      }

    case MUSTER_REGION_UNION:
    case MUSTER_REGION_INTERSECTION:
      /* An intersection, or the complement of a union, combines every
       * piece of each part with every piece of the others. */
      product = (region->kind == MUSTER_REGION_INTERSECTION) != negate;
      if (!product)
        {
          for (guint i = 0; i < region->children->len; i++)
            if (!convex_pieces (child (region, i), negate, out))
              return FALSE;
          return out->len <= MAX_PIECES;
        }
      else
        {
          g_autoptr(GArray) acc = g_array_new (FALSE, FALSE, sizeof (Piece));
          Piece everywhere = { 0, { { 0 } } };
          guint start = out->len;

          g_array_append_val (acc, everywhere);
          for (guint i = 0; i < region->children->len; i++)
            {
              g_autoptr(GArray) part = g_array_new (FALSE, FALSE, sizeof (Piece));
              g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (Piece));

              if (!convex_pieces (child (region, i), negate, part))
                return FALSE;
              for (guint a = 0; a < acc->len; a++)
                for (guint b = 0; b < part->len; b++)
                  {
                    Piece joined = g_array_index (acc, Piece, a);
                    const Piece *more = &g_array_index (part, Piece, b);

                    if (joined.n + more->n > MAX_PLANES || next->len >= MAX_PIECES)
                      return FALSE;
                    memcpy (joined.planes + joined.n, more->planes, more->n * sizeof (Plane));
                    joined.n += more->n;
                    g_array_append_val (next, joined);
                  }
              g_array_unref (acc);
              acc = g_steal_pointer (&next);
            }
          g_array_append_vals (out, acc->data, acc->len);
          return out->len - start <= MAX_PIECES;
        }

    case MUSTER_REGION_POLYGON:
    case MUSTER_REGION_CIRCLE:
    case MUSTER_REGION_DIFFERENCE:
    case MUSTER_REGION_IF_WITHIN:
    default:
      return FALSE;
    }
}

/* Keeps the part of the polygon p (n points, at most 2 × max) where
 * n·x >= c, with the plane's strictness and the slack of at_least(). */
static guint
clip_points (MusterPoint *p,
             guint        n,
             const Plane *plane)
{
  MusterPoint kept[2 * MAX_PLANES + 64];
  double bound = plane->strict ? plane->c + MUSTER_EPSILON_MM : plane->c - MUSTER_EPSILON_MM;
  guint m = 0;

  for (guint i = 0; i < n && m + 2 <= G_N_ELEMENTS (kept); i++)
    {
      MusterPoint a = p[i], b = p[(i + 1) % n];
      double da = plane->nx * a.x + plane->ny * a.y - bound;
      double db = plane->nx * b.x + plane->ny * b.y - bound;

      if (da >= 0)
        kept[m++] = a;
      if ((da >= 0) != (db >= 0))
        {
          double t = da / (da - db);

          kept[m++] = (MusterPoint) { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };
        }
    }

  memcpy (p, kept, m * sizeof (MusterPoint));

  return m;
}

/* Whether the part of the outline in piece lies in every plane of
 * target (vacuously when there is no such part). Circles are taken by
 * the points where the lowest values can be: the circle's own lowest
 * point, where it meets the piece's lines, and the piece's corners. */
static gboolean
part_within (const MusterOutline *outline,
             const Piece         *piece,
             const Piece         *target)
{
  if (outline->kind == MUSTER_OUTLINE_POLYGON)
    {
      MusterPoint p[2 * MAX_PLANES + 64];
      guint n = MIN (outline->n_points, 64);

      /* Piece outlines (bases) are convex and have few points. */
      if (outline->n_points > 64)
        return FALSE;
      memcpy (p, outline->points, n * sizeof (MusterPoint));
      for (guint i = 0; i < piece->n && n > 0; i++)
        n = clip_points (p, n, &piece->planes[i]);

      for (guint t = 0; t < target->n; t++)
        for (guint i = 0; i < n; i++)
          if (!at_least (target->planes[t].nx * p[i].x + target->planes[t].ny * p[i].y,
                         target->planes[t].c, target->planes[t].strict))
            return FALSE;
      return TRUE;
    }
  else
    {
      MusterPoint c = outline->centre;
      double r = outline->radius;
      Piece shifted = *piece;

      /* The piece's lines moved by the slack, as clip_points() does: a
       * circle only touching a strict boundary has no part beyond it. */
      for (guint i = 0; i < shifted.n; i++)
        shifted.planes[i].c += shifted.planes[i].strict ? MUSTER_EPSILON_MM : -MUSTER_EPSILON_MM;
      piece = &shifted;

      for (guint t = 0; t < target->n; t++)
        {
          const Plane *goal = &target->planes[t];
          MusterPoint candidates[1 + 2 * MAX_PLANES + MAX_PLANES * MAX_PLANES];
          guint m = 0;

          candidates[m++] = (MusterPoint) { c.x - r * goal->nx, c.y - r * goal->ny };
          for (guint i = 0; i < piece->n; i++)
            {
              const Plane *a = &piece->planes[i];
              double d = a->nx * c.x + a->ny * c.y - a->c;   /* centre to the line */
              double h2 = r * r - d * d;

              if (h2 >= 0)
                {
                  double h = sqrt (h2);
                  MusterPoint foot = { c.x - d * a->nx, c.y - d * a->ny };

                  candidates[m++] = (MusterPoint) { foot.x - h * a->ny, foot.y + h * a->nx };
                  candidates[m++] = (MusterPoint) { foot.x + h * a->ny, foot.y - h * a->nx };
                }
              for (guint j = i + 1; j < piece->n; j++)
                {
                  const Plane *b = &piece->planes[j];
                  double det = a->nx * b->ny - a->ny * b->nx;
                  MusterPoint x;

                  if (fabs (det) < 1e-12)
                    continue;
                  x = (MusterPoint) { (a->c * b->ny - a->ny * b->c) / det,
                                      (a->nx * b->c - a->c * b->nx) / det };
                  if (hypot (x.x - c.x, x.y - c.y) <= r + MUSTER_EPSILON_MM)
                    candidates[m++] = x;
                }
            }

          for (guint k = 0; k < m; k++)
            {
              gboolean in_piece = TRUE;

              for (guint i = 0; i < piece->n && in_piece; i++)
                in_piece = piece->planes[i].nx * candidates[k].x + piece->planes[i].ny * candidates[k].y >=
                           piece->planes[i].c - 1e-9;
              if (in_piece && !at_least (goal->nx * candidates[k].x + goal->ny * candidates[k].y,
                                         goal->c, goal->strict))
                return FALSE;
            }
        }
      return TRUE;
    }
}

/* The exact test of an IF_WITHIN (see above); FALSE in *decided when it
 * cannot be had. */
static gboolean
if_within_as_drawn (const MusterRegion  *region,
                    const MusterOutline *outline,
                    gboolean            *decided)
{
  g_autoptr(GArray) inside = g_array_new (FALSE, FALSE, sizeof (Piece));
  g_autoptr(GArray) outside = g_array_new (FALSE, FALSE, sizeof (Piece));
  g_autoptr(GArray) then_region = g_array_new (FALSE, FALSE, sizeof (Piece));
  g_autoptr(GArray) otherwise = g_array_new (FALSE, FALSE, sizeof (Piece));

  *decided = FALSE;
  if (!convex_pieces (child (region, 0), FALSE, inside) ||
      !convex_pieces (child (region, 0), TRUE, outside) ||
      !convex_pieces (child (region, 1), FALSE, then_region) || then_region->len != 1 ||
      !convex_pieces (child (region, 2), FALSE, otherwise) || otherwise->len != 1)
    return FALSE;

  *decided = TRUE;
  for (guint i = 0; i < inside->len; i++)
    if (!part_within (outline, &g_array_index (inside, Piece, i), &g_array_index (then_region, Piece, 0)))
      return FALSE;
  for (guint i = 0; i < outside->len; i++)
    if (!part_within (outline, &g_array_index (outside, Piece, i), &g_array_index (otherwise, Piece, 0)))
      return FALSE;

  return TRUE;
}

static gboolean region_excludes_outline (const MusterRegion  *region,
                                         const MusterOutline *outline);

gboolean
muster_region_contains_outline (const MusterRegion  *region,
                                const MusterOutline *outline)
{
  g_return_val_if_fail (region != NULL, FALSE);
  g_return_val_if_fail (outline != NULL, FALSE);

  switch (region->kind)
    {
    case MUSTER_REGION_BOARD:
      return board_contains_box (region, &outline->bounds);

    case MUSTER_REGION_HALF_PLANE:
      {
        /* min over the outline of n·p = -max of (-n)·p */
        double lowest = -muster_outline_support (outline, -region->nx, -region->ny);

        return at_least (lowest, region->c, region->strict);
      }

    case MUSTER_REGION_POLYGON:
    case MUSTER_REGION_CIRCLE:
      return muster_outline_within (outline, &region->outline, region->strict);

    case MUSTER_REGION_UNION:
      for (guint i = 0; i < region->children->len; i++)
        {
          if (muster_region_contains_outline (child (region, i), outline))
            return TRUE;
        }
      return FALSE;

    case MUSTER_REGION_INTERSECTION:
      for (guint i = 0; i < region->children->len; i++)
        {
          if (!muster_region_contains_outline (child (region, i), outline))
            return FALSE;
        }
      return TRUE;

    case MUSTER_REGION_DIFFERENCE:
      if (!muster_region_contains_outline (child (region, 0), outline))
        return FALSE;
      for (guint i = 1; i < region->children->len; i++)
        {
          if (!region_excludes_outline (child (region, i), outline))
            return FALSE;
        }
      return TRUE;

    case MUSTER_REGION_IF_WITHIN:
      {
        gboolean decided;
        gboolean inside = if_within_as_drawn (region, outline, &decided);

        if (decided)
          return inside;
      }
      if (muster_region_contains_outline (child (region, 0), outline))
        return muster_region_contains_outline (child (region, 1), outline);
      return muster_region_contains_outline (child (region, 2), outline);

    default:
      g_return_val_if_reached (FALSE);
    }
}

/* TRUE when the outline and the interior of the region do not overlap
 * (touching the boundary is allowed): what a difference needs of the
 * parts it cuts away. Exact for the primitives and unions; for an
 * intersection it is enough that one part keeps clear, which is exact
 * when the parts are half-planes bounding a convex shape seen from
 * outside one of them, and errs towards "overlapping" otherwise. */
static gboolean
region_excludes_outline (const MusterRegion  *region,
                         const MusterOutline *outline)
{
  switch (region->kind)
    {
    case MUSTER_REGION_HALF_PLANE:
      return muster_outline_support (outline, region->nx, region->ny) <= region->c + MUSTER_EPSILON_MM;

    case MUSTER_REGION_BOARD:
    case MUSTER_REGION_POLYGON:
    case MUSTER_REGION_CIRCLE:
      return muster_outline_separation (outline, &region->outline, NULL, NULL) >= -MUSTER_EPSILON_MM;

    case MUSTER_REGION_UNION:
      for (guint i = 0; i < region->children->len; i++)
        {
          if (!region_excludes_outline (child (region, i), outline))
            return FALSE;
        }
      return TRUE;

    case MUSTER_REGION_INTERSECTION:
      for (guint i = 0; i < region->children->len; i++)
        {
          if (region_excludes_outline (child (region, i), outline))
            return TRUE;
        }
      return FALSE;

    case MUSTER_REGION_DIFFERENCE:
      /* outline ∩ (A − B) is empty when outline misses A or lies in a B */
      if (region_excludes_outline (child (region, 0), outline))
        return TRUE;
      for (guint i = 1; i < region->children->len; i++)
        {
          if (muster_region_contains_outline (child (region, i), outline))
            return TRUE;
        }
      return FALSE;

    case MUSTER_REGION_IF_WITHIN:
      if (muster_region_contains_outline (child (region, 0), outline))
        return region_excludes_outline (child (region, 1), outline);
      return region_excludes_outline (child (region, 2), outline);

    default:
      g_assert_not_reached ();
    }
}

guint
muster_region_clip_half_plane (const MusterRegion *region,
                               const MusterBox    *box,
                               MusterPoint         points[8])
{
  MusterPoint corners[4];
  guint n = 0;

  g_return_val_if_fail (region != NULL, 0);
  g_return_val_if_fail (region->kind == MUSTER_REGION_HALF_PLANE, 0);
  g_return_val_if_fail (box != NULL, 0);
  g_return_val_if_fail (points != NULL, 0);

  corners[0] = (MusterPoint) { box->x0, box->y0 };
  corners[1] = (MusterPoint) { box->x1, box->y0 };
  corners[2] = (MusterPoint) { box->x1, box->y1 };
  corners[3] = (MusterPoint) { box->x0, box->y1 };

  /* Sutherland–Hodgman against one plane: a convex quadrilateral cut by
   * a line keeps at most five corners. */
  for (guint i = 0; i < 4; i++)
    {
      const MusterPoint *a = &corners[i];
      const MusterPoint *b = &corners[(i + 1) % 4];
      double da = region->nx * a->x + region->ny * a->y - region->c;
      double db = region->nx * b->x + region->ny * b->y - region->c;

      if (da >= 0)
        points[n++] = *a;
      if ((da > 0 && db < 0) || (da < 0 && db > 0))
        {
          double t = da / (da - db);

          points[n++] = (MusterPoint) { a->x + t * (b->x - a->x), a->y + t * (b->y - a->y) };
        }
    }

  return n;
}
