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

/* Prints the scene "fit to page" on one sheet, or at true scale (1:1)
 * tiled over sheets, with or without the pieces and terrain; the choices,
 * the page setup and the print settings are remembered. */
MusterPrintOperation *muster_print_operation_new             (MusterScene          *scene);
void                  muster_print_operation_set_true_scale  (MusterPrintOperation *self,
                                                              gboolean              true_scale);
gboolean              muster_print_operation_get_true_scale  (MusterPrintOperation *self);
void                  muster_print_operation_set_show_pieces (MusterPrintOperation *self,
                                                              gboolean              show_pieces);
gboolean              muster_print_operation_get_show_pieces (MusterPrintOperation *self);
void                  muster_print_operation_run_dialog      (MusterPrintOperation *self,
                                                              GtkWindow            *parent);

G_END_DECLS
