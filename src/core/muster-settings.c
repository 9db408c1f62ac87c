/* muster-settings.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-settings"

#include "config.h"

#include <gio/gio.h>
#include <math.h>

#include "muster-settings.h"
#include "muster-types.h"

#define CONTACT_TOLERANCE_KEY "contact-tolerance"

double
muster_settings_get_contact_tolerance (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  double tolerance;

  /* g_settings_new() aborts on a schema it cannot find, and reading a
   * key the schema lacks does too: look both up first. */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, CONTACT_TOLERANCE_KEY))
    return MUSTER_DEFAULT_TOLERANCE_MM;

  settings = g_settings_new_full (schema, NULL, NULL);
  tolerance = g_settings_get_double (settings, CONTACT_TOLERANCE_KEY);

  /* The schema's range keeps it in bounds; a schema of another build
   * might not. */
  return isfinite (tolerance) && tolerance >= 0.0 ? tolerance : MUSTER_DEFAULT_TOLERANCE_MM;
}
