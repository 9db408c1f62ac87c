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
muster_region_set_note (MusterRegion *region,
                        const char   *note)
{
  g_return_if_fail (region != NULL);

  g_free (region->note);
  region->note = g_strdup (note);
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
  g_free (region->note);
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

/* A choice made base by base (IF_WITHIN: condition, then, otherwise) is
 * made by the whole base, as the rules word it: The 9th Age's Encircle
 * gives the attacker 9″ "if entirely within a quarter of the board's
 * length from either short Board Edge", 15″ elsewhere, so a unit across
 * the quarter line keeps 15″ with all of it (RULES.md: "a unit that
 * straddles the W/4 line is 'elsewhere'"). For a base square to the table
 * this is also the zone as drawn; a base turned across the line may look
 * inside the drawn zone with a corner in the quarter at 9″ to 15″, and is
 * not. */

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

const char *
muster_region_explain_outline (const MusterRegion  *region,
                               const MusterOutline *outline)
{
  g_return_val_if_fail (region != NULL, NULL);
  g_return_val_if_fail (outline != NULL, NULL);

  if (region->kind == MUSTER_REGION_IF_WITHIN)
    {
      const MusterRegion *condition = child (region, 0);

      if (muster_region_contains_outline (condition, outline))
        return muster_region_explain_outline (child (region, 1), outline);
      if (region->note != NULL && !region_excludes_outline (condition, outline))
        return region->note;
      return muster_region_explain_outline (child (region, 2), outline);
    }

  for (guint i = 0; region->children != NULL && i < region->children->len; i++)
    {
      const char *note = muster_region_explain_outline (child (region, i), outline);

      if (note != NULL)
        return note;
    }

  return NULL;
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
