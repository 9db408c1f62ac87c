/* test-screen.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-screen"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-render.h"
#include "muster-render-private.h"
#include "muster-validate.h"
#include "scene-helpers.h"

#define INCH MUSTER_MM_PER_INCH
/* Bases of 25 to 50 mm come out 10 to 20 pixels wide: a crowded table
 * seen whole. */
#define PX_PER_MM 0.4

typedef struct
{
  MusterLayout    *layout;
  MusterSystem    *system;
  MusterValidator *validator;
  MusterScene     *scene;
} Table;

/* A crowded table: rows of bases of a few sizes across the whole table
 * (those outside the zones break a rule and get a badge), each at a
 * position of its own to the hundredth of a millimetre; turned to face
 * the enemy, a few turned their own way, prone, markers and
 * objectives among them. */
static void
table_init (Table *t,
            guint  n_pieces)
{
  static const MusterBase bases[] = {
    { MUSTER_BASE_RECT, 25, 25 },
    { MUSTER_BASE_RECT, 50, 25 },
    { MUSTER_BASE_ROUND, 40, 40 },
    { MUSTER_BASE_RECT, 40, 40 },
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (18);

  t->system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_assert_nonnull (t->system);
  t->layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  muster_layout_update_player (t->layout, "red", "south", "attacker", "west");
  muster_layout_update_player (t->layout, "blue", "north", "defender", "east");

  for (guint i = 0; i < n_pieces; i++)
    {
      g_autofree char *id = g_strdup_printf ("p%u", i);
      gboolean north = i % 2 == 0;
      double x = 30 + (i * 61) % 1780 + g_rand_double_range (rand, 0, 1);
      double y = 30 + (i * 61) / 1780 * 58 + g_rand_double_range (rand, 0, 1);
      MusterPieceKind kind = i % 47 == 0 ? MUSTER_PIECE_MARKER
                             : i % 53 == 0 ? MUSTER_PIECE_OBJECTIVE : MUSTER_PIECE_UNIT;
      MusterPiece *piece = muster_piece_new (id, kind, north ? "blue" : "red",
                                             &bases[i % G_N_ELEMENTS (bases)], x, y);

      piece->rotation = i % 31 == 0 ? g_rand_double_range (rand, 0, 360) : north ? 180 : 0;
      piece->prone = i % 13 == 0;
      g_assert_true (muster_layout_add_piece (t->layout, piece));
    }

  t->validator = muster_validator_new (t->layout, t->system, NULL);
  g_assert_nonnull (t->validator);
  t->scene = muster_scene_new (t->layout, t->system, t->validator);
  /* No grid: on a screen its lines move to whole pixels (test_grid_on_pixels()). */
  muster_scene_set_flags (t->scene, MUSTER_RENDER_ALL & ~(MUSTER_RENDER_PATTERNS | MUSTER_RENDER_GRID));
}

static void
table_clear (Table *t)
{
  muster_scene_unref (t->scene);
  g_object_unref (t->validator);
  g_assert_finalize_object (t->layout);
}

/* The table drawn as the board view draws it: an ARGB32 surface of
 * device scale (a HiDPI screen: 2), turned by degrees. */
static cairo_surface_t *
render (Table    *t,
        gboolean  sprites,
        int       device_scale,
        double    degrees)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        (int) ceil (72 * INCH * PX_PER_MM) * device_scale,
                                        (int) ceil (48 * INCH * PX_PER_MM) * device_scale);
  cairo_surface_set_device_scale (surface, device_scale, device_scale);
  cr = cairo_create (surface);
  if (degrees != 0)
    {
      cairo_translate (cr, 36 * INCH * PX_PER_MM, 24 * INCH * PX_PER_MM);
      cairo_rotate (cr, degrees * G_PI / 180);
      cairo_translate (cr, -36 * INCH * PX_PER_MM, -24 * INCH * PX_PER_MM);
    }
  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  if (sprites)
    muster_scene_set_screen (t->scene, TRUE);
  muster_scene_render (t->scene, cr, PX_PER_MM);
  muster_scene_set_screen (t->scene, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* The mean difference of a channel, in levels of 255, and the share of
 * pixels that differ by more than a fifth. */
static void
compare (cairo_surface_t *a,
         cairo_surface_t *b,
         double          *mean,
         double          *far)
{
  int width = cairo_image_surface_get_width (a);
  int height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *da = cairo_image_surface_get_data (a);
  const guint8 *db = cairo_image_surface_get_data (b);
  guint64 sum = 0, n_far = 0;

  g_assert_cmpint (width, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (b));

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width * 4; x++)
      {
        int d = abs (da[y * stride + x] - db[y * stride + x]);

        sum += d;
        n_far += d > 51;
      }

  *mean = sum / (double) (width * height * 4);
  *far = n_far / (double) (width * height * 4);
}

/* Copies look as the bases drawn one by one: each placed to half a
 * pixel (a quarter of a pixel off at most), so only their edges differ,
 * and slightly. */
static void
check_sprites_look_the_same (int device_scale)
{
  Table t;
  cairo_surface_t *exact, *copied;
  double mean, far;

  table_init (&t, 600);
  g_assert_cmpuint (muster_validator_count (t.validator), >, 20);

  /* Off unless asked for: exports draw every base exactly. */
  exact = render (&t, FALSE, device_scale, 0);
  g_assert_cmpuint (t.scene->sprite_copies, ==, 0);
  copied = render (&t, TRUE, device_scale, 0);
  /* Most bases, and the badges of those that break a rule. */
  g_assert_cmpuint (t.scene->sprite_copies, >, 500);

  compare (exact, copied, &mean, &far);
  g_test_message ("device scale %d: mean difference %.3f levels, %.4f %% of channels off by more than 51",
                  device_scale, mean, 100 * far);
  g_assert_cmpfloat (mean, >, 0);
  /* Measured: 3.2 levels and 0.8 %; copies placed to a quarter of a
   * pixel give 1.5 and 0.12 %, a pixel off 13 and 9 %. */
  g_assert_cmpfloat (mean, <, 5);
  g_assert_cmpfloat (far, <, 0.02);

  cairo_surface_destroy (exact);
  cairo_surface_destroy (copied);
  table_clear (&t);
}

static void
test_sprites_look_the_same (void)
{
  check_sprites_look_the_same (1);
}

static void
test_sprites_hidpi (void)
{
  check_sprites_look_the_same (2);
}

/* The table drawn with copies, within the rectangles of pixels clips
 * (all of it: n_clips 0), pasted by pixman or (by_cairo) by cairo. */
static cairo_surface_t *
render_pasted (Table                       *t,
               int                          device_scale,
               const cairo_rectangle_int_t *clips,
               int                          n_clips,
               gboolean                     by_cairo)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        ((int) ceil (72 * INCH * PX_PER_MM) + 16) * device_scale,
                                        ((int) ceil (48 * INCH * PX_PER_MM) + 16) * device_scale);
  cairo_surface_set_device_scale (surface, device_scale, device_scale);
  cr = cairo_create (surface);
  for (int i = 0; i < n_clips; i++)
    cairo_rectangle (cr, clips[i].x, clips[i].y, clips[i].width, clips[i].height);
  if (n_clips > 0)
    cairo_clip (cr);
  /* Every edge of the table within a pixel. */
  cairo_translate (cr, 7.3, 5.6);
  cairo_scale (cr, PX_PER_MM, PX_PER_MM);
  muster_scene_set_screen (t->scene, TRUE);
  t->scene->paste_by_cairo = by_cairo;
  muster_scene_render (t->scene, cr, PX_PER_MM);
  t->scene->paste_by_cairo = FALSE;
  muster_scene_set_screen (t->scene, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* Copies pasted by pixman, within the table's edges, are the pixels
 * that cairo_paint() gives: on the whole table and within a clip of
 * two rectangles (a board view's redraw), at both device scales. */
static void
test_sprites_pasted_as_cairo_would (void)
{
  /* Across the table's edge, and across pieces. */
  const cairo_rectangle_int_t clips[] = { { 0, 0, 300, 120 }, { 350, 200, 400, 300 } };
  const MusterBase base = { MUSTER_BASE_RECT, 25, 25 };
  Table t;

  table_init (&t, 600);
  /* Bases across the table's four edges, which cut them antialiased. */
  for (guint i = 0; i < 20; i++)
    {
      const MusterPoint at[] = {
        { 100 + i * 80.3, 4 }, { 100 + i * 80.3, 48 * INCH - 4 },
        { 4, 100 + i * 50.7 }, { 72 * INCH - 4, 100 + i * 50.7 },
      };

      for (guint j = 0; j < G_N_ELEMENTS (at); j++)
        {
          g_autofree char *id = g_strdup_printf ("edge%u-%u", j, i);

          g_assert_true (muster_layout_add_piece (t.layout, muster_piece_new (id, MUSTER_PIECE_UNIT, "red", &base,
                                                                              at[j].x, at[j].y)));
        }
    }

  for (int scale = 1; scale <= 2; scale++)
    for (int n_clips = 0; n_clips <= 2; n_clips += 2)
      {
        cairo_surface_t *by_cairo = render_pasted (&t, scale, clips, n_clips, TRUE);
        guint copies = t.scene->sprite_copies;
        cairo_surface_t *by_pixman;
        int stride = cairo_image_surface_get_stride (by_cairo);
        int height = cairo_image_surface_get_height (by_cairo);

        g_assert_cmpuint (t.scene->sprite_pastes, ==, 0);
        by_pixman = render_pasted (&t, scale, clips, n_clips, FALSE);
        g_test_message ("device scale %d, %d clips: %u copies, %u pasted by pixman",
                        scale, n_clips, copies, t.scene->sprite_pastes);
        g_assert_cmpuint (t.scene->sprite_copies, ==, copies);
        /* Not those across the edges, nor their badges, drawn twice
         * (on the table, and off it). */
        g_assert_cmpuint (t.scene->sprite_pastes, >, copies / 2);
        g_assert_cmpuint (t.scene->sprite_pastes, <, copies);
        g_assert_true (memcmp (cairo_image_surface_get_data (by_cairo),
                               cairo_image_surface_get_data (by_pixman), (gsize) stride * height) == 0);

        cairo_surface_destroy (by_cairo);
        cairo_surface_destroy (by_pixman);
      }
  table_clear (&t);
}

/* A turned view doesn't put copies on whole pixels; a few pieces aren't
 * worth them. */
static void
test_sprites_only_where_they_fit (void)
{
  Table t;
  cairo_surface_t *surface;

  table_init (&t, 600);
  surface = render (&t, TRUE, 1, 90);
  g_assert_cmpuint (t.scene->sprite_copies, ==, 0);
  cairo_surface_destroy (surface);
  table_clear (&t);

  table_init (&t, 40);
  surface = render (&t, TRUE, 1, 0);
  g_assert_cmpuint (t.scene->sprite_copies, ==, 0);
  cairo_surface_destroy (surface);
  table_clear (&t);
}

/* The board close up, as a board view draws it: 2 pixels a millimetre,
 * the window's 640 × 400 pixels from (x, y) mm of the table on. */
static cairo_surface_t *
render_close_up (MusterScene *scene,
                 double       x,
                 double       y)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 400);
  cairo_t *cr = cairo_create (surface);

  cairo_scale (cr, 2.0, 2.0);
  cairo_translate (cr, -x, -y);
  muster_scene_set_screen (scene, TRUE);
  muster_scene_render (scene, cr, 2.0);
  muster_scene_set_screen (scene, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* Close up, a frame looks at the pieces near what it shows, from the
 * layout's index of them, and draws what a look at every piece draws:
 * the same pixels, labels placed clear of the same bases. */
static void
test_close_up_looks_at_what_shows (void)
{
  const MusterPoint spots[] = { { 600, 1000 }, { 1500, 40 }, { -300, 200 } };
  Table t;

  table_init (&t, 3000);
  for (guint i = 0; i < G_N_ELEMENTS (spots); i++)
    {
      /* Scenes of their own: a scene keeps where it placed the zones'
       * names, and would not look for the pieces around them again. */
      MusterScene *scene = muster_scene_new (t.layout, t.system, t.validator);
      MusterScene *every_scene = muster_scene_new (t.layout, t.system, t.validator);
      cairo_surface_t *indexed, *every;
      guint seen;

      muster_scene_set_flags (scene, muster_scene_get_flags (t.scene));
      muster_scene_set_flags (every_scene, muster_scene_get_flags (t.scene));
      every_scene->every_piece = TRUE;
      indexed = render_close_up (scene, spots[i].x, spots[i].y);
      every = render_close_up (every_scene, spots[i].x, spots[i].y);
      g_test_message ("close up at %g, %g: %u pieces looked at, %u looking at every piece",
                      spots[i].x, spots[i].y, scene->pieces_seen, every_scene->pieces_seen);

      /* Each pass over the pieces (on the table, off it, and around each
       * zone's label) looks at every one of them. */
      g_assert_cmpuint (every_scene->pieces_seen, >=, 3 * 3000);
      g_assert_cmpuint (scene->pieces_seen, <, 3000 / 10);
      g_assert_true (memcmp (cairo_image_surface_get_data (indexed), cairo_image_surface_get_data (every),
                             (gsize) cairo_image_surface_get_stride (every) * 400) == 0);

      /* Again: the names where they were, without a look around them. */
      cairo_surface_destroy (indexed);
      seen = scene->pieces_seen;
      indexed = render_close_up (scene, spots[i].x, spots[i].y);
      g_assert_cmpuint (scene->pieces_seen, <, seen);
      g_assert_true (memcmp (cairo_image_surface_get_data (indexed), cairo_image_surface_get_data (every),
                             (gsize) cairo_image_surface_get_stride (every) * 400) == 0);

      cairo_surface_destroy (indexed);
      cairo_surface_destroy (every);
      muster_scene_unref (scene);
      muster_scene_unref (every_scene);
    }
  table_clear (&t);
}

/* How many pixels of a row differ from the table's colour, drawn at 0.5
 * pixels a millimetre, shifted by a fraction of a pixel. */
static guint
count_marked_in_row (MusterScene *scene,
                     gboolean     screen,
                     double       y_in)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 960, 640);
  cairo_t *cr = cairo_create (surface);
  const guint32 *row;
  guint32 table;
  guint marked = 0;
  int y;

  cairo_translate (cr, 10.3, 10.3);
  cairo_scale (cr, 0.5, 0.5);
  muster_scene_set_screen (scene, screen);
  muster_scene_render (scene, cr, 0.5);
  muster_scene_set_screen (scene, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  y = (int) (10.3 + y_in * INCH * 0.5);
  row = (const guint32 *) (gconstpointer) (cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface));
  /* Half an inch in from the west edge: the table, between lines. */
  table = row[(int) (10.3 + 0.5 * INCH * 0.5)];
  for (int x = (int) (10.3 + 0.5 * INCH * 0.5); x < (int) (10.3 + 71.5 * INCH * 0.5); x++)
    marked += row[x] != table;

  cairo_surface_destroy (surface);

  return marked;
}

/* A 72″ × 48″ table that draws its grid alone, in these units. */
static MusterScene *
grid_scene (MusterUnit units)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  MusterScene *scene = muster_scene_new (layout, system, NULL);

  muster_scene_set_flags (scene, MUSTER_RENDER_GRID);
  muster_scene_set_units (scene, units);

  return scene;
}

/* On a screen, the grid's lines of a pixel lie on whole pixels: crisp,
 * one pixel each, where a line at a fraction of a pixel blurs over two. */
static void
test_grid_on_pixels (void)
{
  MusterScene *scene = grid_scene (MUSTER_UNIT_INCH);

  /* Lines at 1″ to 71″ between 0.5″ and 71.5″. */
  g_assert_cmpuint (count_marked_in_row (scene, TRUE, 24.5), ==, 71);
  g_assert_cmpuint (count_marked_in_row (scene, FALSE, 24.5), >, 71 + 30);
  muster_scene_unref (scene);
}

/* In centimetres the grid follows the rulers: at 0.5 px a millimetre a
 * centimetre is 5 px, too close, so a line every 2 cm (2 to 180 cm
 * between 0.5″ and 71.5″), on the row at 63 cm, between two. */
static void
test_grid_in_centimetres (void)
{
  MusterScene *scene = grid_scene (MUSTER_UNIT_CM);

  g_assert_cmpuint (count_marked_in_row (scene, TRUE, 630 / INCH), ==, 90);
  muster_scene_unref (scene);
}

/* The whole table drawn at px a mm, from its top-left corner. */
static cairo_surface_t *
render_at (MusterScene *scene,
           double       px)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                         (int) ceil (1830 * px), (int) ceil (1220 * px));
  cairo_t *cr = cairo_create (surface);

  cairo_scale (cr, px, px);
  muster_scene_render (scene, cr, px);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* The colour of the pixel at (x, y) mm of the table drawn at px a mm. */
static MusterColor
table_pixel_at (MusterScene *scene,
                double       px,
                double       x,
                double       y)
{
  cairo_surface_t *surface = render_at (scene, px);
  guint32 pixel = ((const guint32 *) (gconstpointer) (cairo_image_surface_get_data (surface) +
                                                       (int) (y * px) * cairo_image_surface_get_stride (surface)))[(int) (x * px)];

  cairo_surface_destroy (surface);

  return (MusterColor) { ((pixel >> 16) & 0xff) / 255.0, ((pixel >> 8) & 0xff) / 255.0, (pixel & 0xff) / 255.0 };
}

/* Where the zones or the order of deployment are measured from the
 * players' short Board Edges, a band in each player's colour runs along
 * theirs; where nothing is, none. */
static void
test_short_edges (void)
{
  const char *deployments[] = { "dawn-assault", "marching-columns", "frontline-clash" };
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");

  for (guint i = 0; i < G_N_ELEMENTS (deployments); i++)
    {
      g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", deployments[i], 72 * INCH, 48 * INCH);
      MusterScene *scene;
      MusterColor west, east, red, blue;

      muster_layout_update_player (layout, "red", "south", NULL, "west");
      muster_layout_update_player (layout, "blue", "north", NULL, "east");
      scene = muster_scene_new (layout, system, NULL);
      muster_scene_set_flags (scene, MUSTER_RENDER_ZONES | MUSTER_RENDER_LABELS);
      red = muster_scene_get_player_color (scene, 0);
      blue = muster_scene_get_player_color (scene, 1);
      /* At mid-height, between the zones, inside the table's edge line. */
      west = table_pixel_at (scene, 0.5, 4.5, 24 * INCH);
      east = table_pixel_at (scene, 0.5, 72 * INCH - 4.5, 24 * INCH);
      g_assert_true ((fabs (west.r - red.r) + fabs (west.g - red.g) + fabs (west.b - red.b) < 0.3) == (i < 2));
      g_assert_true ((fabs (east.r - blue.r) + fabs (east.g - blue.g) + fabs (east.b - blue.b) < 0.3) == (i < 2));
      muster_scene_unref (scene);
    }
}

/* The distance from p to the box, 0 inside it. */
static double
box_distance (const MusterBox *box,
              MusterPoint      p)
{
  double dx = MAX (MAX (box->x0 - p.x, 0), p.x - box->x1);
  double dy = MAX (MAX (box->y0 - p.y, 0), p.y - box->y1);

  return hypot (dx, dy);
}

/* A dimension's arrow passes a base no closer than half its head's
 * width, so that no arrowhead lies under it; at a screen's scale and at
 * a page's. */
static void
test_arrows_clear_of_bases (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/layouts/units-mm.muster");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = muster_layout_new_from_file (file, &error);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  const double scales[] = { 0.5, 0.36 };
  MusterOutline outline;

  g_assert_no_error (error);
  muster_piece_get_outline (muster_layout_lookup_piece (layout, "a"), &outline);
  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      MusterScene *scene = muster_scene_new (layout, system, NULL);
      double head = MAX (0.25 * INCH, 7.0 / scales[i]);
      GArray *dims;

      muster_scene_set_flags (scene, MUSTER_RENDER_ALL);
      cairo_surface_destroy (render_at (scene, scales[i]));
      dims = muster_scene_get_dimensions (scene);
      g_assert_cmpuint (dims->len, >, 0);
      for (guint d = 0; d < dims->len; d++)
        {
          const MusterDimension *dim = &g_array_index (dims, MusterDimension, d);

          for (guint k = 0; k <= 100; k++)
            {
              MusterPoint p = { dim->from.x + (dim->to.x - dim->from.x) * k / 100.0,
                                dim->from.y + (dim->to.y - dim->from.y) * k / 100.0 };

              g_assert_cmpfloat (box_distance (&outline.bounds, p), >=, 0.4 * head - 1e-6);
            }
        }
      muster_scene_unref (scene);
    }
  muster_outline_clear (&outline);
}

/* The grey of the pixel at (x, y) mm of the table drawn at 1 px a mm. */
static double
grey_at (MusterScene *scene,
         double       x,
         double       y)
{
  MusterColor c = table_pixel_at (scene, 1, x, y);

  return (c.r + c.g + c.b) / 3;
}

/* A base's edge stands out from its own zone: darker on the light table,
 * lighter on the dark one, where a darker edge all but vanished. */
static void
test_piece_edge_on_own_zone (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  MusterBase base = { MUSTER_BASE_RECT, 100, 80 };
  MusterScene *scene;
  double x = round (36 * INCH - 50), y = 42 * INCH;

  muster_layout_update_player (layout, "red", "south", NULL, NULL);
  muster_layout_update_player (layout, "blue", "north", NULL, NULL);
  muster_layout_add_piece (layout, muster_piece_new ("u1", MUSTER_PIECE_UNIT, "red", &base, 36 * INCH, 42 * INCH));
  scene = muster_scene_new (layout, system, NULL);
  muster_scene_set_flags (scene, MUSTER_RENDER_ZONES | MUSTER_RENDER_PIECES);

  g_assert_cmpfloat (grey_at (scene, x, y), <, grey_at (scene, x - 10, y) - 0.2);
  muster_scene_set_dark (scene, TRUE);
  g_assert_cmpfloat (grey_at (scene, x, y), >, grey_at (scene, x - 10, y) + 0.2);
  muster_scene_unref (scene);
}

/* Somewhere around (x, y), up to dx and dy from it, on the table. */
static void
move_near (MusterLayout *layout,
           MusterPiece  *piece,
           GRand        *rand,
           double        x,
           double        y,
           double        dx,
           double        dy)
{
  muster_layout_move_piece (layout, piece,
                            CLAMP (x + g_rand_double_range (rand, -dx, dx), 0, 72 * INCH),
                            CLAMP (y + g_rand_double_range (rand, -dy, dy), 0, 48 * INCH), 0);
}

/* A zone's name, kept where it was placed until a piece near it comes,
 * goes or moves (_muster_render_labels_watch()), is where a scene placing
 * it afresh puts it: after each of hundreds of random changes around the
 * names, the same box, and the name does move among the pieces. A scene
 * deaf to its layout fails here at once. */
static void
test_zone_label_kept_exactly (void)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  MusterBase bases[] = { { MUSTER_BASE_RECT, 100, 80 }, { MUSTER_BASE_ROUND, 40, 40 }, { MUSTER_BASE_RECT, 60, 60 } };
  MusterScene *kept;
  MusterBox home[2];
  guint moves = 0, n = 0;

  muster_layout_update_player (layout, "red", "south", NULL, NULL);
  muster_layout_update_player (layout, "blue", "north", NULL, NULL);
  kept = muster_scene_new (layout, system, NULL);
  muster_scene_set_flags (kept, MUSTER_RENDER_ALL);
  render_once (kept);
  for (guint z = 0; z < 2; z++)
    g_assert_true (muster_scene_get_zone_label_box (kept, z, &home[z]));

  for (guint step = 0; step < 400; step++)
    {
      GPtrArray *pieces = muster_layout_get_pieces (layout);
      const MusterBox *at = &home[g_rand_int_range (rand, 0, 2)];
      double x = (at->x0 + at->x1) / 2, y = (at->y0 + at->y1) / 2;
      MusterScene *fresh;
      MusterBox was;

      g_assert_true (muster_scene_get_zone_label_box (kept, 0, &was));
      if (pieces->len < 30 || step % 9 == 0)
        {
          g_autofree char *id = g_strdup_printf ("u%u", n++);
          MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_UNIT, "red", &bases[n % G_N_ELEMENTS (bases)], x, y);

          muster_layout_add_piece (layout, piece);
          move_near (layout, piece, rand, x, y, 8 * INCH, 4 * INCH);
        }
      else if (step % 9 == 4)
        {
          g_autofree char *id = g_strdup (((MusterPiece *) g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len)))->id);

          g_assert_true (muster_layout_remove_piece (layout, id));
        }
      else
        {
          MusterPiece *piece = g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len));

          /* Mostly near a name, now and then across the table. */
          if (step % 5 == 0)
            move_near (layout, piece, rand, 36 * INCH, 24 * INCH, 36 * INCH, 24 * INCH);
          else
            move_near (layout, piece, rand, x, y, 10 * INCH, 5 * INCH);
        }

      render_once (kept);
      fresh = muster_scene_new (layout, system, NULL);
      muster_scene_set_flags (fresh, MUSTER_RENDER_ALL);
      render_once (fresh);
      for (guint z = 0; z < 2; z++)
        {
          MusterBox a, b;

          g_assert_true (muster_scene_get_zone_label_box (kept, z, &a));
          g_assert_true (muster_scene_get_zone_label_box (fresh, z, &b));
          g_assert_cmpfloat (a.x0, ==, b.x0);
          g_assert_cmpfloat (a.y0, ==, b.y0);
          g_assert_cmpfloat (a.x1, ==, b.x1);
          g_assert_cmpfloat (a.y1, ==, b.y1);
          if (z == 0 && (a.x0 != was.x0 || a.y0 != was.y0))
            moves++;
        }
      muster_scene_unref (fresh);
    }

  /* Not a name that never had to move. */
  g_assert_cmpuint (moves, >, 20);
  muster_scene_unref (kept);
}

/* Strongly red: a badge's disc, or an illegal base's outline. */
static guint
count_red (cairo_surface_t *surface,
           int              x0,
           int              y0,
           int              x1,
           int              y1)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  for (int y = MAX (y0, 0); y < MIN (y1, cairo_image_surface_get_height (surface)); y++)
    {
      for (int x = MAX (x0, 0); x < MIN (x1, cairo_image_surface_get_width (surface)); x++)
        {
          guint32 p = *(const guint32 *) (data + y * stride + 4 * x);

          if (((p >> 16) & 0xff) > 180 && ((p >> 8) & 0xff) < 80 && (p & 0xff) < 80)
            n++;
        }
    }

  return n;
}

/* A front rank along the north edge, seen whole: its bases are narrower
 * than their badges. The badges stay on the table, clear of the ruler
 * above its edge, whose lengths they would hide; a base wholly off the
 * table keeps its badge beside it. */
static void
test_badges_clear_of_ruler (void)
{
  static const MusterBase base = { MUSTER_BASE_RECT, 20, 20 };
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  g_autoptr(MusterValidator) validator = NULL;
  MusterScene *scene;
  double margin = 40;
  MusterPoint at;
  double r;

  muster_layout_update_player (layout, "red", "south", "attacker", "west");
  muster_layout_update_player (layout, "blue", "north", "defender", "east");
  /* Red's, in Blue's zone: each breaks a rule. */
  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", i);

      muster_layout_add_piece (layout, muster_piece_new (id, MUSTER_PIECE_UNIT, "red", &base,
                                                         100 + i * 80, 10));
    }
  validator = muster_validator_new (layout, system, NULL);
  scene = muster_scene_new (layout, system, validator);
  muster_scene_set_flags (scene, MUSTER_RENDER_ALL & ~MUSTER_RENDER_PATTERNS);

  for (guint sprites = 0; sprites < 2; sprites++)
    {
      cairo_surface_t *surface;
      cairo_t *cr;
      int top = (int) (margin * PX_PER_MM);

      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                            (int) ceil ((72 * INCH + 2 * margin) * PX_PER_MM),
                                            (int) ceil ((48 * INCH + 2 * margin) * PX_PER_MM));
      cr = cairo_create (surface);
      cairo_scale (cr, PX_PER_MM, PX_PER_MM);
      cairo_translate (cr, margin, margin);
      muster_scene_set_screen (scene, sprites);
      muster_scene_render (scene, cr, PX_PER_MM);
      cairo_destroy (cr);
      cairo_surface_flush (surface);

      /* The badges are drawn, on the table; above it (the outlines'
       * strokes aside, a pixel or two), nothing red. */
      g_assert_cmpuint (count_red (surface, 0, top, cairo_image_surface_get_width (surface), top + 20), >, 20 * 20);
      g_assert_cmpuint (count_red (surface, 0, 0, cairo_image_surface_get_width (surface), top - 2), ==, 0);
      cairo_surface_destroy (surface);
    }

  /* Close up, a badge smaller than the base stays at its corner. */
  muster_scene_get_badge (scene, &(MusterBox) { 100, 10, 140, 50 }, 4.0, &at, &r);
  g_assert_cmpfloat (at.x, ==, 140);
  g_assert_cmpfloat (at.y, ==, 10);
  g_assert_cmpfloat (r, ==, 1.75);
  /* Seen whole, moved down until it is all on the table. */
  muster_scene_get_badge (scene, &(MusterBox) { 100, 0, 120, 20 }, PX_PER_MM, &at, &r);
  g_assert_cmpfloat (at.x, ==, 120);
  g_assert_cmpfloat (at.y - r, >, 0);
  /* Off the table: beside its base. */
  muster_scene_get_badge (scene, &(MusterBox) { 100, -50, 120, -30 }, PX_PER_MM, &at, &r);
  g_assert_cmpfloat (at.y, ==, -50);
  muster_scene_unref (scene);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/sprites/look-the-same", test_sprites_look_the_same);
  g_test_add_func ("/render/sprites/hidpi", test_sprites_hidpi);
  g_test_add_func ("/render/sprites/pasted-as-cairo-would", test_sprites_pasted_as_cairo_would);
  g_test_add_func ("/render/sprites/only-where-they-fit", test_sprites_only_where_they_fit);
  g_test_add_func ("/render/screen/grid-on-pixels", test_grid_on_pixels);
  g_test_add_func ("/render/screen/grid-in-centimetres", test_grid_in_centimetres);
  g_test_add_func ("/render/screen/short-edges", test_short_edges);
  g_test_add_func ("/render/screen/arrows-clear-of-bases", test_arrows_clear_of_bases);
  g_test_add_func ("/render/screen/piece-edge-on-own-zone", test_piece_edge_on_own_zone);
  g_test_add_func ("/render/screen/close-up-looks-at-what-shows", test_close_up_looks_at_what_shows);
  g_test_add_func ("/render/screen/zone-label-kept-exactly", test_zone_label_kept_exactly);
  g_test_add_func ("/render/screen/badges-clear-of-ruler", test_badges_clear_of_ruler);

  return g_test_run ();
}
