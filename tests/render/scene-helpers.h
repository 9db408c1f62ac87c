/* scene-helpers.h: what the render tests share about scenes.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-render.h"

/* The whole table fitted to a small window, drawn and thrown away: for
 * what a render works out on the way (the places of the zones' names). */
static inline void
render_once (MusterScene *scene)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
  cairo_t *cr = cairo_create (surface);

  muster_scene_render_fit (scene, cr, 400, 300);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}
