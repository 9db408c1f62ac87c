/* muster-sidebar-frame.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-gui"

#include "config.h"

#include "muster-compat.h"
#include "muster-sidebar-frame.h"

/* Where libadwaita has the adaptive widgets (1.4), an AdwToolbarView
 * holds the top bar over an AdwOverlaySplitView, in an AdwBreakpointBin
 * whose breakpoint collapses the split view. Before, a GtkBox holds the
 * top bar over an AdwFlap, which folds by itself.
 *
 * The flap folds when the sidebar and the content no longer fit side by
 * side at their minimum widths. A breakpoint's condition is a width
 * given beforehand, but the content's minimum is not known beforehand:
 * it is the board's tool bar, wider with some tools, with labels in the
 * player's language. So the frame measures the two on each allocation,
 * and moves the breakpoint to their sum, where the flap would fold; and
 * the frame asks for the minimum of the content and the sidebar folded,
 * as the flap does, which is what the breakpoint bin needs to fit. */

struct _MusterSidebarFrame
{
  GtkWidget            parent_instance;

  /* In the widgets below */
  GtkWidget           *top_bar;
  GtkWidget           *sidebar;
  GtkWidget           *content;

#if MUSTER_HAVE_ADW_ADAPTIVE
  AdwBreakpointBin    *bin;
  AdwToolbarView      *toolbar_view;
  AdwOverlaySplitView *split_view;
  AdwBreakpoint       *breakpoint;
  int                  fold_width;    /* the breakpoint's */
#else
  GtkBox              *box;
  AdwFlap             *flap;
  GtkWidget           *separator;
#endif
};

enum {
  PROP_0,
  PROP_TOP_BAR,
  PROP_SIDEBAR,
  PROP_CONTENT,
  PROP_SHOW_SIDEBAR,
  PROP_FOLDED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MusterSidebarFrame, muster_sidebar_frame, GTK_TYPE_WIDGET)

static int
min_width (GtkWidget *widget)
{
  int minimum = 0;

  if (widget != NULL && gtk_widget_get_visible (widget))
    gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);

  return minimum;
}

/* The width below which the sidebar folds. */
int
muster_sidebar_frame_get_fold_width (MusterSidebarFrame *self)
{
  g_return_val_if_fail (MUSTER_IS_SIDEBAR_FRAME (self), 0);

#if MUSTER_HAVE_ADW_ADAPTIVE
  return min_width (self->sidebar) + min_width (self->content);
#else
  /* As AdwFlap reckons it (adw-flap.c, FOLD_THRESHOLD_POLICY_MINIMUM). */
  return min_width (self->sidebar) + min_width (self->separator) + min_width (self->content);
#endif
}

#if MUSTER_HAVE_ADW_ADAPTIVE

static void
muster_sidebar_frame_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  MusterSidebarFrame *self = MUSTER_SIDEBAR_FRAME (widget);
  int top_min = 0, sidebar_min = 0, content_min = 0;

  if (self->top_bar != NULL)
    gtk_widget_measure (self->top_bar, orientation, -1, &top_min, NULL, NULL, NULL);
  if (self->sidebar != NULL)
    gtk_widget_measure (self->sidebar, orientation, -1, &sidebar_min, NULL, NULL, NULL);
  if (self->content != NULL)
    gtk_widget_measure (self->content, orientation, -1, &content_min, NULL, NULL, NULL);
  /* Its own minimum is the size it is asked for: no less than ours. */
  gtk_widget_measure (GTK_WIDGET (self->bin), orientation, -1, NULL, natural, NULL, NULL);

  /* Folded: the sidebar over the content, under the top bar. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = MAX (top_min, MAX (sidebar_min, content_min));
  else
    *minimum = top_min + MAX (sidebar_min, content_min);
  *natural = MAX (*natural, *minimum);
}

static void
muster_sidebar_frame_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  MusterSidebarFrame *self = MUSTER_SIDEBAR_FRAME (widget);
  int fold_width = muster_sidebar_frame_get_fold_width (self);

  /* Before the bin checks its breakpoints, in its allocation. */
  if (fold_width != self->fold_width)
    {
      AdwBreakpointCondition *condition =
        adw_breakpoint_condition_new_length (ADW_BREAKPOINT_CONDITION_MAX_WIDTH, fold_width - 1,
                                             ADW_LENGTH_UNIT_PX);

      self->fold_width = fold_width;
      adw_breakpoint_set_condition (self->breakpoint, condition);
      adw_breakpoint_condition_free (condition);
    }

  gtk_widget_allocate (GTK_WIDGET (self->bin), width, height, baseline, NULL);
}

static GtkSizeRequestMode
muster_sidebar_frame_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
build (MusterSidebarFrame *self)
{
  GValue collapsed = G_VALUE_INIT;

  self->split_view = ADW_OVERLAY_SPLIT_VIEW (adw_overlay_split_view_new ());
  /* As wide as the sidebar asks, as the flap made it. */
  adw_overlay_split_view_set_min_sidebar_width (self->split_view, 0);
  adw_overlay_split_view_set_max_sidebar_width (self->split_view, 0);
  /* The board takes drags of its own. */
  adw_overlay_split_view_set_enable_show_gesture (self->split_view, FALSE);
  adw_overlay_split_view_set_enable_hide_gesture (self->split_view, FALSE);

  self->toolbar_view = ADW_TOOLBAR_VIEW (adw_toolbar_view_new ());
  adw_toolbar_view_set_top_bar_style (self->toolbar_view, ADW_TOOLBAR_RAISED);
  adw_toolbar_view_set_content (self->toolbar_view, GTK_WIDGET (self->split_view));

  /* Its width is set in each allocation, before the bin's. */
  g_value_init (&collapsed, G_TYPE_BOOLEAN);
  g_value_set_boolean (&collapsed, TRUE);
  self->breakpoint = adw_breakpoint_new (adw_breakpoint_condition_new_length (ADW_BREAKPOINT_CONDITION_MAX_WIDTH,
                                                                              0, ADW_LENGTH_UNIT_PX));
  self->fold_width = -1;
  adw_breakpoint_add_setter (self->breakpoint, G_OBJECT (self->split_view), "collapsed", &collapsed);

  self->bin = ADW_BREAKPOINT_BIN (adw_breakpoint_bin_new ());
  /* It warns without a size request: the frame keeps it no smaller than
   * its child, in muster_sidebar_frame_measure(). */
  gtk_widget_set_size_request (GTK_WIDGET (self->bin), 1, 1);
  adw_breakpoint_bin_set_child (self->bin, GTK_WIDGET (self->toolbar_view));
  adw_breakpoint_bin_add_breakpoint (self->bin, self->breakpoint);
  gtk_widget_set_parent (GTK_WIDGET (self->bin), GTK_WIDGET (self));
}

#define INNER             self->split_view
#define SHOW_SIDEBAR_NAME "show-sidebar"
#define FOLDED_NAME       "collapsed"

#else

static void
build (MusterSidebarFrame *self)
{
  self->flap = ADW_FLAP (adw_flap_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->flap), TRUE);
  /* The board takes drags of its own. */
  adw_flap_set_swipe_to_open (self->flap, FALSE);
  adw_flap_set_swipe_to_close (self->flap, FALSE);
  self->separator = gtk_separator_new (GTK_ORIENTATION_VERTICAL);
  adw_flap_set_separator (self->flap, self->separator);

  self->box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  gtk_box_append (self->box, GTK_WIDGET (self->flap));
  gtk_widget_set_parent (GTK_WIDGET (self->box), GTK_WIDGET (self));
}

#define INNER             self->flap
#define SHOW_SIDEBAR_NAME "reveal-flap"
#define FOLDED_NAME       "folded"

#endif

void
muster_sidebar_frame_set_top_bar (MusterSidebarFrame *self,
                                  GtkWidget          *top_bar)
{
  g_return_if_fail (MUSTER_IS_SIDEBAR_FRAME (self));
  g_return_if_fail (top_bar == NULL || GTK_IS_WIDGET (top_bar));

  if (self->top_bar == top_bar)
    return;

#if MUSTER_HAVE_ADW_ADAPTIVE
  if (self->top_bar != NULL)
    adw_toolbar_view_remove (self->toolbar_view, self->top_bar);
  if (top_bar != NULL)
    adw_toolbar_view_add_top_bar (self->toolbar_view, top_bar);
#else
  if (self->top_bar != NULL)
    gtk_box_remove (self->box, self->top_bar);
  if (top_bar != NULL)
    gtk_box_prepend (self->box, top_bar);
#endif
  self->top_bar = top_bar;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOP_BAR]);
}

GtkWidget *
muster_sidebar_frame_get_top_bar (MusterSidebarFrame *self)
{
  g_return_val_if_fail (MUSTER_IS_SIDEBAR_FRAME (self), NULL);

  return self->top_bar;
}

void
muster_sidebar_frame_set_sidebar (MusterSidebarFrame *self,
                                  GtkWidget          *sidebar)
{
  g_return_if_fail (MUSTER_IS_SIDEBAR_FRAME (self));
  g_return_if_fail (sidebar == NULL || GTK_IS_WIDGET (sidebar));

  if (self->sidebar == sidebar)
    return;

  /* The flap's sidebar lies over the board when folded: it needs a
   * background of its own, which the split view's panes have. */
#if !MUSTER_HAVE_ADW_ADAPTIVE
  if (self->sidebar != NULL)
    gtk_widget_remove_css_class (self->sidebar, "background");
  if (sidebar != NULL)
    gtk_widget_add_css_class (sidebar, "background");
  adw_flap_set_flap (self->flap, sidebar);
#else
  adw_overlay_split_view_set_sidebar (self->split_view, sidebar);
#endif
  self->sidebar = sidebar;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDEBAR]);
}

GtkWidget *
muster_sidebar_frame_get_sidebar (MusterSidebarFrame *self)
{
  g_return_val_if_fail (MUSTER_IS_SIDEBAR_FRAME (self), NULL);

  return self->sidebar;
}

void
muster_sidebar_frame_set_content (MusterSidebarFrame *self,
                                  GtkWidget          *content)
{
  g_return_if_fail (MUSTER_IS_SIDEBAR_FRAME (self));
  g_return_if_fail (content == NULL || GTK_IS_WIDGET (content));

  if (self->content == content)
    return;

#if MUSTER_HAVE_ADW_ADAPTIVE
  adw_overlay_split_view_set_content (self->split_view, content);
#else
  adw_flap_set_content (self->flap, content);
#endif
  self->content = content;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTENT]);
}

GtkWidget *
muster_sidebar_frame_get_content (MusterSidebarFrame *self)
{
  g_return_val_if_fail (MUSTER_IS_SIDEBAR_FRAME (self), NULL);

  return self->content;
}

void
muster_sidebar_frame_set_show_sidebar (MusterSidebarFrame *self,
                                       gboolean            show_sidebar)
{
  g_return_if_fail (MUSTER_IS_SIDEBAR_FRAME (self));

  /* Notified when the inner widget notifies. */
  g_object_set (INNER, SHOW_SIDEBAR_NAME, !!show_sidebar, NULL);
}

gboolean
muster_sidebar_frame_get_show_sidebar (MusterSidebarFrame *self)
{
  gboolean show_sidebar = FALSE;

  g_return_val_if_fail (MUSTER_IS_SIDEBAR_FRAME (self), FALSE);

  g_object_get (INNER, SHOW_SIDEBAR_NAME, &show_sidebar, NULL);

  return show_sidebar;
}

gboolean
muster_sidebar_frame_get_folded (MusterSidebarFrame *self)
{
  gboolean folded = FALSE;

  g_return_val_if_fail (MUSTER_IS_SIDEBAR_FRAME (self), FALSE);

  g_object_get (INNER, FOLDED_NAME, &folded, NULL);

  return folded;
}

GtkWidget *
muster_sidebar_frame_new (void)
{
  return g_object_new (MUSTER_TYPE_SIDEBAR_FRAME, NULL);
}

static void
inner_show_sidebar_cb (MusterSidebarFrame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SIDEBAR]);
}

static void
inner_folded_cb (MusterSidebarFrame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDED]);
}

static void
muster_sidebar_frame_dispose (GObject *object)
{
  MusterSidebarFrame *self = MUSTER_SIDEBAR_FRAME (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->top_bar = self->sidebar = self->content = NULL;

  G_OBJECT_CLASS (muster_sidebar_frame_parent_class)->dispose (object);
}

static void
muster_sidebar_frame_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  MusterSidebarFrame *self = MUSTER_SIDEBAR_FRAME (object);

  switch (prop_id)
    {
    case PROP_TOP_BAR:
      g_value_set_object (value, self->top_bar);
      break;
    case PROP_SIDEBAR:
      g_value_set_object (value, self->sidebar);
      break;
    case PROP_CONTENT:
      g_value_set_object (value, self->content);
      break;
    case PROP_SHOW_SIDEBAR:
      g_value_set_boolean (value, muster_sidebar_frame_get_show_sidebar (self));
      break;
    case PROP_FOLDED:
      g_value_set_boolean (value, muster_sidebar_frame_get_folded (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_sidebar_frame_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  MusterSidebarFrame *self = MUSTER_SIDEBAR_FRAME (object);

  switch (prop_id)
    {
    case PROP_TOP_BAR:
      muster_sidebar_frame_set_top_bar (self, g_value_get_object (value));
      break;
    case PROP_SIDEBAR:
      muster_sidebar_frame_set_sidebar (self, g_value_get_object (value));
      break;
    case PROP_CONTENT:
      muster_sidebar_frame_set_content (self, g_value_get_object (value));
      break;
    case PROP_SHOW_SIDEBAR:
      muster_sidebar_frame_set_show_sidebar (self, g_value_get_boolean (value));
      break;
    case PROP_FOLDED:
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_sidebar_frame_class_init (MusterSidebarFrameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_sidebar_frame_dispose;
  object_class->get_property = muster_sidebar_frame_get_property;
  object_class->set_property = muster_sidebar_frame_set_property;

#if MUSTER_HAVE_ADW_ADAPTIVE
  widget_class->measure = muster_sidebar_frame_measure;
  widget_class->size_allocate = muster_sidebar_frame_size_allocate;
  widget_class->get_request_mode = muster_sidebar_frame_get_request_mode;
#else
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
#endif

  properties[PROP_TOP_BAR] =
    g_param_spec_object ("top-bar", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDEBAR] =
    g_param_spec_object ("sidebar", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CONTENT] =
    g_param_spec_object ("content", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FOLDED] =
    g_param_spec_boolean ("folded", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_sidebar_frame_init (MusterSidebarFrame *self)
{
  build (self);

  g_signal_connect_object (INNER, "notify::" SHOW_SIDEBAR_NAME, G_CALLBACK (inner_show_sidebar_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (INNER, "notify::" FOLDED_NAME, G_CALLBACK (inner_folded_cb), self, G_CONNECT_SWAPPED);
}
