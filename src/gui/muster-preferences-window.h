/* muster-preferences-window.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_PREFERENCES_WINDOW (muster_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (MusterPreferencesWindow, muster_preferences_window, MUSTER, PREFERENCES_WINDOW, AdwPreferencesWindow)

GtkWidget *muster_preferences_window_new         (GtkWindow               *parent);
/* Imports a game system file of the player's, as the file chooser of
 * Import Game System… does: checked, copied into their folder and listed
 * at once; a broken file is refused with its file and line, and the id
 * of one of theirs asks before it is replaced. */
void       muster_preferences_window_import_file (MusterPreferencesWindow *self,
                                                  GFile                   *file);

G_END_DECLS
