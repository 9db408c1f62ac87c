/* system-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-geometry.h"
#include "muster-region.h"

/* What test-system.c, test-system-files.c and test-region.c ask of
 * systems and regions. */

#define INCH MUSTER_MM_PER_INCH

G_GNUC_UNUSED static GHashTable *
options_new (const char *name,
             const char *value)
{
  GHashTable *options = g_hash_table_new (g_str_hash, g_str_equal);

  if (name != NULL)
    g_hash_table_insert (options, (char *) name, (char *) value);

  return options;
}

/* The outline of an axis-aligned rectangular base, by its edges in mm. */
G_GNUC_UNUSED static void
box_outline (MusterOutline *outline,
             double         x0,
             double         y0,
             double         x1,
             double         y1)
{
  MusterBase base = { MUSTER_BASE_RECT, x1 - x0, y1 - y0 };

  muster_outline_init_base (outline, &base, (x0 + x1) / 2, (y0 + y1) / 2, 0);
}

/* Whether the region holds such a base. */
G_GNUC_UNUSED static gboolean
box_within (const MusterRegion *region,
            double              x0,
            double              y0,
            double              x1,
            double              y1)
{
  MusterOutline outline;
  gboolean ret;

  box_outline (&outline, x0, y0, x1, y1);
  ret = muster_region_contains_outline (region, &outline);
  muster_outline_clear (&outline);

  return ret;
}

/* What the region says of such a base: the note of a choice it lies
 * across, or NULL. */
G_GNUC_UNUSED static const char *
box_note (const MusterRegion *region,
          double              x0,
          double              y0,
          double              x1,
          double              y1)
{
  MusterOutline outline;
  const char *note;

  box_outline (&outline, x0, y0, x1, y1);
  note = muster_region_explain_outline (region, &outline);
  muster_outline_clear (&outline);

  return note;
}
