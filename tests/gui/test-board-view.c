/* test-board-view.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "gtk-quirks.h"
#include "muster-choices.h"
#include "muster-editor.h"
#include "muster-entry-dialog.h"
#include "muster-expr.h"
#include "muster-game-popover.h"
#include "muster-compat.h"
#include "muster-preferences-window.h"
#include "muster-roster-panel.h"
#include "muster-violations-list.h"
#include "muster-window.h"

#include "board-view-helpers.h"

/* Tests */

static void
test_place_from_roster (Fixture       *fixture,
                        gconstpointer  data)
{
  MusterRoster *roster = muster_window_get_roster (fixture->window);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  g_autofree char *entry_id = NULL;
  GPtrArray *pieces = muster_layout_get_pieces (fixture->layout);
  MusterPiece *piece;
  MusterRegion *zone;
  MusterOutline outline;

  entry->name = g_strdup ("Knights");
  entry->kind = MUSTER_PIECE_UNIT;
  entry->base = (MusterBase) { MUSTER_BASE_RECT, 25, 50 };
  entry->files = 5;
  entry->ranks = 2;
  entry->count = 2;
  entry_id = g_strdup (muster_roster_add_entry (roster, "red", entry));
  g_assert_nonnull (entry_id);
  g_assert_true (muster_window_get_modified (fixture->window));

  g_assert_cmpuint (muster_roster_panel_get_n_rows (red_panel (fixture)), ==, 1);
  g_assert_cmpstr (muster_roster_panel_get_row_status (red_panel (fixture), 0), ==, "2 to deploy");

  /* From the keyboard: on a free spot in the player's zone. */
  g_signal_emit_by_name (red_panel (fixture), "place-entry", entry_id);
  g_assert_cmpuint (pieces->len, ==, 1);
  piece = g_ptr_array_index (pieces, 0);
  g_assert_cmpstr (piece->owner, ==, "red");
  g_assert_cmpstr (piece->name, ==, "Knights 1");
  g_assert_cmpfloat_with_epsilon (piece->base.width, 125, 1e-9);
  g_assert_cmpfloat_with_epsilon (piece->base.depth, 100, 1e-9);
  g_assert_cmpstr (muster_roster_get_piece_entry (piece), ==, entry_id);
  g_assert_cmpuint (count_violations (fixture, piece), ==, 0);

  zone = muster_validator_get_zone (muster_window_get_validator (fixture->window), "red");
  muster_piece_get_outline (piece, &outline);
  g_assert_true (muster_region_contains_outline (zone, &outline));
  muster_outline_clear (&outline);

  g_assert_true (muster_board_view_is_selected (fixture->view, piece->serial));
  g_assert_cmpstr (muster_roster_panel_get_row_status (red_panel (fixture), 0), ==, "1 of 2 on the table");

  g_signal_emit_by_name (red_panel (fixture), "place-entry", entry_id);
  g_assert_cmpuint (pieces->len, ==, 2);
  piece = g_ptr_array_index (pieces, 1);
  g_assert_cmpstr (piece->name, ==, "Knights 2");
  g_assert_cmpuint (count_violations (fixture, piece), ==, 0);
  g_assert_cmpstr (muster_roster_panel_get_row_status (red_panel (fixture), 0), ==, "On the table");

  /* A third has nothing to place. */
  g_signal_emit_by_name (red_panel (fixture), "place-entry", entry_id);
  g_assert_cmpuint (pieces->len, ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpuint (pieces->len, ==, 1);
  g_assert_cmpstr (muster_roster_panel_get_row_status (red_panel (fixture), 0), ==, "1 of 2 on the table");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpuint (pieces->len, ==, 0);
  g_assert_cmpuint (muster_roster_get_entries (roster, "red")->len, ==, 0);
  g_assert_cmpuint (muster_roster_panel_get_n_rows (red_panel (fixture)), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.redo", NULL));
  g_assert_cmpuint (muster_roster_get_entries (roster, "red")->len, ==, 1);
  g_assert_cmpuint (muster_roster_panel_get_n_rows (red_panel (fixture)), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.redo", NULL));
  g_assert_cmpuint (pieces->len, ==, 1);
}

static void
test_drag_feedback (Fixture       *fixture,
                    gconstpointer  data)
{
  MusterPiece *piece = place_unit (fixture, 36, 42);
  MusterViolationsList *list = MUSTER_VIOLATIONS_LIST (muster_window_get_violations_list (fixture->window));
  const char *reasons = NULL;
  gboolean legal = FALSE;
  double x, y, tx, ty;
  guint steps;

  g_assert_nonnull (piece);
  g_assert_cmpuint (count_violations (fixture, piece), ==, 0);
  steps = muster_history_get_n_steps (fixture->history);

  to_widget (fixture, piece->x, piece->y, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  g_assert_false (muster_board_view_get_feedback (fixture->view, NULL, NULL));

  /* Still in the zone: legal. */
  to_widget (fixture, 30 * INCH, 42 * INCH, &tx, &ty);
  muster_board_view_pointer_motion (fixture->view, tx, ty);
  g_assert_true (muster_board_view_get_feedback (fixture->view, &legal, &reasons));
  g_assert_true (legal);
  g_assert_null (reasons);

  /* Across the Centre Line: illegal, and why. */
  to_widget (fixture, 36 * INCH, 24 * INCH, &tx, &ty);
  muster_board_view_pointer_motion (fixture->view, tx, ty);
  g_assert_true (muster_board_view_get_feedback (fixture->view, &legal, &reasons));
  g_assert_false (legal);
  g_assert_nonnull (reasons);
  g_assert_nonnull (strstr (reasons, "deployment zone"));

  /* The model does not move while dragging. */
  g_assert_cmpfloat_with_epsilon (piece->y, 42 * INCH, 1e-9);
  g_assert_cmpuint (count_violations (fixture, piece), ==, 0);

  muster_board_view_pointer_release (fixture->view, tx, ty);
  g_assert_false (muster_board_view_get_feedback (fixture->view, NULL, NULL));
  g_assert_cmpfloat_with_epsilon (piece->x, 36 * INCH, 1e-6);
  g_assert_cmpfloat_with_epsilon (piece->y, 24 * INCH, 1e-6);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);
  g_assert_true (has_violation (fixture, piece, MUSTER_RULE_OUTSIDE_ZONE));

  /* The list sums it up, and a click on it selects the piece. */
  muster_violations_list_refresh (list);
  g_assert_cmpuint (muster_violations_list_get_n_rows (list), ==, 1);
  muster_board_view_unselect_all (fixture->view);
  muster_violations_list_activate_row (list, 0);
  g_assert_true (muster_board_view_is_selected (fixture->view, piece->serial));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  piece = muster_layout_lookup_piece (fixture->layout, piece->id);
  g_assert_cmpfloat_with_epsilon (piece->y, 42 * INCH, 1e-6);
  g_assert_cmpuint (count_violations (fixture, piece), ==, 0);
  muster_violations_list_refresh (list);
  g_assert_cmpuint (muster_violations_list_get_n_rows (list), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.redo", NULL));
  g_assert_cmpfloat_with_epsilon (piece->y, 24 * INCH, 1e-6);
  g_assert_true (has_violation (fixture, piece, MUSTER_RULE_OUTSIDE_ZONE));
}

static void
test_click_without_drag (Fixture       *fixture,
                         gconstpointer  data)
{
  MusterPiece *a = place_unit (fixture, 20, 42);
  MusterPiece *b = place_unit (fixture, 40, 42);
  guint steps = muster_history_get_n_steps (fixture->history);
  double x, y;

  to_widget (fixture, a->x, a->y, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  muster_board_view_pointer_release (fixture->view, x + 1, y);
  g_assert_true (muster_board_view_is_selected (fixture->view, a->serial));
  g_assert_false (muster_board_view_is_selected (fixture->view, b->serial));
  g_assert_cmpfloat_with_epsilon (a->x, 20 * INCH, 1e-9);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps);

  /* Shift adds, and a click on nothing clears. */
  to_widget (fixture, b->x, b->y, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, GDK_SHIFT_MASK);
  muster_board_view_pointer_release (fixture->view, x, y);
  g_assert_cmpuint (muster_board_view_get_n_selected (fixture->view), ==, 2);

  to_widget (fixture, 60 * INCH, 30 * INCH, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  muster_board_view_pointer_release (fixture->view, x, y);
  g_assert_cmpuint (muster_board_view_get_n_selected (fixture->view), ==, 0);
}

static void
test_rotate_handle (Fixture       *fixture,
                    gconstpointer  data)
{
  MusterPiece *piece = place_unit (fixture, 36, 42);
  double scale = muster_board_view_get_scale (fixture->view);
  double x, y;

  g_assert_true (muster_board_view_is_selected (fixture->view, piece->serial));

  /* The handle stands beyond the front edge (north at rotation 0). */
  to_widget (fixture, piece->x, piece->y, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y - piece->base.depth / 2 * scale - 22, 0);
  muster_board_view_pointer_motion (fixture->view, x + 100, y);
  g_assert_true (muster_board_view_get_feedback (fixture->view, NULL, NULL));
  muster_board_view_pointer_release (fixture->view, x + 100, y);

  g_assert_cmpfloat_with_epsilon (piece->rotation, 90, 1e-9);
  g_assert_cmpfloat_with_epsilon (piece->x, 36 * INCH, 1e-9);
  g_assert_cmpuint (count_violations (fixture, piece), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpfloat_with_epsilon (piece->rotation, 0, 1e-9);

  /* And from the actions. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.rotate-cw", NULL));
  g_assert_cmpfloat_with_epsilon (piece->rotation, 15, 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.rotate-ccw", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.rotate-ccw", NULL));
  g_assert_cmpfloat_with_epsilon (piece->rotation, 345, 1e-9);
}

static void
test_keyboard (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (fixture->view);
  MusterBase round = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *a = place_unit (fixture, 20, 42);
  MusterPiece *b = muster_board_view_place_piece (fixture->view,
                                                  muster_piece_new ("m1", MUSTER_PIECE_MODEL, "red",
                                                                    &round, 40 * INCH, 42 * INCH));
  g_autofree char *id = g_strdup (b->id);

  muster_board_view_unselect_all (fixture->view);

  /* Tab goes round the pieces. */
  g_assert_true (send_key (view, GDK_KEY_Tab, 0));
  g_assert_true (muster_board_view_is_selected (fixture->view, a->serial));
  g_assert_true (send_key (view, GDK_KEY_Tab, 0));
  g_assert_true (muster_board_view_is_selected (fixture->view, b->serial));
  g_assert_true (send_key (view, GDK_KEY_Tab, 0));
  g_assert_true (muster_board_view_is_selected (fixture->view, a->serial));
  g_assert_true (send_key (view, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
  g_assert_true (muster_board_view_is_selected (fixture->view, b->serial));
  g_assert_cmpuint (muster_board_view_get_n_selected (fixture->view), ==, 1);

  /* Arrows: an inch, or a tenth with Shift. */
  g_assert_true (send_key (view, GDK_KEY_Right, 0));
  g_assert_cmpfloat_with_epsilon (b->x, 41 * INCH, 1e-6);
  g_assert_true (send_key (view, GDK_KEY_Up, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (b->y, 41.9 * INCH, 1e-6);

  /* Tenths added in millimetres stay exact tenths of an inch, as the file
   * will write them ("41.6"), not a rounding error away. */
  for (guint i = 0; i < 3; i++)
    g_assert_true (send_key (view, GDK_KEY_Up, GDK_SHIFT_MASK));
  g_assert_cmpfloat (b->y, ==, muster_unit_to_mm (MUSTER_UNIT_INCH, 41.6));

  g_assert_true (send_key (view, GDK_KEY_r, 0));
  g_assert_cmpfloat_with_epsilon (b->rotation, 15, 1e-9);
  g_assert_true (send_key (view, GDK_KEY_bracketleft, 0));
  g_assert_cmpfloat_with_epsilon (b->rotation, 14, 1e-9);

  g_assert_false (b->prone);
  g_assert_true (send_key (view, GDK_KEY_p, 0));
  g_assert_true (b->prone);

  g_assert_true (send_key (view, GDK_KEY_Delete, 0));
  g_assert_null (muster_layout_lookup_piece (fixture->layout, id));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  b = muster_layout_lookup_piece (fixture->layout, id);
  g_assert_nonnull (b);
  g_assert_true (b->prone);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_false (b->prone);

  /* Ctrl+A takes everything; Escape lets go. */
  g_assert_true (send_key (view, GDK_KEY_a, GDK_CONTROL_MASK));
  g_assert_cmpuint (muster_board_view_get_n_selected (fixture->view), ==, 2);
  g_assert_true (send_key (view, GDK_KEY_Escape, 0));
  g_assert_cmpuint (muster_board_view_get_n_selected (fixture->view), ==, 0);
}

/* Five taps of an arrow key, one Ctrl+Z; a piece picked again starts
 * another step. */
static void
test_key_nudge_undo (Fixture       *fixture,
                     gconstpointer  data)
{
  MusterPiece *a = place_unit (fixture, 20, 42);
  MusterPiece *b = place_unit (fixture, 40, 42);
  guint steps = muster_history_get_n_steps (fixture->history);

  muster_board_view_select_piece (fixture->view, a->serial, FALSE);
  send_keys (GTK_WIDGET (fixture->view), GDK_KEY_Right, 5);
  g_assert_cmpfloat_with_epsilon (a->x, 25 * INCH, 1e-6);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpfloat_with_epsilon (a->x, 20 * INCH, 1e-6);

  send_keys (GTK_WIDGET (fixture->view), GDK_KEY_Right, 3);
  muster_board_view_select_piece (fixture->view, b->serial, FALSE);
  muster_board_view_select_piece (fixture->view, a->serial, FALSE);
  send_keys (GTK_WIDGET (fixture->view), GDK_KEY_Right, 2);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpfloat_with_epsilon (a->x, 23 * INCH, 1e-6);
}

/* A length in a layout in inches is a whole number of hundredths of an
 * inch, to the bit: as the file's "41.25" reads back. */
static void
assert_on_grid (double mm)
{
  double hundredths = round (muster_unit_from_mm (MUSTER_UNIT_INCH, mm) * 100);

  g_assert_cmpfloat (mm, ==, muster_unit_to_mm (MUSTER_UNIT_INCH, hundredths / 100));
}

static void
test_band_and_group_move (Fixture       *fixture,
                          gconstpointer  data)
{
  MusterPiece *pieces[3];
  double x0, y0, x1, y1, x, y;
  guint steps;

  pieces[0] = place_unit (fixture, 20, 40);
  pieces[1] = place_unit (fixture, 30, 40);
  pieces[2] = place_unit (fixture, 40, 40);
  place_unit (fixture, 60, 40);

  muster_board_view_unselect_all (fixture->view);
  to_widget (fixture, 15 * INCH, 37 * INCH, &x0, &y0);
  to_widget (fixture, 45 * INCH, 44 * INCH, &x1, &y1);
  muster_board_view_pointer_press (fixture->view, x0, y0, 0);
  muster_board_view_pointer_motion (fixture->view, (x0 + x1) / 2, (y0 + y1) / 2);
  muster_board_view_pointer_release (fixture->view, x1, y1);
  g_assert_cmpuint (muster_board_view_get_n_selected (fixture->view), ==, 3);

  /* Together, as one step; touching each other does not count. */
  steps = muster_history_get_n_steps (fixture->history);
  to_widget (fixture, pieces[1]->x, pieces[1]->y, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  to_widget (fixture, pieces[1]->x + 2 * INCH, pieces[1]->y + 1 * INCH, &x1, &y1);
  muster_board_view_pointer_motion (fixture->view, x1 + 0.37, y1 - 0.21);
  muster_board_view_pointer_release (fixture->view, x1 + 0.37, y1 - 0.21);

  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpfloat_with_epsilon (pieces[i]->x, (20 + 10 * i + 2) * INCH, 2);
      g_assert_cmpfloat_with_epsilon (pieces[i]->y, 41 * INCH, 2);
      /* On the grid, exactly where the file will put them, and still
       * 10″ apart. */
      assert_on_grid (pieces[i]->x);
      assert_on_grid (pieces[i]->y);
      g_assert_cmpfloat_with_epsilon (muster_unit_from_mm (MUSTER_UNIT_INCH, pieces[i]->x - pieces[0]->x),
                                      10 * i, 1e-9);
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  for (guint i = 0; i < 3; i++)
    g_assert_cmpfloat_with_epsilon (pieces[i]->x, (20 + 10 * i) * INCH, 1e-6);
}

static void
test_measure (Fixture       *fixture,
              gconstpointer  data)
{
  MusterBase round = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *a = muster_board_view_place_piece (fixture->view,
                                                  muster_piece_new ("a", MUSTER_PIECE_MODEL, "red", &round,
                                                                    20 * INCH, 40 * INCH));
  MusterPiece *b = muster_board_view_place_piece (fixture->view,
                                                  muster_piece_new ("b", MUSTER_PIECE_MODEL, "blue", &round,
                                                                    20 * INCH, 10 * INCH));
  MusterPoint from, to;
  double distance, x, y, x1, y1;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "measure"));
  g_assert_cmpint (muster_board_view_get_tool (fixture->view), ==, MUSTER_BOARD_TOOL_MEASURE);

  /* Edge to edge: 30″ between centres, less the two radii. */
  to_widget (fixture, a->x, a->y, &x, &y);
  to_widget (fixture, b->x, b->y, &x1, &y1);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  muster_board_view_pointer_motion (fixture->view, x1, y1);
  g_assert_true (muster_board_view_get_measurement (fixture->view, &distance, &from, &to));
  g_assert_cmpfloat_with_epsilon (distance, 30 * INCH - 25, 1e-6);
  g_assert_cmpfloat_with_epsilon (from.y, 40 * INCH - 12.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (to.y, 10 * INCH + 12.5, 1e-6);
  muster_board_view_pointer_release (fixture->view, x1, y1);

  /* Point to point where there is no piece. */
  to_widget (fixture, 50 * INCH, 30 * INCH, &x, &y);
  to_widget (fixture, 53 * INCH, 34 * INCH, &x1, &y1);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  muster_board_view_pointer_release (fixture->view, x1, y1);
  g_assert_true (muster_board_view_get_measurement (fixture->view, &distance, NULL, NULL));
  g_assert_cmpfloat_with_epsilon (distance, 5 * INCH, 1e-6);

  /* Measuring changes nothing. */
  g_assert_cmpfloat (a->y, ==, 40 * INCH);
}

static void
test_terrain (Fixture       *fixture,
              gconstpointer  data)
{
  GPtrArray *terrain = muster_layout_get_terrain (fixture->layout);
  g_autofree char *rect_id = NULL;
  MusterTerrain *t;
  double x0, y0, x1, y1, width;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.terrain-kind", "s", "impassable"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "rectangle"));
  to_widget (fixture, 30 * INCH, 20 * INCH, &x0, &y0);
  to_widget (fixture, 36 * INCH, 26 * INCH, &x1, &y1);
  muster_board_view_pointer_press (fixture->view, x0 + 0.3, y0 + 0.2, 0);
  muster_board_view_pointer_motion (fixture->view, x1 - 0.4, y1 + 0.1);
  muster_board_view_pointer_release (fixture->view, x1 - 0.4, y1 + 0.1);

  g_assert_cmpuint (terrain->len, ==, 1);
  t = g_ptr_array_index (terrain, 0);
  g_assert_cmpint (t->kind, ==, MUSTER_TERRAIN_IMPASSABLE);
  g_assert_cmpuint (t->n_points, ==, 4);
  for (guint i = 0; i < t->n_points; i++)
    {
      assert_on_grid (t->points[i].x);
      assert_on_grid (t->points[i].y);
    }
  g_assert_cmpstr (muster_board_view_get_selected_terrain (fixture->view), ==, t->id);

  /* A polygon, corner by corner, ended with Return. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.terrain-kind", "s", "area-blocking"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "polygon"));
  {
    const double corners[][2] = { { 50, 20 }, { 60, 20 }, { 62, 26 }, { 52, 28 } };

    for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
      {
        to_widget (fixture, corners[i][0] * INCH, corners[i][1] * INCH, &x0, &y0);
        muster_board_view_pointer_press (fixture->view, x0 + 0.31, y0 - 0.17, 0);
        muster_board_view_pointer_release (fixture->view, x0 + 0.31, y0 - 0.17);
      }
  }
  g_assert_cmpuint (terrain->len, ==, 1);
  g_assert_true (send_key (GTK_WIDGET (fixture->view), GDK_KEY_Return, 0));
  g_assert_cmpuint (terrain->len, ==, 2);
  t = g_ptr_array_index (terrain, 1);
  g_assert_cmpint (t->kind, ==, MUSTER_TERRAIN_AREA);
  g_assert_true (t->blocks_lof);
  g_assert_cmpuint (t->n_points, ==, 4);
  for (guint i = 0; i < t->n_points; i++)
    {
      assert_on_grid (t->points[i].x);
      assert_on_grid (t->points[i].y);
    }

  /* A unit on impassable terrain overlaps it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "select"));
  {
    MusterPiece *piece = place_unit (fixture, 33, 23);

    g_assert_true (has_violation (fixture, piece, MUSTER_RULE_OVERLAP));
  }

  /* Dragged, a terrain keeps its shape and lands on the grid. */
  t = g_ptr_array_index (terrain, 0);
  rect_id = g_strdup (t->id);
  width = t->points[2].x - t->points[0].x;
  to_widget (fixture, 30.5 * INCH, 20.5 * INCH, &x0, &y0);
  to_widget (fixture, 31.5 * INCH, 20.5 * INCH, &x1, &y1);
  muster_board_view_pointer_press (fixture->view, x0, y0, 0);
  muster_board_view_pointer_motion (fixture->view, x1 + 0.33, y1 + 0.27);
  muster_board_view_pointer_release (fixture->view, x1 + 0.33, y1 + 0.27);
  t = muster_layout_lookup_terrain (fixture->layout, rect_id);
  g_assert_nonnull (t);
  g_assert_cmpfloat_with_epsilon (t->points[0].x, 31 * INCH, 2);
  g_assert_cmpfloat_with_epsilon (t->points[2].x - t->points[0].x, width, 1e-9);
  for (guint i = 0; i < t->n_points; i++)
    {
      assert_on_grid (t->points[i].x);
      assert_on_grid (t->points[i].y);
    }

  /* Presets, and the kind of a selected terrain. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.add-terrain", "s", "forest"));
  g_assert_cmpuint (terrain->len, ==, 3);
  t = g_ptr_array_index (terrain, 2);
  g_assert_cmpint (t->kind, ==, MUSTER_TERRAIN_AREA);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.terrain-kind", "s", "building"));
  t = muster_layout_lookup_terrain (fixture->layout, muster_board_view_get_selected_terrain (fixture->view));
  g_assert_cmpint (t->kind, ==, MUSTER_TERRAIN_BUILDING);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.delete", NULL));
  g_assert_cmpuint (terrain->len, ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpuint (terrain->len, ==, 3);
}

static void
test_objectives_and_markers (Fixture       *fixture,
                             gconstpointer  data)
{
  GPtrArray *pieces = muster_layout_get_pieces (fixture->layout);
  MusterPiece *piece;
  double x, y;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "objective"));
  to_widget (fixture, 36 * INCH, 24 * INCH, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  muster_board_view_pointer_release (fixture->view, x, y);
  g_assert_cmpuint (pieces->len, ==, 1);
  piece = g_ptr_array_index (pieces, 0);
  g_assert_cmpint (piece->kind, ==, MUSTER_PIECE_OBJECTIVE);
  g_assert_cmpstr (piece->owner, ==, MUSTER_OWNER_NEUTRAL);
  g_assert_cmpfloat_with_epsilon (piece->x, 36 * INCH, 1e-6);

  muster_board_view_set_acting_player (fixture->view, "blue");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "marker"));
  to_widget (fixture, 20 * INCH, 6 * INCH, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  muster_board_view_pointer_release (fixture->view, x, y);
  g_assert_cmpuint (pieces->len, ==, 2);
  piece = g_ptr_array_index (pieces, 1);
  g_assert_cmpint (piece->kind, ==, MUSTER_PIECE_MARKER);
  g_assert_cmpstr (piece->owner, ==, "blue");

  /* Escape goes back to selecting. */
  g_assert_true (send_key (GTK_WIDGET (fixture->view), GDK_KEY_Escape, 0));
  g_assert_cmpint (muster_board_view_get_tool (fixture->view), ==, MUSTER_BOARD_TOOL_SELECT);
}

static void
test_drop_placement (Fixture       *fixture,
                     gconstpointer  data)
{
  MusterBase base = { MUSTER_BASE_ROUND, 40, 40 };
  g_autoptr(MusterPiece) template = muster_piece_new ("x", MUSTER_PIECE_MODEL, "blue", &base, 0, 0);
  gboolean legal = TRUE;
  const char *reasons = NULL;
  MusterPiece *piece;
  double x, y;

  g_clear_pointer (&template->id, g_free);
  muster_board_view_begin_placement (fixture->view, template);

  /* In red's zone: blue may not stand there. */
  to_widget (fixture, 36 * INCH, 44 * INCH, &x, &y);
  muster_board_view_update_placement (fixture->view, x, y);
  g_assert_true (muster_board_view_get_feedback (fixture->view, &legal, &reasons));
  g_assert_false (legal);

  to_widget (fixture, 36 * INCH, 4 * INCH, &x, &y);
  muster_board_view_update_placement (fixture->view, x, y);
  g_assert_true (muster_board_view_get_feedback (fixture->view, &legal, &reasons));
  g_assert_true (legal);

  piece = muster_board_view_finish_placement (fixture->view, TRUE);
  g_assert_nonnull (piece);
  g_assert_nonnull (piece->id);
  g_assert_cmpfloat_with_epsilon (piece->y, 4 * INCH, 1e-6);
  g_assert_cmpuint (count_violations (fixture, piece), ==, 0);
  g_assert_true (muster_board_view_is_selected (fixture->view, piece->serial));
}

static void
test_game_choices (Fixture       *fixture,
                   gconstpointer  data)
{
  MusterPiece *piece = place_unit (fixture, 60, 44);
  const MusterPlayer *red, *blue;
  g_autofree char *id = g_strdup (piece->id);

  g_autoptr(MusterEditor) editor = muster_editor_new (fixture->layout, fixture->history);

  muster_editor_set_deployment (editor, "refused-flank");
  red = muster_layout_lookup_player (fixture->layout, "red");
  blue = muster_layout_lookup_player (fixture->layout, "blue");
  g_assert_cmpstr (muster_layout_get_deployment_id (fixture->layout), ==, "refused-flank");
  g_assert_cmpstr (red->zone, ==, "south-west");
  g_assert_cmpstr (blue->zone, ==, "north-east");
  g_assert_nonnull (muster_validator_get_zone (muster_window_get_validator (fixture->window), "red"));
  /* Near the south-east corner, the unit is within 9″ of the diagonal:
   * revalidated at once. */
  piece = muster_layout_lookup_piece (fixture->layout, id);
  g_assert_true (has_violation (fixture, piece, MUSTER_RULE_OUTSIDE_ZONE));

  /* The diagonal is a choice. */
  muster_layout_set_option (fixture->layout, "diagonal", "ne-sw");
  g_assert_false (muster_choices_needs_roles (fixture->layout,
                                           muster_validator_get_system (muster_window_get_validator (fixture->window))));

  muster_editor_set_deployment (editor, "encircle");
  g_assert_true (muster_choices_needs_roles (fixture->layout,
                                          muster_validator_get_system (muster_window_get_validator (fixture->window))));
  red = muster_layout_lookup_player (fixture->layout, "red");
  g_assert_cmpstr (red->role, ==, "attacker");

  muster_editor_set_deployment (editor, "dawn-assault");
  g_assert_true (muster_choices_needs_short_edges (fixture->layout,
                                                muster_validator_get_system (muster_window_get_validator (fixture->window))));
  red = muster_layout_lookup_player (fixture->layout, "red");
  g_assert_nonnull (red->short_edge);

  /* Another game: a new validator for it, a new table size. */
  muster_editor_set_system (editor, "infinity");
  g_assert_cmpstr (muster_system_get_id (muster_validator_get_system (muster_window_get_validator (fixture->window))),
                   ==, "infinity");
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (fixture->layout), 48 * INCH, 1e-6);
  g_assert_cmpstr (muster_layout_lookup_player (fixture->layout, "red")->zone, ==, "south");

  while (muster_history_can_undo (fixture->history) &&
         g_strcmp0 (muster_layout_get_deployment_id (fixture->layout), "frontline-clash") != 0)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));

  g_assert_cmpstr (muster_layout_get_system_id (fixture->layout), ==, "t9a");
  g_assert_cmpstr (muster_system_get_id (muster_validator_get_system (muster_window_get_validator (fixture->window))),
                   ==, "t9a");
  g_assert_cmpstr (muster_layout_lookup_player (fixture->layout, "red")->zone, ==, "south");
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (fixture->layout), 72 * INCH, 1e-6);
  piece = muster_layout_lookup_piece (fixture->layout, id);
  g_assert_cmpuint (count_violations (fixture, piece), ==, 0);
}

/* A dragged piece is saved where a player would write it down: on the
 * board view's 0.01″ grid, in the layout's inches ("35.25", not
 * "35.2487401574803"). */
static void
assert_saved_position_short (const char *path)
{
  g_autofree char *text = NULL;
  const char *piece, *end;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  piece = strstr (text, "<piece ");
  g_assert_nonnull (piece);
  end = strchr (piece, '>');
  g_assert_nonnull (end);

  for (guint i = 0; i < 2; i++)
    {
      const char *attr = g_strstr_len (piece, end - piece, i == 0 ? " x=\"" : " y=\"");
      g_autofree char *value = NULL;
      double hundredths;

      g_assert_nonnull (attr);
      value = g_strndup (attr + 4, strcspn (attr + 4, "\""));
      g_assert_cmpuint (strlen (value), <=, 6);
      g_assert_null (strpbrk (value, "eEm"));
      hundredths = g_ascii_strtod (value, NULL) * 100;
      g_assert_cmpfloat_with_epsilon (hundredths, round (hundredths), 1e-6);
    }
}

static void
test_save_and_reopen (Fixture       *fixture,
                      gconstpointer  data)
{
  MusterRoster *roster = muster_window_get_roster (fixture->window);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  g_autofree char *dir = g_dir_make_tmp ("muster-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.muster", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *entry_id = NULL;
  MusterWindow *other;
  MusterLayout *layout;
  MusterPiece *piece;
  const MusterRosterEntry *read;
  double x, y;

  entry->name = g_strdup ("Fusilier & “Co”");
  entry->base = (MusterBase) { MUSTER_BASE_ROUND, 25, 25 };
  entry->count = 3;
  entry->lieutenant = TRUE;
  entry->skills = g_strsplit ("infiltration", " ", -1);
  entry->hold = MUSTER_ROSTER_HOLD_OFF_TABLE;
  entry_id = g_strdup (muster_roster_add_entry (roster, "blue", entry));
  g_signal_emit_by_name (muster_window_get_roster_panel (fixture->window, "blue"), "place-entry", entry_id);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.add-terrain", "s", "small-building"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "select"));

  /* Move the placed piece, so that what is saved is what was dragged. */
  piece = g_ptr_array_index (muster_layout_get_pieces (fixture->layout), 0);
  to_widget (fixture, piece->x, piece->y, &x, &y);
  muster_board_view_pointer_press (fixture->view, x, y, 0);
  muster_board_view_pointer_motion (fixture->view, x + 30.37, y + 0.61);
  muster_board_view_pointer_release (fixture->view, x + 30.37, y + 0.61);

  g_assert_true (muster_window_get_modified (fixture->window));
  g_assert_true (muster_window_save_to (fixture->window, file, &error));
  g_assert_no_error (error);
  assert_saved_position_short (path);
  g_assert_false (muster_window_get_modified (fixture->window));
  g_assert_true (muster_window_get_file (fixture->window) == file);

  other = muster_window_new (NULL);
  g_assert_true (muster_window_open (other, file));
  layout = muster_window_get_layout (other);
  g_assert_false (muster_window_get_modified (other));
  g_assert_cmpuint (muster_layout_get_pieces (layout)->len, ==, 1);
  g_assert_cmpuint (muster_layout_get_terrain (layout)->len, ==, 1);

  piece = g_ptr_array_index (muster_layout_get_pieces (layout), 0);
  g_assert_cmpfloat (piece->x, ==,
                     ((MusterPiece *) g_ptr_array_index (muster_layout_get_pieces (fixture->layout), 0))->x);
  g_assert_cmpfloat (piece->y, ==,
                     ((MusterPiece *) g_ptr_array_index (muster_layout_get_pieces (fixture->layout), 0))->y);
  g_assert_true (piece->lieutenant);
  g_assert_cmpstr (muster_roster_get_piece_entry (piece), ==, entry_id);

  read = muster_roster_lookup (muster_window_get_roster (other), entry_id, NULL);
  g_assert_nonnull (read);
  g_assert_cmpstr (read->name, ==, "Fusilier & “Co”");
  g_assert_cmpuint (read->count, ==, 3);
  g_assert_true (read->lieutenant);
  g_assert_cmpint (read->hold, ==, MUSTER_ROSTER_HOLD_OFF_TABLE);
  g_assert_cmpstr (read->skills[0], ==, "infiltration");
  g_assert_cmpfloat_with_epsilon (read->base.width, 25, 1e-9);
  g_assert_cmpuint (muster_roster_count_placed (muster_window_get_roster (other), entry_id), ==, 1);
  g_assert_cmpstr (muster_roster_panel_get_row_status (MUSTER_ROSTER_PANEL (muster_window_get_roster_panel (other, "blue")), 0),
                   ==, "Off the table");

  /* Changes mark the window modified again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "board.select-all", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "board.delete", NULL));
  g_assert_true (muster_window_get_modified (other));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.undo", NULL));
  g_assert_false (muster_window_get_modified (other));

  gtk_window_destroy (GTK_WINDOW (other));

  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
}

/* Return in the objective tool with the pointer off the table: in the
 * middle of what shows of the table, never off it. */
static void
test_key_place_off_table (Fixture       *fixture,
                          gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (fixture->view);
  GPtrArray *pieces = muster_layout_get_pieces (fixture->layout);
  double width = muster_layout_get_width (fixture->layout);
  double height = muster_layout_get_height (fixture->layout);
  MusterPiece *piece;
  double x, y;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "objective"));

  /* The whole table shows: its middle. */
  pointer_leaves (fixture);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (pieces->len, ==, 1);
  piece = g_ptr_array_index (pieces, 0);
  g_assert_cmpint (piece->kind, ==, MUSTER_PIECE_OBJECTIVE);
  g_assert_cmpfloat_with_epsilon (piece->x, width / 2, 1e-6);
  g_assert_cmpfloat_with_epsilon (piece->y, height / 2, 1e-6);

  /* The pointer over the margin beside the table counts as off it. */
  to_widget (fixture, -10, 10 * INCH, &x, &y);
  g_assert_cmpfloat (x, >=, 0);
  pointer_moves (fixture, x, y);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (pieces->len, ==, 2);
  piece = g_ptr_array_index (pieces, 1);
  g_assert_cmpfloat_with_epsilon (piece->x, width / 2, 1e-6);

  /* Over the table: where it points. */
  to_widget (fixture, 10 * INCH, 12 * INCH, &x, &y);
  pointer_moves (fixture, x, y);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  piece = g_ptr_array_index (pieces, 2);
  g_assert_cmpfloat_with_epsilon (piece->x, 10 * INCH, 1e-6);
  g_assert_cmpfloat_with_epsilon (piece->y, 12 * INCH, 1e-6);

  /* Zoomed in on the top-left corner, the pointer gone: in the middle of
   * the part that shows, which is not the middle of the table. */
  pointer_leaves (fixture);
  muster_board_view_zoom_at (fixture->view, 4, 0, 0);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (pieces->len, ==, 4);
  piece = g_ptr_array_index (pieces, 3);
  g_assert_cmpfloat (piece->x, >, 0);
  g_assert_cmpfloat (piece->y, >, 0);
  g_assert_cmpfloat (piece->x, <, width / 2);
  g_assert_cmpfloat (piece->y, <, height / 2);
  to_widget (fixture, piece->x, piece->y, &x, &y);
  g_assert_cmpfloat (x, >, 0);
  g_assert_cmpfloat (y, >, 0);
  g_assert_cmpfloat (x, <, gtk_widget_get_width (view));
  g_assert_cmpfloat (y, <, gtk_widget_get_height (view));
}

/* The ruler, rectangles and outlines with the keyboard alone: the arrows
 * move the tool's cross, Return acts where it is. */
static void
test_key_tools (Fixture       *fixture,
                gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (fixture->view);
  GPtrArray *terrain = muster_layout_get_terrain (fixture->layout);
  double width = muster_layout_get_width (fixture->layout);
  double height = muster_layout_get_height (fixture->layout);
  MusterPoint c = { width / 2, height / 2 };
  const MusterTerrain *t;
  MusterPiece *a, *b;
  double distance;
  guint n_terrain;

  pointer_leaves (fixture);

  /* A rectangle: Return, arrows, Return. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "rectangle"));
  n_terrain = terrain->len;
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  send_keys (view, GDK_KEY_Right, 5);
  send_keys (view, GDK_KEY_Down, 3);
  g_assert_cmpuint (terrain->len, ==, n_terrain);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (terrain->len, ==, n_terrain + 1);
  t = g_ptr_array_index (terrain, terrain->len - 1);
  g_assert_cmpuint (t->n_points, ==, 4);
  g_assert_cmpfloat_with_epsilon (t->points[0].x, c.x, 1e-6);
  g_assert_cmpfloat_with_epsilon (t->points[0].y, c.y, 1e-6);
  g_assert_cmpfloat_with_epsilon (t->points[2].x, c.x + 5 * INCH, 1e-6);
  g_assert_cmpfloat_with_epsilon (t->points[2].y, c.y + 3 * INCH, 1e-6);
  g_assert_cmpstr (muster_board_view_get_selected_terrain (fixture->view), ==, t->id);

  /* An outline: a corner at each Return; Backspace takes the last back;
   * Return again without moving closes it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "polygon"));
  send_keys (view, GDK_KEY_Up, 10);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  send_keys (view, GDK_KEY_Right, 4);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  send_keys (view, GDK_KEY_Down, 2);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  send_keys (view, GDK_KEY_Left, 9);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_true (send_key (view, GDK_KEY_BackSpace, 0));
  g_assert_cmpuint (terrain->len, ==, n_terrain + 1);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (terrain->len, ==, n_terrain + 2);
  t = g_ptr_array_index (terrain, terrain->len - 1);
  g_assert_cmpuint (t->n_points, ==, 3);
  g_assert_cmpfloat_with_epsilon (t->points[0].x, c.x + 5 * INCH, 1e-6);
  g_assert_cmpfloat_with_epsilon (t->points[0].y, c.y - 7 * INCH, 1e-6);
  g_assert_cmpfloat_with_epsilon (t->points[1].x, c.x + 9 * INCH, 1e-6);
  g_assert_cmpfloat_with_epsilon (t->points[2].y, c.y - 5 * INCH, 1e-6);

  /* Escape drops an outline half drawn. */
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  send_keys (view, GDK_KEY_Right, 2);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_true (send_key (view, GDK_KEY_Escape, 0));
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (terrain->len, ==, n_terrain + 2);
  g_assert_true (send_key (view, GDK_KEY_Escape, 0));

  /* The ruler from point to point. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "measure"));
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  send_keys (view, GDK_KEY_Right, 3);
  g_assert_true (muster_board_view_get_measurement (fixture->view, &distance, NULL, NULL));
  g_assert_cmpfloat_with_epsilon (distance, 3 * INCH, 1e-6);
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  send_keys (view, GDK_KEY_Right, 2);
  g_assert_true (muster_board_view_get_measurement (fixture->view, &distance, NULL, NULL));
  g_assert_cmpfloat_with_epsilon (distance, 3 * INCH, 1e-6);

  /* ... and from edge to edge: Tab goes from piece to piece. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "select"));
  a = place_unit (fixture, 20, 42);
  b = place_unit (fixture, 40, 42);
  muster_board_view_unselect_all (fixture->view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "measure"));
  g_assert_true (send_key (view, GDK_KEY_Tab, 0));
  g_assert_true (muster_board_view_is_selected (fixture->view, a->serial));
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_true (send_key (view, GDK_KEY_Tab, 0));
  g_assert_true (muster_board_view_is_selected (fixture->view, b->serial));
  g_assert_true (send_key (view, GDK_KEY_Return, 0));
  g_assert_true (muster_board_view_get_measurement (fixture->view, &distance, NULL, NULL));
  g_assert_cmpfloat_with_epsilon (distance, 20 * INCH - 100, 1e-6);
}

static void
context_menu_cb (GtkWidget *view,
                 double     x,
                 double     y,
                 double    *where)
{
  where[0] = x;
  where[1] = y;
}

/* Tab goes round the terrain too; the menu key opens the menu of what
 * is selected. */
static void
test_key_terrain (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (fixture->view);
  MusterPiece *a = place_unit (fixture, 20, 42);
  GPtrArray *terrain;
  const MusterTerrain *t;
  g_autofree char *terrain_id = NULL;
  double menu[2] = { -1, -1 }, x, y;
  gulong handler;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.add-terrain", "s", "forest"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "select"));
  terrain = muster_layout_get_terrain (fixture->layout);
  g_assert_cmpuint (terrain->len, ==, 1);
  t = g_ptr_array_index (terrain, 0);
  terrain_id = g_strdup (t->id);
  muster_board_view_unselect_all (fixture->view);

  /* From the piece last placed, on to the terrain, round to the piece. */
  g_assert_true (send_key (view, GDK_KEY_Tab, 0));
  g_assert_cmpuint (muster_board_view_get_n_selected (fixture->view), ==, 0);
  g_assert_cmpstr (muster_board_view_get_selected_terrain (fixture->view), ==, terrain_id);
  g_assert_true (send_key (view, GDK_KEY_Tab, 0));
  g_assert_true (muster_board_view_is_selected (fixture->view, a->serial));
  g_assert_null (muster_board_view_get_selected_terrain (fixture->view));
  g_assert_true (send_key (view, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
  g_assert_cmpstr (muster_board_view_get_selected_terrain (fixture->view), ==, terrain_id);
  g_assert_true (send_key (view, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
  g_assert_true (muster_board_view_is_selected (fixture->view, a->serial));
  g_assert_true (send_key (view, GDK_KEY_Tab, 0));

  /* Chosen by keyboard, the terrain moves and changes by keyboard; three
   * taps are one undo step. */
  {
    double x0 = t->points[0].x;
    guint steps = muster_history_get_n_steps (fixture->history);

    send_keys (view, GDK_KEY_Right, 3);
    t = muster_layout_lookup_terrain (fixture->layout, terrain_id);
    g_assert_cmpfloat_with_epsilon (t->points[0].x, x0 + 3 * INCH, 1e-6);
    g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.terrain-kind", "s", "impassable"));
  t = muster_layout_lookup_terrain (fixture->layout, terrain_id);
  g_assert_cmpint (t->kind, ==, MUSTER_TERRAIN_IMPASSABLE);

  /* The menu key: the menu beside the piece. */
  muster_board_view_select_piece (fixture->view, a->serial, FALSE);
  handler = g_signal_connect (view, "context-menu", G_CALLBACK (context_menu_cb), menu);
  g_assert_true (send_key (view, GDK_KEY_Menu, 0));
  to_widget (fixture, a->x, a->y, &x, &y);
  g_assert_cmpfloat_with_epsilon (menu[0], x, 1e-6);
  g_assert_cmpfloat_with_epsilon (menu[1], y, 1e-6);
  menu[0] = -1;
  g_assert_true (send_key (view, GDK_KEY_F10, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (menu[0], x, 1e-6);
  g_signal_handler_disconnect (view, handler);
  spin ();
}

static gboolean
is_spin_button (GtkWidget *widget)
{
  return GTK_IS_SPIN_BUTTON (widget);
}

/* The table's size typed into the game popover is one step, undone as
 * one. */
static void
test_popover_table_size (Fixture       *fixture,
                         gconstpointer  data)
{
  GtkWidget *popover = muster_game_popover_new ();
  GtkWidget *width;
  guint steps;

  g_object_ref_sink (popover);
  muster_game_popover_set_units (MUSTER_GAME_POPOVER (popover), MUSTER_UNIT_INCH);
  muster_game_popover_set_layout (MUSTER_GAME_POPOVER (popover), fixture->layout, fixture->history);
  spin ();
  width = find_widget (popover, is_spin_button);
  g_assert_nonnull (width);
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (GTK_SPIN_BUTTON (width)), 72, 1e-9);

  steps = muster_history_get_n_steps (fixture->history);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (width), 60);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (fixture->layout), 60 * INCH, 1e-9);
  g_assert_cmpuint (muster_history_get_n_steps (fixture->history), ==, steps + 1);
  g_assert_cmpstr (muster_history_get_undo_label (fixture->history), ==, "Change Table Size");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (fixture->layout), 72 * INCH, 1e-9);

  muster_game_popover_set_layout (MUSTER_GAME_POPOVER (popover), NULL, NULL);
  g_object_unref (popover);
}

/* Every template builds with no handler left to find by name: the
 * window's module exports no symbol but its entry point, so GtkBuilder
 * finds only the callbacks each class binds (an unbound one is a
 * critical warning, fatal here). The window and the panels are built by
 * the other tests; these are the dialogs. */
static void
test_templates_bound (Fixture       *fixture,
                      gconstpointer  data)
{
  MusterSystem *system = muster_validator_get_system (muster_window_get_validator (fixture->window));
  GtkWidget *dialog = GTK_WIDGET (muster_entry_dialog_new (GTK_WINDOW (fixture->window), system, NULL));
  GtkWidget *preferences = muster_preferences_window_present (GTK_WIDGET (fixture->window));

  gtk_window_present (GTK_WINDOW (dialog));
  spin ();
  gtk_window_destroy (GTK_WINDOW (dialog));
  muster_dialog_close (preferences);
  spin ();
}

/* The names of a widget class's own actions, with a prefix. */
static char *
class_actions (GType       type,
               const char *prefix)
{
  GtkWidgetClass *widget_class = g_type_class_peek (type);
  g_autoptr(GString) names = g_string_new (NULL);
  const GVariantType *parameter_type;
  const char *name, *property_name;
  GType owner;

  for (guint i = 0; gtk_widget_class_query_action (widget_class, i, &owner, &name, &parameter_type, &property_name); i++)
    if (owner == type && g_str_has_prefix (name, prefix))
      g_string_append_printf (names, "%s%s", names->len > 0 ? " " : "", name);

  return g_string_free (g_steal_pointer (&names), FALSE);
}

/* The board's actions are the view's own, its keys are their bindings,
 * and the window reaches them (for its tool bar, menus and accelerators)
 * through the view's action group, not through actions of its own. */
static void
test_actions_on_view (Fixture       *fixture,
                      gconstpointer  data)
{
  GActionGroup *actions = muster_board_view_get_actions (fixture->view);
  g_autofree char *window_actions = class_actions (MUSTER_TYPE_WINDOW, "board.");
  g_autofree char *view_actions = class_actions (MUSTER_TYPE_BOARD_VIEW, "board.");
  g_autoptr(GVariant) tool = NULL;
  MusterPiece *piece;

  g_assert_cmpstr (window_actions, ==, "");
  g_assert_nonnull (strstr (view_actions, "board.zoom-in"));
  g_assert_nonnull (strstr (view_actions, "board.tool"));
  g_assert_nonnull (strstr (view_actions, "board.add-terrain"));
  g_assert_true (g_action_group_has_action (actions, "select-next"));

  /* The edits of the selection wait for one, in the window too. */
  g_assert_false (g_action_group_get_action_enabled (actions, "delete"));
  g_assert_false (g_action_group_get_action_enabled (actions, "rotate-cw"));
  piece = place_unit (fixture, 36, 42);
  g_assert_true (g_action_group_get_action_enabled (actions, "delete"));
  g_assert_true (g_action_group_get_action_enabled (actions, "rotate-cw"));
  /* Only a model lies prone: the menu hides Prone for a unit. */
  g_assert_false (g_action_group_get_action_enabled (actions, "toggle-prone"));
  {
    MusterBase round = { MUSTER_BASE_ROUND, 25, 25 };
    MusterPiece *model = muster_board_view_place_piece (fixture->view, muster_piece_new ("m", MUSTER_PIECE_MODEL,
                                                                                         "red", &round, 20 * INCH,
                                                                                         42 * INCH));

    g_assert_true (g_action_group_get_action_enabled (actions, "toggle-prone"));
    muster_board_view_select_all (fixture->view);
    g_assert_true (g_action_group_get_action_enabled (actions, "toggle-prone"));
    muster_layout_remove_piece (fixture->layout, model->id);
  }
  muster_board_view_unselect_all (fixture->view);
  g_assert_false (g_action_group_get_action_enabled (actions, "toggle-prone"));
  /* And their keys let the key go on. */
  g_assert_false (send_key (GTK_WIDGET (fixture->view), GDK_KEY_Delete, 0));
  g_assert_nonnull (muster_layout_lookup_piece (fixture->layout, piece->id));

  /* The tool, as the tool bar's toggle buttons see it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "board.tool", "s", "polygon"));
  tool = g_action_group_get_action_state (actions, "tool");
  g_assert_cmpstr (g_variant_get_string (tool, NULL), ==, "polygon");
  g_assert_cmpint (muster_board_view_get_tool (fixture->view), ==, MUSTER_BOARD_TOOL_POLYGON);
  g_action_group_change_action_state (actions, "tool", g_variant_new_string ("select"));
  g_assert_cmpint (muster_board_view_get_tool (fixture->view), ==, MUSTER_BOARD_TOOL_SELECT);
}

/* A new table size fits the table to the window again; other changes
 * keep the zoom. */
static void
test_refit_on_table_size (Fixture       *fixture,
                          gconstpointer  data)
{
  double fitted = muster_board_view_get_scale (fixture->view);

  muster_board_view_zoom_in (fixture->view);
  muster_board_view_zoom_in (fixture->view);
  g_assert_cmpfloat (muster_board_view_get_zoom (fixture->view), >, 1.5);

  place_unit (fixture, 20, 42);
  muster_layout_set_option (fixture->layout, "diagonal", "ne-sw");
  g_assert_cmpfloat (muster_board_view_get_zoom (fixture->view), >, 1.5);

  muster_layout_set_board (fixture->layout, 48 * INCH, 48 * INCH);
  g_assert_cmpfloat_with_epsilon (muster_board_view_get_zoom (fixture->view), 1.0, 1e-9);
  g_assert_cmpfloat (muster_board_view_get_scale (fixture->view), !=, fitted);
  /* The whole of the new table shows, centred. */
  {
    double x0, y0, x1, y1;

    to_widget (fixture, 0, 0, &x0, &y0);
    to_widget (fixture, 48 * INCH, 48 * INCH, &x1, &y1);
    g_assert_cmpfloat (x0, >=, 0);
    g_assert_cmpfloat (y0, >=, 0);
    g_assert_cmpfloat (x1, <=, gtk_widget_get_width (GTK_WIDGET (fixture->view)));
    g_assert_cmpfloat (y1, <=, gtk_widget_get_height (GTK_WIDGET (fixture->view)));
    g_assert_cmpfloat_with_epsilon ((x0 + x1) / 2, gtk_widget_get_width (GTK_WIDGET (fixture->view)) / 2.0, 1e-6);
  }
}

/* A layout file dropped on the window opens. */
static void
test_drop_file (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "dropped.muster", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) controllers = NULL;
  g_autoptr(GSList) files = NULL;
  g_auto(GValue) value = G_VALUE_INIT;
  GtkDropTarget *target = NULL;
  MusterWindow *other = muster_window_new (NULL);
  MusterBoardView *other_view = muster_window_get_board_view (other);
  MusterBase base = { MUSTER_BASE_ROUND, 40, 40 };
  gboolean dropped = FALSE;

  /* A layout with two pieces, saved elsewhere. */
  muster_board_view_place_piece (other_view, muster_piece_new ("a", MUSTER_PIECE_MODEL, "red", &base, 10 * INCH, 44 * INCH));
  muster_board_view_place_piece (other_view, muster_piece_new ("b", MUSTER_PIECE_MODEL, "blue", &base, 10 * INCH, 4 * INCH));
  g_assert_true (muster_window_save_to (other, file, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (other));

  controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      gsize n_types = 0;
      const GType *types;

      if (!GTK_IS_DROP_TARGET (controller))
        continue;

      types = gtk_drop_target_get_gtypes (GTK_DROP_TARGET (controller), &n_types);
      for (gsize j = 0; j < n_types; j++)
        if (types[j] == GDK_TYPE_FILE_LIST)
          target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  g_assert_cmpuint (muster_layout_get_pieces (fixture->layout)->len, ==, 0);
  files = g_slist_append (NULL, file);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_signal_emit_by_name (target, "drop", &value, 100.0, 100.0, &dropped);
  g_assert_true (dropped);
  spin ();

  refresh (fixture);
  g_assert_nonnull (muster_window_get_file (fixture->window));
  g_assert_true (g_file_equal (muster_window_get_file (fixture->window), file));
  g_assert_cmpuint (muster_layout_get_pieces (fixture->layout)->len, ==, 2);
  g_assert_false (muster_window_get_modified (fixture->window));

  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
}

static gboolean
contains (const char *text,
          const char *part)
{
  return text != NULL && strstr (text, part) != NULL;
}

/* What a screen reader hears of the table: its size and deployment, how
 * many pieces and how many of them are wrong, and what is selected. */
static void
test_accessible_summary (Fixture       *fixture,
                         gconstpointer  data)
{
  GtkAccessible *view = GTK_ACCESSIBLE (fixture->view);
  g_autofree char *summary = NULL;
  g_autofree char *label = NULL;
  g_autofree char *failed = NULL;
  MusterPiece *good, *bad;

  gtk_test_accessible_assert_role (view, GTK_ACCESSIBLE_ROLE_IMG);

  summary = muster_board_view_dup_accessible_summary (fixture->view);
  g_assert_true (contains (summary, "72″ × 48″"));
  g_assert_true (contains (summary, "0 pieces on the table."));
  g_assert_false (contains (summary, "break"));

  good = place_unit (fixture, 36, 44);
  /* In no man's land: outside red's zone. */
  bad = place_unit (fixture, 36, 24);
  muster_board_view_unselect_all (fixture->view);
  spin ();
  g_assert_cmpuint (count_violations (fixture, good), ==, 0);
  g_assert_cmpuint (count_violations (fixture, bad), >, 0);

  g_clear_pointer (&summary, g_free);
  summary = muster_board_view_dup_accessible_summary (fixture->view);
  g_assert_true (contains (summary, "2 pieces on the table."));
  g_assert_true (contains (summary, "1 of them breaks a rule."));
  g_assert_false (contains (summary, "Selected"));
  /* The description the screen reader gets is that summary. */
  failed = gtk_test_accessible_check_property (view, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary);
  g_assert_null (failed);
  failed = gtk_test_accessible_check_property (view, GTK_ACCESSIBLE_PROPERTY_LABEL, "Table");
  g_assert_null (failed);

  /* Selecting by keyboard names the piece, and what is wrong with it, in
   * the label, so that it is read out. */
  g_assert_true (send_key (GTK_WIDGET (fixture->view), GDK_KEY_Tab, 0));
  g_assert_true (send_key (GTK_WIDGET (fixture->view), GDK_KEY_Tab, 0));
  g_assert_true (muster_board_view_is_selected (fixture->view, bad->serial));
  /* (The check gives the value when it differs.) */
  label = gtk_test_accessible_check_property (view, GTK_ACCESSIBLE_PROPERTY_LABEL, "");
  g_assert_true (g_str_has_prefix (label, "Table: "));
  g_assert_true (contains (label, bad->id));
  g_assert_true (contains (label, "Not entirely inside the deployment zone"));
  g_clear_pointer (&summary, g_free);
  summary = muster_board_view_dup_accessible_summary (fixture->view);
  g_assert_true (contains (summary, "Selected: "));
  g_assert_true (contains (summary, bad->id));

  /* Fixed, the count follows. */
  muster_board_view_move_selection (fixture->view, 14 * INCH, 18 * INCH);
  g_assert_cmpuint (count_violations (fixture, bad), ==, 0);
  spin ();
  g_clear_pointer (&summary, g_free);
  summary = muster_board_view_dup_accessible_summary (fixture->view);
  g_assert_false (contains (summary, "break"));
  failed = gtk_test_accessible_check_property (view, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary);
  g_assert_null (failed);
}

/* Every button of the window and its tool bar has a name a screen reader
 * can say: a label, an accessible label or a tooltip. */
static void
check_labelled (GtkWidget *widget,
                GString   *unlabelled,
                guint     *n_buttons)
{
  if (GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || ADW_IS_SPLIT_BUTTON (widget))
    {
      GtkWidget *parent = gtk_widget_get_parent (widget);
      gboolean inner = parent != NULL &&
                       (GTK_IS_MENU_BUTTON (parent) || ADW_IS_SPLIT_BUTTON (parent) ||
                        GTK_IS_SPIN_BUTTON (parent) || GTK_IS_STACK_SWITCHER (parent));
      gboolean labelled = gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) ||
                          gtk_widget_get_tooltip_text (widget) != NULL ||
                          (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL &&
                           gtk_button_get_icon_name (GTK_BUTTON (widget)) == NULL) ||
                          (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) != NULL) ||
                          (ADW_IS_SPLIT_BUTTON (widget) && adw_split_button_get_label (ADW_SPLIT_BUTTON (widget)) != NULL) ||
                          GTK_IS_LABEL (gtk_widget_get_first_child (widget));

      if (!inner && !labelled)
        g_string_append_printf (unlabelled, "%s (%s) ", G_OBJECT_TYPE_NAME (widget),
                                gtk_widget_get_name (widget));
      if (!inner)
        (*n_buttons)++;
      if (!inner && g_getenv ("MUSTER_TEST_LIST_TOOLTIP_ONLY") != NULL &&
          !gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) &&
          gtk_widget_get_tooltip_text (widget) != NULL)
        g_printerr ("tooltip only: %s %s\n", G_OBJECT_TYPE_NAME (widget), gtk_widget_get_tooltip_text (widget));
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    check_labelled (child, unlabelled, n_buttons);
}

static void
test_buttons_labelled (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GString) unlabelled = g_string_new (NULL);
  MusterRoster *roster = muster_window_get_roster (fixture->window);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  guint n_buttons = 0;

  /* A roster row, with its menu button. */
  entry->name = g_strdup ("Fusilier");
  entry->base = (MusterBase) { MUSTER_BASE_ROUND, 25, 25 };
  entry->count = 1;
  muster_roster_add_entry (roster, "red", entry);
  spin ();

  check_labelled (GTK_WIDGET (fixture->window), unlabelled, &n_buttons);
  g_assert_cmpstr (unlabelled->str, ==, "");
  /* The header bar's, the tool bar's, the roster's and its row's. */
  g_assert_cmpuint (n_buttons, >=, 15);
}

static gboolean
is_roster_row (GtkWidget *widget)
{
  return ADW_IS_ACTION_ROW (widget) && g_object_get_data (G_OBJECT (widget), "entry-id") != NULL;
}

static GtkWidget *
find_row (GtkWidget *widget)
{
  return find_widget (widget, is_roster_row);
}

/* A roster row's shortcut, as its controller would run it. */
static void
row_shortcut (GtkWidget  *row,
              const char *trigger)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (row);
  gboolean done = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !done; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !done; j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          g_autofree char *text = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (g_strcmp0 (text, trigger) != 0)
            continue;

          g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, row,
                                                       gtk_shortcut_get_arguments (shortcut)));
          done = TRUE;
        }
    }

  g_assert_true (done);
}

/* The actions of a roster row by keyboard. */
static void
test_roster_row_keys (Fixture       *fixture,
                      gconstpointer  data)
{
  MusterRoster *roster = muster_window_get_roster (fixture->window);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  g_autofree char *entry_id = NULL;
  GtkWidget *row;

  entry->name = g_strdup ("Fusilier");
  entry->base = (MusterBase) { MUSTER_BASE_ROUND, 25, 25 };
  entry->count = 1;
  entry_id = g_strdup (muster_roster_add_entry (roster, "red", entry));
  spin ();

  row = find_row (GTK_WIDGET (red_panel (fixture)));
  g_assert_nonnull (row);
  row_shortcut (row, "h");
  g_assert_cmpint (muster_roster_lookup (roster, entry_id, NULL)->hold, ==, MUSTER_ROSTER_HOLD_BACK);
  spin ();

  row = find_row (GTK_WIDGET (red_panel (fixture)));
  row_shortcut (row, "h");
  g_assert_cmpint (muster_roster_lookup (roster, entry_id, NULL)->hold, ==, MUSTER_ROSTER_HOLD_NONE);
  spin ();

  row = find_row (GTK_WIDGET (red_panel (fixture)));
  row_shortcut (row, "Delete");
  g_assert_null (muster_roster_lookup (roster, entry_id, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_nonnull (muster_roster_lookup (roster, entry_id, NULL));
}

static gboolean
is_menu_button (GtkWidget *widget)
{
  return GTK_IS_MENU_BUTTON (widget);
}

/* The actions of a menu's items, sections flattened, in order, each
 * once. */
static void
collect_menu_actions (GMenuModel *menu,
                      GString    *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autofree char *action = NULL;

      if (section != NULL)
        collect_menu_actions (section, out);
      else if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
               !g_str_has_suffix (out->str, action))
        g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", action);
    }
}

/* A roster row's menu offers, in this order, to place, edit, hold back and
 * remove: once its last section replaced its first. */
static void
test_roster_row_menu (Fixture       *fixture,
                      gconstpointer  data)
{
  MusterRoster *roster = muster_window_get_roster (fixture->window);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  g_autoptr(GString) actions = g_string_new (NULL);
  GtkWidget *row, *button;
  GMenuModel *menu;

  entry->name = g_strdup ("Fusilier");
  entry->base = (MusterBase) { MUSTER_BASE_ROUND, 25, 25 };
  entry->count = 1;
  muster_roster_add_entry (roster, "red", entry);
  spin ();

  row = find_row (GTK_WIDGET (red_panel (fixture)));
  g_assert_nonnull (row);
  button = find_widget (row, is_menu_button);
  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  g_assert_nonnull (menu);

  collect_menu_actions (menu, actions);
  g_assert_cmpstr (actions->str, ==, "roster.place roster.edit roster.hold roster.remove");
}

int
main (int   argc,
      char *argv[])
{
  /* The accessible properties kept where the tests can read them, and
   * no accessibility bus. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_quirks_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, set_up, func, tear_down)

  ADD ("/app/board-view/place-from-roster", test_place_from_roster);
  ADD ("/app/board-view/drag-feedback", test_drag_feedback);
  ADD ("/app/board-view/click-without-drag", test_click_without_drag);
  ADD ("/app/board-view/rotate-handle", test_rotate_handle);
  ADD ("/app/board-view/keyboard", test_keyboard);
  ADD ("/app/board-view/key-nudge-undo", test_key_nudge_undo);
  ADD ("/app/board-view/band-and-group-move", test_band_and_group_move);
  ADD ("/app/board-view/measure", test_measure);
  ADD ("/app/board-view/terrain", test_terrain);
  ADD ("/app/board-view/objectives-and-markers", test_objectives_and_markers);
  ADD ("/app/board-view/drop-placement", test_drop_placement);
  ADD ("/app/board-view/game-choices", test_game_choices);
  ADD ("/app/board-view/save-and-reopen", test_save_and_reopen);
  ADD ("/app/board-view/key-place-off-table", test_key_place_off_table);
  ADD ("/app/board-view/key-tools", test_key_tools);
  ADD ("/app/board-view/key-terrain", test_key_terrain);
  ADD ("/app/board-view/actions-on-view", test_actions_on_view);
  ADD ("/app/board-view/popover-table-size", test_popover_table_size);
  ADD ("/app/board-view/templates-bound", test_templates_bound);
  ADD ("/app/board-view/refit-on-table-size", test_refit_on_table_size);
  ADD ("/app/board-view/drop-file", test_drop_file);
  ADD ("/app/board-view/accessible-summary", test_accessible_summary);
  ADD ("/app/board-view/buttons-labelled", test_buttons_labelled);
  ADD ("/app/board-view/roster-row-keys", test_roster_row_keys);
  ADD ("/app/board-view/roster-row-menu", test_roster_row_menu);

#undef ADD

  return g_test_run ();
}
