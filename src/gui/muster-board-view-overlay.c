/* muster-board-view-overlay.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-board-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "muster-board-view-private.h"
#include "muster-expr.h"

/* What is drawn over the cached table in every frame: the selection and
 * its rotation handle, the pieces that move and their verdicts, the
 * tools' previews, the measurement, the band. As little as it can: the
 * frame costs what the overlay covers (overlay_bounds()). */

static const MusterColor accent = { 0.208, 0.518, 0.894 };   /* Adwaita blue 3 */
static const MusterColor legal_color = { 0.180, 0.761, 0.494 };   /* green 3 */
static const MusterColor illegal_color = { 0.878, 0.106, 0.141 }; /* red 3 */

#define BUBBLE_PAD 8.0

/* The selection is a ring around a base, this wide (px): white, the
 * accent colour, white. It stands outside the base, and the handle's arm
 * starts beyond it, so that a selected base shows whole, however small
 * it is drawn (a 25 mm base at whole-table zoom is some 11 px across). */
#define SELECTION_RING 6.0

static MusterColor
piece_color (MusterBoardView   *self,
             const MusterPiece *piece)
{
  int index;

  if (piece->kind == MUSTER_PIECE_OBJECTIVE)
    return (MusterColor) { 0.90, 0.75, 0.10 };

  index = _muster_board_view_player_index (self, piece->owner);
  if (index < 0)
    return (MusterColor) { 0.55, 0.55, 0.55 };

  return muster_scene_get_player_color (self->scene, index);
}

/* The rotation handle of the only selected piece, in widget coordinates:
 * the handle, and the point in front of the base, beyond the selection's
 * ring, where its arm starts. */
gboolean
_muster_board_view_get_handle (MusterBoardView *self,
                               double          *hx,
                               double          *hy,
                               double          *fx,
                               double          *fy)
{
  GHashTableIter iter;
  gpointer key;
  MusterPiece *piece;
  double scale, theta, reach, cx, cy;

  if (g_hash_table_size (self->selection) != 1 || self->tool != MUSTER_BOARD_TOOL_SELECT)
    return FALSE;

  g_hash_table_iter_init (&iter, self->selection);
  g_hash_table_iter_next (&iter, &key, NULL);
  piece = _muster_board_view_lookup_serial (self, GPOINTER_TO_UINT (key));
  if (piece == NULL)
    return FALSE;

  scale = muster_board_view_get_scale (self);
  theta = (self->mode == MODE_ROTATE ? self->rotation : piece->rotation) * G_PI / 180;
  reach = (piece->base.shape == MUSTER_BASE_ROUND ? piece->base.width : piece->base.depth) / 2;

  muster_board_view_board_to_widget (self, (MusterPoint) { piece->x, piece->y }, &cx, &cy);
  /* Forward is north at rotation 0, turning clockwise. */
  if (fx != NULL)
    *fx = cx + sin (theta) * (reach * scale + SELECTION_RING);
  if (fy != NULL)
    *fy = cy - cos (theta) * (reach * scale + SELECTION_RING);
  *hx = cx + sin (theta) * (reach * scale + HANDLE_DISTANCE);
  *hy = cy - cos (theta) * (reach * scale + HANDLE_DISTANCE);

  return TRUE;
}

/* Bubbles of words */

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   w,
                   double   h,
                   double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* Where a bubble of text beside (x, y) goes, in widget coordinates, and
 * the text laid out (a new reference). */
static PangoLayout *
place_bubble (MusterBoardView *self,
              const char      *text,
              double           x,
              double           y,
              gboolean         centred,
              graphene_rect_t *rect,
              PangoRectangle  *logical)
{
  PangoLayout *layout;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  PangoRectangle ink;
  double bw, bh;

  /* The layout follows changes of the widget's font by itself. */
  if (self->bubble_layout == NULL || g_strcmp0 (self->bubble_text, text) != 0)
    {
      g_clear_object (&self->bubble_layout);
      g_free (self->bubble_text);
      self->bubble_text = g_strdup (text);
      self->bubble_layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
    }
  layout = g_object_ref (self->bubble_layout);

  pango_layout_get_pixel_extents (layout, &ink, logical);
  bw = logical->width + 2 * BUBBLE_PAD;
  bh = logical->height + 2 * BUBBLE_PAD * 0.75;

  if (centred)
    {
      x -= bw / 2;
      y -= bh / 2;
    }

  x = CLAMP (x, 4, MAX (4, w - bw - 4));
  y = CLAMP (y, 4, MAX (4, h - bh - 4));
  graphene_rect_init (rect, x, y, bw, bh);

  return layout;
}

/* A bubble of text in widget coordinates, beside (x, y). */
static void
draw_bubble (MusterBoardView *self,
             cairo_t         *cr,
             const char      *text,
             double           x,
             double           y,
             MusterColor      color,
             gboolean         centred)
{
  PangoRectangle logical;
  graphene_rect_t rect;
  g_autoptr(PangoLayout) layout = place_bubble (self, text, x, y, centred, &rect, &logical);
  double pad = BUBBLE_PAD, bw = rect.size.width, bh = rect.size.height;

  x = rect.origin.x;
  y = rect.origin.y;

  cairo_save (cr);
  rounded_rectangle (cr, x, y, bw, bh, 6);
  cairo_set_source_rgba (cr, color.r, color.g, color.b, 0.92);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_move_to (cr, x + pad - logical.x, y + pad * 0.75 - logical.y);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* A piece where it is being dragged, coloured by its verdict. cr is in
 * millimetres. */
static void
draw_piece_at (MusterBoardView   *self,
               cairo_t           *cr,
               const MusterPiece *piece,
               double             x,
               double             y,
               double             rotation,
               int                verdict,   /* 0 none, 1 legal, 2 illegal */
               double             alpha)
{
  double px = muster_board_view_get_scale (self);
  MusterColor color = piece_color (self, piece);
  MusterOutline outline;

  muster_outline_init_base (&outline, &piece->base, x, y, rotation);

  muster_scene_draw_piece_base (self->scene, cr, piece, &outline, color, alpha, px);

  /* The name goes with the piece; not on the faint preview of a piece
   * still to place. */
  if (alpha >= 1.0)
    muster_scene_draw_piece_label (self->scene, cr, piece, &outline, color, px);

  if (verdict != 0)
    {
      MusterColor c = verdict == 1 ? legal_color : illegal_color;

      cairo_new_path (cr);
      muster_render_path_outline (cr, &outline);
      cairo_set_line_width (cr, 6.0 / px);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, 3.0 / px);
      cairo_set_source_rgba (cr, c.r, c.g, c.b, 1.0);
      cairo_stroke (cr);
    }

  muster_outline_clear (&outline);
}

/* The selection */

/* Clips away what is inside the path (cr's current one), within box. */
static void
clip_out (cairo_t         *cr,
          const MusterBox *box)
{
  cairo_rectangle (cr, box->x0, box->y0, box->x1 - box->x0, box->y1 - box->y0);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_clip (cr);
}

/* One layer of the ring: a stroke of the base's outline grown by grow
 * (px), as wide as the layer. A round or rectangular base grown is its
 * outline moved outwards, so the ring's inner edge is the base's. */
static void
stroke_grown (cairo_t           *cr,
              const MusterPiece *piece,
              double             grow,
              double             width,
              double             px)
{
  MusterBase base = piece->base;
  MusterOutline outline;

  base.width += 2 * grow / px;
  base.depth += 2 * grow / px;
  muster_outline_init_base (&outline, &base, piece->x, piece->y, piece->rotation);
  cairo_new_path (cr);
  muster_render_path_outline (cr, &outline);
  cairo_set_line_width (cr, width / px);
  cairo_stroke (cr);
  muster_outline_clear (&outline);
}

/* The ring outside a selected base: white, and the accent colour in its
 * middle. An oval grown is not its outline moved outwards: there the
 * base is clipped away too; and so is the red badge of an illegal base
 * (muster_scene_get_badge()). */
static void
draw_selection_ring (MusterBoardView   *self,
                     cairo_t           *cr,
                     const MusterPiece *piece,
                     double             px)
{
  gboolean oval = piece->base.shape == MUSTER_BASE_OVAL;
  gboolean bad = _muster_board_view_piece_is_bad (self, piece);
  MusterOutline outline;

  cairo_save (cr);
  if (oval || bad)
    {
      double pad = 2 * SELECTION_RING / px;
      MusterBox box;

      muster_piece_get_outline (piece, &outline);
      box = (MusterBox) { outline.bounds.x0 - pad, outline.bounds.y0 - pad,
                          outline.bounds.x1 + pad, outline.bounds.y1 + pad };
      if (oval)
        {
          cairo_new_path (cr);
          muster_render_path_outline (cr, &outline);
          clip_out (cr, &box);
        }
      if (bad)
        {
          MusterPoint at;
          double r;

          muster_scene_get_badge (self->scene, &outline.bounds, px, &at, &r);
          cairo_new_path (cr);
          cairo_arc (cr, at.x, at.y, r + 1.0 / px, 0, 2 * G_PI);
          clip_out (cr, &box);
        }
      muster_outline_clear (&outline);
    }

  /* White over the whole ring, the accent from 1.5 px out to 4.25. */
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  stroke_grown (cr, piece, SELECTION_RING / 2, SELECTION_RING, px);
  cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
  stroke_grown (cr, piece, (1.5 + 4.25) / 2, 4.25 - 1.5, px);
  cairo_restore (cr);
}

static void
draw_selected_pieces (MusterBoardView *self,
                      cairo_t         *cr,
                      double           px)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      MusterPiece *piece = _muster_board_view_lookup_serial (self, GPOINTER_TO_UINT (key));

      if (piece == NULL || _muster_board_view_is_moving (self, piece->serial))
        continue;

      draw_selection_ring (self, cr, piece, px);
    }
}

static void
draw_selected_terrain (MusterBoardView *self,
                       cairo_t         *cr,
                       double           px)
{
  const MusterTerrain *t = muster_layout_lookup_terrain (self->layout, self->selected_terrain);
  double dash[] = { 6.0 / px, 4.0 / px };

  if (t == NULL || t->n_points < 3)
    return;

  cairo_new_path (cr);
  for (guint i = 0; i < t->n_points; i++)
    cairo_line_to (cr, t->points[i].x, t->points[i].y);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_set_line_width (cr, 5.0 / px);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
  cairo_set_line_width (cr, 2.0 / px);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; i < t->n_points; i++)
    {
      cairo_new_path (cr);
      cairo_arc (cr, t->points[i].x, t->points[i].y, 3.5 / px, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
      cairo_set_line_width (cr, 1.5 / px);
      cairo_stroke (cr);
    }
}

/* The rotation handle, in widget coordinates. */
static void
draw_handle (MusterBoardView *self,
             cairo_t         *cr)
{
  double hx, hy, fx, fy;

  if (self->mode == MODE_MOVE || !_muster_board_view_get_handle (self, &hx, &hy, &fx, &fy))
    return;

  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_move_to (cr, fx, fy);
  cairo_line_to (cr, hx, hy);
  cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
  cairo_new_path (cr);
  cairo_arc (cr, hx, hy, HANDLE_RADIUS, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
  cairo_stroke (cr);
  /* A turning arrow inside. */
  cairo_new_path (cr);
  cairo_arc (cr, hx, hy, HANDLE_RADIUS - 3.5, -G_PI * 0.9, G_PI * 0.4);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_selection (MusterBoardView *self,
                cairo_t         *cr,
                double           px)
{
  draw_selected_pieces (self, cr, px);
  if (self->selected_terrain != NULL && self->mode != MODE_MOVE_TERRAIN)
    draw_selected_terrain (self, cr, px);
  draw_handle (self, cr);
}

/* What moves */

/* At most BUBBLE_LINES reasons in the bubble of a drag, then how many
 * more: a piece dragged through a crowd breaks the rules with dozens of
 * others, and a bubble of dozens of lines hid the table it spoke of and
 * was laid out again at each step (most of a drag frame with 50,000
 * pieces on the table). The Problems list has them all. */
#define BUBBLE_LINES 4

/* Only the reasons shown are put in words, each once: those past them
 * are counted, each a problem, as the Problems list counts them. Words
 * were a drag's dearest part, a gettext and a printf a reason. */
char *
_muster_board_view_bubble_text (MusterBoardView *self,
                                 GPtrArray       *violations)
{
  guint used;
  /* One line more than is shown: it is shown rather than said, if it
   * is the last. */
  g_autoptr(GPtrArray) lines = _muster_board_view_reason_lines (self, violations, BUBBLE_LINES + 1, &used);
  GString *text = g_string_new (NULL);

  if (used == violations->len)
    {
      for (guint k = 0; k < lines->len; k++)
        g_string_append_printf (text, k > 0 ? "\n%s" : "%s", (const char *) g_ptr_array_index (lines, k));
    }
  else
    {
      /* The line past those shown, and all after it. */
      guint more = violations->len - (used - 1);

      for (guint k = 0; k < BUBBLE_LINES; k++)
        g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (lines, k));
      g_string_append_printf (text, ngettext ("And %u more problem", "And %u more problems", more), more);
    }

  return g_string_free (text, text->len == 0);
}

/* The words that draw_moving() and draw_placing() put beside what moves,
 * and where (as for draw_bubble()); NULL when there are none. */
static char *
moving_bubble (MusterBoardView *self,
               double          *x,
               double          *y,
               MusterColor     *color)
{
  if (self->moving != NULL)
    {
      const Moving *primary = NULL;

      for (guint i = 0; i < self->moving->len; i++)
        {
          const Moving *m = &g_array_index (self->moving, Moving, i);

          if (m->serial == self->press_serial)
            primary = m;
        }

      if (primary == NULL)
        return NULL;

      /* The verdict in words, beside the piece under the pointer. */
      if (self->feedback_bubble != NULL)
        {
          double reach = MAX (primary->piece->base.width, primary->piece->base.depth) / 2;
          MusterPoint at = { primary->x + reach, primary->y + reach };

          if (self->mode != MODE_ROTATE)
            {
              at.x += self->move_dx;
              at.y += self->move_dy;
            }
          muster_board_view_board_to_widget (self, at, x, y);
          *x += 6;
          *y += 6;
          *color = (MusterColor) { 0.55, 0.07, 0.09 };

          return g_strdup (self->feedback_bubble);
        }

      if (self->mode == MODE_ROTATE)
        {
          muster_board_view_board_to_widget (self, (MusterPoint) { primary->x, primary->y }, x, y);
          *x += 16;
          *y += 16;
          *color = (MusterColor) { 0.15, 0.15, 0.15 };

          return g_strdup_printf ("%.0f°", self->rotation);
        }

      return NULL;
    }

  if (self->placing != NULL && self->placing_visible && self->feedback_bubble != NULL)
    {
      const MusterPiece *piece = self->placing;
      double reach = MAX (piece->base.width, piece->base.depth) / 2;

      muster_board_view_board_to_widget (self, (MusterPoint) { piece->x + reach, piece->y + reach }, x, y);
      *x += 6;
      *y += 6;
      *color = (MusterColor) { 0.55, 0.07, 0.09 };

      return g_strdup (self->feedback_bubble);
    }

  return NULL;
}

static void
draw_moving_bubble (MusterBoardView *self,
                    cairo_t         *cr)
{
  MusterColor color;
  double x, y;
  g_autofree char *text = moving_bubble (self, &x, &y, &color);

  if (text == NULL)
    return;

  cairo_save (cr);
  cairo_identity_matrix (cr);
  draw_bubble (self, cr, text, x, y, color, FALSE);
  cairo_restore (cr);
}

/* Where the moving pieces come from. */
void
_muster_board_view_draw_ghosts (MusterBoardView *self,
                                cairo_t         *cr,
                                double           px)
{
  double dash[] = { 4.0 / px, 3.0 / px };

  if (self->moving->len > MAX_GHOSTS)
    return;

  cairo_save (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, 1.5 / px);
  for (guint i = 0; i < self->moving->len; i++)
    {
      const Moving *m = &g_array_index (self->moving, Moving, i);
      MusterOutline outline;

      muster_outline_init_base (&outline, &m->piece->base, m->x, m->y, m->rotation);
      cairo_new_path (cr);
      muster_render_path_outline (cr, &outline);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
      cairo_stroke (cr);
      muster_outline_clear (&outline);
    }
  cairo_restore (cr);
}

/* With ghosts, where they come from too (unless a node of their own
 * shows that, see append_ghosts() in muster-board-view-cache.c). */
static void
draw_moving (MusterBoardView *self,
             cairo_t         *cr,
             double           px,
             gboolean         ghosts)
{
  if (ghosts)
    _muster_board_view_draw_ghosts (self, cr, px);

  for (guint i = 0; i < self->moving->len; i++)
    {
      const Moving *m = &g_array_index (self->moving, Moving, i);
      int verdict = m->violations == NULL ? 0 : m->violations->len == 0 ? 1 : 2;

      if (self->mode == MODE_ROTATE)
        draw_piece_at (self, cr, m->piece, m->x, m->y, self->rotation, verdict, 1.0);
      else
        draw_piece_at (self, cr, m->piece, m->x + self->move_dx, m->y + self->move_dy, m->rotation, verdict, 1.0);
    }

  draw_moving_bubble (self, cr);
}

static void
draw_placing (MusterBoardView *self,
              cairo_t         *cr,
              double           px)
{
  const MusterPiece *piece = self->placing;

  draw_piece_at (self, cr, piece, piece->x, piece->y, piece->rotation,
                 muster_piece_is_deployable (piece) ? (self->feedback_legal ? 1 : 2) : 0, 0.9);
  draw_moving_bubble (self, cr);
}

/* The tools */

static void
draw_measure (MusterBoardView *self,
              cairo_t         *cr,
              double           px)
{
  g_autofree char *text = muster_length_format (self->measure_mm, self->units);
  MusterPiece *ends[2] = { _muster_board_view_lookup_serial (self, self->measure_serial_a),
                           _muster_board_view_lookup_serial (self, self->measure_serial_b) };
  double ax, ay, bx, by;

  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      MusterOutline outline;

      if (ends[i] == NULL)
        continue;

      muster_piece_get_outline (ends[i], &outline);
      cairo_new_path (cr);
      muster_render_path_outline (cr, &outline);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.9);
      cairo_set_line_width (cr, 2.0 / px);
      cairo_stroke (cr);
      muster_outline_clear (&outline);
    }

  muster_board_view_board_to_widget (self, self->measure_from, &ax, &ay);
  muster_board_view_board_to_widget (self, self->measure_to, &bx, &by);

  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_move_to (cr, ax, ay);
  cairo_line_to (cr, bx, by);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, 5);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);

  for (int i = 0; i < 2; i++)
    {
      cairo_new_path (cr);
      cairo_arc (cr, i == 0 ? ax : bx, i == 0 ? ay : by, 4, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }

  draw_bubble (self, cr, text, (ax + bx) / 2, (ay + by) / 2 - 18, (MusterColor) { 0.15, 0.15, 0.15 }, TRUE);
  cairo_restore (cr);
}

static void
draw_band (MusterBoardView *self,
           cairo_t         *cr)
{
  double x0, y0, x1, y1;

  muster_board_view_board_to_widget (self, self->press, &x0, &y0);
  muster_board_view_board_to_widget (self, self->current, &x1, &y1);

  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_rectangle (cr, floor (MIN (x0, x1)) + 0.5, floor (MIN (y0, y1)) + 0.5,
                   floor (fabs (x1 - x0)), floor (fabs (y1 - y0)));
  cairo_set_source_rgba (cr, accent.r, accent.g, accent.b, 0.15);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, accent.r, accent.g, accent.b, 0.9);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
terrain_preview_style (MusterBoardView *self,
                       cairo_t         *cr,
                       double           px)
{
  switch (self->terrain_kind)
    {
    case MUSTER_TERRAIN_BUILDING:
      cairo_set_source_rgba (cr, 0.36, 0.34, 0.33, 0.6);
      break;
    case MUSTER_TERRAIN_IMPASSABLE:
      cairo_set_source_rgba (cr, 0.45, 0.37, 0.28, 0.6);
      break;
    case MUSTER_TERRAIN_AREA:
    default:
      cairo_set_source_rgba (cr, 0.30, 0.50, 0.25, 0.35);
      break;
    }
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
  cairo_set_line_width (cr, 2.0 / px);
  cairo_stroke (cr);
}

/* The outline being drawn, its corners, and the side to the pointer (or
 * the keyboard's cross). */
static void
draw_polygon (MusterBoardView *self,
              cairo_t         *cr,
              double           px)
{
  MusterPoint pointer;

  muster_board_view_widget_to_board (self, self->pointer_x, self->pointer_y, &pointer);

  cairo_new_path (cr);
  for (guint i = 0; i < self->polygon->len; i++)
    {
      const MusterPoint *p = &g_array_index (self->polygon, MusterPoint, i);

      cairo_line_to (cr, p->x, p->y);
    }
  if (self->key_cursor_active)
    cairo_line_to (cr, self->key_cursor.x, self->key_cursor.y);
  else if (self->pointer_x >= 0)
    cairo_line_to (cr, pointer.x, pointer.y);
  cairo_close_path (cr);
  terrain_preview_style (self, cr, px);

  for (guint i = 0; i < self->polygon->len; i++)
    {
      const MusterPoint *p = &g_array_index (self->polygon, MusterPoint, i);

      cairo_new_path (cr);
      cairo_arc (cr, p->x, p->y, (i == 0 ? 5.0 : 3.5) / px, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
      cairo_set_line_width (cr, 1.5 / px);
      cairo_stroke (cr);
    }
}

/* The keyboard cursor: cross hairs in a ring. */
static void
draw_key_cursor (MusterBoardView *self,
                 cairo_t         *cr)
{
  double x, y;

  muster_board_view_board_to_widget (self, self->key_cursor, &x, &y);
  cairo_save (cr);
  cairo_identity_matrix (cr);
  for (int pass = 0; pass < 2; pass++)
    {
      cairo_new_path (cr);
      cairo_arc (cr, x, y, 8, 0, 2 * G_PI);
      cairo_move_to (cr, x - 14, y);
      cairo_line_to (cr, x - 4, y);
      cairo_move_to (cr, x + 4, y);
      cairo_line_to (cr, x + 14, y);
      cairo_move_to (cr, x, y - 14);
      cairo_line_to (cr, x, y - 4);
      cairo_move_to (cr, x, y + 4);
      cairo_line_to (cr, x, y + 14);
      if (pass == 0)
        {
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
          cairo_set_line_width (cr, 4);
        }
      else
        {
          cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
          cairo_set_line_width (cr, 2);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_drawing (MusterBoardView *self,
              cairo_t         *cr,
              double           px)
{
  if (self->mode == MODE_RECTANGLE)
    {
      cairo_new_path (cr);
      cairo_rectangle (cr, MIN (self->press.x, self->current.x), MIN (self->press.y, self->current.y),
                       fabs (self->current.x - self->press.x), fabs (self->current.y - self->press.y));
      terrain_preview_style (self, cr, px);
    }

  if (self->mode == MODE_MOVE_TERRAIN && self->terrain_start != NULL)
    {
      double dx = self->current.x - self->press.x;
      double dy = self->current.y - self->press.y;

      cairo_new_path (cr);
      for (guint i = 0; i < self->terrain_start->n_points; i++)
        cairo_line_to (cr, self->terrain_start->points[i].x + dx, self->terrain_start->points[i].y + dy);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, accent.r, accent.g, accent.b, 0.2);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, accent.r, accent.g, accent.b);
      cairo_set_line_width (cr, 2.0 / px);
      cairo_stroke (cr);
    }

  if (self->polygon != NULL && self->polygon->len > 0)
    draw_polygon (self, cr, px);

  /* What a click of the objective and marker tools would put down. */
  if ((self->tool == MUSTER_BOARD_TOOL_OBJECTIVE || self->tool == MUSTER_BOARD_TOOL_MARKER) &&
      (self->pointer_x >= 0 || self->key_cursor_active) && self->placing == NULL)
    {
      MusterPoint pointer = self->key_cursor;
      g_autoptr(MusterPiece) piece = NULL;

      if (!self->key_cursor_active)
        muster_board_view_widget_to_board (self, self->pointer_x, self->pointer_y, &pointer);
      piece = _muster_board_view_make_tool_piece (self, pointer);
      draw_piece_at (self, cr, piece, pointer.x, pointer.y, 0, 0, 0.5);
    }

  if (self->key_cursor_active && self->tool != MUSTER_BOARD_TOOL_SELECT)
    draw_key_cursor (self, cr);
}

/* Where the overlay draws */

static void
box_add_point (MusterBox *box,
               double     x,
               double     y,
               double     r)
{
  box->x0 = MIN (box->x0, x - r);
  box->y0 = MIN (box->y0, y - r);
  box->x1 = MAX (box->x1, x + r);
  box->y1 = MAX (box->y1, y + r);
}

/* What the selection, what moves and what is placed cover (mm). */
static void
covered_box (MusterBoardView *self,
             MusterBox       *box)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const MusterPiece *piece = _muster_board_view_lookup_serial (self, GPOINTER_TO_UINT (key));

      /* A moving piece has no ring where it was (draw_selected_pieces()):
       * counting it stretched the overlay from there to the pointer. */
      if (piece != NULL && !_muster_board_view_is_moving (self, piece->serial))
        _muster_board_view_box_add_base (box, &piece->base, piece->x, piece->y);
    }

  if (self->selected_terrain != NULL)
    {
      const MusterTerrain *t = muster_layout_lookup_terrain (self->layout, self->selected_terrain);

      for (guint i = 0; t != NULL && i < t->n_points; i++)
        box_add_point (box, t->points[i].x, t->points[i].y, 0);
    }

  if (self->moving != NULL)
    {
      for (guint i = 0; i < self->moving->len; i++)
        {
          const Moving *m = &g_array_index (self->moving, Moving, i);

          /* Where a moved piece came from is in the ghosts' node. */
          if (self->mode != MODE_MOVE)
            _muster_board_view_box_add_base (box, &m->piece->base, m->x, m->y);
          _muster_board_view_box_add_base (box, &m->piece->base, m->x + self->move_dx, m->y + self->move_dy);
        }
    }

  if (self->placing != NULL && self->placing_visible)
    _muster_board_view_box_add_base (box, &self->placing->base, self->placing->x, self->placing->y);
}

/* Where the overlay draws, in widget coordinates: what the frame must
 * paint besides the cached table. The smaller, the cheaper a frame. */
static gboolean
overlay_bounds (MusterBoardView *self,
                graphene_rect_t *rect)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  MusterBox box = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  double x0, y0, x1, y1, hx, hy, bx, by;
  g_autofree char *bubble = NULL;
  MusterColor color;
  const double margin = 12;

  if (self->has_measure || self->mode == MODE_BAND || self->mode == MODE_RECTANGLE ||
      self->mode == MODE_MOVE_TERRAIN || self->polygon != NULL ||
      self->tool == MUSTER_BOARD_TOOL_OBJECTIVE || self->tool == MUSTER_BOARD_TOOL_MARKER ||
      (self->key_cursor_active && self->tool != MUSTER_BOARD_TOOL_SELECT))
    {
      graphene_rect_init (rect, 0, 0, width, height);
      return TRUE;
    }

  /* The selection, not the whole table: a frame costs what it shows. */
  covered_box (self, &box);
  if (box.x0 > box.x1)
    return FALSE;

  muster_board_view_board_to_widget (self, (MusterPoint) { box.x0, box.y0 }, &x0, &y0);
  muster_board_view_board_to_widget (self, (MusterPoint) { box.x1, box.y1 }, &x1, &y1);
  x0 -= margin;
  y0 -= margin;
  x1 += margin;
  y1 += margin;

  /* The handle (not while pieces move). */
  if (self->mode != MODE_MOVE && _muster_board_view_get_handle (self, &hx, &hy, NULL, NULL))
    {
      x0 = MIN (x0, hx - HANDLE_RADIUS - margin);
      y0 = MIN (y0, hy - HANDLE_RADIUS - margin);
      x1 = MAX (x1, hx + HANDLE_RADIUS + margin);
      y1 = MAX (y1, hy + HANDLE_RADIUS + margin);
    }
  /* The words beside the piece, and the outline of their bubble. */
  bubble = moving_bubble (self, &bx, &by, &color);
  if (bubble != NULL)
    {
      PangoRectangle logical;
      graphene_rect_t r;
      g_autoptr(PangoLayout) layout = place_bubble (self, bubble, bx, by, FALSE, &r, &logical);

      x0 = MIN (x0, r.origin.x - 2);
      y0 = MIN (y0, r.origin.y - 2);
      x1 = MAX (x1, r.origin.x + r.size.width + 2);
      y1 = MAX (y1, r.origin.y + r.size.height + 2);
    }

  x0 = CLAMP (floor (x0), 0, width);
  y0 = CLAMP (floor (y0), 0, height);
  x1 = CLAMP (ceil (x1), 0, width);
  y1 = CLAMP (ceil (y1), 0, height);
  if (x1 <= x0 || y1 <= y0)
    return FALSE;

  graphene_rect_init (rect, x0, y0, x1 - x0, y1 - y0);

  return TRUE;
}

/* What changes from frame to frame, over the cached table. */
void
_muster_board_view_append_overlay (MusterBoardView *self,
                                   GtkSnapshot     *snapshot)
{
  graphene_rect_t bounds;
  double scale;
  cairo_t *cr;

  if (!overlay_bounds (self, &bounds))
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  scale = _muster_board_view_to_table (self, cr);

  draw_selection (self, cr, scale);
  draw_drawing (self, cr, scale);
  if (self->moving != NULL)
    draw_moving (self, cr, scale, self->mode != MODE_MOVE);
  if (self->placing != NULL && self->placing_visible)
    draw_placing (self, cr, scale);
  if (self->has_measure && self->tool == MUSTER_BOARD_TOOL_MEASURE)
    draw_measure (self, cr, scale);
  if (self->mode == MODE_BAND)
    draw_band (self, cr);

  cairo_destroy (cr);
}
