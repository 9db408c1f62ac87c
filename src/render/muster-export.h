/* muster-export.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <gmodule.h>

#include "muster-layout.h"
#include "muster-system.h"
#include "muster-validate.h"

G_BEGIN_DECLS

#define MUSTER_EXPORT_ERROR (muster_export_error_quark ())

/* The drawing of `muster --export` is a GModule beside the window's (see
 * muster_module_path()), so that the rest of the command line starts
 * without cairo, pango and the libraries they bring: the executable opens
 * it for an export and calls muster_export_module_run() in it, the one
 * symbol the module exports (muster-export-module.c). */
#define MUSTER_EXPORT_MODULE_NAME "libmuster-export." G_MODULE_SUFFIX
#define MUSTER_EXPORT_RUN_SYMBOL  "muster_export_module_run"

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
  /* The window's: its validator instead of input (the layout as it is,
   * unsaved changes too, and its verdicts with the player's contact
   * tolerance), the zones alone, and the units of its rulers. */
  MusterValidator *validator;
  gboolean    no_pieces;        /* no pieces, terrain or their marks */
  MusterUnit  units;            /* inches (0) unless asked */
} MusterExportOptions;

GQuark        muster_export_error_quark (void);
/* The layout of a bare diagram: the system's default table, the first
 * player (red, the attacker, east short edge) in the type's last zone and
 * the second (blue, the defender, west) in the one before. */
MusterLayout *muster_export_bare_layout (MusterSystem              *system,
                                         const MusterDeployment    *deployment);
/* Draws without a display, into memory, then writes the file as a save
 * does (muster_atomic_file_write(): a symbolic link is followed; on
 * failure the file is left as it was and nothing is added). PDF: a page per
 * diagram fitted to the paper, or the sheets of a true-scale print; SVG:
 * the page, or at true scale the whole table at its size; PNG: the page
 * at 150 pixels an inch. */
gboolean      muster_export_run         (const MusterExportOptions *options,
                                         GError                   **error);

typedef gboolean (*MusterExportRunFunc) (const MusterExportOptions *options,
                                         GError                   **error);

G_END_DECLS
