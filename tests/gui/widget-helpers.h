/* widget-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

/* What is pending in the main loop, run (a bounded number of times). */
G_GNUC_UNUSED static void
flush (void)
{
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* Waits (ten seconds at most) until widget is shown with a size. */
G_GNUC_UNUSED static void
wait_for_size (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((gtk_widget_get_width (widget) <= 0 || !gtk_widget_get_mapped (widget)) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  flush ();
}

/* Finding a widget as a player finds it, by what it shows: a test asks
 * for "the row titled Deployment Zone", not for a template child. */

typedef gboolean (*Match) (GtkWidget  *widget,
                           const char *text);

/* The first widget under root (root included, depth first) that
 * matches; with drawn_only, only one that is drawn. */
G_GNUC_UNUSED static GtkWidget *
find_widget_where (GtkWidget  *root,
                   Match       match,
                   const char *text,
                   gboolean    drawn_only)
{
  if ((!drawn_only || gtk_widget_is_drawable (root)) && match (root, text))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget_where (child, match, text, drawn_only);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* A preferences row (action row, combo row…) titled title. */
G_GNUC_UNUSED static gboolean
is_row (GtkWidget  *widget,
        const char *title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* A group of rows titled title. */
G_GNUC_UNUSED static gboolean
is_group (GtkWidget  *widget,
          const char *title)
{
  return ADW_IS_PREFERENCES_GROUP (widget) &&
         g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)), title) == 0;
}
