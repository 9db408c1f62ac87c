/* bench-scale.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How validation and drawing cost grow from a skirmish to a mega-battle,
 * and what a frame costs against the floor of software rendering.
 *
 * For generated layouts (bench-common.h) of 50, 500, 5,000 and 50,000
 * bases, in one process and one run:
 *
 *  - validate: a full validation (muster_validator_new());
 *  - check: the drag feedback of one base (muster_validator_check_placement());
 *  - redraw fit / redraw 1:1: the whole scene drawn by the renderer into a
 *    1280 × 800 ARGB32 image surface (the size of a window; GTK's cairo
 *    renderer draws into the same kind of surface), with the table fitted
 *    to the window (every base in view) and at 1:1 on a 96 dpi screen
 *    (3.78 px/mm, some 13″ × 8″ of a crowded deployment zone in view). The
 *    board view draws this when its cache of the table is out of date:
 *    after a base is put down, a zoom, a new layout;
 *  - drag frame: a model of what the board view does after a pointer move
 *    while a base is dragged: paint its cached picture of the table (the
 *    size of the window), draw the dragged base over it, and ask the
 *    validator what the rules say of the base there. Measured at 1:1.
 *    bench-drag measures the board view itself; this one follows the
 *    frame's cost up to 50,000 bases, which no window is needed for;
 *
 * and, as yardsticks at the same window size: the frames of the empty
 * table (the table of the 5,000-base layout, with no bases: its cached
 * picture painted, a new base dragged over it, and its redraw), and
 * filling the window surface five
 * times with a solid colour (cairo_paint(), pixman's fill: the physical
 * floor of a software-rendered frame, which touches every pixel at least
 * once). Each figure is the median of repeated runs, in CPU time of the
 * thread (see bench_now()).
 *
 *   bench-scale [--quick | --growth] [--png DIR]
 *
 * --quick skips the 50,000-base layout; --png writes each size's redraws
 * to DIR (to look at). Without --quick, the growth of a full validation
 * from 5,000 to 50,000 bases is printed as a RATIO line (issue 18: at
 * most ×12 for ×10 bases), from validations of the two sizes taken in
 * turns; --growth measures that growth alone. */

#define G_LOG_DOMAIN "bench-scale"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "bench-common.h"
#include "muster-render.h"
#include "muster-system.h"
#include "muster-validate.h"

#define WIDTH 1280
#define HEIGHT 800
#define PX_PER_MM_1_1 (96.0 / BENCH_INCH)
#define SCREEN_FLAGS (MUSTER_RENDER_ALL & ~MUSTER_RENDER_PATTERNS)

typedef struct
{
  guint  n;
  double board_w;       /* inches */
  double board_h;
  double validate_ms;
  double check_us;
  double fit_ms;
  double play_ms;
  double drag_ms;
  double blit_ms;
  guint  violations;
} Row;

static const char *png_dir;

/* Runs fn until it has taken 0.4 s or 101 samples (at least 5), and
 * returns the median time of one run in ms. A sample is as many runs as
 * take a millisecond or more, so that the clock's own cost (a system
 * call) does not count. */
static double
measure (void   (*fn) (gpointer),
         gpointer data)
{
  double samples[101];
  guint n = 0;
  guint reps = 1;
  double start, t0;

  /* The first run warms the caches (fonts, zones) and sets the pace. */
  t0 = bench_now ();
  fn (data);
  t0 = bench_now () - t0;
  if (t0 < 1e-3)
    reps = MIN (1000, (guint) ceil (1e-3 / MAX (t0, 1e-7)));

  start = bench_wall ();
  while (n < G_N_ELEMENTS (samples) && (n < 5 || bench_wall () - start < 0.4))
    {
      t0 = bench_now ();
      for (guint i = 0; i < reps; i++)
        fn (data);
      samples[n++] = (bench_now () - t0) * 1e3 / reps;
    }

  return bench_median (samples, n);
}

typedef struct
{
  cairo_surface_t *surface;
  cairo_t         *cr;
  MusterScene     *scene;
  MusterLayout    *layout;
  MusterValidator *validator;
  double           cx;         /* board point at the window's centre, 1:1 */
  double           cy;
  cairo_surface_t *cache;      /* the table as the board view caches it */
  MusterPiece     *dragged;
  guint            step;
  GPtrArray       *violations;
} Frame;

static void
paint_background (cairo_t *cr)
{
  /* The window's background, as GTK clears it. */
  cairo_set_source_rgb (cr, 0.98, 0.98, 0.98);
  cairo_paint (cr);
}

static void
draw_fit (gpointer data)
{
  Frame *f = data;

  cairo_save (f->cr);
  paint_background (f->cr);
  muster_scene_render_fit (f->scene, f->cr, WIDTH, HEIGHT);
  cairo_restore (f->cr);
  cairo_surface_flush (f->surface);
}

static void
draw_play (gpointer data)
{
  Frame *f = data;

  cairo_save (f->cr);
  paint_background (f->cr);
  cairo_translate (f->cr, WIDTH / 2.0 - f->cx * PX_PER_MM_1_1, HEIGHT / 2.0 - f->cy * PX_PER_MM_1_1);
  cairo_scale (f->cr, PX_PER_MM_1_1, PX_PER_MM_1_1);
  muster_scene_render (f->scene, f->cr, PX_PER_MM_1_1);
  cairo_restore (f->cr);
  cairo_surface_flush (f->surface);
}

static void
blit_cache (Frame *f)
{
  cairo_set_source_surface (f->cr, f->cache, 0, 0);
  cairo_set_operator (f->cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (f->cr);
  cairo_set_operator (f->cr, CAIRO_OPERATOR_OVER);
}

/* The frame of a table that nothing moves on: the cached picture. */
static void
draw_blit (gpointer data)
{
  Frame *f = data;

  blit_cache (f);
  cairo_surface_flush (f->surface);
}

/* A pointer move while f->dragged is dragged: the cache, the base where
 * the pointer is, and the rules' verdict on it there (which the board
 * view shows as the base's colour). */
static void
draw_drag (gpointer data)
{
  Frame *f = data;
  double angle = f->step++ * 0.05;
  double x = f->dragged->x + 10 * cos (angle);
  double y = f->dragged->y + 10 * sin (angle);
  MusterOutline outline;
  gboolean legal;

  g_clear_pointer (&f->violations, g_ptr_array_unref);
  f->violations = muster_validator_check_placement (f->validator, f->dragged, x, y,
                                                    f->dragged->rotation);
  legal = f->violations->len == 0;

  blit_cache (f);

  cairo_save (f->cr);
  cairo_translate (f->cr, WIDTH / 2.0 - f->cx * PX_PER_MM_1_1, HEIGHT / 2.0 - f->cy * PX_PER_MM_1_1);
  cairo_scale (f->cr, PX_PER_MM_1_1, PX_PER_MM_1_1);
  muster_outline_init_base (&outline, &f->dragged->base, x, y, f->dragged->rotation);
  if (outline.kind == MUSTER_OUTLINE_CIRCLE)
    cairo_arc (f->cr, outline.centre.x, outline.centre.y, outline.radius, 0, 2 * G_PI);
  else
    for (guint i = 0; i < outline.n_points; i++)
      cairo_line_to (f->cr, outline.points[i].x, outline.points[i].y);
  cairo_close_path (f->cr);
  if (legal)
    cairo_set_source_rgba (f->cr, 0.18, 0.76, 0.49, 0.6);
  else
    cairo_set_source_rgba (f->cr, 0.88, 0.11, 0.14, 0.6);
  cairo_fill_preserve (f->cr);
  cairo_set_line_width (f->cr, 2.0 / PX_PER_MM_1_1);
  cairo_stroke (f->cr);
  muster_outline_clear (&outline);
  cairo_restore (f->cr);
  cairo_surface_flush (f->surface);
}

static void
fill_five (gpointer data)
{
  Frame *f = data;

  for (guint i = 0; i < 5; i++)
    {
      cairo_set_source_rgb (f->cr, 0.2 * i, 0.5, 1.0 - 0.2 * i);
      cairo_paint (f->cr);
    }
  cairo_surface_flush (f->surface);
}

typedef struct
{
  MusterLayout *layout;
  MusterSystem *system;
} ValidateJob;

static void
validate_once (gpointer data)
{
  ValidateJob *job = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterValidator) validator = muster_validator_new (job->layout, job->system, &error);

  g_assert_no_error (error);
}

static void
check_once (gpointer data)
{
  Frame *f = data;
  double angle = f->step++ * 0.05;
  GPtrArray *v = muster_validator_check_placement (f->validator, f->dragged,
                                                   f->dragged->x + 10 * cos (angle),
                                                   f->dragged->y + 10 * sin (angle),
                                                   f->dragged->rotation);

  g_ptr_array_unref (v);
}

/* The base nearest to (x, y), or NULL. */
static MusterPiece *
nearest_piece (MusterLayout *layout,
               double        x,
               double        y)
{
  GPtrArray *pieces = muster_layout_get_pieces (layout);
  MusterPiece *best = NULL;
  double best_d = G_MAXDOUBLE;

  for (guint i = 0; i < pieces->len; i++)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, i);
      double d = hypot (piece->x - x, piece->y - y);

      if (d < best_d)
        {
          best = piece;
          best_d = d;
        }
    }

  return best;
}

static void
write_png (Frame      *f,
           const char *name)
{
  g_autofree char *path = NULL;

  if (png_dir == NULL)
    return;

  path = g_build_filename (png_dir, name, NULL);
  cairo_surface_write_to_png (f->surface, path);
}

static void
run (MusterSystem *system,
     guint         n_board,
     guint         n,
     Row          *row)
{
  g_autoptr(MusterLayout) layout = bench_layout_new_partial (n_board, n, 1);
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(GError) error = NULL;
  ValidateJob job = { layout, system };
  g_autoptr(MusterPiece) roster_piece = NULL;
  Frame f = { 0 };
  double width = muster_layout_get_width (layout);
  double height = muster_layout_get_height (layout);
  g_autofree char *name = NULL;

  row->n = n;
  row->board_w = width / BENCH_INCH;
  row->board_h = height / BENCH_INCH;
  row->validate_ms = measure (validate_once, &job);

  validator = muster_validator_new (layout, system, &error);
  g_assert_no_error (error);
  row->violations = muster_validator_count (validator);

  f.surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  f.cr = cairo_create (f.surface);
  f.layout = layout;
  f.validator = validator;
  f.scene = muster_scene_new (layout, system, validator);
  muster_scene_set_flags (f.scene, SCREEN_FLAGS);
  /* 1:1 over the middle of the south (red) deployment zone, on the
   * board's vertical centre line: the thick of the battle line. */
  f.cx = width / 2;
  f.cy = height - (height / 2 - 12 * BENCH_INCH) / 2;

  row->fit_ms = measure (draw_fit, &f);
  name = g_strdup_printf ("fit-%u.png", n);
  write_png (&f, name);
  row->play_ms = measure (draw_play, &f);
  g_free (name);
  name = g_strdup_printf ("play-%u.png", n);
  write_png (&f, name);

  /* The board view's cache: the table as last drawn. */
  f.cache = cairo_surface_create_similar_image (f.surface, CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  {
    cairo_t *cr = cairo_create (f.cache);

    cairo_set_source_surface (cr, f.surface, 0, 0);
    cairo_paint (cr);
    cairo_destroy (cr);
  }
  row->blit_ms = measure (draw_blit, &f);

  /* On the empty table, a new base comes from a roster (it is in no
   * layout), so that both frames draw a base and ask for its verdict. */
  f.dragged = nearest_piece (layout, f.cx, f.cy);
  if (f.dragged == NULL)
    {
      MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };

      roster_piece = muster_piece_new ("new", MUSTER_PIECE_MODEL, "red", &base, f.cx, f.cy);
      f.dragged = roster_piece;
    }
  row->check_us = measure (check_once, &f) * 1e3;
  row->drag_ms = measure (draw_drag, &f);
  g_free (name);
  name = g_strdup_printf ("drag-%u.png", n);
  write_png (&f, name);

  g_clear_pointer (&f.violations, g_ptr_array_unref);
  cairo_surface_destroy (f.cache);
  muster_scene_unref (f.scene);
  cairo_destroy (f.cr);
  cairo_surface_destroy (f.surface);
}

static double
fill_five_ms (void)
{
  Frame f = { 0 };
  double ms;

  f.surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  f.cr = cairo_create (f.surface);
  ms = measure (fill_five, &f);
  cairo_destroy (f.cr);
  cairo_surface_destroy (f.surface);

  return ms;
}

static long
minor_faults (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);

  return usage.ru_minflt;
}

/* --growth: full validations of the 5,000- and 50,000-base layouts only,
 * taken in turns (a sample of each, then again), so that a change in the
 * machine's pace over the run falls on both sizes alike.
 *
 * Also counted: the page faults of each size's validations, once the
 * heap has settled (the median). Memory freed by one validation and
 * faulted in again by the next is the allocator's doing rather than the
 * validator's work, and weighs on the big table alone: its blocks are the
 * ones glibc's malloc may give back to the system. */
static double
growth_only (MusterSystem *system,
             double       *small_ms,
             double       *big_ms)
{
  g_autoptr(MusterLayout) small = bench_layout_new_partial (5000, 5000, 1);
  g_autoptr(MusterLayout) big = bench_layout_new_partial (50000, 50000, 1);
  ValidateJob jobs[2] = { { small, system }, { big, system } };
  double samples[2][41];
  double faults[2][41];
  guint n = 0;

  for (guint k = 0; k < 2; k++)
    validate_once (&jobs[k]);
  while (n < G_N_ELEMENTS (samples[0]))
    {
      for (guint k = 0; k < 2; k++)
        {
          guint reps = k == 0 ? 10 : 1;
          long faults_before = minor_faults ();
          double t0 = bench_now ();

          for (guint i = 0; i < reps; i++)
            validate_once (&jobs[k]);
          samples[k][n] = (bench_now () - t0) * 1e3 / reps;
          faults[k][n] = (double) (minor_faults () - faults_before) / reps;
        }
      n++;
    }
  *small_ms = bench_median (samples[0], n);
  *big_ms = bench_median (samples[1], n);
  printf ("  page faults per validation (median): %.0f at 5,000 bases, %.0f at 50,000\n",
          bench_median (faults[0], n), bench_median (faults[1], n));

  return *big_ms / *small_ms;
}

static const char *
verdict (gboolean met)
{
  return met ? "met" : "NOT met";
}

int
main (int   argc,
      char *argv[])
{
  static const guint sizes[] = { 50, 500, 5000, 50000 };
  MusterSystem *system;
  Row rows[G_N_ELEMENTS (sizes)];
  Row empty;
  guint n_sizes = G_N_ELEMENTS (sizes);
  const Row *big = NULL;
  gboolean growth_alone = FALSE;
  double fill5;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--quick") == 0)
        n_sizes = G_N_ELEMENTS (sizes) - 1;
      else if (strcmp (argv[i], "--growth") == 0)
        growth_alone = TRUE;
      else if (strcmp (argv[i], "--png") == 0 && i + 1 < argc)
        png_dir = argv[++i];
      else
        {
          fprintf (stderr, "usage: bench-scale [--quick | --growth] [--png DIR]\n");
          return 2;
        }
    }

  system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_assert (system != NULL);

  if (growth_alone)
    {
      double small_ms, big_ms;
      double ratio = growth_only (system, &small_ms, &big_ms);

      printf ("full validation, medians, sizes in turns: 5,000 bases %.3f ms, 50,000 bases %.3f ms\n",
              small_ms, big_ms);
      printf ("  RATIO validate-growth-5000-50000 %.2f (target ≤ 12: %s)\n", ratio, verdict (ratio <= 12));
      return 0;
    }

  fill5 = fill_five_ms ();
  run (system, 5000, 0, &empty);
  for (guint i = 0; i < n_sizes; i++)
    {
      run (system, sizes[i], sizes[i], &rows[i]);
      if (sizes[i] == 5000)
        big = &rows[i];
    }

  printf ("Window %d × %d, ARGB32 image surface; medians in one run.\n", WIDTH, HEIGHT);
  printf ("fill × 5 (the floor): %.3f ms\n\n", fill5);
  printf ("%7s %13s %11s %9s %10s %10s %8s %8s %6s\n",
          "bases", "board", "validate ms", "check µs", "redraw fit", "redraw 1:1", "blit ms", "drag ms", "errors");
  printf ("%7s %13s %11s %9.2f %10.2f %10.2f %8.3f %8.3f %6s\n", "empty", "(5,000's)", "-",
          empty.check_us, empty.fit_ms, empty.play_ms, empty.blit_ms, empty.drag_ms, "-");
  for (guint i = 0; i < n_sizes; i++)
    {
      const Row *r = &rows[i];
      g_autofree char *board = g_strdup_printf ("%.0f″×%.0f″", r->board_w, r->board_h);

      printf ("%7u %13s %11.2f %9.2f %10.2f %10.2f %8.3f %8.3f %6u\n", r->n, board, r->validate_ms,
              r->check_us, r->fit_ms, r->play_ms, r->blit_ms, r->drag_ms, r->violations);
    }

  printf ("\nGrowth for ×10 bases (×10 is linear):\n");
  for (guint i = 1; i < n_sizes; i++)
    {
      const Row *r = &rows[i];
      const Row *p = &rows[i - 1];

      printf ("  %5u → %5u: validate ×%.1f, check ×%.2f, redraw fit ×%.1f, redraw 1:1 ×%.2f, drag ×%.2f\n",
              p->n, r->n, r->validate_ms / p->validate_ms, r->check_us / p->check_us,
              r->fit_ms / p->fit_ms, r->play_ms / p->play_ms, r->drag_ms / p->drag_ms);
    }

  /* Issue 18: validation from 5,000 to 50,000 bases at most ×12 (×10 is
   * linear; the rest is the memory hierarchy's). The table's two figures
   * were taken seconds apart; the RATIO line's, in turns. */
  if (n_sizes == G_N_ELEMENTS (sizes) && big != NULL)
    {
      double small_ms, big_ms;
      double growth = growth_only (system, &small_ms, &big_ms);

      printf ("\n  RATIO validate-growth-5000-50000 %.2f (target ≤ 12: %s)\n", growth,
              verdict (growth <= 12));
      printf ("  (the sizes in turns: %.3f and %.3f ms; from the table above: ×%.2f)\n", small_ms, big_ms,
              rows[n_sizes - 1].validate_ms / big->validate_ms);
    }

  if (big != NULL)
    {
      double drag_vs_empty = big->drag_ms / empty.drag_ms;
      double drag_vs_fill = big->drag_ms / fill5;

      printf ("\nRatios, 5,000 bases:\n");
      printf ("  RATIO drag-frame/empty-frame %.2f (target ≤ 3: %s)\n", drag_vs_empty,
              verdict (drag_vs_empty <= 3));
      printf ("  RATIO drag-frame/fill5 %.2f (target ≤ 1: %s)\n", drag_vs_fill,
              verdict (drag_vs_fill <= 1));
      printf ("  RATIO redraw-1:1/empty-redraw-1:1 %.2f\n", big->play_ms / empty.play_ms);
      printf ("  RATIO redraw-1:1/fill5 %.2f\n", big->play_ms / fill5);
      printf ("  RATIO redraw-fit/empty-redraw-fit %.2f\n", big->fit_ms / empty.fit_ms);
      printf ("  RATIO redraw-fit/fill5 %.2f\n", big->fit_ms / fill5);
    }

  return 0;
}
