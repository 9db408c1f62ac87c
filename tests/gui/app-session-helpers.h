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
