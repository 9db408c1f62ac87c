/* muster-sidebar-frame.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_SIDEBAR_FRAME (muster_sidebar_frame_get_type ())

/* A window's frame: a top bar over a sidebar beside the content. When
 * the two no longer fit side by side, at their minimum widths, the
 * sidebar folds: it hides, and when shown it lies over the content. */
G_DECLARE_FINAL_TYPE (MusterSidebarFrame, muster_sidebar_frame, MUSTER, SIDEBAR_FRAME, GtkWidget)

GtkWidget *muster_sidebar_frame_new              (void);
void       muster_sidebar_frame_set_top_bar      (MusterSidebarFrame *self,
                                                  GtkWidget          *top_bar);
GtkWidget *muster_sidebar_frame_get_top_bar      (MusterSidebarFrame *self);
void       muster_sidebar_frame_set_sidebar      (MusterSidebarFrame *self,
                                                  GtkWidget          *sidebar);
GtkWidget *muster_sidebar_frame_get_sidebar      (MusterSidebarFrame *self);
void       muster_sidebar_frame_set_content      (MusterSidebarFrame *self,
                                                  GtkWidget          *content);
GtkWidget *muster_sidebar_frame_get_content      (MusterSidebarFrame *self);
void       muster_sidebar_frame_set_show_sidebar (MusterSidebarFrame *self,
                                                  gboolean            show_sidebar);
gboolean   muster_sidebar_frame_get_show_sidebar (MusterSidebarFrame *self);
gboolean   muster_sidebar_frame_get_folded       (MusterSidebarFrame *self);
int        muster_sidebar_frame_get_fold_width   (MusterSidebarFrame *self);

G_END_DECLS
