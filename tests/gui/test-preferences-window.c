/* test-preferences-window.c: Preferences → Import Game System…: a file
 * checked as the player's own systems are, copied into their folder and
 * listed at once, or refused with its file and line.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "alert-helpers.h"
#include "muster-preferences-window.h"
#include "muster-system.h"
#include "muster-test-tmp.h"

static char *data_dir;

static char *
systems_dir (void)
{
  return g_build_filename (data_dir, "muster", "systems", NULL);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;

  return n;
}

static GFile *
test_system (const char *name)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "systems", name, NULL);

  return g_file_new_for_path (path);
}

static GtkWidget *
find_row (GtkWidget  *widget,
          const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, title);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The names the Game system row offers. */
static gboolean
offers_system (GtkWidget  *window,
               const char *name)
{
  GtkWidget *row = find_row (window, "Game _System");
  GListModel *model;

  g_assert_nonnull (row);
  model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) string = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (string), name))
        return TRUE;
    }

  return FALSE;
}

/* The preferences over a window of their own, as from the window's menu:
 * a dialog inside it, or a window over it. */
static GtkWidget *
open_preferences (void)
{
  GtkWidget *parent = adw_window_new ();
  GtkWidget *preferences;

  /* As wide as the window's own default: an alert shown over the
   * preferences fits beside them. */
  gtk_window_set_default_size (GTK_WINDOW (parent), 1000, 700);
  gtk_window_present (GTK_WINDOW (parent));
  preferences = muster_preferences_window_present (parent);
  g_object_set_data_full (G_OBJECT (preferences), "test-parent", parent, (GDestroyNotify) gtk_window_destroy);

  return preferences;
}

static void
close_preferences (GtkWidget *preferences)
{
  GtkWidget *parent = g_object_steal_data (G_OBJECT (preferences), "test-parent");

  muster_dialog_close (preferences);
  gtk_window_destroy (GTK_WINDOW (parent));
}

/* A good file: listed at once (the game popover reads the same list when
 * it opens), copied into the player's folder, which the page names. */
static void
test_import_good (void)
{
  GtkWidget *window = open_preferences ();
  g_autoptr(GFile) file = test_system ("good-custom.xml");
  g_autofree char *dir = systems_dir ();
  g_autofree char *copied = g_build_filename (dir, "custom.xml", NULL);
  MusterSystemRegistry *registry = muster_system_registry_get_default ();
  GPtrArray *systems = muster_system_registry_list (registry);
  guint before = systems->len;
  MusterSystem *first;
  GtkWidget *question;

  g_assert_nonnull (find_row (window, "_Import Game System…"));
  g_assert_false (offers_system (window, "Skirmish Test"));

  muster_preferences_window_import_file (MUSTER_PREFERENCES_WINDOW (window), file);
  g_assert_null (muster_alert_find (window));
  g_assert_true (offers_system (window, "Skirmish Test"));
  first = muster_system_registry_lookup (registry, "custom");
  g_assert_nonnull (first);
  g_assert_cmpuint (systems->len, ==, before + 1);
  g_assert_true (g_file_test (copied, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (count_files (dir), ==, 1);

  /* Again: asked first; Cancel keeps the one there. */
  muster_preferences_window_import_file (MUSTER_PREFERENCES_WINDOW (window), file);
  question = muster_alert_find (window);
  g_assert_nonnull (question);
  g_assert_cmpstr (muster_alert_get_heading (question), ==, "Replace Your Game System?");
  g_assert_nonnull (strstr (muster_alert_get_body (question), "good-custom.xml:4: "));
  alert_click (question, "_Cancel");
  g_assert_null (muster_alert_find (window));
  g_assert_true (muster_system_registry_lookup (registry, "custom") == first);

  /* Replace: the new one in its place. */
  muster_preferences_window_import_file (MUSTER_PREFERENCES_WINDOW (window), file);
  question = muster_alert_find (window);
  g_assert_nonnull (question);
  alert_click (question, "_Replace");
  g_assert_null (muster_alert_find (window));
  g_assert_true (muster_system_registry_lookup (registry, "custom") != first);
  g_assert_cmpuint (systems->len, ==, before + 1);
  g_assert_cmpuint (count_files (dir), ==, 1);
  g_assert_true (offers_system (window, "Skirmish Test"));

  close_preferences (window);
  g_unlink (copied);
}

/* A broken file, or one with the id of a system that comes with Muster:
 * refused in a dialog naming the file and the line; nothing copied. */
static void
test_import_refused (void)
{
  GtkWidget *window = open_preferences ();
  g_autoptr(GFile) broken = test_system ("bad-expression.xml");
  g_autoptr(GFile) clash = test_system ("clash-t9a.xml");
  g_autofree char *dir = systems_dir ();
  guint before = muster_system_registry_list (muster_system_registry_get_default ())->len;
  GtkWidget *message;

  muster_preferences_window_import_file (MUSTER_PREFERENCES_WINDOW (window), broken);
  message = muster_alert_find (window);
  g_assert_nonnull (message);
  g_assert_cmpstr (muster_alert_get_heading (message), ==, "Game System Not Imported");
  g_assert_nonnull (strstr (muster_alert_get_body (message), "bad-expression.xml:7: "));
  alert_click (message, "_Close");
  g_assert_false (offers_system (window, "Broken"));

  muster_preferences_window_import_file (MUSTER_PREFERENCES_WINDOW (window), clash);
  message = muster_alert_find (window);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (muster_alert_get_body (message), "clash-t9a.xml:2: "));
  g_assert_nonnull (strstr (muster_alert_get_body (message), "comes with Muster"));
  alert_click (message, "_Close");

  g_assert_cmpuint (count_files (dir), ==, 0);
  g_assert_cmpuint (muster_system_registry_list (muster_system_registry_get_default ())->len, ==, before);

  close_preferences (window);
}

/* Import Game System… opens the file chooser over the page; the file
 * chosen there is imported. */
static void
test_import_chooser (void)
{
  GtkWidget *window = open_preferences ();
  g_autofree char *good = g_build_filename (TEST_DATA_DIR, "systems", "good-custom.xml", NULL);
  g_auto(MusterTestDir) tmp = muster_test_dir_new ("muster-prefs-import-XXXXXX");
  g_autofree char *path = g_build_filename (tmp, "chooser.xml", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *dir = systems_dir ();
  g_autofree char *copied = g_build_filename (dir, "chosen.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_auto(GStrv) parts = NULL;
  GtkWindow *chooser = NULL;
  gint64 deadline;

  /* A system of another id and name. */
  g_assert_true (g_file_get_contents (good, &contents, NULL, NULL));
  parts = g_strsplit (contents, "id=\"custom\" name=\"Skirmish Test\"", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  g_clear_pointer (&contents, g_free);
  contents = g_strjoinv ("id=\"chosen\" name=\"Chosen Skirmish\"", parts);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));

  g_signal_emit_by_name (find_row (window, "_Import Game System…"), "activated");
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (chooser == NULL && g_get_monotonic_time () < deadline)
    {
      g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

      for (GList *l = toplevels; l != NULL; l = l->next)
        if (GTK_IS_FILE_CHOOSER_DIALOG (l->data) && gtk_widget_get_visible (l->data) &&
            gtk_window_get_transient_for (l->data) == muster_dialog_get_window (window))
          chooser = l->data;
      g_main_context_iteration (NULL, FALSE);
    }
  g_assert_nonnull (chooser);
  g_assert_cmpint (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)), ==, GTK_FILE_CHOOSER_ACTION_OPEN);
  g_object_add_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);

  /* It loads the folder in the background and ignores an answer until
   * then: answered again until it takes it. */
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (!offers_system (window, "Chosen Skirmish") && g_get_monotonic_time () < deadline)
    {
      gint64 wait = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

      if (chooser != NULL && gtk_widget_get_visible (GTK_WIDGET (chooser)))
        {
          gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL);
          gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
        }
      while (!offers_system (window, "Chosen Skirmish") && g_get_monotonic_time () < wait)
        g_main_context_iteration (NULL, FALSE);
    }
  g_assert_true (offers_system (window, "Chosen Skirmish"));
  g_assert_true (g_file_test (copied, G_FILE_TEST_IS_REGULAR));

  if (chooser != NULL)
    g_object_remove_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);
  close_preferences (window);
  g_unlink (copied);
}

/* The page says where the player's systems are kept. */
static void
test_import_folder_named (void)
{
  GtkWidget *window = open_preferences ();
  g_autofree char *dir = systems_dir ();
  GtkWidget *row = find_row (window, "_Import Game System…");
  GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

  g_assert_nonnull (group);
  g_assert_nonnull (strstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group)), dir));

  close_preferences (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* The player's own folder, before GLib reads where it is. */
  data_dir = muster_test_dir_new ("muster-prefs-XXXXXX");
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/preferences/import-refused", test_import_refused);
  g_test_add_func ("/preferences/import-good", test_import_good);
  g_test_add_func ("/preferences/import-chooser", test_import_chooser);
  g_test_add_func ("/preferences/import-folder-named", test_import_folder_named);

  status = g_test_run ();

  muster_test_dir_clear (data_dir);

  return status;
}
