/* muster-board-view.c
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
#include "muster-roster.h"

enum {
  PROP_0,
  PROP_SCENE,
  PROP_ZOOM,
  PROP_TOOL,
  PROP_ACTING_PLAYER,
  PROP_INSET,
  PROP_TERRAIN_KIND,
  N_PROPS
};

enum {
  SELECTION_CHANGED,
  MESSAGE,
  CONTEXT_MENU,
  DELETED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterBoardView, muster_board_view, GTK_TYPE_WIDGET)
G_DEFINE_ENUM_TYPE (MusterBoardTool, muster_board_tool,
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_SELECT, "select"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_MEASURE, "measure"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_RECTANGLE, "rectangle"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_POLYGON, "polygon"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_OBJECTIVE, "objective"),
  G_DEFINE_ENUM_VALUE (MUSTER_BOARD_TOOL_MARKER, "marker"))

static void update_accessible (MusterBoardView *self);

/* What the other files of the widget tell the world */

void
_muster_board_view_emit_message (MusterBoardView *self,
                                 const char      *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

void
_muster_board_view_emit_context_menu (MusterBoardView *self,
                                      double           x,
                                      double           y)
{
  g_signal_emit (self, signals[CONTEXT_MENU], 0, x, y);
}

void
_muster_board_view_emit_deleted (MusterBoardView *self,
                                 guint            n_pieces)
{
  g_signal_emit (self, signals[DELETED], 0, n_pieces);
}

void
_muster_board_view_selection_changed (MusterBoardView *self)
{
  /* Nudges of other pieces, or of the same ones picked again, are another
   * undo step. */
  if (self->history != NULL && !self->nudging)
    muster_history_break_merge (self->history);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  /* At once: what the keyboard selects is read out as it is selected. */
  update_accessible (self);
  _muster_board_view_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The edits go through one editor of the layout, its history and its
 * validator, made when first needed (the window gives the view its
 * history, validator and scene in any order). */
MusterEditor *
_muster_board_view_get_editor (MusterBoardView *self)
{
  if (self->layout == NULL)
    return NULL;

  if (self->editor == NULL)
    {
      self->editor = muster_editor_new (self->layout, self->history);
      muster_editor_set_validator (self->editor, self->validator);
    }

  return self->editor;
}

/* The index of a player in the layout, as the scene colours them. */
int
_muster_board_view_player_index (MusterBoardView *self,
                                 const char      *player_id)
{
  GPtrArray *players = muster_layout_get_players (self->layout);

  for (guint i = 0; i < players->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);

      if (g_strcmp0 (player->id, player_id) == 0)
        return i;
    }

  return -1;
}

/* Whether the validator finds fault with the piece where it stands. */
gboolean
_muster_board_view_piece_is_bad (MusterBoardView   *self,
                                 const MusterPiece *piece)
{
  return self->validator != NULL &&
         muster_validator_count_piece_violations (self->validator, piece->serial) > 0;
}

/* The box (mm) of what a base covers at x, y, whatever its rotation,
 * added to box. */
void
_muster_board_view_box_add_base (MusterBox        *box,
                                 const MusterBase *base,
                                 double            x,
                                 double            y)
{
  double r = muster_base_reach (base);

  box->x0 = MIN (box->x0, x - r);
  box->y0 = MIN (box->y0, y - r);
  box->x1 = MAX (box->x1, x + r);
  box->y1 = MAX (box->y1, y + r);
}

/* The view */

/* Makes cr's user space the table's millimetres as the widget shows
 * them (cr in widget pixels); returns the scale, pixels per mm. */
double
_muster_board_view_to_table (MusterBoardView *self,
                             cairo_t         *cr)
{
  double scale = muster_board_view_get_scale (self);

  cairo_translate (cr, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0 - self->centre_x * scale,
                   gtk_widget_get_height (GTK_WIDGET (self)) / 2.0 - self->centre_y * scale);
  cairo_scale (cr, scale, scale);

  return scale;
}

static double
fit_scale (MusterBoardView *self)
{
  double margin, width, height, scale;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->scene == NULL || w <= 0 || h <= 0)
    return 1.0;

  margin = muster_scene_get_margin (self->scene);
  width = muster_layout_get_width (self->layout);
  height = muster_layout_get_height (self->layout);

  /* Clear of what floats over the view, above and below alike. */
  if (h > 4 * self->inset)
    h -= 2 * self->inset;

  scale = MIN (w / (width + 2 * margin), h / (height + 2 * margin));
  if (_muster_board_view_margin_at (self, scale) > margin)
    {
      /* The margin is RULER_MIN_MARGIN_MM + RULER_MIN_MARGIN_PX / scale
       * (see muster-board-view-cache.c): solve width * scale + 2 * margin
       * * scale = w for scale. */
      scale = MIN ((w - 2 * RULER_MIN_MARGIN_PX) / (width + 2 * RULER_MIN_MARGIN_MM),
                   (h - 2 * RULER_MIN_MARGIN_PX) / (height + 2 * RULER_MIN_MARGIN_MM));
      scale = MAX (scale, 1e-3);
    }

  return scale;
}

double
muster_board_view_get_scale (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), 1.0);

  return fit_scale (self) * self->zoom;
}

double
muster_board_view_get_zoom (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), 1.0);

  return self->zoom;
}

void
muster_board_view_widget_to_board (MusterBoardView *self,
                                   double           x,
                                   double           y,
                                   MusterPoint     *board)
{
  double scale;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));
  g_return_if_fail (board != NULL);

  scale = muster_board_view_get_scale (self);
  board->x = self->centre_x + (x - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0) / scale;
  board->y = self->centre_y + (y - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0) / scale;
}

void
muster_board_view_board_to_widget (MusterBoardView *self,
                                   MusterPoint      board,
                                   double          *x,
                                   double          *y)
{
  double scale;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  scale = muster_board_view_get_scale (self);
  if (x != NULL)
    *x = (board.x - self->centre_x) * scale + gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  if (y != NULL)
    *y = (board.y - self->centre_y) * scale + gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
}

/* Keeps some of the table in view whatever the pan. */
void
_muster_board_view_clamp_centre (MusterBoardView *self)
{
  if (self->scene == NULL)
    return;

  self->centre_x = CLAMP (self->centre_x, 0, muster_layout_get_width (self->layout));
  self->centre_y = CLAMP (self->centre_y, 0, muster_layout_get_height (self->layout));
}

static void
centre_board (MusterBoardView *self)
{
  if (self->scene == NULL)
    return;

  self->centre_x = muster_layout_get_width (self->layout) / 2;
  self->centre_y = muster_layout_get_height (self->layout) / 2;
}

void
muster_board_view_zoom_at (MusterBoardView *self,
                           double           factor,
                           double           x,
                           double           y)
{
  MusterPoint anchor;
  double zoom, scale;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  zoom = CLAMP (self->zoom * factor, MIN_ZOOM, MAX_ZOOM);
  if (zoom == self->zoom)
    return;

  muster_board_view_widget_to_board (self, x, y, &anchor);
  self->zoom = zoom;
  scale = muster_board_view_get_scale (self);
  self->centre_x = anchor.x - (x - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0) / scale;
  self->centre_y = anchor.y - (y - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0) / scale;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_muster_board_view_zoom_at_pointer (MusterBoardView *self,
                                    double           factor)
{
  double x = self->pointer_x;
  double y = self->pointer_y;

  /* From the keyboard with the pointer outside: around the centre. */
  if (x < 0 || y < 0 ||
      x > gtk_widget_get_width (GTK_WIDGET (self)) ||
      y > gtk_widget_get_height (GTK_WIDGET (self)))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }

  muster_board_view_zoom_at (self, factor, x, y);
}

void
muster_board_view_zoom_in (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  _muster_board_view_zoom_at_pointer (self, ZOOM_STEP);
}

void
muster_board_view_zoom_out (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  _muster_board_view_zoom_at_pointer (self, 1.0 / ZOOM_STEP);
}

void
muster_board_view_zoom_reset (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  self->zoom = 1.0;
  centre_board (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_board_view_pan (MusterBoardView *self,
                       double           dx,
                       double           dy)
{
  double scale;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  scale = muster_board_view_get_scale (self);
  self->centre_x -= dx / scale;
  self->centre_y -= dy / scale;
  _muster_board_view_clamp_centre (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The middle of what the window shows of the table: where the keyboard
 * puts things when the pointer is not on the table. The strips that the
 * tool bar and the header cover (the inset) do not count, unless nothing
 * else of the table shows. */
MusterPoint
_muster_board_view_visible_table_centre (MusterBoardView *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  int inset = h > 4 * self->inset ? self->inset : 0;
  double width, height;
  MusterPoint a, b;

  if (self->layout == NULL)
    return (MusterPoint) { 0, 0 };

  width = muster_layout_get_width (self->layout);
  height = muster_layout_get_height (self->layout);
  if (w <= 0 || h <= 0)
    return (MusterPoint) { width / 2, height / 2 };

  muster_board_view_widget_to_board (self, 0, inset, &a);
  muster_board_view_widget_to_board (self, w, h - inset, &b);
  a.x = MAX (a.x, 0);
  a.y = MAX (a.y, 0);
  b.x = MIN (b.x, width);
  b.y = MIN (b.y, height);

  if (b.x <= a.x || b.y <= a.y)
    return (MusterPoint) { CLAMP (self->centre_x, 0, width), CLAMP (self->centre_y, 0, height) };

  return (MusterPoint) { (a.x + b.x) / 2, (a.y + b.y) / 2 };
}

/* Accessibility: the table in words, for screen readers. The widget is
 * an image; its label names what is selected (so that selecting by
 * keyboard is read out), its description sums up the table. */

GPtrArray *
_muster_board_view_reason_lines (MusterBoardView *self,
                                 GPtrArray       *violations,
                                 guint            max_lines,
                                 guint           *used)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  /* Hashed: a piece dragged through a crowd has dozens of lines, and
   * comparing each with all before was a fifth of a pointer move. */
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint i;

  for (i = 0; violations != NULL && i < violations->len && lines->len < max_lines; i++)
    {
      char *line = muster_violation_describe_in (g_ptr_array_index (violations, i), self->units);

      if (line == NULL || g_hash_table_contains (seen, line))
        {
          g_free (line);
          continue;
        }
      g_hash_table_add (seen, line);
      g_ptr_array_add (lines, line);
    }

  if (used != NULL)
    *used = i;

  return lines;
}

char *
_muster_board_view_describe_violations (MusterBoardView *self,
                                        GPtrArray       *violations)
{
  g_autoptr(GPtrArray) lines = NULL;

  if (violations == NULL || violations->len == 0)
    return NULL;

  lines = _muster_board_view_reason_lines (self, violations, G_MAXUINT, NULL);
  g_ptr_array_add (lines, NULL);

  return g_strjoinv ("\n", (char **) lines->pdata);
}

static char *
describe_piece (const MusterPiece *piece)
{
  if (piece->name != NULL)
    /* Translators: a piece in the list of problems: its name and its id */
    return g_strdup_printf (_("%s (%s)"), piece->name, piece->id);

  return g_strdup (piece->id);
}

/* The selected piece, in words, with what is wrong with it. */
static char *
describe_selected_piece (MusterBoardView *self)
{
  GHashTableIter iter;
  gpointer key;
  MusterPiece *piece;
  g_autofree char *name = NULL;
  g_autofree char *problems = NULL;
  g_auto(GStrv) lines = NULL;

  g_hash_table_iter_init (&iter, self->selection);
  g_hash_table_iter_next (&iter, &key, NULL);
  piece = _muster_board_view_lookup_serial (self, GPOINTER_TO_UINT (key));
  if (piece == NULL)
    return NULL;

  name = describe_piece (piece);
  if (self->validator != NULL)
    problems = _muster_board_view_describe_violations (self, muster_validator_get_piece_violations (self->validator,
                                                                                               piece->serial));
  if (problems == NULL)
    return g_steal_pointer (&name);

  lines = g_strsplit (problems, "\n", -1);
  g_free (problems);
  problems = g_strjoinv ("; ", lines);
  /* Translators: a selected piece and what is wrong with it */
  return g_strdup_printf (_("%s: %s"), name, problems);
}

/* What is selected, in words, or NULL. */
static char *
describe_selection (MusterBoardView *self)
{
  guint n = g_hash_table_size (self->selection);

  if (self->layout == NULL)
    return NULL;

  if (n == 1)
    return describe_selected_piece (self);

  if (n > 1)
    return g_strdup_printf (ngettext ("%u piece", "%u pieces", n), n);

  if (self->selected_terrain != NULL)
    {
      const MusterTerrain *terrain = muster_layout_lookup_terrain (self->layout, self->selected_terrain);

      if (terrain != NULL)
        /* Translators: selected terrain: its kind */
        return g_strdup_printf (_("Terrain: %s"), muster_terrain_get_kind_label (terrain));
    }

  return NULL;
}

char *
muster_board_view_dup_accessible_summary (MusterBoardView *self)
{
  g_autoptr(GString) text = NULL;
  g_autofree char *width = NULL;
  g_autofree char *height = NULL;
  g_autofree char *selected = NULL;
  const MusterDeployment *deployment = NULL;
  GPtrArray *pieces;
  guint bad = 0;

  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  if (self->layout == NULL)
    return g_strdup (_("Table"));

  text = g_string_new (NULL);
  width = muster_length_format (muster_layout_get_width (self->layout), self->units);
  height = muster_length_format (muster_layout_get_height (self->layout), self->units);
  if (self->validator != NULL && muster_validator_get_system (self->validator) != NULL &&
      muster_layout_get_deployment_id (self->layout) != NULL)
    deployment = muster_system_lookup_deployment (muster_validator_get_system (self->validator),
                                                  muster_layout_get_deployment_id (self->layout));

  if (deployment != NULL && deployment->name != NULL)
    /* Translators: the table's width and depth, and its deployment type */
    g_string_append_printf (text, _("Table of %s × %s, %s."), width, height, deployment->name);
  else
    /* Translators: the table's width and depth */
    g_string_append_printf (text, _("Table of %s × %s."), width, height);

  pieces = muster_layout_get_pieces (self->layout);
  if (self->validator != NULL)
    bad = muster_validator_count_broken_pieces (self->validator);

  g_string_append_c (text, ' ');
  g_string_append_printf (text, ngettext ("%u piece on the table.", "%u pieces on the table.", pieces->len),
                          pieces->len);
  if (bad > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, ngettext ("%u of them breaks a rule.", "%u of them break rules.", bad), bad);
    }

  selected = describe_selection (self);
  if (selected != NULL)
    {
      g_string_append_c (text, ' ');
      /* Translators: what is selected on the table */
      g_string_append_printf (text, _("Selected: %s."), selected);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_accessible (MusterBoardView *self)
{
  g_autofree char *summary = muster_board_view_dup_accessible_summary (self);
  g_autofree char *selected = describe_selection (self);
  g_autofree char *label = NULL;

  g_clear_handle_id (&self->summary_idle, g_source_remove);

  if (selected != NULL)
    /* Translators: the table's accessible name, with what is selected */
    label = g_strdup_printf (_("Table: %s"), selected);
  else
    label = g_strdup (_("Table"));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary,
                                  -1);
}

static gboolean
accessible_idle_cb (gpointer data)
{
  MusterBoardView *self = data;

  self->summary_idle = 0;
  update_accessible (self);

  return G_SOURCE_REMOVE;
}

/* After the model changed: once, when the change is over. */
void
_muster_board_view_queue_accessible (MusterBoardView *self)
{
  if (self->summary_idle == 0)
    self->summary_idle = g_idle_add_full (G_PRIORITY_LOW, accessible_idle_cb, self, NULL);
}

/* The model */

static void
layout_piece_removed_cb (MusterBoardView *self,
                         guint            serial,
                         MusterLayout    *layout)
{
  if (_muster_board_view_is_moving (self, serial))
    _muster_board_view_cancel_interaction (self);

  if (g_hash_table_remove (self->selection, GUINT_TO_POINTER (serial)))
    _muster_board_view_selection_changed (self);
  if (self->measure_serial_a == serial || self->measure_serial_b == serial)
    {
      self->has_measure = FALSE;
      _muster_board_view_update_actions (self);
    }

  _muster_board_view_piece_moved (self, serial);
  _muster_board_view_queue_accessible (self);
}

static void
layout_piece_changed_cb (MusterBoardView *self,
                         guint            serial,
                         MusterLayout    *layout)
{
  _muster_board_view_piece_moved (self, serial);
  _muster_board_view_queue_accessible (self);
}

static void
layout_changed_cb (MusterBoardView *self,
                   MusterLayout    *layout)
{
  if (self->selected_terrain != NULL && muster_layout_lookup_terrain (layout, self->selected_terrain) == NULL)
    {
      _muster_board_view_clear_terrain_selection (self);
      _muster_board_view_selection_changed (self);
    }

  muster_scene_invalidate_zones (self->scene);

  /* A new table size: fitted to the window again. Other changes keep
   * the view as the player left it. */
  if (muster_layout_get_width (layout) != self->table_width ||
      muster_layout_get_height (layout) != self->table_height)
    {
      self->table_width = muster_layout_get_width (layout);
      self->table_height = muster_layout_get_height (layout);
      self->key_cursor_active = FALSE;
      self->zoom = 1.0;
      centre_board (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }

  _muster_board_view_clamp_centre (self);
  _muster_board_view_invalidate (self);
  _muster_board_view_queue_accessible (self);
}

MusterScene *
muster_board_view_get_scene (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  return self->scene;
}

static void
update_dark (MusterBoardView *self)
{
  if (self->scene != NULL)
    muster_scene_set_dark (self->scene, adw_style_manager_get_dark (adw_style_manager_get_default ()));
  _muster_board_view_invalidate (self);
}

static void
take_layout (MusterBoardView *self,
             MusterScene     *scene)
{
  if (self->layout != NULL)
    g_signal_handlers_disconnect_by_data (self->layout, self);
  g_clear_object (&self->editor);
  g_clear_object (&self->layout);
  g_clear_pointer (&self->scene, muster_scene_unref);

  if (scene == NULL)
    return;

  self->scene = muster_scene_ref (scene);
  self->layout = g_object_ref (muster_scene_get_layout (scene));
  muster_scene_set_flags (self->scene, SCREEN_FLAGS);
  muster_scene_set_units (self->scene, self->units);

  g_signal_connect_object (self->layout, "piece-added", G_CALLBACK (layout_piece_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "piece-changed", G_CALLBACK (layout_piece_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "piece-removed", G_CALLBACK (layout_piece_removed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "changed", G_CALLBACK (layout_changed_cb), self, G_CONNECT_SWAPPED);
}

void
muster_board_view_set_scene (MusterBoardView *self,
                             MusterScene     *scene)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->scene == scene)
    return;

  _muster_board_view_cancel_interaction (self);
  g_hash_table_remove_all (self->selection);
  _muster_board_view_clear_terrain_selection (self);
  self->has_measure = FALSE;
  self->focus_serial = 0;

  take_layout (self, scene);
  _muster_board_view_clear_caches (self);

  update_dark (self);
  self->zoom = 1.0;
  self->key_cursor_active = FALSE;
  self->table_width = self->layout != NULL ? muster_layout_get_width (self->layout) : 0;
  self->table_height = self->layout != NULL ? muster_layout_get_height (self->layout) : 0;
  centre_board (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  _muster_board_view_selection_changed (self);
}

void
muster_board_view_set_validator (MusterBoardView *self,
                                 MusterValidator *validator)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));
  g_return_if_fail (validator == NULL || MUSTER_IS_VALIDATOR (validator));

  if (self->validator == validator)
    return;

  if (self->validator != NULL)
    g_signal_handlers_disconnect_by_data (self->validator, self);
  g_set_object (&self->validator, validator);
  if (validator != NULL)
    g_signal_connect_object (validator, "violations-changed",
                             G_CALLBACK (_muster_board_view_verdicts_changed), self, G_CONNECT_SWAPPED);
  if (self->editor != NULL)
    muster_editor_set_validator (self->editor, validator);

  _muster_board_view_invalidate (self);
  _muster_board_view_queue_accessible (self);
}

void
muster_board_view_set_history (MusterBoardView *self,
                               MusterHistory   *history)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));
  g_return_if_fail (history == NULL || MUSTER_IS_HISTORY (history));

  if (g_set_object (&self->history, history))
    g_clear_object (&self->editor);
}

void
muster_board_view_set_units (MusterBoardView *self,
                             MusterUnit       units)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  self->units = units;
  if (self->scene != NULL)
    muster_scene_set_units (self->scene, units);
  _muster_board_view_invalidate (self);
  _muster_board_view_queue_accessible (self);
}

MusterUnit
muster_board_view_get_units (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), MUSTER_UNIT_INCH);

  return self->units;
}

void
muster_board_view_set_acting_player (MusterBoardView *self,
                                     const char      *player_id)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (g_strcmp0 (self->acting_player, player_id) == 0)
    return;

  g_free (self->acting_player);
  self->acting_player = g_strdup (player_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTING_PLAYER]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
muster_board_view_get_acting_player (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  return self->acting_player;
}

/* The keyboard's cross stays for the next tool, where it shows. */
static void
keep_key_cursor (MusterBoardView *self,
                 MusterBoardTool  tool)
{
  double x, y;

  if (!self->key_cursor_active)
    return;

  muster_board_view_board_to_widget (self, self->key_cursor, &x, &y);
  if (tool == MUSTER_BOARD_TOOL_SELECT ||
      x < 0 || y < 0 || x > gtk_widget_get_width (GTK_WIDGET (self)) || y > gtk_widget_get_height (GTK_WIDGET (self)))
    self->key_cursor_active = FALSE;
}

/* Two pieces selected: the ruler shows the gap between them at once. */
static void
measure_selection (MusterBoardView *self)
{
  g_autoptr(GArray) serials = NULL;
  MusterPiece *a, *b;

  if (g_hash_table_size (self->selection) != 2)
    return;

  serials = muster_board_view_get_selection (self);
  a = _muster_board_view_lookup_serial (self, g_array_index (serials, guint, 0));
  b = _muster_board_view_lookup_serial (self, g_array_index (serials, guint, 1));
  if (a == NULL || b == NULL)
    return;

  self->measure_serial_a = a->serial;
  self->press = (MusterPoint) { a->x, a->y };
  self->current = (MusterPoint) { b->x, b->y };
  _muster_board_view_update_measure (self);
}

void
muster_board_view_set_tool (MusterBoardView *self,
                            MusterBoardTool  tool)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->tool == tool)
    return;

  _muster_board_view_cancel_interaction (self);
  self->tool = tool;
  self->has_measure = FALSE;
  keep_key_cursor (self, tool);

  if (tool == MUSTER_BOARD_TOOL_MEASURE)
    measure_selection (self);

  switch (tool)
    {
    case MUSTER_BOARD_TOOL_SELECT:
      gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
      break;
    case MUSTER_BOARD_TOOL_MEASURE:
    case MUSTER_BOARD_TOOL_RECTANGLE:
    case MUSTER_BOARD_TOOL_POLYGON:
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");
      break;
    case MUSTER_BOARD_TOOL_OBJECTIVE:
    case MUSTER_BOARD_TOOL_MARKER:
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "copy");
      break;
    default:
      g_assert_not_reached ();
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
  _muster_board_view_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MusterBoardTool
muster_board_view_get_tool (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), MUSTER_BOARD_TOOL_SELECT);

  return self->tool;
}

/* The kinds as the board.terrain-kind action names them. */
static const struct
{
  const char        *name;
  MusterTerrainKind  kind;
  gboolean           blocks_lof;
} terrain_kinds[] = {
  { "building", MUSTER_TERRAIN_BUILDING, TRUE },
  { "impassable", MUSTER_TERRAIN_IMPASSABLE, FALSE },
  { "area-blocking", MUSTER_TERRAIN_AREA, TRUE },
  { "area", MUSTER_TERRAIN_AREA, FALSE },
};

static const char *
terrain_kind_name (MusterTerrainKind kind,
                   gboolean          blocks_lof)
{
  switch (kind)
    {
    case MUSTER_TERRAIN_BUILDING:
      return "building";
    case MUSTER_TERRAIN_IMPASSABLE:
      return "impassable";
    case MUSTER_TERRAIN_AREA:
    default:
      return blocks_lof ? "area-blocking" : "area";
    }
}

void
muster_board_view_set_terrain_kind (MusterBoardView   *self,
                                    MusterTerrainKind  kind,
                                    gboolean           blocks_lof)
{
  const char *before;

  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  before = terrain_kind_name (self->terrain_kind, self->terrain_blocks_lof);
  self->terrain_kind = kind;
  self->terrain_blocks_lof = kind == MUSTER_TERRAIN_BUILDING || blocks_lof;
  if (g_strcmp0 (before, terrain_kind_name (kind, self->terrain_blocks_lof)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TERRAIN_KIND]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
muster_board_view_get_terrain_kind (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  return terrain_kind_name (self->terrain_kind, self->terrain_blocks_lof);
}

/* From the board.terrain-kind action (edit_selected), or after the
 * selection: while drawing, the kind is the next terrain's; while
 * selecting (the context menu), the selected terrain's too. */
void
_muster_board_view_set_terrain_kind_name (MusterBoardView *self,
                                          const char      *name,
                                          gboolean         edit_selected)
{
  guint i = 0;

  for (guint j = 0; j < G_N_ELEMENTS (terrain_kinds); j++)
    if (g_strcmp0 (terrain_kinds[j].name, name) == 0)
      i = j;

  muster_board_view_set_terrain_kind (self, terrain_kinds[i].kind, terrain_kinds[i].blocks_lof);
  if (edit_selected && self->tool == MUSTER_BOARD_TOOL_SELECT)
    muster_board_view_set_selected_terrain_kind (self, terrain_kinds[i].kind, terrain_kinds[i].blocks_lof);
}

/* The widget */

static void
muster_board_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  MusterBoardView *self = (MusterBoardView *)widget;

  g_assert (MUSTER_IS_BOARD_VIEW (self));

  if (self->scene == NULL || gtk_widget_get_width (widget) <= 0 || gtk_widget_get_height (widget) <= 0)
    return;

  /* The table from a cache, the rulers pinned to the edges when the
   * table's own are out of sight, then what changes from frame to
   * frame. */
  _muster_board_view_append_table (self, snapshot);
  _muster_board_view_append_rulers (self, snapshot);
  _muster_board_view_append_overlay (self, snapshot);
}

static void
muster_board_view_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  MusterBoardView *self = MUSTER_BOARD_VIEW (widget);

  GTK_WIDGET_CLASS (muster_board_view_parent_class)->size_allocate (widget, width, height, baseline);

  if (self->moving != NULL)
    _muster_board_view_cancel_interaction (self);
}

static void
muster_board_view_dispose (GObject *object)
{
  MusterBoardView *self = (MusterBoardView *)object;

  _muster_board_view_cancel_interaction (self);
  g_clear_handle_id (&self->summary_idle, g_source_remove);

  take_layout (self, NULL);
  if (self->validator != NULL)
    g_signal_handlers_disconnect_by_data (self->validator, self);

  g_clear_object (&self->validator);
  g_clear_object (&self->history);
  g_clear_object (&self->actions);
  _muster_board_view_clear_caches (self);
  g_clear_object (&self->bubble_layout);
  g_clear_pointer (&self->bubble_text, g_free);

  G_OBJECT_CLASS (muster_board_view_parent_class)->dispose (object);
}

static void
muster_board_view_finalize (GObject *object)
{
  MusterBoardView *self = (MusterBoardView *)object;

  g_clear_pointer (&self->selection, g_hash_table_unref);
  g_clear_pointer (&self->drawn, g_hash_table_unref);
  g_clear_pointer (&self->verdicts_pending, g_array_unref);
  g_clear_pointer (&self->dirty, cairo_region_destroy);
  g_clear_pointer (&self->selected_terrain, g_free);
  g_clear_pointer (&self->acting_player, g_free);
  _muster_board_view_clear_feedback (self);

  G_OBJECT_CLASS (muster_board_view_parent_class)->finalize (object);
}

static void
muster_board_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MusterBoardView *self = MUSTER_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENE:
      g_value_set_pointer (value, self->scene);
      break;

    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;

    case PROP_TOOL:
      g_value_set_enum (value, self->tool);
      break;

    case PROP_ACTING_PLAYER:
      g_value_set_string (value, self->acting_player);
      break;

    case PROP_INSET:
      g_value_set_int (value, self->inset);
      break;

    case PROP_TERRAIN_KIND:
      g_value_set_string (value, muster_board_view_get_terrain_kind (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_board_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  MusterBoardView *self = MUSTER_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      /* Chosen from the tool bar (board.tool): the keys go to the table. */
      muster_board_view_set_tool (self, g_value_get_enum (value));
      gtk_widget_grab_focus (GTK_WIDGET (self));
      break;

    case PROP_ACTING_PLAYER:
      muster_board_view_set_acting_player (self, g_value_get_string (value));
      break;

    case PROP_INSET:
      self->inset = g_value_get_int (value);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;

    case PROP_TERRAIN_KIND:
      _muster_board_view_set_terrain_kind_name (self, g_value_get_string (value), TRUE);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_board_view_class_init (MusterBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_board_view_dispose;
  object_class->finalize = muster_board_view_finalize;
  object_class->get_property = muster_board_view_get_property;
  object_class->set_property = muster_board_view_set_property;

  widget_class->snapshot = muster_board_view_snapshot;
  widget_class->size_allocate = muster_board_view_size_allocate;

  properties[PROP_SCENE] =
    g_param_spec_pointer ("scene", NULL, NULL,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, MIN_ZOOM, MAX_ZOOM, 1.0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_TOOL] =
    g_param_spec_enum ("tool", NULL, NULL, MUSTER_TYPE_BOARD_TOOL, MUSTER_BOARD_TOOL_SELECT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ACTING_PLAYER] =
    g_param_spec_string ("acting-player", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* Pixels kept clear above and below the table when it is fitted. */
  properties[PROP_INSET] =
    g_param_spec_int ("inset", NULL, NULL, 0, G_MAXINT, 0,
                      (G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  /* The kind of the terrain the drawing tools make: "building",
   * "impassable", "area-blocking" or "area". Set (by the board.terrain-kind
   * action) while selecting, it changes the selected terrain too. */
  properties[PROP_TERRAIN_KIND] =
    g_param_spec_string ("terrain-kind", NULL, NULL, "building",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterBoardView::selection-changed:
   */
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * MusterBoardView::message:
   * @text: a translated sentence for the player
   */
  signals[MESSAGE] =
    g_signal_new ("message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * MusterBoardView::deleted:
   * @n_pieces: how many pieces went, or 0 for terrain
   *
   * After the selection was deleted (for an offer to undo).
   */
  signals[DELETED] =
    g_signal_new ("deleted",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * MusterBoardView::context-menu:
   * @x: widget coordinates of the click
   * @y:
   */
  signals[CONTEXT_MENU] =
    g_signal_new ("context-menu",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  _muster_board_view_class_init_actions (widget_class);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
muster_board_view_init (MusterBoardView *self)
{
  self->zoom = 1.0;
  self->pointer_x = -1;
  self->pointer_y = -1;
  self->units = MUSTER_UNIT_INCH;
  self->terrain_kind = MUSTER_TERRAIN_BUILDING;
  self->terrain_blocks_lof = TRUE;
  self->selection = g_hash_table_new (NULL, NULL);
  self->drawn = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->verdicts_pending = g_array_new (FALSE, FALSE, sizeof (guint));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  _muster_board_view_init_input (self);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_dark), self, G_CONNECT_SWAPPED);

  _muster_board_view_update_actions (self);
  update_accessible (self);
}

GtkWidget *
muster_board_view_new (void)
{
  return g_object_new (MUSTER_TYPE_BOARD_VIEW, NULL);
}
