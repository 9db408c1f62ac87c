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
#include "muster-render.h"

#define INCH MUSTER_MM_PER_INCH

typedef struct
{
  char         *player_id;
  char         *label;
  MusterRegion *region;       /* NULL when the player has no zone */
  MusterPoint   label_at;
} SceneZone;

struct _MusterScene
{
  gatomicrefcount    ref_count;
  MusterLayout      *layout;
  MusterSystem      *system;
  MusterValidator   *validator;
  MusterRenderFlags  flags;
  MusterUnit         units;
  gboolean           dark;
  gboolean           zones_valid;
  GArray            *zones;    /* SceneZone */

  /* While muster_scene_render() runs: one Pango layout for every piece
   * of text it writes (a new one per label would cost a Pango context
   * each: most of the time of a crowded table), and the part of the
   * board that can show. */
  PangoLayout           *text;
  PangoFontDescription  *text_font;
  double                 text_size;
  gboolean               text_bold;
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

void
muster_scene_set_flags (MusterScene       *self,
                        MusterRenderFlags  flags)
{
  g_return_if_fail (self != NULL);

  self->flags = flags;
}

void
muster_scene_invalidate_zones (MusterScene *self)
{
  g_return_if_fail (self != NULL);

  self->zones_valid = FALSE;
}

MusterColor
muster_scene_get_player_color (MusterScene *self,
                               guint        player_index)
{
  return player_colors[player_index % G_N_ELEMENTS (player_colors)];
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

  zone = muster_deployment_lookup_zone (deployment, zone_id, muster_layout_get_options (self->layout));

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
  const int nx = 72, ny = 48;
  double sx = 0, sy = 0;
  guint count = 0;
  MusterPoint best = { width / 2, height / 2 };
  double best_d = G_MAXDOUBLE;

  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      {
        MusterPoint p = { (i + 0.5) * width / nx, (j + 0.5) * height / ny };

        if (muster_region_contains_point (region, p))
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

        if (d < best_d && muster_region_contains_point (region, p))
          {
            best_d = d;
            best = p;
          }
      }

  return best;
}

static void
ensure_zones (MusterScene *self)
{
  GPtrArray *players;
  const MusterDeployment *deployment = NULL;

  if (self->zones_valid)
    return;

  g_array_set_size (self->zones, 0);
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

          /* Translators: a zone's label on the board: player name, zone name */
          zone.label = g_strdup_printf (_("%s — %s"), name, zone_name (self, player->zone));
          zone.label_at = find_label_point (zone.region,
                                            muster_layout_get_width (self->layout),
                                            muster_layout_get_height (self->layout));
        }

      g_array_append_val (self->zones, zone);
    }
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

/* Zones as unions of convex polygons, for drawing: every set operation of
 * the zone language reduces to clipping convex polygons by half-planes
 * (Sutherland–Hodgman), so a zone fills as one plain path. This keeps PDF
 * and SVG output vector (compositing groups would be rasterised) and the
 * screen fast. Polygons are kept in one orientation so that a non-zero
 * fill of overlapping pieces paints their union. */

#define MAX_POLY 160

typedef struct
{
  guint       n;
  MusterPoint p[MAX_POLY];
} Poly;

static void
path_outline (cairo_t             *cr,
              const MusterOutline *outline)
{
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

/* Keeps the part of poly where a·x + b·y >= c. */
static void
clip_poly (Poly   *poly,
           double  a,
           double  b,
           double  c)
{
  Poly out = { 0 };

  for (guint i = 0; i < poly->n; i++)
    {
      MusterPoint p = poly->p[i];
      MusterPoint q = poly->p[(i + 1) % poly->n];
      double dp = a * p.x + b * p.y - c;
      double dq = a * q.x + b * q.y - c;

      if (dp >= 0 && out.n < MAX_POLY)
        out.p[out.n++] = p;
      if ((dp >= 0) != (dq >= 0) && out.n < MAX_POLY)
        {
          double t = dp / (dp - dq);

          out.p[out.n++] = (MusterPoint) { p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t };
        }
    }

  *poly = out;
}

static double
poly_area (const Poly *poly)
{
  double area = 0;

  for (guint i = 0; i < poly->n; i++)
    {
      MusterPoint p = poly->p[i];
      MusterPoint q = poly->p[(i + 1) % poly->n];

      area += p.x * q.y - q.x * p.y;
    }

  return area / 2;
}

static void
add_poly (GArray *polys,
          Poly   *poly)
{
  double area = poly_area (poly);

  if (poly->n < 3 || fabs (area) < 1e-6)
    return;

  /* One orientation for all. */
  if (area < 0)
    for (guint i = 0; i < poly->n / 2; i++)
      {
        MusterPoint t = poly->p[i];

        poly->p[i] = poly->p[poly->n - 1 - i];
        poly->p[poly->n - 1 - i] = t;
      }

  g_array_append_vals (polys, poly, 1);
}

/* Clips convex polygon a by convex polygon b (both in one orientation). */
static void
clip_by_convex (Poly       *a,
                const Poly *b)
{
  double sign = poly_area (b) > 0 ? 1 : -1;

  for (guint i = 0; i < b->n && a->n > 0; i++)
    {
      MusterPoint p = b->p[i];
      MusterPoint q = b->p[(i + 1) % b->n];
      /* Inside of edge p→q. */
      double nx = -(q.y - p.y) * sign;
      double ny = (q.x - p.x) * sign;

      clip_poly (a, nx, ny, nx * p.x + ny * p.y);
    }
}

static void region_polys (const MusterRegion *region,
                          const MusterBox    *box,
                          GArray             *out);

static void
box_poly (Poly            *poly,
          const MusterBox *box)
{
  poly->n = 4;
  poly->p[0] = (MusterPoint) { box->x0, box->y0 };
  poly->p[1] = (MusterPoint) { box->x1, box->y0 };
  poly->p[2] = (MusterPoint) { box->x1, box->y1 };
  poly->p[3] = (MusterPoint) { box->x0, box->y1 };
}

static GArray *
intersect_polys (GArray *a,
                 GArray *b)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Poly));

  for (guint i = 0; i < a->len; i++)
    for (guint j = 0; j < b->len; j++)
      {
        Poly piece = g_array_index (a, Poly, i);

        clip_by_convex (&piece, &g_array_index (b, Poly, j));
        add_poly (out, &piece);
      }

  return out;
}

/* a − b: each convex piece of a, less each convex piece of b, splits into
 * the disjoint parts outside one edge of b and inside the edges before. */
static GArray *
subtract_polys (GArray *a,
                GArray *b)
{
  GArray *current = g_array_ref (a);

  for (guint j = 0; j < b->len; j++)
    {
      const Poly *cut = &g_array_index (b, Poly, j);
      double sign = poly_area (cut) > 0 ? 1 : -1;
      GArray *next = g_array_new (FALSE, FALSE, sizeof (Poly));

      for (guint i = 0; i < current->len; i++)
        {
          Poly rest = g_array_index (current, Poly, i);

          for (guint e = 0; e < cut->n && rest.n > 0; e++)
            {
              MusterPoint p = cut->p[e];
              MusterPoint q = cut->p[(e + 1) % cut->n];
              double nx = -(q.y - p.y) * sign;
              double ny = (q.x - p.x) * sign;
              double c = nx * p.x + ny * p.y;
              Poly outside = rest;

              clip_poly (&outside, -nx, -ny, -c);
              add_poly (next, &outside);
              clip_poly (&rest, nx, ny, c);
            }
        }

      g_array_unref (current);
      current = next;
    }

  return current;
}

static GArray *
region_polys_new (const MusterRegion *region,
                  const MusterBox    *box)
{
  GArray *polys = g_array_new (FALSE, FALSE, sizeof (Poly));

  region_polys (region, box, polys);

  return polys;
}

static void
region_polys (const MusterRegion *region,
              const MusterBox    *box,
              GArray             *out)
{
  Poly poly = { 0 };

  switch (region->kind)
    {
    case MUSTER_REGION_BOARD:
    case MUSTER_REGION_HALF_PLANE:
      box_poly (&poly, box);
      if (region->kind == MUSTER_REGION_HALF_PLANE)
        clip_poly (&poly, region->nx, region->ny, region->c);
      else
        clip_by_convex (&poly, &(Poly) { 4, { { region->outline.bounds.x0, region->outline.bounds.y0 },
                                              { region->outline.bounds.x1, region->outline.bounds.y0 },
                                              { region->outline.bounds.x1, region->outline.bounds.y1 },
                                              { region->outline.bounds.x0, region->outline.bounds.y1 } } });
      add_poly (out, &poly);
      break;

    case MUSTER_REGION_CIRCLE:
      {
        const MusterOutline *o = &region->outline;

        poly.n = 128;
        for (guint i = 0; i < poly.n; i++)
          poly.p[i] = (MusterPoint) { o->centre.x + o->radius * cos (2 * G_PI * i / poly.n),
                                      o->centre.y + o->radius * sin (2 * G_PI * i / poly.n) };
        add_poly (out, &poly);
      }
      break;

    case MUSTER_REGION_POLYGON:
      {
        const MusterOutline *o = &region->outline;

        if (o->convex || o->parts == NULL)
          {
            poly.n = MIN (o->n_points, MAX_POLY);
            for (guint i = 0; i < poly.n; i++)
              poly.p[i] = o->points[i];
            add_poly (out, &poly);
          }
        else
          for (guint t = 0; t < o->n_parts; t++)
            {
              poly.n = 3;
              for (guint i = 0; i < 3; i++)
                poly.p[i] = o->points[o->parts[3 * t + i]];
              add_poly (out, &poly);
            }
      }
      break;

    case MUSTER_REGION_UNION:
      for (guint i = 0; i < region->children->len; i++)
        region_polys (g_ptr_array_index (region->children, i), box, out);
      break;

    case MUSTER_REGION_INTERSECTION:
    case MUSTER_REGION_DIFFERENCE:
      {
        GArray *acc;

        if (region->children->len == 0)
          break;

        acc = region_polys_new (g_ptr_array_index (region->children, 0), box);
        for (guint i = 1; i < region->children->len; i++)
          {
            GArray *other = region_polys_new (g_ptr_array_index (region->children, i), box);
            GArray *next = region->kind == MUSTER_REGION_INTERSECTION
                           ? intersect_polys (acc, other) : subtract_polys (acc, other);

            g_array_unref (other);
            g_array_unref (acc);
            acc = next;
          }
        g_array_append_vals (out, acc->data, acc->len);
        g_array_unref (acc);
      }
      break;

    case MUSTER_REGION_IF_WITHIN:
      {
        /* Where a point could stand: (condition ∩ then) ∪ (otherwise − condition). */
        GArray *condition = region_polys_new (g_ptr_array_index (region->children, 0), box);
        GArray *then_polys = region_polys_new (g_ptr_array_index (region->children, 1), box);
        GArray *otherwise = region_polys_new (g_ptr_array_index (region->children, 2), box);
        GArray *a = intersect_polys (condition, then_polys);
        GArray *b = subtract_polys (otherwise, condition);

        g_array_append_vals (out, a->data, a->len);
        g_array_append_vals (out, b->data, b->len);
        g_array_unref (a);
        g_array_unref (b);
        g_array_unref (condition);
        g_array_unref (then_polys);
      }
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
path_region (cairo_t            *cr,
             const MusterRegion *region,
             const MusterBox    *box)
{
  g_autoptr(GArray) polys = region_polys_new (region, box);

  cairo_new_path (cr);
  for (guint i = 0; i < polys->len; i++)
    {
      const Poly *poly = &g_array_index (polys, Poly, i);

      cairo_move_to (cr, poly->p[0].x, poly->p[0].y);
      for (guint j = 1; j < poly->n; j++)
        cairo_line_to (cr, poly->p[j].x, poly->p[j].y);
      cairo_close_path (cr);
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

#define TEXT_FONT "Cantarell, Sans"

static void
text_begin (MusterScene *self,
            cairo_t     *cr)
{
  self->text = pango_cairo_create_layout (cr);
  self->text_font = pango_font_description_from_string (TEXT_FONT);
  self->text_size = -1;
  self->text_bold = FALSE;
  pango_layout_set_alignment (self->text, PANGO_ALIGN_CENTER);
}

static void
text_end (MusterScene *self)
{
  g_clear_object (&self->text);
  g_clear_pointer (&self->text_font, pango_font_description_free);
}

/* A layout of text in the font of Muster's drawings, laid out for cr's
 * current transformation. Within a render, the scene's one layout, set
 * up again (pango_cairo_update_layout() makes it what a new layout of cr
 * would be); outside, a new one. */
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
      PangoFontDescription *desc = pango_font_description_from_string (TEXT_FONT);

      layout = pango_cairo_create_layout (cr);
      pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
      if (bold)
        pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
      pango_layout_set_font_description (layout, desc);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      pango_layout_set_text (layout, text, -1);
      pango_font_description_free (desc);

      return layout;
    }

  layout = self->text;
  pango_cairo_update_layout (cr, layout);
  if (size != self->text_size || bold != self->text_bold)
    {
      pango_font_description_set_absolute_size (self->text_font, size * PANGO_SCALE);
      pango_font_description_set_weight (self->text_font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
      pango_layout_set_font_description (layout, self->text_font);
      self->text_size = size;
      self->text_bold = bold;
    }
  /* The same text again (the "!" of every illegal base) keeps its shaping. */
  if (g_strcmp0 (pango_layout_get_text (layout), text) != 0)
    pango_layout_set_text (layout, text, -1);

  return g_object_ref (layout);
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

  pango_layout_get_extents (layout, &ink, &logical);
  cairo_move_to (cr,
                 x - (logical.x + logical.width / 2.0) / PANGO_SCALE,
                 y - (logical.y + logical.height / 2.0) / PANGO_SCALE);
  pango_cairo_show_layout (cr, layout);
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

  /* Every inch, faint; skipped when lines would be closer than 4 px. */
  if (INCH * px >= 4)
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
      path_region (cr, zone->region, &box);
      set_color (cr, color, ZONE_ALPHA);

      if (self->flags & MUSTER_RENDER_PATTERNS)
        {
          /* Hatching in opposite directions per player, so the zones stay
           * apart on a black-and-white printout. */
          cairo_fill_preserve (cr);
          cairo_clip (cr);
          cairo_set_line_width (cr, 0.6);
          for (double t = -height; t < width + height; t += 6)
            {
              if (i % 2 == 0)
                {
                  cairo_move_to (cr, t, 0);
                  cairo_line_to (cr, t + height, height);
                }
              else
                {
                  cairo_move_to (cr, t + height, 0);
                  cairo_line_to (cr, t, height);
                }
            }
          set_color (cr, color, 0.7);
          cairo_stroke (cr);
        }
      else
        cairo_fill (cr);
      cairo_restore (cr);
    }
}

static void
draw_zone_labels (MusterScene *self,
                  cairo_t     *cr,
                  double       px)
{
  double size = MAX (0.8 * INCH, 15.0 / px);

  for (guint i = 0; i < self->zones->len; i++)
    {
      const SceneZone *zone = &g_array_index (self->zones, SceneZone, i);
      MusterColor color = muster_scene_get_player_color (self, i);

      if (zone->region == NULL || zone->label == NULL)
        continue;

      cairo_save (cr);
      {
        g_autoptr(PangoLayout) layout = make_text (self, cr, zone->label, size, TRUE);
        PangoRectangle logical;

        pango_layout_get_extents (layout, NULL, &logical);
        cairo_move_to (cr,
                       zone->label_at.x - (logical.x + logical.width / 2.0) / PANGO_SCALE,
                       zone->label_at.y - (logical.y + logical.height / 2.0) / PANGO_SCALE);
        pango_cairo_layout_path (cr, layout);
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
collect_half_planes (const MusterRegion *region,
                     GPtrArray          *planes)
{
  if (region->kind == MUSTER_REGION_HALF_PLANE && region->offset != 0)
    g_ptr_array_add (planes, (gpointer) region);

  for (guint i = 0; region->children != NULL && i < region->children->len; i++)
    collect_half_planes (g_ptr_array_index (region->children, i), planes);
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

/* A rulebook's dimension: for every boundary of a zone that the zone
 * language measured from a line (the Centre Line, a diagonal, an edge), an
 * arrow from that line to the boundary with the distance, placed where the
 * boundary really is an edge of the zone (so Encircle shows its 9″ in the
 * quarters and its 15″ in the middle, and the W/4 step is marked). */
static void
draw_dimensions (MusterScene *self,
                 cairo_t     *cr,
                 double       width,
                 double       height,
                 double       px)
{
  MusterColor ink = self->dark ? (MusterColor) { 0.95, 0.95, 0.92 } : (MusterColor) { 0.10, 0.09, 0.08 };
  MusterBox box = { 0, 0, width, height };
  double text = MAX (0.45 * INCH, 11.0 / px);
  double head = MAX (0.25 * INCH, 7.0 / px);
  double eps = MAX (0.5, 1.0 / px);

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
          MusterPoint seg[8];
          guint n = muster_region_clip_half_plane (plane, &box, seg);
          MusterPoint a = { 0 }, b = { 0 };
          gboolean found = FALSE, have_a = FALSE;

          /* The boundary line's stretch across the board: the clipped
           * polygon's vertices that lie on it. */
          for (guint j = 0; j < n; j++)
            {
              double d = plane->nx * seg[j].x + plane->ny * seg[j].y - plane->c;

              if (fabs (d) > 1e-6)
                continue;
              if (!have_a)
                {
                  a = seg[j];
                  have_a = TRUE;
                }
              else
                b = seg[j];
            }
          if (!have_a || hypot (b.x - a.x, b.y - a.y) < 1)
            continue;
          if (a.x > b.x + 1e-6 || (fabs (a.x - b.x) < 1e-6 && a.y > b.y))
            {
              MusterPoint t = a;

              a = b;
              b = t;
            }

          /* Try points along the boundary, nearest to 15% of the way
           * first, so both players' arrows line up from a shared line. */
          for (int k = 0; k <= 170 && !found; k++)
            {
              double t = 0.15 + ((k % 2) ? 1 : -1) * ((k + 1) / 2) * 0.0125;
              MusterPoint p, in, out, ref;
              g_autofree char *label = NULL;

              if (t <= 0.02 || t >= 0.98)
                continue;

              p = (MusterPoint) { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };
              in = (MusterPoint) { p.x + plane->nx * eps, p.y + plane->ny * eps };
              out = (MusterPoint) { p.x - plane->nx * eps, p.y - plane->ny * eps };
              ref = (MusterPoint) { p.x - plane->nx * plane->offset, p.y - plane->ny * plane->offset };

              /* Only where this line really is an edge of the zone. */
              if (muster_region_contains_point (zone->region, in) ==
                  muster_region_contains_point (zone->region, out))
                continue;
              if (ref.x < -1 || ref.y < -1 || ref.x > width + 1 || ref.y > height + 1)
                continue;

              found = TRUE;
              label = muster_length_format (fabs (plane->offset), self->units);

              cairo_save (cr);
              set_color (cr, ink, 0.85);
              cairo_set_line_width (cr, MAX (0.3, 1.0 / px));
              cairo_move_to (cr, p.x, p.y);
              cairo_line_to (cr, ref.x, ref.y);
              cairo_stroke (cr);
              {
                double len = fabs (plane->offset);
                double dx = (ref.x - p.x) / len, dy = (ref.y - p.y) / len;

                draw_arrow_head (cr, p, -dx, -dy, head);
                draw_arrow_head (cr, ref, dx, dy, head);
              }
              {
                g_autoptr(PangoLayout) layout = make_text (self, cr, label, text, TRUE);
                PangoRectangle logical;
                double mx = (p.x + ref.x) / 2, my = (p.y + ref.y) / 2;
                double lw, lh;

                pango_layout_get_extents (layout, NULL, &logical);
                lw = logical.width / (double) PANGO_SCALE;
                lh = logical.height / (double) PANGO_SCALE;
                set_color (cr, table_color (self), 0.9);
                cairo_rectangle (cr, mx - lw / 2 - 1, my - lh / 2, lw + 2, lh);
                cairo_fill (cr);
                set_color (cr, ink, 1.0);
                cairo_move_to (cr, mx - lw / 2, my - lh / 2);
                pango_cairo_show_layout (cr, layout);
              }
              cairo_restore (cr);
            }
        }
    }
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
            double       width,
            double       height,
            double       px)
{
  const MusterDeployment *deployment = NULL;
  const char *diagonal = NULL;
  MusterColor ink = self->dark ? (MusterColor) { 0.95, 0.95, 0.90 } : (MusterColor) { 0.15, 0.12, 0.08 };
  double dash[] = { 4.0 / px * 2, 3.0 / px * 2 };
  MusterPoint a, b;

  if (self->system != NULL)
    deployment = muster_system_lookup_deployment (self->system,
                                                  muster_layout_get_deployment_id (self->layout));
  if (deployment != NULL)
    diagonal = muster_deployment_get_option (deployment, muster_layout_get_options (self->layout), "diagonal");

  if (g_strcmp0 (diagonal, "nw-se") == 0)
    {
      a = (MusterPoint) { 0, 0 };
      b = (MusterPoint) { width, height };
    }
  else if (g_strcmp0 (diagonal, "ne-sw") == 0)
    {
      a = (MusterPoint) { width, 0 };
      b = (MusterPoint) { 0, height };
    }
  else
    {
      a = (MusterPoint) { 0, height / 2 };
      b = (MusterPoint) { width, height / 2 };
    }

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (0.5, 1.5 / px));
  set_color (cr, ink, 0.75);
  dashed_line_in_view (self, cr, a, b, dash, MAX (0.5, 1.5 / px));
  cairo_restore (cr);
}

static void
draw_terrain (MusterScene *self,
              cairo_t     *cr,
              double       px)
{
  GPtrArray *terrain = muster_layout_get_terrain (self->layout);

  for (guint i = 0; i < terrain->len; i++)
    {
      const MusterTerrain *t = g_ptr_array_index (terrain, i);
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
      cairo_set_line_width (cr, MAX (0.4, 1.0 / px));
      cairo_set_source_rgba (cr, 0.15, 0.13, 0.10, 0.9);
      cairo_stroke (cr);
    }
}

static void
draw_pieces (MusterScene *self,
             cairo_t     *cr,
             double       px)
{
  GPtrArray *pieces = muster_layout_get_pieces (self->layout);
  GPtrArray *players = muster_layout_get_players (self->layout);
  /* Past a base's outline: its strokes, its badge, and a label that may
   * run past a narrow base (no glyph is wider than its size). */
  double badge = MAX (1.2, 7.0 / px);
  double label_size = MAX (3.0, 10.0 / px);
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

      if (piece->id != NULL && 2 * reach * px > 28)
        reach = MAX (reach, strlen (piece->id) * label_size / 2);
      if (!in_view (self, piece->x, piece->y, piece->x, piece->y, reach + slack))
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
      path_outline (cr, &outline);
      set_color (cr, color, piece->kind == MUSTER_PIECE_MARKER ? 0.55 : 0.85);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, MAX (0.3, 1.2 / px));
      set_color (cr, (MusterColor) { color.r * 0.45, color.g * 0.45, color.b * 0.45 }, 1.0);
      cairo_stroke (cr);

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
          path_outline (cr, &outline);
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

      if (piece->id != NULL && (outline.bounds.x1 - outline.bounds.x0) * px > 28)
        {
          cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
          draw_text_centred (self, cr, piece->id, (outline.bounds.x0 + outline.bounds.x1) / 2,
                             (outline.bounds.y0 + outline.bounds.y1) / 2,
                             MAX (3.0, 10.0 / px), TRUE);
        }

      muster_outline_clear (&outline);
    }
}

static void
draw_ruler (MusterScene *self,
            cairo_t     *cr,
            double       width,
            double       height,
            double       px)
{
  MusterColor ink = self->dark ? (MusterColor) { 0.90, 0.90, 0.88 } : (MusterColor) { 0.20, 0.20, 0.22 };
  double step, major;
  double text = MAX (0.28 * INCH, 10.0 / px);
  double gap = 0.15 * INCH;
  double label_every;

  if (self->units == MUSTER_UNIT_CM)
    {
      step = 10;          /* a tick every centimetre */
      major = 100;        /* a label every 10 cm */
    }
  else
    {
      step = INCH;
      major = 6 * INCH;
    }

  /* Labels no closer than ~40 px. */
  label_every = major;
  while (label_every * px < 40)
    label_every *= 2;

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (0.2, 1.0 / px));
  set_color (cr, ink, 0.8);

  for (int k = 0; k * step <= width + 1e-6; k++)
    {
      double x = k * step;
      double len = fmod (x + 1e-6, major) < 1e-3 ? 0.35 * INCH : 0.15 * INCH;

      if (step * px < 3 && len < 0.3 * INCH)
        continue;
      if (!in_view (self, x, -gap - len, x, -gap, 1.0 / px))
        continue;
      cairo_move_to (cr, x, -gap);
      cairo_line_to (cr, x, -gap - len);
    }
  for (int k = 0; k * step <= height + 1e-6; k++)
    {
      double y = k * step;
      double len = fmod (y + 1e-6, major) < 1e-3 ? 0.35 * INCH : 0.15 * INCH;

      if (step * px < 3 && len < 0.3 * INCH)
        continue;
      if (!in_view (self, -gap - len, y, -gap, y, 1.0 / px))
        continue;
      cairo_move_to (cr, -gap, y);
      cairo_line_to (cr, -gap - len, y);
    }
  cairo_stroke (cr);

  for (int k = 0; k * label_every <= width + 1e-6; k++)
    {
      double x = k * label_every;
      double ly = -gap - 0.35 * INCH - text * 0.75;
      g_autofree char *label = NULL;

      /* A label is a few characters, none wider than the text size. */
      if (!in_view (self, x, ly, x, ly, 4 * text))
        continue;
      label = muster_length_format (x, self->units);
      draw_text_centred (self, cr, label, x, -gap - 0.35 * INCH - text * 0.75, text, FALSE);
    }
  for (int k = 1; k * label_every <= height + 1e-6; k++)
    {
      double y = k * label_every;
      double lx = -gap - 0.35 * INCH - text * 0.75;
      g_autofree char *label = NULL;

      if (!in_view (self, lx, y, lx, y, 4 * text))
        continue;
      label = muster_length_format (y, self->units);
      cairo_save (cr);
      cairo_translate (cr, -gap - 0.35 * INCH - text * 0.75, y);
      cairo_rotate (cr, -G_PI / 2);
      draw_text_centred (self, cr, label, 0, 0, text, FALSE);
      cairo_restore (cr);
    }
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
  table = table_color (self);

  cairo_save (cr);

  /* What is in view, for culling (in_view()), and the text of the render. */
  {
    double x0, y0, x1, y1;

    cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
    self->view = (MusterBox) { x0, y0, x1, y1 };
  }
  text_begin (self, cr);

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
      draw_lines (self, cr, width, height, px_per_mm);
      if (self->flags & MUSTER_RENDER_DIMENSIONS)
        draw_dimensions (self, cr, width, height, px_per_mm);
    }
  if (self->flags & MUSTER_RENDER_TERRAIN)
    draw_terrain (self, cr, px_per_mm);
  if (self->flags & MUSTER_RENDER_PIECES)
    draw_pieces (self, cr, px_per_mm);
  /* Last, so terrain and pieces never hide whose zone it is. */
  if ((self->flags & MUSTER_RENDER_ZONES) && (self->flags & MUSTER_RENDER_LABELS))
    draw_zone_labels (self, cr, px_per_mm);
  cairo_restore (cr);

  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_line_width (cr, MAX (0.5, 1.5 / px_per_mm));
  set_color (cr, self->dark ? (MusterColor) { 0.7, 0.7, 0.65 } : (MusterColor) { 0.25, 0.22, 0.18 }, 1.0);
  cairo_stroke (cr);

  if (self->flags & MUSTER_RENDER_RULER)
    draw_ruler (self, cr, width, height, px_per_mm);

  text_end (self);
  cairo_restore (cr);
}

void
muster_scene_render_fit (MusterScene *self,
                         cairo_t     *cr,
                         double       width,
                         double       height)
{
  double margin, bw, bh, scale;

  g_return_if_fail (self != NULL);

  margin = muster_scene_get_margin (self);
  bw = muster_layout_get_width (self->layout) + 2 * margin;
  bh = muster_layout_get_height (self->layout) + 2 * margin;
  scale = MIN (width / bw, height / bh);

  cairo_save (cr);
  cairo_translate (cr, (width - bw * scale) / 2 + margin * scale,
                   (height - bh * scale) / 2 + margin * scale);
  cairo_scale (cr, scale, scale);
  muster_scene_render (self, cr, scale);
  cairo_restore (cr);
}
