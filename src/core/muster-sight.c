/* muster-sight.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-sight"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-sight.h"

/* Parameters along a segment closer than this are one point. */
#define PARAM_EPSILON   1e-12
/* A vertex this close to a segment's line is on it (mm). */
#define LINE_EPSILON_MM 1e-7
/* Turning angle (cosine) past which a polygon vertex is a corner and is
 * always a sample: 20°. */
#define CORNER_COSINE   0.94

/* ------------------------------------------------------------------ */
/* Vectors                                                            */
/* ------------------------------------------------------------------ */

static inline MusterPoint
pt (double x,
    double y)
{
  return (MusterPoint) { x, y };
}

static inline MusterPoint
sub (MusterPoint a,
     MusterPoint b)
{
  return pt (a.x - b.x, a.y - b.y);
}

static inline double
dot (MusterPoint a,
     MusterPoint b)
{
  return a.x * b.x + a.y * b.y;
}

static inline double
cross (MusterPoint a,
       MusterPoint b)
{
  return a.x * b.y - a.y * b.x;
}

static inline MusterPoint
normalised (MusterPoint v)
{
  double len = hypot (v.x, v.y);

  if (len == 0.0)
    return pt (0.0, 0.0);

  return pt (v.x / len, v.y / len);
}

/* ------------------------------------------------------------------ */
/* Grid                                                               */
/* ------------------------------------------------------------------ */

G_DEFINE_BOXED_TYPE (MusterSightGrid, muster_sight_grid,
                     muster_sight_grid_ref, muster_sight_grid_unref)

MusterSightGrid *
muster_sight_grid_new (double width,
                       double height,
                       double cell_size)
{
  MusterSightGrid *grid;
  double columns, rows;

  g_return_val_if_fail (isfinite (width) && width > 0.0, NULL);
  g_return_val_if_fail (isfinite (height) && height > 0.0, NULL);
  g_return_val_if_fail (isfinite (cell_size) && cell_size > 0.0, NULL);

  /* A board that is a whole number of cells (up to rounding) has no
   * sliver of a last cell. */
  columns = MAX (1.0, ceil (width / cell_size - 1e-9));
  rows = MAX (1.0, ceil (height / cell_size - 1e-9));
  if (columns * rows > MUSTER_SIGHT_MAX_CELLS)
    return NULL;

  grid = g_new0 (MusterSightGrid, 1);
  grid->ref_count = 1;
  grid->n_columns = (guint) columns;
  grid->n_rows = (guint) rows;
  grid->cell_size = cell_size;
  grid->width = width;
  grid->height = height;
  grid->cells = g_new0 (guint8, (gsize) grid->n_columns * grid->n_rows);

  return grid;
}

MusterSightGrid *
muster_sight_grid_ref (MusterSightGrid *grid)
{
  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (grid->ref_count > 0, NULL);

  g_atomic_int_inc (&grid->ref_count);

  return grid;
}

void
muster_sight_grid_unref (MusterSightGrid *grid)
{
  g_return_if_fail (grid != NULL);
  g_return_if_fail (grid->ref_count > 0);

  if (g_atomic_int_dec_and_test (&grid->ref_count))
    {
      g_free (grid->cells);
      g_free (grid);
    }
}

gboolean
muster_sight_grid_get (const MusterSightGrid *grid,
                       guint                  column,
                       guint                  row)
{
  g_return_val_if_fail (grid != NULL, FALSE);

  if (column >= grid->n_columns || row >= grid->n_rows)
    return FALSE;

  return grid->cells[(gsize) row * grid->n_columns + column] != 0;
}

void
muster_sight_grid_get_cell (const MusterSightGrid *grid,
                            guint                  column,
                            guint                  row,
                            MusterBox             *cell)
{
  g_return_if_fail (grid != NULL);
  g_return_if_fail (cell != NULL);

  cell->x0 = MIN (column * grid->cell_size, grid->width);
  cell->y0 = MIN (row * grid->cell_size, grid->height);
  cell->x1 = MIN ((column + 1) * grid->cell_size, grid->width);
  cell->y1 = MIN ((row + 1) * grid->cell_size, grid->height);
}

gboolean
muster_sight_grid_is_visible_at (const MusterSightGrid *grid,
                                 double                 x,
                                 double                 y)
{
  double column, row;

  g_return_val_if_fail (grid != NULL, FALSE);

  if (!(x >= 0.0 && x <= grid->width && y >= 0.0 && y <= grid->height))
    return FALSE;

  column = MIN (floor (x / grid->cell_size), grid->n_columns - 1.0);
  row = MIN (floor (y / grid->cell_size), grid->n_rows - 1.0);

  return muster_sight_grid_get (grid, (guint) column, (guint) row);
}

guint
muster_sight_grid_count_visible (const MusterSightGrid *grid)
{
  gsize n_cells;
  guint n = 0;

  g_return_val_if_fail (grid != NULL, 0);

  n_cells = (gsize) grid->n_columns * grid->n_rows;
  for (gsize i = 0; i < n_cells; i++)
    n += grid->cells[i] != 0;

  return n;
}

/* ------------------------------------------------------------------ */
/* Pieces and terrain                                                 */
/* ------------------------------------------------------------------ */

gboolean
muster_sight_terrain_blocks (const MusterTerrain *terrain)
{
  g_return_val_if_fail (terrain != NULL, FALSE);

  return terrain->kind == MUSTER_TERRAIN_BUILDING || terrain->blocks_lof;
}

gboolean
muster_sight_is_trooper (const MusterPiece *piece)
{
  g_return_val_if_fail (piece != NULL, FALSE);

  return (piece->kind == MUSTER_PIECE_MODEL || piece->kind == MUSTER_PIECE_UNIT) &&
         muster_piece_is_deployable (piece);
}

MusterPoint
muster_sight_get_facing (const MusterPiece *piece)
{
  double angle;

  g_return_val_if_fail (piece != NULL, pt (0.0, -1.0));

  angle = fmod (piece->rotation, 360.0);
  if (angle < 0.0)
    angle += 360.0;

  /* Exact for the right angles, so a trooper facing east sees exactly
   * the half-plane east of its centre. */
  if (angle == 0.0)
    return pt (0.0, -1.0);
  if (angle == 90.0)
    return pt (1.0, 0.0);
  if (angle == 180.0)
    return pt (0.0, 1.0);
  if (angle == 270.0)
    return pt (-1.0, 0.0);

  angle *= G_PI / 180.0;

  return pt (sin (angle), -cos (angle));
}

/* ------------------------------------------------------------------ */
/* Blockers                                                           */
/* ------------------------------------------------------------------ */

typedef struct
{
  MusterBox          bounds;
  const MusterPoint *points;   /* the terrain's, borrowed */
  guint              n_points;
  gboolean           convex;
  double             orientation;  /* +1 or −1: the sign of the area */
} Blocker;

/* The blocking terrain of a layout, and room to list the ones near a
 * sightline. */
typedef struct
{
  GArray *blockers;    /* Blocker */
  guint  *near;        /* indices into blockers */
  guint   n_near;
  guint   last;        /* the blocker that blocked last: the likeliest next */
} Sight;

/* Convex outlines (most terrain is a rectangle) take a faster test. */
static void
blocker_classify (Blocker *b)
{
  double area = 0.0;
  gboolean positive = FALSE, negative = FALSE;

  for (guint i = 0, j = b->n_points - 1; i < b->n_points; j = i++)
    {
      MusterPoint prev = b->points[(j + b->n_points - 1) % b->n_points];
      double turn = cross (sub (b->points[j], prev), sub (b->points[i], b->points[j]));

      area += cross (b->points[j], b->points[i]);
      positive |= turn > 0.0;
      negative |= turn < 0.0;
    }

  b->orientation = area >= 0.0 ? 1.0 : -1.0;
  b->convex = !(positive && negative);
}

static void
sight_init (Sight        *sight,
            MusterLayout *layout)
{
  GPtrArray *terrain = muster_layout_get_terrain (layout);

  g_assert (sight != NULL);

  sight->blockers = g_array_new (FALSE, FALSE, sizeof (Blocker));

  for (guint i = 0; terrain != NULL && i < terrain->len; i++)
    {
      const MusterTerrain *t = g_ptr_array_index (terrain, i);
      Blocker b;

      if (!muster_sight_terrain_blocks (t) || t->n_points < 3)
        continue;

      b.points = t->points;
      b.n_points = t->n_points;
      blocker_classify (&b);
      muster_terrain_get_bounds (t, &b.bounds);
      g_array_append_val (sight->blockers, b);
    }

  sight->near = g_new (guint, MAX (1, sight->blockers->len));
  sight->n_near = 0;
  sight->last = G_MAXUINT;
}

static void
sight_clear (Sight *sight)
{
  g_clear_pointer (&sight->blockers, g_array_unref);
  g_clear_pointer (&sight->near, g_free);
}

static inline const Blocker *
blocker_at (const Sight *sight,
            guint        index)
{
  return &g_array_index (sight->blockers, Blocker, index);
}

/* Lists the blockers whose bounds meet box. */
static void
sight_gather (Sight           *sight,
              const MusterBox *box)
{
  sight->n_near = 0;

  for (guint i = 0; i < sight->blockers->len; i++)
    {
      const MusterBox *b = &blocker_at (sight, i)->bounds;

      if (b->x0 <= box->x1 && box->x0 <= b->x1 && b->y0 <= box->y1 && box->y0 <= b->y1)
        sight->near[sight->n_near++] = i;
    }
}

static double
point_segment_distance2 (MusterPoint p,
                         MusterPoint a,
                         MusterPoint b)
{
  MusterPoint ab = sub (b, a);
  MusterPoint ap = sub (p, a);
  double len2 = dot (ab, ab);
  double t = len2 > 0.0 ? CLAMP (dot (ap, ab) / len2, 0.0, 1.0) : 0.0;
  double dx = ap.x - t * ab.x;
  double dy = ap.y - t * ab.y;

  return dx * dx + dy * dy;
}

/* Inside, and farther than MUSTER_EPSILON_MM from the boundary. */
static gboolean
blocker_strictly_contains (const Blocker *b,
                           MusterPoint    p)
{
  gboolean inside = FALSE;

  if (p.x <= b->bounds.x0 || p.x >= b->bounds.x1 || p.y <= b->bounds.y0 || p.y >= b->bounds.y1)
    return FALSE;

  for (guint i = 0, j = b->n_points - 1; i < b->n_points; j = i++)
    {
      MusterPoint pi = b->points[i];
      MusterPoint pj = b->points[j];

      if ((pi.y > p.y) != (pj.y > p.y) &&
          p.x < (pj.x - pi.x) * (p.y - pi.y) / (pj.y - pi.y) + pi.x)
        inside = !inside;
    }

  if (!inside)
    return FALSE;

  for (guint i = 0, j = b->n_points - 1; i < b->n_points; j = i++)
    if (point_segment_distance2 (p, b->points[j], b->points[i]) <= MUSTER_EPSILON_MM * MUSTER_EPSILON_MM)
      return FALSE;

  return TRUE;
}

static void
sort_doubles (double *v,
              guint   n)
{
  for (guint i = 1; i < n; i++)
    {
      double x = v[i];
      guint j = i;

      for (; j > 0 && v[j - 1] > x; j--)
        v[j] = v[j - 1];
      v[j] = x;
    }
}

/* A convex blocker: clips the segment to each edge's inner half-plane
 * (Cyrus–Beck). A segment on an edge's line stays out of the inside. */
static gboolean
convex_blocks_segment (const Blocker *b,
                       MusterPoint    p,
                       MusterPoint    d,
                       double         len)
{
  double t_in = 0.0, t_out = 1.0;

  for (guint i = 0, j = b->n_points - 1; i < b->n_points; j = i++)
    {
      MusterPoint a = b->points[j];
      MusterPoint e = sub (b->points[i], a);
      double elen = hypot (e.x, e.y);
      double num = b->orientation * cross (e, sub (p, a));
      double den = b->orientation * cross (e, d);

      if (elen == 0.0)
        continue;

      if (fabs (den) <= 1e-12 * elen * len)
        {
          if (num <= LINE_EPSILON_MM * elen)
            return FALSE;
          continue;
        }

      if (den > 0.0)
        t_in = MAX (t_in, -num / den);
      else
        t_out = MIN (t_out, -num / den);

      if ((t_out - t_in) * len <= MUSTER_EPSILON_MM)
        return FALSE;
    }

  return (t_out - t_in) * len > MUSTER_EPSILON_MM;
}

/* Whether the segment p → q passes through the inside of the blocker.
 * Exact for any simple polygon: the crossings with its edges cut the
 * segment into pieces that are each wholly inside, outside or on the
 * boundary, and the middle of each piece says which. */
static gboolean
blocker_blocks_segment (const Blocker *b,
                        MusterPoint    p,
                        MusterPoint    q)
{
  double stack_ts[64];
  g_autofree double *heap_ts = NULL;
  double *ts = stack_ts;
  MusterPoint d = sub (q, p);
  double dd = dot (d, d);
  double len = sqrt (dd);
  gboolean left = FALSE, right = FALSE;
  guint n = 0;

  if (MIN (p.x, q.x) > b->bounds.x1 || MAX (p.x, q.x) < b->bounds.x0 ||
      MIN (p.y, q.y) > b->bounds.y1 || MAX (p.y, q.y) < b->bounds.y0)
    return FALSE;

  if (dd == 0.0)
    return blocker_strictly_contains (b, p);

  /* Every vertex on one side of the line: the segment misses the inside. */
  for (guint i = 0; i < b->n_points && !(left && right); i++)
    {
      double side = cross (d, sub (b->points[i], p));

      left |= side > LINE_EPSILON_MM * len;
      right |= side < -LINE_EPSILON_MM * len;
    }
  if (!(left && right))
    return FALSE;

  if (b->convex)
    return convex_blocks_segment (b, p, d, len);

  if (2 * b->n_points + 2 > G_N_ELEMENTS (stack_ts))
    ts = heap_ts = g_new (double, 2 * b->n_points + 2);

  ts[n++] = 0.0;
  ts[n++] = 1.0;

  for (guint i = 0, j = b->n_points - 1; i < b->n_points; j = i++)
    {
      MusterPoint a = b->points[j];
      MusterPoint e = sub (b->points[i], a);
      MusterPoint ap = sub (a, p);
      double denom = cross (d, e);
      double elen = hypot (e.x, e.y);

      if (fabs (denom) > 1e-12 * len * elen)
        {
          double t = cross (ap, e) / denom;
          double s = cross (ap, d) / denom;

          if (s >= -1e-9 && s <= 1.0 + 1e-9 && t > 0.0 && t < 1.0)
            ts[n++] = t;
        }
      else if (fabs (cross (ap, d)) / len <= LINE_EPSILON_MM)
        {
          /* Along the segment's own line: its ends cut the segment. */
          double ta = dot (ap, d) / dd;
          double tb = dot (sub (b->points[i], p), d) / dd;

          if (ta > 0.0 && ta < 1.0)
            ts[n++] = ta;
          if (tb > 0.0 && tb < 1.0)
            ts[n++] = tb;
        }
    }

  sort_doubles (ts, n);

  for (guint i = 0; i + 1 < n; i++)
    {
      double mid;

      if (ts[i + 1] - ts[i] <= PARAM_EPSILON)
        continue;

      mid = (ts[i] + ts[i + 1]) / 2.0;
      if (blocker_strictly_contains (b, pt (p.x + mid * d.x, p.y + mid * d.y)))
        return TRUE;
    }

  return FALSE;
}

/* Against the blockers listed by sight_gather(). Neighbouring sightlines
 * are mostly blocked by the same blocker: it is tried first. */
static gboolean
sight_blocks_near (Sight       *sight,
                   MusterPoint  p,
                   MusterPoint  q)
{
  if (sight->last < sight->blockers->len &&
      blocker_blocks_segment (blocker_at (sight, sight->last), p, q))
    return TRUE;

  for (guint i = 0; i < sight->n_near; i++)
    if (sight->near[i] != sight->last &&
        blocker_blocks_segment (blocker_at (sight, sight->near[i]), p, q))
      {
        sight->last = sight->near[i];
        return TRUE;
      }

  return FALSE;
}

static gboolean
sight_blocks (Sight       *sight,
              MusterPoint  p,
              MusterPoint  q)
{
  MusterBox box = { MIN (p.x, q.x), MIN (p.y, q.y), MAX (p.x, q.x), MAX (p.y, q.y) };

  sight_gather (sight, &box);

  return sight_blocks_near (sight, p, q);
}

gboolean
muster_sight_segment_blocked (MusterLayout *layout,
                              MusterPoint   from,
                              MusterPoint   to)
{
  Sight sight;
  gboolean blocked;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), FALSE);

  sight_init (&sight, layout);
  blocked = sight_blocks (&sight, from, to);
  sight_clear (&sight);

  return blocked;
}

/* ------------------------------------------------------------------ */
/* Viewers                                                            */
/* ------------------------------------------------------------------ */

/* A point of a base outline, with the outward normals of the outline on
 * either side of it (the same, except at a corner). */
typedef struct
{
  MusterPoint p;
  MusterPoint n1;
  MusterPoint n2;
} Sample;

typedef struct
{
  const MusterPiece *piece;
  MusterOutline      outline;
  MusterPoint        facing;
  double             front;     /* centre · facing: the arc's boundary */
  gboolean           use_arc;
  GArray            *samples;   /* Sample */
} Viewer;

static void
add_sample (GArray      *samples,
            MusterPoint  p,
            MusterPoint  n1,
            MusterPoint  n2)
{
  Sample s = { p, n1, n2 };

  g_array_append_val (samples, s);
}

/* Outward normal of the polygon edge a → b. */
static MusterPoint
edge_normal (const MusterOutline *outline,
             MusterPoint          a,
             MusterPoint          b)
{
  MusterPoint n = normalised (pt (b.y - a.y, a.x - b.x));
  MusterPoint mid = pt ((a.x + b.x) / 2.0 - outline->centre.x, (a.y + b.y) / 2.0 - outline->centre.y);

  /* Bases are convex: outward is away from the centroid. */
  if (dot (n, mid) < 0.0)
    n = pt (-n.x, -n.y);

  return n;
}

static GArray *
outline_samples (const MusterOutline *outline)
{
  GArray *samples = g_array_new (FALSE, FALSE, sizeof (Sample));

  if (outline->kind == MUSTER_OUTLINE_CIRCLE)
    {
      double r = outline->radius;
      guint n = MAX (16, (guint) ceil (2.0 * G_PI * r / MUSTER_SIGHT_SAMPLE_MM));

      for (guint i = 0; i < n && r > 0.0; i++)
        {
          double a = 2.0 * G_PI * i / n;
          MusterPoint u = pt (cos (a), sin (a));

          add_sample (samples, pt (outline->centre.x + r * u.x, outline->centre.y + r * u.y), u, u);
        }
    }
  else
    {
      guint n = outline->n_points;
      double since = G_MAXDOUBLE;

      for (guint i = 0; i < n; i++)
        {
          MusterPoint a = outline->points[i];
          MusterPoint b = outline->points[(i + 1) % n];
          MusterPoint prev = outline->points[(i + n - 1) % n];
          MusterPoint n_in = edge_normal (outline, prev, a);
          MusterPoint n_out = edge_normal (outline, a, b);
          double len = hypot (b.x - a.x, b.y - a.y);
          guint steps;

          /* Corners always; the vertices of a fine polygon (an oval)
           * only as often as the spacing asks. */
          if (dot (n_in, n_out) < CORNER_COSINE || since >= MUSTER_SIGHT_SAMPLE_MM)
            {
              add_sample (samples, a, n_in, n_out);
              since = 0.0;
            }

          steps = (guint) floor (len / MUSTER_SIGHT_SAMPLE_MM);
          for (guint k = 1; k <= steps && len > MUSTER_SIGHT_SAMPLE_MM; k++)
            {
              double t = (double) k / (steps + 1);

              add_sample (samples, pt (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)), n_out, n_out);
              since = 0.0;
            }
          since += steps > 0 ? len / (steps + 1) : len;
        }
    }

  return samples;
}

static void
viewer_init (Viewer            *viewer,
             const MusterPiece *piece,
             gboolean           use_arc)
{
  viewer->piece = piece;
  muster_piece_get_outline (piece, &viewer->outline);
  viewer->facing = muster_sight_get_facing (piece);
  viewer->front = dot (viewer->outline.centre, viewer->facing);
  viewer->use_arc = use_arc;
  viewer->samples = outline_samples (&viewer->outline);
}

static void
viewer_clear (Viewer *viewer)
{
  muster_outline_clear (&viewer->outline);
  g_clear_pointer (&viewer->samples, g_array_unref);
}

static inline gboolean
viewer_arc_holds (const Viewer *viewer,
                  MusterPoint   p)
{
  return !viewer->use_arc || dot (p, viewer->facing) >= viewer->front - MUSTER_EPSILON_MM;
}

/* The point of the outline farthest along direction n. */
static MusterPoint
outline_support_point (const MusterOutline *outline,
                       MusterPoint          n)
{
  MusterPoint best;
  double best_dot;

  if (outline->kind == MUSTER_OUTLINE_CIRCLE)
    {
      MusterPoint u = normalised (n);

      return pt (outline->centre.x + outline->radius * u.x, outline->centre.y + outline->radius * u.y);
    }

  best = outline->points[0];
  best_dot = dot (best, n);
  for (guint i = 1; i < outline->n_points; i++)
    if (dot (outline->points[i], n) > best_dot)
      {
        best = outline->points[i];
        best_dot = dot (best, n);
      }

  return best;
}

/* Whether the viewer sees the point p from some point of its base. The
 * arc is checked by the caller. Tries the likeliest sightlines first: from
 * the centre, then from the tangent points, then from every sample on the
 * side of the base that faces p. */
static gboolean
viewer_sees_point (const Viewer *viewer,
                   Sight        *sight,
                   MusterPoint   p)
{
  const MusterOutline *o = &viewer->outline;
  MusterBox box;

  if (muster_outline_contains_point (o, p))
    return TRUE;

  box = o->bounds;
  box.x0 = MIN (box.x0, p.x);
  box.y0 = MIN (box.y0, p.y);
  box.x1 = MAX (box.x1, p.x);
  box.y1 = MAX (box.y1, p.y);
  sight_gather (sight, &box);

  if (sight->n_near == 0)
    return TRUE;

  /* Ending inside a blocker, every sightline crosses it. */
  for (guint i = 0; i < sight->n_near; i++)
    if (blocker_strictly_contains (blocker_at (sight, sight->near[i]), p))
      return FALSE;

  if (!sight_blocks_near (sight, o->centre, p))
    return TRUE;

  if (o->kind == MUSTER_OUTLINE_CIRCLE)
    {
      MusterPoint cp = sub (p, o->centre);
      double d = hypot (cp.x, cp.y);
      double base = atan2 (cp.y, cp.x);
      double half = acos (CLAMP (o->radius / d, -1.0, 1.0));

      for (int sign = -1; sign <= 1; sign += 2)
        {
          double a = base + sign * half;
          MusterPoint t = pt (o->centre.x + o->radius * cos (a), o->centre.y + o->radius * sin (a));

          if (!sight_blocks_near (sight, t, p))
            return TRUE;
        }
    }

  for (guint i = 0; i < viewer->samples->len; i++)
    {
      const Sample *s = &g_array_index (viewer->samples, Sample, i);
      MusterPoint sp = sub (p, s->p);

      /* From the far side of the base a sightline crosses the base first;
       * the near side sees at least as much. */
      if (dot (s->n1, sp) < -MUSTER_EPSILON_MM && dot (s->n2, sp) < -MUSTER_EPSILON_MM)
        continue;

      if (!sight_blocks_near (sight, s->p, p))
        return TRUE;
    }

  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Line of Fire, Zone of Control                                      */
/* ------------------------------------------------------------------ */

static gboolean
outline_in_arc (const Viewer        *viewer,
                const MusterOutline *target)
{
  if (!viewer->use_arc)
    return TRUE;

  return muster_outline_support (target, viewer->facing.x, viewer->facing.y) >=
         viewer->front - MUSTER_EPSILON_MM;
}

gboolean
muster_sight_in_front_arc (const MusterPiece *viewer,
                           const MusterPiece *target)
{
  MusterOutline a, b;
  MusterPoint f;
  gboolean in_arc;

  g_return_val_if_fail (viewer != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  muster_piece_get_outline (viewer, &a);
  muster_piece_get_outline (target, &b);
  f = muster_sight_get_facing (viewer);
  in_arc = muster_outline_support (&b, f.x, f.y) >= dot (a.centre, f) - MUSTER_EPSILON_MM;
  muster_outline_clear (&a);
  muster_outline_clear (&b);

  return in_arc;
}

static gboolean
sight_has_lof (Sight             *sight,
               const Viewer      *viewer,
               const MusterPiece *target)
{
  MusterOutline t;
  g_autoptr(GArray) samples = NULL;
  MusterPoint u, n;
  gboolean seen = FALSE;

  muster_piece_get_outline (target, &t);

  if (!outline_in_arc (viewer, &t))
    goto out;

  /* The edges of the corridor between the bases, then the centres. */
  u = normalised (sub (t.centre, viewer->outline.centre));
  n = pt (-u.y, u.x);
  if (u.x != 0.0 || u.y != 0.0)
    {
      for (int sign = -1; sign <= 1 && !seen; sign += 2)
        {
          MusterPoint dir = pt (sign * n.x, sign * n.y);
          MusterPoint from = outline_support_point (&viewer->outline, dir);
          MusterPoint to = outline_support_point (&t, dir);

          if (viewer_arc_holds (viewer, to) && !sight_blocks (sight, from, to))
            seen = TRUE;
        }
    }

  if (!seen && viewer_arc_holds (viewer, t.centre))
    seen = viewer_sees_point (viewer, sight, t.centre);

  /* The part of the target farthest into the arc. */
  if (!seen && viewer->use_arc)
    seen = viewer_sees_point (viewer, sight, outline_support_point (&t, viewer->facing));

  if (!seen)
    {
      samples = outline_samples (&t);
      for (guint i = 0; i < samples->len && !seen; i++)
        {
          MusterPoint p = g_array_index (samples, Sample, i).p;

          if (viewer_arc_holds (viewer, p))
            seen = viewer_sees_point (viewer, sight, p);
        }
    }

out:
  muster_outline_clear (&t);

  return seen;
}

gboolean
muster_sight_has_lof (MusterLayout      *layout,
                      const MusterPiece *viewer,
                      const MusterPiece *target)
{
  Sight sight;
  Viewer v;
  gboolean seen;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), FALSE);
  g_return_val_if_fail (viewer != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  sight_init (&sight, layout);
  viewer_init (&v, viewer, TRUE);
  seen = sight_has_lof (&sight, &v, target);
  viewer_clear (&v);
  sight_clear (&sight);

  return seen;
}

gboolean
muster_sight_in_zoc (const MusterPiece *a,
                     const MusterPiece *b)
{
  MusterOutline oa, ob;
  double separation;

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  muster_piece_get_outline (a, &oa);
  muster_piece_get_outline (b, &ob);
  separation = muster_outline_separation (&oa, &ob, NULL, NULL);
  muster_outline_clear (&oa);
  muster_outline_clear (&ob);

  /* "Within" is inclusive. */
  return separation <= MUSTER_SIGHT_ZOC_MM + MUSTER_EPSILON_MM;
}

static gboolean
sight_aro_eligible (Sight             *sight,
                    const MusterPiece *reactive,
                    const MusterPiece *active)
{
  Viewer v;
  gboolean eligible;

  if (muster_sight_in_zoc (reactive, active))
    return TRUE;

  viewer_init (&v, reactive, TRUE);
  eligible = sight_has_lof (sight, &v, active);
  viewer_clear (&v);

  return eligible;
}

gboolean
muster_sight_aro_eligible (MusterLayout      *layout,
                           const MusterPiece *reactive,
                           const MusterPiece *active)
{
  Sight sight;
  gboolean eligible;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), FALSE);
  g_return_val_if_fail (reactive != NULL, FALSE);
  g_return_val_if_fail (active != NULL, FALSE);

  sight_init (&sight, layout);
  eligible = sight_aro_eligible (&sight, reactive, active);
  sight_clear (&sight);

  return eligible;
}

GPtrArray *
muster_sight_list_eligible (MusterLayout      *layout,
                            const MusterPiece *active,
                            const char        *reactive_player_id)
{
  GPtrArray *pieces;
  GPtrArray *ids;
  Sight sight;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), NULL);
  g_return_val_if_fail (active != NULL, NULL);
  g_return_val_if_fail (reactive_player_id != NULL, NULL);

  ids = g_ptr_array_new_with_free_func (g_free);
  pieces = muster_layout_get_pieces (layout);
  sight_init (&sight, layout);

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      if (piece == active ||
          !muster_sight_is_trooper (piece) ||
          g_strcmp0 (piece->owner, reactive_player_id) != 0)
        continue;

      if (sight_aro_eligible (&sight, piece, active))
        g_ptr_array_add (ids, g_strdup (piece->id));
    }

  sight_clear (&sight);

  return ids;
}

/* ------------------------------------------------------------------ */
/* Visibility grid                                                    */
/* ------------------------------------------------------------------ */

MusterSightGrid *
muster_sight_visible_cells (MusterLayout              *layout,
                            const MusterPiece * const *viewers,
                            guint                      n_viewers,
                            double                     cell_size)
{
  g_autoptr(MusterSightGrid) grid = NULL;
  Viewer *vs;
  Sight sight;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), NULL);
  g_return_val_if_fail (viewers != NULL || n_viewers == 0, NULL);
  g_return_val_if_fail (isfinite (cell_size) && cell_size > 0.0, NULL);

  grid = muster_sight_grid_new (muster_layout_get_width (layout),
                                muster_layout_get_height (layout),
                                cell_size);
  if (grid == NULL || n_viewers == 0)
    return g_steal_pointer (&grid);

  sight_init (&sight, layout);
  vs = g_new0 (Viewer, n_viewers);
  for (guint v = 0; v < n_viewers; v++)
    viewer_init (&vs[v], viewers[v], TRUE);

  for (guint row = 0; row < grid->n_rows; row++)
    for (guint column = 0; column < grid->n_columns; column++)
      {
        MusterBox cell;
        MusterPoint p;

        muster_sight_grid_get_cell (grid, column, row, &cell);
        p = pt ((cell.x0 + cell.x1) / 2.0, (cell.y0 + cell.y1) / 2.0);

        for (guint v = 0; v < n_viewers; v++)
          {
            if ((viewer_arc_holds (&vs[v], p) || muster_outline_contains_point (&vs[v].outline, p)) &&
                viewer_sees_point (&vs[v], &sight, p))
              {
                grid->cells[(gsize) row * grid->n_columns + column] = 1;
                break;
              }
          }
      }

  for (guint v = 0; v < n_viewers; v++)
    viewer_clear (&vs[v]);
  g_free (vs);
  sight_clear (&sight);

  return g_steal_pointer (&grid);
}
