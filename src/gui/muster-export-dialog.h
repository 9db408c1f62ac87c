/* muster-export-dialog.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-document.h"
#include "muster-print.h"

G_BEGIN_DECLS

typedef enum
{
  MUSTER_EXPORT_DIALOG_PRINT,
  MUSTER_EXPORT_DIALOG_EXPORT,
} MusterExportDialogMode;

#define MUSTER_TYPE_EXPORT_DIALOG (muster_export_dialog_get_type ())

/* Print… and Export…: Muster's own questions, asked before GTK's print
 * dialog or the file chooser (the portals' in a Flatpak, which carry
 * nothing of Muster's): what to draw (the table as laid out, one
 * deployment type of its game system, or all of them, a page each), fit
 * on a page or true scale tiled over sheets, the paper, the pieces or the
 * zones alone, and for an export the format. The answers are remembered
 * (GSettings) when the player goes on. */
G_DECLARE_FINAL_TYPE (MusterExportDialog, muster_export_dialog, MUSTER, EXPORT_DIALOG, AdwWindow)

MusterExportDialog   *muster_export_dialog_new                    (GtkWindow              *parent,
                                                                   MusterDocument         *document,
                                                                   MusterExportDialogMode  mode,
                                                                   MusterUnit              units);
MusterExportDialogMode muster_export_dialog_get_mode              (MusterExportDialog     *self);
/* As its Print… or Export… button: remembers the answers, then starts
 * the print operation and closes, or asks where to save. */
void                  muster_export_dialog_accept                 (MusterExportDialog     *self);
/* The print operation of the answers, not yet run. */
MusterPrintOperation *muster_export_dialog_create_print_operation (MusterExportDialog     *self);
/* Exports the answers to file through muster-export.c, as the file
 * chooser's answer does: the dialog closes; on failure (nothing written)
 * an error dialog names the file, and the dialog stays. */
gboolean              muster_export_dialog_export_to              (MusterExportDialog     *self,
                                                                   GFile                  *file);

G_END_DECLS
