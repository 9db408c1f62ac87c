/* test-net-dialog.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "muster-document.h"
#include "muster-game-net.h"
#include "muster-game-page.h"
#include "muster-game-panel.h"
#include "muster-net-dialog.h"
#include "muster-net-session-private.h"
#include "muster-roster.h"
#include "muster-window.h"

#include "alert-helpers.h"

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

/* The text of every label in widget that is shown. */
static void
collect_text (GtkWidget *widget,
              GString   *text)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  if (GTK_IS_EDITABLE (widget) && !GTK_IS_TEXT (widget))
    g_string_append_printf (text, "%s\n", gtk_editable_get_text (GTK_EDITABLE (widget)));

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_text (child, text);
}

typedef struct
{
  gpointer    window;   /* any widget */
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
wait_shows (gpointer    window,
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

/* The host's session, no longer connected to the guest. */
static gboolean
is_not_connected (gpointer session)
{
  return muster_net_session_get_state (session) != MUSTER_NET_STATE_CONNECTED;
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
  muster_net_dialog_join (host, invitation, NULL, got_result_cb, &result);
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

  /* Closed, the host's status window hides and goes on following the
   * game (it used to be destroyed and still written into): the guest
   * leaves meanwhile, and Host Game… shows it again, up to date, rather
   * than asking. */
  gtk_window_close (status);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (muster_net_dialog_get_status_window (host) == status);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (status)));
  gtk_window_destroy (GTK_WINDOW (guest));
  wait_for (is_not_connected, session, "the guest to leave");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (host), "net.host", NULL));
  wait_for (is_mapped, status, "the host's status, shown again");
  {
    g_autoptr(GString) text = g_string_new (NULL);

    collect_text (GTK_WIDGET (status), text);
    g_assert_null (strstr (text->str, "Blue is connected"));
  }

  /* Closing the windows ends both sessions: nothing listens any more. */
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

static MusterPiece *
add_model (MusterLayout *layout,
           const char   *id,
           const char   *owner,
           double        x,
           double        y,
           gboolean      lieutenant)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_MODEL, owner, &base, x * IN, y * IN);

  piece->lieutenant = lieutenant;
  g_assert_true (muster_layout_add_piece (layout, piece));

  return piece;
}

/* The README's game of Infinity: Alice (red) and Bob (blue), three
 * troopers each, a Lieutenant each; and a paratrooper Alice keeps off
 * the table. */
static MusterLayout *
readme_layout (void)
{
  MusterLayout *layout = muster_layout_new ("infinity", "standard", 48 * IN, 48 * IN);
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  MusterRosterEntry *entry = muster_roster_entry_new ();

  muster_layout_set_player_name (layout, "red", "Alice");
  muster_layout_set_player_name (layout, "blue", "Bob");
  add_model (layout, "r1", "red", 10, 40, TRUE);
  add_model (layout, "r2", "red", 20, 40, FALSE);
  add_model (layout, "r3", "red", 30, 40, FALSE);
  add_model (layout, "b1", "blue", 10, 8, TRUE);
  add_model (layout, "b2", "blue", 20, 8, FALSE);
  add_model (layout, "b3", "blue", 30, 8, FALSE);

  entry->id = g_strdup ("para");
  entry->name = g_strdup ("Paratrooper");
  entry->skills = g_strsplit ("airborne-deployment", " ", -1);
  entry->hold = MUSTER_ROSTER_HOLD_OFF_TABLE;
  muster_roster_add_entry (roster, "red", entry);

  return layout;
}

typedef struct
{
  MusterNetSession *a;
  MusterNetSession *b;
} Pair;

static gboolean
is_settled (gpointer data)
{
  Pair *pair = data;

  return !muster_net_session_is_busy (pair->a) && !muster_net_session_is_busy (pair->b) &&
         muster_game_get_n_steps (muster_net_session_get_game (pair->a)) ==
         muster_game_get_n_steps (muster_net_session_get_game (pair->b));
}

/* How many times widget shows needle. */
static guint
count_shown (gpointer    widget,
             const char *needle)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n = 0;

  collect_text (widget, text);
  for (const char *p = strstr (text->str, needle); p != NULL; p = strstr (p + 1, needle))
    n++;

  return n;
}

typedef struct
{
  gpointer    widget;
  const char *needle;
  guint       n;
} Count;

static gboolean
shows_n (gpointer data)
{
  Count *c = data;

  return count_shown (c->widget, c->needle) == c->n;
}

static GtkWidget *
game_page (MusterWindow *window,
           const char   *name)
{
  MusterGamePanel *panel = MUSTER_GAME_PANEL (muster_window_get_game_panel (window));

  return muster_game_panel_get_page_widget (panel, name);
}

typedef struct
{
  MusterWindow *window;
  const char   *needle;
} Message;

static gboolean
has_message (gpointer data)
{
  Message *m = data;
  const char *message = muster_game_panel_get_message (MUSTER_GAME_PANEL (muster_window_get_game_panel (m->window)));

  return message != NULL && strstr (message, m->needle) != NULL;
}

#define OK(call) G_STMT_START { g_autoptr(GError) ok_error = NULL; \
  if (!(call)) g_error ("%s refused: %s", #call, ok_error != NULL ? ok_error->message : "(no message)"); } G_STMT_END

/* host shows layout and hosts it as its first player; a new window joins
 * it. Returns that window; pair holds both sessions. */
static MusterWindow *
host_and_join (MusterWindow *host,
               MusterLayout *layout,
               Pair         *pair)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *invitation = NULL;
  MusterWindow *guest;

  g_assert_true (muster_window_show_layout (host, layout, &error));
  g_assert_no_error (error);
  muster_window_show_sidebar_page (host, "game");
  pair->a = muster_net_dialog_host (host, 0, MUSTER_NET_HOST_NONE, &error);
  g_assert_no_error (error);
  invitation = g_strdup_printf ("muster://127.0.0.1:%u/#%s", muster_net_session_get_port (pair->a),
                                strchr (muster_net_session_get_invitation (pair->a), '#') + 1);
  muster_net_dialog_join (host, invitation, NULL, got_result_cb, &result);
  wait_for (is_set, &result, "the join");
  guest = muster_net_dialog_join_finish (result, &error);
  g_assert_no_error (error);
  wait_for (is_mapped, guest, "the guest's window");
  muster_window_show_sidebar_page (guest, "game");
  pair->b = muster_net_dialog_get_session (guest);

  return guest;
}

/* The Initiative Roll and the choices, with dice from the table: Alice
 * keeps Deployment, Bob deploys first. */
static void
roll_and_choose (Pair *pair)
{
  MusterGame *alice = muster_net_session_get_game (pair->a);
  MusterGame *bob = muster_net_session_get_game (pair->b);

  OK (muster_game_set_typed_dice (alice, TRUE, &ok_error));
  OK (muster_game_set_typed_dice (bob, TRUE, &ok_error));
  wait_for (is_settled, pair, "the dice");
  OK (muster_game_roll_initiative (alice, 0, 12, &ok_error));
  wait_for (is_settled, pair, "Alice's roll");
  OK (muster_game_roll_initiative (bob, 1, 7, &ok_error));
  wait_for (is_settled, pair, "Bob's roll");
  OK (muster_game_keep (alice, MUSTER_INFINITY_KEEP_DEPLOYMENT, &ok_error));
  wait_for (is_settled, pair, "the keep");
  OK (muster_game_choose_first_turn (bob, 1, &ok_error));
  wait_for (is_settled, pair, "the first turn");
  OK (muster_game_choose_deployment (alice, 1, "south", &ok_error));
  wait_for (is_settled, pair, "the deployment");
}

/* Each window's Game page plays the game: a step taken in one is on the
 * other's Game page, a refusal of the other Muster's is said above the
 * Game page, and what one player keeps hidden the other's page says is
 * there, not what it is. */
static void
test_game_page (void)
{
  MusterWindow *host = open_window ();
  MusterWindow *guest;
  g_autoptr(MusterLayout) readme = readme_layout ();
  MusterNetSession *session;
  MusterGame *alice, *bob;
  Message refused;
  Count lieutenants = { NULL, "· Lieutenant", 2 };
  Pair pair;

  guest = host_and_join (host, readme, &pair);
  session = pair.a;
  alice = muster_net_session_get_game (pair.a);
  bob = muster_net_session_get_game (pair.b);
  g_assert_true (bob == muster_window_get_game (guest));
  wait_for (is_settled, &pair, "both Musters");

  /* Bob's window knows that Alice keeps things hidden, not what. */
  wait_shows (muster_net_dialog_get_status_window (guest), "Alice: 1 trooper held back · Lieutenant hidden");
  g_assert_false (muster_layout_lookup_piece (muster_window_get_layout (guest), "r1")->lieutenant);
  wait_shows (muster_net_dialog_get_status_window (host), "Reveal My Lieutenant");

  /* Alice enters her WIP, private, on her Game page: Bob's says it is in. */
  g_assert_true (gtk_widget_activate_action (game_page (host, "initiative"), "initiative.set-wip", "(iub)",
                                             0, 13, TRUE));
  wait_for (is_settled, &pair, "Alice's WIP");
  wait_shows (game_page (guest, "initiative"), "Alice’s WIP is in, hidden until the roll");
  g_assert_cmpuint (muster_game_get_n_steps (bob), ==, muster_game_get_n_steps (alice));

  /* Bob starts the deployment too early: Alice's Muster refuses, and Bob's
   * Game page says so. */
  g_assert_true (gtk_widget_activate_action (game_page (guest, "deployment"), "page.start-deployment", NULL));
  refused.window = guest;
  refused.needle = "The other Muster refused";
  wait_for (has_message, &refused, "the refusal on Bob's Game page");
  wait_shows (muster_net_dialog_get_status_window (guest), "Initiative Roll");

  /* Bob's WIP from his Game page: both are revealed, on both pages. */
  g_assert_true (gtk_widget_activate_action (game_page (guest, "initiative"), "initiative.set-wip", "(iub)",
                                             1, 11, FALSE));
  wait_for (is_settled, &pair, "Bob's WIP");
  g_assert_cmpuint (muster_infinity_initiative_get_wip (muster_game_get_initiative (bob), 0), ==, 13);
  g_assert_cmpuint (muster_infinity_initiative_get_wip (muster_game_get_initiative (alice), 1), ==, 11);

  roll_and_choose (&pair);

  /* The deployment, from Alice's Game page; Bob deploys first, from his. */
  g_assert_true (gtk_widget_activate_action (game_page (host, "deployment"), "page.start-deployment", NULL));
  wait_for (is_settled, &pair, "the start of the deployment");
  wait_shows (game_page (guest, "deployment"), "0 of 3 deployed · 1 trooper held back");
  wait_shows (game_page (host, "deployment"), "0 of 3 deployed · 1 trooper held back");
  g_assert_true (gtk_widget_activate_action (game_page (guest, "deployment"), "deployment.deploy", "s", "b1"));
  wait_for (is_settled, &pair, "Bob's first trooper");
  wait_shows (game_page (host, "deployment"), "Deployed in step 1");
  wait_shows (game_page (host, "deployment"), "1 of 3 deployed");

  /* Bob's page marks his own Lieutenant, not Alice's; until she reveals
   * it. */
  g_assert_cmpuint (count_shown (game_page (guest, "deployment"), "· Lieutenant"), ==, 1);
  g_assert_cmpuint (count_shown (game_page (host, "deployment"), "· Lieutenant"), ==, 2);
  OK (muster_net_session_reveal_lieutenant (session, &ok_error));
  lieutenants.widget = game_page (guest, "deployment");
  wait_for (shows_n, &lieutenants, "Alice's Lieutenant on Bob's page");
  lieutenants.widget = muster_net_dialog_get_status_window (host);
  lieutenants.needle = "Reveal My Lieutenant";
  lieutenants.n = 0;
  wait_for (shows_n, &lieutenants, "no more to reveal");

  /* Alice may not deploy Bob's trooper: her Game page says why. */
  g_assert_true (gtk_widget_activate_action (game_page (host, "deployment"), "deployment.deploy", "s", "b2"));
  refused.window = host;
  refused.needle = "Bob";
  wait_for (has_message, &refused, "the refusal on Alice's Game page");

  /* The same steps on both sides. */
  g_assert_cmpuint (muster_game_get_n_steps (alice), ==, muster_game_get_n_steps (bob));
  for (guint i = 0; i < muster_game_get_n_steps (alice); i++)
    g_assert_true (muster_log_step_equal (muster_game_get_step (alice, i), muster_game_get_step (bob, i)));

  gtk_window_destroy (GTK_WINDOW (guest));
  gtk_window_destroy (GTK_WINDOW (host));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The other Muster silent for a while (muster-net-answers.c: the session
 * said so as a refusal, in its state too), then answering again: what
 * said so goes, in the status window and above the Game page; a refusal
 * of another kind stays. */
static void
test_silence_ends (void)
{
  MusterWindow *host = open_window ();
  MusterWindow *guest;
  g_autoptr(MusterLayout) readme = readme_layout ();
  MusterGamePanel *panel = MUSTER_GAME_PANEL (muster_window_get_game_panel (host));
  MusterNetSession *session;
  GtkWindow *status;
  Pair pair;

  guest = host_and_join (host, readme, &pair);
  session = pair.a;
  status = muster_net_dialog_get_status_window (host);
  wait_for (is_settled, &pair, "both Musters");
  game_page (host, "initiative");

  session->silent = TRUE;
  muster_net_session_refused (session, "Bob’s Muster is not answering");
  muster_net_session_emit_changed (session);
  g_assert_cmpuint (count_shown (status, "Bob’s Muster is not answering"), ==, 2);
  g_assert_cmpstr (muster_game_panel_get_message (panel), ==, "Bob’s Muster is not answering");

  muster_net_answers_heard (session);
  g_assert_cmpuint (count_shown (status, "Bob’s Muster is not answering"), ==, 0);
  g_assert_null (muster_game_panel_get_message (panel));

  /* Any other refusal is not the silence's to take away. */
  muster_net_session_refused (session, "The other Muster refused: not now");
  muster_net_answers_heard (session);
  muster_net_session_emit_changed (session);
  g_assert_cmpuint (count_shown (status, "The other Muster refused: not now"), ==, 1);
  g_assert_cmpstr (muster_game_panel_get_message (panel), ==, "The other Muster refused: not now");

  /* Silent again, past the deadline: why the game closed stays. */
  session->silent = TRUE;
  muster_net_session_refused (session, "Bob’s Muster is not answering");
  muster_net_session_emit_changed (session);
  muster_net_session_refused (session, "Bob’s Muster stopped answering: the game is closed");
  muster_net_session_close (session);
  g_assert_false (muster_net_session_is_silent (session));
  g_assert_cmpuint (count_shown (status, "Bob’s Muster stopped answering: the game is closed"), ==, 1);
  g_assert_cmpstr (muster_game_panel_get_message (panel), ==, "Bob’s Muster stopped answering: the game is closed");

  gtk_window_destroy (GTK_WINDOW (guest));
  gtk_window_destroy (GTK_WINDOW (host));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The first GtkDropDown under root, or NULL. */
static GtkWidget *
find_drop_down (GtkWidget *root)
{
  if (GTK_IS_DROP_DOWN (root))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_drop_down (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* What the Join dialog offers to bring: its choices, joined by "|", and
 * the one chosen. */
static char *
join_choices (MusterWindow *window,
              guint        *selected)
{
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *alert;
  GtkWidget *army;
  GListModel *model;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "net.join", NULL));
  alert = alert_wait (GTK_WIDGET (window));
  g_assert_nonnull (alert);
  army = find_drop_down (alert);
  g_assert_nonnull (army);
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (army));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      g_string_append_printf (text, "%s%s", i > 0 ? "|" : "", gtk_string_object_get_string (item));
    }
  *selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (army));
  muster_alert_close (alert);
  while (muster_alert_find (GTK_WIDGET (window)) != NULL)
    g_main_context_iteration (NULL, FALSE);

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Join Game offers the armies of the window's layout, the first chosen,
 * and the host's list; the host's list alone when it has none. */
static void
test_join_choice (void)
{
  MusterWindow *window = open_window ();
  g_autoptr(MusterRoster) roster = muster_roster_new (muster_window_get_layout (window));
  MusterRosterEntry *entry = muster_roster_entry_new ();
  g_autofree char *none = NULL;
  g_autofree char *one = NULL;
  guint selected = 99;

  none = join_choices (window, &selected);
  g_assert_cmpstr (none, ==, "The host’s list");
  g_assert_cmpuint (selected, ==, 0);

  entry->name = g_strdup ("Fusiliers");
  muster_roster_add_entry (roster, "blue", entry);
  one = join_choices (window, &selected);
  g_assert_cmpstr (one, ==, "Blue’s army|The host’s list");
  g_assert_cmpuint (selected, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
add_roster_entry (MusterWindow *window,
                  const char   *player,
                  const char   *name)
{
  MusterRoster *roster = muster_document_get_roster (muster_window_get_document (window));
  MusterRosterEntry *entry = muster_roster_entry_new ();

  entry->name = g_strdup (name);
  muster_roster_add_entry (roster, player, entry);
}

static gboolean
host_lists_bobs (gpointer data)
{
  MusterRoster *roster = muster_document_get_roster (muster_window_get_document (data));
  GPtrArray *entries = muster_roster_get_entries (roster, "blue");

  return entries->len == 1 &&
         g_strcmp0 (((MusterRosterEntry *) g_ptr_array_index (entries, 0))->name, "Bob’s Fusiliers") == 0;
}

/* Bob joins from his window, bringing its army: the host's window lists
 * it for Bob, in place of what the host had typed in. */
static void
test_join_with_army (void)
{
  MusterWindow *host = open_window ();
  MusterWindow *bobs = open_window ();
  MusterWindow *guest;
  MusterNetSession *session;
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *invitation = NULL;

  add_roster_entry (host, "blue", "Typed by the host");
  add_roster_entry (bobs, "blue", "Bob’s Fusiliers");
  session = muster_net_dialog_host (host, 0, MUSTER_NET_HOST_NONE, &error);
  g_assert_no_error (error);
  invitation = g_strdup_printf ("muster://127.0.0.1:%u/#%s", muster_net_session_get_port (session),
                                strchr (muster_net_session_get_invitation (session), '#') + 1);
  muster_net_dialog_join (bobs, invitation, "blue", got_result_cb, &result);
  wait_for (is_set, &result, "the join");
  guest = muster_net_dialog_join_finish (result, &error);
  g_assert_no_error (error);
  wait_for (host_lists_bobs, host, "Bob's army in the host's window");
  g_assert_true (host_lists_bobs (guest));

  gtk_window_destroy (GTK_WINDOW (guest));
  gtk_window_destroy (GTK_WINDOW (bobs));
  gtk_window_destroy (GTK_WINDOW (host));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/app/net-dialog/host-and-join", test_host_and_join);
  g_test_add_func ("/app/net-dialog/game-page", test_game_page);
  g_test_add_func ("/app/net-dialog/silence-ends", test_silence_ends);
  g_test_add_func ("/app/net-dialog/join-choice", test_join_choice);
  g_test_add_func ("/app/net-dialog/join-with-army", test_join_with_army);

  return g_test_run ();
}
