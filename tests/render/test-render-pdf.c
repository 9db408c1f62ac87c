/* test-render-pdf.c: what the renderer writes on a page (a PDF), beside
 * what it draws on a screen.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <math.h>

#include "muster-export.h"
#include "muster-render.h"
#include "muster-sheets.h"
#include "pdf-pages.h"

#define INCH MUSTER_MM_PER_INCH

/* The bare diagram of a deployment type, as the export draws it. */
static MusterScene *
bare_scene (const char    *system_id,
            const char    *deployment_id,
            MusterLayout **layout_out)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), system_id);
  const MusterDeployment *deployment;
  MusterScene *scene;

  g_assert_nonnull (system);
  deployment = muster_system_lookup_deployment (system, deployment_id);
  g_assert_nonnull (deployment);
  *layout_out = muster_export_bare_layout (system, deployment);
  scene = muster_scene_new (*layout_out, system, NULL);
  muster_scene_set_generic (scene, TRUE);

  return scene;
}

/* The words of the contents of a PDF of the scene drawn with flags at
 * scale times true scale. */
static GStrv
pdf_words_at (MusterScene      *scene,
              MusterRenderFlags flags,
              double            scale)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-render-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "scene.pdf", NULL);
  g_autofree char *streams = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  muster_scene_set_flags (scene, flags);
  surface = cairo_pdf_surface_create (path, 80 * INCH * MUSTER_PT_PER_MM, 56 * INCH * MUSTER_PT_PER_MM);
  cr = cairo_create (surface);
  cairo_scale (cr, scale * MUSTER_PT_PER_MM, scale * MUSTER_PT_PER_MM);
  cairo_translate (cr, 4 * INCH / scale, 4 * INCH / scale);
  muster_scene_render (scene, cr, scale * MUSTER_PT_PER_MM);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);

  streams = pdf_streams (path);
  g_unlink (path);
  g_rmdir (dir);

  return g_strsplit_set (streams, " \n", -1);
}

static GStrv
pdf_words (MusterScene      *scene,
           MusterRenderFlags flags)
{
  return pdf_words_at (scene, flags, 1.0);
}

static guint
count_words (GStrv       words,
             const char *word)
{
  guint n = 0;

  for (guint i = 0; words[i] != NULL; i++)
    n += g_str_equal (words[i], word);

  return n;
}

/* "[a b …] offset d": a dash pattern, not the empty one. */
static guint
count_dash_patterns (GStrv words)
{
  guint n = 0;

  for (guint i = 2; words[i] != NULL; i++)
    n += g_str_equal (words[i], "d") && g_str_has_suffix (words[i - 2], "]") && !g_str_equal (words[i - 2], "[]");

  return n;
}

/* A zone's hatching is a dashed stroke across its lines, not a path of
 * hundreds of lines (four numbers each, which cairo formats one by one);
 * /render/sheets/overlaps-agree checks that the lines keep their place,
 * and the export's tests that they look as they did. */
static void
test_hatching_one_stroke (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = bare_scene ("t9a", "encircle", &layout);
  g_auto(GStrv) words = pdf_words (scene, MUSTER_RENDER_ZONES | MUSTER_RENDER_PATTERNS);

  /* The two zones' hatching, and the centre line's dashes; the zones'
   * outlines, three rectangles each, and the three strokes. */
  g_assert_cmpuint (count_dash_patterns (words), ==, 3);
  g_assert_cmpuint (count_words (words, "m"), <, 20);

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

/* A zone's name is text (which a reader finds and selects) on a plate:
 * one rounded box, four curves, where a halo was every curve of every
 * letter's outline (some 140 for Encircle's two names). */
static void
test_zone_names_text (void)
{
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = bare_scene ("t9a", "encircle", &layout);
  g_auto(GStrv) words = pdf_words (scene, MUSTER_RENDER_ZONES | MUSTER_RENDER_LABELS);

  g_assert_cmpuint (count_words (words, "BT"), ==, 2);
  g_assert_cmpuint (count_words (words, "c"), ==, 2 * 4);

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

/* The characters a word of the contents shows, between its parentheses:
 * "[(3)-38(2)]TJ" shows "32". */
static char *
shown_by (const char *word)
{
  GString *shown = g_string_new (NULL);
  gboolean inside = FALSE;

  for (const char *c = word; *c != '\0'; c++)
    {
      if (*c == '(' || *c == ')')
        inside = *c == '(';
      else if (inside)
        g_string_append_c (shown, *c);
    }

  return g_string_free (shown, FALSE);
}

/* Whether a text shown is text: "[(3)-38(2)]TJ" and "(32)Tj" show "32";
 * with at_start, a text that starts so, up to a space ("(170 cm)Tj" is
 * split at its space among the words, and starts "170"). */
static gboolean
shows (GStrv       words,
       const char *text,
       gboolean    at_start)
{
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *shown = NULL;

      if (at_start ? !g_str_has_prefix (words[i], "(") && !g_str_has_prefix (words[i], "[(")
                   : !g_str_has_suffix (words[i], "]TJ") && !g_str_has_suffix (words[i], ")Tj"))
        continue;
      shown = shown_by (words[i]);
      if (g_str_equal (shown, text))
        return TRUE;
    }

  return FALSE;
}

static gboolean
shows_text (GStrv       words,
            const char *text)
{
  return shows (words, text, FALSE);
}

static gboolean
shows_text_start (GStrv       words,
                  const char *text)
{
  return shows (words, text, TRUE);
}

/* A table's edge between two labels of its ruler is labelled (32″), and
 * takes the place of a label too close to it (30″). */
static void
test_ruler_edge_label (void)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "infinity");
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", "standard", 32 * INCH, 24 * INCH);
  g_autoptr(MusterScene) scene = muster_scene_new (layout, system, NULL);
  g_auto(GStrv) words = pdf_words (scene, MUSTER_RENDER_RULER);

  g_assert_true (shows_text (words, "24"));
  g_assert_true (shows_text (words, "32"));
  g_assert_false (shows_text (words, "30"));
}

/* Zoomed out, labels every 24″ and some 40 px apart: the edge of a table
 * 472.44″ long is 16.44″ past the label of 456″, more than half the
 * spacing, but its longer label would run into that one, which gives it
 * its place. */
static void
test_ruler_edge_label_long (void)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 12000, 8000);
  g_autoptr(MusterScene) scene = muster_scene_new (layout, system, NULL);
  /* 24″ to 41 px, a point taken for a pixel. */
  g_auto(GStrv) words = pdf_words_at (scene, MUSTER_RENDER_RULER, 41.0 / (24 * INCH) / MUSTER_PT_PER_MM);

  g_assert_true (shows_text (words, "432"));
  g_assert_true (shows_text (words, "472.44"));
  g_assert_false (shows_text (words, "456"));
  g_assert_true (shows_text (words, "314.96"));
}

/* The scene of a 72″ × 48″ table drawn at px pixels a millimetre on
 * white, with a margin of margin mm all round (for the rulers). */
static cairo_surface_t *
render_on_white (MusterScene *scene,
                 double       px,
                 double       margin)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ((72 * INCH + 2 * margin) * px),
                                                         (int) ((48 * INCH + 2 * margin) * px));
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, px, px);
  cairo_translate (cr, margin, margin);
  muster_scene_render (scene, cr, px);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* The grey of the darkest pixel within a pixel of (x, y), 0 to 255. */
static int
darkest_near (cairo_surface_t *surface,
              double           x,
              double           y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int darkest = 255;

  for (int j = (int) floor (y) - 1; j <= (int) floor (y) + 1; j++)
    for (int i = (int) floor (x) - 1; i <= (int) floor (x) + 1; i++)
      darkest = MIN (darkest, (int) (((const guint32 *) (data + j * stride))[i] & 0xff));

  return darkest;
}

/* The label of the table's far edge ends at the edge, within the ruler,
 * where centred on it "182.88 cm" ran past the table; the labels it
 * would touch give it their place ("170 cm" and "180 cm"), the others
 * stay. At the scale of a window (0.44 px a millimetre). */
static void
test_ruler_edge_label_within (void)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  g_autoptr(MusterScene) scene = muster_scene_new (layout, system, NULL);
  const double px = 0.44, margin = 4 * INCH;
  g_auto(GStrv) words = NULL;
  cairo_surface_t *surface;
  int right, bottom;

  muster_scene_set_units (scene, MUSTER_UNIT_CM);
  words = pdf_words_at (scene, MUSTER_RENDER_RULER, px / MUSTER_PT_PER_MM);
  g_assert_true (shows_text_start (words, "182.88"));
  g_assert_true (shows_text_start (words, "160"));
  g_assert_false (shows_text_start (words, "170"));
  g_assert_false (shows_text_start (words, "180"));

  surface = render_on_white (scene, px, margin);

  /* Nothing of the labels past the table's east edge above it, nor past
   * its south edge beside it. */
  right = (int) ceil ((margin + 72 * INCH) * px) + 1;
  bottom = (int) ceil ((margin + 48 * INCH) * px) + 1;
  for (int y = 0; y < (int) (margin * px); y++)
    for (int x = right; x < cairo_image_surface_get_width (surface); x++)
      g_assert_cmpint (darkest_near (surface, x + 1, y + 1), ==, 255);
  for (int y = bottom; y < cairo_image_surface_get_height (surface) - 2; y++)
    for (int x = 1; x < (int) (margin * px); x++)
      g_assert_cmpint (darkest_near (surface, x, y), ==, 255);

  cairo_surface_destroy (surface);
}

/* The table's rulers: a tick every inch, longer every 6″ (every
 * centimetre, longer every 10), none between, along both edges to their
 * ends; on a page, as a few dashed strokes rather than a path of a tick
 * each. */
static void
test_ruler_ticks (gconstpointer data)
{
  MusterUnit units = GPOINTER_TO_INT (data);
  MusterLayout *layout = NULL;
  g_autoptr(MusterScene) scene = bare_scene ("t9a", "encircle", &layout);
  g_auto(GStrv) words = NULL;
  const double px = 2.0, margin = 2 * INCH;
  const double step = units == MUSTER_UNIT_CM ? 10 : INCH;
  const int every = units == MUSTER_UNIT_CM ? 10 : 6;
  /* Across the ruler: where short and long ticks are, where long ones. */
  const double both = -0.15 * INCH - 0.1 * INCH, long_only = -0.15 * INCH - 0.25 * INCH;
  cairo_surface_t *surface;

  muster_scene_set_units (scene, units);
  words = pdf_words (scene, MUSTER_RENDER_RULER);
  g_assert_cmpuint (count_dash_patterns (words), >=, 2);
  g_assert_cmpuint (count_words (words, "m"), <, 10);

  surface = render_on_white (scene, px, margin);

  for (int west = 0; west < 2; west++)
    for (int k = 0; k * step <= (west ? 48 : 72) * INCH; k++)
      {
        double along = (k * step + margin) * px;
        double mid = ((k + 0.5) * step + margin) * px;
        double at_both = (both + margin) * px, at_long = (long_only + margin) * px;

        g_assert_cmpint (west ? darkest_near (surface, at_both, along) : darkest_near (surface, along, at_both), <, 200);
        if (k % every == 0)
          g_assert_cmpint (west ? darkest_near (surface, at_long, along) : darkest_near (surface, along, at_long), <, 200);
        else
          g_assert_cmpint (west ? darkest_near (surface, at_long, along) : darkest_near (surface, along, at_long), >, 250);
        if ((k + 1) * step <= (west ? 48 : 72) * INCH)
          g_assert_cmpint (west ? darkest_near (surface, at_both, mid) : darkest_near (surface, mid, at_both), >, 250);
      }
  cairo_surface_destroy (surface);

  muster_scene_unref (g_steal_pointer (&scene));
  g_assert_finalize_object (layout);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render-pdf/hatching-one-stroke", test_hatching_one_stroke);
  g_test_add_func ("/render-pdf/zone-names-text", test_zone_names_text);
  g_test_add_func ("/render-pdf/ruler-edge-label", test_ruler_edge_label);
  g_test_add_func ("/render-pdf/ruler-edge-label-long", test_ruler_edge_label_long);
  g_test_add_func ("/render-pdf/ruler-edge-label-within", test_ruler_edge_label_within);
  g_test_add_data_func ("/render-pdf/ruler-ticks/inch", GINT_TO_POINTER (MUSTER_UNIT_INCH), test_ruler_ticks);
  g_test_add_data_func ("/render-pdf/ruler-ticks/cm", GINT_TO_POINTER (MUSTER_UNIT_CM), test_ruler_ticks);

  return g_test_run ();
}
