/* test-theme.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Muster starts GTK on libadwaita's empty theme, so that GTK does not
 * parse its own default theme only for libadwaita to throw it away (see
 * skip_gtk_default_theme() in muster-application.c). That trick borrows
 * GTK_THEME for a moment; these tests hold it to leaving no trace: the
 * window still wears libadwaita's style sheet, GTK_THEME is unset again,
 * and a GTK_THEME the user set is kept and honoured. libadwaita starts
 * before GtkApplication (start_libadwaita_first()), so that GTK reads the
 * icon theme once: its icons and Muster's are there, Muster's style sheet
 * too.
 *
 * Each case is a whole application session in a fresh process, since GTK
 * makes a display's settings, and loads its theme, once per process. */

#include "config.h"

#include <adwaita.h>

#include "app-session-helpers.h"

static const char *expected_theme_env;
static const char *expected_theme_name;
static gboolean expect_adwaita_colors;

static gboolean
quit_cb (gpointer app)
{
  g_application_quit (G_APPLICATION (app));

  return G_SOURCE_REMOVE;
}

static gboolean
source_icons_searched (GtkIconTheme *theme)
{
  g_autofree char *icons = g_build_filename (g_getenv ("MUSTER_SOURCE_DATA_DIR"), "icons", NULL);
  g_auto(GStrv) path = gtk_icon_theme_get_search_path (theme);

  return g_strv_contains ((const char * const *) path, icons);
}

static gboolean
about_cb (gpointer app)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());

  /* Run from the build tree (as the tests are), its own icon is there:
   * About shows it, not a broken image. The sources' folder of icons is
   * added for it then, not at start-up, where GTK would read the whole
   * icon theme again for it. */
  g_assert_nonnull (g_getenv ("MUSTER_SOURCE_DATA_DIR"));
  g_assert_false (source_icons_searched (theme));
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  g_assert_true (source_icons_searched (theme));
  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));

  g_idle_add (quit_cb, app);

  return G_SOURCE_REMOVE;
}

static void
activate_cb (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_autofree char *theme_name = NULL;
  g_auto(GStrv) resource_path = NULL;
  g_autoptr(GtkWidget) status = NULL;
  GdkRGBA color;

  g_assert_nonnull (window);
  g_assert_cmpstr (g_getenv ("GTK_THEME"), ==, expected_theme_env);

  g_object_get (gtk_settings_get_default (), "gtk-theme-name", &theme_name, NULL);
  g_assert_cmpstr (theme_name, ==, expected_theme_name);

  /* libadwaita's light style sheet writes a window's text in
   * rgba(0, 0, 0, 0.8); the empty theme alone would leave CSS's opaque
   * black, and GTK's own theme its own grey. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (window)), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (expect_adwaita_colors)
    {
      g_assert_cmpfloat_with_epsilon (color.red, 0, 1e-3);
      g_assert_cmpfloat_with_epsilon (color.alpha, 0.8, 1e-3);
    }
  else
    {
      g_assert_cmpfloat (color.alpha, >, 0.99);
    }

  /* libadwaita started first and added its icons as the icon theme was
   * made; nothing was added after, which would have had GTK read the
   * whole theme again (start_libadwaita_first()): not the application's
   * resources either, whose icons are found in GTK's own folder. */
  resource_path = gtk_icon_theme_get_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()));
  g_assert_cmpuint (g_strv_length (resource_path), ==, 2);
  g_assert_cmpstr (resource_path[0], ==, "/org/gtk/libgtk/icons/");
  g_assert_cmpstr (resource_path[1], ==, "/org/gnome/Adwaita/icons");
  g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                          "muster-tool-select-symbolic"));

  /* Muster's own style sheet is loaded all the same. */
  status = g_object_ref_sink (gtk_label_new ("3"));
  gtk_widget_add_css_class (status, "roster-status");
  gtk_widget_add_css_class (status, "on-table");
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (status), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  /* @success_color (rgb(27, 133, 83) in libadwaita 1.2): green */
  g_assert_cmpfloat (color.green, >, color.red + 0.2);
  g_assert_cmpfloat (color.green, >, color.blue + 0.1);

  g_idle_add (about_cb, app);
}

static void
run_session (void)
{
  run_app_session (G_CALLBACK (activate_cb));
}

static void
test_theme_adwaita_session (void)
{
  expected_theme_env = NULL;
  expected_theme_name = "Adwaita-empty";
  expect_adwaita_colors = TRUE;
  run_session ();
}

static void
test_theme_user_session (void)
{
  expected_theme_env = "Default";
  expected_theme_name = "Default";
  expect_adwaita_colors = FALSE;
  run_session ();
}

static void
test_theme_adwaita (void)
{
  g_test_trap_subprocess ("/app/theme/adwaita/subprocess", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_theme_user (void)
{
  /* Only the child sees it: this process stays free of GTK. */
  g_setenv ("GTK_THEME", "Default", TRUE);
  g_test_trap_subprocess ("/app/theme/user/subprocess", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("GTK_THEME");
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  /* No gtk_init () here: the session must be the first to start GTK. */
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/theme/adwaita", test_theme_adwaita);
  g_test_add_func ("/app/theme/adwaita/subprocess", test_theme_adwaita_session);
  g_test_add_func ("/app/theme/user", test_theme_user);
  g_test_add_func ("/app/theme/user/subprocess", test_theme_user_session);

  return g_test_run ();
}
