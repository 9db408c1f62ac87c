/* menu-button-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

/* The menu button under widget that shows icon_name, as a player finds it
 * in the header bar: the main menu, the Game and Table button. */
G_GNUC_UNUSED static GtkMenuButton *
find_menu_button (GtkWidget  *widget,
                  const char *icon_name)
{
  if (GTK_IS_MENU_BUTTON (widget) &&
      g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)), icon_name) == 0)
    return GTK_MENU_BUTTON (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *button = find_menu_button (child, icon_name);

      if (button != NULL)
        return button;
    }

  return NULL;
}
