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

/* An AdwPreferencesDialog where libadwaita has it (1.5), else an
 * AdwPreferencesWindow; its template names the same (src/gui/meson.build).
 * The indirection expands the parent's name before it is pasted. */
#if ADW_CHECK_VERSION (1, 5, 0)
#define MUSTER_PREFERENCES_PARENT AdwPreferencesDialog
#define MUSTER_PREFERENCES_PARENT_TYPE ADW_TYPE_PREFERENCES_DIALOG
#else
#define MUSTER_PREFERENCES_PARENT AdwPreferencesWindow
#define MUSTER_PREFERENCES_PARENT_TYPE ADW_TYPE_PREFERENCES_WINDOW
#endif
#define MUSTER_DECLARE_PREFERENCES(Parent) \
  G_DECLARE_FINAL_TYPE (MusterPreferencesWindow, muster_preferences_window, MUSTER, PREFERENCES_WINDOW, Parent)
MUSTER_DECLARE_PREFERENCES (MUSTER_PREFERENCES_PARENT)

/* Shown over parent (muster_dialog_present()): inside its window where
 * it is a dialog. */
GtkWidget *muster_preferences_window_present     (GtkWidget               *parent);
/* Imports a game system file of the player's, as the file chooser of
 * Import Game System… does: checked, copied into their folder and listed
 * at once; a broken file is refused with its file and line, and the id
 * of one of theirs asks before it is replaced. */
void       muster_preferences_window_import_file (MusterPreferencesWindow *self,
                                                  GFile                   *file);

G_END_DECLS
