/* muster-entry-dialog.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "muster-roster.h"
#include "muster-system.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_ENTRY_DIALOG (muster_entry_dialog_get_type ())

/* Adds a model or unit to a roster, or edits one. Emits "saved" when the
 * player confirms, then closes. */
G_DECLARE_FINAL_TYPE (MusterEntryDialog, muster_entry_dialog, MUSTER, ENTRY_DIALOG, AdwWindow)

MusterEntryDialog *muster_entry_dialog_new       (GtkWindow               *parent,
                                                  MusterSystem            *system,
                                                  const MusterRosterEntry *entry);
/* What the dialog shows, as an entry (with the id it was opened with). */
MusterRosterEntry *muster_entry_dialog_dup_entry (MusterEntryDialog       *self);
/* Sets the fields, for tests and for keyboard users' convenience. */
void               muster_entry_dialog_set_name  (MusterEntryDialog       *self,
                                                  const char              *name);
/* Confirms, as the Add/Save button does. */
void               muster_entry_dialog_save      (MusterEntryDialog       *self);

G_END_DECLS
