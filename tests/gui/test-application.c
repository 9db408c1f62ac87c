/* test-application.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What the application sets up around its windows: the keyboard
 * shortcuts, set just after the first frame (none can be pressed before
 * it) and there from then on; one window for a layout, however it is
 * opened again; and the style sheet it loads.
 *
 * A whole application session in a fresh process: GTK starts once per
 * process. */

#include "config.h"

#include <glib/gstdio.h>
#include <utime.h>

#include <string.h>

#include <adwaita.h>

#include "alert-helpers.h"
#include "app-session-helpers.h"
#include "muster-compat.h"
#include "muster-draft.h"
#include "muster-test-tmp.h"
#include "muster-window.h"

static gboolean
has_accel (GtkApplication *app,
              const char     *action,
              const char     *accel)
{
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, action);

  return accels != NULL && g_strv_contains ((const char * const *) accels, accel);
}

static gboolean
after_first_frame_cb (gpointer app)
{
  /* From the main menu, the board and the terrain tool bar. */
  g_assert_true (has_accel (app, "win.save", "<Control>s"));
  g_assert_true (has_accel (app, "win.redo", "<Control>y"));
  g_assert_true (has_accel (app, "board.zoom-in", "<Control>KP_Add"));
  g_assert_true (has_accel (app, "board.add-terrain::forest", "<Alt>3"));
  g_assert_true (has_accel (app, "app.units::cm", "<Control><Alt>c"));

  g_application_quit (G_APPLICATION (app));

  return G_SOURCE_REMOVE;
}

static void
activate_cb (GApplication *app)
{
  /* Not yet: the first frame comes first. */
  g_assert_false (has_accel (GTK_APPLICATION (app), "win.save", "<Control>s"));
  call_after_first_frame (app, after_first_frame_cb);
}

static void
test_application_accels_session (void)
{
  run_app_session (G_CALLBACK (activate_cb));
}

static void
test_application_accels (void)
{
  g_test_trap_subprocess ("/app/application/accels/subprocess", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* The windows of app, and of them how many show file. */
static guint
count_windows (GApplication *app,
               GFile        *file,
               guint        *n_on_file)
{
  guint n = 0;

  *n_on_file = 0;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    {
      GFile *shown;

      if (!MUSTER_IS_WINDOW (l->data))
        continue;
      n++;
      shown = muster_window_get_file (l->data);
      if (shown != NULL && g_file_equal (shown, file))
        (*n_on_file)++;
    }

  return n;
}

static void
open_again_cb (GApplication  *app,
               GFile        **files,
               int            n_files,
               const char    *hint)
{
  static gboolean checking;
  /* Another GFile for the same file, as another launch would make. */
  g_autoptr(GFile) again = NULL;
  g_autofree char *uri = NULL;
  MusterWindow *second;
  guint n_on_file;

  /* The opens below come through here too. */
  if (checking)
    return;
  checking = TRUE;

  again = g_file_new_for_path (g_file_peek_path (files[0]));
  g_assert_cmpuint (count_windows (app, again, &n_on_file), ==, 1);
  g_assert_cmpuint (n_on_file, ==, 1);

  /* From the file manager again: shown where it is. */
  g_application_open (app, &again, 1, "");
  g_assert_cmpuint (count_windows (app, again, &n_on_file), ==, 1);
  g_assert_cmpuint (n_on_file, ==, 1);

  /* With a new window's untouched table in front: not put in its place. */
  second = muster_window_new (MUSTER_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (second));
  g_application_open (app, &again, 1, "");
  g_assert_cmpuint (count_windows (app, again, &n_on_file), ==, 2);
  g_assert_cmpuint (n_on_file, ==, 1);
  g_assert_null (muster_window_get_file (second));

  /* Nor from that window's recent files. */
  uri = g_file_get_uri (again);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (second), "win.open-recent", "s", uri));
  g_assert_cmpuint (count_windows (app, again, &n_on_file), ==, 2);
  g_assert_cmpuint (n_on_file, ==, 1);
  g_assert_null (muster_window_get_file (second));

  /* Nor saved over from there. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (g_file_peek_path (again), &before, NULL, NULL));
    g_assert_false (muster_window_save_to (second, again, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
    g_assert_nonnull (strstr (error->message, "is open in another window"));
    g_assert_true (g_file_get_contents (g_file_peek_path (again), &after, NULL, NULL));
    g_assert_cmpstr (after, ==, before);
    g_assert_null (muster_window_get_file (second));
  }

  /* Nothing unsaved: closed without a question. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL;
       l = gtk_application_get_windows (GTK_APPLICATION (app)))
    gtk_window_destroy (l->data);
}

static void
test_application_open_again_session (void)
{
  g_autoptr(MusterApplication) app = muster_application_new ();
  char *argv[] = { (char *) "muster", (char *) g_getenv ("MUSTER_TEST_FILE"), NULL };

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "open", G_CALLBACK (open_again_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
}

/* A layout open in one window and opened again, however: that window,
 * not a second one on the same file (each would save over the other);
 * nor is it saved over from another window. */
static void
test_application_open_again (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-application-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "layout.muster", NULL);
  g_autofree char *text = NULL;
  gsize length;

  /* A copy: a failure must not write over the examples. */
  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/examples/t9a-encircle-legal.muster", &text, &length, NULL));
  g_assert_true (g_file_set_contents (path, text, length, NULL));
  g_setenv ("MUSTER_TEST_FILE", path, TRUE);

  g_test_trap_subprocess ("/app/application/open-again/subprocess", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Drafts left by an earlier run that failed half way would be offered
 * too. */
static void
delete_orphans (void)
{
  g_autoptr(GPtrArray) orphans = muster_draft_list_orphans ();

  for (guint i = 0; i < orphans->len; i++)
    muster_draft_delete_orphan (((MusterOrphan *) g_ptr_array_index (orphans, i))->id);
}

static void
drafts_closed_cb (GApplication *app)
{
  GtkWidget *alert = alert_wait (NULL);
  g_autoptr(GPtrArray) orphans = NULL;

  g_assert_nonnull (alert);
  g_assert_cmpstr (muster_alert_get_heading (alert), ==, "Restore Unsaved Layout?");
  muster_alert_close (alert);
  g_assert_true (alert_wait_gone (NULL));

  orphans = muster_draft_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 1);
  g_application_quit (app);
}

static void
test_application_drafts_closed_session (void)
{
  run_app_session (G_CALLBACK (drafts_closed_cb));
}

/* The crash drafts' question closed with Escape, neither answered: they
 * are kept, and offered again at the next start. */
static void
test_application_drafts_closed (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 1828.8, 1219.2);
  g_autoptr(GPtrArray) orphans = NULL;

  delete_orphans ();
  /* A draft nobody holds: as a Muster that was killed leaves it. */
  {
    g_autoptr(MusterDraft) draft = muster_draft_new ();
    g_autoptr(GError) error = NULL;

    g_assert_true (muster_draft_save (draft, layout, NULL, "Left Behind", &error));
    g_assert_no_error (error);
  }

  for (guint i = 0; i < 2; i++)
    {
      g_test_trap_subprocess ("/app/application/drafts-closed/subprocess", 60 * G_USEC_PER_SEC,
                              G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
    }

  orphans = muster_draft_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 1);
  delete_orphans ();
}

static void
drafts_named_cb (GApplication *app)
{
  GtkWidget *alert = alert_wait (NULL);
  g_autoptr(GDateTime) third = g_date_time_new_local (2026, 3, 3, 10, 42, 0);
  g_autoptr(GDateTime) fourth = g_date_time_new_local (2026, 3, 4, 9, 5, 0);
  g_autofree char *third_date = g_date_time_format (third, "%x");
  g_autofree char *fourth_date = g_date_time_format (fourth, "%x");
  g_autofree char *first = g_strdup_printf ("• Left Behind, saved on %s at 10:42\n", third_date);
  g_autofree char *second = g_strdup_printf ("• Left Behind, saved on %s at 09:05", fourth_date);
  const char *body;

  g_assert_nonnull (alert);
  body = muster_alert_get_body (alert);
  g_assert_nonnull (strstr (body, first));
  g_assert_nonnull (strstr (body, second));
  muster_alert_close (alert);
  g_assert_true (alert_wait_gone (NULL));
  g_application_quit (app);
}

static void
test_application_drafts_named_session (void)
{
  run_app_session (G_CALLBACK (drafts_named_cb));
}

/* Two drafts of one layout (two Musters that crashed with it open) are
 * told apart by when they were saved, the older first. */
static void
test_application_drafts_named (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 1828.8, 1219.2);
  g_autoptr(GPtrArray) orphans = NULL;
  const int days[] = { 4, 3 };
  const int hours[] = { 9, 10 };
  const int minutes[] = { 5, 42 };

  delete_orphans ();
  for (guint i = 0; i < G_N_ELEMENTS (days); i++)
    {
      g_autoptr(MusterDraft) draft = muster_draft_new ();
      g_autoptr(GDateTime) when = g_date_time_new_local (2026, 3, days[i], hours[i], minutes[i], 0);
      g_autoptr(GError) error = NULL;
      struct utimbuf times = { g_date_time_to_unix (when), g_date_time_to_unix (when) };

      g_assert_true (muster_draft_save (draft, layout, NULL, "Left Behind", &error));
      g_assert_no_error (error);
      g_assert_cmpint (g_utime (g_file_peek_path (muster_draft_get_file (draft)), &times), ==, 0);
    }

  g_test_trap_subprocess ("/app/application/drafts-named/subprocess", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();

  orphans = muster_draft_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 2);
  delete_orphans ();
}

/* The border nodes in node's tree: how many, and how many have sides of
 * different colours. */
static void
count_borders (GskRenderNode *node,
               guint         *n_borders,
               guint         *n_mixed)
{
  GskRenderNodeType type = gsk_render_node_get_node_type (node);

  if (type == GSK_BORDER_NODE)
    {
      const GdkRGBA *colors = gsk_border_node_get_colors (node);

      (*n_borders)++;
      for (guint side = 1; side < 4; side++)
        {
          if (!gdk_rgba_equal (&colors[0], &colors[side]))
            {
              (*n_mixed)++;
              break;
            }
        }
    }
  else if (type == GSK_CONTAINER_NODE)
    {
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        count_borders (gsk_container_node_get_child (node, i), n_borders, n_mixed);
    }
  else if (type == GSK_TRANSFORM_NODE)
    count_borders (gsk_transform_node_get_child (node), n_borders, n_mixed);
  else if (type == GSK_CLIP_NODE)
    count_borders (gsk_clip_node_get_child (node), n_borders, n_mixed);
  else if (type == GSK_ROUNDED_CLIP_NODE)
    count_borders (gsk_rounded_clip_node_get_child (node), n_borders, n_mixed);
  else if (type == GSK_OPACITY_NODE)
    count_borders (gsk_opacity_node_get_child (node), n_borders, n_mixed);
  else if (type == GSK_SHADOW_NODE)
    count_borders (gsk_shadow_node_get_child (node), n_borders, n_mixed);
  else if (type == GSK_DEBUG_NODE)
    count_borders (gsk_debug_node_get_child (node), n_borders, n_mixed);
}

static gboolean
borders_after_first_frame_cb (gpointer app)
{
  GtkWidget *window = GTK_WIDGET (gtk_application_get_active_window (app));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  guint n_borders = 0, n_mixed = 0;

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (window), gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (snapshot);
  count_borders (node, &n_borders, &n_mixed);

  /* The player's boxed list: its first row has a border at the bottom.
   * GTK 4.8 draws a border of several colours through a mesh gradient,
   * the first frame's costliest fill; style.css gives its sides one. */
  g_assert_cmpuint (n_borders, >=, 1);
  g_assert_cmpuint (n_mixed, ==, 0);

  g_application_quit (G_APPLICATION (app));

  return G_SOURCE_REMOVE;
}

static void
borders_activate_cb (GApplication *app)
{
  call_after_first_frame (app, borders_after_first_frame_cb);
}

static void
test_application_borders_session (void)
{
  run_app_session (G_CALLBACK (borders_activate_cb));
}

static void
test_application_borders (void)
{
  g_test_trap_subprocess ("/app/application/borders/subprocess", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  /* No gtk_init () here: the session must be the first to start GTK. */
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/application/accels", test_application_accels);
  g_test_add_func ("/app/application/accels/subprocess", test_application_accels_session);
  g_test_add_func ("/app/application/open-again", test_application_open_again);
  g_test_add_func ("/app/application/open-again/subprocess", test_application_open_again_session);
  g_test_add_func ("/app/application/drafts-closed", test_application_drafts_closed);
  g_test_add_func ("/app/application/drafts-closed/subprocess", test_application_drafts_closed_session);
  g_test_add_func ("/app/application/drafts-named", test_application_drafts_named);
  g_test_add_func ("/app/application/drafts-named/subprocess", test_application_drafts_named_session);

  g_test_add_func ("/app/application/borders", test_application_borders);
  g_test_add_func ("/app/application/borders/subprocess", test_application_borders_session);

  return g_test_run ();
}
