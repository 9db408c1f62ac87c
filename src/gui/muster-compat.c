/* muster-compat.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-gui"

#include "config.h"

#include "muster-compat.h"

/* See muster-compat.h: every version check of the dialogs is here. */

/* Alerts */

GtkWidget *
muster_alert_new (const char *heading,
                  const char *body)
{
#if MUSTER_HAVE_ADW_DIALOG
  return GTK_WIDGET (adw_alert_dialog_new (heading, body));
#else
  return adw_message_dialog_new (NULL, heading, body);
#endif
}

void
muster_alert_add_response (GtkWidget             *alert,
                           const char            *id,
                           const char            *label,
                           AdwResponseAppearance  appearance)
{
  g_return_if_fail (id != NULL);
  g_return_if_fail (label != NULL);

#if MUSTER_HAVE_ADW_DIALOG
  g_return_if_fail (ADW_IS_ALERT_DIALOG (alert));

  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (alert), id, label);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (alert), id, appearance);
#else
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (alert));

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (alert), id, label);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (alert), id, appearance);
#endif
}

void
muster_alert_set_default_response (GtkWidget  *alert,
                                   const char *id)
{
#if MUSTER_HAVE_ADW_DIALOG
  g_return_if_fail (ADW_IS_ALERT_DIALOG (alert));

  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (alert), id);
#else
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (alert));

  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (alert), id);
#endif
}

void
muster_alert_set_close_response (GtkWidget  *alert,
                                 const char *id)
{
  g_return_if_fail (id != NULL);

#if MUSTER_HAVE_ADW_DIALOG
  g_return_if_fail (ADW_IS_ALERT_DIALOG (alert));

  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (alert), id);
#else
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (alert));

  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (alert), id);
#endif
}

void
muster_alert_set_extra_child (GtkWidget *alert,
                              GtkWidget *child)
{
#if MUSTER_HAVE_ADW_DIALOG
  g_return_if_fail (ADW_IS_ALERT_DIALOG (alert));

  adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (alert), child);
#else
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (alert));

  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (alert), child);
#endif
}

const char *
muster_alert_get_heading (GtkWidget *alert)
{
#if MUSTER_HAVE_ADW_DIALOG
  g_return_val_if_fail (ADW_IS_ALERT_DIALOG (alert), NULL);

  return adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (alert));
#else
  g_return_val_if_fail (ADW_IS_MESSAGE_DIALOG (alert), NULL);

  return adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (alert));
#endif
}

const char *
muster_alert_get_body (GtkWidget *alert)
{
#if MUSTER_HAVE_ADW_DIALOG
  g_return_val_if_fail (ADW_IS_ALERT_DIALOG (alert), NULL);

  return adw_alert_dialog_get_body (ADW_ALERT_DIALOG (alert));
#else
  g_return_val_if_fail (ADW_IS_MESSAGE_DIALOG (alert), NULL);

  return adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (alert));
#endif
}

/* Alerts shown and not answered yet, the latest last: the same list on
 * either stack, so that one is found alike. Not owned: an alert leaves
 * it when answered, or when it goes without an answer. */
static GPtrArray *shown_alerts;

static void
alert_gone (gpointer  data,
            GObject  *alert)
{
  g_ptr_array_remove (shown_alerts, alert);
}

static void
alert_answered_cb (GtkWidget *alert)
{
  g_object_weak_unref (G_OBJECT (alert), alert_gone, NULL);
  g_ptr_array_remove (shown_alerts, alert);
}

/* An AdwAlertDialog is shown inside parent's window, an AdwMessageDialog
 * in a window of its own over it. parent may be a dialog. */
void
muster_alert_present (GtkWidget *alert,
                      GtkWidget *parent)
{
  g_return_if_fail (parent == NULL || GTK_IS_WIDGET (parent));

  if (shown_alerts == NULL)
    shown_alerts = g_ptr_array_new ();
  g_ptr_array_add (shown_alerts, alert);
  g_object_weak_ref (G_OBJECT (alert), alert_gone, NULL);
  g_signal_connect (alert, "response", G_CALLBACK (alert_answered_cb), NULL);

  /* A response may close parent (Discard, asked before closing), and the
   * alert, gone after its response, would then let go of a widget that
   * is no more: it holds parent until then. */
  if (parent != NULL)
    g_object_set_data_full (G_OBJECT (alert), "muster-alert-parent", g_object_ref (parent), g_object_unref);

#if MUSTER_HAVE_ADW_DIALOG
  g_return_if_fail (ADW_IS_ALERT_DIALOG (alert));

  adw_dialog_present (ADW_DIALOG (alert), parent);
#else
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (alert));

  gtk_window_set_transient_for (GTK_WINDOW (alert), parent != NULL ? GTK_WINDOW (gtk_widget_get_root (parent)) : NULL);
  gtk_window_present (GTK_WINDOW (alert));
#endif
}

/* As Escape does: the close response. */
void
muster_alert_close (GtkWidget *alert)
{
#if MUSTER_HAVE_ADW_DIALOG
  g_return_if_fail (ADW_IS_ALERT_DIALOG (alert));

  adw_dialog_close (ADW_DIALOG (alert));
#else
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (alert));

  gtk_window_close (GTK_WINDOW (alert));
#endif
}

/* The latest alert shown over parent (NULL: over anything) and not
 * answered yet, or NULL. */
GtkWidget *
muster_alert_find (GtkWidget *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WIDGET (parent), NULL);

  for (guint i = shown_alerts != NULL ? shown_alerts->len : 0; i > 0; i--)
    {
      GtkWidget *alert = g_ptr_array_index (shown_alerts, i - 1);

      if (parent == NULL || g_object_get_data (G_OBJECT (alert), "muster-alert-parent") == parent)
        return alert;
    }

  return NULL;
}

/* Dialogs */

void
muster_dialog_present (GtkWidget *dialog,
                       GtkWidget *parent)
{
  g_return_if_fail (parent == NULL || GTK_IS_WIDGET (parent));

#if MUSTER_HAVE_ADW_DIALOG
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_present (ADW_DIALOG (dialog), parent);
      return;
    }
#endif

  g_return_if_fail (GTK_IS_WINDOW (dialog));

  gtk_window_set_transient_for (GTK_WINDOW (dialog), parent != NULL ? GTK_WINDOW (gtk_widget_get_root (parent)) : NULL);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
muster_dialog_close (GtkWidget *dialog)
{
#if MUSTER_HAVE_ADW_DIALOG
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_force_close (ADW_DIALOG (dialog));
      return;
    }
#endif

  g_return_if_fail (GTK_IS_WINDOW (dialog));

  gtk_window_destroy (GTK_WINDOW (dialog));
}

GtkWindow *
muster_dialog_get_window (GtkWidget *dialog)
{
  GtkRoot *root;

  g_return_val_if_fail (GTK_IS_WIDGET (dialog), NULL);

  root = gtk_widget_get_root (dialog);

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

/* About */

void
muster_show_about (GtkWindow  *parent,
                   const char *first_property_name,
                   ...)
{
#if MUSTER_HAVE_ADW_DIALOG
  GType type = ADW_TYPE_ABOUT_DIALOG;
#else
  GType type = ADW_TYPE_ABOUT_WINDOW;
#endif
  GObject *about;
  va_list args;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  va_start (args, first_property_name);
  about = g_object_new_valist (type, first_property_name, args);
  va_end (args);

#if MUSTER_HAVE_ADW_DIALOG
  adw_dialog_present (ADW_DIALOG (about), GTK_WIDGET (parent));
#else
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

/* Toolbars */

GtkWidget *
muster_toolbar_new (GtkWidget *top_bar,
                    GtkWidget *content)
{
  GtkWidget *toolbar;

  g_return_val_if_fail (GTK_IS_WIDGET (top_bar), NULL);
  g_return_val_if_fail (GTK_IS_WIDGET (content), NULL);

#if MUSTER_HAVE_ADW_ADAPTIVE
  toolbar = adw_toolbar_view_new ();
  adw_toolbar_view_add_top_bar (ADW_TOOLBAR_VIEW (toolbar), top_bar);
  adw_toolbar_view_set_content (ADW_TOOLBAR_VIEW (toolbar), content);
#else
  toolbar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (toolbar), top_bar);
  gtk_box_append (GTK_BOX (toolbar), content);
#endif

  return toolbar;
}
