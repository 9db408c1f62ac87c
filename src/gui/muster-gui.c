/* muster-gui.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-application.h"
#include "muster-bench.h"
#include "muster-gui.h"

int
muster_gui_main (int    argc,
                 char **argv)
{
  g_autoptr(MusterApplication) app = NULL;

  GSettingsSchemaSource *schemas = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  g_return_val_if_fail (argc > 0, 1);
  g_return_val_if_fail (argv != NULL, 1);

  /* GSettings aborts on a schema it does not find: say it in words. */
  schema = schemas != NULL ? g_settings_schema_source_lookup (schemas, APP_ID, TRUE) : NULL;
  if (schema == NULL)
    {
      g_printerr ("muster: %s\n", _("Muster’s settings schema is not installed. Install Muster, or start it "
                                    "from its build folder with “meson devenv -C build ./src/muster”."));
      return 1;
    }

  app = muster_application_new ();
  muster_bench_init (GTK_APPLICATION (app));

  return g_application_run (G_APPLICATION (app), argc, argv);
}
