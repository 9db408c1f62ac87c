/* muster-export-module.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "muster-export.h"

/* The entry point of libmuster-export: the renderer is compiled with
 * hidden symbols, so that the window's module, which links it too,
 * exports nothing but its own entry point. */
G_MODULE_EXPORT gboolean muster_export_module_run (const MusterExportOptions  *options,
                                                    GError                    **error);

G_MODULE_EXPORT gboolean
muster_export_module_run (const MusterExportOptions  *options,
                          GError                    **error)
{
  return muster_export_run (options, error);
}
