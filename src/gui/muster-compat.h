/* muster-compat.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Debian 12 (GTK 4.8, libadwaita 1.2) is the floor, but today's GNOME has
 * adaptive widgets that replace the ones it has. Each is taken where the
 * stack that Muster is built against has it, and chosen here, once:
 *
 *   libadwaita 1.4, the adaptive widgets: AdwOverlaySplitView with an
 *   AdwBreakpoint, under an AdwToolbarView, for AdwFlap under a GtkBox
 *   (muster-sidebar-frame.c), and AdwToolbarView for a GtkBox elsewhere;
 *   libadwaita 1.5, the dialogs: AdwAlertDialog for AdwMessageDialog,
 *   AdwAboutDialog for AdwAboutWindow, AdwPreferencesDialog for
 *   AdwPreferencesWindow.
 *
 * (GtkFileDialog for GtkFileChooserNative, from GTK 4.10, is chosen in
 * muster-file-chooser.c.)
 *
 * The functions below show either, with one behaviour: the callers and
 * the tests hold no version checks of their own. */
#define MUSTER_HAVE_ADW_ADAPTIVE     ADW_CHECK_VERSION (1, 4, 0)
#define MUSTER_HAVE_ADW_DIALOG       ADW_CHECK_VERSION (1, 5, 0)

/* Alerts. Each emits "response" (alert, const char *response) once,
 * when it is gone: the response clicked, or the close response when it
 * is dismissed (Escape, or the window closed). */
GtkWidget  *muster_alert_new                  (const char            *heading,
                                               const char            *body);
void        muster_alert_add_response         (GtkWidget             *alert,
                                               const char            *id,
                                               const char            *label,
                                               AdwResponseAppearance  appearance);
void        muster_alert_set_default_response (GtkWidget             *alert,
                                               const char            *id);
void        muster_alert_set_close_response   (GtkWidget             *alert,
                                               const char            *id);
void        muster_alert_set_extra_child      (GtkWidget             *alert,
                                               GtkWidget             *child);
const char *muster_alert_get_heading          (GtkWidget             *alert);
const char *muster_alert_get_body             (GtkWidget             *alert);
void        muster_alert_present              (GtkWidget             *alert,
                                               GtkWidget             *parent);
void        muster_alert_close                (GtkWidget             *alert);
GtkWidget  *muster_alert_find                 (GtkWidget             *parent);

/* Dialogs of Muster's own: an AdwDialog where libadwaita has it, shown
 * inside parent's window, else a modal window over it. */
void        muster_dialog_present             (GtkWidget             *dialog,
                                               GtkWidget             *parent);
/* Closes it at once, as when its window goes. */
void        muster_dialog_close               (GtkWidget             *dialog);
/* The window it shows in, or NULL when not shown: for what asks for a
 * window, as the file chooser does. */
GtkWindow  *muster_dialog_get_window          (GtkWidget             *dialog);

/* The About dialog over parent, with the properties given (those of
 * AdwAboutDialog and AdwAboutWindow are the same). */
void        muster_show_about                 (GtkWindow             *parent,
                                               const char            *first_property_name,
                                               ...) G_GNUC_NULL_TERMINATED;

/* A toolbar's top bar over content, as one widget. */
GtkWidget  *muster_toolbar_new                (GtkWidget             *top_bar,
                                               GtkWidget             *content);

G_END_DECLS
