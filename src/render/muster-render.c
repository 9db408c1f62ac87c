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

#include "muster-expr.h"
#include "muster-render-private.h"
#include "muster-text.h"

#define INCH MUSTER_MM_PER_INCH

typedef struct
{
  char         *player_id;
  char         *label;
  MusterRegion *region;       /* NULL when the player has no zone */
  MusterPoint   label_home;   /* find_label_point()'s */
  MusterPoint   label_at;     /* where it is drawn: clear of pieces */
  MusterBox     label_box;    /* as last drawn */
  gboolean      label_drawn;
  gboolean      label_upright; /* read bottom to top: a tall, narrow zone */
} SceneZone;

/* A line that zones are measured from and that crosses the table (the
 * Centre Line, a diagonal): drawn dashed. Lines along a table edge are
 * the edge itself. */
typedef struct
{
  MusterPoint a, b;
} SceneLine;

struct _MusterScene
{
  gatomicrefcount    ref_count;
  MusterLayout      *layout;
  MusterSystem      *system;
  MusterValidator   *validator;
  MusterRenderFlags  flags;
  MusterUnit         units;
  gboolean           dark;
  gboolean           generic;
  gboolean           zones_valid;
  GArray            *zones;    /* SceneZone */
  GArray            *lines;    /* SceneLine */
  const char        *line_name;
  GArray            *dimensions;  /* MusterDimension, of the last render */

  /* While muster_scene_render() runs: one Pango layout for every piece
   * of text it writes (a new one per label would cost a Pango context
   * each: most of the time of a crowded table), and the part of the
   * board that can show. */
  PangoLayout           *text;
  MusterBox              view;
};

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

static MusterColor
table_color (MusterScene *self)
{
  if (self->dark)
    return (MusterColor) { 0.188, 0.196, 0.176 };

  return (MusterColor) { 0.937, 0.918, 0.863 };
}

MusterColor
muster_scene_get_table_color (MusterScene *self)
{
  g_return_val_if_fail (self != NULL, (MusterColor) { 0 });

  return table_color (self);
}

MusterColor
muster_scene_get_zone_color (MusterScene *self,
                             guint        player_index)
{
  MusterColor table = table_color (self);
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
static MusterPoint
find_label_point (const MusterRegion *region,
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
        double d = hypot (p.x - sx, p.y - sy);

        if (d < best_d && inside[j * nx + i])
          {
            best_d = d;
            best = p;
          }
      }

  return best;
}

static void
collect_half_planes (const MusterRegion *region,
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
    collect_half_planes (g_ptr_array_index (region->children, i), planes);
}

/* The stretch of the line n·p = k across the box, ordered left to right
 * (top to bottom when upright); FALSE when it misses the box. */
static gboolean
line_across_box (double           nx,
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

      collect_half_planes (zone->region, planes);
      for (guint i = 0; i < planes->len; i++)
        {
          const MusterRegion *plane = g_ptr_array_index (planes, i);
          SceneLine line;
          gboolean known = FALSE;

          if (!line_across_box (plane->nx, plane->ny, plane->c - plane->offset, &box, &line.a, &line.b))
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

/* Whether two zones differ anywhere on a coarse grid of the board. */
static gboolean
regions_differ (const MusterRegion *a,
                const MusterRegion *b,
                double              width,
                double              height)
{
  enum { nx = 96, ny = 64 };
  guint8 in_a[nx * ny], in_b[nx * ny];
  double xs[nx], ys[ny];

  for (int i = 0; i < nx; i++)
    xs[i] = (i + 0.5) * width / nx;
  for (int j = 0; j < ny; j++)
    ys[j] = (j + 0.5) * height / ny;
  muster_region_contains_grid (a, xs, nx, ys, ny, in_a);
  muster_region_contains_grid (b, xs, nx, ys, ny, in_b);

  return memcmp (in_a, in_b, sizeof in_a) != 0;
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
          zone.label_home = find_label_point (zone.region,
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

static void
set_color (cairo_t     *cr,
           MusterColor  c,
           double       alpha)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

/* Whether anything drawn within reach (mm) of the box can show: the
 * drawing is culled to what is in view, so that a mega-battle seen close
 * up costs what is on the screen, not what is on the table. */
static gboolean
in_view (MusterScene *self,
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

static void
text_begin (MusterScene *self,
            cairo_t     *cr)
{
  self->text = muster_text_new ("", 1, FALSE);
  pango_layout_set_alignment (self->text, PANGO_ALIGN_CENTER);
}

static void
text_end (MusterScene *self)
{
  g_clear_object (&self->text);
}

/* A layout of text in the font of Muster's drawings (muster-text.h:
 * measure and draw it with muster_text_*()). Within a render, the
 * scene's one layout, set up again; outside, a new one. */
static PangoLayout *
make_text (MusterScene *self,
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

/* Writes text centred on (x, y). */
static void
draw_text_centred (MusterScene *self,
                   cairo_t     *cr,
                   const char  *text,
                   double       x,
                   double       y,
                   double       size,
                   gboolean     bold)
{
  g_autoptr(PangoLayout) layout = make_text (self, cr, text, size, bold);
  PangoRectangle ink, logical;

  muster_text_get_extents (layout, &ink, &logical);
  cairo_move_to (cr,
                 x - (logical.x + logical.width / 2.0) / PANGO_SCALE,
                 y - (logical.y + logical.height / 2.0) / PANGO_SCALE);
  muster_text_show (cr, layout);
}

static void
draw_grid (MusterScene *self,
           cairo_t     *cr,
           double       width,
           double       height,
           double       px)
{
  MusterColor ink = self->dark ? (MusterColor) { 0.85, 0.85, 0.80 } : (MusterColor) { 0.30, 0.25, 0.15 };
  /* Lines out of view are left out (in_view()). */
  double reach = MAX (0.15, 1.0 / px);

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (0.15, 1.0 / px));

  /* Every inch, faint; skipped when lines would be closer than 4 px, or
   * on paper (where the zones are hatched) closer than 14 points. */
  if (INCH * px >= ((self->flags & MUSTER_RENDER_PATTERNS) ? 14 : 4))
    {
      for (double x = INCH; x < width - 1e-6; x += INCH)
        {
          if (!in_view (self, x, 0, x, height, reach))
            continue;
          cairo_move_to (cr, x, 0);
          cairo_line_to (cr, x, height);
        }
      for (double y = INCH; y < height - 1e-6; y += INCH)
        {
          if (!in_view (self, 0, y, width, y, reach))
            continue;
          cairo_move_to (cr, 0, y);
          cairo_line_to (cr, width, y);
        }
      set_color (cr, ink, 0.10);
      cairo_stroke (cr);
    }

  for (double x = 6 * INCH; x < width - 1e-6; x += 6 * INCH)
    {
      if (!in_view (self, x, 0, x, height, reach))
        continue;
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, height);
    }
  for (double y = 6 * INCH; y < height - 1e-6; y += 6 * INCH)
    {
      if (!in_view (self, 0, y, width, y, reach))
        continue;
      cairo_move_to (cr, 0, y);
      cairo_line_to (cr, width, y);
    }
  set_color (cr, ink, 0.24);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Hatching, a different direction for each zone, so that the zones stay
 * apart on a black-and-white printout: "\\" for the first, "//" for
 * the second, then level and upright lines. Strokes the lines that cross
 * the box, in the current source, into the current clip. The lines keep
 * their place whatever the box (at multiples of spacing), so that the
 * neighbouring sheets of a true-scale print agree. */
static void
stroke_hatching (cairo_t         *cr,
                 guint            index,
                 const MusterBox *box,
                 double           spacing,
                 double           line_width)
{
  cairo_new_path (cr);
  switch (index % 4)
    {
    case 0:
      for (double d = floor ((box->x0 - box->y1) / spacing) * spacing; d <= box->x1 - box->y0; d += spacing)
        {
          cairo_move_to (cr, d + box->y0, box->y0);
          cairo_line_to (cr, d + box->y1, box->y1);
        }
      break;
    case 1:
      for (double d = floor ((box->x0 + box->y0) / spacing) * spacing; d <= box->x1 + box->y1; d += spacing)
        {
          cairo_move_to (cr, d - box->y0, box->y0);
          cairo_line_to (cr, d - box->y1, box->y1);
        }
      break;
    case 2:
      for (double y = (floor (box->y0 / spacing) + 0.5) * spacing; y <= box->y1; y += spacing)
        {
          cairo_move_to (cr, box->x0, y);
          cairo_line_to (cr, box->x1, y);
        }
      break;
    default:
      for (double x = (floor (box->x0 / spacing) + 0.5) * spacing; x <= box->x1; x += spacing)
        {
          cairo_move_to (cr, x, box->y0);
          cairo_line_to (cr, x, box->y1);
        }
      break;
    }
  cairo_set_line_width (cr, line_width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_stroke (cr);
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
      set_color (cr, color, ZONE_ALPHA);

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
              set_color (cr, color, HATCH_ALPHA);
              stroke_hatching (cr, i, &hatch, HATCH_SPACING (px), HATCH_WIDTH (px));
            }
        }
      else
        cairo_fill (cr);
      cairo_restore (cr);
    }
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

  table = table_color (self);
  color = muster_scene_get_player_color (self, player_index);
  px_per_unit = MAX (px_per_unit, 1e-3);

  cairo_save (cr);
  cairo_rectangle (cr, x, y, width, height);
  set_color (cr, table, 1.0);
  cairo_fill_preserve (cr);
  set_color (cr, color, ZONE_ALPHA);
  cairo_fill_preserve (cr);
  if (self->flags & MUSTER_RENDER_PATTERNS)
    {
      cairo_save (cr);
      cairo_clip_preserve (cr);
      set_color (cr, color, HATCH_ALPHA);
      stroke_hatching (cr, player_index, &box, 6.0 / px_per_unit, 0.6 / px_per_unit);
      cairo_restore (cr);
      cairo_rectangle (cr, x, y, width, height);
    }
  set_color (cr, (MusterColor) { color.r * 0.7, color.g * 0.7, color.b * 0.7 }, 1.0);
  cairo_set_line_width (cr, 1.0 / px_per_unit);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Zone names: large and bold, at least 15 device units (points on paper). */
static double
zone_label_size (double px)
{
  return MAX (0.8 * INCH, 15.0 / px);
}

/* The box a zone's name covers, halo included. */
static MusterBox
zone_label_box (MusterScene     *self,
                cairo_t         *cr,
                const SceneZone *zone,
                double           size)
{
  g_autoptr(PangoLayout) layout = make_text (self, cr, zone->label, size, TRUE);
  PangoRectangle logical;
  double w, h, halo = size * 0.15;

  muster_text_get_extents (layout, NULL, &logical);
  w = logical.width / (double) PANGO_SCALE;
  h = logical.height / (double) PANGO_SCALE;
  if (zone->label_upright)
    {
      double t = w;

      w = h;
      h = t;
    }

  return (MusterBox) {
    zone->label_at.x - w / 2 - halo, zone->label_at.y - h / 2 - halo,
    zone->label_at.x + w / 2 + halo, zone->label_at.y + h / 2 + halo,
  };
}

static gboolean
zone_holds_box (const SceneZone *zone,
                const MusterBox *box)
{
  return muster_region_contains_point (zone->region, (MusterPoint) { box->x0, box->y0 }) &&
         muster_region_contains_point (zone->region, (MusterPoint) { box->x1, box->y0 }) &&
         muster_region_contains_point (zone->region, (MusterPoint) { box->x0, box->y1 }) &&
         muster_region_contains_point (zone->region, (MusterPoint) { box->x1, box->y1 });
}

/* A zone's name reads across, unless it would stick out of a tall and
 * narrow zone (those of a portrait table, west and east of its Centre
 * Line) where it would fit upright. */
static void
orient_labels (MusterScene *self,
               cairo_t     *cr,
               double       px)
{
  double size = zone_label_size (px);

  for (guint i = 0; i < self->zones->len; i++)
    {
      SceneZone *zone = &g_array_index (self->zones, SceneZone, i);
      MusterBox across, upright;

      zone->label_upright = FALSE;
      if (zone->region == NULL || zone->label == NULL)
        continue;

      across = zone_label_box (self, cr, zone, size);
      if (zone_holds_box (zone, &across))
        continue;
      zone->label_upright = TRUE;
      upright = zone_label_box (self, cr, zone, size);
      zone->label_upright = zone_holds_box (zone, &upright);
    }
}

static gboolean
boxes_overlap (const MusterBox *a,
               const MusterBox *b)
{
  return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* A zone's name is written where no piece covers it, as a rulebook's
 * diagram would: the nearest place to its home (find_label_point()) where
 * the whole label lies in the zone and clear of every piece, searched in
 * rings of half a label's height and a quarter of its width; home if
 * there is none near. */
static void
place_labels_clear_of_pieces (MusterScene *self,
                              cairo_t     *cr,
                              double       px)
{
  enum { RINGS = 8 };
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  double size = zone_label_size (px);
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (MusterBox));

  for (guint i = 0; i < self->zones->len; i++)
    {
      SceneZone *zone = &g_array_index (self->zones, SceneZone, i);
      MusterBox box, search;
      double w, h, step_x, step_y;
      double best_d = G_MAXDOUBLE;

      zone->label_at = zone->label_home;
      if (zone->region == NULL || zone->label == NULL)
        continue;

      box = zone_label_box (self, cr, zone, size);
      w = box.x1 - box.x0;
      h = box.y1 - box.y0;
      step_x = w / 4;
      step_y = h / 2;
      search = (MusterBox) { box.x0 - RINGS * step_x, box.y0 - RINGS * step_y,
                             box.x1 + RINGS * step_x, box.y1 + RINGS * step_y };

      g_array_set_size (near, 0);
      for (guint j = 0; j < pieces->len; j++)
        {
          const MusterPiece *piece = g_ptr_array_index (pieces, j);
          double reach = piece->base.shape == MUSTER_BASE_ROUND
                         ? piece->base.width / 2
                         : hypot (piece->base.width, piece->base.depth) / 2;
          MusterBox piece_box = { piece->x - reach, piece->y - reach,
                                  piece->x + reach, piece->y + reach };

          if (boxes_overlap (&piece_box, &search))
            g_array_append_val (near, piece_box);
        }
      if (near->len == 0)
        continue;

      /* Ring by ring, each ring's nearest places first; home if none. */
      for (int ring = 0; ring <= RINGS && best_d == G_MAXDOUBLE; ring++)
        for (int dy = -ring; dy <= ring; dy++)
          for (int dx = -ring; dx <= ring; dx++)
            {
              MusterPoint at = { zone->label_home.x + dx * step_x, zone->label_home.y + dy * step_y };
              MusterBox moved = { box.x0 + dx * step_x, box.y0 + dy * step_y,
                                  box.x1 + dx * step_x, box.y1 + dy * step_y };
              double d = hypot (dx * step_x, dy * step_y);
              gboolean clear = TRUE;

              if (MAX (abs (dx), abs (dy)) != ring || d >= best_d)
                continue;
              if (!zone_holds_box (zone, &moved) || !muster_region_contains_point (zone->region, at))
                continue;
              for (guint k = 0; k < near->len && clear; k++)
                clear = !boxes_overlap (&moved, &g_array_index (near, MusterBox, k));
              if (clear)
                {
                  zone->label_at = at;
                  best_d = d;
                }
            }
    }
}

static void
draw_zone_labels (MusterScene *self,
                  cairo_t     *cr,
                  double       px)
{
  double size = zone_label_size (px);

  for (guint i = 0; i < self->zones->len; i++)
    {
      SceneZone *zone = &g_array_index (self->zones, SceneZone, i);
      MusterColor color = muster_scene_get_player_color (self, i);

      if (zone->region == NULL || zone->label == NULL)
        continue;

      zone->label_box = zone_label_box (self, cr, zone, size);
      zone->label_drawn = TRUE;

      cairo_save (cr);
      {
        g_autoptr(PangoLayout) layout = make_text (self, cr, zone->label, size, TRUE);
        PangoRectangle logical;

        muster_text_get_extents (layout, NULL, &logical);
        cairo_translate (cr, zone->label_at.x, zone->label_at.y);
        if (zone->label_upright)
          cairo_rotate (cr, -G_PI / 2);
        cairo_move_to (cr,
                       -(logical.x + logical.width / 2.0) / PANGO_SCALE,
                       -(logical.y + logical.height / 2.0) / PANGO_SCALE);
        muster_text_path (cr, layout);
      }
      /* A halo in the table's colour keeps the name legible over pieces. */
      set_color (cr, table_color (self), 0.8);
      cairo_set_line_width (cr, size * 0.25);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_stroke_preserve (cr);
      if (self->dark)
        set_color (cr, (MusterColor) { color.r * 0.5 + 0.5, color.g * 0.5 + 0.5, color.b * 0.5 + 0.5 }, 0.95);
      else
        set_color (cr, (MusterColor) { color.r * 0.6, color.g * 0.6, color.b * 0.6 }, 0.95);
      cairo_fill (cr);
      cairo_restore (cr);
    }
}

static void
draw_arrow_head (cairo_t     *cr,
                 MusterPoint  tip,
                 double       dx,
                 double       dy,
                 double       size)
{
  /* (dx, dy) is the unit direction the arrow points to. */
  cairo_move_to (cr, tip.x, tip.y);
  cairo_line_to (cr, tip.x - dx * size - dy * size * 0.4, tip.y - dy * size + dx * size * 0.4);
  cairo_line_to (cr, tip.x - dx * size + dy * size * 0.4, tip.y - dy * size - dx * size * 0.4);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* What the dimensions keep apart: an arrow with its label, or (from ==
 * to) only a box, such as a zone's name. */
typedef struct
{
  MusterPoint from;
  MusterPoint to;
  MusterBox   box;
  guint       zone;
  double      length;
} Mark;

static double
cross (MusterPoint o,
       MusterPoint a,
       MusterPoint b)
{
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* Whether two arrows cross or run along each other. Meeting end to end,
 * as the arrows of both zones do on the Centre Line, is fine. */
static gboolean
segments_clash (MusterPoint p1,
                MusterPoint p2,
                MusterPoint q1,
                MusterPoint q2,
                double      tol)
{
  double len_p = hypot (p2.x - p1.x, p2.y - p1.y);
  double len_q = hypot (q2.x - q1.x, q2.y - q1.y);
  double d1, d2, d3, d4;

  if (len_p < 1e-9 || len_q < 1e-9)
    return FALSE;

  d1 = cross (q1, q2, p1) / len_q;
  d2 = cross (q1, q2, p2) / len_q;
  d3 = cross (p1, p2, q1) / len_p;
  d4 = cross (p1, p2, q2) / len_p;

  if (fabs (d1) < tol && fabs (d2) < tol)
    {
      /* On one line: how far they overlap. */
      double ux = (p2.x - p1.x) / len_p, uy = (p2.y - p1.y) / len_p;
      double t1 = (q1.x - p1.x) * ux + (q1.y - p1.y) * uy;
      double t2 = (q2.x - p1.x) * ux + (q2.y - p1.y) * uy;

      return MIN (len_p, MAX (t1, t2)) - MAX (0, MIN (t1, t2)) > tol;
    }

  if ((d1 > tol && d2 > tol) || (d1 < -tol && d2 < -tol))
    return FALSE;
  if ((d3 > tol && d4 > tol) || (d3 < -tol && d4 < -tol))
    return FALSE;

  return !(hypot (p1.x - q1.x, p1.y - q1.y) < tol || hypot (p1.x - q2.x, p1.y - q2.y) < tol ||
           hypot (p2.x - q1.x, p2.y - q1.y) < tol || hypot (p2.x - q2.x, p2.y - q2.y) < tol);
}

static gboolean
segment_hits_box (MusterPoint      a,
                  MusterPoint      b,
                  const MusterBox *box)
{
  double dx = b.x - a.x, dy = b.y - a.y;
  double t0 = 0, t1 = 1;
  const double p[4] = { -dx, dx, -dy, dy };
  const double q[4] = { a.x - box->x0, box->x1 - a.x, a.y - box->y0, box->y1 - a.y };

  /* Liang–Barsky. */
  for (guint i = 0; i < 4; i++)
    {
      if (fabs (p[i]) < 1e-12)
        {
          if (q[i] < 0)
            return FALSE;
        }
      else if (p[i] < 0)
        t0 = MAX (t0, q[i] / p[i]);
      else
        t1 = MIN (t1, q[i] / p[i]);
    }

  return t0 <= t1;
}

/* How badly a new arrow and its label collide with what is placed: 0 when
 * clear; crossing an arrow, hiding a label or running along a zone's edge
 * costs most, passing under a piece or terrain least. */
static double
mark_cost (MusterScene *self,
           GArray      *marks,
           const Mark  *m,
           double       width,
           double       height,
           double       tol)
{
  double ux = (m->to.x - m->from.x) / m->length;
  double uy = (m->to.y - m->from.y) / m->length;
  double cost = 0;

  /* The label stays on the table. */
  if (m->box.x0 < 0 || m->box.y0 < 0 || m->box.x1 > width || m->box.y1 > height)
    cost += 100;

  for (guint i = 0; i < marks->len; i++)
    {
      const Mark *o = &g_array_index (marks, Mark, i);
      double weight = o->zone == G_MAXUINT ? 1 : o->length > 0 ? 10 : 5;

      if (boxes_overlap (&o->box, &m->box) || segment_hits_box (m->from, m->to, &o->box))
        cost += weight;
      if (o->length > 0 &&
          (segments_clash (m->from, m->to, o->from, o->to, tol) ||
           segment_hits_box (o->from, o->to, &m->box)))
        cost += weight;
    }

  /* Not along the edge of a zone, where the arrow would hide it. */
  for (guint z = 0; z < self->zones->len; z++)
    {
      const SceneZone *zone = &g_array_index (self->zones, SceneZone, z);

      if (zone->region == NULL)
        continue;

      for (int k = 1; k < 10; k++)
        {
          MusterPoint q = { m->from.x + ux * m->length * k / 10, m->from.y + uy * m->length * k / 10 };
          MusterPoint left = { q.x - uy * tol, q.y + ux * tol };
          MusterPoint right = { q.x + uy * tol, q.y - ux * tol };

          if (muster_region_contains_point (zone->region, left) !=
              muster_region_contains_point (zone->region, right))
            {
              cost += 10;
              break;
            }
        }
    }

  return cost;
}

/* A dimension still to place: a boundary of a zone that the zone
 * language measured from a line, and the stretches of it that really
 * are an edge of the zone. */
#define DIM_SAMPLES 240

typedef struct
{
  const MusterRegion *plane;
  guint               zone;
  MusterPoint         a, b;         /* the boundary across the table */
  gboolean            edge[DIM_SAMPLES];
  gboolean            interior;     /* measured from a line across the table */
  gboolean            placed;
} Dimension;

static void
dimension_mark (const Dimension *d,
                double           t,
                double           label_w,
                double           label_h,
                Mark            *m)
{
  MusterPoint p = { d->a.x + (d->b.x - d->a.x) * t, d->a.y + (d->b.y - d->a.y) * t };
  double mx, my;

  m->from = p;
  m->to = (MusterPoint) { p.x - d->plane->nx * d->plane->offset, p.y - d->plane->ny * d->plane->offset };
  m->length = fabs (d->plane->offset);
  m->zone = d->zone;
  mx = (m->from.x + m->to.x) / 2;
  my = (m->from.y + m->to.y) / 2;
  m->box = (MusterBox) { mx - label_w / 2, my - label_h / 2, mx + label_w / 2, my + label_h / 2 };
}

/* Places the dimension clear of everything placed before; with force,
 * where it collides least even so. */
static gboolean
place_dimension (MusterScene *self,
                 Dimension   *d,
                 GArray      *marks,
                 double       label_w,
                 double       label_h,
                 double       width,
                 double       height,
                 double       tol,
                 gboolean     force,
                 Mark        *out,
                 double      *out_cost)
{
  double seg_len = hypot (d->b.x - d->a.x, d->b.y - d->a.y);
  gboolean oblique = fabs (d->plane->nx) > 1e-6 && fabs (d->plane->ny) > 1e-6;
  gboolean done[DIM_SAMPLES] = { 0 };
  double best_cost = G_MAXDOUBLE;
  Mark best = { 0 };

  /* In line with an arrow of the other zone from the same line, as a
   * rulebook draws them: one straight line across the gap. */
  for (guint i = 0; i < marks->len; i++)
    {
      const Mark *o = &g_array_index (marks, Mark, i);
      MusterPoint p;
      double t;
      int k;

      if (o->length <= 0 ||
          fabs (d->plane->nx * o->to.x + d->plane->ny * o->to.y - (d->plane->c - d->plane->offset)) > 1e-3)
        continue;

      p = (MusterPoint) { o->to.x + d->plane->nx * d->plane->offset, o->to.y + d->plane->ny * d->plane->offset };
      t = ((p.x - d->a.x) * (d->b.x - d->a.x) + (p.y - d->a.y) * (d->b.y - d->a.y)) / (seg_len * seg_len);
      k = (int) floor (t * DIM_SAMPLES);
      if (k < 0 || k >= DIM_SAMPLES || !d->edge[k])
        continue;

      dimension_mark (d, t, label_w, label_h, out);
      if (mark_cost (self, marks, out, width, height, tol) == 0)
        {
          *out_cost = 0;
          return TRUE;
        }
    }

  /* Longest stretches first. */
  for (;;)
    {
      guint best_start = 0, best_len = 0;
      double t0, t1, preferred, clearance;
      int centre;

      for (guint k = 0; k < DIM_SAMPLES; )
        {
          guint len = 0;

          while (k + len < DIM_SAMPLES && d->edge[k + len] && !done[k + len])
            len++;
          if (len > best_len)
            {
              best_start = k;
              best_len = len;
            }
          k += MAX (len, 1);
        }
      if (best_len == 0)
        break;

      for (guint k = best_start; k < best_start + best_len; k++)
        done[k] = TRUE;

      t0 = best_start / (double) DIM_SAMPLES;
      t1 = (best_start + best_len) / (double) DIM_SAMPLES;
      /* 15% of the way along a long straight stretch, so that the
       * arrows of both zones line up across their shared line and leave
       * the middle of the table to the pieces; the middle of a short one
       * or of a slanting one. */
      preferred = oblique ? (t0 + t1) / 2 : t0 + MIN ((t1 - t0) / 2, 0.15);
      clearance = MIN ((t1 - t0) / 4, INCH / seg_len);
      centre = (int) floor (preferred * DIM_SAMPLES);

      for (int step = 0; step < 2 * DIM_SAMPLES; step++)
        {
          int k = centre + ((step % 2) ? 1 : -1) * ((step + 1) / 2);
          double t = (k + 0.5) / DIM_SAMPLES;
          double cost;

          if (k < (int) best_start || k >= (int) (best_start + best_len))
            continue;
          if (t - t0 < clearance || t1 - t < clearance)
            continue;

          dimension_mark (d, t, label_w, label_h, out);
          cost = mark_cost (self, marks, out, width, height, tol);
          if (cost == 0)
            {
              *out_cost = 0;
              return TRUE;
            }
          if (cost < best_cost)
            {
              best_cost = cost;
              best = *out;
            }
        }
    }

  if (force && best_cost < G_MAXDOUBLE)
    {
      *out = best;
      *out_cost = best_cost;
      return TRUE;
    }

  return FALSE;
}

/* A rulebook's dimensions: for every boundary of a zone that the zone
 * language measured from a line (the Centre Line, a diagonal, an edge), an
 * arrow from that line to the boundary with the distance, placed where the
 * boundary really is an edge of the zone (so Encircle shows its 9″ in the
 * quarters and its 15″ in the middle, and the W/4 step is marked), clear
 * of the other arrows, their labels and the zones' names. */
static void
draw_dimensions (MusterScene *self,
                 cairo_t     *cr,
                 double       width,
                 double       height,
                 double       px)
{
  MusterColor ink = self->dark ? (MusterColor) { 0.95, 0.95, 0.92 } : (MusterColor) { 0.10, 0.09, 0.08 };
  MusterBox board = { 0, 0, width, height };
  double text = MAX (0.45 * INCH, 11.0 / px);
  double head = MAX (0.25 * INCH, 7.0 / px);
  double eps = MAX (0.5, 1.0 / px);
  double tol = MAX (1.0, 3.0 / px);
  g_autoptr(GArray) marks = g_array_new (FALSE, TRUE, sizeof (Mark));
  g_autoptr(GArray) dims = g_array_new (FALSE, TRUE, sizeof (Dimension));

  g_array_set_size (self->dimensions, 0);

  /* The zones' names are drawn over everything later: keep clear. */
  for (guint z = 0; z < self->zones->len; z++)
    {
      const SceneZone *zone = &g_array_index (self->zones, SceneZone, z);
      Mark m = { 0 };

      if (zone->region == NULL || zone->label == NULL)
        continue;
      m.from = m.to = zone->label_at;
      m.box = zone_label_box (self, cr, zone, zone_label_size (px));
      m.zone = z;
      g_array_append_val (marks, m);
    }

  /* And clear of the pieces and terrain drawn over them, on a table of
   * a few hundred (a mega-battle's arrows go where they would anyway). */
  if (self->flags & MUSTER_RENDER_PIECES)
    {
      GPtrArray *pieces = muster_layout_get_pieces (self->layout);

      for (guint i = 0; pieces->len <= 400 && i < pieces->len; i++)
        {
          MusterOutline outline;
          Mark m = { 0 };

          muster_piece_get_outline (g_ptr_array_index (pieces, i), &outline);
          m.box = outline.bounds;
          m.from = m.to = (MusterPoint) { (m.box.x0 + m.box.x1) / 2, (m.box.y0 + m.box.y1) / 2 };
          m.zone = G_MAXUINT;
          g_array_append_val (marks, m);
          muster_outline_clear (&outline);
        }
    }
  if (self->flags & MUSTER_RENDER_TERRAIN)
    {
      GPtrArray *terrain = muster_layout_get_terrain (self->layout);

      for (guint i = 0; terrain->len <= 400 && i < terrain->len; i++)
        {
          const MusterTerrain *t = g_ptr_array_index (terrain, i);
          Mark m = { 0 };

          if (t->n_points == 0)
            continue;
          m.box = (MusterBox) { t->points[0].x, t->points[0].y, t->points[0].x, t->points[0].y };
          for (guint j = 1; j < t->n_points; j++)
            {
              m.box.x0 = MIN (m.box.x0, t->points[j].x);
              m.box.y0 = MIN (m.box.y0, t->points[j].y);
              m.box.x1 = MAX (m.box.x1, t->points[j].x);
              m.box.y1 = MAX (m.box.y1, t->points[j].y);
            }
          m.from = m.to = (MusterPoint) { (m.box.x0 + m.box.x1) / 2, (m.box.y0 + m.box.y1) / 2 };
          m.zone = G_MAXUINT;
          g_array_append_val (marks, m);
        }
    }

  for (guint z = 0; z < self->zones->len; z++)
    {
      const SceneZone *zone = &g_array_index (self->zones, SceneZone, z);
      g_autoptr(GPtrArray) planes = g_ptr_array_new ();

      if (zone->region == NULL)
        continue;

      collect_half_planes (zone->region, planes);
      for (guint i = 0; i < planes->len; i++)
        {
          Dimension d = { 0 };
          MusterPoint ra, rb;

          d.plane = g_ptr_array_index (planes, i);
          d.zone = z;
          if (!line_across_box (d.plane->nx, d.plane->ny, d.plane->c, &board, &d.a, &d.b) ||
              hypot (d.b.x - d.a.x, d.b.y - d.a.y) < 1)
            continue;

          for (guint k = 0; k < DIM_SAMPLES; k++)
            {
              double t = (k + 0.5) / DIM_SAMPLES;
              MusterPoint p = { d.a.x + (d.b.x - d.a.x) * t, d.a.y + (d.b.y - d.a.y) * t };
              MusterPoint in = { p.x + d.plane->nx * eps, p.y + d.plane->ny * eps };
              MusterPoint out = { p.x - d.plane->nx * eps, p.y - d.plane->ny * eps };
              MusterPoint ref = { p.x - d.plane->nx * d.plane->offset, p.y - d.plane->ny * d.plane->offset };

              d.edge[k] = t > 0.02 && t < 0.98 &&
                          ref.x >= -1 && ref.y >= -1 && ref.x <= width + 1 && ref.y <= height + 1 &&
                          muster_region_contains_point (zone->region, in) !=
                          muster_region_contains_point (zone->region, out);
            }

          d.interior = FALSE;
          if (line_across_box (d.plane->nx, d.plane->ny, d.plane->c - d.plane->offset, &board, &ra, &rb))
            for (guint j = 0; j < self->lines->len; j++)
              {
                const SceneLine *line = &g_array_index (self->lines, SceneLine, j);

                if (hypot (line->a.x - ra.x, line->a.y - ra.y) < 0.5 &&
                    hypot (line->b.x - rb.x, line->b.y - rb.y) < 0.5)
                  d.interior = TRUE;
              }

          g_array_append_val (dims, d);
        }
    }

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (0.3, 1.0 / px));

  /* Those from the Centre Line or a diagonal first, the steps measured
   * from the edges after; then, once all have had a clear place, any
   * distance a zone would otherwise not show, on whichever of its
   * boundaries at that distance collides least. */
  for (guint pass = 0; pass < 3; pass++)
    for (guint i = 0; i < dims->len; i++)
      {
        Dimension *d = &g_array_index (dims, Dimension, i);
        g_autofree char *label = muster_length_format (fabs (d->plane->offset), self->units);
        g_autoptr(PangoLayout) layout = make_text (self, cr, label, text, TRUE);
        PangoRectangle logical;
        double lw, lh, cost;
        Mark m;

        if (d->placed || (pass == 0 && !d->interior) || (pass == 1 && d->interior))
          continue;

        muster_text_get_extents (layout, NULL, &logical);
        lw = logical.width / (double) PANGO_SCALE + text * 0.3;
        lh = logical.height / (double) PANGO_SCALE;

        if (pass < 2)
          {
            if (!place_dimension (self, d, marks, lw, lh, width, height, tol, FALSE, &m, &cost))
              continue;
          }
        else
          {
            gboolean shown = FALSE;
            double best_cost = G_MAXDOUBLE;

            /* Another boundary of the zone at that distance is shown. */
            for (guint j = 0; j < marks->len; j++)
              {
                const Mark *o = &g_array_index (marks, Mark, j);

                if (o->zone == d->zone && fabs (o->length - fabs (d->plane->offset)) < 1e-6)
                  shown = TRUE;
              }
            if (shown)
              continue;

            for (guint j = i; j < dims->len; j++)
              {
                Dimension *other = &g_array_index (dims, Dimension, j);
                Mark candidate;

                if (other->placed || other->zone != d->zone ||
                    fabs (fabs (other->plane->offset) - fabs (d->plane->offset)) > 1e-6)
                  continue;
                if (place_dimension (self, other, marks, lw, lh, width, height, tol, TRUE, &candidate, &cost) &&
                    cost < best_cost)
                  {
                    best_cost = cost;
                    m = candidate;
                  }
              }
            if (best_cost == G_MAXDOUBLE)
              continue;
          }
        d->placed = TRUE;
        g_array_append_val (marks, m);
        {
          MusterDimension shown = { m.from, m.to, m.length, m.box, m.zone };

          g_array_append_val (self->dimensions, shown);
        }

        set_color (cr, ink, 0.85);
        cairo_move_to (cr, m.from.x, m.from.y);
        cairo_line_to (cr, m.to.x, m.to.y);
        cairo_stroke (cr);
        {
          double dx = (m.to.x - m.from.x) / m.length, dy = (m.to.y - m.from.y) / m.length;

          draw_arrow_head (cr, m.from, -dx, -dy, head);
          draw_arrow_head (cr, m.to, dx, dy, head);
        }
        set_color (cr, table_color (self), 0.9);
        cairo_rectangle (cr, m.box.x0, m.box.y0, m.box.x1 - m.box.x0, m.box.y1 - m.box.y0);
        cairo_fill (cr);
        set_color (cr, ink, 1.0);
        cairo_move_to (cr, (m.box.x0 + m.box.x1) / 2 - (logical.x + logical.width / 2.0) / PANGO_SCALE,
                       (m.box.y0 + m.box.y1) / 2 - (logical.y + logical.height / 2.0) / PANGO_SCALE);
        muster_text_show (cr, layout);
      }

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
  set_color (cr, ink, 0.75);
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
  set_color (cr, ink, 0.75);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + length, y);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Terrain, or (off_table) only terrain that reaches past the table's
 * edge, which the caller clips to what lies outside it: a building cut
 * off by a table made narrower must be seen to be moved. Terrain that
 * breaks a rule (off-board) is outlined in red, as pieces are. */
static void
draw_terrain (MusterScene *self,
              cairo_t     *cr,
              double       px,
              gboolean     off_table)
{
  GPtrArray *terrain = muster_layout_get_terrain (self->layout);
  double width = muster_layout_get_width (self->layout);
  double height = muster_layout_get_height (self->layout);

  for (guint i = 0; i < terrain->len; i++)
    {
      const MusterTerrain *t = g_ptr_array_index (terrain, i);
      gboolean bad = FALSE;
      MusterBox box;

      if (t->n_points < 3)
        continue;

      box = (MusterBox) { t->points[0].x, t->points[0].y, t->points[0].x, t->points[0].y };
      for (guint j = 1; j < t->n_points; j++)
        {
          box.x0 = MIN (box.x0, t->points[j].x);
          box.y0 = MIN (box.y0, t->points[j].y);
          box.x1 = MAX (box.x1, t->points[j].x);
          box.y1 = MAX (box.y1, t->points[j].y);
        }
      if (!in_view (self, box.x0, box.y0, box.x1, box.y1, MAX (0.4, 1.0 / px)))
        continue;
      if (off_table && box.x0 >= 0 && box.y0 >= 0 && box.x1 <= width && box.y1 <= height)
        continue;

      if (self->validator != NULL && (self->flags & MUSTER_RENDER_VIOLATIONS))
        {
          GPtrArray *v = muster_validator_get_piece_violations (self->validator, t->serial);

          bad = v != NULL && v->len > 0;
        }

      cairo_new_path (cr);
      cairo_move_to (cr, t->points[0].x, t->points[0].y);
      for (guint j = 1; j < t->n_points; j++)
        cairo_line_to (cr, t->points[j].x, t->points[j].y);
      cairo_close_path (cr);

      switch (t->kind)
        {
        case MUSTER_TERRAIN_BUILDING:
          cairo_set_source_rgba (cr, 0.36, 0.34, 0.33, 0.92);
          break;
        case MUSTER_TERRAIN_IMPASSABLE:
          cairo_set_source_rgba (cr, 0.45, 0.37, 0.28, 0.85);
          break;
        case MUSTER_TERRAIN_AREA:
          cairo_set_source_rgba (cr, 0.30, 0.50, 0.25, 0.35);
          break;
        default:
          g_assert_not_reached ();
        }
      cairo_fill_preserve (cr);
      if (bad)
        {
          cairo_set_line_width (cr, MAX (0.6, 2.5 / px));
          cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.95);
        }
      else
        {
          cairo_set_line_width (cr, MAX (0.4, 1.0 / px));
          cairo_set_source_rgba (cr, 0.15, 0.13, 0.10, 0.9);
        }
      cairo_stroke (cr);
    }
}

/* What a piece is labelled with in at most max_chars characters: its
 * name, or as much of it as fits before an ellipsis (three letters at
 * least); the id of a model or unit with no name, all that tells it
 * apart (objectives and markers show what they are without one); NULL
 * when nothing fits. */
static char *
piece_label (const MusterPiece *piece,
             double             max_chars)
{
  const char *name = piece->name != NULL && *piece->name != '\0' ? piece->name : NULL;
  const char *text = name != NULL ? name : piece->id;
  glong length = g_utf8_strlen (text, -1);
  g_autofree char *stem = NULL;
  glong keep;

  if (name == NULL && (piece->kind == MUSTER_PIECE_OBJECTIVE || piece->kind == MUSTER_PIECE_MARKER))
    return NULL;
  if (length <= max_chars)
    return g_strdup (text);
  if (name == NULL)
    return NULL;

  keep = (glong) floor (max_chars) - 1;
  if (keep < 3)
    return NULL;

  stem = g_utf8_substring (name, 0, keep);
  g_strchomp (stem);

  return g_strconcat (stem, "…", NULL);
}

  /* The name the player gave (a roster entry's), shortened with an
   * ellipsis where the base is too small for all of it, never the
   * internal id in its place; the id only for a piece with no name.
   * As large as the base allows between 9 and 14 device units
   * (pixels on screen, points on paper), or none where not even a
   * few letters fit: a label too small to read, or spilling over its
   * neighbours, helps no one. */
static void
draw_piece_label (MusterScene         *self,
                  cairo_t             *cr,
                  const MusterPiece   *piece,
                  const MusterOutline *outline,
                  MusterColor          color,
                  double               px)
{
  double bw = (outline->bounds.x1 - outline->bounds.x0) * px;
  double bh = (outline->bounds.y1 - outline->bounds.y0) * px;
  double size = CLAMP (MIN (bw, bh) * 0.45, 9.0, 14.0);
  double max_chars = bw * 0.92 / (0.62 * size);
  g_autofree char *label = size <= bh * 0.9 ? piece_label (piece, max_chars) : NULL;

  /* Bold letters run about 0.62 of the size wide, wide ones more:
   * measure, and shorten the name until it fits. */
  for (guint tries = 0; label != NULL && tries < 4; tries++)
    {
      g_autoptr(PangoLayout) layout = make_text (self, cr, label, size / px, TRUE);
      PangoRectangle logical;

      muster_text_get_extents (layout, NULL, &logical);
      if (logical.width / (double) PANGO_SCALE * px <= bw * 0.92)
        break;
      max_chars = g_utf8_strlen (label, -1) - 1;
      g_free (label);
      label = piece_label (piece, max_chars);
    }

  if (label != NULL)
    {
      double luminance = 0.2126 * color.r + 0.7152 * color.g + 0.0722 * color.b;

      if (luminance > 0.55)
        cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.95);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
      draw_text_centred (self, cr, label, (outline->bounds.x0 + outline->bounds.x1) / 2,
                         (outline->bounds.y0 + outline->bounds.y1) / 2, size / px, TRUE);
    }
}

/* Pieces, or only those that reach past the table's edge (off_table):
 * the caller clips those to what lies outside the table. */
static void
draw_pieces (MusterScene *self,
             cairo_t     *cr,
             double       px,
             gboolean     off_table)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  GPtrArray *players = muster_layout_get_players (self->layout);
  /* Past a base's outline: its strokes and its badge (the label stays
   * within the base). */
  double badge = MAX (1.2, 7.0 / px);
  double slack = 2 * badge + MAX (0.8, 2.5 / px);

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);
      MusterOutline outline;
      MusterColor color = { 0.55, 0.55, 0.55 };
      gboolean bad = FALSE;
      double reach = piece->base.shape == MUSTER_BASE_ROUND
                     ? piece->base.width / 2
                     : hypot (piece->base.width, piece->base.depth) / 2;

      if (!in_view (self, piece->x, piece->y, piece->x, piece->y, reach + slack))
        continue;
      if (off_table &&
          piece->x - reach - slack >= 0 && piece->y - reach - slack >= 0 &&
          piece->x + reach + slack <= muster_layout_get_width (self->layout) &&
          piece->y + reach + slack <= muster_layout_get_height (self->layout))
        continue;

      for (guint j = 0; j < players->len; j++)
        {
          const MusterPlayer *player = g_ptr_array_index (players, j);

          if (g_strcmp0 (player->id, piece->owner) == 0)
            color = muster_scene_get_player_color (self, j);
        }

      if (piece->kind == MUSTER_PIECE_OBJECTIVE)
        color = (MusterColor) { 0.90, 0.75, 0.10 };

      if (self->validator != NULL && (self->flags & MUSTER_RENDER_VIOLATIONS))
        {
          GPtrArray *v = muster_validator_get_piece_violations (self->validator, piece->serial);

          bad = v != NULL && v->len > 0;
        }

      muster_piece_get_outline (piece, &outline);

      cairo_new_path (cr);
      muster_render_path_outline (cr, &outline);
      set_color (cr, color, piece->kind == MUSTER_PIECE_MARKER ? 0.55 : 0.85);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, MAX (0.3, 1.2 / px));
      set_color (cr, (MusterColor) { color.r * 0.45, color.g * 0.45, color.b * 0.45 }, 1.0);
      cairo_stroke (cr);

      /* Prone: the model lies down. Hatched across, with a dashed rim, so
       * it reads without colour and at any size. */
      if (piece->prone)
        {
          double step = MAX (1.0, 5.0 / px);
          double dash[] = { MAX (0.8, 3.0 / px), MAX (0.6, 2.0 / px) };

          cairo_save (cr);
          cairo_new_path (cr);
          muster_render_path_outline (cr, &outline);
          cairo_clip (cr);
          set_color (cr, (MusterColor) { color.r * 0.45, color.g * 0.45, color.b * 0.45 }, 0.7);
          cairo_set_line_width (cr, MAX (0.25, 1.0 / px));
          for (double t = outline.bounds.y0 + step / 2; t < outline.bounds.y1; t += step)
            {
              cairo_move_to (cr, outline.bounds.x0, t);
              cairo_line_to (cr, outline.bounds.x1, t);
            }
          cairo_stroke (cr);
          cairo_restore (cr);

          cairo_save (cr);
          cairo_new_path (cr);
          muster_render_path_outline (cr, &outline);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
          cairo_set_line_width (cr, MAX (0.4, 1.5 / px));
          cairo_set_dash (cr, dash, 2, 0);
          cairo_stroke (cr);
          cairo_restore (cr);
        }

      /* The front edge, so facing reads at a glance. */
      if (outline.kind == MUSTER_OUTLINE_POLYGON && piece->base.shape == MUSTER_BASE_RECT)
        {
          cairo_move_to (cr, outline.points[0].x, outline.points[0].y);
          cairo_line_to (cr, outline.points[1].x, outline.points[1].y);
          cairo_set_line_width (cr, MAX (0.8, 2.5 / px));
          cairo_stroke (cr);
        }

      if (bad)
        {
          /* A red outline and a "!" badge at the top-right corner: marks
           * that stay readable on a crowded table. */
          double r = MAX (1.2, 7.0 / px);
          double bx = outline.bounds.x1;
          double by = outline.bounds.y0;

          cairo_new_path (cr);
          muster_render_path_outline (cr, &outline);
          cairo_set_line_width (cr, MAX (0.6, 2.5 / px));
          cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.95);
          cairo_stroke (cr);

          cairo_new_path (cr);
          cairo_arc (cr, bx, by, r, 0, 2 * G_PI);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_set_line_width (cr, MAX (0.2, 1.0 / px));
          cairo_stroke (cr);
          draw_text_centred (self, cr, "!", bx, by, r * 1.5, TRUE);
        }

      draw_piece_label (self, cr, piece, &outline, color, px);

      muster_outline_clear (&outline);
    }
}

/* A ruler along one edge of the table: ticks hang from gap outside the
 * edge outwards, long ones every major, labels every label_every. */
typedef struct
{
  double gap;
  double short_tick;
  double mid_tick;
  double long_tick;
  double text;          /* label size */
  double step;          /* between ticks */
  double mid;           /* between middle ticks, or 0 */
  double major;         /* between long ticks */
  double label_every;
} Ruler;

static MusterColor
ruler_ink (MusterScene *self)
{
  return self->dark ? (MusterColor) { 0.90, 0.90, 0.88 } : (MusterColor) { 0.20, 0.20, 0.22 };
}

/* Along the north edge (x from 0 to length), or the west edge. */
static void
draw_ruler_axis (MusterScene *self,
                 cairo_t     *cr,
                 const Ruler *r,
                 gboolean     west,
                 double       length,
                 double       px)
{
  double label_at = -r->gap - r->long_tick - r->text * 0.75;

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (0.2, 1.0 / px));
  set_color (cr, ruler_ink (self), 0.8);

  for (int k = 0; k * r->step <= length + 1e-6; k++)
    {
      double t = k * r->step;
      double len = fmod (t + 1e-6, r->major) < 1e-3 ? r->long_tick
                 : r->mid > 0 && fmod (t + 1e-6, r->mid) < 1e-3 ? r->mid_tick
                 : r->short_tick;

      if (r->step * px < 3 && len < r->long_tick)
        continue;
      if (west ? !in_view (self, -r->gap - len, t, -r->gap, t, 1.0 / px)
               : !in_view (self, t, -r->gap - len, t, -r->gap, 1.0 / px))
        continue;
      cairo_move_to (cr, west ? -r->gap : t, west ? t : -r->gap);
      cairo_line_to (cr, west ? -r->gap - len : t, west ? t : -r->gap - len);
    }
  cairo_stroke (cr);

  /* The west ruler leaves the corner's 0 to the north one. */
  for (int k = west ? 1 : 0; k * r->label_every <= length + 1e-6; k++)
    {
      double t = k * r->label_every;
      g_autofree char *label = NULL;

      /* A label is a few characters, none wider than the text size. */
      if (west ? !in_view (self, label_at, t, label_at, t, 4 * r->text)
               : !in_view (self, t, label_at, t, label_at, 4 * r->text))
        continue;
      label = muster_length_format (t, self->units);
      cairo_save (cr);
      cairo_translate (cr, west ? label_at : t, west ? t : label_at);
      if (west)
        cairo_rotate (cr, -G_PI / 2);
      draw_text_centred (self, cr, label, 0, 0, r->text, FALSE);
      cairo_restore (cr);
    }
  cairo_restore (cr);
}

/* The table's ruler, in inches of the table: a tick every inch (or
 * centimetre), a label every 6″ (10 cm) or more, never closer than
 * ~40 px. */
static Ruler
table_ruler (MusterScene *self,
             double       px)
{
  gboolean cm = self->units == MUSTER_UNIT_CM;
  Ruler r = {
    .gap = 0.15 * INCH,
    .short_tick = 0.15 * INCH,
    .long_tick = 0.35 * INCH,
    .text = MAX (0.28 * INCH, 10.0 / px),
    .step = cm ? 10 : INCH,
    .major = cm ? 100 : 6 * INCH,
  };

  r.label_every = r.major;
  while (r.label_every * px < 40)
    r.label_every *= 2;

  return r;
}

static void
draw_ruler (MusterScene *self,
            cairo_t     *cr,
            double       width,
            double       height,
            double       px)
{
  Ruler r = table_ruler (self, px);

  draw_ruler_axis (self, cr, &r, FALSE, width, px);
  draw_ruler_axis (self, cr, &r, TRUE, height, px);
}

double
muster_scene_get_ruler_reach (MusterScene *self,
                              double       px_per_mm)
{
  Ruler r;

  g_return_val_if_fail (self != NULL, 0);

  r = table_ruler (self, MAX (px_per_mm, 1e-3));

  /* To the far side of the labels. */
  return r.gap + r.long_tick + 1.25 * r.text;
}

/* The ruler of a view, in pixels whatever the zoom: labels at the first
 * of 1, 2, 3, 6, 12… inches (1, 2, 5, 10… cm) that leaves them 48 px
 * apart, long ticks there, and a tick every inch (centimetre), or every
 * quarter inch (millimetre) where those are far enough apart, the whole
 * inches (centimetres) longer. */
static Ruler
view_ruler (MusterScene *self,
            double       px)
{
  static const double inches[] = { 1, 2, 3, 6, 12, 24, 48, 96 };
  static const double cms[] = { 1, 2, 5, 10, 20, 50, 100, 200 };
  gboolean cm = self->units == MUSTER_UNIT_CM;
  double unit = cm ? MUSTER_MM_PER_CM : INCH;
  Ruler r = {
    .gap = 2 / px,
    .short_tick = 3 / px,
    .mid_tick = 5 / px,
    .long_tick = 8 / px,
    .text = 10 / px,
    .step = unit,
  };

  for (guint i = 0; i < G_N_ELEMENTS (inches); i++)
    {
      r.label_every = (cm ? cms[i] : inches[i]) * unit;
      if (r.label_every * px >= 48)
        break;
    }
  r.major = r.label_every;
  if ((cm ? 1.0 : INCH / 4) * px >= 8)
    {
      r.step = cm ? 1.0 : INCH / 4;
      r.mid = unit;
    }

  return r;
}

void
muster_scene_draw_view_rulers (MusterScene     *self,
                               cairo_t         *cr,
                               const MusterBox *view,
                               gboolean         north,
                               gboolean         west,
                               double           px_per_mm)
{
  double px = MAX (px_per_mm, 1e-3);
  double depth = MUSTER_VIEW_RULER_DEPTH / px;
  Ruler r = view_ruler (self, px);
  MusterBox saved;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL);

  if (!north && !west)
    return;

  saved = self->view;
  cairo_save (cr);
  text_begin (self, cr);

  /* The bands, in the colour of the view around the table. */
  cairo_new_path (cr);
  if (north)
    cairo_rectangle (cr, view->x0, view->y0, view->x1 - view->x0, depth);
  if (west)
    cairo_rectangle (cr, view->x0, view->y0, depth, view->y1 - view->y0);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  set_color (cr, self->dark ? (MusterColor) { 0.17, 0.17, 0.17 } : (MusterColor) { 0.93, 0.93, 0.92 }, 0.95);
  cairo_fill (cr);

  cairo_set_line_width (cr, 1.0 / px);
  set_color (cr, ruler_ink (self), 0.35);
  if (north)
    {
      cairo_move_to (cr, view->x0 + (west ? depth : 0), view->y0 + depth - 0.5 / px);
      cairo_line_to (cr, view->x1, view->y0 + depth - 0.5 / px);
    }
  if (west)
    {
      cairo_move_to (cr, view->x0 + depth - 0.5 / px, view->y0 + (north ? depth : 0));
      cairo_line_to (cr, view->x0 + depth - 0.5 / px, view->y1);
    }
  cairo_stroke (cr);

  /* Each ruler is the table's edge moved to the band's inner side. */
  if (north)
    {
      cairo_save (cr);
      cairo_rectangle (cr, view->x0 + (west ? depth : 0), view->y0, view->x1 - view->x0, depth);
      cairo_clip (cr);
      cairo_translate (cr, 0, view->y0 + depth);
      self->view = (MusterBox) { view->x0, -depth, view->x1, 0 };
      draw_ruler_axis (self, cr, &r, FALSE, muster_layout_get_width (self->layout), px);
      cairo_restore (cr);
    }
  if (west)
    {
      cairo_save (cr);
      cairo_rectangle (cr, view->x0, view->y0 + (north ? depth : 0), depth, view->y1 - view->y0);
      cairo_clip (cr);
      cairo_translate (cr, view->x0 + depth, 0);
      self->view = (MusterBox) { -depth, view->y0, 0, view->y1 };
      draw_ruler_axis (self, cr, &r, TRUE, muster_layout_get_height (self->layout), px);
      cairo_restore (cr);
    }

  text_end (self);
  cairo_restore (cr);
  self->view = saved;
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
  table = table_color (self);

  cairo_save (cr);

  /* What is in view, for culling (in_view()), and the text of the render. */
  {
    double x0, y0, x1, y1;

    cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
    self->view = (MusterBox) { x0, y0, x1, y1 };
  }
  text_begin (self, cr);
  ensure_zones (self);
  for (guint i = 0; i < self->zones->len; i++)
    {
      SceneZone *zone = &g_array_index (self->zones, SceneZone, i);

      zone->label_drawn = FALSE;
      zone->label_at = zone->label_home;
    }
  orient_labels (self, cr, px_per_mm);
  if ((self->flags & MUSTER_RENDER_ZONES) && (self->flags & MUSTER_RENDER_LABELS) &&
      (self->flags & MUSTER_RENDER_PIECES))
    place_labels_clear_of_pieces (self, cr, px_per_mm);

  /* The table with a soft edge shadow. */
  cairo_rectangle (cr, 0.6 / px_per_mm * 2, 0.6 / px_per_mm * 2, width, height);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_fill (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  set_color (cr, table, 1.0);
  cairo_fill (cr);

  cairo_save (cr);
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
        draw_dimensions (self, cr, width, height, px_per_mm);
    }
  if (self->flags & MUSTER_RENDER_TERRAIN)
    draw_terrain (self, cr, px_per_mm, FALSE);
  if (self->flags & MUSTER_RENDER_PIECES)
    draw_pieces (self, cr, px_per_mm, FALSE);
  /* Last, so terrain and pieces never hide whose zone it is. */
  if ((self->flags & MUSTER_RENDER_ZONES) && (self->flags & MUSTER_RENDER_LABELS))
    draw_zone_labels (self, cr, px_per_mm);
  cairo_restore (cr);

  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_line_width (cr, MAX (0.5, 1.5 / px_per_mm));
  set_color (cr, self->dark ? (MusterColor) { 0.7, 0.7, 0.65 } : (MusterColor) { 0.25, 0.22, 0.18 }, 1.0);
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
        draw_terrain (self, cr, px_per_mm, TRUE);
      draw_pieces (self, cr, px_per_mm, TRUE);
      cairo_restore (cr);
    }

  if (self->flags & MUSTER_RENDER_RULER)
    draw_ruler (self, cr, width, height, px_per_mm);

  text_end (self);
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
