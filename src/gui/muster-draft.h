/* muster-draft.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "muster-layout.h"

G_BEGIN_DECLS

/* A document's crash copy, its draft (GNOME Text Editor's drafts): each
 * document has its own, named by a random id, in
 * $XDG_STATE_HOME/muster/drafts/:
 *
 *   ID.muster   the layout as it was a few seconds after the last change
 *   ID.ini      the file it belongs to and its name, to offer it back
 *   ID.lock     locked (flock) for as long as a Muster has the document
 *
 * No two documents, in one Muster or in two, share a draft, so none
 * writes or deletes another's. A draft whose lock nobody holds belongs to
 * a Muster that ended without closing the document (a crash, a kill):
 * an orphan, offered back at the next start. The lock goes with the
 * process however it ends. GIO only: no widgets. */

typedef struct _MusterDraft MusterDraft;

typedef struct
{
  char  *id;
  GFile *file;        /* the draft's layout */
  GFile *original;    /* the file it belongs to, or NULL (never saved) */
  char  *title;       /* the document's name when it was written */
  gint64 saved_at;    /* when it was last written, in seconds since 1970 */
} MusterOrphan;

/* A new draft, with a new id and its lock held; nothing is written yet. */
MusterDraft  *muster_draft_new            (void);
/* The orphan id's draft, taken over by a document restored from it (its
 * lock held again); NULL when it is not an orphan (any more). */
MusterDraft  *muster_draft_adopt          (const char   *id);
void          muster_draft_free           (MusterDraft  *self);
const char   *muster_draft_get_id         (MusterDraft  *self);
GFile        *muster_draft_get_file       (MusterDraft  *self);

/* Writes the layout (atomically, as any save) and what it belongs to. */
gboolean      muster_draft_save           (MusterDraft  *self,
                                           MusterLayout *layout,
                                           GFile        *original,
                                           const char   *title,
                                           GError      **error);
/* Nothing to offer back: the document was saved, or closed on purpose.
 * The draft is kept (and locked) for the document's next changes. */
void          muster_draft_discard        (MusterDraft  *self);

/* The drafts nobody holds, oldest first (MusterOrphan). */
GPtrArray    *muster_draft_list_orphans   (void);
/* Deletes an orphan the players did not want back. */
void          muster_draft_delete_orphan  (const char   *id);
void          muster_orphan_free          (MusterOrphan *orphan);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterDraft, muster_draft_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterOrphan, muster_orphan_free)

G_END_DECLS
