/* test-export.c: PDF, SVG and PNG exports, with no display, checked
 * without a PDF library: the page tree of cairo's PDF is plain text.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "muster-export.h"
#include "muster-render.h"
#include "muster-sheets.h"
#include "pdf-pages.h"
#include "muster-test-tmp.h"

#define INCH MUSTER_MM_PER_INCH
#define A4_W 595.276
#define A4_H 841.890
#define LETTER_W 612.0
#define LETTER_H 792.0
#define PNG_PX_PER_PT (150.0 / 72.0)


/* The width and height (points) of an SVG drawing. */
static PageSize
svg_size (const char *path)
{
  g_autofree char *contents = NULL;
  PageSize size;
  const char *svg, *attr;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  svg = strstr (contents, "<svg");
  g_assert_nonnull (svg);
  attr = strstr (svg, " width=\"");
  g_assert_nonnull (attr);
  size.width = g_ascii_strtod (attr + strlen (" width=\""), NULL);
  attr = strstr (svg, " height=\"");
  g_assert_nonnull (attr);
  size.height = g_ascii_strtod (attr + strlen (" height=\""), NULL);

  return size;
}

static void
assert_size (PageSize size,
             double   width,
             double   height)
{
  g_assert_cmpfloat_with_epsilon (size.width, width, 0.01);
  g_assert_cmpfloat_with_epsilon (size.height, height, 0.01);
}

static char *
export_to (const char *dir,
           const char *name,
           const MusterExportOptions *template_options)
{
  MusterExportOptions options = *template_options;
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  options.output = path;
  muster_export_run (&options, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  return path;
}

static double
distance_to_segment (MusterColor c,
                     MusterColor a,
                     MusterColor b)
{
  double ab[3] = { b.r - a.r, b.g - a.g, b.b - a.b };
  double ac[3] = { c.r - a.r, c.g - a.g, c.b - a.b };
  double len2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
  double t = len2 > 0 ? (ab[0] * ac[0] + ab[1] * ac[1] + ab[2] * ac[2]) / len2 : 0;
  double d = 0;

  t = CLAMP (t, 0, 1);
  for (int i = 0; i < 3; i++)
    d += (ac[i] - t * ab[i]) * (ac[i] - t * ab[i]);

  return sqrt (d);
}

static MusterColor
over (MusterColor under,
      MusterColor top,
      double      alpha)
{
  return (MusterColor) {
    under.r + (top.r - under.r) * alpha,
    under.g + (top.g - under.g) * alpha,
    under.b + (top.b - under.b) * alpha,
  };
}

/* Samples the exported PNG at board points an inch apart: inside a zone,
 * the pixel has that zone's tint or hatching; outside every zone, the
 * table's colour. Points near a zone's edge, under a label or an arrow
 * are left out. */
static void
check_png_zones (const char             *path,
                 MusterSystem           *system,
                 const MusterDeployment *deployment)
{
  cairo_surface_t *png = cairo_image_surface_create_from_png (path);
  g_autoptr(MusterLayout) layout = muster_export_bare_layout (system, deployment);
  g_autoptr(MusterScene) scene = muster_scene_new (layout, system, NULL);
  GPtrArray *players = muster_layout_get_players (layout);
  double w = muster_layout_get_width (layout), h = muster_layout_get_height (layout);
  double page_w = w > h ? A4_H : A4_W, page_h = w > h ? A4_W : A4_H;
  MusterRegion *zones[2] = { NULL, NULL };
  MusterColor tint[2], hatch[2], table;
  double ox, oy, scale;
  guint checked[3] = { 0 }, other = 0;
  GArray *dims;

  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, (int) ceil (page_w * PNG_PX_PER_PT));
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, (int) ceil (page_h * PNG_PX_PER_PT));

  muster_scene_set_flags (scene, MUSTER_RENDER_ALL);
  muster_scene_set_generic (scene, TRUE);
  table = muster_scene_get_table_color (scene);
  muster_sheets_fit_geometry (scene, page_w, page_h, &ox, &oy, &scale);

  /* Draw it once more, to learn where the labels and arrows went. */
  {
    cairo_surface_t *scratch = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 10, 10);
    cairo_t *cr = cairo_create (scratch);

    muster_sheets_draw_fit (scene, cr, page_w, page_h);
    cairo_destroy (cr);
    cairo_surface_destroy (scratch);
  }
  dims = muster_scene_get_dimensions (scene);

  for (guint i = 0; i < 2 && i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      tint[i] = muster_scene_get_zone_color (scene, i);
      hatch[i] = over (tint[i], muster_scene_get_player_color (scene, i), 0.65);
      if (player->zone != NULL)
        zones[i] = muster_system_resolve_zone (system, deployment, player->zone, w, h, NULL,
                                               player->role, player->short_edge, NULL);
    }

  for (double y = 0.5 * INCH; y < h; y += INCH)
    for (double x = 0.5 * INCH; x < w; x += INCH)
      {
        MusterPoint p = { x, y };
        int expected = 2, got = -1;
        gboolean skip = FALSE;
        int px = (int) ((ox + x * scale) * PNG_PX_PER_PT);
        int py = (int) ((oy + y * scale) * PNG_PX_PER_PT);
        const guint8 *row;
        guint32 pixel;
        MusterColor c;

        for (int z = 0; z < 2; z++)
          {
            MusterBox box;

            if (zones[z] == NULL)
              continue;
            if (muster_region_contains_point (zones[z], p))
              expected = z;
            for (int k = 0; k < 4; k++)
              {
                MusterPoint q = { x + (k == 0 ? 0.6 : k == 1 ? -0.6 : 0) * INCH,
                                  y + (k == 2 ? 0.6 : k == 3 ? -0.6 : 0) * INCH };

                if (muster_region_contains_point (zones[z], q) != muster_region_contains_point (zones[z], p))
                  skip = TRUE;
              }
            if (muster_scene_get_zone_label_box (scene, z, &box) &&
                x > box.x0 - INCH && x < box.x1 + INCH && y > box.y0 - INCH && y < box.y1 + INCH)
              skip = TRUE;
          }
        for (guint i = 0; i < dims->len; i++)
          {
            const MusterDimension *d = &g_array_index (dims, MusterDimension, i);
            double ux = (d->to.x - d->from.x) / d->length, uy = (d->to.y - d->from.y) / d->length;
            double along = (x - d->from.x) * ux + (y - d->from.y) * uy;
            double across = fabs ((x - d->from.x) * uy - (y - d->from.y) * ux);

            if (along > -INCH && along < d->length + INCH && across < 0.75 * INCH)
              skip = TRUE;
            if (x > d->label.x0 - INCH && x < d->label.x1 + INCH && y > d->label.y0 - INCH && y < d->label.y1 + INCH)
              skip = TRUE;
          }
        if (skip)
          continue;

        row = cairo_image_surface_get_data (png) + py * cairo_image_surface_get_stride (png);
        pixel = ((const guint32 *) row)[px];
        c = (MusterColor) { ((pixel >> 16) & 0xff) / 255.0, ((pixel >> 8) & 0xff) / 255.0, (pixel & 0xff) / 255.0 };

        for (int z = 0; z < 2; z++)
          if (zones[z] != NULL && distance_to_segment (c, tint[z], hatch[z]) < 0.06)
            got = z;
        if (got < 0 && distance_to_segment (c, table, table) < 0.06)
          got = 2;

        if (got < 0)
          {
            /* Something else: a line of the grid, a Centre Line dash. */
            other++;
            continue;
          }
        if (got != expected)
          g_error ("%s: at (%.1f″, %.1f″) the pixel is %s, the zones say %s", path, x / INCH, y / INCH,
                   got == 2 ? "the table" : got == 0 ? "red" : "blue",
                   expected == 2 ? "the table" : expected == 0 ? "red" : "blue");
        checked[got]++;
      }

  g_assert_cmpuint (other * 10, <, checked[0] + checked[1] + checked[2]);
  g_assert_cmpuint (checked[2], >, 50);
  for (int z = 0; z < 2; z++)
    if (zones[z] != NULL)
      g_assert_cmpuint (checked[z], >, 50);

  g_clear_pointer (&zones[0], muster_region_unref);
  g_clear_pointer (&zones[1], muster_region_unref);
  cairo_surface_destroy (png);
}

/* Every deployment type of every system to PDF, SVG and PNG: one page the
 * way round the table is, on A4 by default. */
static void
test_export_every_deployment (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  GPtrArray *systems = muster_system_registry_list (muster_system_registry_get_default ());
  guint exported = 0;

  for (guint s = 0; s < systems->len; s++)
    {
      MusterSystem *system = g_ptr_array_index (systems, s);
      GPtrArray *deployments = muster_system_get_deployments (system);
      const MusterBoardPreset *board = muster_system_get_default_board (system);
      gboolean wide = board->width > board->height;

      for (guint d = 0; d < deployments->len; d++)
        {
          const MusterDeployment *deployment = g_ptr_array_index (deployments, d);
          MusterExportOptions options = {
            .system_id = muster_system_get_id (system),
            .deployment_id = deployment->id,
          };
          g_autofree char *pdf = NULL, *svg = NULL, *png = NULL;
          g_autoptr(GArray) pages = NULL;
          g_autofree char *base = g_strdup_printf ("%s-%s", muster_system_get_id (system), deployment->id);
          g_autofree char *pdf_name = g_strconcat (base, ".pdf", NULL);
          g_autofree char *svg_name = g_strconcat (base, ".svg", NULL);
          g_autofree char *png_name = g_strconcat (base, ".png", NULL);

          pdf = export_to (dir, pdf_name, &options);
          pages = pdf_pages (pdf);
          g_assert_cmpuint (pages->len, ==, 1);
          assert_size (g_array_index (pages, PageSize, 0), wide ? A4_H : A4_W, wide ? A4_W : A4_H);

          svg = export_to (dir, svg_name, &options);
          assert_size (svg_size (svg), wide ? A4_H : A4_W, wide ? A4_W : A4_H);

          png = export_to (dir, png_name, &options);
          if (deployment->zones->len > 0)
            check_png_zones (png, system, deployment);

          g_unlink (pdf);
          g_unlink (svg);
          g_unlink (png);
          exported++;
        }
    }

  g_assert_cmpuint (exported, >=, 8);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static GBytes *
read_bytes (const char *path)
{
  g_autofree char *contents = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));

  return g_bytes_new_take (g_steal_pointer (&contents), len);
}

/* The window's export: its validator, with the layout as it is in
 * memory (unsaved edits too), the pieces or the zones alone, the rulers
 * in its units. */
static void
test_export_layout_in_memory (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *input = g_build_filename (TEST_DATA_DIR, "examples", "t9a-frontline-clash-mixed.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (input);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = muster_layout_new_from_file (file, &error);
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(GBytes) from_file = NULL;
  g_autoptr(GBytes) in_memory = NULL;
  g_autoptr(GBytes) zones = NULL;
  g_autoptr(GBytes) cm = NULL;
  g_autoptr(GBytes) edited = NULL;
  MusterExportOptions options = { 0 };
  GPtrArray *pieces;
  char *path;

  g_assert_no_error (error);
  validator = muster_validator_new (layout,
                                    muster_system_registry_lookup (muster_system_registry_get_default (), "t9a"),
                                    &error);
  g_assert_no_error (error);
  pieces = muster_layout_get_pieces (layout);
  g_assert_cmpuint (pieces->len, >, 0);
  g_assert_cmpuint (muster_layout_get_terrain (layout)->len, >, 0);

  options.input = input;
  path = export_to (dir, "file.png", &options);
  from_file = read_bytes (path);
  g_unlink (path);
  g_free (path);

  /* As read, the same drawing as from the file. */
  options = (MusterExportOptions) { .validator = validator };
  path = export_to (dir, "memory.png", &options);
  in_memory = read_bytes (path);
  g_unlink (path);
  g_free (path);
  g_assert_true (g_bytes_equal (from_file, in_memory));

  /* Centimetres on the rulers. */
  options.units = MUSTER_UNIT_CM;
  path = export_to (dir, "cm.png", &options);
  cm = read_bytes (path);
  g_unlink (path);
  g_free (path);
  g_assert_false (g_bytes_equal (cm, in_memory));

  /* The zones alone draw as the same table with nothing on it. */
  options = (MusterExportOptions) { .validator = validator, .no_pieces = TRUE };
  path = export_to (dir, "zones.png", &options);
  zones = read_bytes (path);
  g_unlink (path);
  g_free (path);
  g_assert_false (g_bytes_equal (zones, in_memory));

  while (pieces->len > 0)
    g_assert_true (muster_layout_remove_piece (layout, ((MusterPiece *) g_ptr_array_index (pieces, 0))->id));
  while (muster_layout_get_terrain (layout)->len > 0)
    g_assert_true (muster_layout_remove_terrain (layout,
                                                 ((MusterTerrain *) g_ptr_array_index (muster_layout_get_terrain (layout), 0))->id));
  options = (MusterExportOptions) { .validator = validator };
  path = export_to (dir, "edited.png", &options);
  edited = read_bytes (path);
  g_unlink (path);
  g_free (path);
  /* An edit not saved is drawn. */
  g_assert_false (g_bytes_equal (edited, in_memory));
  g_assert_true (g_bytes_equal (edited, zones));
}

/* Fit to the page, on A4 or Letter, a page per deployment type. */
static void
test_export_pdf_fit (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  struct {
    const char *system, *paper;
    gboolean all;
    guint pages;
    double width, height;
  } cases[] = {
    { "t9a", NULL, FALSE, 1, A4_H, A4_W },
    { "t9a", "a4", FALSE, 1, A4_H, A4_W },
    { "t9a", "A4", FALSE, 1, A4_H, A4_W },
    { "t9a", "letter", FALSE, 1, LETTER_H, LETTER_W },
    { "t9a", "letter", TRUE, 6, LETTER_H, LETTER_W },
    { "t9a", "a4", TRUE, 6, A4_H, A4_W },
    { "infinity", "a4", FALSE, 1, A4_W, A4_H },
    { "infinity", "letter", TRUE, 1, LETTER_W, LETTER_H },
    { "ti4", "letter", FALSE, 1, LETTER_W, LETTER_H },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterExportOptions options = {
        .system_id = cases[i].system,
        .paper = cases[i].paper,
        .all_deployments = cases[i].all,
      };
      g_autofree char *pdf = export_to (dir, "fit.pdf", &options);
      g_autoptr(GArray) pages = pdf_pages (pdf);

      g_assert_cmpuint (pages->len, ==, cases[i].pages);
      for (guint p = 0; p < pages->len; p++)
        assert_size (g_array_index (pages, PageSize, p), cases[i].width, cases[i].height);
      g_unlink (pdf);
    }

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Fitted, title, table and legend stand in the middle of the page: a
 * square table on portrait paper does not hang from the top over half a
 * page of nothing, and a table that fills the page's height keeps its
 * place under the title. */
static void
test_export_fit_centred (void)
{
  MusterSystemRegistry *registry = muster_system_registry_get_default ();
  struct {
    const char *system;
    double page_w, page_h;
    gboolean spare;
  } cases[] = {
    { "infinity", A4_W, A4_H, TRUE },
    { "t9a", A4_H, A4_W, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterSystem *system = muster_system_registry_lookup (registry, cases[i].system);
      const MusterDeployment *deployment = g_ptr_array_index (muster_system_get_deployments (system), 0);
      g_autoptr(MusterLayout) layout = muster_export_bare_layout (system, deployment);
      g_autoptr(MusterScene) scene = muster_scene_new (layout, system, NULL);
      double ox, oy, scale, margin, top, bottom;

      muster_sheets_fit_geometry (scene, cases[i].page_w, cases[i].page_h, &ox, &oy, &scale);
      margin = muster_scene_get_margin (scene) * scale;
      top = oy - margin;
      bottom = cases[i].page_h - (oy + muster_layout_get_height (layout) * scale + margin);

      /* The page's margin (36 pt) and the title's line (30 pt) above, the
       * legend's rows below. */
      if (cases[i].spare)
        {
          g_assert_cmpfloat (top, >, 36 + 30 + 60);
          g_assert_cmpfloat (bottom, >, 60);
          g_assert_cmpfloat (fabs ((top - 30) - (bottom - 10)), <, 60);
        }
      else
        {
          g_assert_cmpfloat_with_epsilon (top, 36 + 30, 1e-9);
        }
    }
}

/* True scale: as many sheets as the plan, each of the paper, turned the
 * way that needs fewer (see test-render's /render/sheets/plan). */
static void
test_export_pdf_true_scale (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *layout_file = g_build_filename (TEST_DATA_DIR, "examples", "t9a-encircle-mixed.muster", NULL);
  struct {
    const char *input, *system, *deployment, *paper;
    guint pages;
    double width, height;
  } cases[] = {
    { NULL, "t9a", "frontline-clash", "a4", 49, A4_H, A4_W },
    { NULL, "t9a", "encircle", "letter", 50, LETTER_W, LETTER_H },
    { NULL, "infinity", "standard", "a4", 35, A4_W, A4_H },
    { NULL, "infinity", "standard", "letter", 35, LETTER_W, LETTER_H },
    { layout_file, NULL, NULL, "a4", 49, A4_H, A4_W },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterExportOptions options = {
        .input = cases[i].input,
        .system_id = cases[i].system,
        .deployment_id = cases[i].deployment,
        .paper = cases[i].paper,
        .scale = "1:1",
      };
      g_autofree char *pdf = export_to (dir, "tiles.pdf", &options);
      g_autoptr(GArray) pages = pdf_pages (pdf);

      g_assert_cmpuint (pages->len, ==, cases[i].pages);
      g_assert_cmpuint (pages->len, >, 12);
      for (guint p = 0; p < pages->len; p++)
        assert_size (g_array_index (pages, PageSize, p), cases[i].width, cases[i].height);
      g_unlink (pdf);
    }

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A true-scale SVG is one drawing of the whole table and its ruler at
 * 72 points an inch: 72" + 2 × 1¼" by 48" + 2 × 1¼". */
static void
test_export_svg_true_scale (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  MusterExportOptions options = { .system_id = "t9a", .deployment_id = "dawn-assault", .scale = "1:1" };
  g_autofree char *svg = export_to (dir, "table.svg", &options);

  assert_size (svg_size (svg), 74.5 * 72, 50.5 * 72);
  g_unlink (svg);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Every wrong request is refused with a clear error and writes nothing. */
static void
test_export_refuses (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *layout_file = g_build_filename (TEST_DATA_DIR, "examples", "t9a-encircle-mixed.muster", NULL);
  struct {
    MusterExportOptions options;
    const char *name;
    int code;
    const char *mentions;
  } cases[] = {
    { { .system_id = "t9a" }, "diagram.doc", MUSTER_EXPORT_ERROR_FORMAT, ".pdf" },
    { { .system_id = "t9a" }, "diagram", MUSTER_EXPORT_ERROR_FORMAT, "diagram" },
    { { .system_id = "nope" }, "diagram.pdf", MUSTER_EXPORT_ERROR_ARGUMENTS, "nope" },
    { { .system_id = "t9a", .deployment_id = "nope" }, "diagram.pdf", MUSTER_EXPORT_ERROR_ARGUMENTS, "nope" },
    { { .deployment_id = "encircle" }, "diagram.pdf", MUSTER_EXPORT_ERROR_ARGUMENTS, "--system" },
    { { .system_id = "t9a", .paper = "a3" }, "diagram.pdf", MUSTER_EXPORT_ERROR_ARGUMENTS, "a3" },
    { { .system_id = "t9a", .scale = "1:2" }, "diagram.pdf", MUSTER_EXPORT_ERROR_ARGUMENTS, "1:2" },
    { { .system_id = "t9a", .all_deployments = TRUE }, "diagram.svg", MUSTER_EXPORT_ERROR_ARGUMENTS, "PDF" },
    { { .system_id = "t9a", .all_deployments = TRUE }, "diagram.png", MUSTER_EXPORT_ERROR_ARGUMENTS, "PDF" },
    { { .system_id = "t9a", .scale = "1:1" }, "diagram.png", MUSTER_EXPORT_ERROR_ARGUMENTS, "1:1" },
    { { .system_id = "t9a", .deployment_id = "encircle", .all_deployments = TRUE }, "diagram.pdf",
      MUSTER_EXPORT_ERROR_ARGUMENTS, "--all-deployments" },
    { { .input = layout_file, .system_id = "t9a" }, "diagram.pdf", MUSTER_EXPORT_ERROR_ARGUMENTS, "--system" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GDir) listing = NULL;

      cases[i].options.output = path;
      g_assert_false (muster_export_run (&cases[i].options, &error));
      g_assert_error (error, MUSTER_EXPORT_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].mentions));

      listing = g_dir_open (dir, 0, NULL);
      g_assert_null (g_dir_read_name (listing));
    }

  /* A layout that cannot be read, and a place that cannot be written. */
  {
    MusterExportOptions options = { .input = "/nonexistent/none.muster" };
    g_autofree char *path = g_build_filename (dir, "diagram.pdf", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GDir) listing = NULL;

    options.output = path;
    g_assert_false (muster_export_run (&options, &error));
    g_assert_nonnull (error);
    listing = g_dir_open (dir, 0, NULL);
    g_assert_null (g_dir_read_name (listing));
  }
  {
    g_autofree char *path = g_build_filename (dir, "missing", "diagram.pdf", NULL);
    MusterExportOptions options = { .output = path, .system_id = "t9a" };
    g_autoptr(GError) error = NULL;
    g_autoptr(GDir) listing = NULL;

    g_assert_false (muster_export_run (&options, &error));
    g_assert_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_WRITE);
    listing = g_dir_open (dir, 0, NULL);
    g_assert_null (g_dir_read_name (listing));
  }

  /* A file its owner made read-only is left as it was, and nothing is
   * drawn for it (read from its mode: root, as CI runs, may write any
   * file). */
  {
    g_autofree char *path = g_build_filename (dir, "diagram.pdf", NULL);
    MusterExportOptions options = { .output = path, .system_id = "t9a" };
    g_autoptr(GError) error = NULL;
    g_autofree char *contents = NULL;
    g_autoptr(GDir) listing = NULL;

    g_assert_true (g_file_set_contents (path, "kept", -1, NULL));
    g_assert_cmpint (g_chmod (path, 0444), ==, 0);
    g_assert_false (muster_export_run (&options, &error));
    g_assert_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_WRITE);
    g_assert_nonnull (strstr (error->message, "read-only"));
    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    g_assert_cmpstr (contents, ==, "kept");
    listing = g_dir_open (dir, 0, NULL);
    g_assert_cmpstr (g_dir_read_name (listing), ==, "diagram.pdf");
    g_assert_null (g_dir_read_name (listing));
    g_assert_cmpint (g_unlink (path), ==, 0);
  }

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A bare diagram puts the players where the window does: red south,
 * attacker, west short edge (Dawn Assault drew blue on the west). */
static void
test_bare_layout_places (void)
{
  MusterSystem *t9a = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  GPtrArray *deployments = muster_system_get_deployments (t9a);

  for (guint i = 0; i < deployments->len; i++)
    {
      const MusterDeployment *deployment = g_ptr_array_index (deployments, i);
      g_autoptr(MusterLayout) layout = muster_export_bare_layout (t9a, deployment);
      GPtrArray *players = muster_layout_get_players (layout);

      for (guint p = 0; p < 2; p++)
        {
          const MusterPlayer *player = g_ptr_array_index (players, p);
          MusterPlace place;

          muster_system_get_default_place (t9a, deployment, NULL, muster_layout_get_width (layout),
                                           muster_layout_get_height (layout), p, NULL,
                                           p == 1 ? ((MusterPlayer *) g_ptr_array_index (players, 0))->zone : NULL,
                                           &place);
          g_assert_cmpstr (player->zone, ==, place.zone);
          g_assert_cmpstr (player->role, ==, p == 0 ? "attacker" : "defender");
          g_assert_cmpstr (player->short_edge, ==, p == 0 ? "west" : "east");
          g_assert_true (g_str_has_prefix (player->zone, p == 0 ? "south" : "north"));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export/every-deployment", test_export_every_deployment);
  g_test_add_func ("/export/bare-layout-places", test_bare_layout_places);
  g_test_add_func ("/export/pdf/fit", test_export_pdf_fit);
  g_test_add_func ("/export/pdf/fit-centred", test_export_fit_centred);
  g_test_add_func ("/export/pdf/true-scale", test_export_pdf_true_scale);
  g_test_add_func ("/export/svg/true-scale", test_export_svg_true_scale);
  g_test_add_func ("/export/refuses", test_export_refuses);
  g_test_add_func ("/export/layout-in-memory", test_export_layout_in_memory);

  return g_test_run ();
}
