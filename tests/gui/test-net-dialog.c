/* test-net-dialog.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "muster-net-dialog.h"
#include "muster-window.h"

#define IN 25.4
#define WAIT_S 20

/* Tests of src/gui/muster-net-dialog.c under Xvfb: one window hosts its
 * table, another joins it over TLS on 127.0.0.1, and the two play. */

static gboolean
timed_out_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;

  return G_SOURCE_REMOVE;
}

static void
wait_for (gboolean  (*check) (gpointer),
          gpointer    data,
          const char *what)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (WAIT_S, timed_out_cb, &timed_out);

  while (!check (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    g_error ("Waited in vain for %s", what);
  g_source_remove (id);
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static void
got_result_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static MusterWindow *
open_window (void)
{
  MusterWindow *window = muster_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (is_mapped, window, "the window");

  return window;
}

static void
add_unit (MusterLayout *layout,
          const char   *id,
          const char   *owner,
          double        y)
{
  MusterBase base = { MUSTER_BASE_RECT, 100, 80 };

  g_assert_true (muster_layout_add_piece (layout, muster_piece_new (id, MUSTER_PIECE_UNIT, owner, &base, 20 * IN, y * IN)));
}

/* The text of every label in widget. */
static void
collect_text (GtkWidget *widget,
              GString   *text)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  if (GTK_IS_EDITABLE (widget) && !GTK_IS_TEXT (widget))
    g_string_append_printf (text, "%s\n", gtk_editable_get_text (GTK_EDITABLE (widget)));

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_text (child, text);
}

typedef struct
{
  GtkWindow  *window;
  const char *needle;
} Shows;

static gboolean
shows (gpointer data)
{
  Shows *s = data;
  g_autoptr(GString) text = g_string_new (NULL);

  collect_text (GTK_WIDGET (s->window), text);

  return strstr (text->str, s->needle) != NULL;
}

static void
wait_shows (GtkWindow  *window,
            const char *needle)
{
  Shows s = { window, needle };
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (WAIT_S, timed_out_cb, &timed_out);

  while (!shows (&s) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      collect_text (GTK_WIDGET (window), text);
      g_error ("Waited in vain for “%s” in:\n%s", needle, text->str);
    }
  g_source_remove (id);
}

typedef struct
{
  MusterLayout *layout;
  double        x;
} Moved;

static gboolean
is_moved (gpointer data)
{
  Moved *m = data;

  return muster_layout_lookup_piece (m->layout, "u1")->x == m->x;
}

static void
test_host_and_join (void)
{
  MusterWindow *host = open_window ();
  MusterWindow *guest;
  MusterLayout *hosts = muster_window_get_layout (host);
  MusterLayout *guests;
  MusterNetSession *session;
  MusterGame *game;
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *invitation = NULL;
  GtkWindow *status;
  Moved moved;
  guint16 port;

  add_unit (hosts, "u1", "red", 42);
  add_unit (hosts, "u2", "blue", 6);

  session = muster_net_dialog_host (host, 0, MUSTER_NET_HOST_NONE, &error);
  g_assert_no_error (error);
  status = muster_net_dialog_get_status_window (host);
  g_assert_nonnull (status);
  wait_for (is_mapped, status, "the host's status");
  wait_shows (status, "muster://");
  wait_shows (status, "Waiting for Blue to join");
  port = muster_net_session_get_port (session);
  /* A second session of the same window is refused. */
  g_assert_null (muster_net_dialog_host (host, 1, MUSTER_NET_HOST_NONE, &error));
  g_clear_error (&error);

  /* Joined on this computer, whatever address the invitation names. */
  invitation = g_strdup_printf ("muster://127.0.0.1:%u/#%s", port,
                                strchr (muster_net_session_get_invitation (session), '#') + 1);
  muster_net_dialog_join (host, invitation, got_result_cb, &result);
  wait_for (is_set, &result, "the join");
  guest = muster_net_dialog_join_finish (result, &error);
  g_assert_no_error (error);
  wait_for (is_mapped, guest, "the guest's window");
  guests = muster_window_get_layout (guest);

  /* The same table. */
  g_assert_true (guests != hosts);
  g_assert_cmpuint (muster_layout_get_pieces (guests)->len, ==, 2);
  g_assert_cmpfloat (muster_layout_lookup_piece (guests, "u1")->y, ==, 42 * IN);
  wait_shows (status, "Blue is connected");
  wait_shows (muster_net_dialog_get_status_window (guest), "Red is connected");

  /* The host moves its own piece; the guest's table follows. */
  muster_layout_move_piece (hosts, muster_layout_lookup_piece (hosts, "u1"), 30 * IN, 42 * IN, 0);
  moved.layout = guests;
  moved.x = 30 * IN;
  wait_for (is_moved, &moved, "the move");
  /* The guest may not move it: it goes back, and the window says why. */
  muster_layout_move_piece (guests, muster_layout_lookup_piece (guests, "u1"), 40 * IN, 42 * IN, 0);
  g_assert_cmpfloat (muster_layout_lookup_piece (guests, "u1")->x, ==, 30 * IN);
  wait_shows (muster_net_dialog_get_status_window (guest), "only its owner moves it");

  /* A step of the host's game is on the guest's, in words. */
  game = muster_net_session_get_game (session);
  g_assert_true (muster_game_pick_deployment_type (game, "frontline-clash", &error));
  g_assert_no_error (error);
  wait_shows (muster_net_dialog_get_status_window (guest), "Frontline");
  g_assert_cmpuint (muster_game_get_n_steps (muster_net_session_get_game (muster_net_dialog_get_session (guest))), ==, 1);

  /* Closing the windows ends both sessions: nothing listens any more. */
  gtk_window_destroy (GTK_WINDOW (guest));
  gtk_window_destroy (GTK_WINDOW (host));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  {
    g_autoptr(GSocketClient) client = g_socket_client_new ();
    g_autoptr(GSocketConnection) connection = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);

    g_assert_null (connection);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
  }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/net-dialog/host-and-join", test_host_and_join);

  return g_test_run ();
}
