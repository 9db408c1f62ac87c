/* muster-render-labels.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "muster-choices.h"
#include "muster-render-private.h"
#include "muster-text.h"

/* The zones' names: where each is written, clear of the pieces, and
 * which way it reads. */
/* Zone names: large and bold, at least 15 device units (points on paper). */
double
_muster_render_zone_label_size (double px)
{
  return MAX (0.8 * INCH, 15.0 / px);
}

/* A name's plate reaches this far past its letters: across, and down. */
#define PLATE_PAD_ACROSS 0.3
#define PLATE_PAD_DOWN 0.1

/* The box a zone's name covers, its plate included. */
MusterBox
_muster_render_zone_label_box (MusterScene     *self,
                               cairo_t         *cr,
                               const SceneZone *zone,
                               double           size)
{
  g_autoptr(PangoLayout) layout = _muster_render_make_text (self, cr, zone->label, size, TRUE);
  PangoRectangle logical;
  double w, h, across = size * PLATE_PAD_ACROSS, down = size * PLATE_PAD_DOWN;

  muster_text_get_extents (layout, NULL, &logical);
  w = logical.width / (double) PANGO_SCALE;
  h = logical.height / (double) PANGO_SCALE;
  w += 2 * across;
  h += 2 * down;
  if (zone->label_upright)
    {
      double t = w;

      w = h;
      h = t;
    }

  return (MusterBox) {
    zone->label_at.x - w / 2, zone->label_at.y - h / 2,
    zone->label_at.x + w / 2, zone->label_at.y + h / 2,
  };
}

static gboolean
zone_holds_box (const SceneZone *zone,
                const MusterBox *box)
{
  return muster_region_contains_point (zone->region, (MusterPoint) { box->x0, box->y0 }) &&
         muster_region_contains_point (zone->region, (MusterPoint) { box->x1, box->y0 }) &&
         muster_region_contains_point (zone->region, (MusterPoint) { box->x0, box->y1 }) &&
         muster_region_contains_point (zone->region, (MusterPoint) { box->x1, box->y1 });
}

/* A zone's name reads across, unless it would stick out of a tall and
 * narrow zone (those of a portrait table, west and east of its Centre
 * Line) where it would fit upright. */
void
_muster_render_orient_labels (MusterScene *self,
                              cairo_t     *cr,
                              double       px)
{
  double size = _muster_render_zone_label_size (px);

  for (guint i = 0; i < self->zones->len; i++)
    {
      SceneZone *zone = &g_array_index (self->zones, SceneZone, i);
      MusterBox across, upright;

      zone->label_upright = FALSE;
      if (zone->region == NULL || zone->label == NULL)
        continue;

      across = _muster_render_zone_label_box (self, cr, zone, size);
      if (zone_holds_box (zone, &across))
        continue;
      zone->label_upright = TRUE;
      upright = _muster_render_zone_label_box (self, cr, zone, size);
      zone->label_upright = zone_holds_box (zone, &upright);
    }
}

gboolean
_muster_render_boxes_overlap (const MusterBox *a,
                              const MusterBox *b)
{
  return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* The boxes of the pieces that may be in the way within search, and
 * their serials (ascending: file order). */
static void
collect_near (MusterScene     *self,
              const MusterBox *search,
              GArray          *near,
              GArray          *serials)
{
  g_autoptr(GPtrArray) pieces = _muster_render_pieces_near (self, search);

  g_array_set_size (near, 0);
  g_array_set_size (serials, 0);
  for (guint j = 0; j < pieces->len; j++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, j);
      MusterBox piece_box;

      if (muster_piece_get_reach_box (piece, &piece_box) &&
          _muster_render_boxes_overlap (&piece_box, search))
        {
          g_array_append_val (near, piece_box);
          g_array_append_val (serials, piece->serial);
        }
    }
}

/* The nearest place to the zone's name's home, ring by ring out to rings,
 * where its box (box at home) lies in the zone and clear of near; home
 * if none. */
static MusterPoint
find_place (const SceneZone *zone,
            const MusterBox *box,
            int              rings,
            double           step_x,
            double           step_y,
            GArray          *near)
{
  MusterPoint best = zone->label_home;
  double best_d = G_MAXDOUBLE;

  /* Ring by ring, each ring's nearest places first. */
  for (int ring = 0; ring <= rings && best_d == G_MAXDOUBLE; ring++)
    for (int dy = -ring; dy <= ring; dy++)
      for (int dx = -ring; dx <= ring; dx++)
        {
          MusterPoint at = { zone->label_home.x + dx * step_x, zone->label_home.y + dy * step_y };
          MusterBox moved = { box->x0 + dx * step_x, box->y0 + dy * step_y,
                              box->x1 + dx * step_x, box->y1 + dy * step_y };
          double d = hypot (dx * step_x, dy * step_y);
          gboolean clear = TRUE;

          if (MAX (abs (dx), abs (dy)) != ring || d >= best_d)
            continue;
          if (!zone_holds_box (zone, &moved) || !muster_region_contains_point (zone->region, at))
            continue;
          for (guint k = 0; k < near->len && clear; k++)
            clear = !_muster_render_boxes_overlap (&moved, &g_array_index (near, MusterBox, k));
          if (clear)
            {
              best = at;
              best_d = d;
            }
        }

  return best;
}

/* A zone's name is written where no piece covers it, as a rulebook's
 * diagram would: the nearest place to its home (_muster_render_find_label_point()) where
 * the whole label lies in the zone and clear of every piece, searched in
 * rings of half a label's height and a quarter of its width; home if
 * there is none near. The place stays until a piece comes, goes or
 * moves near it (_muster_render_labels_watch()). */
void
_muster_render_place_labels_clear_of_pieces (MusterScene *self,
                                             cairo_t     *cr,
                                             double       px)
{
  enum { RINGS = 8 };
  double size = _muster_render_zone_label_size (px);
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (MusterBox));

  for (guint i = 0; i < self->zones->len; i++)
    {
      SceneZone *zone = &g_array_index (self->zones, SceneZone, i);
      MusterBox box, search;
      double step_x, step_y;

      zone->label_at = zone->label_home;
      if (zone->region == NULL || zone->label == NULL)
        continue;

      box = _muster_render_zone_label_box (self, cr, zone, size);
      if (zone->placed && memcmp (&zone->placed_box, &box, sizeof box) == 0)
        {
          zone->label_at = zone->placed_at;
          continue;
        }

      step_x = (box.x1 - box.x0) / 4;
      step_y = (box.y1 - box.y0) / 2;
      search = (MusterBox) { box.x0 - RINGS * step_x, box.y0 - RINGS * step_y,
                             box.x1 + RINGS * step_x, box.y1 + RINGS * step_y };
      if (zone->placed_serials == NULL)
        zone->placed_serials = g_array_new (FALSE, FALSE, sizeof (guint));
      collect_near (self, &search, near, zone->placed_serials);
      if (near->len > 0)
        zone->label_at = find_place (zone, &box, RINGS, step_x, step_y, near);

      zone->placed = TRUE;
      zone->placed_box = box;
      zone->placed_search = search;
      zone->placed_at = zone->label_at;
    }
}

/* Whether serials (ascending) hold serial. */
static gboolean
serials_hold (const GArray *serials,
              guint         serial)
{
  guint lo = 0, hi = serials != NULL ? serials->len : 0;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint at = g_array_index (serials, guint, mid);

      if (at == serial)
        return TRUE;
      if (at < serial)
        lo = mid + 1;
      else
        hi = mid;
    }

  return FALSE;
}

/* Each zone's name placed among pieces that the piece of serial (piece,
 * or NULL when it is gone) was one of, or is now among, is placed again
 * at the next frame. */
static void
forget_places_near (MusterScene       *self,
                    guint              serial,
                    const MusterPiece *piece)
{
  for (guint i = 0; i < self->zones->len; i++)
    {
      SceneZone *zone = &g_array_index (self->zones, SceneZone, i);
      MusterBox box;

      if (!zone->placed)
        continue;
      if (serials_hold (zone->placed_serials, serial))
        zone->placed = FALSE;
      else if (piece != NULL && muster_piece_get_reach_box (piece, &box) &&
               muster_box_intersects (&box, &zone->placed_search))
        zone->placed = FALSE;
    }
}

static void
piece_added_or_changed_cb (MusterLayout *layout,
                           guint         serial,
                           MusterScene  *self)
{
  forget_places_near (self, serial, muster_layout_lookup_serial (layout, serial));
}

static void
piece_removed_cb (MusterLayout *layout,
                  guint         serial,
                  MusterScene  *self)
{
  forget_places_near (self, serial, NULL);
}

static void
layout_changed_cb (MusterLayout *layout,
                   MusterScene  *self)
{
  for (guint i = 0; i < self->zones->len; i++)
    g_array_index (self->zones, SceneZone, i).placed = FALSE;
}

/* The scene hears from its layout of every piece that comes, goes or
 * moves, for the places of the zones' names. */
void
_muster_render_labels_watch (MusterScene *self)
{
  g_signal_connect (self->layout, "piece-added", G_CALLBACK (piece_added_or_changed_cb), self);
  g_signal_connect (self->layout, "piece-changed", G_CALLBACK (piece_added_or_changed_cb), self);
  g_signal_connect (self->layout, "piece-removed", G_CALLBACK (piece_removed_cb), self);
  g_signal_connect (self->layout, "changed", G_CALLBACK (layout_changed_cb), self);
}

void
_muster_render_labels_unwatch (MusterScene *self)
{
  g_signal_handlers_disconnect_by_data (self->layout, self);
}

/* Text centred on the origin in a darker shade of color, on a plate in
 * the table's colour that keeps it legible over hatching, lines and
 * pieces. A plate rather than a halo around each letter: as legible, and
 * a page then holds the name as text over one rounded box, where a halo
 * was every point of every letter's outline (half the numbers of a
 * diagram, and a tenth of the time to export it). */
static void
show_on_plate (MusterScene *self,
               cairo_t     *cr,
               PangoLayout *layout,
               double       size,
               MusterColor  color)
{
  PangoRectangle logical;
  double r = size * 0.3;
  double w, h, x0, y0, x1, y1;

  muster_text_get_extents (layout, NULL, &logical);
  w = logical.width / (double) PANGO_SCALE;
  h = logical.height / (double) PANGO_SCALE;
  x0 = -w / 2 - size * PLATE_PAD_ACROSS;
  y0 = -h / 2 - size * PLATE_PAD_DOWN;
  x1 = w / 2 + size * PLATE_PAD_ACROSS;
  y1 = h / 2 + size * PLATE_PAD_DOWN;
  cairo_new_sub_path (cr);
  cairo_arc (cr, x1 - r, y0 + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x1 - r, y1 - r, r, 0, G_PI / 2);
  cairo_arc (cr, x0 + r, y1 - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x0 + r, y0 + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  _muster_render_set_color (cr, _muster_render_table_color (self), 0.8);
  cairo_fill (cr);
  if (self->dark)
    _muster_render_set_color (cr, (MusterColor) { color.r * 0.5 + 0.5, color.g * 0.5 + 0.5, color.b * 0.5 + 0.5 }, 0.95);
  else
    _muster_render_set_color (cr, (MusterColor) { color.r * 0.6, color.g * 0.6, color.b * 0.6 }, 0.95);
  cairo_move_to (cr, -(logical.x / (double) PANGO_SCALE + w / 2), -(logical.y / (double) PANGO_SCALE + h / 2));
  muster_text_show (cr, layout);
}

void
_muster_render_draw_zone_labels (MusterScene *self,
                                 cairo_t     *cr,
                                 double       px)
{
  double size = _muster_render_zone_label_size (px);

  for (guint i = 0; i < self->zones->len; i++)
    {
      SceneZone *zone = &g_array_index (self->zones, SceneZone, i);
      MusterColor color = muster_scene_get_player_color (self, i);
      g_autoptr(PangoLayout) layout = NULL;

      if (zone->region == NULL || zone->label == NULL)
        continue;

      zone->label_box = _muster_render_zone_label_box (self, cr, zone, size);
      zone->label_drawn = TRUE;

      cairo_save (cr);
      layout = _muster_render_make_text (self, cr, zone->label, size, TRUE);
      cairo_translate (cr, zone->label_at.x, zone->label_at.y);
      if (zone->label_upright)
        cairo_rotate (cr, -G_PI / 2);
      show_on_plate (self, cr, layout, size, color);
      cairo_restore (cr);
    }
}

/* Each player's short Board Edge, where the deployment type measures from
 * it (Dawn Assault's zones, Marching Columns' deployment order): a band
 * along it in the player's colour, and whose it is. Nothing else on the
 * table or the page shows it. */
void
_muster_render_draw_short_edges (MusterScene *self,
                                 cairo_t     *cr,
                                 double       px)
{
  GPtrArray *players = muster_layout_get_players (self->layout);
  const MusterDeployment *deployment;
  double w = muster_layout_get_width (self->layout);
  double h = muster_layout_get_height (self->layout);
  double band = MAX (0.12 * INCH, 3.0 / px);
  double size = MAX (0.3 * INCH, 10.0 / px);
  gboolean any = FALSE;

  for (guint i = 0; i < players->len; i++)
    any |= ((const MusterPlayer *) g_ptr_array_index (players, i))->short_edge != NULL;

  if (!any || self->system == NULL)
    return;
  deployment = muster_system_lookup_deployment (self->system, muster_layout_get_deployment_id (self->layout));
  if (deployment == NULL ||
      (muster_system_get_rule (self->system, deployment, MUSTER_RULE_DEPLOY_ORDER) == NULL &&
       !muster_choices_zones_use_short_edges (deployment)))
    return;

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      MusterColor color = muster_scene_get_player_color (self, i);
      g_autoptr(PangoLayout) layout = NULL;
      g_autofree char *label = NULL;
      double angle = 0, cx = w / 2, cy = h / 2;

      if (player->short_edge == NULL)
        continue;

      cairo_save (cr);
      /* The name beside the band, reading along the edge. */
      if (g_str_equal (player->short_edge, "west"))
        {
          cairo_rectangle (cr, 0, 0, band, h);
          cx = band + size * 0.9;
          angle = -G_PI / 2;
        }
      else if (g_str_equal (player->short_edge, "east"))
        {
          cairo_rectangle (cr, w - band, 0, band, h);
          cx = w - band - size * 0.9;
          angle = G_PI / 2;
        }
      else if (g_str_equal (player->short_edge, "north"))
        {
          cairo_rectangle (cr, 0, 0, w, band);
          cy = band + size * 0.9;
        }
      else
        {
          cairo_rectangle (cr, 0, h - band, w, band);
          cy = h - band - size * 0.9;
        }
      _muster_render_set_color (cr, color, 0.85);
      cairo_fill (cr);

      if (self->generic)
        label = g_strdup (_("Short Board Edge"));
      else
        /* Translators: a player's name */
        label = g_strdup_printf (_("%s’s short Board Edge"), player->name != NULL ? player->name : player->id);
      layout = _muster_render_make_text (self, cr, label, size, TRUE);
      cairo_translate (cr, cx, cy);
      cairo_rotate (cr, angle);
      show_on_plate (self, cr, layout, size, color);
      cairo_restore (cr);
    }
}

/* Text turned */

/* Writes text centred on (x, y), turned by degrees (clockwise) about it.
 *
 * On a screen its letters are filled as the outlines of the level text,
 * turned: cairo keeps the letters it draws by font, size and angle, so
 * that each angle would be a font of its own, its letters drawn afresh
 * for each label of a table of units turned every which way (and again
 * at each redraw, past the 256 fonts it keeps): 1.1 M instructions a
 * label against 0.6 M as outlines. On paper the text stays text. */
void
_muster_render_draw_text_turned (MusterScene *self,
                                 cairo_t     *cr,
                                 const char  *text,
                                 double       x,
                                 double       y,
                                 double       degrees,
                                 double       size,
                                 gboolean     bold)
{
  g_autoptr(PangoLayout) layout = NULL;
  cairo_path_t *path;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (!self->screen)
    {
      cairo_rotate (cr, degrees * G_PI / 180);
      _muster_render_draw_text_centred (self, cr, text, 0, 0, size, bold);
      cairo_restore (cr);
      return;
    }

  cairo_new_path (cr);
  layout = _muster_render_text_centred_at (self, cr, text, 0, 0, size, bold);
  muster_text_path (cr, layout);
  path = cairo_copy_path (cr);
  cairo_new_path (cr);
  cairo_rotate (cr, degrees * G_PI / 180);
  cairo_append_path (cr, path);
  /* Curves flattened to a third of a pixel rather than a tenth: no
   * letter of a label changes that one can see, and filling them costs a
   * seventh less. */
  cairo_set_tolerance (cr, 0.3);
  cairo_fill (cr);
  cairo_path_destroy (path);
  cairo_restore (cr);
}
