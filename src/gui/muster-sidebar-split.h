/* muster-sidebar-split.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_SIDEBAR_SPLIT (muster_sidebar_split_get_type ())

/* Two children one above the other sharing the sidebar's height: the end
 * child (Problems) gets what it asks for up to a share of the height, the
 * start child (the roster) the rest. */
G_DECLARE_FINAL_TYPE (MusterSidebarSplit, muster_sidebar_split, MUSTER, SIDEBAR_SPLIT, GtkWidget)

GtkWidget *muster_sidebar_split_new             (void);
void       muster_sidebar_split_set_start_child (MusterSidebarSplit *self,
                                                 GtkWidget          *child);
GtkWidget *muster_sidebar_split_get_start_child (MusterSidebarSplit *self);
void       muster_sidebar_split_set_end_child   (MusterSidebarSplit *self,
                                                 GtkWidget          *child);
GtkWidget *muster_sidebar_split_get_end_child   (MusterSidebarSplit *self);

G_END_DECLS
