/* alert-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-compat.h"

/* Alerts answered as the players answer them, with the same code on
 * either stack (src/gui/muster-compat.h): their buttons, found by label,
 * clicked. Both kinds of alert give the default response's button the
 * style class "default". */

G_GNUC_UNUSED static GtkWidget *
alert_find_shown_button (GtkWidget  *root,
                         const char *label)
{
  if (GTK_IS_BUTTON (root) && gtk_widget_is_drawable (root) &&
      g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = alert_find_shown_button (child, label);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The alert over parent (NULL: any window), once shown. */
G_GNUC_UNUSED static GtkWidget *
alert_wait (GtkWidget *parent)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  GtkWidget *alert;

  while ((alert = muster_alert_find (parent)) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  return alert;
}

/* The button of the response labelled label, once shown. */
G_GNUC_UNUSED static GtkWidget *
alert_button (GtkWidget  *alert,
              const char *label)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  GtkWidget *button;

  while ((button = alert_find_shown_button (alert, label)) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  return button;
}

/* Whether the button of a response shows appearance: AdwMessageDialog
 * marks it "suggested" or "destructive", AdwAlertDialog as buttons
 * elsewhere, "suggested-action" or "destructive-action". */
G_GNUC_UNUSED static gboolean
alert_button_looks (GtkWidget             *button,
                    AdwResponseAppearance  appearance)
{
  gboolean suggested = gtk_widget_has_css_class (button, "suggested") ||
                       gtk_widget_has_css_class (button, "suggested-action");
  gboolean destructive = gtk_widget_has_css_class (button, "destructive") ||
                         gtk_widget_has_css_class (button, "destructive-action");

  switch (appearance)
    {
    case ADW_RESPONSE_SUGGESTED:
      return suggested && !destructive;
    case ADW_RESPONSE_DESTRUCTIVE:
      return destructive && !suggested;
    case ADW_RESPONSE_DEFAULT:
    default:
      return !suggested && !destructive;
    }
}

G_GNUC_UNUSED static void
alert_click (GtkWidget  *alert,
             const char *label)
{
  GtkWidget *button = alert_button (alert, label);

  if (button == NULL)
    g_error ("No button “%s” in the alert “%s”", label, muster_alert_get_heading (alert));
  g_signal_emit_by_name (button, "clicked");
}

/* Whether alert ends up over every window, taking the keys, as a window
 * presented after it would not let it: an AdwMessageDialog is a window
 * of its own, an AdwAlertDialog is inside the window it is over. Asked
 * once the display has told all it did: the focus passes through the
 * alert on its way to a window presented after it. */
G_GNUC_UNUSED static gboolean
alert_wait_active (GtkWidget *alert)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  do
    {
      gdk_display_sync (gtk_widget_get_display (alert));
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);

      if (gtk_widget_get_mapped (alert) && gtk_window_is_active (GTK_WINDOW (gtk_widget_get_root (alert))))
        return TRUE;
    }
  while (g_get_monotonic_time () < deadline);

  return FALSE;
}

/* Until parent (NULL: any window) shows no alert. */
G_GNUC_UNUSED static gboolean
alert_wait_gone (GtkWidget *parent)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (muster_alert_find (parent) != NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  return muster_alert_find (parent) == NULL;
}
