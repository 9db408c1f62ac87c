/* test-application.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What the application sets up around its windows: the keyboard
 * shortcuts, set just after the first frame (none can be pressed before
 * it) and there from then on.
 *
 * A whole application session in a fresh process: GTK starts once per
 * process. */

#include "config.h"

#include <adwaita.h>

#include "app-session-helpers.h"

static gboolean
has_accel (GtkApplication *app,
              const char     *action,
              const char     *accel)
{
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, action);

  return accels != NULL && g_strv_contains ((const char * const *) accels, accel);
}

static gboolean
after_first_frame_cb (gpointer app)
{
  /* From the main menu, the board and the terrain tool bar. */
  g_assert_true (has_accel (app, "win.save", "<Control>s"));
  g_assert_true (has_accel (app, "win.redo", "<Control>y"));
  g_assert_true (has_accel (app, "board.zoom-in", "<Control>KP_Add"));
  g_assert_true (has_accel (app, "board.add-terrain::forest", "<Alt>3"));
  g_assert_true (has_accel (app, "app.units::cm", "<Control><Alt>c"));

  g_application_quit (G_APPLICATION (app));

  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       app)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, app);
  g_idle_add_full (G_PRIORITY_LOW, after_first_frame_cb, app, NULL);
}

static void
activate_cb (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  g_assert_nonnull (window);
  /* Not yet: the first frame comes first. */
  g_assert_false (has_accel (GTK_APPLICATION (app), "win.save", "<Control>s"));
  gtk_widget_realize (GTK_WIDGET (window));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint_cb), app);
}

static void
test_application_accels_session (void)
{
  run_app_session (G_CALLBACK (activate_cb));
}

static void
test_application_accels (void)
{
  g_test_trap_subprocess ("/app/application/accels/subprocess", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  /* No gtk_init () here: the session must be the first to start GTK. */
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/application/accels", test_application_accels);
  g_test_add_func ("/app/application/accels/subprocess", test_application_accels_session);

  return g_test_run ();
}
