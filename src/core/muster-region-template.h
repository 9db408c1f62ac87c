/* muster-region-template.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libxml/tree.h>

#include "muster-expr.h"
#include "muster-region.h"

G_BEGIN_DECLS

/* The zone language as parsed from a game-system file: lengths are still
 * expressions of the board size and the deployment options, and choices
 * that depend on the player (role, short edge) or on the options are still
 * open. Resolving it for one board and one player gives a MusterRegion.
 * Private to src/core: libxml2 stays behind this header. */

typedef struct _MusterRegionTemplate MusterRegionTemplate;

/* Most points of a <polygon>: it is checked for crossing itself, in time
 * that grows with the square of its points. */
#define MUSTER_REGION_TEMPLATE_MAX_POLYGON_POINTS 256

typedef struct
{
  double       width;        /* board, mm */
  double       height;
  const char  *role;         /* "attacker", "defender" or NULL */
  const char  *short_edge;   /* the player's short edge: "west", "east" or NULL */
  GHashTable  *options;      /* option name → value text; may be NULL */
  MusterUnit   units;        /* unit of bare numbers in option values */
} MusterRegionContext;

/* Parses the region elements that are children of parent (several
 * children are intersected). filename names the file in errors, which
 * carry the line of the offending element. */
MusterRegionTemplate *muster_region_template_parse   (xmlNode                   *parent,
                                                      MusterUnit                 units,
                                                      const char                *filename,
                                                      GError                   **error);
MusterRegion         *muster_region_template_resolve (const MusterRegionTemplate *tmpl,
                                                      const MusterRegionContext  *context,
                                                      GError                   **error);
void                  muster_region_template_free    (MusterRegionTemplate      *tmpl);
/* A rough measure of the work of one resolve (elements, expressions and
 * polygon points), to bound what a game-system file can ask for. */
guint64               muster_region_template_get_cost (const MusterRegionTemplate *tmpl);
/* Whether the region is measured from a player's short edge, or chosen
 * by it: Dawn Assault's zones. */
gboolean              muster_region_template_uses_short_edges (const MusterRegionTemplate *tmpl);
/* Checks every <when option="NAME" value="VALUE"> of the template against
 * options (option name → NULL-terminated array of its allowed values). */
gboolean              muster_region_template_check_options (const MusterRegionTemplate *tmpl,
                                                            GHashTable                 *options,
                                                            GError                    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRegionTemplate, muster_region_template_free)

G_END_DECLS
