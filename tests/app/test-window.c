/* test-window.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "muster-window.h"

static void
wait_for_size (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((gtk_widget_get_width (widget) <= 0 || !gtk_widget_get_mapped (widget)) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  /* Let the first frame through. */
  for (int i = 0; i < 20 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static MusterWindow *
open_window (void)
{
  MusterWindow *window = muster_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_size (GTK_WIDGET (muster_window_get_board_view (window)));

  return window;
}

static void
test_window_default_table (void)
{
  MusterWindow *window = open_window ();
  MusterBoardView *view = muster_window_get_board_view (window);
  MusterLayout *layout = muster_window_get_layout (window);
  int w = gtk_widget_get_width (GTK_WIDGET (view));
  int h = gtk_widget_get_height (GTK_WIDGET (view));
  MusterPoint nw, se;
  double x0, y0, x1, y1;

  g_assert_nonnull (layout);
  g_assert_cmpstr (muster_layout_get_system_id (layout), ==, "t9a");
  g_assert_cmpstr (muster_layout_get_deployment_id (layout), ==, "frontline-clash");
  g_assert_cmpfloat_with_epsilon (muster_layout_get_width (layout), 72 * 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_layout_get_height (layout), 48 * 25.4, 1e-9);

  g_assert_cmpint (w, >, 100);
  g_assert_cmpint (h, >, 100);
  g_assert_cmpfloat (muster_board_view_get_scale (view), >, 0);

  /* Fitted and centred: the whole table is visible, with equal margins. */
  nw = (MusterPoint) { 0, 0 };
  se = (MusterPoint) { muster_layout_get_width (layout), muster_layout_get_height (layout) };
  muster_board_view_board_to_widget (view, nw, &x0, &y0);
  muster_board_view_board_to_widget (view, se, &x1, &y1);
  g_assert_cmpfloat (x0, >=, 0);
  g_assert_cmpfloat (y0, >=, 0);
  g_assert_cmpfloat (x1, <=, w);
  g_assert_cmpfloat (y1, <=, h);
  g_assert_cmpfloat_with_epsilon (x0, w - x1, 1.0);
  g_assert_cmpfloat_with_epsilon (y0, h - y1, 1.0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_zoom_keeps_pointer (void)
{
  MusterWindow *window = open_window ();
  MusterBoardView *view = muster_window_get_board_view (window);
  double scale = muster_board_view_get_scale (view);
  MusterPoint before, after;
  double x = 200, y = 150;

  muster_board_view_widget_to_board (view, x, y, &before);
  muster_board_view_zoom_at (view, 2.0, x, y);
  g_assert_cmpfloat_with_epsilon (muster_board_view_get_scale (view), 2 * scale, 1e-9);
  muster_board_view_widget_to_board (view, x, y, &after);
  g_assert_cmpfloat_with_epsilon (before.x, after.x, 1e-6);
  g_assert_cmpfloat_with_epsilon (before.y, after.y, 1e-6);

  muster_board_view_zoom_at (view, 0.8, 600, 400);
  g_assert_cmpfloat_with_epsilon (muster_board_view_get_scale (view), 1.6 * scale, 1e-9);

  /* The keyboard actions, through the window. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "board.zoom-reset", NULL));
  g_assert_cmpfloat_with_epsilon (muster_board_view_get_scale (view), scale, 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "board.zoom-in", NULL));
  g_assert_cmpfloat (muster_board_view_get_scale (view), >, scale);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "board.zoom-out", NULL));
  g_assert_cmpfloat_with_epsilon (muster_board_view_get_scale (view), scale, 1e-9);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_resize_refits (void)
{
  MusterWindow *window = open_window ();
  MusterBoardView *view = muster_window_get_board_view (window);
  double scale = muster_board_view_get_scale (view);
  gint64 deadline;

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 450);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (muster_board_view_get_scale (view) >= scale && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  g_assert_cmpfloat (muster_board_view_get_scale (view), <, scale);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_pan (void)
{
  MusterWindow *window = open_window ();
  MusterBoardView *view = muster_window_get_board_view (window);
  MusterPoint before, after;

  muster_board_view_zoom_at (view, 4.0, 300, 300);
  muster_board_view_widget_to_board (view, 300, 300, &before);
  muster_board_view_pan (view, 50, 20);
  muster_board_view_widget_to_board (view, 350, 320, &after);
  g_assert_cmpfloat_with_epsilon (before.x, after.x, 1e-6);
  g_assert_cmpfloat_with_epsilon (before.y, after.y, 1e-6);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/window/default-table", test_window_default_table);
  g_test_add_func ("/app/window/zoom-keeps-pointer", test_window_zoom_keeps_pointer);
  g_test_add_func ("/app/window/resize-refits", test_window_resize_refits);
  g_test_add_func ("/app/window/pan", test_window_pan);

  return g_test_run ();
}
