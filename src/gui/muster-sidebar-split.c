/* muster-sidebar-split.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "muster-sidebar-split.h"

/* A GtkBox gives each child its natural height and the rest to the one
 * that expands, so a long list of problems either pushes the roster out
 * (on a small screen) or is capped at a fixed height and leaves space
 * unused (on a large one). Here the end child may take up to END_SHARE of
 * the height, never less than its minimum, and the start child, which
 * scrolls, gets everything else. */
#define END_SHARE 0.4

struct _MusterSidebarSplit
{
  GtkWidget  parent_instance;

  GtkWidget *start_child;
  GtkWidget *end_child;
};

enum {
  PROP_0,
  PROP_START_CHILD,
  PROP_END_CHILD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MusterSidebarSplit, muster_sidebar_split, GTK_TYPE_WIDGET)

static void
measure_child (GtkWidget      *child,
               GtkOrientation  orientation,
               int             for_size,
               int            *minimum,
               int            *natural)
{
  *minimum = *natural = 0;
  if (child != NULL && gtk_widget_get_visible (child))
    gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
}

static void
muster_sidebar_split_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  MusterSidebarSplit *self = MUSTER_SIDEBAR_SPLIT (widget);
  int start_min, start_nat, end_min, end_nat;

  measure_child (self->start_child, orientation, -1, &start_min, &start_nat);
  measure_child (self->end_child, orientation, -1, &end_min, &end_nat);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (start_min, end_min);
      *natural = MAX (start_nat, end_nat);
    }
  else
    {
      *minimum = start_min + end_min;
      *natural = start_nat + end_nat;
    }
}

/* The end child's height out of height: what it asks for, up to its
 * share, and at least its minimum while the start child keeps its own. */
static int
end_height (int height,
            int start_min,
            int end_min,
            int end_nat)
{
  int share = (int) (height * END_SHARE);
  int wanted = MIN (end_nat, MAX (share, end_min));

  return CLAMP (wanted, MIN (end_min, height), MAX (height - start_min, MIN (end_min, height)));
}

static void
muster_sidebar_split_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  MusterSidebarSplit *self = MUSTER_SIDEBAR_SPLIT (widget);
  int start_min, start_nat, end_min, end_nat;
  int bottom = 0;

  measure_child (self->start_child, GTK_ORIENTATION_VERTICAL, width, &start_min, &start_nat);
  measure_child (self->end_child, GTK_ORIENTATION_VERTICAL, width, &end_min, &end_nat);

  if (self->end_child != NULL && gtk_widget_get_visible (self->end_child))
    bottom = self->start_child != NULL && gtk_widget_get_visible (self->start_child)
           ? end_height (height, start_min, end_min, end_nat)
           : height;

  if (self->start_child != NULL && gtk_widget_get_visible (self->start_child))
    gtk_widget_allocate (self->start_child, width, height - bottom, -1, NULL);
  if (bottom > 0)
    gtk_widget_allocate (self->end_child, width, bottom, -1,
                         gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, height - bottom)));
}

static GtkSizeRequestMode
muster_sidebar_split_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
set_child (MusterSidebarSplit  *self,
           GtkWidget          **slot,
           GtkWidget           *child,
           GParamSpec          *pspec)
{
  if (*slot == child)
    return;

  g_clear_pointer (slot, gtk_widget_unparent);
  if (child != NULL)
    {
      *slot = child;
      /* The end child is drawn after the start child. */
      if (slot == &self->start_child)
        gtk_widget_insert_after (child, GTK_WIDGET (self), NULL);
      else
        gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
    }

  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

void
muster_sidebar_split_set_start_child (MusterSidebarSplit *self,
                                      GtkWidget          *child)
{
  g_return_if_fail (MUSTER_IS_SIDEBAR_SPLIT (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));

  set_child (self, &self->start_child, child, properties[PROP_START_CHILD]);
}

GtkWidget *
muster_sidebar_split_get_start_child (MusterSidebarSplit *self)
{
  g_return_val_if_fail (MUSTER_IS_SIDEBAR_SPLIT (self), NULL);

  return self->start_child;
}

void
muster_sidebar_split_set_end_child (MusterSidebarSplit *self,
                                    GtkWidget          *child)
{
  g_return_if_fail (MUSTER_IS_SIDEBAR_SPLIT (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));

  set_child (self, &self->end_child, child, properties[PROP_END_CHILD]);
}

GtkWidget *
muster_sidebar_split_get_end_child (MusterSidebarSplit *self)
{
  g_return_val_if_fail (MUSTER_IS_SIDEBAR_SPLIT (self), NULL);

  return self->end_child;
}

GtkWidget *
muster_sidebar_split_new (void)
{
  return g_object_new (MUSTER_TYPE_SIDEBAR_SPLIT, NULL);
}

static void
muster_sidebar_split_dispose (GObject *object)
{
  MusterSidebarSplit *self = MUSTER_SIDEBAR_SPLIT (object);

  g_clear_pointer (&self->start_child, gtk_widget_unparent);
  g_clear_pointer (&self->end_child, gtk_widget_unparent);

  G_OBJECT_CLASS (muster_sidebar_split_parent_class)->dispose (object);
}

static void
muster_sidebar_split_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  MusterSidebarSplit *self = MUSTER_SIDEBAR_SPLIT (object);

  switch (prop_id)
    {
    case PROP_START_CHILD:
      g_value_set_object (value, self->start_child);
      break;
    case PROP_END_CHILD:
      g_value_set_object (value, self->end_child);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_sidebar_split_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  MusterSidebarSplit *self = MUSTER_SIDEBAR_SPLIT (object);

  switch (prop_id)
    {
    case PROP_START_CHILD:
      muster_sidebar_split_set_start_child (self, g_value_get_object (value));
      break;
    case PROP_END_CHILD:
      muster_sidebar_split_set_end_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_sidebar_split_class_init (MusterSidebarSplitClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_sidebar_split_dispose;
  object_class->get_property = muster_sidebar_split_get_property;
  object_class->set_property = muster_sidebar_split_set_property;

  widget_class->measure = muster_sidebar_split_measure;
  widget_class->size_allocate = muster_sidebar_split_size_allocate;
  widget_class->get_request_mode = muster_sidebar_split_get_request_mode;

  properties[PROP_START_CHILD] =
    g_param_spec_object ("start-child", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_END_CHILD] =
    g_param_spec_object ("end-child", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_sidebar_split_init (MusterSidebarSplit *self)
{
}
