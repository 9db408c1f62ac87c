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

/* Set by gtk_quirks_tolerate_torn_dialogs(). */
static gboolean gtk_quirks_torn_dialogs;

/* Whether GTK warns about its own state, not about anything the window
 * did. GTK logs structured, past any handler of
 * g_test_log_set_fatal_handler(), so such a warning is printed as a
 * message instead: still seen, no longer fatal. */
static inline gboolean
gtk_quirks_is_gtks_own (const char *domain,
                        const char *message)
{
#if GTK_CHECK_VERSION (4, 24, 0)
  /* GTK 4.24's X11 backend submits a popover's frame twice on an X
   * server with no compositor (Xvfb) and warns once per process. */
  if (g_strcmp0 (domain, "Gdk") == 0 &&
      strstr (message, "gdk_frame_timings_submitted() called on submitted frame") != NULL)
    return TRUE;
#endif

  /* A dialog of GTK's own (the file chooser) shown and answered before
   * its first frame, on a busy machine: its buttons, never allocated,
   * are asked for a picture as it goes. */
  return gtk_quirks_torn_dialogs && g_strcmp0 (domain, "Gtk") == 0 &&
         g_str_has_prefix (message, "Trying to snapshot ") &&
         strstr (message, " without a current allocation") != NULL;
}

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

  if ((log_level & G_LOG_LEVEL_WARNING) != 0 && message != NULL && gtk_quirks_is_gtks_own (domain, message))
    log_level = (log_level & ~G_LOG_LEVEL_WARNING) | G_LOG_LEVEL_MESSAGE;

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

/* Call first thing in main(). */
static inline void
gtk_quirks_init (void)
{
  g_log_set_writer_func (gtk_quirks_writer, NULL, NULL);
}

/* For tests that answer GTK's own dialogs as fast as they can. */
static inline void
gtk_quirks_tolerate_torn_dialogs (void)
{
  gtk_quirks_torn_dialogs = TRUE;
}
