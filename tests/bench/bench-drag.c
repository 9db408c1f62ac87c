/* bench-drag.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How drag feedback scales with the number of pieces on the table.
 *
 * A 72″ × 48″ table of The 9th Age (Frontline Clash) carries 0, 50, 500,
 * 5,000 and 50,000 round bases on a grid over the whole table (the bases
 * shrink as they multiply, from 25 mm to 17 mm and 5 mm, so that they
 * never overlap); the
 * southern half is Red's, the northern Blue's, so the pieces between the
 * zones are illegal and carry the red mark.
 *
 * A frame is what the screen needs after the pointer moves: the board
 * view's pointer handler (which asks the validator about the piece where
 * it is now, muster_validator_check_placement()), then the view's
 * snapshot, then that snapshot drawn into a window-sized ARGB32 image
 * surface with gsk_render_node_draw(), as GSK's cairo renderer draws a
 * window: the region to repaint cleared, then the nodes drawn clipped to
 * it. Each drag is timed twice: repainting the whole window every frame
 * (an upper bound), and repainting what GTK 4.8 would, the part where the
 * frame's nodes differ from the last frame's (see frame_damage()). The
 * cairo renderer is the software-rendered case; GSK_RENDERER=cairo is set
 * unless the environment sets another, and the board view picks its way
 * of handing its cached table to GSK from the renderer of its window. Two
 * drags are timed:
 *
 *   place  a new 25 mm piece following the pointer, as when a roster
 *          entry is dragged onto the table (this works on an empty table);
 *   move   a piece of the table dragged to a new place.
 *
 * For each it prints the median of 200 frames (or FRAMES, the argument) in
 * CPU time of the thread (see bench_now()), as a multiple of the empty
 * table's "place" frame, and, for 5,000 and 50,000 pieces (issues 4 and
 * 18), as a multiple of filling
 * the same surface five times with cairo_paint() (the floor of a
 * software-rendered frame, which touches every pixel at least once),
 * timed in the same run, interleaved with the frames. Those ratios hold on
 * a shared, noisy machine where absolute times do not. The cost of
 * starting a drag (the drag's cached table is made then), of drawing the
 * whole table afresh (after zooming), and the frame after a piece is
 * nudged by an arrow key (only what changed is drawn again) are printed
 * too.
 *
 * Needs a display (any will do: xvfb-run). Built by meson on demand:
 *
 *   ninja -C BUILD tests/bench/bench-drag
 *   xvfb-run -a -s "-screen 0 1280x800x24" BUILD/tests/bench/bench-drag [FRAMES [MAX]]
 *
 * MAX leaves out the tables of more pieces (for valgrind: 5000). */

#define G_LOG_DOMAIN "bench-drag"

#include "config.h"

#include <stdio.h>

#include "bench-common.h"
#include "muster-board-view.h"

#define INCH     MUSTER_MM_PER_INCH
#define WIDTH    1200
#define HEIGHT   800

/* Frames per drag: 200, or the first argument (for valgrind). */
static guint N_FRAMES = 200;

typedef struct
{
  GtkWidget       *window;
  MusterBoardView *view;
  MusterLayout    *layout;
  MusterValidator *validator;
  GskRenderNode   *last;      /* the last frame's nodes */
} Bench;

/* The window surface every frame is drawn into. */
static cairo_surface_t *target;

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

/* A node that draws something, and where (in the root's coordinates). */
typedef struct
{
  GskRenderNode  *node;
  graphene_rect_t bounds;
} Leaf;

/* The leaves of a node tree made of containers, clips and translations;
 * FALSE if it holds any other node that has children. */
static gboolean
collect_leaves (GskRenderNode         *node,
                double                 dx,
                double                 dy,
                const graphene_rect_t *clip,
                GArray                *leaves)
{
  graphene_rect_t bounds;

  switch ((int) gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        {
          if (!collect_leaves (gsk_container_node_get_child (node, i), dx, dy, clip, leaves))
            return FALSE;
        }
      return TRUE;

    case GSK_CLIP_NODE:
      {
        graphene_rect_t c = *gsk_clip_node_get_clip (node);

        graphene_rect_offset (&c, dx, dy);
        graphene_rect_intersection (&c, clip, &c);

        return collect_leaves (gsk_clip_node_get_child (node), dx, dy, &c, leaves);
      }

    case GSK_TRANSFORM_NODE:
      {
        GskTransform *transform = gsk_transform_node_get_transform (node);
        float tx, ty;

        if (gsk_transform_get_category (transform) < GSK_TRANSFORM_CATEGORY_2D_TRANSLATE)
          return FALSE;
        gsk_transform_to_translate (transform, &tx, &ty);

        return collect_leaves (gsk_transform_node_get_child (node), dx + tx, dy + ty, clip, leaves);
      }

    case GSK_CAIRO_NODE:
    case GSK_TEXTURE_NODE:
    case GSK_COLOR_NODE:
      gsk_render_node_get_bounds (node, &bounds);
      graphene_rect_offset (&bounds, dx, dy);
      if (graphene_rect_intersection (&bounds, clip, &bounds))
        g_array_append_val (leaves, ((Leaf) { node, bounds }));
      return TRUE;

    default:
      return FALSE;
    }
}

/* As GTK 4.8 compares nodes: the same node, or texture nodes of the same
 * texture, at the same place. */
static gboolean
same_leaf (const Leaf *a,
           const Leaf *b)
{
  if (!graphene_rect_equal (&a->bounds, &b->bounds))
    return FALSE;

  if (a->node == b->node)
    return TRUE;

  return gsk_render_node_get_node_type (a->node) == GSK_TEXTURE_NODE &&
         gsk_render_node_get_node_type (b->node) == GSK_TEXTURE_NODE &&
         gsk_texture_node_get_texture (a->node) == gsk_texture_node_get_texture (b->node);
}

static gboolean
has_leaf (GArray     *leaves,
          const Leaf *leaf)
{
  for (guint i = 0; i < leaves->len; i++)
    {
      if (same_leaf (&g_array_index (leaves, Leaf, i), leaf))
        return TRUE;
    }

  return FALSE;
}

static void
add_damage (cairo_region_t        *damage,
            const graphene_rect_t *r)
{
  cairo_rectangle_int_t rect;

  rect.x = floor (r->origin.x);
  rect.y = floor (r->origin.y);
  rect.width = ceil (r->origin.x + r->size.width) - rect.x;
  rect.height = ceil (r->origin.y + r->size.height) - rect.y;
  cairo_region_union_rectangle (damage, &rect);
}

/* What GTK repaints between two frames: what a node that is not in both
 * covers (GTK 4.8 diffs the node trees; a node kept from one frame to the
 * next, at the same place, costs nothing). The whole window when the tree
 * holds nodes this does not know. */
static cairo_region_t *
frame_damage (GskRenderNode *old,
              GskRenderNode *node)
{
  cairo_rectangle_int_t all = { 0, 0, cairo_image_surface_get_width (target),
                                cairo_image_surface_get_height (target) };
  graphene_rect_t window = GRAPHENE_RECT_INIT (0, 0, all.width, all.height);
  g_autoptr(GArray) old_leaves = g_array_new (FALSE, FALSE, sizeof (Leaf));
  g_autoptr(GArray) new_leaves = g_array_new (FALSE, FALSE, sizeof (Leaf));
  cairo_region_t *damage;

  if (old == NULL || node == NULL ||
      !collect_leaves (old, 0, 0, &window, old_leaves) ||
      !collect_leaves (node, 0, 0, &window, new_leaves))
    return cairo_region_create_rectangle (&all);

  damage = cairo_region_create ();
  for (guint i = 0; i < new_leaves->len; i++)
    if (!has_leaf (old_leaves, &g_array_index (new_leaves, Leaf, i)))
      add_damage (damage, &g_array_index (new_leaves, Leaf, i).bounds);
  for (guint i = 0; i < old_leaves->len; i++)
    if (!has_leaf (new_leaves, &g_array_index (old_leaves, Leaf, i)))
      add_damage (damage, &g_array_index (old_leaves, Leaf, i).bounds);

  return damage;
}

/* The frame after a pointer move: the view's snapshot, drawn as the cairo
 * renderer draws a window: the part to repaint cleared, then the nodes
 * drawn, clipped to it. With whole, the whole window is repainted. */
static void
render_frame_full (Bench    *bench,
                   gboolean  whole)
{
  GtkWidget *widget = GTK_WIDGET (bench->view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  cairo_region_t *damage;
  cairo_t *cr;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);

  damage = frame_damage (whole ? NULL : bench->last, node);
  g_clear_pointer (&bench->last, gsk_render_node_unref);
  bench->last = node;

  cr = cairo_create (target);
  gdk_cairo_region (cr, damage);
  cairo_clip (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (target);
  cairo_region_destroy (damage);
}

static void
render_frame (Bench *bench)
{
  render_frame_full (bench, TRUE);
}

/* A frame of a drag, the whole window repainted: apart only so that a
 * profiler can pick it out (valgrind --tool=callgrind
 * --toggle-collect=drag_frame). */
static G_GNUC_NO_INLINE void
drag_frame (Bench *bench)
{
  render_frame_full (bench, TRUE);
}

/* The same, repainting only what GTK would. */
static G_GNUC_NO_INLINE void
drag_frame_damage (Bench *bench)
{
  render_frame_full (bench, FALSE);
}

/* The floor: every pixel of the window surface filled five times. */
static void
fill_five (void)
{
  cairo_t *cr = cairo_create (target);

  for (guint i = 0; i < 5; i++)
    {
      cairo_set_source_rgb (cr, 0.2 * i, 0.5, 1.0 - 0.2 * i);
      cairo_paint (cr);
    }
  cairo_destroy (cr);
  cairo_surface_flush (target);
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
  gtk_window_set_default_size (GTK_WINDOW (bench->window), WIDTH, HEIGHT);
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
  g_clear_pointer (&bench->last, gsk_render_node_unref);
}

typedef struct
{
  guint   n;
  double  full;          /* ms: the whole table drawn afresh */
  double  place_start;   /* ms: the first frame of a drag (the cache is made) */
  double  move_start;
  double  check;         /* ms: the verdict alone, per pointer move */
  double  nudge;         /* ms: a piece moved by an arrow key, and the frame */
  GArray *place;         /* ms a frame, the whole window repainted */
  GArray *move;
  GArray *place_damage;  /* ms a frame, what GTK repaints */
  GArray *move_damage;
} Result;

/* ms: the window surface filled five times, between the frames. */
static GArray *fills;

static double
elapsed_ms (double start)
{
  return (bench_now () - start) * 1e3;
}

/* The tables are timed in turns, frame by frame, so that a machine that
 * gets busier or quieter meanwhile weighs on all of them alike. Long:
 * every kind of frame is timed in the same loop, so that all of them see
 * the same machine. */
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
  double start;

  /* The whole table, drawn afresh (as after any change of the model). */
  for (guint b = 0; b < n_benches; b++)
    {
      g_array_set_size (times, 0);
      for (int i = 0; i < 5; i++)
        {
          muster_board_view_zoom_at (benches[b].view, i % 2 ? 1.001 : 1 / 1.001, w / 2, h / 2);
          start = bench_now ();
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
      start = bench_now ();
      muster_board_view_begin_placement (benches[b].view, template);
      muster_board_view_update_placement (benches[b].view, w * 0.2, h * 0.5);
      render_frame (&benches[b]);
      results[b].place_start = elapsed_ms (start);
    }

  for (guint i = 0; i < 2 * N_FRAMES; i++)
    for (guint b = 0; b < n_benches; b++)
      {
        gboolean whole = i < N_FRAMES;
        double x = w * (0.2 + 0.6 * (i % N_FRAMES) / N_FRAMES);
        double y = h * (0.3 + 0.4 * (i % 20) / 20.0);

        start = bench_now ();
        muster_board_view_update_placement (benches[b].view, x, y);
        if (whole)
          drag_frame (&benches[b]);
        else
          drag_frame_damage (&benches[b]);
        g_array_append_val (whole ? results[b].place : results[b].place_damage,
                            (double) { elapsed_ms (start) });

        if (b == n_benches - 1)
          {
            start = bench_now ();
            fill_five ();
            g_array_append_val (fills, (double) { elapsed_ms (start) });
          }
      }

  /* The verdict alone, without drawing. */
  for (guint b = 0; b < n_benches; b++)
    {
      start = bench_now ();
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
      start = bench_now ();
      muster_board_view_pointer_press (benches[b].view, moves_x[b], moves_y[b], 0);
      muster_board_view_pointer_motion (benches[b].view, moves_x[b] + 10, moves_y[b] + 10);
      render_frame (&benches[b]);
      results[b].move_start = elapsed_ms (start);
    }

  for (guint i = 0; i < 2 * N_FRAMES; i++)
    for (guint b = 0; b < n_benches; b++)
      {
        gboolean whole = i < N_FRAMES;
        double dx = 200 * sin (i * 0.1);
        double dy = 150 * cos (i * 0.13);

        if (muster_layout_get_pieces (benches[b].layout)->len == 0)
          continue;

        start = bench_now ();
        muster_board_view_pointer_motion (benches[b].view, moves_x[b] + dx, moves_y[b] + dy);
        if (whole)
          drag_frame (&benches[b]);
        else
          drag_frame_damage (&benches[b]);
        g_array_append_val (whole ? results[b].move : results[b].move_damage,
                            (double) { elapsed_ms (start) });

        if (b == n_benches - 1)
          {
            start = bench_now ();
            fill_five ();
            g_array_append_val (fills, (double) { elapsed_ms (start) });
          }
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
          start = bench_now ();
          /* The arrow keys' action itself: through the editor and its
           * history, where a run of nudges is one undo step. */
          gtk_widget_activate_action (GTK_WIDGET (benches[b].view), "board.nudge", "(iib)", i % 2 ? -1 : 1, 0, FALSE);
          render_frame (&benches[b]);
          g_array_append_val (times, (double) { elapsed_ms (start) });
        }
      results[b].nudge = percentile (times, 0.5);
    }
}

static const char *
verdict (gboolean met)
{
  return met ? "met" : "NOT met";
}

/* One line of the table: the figures of a table of r->n pieces. */
static void
print_row (const Result *r,
           double        base,
           double        base_damage)
{
  double place = percentile (r->place, 0.5);
  double place_damage = percentile (r->place_damage, 0.5);

  printf ("%6u %8.2f", r->n, r->full);
  if (r->move->len > 0)
    printf (" %8.2f", r->nudge);
  else
    printf (" %8s", "-");
  printf (" %8.3f %9.2f", r->check, r->place_start);
  if (r->move->len > 0)
    printf (" %9.2f", r->move_start);
  else
    printf (" %9s", "-");
  printf (" | %7.3f %6.2f", place, place / base);
  if (r->move->len > 0)
    {
      double move = percentile (r->move, 0.5);

      printf (" %7.3f %6.2f", move, move / base);
    }
  else
    printf (" %7s %6s", "-", "-");
  printf (" | %7.3f %6.2f", place_damage, place_damage / base_damage);
  if (r->move->len > 0)
    {
      double move = percentile (r->move_damage, 0.5);

      printf (" %7.3f %6.2f\n", move, move / base_damage);
    }
  else
    printf (" %7s %6s\n", "-", "-");
}

/* The ratios of the slower of the two drags, at 5,000 pieces (issue 4)
 * and 50,000 (issue 18: what GTK repaints at most 3× the empty table's). */
static void
print_ratios (const Result *results,
              guint         n_results,
              double        base,
              double        base_damage,
              double        fill5)
{
  for (guint i = 0; i < n_results; i++)
    {
      const Result *big = &results[i];
      g_autofree char *suffix = NULL;
      double frame, frame_damage_ms;

      if (big->n < 5000)
        continue;

      /* The 5,000-piece lines keep the names they had before 50,000. */
      suffix = big->n == 5000 ? g_strdup ("") : g_strdup_printf ("-%u", big->n);
      frame = MAX (percentile (big->place, 0.5), percentile (big->move, 0.5));
      frame_damage_ms = MAX (percentile (big->place_damage, 0.5), percentile (big->move_damage, 0.5));
      printf ("\nRatios, %u pieces (the slower of place and move):\n", big->n);
      printf ("  RATIO drag-frame%s/empty-frame %.2f (target ≤ 3: %s)\n", suffix,
              frame_damage_ms / base_damage, verdict (frame_damage_ms / base_damage <= 3));
      printf ("  RATIO drag-frame%s/fill5 %.2f (target ≤ 1: %s)\n", suffix, frame_damage_ms / fill5,
              verdict (frame_damage_ms / fill5 <= 1));
      printf ("  RATIO whole-window-frame%s/empty-frame %.2f (target ≤ 3: %s)\n", suffix, frame / base,
              verdict (frame / base <= 3));
      printf ("  RATIO whole-window-frame%s/fill5 %.2f (target ≤ 1: %s)\n", suffix, frame / fill5,
              verdict (frame / fill5 <= 1));
    }
}

int
main (int   argc,
      char *argv[])
{
  static const guint counts[] = { 0, 50, 500, 5000, 50000 };
  Result results[G_N_ELEMENTS (counts)] = { { 0 } };
  Bench benches[G_N_ELEMENTS (counts)] = { { 0 } };
  guint n_counts = G_N_ELEMENTS (counts);
  GskRenderer *renderer;
  double base, base_damage, fill5;

  if (argc > 1)
    N_FRAMES = MAX (20, (guint) g_ascii_strtoull (argv[1], NULL, 10));
  if (argc > 2)
    {
      guint64 max = g_ascii_strtoull (argv[2], NULL, 10);

      while (n_counts > 1 && counts[n_counts - 1] > max)
        n_counts--;
    }

  /* The software-rendered case, unless asked for another. */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);

  gtk_init ();
  adw_init ();

  fills = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < n_counts; i++)
    {
      results[i].n = counts[i];
      results[i].place = g_array_new (FALSE, FALSE, sizeof (double));
      results[i].move = g_array_new (FALSE, FALSE, sizeof (double));
      results[i].place_damage = g_array_new (FALSE, FALSE, sizeof (double));
      results[i].move_damage = g_array_new (FALSE, FALSE, sizeof (double));
      bench_setup (&benches[i], counts[i]);
    }

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                       gtk_widget_get_width (GTK_WIDGET (benches[0].view)),
                                       gtk_widget_get_height (GTK_WIDGET (benches[0].view)));
  renderer = gtk_native_get_renderer (GTK_NATIVE (benches[0].window));

  run (benches, results, n_counts);

  base = percentile (results[0].place, 0.5);
  base_damage = percentile (results[0].place_damage, 0.5);
  fill5 = percentile (fills, 0.5);

  printf ("Drag feedback on a 72″ × 48″ table, %d × %d view; the windows' renderer: %s\n",
          cairo_image_surface_get_width (target), cairo_image_surface_get_height (target),
          renderer != NULL ? G_OBJECT_TYPE_NAME (renderer) : "none");
  printf ("(ms of CPU; a frame is pointer move → verdict → snapshot → pixels in a\n"
          " window-sized image surface; %u frames each, the tables taken in turns)\n", N_FRAMES);
  printf ("fill × 5 (the floor): %.3f ms\n\n", fill5);
  printf ("%6s %8s %8s %8s %9s %9s | %-29s | %s\n",
          "", "", "", "", "", "", "whole window repainted", "what GTK repaints");
  printf ("%6s %8s %8s %8s %9s %9s | %7s %6s %7s %6s | %7s %6s %7s %6s\n",
          "pieces", "redraw", "nudge", "verdict", "place 1st", "move 1st",
          "place", "ratio", "move", "ratio", "place", "ratio", "move", "ratio");
  for (guint i = 0; i < n_counts; i++)
    print_row (&results[i], base, base_damage);
  printf ("\nplace: a new piece following the pointer; move: a piece of the table dragged\n"
          "ratio: median frame against the median \"place\" frame on the empty table\n"
          "whole window: the whole window cleared and drawn, every frame (an upper bound)\n"
          "what GTK repaints: only what differs from the frame before (GTK 4.8 diffs the\n"
          "       render nodes; the board view keeps its table's node from frame to frame)\n"
          "redraw: the whole table drawn afresh (after zooming, or a change of the game)\n"
          "nudge: a piece moved by an arrow key, and the frame after (only what changed\n"
          "       is drawn again)\n");

  print_ratios (results, n_counts, base, base_damage, fill5);

  for (guint i = 0; i < n_counts; i++)
    {
      bench_teardown (&benches[i]);
      g_array_unref (results[i].place);
      g_array_unref (results[i].move);
      g_array_unref (results[i].place_damage);
      g_array_unref (results[i].move_damage);
    }
  g_array_unref (fills);
  cairo_surface_destroy (target);

  return 0;
}
