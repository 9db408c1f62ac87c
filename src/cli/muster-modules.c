/* muster-modules.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "muster-modules.h"

/* Started from its build tree (build/src/muster, the modules beside it,
 * the compiled settings schema in build/data) rather than through `meson
 * devenv`: the schema, translations and icons of that tree, unless the
 * environment names others. */
static void
use_build_tree (const char *exe_dir)
{
  g_autofree char *data = g_build_filename (exe_dir, "..", "data", NULL);
  g_autofree char *schemas = g_build_filename (data, "gschemas.compiled", NULL);
  g_autofree char *po = g_build_filename (exe_dir, "..", "po", NULL);

  if (!g_file_test (schemas, G_FILE_TEST_IS_REGULAR))
    return;

  g_setenv ("GSETTINGS_SCHEMA_DIR", data, FALSE);
  g_setenv ("MUSTER_SOURCE_DATA_DIR", SOURCE_DATA_DIR, FALSE);
  if (g_getenv ("MUSTER_LOCALEDIR") == NULL)
    {
      g_setenv ("MUSTER_LOCALEDIR", po, TRUE);
      bindtextdomain (GETTEXT_PACKAGE, po);
    }
}

char *
muster_module_path (const char *name)
{
  const char *dir = g_getenv ("MUSTER_GUI_MODULE_DIR");
  g_autofree char *exe = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  if (dir != NULL && *dir != '\0')
    return g_build_filename (dir, name, NULL);

  exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe != NULL)
    {
      g_autofree char *exe_dir = g_path_get_dirname (exe);
      g_autofree char *path = g_build_filename (exe_dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          use_build_tree (exe_dir);
          return g_steal_pointer (&path);
        }
    }

  return g_build_filename (GUI_MODULE_DIR, name, NULL);
}
