/* muster-atomic-file.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Called once the new content is safely on the disk, just before it
 * takes the file's place: path is the file about to be replaced (the
 * one a symbolic link points to). FALSE, with error set, leaves the file
 * as it was. */
typedef gboolean (*MusterBeforeReplace) (const char  *path,
                                         gpointer     user_data,
                                         GError     **error);

char     *muster_atomic_file_resolve (const char           *path);
char     *muster_atomic_file_shorten (const char           *name,
                                      gsize                 max_bytes);
gboolean  muster_atomic_file_check   (const char           *path,
                                      GError              **error);
gboolean  muster_atomic_file_write   (const char           *path,
                                      const char           *data,
                                      gsize                 size,
                                      MusterBeforeReplace   before_replace,
                                      gpointer              user_data,
                                      GError              **error);

G_END_DECLS
