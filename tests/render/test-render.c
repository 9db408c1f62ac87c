/* test-render.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-render.h"
#include "muster-validate.h"
#include "muster-sheets.h"
#include "scene-helpers.h"

#define INCH MUSTER_MM_PER_INCH
#define PX_PER_MM 2.0

typedef struct
{
  MusterLayout    *layout;
  MusterSystem    *system;
  MusterScene     *scene;
  cairo_surface_t *surface;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const char *deployment = data;
  cairo_t *cr;

  f->system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_assert_nonnull (f->system);
  f->layout = muster_layout_new ("t9a", deployment, 72 * INCH, 48 * INCH);
  muster_layout_update_player (f->layout, "red", "south", "attacker", "west");
  muster_layout_update_player (f->layout, "blue", "north", "defender", "east");
  f->scene = muster_scene_new (f->layout, f->system, NULL);
  muster_scene_set_flags (f->scene, MUSTER_RENDER_ZONES | MUSTER_RENDER_GRID);

  f->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                           (int) ceil (72 * INCH * PX_PER_MM),
                                           (int) ceil (48 * INCH * PX_PER_MM));
  cr = cairo_create (f->surface);
  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  muster_scene_render (f->scene, cr, PX_PER_MM);
  cairo_destroy (cr);
  cairo_surface_flush (f->surface);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  cairo_surface_destroy (f->surface);
  muster_scene_unref (f->scene);
  g_assert_finalize_object (f->layout);
}

/* The colour of the pixel under a board point given in inches. */
static MusterColor
pixel_at (Fixture *f,
          double   x_in,
          double   y_in)
{
  int px = (int) (x_in * INCH * PX_PER_MM);
  int py = (int) (y_in * INCH * PX_PER_MM);
  const guint8 *row = cairo_image_surface_get_data (f->surface) +
                      py * cairo_image_surface_get_stride (f->surface);
  guint32 pixel = ((const guint32 *) row)[px];

  return (MusterColor) {
    ((pixel >> 16) & 0xff) / 255.0,
    ((pixel >> 8) & 0xff) / 255.0,
    (pixel & 0xff) / 255.0,
  };
}

static gboolean
color_near (MusterColor a,
            MusterColor b)
{
  return fabs (a.r - b.r) < 0.02 && fabs (a.g - b.g) < 0.02 && fabs (a.b - b.b) < 0.02;
}

static void
test_zone_pixels (Fixture       *f,
                  gconstpointer  data)
{
  GPtrArray *players = muster_layout_get_players (f->layout);
  /* Red (index 0) deploys south, blue (index 1) north. */
  MusterColor red_zone = muster_scene_get_zone_color (f->scene, 0);
  MusterColor blue_zone = muster_scene_get_zone_color (f->scene, 1);

  g_assert_cmpuint (players->len, ==, 2);
  g_assert_false (color_near (red_zone, blue_zone));

  /* Well inside each zone, off the grid lines. */
  g_assert_true (color_near (pixel_at (f, 36.5, 44.5), red_zone));
  g_assert_true (color_near (pixel_at (f, 10.5, 3.5), blue_zone));
  /* Inside the zones up to their edge, 12.1" from the Centre Line. */
  g_assert_true (color_near (pixel_at (f, 30.5, 36.2), red_zone));
  g_assert_true (color_near (pixel_at (f, 30.5, 11.8), blue_zone));

  /* The 24" band around the Centre Line belongs to nobody. */
  for (double y = 12.5; y < 36; y += 1.0)
    {
      MusterColor c = pixel_at (f, 40.5, y);

      g_assert_false (color_near (c, red_zone));
      g_assert_false (color_near (c, blue_zone));
    }
}

/* Each pixel is coloured exactly where the core says the zone is. */
static void
test_pixels_follow_core (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(MusterRegion) south = NULL;
  g_autoptr(GError) error = NULL;
  const MusterDeployment *deployment;
  MusterColor red_zone = muster_scene_get_zone_color (f->scene, 0);
  guint checked = 0;

  deployment = muster_system_lookup_deployment (f->system, muster_layout_get_deployment_id (f->layout));
  south = muster_system_resolve_zone (f->system, deployment, "south",
                                      72 * INCH, 48 * INCH, NULL, "attacker", "west", &error);
  g_assert_no_error (error);

  for (double y = 0.25; y < 48; y += 0.5)
    for (double x = 0.25; x < 72; x += 2.5)
      {
        MusterPoint p = { x * INCH, y * INCH };
        gboolean inside = muster_region_contains_point (south, p);
        gboolean on_edge = FALSE;

        /* Skip pixels on an antialiased zone edge. */
        for (int dx = -1; dx <= 1; dx++)
          for (int dy = -1; dy <= 1; dy++)
            {
              MusterPoint q = { p.x + dx * 1.0, p.y + dy * 1.0 };

              if (muster_region_contains_point (south, q) != inside)
                on_edge = TRUE;
            }
        if (on_edge)
          continue;

        g_assert_cmpint (inside, ==, color_near (pixel_at (f, x, y), red_zone));
        checked++;
      }

  g_assert_cmpuint (checked, >, 1000);
}

/* A scene of a bare diagram of system/deployment as exports draw it (the
 * players in their default places), on the default board or that board
 * turned a quarter (portrait). */
static MusterScene *
bare_scene_on (const char    *system_id,
               const char    *deployment_id,
               gboolean       portrait,
               MusterLayout **layout_out)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), system_id);
  const MusterDeployment *deployment;
  const MusterBoardPreset *board;
  GPtrArray *players;
  MusterLayout *layout;
  MusterScene *scene;
  const char *taken = NULL;
  double width, height;

  g_assert_nonnull (system);
  deployment = muster_system_lookup_deployment (system, deployment_id);
  g_assert_nonnull (deployment);
  board = muster_system_get_default_board (system);
  width = portrait ? board->height : board->width;
  height = portrait ? board->width : board->height;
  layout = muster_layout_new (system_id, deployment_id, width, height);
  players = muster_layout_get_players (layout);
  for (guint i = 0; i < players->len && i < 2; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      MusterPlace place;

      muster_system_get_default_place (system, deployment, NULL, width, height, i, NULL, taken, &place);
      muster_layout_update_player (layout, player->id, place.zone, place.role, place.short_edge);
      taken = place.zone;
    }

  scene = muster_scene_new (layout, system, NULL);
  muster_scene_set_flags (scene, MUSTER_RENDER_ALL);
  muster_scene_set_generic (scene, TRUE);
  *layout_out = layout;

  return scene;
}

static MusterScene *
bare_scene (const char    *system_id,
            const char    *deployment_id,
            MusterLayout **layout_out)
{
  return bare_scene_on (system_id, deployment_id, FALSE, layout_out);
}

static void
render_page (MusterScene *scene)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 842, 595);
  cairo_t *cr = cairo_create (surface);

  muster_sheets_draw_fit (scene, cr, 842, 595);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static gboolean
near_point (MusterPoint a,
            MusterPoint b)
{
  return hypot (a.x - b.x, a.y - b.y) < 0.5;
}

static double
cross3 (MusterPoint o,
        MusterPoint a,
        MusterPoint b)
{
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* Whether segments ab and cd share a point other than a common end. */
static gboolean
arrows_cross (MusterPoint a,
              MusterPoint b,
              MusterPoint c,
              MusterPoint d)
{
  double d1 = cross3 (c, d, a), d2 = cross3 (c, d, b);
  double d3 = cross3 (a, b, c), d4 = cross3 (a, b, d);

  if (near_point (a, c) || near_point (a, d) || near_point (b, c) || near_point (b, d))
    return FALSE;

  return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

static gboolean
box_hits_segment (const MusterBox *box,
                  MusterPoint      a,
                  MusterPoint      b)
{
  /* Sampled finely enough for boxes a few millimetres across. */
  for (int k = 0; k <= 400; k++)
    {
      double x = a.x + (b.x - a.x) * k / 400.0;
      double y = a.y + (b.y - a.y) * k / 400.0;

      if (x > box->x0 && x < box->x1 && y > box->y0 && y < box->y1)
        return TRUE;
    }

  return FALSE;
}

typedef struct
{
  const char *system;
  const char *deployment;
  /* Per zone, the distances (inches) shown, and where they are measured
   * from: 'c' the Centre Line, 'd' the diagonal, 'e' a table edge. */
  const char *expect[2];
  /* The default board turned a quarter: the Centre Line is x = W/2. */
  gboolean    portrait;
} DimensionCase;

static const DimensionCase dimension_cases[] = {
  { "t9a", "frontline-clash", { "12c", "12c" }, FALSE },
  { "t9a", "dawn-assault", { "12c 18e", "12c 18e" }, FALSE },
  { "t9a", "counterthrust", { "8c", "8c" }, FALSE },
  { "t9a", "encircle", { "9c 15c 18e", "9c 15c 18e" }, FALSE },
  { "t9a", "refused-flank", { "9d", "9d" }, FALSE },
  { "t9a", "marching-columns", { "12c", "12c" }, FALSE },
  { "infinity", "standard", { "12e", "12e" }, FALSE },
  { "t9a", "frontline-clash", { "12c", "12c" }, TRUE },
  { "t9a", "dawn-assault", { "12c 18e", "12c 18e" }, TRUE },
  { "t9a", "encircle", { "9c 15c 18e", "9c 15c 18e" }, TRUE },
  { "t9a", "refused-flank", { "9d", "9d" }, TRUE },
  { "infinity", "standard", { "12e", "12e" }, TRUE },
};

/* The rulebook's annotations are all there, each measured from the right
 * line to the zone's real edge, and none crosses another or hides a
 * label. */
static void
test_dimensions (gconstpointer data)
{
  const DimensionCase *c = data;
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = bare_scene_on (c->system, c->deployment, c->portrait, &layout);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), c->system);
  const MusterDeployment *deployment = muster_system_lookup_deployment (system, c->deployment);
  double w = muster_layout_get_width (layout), h = muster_layout_get_height (layout);
  GPtrArray *players = muster_layout_get_players (layout);
  GArray *dims;

  render_page (scene);
  dims = muster_scene_get_dimensions (scene);
  g_assert_cmpuint (dims->len, >, 0);

  for (guint z = 0; z < 2; z++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, z);
      g_autoptr(MusterRegion) zone = NULL;
      g_auto(GStrv) wanted = g_strsplit (c->expect[z], " ", -1);

      zone = muster_system_resolve_zone (system, deployment, player->zone, w, h, NULL,
                                         player->role, player->short_edge, NULL);
      g_assert_nonnull (zone);

      for (guint k = 0; wanted[k] != NULL; k++)
        {
          double inches = g_ascii_strtod (wanted[k], NULL);
          char from = wanted[k][strlen (wanted[k]) - 1];
          gboolean found = FALSE;

          for (guint i = 0; i < dims->len; i++)
            {
              const MusterDimension *d = &g_array_index (dims, MusterDimension, i);
              gboolean on_line;

              if (d->zone != z || fabs (d->length - inches * INCH) > 1e-6)
                continue;

              switch (from)
                {
                case 'c':
                  on_line = c->portrait ? fabs (d->to.x - w / 2) < 1e-6 : fabs (d->to.y - h / 2) < 1e-6;
                  break;
                case 'd':
                  /* On the diagonal the zones are measured from. */
                  on_line = fabs (d->to.x / w - d->to.y / h) < 1e-6 ||
                            fabs (d->to.x / w + d->to.y / h - 1) < 1e-6;
                  break;
                default:
                  on_line = fabs (d->to.x) < 1e-6 || fabs (d->to.x - w) < 1e-6 ||
                            fabs (d->to.y) < 1e-6 || fabs (d->to.y - h) < 1e-6;
                  break;
                }
              found = found || on_line;
            }
          if (!found)
            g_error ("%s/%s: zone %u shows no %s", c->system, c->deployment, z, wanted[k]);
        }

      /* Each arrow of the zone starts on its edge and is as long as it says. */
      for (guint i = 0; i < dims->len; i++)
        {
          const MusterDimension *d = &g_array_index (dims, MusterDimension, i);
          double ux, uy;
          MusterPoint before, after;

          if (d->zone != z)
            continue;
          g_assert_cmpfloat_with_epsilon (hypot (d->to.x - d->from.x, d->to.y - d->from.y), d->length, 1e-6);
          ux = (d->to.x - d->from.x) / d->length;
          uy = (d->to.y - d->from.y) / d->length;
          before = (MusterPoint) { d->from.x - ux, d->from.y - uy };
          after = (MusterPoint) { d->from.x + ux, d->from.y + uy };
          /* On the edge: the zone on one side only (the arrow runs across
           * the gap "more than" a distance, through the zone "within"). */
          g_assert_true (muster_region_contains_point (zone, before) != muster_region_contains_point (zone, after));
          g_assert_cmpfloat (d->label.x0, >=, 0);
          g_assert_cmpfloat (d->label.y0, >=, 0);
          g_assert_cmpfloat (d->label.x1, <=, w);
          g_assert_cmpfloat (d->label.y1, <=, h);
        }
    }

  /* No arrow runs along (or close beside) an edge of either zone. */
  for (guint i = 0; i < dims->len; i++)
    {
      const MusterDimension *d = &g_array_index (dims, MusterDimension, i);
      double ux = (d->to.x - d->from.x) / d->length;
      double uy = (d->to.y - d->from.y) / d->length;

      for (guint z = 0; z < 2; z++)
        {
          const MusterPlayer *player = g_ptr_array_index (players, z);
          g_autoptr(MusterRegion) zone = muster_system_resolve_zone (system, deployment, player->zone, w, h, NULL,
                                                                     player->role, player->short_edge, NULL);

          for (int k = 1; k < 20; k++)
            {
              MusterPoint q = { d->from.x + ux * d->length * k / 20, d->from.y + uy * d->length * k / 20 };
              /* 5 mm either side: 2 points on this page, where the
               * arrow would lie on the edge's line. */
              MusterPoint left = { q.x - uy * 5, q.y + ux * 5 };
              MusterPoint right = { q.x + uy * 5, q.y - ux * 5 };

              g_assert_true (muster_region_contains_point (zone, left) == muster_region_contains_point (zone, right));
            }
        }
    }

  for (guint i = 0; i < dims->len; i++)
    for (guint j = 0; j < dims->len; j++)
      {
        const MusterDimension *a = &g_array_index (dims, MusterDimension, i);
        const MusterDimension *b = &g_array_index (dims, MusterDimension, j);

        if (i == j)
          continue;
        g_assert_false (arrows_cross (a->from, a->to, b->from, b->to));
        g_assert_false (box_hits_segment (&a->label, b->from, b->to));
        g_assert_false (a->label.x0 < b->label.x1 && b->label.x0 < a->label.x1 &&
                        a->label.y0 < b->label.y1 && b->label.y0 < a->label.y1);
      }

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

/* Zones are named by role where the type has roles, by player otherwise;
 * the line they are measured from is named in the legend. */
static void
test_zone_names (void)
{
  struct {
    const char *system, *deployment;
    gboolean generic;
    const char *labels[2];
    const char *line;
  } cases[] = {
    { "t9a", "encircle", TRUE, { "Attacker — South", "Defender — North" }, "Centre Line" },
    { "t9a", "encircle", FALSE, { "Red (Attacker) — South", "Blue (Defender) — North" }, "Centre Line" },
    { "t9a", "frontline-clash", TRUE, { "Red — South", "Blue — North" }, "Centre Line" },
    { "t9a", "refused-flank", TRUE, { "Red — South-west", "Blue — North-east" }, "Diagonal" },
    { "infinity", "standard", TRUE, { "Red — South", "Blue — North" }, NULL },
    { "ti4", "none", TRUE, { NULL, NULL }, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterLayout *layout = NULL;
      MusterScene *scene = bare_scene (cases[i].system, cases[i].deployment, &layout);

      muster_scene_set_generic (scene, cases[i].generic);
      g_assert_cmpuint (muster_scene_get_n_zones (scene), ==, 2);
      g_assert_cmpstr (muster_scene_get_zone_label (scene, 0), ==, cases[i].labels[0]);
      g_assert_cmpstr (muster_scene_get_zone_label (scene, 1), ==, cases[i].labels[1]);
      g_assert_cmpstr (muster_scene_get_line_name (scene), ==, cases[i].line);
      muster_scene_unref (scene);
      g_assert_finalize_object (layout);
    }
}

/* sRGB (0–1) to CIE L*a*b*. */
static void
to_lab (const double rgb[3],
        double       lab[3])
{
  double lin[3], xyz[3], f[3];
  const double white[3] = { 0.95047, 1.0, 1.08883 };

  for (int i = 0; i < 3; i++)
    lin[i] = rgb[i] <= 0.04045 ? rgb[i] / 12.92 : pow ((rgb[i] + 0.055) / 1.055, 2.4);
  xyz[0] = 0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2];
  xyz[1] = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  xyz[2] = 0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2];
  for (int i = 0; i < 3; i++)
    {
      double t = xyz[i] / white[i];

      f[i] = t > 0.008856 ? cbrt (t) : 7.787 * t + 16.0 / 116;
    }
  lab[0] = 116 * f[1] - 16;
  lab[1] = 500 * (f[0] - f[1]);
  lab[2] = 200 * (f[1] - f[2]);
}

/* A colour as seen with a colour vision deficiency (Machado, Oliveira and
 * Fernandes 2009, severity 1, on linear RGB); kind 3 is greyscale. */
static void
simulate (MusterColor c,
          int         kind,
          double      out[3])
{
  static const double m[3][9] = {
    /* protanopia */
    { 0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998 },
    /* deuteranopia */
    { 0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.011820, 0.042940, 0.968881 },
    /* tritanopia */
    { 1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.303900 },
  };
  double rgb[3] = { c.r, c.g, c.b }, lin[3];

  for (int i = 0; i < 3; i++)
    lin[i] = rgb[i] <= 0.04045 ? rgb[i] / 12.92 : pow ((rgb[i] + 0.055) / 1.055, 2.4);

  for (int i = 0; i < 3; i++)
    {
      double v;

      if (kind == 3)
        v = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
      else
        v = m[kind][3 * i] * lin[0] + m[kind][3 * i + 1] * lin[1] + m[kind][3 * i + 2] * lin[2];
      v = CLAMP (v, 0, 1);
      out[i] = v <= 0.0031308 ? 12.92 * v : 1.055 * pow (v, 1 / 2.4) - 0.055;
    }
}

static double
delta_e (const double a[3],
         const double b[3])
{
  double la[3], lb[3];

  to_lab (a, la);
  to_lab (b, lb);

  return sqrt ((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
               (la[2] - lb[2]) * (la[2] - lb[2]));
}

/* The two players' colours, and their zones' tints over the table, stay
 * apart with each common colour vision deficiency. */
static void
test_colour_blind_safe (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = bare_scene ("t9a", "frontline-clash", &layout);

  for (int kind = 0; kind < 3; kind++)
    {
      double a[3], b[3];

      simulate (muster_scene_get_player_color (scene, 0), kind, a);
      simulate (muster_scene_get_player_color (scene, 1), kind, b);
      g_assert_cmpfloat (delta_e (a, b), >, 30);
      simulate (muster_scene_get_zone_color (scene, 0), kind, a);
      simulate (muster_scene_get_zone_color (scene, 1), kind, b);
      g_assert_cmpfloat (delta_e (a, b), >, 10);
    }

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

/* In greyscale the zones differ by their hatching: the first zone's lines
 * run "\" (a pixel matches its neighbour down and to the right), the
 * second's "/" (down and to the left). */
static void
test_hatching_survives_greyscale (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = bare_scene ("t9a", "frontline-clash", &layout);
  const double px = 2.0;
  cairo_surface_t *surface;
  cairo_t *cr;
  double diff[2][2] = { { 0 } };

  muster_scene_set_flags (scene, MUSTER_RENDER_ZONES | MUSTER_RENDER_PATTERNS);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (72 * INCH * px), (int) (48 * INCH * px));
  cr = cairo_create (surface);
  cairo_scale (cr, px, px);
  muster_scene_render (scene, cr, px);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* Red is south (rows near the bottom), blue north. */
  for (int zone = 0; zone < 2; zone++)
    {
      int y0 = (int) ((zone == 0 ? 40 : 2) * INCH * px);
      const guint8 *data = cairo_image_surface_get_data (surface);
      int stride = cairo_image_surface_get_stride (surface);

      for (int y = y0; y < y0 + 200; y++)
        for (int x = 400; x < 1400; x++)
          {
            double g[3];
            const int dx[3] = { 0, 3, -3 };

            for (int k = 0; k < 3; k++)
              {
                guint32 p = ((const guint32 *) (data + (y + (k ? 3 : 0)) * stride))[x + dx[k]];

                g[k] = 0.2126 * ((p >> 16) & 0xff) + 0.7152 * ((p >> 8) & 0xff) + 0.0722 * (p & 0xff);
              }
            diff[zone][0] += fabs (g[0] - g[1]);   /* along "\" */
            diff[zone][1] += fabs (g[0] - g[2]);   /* along "/" */
          }
    }
  cairo_surface_destroy (surface);

  g_assert_cmpfloat (diff[0][0] * 3, <, diff[0][1]);
  g_assert_cmpfloat (diff[1][1] * 3, <, diff[1][0]);

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

/* True-scale sheets. */

#define A4_W 595.276
#define A4_H 841.890
#define LETTER_W 612.0
#define LETTER_H 792.0

/* Sheets for a 72" × 48" table and for a 48" × 48" one, on A4 and Letter,
 * each the way round that needs fewer: 10 mm margins and 10 mm overlaps
 * leave 756.8 × 510.2 pt a step on A4 and 707.0 × 527.0 on Letter; the
 * tables with their ¼" edge are 5220 × 3492 and 3492 × 3492 pt. */
static void
test_sheets_plan (void)
{
  struct {
    const char *system, *deployment;
    double paper_w, paper_h;
    guint columns, rows;
    gboolean turned;
  } cases[] = {
    { "t9a", "frontline-clash", A4_W, A4_H, 7, 7, TRUE },            /* 55 upright */
    { "t9a", "frontline-clash", LETTER_W, LETTER_H, 10, 5, FALSE },  /* 56 turned */
    { "infinity", "standard", A4_W, A4_H, 7, 5, FALSE },
    { "infinity", "standard", LETTER_W, LETTER_H, 7, 5, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterLayout *layout = NULL;
      MusterScene *scene = bare_scene (cases[i].system, cases[i].deployment, &layout);
      MusterSheets sheets;
      gboolean turned = muster_sheets_plan_best (&sheets, scene, cases[i].paper_w, cases[i].paper_h);
      double step_x = sheets.page_width - 2 * sheets.margin - sheets.overlap;
      double step_y = sheets.page_height - 2 * sheets.margin - sheets.overlap;

      g_assert_cmpint (turned, ==, cases[i].turned);
      g_assert_cmpfloat (sheets.page_width, ==, turned ? cases[i].paper_h : cases[i].paper_w);
      g_assert_cmpfloat (sheets.page_height, ==, turned ? cases[i].paper_w : cases[i].paper_h);
      g_assert_cmpuint (sheets.columns, ==, cases[i].columns);
      g_assert_cmpuint (sheets.rows, ==, cases[i].rows);
      g_assert_cmpuint (muster_sheets_count (&sheets), ==, cases[i].columns * cases[i].rows);
      /* The tiles cover the table, with no sheet to spare. */
      g_assert_cmpfloat (sheets.offset_x, >=, 0);
      g_assert_cmpfloat (sheets.offset_x, <, step_x / 2);
      g_assert_cmpfloat (sheets.offset_y, >=, 0);
      g_assert_cmpfloat (sheets.offset_y, <, step_y / 2);
      /* The ruler stays on the screen's scene. */
      g_assert_true (muster_scene_get_flags (scene) & MUSTER_RENDER_RULER);

      muster_scene_unref (scene);
      g_assert_finalize_object (layout);
    }

  /* A 72" × 48" table at 1:1 on A4 takes more than a dozen sheets. */
  {
    MusterLayout *layout = NULL;
    MusterScene *scene = bare_scene ("t9a", "encircle", &layout);
    MusterSheets sheets;

    muster_sheets_plan (&sheets, scene, A4_W, A4_H);
    g_assert_cmpuint (muster_sheets_count (&sheets), ==, 55);
    g_assert_cmpuint (muster_sheets_count (&sheets), >, 12);
    muster_scene_unref (scene);
    g_assert_finalize_object (layout);
  }
}

static void
test_sheets_labels (void)
{
  MusterSheets sheets = { .columns = 30, .rows = 3 };
  struct { guint index; const char *label; } cases[] = {
    { 0, "A1" }, { 1, "B1" }, { 25, "Z1" }, { 26, "AA1" }, { 29, "AD1" }, { 30, "A2" }, { 89, "AD3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *label = muster_sheets_dup_label (&sheets, cases[i].index);

      g_assert_cmpstr (label, ==, cases[i].label);
    }

  /* The first sheet tells how to join them; it has no cut lines, so it
   * is the one kept whole. */
  g_assert_true (g_str_has_prefix (muster_sheets_get_howto (&sheets, 0), "Keep this sheet whole."));
  g_assert_null (muster_sheets_get_howto (&sheets, 1));
}

#define SHEET_PX_PER_PT 4.0

static cairo_surface_t *
render_sheet (const MusterSheets *sheets,
              MusterScene        *scene,
              guint               index)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                         (int) ceil (sheets->page_width * SHEET_PX_PER_PT),
                                                         (int) ceil (sheets->page_height * SHEET_PX_PER_PT));
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, SHEET_PX_PER_PT, SHEET_PX_PER_PT);
  muster_sheets_draw (sheets, scene, cr, index);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

static MusterColor
surface_pixel (cairo_surface_t *surface,
               int              x,
               int              y)
{
  const guint8 *row = cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface);
  guint32 pixel = ((const guint32 *) row)[x];

  return (MusterColor) { ((pixel >> 16) & 0xff) / 255.0, ((pixel >> 8) & 0xff) / 255.0, (pixel & 0xff) / 255.0 };
}

typedef enum { FEATURE_OUTLINE, FEATURE_BLUE_END, FEATURE_RED_START } Feature;

/* Where, along a line across one column (or row) of sheets, the table's
 * outline is drawn and the blue zone ends and the red one starts: in
 * points from the tiles' origin (each sheet's printable corner lies at
 * column × step, row × step of it). */
static GArray *
find_features (const MusterSheets *sheets,
               MusterScene        *scene,
               gboolean            down,
               guint               line,
               Feature             feature)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (double));
  double step_x = sheets->page_width - 2 * sheets->margin - sheets->overlap;
  double step_y = sheets->page_height - 2 * sheets->margin - sheets->overlap;
  double step = down ? step_y : step_x;
  guint n = down ? sheets->rows : sheets->columns;
  /* Across the sheet, 0.4 of the way: clear of the registration marks
   * (a quarter and three quarters), the neighbours' labels (half way)
   * and the sheet's badge. */
  double across = sheets->margin + sheets->overlap + ((down ? step_x : step_y) - sheets->overlap) * 0.4;
  /* Carried from sheet to sheet: a zone goes on over the seam. */
  gboolean was = FALSE;

  for (guint k = 0; k < n; k++)
    {
      guint index = down ? k * sheets->columns + line : line * sheets->columns + k;
      cairo_surface_t *surface = render_sheet (sheets, scene, index);
      /* The sheet's own part, clear of the lines at its ends. */
      int from = (int) ((sheets->margin + 3) * SHEET_PX_PER_PT);
      int to = (int) ((sheets->margin + step - 3) * SHEET_PX_PER_PT);
      int run_start = -1;

      for (int i = from; i <= to; i++)
        {
          int x = down ? (int) (across * SHEET_PX_PER_PT) : i;
          int y = down ? i : (int) (across * SHEET_PX_PER_PT);
          MusterColor c = surface_pixel (surface, x, y);
          gboolean is;

          switch (feature)
            {
            case FEATURE_OUTLINE:
              is = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b < 0.45;
              break;
            case FEATURE_BLUE_END:
              is = c.b - c.r > 0.1;
              break;
            case FEATURE_RED_START:
            default:
              /* The table itself is a little warm. */
              is = c.r - c.b > 0.15;
              break;
            }

          if (is && !was)
            run_start = i;
          if (feature == FEATURE_OUTLINE && !is && was)
            {
              double centre = (run_start + i - 1) / 2.0 + 0.5;
              double at = centre / SHEET_PX_PER_PT - sheets->margin + k * step;

              g_array_append_val (found, at);
            }
          if (feature == FEATURE_BLUE_END && !is && was)
            {
              double at = i / SHEET_PX_PER_PT - sheets->margin + k * step;

              g_array_append_val (found, at);
            }
          if (feature == FEATURE_RED_START && is && !was)
            {
              double at = i / SHEET_PX_PER_PT - sheets->margin + k * step;

              g_array_append_val (found, at);
            }
          was = is;
        }
      cairo_surface_destroy (surface);
    }

  return found;
}

/* In a true-scale print one inch is 72 points: the table's outline, and
 * the zones' edges 12" from the Centre Line, measured across the sheets
 * as a player would with a ruler, are where the table says. */
static void
test_sheets_inch_is_72_points (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = bare_scene ("t9a", "frontline-clash", &layout);
  g_autoptr(GArray) outline_down = NULL, outline_across = NULL, blue = NULL, red = NULL;
  MusterSheets sheets;
  double top, bottom, left, right;

  /* The table and its zones alone: nothing else crosses the lines. */
  muster_scene_set_flags (scene, MUSTER_RENDER_ZONES);
  muster_sheets_plan (&sheets, scene, A4_H, A4_W);
  g_assert_cmpuint (sheets.columns, ==, 7);
  g_assert_cmpuint (sheets.rows, ==, 7);

  outline_down = find_features (&sheets, scene, TRUE, 2, FEATURE_OUTLINE);
  outline_across = find_features (&sheets, scene, FALSE, 3, FEATURE_OUTLINE);
  blue = find_features (&sheets, scene, TRUE, 2, FEATURE_BLUE_END);
  red = find_features (&sheets, scene, TRUE, 2, FEATURE_RED_START);

  g_assert_cmpuint (outline_down->len, ==, 2);
  g_assert_cmpuint (outline_across->len, ==, 2);
  g_assert_cmpuint (blue->len, ==, 1);
  g_assert_cmpuint (red->len, ==, 1);

  top = g_array_index (outline_down, double, 0);
  bottom = g_array_index (outline_down, double, 1);
  left = g_array_index (outline_across, double, 0);
  right = g_array_index (outline_across, double, 1);

  /* The table starts a quarter inch into the centred drawing. */
  g_assert_cmpfloat_with_epsilon (top, sheets.offset_y + 0.25 * 72, 0.5);
  g_assert_cmpfloat_with_epsilon (left, sheets.offset_x + 0.25 * 72, 0.5);
  /* 72" × 48", and the zones 12" from the table's long edges. */
  g_assert_cmpfloat_with_epsilon (right - left, 72 * 72, 0.75);
  g_assert_cmpfloat_with_epsilon (bottom - top, 48 * 72, 0.75);
  g_assert_cmpfloat_with_epsilon (g_array_index (blue, double, 0) - top, 12 * 72, 0.75);
  g_assert_cmpfloat_with_epsilon (bottom - g_array_index (red, double, 0), 12 * 72, 0.75);

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

/* What a sheet prints in its last overlap, its neighbour prints in its
 * first: hatching, zones, registration marks and all. */
static void
test_sheets_overlaps_agree (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = bare_scene ("t9a", "dawn-assault", &layout);
  MusterSheets sheets;
  double step_x, step_y;
  struct { guint a, b; gboolean down; } pairs[] = { { 1, 2, FALSE }, { 1, 8, TRUE } };

  muster_sheets_plan (&sheets, scene, A4_H, A4_W);
  step_x = sheets.page_width - 2 * sheets.margin - sheets.overlap;
  step_y = sheets.page_height - 2 * sheets.margin - sheets.overlap;

  for (guint p = 0; p < G_N_ELEMENTS (pairs); p++)
    {
      cairo_surface_t *a = render_sheet (&sheets, scene, pairs[p].a);
      cairo_surface_t *b = render_sheet (&sheets, scene, pairs[p].b);
      double length = pairs[p].down ? sheets.page_width - 2 * sheets.margin : sheets.page_height - 2 * sheets.margin;
      guint compared = 0, differ = 0;
      double total = 0;

      /* Inside the strip, clear of the lines at its ends and of the
       * neighbour's label in its middle. */
      for (double along = 2; along < length - 2; along += 0.25)
        for (double in = 2; in < sheets.overlap - 2; in += 0.25)
          {
            double a_x, a_y, b_x, b_y;
            MusterColor ca, cb;
            double d;

            if (fabs (along - length / 2) < 20)
              continue;

            if (pairs[p].down)
              {
                a_x = b_x = sheets.margin + along;
                a_y = sheets.margin + step_y + in;
                b_y = sheets.margin + in;
              }
            else
              {
                a_y = b_y = sheets.margin + along;
                a_x = sheets.margin + step_x + in;
                b_x = sheets.margin + in;
              }

            ca = surface_pixel (a, (int) (a_x * SHEET_PX_PER_PT), (int) (a_y * SHEET_PX_PER_PT));
            cb = surface_pixel (b, (int) (b_x * SHEET_PX_PER_PT), (int) (b_y * SHEET_PX_PER_PT));
            d = (fabs (ca.r - cb.r) + fabs (ca.g - cb.g) + fabs (ca.b - cb.b)) / 3;
            total += d;
            differ += d > 0.15;
            compared++;
          }

      g_assert_cmpuint (compared, >, 10000);
      g_assert_cmpfloat (total / compared, <, 0.01);
      g_assert_cmpuint (differ, <, compared / 100);

      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

/* A piece is drawn where it is, even off the table (where it must be
 * seen to be moved back), and a prone one does not look like one
 * standing. */
static void
test_pieces_off_table_and_prone (void)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "infinity");
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", "standard", 48 * INCH, 48 * INCH);
  MusterBase base = { MUSTER_BASE_ROUND, 40, 40 };
  MusterScene *scene;
  cairo_surface_t *surface;
  const double margin = 4 * INCH;
  const char *ids[] = { "standing", "prone", "off" };
  const double xs[] = { 10 * INCH, 20 * INCH, -2 * INCH };
  double dark_fraction[3];
  cairo_t *cr;

  muster_layout_update_player (layout, "red", "south", NULL, NULL);
  muster_layout_update_player (layout, "blue", "north", NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      MusterPiece *piece = muster_piece_new (ids[i], MUSTER_PIECE_MODEL, "red", &base, xs[i], 24 * INCH);

      piece->prone = g_str_equal (ids[i], "prone");
      muster_layout_add_piece (layout, piece);
    }

  scene = muster_scene_new (layout, system, NULL);
  muster_scene_set_flags (scene, MUSTER_RENDER_PIECES);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                        (int) ceil ((48 * INCH + 2 * margin) * PX_PER_MM),
                                        (int) ceil ((48 * INCH + 2 * margin) * PX_PER_MM));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  cairo_translate (cr, margin, margin);
  muster_scene_render (scene, cr, PX_PER_MM);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* Within 15 mm of each centre (clear of the id in the middle): how
   * much of the base is darker than its fill. */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      guint dark = 0, total = 0, red = 0;

      for (double dy = -15; dy <= 15; dy += 0.5)
        for (double dx = -15; dx <= 15; dx += 0.5)
          {
            int px, py;
            guint32 pixel;
            double r, g, b;

            if (hypot (dx, dy) > 15 || fabs (dy) < 5)
              continue;
            px = (int) ((xs[i] + dx + margin) * PX_PER_MM);
            py = (int) ((24 * INCH + dy + margin) * PX_PER_MM);
            pixel = ((const guint32 *) (cairo_image_surface_get_data (surface) +
                                        py * cairo_image_surface_get_stride (surface)))[px];
            r = ((pixel >> 16) & 0xff) / 255.0;
            g = ((pixel >> 8) & 0xff) / 255.0;
            b = (pixel & 0xff) / 255.0;
            total++;
            if (r > 0.5 && g < 0.4 && b < 0.4)
              red++;
            if (r < 0.65)
              dark++;
          }
      /* Every base is there, in its owner's colour. */
      g_assert_cmpuint (red + dark, >, total * 8 / 10);
      dark_fraction[i] = (double) dark / total;
    }

  g_test_message ("dark: standing %.2f, prone %.2f, off %.2f",
                  dark_fraction[0], dark_fraction[1], dark_fraction[2]);
  g_assert_cmpfloat (dark_fraction[0], <, 0.05);
  g_assert_cmpfloat (dark_fraction[1], >, 0.15);
  g_assert_cmpfloat (dark_fraction[2], <, 0.05);

  cairo_surface_destroy (surface);
  muster_scene_unref (scene);
}

/* A zone's name moves off a piece that stands on its usual place, and
 * stays in its zone; with no pieces drawn it goes back. */
static void
test_zone_labels_clear_of_pieces (void)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  MusterBase base = { MUSTER_BASE_RECT, 100, 80 };
  MusterScene *scene;
  MusterBox home, moved, under, piece_box;
  MusterPiece *piece;

  muster_layout_update_player (layout, "red", "south", NULL, NULL);
  muster_layout_update_player (layout, "blue", "north", NULL, NULL);
  scene = muster_scene_new (layout, system, NULL);

  muster_scene_set_flags (scene, MUSTER_RENDER_ALL);
  render_once (scene);
  g_assert_true (muster_scene_get_zone_label_box (scene, 0, &home));

  piece = muster_piece_new ("u1", MUSTER_PIECE_UNIT, "red", &base,
                            (home.x0 + home.x1) / 2, (home.y0 + home.y1) / 2);
  muster_layout_add_piece (layout, piece);
  piece_box = (MusterBox) { piece->x - 64.1, piece->y - 64.1, piece->x + 64.1, piece->y + 64.1 };

  render_once (scene);
  g_assert_true (muster_scene_get_zone_label_box (scene, 0, &moved));
  g_assert_false (moved.x0 < piece_box.x1 && piece_box.x0 < moved.x1 &&
                  moved.y0 < piece_box.y1 && piece_box.y0 < moved.y1);
  /* Still in the south zone, the last 12″ of the table. */
  g_assert_cmpfloat (moved.y0, >=, 36 * INCH);
  g_assert_cmpfloat (moved.y1, <=, 48 * INCH);
  g_assert_cmpfloat (moved.x0, >=, 0);
  g_assert_cmpfloat (moved.x1, <=, 72 * INCH);

  /* The scene keeps where it placed the name among which bases: the
   * piece put onto the name's new place moves it again, away home and
   * back the name follows. */
  {
    MusterBox again, away, back;
    double x = piece->x, y = piece->y;

    muster_layout_move_piece (layout, piece, (moved.x0 + moved.x1) / 2, (moved.y0 + moved.y1) / 2, 0);
    render_once (scene);
    g_assert_true (muster_scene_get_zone_label_box (scene, 0, &again));
    g_assert_false (again.x0 < piece->x + 64.1 && piece->x - 64.1 < again.x1 &&
                    again.y0 < piece->y + 64.1 && piece->y - 64.1 < again.y1);

    muster_layout_move_piece (layout, piece, 100, 100, 0);
    render_once (scene);
    g_assert_true (muster_scene_get_zone_label_box (scene, 0, &away));
    g_assert_cmpfloat_with_epsilon (away.x0, home.x0, 1e-9);
    g_assert_cmpfloat_with_epsilon (away.y0, home.y0, 1e-9);

    muster_layout_move_piece (layout, piece, x, y, 0);
    render_once (scene);
    g_assert_true (muster_scene_get_zone_label_box (scene, 0, &back));
    g_assert_cmpfloat_with_epsilon (back.x0, moved.x0, 1e-9);
    g_assert_cmpfloat_with_epsilon (back.y0, moved.y0, 1e-9);
  }

  /* The table under the pieces, as the window keeps it for a drag: the
   * name where it is with the pieces drawn, so that no piece of it shows
   * where a dragged piece stood. */
  muster_scene_set_flags (scene, (MUSTER_RENDER_ALL & ~MUSTER_RENDER_PIECES) | MUSTER_RENDER_MARKS_AS_WITH_PIECES);
  render_once (scene);
  g_assert_true (muster_scene_get_zone_label_box (scene, 0, &under));
  g_assert_cmpfloat_with_epsilon (under.x0, moved.x0, 1e-9);
  g_assert_cmpfloat_with_epsilon (under.y0, moved.y0, 1e-9);

  muster_scene_set_flags (scene, MUSTER_RENDER_ALL & ~MUSTER_RENDER_PIECES);
  render_once (scene);
  g_assert_true (muster_scene_get_zone_label_box (scene, 0, &moved));
  g_assert_cmpfloat_with_epsilon (moved.x0, home.x0, 1e-9);
  g_assert_cmpfloat_with_epsilon (moved.y0, home.y0, 1e-9);

  muster_scene_unref (scene);
}

/* On a portrait table the Centre Line runs north to south and the zones
 * are west and east of it; their names stay inside the tall and narrow
 * zones, upright where they would not fit across. */
static void
test_portrait_zones (void)
{
  static const char * const deployments[] = {
    "frontline-clash", "dawn-assault", "counterthrust", "encircle", "marching-columns",
  };

  for (guint i = 0; i < G_N_ELEMENTS (deployments); i++)
    {
      MusterLayout *layout = NULL;
      g_autoptr(MusterScene) scene = bare_scene_on ("t9a", deployments[i], TRUE, &layout);
      MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
      const MusterDeployment *deployment = muster_system_lookup_deployment (system, deployments[i]);
      double w = muster_layout_get_width (layout), h = muster_layout_get_height (layout);
      GPtrArray *players = muster_layout_get_players (layout);

      g_assert_cmpfloat (w, <, h);
      render_page (scene);
      g_assert_cmpstr (muster_scene_get_line_name (scene), ==, "Centre Line");

      for (guint z = 0; z < 2; z++)
        {
          const MusterPlayer *player = g_ptr_array_index (players, z);
          g_autoptr(MusterRegion) zone = muster_system_resolve_zone (system, deployment, player->zone, w, h,
                                                                     NULL, player->role, player->short_edge,
                                                                     NULL);
          MusterBox box;

          g_assert_cmpstr (player->zone, ==, z == 0 ? "west" : "east");
          g_assert_true (g_str_has_suffix (muster_scene_get_zone_label (scene, z), z == 0 ? "West" : "East"));
          g_assert_true (muster_scene_get_zone_label_box (scene, z, &box));
          /* All of it in the zone: upright where it is too wide across
           * (Counterthrust's zones, 16″ wide, hold it across). */
          if (strcmp (deployments[i], "counterthrust") != 0)
            g_assert_cmpfloat (box.y1 - box.y0, >, box.x1 - box.x0);
          g_assert_true (muster_region_contains_point (zone, (MusterPoint) { box.x0, box.y0 }));
          g_assert_true (muster_region_contains_point (zone, (MusterPoint) { box.x1, box.y0 }));
          g_assert_true (muster_region_contains_point (zone, (MusterPoint) { box.x0, box.y1 }));
          g_assert_true (muster_region_contains_point (zone, (MusterPoint) { box.x1, box.y1 }));
        }

      muster_scene_unref (g_steal_pointer (&scene));
      g_assert_finalize_object (layout);
    }

  /* Across, where it fits: a landscape table. */
  {
    MusterLayout *layout = NULL;
    g_autoptr(MusterScene) scene = bare_scene ("t9a", "frontline-clash", &layout);
    MusterBox box;

    render_page (scene);
    g_assert_true (muster_scene_get_zone_label_box (scene, 0, &box));
    g_assert_cmpfloat (box.y1 - box.y0, <, box.x1 - box.x0);
    muster_scene_unref (g_steal_pointer (&scene));
    g_assert_finalize_object (layout);
  }
}

/* The two zones' arrows from the Centre Line meet on it in one straight
 * line, as a rulebook draws them, even where the first one's nearest
 * clear place would leave the second no room in line. */
static void
test_dimensions_in_line (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/layouts/dimensions-in-line.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = muster_layout_new_from_file (file, &error);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterScene) scene = NULL;
  const MusterDimension *centre[2] = { NULL, NULL };
  GArray *dims;

  g_assert_no_error (error);
  scene = muster_scene_new (layout, system, NULL);
  render_page (scene);
  dims = muster_scene_get_dimensions (scene);
  for (guint i = 0; i < dims->len; i++)
    {
      const MusterDimension *d = &g_array_index (dims, MusterDimension, i);

      if (d->zone < 2 && fabs (d->to.y - muster_layout_get_height (layout) / 2) < 1e-6)
        centre[d->zone] = d;
    }
  g_assert_nonnull (centre[0]);
  g_assert_nonnull (centre[1]);
  g_assert_cmpfloat_with_epsilon (centre[0]->to.x, centre[1]->to.x, 1e-6);
}

/* Terrain that a narrower table cuts off still shows past the edge,
 * outlined in red as a problem, as pieces do. */
static void
test_terrain_off_table (void)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 48 * INCH, 48 * INCH);
  MusterPoint building[] = { { 44 * INCH, 20 * INCH }, { 53 * INCH, 20 * INCH },
                             { 53 * INCH, 26 * INCH }, { 44 * INCH, 26 * INCH } };
  g_autoptr(MusterValidator) validator = NULL;
  MusterScene *scene;
  cairo_surface_t *surface;
  const double margin = 8 * INCH;
  guint red = 0, dark = 0;
  cairo_t *cr;

  muster_layout_update_player (layout, "red", "south", NULL, NULL);
  muster_layout_update_player (layout, "blue", "north", NULL, NULL);
  muster_layout_add_terrain (layout, muster_terrain_new ("t1", MUSTER_TERRAIN_BUILDING, building,
                                                         G_N_ELEMENTS (building)));
  validator = muster_validator_new (layout, system, NULL);
  g_assert_nonnull (validator);

  scene = muster_scene_new (layout, system, validator);
  muster_scene_set_flags (scene, MUSTER_RENDER_PIECES | MUSTER_RENDER_TERRAIN | MUSTER_RENDER_VIOLATIONS);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                        (int) ceil ((48 * INCH + 2 * margin) * PX_PER_MM),
                                        (int) ceil ((48 * INCH + 2 * margin) * PX_PER_MM));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  cairo_translate (cr, margin, margin);
  muster_scene_render (scene, cr, PX_PER_MM);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* Past the east edge, along the building's middle: its grey fill, and
   * its red outline at its far end. */
  for (double x = 48.5 * INCH; x < 53.5 * INCH; x += 0.5)
    {
      int px = (int) ((x + margin) * PX_PER_MM);
      int py = (int) ((23 * INCH + margin) * PX_PER_MM);
      guint32 pixel = ((const guint32 *) (cairo_image_surface_get_data (surface) +
                                          py * cairo_image_surface_get_stride (surface)))[px];
      guint r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;

      if (r > 180 && g < 90 && b < 90)
        red++;
      else if (r < 140 && g < 140 && b < 140)
        dark++;
    }

  g_assert_cmpuint (dark, >, 100);
  g_assert_cmpuint (red, >, 0);

  cairo_surface_destroy (surface);
  muster_scene_unref (scene);
}

/* A sheet's name, map and scale bar keep off the table's edges, which
 * players line up with the real table. */
static void
test_sheets_label_off_edges (void)
{
  static const char * const deployments[] = { "refused-flank", "frontline-clash" };

  for (guint d = 0; d < G_N_ELEMENTS (deployments); d++)
    {
      MusterLayout *layout = NULL;
      g_autoptr(MusterScene) scene = bare_scene ("t9a", deployments[d], &layout);
      double w = muster_layout_get_width (layout), h = muster_layout_get_height (layout);
      MusterSheets sheets;

      muster_sheets_plan_best (&sheets, scene, A4_W, A4_H);
      for (guint i = 0; i < muster_sheets_count (&sheets); i++)
        {
          MusterBox box;
          double x0, y0, x1, y1;

          g_assert_true (muster_sheets_get_label_box (&sheets, scene, i, &box));
          muster_sheets_table_to_page (&sheets, scene, i, 0, 0, &x0, &y0);
          muster_sheets_table_to_page (&sheets, scene, i, w, h, &x1, &y1);
          /* No edge of the table runs through it. */
          g_assert_false (x0 > box.x0 && x0 < box.x1 && y1 > box.y0 && y0 < box.y1);
          g_assert_false (x1 > box.x0 && x1 < box.x1 && y1 > box.y0 && y0 < box.y1);
          g_assert_false (y0 > box.y0 && y0 < box.y1 && x1 > box.x0 && x0 < box.x1);
          g_assert_false (y1 > box.y0 && y1 < box.y1 && x1 > box.x0 && x0 < box.x1);
          /* And it is on the printable part. */
          g_assert_cmpfloat (box.x0, >=, sheets.margin);
          g_assert_cmpfloat (box.y0, >=, sheets.margin);
          g_assert_cmpfloat (box.x1, <=, sheets.page_width - sheets.margin);
          g_assert_cmpfloat (box.y1, <=, sheets.page_height - sheets.margin);
        }
      g_assert_false (muster_sheets_get_label_box (&sheets, scene, muster_sheets_count (&sheets), &(MusterBox) { 0 }));

      muster_scene_unref (g_steal_pointer (&scene));
      g_assert_finalize_object (layout);
    }
}

static gboolean
is_cut_colour (MusterColor c)
{
  return fabs (c.r - MUSTER_SHEETS_CUT_COLOR_R) < 0.12 && fabs (c.g - MUSTER_SHEETS_CUT_COLOR_G) < 0.12 &&
         fabs (c.b - MUSTER_SHEETS_CUT_COLOR_B) < 0.12;
}

/* The lines to cut along are in a colour of their own, on the sheet's
 * edges that a neighbour covers and nowhere else: never to be taken for
 * the Centre Line or a diagonal, which are dashed too. */
static void
test_sheets_cut_lines (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = bare_scene ("t9a", "refused-flank", &layout);
  MusterSheets sheets;

  muster_sheets_plan (&sheets, scene, A4_H, A4_W);
  g_assert_cmpuint (sheets.columns, >, 1);
  g_assert_cmpuint (sheets.rows, >, 1);

  for (guint i = 0; i < sheets.columns + 2; i += sheets.columns + 1)
    {
      cairo_surface_t *surface = render_sheet (&sheets, scene, i);
      int pw = cairo_image_surface_get_width (surface);
      int ph = cairo_image_surface_get_height (surface);
      int edge_x = (int) (sheets.margin * SHEET_PX_PER_PT);
      int edge_y = (int) (sheets.margin * SHEET_PX_PER_PT);
      guint on_edges = 0, elsewhere = 0;

      for (int y = 0; y < ph; y++)
        for (int x = 0; x < pw; x++)
          {
            if (!is_cut_colour (surface_pixel (surface, x, y)))
              continue;
            /* The line and its scissors, some 9 points either side. */
            if (abs (x - edge_x) <= 10 * SHEET_PX_PER_PT || abs (y - edge_y) <= 10 * SHEET_PX_PER_PT)
              on_edges++;
            else
              elsewhere++;
          }

      g_test_message ("sheet %u: %u on the edges, %u elsewhere", i, on_edges, elsewhere);
      g_assert_cmpuint (elsewhere, ==, 0);
      /* A1 is cut nowhere; B2 on its top and left edges. */
      if (i == 0)
        g_assert_cmpuint (on_edges, ==, 0);
      else
        g_assert_cmpuint (on_edges, >, (guint) (sheets.page_height * SHEET_PX_PER_PT));
      cairo_surface_destroy (surface);
    }

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/render/board/zone-pixels", Fixture, "frontline-clash",
              fixture_set_up, test_zone_pixels, fixture_tear_down);
  g_test_add ("/render/board/pixels-follow-core", Fixture, "frontline-clash",
              fixture_set_up, test_pixels_follow_core, fixture_tear_down);
  g_test_add ("/render/board/pixels-follow-core-dawn-assault", Fixture, "dawn-assault",
              fixture_set_up, test_pixels_follow_core, fixture_tear_down);
  for (guint i = 0; i < G_N_ELEMENTS (dimension_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/render/dimensions/%s/%s%s", dimension_cases[i].system,
                                               dimension_cases[i].deployment,
                                               dimension_cases[i].portrait ? "-portrait" : "");

      g_test_add_data_func (path, &dimension_cases[i], test_dimensions);
    }
  g_test_add_func ("/render/zone-names", test_zone_names);
  g_test_add_func ("/render/portrait-zones", test_portrait_zones);
  g_test_add_func ("/render/dimensions/in-line", test_dimensions_in_line);
  g_test_add_func ("/render/terrain/off-table", test_terrain_off_table);
  g_test_add_func ("/render/pieces/off-table-and-prone", test_pieces_off_table_and_prone);
  g_test_add_func ("/render/zone-labels-clear-of-pieces", test_zone_labels_clear_of_pieces);
  g_test_add_func ("/render/sheets/plan", test_sheets_plan);
  g_test_add_func ("/render/sheets/labels", test_sheets_labels);
  g_test_add_func ("/render/sheets/inch-is-72-points", test_sheets_inch_is_72_points);
  g_test_add_func ("/render/sheets/overlaps-agree", test_sheets_overlaps_agree);
  g_test_add_func ("/render/sheets/label-off-edges", test_sheets_label_off_edges);
  g_test_add_func ("/render/sheets/cut-lines", test_sheets_cut_lines);
  g_test_add_func ("/render/colours/colour-blind-safe", test_colour_blind_safe);
  g_test_add_func ("/render/colours/hatching-survives-greyscale", test_hatching_survives_greyscale);

  return g_test_run ();
}
