/* muster-board-view-actions.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-board-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-board-view-private.h"

/* The board.* actions, installed on the class, and the keys bound to
 * them. Those that need a selection (or something under way) are
 * disabled without one, so that their keys go on to the window then.
 *
 * Widget actions are found from the widget and its children only; the
 * window's tool bar and menus and the application's accelerators look
 * from the window. For them the view offers its actions as an action
 * group (MusterBoardActions, muster_board_view_get_actions()) that the
 * window inserts: the same actions, not copies. */

/* The actions whose enabled state follows the view's. */
static const struct
{
  const char *name;
  ActionBit   bit;
} stateful_actions[] = {
  { "board.delete", ACTION_DELETE },
  { "board.rotate-cw", ACTION_PIECES },
  { "board.rotate-ccw", ACTION_PIECES },
  { "board.rotate", ACTION_PIECES },
  { "board.toggle-prone", ACTION_MODELS },
  { "board.select-none", ACTION_SELECT_NONE },
  { "board.context-menu", ACTION_SELECT_NONE },
  { "board.activate", ACTION_ACTIVATE },
  { "board.cancel", ACTION_CANCEL },
  { "board.remove-corner", ACTION_REMOVE_CORNER },
};

static ActionBit
action_bit (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (stateful_actions); i++)
    if (g_str_equal (stateful_actions[i].name, name))
      return stateful_actions[i].bit;

  return 0;
}

/* The view's actions as an action group */

#define MUSTER_TYPE_BOARD_ACTIONS (muster_board_actions_get_type ())

G_DECLARE_FINAL_TYPE (MusterBoardActions, muster_board_actions, MUSTER, BOARD_ACTIONS, GObject)

struct _MusterBoardActions
{
  GObject          parent_instance;

  MusterBoardView *view;   /* weak */
};

static void action_group_iface_init (GActionGroupInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterBoardActions, muster_board_actions, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_ACTION_GROUP, action_group_iface_init))

#define PREFIX "board."

/* The class's action of that name (without its prefix). */
static gboolean
find_action (const char          *name,
             const GVariantType **parameter_type,
             const char         **property_name)
{
  GtkWidgetClass *widget_class = g_type_class_peek (MUSTER_TYPE_BOARD_VIEW);
  g_autofree char *full = g_strconcat (PREFIX, name, NULL);
  const char *action_name;
  GType owner;

  for (guint i = 0; gtk_widget_class_query_action (widget_class, i, &owner, &action_name,
                                                    parameter_type, property_name); i++)
    if (owner == MUSTER_TYPE_BOARD_VIEW && g_str_equal (action_name, full))
      return TRUE;

  return FALSE;
}

static char **
muster_board_actions_list_actions (GActionGroup *group)
{
  GtkWidgetClass *widget_class = g_type_class_peek (MUSTER_TYPE_BOARD_VIEW);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  const GVariantType *type;
  const char *name, *property_name;
  GType owner;

  /* (GTK 4.8 fills in every out argument.) */
  for (guint i = 0; gtk_widget_class_query_action (widget_class, i, &owner, &name, &type, &property_name); i++)
    if (owner == MUSTER_TYPE_BOARD_VIEW && g_str_has_prefix (name, PREFIX))
      g_strv_builder_add (names, name + strlen (PREFIX));

  return g_strv_builder_end (names);
}

/* A property action's state: an enumeration by its nick, as GTK's own
 * property actions give it, or a string. */
static GVariant *
property_state (MusterBoardView *view,
                const char      *property_name)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (view), property_name);
  g_auto(GValue) value = G_VALUE_INIT;

  g_value_init (&value, pspec->value_type);
  g_object_get_property (G_OBJECT (view), property_name, &value);

  if (G_VALUE_HOLDS_ENUM (&value))
    {
      GEnumClass *enum_class = g_type_class_peek (pspec->value_type);
      GEnumValue *nick = g_enum_get_value (enum_class, g_value_get_enum (&value));

      return g_variant_ref_sink (g_variant_new_string (nick != NULL ? nick->value_nick : ""));
    }

  return g_variant_ref_sink (g_variant_new_string (g_value_get_string (&value) != NULL
                                                   ? g_value_get_string (&value) : ""));
}

static gboolean
muster_board_actions_query_action (GActionGroup        *group,
                                   const char          *name,
                                   gboolean            *enabled,
                                   const GVariantType **parameter_type,
                                   const GVariantType **state_type,
                                   GVariant           **state_hint,
                                   GVariant           **state)
{
  MusterBoardActions *self = MUSTER_BOARD_ACTIONS (group);
  g_autofree char *full = g_strconcat (PREFIX, name, NULL);
  const GVariantType *type = NULL;
  const char *property_name = NULL;

  if (self->view == NULL || !find_action (name, &type, &property_name))
    return FALSE;

  if (enabled != NULL)
    *enabled = (self->view->disabled & action_bit (full)) == 0;
  if (parameter_type != NULL)
    *parameter_type = type;
  if (state_type != NULL)
    *state_type = property_name != NULL ? type : NULL;
  if (state_hint != NULL)
    *state_hint = NULL;
  if (state != NULL)
    *state = property_name != NULL ? property_state (self->view, property_name) : NULL;

  return TRUE;
}

static void
muster_board_actions_activate_action (GActionGroup *group,
                                      const char   *name,
                                      GVariant     *parameter)
{
  MusterBoardActions *self = MUSTER_BOARD_ACTIONS (group);
  g_autofree char *full = g_strconcat (PREFIX, name, NULL);

  if (self->view != NULL)
    gtk_widget_activate_action_variant (GTK_WIDGET (self->view), full, parameter);
}

/* A property action takes its new state as its parameter. */
static void
muster_board_actions_change_action_state (GActionGroup *group,
                                          const char   *name,
                                          GVariant     *value)
{
  muster_board_actions_activate_action (group, name, value);
}

static void
action_group_iface_init (GActionGroupInterface *iface)
{
  iface->list_actions = muster_board_actions_list_actions;
  iface->query_action = muster_board_actions_query_action;
  iface->activate_action = muster_board_actions_activate_action;
  iface->change_action_state = muster_board_actions_change_action_state;
}

static void
state_changed_cb (MusterBoardActions *self,
                  GParamSpec         *pspec)
{
  /* "tool" and "terrain-kind" back board.tool and board.terrain-kind. */
  g_autoptr(GVariant) state = property_state (self->view, pspec->name);

  g_action_group_action_state_changed (G_ACTION_GROUP (self), pspec->name, state);
}

static void
muster_board_actions_dispose (GObject *object)
{
  MusterBoardActions *self = MUSTER_BOARD_ACTIONS (object);

  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_clear_weak_pointer (&self->view);

  G_OBJECT_CLASS (muster_board_actions_parent_class)->dispose (object);
}

static void
muster_board_actions_class_init (MusterBoardActionsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_board_actions_dispose;
}

static void
muster_board_actions_init (MusterBoardActions *self)
{
}

GActionGroup *
muster_board_view_get_actions (MusterBoardView *self)
{
  g_return_val_if_fail (MUSTER_IS_BOARD_VIEW (self), NULL);

  if (self->actions == NULL)
    {
      MusterBoardActions *actions = g_object_new (MUSTER_TYPE_BOARD_ACTIONS, NULL);

      g_set_weak_pointer (&actions->view, self);
      g_signal_connect_object (self, "notify::tool", G_CALLBACK (state_changed_cb), actions, G_CONNECT_SWAPPED);
      g_signal_connect_object (self, "notify::terrain-kind", G_CALLBACK (state_changed_cb), actions,
                               G_CONNECT_SWAPPED);
      self->actions = G_ACTION_GROUP (actions);
    }

  return self->actions;
}

/* Which actions are enabled */

/* Whether a model is among the selected pieces: only a model lies prone
 * (muster_editor_toggle_prone()); a unit of The 9th Age never does. */
static gboolean
selection_has_model (MusterBoardView *self)
{
  GHashTableIter iter;
  gpointer serial;

  if (self->layout == NULL)
    return FALSE;

  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &serial, NULL))
    {
      MusterPiece *piece = muster_layout_lookup_serial (self->layout, GPOINTER_TO_UINT (serial));

      if (piece != NULL && piece->kind == MUSTER_PIECE_MODEL)
        return TRUE;
    }

  return FALSE;
}

static ActionBit
disabled_bits (MusterBoardView *self)
{
  gboolean pieces = g_hash_table_size (self->selection) > 0;
  gboolean any = _muster_board_view_has_selection (self);
  gboolean under_way = self->mode != MODE_NONE || self->moving != NULL ||
                       self->polygon != NULL || self->placing != NULL;
  ActionBit bits = 0;

  if (!any)
    bits |= ACTION_DELETE | ACTION_SELECT_NONE;
  if (!pieces)
    bits |= ACTION_PIECES;
  if (!pieces || !selection_has_model (self))
    bits |= ACTION_MODELS;
  if (self->tool == MUSTER_BOARD_TOOL_SELECT)
    bits |= ACTION_ACTIVATE;
  /* Escape: something to stop, let go of or leave (see
   * _muster_board_view_key_cancel()). */
  if (!under_way && !self->has_measure && self->tool == MUSTER_BOARD_TOOL_SELECT && !any)
    bits |= ACTION_CANCEL;
  if (self->polygon == NULL)
    bits |= ACTION_REMOVE_CORNER;

  return bits;
}

void
_muster_board_view_update_actions (MusterBoardView *self)
{
  guint disabled = disabled_bits (self);
  guint changed = disabled ^ self->disabled;

  if (changed == 0)
    return;

  self->disabled = disabled;
  for (guint i = 0; i < G_N_ELEMENTS (stateful_actions); i++)
    {
      gboolean enabled = (disabled & stateful_actions[i].bit) == 0;

      if ((changed & stateful_actions[i].bit) == 0)
        continue;

      gtk_widget_action_set_enabled (GTK_WIDGET (self), stateful_actions[i].name, enabled);
      if (self->actions != NULL)
        g_action_group_action_enabled_changed (self->actions, stateful_actions[i].name + strlen (PREFIX),
                                               enabled);
    }
}

/* Terrain to start from, of the common sizes */

typedef struct
{
  const char *id;
  const char *kind;     /* as board.terrain-kind names it */
  double      width;    /* inches */
  double      depth;
  guint       sides;    /* 4: a rectangle; more: a rounded outline */
} TerrainPreset;

static const TerrainPreset terrain_presets[] = {
  { "small-building", "building", 4, 4, 4 },
  { "large-building", "building", 8, 6, 4 },
  { "forest", "area-blocking", 8, 6, 10 },
  { "hill", "area", 10, 6, 12 },
  { "rocks", "impassable", 4, 3, 7 },
  { "wall", "impassable", 6, 0.5, 4 },
};

/* Whether the box from (x0, y0) to (x1, y1) covers some of the table's
 * terrain (their boxes: touching is not covering). */
static gboolean
covers_terrain (MusterLayout *layout,
                double        x0,
                double        y0,
                double        x1,
                double        y1)
{
  GPtrArray *terrain = muster_layout_get_terrain (layout);

  for (guint i = 0; i < terrain->len; i++)
    {
      MusterBox t;

      if (muster_terrain_get_bounds (g_ptr_array_index (terrain, i), &t) &&
          x0 < t.x1 && t.x0 < x1 && y0 < t.y1 && t.y0 < y1)
        return TRUE;
    }

  return FALSE;
}

/* Where new terrain of half-size a × b goes: the view's centre, or the
 * nearest place to it in whole inches, on the table and in view, where it
 * covers no other terrain (a forest dropped on the farmhouse helps no
 * one); the centre when there is none. */
static MusterPoint
clear_spot (MusterBoardView *self,
            double           a,
            double           b)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  MusterPoint centre, corner0, corner1;
  double left, top, right, bottom;

  muster_board_view_widget_to_board (self, width / 2.0, height / 2.0, &centre);
  muster_board_view_widget_to_board (self, 0, 0, &corner0);
  muster_board_view_widget_to_board (self, width, height, &corner1);
  left = MAX (0, MIN (corner0.x, corner1.x)) + a;
  top = MAX (0, MIN (corner0.y, corner1.y)) + b;
  right = MIN (muster_layout_get_width (self->layout), MAX (corner0.x, corner1.x)) - a;
  bottom = MIN (muster_layout_get_height (self->layout), MAX (corner0.y, corner1.y)) - b;

  /* Ring after ring of whole inches round the centre: on its top and
   * bottom rows every place, on the rows between the two ends. */
  for (int ring = 0; ring <= 48; ring++)
    for (int dy = -ring; dy <= ring; dy++)
      for (int dx = -ring; dx <= ring; dx += ABS (dy) == ring ? 1 : 2 * ring)
        {
          double x = centre.x + dx * MUSTER_MM_PER_INCH;
          double y = centre.y + dy * MUSTER_MM_PER_INCH;

          if (x >= left && x <= right && y >= top && y <= bottom &&
              !covers_terrain (self->layout, x - a, y - b, x + a, y + b))
            return (MusterPoint) { x, y };
        }

  return centre;
}

/* In the middle of what is in view, or near it (clear_spot()); the
 * preset's kind becomes the kind of what the tools draw next. */
void
_muster_board_view_add_terrain_preset (MusterBoardView *self,
                                       const char      *preset_id)
{
  const TerrainPreset *preset = NULL;
  g_autofree MusterPoint *points = NULL;
  MusterPoint centre;
  double a, b;

  for (guint i = 0; i < G_N_ELEMENTS (terrain_presets); i++)
    if (g_str_equal (terrain_presets[i].id, preset_id))
      preset = &terrain_presets[i];

  if (preset == NULL || self->layout == NULL)
    return;

  a = preset->width * MUSTER_MM_PER_INCH / 2;
  b = preset->depth * MUSTER_MM_PER_INCH / 2;
  centre = clear_spot (self, a, b);
  points = g_new (MusterPoint, preset->sides);

  if (preset->sides == 4)
    {
      points[0] = (MusterPoint) { centre.x - a, centre.y - b };
      points[1] = (MusterPoint) { centre.x + a, centre.y - b };
      points[2] = (MusterPoint) { centre.x + a, centre.y + b };
      points[3] = (MusterPoint) { centre.x - a, centre.y + b };
    }
  else
    {
      /* A lumpy oval, as real terrain is. */
      for (guint i = 0; i < preset->sides; i++)
        {
          double t = 2 * G_PI * i / preset->sides;
          double r = 1.0 - 0.12 * ((i * 7) % 3) / 2.0;

          points[i] = (MusterPoint) { centre.x + a * r * cos (t), centre.y + b * r * sin (t) };
        }
    }

  _muster_board_view_set_terrain_kind_name (self, preset->kind, FALSE);
  muster_board_view_add_terrain (self, points, preset->sides);
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

/* The actions */

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  muster_board_view_zoom_in (MUSTER_BOARD_VIEW (widget));
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  muster_board_view_zoom_out (MUSTER_BOARD_VIEW (widget));
}

static void
zoom_reset_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  muster_board_view_zoom_reset (MUSTER_BOARD_VIEW (widget));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  muster_board_view_delete_selection (MUSTER_BOARD_VIEW (widget));
}

/* board.rotate-cw and -ccw: 15°; board.rotate: the degrees given. */
static void
rotate_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  double degrees;

  if (param != NULL)
    degrees = g_variant_get_double (param);
  else
    degrees = g_str_equal (action_name, "board.rotate-cw") ? 15 : -15;

  muster_board_view_rotate_selection (MUSTER_BOARD_VIEW (widget), degrees);
}

static void
prone_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  muster_board_view_toggle_prone (MUSTER_BOARD_VIEW (widget));
}

static void
select_all_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  muster_board_view_select_all (MUSTER_BOARD_VIEW (widget));
}

static void
select_none_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  muster_board_view_unselect_all (MUSTER_BOARD_VIEW (widget));
}

static void
select_next_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  _muster_board_view_key_select_next (MUSTER_BOARD_VIEW (widget), g_str_equal (action_name, "board.select-previous"));
  gtk_widget_grab_focus (widget);
}

static void
add_terrain_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  _muster_board_view_add_terrain_preset (MUSTER_BOARD_VIEW (widget), g_variant_get_string (param, NULL));
}

/* (dx, dy, fine): steps of the arrow keys. */
static void
nudge_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  int dx, dy;
  gboolean fine;

  g_variant_get (param, "(iib)", &dx, &dy, &fine);
  _muster_board_view_key_nudge (MUSTER_BOARD_VIEW (widget), dx, dy, fine);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  _muster_board_view_key_activate (MUSTER_BOARD_VIEW (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  _muster_board_view_key_cancel (MUSTER_BOARD_VIEW (widget));
}

static void
context_menu_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  _muster_board_view_key_context_menu (MUSTER_BOARD_VIEW (widget));
}

static void
remove_corner_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  _muster_board_view_remove_corner (MUSTER_BOARD_VIEW (widget));
}

/* With nothing on the table to go round, Tab leaves it as it leaves any
 * other widget: a player who only has the keyboard is not caught on an
 * empty table, where Ctrl+Tab is the only way out. */
static gboolean
tab_binding (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  return _muster_board_view_key_select_next (MUSTER_BOARD_VIEW (widget), g_variant_get_boolean (args));
}

/* The arrows move by a step, or a tenth of one with Shift or Alt. */
static void
add_arrow_bindings (GtkWidgetClass *widget_class)
{
  static const struct
  {
    guint keyval;
    int   dx;
    int   dy;
  } arrows[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_KP_Left, -1, 0 },
    { GDK_KEY_Right, 1, 0 }, { GDK_KEY_KP_Right, 1, 0 },
    { GDK_KEY_Up, 0, -1 }, { GDK_KEY_KP_Up, 0, -1 },
    { GDK_KEY_Down, 0, 1 }, { GDK_KEY_KP_Down, 0, 1 },
  };
  static const GdkModifierType modifiers[] = { 0, GDK_SHIFT_MASK, GDK_ALT_MASK, GDK_SHIFT_MASK | GDK_ALT_MASK };

  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    for (guint j = 0; j < G_N_ELEMENTS (modifiers); j++)
      gtk_widget_class_add_binding_action (widget_class, arrows[i].keyval, modifiers[j], "board.nudge",
                                           "(iib)", arrows[i].dx, arrows[i].dy, modifiers[j] != 0);
}

static void
add_bindings (GtkWidgetClass *widget_class)
{
  add_arrow_bindings (widget_class);

  /* Tab goes round the pieces and terrain; Ctrl+Tab leaves the table,
   * as it leaves a text view (GNOME's keyboard navigation). (Shift+Tab,
   * as the keyboard sends it, ISO_Left_Tab, is what GTK matches with Tab
   * and Shift.) */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Tab, 0, tab_binding, "b", FALSE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Tab, 0, tab_binding, "b", FALSE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Tab, GDK_SHIFT_MASK, tab_binding, "b", TRUE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Tab, GDK_SHIFT_MASK, tab_binding, "b", TRUE);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "board.context-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, GDK_SHIFT_MASK, "board.context-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "board.context-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "board.cancel", NULL);

  /* The last key bound to an action is the one its menu items show: the
   * plain keys come last ("Delete", not "Shift+KP Delete"). */
  for (int shift = 1; shift >= 0; shift--)
    {
      GdkModifierType state = shift ? GDK_SHIFT_MASK : 0;

      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, state, "board.activate", NULL);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_ISO_Enter, state, "board.activate", NULL);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, state, "board.activate", NULL);
      /* Backspace takes back a corner of the outline being drawn, or
       * else deletes. */
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, state, "board.remove-corner", NULL);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, state, "board.delete", NULL);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, state, "board.delete", NULL);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, state, "board.delete", NULL);
    }

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, 0, "board.toggle-prone", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "board.rotate-cw", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_SHIFT_MASK, "board.rotate-ccw", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketleft, 0, "board.rotate", "d", -1.0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketright, 0, "board.rotate", "d", 1.0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK, "board.select-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "board.select-none", NULL);
}

void
_muster_board_view_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "board.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "board.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "board.zoom-reset", NULL, zoom_reset_action);
  gtk_widget_class_install_property_action (widget_class, "board.tool", "tool");
  gtk_widget_class_install_property_action (widget_class, "board.terrain-kind", "terrain-kind");
  gtk_widget_class_install_action (widget_class, "board.add-terrain", "s", add_terrain_action);
  gtk_widget_class_install_action (widget_class, "board.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "board.rotate-cw", NULL, rotate_action);
  gtk_widget_class_install_action (widget_class, "board.rotate-ccw", NULL, rotate_action);
  gtk_widget_class_install_action (widget_class, "board.rotate", "d", rotate_action);
  gtk_widget_class_install_action (widget_class, "board.toggle-prone", NULL, prone_action);
  gtk_widget_class_install_action (widget_class, "board.select-all", NULL, select_all_action);
  gtk_widget_class_install_action (widget_class, "board.select-none", NULL, select_none_action);
  gtk_widget_class_install_action (widget_class, "board.select-next", NULL, select_next_action);
  gtk_widget_class_install_action (widget_class, "board.select-previous", NULL, select_next_action);
  gtk_widget_class_install_action (widget_class, "board.nudge", "(iib)", nudge_action);
  gtk_widget_class_install_action (widget_class, "board.activate", NULL, activate_action);
  gtk_widget_class_install_action (widget_class, "board.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "board.context-menu", NULL, context_menu_action);
  gtk_widget_class_install_action (widget_class, "board.remove-corner", NULL, remove_corner_action);

  add_bindings (widget_class);
}
