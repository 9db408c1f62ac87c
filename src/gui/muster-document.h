/* muster-document.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "muster-game.h"
#include "muster-history.h"
#include "muster-layout.h"
#include "muster-roster.h"
#include "muster-system.h"
#include "muster-validate.h"

G_BEGIN_DECLS

/* What one window shows and edits: a layout with its game system, its
 * validator, its undo history, its game and its rosters, the file it
 * came from, its title, whether it has unsaved changes, and its crash
 * copy (muster-draft.h), written a few seconds after each change. GNOME
 * Text Editor's EditorDocument is the model: the window and every panel
 * take a "document" and follow its properties (GSignalGroup,
 * GBindingGroup); nothing is pushed into them.
 *
 * GIO only, no widgets: the tests make documents with no display.
 *
 * Properties (read-only, each notified when it changes): "layout",
 * "system", "validator", "history", "game", "roster" (a new set whenever
 * another layout is loaded or the game system changes), "file", "title",
 * "subtitle", "modified". Signal "problem" (a message for the players)
 * when the layout's new game system cannot be shown. */

#define MUSTER_TYPE_DOCUMENT (muster_document_get_type ())

/* Seconds after the last change before the draft is written. */
#define MUSTER_DOCUMENT_DRAFT_DELAY 3

G_DECLARE_FINAL_TYPE (MusterDocument, muster_document, MUSTER, DOCUMENT, GObject)

MusterDocument  *muster_document_new            (void);

/* Shows layout (read from file, or NULL for a new one). FALSE, with
 * error, and the document as it was, when its game system is unknown or
 * its zones cannot be made. */
gboolean         muster_document_load_layout    (MusterDocument  *self,
                                                 MusterLayout    *layout,
                                                 GFile           *file,
                                                 GError         **error);
/* Reads file and shows it; as load_layout() on failure. */
gboolean         muster_document_load_file      (MusterDocument  *self,
                                                 GFile           *file,
                                                 GError         **error);
/* Takes the orphaned draft back: its layout, with unsaved changes, the
 * file it belongs to, and the draft itself, kept on from there. */
gboolean         muster_document_load_draft     (MusterDocument  *self,
                                                 const char      *draft_id,
                                                 GError         **error);
/* Saves to file (which becomes the document's), atomically; the draft
 * is no longer needed. */
gboolean         muster_document_save_to        (MusterDocument  *self,
                                                 GFile           *file,
                                                 GError         **error);
/* Closed with its unsaved changes thrown away: no draft to offer back. */
void             muster_document_discard_draft  (MusterDocument  *self);
/* Writes the draft now rather than later (tests, and before quitting). */
gboolean         muster_document_save_draft     (MusterDocument  *self,
                                                 GError         **error);

MusterLayout    *muster_document_get_layout     (MusterDocument  *self);
MusterSystem    *muster_document_get_system     (MusterDocument  *self);
MusterValidator *muster_document_get_validator  (MusterDocument  *self);
MusterHistory   *muster_document_get_history    (MusterDocument  *self);
MusterGame      *muster_document_get_game       (MusterDocument  *self);
MusterRoster    *muster_document_get_roster     (MusterDocument  *self);
GFile           *muster_document_get_file       (MusterDocument  *self);
const char      *muster_document_get_draft_id   (MusterDocument  *self);
/* The file's name, or "Untitled Layout". */
const char      *muster_document_get_title      (MusterDocument  *self);
/* "The 9th Age — Frontline Clash". */
const char      *muster_document_get_subtitle   (MusterDocument  *self);
gboolean         muster_document_get_modified   (MusterDocument  *self);

/* The contact tolerance of every validator the document makes. */
void             muster_document_set_tolerance  (MusterDocument  *self,
                                                 double           tolerance_mm);

G_END_DECLS
