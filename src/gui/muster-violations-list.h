/* muster-violations-list.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-validate.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_VIOLATIONS_LIST (muster_violations_list_get_type ())

/* Every rule broken on the table, one row a piece and rule; activating a
 * row emits "piece-activated" with the piece's serial. */
G_DECLARE_FINAL_TYPE (MusterViolationsList, muster_violations_list, MUSTER, VIOLATIONS_LIST, AdwBin)

GtkWidget *muster_violations_list_new           (void);
void       muster_violations_list_set_validator (MusterViolationsList *self,
                                                 MusterValidator      *validator);
/* Brings the list up to date now rather than when idle (for tests). */
void       muster_violations_list_refresh       (MusterViolationsList *self);
/* The units of the distances the problems name (inches at first). */
void       muster_violations_list_set_units     (MusterViolationsList *self,
                                                 MusterUnit            units);
guint      muster_violations_list_get_n_rows    (MusterViolationsList *self);
/* The title of row index (a piece's or terrain's name and id), or NULL. */
const char *muster_violations_list_get_row_title (MusterViolationsList *self,
                                                 guint                 index);
/* Activates row index, as a click would. */
void       muster_violations_list_activate_row  (MusterViolationsList *self,
                                                 guint                 index);

G_END_DECLS
