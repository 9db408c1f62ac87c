/* muster-export.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MUSTER_EXPORT_ERROR (muster_export_error_quark ())

typedef enum
{
  MUSTER_EXPORT_ERROR_FORMAT,
  MUSTER_EXPORT_ERROR_ARGUMENTS,
  MUSTER_EXPORT_ERROR_WRITE,
} MusterExportError;

typedef struct
{
  const char *output;           /* .pdf, .svg or .png */
  const char *input;            /* a layout, or NULL for a bare diagram */
  const char *system_id;        /* bare diagram: system ... */
  const char *deployment_id;    /* ... and deployment type */
  const char *paper;            /* "a4" (default) or "letter" */
  const char *scale;            /* "fit" (default) or "1:1" */
  gboolean    all_deployments;  /* a page per deployment type */
} MusterExportOptions;

GQuark   muster_export_error_quark (void);
/* Draws without a display; writes nothing on failure. */
gboolean muster_export_run         (const MusterExportOptions *options,
                                    GError                   **error);

G_END_DECLS
