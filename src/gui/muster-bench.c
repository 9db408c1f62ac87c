/* muster-bench.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-bench"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "muster-bench.h"

long
muster_bench_rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;

  line = strstr (status, "\nVmRSS:");

  return line != NULL ? strtol (line + strlen ("\nVmRSS:"), NULL, 10) : 0;
}

/* A board view in window is mapped with a size: its snapshot was part of
 * the frame just painted. Found by type name, so that this file needs
 * nothing of the board view. */
static gboolean
board_view_shown (GtkWidget *widget)
{
  GType type = g_type_from_name ("MusterBoardView");

  if (type != 0 && G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      gtk_widget_get_mapped (widget) &&
      gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0)
    return TRUE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (board_view_shown (child))
        return TRUE;
    }

  return FALSE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                GtkWidget     *window)
{
  if (!board_view_shown (window))
    return;

  fprintf (stderr, "muster-bench: first-frame rss-kb=%ld\n", muster_bench_rss_kb ());
  fflush (stderr);
  _exit (0);
}

static void
window_realize_cb (GtkWidget *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  if (clock != NULL)
    g_signal_connect_object (clock, "after-paint", G_CALLBACK (after_paint_cb), window, 0);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  if (gtk_widget_get_realized (GTK_WIDGET (window)))
    window_realize_cb (GTK_WIDGET (window));
  else
    g_signal_connect (window, "realize", G_CALLBACK (window_realize_cb), NULL);
}

void
muster_bench_init (GtkApplication *app)
{
  g_return_if_fail (GTK_IS_APPLICATION (app));

  if (g_strcmp0 (g_getenv ("MUSTER_BENCH_EXIT_AFTER_FIRST_FRAME"), "1") != 0)
    return;

  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
}
