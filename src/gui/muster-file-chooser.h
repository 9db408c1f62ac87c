/* muster-file-chooser.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* file: the one chosen, or NULL when the chooser was cancelled. */
typedef void (*MusterFileChosen) (GObject *owner,
                                  GFile   *file);

/* Asks for a file to open, or to save in, over parent, through the file
 * chooser portal in a Flatpak (which lets out of the sandbox the file
 * chosen, and that alone): GtkFileDialog from GTK 4.10,
 * GtkFileChooserNative before. filters: GtkFileFilter, the first one
 * chosen. A save starts at initial_file, or else offers initial_name.
 * chosen is called with owner once answered, unless owner was finalized
 * before, which closes the chooser. FALSE, and nothing asked, while a
 * chooser of owner's is open. */
gboolean muster_file_chooser_ask (GtkWindow        *parent,
                                  GObject          *owner,
                                  gboolean          save,
                                  const char       *title,
                                  const char       *accept_label,
                                  GFile            *initial_file,
                                  const char       *initial_name,
                                  GListModel       *filters,
                                  MusterFileChosen  chosen);
/* Closes owner's chooser, if open, unanswered: for its dispose. */
void     muster_file_chooser_close (GObject        *owner);

G_END_DECLS
