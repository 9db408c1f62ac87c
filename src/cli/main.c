/* main.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "muster-cli.h"
#include "muster-gui.h"
#include "muster-modules.h"

static int
run_gui (int    argc,
         char **argv)
{
  g_autofree char *path = muster_module_path (MUSTER_GUI_MODULE_NAME);
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
    {
      /* A command lives a few milliseconds, and a fifth of --validate's
       * were the kernel's, giving it fresh pages. Blocks under 32 MiB
       * come from the heap and go back to it, so that a freed one (the
       * file's bytes, once read) holds the next (the validator's), and
       * the heap's top stays with the process: 5,000 pieces fault 1,250
       * pages in rather than 1,460, 3 % of the time. */
#ifdef __GLIBC__
      mallopt (M_MMAP_THRESHOLD, 32 * 1024 * 1024);
      mallopt (M_TRIM_THRESHOLD, 64 * 1024 * 1024);
#endif
      return muster_cli_run (argc, argv);
    }

  return run_gui (argc, argv);
}
