/* muster-sight-overlay.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "muster-sight.h"

G_BEGIN_DECLS

/* Shades the cells of grid that no viewer sees with a translucent dark
 * hatch, so players can plan a deployment out of sight; seen cells are
 * left alone. Drawn like muster_scene_render(): cr's user space is the
 * board in millimetres, origin at its north-west corner; px_per_mm is the
 * device scale, which keeps the hatching a few pixels apart at any zoom.
 * Draw it over the scene. */
void muster_sight_overlay_render (cairo_t               *cr,
                                  const MusterSightGrid *grid,
                                  double                 px_per_mm);

G_END_DECLS
