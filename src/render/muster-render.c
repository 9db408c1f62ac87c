/* muster-render.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "muster-render-private.h"
#include "muster-text.h"

/* Red and blue, as players name their sides; they stay apart for the
 * common red-green colour blindness (red reads as a dark ochre, blue stays
 * blue) and differ in lightness, so they also survive greyscale. */
static const MusterColor player_colors[] = {
  { 0.753, 0.110, 0.157 },   /* red */
  { 0.110, 0.443, 0.847 },   /* blue */
  { 0.000, 0.620, 0.451 },   /* bluish green */
  { 0.800, 0.475, 0.655 },   /* reddish purple */
};

static void
scene_zone_clear (gpointer data)
{
  SceneZone *zone = data;

  g_clear_pointer (&zone->player_id, g_free);
  g_clear_pointer (&zone->label, g_free);
  g_clear_pointer (&zone->region, muster_region_unref);
  g_clear_pointer (&zone->placed_serials, g_array_unref);
}

MusterScene *
muster_scene_new (MusterLayout    *layout,
                  MusterSystem    *system,
                  MusterValidator *validator)
{
  MusterScene *self;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), NULL);
  g_return_val_if_fail (system == NULL || MUSTER_IS_SYSTEM (system), NULL);
  g_return_val_if_fail (validator == NULL || MUSTER_IS_VALIDATOR (validator), NULL);

  self = g_new0 (MusterScene, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->layout = g_object_ref (layout);
  self->system = system != NULL ? g_object_ref (system) : NULL;
  self->validator = validator != NULL ? g_object_ref (validator) : NULL;
  self->flags = MUSTER_RENDER_ALL & ~MUSTER_RENDER_PATTERNS;
  self->units = MUSTER_UNIT_INCH;
  self->zones = g_array_new (FALSE, TRUE, sizeof (SceneZone));
  g_array_set_clear_func (self->zones, scene_zone_clear);
  self->lines = g_array_new (FALSE, TRUE, sizeof (SceneLine));
  self->dimensions = g_array_new (FALSE, TRUE, sizeof (MusterDimension));
  self->n_pixel_clips = -1;
  _muster_render_labels_watch (self);

  return self;
}

MusterScene *
muster_scene_ref (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);

  return self;
}

void
muster_scene_unref (MusterScene *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  _muster_render_labels_unwatch (self);
  g_clear_object (&self->layout);
  g_clear_object (&self->system);
  g_clear_object (&self->validator);
  g_clear_pointer (&self->zones, g_array_unref);
  g_clear_pointer (&self->lines, g_array_unref);
  g_clear_pointer (&self->dimensions, g_array_unref);
  g_free (self);
}

MusterLayout *
muster_scene_get_layout (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->layout;
}

void
muster_scene_set_dark (MusterScene *self,
                       gboolean     dark)
{
  g_return_if_fail (self != NULL);

  self->dark = !!dark;
}

void
muster_scene_set_units (MusterScene *self,
                        MusterUnit   units)
{
  g_return_if_fail (self != NULL);

  self->units = units;
}

MusterUnit
muster_scene_get_units (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, MUSTER_UNIT_INCH);

  return self->units;
}

void
muster_scene_set_flags (MusterScene       *self,
                        MusterRenderFlags  flags)
{
  g_return_if_fail (self != NULL);

  self->flags = flags;
}

MusterRenderFlags
muster_scene_get_flags (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->flags;
}

void
muster_scene_set_generic (MusterScene *self,
                          gboolean     generic)
{
  g_return_if_fail (self != NULL);

  self->generic = !!generic;
  self->zones_valid = FALSE;
}

void
muster_scene_invalidate_zones (MusterScene *self)
{
  g_return_if_fail (self != NULL);

  self->zones_valid = FALSE;
}

MusterColor
muster_render_get_player_color (MusterLayout *layout,
                                guint         player_index)
{
  GPtrArray *players;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), player_colors[0]);

  players = muster_layout_get_players (layout);
  if (player_index < players->len)
    {
      const MusterPlayer *player = g_ptr_array_index (players, player_index);

      if (muster_color_is_valid (player->color))
        {
          guint32 rgb = (guint32) g_ascii_strtoull (player->color + 1, NULL, 16);

          return (MusterColor) { ((rgb >> 16) & 0xff) / 255.0,
                                 ((rgb >> 8) & 0xff) / 255.0,
                                 (rgb & 0xff) / 255.0 };
        }
    }

  return player_colors[player_index % G_N_ELEMENTS (player_colors)];
}

MusterColor
muster_scene_get_player_color (MusterScene *self,
                               guint        player_index)
{
  g_return_val_if_fail (self != NULL, player_colors[0]);

  return muster_render_get_player_color (self->layout, player_index);
}

double
muster_scene_get_margin (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return (self->flags & MUSTER_RENDER_RULER) ? 1.25 * INCH : 0.25 * INCH;
}

/* The zone colour is the player's colour at this opacity over the table. */
#define ZONE_ALPHA 0.30

MusterColor
_muster_render_table_color (MusterScene *self)
{
  if (self->dark)
    return (MusterColor) { 0.188, 0.196, 0.176 };

  return (MusterColor) { 0.937, 0.918, 0.863 };
}

MusterColor
muster_scene_get_table_color (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, (MusterColor) { 0 });

  return _muster_render_table_color (self);
}

MusterColor
muster_scene_get_zone_color (MusterScene *self,
                             guint        player_index)
{
  MusterColor table = _muster_render_table_color (self);
  MusterColor player = muster_scene_get_player_color (self, player_index);

  return (MusterColor) {
    table.r + (player.r - table.r) * ZONE_ALPHA,
    table.g + (player.g - table.g) * ZONE_ALPHA,
    table.b + (player.b - table.b) * ZONE_ALPHA,
  };
}

static const char *
zone_name (MusterScene *self,
           const char  *zone_id)
{
  const MusterDeployment *deployment;
  const MusterZone *zone;

  if (self->system == NULL)
    return zone_id;

  deployment = muster_system_lookup_deployment (self->system,
                                                muster_layout_get_deployment_id (self->layout));
  if (deployment == NULL)
    return zone_id;

  zone = muster_deployment_lookup_zone_on_board (deployment, zone_id, muster_layout_get_options (self->layout),
                                                 muster_layout_get_width (self->layout),
                                                 muster_layout_get_height (self->layout));

  return zone != NULL && zone->name != NULL ? zone->name : zone_id;
}

/* Where to write a zone's name: the centre of the points of a coarse grid
 * that the zone contains, nudged to the nearest contained grid point so a
 * label never lands outside an L-shaped or split zone. */
MusterPoint
_muster_render_find_label_point (const MusterRegion *region,
                                 double              width,
                                 double              height)
{
  enum { nx = 72, ny = 48 };
  guint8 inside[nx * ny];   /* the zone's grid points, asked once */
  double xs[nx], ys[ny];
  double sx = 0, sy = 0;
  guint count = 0;
  MusterPoint best = { width / 2, height / 2 };
  double best_d = G_MAXDOUBLE;

  for (int i = 0; i < nx; i++)
    xs[i] = (i + 0.5) * width / nx;
  for (int j = 0; j < ny; j++)
    ys[j] = (j + 0.5) * height / ny;
  muster_region_contains_grid (region, xs, nx, ys, ny, inside);

  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      {
        MusterPoint p = { xs[i], ys[j] };

        if (inside[j * nx + i])
          {
            sx += p.x;
            sy += p.y;
            count++;
          }
      }

  if (count == 0)
    return best;

  sx /= count;
  sy /= count;

  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      {
        MusterPoint p = { (i + 0.5) * width / nx, (j + 0.5) * height / ny };
        double d;

        if (!inside[j * nx + i])
          continue;
        d = hypot (p.x - sx, p.y - sy);
        if (d < best_d)
          {
            best_d = d;
            best = p;
          }
      }

  return best;
}

void
_muster_render_collect_half_planes (const MusterRegion *region,
                                    GPtrArray          *planes)
{
  if (region->kind == MUSTER_REGION_HALF_PLANE && region->offset != 0)
    {
      /* Once each: the branches of a choice repeat their boundaries. */
      for (guint i = 0; i < planes->len; i++)
        {
          const MusterRegion *other = g_ptr_array_index (planes, i);

          if (fabs (other->nx - region->nx) < 1e-9 && fabs (other->ny - region->ny) < 1e-9 &&
              fabs (other->c - region->c) < 1e-6 && fabs (other->offset - region->offset) < 1e-6)
            return;
        }
      g_ptr_array_add (planes, (gpointer) region);
    }

  for (guint i = 0; region->children != NULL && i < region->children->len; i++)
    _muster_render_collect_half_planes (g_ptr_array_index (region->children, i), planes);
}

/* The stretch of the line n·p = k across the box, ordered left to right
 * (top to bottom when upright); FALSE when it misses the box. */
gboolean
_muster_render_line_across_box (double           nx,
                                double           ny,
                                double           k,
                                const MusterBox *box,
                                MusterPoint     *a,
                                MusterPoint     *b)
{
  MusterPoint points[4];
  guint n = 0;
  double best = -1;

  if (fabs (ny) > 1e-9)
    for (int i = 0; i < 2; i++)
      {
        double x = i ? box->x1 : box->x0;
        double y = (k - nx * x) / ny;

        if (y >= box->y0 - 1e-6 && y <= box->y1 + 1e-6)
          points[n++] = (MusterPoint) { x, CLAMP (y, box->y0, box->y1) };
      }
  if (fabs (nx) > 1e-9)
    for (int i = 0; i < 2; i++)
      {
        double y = i ? box->y1 : box->y0;
        double x = (k - ny * y) / nx;

        if (x >= box->x0 - 1e-6 && x <= box->x1 + 1e-6)
          points[n++] = (MusterPoint) { CLAMP (x, box->x0, box->x1), y };
      }

  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        double d = hypot (points[i].x - points[j].x, points[i].y - points[j].y);

        if (d > best)
          {
            best = d;
            *a = points[i];
            *b = points[j];
          }
      }

  if (best < 1e-6)
    return FALSE;

  if (a->x > b->x + 1e-6 || (fabs (a->x - b->x) <= 1e-6 && a->y > b->y))
    {
      MusterPoint t = *a;

      *a = *b;
      *b = t;
    }

  return TRUE;
}

/* The lines the zones are measured from that cross the table, once each,
 * and what a player calls them. */
static void
find_lines (MusterScene *self,
            double       width,
            double       height)
{
  MusterBox box = { 0, 0, width, height };
  const double tol = 0.5;

  self->line_name = NULL;

  for (guint z = 0; z < self->zones->len; z++)
    {
      const SceneZone *zone = &g_array_index (self->zones, SceneZone, z);
      g_autoptr(GPtrArray) planes = g_ptr_array_new ();

      if (zone->region == NULL)
        continue;

      _muster_render_collect_half_planes (zone->region, planes);
      for (guint i = 0; i < planes->len; i++)
        {
          const MusterRegion *plane = g_ptr_array_index (planes, i);
          SceneLine line;
          gboolean known = FALSE;

          if (!_muster_render_line_across_box (plane->nx, plane->ny, plane->c - plane->offset, &box, &line.a, &line.b))
            continue;

          /* Along an edge: that edge is the line. */
          if ((fabs (line.a.x - line.b.x) < tol && (fabs (line.a.x) < tol || fabs (line.a.x - width) < tol)) ||
              (fabs (line.a.y - line.b.y) < tol && (fabs (line.a.y) < tol || fabs (line.a.y - height) < tol)))
            continue;

          for (guint j = 0; j < self->lines->len; j++)
            {
              const SceneLine *other = &g_array_index (self->lines, SceneLine, j);

              if (hypot (other->a.x - line.a.x, other->a.y - line.a.y) < tol &&
                  hypot (other->b.x - line.b.x, other->b.y - line.b.y) < tol)
                known = TRUE;
            }
          if (known)
            continue;

          g_array_append_val (self->lines, line);

          if ((fabs (line.a.y - height / 2) < tol && fabs (line.b.y - height / 2) < tol) ||
              (fabs (line.a.x - width / 2) < tol && fabs (line.b.x - width / 2) < tol))
            self->line_name = _("Centre Line");
          else if (self->line_name == NULL &&
                   hypot (fabs (line.a.x - line.b.x) - width, fabs (line.a.y - line.b.y) - height) < tol)
            self->line_name = _("Diagonal");
        }
    }
}

/* Whether two regions are made the same way of the same parts, and so
 * hold the same points. */
static gboolean
same_region (const MusterRegion *a,
             const MusterRegion *b)
{
  if (a->kind != b->kind || a->strict != b->strict)
    return FALSE;

  switch (a->kind)
    {
    case MUSTER_REGION_HALF_PLANE:
      return a->nx == b->nx && a->ny == b->ny && a->c == b->c;
    case MUSTER_REGION_BOARD:
      return memcmp (&a->outline.bounds, &b->outline.bounds, sizeof (MusterBox)) == 0;
    case MUSTER_REGION_CIRCLE:
      return a->outline.radius == b->outline.radius &&
             a->outline.centre.x == b->outline.centre.x && a->outline.centre.y == b->outline.centre.y;
    case MUSTER_REGION_POLYGON:
      return a->outline.n_points == b->outline.n_points &&
             memcmp (a->outline.points, b->outline.points, a->outline.n_points * sizeof (MusterPoint)) == 0;
    case MUSTER_REGION_UNION:
    case MUSTER_REGION_INTERSECTION:
    case MUSTER_REGION_DIFFERENCE:
    case MUSTER_REGION_IF_WITHIN:
    default:
      if (a->children->len != b->children->len)
        return FALSE;
      for (guint i = 0; i < a->children->len; i++)
        if (!same_region (g_ptr_array_index (a->children, i), g_ptr_array_index (b->children, i)))
          return FALSE;
      return TRUE;
    }
}

/* Whether two regions differ on the grid of every step-th of xs and ys
 * (nx by ny points). */
static gboolean
regions_differ_on (const MusterRegion *a,
                   const MusterRegion *b,
                   const double       *xs,
                   guint               nx,
                   const double       *ys,
                   guint               ny,
                   guint               step)
{
  double sub_x[96], sub_y[64];
  guint8 in_a[G_N_ELEMENTS (sub_x) * 8], in_b[G_N_ELEMENTS (sub_x) * 8];
  guint n_x = 0, n_y;

  for (guint i = 0; i < nx; i += step)
    sub_x[n_x++] = xs[i];
  /* Eight rows at a time, to stop at the first that differs. */
  for (guint j = 0; j < ny; j += 8 * step)
    {
      n_y = 0;
      for (guint k = j; k < ny && n_y < 8; k += step)
        sub_y[n_y++] = ys[k];
      muster_region_contains_grid (a, sub_x, n_x, sub_y, n_y, in_a);
      muster_region_contains_grid (b, sub_x, n_x, sub_y, n_y, in_b);
      if (memcmp (in_a, in_b, n_x * n_y) != 0)
        return TRUE;
    }

  return FALSE;
}

/* Whether two zones differ anywhere on a coarse grid of the board: not
 * where they are made alike; else a grid of a quarter of the points
 * each way first, where zones that differ mostly do. */
static gboolean
regions_differ (const MusterRegion *a,
                const MusterRegion *b,
                double              width,
                double              height)
{
  enum { nx = 96, ny = 64 };
  double xs[nx], ys[ny];

  if (same_region (a, b))
    return FALSE;

  for (int i = 0; i < nx; i++)
    xs[i] = (i + 0.5) * width / nx;
  for (int j = 0; j < ny; j++)
    ys[j] = (j + 0.5) * height / ny;

  return regions_differ_on (a, b, xs, nx, ys, ny, 4) || regions_differ_on (a, b, xs, nx, ys, ny, 1);
}

/* Whether the player's zone depends on the player's role (as in
 * Encircle), so that the role belongs in the zone's name. */
static gboolean
zone_has_roles (MusterScene            *self,
                const MusterDeployment *deployment,
                const MusterPlayer     *player,
                const MusterRegion     *region)
{
  const char *other_role;
  g_autoptr(MusterRegion) other = NULL;

  if (g_strcmp0 (player->role, "attacker") == 0)
    other_role = "defender";
  else if (g_strcmp0 (player->role, "defender") == 0)
    other_role = "attacker";
  else
    return FALSE;

  other = muster_system_resolve_zone (self->system, deployment, player->zone,
                                      muster_layout_get_width (self->layout),
                                      muster_layout_get_height (self->layout),
                                      muster_layout_get_options (self->layout),
                                      other_role, player->short_edge, NULL);

  return other != NULL && regions_differ (region, other,
                                          muster_layout_get_width (self->layout),
                                          muster_layout_get_height (self->layout));
}

static const char *
role_name (const char *role)
{
  if (g_strcmp0 (role, "attacker") == 0)
    return _("Attacker");
  if (g_strcmp0 (role, "defender") == 0)
    return _("Defender");

  return role;
}

static void
ensure_zones (MusterScene *self)
{
  GPtrArray *players;
  const MusterDeployment *deployment = NULL;

  if (self->zones_valid)
    return;

  g_array_set_size (self->zones, 0);
  g_array_set_size (self->lines, 0);
  self->zones_valid = TRUE;

  if (self->system != NULL)
    deployment = muster_system_lookup_deployment (self->system,
                                                  muster_layout_get_deployment_id (self->layout));

  players = muster_layout_get_players (self->layout);

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      SceneZone zone = { 0 };

      zone.player_id = g_strdup (player->id);

      if (deployment != NULL && player->zone != NULL)
        {
          g_autoptr(GError) error = NULL;

          zone.region = muster_system_resolve_zone (self->system, deployment, player->zone,
                                                    muster_layout_get_width (self->layout),
                                                    muster_layout_get_height (self->layout),
                                                    muster_layout_get_options (self->layout),
                                                    player->role, player->short_edge,
                                                    &error);
          if (zone.region == NULL)
            g_debug ("No zone for %s: %s", player->id, error->message);
        }

      if (zone.region != NULL)
        {
          const char *name = player->name != NULL ? player->name : player->id;
          const char *where = zone_name (self, player->zone);

          if (zone_has_roles (self, deployment, player, zone.region))
            {
              if (self->generic)
                /* Translators: a zone's label on the board: role, zone name */
                zone.label = g_strdup_printf (_("%s — %s"), role_name (player->role), where);
              else
                /* Translators: a zone's label on the board: player name, role, zone name */
                zone.label = g_strdup_printf (_("%s (%s) — %s"), name, role_name (player->role), where);
            }
          else
            /* Translators: a zone's label on the board: player name, zone name */
            zone.label = g_strdup_printf (_("%s — %s"), name, where);
          zone.label_home = _muster_render_find_label_point (zone.region,
                                                             muster_layout_get_width (self->layout),
                                                             muster_layout_get_height (self->layout));
          zone.label_at = zone.label_home;
        }

      g_array_append_val (self->zones, zone);
    }

  find_lines (self, muster_layout_get_width (self->layout), muster_layout_get_height (self->layout));
}

guint
muster_scene_get_n_zones (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, 0);

  ensure_zones (self);

  return self->zones->len;
}

const char *
muster_scene_get_zone_label (MusterScene *self,
                             guint        player_index)
{
  g_return_val_if_fail (self != NULL, NULL);

  ensure_zones (self);
  if (player_index >= self->zones->len)
    return NULL;

  return g_array_index (self->zones, SceneZone, player_index).label;
}

GArray *
muster_scene_get_dimensions (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->dimensions;
}

const char *
muster_scene_get_line_name (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  ensure_zones (self);

  return self->line_name;
}

gboolean
muster_scene_get_zone_label_box (MusterScene *self,
                                 guint        player_index,
                                 MusterBox   *box)
{
  const SceneZone *zone;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (box != NULL, FALSE);

  ensure_zones (self);
  if (player_index >= self->zones->len)
    return FALSE;

  zone = &g_array_index (self->zones, SceneZone, player_index);
  *box = zone->label_box;

  return zone->label_drawn;
}

char *
muster_scene_dup_title (MusterScene *self)
{
  const MusterDeployment *deployment = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->system == NULL)
    return g_strdup (muster_layout_get_system_id (self->layout));

  deployment = muster_system_lookup_deployment (self->system,
                                                muster_layout_get_deployment_id (self->layout));

  return g_strdup_printf ("%s — %s", muster_system_get_name (self->system),
                          deployment != NULL ? deployment->name : muster_layout_get_deployment_id (self->layout));
}

void
_muster_render_set_color (cairo_t     *cr,
                          MusterColor  c,
                          double       alpha)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

/* Whether anything drawn within reach (mm) of the box can show: the
 * drawing is culled to what is in view, so that a mega-battle seen close
 * up costs what is on the screen, not what is on the table. */
gboolean
_muster_render_in_view (MusterScene *self,
                        double       x0,
                        double       y0,
                        double       x1,
                        double       y1,
                        double       reach)
{
  return x1 + reach >= self->view.x0 && x0 - reach <= self->view.x1 &&
         y1 + reach >= self->view.y0 && y0 - reach <= self->view.y1;
}

void
muster_render_path_outline (cairo_t             *cr,
                            const MusterOutline *outline)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (outline != NULL);

  if (outline->kind == MUSTER_OUTLINE_CIRCLE)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, outline->centre.x, outline->centre.y, outline->radius, 0, 2 * G_PI);
      cairo_close_path (cr);
      return;
    }

  for (guint i = 0; i < outline->n_points; i++)
    {
      if (i == 0)
        cairo_move_to (cr, outline->points[i].x, outline->points[i].y);
      else
        cairo_line_to (cr, outline->points[i].x, outline->points[i].y);
    }
  cairo_close_path (cr);
}

void
muster_render_path_region (cairo_t            *cr,
                           const MusterRegion *region,
                           const MusterBox    *box)
{
  g_autoptr(GArray) polys = NULL;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (region != NULL);
  g_return_if_fail (box != NULL);

  polys = _muster_render_region_polys (region, box);

  cairo_new_path (cr);
  for (guint i = 0; i < polys->len; i++)
    {
      const MusterPoly *poly = &g_array_index (polys, MusterPoly, i);

      cairo_move_to (cr, poly->p[0].x, poly->p[0].y);
      for (guint j = 1; j < poly->n; j++)
        cairo_line_to (cr, poly->p[j].x, poly->p[j].y);
      cairo_close_path (cr);
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

void
_muster_render_text_begin (MusterScene *self,
                           cairo_t     *cr)
{
  self->text = muster_text_new ("", 1, FALSE);
  pango_layout_set_alignment (self->text, PANGO_ALIGN_CENTER);
}

void
_muster_render_text_end (MusterScene *self)
{
  g_clear_object (&self->text);
}

/* A layout of text in the font of Muster's drawings (muster-text.h:
 * measure and draw it with muster_text_*()). Within a render, the
 * scene's one layout, set up again; outside, a new one. */
PangoLayout *
_muster_render_make_text (MusterScene *self,
                          cairo_t     *cr,
                          const char  *text,
                          double       size,
                          gboolean     bold)
{
  PangoLayout *layout;

  if (self->text == NULL)
    {
      layout = muster_text_new (text, size, bold);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);

      return layout;
    }

  muster_text_set (self->text, text, size, bold);

  return g_object_ref (self->text);
}

/* The layout of text, with the current point where it starts for it to
 * be centred on (x, y). */
PangoLayout *
_muster_render_text_centred_at (MusterScene *self,
                                cairo_t     *cr,
                                const char  *text,
                                double       x,
                                double       y,
                                double       size,
                                gboolean     bold)
{
  PangoLayout *layout = _muster_render_make_text (self, cr, text, size, bold);
  PangoRectangle logical;

  muster_text_get_extents (layout, NULL, &logical);
  cairo_move_to (cr,
                 x - (logical.x + logical.width / 2.0) / PANGO_SCALE,
                 y - (logical.y + logical.height / 2.0) / PANGO_SCALE);

  return layout;
}

/* Writes text centred on (x, y). */
void
_muster_render_draw_text_centred (MusterScene *self,
                                  cairo_t     *cr,
                                  const char  *text,
                                  double       x,
                                  double       y,
                                  double       size,
                                  gboolean     bold)
{
  g_autoptr(PangoLayout) layout = _muster_render_text_centred_at (self, cr, text, x, y, size, bold);

  muster_text_show (cr, layout);
}

/* On a screen, under a scale (the same across and down) and a shift, on
 * an image surface of a whole device scale: where what is drawn can be
 * placed on whole pixels. */
gboolean
_muster_render_on_pixels (MusterScene    *self,
                          cairo_t        *cr,
                          cairo_matrix_t *matrix,
                          double         *device_scale)
{
  cairo_surface_t *target = cairo_get_target (cr);
  double sx, sy, ox, oy;

  if (!self->screen || cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;

  cairo_get_matrix (cr, matrix);
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &ox, &oy);
  if (matrix->xy != 0 || matrix->yx != 0 || matrix->xx <= 0 || matrix->xx != matrix->yy ||
      sx != sy || sx < 1 || sx != floor (sx) || ox != 0 || oy != 0)
    return FALSE;

  *device_scale = sx;

  return TRUE;
}

/* The grid's lines of a device pixel, on a screen (muster_scene_set_screen()):
 * rectangles on whole pixels, crisp where a stroke at a fraction of a
 * pixel is a blur two pixels wide, and filled at a fraction of the cost
 * of stroking them. */
typedef struct
{
  gboolean       on;
  cairo_matrix_t matrix;
  double         scale;  /* pixels per device unit */
} GridPixels;

/* A line of the grid, x0 = x1 (upright) or y0 = y1, from edge to edge of
 * the table: in table units, or with pixels on, a rectangle in device
 * units (the caller has set no transformation), on the whole pixels
 * within the table (so that the table's clip, at a fraction of a pixel,
 * need not be applied to it). */
static void
add_grid_line (const GridPixels *pixels,
               cairo_t          *cr,
               double            x0,
               double            y0,
               double            x1,
               double            y1)
{
  double s = pixels->scale;

  if (!pixels->on)
    {
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      return;
    }

  cairo_matrix_transform_point (&pixels->matrix, &x0, &y0);
  cairo_matrix_transform_point (&pixels->matrix, &x1, &y1);
  if (x0 == x1)
    {
      double top = ceil (y0 * s) / s, bottom = floor (y1 * s) / s;

      cairo_rectangle (cr, round (x0 * s - s / 2) / s, top, 1, bottom - top);
    }
  else
    {
      double left = ceil (x0 * s) / s, right = floor (x1 * s) / s;

      cairo_rectangle (cr, left, round (y0 * s - s / 2) / s, right - left, 1);
    }
}

/* The lines every step across the table, in the current source; those
 * out of view left out (_muster_render_in_view()). */
static void
draw_grid_lines (MusterScene      *self,
                 cairo_t          *cr,
                 const GridPixels *pixels,
                 double            step,
                 double            width,
                 double            height,
                 double            reach)
{
  cairo_save (cr);
  if (pixels->on)
    cairo_identity_matrix (cr);
  for (double x = step; x < width - 1e-6; x += step)
    if (_muster_render_in_view (self, x, 0, x, height, reach))
      add_grid_line (pixels, cr, x, 0, x, height);
  for (double y = step; y < height - 1e-6; y += step)
    if (_muster_render_in_view (self, 0, y, width, y, reach))
      add_grid_line (pixels, cr, 0, y, width, y);
  if (pixels->on)
    cairo_fill (cr);
  else
    cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_grid (MusterScene *self,
           cairo_t     *cr,
           double       width,
           double       height,
           double       px)
{
  MusterColor ink = self->dark ? (MusterColor) { 0.85, 0.85, 0.80 } : (MusterColor) { 0.30, 0.25, 0.15 };
  double line_width = MAX (0.15, 1.0 / px);
  GridPixels pixels = { FALSE, };
  gboolean paper = (self->flags & MUSTER_RENDER_PATTERNS) != 0;
  double minor, major;

  pixels.on = _muster_render_on_pixels (self, cr, &pixels.matrix, &pixels.scale) &&
              fabs (line_width * pixels.matrix.xx - 1) < 1e-9;

  /* The grid in the rulers' units, so that its strong lines meet their
   * labels: 6″ and every inch, or 10 cm and every 1, 2 or 5 cm, the
   * first at least 6 px apart (denser than inches' would be a tint).
   * The faint lines are skipped when closer than 4 px, or on paper
   * (where the zones are hatched) closer than 14 points. */
  if (self->units == MUSTER_UNIT_INCH)
    {
      major = 6 * INCH;
      minor = INCH;
    }
  else
    {
      major = 10 * MUSTER_MM_PER_CM;
      minor = MUSTER_MM_PER_CM;
      while (minor * px < 6 && minor < 5 * MUSTER_MM_PER_CM)
        minor = minor < 2 * MUSTER_MM_PER_CM ? 2 * MUSTER_MM_PER_CM : 5 * MUSTER_MM_PER_CM;
    }

  cairo_save (cr);
  cairo_set_line_width (cr, line_width);

  if (minor * px >= (paper ? 14 : 4))
    {
      _muster_render_set_color (cr, ink, 0.10);
      draw_grid_lines (self, cr, &pixels, minor, width, height, line_width);
    }

  _muster_render_set_color (cr, ink, 0.24);
  draw_grid_lines (self, cr, &pixels, major, width, height, line_width);
  cairo_restore (cr);
}

/* Hatching, a different direction for each zone, so that the zones stay
 * apart on a black-and-white printout: "\\" for the first, "//" for
 * the second, then level and upright lines. Strokes the lines that cross
 * the box, in the current source, into the current clip. The lines keep
 * their place whatever the box (at multiples of spacing), so that the
 * neighbouring sheets of a true-scale print agree.
 *
 * The lines are the dashes of one stroke as wide as the box, across
 * them: the same rectangles, but a PDF holds the stroke's dozen numbers
 * rather than four for each of some hundreds of lines, which cairo
 * formats one by one and which were a fifth of a diagram's numbers. */
static void
stroke_hatching (cairo_t         *cr,
                 guint            index,
                 const MusterBox *box,
                 double           spacing,
                 double           line_width)
{
  const double corners[4][2] = { { box->x0, box->y0 }, { box->x1, box->y0 },
                                 { box->x0, box->y1 }, { box->x1, box->y1 } };
  double ux, uy, period, phase, dashes[2];
  double t0 = G_MAXDOUBLE, t1 = -G_MAXDOUBLE, s0 = G_MAXDOUBLE, s1 = -G_MAXDOUBLE;
  double offset, s;

  /* (ux, uy) is the lines' unit normal: they are where it meets
   * phase + k period. */
  switch (index % 4)
    {
    case 0:   /* x - y = k spacing */
      ux = G_SQRT2 / 2, uy = -G_SQRT2 / 2, period = spacing * G_SQRT2 / 2, phase = 0;
      break;
    case 1:   /* x + y = k spacing */
      ux = G_SQRT2 / 2, uy = G_SQRT2 / 2, period = spacing * G_SQRT2 / 2, phase = 0;
      break;
    case 2:   /* y = (k + 1/2) spacing */
      ux = 0, uy = 1, period = spacing, phase = spacing / 2;
      break;
    default:  /* x = (k + 1/2) spacing */
      ux = 1, uy = 0, period = spacing, phase = spacing / 2;
      break;
    }

  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      double t = corners[i][0] * ux + corners[i][1] * uy;
      double v = corners[i][1] * ux - corners[i][0] * uy;

      t0 = MIN (t0, t), t1 = MAX (t1, t);
      s0 = MIN (s0, v), s1 = MAX (s1, v);
    }
  t0 -= line_width, t1 += line_width;
  s = (s0 + s1) / 2;

  /* From t0 along the normal, a dash starts where a line's edge is. */
  offset = fmod (t0 - phase + line_width / 2, period);
  if (offset < 0)
    offset += period;
  dashes[0] = line_width;
  dashes[1] = period - line_width;

  cairo_new_path (cr);
  cairo_move_to (cr, t0 * ux - s * uy, t0 * uy + s * ux);
  cairo_line_to (cr, t1 * ux - s * uy, t1 * uy + s * ux);
  cairo_save (cr);
  if (dashes[1] > 0)
    cairo_set_dash (cr, dashes, 2, offset);
  cairo_set_line_width (cr, s1 - s0 + 2 * line_width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Hatching lines: at least 5 mm apart on the table, and 6 device units
 * (points on paper) apart when the table is drawn small. */
#define HATCH_SPACING(px) MAX (5.0, 6.0 / (px))
#define HATCH_WIDTH(px)   MAX (0.4, 0.6 / (px))
#define HATCH_ALPHA       0.65

static void
draw_zones (MusterScene *self,
            cairo_t     *cr,
            double       width,
            double       height,
            double       px)
{
  MusterBox box = { -1, -1, width + 1, height + 1 };

  ensure_zones (self);

  for (guint i = 0; i < self->zones->len; i++)
    {
      const SceneZone *zone = &g_array_index (self->zones, SceneZone, i);
      MusterColor color = muster_scene_get_player_color (self, i);

      if (zone->region == NULL)
        continue;

      cairo_save (cr);
      muster_render_path_region (cr, zone->region, &box);
      _muster_render_set_color (cr, color, ZONE_ALPHA);

      if (self->flags & MUSTER_RENDER_PATTERNS)
        {
          MusterBox hatch;
          double x0, y0, x1, y1;

          cairo_fill_preserve (cr);
          cairo_clip (cr);
          /* Only the part in view: a sheet of a true-scale print shows a
           * corner of the table. */
          cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
          hatch = (MusterBox) { MAX (box.x0, x0), MAX (box.y0, y0), MIN (box.x1, x1), MIN (box.y1, y1) };
          if (hatch.x1 > hatch.x0 && hatch.y1 > hatch.y0)
            {
              _muster_render_set_color (cr, color, HATCH_ALPHA);
              stroke_hatching (cr, i, &hatch, HATCH_SPACING (px), HATCH_WIDTH (px));
            }
        }
      else
        cairo_fill (cr);
      cairo_restore (cr);
    }
}

void
muster_scene_draw_terrain_swatch (MusterScene       *self,
                                  cairo_t           *cr,
                                  MusterTerrainKind  kind,
                                  double             x,
                                  double             y,
                                  double             width,
                                  double             height)
{
  g_return_if_fail (self != NULL);

  cairo_save (cr);
  cairo_rectangle (cr, x, y, width, height);
  _muster_render_set_color (cr, _muster_render_table_color (self), 1.0);
  cairo_fill_preserve (cr);
  _muster_render_set_terrain_fill (cr, kind);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 0.5);
  cairo_set_source_rgba (cr, 0.15, 0.13, 0.10, 0.9);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
muster_scene_draw_swatch (MusterScene *self,
                          cairo_t     *cr,
                          guint        player_index,
                          double       x,
                          double       y,
                          double       width,
                          double       height,
                          double       px_per_unit)
{
  MusterColor table, color;
  MusterBox box = { x, y, x + width, y + height };

  g_return_if_fail (self != NULL);

  table = _muster_render_table_color (self);
  color = muster_scene_get_player_color (self, player_index);
  px_per_unit = MAX (px_per_unit, 1e-3);

  cairo_save (cr);
  cairo_rectangle (cr, x, y, width, height);
  _muster_render_set_color (cr, table, 1.0);
  cairo_fill_preserve (cr);
  _muster_render_set_color (cr, color, ZONE_ALPHA);
  cairo_fill_preserve (cr);
  if (self->flags & MUSTER_RENDER_PATTERNS)
    {
      cairo_save (cr);
      cairo_clip_preserve (cr);
      _muster_render_set_color (cr, color, HATCH_ALPHA);
      stroke_hatching (cr, player_index, &box, 6.0 / px_per_unit, 0.6 / px_per_unit);
      cairo_restore (cr);
      cairo_rectangle (cr, x, y, width, height);
    }
  _muster_render_set_color (cr, (MusterColor) { color.r * 0.7, color.g * 0.7, color.b * 0.7 }, 1.0);
  cairo_set_line_width (cr, 1.0 / px_per_unit);
  cairo_stroke (cr);
  cairo_restore (cr);
}



/* Strokes the dashed line a–b where it is in view: the dashes of a long
 * line seen close up are many, and those out of view cost as much. The
 * part in view starts its dash pattern where the whole line would be at
 * that point, so it looks the same. */
static void
dashed_line_in_view (MusterScene *self,
                     cairo_t     *cr,
                     MusterPoint  a,
                     MusterPoint  b,
                     double      *dash,
                     double       reach)
{
  double dx = b.x - a.x;
  double dy = b.y - a.y;
  double length = hypot (dx, dy);
  double t0 = 0, t1 = 1;
  const double p[4] = { -dx, dx, -dy, dy };
  const double q[4] = {
    a.x - (self->view.x0 - reach), (self->view.x1 + reach) - a.x,
    a.y - (self->view.y0 - reach), (self->view.y1 + reach) - a.y,
  };

  if (length <= 0)
    return;

  /* Liang–Barsky. */
  for (guint i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return;
        }
      else if (p[i] < 0)
        t0 = MAX (t0, q[i] / p[i]);
      else
        t1 = MIN (t1, q[i] / p[i]);
    }
  if (t0 > t1)
    return;

  cairo_set_dash (cr, dash, 2, t0 * length);
  cairo_move_to (cr, a.x + dx * t0, a.y + dy * t0);
  cairo_line_to (cr, a.x + dx * t1, a.y + dy * t1);
  cairo_stroke (cr);
}

static void
draw_lines (MusterScene *self,
            cairo_t     *cr,
            double       px)
{
  MusterColor ink = self->dark ? (MusterColor) { 0.95, 0.95, 0.90 } : (MusterColor) { 0.15, 0.12, 0.08 };
  double dash[] = { 8.0 / px, 6.0 / px };

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (0.5, 1.5 / px));
  _muster_render_set_color (cr, ink, 0.75);
  for (guint i = 0; i < self->lines->len; i++)
    {
      const SceneLine *line = &g_array_index (self->lines, SceneLine, i);

      dashed_line_in_view (self, cr, line->a, line->b, dash, MAX (0.5, 1.5 / px));
    }
  cairo_restore (cr);
}

void
muster_scene_draw_line_sample (MusterScene *self,
                               cairo_t     *cr,
                               double       x,
                               double       y,
                               double       length,
                               double       px_per_unit)
{
  MusterColor ink;
  double dash[] = { 8.0 / px_per_unit, 6.0 / px_per_unit };

  g_return_if_fail (self != NULL);

  ink = self->dark ? (MusterColor) { 0.95, 0.95, 0.90 } : (MusterColor) { 0.15, 0.12, 0.08 };
  cairo_save (cr);
  cairo_set_line_width (cr, 1.5 / px_per_unit);
  _muster_render_set_color (cr, ink, 0.75);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + length, y);
  cairo_stroke (cr);
  cairo_restore (cr);
}



void
muster_scene_render (MusterScene *self,
                     cairo_t     *cr,
                     double       px_per_mm)
{
  double width, height;
  MusterColor table;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);

  width = muster_layout_get_width (self->layout);
  height = muster_layout_get_height (self->layout);
  px_per_mm = MAX (px_per_mm, 1e-3);
  table = _muster_render_table_color (self);

  cairo_save (cr);

  /* What is in view, for culling (_muster_render_in_view()), and the text of the render. */
  {
    double x0, y0, x1, y1;

    cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
    self->view = (MusterBox) { x0, y0, x1, y1 };
    self->pieces_seen = 0;
  }
  _muster_render_text_begin (self, cr);
  ensure_zones (self);
  for (guint i = 0; i < self->zones->len; i++)
    {
      SceneZone *zone = &g_array_index (self->zones, SceneZone, i);

      zone->label_drawn = FALSE;
      zone->label_at = zone->label_home;
    }
  _muster_render_orient_labels (self, cr, px_per_mm);
  if ((self->flags & MUSTER_RENDER_ZONES) && (self->flags & MUSTER_RENDER_LABELS) &&
      (self->flags & (MUSTER_RENDER_PIECES | MUSTER_RENDER_MARKS_AS_WITH_PIECES)))
    _muster_render_place_labels_clear_of_pieces (self, cr, px_per_mm);

  /* The table with a soft edge shadow. */
  cairo_rectangle (cr, 0.6 / px_per_mm * 2, 0.6 / px_per_mm * 2, width, height);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_fill (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  _muster_render_set_color (cr, table, 1.0);
  cairo_fill (cr);

  cairo_save (cr);
  _muster_render_take_pixel_clip (self, cr, 0, 0, width, height);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);

  if (self->flags & MUSTER_RENDER_ZONES)
    draw_zones (self, cr, width, height, px_per_mm);
  if (self->flags & MUSTER_RENDER_GRID)
    draw_grid (self, cr, width, height, px_per_mm);
  if (self->flags & MUSTER_RENDER_ZONES)
    {
      draw_lines (self, cr, px_per_mm);
      if (self->flags & MUSTER_RENDER_DIMENSIONS)
        _muster_render_draw_dimensions (self, cr, width, height, px_per_mm);
    }
  if (self->flags & MUSTER_RENDER_TERRAIN)
    _muster_render_draw_terrain (self, cr, px_per_mm, FALSE);
  if (self->flags & MUSTER_RENDER_PIECES)
    _muster_render_draw_pieces (self, cr, px_per_mm, FALSE);
  /* Last, so terrain and pieces never hide whose zone it is. */
  if ((self->flags & MUSTER_RENDER_ZONES) && (self->flags & MUSTER_RENDER_LABELS))
    {
      _muster_render_draw_short_edges (self, cr, px_per_mm);
      _muster_render_draw_zone_labels (self, cr, px_per_mm);
    }
  cairo_restore (cr);
  self->n_pixel_clips = -1;

  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_line_width (cr, MAX (0.5, 1.5 / px_per_mm));
  _muster_render_set_color (cr, self->dark ? (MusterColor) { 0.7, 0.7, 0.65 } : (MusterColor) { 0.25, 0.22, 0.18 }, 1.0);
  cairo_stroke (cr);

  /* What lies off the table too: an off-board piece or terrain, and its
   * red mark, must be seen to be moved back. */
  if (self->flags & MUSTER_RENDER_PIECES)
    {
      cairo_save (cr);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      cairo_rectangle (cr, self->view.x0, self->view.y0,
                       self->view.x1 - self->view.x0, self->view.y1 - self->view.y0);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_clip (cr);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
      if (self->flags & MUSTER_RENDER_TERRAIN)
        _muster_render_draw_terrain (self, cr, px_per_mm, TRUE);
      _muster_render_draw_pieces (self, cr, px_per_mm, TRUE);
      cairo_restore (cr);
    }

  if (self->flags & MUSTER_RENDER_RULER)
    _muster_render_draw_ruler (self, cr, width, height, px_per_mm);

  _muster_render_text_end (self);
  cairo_restore (cr);
}

void
muster_scene_get_fit_geometry (MusterScene *self,
                               double       width,
                               double       height,
                               double      *x,
                               double      *y,
                               double      *scale)
{
  double margin, bw, bh, s;

  g_return_if_fail (self != NULL);

  margin = muster_scene_get_margin (self);
  bw = muster_layout_get_width (self->layout) + 2 * margin;
  bh = muster_layout_get_height (self->layout) + 2 * margin;
  s = MIN (width / bw, height / bh);

  if (x != NULL)
    *x = (width - bw * s) / 2 + margin * s;
  if (y != NULL)
    *y = (height - bh * s) / 2 + margin * s;
  if (scale != NULL)
    *scale = s;
}

void
muster_scene_render_fit (MusterScene *self,
                         cairo_t     *cr,
                         double       width,
                         double       height)
{
  double x, y, scale;

  g_return_if_fail (self != NULL);

  muster_scene_get_fit_geometry (self, width, height, &x, &y, &scale);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  muster_scene_render (self, cr, scale);
  cairo_restore (cr);
}
