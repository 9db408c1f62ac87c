/* gtk-quirks.h: warnings that GTK gives about itself under Xvfb, which
 * the window tests, run with every warning fatal, must survive.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include <gtk/gtk.h>

#if GTK_CHECK_VERSION (4, 24, 0)
/* GTK 4.24's X11 backend submits a popover's frame twice on an X server
 * with no compositor (Xvfb) and warns once per process: GTK's own state,
 * whatever the window does. GTK logs it structured, past any handler of
 * g_test_log_set_fatal_handler(), so it is printed as a message instead:
 * still seen, no longer fatal. */
static GLogWriterOutput
gtk_quirks_writer (GLogLevelFlags   log_level,
                   const GLogField *fields,
                   gsize            n_fields,
                   gpointer         user_data)
{
  const char *domain = NULL;
  const char *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    {
      if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0 && fields[i].length < 0)
        domain = fields[i].value;
      else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
        message = fields[i].value;
    }

  if ((log_level & G_LOG_LEVEL_WARNING) != 0 && g_strcmp0 (domain, "Gdk") == 0 && message != NULL &&
      strstr (message, "gdk_frame_timings_submitted() called on submitted frame") != NULL)
    log_level = (log_level & ~G_LOG_LEVEL_WARNING) | G_LOG_LEVEL_MESSAGE;

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}
#endif

/* Call first thing in main(). */
static inline void
gtk_quirks_init (void)
{
#if GTK_CHECK_VERSION (4, 24, 0)
  g_log_set_writer_func (gtk_quirks_writer, NULL, NULL);
#endif
}
