/* bench-drag.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How drag feedback scales with the number of pieces on the table.
 *
 * A 72″ × 48″ table of The 9th Age (Frontline Clash) carries 0, 50, 500
 * and 5,000 round bases on a grid over the whole table (the bases shrink
 * as they multiply, from 25 mm to 17 mm, so that they never overlap); the
 * southern half is Red's, the northern Blue's, so the pieces between the
 * zones are illegal and carry the red mark.
 *
 * A frame is what the screen needs after the pointer moves: the board
 * view's pointer handler (which asks the validator about the piece where
 * it is now, muster_validator_check_placement()), then the view's
 * snapshot, then that snapshot rendered to pixels by GSK's cairo renderer
 * (the renderer the tests use; the GL renderer uploads the cached table
 * once, so it can only do better). Two drags are timed:
 *
 *   place  a new 25 mm piece following the pointer, as when a roster
 *          entry is dragged onto the table (this works on an empty table);
 *   move   a piece of the table dragged to a new place.
 *
 * For each it prints the median and the 95th percentile of 200 frames,
 * and the median as a multiple of the empty table's "place" frame, which
 * is the ratio that holds on a shared, noisy machine where absolute times
 * do not. The cost of starting a drag (the cached table is made then) and
 * of drawing the whole table afresh (after zooming), and the frame after a
 * piece is nudged by an arrow key (only what changed is drawn again), are
 * printed too.
 *
 * The table (grid, zones, terrain, and the pieces that do not move) is
 * cached as a texture and rebuilt only when it changes, so a frame should
 * cost about the same at 5,000 pieces as on an empty table.
 *
 * Needs a display (any will do: xvfb-run). Built by meson on demand:
 *
 *   ninja -C BUILD tests/bench/bench-drag
 *   xvfb-run -a -s "-screen 0 1280x800x24" BUILD/tests/bench/bench-drag
 */

#define G_LOG_DOMAIN "bench-drag"

#include "config.h"

#include <stdio.h>

#include "muster-board-view.h"

#define INCH     MUSTER_MM_PER_INCH
#define N_FRAMES 200

typedef struct
{
  GtkWidget       *window;
  MusterBoardView *view;
  MusterLayout    *layout;
  MusterValidator *validator;
  GskRenderer     *renderer;
} Bench;

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *times,
            double  p)
{
  g_array_sort (times, compare_doubles);

  return g_array_index (times, double, MIN (times->len - 1, (guint) (p * times->len)));
}

static void
wait_for_size (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((gtk_widget_get_width (widget) <= 0 || !gtk_widget_get_mapped (widget)) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* The frame after a pointer move: the view's snapshot, rendered. */
static void
render_frame (Bench *bench)
{
  GtkWidget *widget = GTK_WIDGET (bench->view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return;

  texture = gsk_renderer_render_texture (bench->renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
}

static void
populate (Bench *bench,
          guint  n)
{
  double width = muster_layout_get_width (bench->layout);
  double height = muster_layout_get_height (bench->layout);
  double spacing = n > 0 ? sqrt (width * height / n) : width;
  double diameter = MIN (25.0, spacing * 0.8);
  guint columns = MAX (1, (guint) floor (width / spacing));
  guint rows = n / columns + 1;
  guint placed = 0;

  for (guint j = 0; j < rows && placed < n; j++)
    for (guint i = 0; i < columns && placed < n; i++)
      {
        MusterBase base = { MUSTER_BASE_ROUND, diameter, diameter };
        double x = (i + 0.5) * width / columns;
        double y = (j + 0.5) * height / rows;
        g_autofree char *id = g_strdup_printf ("m%u", placed);
        MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_MODEL,
                                               y > height / 2 ? "red" : "blue", &base, x, y);

        muster_layout_add_piece (bench->layout, piece);
        placed++;
      }
}

static void
bench_setup (Bench *bench,
             guint  n)
{
  MusterSystem *system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  g_autoptr(MusterScene) scene = NULL;
  g_autoptr(GError) error = NULL;

  g_assert (system != NULL);

  bench->layout = muster_layout_new ("t9a", "frontline-clash", 72 * INCH, 48 * INCH);
  populate (bench, n);
  bench->validator = muster_validator_new (bench->layout, system, &error);
  g_assert_no_error (error);

  scene = muster_scene_new (bench->layout, system, bench->validator);
  bench->view = MUSTER_BOARD_VIEW (muster_board_view_new ());
  muster_board_view_set_validator (bench->view, bench->validator);
  muster_board_view_set_scene (bench->view, scene);

  bench->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (bench->window), 1200, 800);
  gtk_window_set_child (GTK_WINDOW (bench->window), GTK_WIDGET (bench->view));
  gtk_window_present (GTK_WINDOW (bench->window));
  wait_for_size (GTK_WIDGET (bench->view));
}

static void
bench_teardown (Bench *bench)
{
  gtk_window_destroy (GTK_WINDOW (bench->window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_clear_object (&bench->validator);
  g_clear_object (&bench->layout);
}

typedef struct
{
  guint   n;
  double  full;          /* ms: the whole table drawn afresh */
  double  place_start;   /* ms: the first frame of a drag (the cache is made) */
  double  move_start;
  double  check;         /* ms: the verdict alone, per pointer move */
  double  nudge;         /* ms: a piece moved by an arrow key, and the frame */
  GArray *place;         /* ms a frame */
  GArray *move;
} Result;

static double
elapsed_ms (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* The tables are timed in turns, frame by frame, so that a machine that
 * gets busier or quieter meanwhile weighs on all of them alike. */
static void
run (Bench  *benches,
     Result *results,
     guint   n_benches)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  g_autoptr(MusterPiece) template = muster_piece_new ("x", MUSTER_PIECE_MODEL, "red", &base, 0, 0);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  double w = gtk_widget_get_width (GTK_WIDGET (benches[0].view));
  double h = gtk_widget_get_height (GTK_WIDGET (benches[0].view));
  double *moves_x = g_newa (double, n_benches);
  double *moves_y = g_newa (double, n_benches);
  gint64 start;

  /* The whole table, drawn afresh (as after any change of the model). */
  for (guint b = 0; b < n_benches; b++)
    {
      g_array_set_size (times, 0);
      for (int i = 0; i < 5; i++)
        {
          muster_board_view_zoom_at (benches[b].view, i % 2 ? 1.001 : 1 / 1.001, w / 2, h / 2);
          start = g_get_monotonic_time ();
          render_frame (&benches[b]);
          g_array_append_val (times, (double) { elapsed_ms (start) });
        }
      results[b].full = percentile (times, 0.5);
      muster_board_view_zoom_reset (benches[b].view);
      render_frame (&benches[b]);
    }

  /* A new piece following the pointer across the table. */
  for (guint b = 0; b < n_benches; b++)
    {
      start = g_get_monotonic_time ();
      muster_board_view_begin_placement (benches[b].view, template);
      muster_board_view_update_placement (benches[b].view, w * 0.2, h * 0.5);
      render_frame (&benches[b]);
      results[b].place_start = elapsed_ms (start);
    }

  for (guint i = 0; i < N_FRAMES; i++)
    for (guint b = 0; b < n_benches; b++)
      {
        double x = w * (0.2 + 0.6 * i / N_FRAMES);
        double y = h * (0.3 + 0.4 * (i % 20) / 20.0);

        start = g_get_monotonic_time ();
        muster_board_view_update_placement (benches[b].view, x, y);
        render_frame (&benches[b]);
        g_array_append_val (results[b].place, (double) { elapsed_ms (start) });
      }

  /* The verdict alone, without drawing. */
  for (guint b = 0; b < n_benches; b++)
    {
      start = g_get_monotonic_time ();
      for (guint i = 0; i < N_FRAMES; i++)
        muster_board_view_update_placement (benches[b].view, w * (0.2 + 0.6 * i / N_FRAMES), h * 0.5);
      results[b].check = elapsed_ms (start) / N_FRAMES;
      muster_board_view_finish_placement (benches[b].view, FALSE);
    }

  /* A piece of the table, dragged. */
  for (guint b = 0; b < n_benches; b++)
    {
      GPtrArray *pieces = muster_layout_get_pieces (benches[b].layout);
      const MusterPiece *piece;

      if (pieces->len == 0)
        continue;

      piece = g_ptr_array_index (pieces, pieces->len / 2);
      muster_board_view_board_to_widget (benches[b].view, (MusterPoint) { piece->x, piece->y },
                                         &moves_x[b], &moves_y[b]);
      start = g_get_monotonic_time ();
      muster_board_view_pointer_press (benches[b].view, moves_x[b], moves_y[b], 0);
      muster_board_view_pointer_motion (benches[b].view, moves_x[b] + 10, moves_y[b] + 10);
      render_frame (&benches[b]);
      results[b].move_start = elapsed_ms (start);
    }

  for (guint i = 0; i < N_FRAMES; i++)
    for (guint b = 0; b < n_benches; b++)
      {
        double dx = 200 * sin (i * 0.1);
        double dy = 150 * cos (i * 0.13);

        if (muster_layout_get_pieces (benches[b].layout)->len == 0)
          continue;

        start = g_get_monotonic_time ();
        muster_board_view_pointer_motion (benches[b].view, moves_x[b] + dx, moves_y[b] + dy);
        render_frame (&benches[b]);
        g_array_append_val (results[b].move, (double) { elapsed_ms (start) });
      }

  for (guint b = 0; b < n_benches; b++)
    muster_board_view_cancel (benches[b].view);

  /* After a change of the model: one piece nudged, as by an arrow key. */
  for (guint b = 0; b < n_benches; b++)
    {
      GPtrArray *pieces = muster_layout_get_pieces (benches[b].layout);
      MusterPiece *piece;

      if (pieces->len == 0)
        continue;

      piece = g_ptr_array_index (pieces, pieces->len / 3);
      muster_board_view_select_piece (benches[b].view, piece->serial, FALSE);
      render_frame (&benches[b]);
      g_array_set_size (times, 0);
      for (guint i = 0; i < N_FRAMES / 4; i++)
        {
          start = g_get_monotonic_time ();
          muster_board_view_move_selection (benches[b].view, (i % 2 ? -1 : 1) * INCH, 0);
          render_frame (&benches[b]);
          g_array_append_val (times, (double) { elapsed_ms (start) });
        }
      results[b].nudge = percentile (times, 0.5);
    }
}

int
main (int   argc,
      char *argv[])
{
  static const guint counts[] = { 0, 50, 500, 5000 };
  Result results[G_N_ELEMENTS (counts)] = { { 0 } };
  Bench benches[G_N_ELEMENTS (counts)] = { { 0 } };
  g_autoptr(GError) error = NULL;
  GskRenderer *renderer;
  double base;

  gtk_init ();
  adw_init ();

  renderer = gsk_cairo_renderer_new ();
  if (!gsk_renderer_realize (renderer, NULL, &error))
    {
      g_printerr ("No renderer: %s\n", error->message);
      return 1;
    }

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      results[i].n = counts[i];
      results[i].place = g_array_new (FALSE, FALSE, sizeof (double));
      results[i].move = g_array_new (FALSE, FALSE, sizeof (double));
      benches[i].renderer = renderer;
      bench_setup (&benches[i], counts[i]);
    }

  run (benches, results, G_N_ELEMENTS (counts));

  base = percentile (results[0].place, 0.5);

  printf ("Drag feedback on a 72″ × 48″ table, 1200 × 800 view, GSK cairo renderer\n");
  printf ("(ms; a frame is pointer move → verdict → snapshot → pixels; %u frames each,\n"
          " the tables taken in turns)\n\n", N_FRAMES);
  printf ("%6s %8s %8s %8s %9s %8s %8s %6s %9s %8s %8s %6s\n",
          "pieces", "redraw", "nudge", "verdict", "place 1st", "place", "p95", "ratio",
          "move 1st", "move", "p95", "ratio");
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      Result *r = &results[i];
      double place = percentile (r->place, 0.5);
      double place_p95 = percentile (r->place, 0.95);

      printf ("%6u %8.2f %8.2f %8.3f %9.2f %8.2f %8.2f %6.2f",
              r->n, r->full, r->nudge, r->check, r->place_start, place, place_p95, place / base);
      if (r->move->len > 0)
        {
          double move = percentile (r->move, 0.5);

          printf (" %9.2f %8.2f %8.2f %6.2f\n",
                  r->move_start, move, percentile (r->move, 0.95), move / base);
        }
      else
        printf (" %9s %8s %8s %6s\n", "-", "-", "-", "-");
    }
  printf ("\nratio: median frame against the median \"place\" frame on the empty table\n"
          "redraw: the whole table drawn afresh (after zooming, or a change of the game)\n"
          "nudge: a piece moved by an arrow key, and the frame after (only what changed\n"
          "       is drawn again)\n");

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      bench_teardown (&benches[i]);
      g_array_unref (results[i].place);
      g_array_unref (results[i].move);
    }
  gsk_renderer_unrealize (renderer);
  g_object_unref (renderer);

  return 0;
}
