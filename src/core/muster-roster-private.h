/* muster-roster-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libxml/tree.h>

#include "muster-roster.h"

G_BEGIN_DECLS

/* Whether node is a roster element (<mr:roster>). */
gboolean   _muster_roster_is_element   (xmlNode     *node);
/* The entries of a roster element (MusterRosterEntry, in order), or NULL
 * with an error (MUSTER_LAYOUT_ERROR_INVALID) that names filename and
 * the line of the entry at fault and says what is wrong with it. The
 * layout reader checks the roster of each player with it, so that a file
 * with a roster that Muster cannot read is refused as any other bad
 * value is. */
GPtrArray *_muster_roster_read_element (xmlNode     *node,
                                        const char  *filename,
                                        GError     **error);
/* The roster element of entries, as the layout keeps it, with the
 * roster's namespace declared on it: what _muster_roster_read_element()
 * reads back. A guest's army travels in it (src/net). */
char      *_muster_roster_write_element (GPtrArray  *entries);

G_END_DECLS
