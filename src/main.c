/* main.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "muster-application.h"
#include "muster-bench.h"
#include "muster-cli.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(MusterApplication) app = NULL;
  /* Set by `meson devenv` and the tests, so that an uninstalled Muster
   * finds the catalogues built in the build tree. */
  const char *localedir = g_getenv ("MUSTER_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* The command-line paths run before GTK is initialised, so they work
   * with no display. */
  if (muster_cli_wanted (argc, argv))
    return muster_cli_run (argc, argv);

  app = muster_application_new ();
  muster_bench_init (GTK_APPLICATION (app));

  return g_application_run (G_APPLICATION (app), argc, argv);
}
