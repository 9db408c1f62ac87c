/* test-sidebar-split.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The roster and Problems share the sidebar's height (issue 17, item
 * 10): on a small window Problems takes no more than its share and the
 * roster keeps the rest; on a large one Problems shows every row it has
 * up to its share, and a short list takes only what it needs. */

#include "config.h"

#include <gtk/gtk.h>

#include "muster-sidebar-split.h"

static GtkWidget *
block (int min_height,
       int natural_height)
{
  /* A scrolled window: its minimum and natural heights are set. */
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *content = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (content), natural_height);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), content);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), min_height);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);

  return scrolled;
}

/* The heights the split gives its children in a window height tall. */
static void
allocate (int  height,
          int  end_natural,
          int *start_height,
          int *end_height)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *split = muster_sidebar_split_new ();
  GtkWidget *start = block (60, 900);
  GtkWidget *end = block (96, end_natural);

  muster_sidebar_split_set_start_child (MUSTER_SIDEBAR_SPLIT (split), start);
  muster_sidebar_split_set_end_child (MUSTER_SIDEBAR_SPLIT (split), end);
  gtk_window_set_child (GTK_WINDOW (window), split);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, height);
  gtk_window_present (GTK_WINDOW (window));

  /* Bounded: a frame or two, at most five seconds. */
  for (gint64 end_time = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
       gtk_widget_get_height (split) != height && g_get_monotonic_time () < end_time;)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }

  g_assert_cmpint (gtk_widget_get_height (split), ==, height);
  *start_height = gtk_widget_get_height (start);
  *end_height = gtk_widget_get_height (end);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_small_window (void)
{
  int start, end;

  /* A long list: Problems takes its share, the roster the rest. */
  allocate (500, 2000, &start, &end);
  g_assert_cmpint (end, ==, 200);
  g_assert_cmpint (start, ==, 300);
}

static void
test_large_window (void)
{
  int start, end;

  /* A long list grows with the window (a fixed cap stopped it at six
   * rows, 260 px)... (The test's screen is 768 px tall.) */
  allocate (750, 2000, &start, &end);
  g_assert_cmpint (end, ==, 300);
  g_assert_cmpint (start, ==, 450);

  /* ...and a short one takes what it needs. */
  allocate (750, 150, &start, &end);
  g_assert_cmpint (end, ==, 150);
  g_assert_cmpint (start, ==, 600);
}

static void
test_tiny_window (void)
{
  int start, end;

  /* Less room than both minimums: the roster keeps its own, Problems
   * shows its two rows. */
  allocate (200, 2000, &start, &end);
  g_assert_cmpint (end, ==, 96);
  g_assert_cmpint (start, ==, 104);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gui/sidebar-split/small-window", test_small_window);
  g_test_add_func ("/gui/sidebar-split/large-window", test_large_window);
  g_test_add_func ("/gui/sidebar-split/tiny-window", test_tiny_window);

  return g_test_run ();
}
