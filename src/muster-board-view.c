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

#include "muster-board-view.h"

#define MIN_ZOOM 0.5
#define MAX_ZOOM 40.0
#define ZOOM_STEP 1.25

struct _MusterBoardView
{
  GtkWidget    parent_instance;

  MusterScene *scene;

  /* The view: the board point (mm) shown at the widget's centre, and the
   * zoom over the scale that fits the whole table. */
  double       centre_x;
  double       centre_y;
  double       zoom;

  double       pointer_x;
  double       pointer_y;
  double       drag_centre_x;
  double       drag_centre_y;
  double       pinch_zoom;
  gboolean     space_held;
  gboolean     panning;
};

enum {
  PROP_0,
  PROP_SCENE,
  PROP_ZOOM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MusterBoardView, muster_board_view, GTK_TYPE_WIDGET)

static double
fit_scale (MusterBoardView *self)
{
  MusterLayout *layout;
  double margin, width, height;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->scene == NULL || w <= 0 || h <= 0)
    return 1.0;

  layout = muster_scene_get_layout (self->scene);
  margin = muster_scene_get_margin (self->scene);
  width = muster_layout_get_width (layout) + 2 * margin;
  height = muster_layout_get_height (layout) + 2 * margin;

  return MIN (w / width, h / height);
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
static void
clamp_centre (MusterBoardView *self)
{
  MusterLayout *layout;

  if (self->scene == NULL)
    return;

  layout = muster_scene_get_layout (self->scene);
  self->centre_x = CLAMP (self->centre_x, 0, muster_layout_get_width (layout));
  self->centre_y = CLAMP (self->centre_y, 0, muster_layout_get_height (layout));
}

static void
centre_board (MusterBoardView *self)
{
  MusterLayout *layout;

  if (self->scene == NULL)
    return;

  layout = muster_scene_get_layout (self->scene);
  self->centre_x = muster_layout_get_width (layout) / 2;
  self->centre_y = muster_layout_get_height (layout) / 2;
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

static void
zoom_at_pointer (MusterBoardView *self,
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

  zoom_at_pointer (self, ZOOM_STEP);
}

void
muster_board_view_zoom_out (MusterBoardView *self)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  zoom_at_pointer (self, 1.0 / ZOOM_STEP);
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
  clamp_centre (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
}

void
muster_board_view_set_scene (MusterBoardView *self,
                             MusterScene     *scene)
{
  g_return_if_fail (MUSTER_IS_BOARD_VIEW (self));

  if (self->scene == scene)
    return;

  g_clear_pointer (&self->scene, muster_scene_unref);
  if (scene != NULL)
    self->scene = muster_scene_ref (scene);

  update_dark (self);
  self->zoom = 1.0;
  centre_board (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENE]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
muster_board_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  MusterBoardView *self = (MusterBoardView *)widget;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double scale;
  cairo_t *cr;

  g_assert (MUSTER_IS_BOARD_VIEW (self));

  if (self->scene == NULL || width <= 0 || height <= 0)
    return;

  scale = muster_board_view_get_scale (self);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_translate (cr, width / 2.0 - self->centre_x * scale, height / 2.0 - self->centre_y * scale);
  cairo_scale (cr, scale, scale);
  muster_scene_render (self->scene, cr, scale);
  cairo_destroy (cr);
}

static void
motion_cb (MusterBoardView          *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *motion)
{
  self->pointer_x = x;
  self->pointer_y = y;
}

static void
leave_cb (MusterBoardView          *self,
          GtkEventControllerMotion *motion)
{
  self->pointer_x = -1;
  self->pointer_y = -1;
}

static gboolean
scroll_cb (MusterBoardView          *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *scroll)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  gboolean smooth = gtk_event_controller_scroll_get_unit (scroll) == GDK_SCROLL_UNIT_SURFACE;

  if (state & GDK_CONTROL_MASK)
    {
      /* Touchpads report pixels, wheels report clicks. */
      double factor = smooth ? exp (-dy * 0.01) : pow (ZOOM_STEP, -dy);

      zoom_at_pointer (self, factor);
      return GDK_EVENT_STOP;
    }

  if (state & GDK_SHIFT_MASK)
    {
      double t = dx;

      dx = dy;
      dy = t;
    }

  muster_board_view_pan (self, -dx * (smooth ? 1 : 40), -dy * (smooth ? 1 : 40));

  return GDK_EVENT_STOP;
}

static void
drag_begin_cb (MusterBoardView *self,
               double           x,
               double           y,
               GtkGestureDrag  *drag)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag));

  self->panning = button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && self->space_held);
  if (!self->panning)
    {
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_centre_x = self->centre_x;
  self->drag_centre_y = self->centre_y;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
drag_update_cb (MusterBoardView *self,
                double           dx,
                double           dy,
                GtkGestureDrag  *drag)
{
  double scale;

  if (!self->panning)
    return;

  scale = muster_board_view_get_scale (self);
  self->centre_x = self->drag_centre_x - dx / scale;
  self->centre_y = self->drag_centre_y - dy / scale;
  clamp_centre (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (MusterBoardView *self,
             double           dx,
             double           dy,
             GtkGestureDrag  *drag)
{
  self->panning = FALSE;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->space_held ? "grab" : NULL);
}

static void
pinch_begin_cb (MusterBoardView  *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  self->pinch_zoom = self->zoom;
}

static void
pinch_scale_changed_cb (MusterBoardView *self,
                        double           scale,
                        GtkGestureZoom  *gesture)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    return;

  muster_board_view_zoom_at (self, self->pinch_zoom * scale / self->zoom, x, y);
}

static gboolean
key_pressed_cb (MusterBoardView       *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *key)
{
  if (keyval == GDK_KEY_space)
    {
      self->space_held = TRUE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
      return GDK_EVENT_STOP;
    }

  return GDK_EVENT_PROPAGATE;
}

static void
key_released_cb (MusterBoardView       *self,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 GtkEventControllerKey *key)
{
  if (keyval == GDK_KEY_space)
    {
      self->space_held = FALSE;
      if (!self->panning)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
    }
}

static void
click_pressed_cb (MusterBoardView *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *click)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
muster_board_view_dispose (GObject *object)
{
  MusterBoardView *self = (MusterBoardView *)object;

  g_clear_pointer (&self->scene, muster_scene_unref);

  G_OBJECT_CLASS (muster_board_view_parent_class)->dispose (object);
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
  object_class->get_property = muster_board_view_get_property;

  widget_class->snapshot = muster_board_view_snapshot;

  properties[PROP_SCENE] =
    g_param_spec_pointer ("scene", NULL, NULL,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, MIN_ZOOM, MAX_ZOOM, 1.0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
muster_board_view_init (MusterBoardView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  self->zoom = 1.0;
  self->pointer_x = -1;
  self->pointer_y = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_swapped (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect_swapped (gesture, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect_swapped (gesture, "scale-changed", G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  g_signal_connect_swapped (controller, "key-released", G_CALLBACK (key_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_dark), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Table"),
                                  -1);
}

GtkWidget *
muster_board_view_new (void)
{
  return g_object_new (MUSTER_TYPE_BOARD_VIEW, NULL);
}
