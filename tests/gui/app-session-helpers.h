/* app-session-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-application.h"

/* A whole session of `muster` (no file), in this process, which must be
 * the first to start GTK: activate_cb runs after the application's own
 * handler of "activate", and the session ends when the test quits the
 * application. */
G_GNUC_UNUSED static void
run_app_session (GCallback activate_cb)
{
  g_autoptr(MusterApplication) app = muster_application_new ();
  char *argv[] = { (char *) "muster", NULL };

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", activate_cb, NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}

static void
after_first_paint_cb (GdkFrameClock *clock,
                      GApplication  *app)
{
  GSourceFunc callback = (GSourceFunc) g_object_get_data (G_OBJECT (app), "after-first-frame");

  g_signal_handlers_disconnect_by_func (clock, after_first_paint_cb, app);
  g_idle_add_full (G_PRIORITY_LOW, callback, app, NULL);
}

/* callback (app) runs once the first frame of app's window is shown,
 * when the application's accelerators are set (muster-application.c). */
G_GNUC_UNUSED static void
call_after_first_frame (GApplication *app,
                        GSourceFunc   callback)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  g_assert_nonnull (window);
  g_object_set_data (G_OBJECT (app), "after-first-frame", (gpointer) callback);
  gtk_widget_realize (GTK_WIDGET (window));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_first_paint_cb), app);
}
