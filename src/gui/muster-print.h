/* muster-print.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "muster-render.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_PRINT_OPERATION (muster_print_operation_get_type ())

G_DECLARE_FINAL_TYPE (MusterPrintOperation, muster_print_operation, MUSTER, PRINT_OPERATION, GtkPrintOperation)

/* Prints diagrams, each fitted on a page or at true scale (1:1) tiled over
 * sheets, on A4 or Letter turned as `muster --export` turns it, so that
 * printing and exporting give the same pages. What to print is asked
 * before, in Muster's own dialog (muster-export-dialog.h): GTK's print
 * dialog (the portal's, in a Flatpak) carries no tab of Muster's. The
 * print settings (the printer) are remembered. */
MusterPrintOperation *muster_print_operation_new             (void);
/* A diagram: one page, or at true scale its sheets. */
void                  muster_print_operation_add_scene       (MusterPrintOperation *self,
                                                              MusterScene          *scene);
void                  muster_print_operation_set_true_scale  (MusterPrintOperation *self,
                                                              gboolean              true_scale);
gboolean              muster_print_operation_get_true_scale  (MusterPrintOperation *self);
/* "a4" (the default) or "letter", as on the command line. */
void                  muster_print_operation_set_paper       (MusterPrintOperation *self,
                                                              const char           *paper);
const char           *muster_print_operation_get_paper       (MusterPrintOperation *self);
/* The pages it prints, as planned now. */
guint                 muster_print_operation_count_pages     (MusterPrintOperation *self);
void                  muster_print_operation_run_dialog      (MusterPrintOperation *self,
                                                              GtkWindow            *parent);

G_END_DECLS
