/* test-sight.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-sight"

#include "config.h"

#include <locale.h>
#include <math.h>

#include "muster-sight.h"

#define IN   MUSTER_MM_PER_INCH
#define TABLE (48.0 * IN)

/* Bearings: rotation is clockwise from north. */
#define NORTH   0.0
#define EAST   90.0
#define SOUTH 180.0
#define WEST  270.0

static MusterLayout *
new_table (void)
{
  return muster_layout_new ("infinity", "standard", TABLE, TABLE);
}

static MusterPiece *
add_trooper (MusterLayout *layout,
             const char   *id,
             const char   *owner,
             double        x,
             double        y,
             double        rotation,
             double        diameter)
{
  MusterBase base = { MUSTER_BASE_ROUND, diameter, diameter };
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_MODEL, owner, &base, x, y);

  piece->rotation = rotation;
  g_assert_true (muster_layout_add_piece (layout, piece));

  return muster_layout_lookup_piece (layout, id);
}

static MusterTerrain *
add_box (MusterLayout      *layout,
         const char        *id,
         MusterTerrainKind  kind,
         gboolean           blocks_lof,
         double             x0,
         double             y0,
         double             x1,
         double             y1)
{
  MusterPoint points[] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
  MusterTerrain *terrain = muster_terrain_new (id, kind, points, G_N_ELEMENTS (points));

  terrain->blocks_lof = blocks_lof;
  muster_layout_add_terrain (layout, terrain);

  return muster_layout_lookup_terrain (layout, id);
}

/* Two 25 mm troopers 600 mm apart on the middle row, facing each other,
 * and a 200 mm block of terrain of the given kind between them. */
static MusterLayout *
duel (MusterTerrainKind   kind,
      gboolean            blocks_lof,
      MusterPiece       **a,
      MusterPiece       **b)
{
  MusterLayout *layout = new_table ();

  *a = add_trooper (layout, "a", "red", 300, 600, EAST, 25);
  *b = add_trooper (layout, "b", "blue", 900, 600, WEST, 25);
  add_box (layout, "t", kind, blocks_lof, 550, 500, 650, 700);

  return layout;
}

static void
test_building_blocks (void)
{
  MusterPiece *a, *b;
  g_autoptr(MusterLayout) layout = duel (MUSTER_TERRAIN_BUILDING, FALSE, &a, &b);

  g_assert_true (muster_sight_terrain_blocks (muster_layout_lookup_terrain (layout, "t")));
  g_assert_false (muster_sight_has_lof (layout, a, b));
  g_assert_false (muster_sight_has_lof (layout, b, a));
  g_assert_false (muster_sight_aro_eligible (layout, b, a));

  /* Moved out from behind it, the troopers see each other again. */
  muster_layout_move_piece (layout, b, 900, 200, WEST);
  g_assert_true (muster_sight_has_lof (layout, a, b));
}

static void
test_area_terrain (void)
{
  MusterPiece *a, *b;
  g_autoptr(MusterLayout) open = duel (MUSTER_TERRAIN_AREA, FALSE, &a, &b);
  g_autoptr(MusterLayout) closed = NULL;
  g_autoptr(MusterLayout) impassable = NULL;
  g_autoptr(MusterLayout) impassable_blocking = NULL;

  g_assert_true (muster_sight_has_lof (open, a, b));
  g_assert_true (muster_sight_has_lof (open, b, a));

  closed = duel (MUSTER_TERRAIN_AREA, TRUE, &a, &b);
  g_assert_false (muster_sight_has_lof (closed, a, b));
  g_assert_false (muster_sight_has_lof (closed, b, a));

  /* Impassable terrain blocks movement, not sight, unless marked so. */
  impassable = duel (MUSTER_TERRAIN_IMPASSABLE, FALSE, &a, &b);
  g_assert_true (muster_sight_has_lof (impassable, a, b));

  impassable_blocking = duel (MUSTER_TERRAIN_IMPASSABLE, TRUE, &a, &b);
  g_assert_false (muster_sight_has_lof (impassable_blocking, a, b));
}

static void
test_partial_cover (void)
{
  g_autoptr(MusterLayout) layout = new_table ();
  MusterPiece *a = add_trooper (layout, "a", "red", 300, 600, EAST, 25);
  MusterPiece *b = add_trooper (layout, "b", "blue", 900, 600, WEST, 25);

  /* A pillar 10 mm wide on the line between the centres hides the
   * centres from each other, not the sides of the bases. */
  add_box (layout, "pillar", MUSTER_TERRAIN_BUILDING, FALSE, 595, 595, 605, 605);
  g_assert_true (muster_sight_segment_blocked (layout, (MusterPoint) { 300, 600 }, (MusterPoint) { 900, 600 }));
  g_assert_true (muster_sight_has_lof (layout, a, b));

  /* A wall 24 mm wide still leaves a sliver of both 25 mm bases. */
  muster_layout_remove_terrain (layout, "pillar");
  add_box (layout, "wall", MUSTER_TERRAIN_BUILDING, FALSE, 590, 588, 610, 612);
  g_assert_true (muster_sight_has_lof (layout, a, b));

  /* 26 mm hides them completely. */
  muster_layout_remove_terrain (layout, "wall");
  add_box (layout, "wall", MUSTER_TERRAIN_BUILDING, FALSE, 590, 587, 610, 613);
  g_assert_false (muster_sight_has_lof (layout, a, b));
}

static void
test_segments (void)
{
  g_autoptr(MusterLayout) layout = new_table ();
  /* An L: the notch at the north-east is open. */
  MusterPoint l[] = { { 100, 100 }, { 200, 100 }, { 200, 150 }, { 150, 150 }, { 150, 200 }, { 100, 200 } };
  MusterTerrain *terrain = muster_terrain_new ("l", MUSTER_TERRAIN_BUILDING, l, G_N_ELEMENTS (l));

  muster_layout_add_terrain (layout, terrain);

  /* Through the middle of the L's arm. */
  g_assert_true (muster_sight_segment_blocked (layout, (MusterPoint) { 50, 125 }, (MusterPoint) { 250, 125 }));
  /* Through the notch only. */
  g_assert_false (muster_sight_segment_blocked (layout, (MusterPoint) { 175, 120 + 60 }, (MusterPoint) { 260, 175 }));
  /* Grazing the outer edge, and touching a corner. */
  g_assert_false (muster_sight_segment_blocked (layout, (MusterPoint) { 50, 100 }, (MusterPoint) { 250, 100 }));
  g_assert_false (muster_sight_segment_blocked (layout, (MusterPoint) { 300, 150 }, (MusterPoint) { 100, 50 }));
  /* Along the inner edges of the notch. */
  g_assert_false (muster_sight_segment_blocked (layout, (MusterPoint) { 150, 250 }, (MusterPoint) { 150, 150 }));
  /* Ending inside. */
  g_assert_true (muster_sight_segment_blocked (layout, (MusterPoint) { 50, 125 }, (MusterPoint) { 120, 125 }));
  /* Across the notch diagonally, in and out of both arms. */
  g_assert_true (muster_sight_segment_blocked (layout, (MusterPoint) { 190, 110 }, (MusterPoint) { 110, 190 }));
}

static void
test_facing (void)
{
  g_autoptr(MusterLayout) layout = new_table ();
  MusterPiece *a = add_trooper (layout, "a", "red", 300, 600, WEST, 25);
  MusterPiece *near = add_trooper (layout, "near", "blue", 400, 600, NORTH, 25);
  MusterPiece *far = add_trooper (layout, "far", "blue", 900, 600, NORTH, 25);
  MusterPoint f;

  f = muster_sight_get_facing (a);
  g_assert_cmpfloat (f.x, ==, -1.0);
  g_assert_cmpfloat (f.y, ==, 0.0);

  /* Facing away: no LoF to either... */
  g_assert_false (muster_sight_in_front_arc (a, near));
  g_assert_false (muster_sight_has_lof (layout, a, near));
  g_assert_false (muster_sight_has_lof (layout, a, far));
  /* ... but ZoC is all round: the near one is 75 mm away. */
  g_assert_true (muster_sight_in_zoc (a, near));
  g_assert_false (muster_sight_in_zoc (a, far));
  g_assert_true (muster_sight_aro_eligible (layout, a, near));
  g_assert_false (muster_sight_aro_eligible (layout, a, far));

  /* The others face north: half of a's base is in their arcs. */
  g_assert_true (muster_sight_has_lof (layout, near, a));

  /* Turned round, a sees both. */
  muster_layout_move_piece (layout, a, 300, 600, EAST);
  g_assert_true (muster_sight_has_lof (layout, a, near));
  g_assert_true (muster_sight_has_lof (layout, a, far));

  /* A base partly in the arc counts: a faces north and far's base
   * reaches 2 mm north of a's centre line. */
  muster_layout_move_piece (layout, a, 300, 600, NORTH);
  muster_layout_move_piece (layout, far, 900, 610.5, NORTH);
  g_assert_true (muster_sight_in_front_arc (a, far));
  g_assert_true (muster_sight_has_lof (layout, a, far));
  muster_layout_move_piece (layout, far, 900, 613, NORTH);
  g_assert_false (muster_sight_in_front_arc (a, far));
  g_assert_false (muster_sight_has_lof (layout, a, far));

  /* 45°: north-east. */
  muster_layout_move_piece (layout, a, 300, 600, 45);
  f = muster_sight_get_facing (a);
  g_assert_cmpfloat_with_epsilon (f.x, sqrt (0.5), 1e-12);
  g_assert_cmpfloat_with_epsilon (f.y, -sqrt (0.5), 1e-12);
}

static void
test_zoc_boundary (void)
{
  g_autoptr(MusterLayout) layout = new_table ();
  /* Edge to edge = centre distance − 12.5 − 20 for a 25 and a 40 mm base. */
  MusterPiece *a = add_trooper (layout, "a", "red", 100, 300, WEST, 25);
  MusterPiece *b = add_trooper (layout, "b", "blue", 100 + 32.5 + 8 * IN, 300, WEST, 40);

  g_assert_true (muster_sight_in_zoc (a, b));
  g_assert_true (muster_sight_in_zoc (b, a));
  g_assert_true (muster_sight_aro_eligible (layout, a, b));

  muster_layout_move_piece (layout, b, 100 + 32.5 + 8 * IN + 1.0, 300, WEST);
  g_assert_false (muster_sight_in_zoc (a, b));
  g_assert_false (muster_sight_aro_eligible (layout, a, b));

  /* Diagonally, the same measure. */
  muster_layout_move_piece (layout, b,
                            100 + (32.5 + 8 * IN) * sqrt (0.5),
                            300 + (32.5 + 8 * IN) * sqrt (0.5), WEST);
  g_assert_true (muster_sight_in_zoc (a, b));
}

static void
test_eligible_list (void)
{
  g_autoptr(MusterLayout) layout = new_table ();
  g_autoptr(GPtrArray) ids = NULL;
  MusterPiece *active = add_trooper (layout, "active", "blue", 600, 600, SOUTH, 25);
  MusterBase marker_base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *marker;

  /* Sees it across open ground. */
  add_trooper (layout, "watcher", "red", 600, 1000, NORTH, 25);
  /* Behind the building, far away. */
  add_trooper (layout, "hidden", "red", 1000, 600, WEST, 25);
  add_box (layout, "house", MUSTER_TERRAIN_BUILDING, FALSE, 800, 500, 900, 700);
  /* Facing away, within 8". */
  add_trooper (layout, "close", "red", 500, 600, WEST, 25);
  /* Facing away, far. */
  add_trooper (layout, "sleeper", "red", 200, 600, WEST, 40);
  /* A friend of the active trooper, and a red marker: never listed. */
  add_trooper (layout, "friend", "blue", 600, 700, NORTH, 25);
  marker = muster_piece_new ("camo", MUSTER_PIECE_MARKER, "red", &marker_base, 600, 800);
  g_assert_true (muster_layout_add_piece (layout, marker));

  ids = muster_sight_list_eligible (layout, active, "red");
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "watcher");
  g_assert_cmpstr (g_ptr_array_index (ids, 1), ==, "close");

  g_clear_pointer (&ids, g_ptr_array_unref);
  ids = muster_sight_list_eligible (layout, active, "nobody");
  g_assert_cmpuint (ids->len, ==, 0);
}

static void
test_grid (void)
{
  g_autoptr(MusterSightGrid) grid = muster_sight_grid_new (1000, 600, 300);
  g_autoptr(MusterSightGrid) whole = muster_sight_grid_new (TABLE, TABLE, IN / 2);
  MusterBox cell;

  g_assert_cmpuint (grid->n_columns, ==, 4);
  g_assert_cmpuint (grid->n_rows, ==, 2);
  muster_sight_grid_get_cell (grid, 3, 1, &cell);
  g_assert_cmpfloat (cell.x0, ==, 900);
  g_assert_cmpfloat (cell.x1, ==, 1000);
  g_assert_cmpfloat (cell.y0, ==, 300);
  g_assert_cmpfloat (cell.y1, ==, 600);
  g_assert_cmpuint (muster_sight_grid_count_visible (grid), ==, 0);
  grid->cells[1 * 4 + 3] = 1;
  g_assert_true (muster_sight_grid_get (grid, 3, 1));
  g_assert_true (muster_sight_grid_is_visible_at (grid, 1000, 600));
  g_assert_false (muster_sight_grid_is_visible_at (grid, 899, 600));
  g_assert_false (muster_sight_grid_is_visible_at (grid, 1001, 600));
  g_assert_false (muster_sight_grid_get (grid, 4, 0));

  g_assert_cmpuint (whole->n_columns, ==, 96);
  g_assert_cmpuint (whole->n_rows, ==, 96);
}

static void
test_visible_cells (void)
{
  g_autoptr(MusterLayout) layout = new_table ();
  g_autoptr(MusterSightGrid) grid = NULL;
  g_autoptr(MusterSightGrid) none = NULL;
  const MusterPiece *viewers[1];

  viewers[0] = add_trooper (layout, "a", "red", 300, 600, EAST, 25);
  add_box (layout, "house", MUSTER_TERRAIN_BUILDING, FALSE, 550, 500, 650, 700);

  grid = muster_sight_visible_cells (layout, viewers, 1, IN / 2);
  g_assert_nonnull (grid);
  g_assert_cmpuint (grid->n_columns, ==, 96);

  /* In the open, in front. */
  g_assert_true (muster_sight_grid_is_visible_at (grid, 800, 200));
  g_assert_true (muster_sight_grid_is_visible_at (grid, 450, 600));
  /* Its own base. */
  g_assert_true (muster_sight_grid_is_visible_at (grid, 300, 600));
  /* Behind the building, and inside it. */
  g_assert_false (muster_sight_grid_is_visible_at (grid, 800, 600));
  g_assert_false (muster_sight_grid_is_visible_at (grid, 1100, 610));
  g_assert_false (muster_sight_grid_is_visible_at (grid, 600, 600));
  /* Behind its back. */
  g_assert_false (muster_sight_grid_is_visible_at (grid, 100, 600));
  g_assert_false (muster_sight_grid_is_visible_at (grid, 250, 100));
  /* The shadow ends past the line from the base's north tangent over the
   * corner (550, 500). */
  g_assert_true (muster_sight_grid_is_visible_at (grid, 1150, 200));
  g_assert_false (muster_sight_grid_is_visible_at (grid, 1150, 300));

  /* Nobody looking: nothing seen. */
  none = muster_sight_visible_cells (layout, NULL, 0, IN / 2);
  g_assert_cmpuint (muster_sight_grid_count_visible (none), ==, 0);
}

/* RULES' worst case for the overlay: a 48″ table at ½″ cells, 20 viewers
 * and 20 pieces of terrain, well under a second. */
static void
test_visible_cells_speed (void)
{
  g_autoptr(MusterLayout) layout = new_table ();
  g_autoptr(MusterSightGrid) grid = NULL;
  const MusterPiece *viewers[20];
  GRand *rand = g_rand_new_with_seed (7);
  gint64 start;
  double seconds;

  for (guint i = 0; i < 20; i++)
    {
      double x = 100 + (i % 5) * 250;
      double y = 400 + (i / 5) * 120;
      g_autofree char *id = g_strdup_printf ("t%u", i);

      add_box (layout, id, i % 3 == 0 ? MUSTER_TERRAIN_AREA : MUSTER_TERRAIN_BUILDING, TRUE,
               x, y, x + 60 + g_rand_double_range (rand, 0, 80), y + 40 + g_rand_double_range (rand, 0, 40));
    }

  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *id = g_strdup_printf ("v%u", i);

      viewers[i] = add_trooper (layout, id, "red", 60 + i * 55, 1150 - (i % 4) * 30,
                                g_rand_double_range (rand, -60, 60), i % 2 ? 25 : 40);
    }

  start = g_get_monotonic_time ();
  grid = muster_sight_visible_cells (layout, viewers, 20, IN / 2);
  seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;

  g_test_message ("96 × 96 cells, 20 viewers, 20 blockers: %.3f s, %u cells seen",
                  seconds, muster_sight_grid_count_visible (grid));
  g_assert_cmpuint (muster_sight_grid_count_visible (grid), >, 0);
  g_assert_cmpuint (muster_sight_grid_count_visible (grid), <, 96 * 96);

  g_rand_free (rand);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/sight/building-blocks", test_building_blocks);
  g_test_add_func ("/core/sight/area-terrain", test_area_terrain);
  g_test_add_func ("/core/sight/partial-cover", test_partial_cover);
  g_test_add_func ("/core/sight/segments", test_segments);
  g_test_add_func ("/core/sight/facing", test_facing);
  g_test_add_func ("/core/sight/zoc-boundary", test_zoc_boundary);
  g_test_add_func ("/core/sight/eligible-list", test_eligible_list);
  g_test_add_func ("/core/sight/grid", test_grid);
  g_test_add_func ("/core/sight/visible-cells", test_visible_cells);
  g_test_add_func ("/core/sight/visible-cells-speed", test_visible_cells_speed);

  return g_test_run ();
}
