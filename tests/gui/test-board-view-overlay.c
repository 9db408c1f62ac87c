/* test-board-view-overlay.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "board-view-helpers.h"
#include "muster-board-view-private.h"
#include "muster-render-private.h"

/* What the board view draws over the table, as pixels: the rulers pinned
 * to its edges, the selection around a base. */

/* The view as it draws itself, on an image surface of its size. */
static cairo_surface_t *
render_view (Fixture *fixture)
{
  GtkWidget *view = GTK_WIDGET (fixture->view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  GTK_WIDGET_GET_CLASS (view)->snapshot (view, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gtk_widget_get_width (view), gtk_widget_get_height (view));
  cr = cairo_create (surface);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* A pixel's premultiplied components, 0 to 1: red, green, blue, alpha. */
static void
get_pixel (cairo_surface_t *surface,
           int              x,
           int              y,
           double           rgba[4])
{
  const guchar *data = cairo_image_surface_get_data (surface);
  guint32 pixel = *(const guint32 *) (gconstpointer) (data + y * cairo_image_surface_get_stride (surface) + 4 * x);

  rgba[0] = ((pixel >> 16) & 0xff) / 255.0;
  rgba[1] = ((pixel >> 8) & 0xff) / 255.0;
  rgba[2] = (pixel & 0xff) / 255.0;
  rgba[3] = (pixel >> 24) / 255.0;
}

/* How many pixels of a row (or a column) are drawn dark: ticks. */
static guint
count_dark (cairo_surface_t *surface,
            int              at,
            gboolean         column)
{
  int n = column ? cairo_image_surface_get_height (surface) : cairo_image_surface_get_width (surface);
  guint dark = 0;

  for (int i = 0; i < n; i++)
    {
      double rgba[4];

      get_pixel (surface, column ? at : i, column ? i : at, rgba);
      if (rgba[3] > 0.9 && (rgba[0] + rgba[1] + rgba[2]) / 3 < 0.55)
        dark++;
    }

  return dark;
}

/* Issue 17: zoomed in, the table's own rulers scroll away; rulers pinned
 * to the view's top and left edges say where on the table the view is. */
static void
test_pinned_rulers (Fixture       *fixture,
                    gconstpointer  data)
{
  int width = gtk_widget_get_width (GTK_WIDGET (fixture->view));
  int height = gtk_widget_get_height (GTK_WIDGET (fixture->view));
  cairo_surface_t *surface;
  double rgba[4];

  /* The whole table: its own rulers show, in its margin; nothing is
   * drawn along the view's top edge. */
  surface = render_view (fixture);
  get_pixel (surface, width / 2, 2, rgba);
  g_assert_cmpfloat (rgba[3], ==, 0);
  cairo_surface_destroy (surface);

  /* Four times closer, in the middle of the table: bands along the top
   * and the left, with a tick every quarter inch, wholly opaque (what
   * scrolled under them does not show through). */
  muster_board_view_zoom_at (fixture->view, 4, width / 2.0, height / 2.0);
  surface = render_view (fixture);
  get_pixel (surface, width / 2, 2, rgba);
  g_assert_cmpfloat (rgba[3], ==, 1.0);
  get_pixel (surface, 2, height / 2, rgba);
  g_assert_cmpfloat (rgba[3], ==, 1.0);
  /* The short ticks' row and column, 3 to 5 px inside the bands. */
  g_assert_cmpuint (count_dark (surface, MUSTER_VIEW_RULER_DEPTH - 4, FALSE), >=, width / 20);
  g_assert_cmpuint (count_dark (surface, MUSTER_VIEW_RULER_DEPTH - 4, TRUE), >=, height / 20);
  cairo_surface_destroy (surface);

  /* Nothing under the bands shows through them: a big base slid under
   * the top band leaves its pixels as they were. */
  {
    MusterBase block = { MUSTER_BASE_RECT, 600, 600 };
    MusterPoint top;
    cairo_surface_t *before = render_view (fixture);
    cairo_surface_t *after;
    guint changed = 0;

    muster_board_view_widget_to_board (fixture->view, width / 2.0, MUSTER_VIEW_RULER_DEPTH / 2.0, &top);
    muster_board_view_place_piece (fixture->view,
                                   muster_piece_new ("under", MUSTER_PIECE_UNIT, "red", &block, top.x, top.y));
    spin ();
    after = render_view (fixture);
    for (int y = 0; y < MUSTER_VIEW_RULER_DEPTH - 1; y++)
      for (int x = (int) MUSTER_VIEW_RULER_DEPTH; x < width; x++)
        {
          double pa[4], pb[4];

          get_pixel (before, x, y, pa);
          get_pixel (after, x, y, pb);
          if (fabs (pa[0] - pb[0]) + fabs (pa[1] - pb[1]) + fabs (pa[2] - pb[2]) > 0)
            changed++;
        }
    g_assert_cmpuint (changed, ==, 0);
    cairo_surface_destroy (before);
    cairo_surface_destroy (after);
  }

  /* And back: gone again. */
  muster_board_view_zoom_reset (fixture->view);
  surface = render_view (fixture);
  get_pixel (surface, width / 2, 2, rgba);
  g_assert_cmpfloat (rgba[3], ==, 0);
  cairo_surface_destroy (surface);
}

/* The pixels that differ between two pictures of the view. */
static guint
count_all_changed (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  guint changed = 0;

  for (int y = 0; y < cairo_image_surface_get_height (a); y++)
    for (int x = 0; x < cairo_image_surface_get_width (a); x++)
      {
        double pa[4], pb[4];

        get_pixel (a, x, y, pa);
        get_pixel (b, x, y, pb);
        if (fabs (pa[0] - pb[0]) + fabs (pa[1] - pb[1]) + fabs (pa[2] - pb[2]) > 0.02)
          changed++;
      }

  return changed;
}

/* That partial, the view drawn as it was (then freed), is the picture of
 * the whole table drawn again (units changed and changed back). */
static void
assert_as_whole_table (Fixture         *fixture,
                       cairo_surface_t *partial)
{
  cairo_surface_t *whole;

  muster_board_view_set_units (fixture->view, MUSTER_UNIT_MM);
  muster_board_view_set_units (fixture->view, MUSTER_UNIT_INCH);
  whole = render_view (fixture);
  g_assert_cmpuint (count_all_changed (partial, whole), ==, 0);
  cairo_surface_destroy (partial);
  cairo_surface_destroy (whole);
}

/* A base put down on a zone's name moves the name out of its way: the
 * table redrawn around the base alone must show no piece of the name
 * where it was, the same picture as the whole table drawn again. */
static void
test_moved_label_leaves_nothing (Fixture       *fixture,
                                 gconstpointer  data)
{
  MusterScene *scene = muster_board_view_get_scene (fixture->view);
  MusterBase block = { MUSTER_BASE_RECT, 60, 40 };
  cairo_surface_t *partial;
  MusterBox before, after;

  cairo_surface_destroy (render_view (fixture));
  g_assert_true (muster_scene_get_zone_label_box (scene, 0, &before));
  muster_board_view_place_piece (fixture->view,
                                 muster_piece_new ("on-name", MUSTER_PIECE_UNIT, "red", &block,
                                                   (before.x0 + before.x1) / 2, (before.y0 + before.y1) / 2));
  spin ();
  partial = render_view (fixture);
  g_assert_true (muster_scene_get_zone_label_box (scene, 0, &after));
  g_assert_false (after.x0 == before.x0 && after.y0 == before.y0);

  assert_as_whole_table (fixture, partial);
}

/* The view redraws only the pieces whose verdicts the validator says
 * changed: a unit that an enemy comes to touch, and leaves, gets and
 * loses its red badge though it never moved, as the whole table drawn
 * again shows it. */
static void
test_partner_badge_follows (Fixture       *fixture,
                            gconstpointer  data)
{
  MusterLayout *layout = fixture->view->layout;
  MusterValidator *validator = fixture->view->validator;
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  /* In their zones' corners, away from the zones' names (which moving
   * out of a piece's way has the whole table drawn again). */
  MusterPiece *red = muster_board_view_place_piece (fixture->view,
                                                    muster_piece_new ("r1", MUSTER_PIECE_MODEL, "red",
                                                                      &base, 6 * INCH, 45 * INCH));
  MusterPiece *blue = muster_board_view_place_piece (fixture->view,
                                                     muster_piece_new ("b1", MUSTER_PIECE_MODEL, "blue",
                                                                       &base, 66 * INCH, 3 * INCH));
  double home_x = blue->x, home_y = blue->y;

  g_assert_nonnull (red);
  g_assert_nonnull (blue);
  spin ();
  g_assert_cmpuint (muster_validator_get_piece_violations (validator, red->serial)->len, ==, 0);
  g_assert_cmpuint (muster_validator_get_piece_violations (validator, blue->serial)->len, ==, 0);

  /* Close enough that the red piece's badge is well clear of where the
   * blue one comes, 22 mm from it (within a unit's spacing); with no
   * selection, whose dimensions would have the whole table drawn again. */
  muster_board_view_unselect_all (fixture->view);
  {
    double wx, wy;

    to_widget (fixture, red->x, red->y, &wx, &wy);
    muster_board_view_zoom_at (fixture->view, 8, wx, wy);
  }
  cairo_surface_destroy (render_view (fixture));

  for (guint step = 0; step < 2; step++)
    {
      if (step == 0)
        muster_layout_move_piece (layout, blue, red->x + 25 + 22, red->y, 0);
      else
        muster_layout_move_piece (layout, blue, home_x, home_y, 0);
      spin ();
      g_assert_cmpuint (muster_validator_get_piece_violations (validator, red->serial)->len, ==, step == 0 ? 1 : 0);
      assert_as_whole_table (fixture, render_view (fixture));
    }
}

/* A base hanging off the north edge, the table seen whole: its badge
 * is moved down onto the table (muster_scene_get_badge()), further from
 * the base than at a corner, and must be drawn away with it when it goes,
 * as the whole table drawn again shows. */
static void
test_moved_badge_leaves_nothing (Fixture       *fixture,
                                 gconstpointer  data)
{
  MusterLayout *layout = fixture->view->layout;
  MusterValidator *validator = fixture->view->validator;
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *blue = muster_board_view_place_piece (fixture->view,
                                                     muster_piece_new ("b1", MUSTER_PIECE_MODEL, "blue",
                                                                       &base, 66 * INCH, 3 * INCH));

  g_assert_nonnull (blue);
  muster_board_view_unselect_all (fixture->view);
  spin ();
  cairo_surface_destroy (render_view (fixture));

  for (guint step = 0; step < 2; step++)
    {
      /* A millimetre of it on the table, then back home. */
      if (step == 0)
        muster_layout_move_piece (layout, blue, blue->x, -11.5, 0);
      else
        muster_layout_move_piece (layout, blue, 66 * INCH, 3 * INCH, 0);
      spin ();
      g_assert_cmpint (muster_validator_get_piece_violations (validator, blue->serial)->len > 0, ==, step == 0);
      assert_as_whole_table (fixture, render_view (fixture));
    }
}

/* How many pixels within radius (less a pixel) of (x, y) differ between
 * two pictures; counted in *inside. */
static guint
count_changed (cairo_surface_t *a,
               cairo_surface_t *b,
               double           x,
               double           y,
               double           radius,
               guint           *inside)
{
  guint changed = 0;

  for (int j = floor (y - radius); j <= ceil (y + radius); j++)
    for (int i = floor (x - radius); i <= ceil (x + radius); i++)
      {
        double pa[4], pb[4];

        if (hypot (i + 0.5 - x, j + 0.5 - y) > radius - 1)
          continue;

        (*inside)++;
        get_pixel (a, i, j, pa);
        get_pixel (b, i, j, pb);
        if (fabs (pa[0] - pb[0]) + fabs (pa[1] - pb[1]) + fabs (pa[2] - pb[2]) > 0.02)
          changed++;
      }

  return changed;
}

/* Issue 17: at whole-table zoom a 25 mm base is some 11 px across; the
 * selection and the rotation handle must leave every pixel of it as it
 * is drawn unselected, and of the red badge of an illegal one. */
static void
test_selection_leaves_base (Fixture       *fixture,
                            gconstpointer  data)
{
  MusterBase round = { MUSTER_BASE_ROUND, 25, 25 };
  double scale = muster_board_view_get_scale (fixture->view);
  double r = 12.5 * scale;

  g_assert_cmpfloat_with_epsilon (muster_board_view_get_zoom (fixture->view), 1, 1e-9);
  g_assert_cmpfloat (r, <, 8);

  /* In Red's zone, and in no man's land: illegal, with a badge. */
  for (guint k = 0; k < 2; k++)
    {
      MusterPiece *piece = muster_board_view_place_piece (fixture->view,
                                                          muster_piece_new ("m", MUSTER_PIECE_MODEL, "red", &round,
                                                                            30 * INCH, (k == 0 ? 42 : 24) * INCH));
      cairo_surface_t *selected, *plain;
      guint inside = 0, badge = 0;
      double x, y;

      g_assert_true (muster_board_view_is_selected (fixture->view, piece->serial));
      g_assert_cmpuint (count_violations (fixture, piece), ==, k == 0 ? 0 : 1);
      to_widget (fixture, piece->x, piece->y, &x, &y);

      spin ();
      selected = render_view (fixture);
      muster_board_view_unselect_all (fixture->view);
      plain = render_view (fixture);

      g_assert_cmpuint (count_changed (selected, plain, x, y, r, &inside), ==, 0);
      g_assert_cmpuint (inside, >, 20);
      if (k == 1)
        {
          /* The badge: 7 px round the top-right corner of the base's
           * bounds. */
          g_assert_cmpuint (count_changed (selected, plain, x + r, y - r, 7, &badge), ==, 0);
          g_assert_cmpuint (badge, >, 50);
        }

      cairo_surface_destroy (selected);
      cairo_surface_destroy (plain);
    }
}

static guint
count_lines (const char *text)
{
  guint n = 1;

  for (const char *p = text; *p != '\0'; p++)
    n += *p == '\n';

  return n;
}

/* A piece dragged into a crowd: the bubble says the first reasons and
 * how many more, the feedback keeps them all. */
static void
test_bubble_says_how_many_more (Fixture       *fixture,
                                gconstpointer  data)
{
  MusterBase round = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece;
  const char *reasons = NULL;
  g_autofree char *more = NULL;
  cairo_surface_t *surface;
  gboolean legal = TRUE;
  double x, y, tx, ty;
  guint n;

  for (guint i = 0; i < 8; i++)
    muster_board_view_place_piece (fixture->view,
                                   muster_piece_new ("m", MUSTER_PIECE_MODEL, "red", &round,
                                                     30 * INCH + 3 * i, 42 * INCH + 2 * i));
  piece = muster_board_view_place_piece (fixture->view,
                                         muster_piece_new ("m", MUSTER_PIECE_MODEL, "red", &round,
                                                           20 * INCH, 42 * INCH));
  spin ();

  to_widget (fixture, piece->x, piece->y, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  to_widget (fixture, 30 * INCH + 10, 42 * INCH + 7, &tx, &ty);
  muster_board_view_pointer_motion (fixture->view, tx, ty);
  /* Only the bubble's reasons are put in words at each step; all of
   * them when asked for. */
  g_assert_nonnull (fixture->view->feedback_bubble);
  g_assert_null (fixture->view->feedback);
  g_assert_true (muster_board_view_get_feedback (fixture->view, &legal, &reasons));
  g_assert_false (legal);
  n = count_lines (reasons);
  g_assert_cmpuint (n, >=, 8);

  surface = render_view (fixture);
  cairo_surface_destroy (surface);
  g_assert_nonnull (fixture->view->bubble_text);
  g_assert_cmpuint (count_lines (fixture->view->bubble_text), ==, 5);
  /* The first four as they are. */
  g_assert_cmpint (strncmp (reasons, fixture->view->bubble_text,
                            strrchr (fixture->view->bubble_text, '\n') - fixture->view->bubble_text + 1), ==, 0);
  more = g_strdup_printf ("And %u more problems", n - 4);
  g_assert_true (g_str_has_suffix (fixture->view->bubble_text, more));

  muster_board_view_pointer_release (fixture->view, x, y);
}

/* A piece being dragged keeps its name on its base, and Prone's marks:
 * the frames of pieces that differ only in these differ. */
static void
test_drag_keeps_name (Fixture       *fixture,
                      gconstpointer  data)
{
  MusterBase block = { MUSTER_BASE_RECT, 200, 150 };
  const char *names[] = { "Knights", "Archers", "Knights" };
  cairo_surface_t *frames[3];
  double x, y, tx, ty;

  for (guint k = 0; k < 3; k++)
    {
      MusterPiece *shown = muster_piece_new ("u", MUSTER_PIECE_UNIT, "red", &block, 20 * INCH, 40 * INCH);
      MusterPiece *piece;

      shown->name = g_strdup (names[k]);
      /* The third lies down, and shows it as on the table. */
      shown->prone = k == 2;
      piece = muster_board_view_place_piece (fixture->view, shown);
      spin ();

      to_widget (fixture, piece->x, piece->y, &x, &y);
      muster_board_view_pointer_press (fixture->view, x, y, 0);
      to_widget (fixture, 40 * INCH, 40 * INCH, &tx, &ty);
      muster_board_view_pointer_motion (fixture->view, tx, ty);
      frames[k] = render_view (fixture);
      muster_board_view_pointer_release (fixture->view, x, y);
      muster_board_view_delete_selection (fixture->view);
      spin ();
    }

  {
    guint inside = 0;
    guint changed = count_changed (frames[0], frames[1], tx, ty, 40, &inside);

    g_assert_cmpuint (inside, >, 1000);
    g_assert_cmpuint (changed, >, 20);

    inside = 0;
    changed = count_changed (frames[0], frames[2], tx, ty, 40, &inside);
    g_assert_cmpuint (changed, >, 20);
  }

  cairo_surface_destroy (frames[0]);
  cairo_surface_destroy (frames[1]);
  cairo_surface_destroy (frames[2]);
}

/* The smallest drawing (a cairo node) of the tree that covers the point
 * (x, y), in widget coordinates (the table's covers all): FALSE when
 * none does. found starts empty. */
static gboolean
drawing_at (GskRenderNode   *node,
            double           dx,
            double           dy,
            double           x,
            double           y,
            graphene_rect_t *found)
{
  GskRenderNodeType type = gsk_render_node_get_node_type (node);
  graphene_rect_t bounds;
  gboolean any = FALSE;

  if (type == GSK_CONTAINER_NODE)
    {
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        any |= drawing_at (gsk_container_node_get_child (node, i), dx, dy, x, y, found);
      return any;
    }
  if (type == GSK_CLIP_NODE)
    return drawing_at (gsk_clip_node_get_child (node), dx, dy, x, y, found);
  if (type == GSK_TRANSFORM_NODE)
    {
      float tx = 0, ty = 0;

      gsk_transform_to_translate (gsk_transform_node_get_transform (node), &tx, &ty);
      return drawing_at (gsk_transform_node_get_child (node), dx + tx, dy + ty, x, y, found);
    }
  if (type != GSK_CAIRO_NODE)
    return FALSE;

  gsk_render_node_get_bounds (node, &bounds);
  graphene_rect_offset (&bounds, dx, dy);
  if (!graphene_rect_contains_point (&bounds, &GRAPHENE_POINT_INIT (x, y)) ||
      (found->size.width > 0 && bounds.size.width >= found->size.width))
    return FALSE;
  *found = bounds;

  return TRUE;
}

/* Issue 18: a frame of a drag costs what its overlay covers. A piece
 * moved leaves no ring where it was, so the overlay covers where it is
 * now, not all the way from where it came from. */
static void
test_move_overlay_stays_with_piece (Fixture       *fixture,
                                    gconstpointer  data)
{
  MusterBase round = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_board_view_place_piece (fixture->view,
                                                      muster_piece_new ("m", MUSTER_PIECE_MODEL, "red", &round,
                                                                        20 * INCH, 42 * INCH));
  GtkWidget *view = GTK_WIDGET (fixture->view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  graphene_rect_t overlay = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  double x, y, tx, ty;

  spin ();
  g_assert_true (muster_board_view_is_selected (fixture->view, piece->serial));
  to_widget (fixture, piece->x, piece->y, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  to_widget (fixture, 40 * INCH, 42 * INCH, &tx, &ty);
  muster_board_view_pointer_motion (fixture->view, tx, ty);

  GTK_WIDGET_GET_CLASS (view)->snapshot (view, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_true (drawing_at (node, 0, 0, tx, ty, &overlay));
  g_assert_false (graphene_rect_contains_point (&overlay, &GRAPHENE_POINT_INIT (x, y)));
  g_assert_cmpfloat (overlay.size.width, <, (tx - x) / 2);

  muster_board_view_pointer_release (fixture->view, tx, ty);
}

/* Issue 18: a crowded table's bases that look alike are drawn once and
 * copied (muster_scene_set_screen()), on screen only: the scene the
 * view shares with exports draws exactly again after. */
static void
test_crowd_from_sprites (Fixture       *fixture,
                         gconstpointer  data)
{
  MusterBase base = { MUSTER_BASE_RECT, 25, 25 };
  cairo_surface_t *surface;

  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *id = g_strdup_printf ("crowd%u", i);
      MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_UNIT, i % 2 ? "red" : "blue", &base,
                                             (2 + (i % 20) * 3) * INCH, (4 + (i / 20) * 4) * INCH);

      piece->rotation = i % 2 ? 0 : 180;
      g_assert_true (muster_layout_add_piece (fixture->layout, piece));
    }
  spin ();

  surface = render_view (fixture);
  g_assert_cmpuint (fixture->view->scene->sprite_copies, >=, 200);
  g_assert_false (fixture->view->scene->screen);
  cairo_surface_destroy (surface);
}

/* The box around a piece of terrain. */
static MusterBox
terrain_box (const MusterTerrain *t)
{
  MusterBox box;

  g_assert_true (muster_terrain_get_bounds (t, &box));

  return box;
}

/* Terrain added from the menu (Alt+3 and the like) goes to the middle of
 * the view, or near it where other terrain is not: three forests and a
 * building, none on another, all on the table. */
static void
test_new_terrain_clear (Fixture       *fixture,
                        gconstpointer  data)
{
  static const char * const presets[] = { "small-building", "forest", "forest", "forest" };
  GPtrArray *terrain = muster_layout_get_terrain (fixture->layout);

  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.add-terrain", "s", presets[i]));
  g_assert_cmpuint (terrain->len, ==, G_N_ELEMENTS (presets));

  for (guint i = 0; i < terrain->len; i++)
    {
      MusterBox a = terrain_box (g_ptr_array_index (terrain, i));

      g_assert_cmpfloat (a.x0, >=, 0);
      g_assert_cmpfloat (a.y0, >=, 0);
      g_assert_cmpfloat (a.x1, <=, muster_layout_get_width (fixture->layout));
      g_assert_cmpfloat (a.y1, <=, muster_layout_get_height (fixture->layout));
      for (guint j = 0; j < i; j++)
        {
          MusterBox b = terrain_box (g_ptr_array_index (terrain, j));

          g_assert_false (a.x0 < b.x1 - 1e-6 && b.x0 < a.x1 - 1e-6 && a.y0 < b.y1 - 1e-6 && b.y0 < a.y1 - 1e-6);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, set_up, func, tear_down)

  ADD ("/app/board-view/pinned-rulers", test_pinned_rulers);
  ADD ("/app/board-view/moved-label-leaves-nothing", test_moved_label_leaves_nothing);
  ADD ("/app/board-view/partner-badge-follows", test_partner_badge_follows);
  ADD ("/app/board-view/moved-badge-leaves-nothing", test_moved_badge_leaves_nothing);
  ADD ("/app/board-view/selection-leaves-base", test_selection_leaves_base);
  ADD ("/app/board-view/bubble-says-how-many-more", test_bubble_says_how_many_more);
  ADD ("/app/board-view/drag-keeps-name", test_drag_keeps_name);
  ADD ("/app/board-view/move-overlay-stays-with-piece", test_move_overlay_stays_with_piece);
  ADD ("/app/board-view/crowd-from-sprites", test_crowd_from_sprites);
  ADD ("/app/board-view/new-terrain-clear", test_new_terrain_clear);

#undef ADD

  return g_test_run ();
}
