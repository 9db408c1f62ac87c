/* bare-window.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The simplest GTK window, as the yardstick of Muster's start-up
 * (bench-process.py startup): a GtkApplication with a 1200 × 800
 * GtkWindow (the size of Muster's window) holding a GtkDrawingArea that
 * fills itself with a colour. Right after its first frame it prints
 * "bare-window: first-frame rss-kb=N" on standard error and exits with
 * status 0, as Muster does with MUSTER_BENCH_EXIT_AFTER_FIRST_FRAME=1
 * (src/muster-bench.c), so that the life of each process is its start-up
 * to the first drawn frame.
 *
 *   bare-window [--adw] [--text]
 *
 * --adw initialises libadwaita too (its style sheet, as every libadwaita
 * application loads it), a second yardstick that tells what of Muster's
 * start-up is libadwaita's and what is Muster's own. --text writes one
 * line of text on the drawing area with Pango, as any window with a word
 * on it does: the fixed price of the font machinery (fontconfig's set-up,
 * the first font found, opened and shaped), which the bare window never
 * pays and Muster cannot avoid. */

#include "config.h"

#include <adwaita.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static long
rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;

  line = strstr (status, "\nVmRSS:");

  return line != NULL ? strtol (line + strlen ("\nVmRSS:"), NULL, 10) : 0;
}

static gboolean with_text;

static void
draw_cb (GtkDrawingArea *area,
         cairo_t        *cr,
         int             width,
         int             height,
         gpointer        user_data)
{
  cairo_set_source_rgb (cr, 0.937, 0.918, 0.863);
  cairo_paint (cr);

  if (with_text)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (area),
                                                                      "Frontline Clash");

      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_move_to (cr, 24, 24);
      pango_cairo_show_layout (cr, layout);
    }
}

static void
after_paint_cb (GdkFrameClock *clock,
                GtkWidget     *area)
{
  if (!gtk_widget_get_mapped (area) || gtk_widget_get_width (area) <= 0)
    return;

  fprintf (stderr, "bare-window: first-frame rss-kb=%ld\n", rss_kb ());
  fflush (stderr);
  _exit (0);
}

static void
realize_cb (GtkWidget *window,
            GtkWidget *area)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "after-paint",
                           G_CALLBACK (after_paint_cb), area, 0);
}

static void
activate_cb (GtkApplication *app)
{
  GtkWidget *window = gtk_application_window_new (app);
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_window_set_title (GTK_WINDOW (window), "Bare");
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_cb, NULL, NULL);
  gtk_window_set_child (GTK_WINDOW (window), area);
  g_signal_connect (window, "realize", G_CALLBACK (realize_cb), area);
  gtk_window_present (GTK_WINDOW (window));
}

static void
startup_cb (GtkApplication *app)
{
  adw_init ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkApplication) app = gtk_application_new ("io.github.muster.BareWindow",
                                                       G_APPLICATION_DEFAULT_FLAGS);

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--adw"))
        g_signal_connect (app, "startup", G_CALLBACK (startup_cb), NULL);
      else if (g_str_equal (argv[i], "--text"))
        with_text = TRUE;
      else
        {
          fprintf (stderr, "usage: bare-window [--adw] [--text]\n");
          return 2;
        }
    }
  argc = 1;

  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
