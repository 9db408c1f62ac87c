/* muster-test-tmp.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <glib/gstdio.h>

/* A temporary folder that a test removes, with everything in it, when
 * the variable goes out of scope:
 *
 *   g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-game-XXXXXX");
 *
 * (The suite also points TMPDIR into the build tree, so that a test
 * killed half-way leaves nothing in /tmp.) */
typedef char *MusterTestDir;

static inline void
muster_test_remove_tree (const char *path)
{
  if (path == NULL)
    return;

  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      GDir *dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          char *child = g_build_filename (path, name, NULL);

          muster_test_remove_tree (child);
          g_free (child);
        }
      if (dir != NULL)
        g_dir_close (dir);
      g_rmdir (path);
    }
  else
    g_remove (path);
}

static inline void
muster_test_dir_clear (MusterTestDir dir)
{
  muster_test_remove_tree (dir);
  g_free (dir);
}

G_DEFINE_AUTO_CLEANUP_FREE_FUNC (MusterTestDir, muster_test_dir_clear, NULL)

static inline MusterTestDir
muster_test_dir_new (const char *tmpl)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp (tmpl, &error);

  g_assert_no_error (error);

  return dir;
}
