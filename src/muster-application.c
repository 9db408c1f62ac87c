/* muster-application.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-application"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-application.h"
#include "muster-window.h"

struct _MusterApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (MusterApplication, muster_application, ADW_TYPE_APPLICATION)

MusterApplication *
muster_application_new (void)
{
  return g_object_new (MUSTER_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}

static void
muster_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (muster_window_new (MUSTER_APPLICATION (app)));

  gtk_window_present (window);
}

static void
muster_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      MusterWindow *window = muster_window_new (MUSTER_APPLICATION (app));

      muster_window_open (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *developers[] = { "The Muster Authors", NULL };

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Muster"),
                         "application-icon", APP_ID,
                         "developer-name", _("The Muster Authors"),
                         "version", PACKAGE_VERSION,
                         "website", "https://github.com/muster/muster",
                         "issue-url", "https://github.com/muster/muster/issues",
                         "developers", developers,
                         "copyright", "© 2026 The Muster Authors",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { "about", about_action },
  { "quit", quit_action },
};

static void
muster_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (muster_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);

  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit",
                                         (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "board.zoom-in",
                                         (const char *[]) { "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "board.zoom-out",
                                         (const char *[]) { "<Control>minus", "<Control>KP_Subtract", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "board.zoom-reset",
                                         (const char *[]) { "<Control>0", "<Control>KP_0", NULL });
}

static void
muster_application_class_init (MusterApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = muster_application_activate;
  app_class->open = muster_application_open;
  app_class->startup = muster_application_startup;
}

static void
muster_application_init (MusterApplication *self)
{
}
