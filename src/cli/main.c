/* main.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "muster-cli.h"
#include "muster-gui.h"

/* Started from its build tree (build/src/muster, the module beside it,
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

/* The GUI module: $MUSTER_GUI_MODULE_DIR (set by `meson devenv` and the
 * tests) wins; else the one built beside this executable, as in a build
 * tree; else the installed one. */
static char *
gui_module_path (void)
{
  const char *dir = g_getenv ("MUSTER_GUI_MODULE_DIR");
  g_autofree char *exe = NULL;

  if (dir != NULL && *dir != '\0')
    return g_build_filename (dir, MUSTER_GUI_MODULE_NAME, NULL);

  exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe != NULL)
    {
      g_autofree char *exe_dir = g_path_get_dirname (exe);
      g_autofree char *path = g_build_filename (exe_dir, MUSTER_GUI_MODULE_NAME, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          use_build_tree (exe_dir);
          return g_steal_pointer (&path);
        }
    }

  return g_build_filename (GUI_MODULE_DIR, MUSTER_GUI_MODULE_NAME, NULL);
}

static int
run_gui (int    argc,
         char **argv)
{
  g_autofree char *path = gui_module_path ();
  MusterGuiMainFunc gui_main = NULL;
  GModule *module;

  /* Lazy binding, as when GTK was linked into the executable. Not global:
   * the module's templates bind their callbacks explicitly and register
   * their types before use, so GtkBuilder never looks a name up. */
  module = g_module_open (path, G_MODULE_BIND_LAZY);
  if (module == NULL
      || !g_module_symbol (module, MUSTER_GUI_MAIN_SYMBOL, (gpointer *) &gui_main))
    {
      g_autofree char *message = g_strdup_printf (_("Cannot load the window of Muster from “%s”: %s"),
                                                  path, g_module_error ());

      if (module != NULL)
        g_module_close (module);
      g_printerr ("muster: %s\n", message);
      return 1;
    }

  /* It registers types: never unload it. */
  g_module_make_resident (module);

  return gui_main (argc, argv);
}

int
main (int    argc,
      char **argv)
{
  /* Set by `meson devenv` and the tests, so that an uninstalled Muster
   * finds the catalogues built in the build tree. */
  const char *localedir = g_getenv ("MUSTER_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* The command-line paths run before, and without, GTK: this executable
   * is not linked with it, so they load none of it and need no display. */
  if (muster_cli_wanted (argc, argv))
    return muster_cli_run (argc, argv);

  return run_gui (argc, argv);
}
