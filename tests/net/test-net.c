/* test-net.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "muster-editor.h"
#include "net-helpers.h"

static void
test_game (void)
{
  Match match = { 0 };
  g_autofree char *said = NULL;

  match_open (&match);
  said = muster_net_session_describe (match.host.session);
  g_assert_nonnull (strstr (said, "Bob is connected"));

  play_initiative (&match);
  play_deployment (&match);
  play_first_turn (&match);

  g_assert_cmpint (muster_game_get_turn_player (match.guest.game), ==, 0);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (muster_game_get_order_sequence (match.guest.game)), ==, 3);
  assert_same_logs (&match);
  /* Alice's WIP was hidden, then revealed at the roll; her Lieutenant
   * is hidden still. */
  g_assert_cmpuint (step_number (match.guest.game, "commit", "set-wip"), >, 0);
  g_assert_false (muster_game_is_unrevealed (match.guest.game, step_number (match.guest.game, "commit", "set-wip")));
  g_assert_cmpuint (muster_net_session_count_hidden (match.guest.session, 0), ==, 1);
  g_assert_true (muster_game_has_hidden_lieutenant (match.guest.game, 0));

  match_close (&match);
}

/* Muster's dice: each a commit-and-reveal of both; the same on both
 * sides; neither side's alone. */
static void
test_dice (void)
{
  Match match = { 0 };
  const MusterRoll *roll;

  match_open (&match);
  OK (muster_game_set_wip (match.host.game, 0, 20, FALSE, &ok_error));
  OK (muster_game_set_wip (match.guest.game, 1, 20, FALSE, &ok_error));
  settle (&match);
  OK (muster_game_roll_initiative (match.host.game, 0, 0, &ok_error));
  settle (&match);
  OK (muster_game_roll_initiative (match.guest.game, 1, 0, &ok_error));
  settle (&match);

  assert_same_logs (&match);
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (match.guest.game)), ==, 2);
  roll = muster_dice_get_roll (muster_game_get_dice (match.guest.game), 0);
  g_assert_false (roll->manual);
  g_assert_cmpstr (roll->who, ==, "red");
  /* The guest saw the host's commitment before its value. */
  g_assert_nonnull (strstr (match.guest.received->str, "type=\"roll\""));
  g_assert_nonnull (strstr (match.guest.received->str, "commitment=\""));
  g_assert_cmpuint (match.guest.refusals->len, ==, 0);

  /* Typed-in dice are refused until both asked for them. */
  REFUSED (muster_game_roll_initiative (match.guest.game, 1, 5, &ok_error), "both players");

  match_close (&match);
}

/* Whether Muster's data keeps a secret whose hidden step has name=value. */
static gboolean
keeps_secret (const char *name,
              const char *value)
{
  g_autofree char *dir_path = muster_net_secrets_get_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *digest;

  while (dir != NULL && (digest = g_dir_read_name (dir)) != NULL)
    {
      guint8 salt[64];
      gsize salt_len;
      g_autoptr(MusterLogStep) hidden = muster_net_secrets_load (digest, salt, sizeof salt, &salt_len);

      if (hidden != NULL && g_strcmp0 (muster_log_step_get (hidden, name), value) == 0)
        return TRUE;
    }

  return FALSE;
}

/* Alice's private WIP: the guest holds a commitment, nowhere the WIP,
 * until both are in; then it is revealed and checked. */
static void
test_hidden (void)
{
  Match match = { 0 };
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-net-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "guest.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *saved = NULL;
  g_autofree char *said = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLogStep) hidden = NULL;
  g_autoptr(MusterLogStep) forged = NULL;
  guint8 salt[32] = { 0 };

  Steps steps = { &match, 0 };
  guint commit_n;

  match_open (&match);
  settle (&match);
  /* A WIP no other number in the game has. */
  OK (muster_game_set_wip (match.host.game, 0, 17, TRUE, &ok_error));
  OK (muster_game_start_deployment (match.guest.game, &ok_error));
  settle (&match);
  commit_n = step_number (match.guest.game, "commit", "set-wip");
  g_assert_cmpuint (commit_n, ==, muster_game_get_n_steps (match.guest.game));
  g_assert_nonnull (strstr (last_refusal (&match.guest), "Initiative Roll"));

  /* Memory: the game and its layout. Messages. The saved file. */
  g_assert_null (muster_log_step_get (muster_game_get_step (match.guest.game, commit_n - 1), "wip"));
  bytes = muster_layout_to_bytes (match.guest.layout);
  g_assert_null (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "wip="));
  g_assert_null (strstr (match.guest.received->str, "wip="));
  g_assert_true (muster_layout_save (match.guest.layout, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_null (strstr (saved, "wip="));
  g_assert_nonnull (strstr (saved, "commitment=\""));
  /* What Bob sees: something is hidden. */
  g_assert_cmpuint (muster_net_session_count_hidden (match.guest.session, 0), ==, 2);
  said = muster_net_session_describe (match.guest.session);
  g_assert_nonnull (strstr (said, "Alice: Lieutenant hidden · WIP hidden"));

  /* A reveal of another WIP is caught. */
  hidden = muster_log_step_new ("set-wip");
  muster_log_step_set (hidden, "player", "red");
  muster_log_step_set_uint (hidden, "wip", 12);
  muster_log_step_set_boolean (hidden, "private", TRUE);
  forged = muster_game_new_reveal (hidden, "red", commit_n, salt, sizeof salt);
  REFUSED (muster_game_take_agreed (match.guest.game, forged, NULL, NULL, &ok_error), "committed");

  /* A second hidden WIP is refused: its secret is not kept. */
  g_assert_true (keeps_secret ("wip", "17"));
  OK (muster_game_set_wip (match.host.game, 0, 16, TRUE, &ok_error));
  settle (&match);
  g_assert_nonnull (strstr (last_refusal (&match.host), "not been revealed"));
  g_assert_false (keeps_secret ("wip", "16"));
  g_assert_true (keeps_secret ("wip", "17"));

  /* Bob's WIP in: both are revealed, and checked. */
  OK (muster_game_set_wip (match.guest.game, 1, 11, FALSE, &ok_error));
  steps.n = commit_n + 2;
  wait_for (has_steps, &steps, "the WIPs");
  settle (&match);
  g_assert_cmpstr (muster_log_step_get_action (muster_game_get_step (match.guest.game, commit_n + 1)), ==, "reveal");
  g_assert_cmpuint (muster_infinity_initiative_get_wip (muster_game_get_initiative (match.guest.game), 0), ==, 17);
  g_assert_cmpuint (muster_net_session_count_hidden (match.guest.session, 0), ==, 1);
  assert_same_logs (&match);

  g_unlink (path);
  g_rmdir (dir);
  match_close (&match);
}

/* A wrong secret is refused; the third closes the listener. */
static void
test_wrong_secret (void)
{
  Side host = { 0 };
  g_autofree char *wrong = NULL;
  char *dot;

  host_open (&host);
  wrong = g_strdup (muster_net_session_get_invitation (host.session));
  dot = strrchr (wrong, '.');
  dot[1] = dot[1] == '0' ? '1' : '0';

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterNetSession) guest = join (wrong, &error);

      g_assert_null (guest);
      g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_SECRET);
    }
  g_assert_nonnull (strstr (last_refusal (&host), "stopped listening"));

  /* Nobody listens now, not even for the right secret. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MusterNetSession) guest = join (muster_net_session_get_invitation (host.session), &error);

    g_assert_null (guest);
    g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_CLOSED);
  }

  side_close (&host);
}

/* Someone posing as the host, with another certificate: refused. */
static void
test_wrong_fingerprint (void)
{
  Side host = { 0 };
  g_autofree char *wrong = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterNetSession) guest = NULL;
  char *hash;

  host_open (&host);
  wrong = g_strdup (muster_net_session_get_invitation (host.session));
  hash = strchr (wrong, '#');
  hash[1] = hash[1] == '0' ? '1' : '0';

  guest = join (wrong, &error);
  g_assert_null (guest);
  g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_CERTIFICATE);
  /* The host gave nothing away, and still waits for its guest. */
  g_assert_cmpint (muster_net_session_get_state (host.session), ==, MUSTER_NET_STATE_LISTENING);

  side_close (&host);
}

/* A dropped connection comes back, and what was said meanwhile arrives
 * once. */
static void
test_resume (void)
{
  Match match = { 0 };

  match_open (&match);
  OK (muster_game_set_wip (match.host.game, 0, 13, FALSE, &ok_error));
  settle (&match);

  muster_net_session_drop (match.guest.session);
  wait_for (is_dropped, &match, "the drop");
  /* Said while the line is down. */
  OK (muster_game_set_wip (match.guest.game, 1, 11, FALSE, &ok_error));
  muster_layout_move_piece (match.host.layout, muster_layout_lookup_piece (match.host.layout, "r2"), 22 * IN, 40 * IN, 0);

  settle (&match);
  g_assert_cmpint (muster_net_session_get_state (match.guest.session), ==, MUSTER_NET_STATE_CONNECTED);
  g_assert_cmpint (muster_net_session_get_state (match.host.session), ==, MUSTER_NET_STATE_CONNECTED);
  /* Both Lieutenants, both WIPs. */
  g_assert_cmpuint (muster_game_get_n_steps (match.host.game), ==, 4);
  g_assert_cmpfloat (muster_layout_lookup_piece (match.guest.layout, "r2")->x, ==, 22 * IN);
  assert_same_logs (&match);
  g_assert_cmpint (muster_infinity_initiative_get_state (muster_game_get_initiative (match.guest.game)), ==,
                   MUSTER_INFINITY_INITIATIVE_ROLL);

  /* Once more, and the game goes on. */
  muster_net_session_drop (match.host.session);
  wait_for (is_dropped, &match, "the second drop");
  OK (muster_game_roll_initiative (match.guest.game, 1, 0, &ok_error));
  settle (&match);
  g_assert_cmpuint (muster_game_get_n_steps (match.host.game), ==, 5);
  assert_same_logs (&match);

  match_close (&match);
}

static guint
count_moves (Side       *side,
             const char *piece_id)
{
  g_autofree char *piece = g_strdup_printf ("piece=\"%s\"", piece_id);
  guint n = 0;

  for (guint i = 0; i < side->messages->len; i++)
    {
      const char *text = g_ptr_array_index (side->messages, i);

      if (strstr (text, "type=\"move\"") != NULL && strstr (text, piece) != NULL)
        n++;
    }

  return n;
}

/* Nudges that make one undo step are still sent one by one, as they
 * are made; undoing them sends the piece back where it was. */
static void
test_nudges_sent (void)
{
  Match match = { 0 };
  g_autoptr(MusterHistory) history = NULL;
  g_autoptr(MusterEditor) editor = NULL;
  MusterPiece *r2;

  match_open (&match);
  /* Bob's join, as the host's log keeps it, is no nudge. */
  settle (&match);
  history = muster_history_new (match.host.layout);
  editor = muster_editor_new (match.host.layout, history);
  r2 = muster_layout_lookup_piece (match.host.layout, "r2");

  for (guint i = 0; i < 5; i++)
    muster_editor_nudge (editor, &r2->serial, 1, 1, 0, MUSTER_UNIT_INCH, FALSE);
  settle (&match);
  g_assert_cmpuint (muster_history_get_n_steps (history), ==, 1);
  g_assert_cmpuint (count_moves (&match.guest, "r2"), ==, 5);
  g_assert_cmpfloat (muster_layout_lookup_piece (match.guest.layout, "r2")->x, ==, 25 * IN);

  g_assert_true (muster_history_undo (history));
  settle (&match);
  g_assert_cmpuint (count_moves (&match.guest, "r2"), ==, 6);
  g_assert_cmpfloat (muster_layout_lookup_piece (match.guest.layout, "r2")->x, ==, 20 * IN);
  g_assert_true (muster_history_redo (history));
  settle (&match);
  g_assert_cmpfloat (muster_layout_lookup_piece (match.guest.layout, "r2")->x, ==, 25 * IN);

  g_clear_object (&editor);
  g_clear_object (&history);
  match_close (&match);
}

/* A step taken back on one side (undo) is put back: the two logs stay
 * the same. */
static void
test_taken_back (void)
{
  Match match = { 0 };
  g_autoptr(GPtrArray) none = g_ptr_array_new ();

  match_open (&match);
  OK (muster_game_set_wip (match.host.game, 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (match.guest.game, 1, 11, FALSE, &ok_error));
  settle (&match);

  for (guint i = 0; i < 2; i++)
    {
      Side *side = i == 0 ? &match.guest : &match.host;

      muster_layout_set_game_log_steps (side->layout, "infinity", none);
      g_assert_cmpuint (muster_game_get_n_steps (side->game), ==, 4);
      g_assert_nonnull (strstr (last_refusal (side), "cannot be taken back"));
    }
  assert_same_logs (&match);

  match_close (&match);
}

/* A peer that does not play by the rules: a raw WebSocket client with
 * the invitation, sending what a Muster never would. */
typedef struct
{
  GTlsCertificate         *expected;
  SoupWebsocketConnection *ws;
  GPtrArray               *replies;
} Raw;

static gboolean
raw_accept_cb (SoupMessage          *msg,
               GTlsCertificate      *certificate,
               GTlsCertificateFlags  errors,
               gpointer              user_data)
{
  return TRUE;
}

static void
raw_message_cb (SoupWebsocketConnection *ws,
                gint                     type,
                GBytes                  *bytes,
                Raw                     *raw)
{
  g_ptr_array_add (raw->replies, g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)));
}

static void
raw_connected_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Raw *raw = user_data;
  g_autoptr(GError) error = NULL;

  raw->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
}

static gboolean
raw_has_reply (gpointer data)
{
  Raw *raw = data;

  return raw->replies->len > 0;
}

static const char *
raw_say (Raw        *raw,
         const char *text)
{
  g_ptr_array_set_size (raw->replies, 0);
  soup_websocket_connection_send_text (raw->ws, text);
  wait_for (raw_has_reply, raw, "a reply");

  return g_ptr_array_index (raw->replies, 0);
}

static gboolean
raw_is_closed (gpointer data)
{
  Raw *raw = data;

  return soup_websocket_connection_get_state (raw->ws) == SOUP_WEBSOCKET_STATE_CLOSED;
}

/* A raw connection to host, as anyone who found its port would make;
 * the invitation's secret in *secret, for a hello. */
static void
raw_open (Raw              *raw,
          SoupSession      *soup,
          MusterNetSession *host,
          char            **secret)
{
  g_autoptr(SoupMessage) msg = NULL;
  g_autofree char *address = NULL;
  g_autofree char *key = NULL;
  g_autofree char *uri = NULL;
  guint8 fingerprint[32];
  guint16 port;

  g_assert_true (muster_net_invitation_parse (muster_net_session_get_invitation (host), &address, &port,
                                              fingerprint, &key, NULL));
  raw->replies = g_ptr_array_new_with_free_func (g_free);
  soup_session_set_proxy_resolver (soup, NULL);
  uri = g_strdup_printf ("https://%s:%u/muster", address, port);
  msg = soup_message_new ("GET", uri);
  g_signal_connect (msg, "accept-certificate", G_CALLBACK (raw_accept_cb), raw);
  soup_session_websocket_connect_async (soup, msg, NULL, NULL, G_PRIORITY_DEFAULT, NULL, raw_connected_cb, raw);
  wait_for (is_set, &raw->ws, "the raw connection");
  g_signal_connect (raw->ws, "message", G_CALLBACK (raw_message_cb), raw);
  if (secret != NULL)
    *secret = g_steal_pointer (&key);
}

static void
raw_close (Raw *raw)
{
  g_clear_object (&raw->ws);
  g_clear_pointer (&raw->replies, g_ptr_array_unref);
}

static void
test_refusals (void)
{
  Side host = { 0 };
  Raw raw = { 0 };
  g_autoptr(SoupSession) soup = soup_session_new ();
  g_autofree char *secret = NULL;
  g_autofree char *hello = NULL;
  const char *reply;

  host_open (&host);
  raw_open (&raw, soup, host.session, &secret);

  /* Another version of Muster, with the right secret: closed, saying
   * so, and not counted as a wrong secret (three would stop the host
   * listening). */
  for (guint i = 0; i < 3; i++)
    {
      Raw other = { 0 };
      g_autofree char *newer = g_strdup_printf ("<muster-net version=\"2\" type=\"hello\" seq=\"0\" ack=\"0\" "
                                                "key=\"%s\"/>", secret);

      raw_open (&other, soup, host.session, NULL);
      soup_websocket_connection_send_text (other.ws, newer);
      wait_for (raw_is_closed, &other, "another version closed");
      g_assert_cmpint (soup_websocket_connection_get_close_code (other.ws), ==, 4003);
      g_assert_nonnull (strstr (last_refusal (&host), "another version"));
      raw_close (&other);
    }

  hello = g_strdup_printf ("<muster-net version=\"1\" type=\"hello\" seq=\"0\" ack=\"0\" key=\"%s\"/>", secret);
  reply = raw_say (&raw, hello);
  g_assert_nonnull (strstr (reply, "type=\"welcome\""));

  /* Malformed. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"1\" ack=\"0\"><step/></muster-net>");
  g_assert_nonnull (strstr (reply, "type=\"refuse\""));
  /* Out of turn: number 1 is next. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"5\" ack=\"0\">"
                         "<step action=\"set-wip\" player=\"blue\" wip=\"11\" private=\"false\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "out of turn"));
  /* Not the sender's: Alice's WIP. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"1\" ack=\"0\">"
                         "<step action=\"set-wip\" player=\"red\" wip=\"11\" private=\"false\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "Alice’s to do"));
  /* Dice the guest rolled on its own. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"2\" ack=\"0\">"
                         "<step action=\"roll-initiative\" player=\"blue\"><die sides=\"20\" value=\"20\" who=\"blue\"/></step>"
                         "</muster-net>");
  g_assert_nonnull (strstr (reply, "agreed"));
  /* A step Muster does not know. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"3\" ack=\"0\">"
                         "<step action=\"fly-away\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "knows no such step"));
  /* A host's message. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"step\" seq=\"4\" ack=\"0\" n=\"1\">"
                         "<step action=\"set-wip\" player=\"blue\" wip=\"11\" private=\"false\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "not the other side’s"));

  /* Alice's pieces: Bob puts none on the table, takes none off. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"place\" seq=\"5\" ack=\"0\">"
                         "<piece id=\"r7\" kind=\"model\" owner=\"red\" x=\"0\" y=\"0\" rotation=\"0\" "
                         "shape=\"round\" width=\"25\" depth=\"25\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "only their own pieces on the table"));
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"remove\" seq=\"6\" ack=\"0\" piece=\"r1\"/>");
  g_assert_nonnull (strstr (reply, "only their own pieces off the table"));
  /* Nor claims one of hers as his. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"place\" seq=\"7\" ack=\"0\">"
                         "<piece id=\"r1\" kind=\"model\" owner=\"blue\" x=\"0\" y=\"0\" rotation=\"0\" "
                         "shape=\"round\" width=\"25\" depth=\"25\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "only their own pieces on the table"));
  g_assert_nonnull (muster_layout_lookup_piece (host.layout, "r1"));
  g_assert_cmpstr (muster_layout_lookup_piece (host.layout, "r1")->owner, ==, "red");
  g_assert_cmpfloat (muster_layout_lookup_piece (host.layout, "r1")->x, ==, 10 * IN);
  g_assert_null (muster_layout_lookup_piece (host.layout, "r7"));

  /* Nothing of it was applied (the host's Lieutenant was committed to
   * as it welcomed): the refusals were shown. */
  g_assert_cmpuint (muster_game_get_n_steps (host.game), ==, 1);
  g_assert_cmpuint (host.refusals->len, >=, 9);

  /* A Muster that sends nothing but what cannot be read: refused some
   * times, then the game across the network is closed (each refusal
   * waits in the outbox until the other side has it, and is shown). */
  for (guint i = 0; i < 40; i++)
    soup_websocket_connection_send_text (raw.ws, "junk");
  wait_for (raw_is_closed, &raw, "the host closing");
  g_assert_cmpint (muster_net_session_get_state (host.session), ==, MUSTER_NET_STATE_CLOSED);
  g_assert_nonnull (strstr (last_refusal (&host), "too many messages that cannot be read"));

  raw_close (&raw);
  side_close (&host);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Someone else on the network, who never said hello, sends what cannot
 * be read while the players roll: the host closes that connection, and
 * the guest hears nothing of it (told of it, the guest would drop the
 * roll under way and the two logs would part). */
static void
test_stranger (void)
{
  Match match = { 0 };
  Raw raw = { 0 };
  g_autoptr(SoupSession) soup = soup_session_new ();

  match_open (&match);
  OK (muster_game_set_wip (match.host.game, 0, 20, FALSE, &ok_error));
  OK (muster_game_set_wip (match.guest.game, 1, 20, FALSE, &ok_error));
  settle (&match);
  raw_open (&raw, soup, match.host.session, NULL);

  OK (muster_game_roll_initiative (match.host.game, 0, 0, &ok_error));
  soup_websocket_connection_send_binary (raw.ws, "\x01\x02", 2);
  wait_for (raw_is_closed, &raw, "the stranger's connection closed");
  settle (&match);
  OK (muster_game_roll_initiative (match.guest.game, 1, 0, &ok_error));
  settle (&match);

  assert_same_logs (&match);
  g_assert_cmpuint (match.guest.refusals->len, ==, 0);

  raw_close (&raw);
  match_close (&match);
}

/* A host that does not play by the rules: its dice are checked. */
typedef struct
{
  SoupWebsocketConnection *ws;
  GPtrArray               *heard;
} FakeHost;

static void
fake_message_cb (SoupWebsocketConnection *ws,
                 gint                     type,
                 GBytes                  *bytes,
                 FakeHost                *fake)
{
  g_ptr_array_add (fake->heard, g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)));
}

static void
fake_websocket_cb (SoupServer              *server,
                   SoupServerMessage       *msg,
                   const char              *path,
                   SoupWebsocketConnection *ws,
                   gpointer                 user_data)
{
  FakeHost *fake = user_data;

  fake->ws = g_object_ref (ws);
  g_signal_connect (ws, "message", G_CALLBACK (fake_message_cb), fake);
}

static gboolean
fake_heard (gpointer data)
{
  FakeHost *fake = data;

  return fake->heard->len > 0;
}

static char *
fake_wait (FakeHost *fake)
{
  wait_for (fake_heard, fake, "the guest");

  return g_ptr_array_steal_index (fake->heard, 0);
}

/* A server on the loopback that takes WebSocket connections as fake's,
 * with a certificate of its own; its invitation. */
static char *
fake_listen (FakeHost   *fake,
             SoupServer *server,
             GBytes     *fingerprint)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) where = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GError) error = NULL;
  GSList *uris;
  char *invitation;

  soup_server_add_websocket_handler (server, "/muster", NULL, NULL, fake_websocket_cb, fake, NULL);
  g_assert_true (soup_server_listen (server, where, SOUP_SERVER_LISTEN_HTTPS, &error));
  g_assert_no_error (error);
  uris = soup_server_get_uris (server);
  invitation = muster_net_invitation_format ("127.0.0.1", g_uri_get_port (uris->data),
                                             g_bytes_get_data (fingerprint, NULL), "00112233445566778899aabbccddeeff");
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  return invitation;
}

/* Bob joins fake's game: the fake host hears his hello and welcomes him
 * with layout (its session id session_char repeated); guest is his side,
 * its game set. */
static void
fake_join (FakeHost   *fake,
           const char *invitation,
           GBytes     *layout,
           char        session_char,
           Side       *guest)
{
  g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_WELCOME);
  g_autoptr(GError) error = NULL;
  g_autofree char *hello = NULL;
  g_autofree char *welcome = NULL;
  GAsyncResult *result = NULL;

  muster_net_session_join_async (invitation, NULL, NULL, NULL, got_result_cb, &result);
  wait_for (is_set, &fake->ws, "the guest's connection");
  hello = fake_wait (fake);
  g_assert_nonnull (strstr (hello, "type=\"hello\""));
  message->session_id = g_strnfill (32, session_char);
  message->player = g_strdup ("blue");
  message->layout = g_bytes_ref (layout);
  welcome = muster_net_message_write (message);
  soup_websocket_connection_send_text (fake->ws, welcome);
  wait_for (is_set, &result, "the join");
  guest->session = muster_net_session_join_finish (result, &error);
  g_object_unref (result);
  g_assert_no_error (error);

  watch (guest);
  guest->layout = g_object_ref (muster_net_session_get_layout (guest->session));
  side_open_game (guest);
  muster_net_session_set_game (guest->session, guest->game);
}

/* Longer than 100 lines: one exchange with the guest, told in order, is
 * easier to follow than split across helpers. */
static void
test_dishonest_host (void)
{
  Side host = { 0 };
  Side guest = { 0 };
  FakeHost fake = { NULL, g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GTlsCertificate) certificate = muster_net_cert_new_self_signed (NULL);
  g_autoptr(GBytes) fingerprint = muster_net_cert_fingerprint (certificate);
  g_autoptr(SoupServer) server = soup_server_new ("tls-certificate", certificate, NULL);
  g_autoptr(GBytes) layout = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *invitation = NULL;
  g_autofree char *contribution = NULL;
  g_autofree char *commitment = NULL;
  g_autofree char *value_hex = NULL;
  g_autoptr(MusterNetMessage) contribute = NULL;
  guint8 value[32] = { 7 };
  guint8 guest_value[32];
  MusterNetDiceStream stream;
  guint die;
  char *text;

  /* The README's table, both WIPs in, as the fake host sends it. */
  host_open (&host);
  {
    g_autoptr(MusterGame) plain = muster_game_new (host.layout, host.system);

    muster_net_session_close (host.session);
    OK (muster_game_set_wip (plain, 0, 20, FALSE, &ok_error));
    OK (muster_game_set_wip (plain, 1, 20, FALSE, &ok_error));
  }
  layout = muster_layout_to_bytes (host.layout);

  invitation = fake_listen (&fake, server, fingerprint);

  /* The welcome, by hand. */
  fake_join (&fake, invitation, layout, 'a', &guest);
  g_assert_cmpuint (muster_game_get_n_steps (guest.game), ==, 2);
  /* Bob's Muster commits to his Lieutenant: the host hears which trooper
   * it is not. */
  {
    g_autofree char *heard = fake_wait (&fake);

    g_assert_nonnull (strstr (heard, "type=\"propose\""));
    g_assert_nonnull (strstr (heard, "hides=\"choose-lieutenant\""));
    g_assert_null (strstr (heard, "trooper="));
  }

  /* Alice's roll: the host commits, the guest gives its value. */
  commitment = muster_net_dice_commitment (value);
  text = g_strdup_printf ("<muster-net version=\"1\" type=\"roll\" seq=\"1\" ack=\"0\" n=\"3\" commitment=\"%s\">"
                          "<step action=\"roll-initiative\" player=\"red\"/></muster-net>", commitment);
  soup_websocket_connection_send_text (fake.ws, text);
  g_free (text);
  contribution = fake_wait (&fake);
  contribute = muster_net_message_read (contribution, strlen (contribution), &error);
  g_assert_no_error (error);
  g_assert_cmpint (contribute->type, ==, MUSTER_NET_MESSAGE_CONTRIBUTE);
  g_assert_true (muster_net_hex_decode (contribute->value, guest_value, sizeof guest_value));
  muster_net_dice_stream_init (&stream, value, guest_value, 3);
  die = muster_net_dice_stream_next (&stream, 20);

  /* The same roll asked again, with another commitment (a host rolling
   * until it likes the dice): refused, no second value given. */
  {
    guint8 other[32] = { 9 };
    g_autofree char *other_commitment = muster_net_dice_commitment (other);
    g_autofree char *heard = NULL;

    text = g_strdup_printf ("<muster-net version=\"1\" type=\"roll\" seq=\"2\" ack=\"0\" n=\"3\" commitment=\"%s\">"
                            "<step action=\"roll-initiative\" player=\"red\"/></muster-net>", other_commitment);
    soup_websocket_connection_send_text (fake.ws, text);
    g_free (text);
    heard = fake_wait (&fake);
    g_assert_null (strstr (heard, "type=\"contribute\""));
    g_assert_nonnull (strstr (last_refusal (&guest), "a roll is made once"));
  }

  /* A die said to be thrown at the table, where the players did not
   * agree to throw dice there: refused (the host would choose it). */
  value_hex = muster_net_hex_encode (value, sizeof value);
  text = g_strdup_printf ("<muster-net version=\"1\" type=\"step\" seq=\"3\" ack=\"1\" n=\"3\" value=\"%s\">"
                          "<step action=\"roll-initiative\" player=\"red\"><die sides=\"20\" value=\"20\" who=\"red\" "
                          "thrown=\"table\"/></step></muster-net>", value_hex);
  soup_websocket_connection_send_text (fake.ws, text);
  g_free (text);
  g_free (fake_wait (&fake));
  g_assert_nonnull (strstr (last_refusal (&guest), "did not agree to throw at the table"));
  g_assert_cmpuint (muster_game_get_n_steps (guest.game), ==, 2);

  /* Another die than both values give: refused, not taken. */
  text = g_strdup_printf ("<muster-net version=\"1\" type=\"step\" seq=\"4\" ack=\"1\" n=\"3\" value=\"%s\">"
                          "<step action=\"roll-initiative\" player=\"red\"><die sides=\"20\" value=\"%u\" who=\"red\"/>"
                          "</step></muster-net>", value_hex, die % 20 + 1);
  soup_websocket_connection_send_text (fake.ws, text);
  g_free (text);
  g_free (fake_wait (&fake));
  g_assert_nonnull (strstr (last_refusal (&guest), "not the one both"));
  g_assert_cmpuint (muster_game_get_n_steps (guest.game), ==, 2);

  /* Another value than the one committed to: refused. */
  value[0] = 8;
  g_free (value_hex);
  value_hex = muster_net_hex_encode (value, sizeof value);
  text = g_strdup_printf ("<muster-net version=\"1\" type=\"step\" seq=\"5\" ack=\"1\" n=\"3\" value=\"%s\">"
                          "<step action=\"roll-initiative\" player=\"red\"><die sides=\"20\" value=\"%u\" who=\"red\"/>"
                          "</step></muster-net>", value_hex, die);
  soup_websocket_connection_send_text (fake.ws, text);
  g_free (text);
  g_free (fake_wait (&fake));
  g_assert_nonnull (strstr (last_refusal (&guest), "committed"));
  g_assert_cmpuint (muster_game_get_n_steps (guest.game), ==, 2);

  /* And a step of Bob's that Bob never took. */
  text = g_strdup ("<muster-net version=\"1\" type=\"step\" seq=\"6\" ack=\"1\" n=\"3\">"
                   "<step action=\"keep\" player=\"blue\" keep=\"initiative\"/></muster-net>");
  soup_websocket_connection_send_text (fake.ws, text);
  g_free (text);
  g_free (fake_wait (&fake));
  g_assert_nonnull (strstr (last_refusal (&guest), "did not take"));
  g_assert_cmpuint (muster_game_get_n_steps (guest.game), ==, 2);

  side_close (&guest);
  side_close (&host);
  soup_server_disconnect (server);
  g_clear_object (&fake.ws);
  g_ptr_array_unref (fake.heard);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A host that never welcomes: the join fails in time, saying so, rather
 * than wait for ever. */
static void
test_silent_host (void)
{
  FakeHost fake = { NULL, g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GTlsCertificate) certificate = muster_net_cert_new_self_signed (NULL);
  g_autoptr(GBytes) fingerprint = muster_net_cert_fingerprint (certificate);
  g_autoptr(SoupServer) server = soup_server_new ("tls-certificate", certificate, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterNetSession) guest = NULL;
  g_autofree char *invitation = fake_listen (&fake, server, fingerprint);
  GAsyncResult *result = NULL;

  g_setenv ("MUSTER_NET_WELCOME_TIMEOUT_S", "1", TRUE);
  muster_net_session_join_async (invitation, NULL, NULL, NULL, got_result_cb, &result);
  wait_for (is_set, &result, "the join");
  g_unsetenv ("MUSTER_NET_WELCOME_TIMEOUT_S");
  guest = muster_net_session_join_finish (result, &error);
  g_object_unref (result);
  g_assert_null (guest);
  g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_CLOSED);
  g_assert_nonnull (strstr (error->message, "did not answer in time"));
  /* It said hello, and heard nothing. */
  g_assert_cmpuint (fake.heard->len, ==, 1);

  soup_server_disconnect (server);
  g_clear_object (&fake.ws);
  g_ptr_array_unref (fake.heard);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
second_passed_cb (gpointer data)
{
  *(gpointer *) data = GINT_TO_POINTER (1);

  return G_SOURCE_REMOVE;
}

/* A host that puts in its welcome's log the guest's commitment of
 * another game (one it played with the guest, still hidden there): the
 * guest does not reveal it in this one. */
static void
test_hidden_other_game (void)
{
  Match match = { 0 };
  Side host = { 0 };
  Side guest = { 0 };
  FakeHost fake = { NULL, g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GTlsCertificate) certificate = muster_net_cert_new_self_signed (NULL);
  g_autoptr(GBytes) fingerprint = muster_net_cert_fingerprint (certificate);
  g_autoptr(SoupServer) server = soup_server_new ("tls-certificate", certificate, NULL);
  g_autoptr(GBytes) layout = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *invitation = NULL;
  guint n;

  /* Game A: Bob's WIP 17, hidden; not revealed yet (Alice's is not in). */
  match_open (&match);
  OK (muster_game_set_wip (match.guest.game, 1, 17, TRUE, &ok_error));
  settle (&match);
  n = step_number (match.host.game, "commit", "set-wip");
  g_assert_cmpuint (n, >, 0);
  digest = g_strdup (muster_log_step_get (muster_game_get_step (match.host.game, n - 1), "commitment"));
  match_close (&match);

  /* Game B: Alice's WIP in, and that commitment as Bob's, after other
   * steps than game A had before it. */
  host_open (&host);
  muster_net_session_close (host.session);
  {
    g_autoptr(MusterGame) plain = muster_game_new (host.layout, host.system);
    g_autoptr(MusterLogStep) commit = muster_log_step_new ("commit");

    OK (muster_game_set_wip (plain, 0, 20, FALSE, &ok_error));
    muster_log_step_set (commit, "player", "blue");
    muster_log_step_set (commit, "hides", "set-wip");
    muster_log_step_set (commit, "commitment", digest);
    OK (muster_game_take_agreed (plain, commit, NULL, NULL, &ok_error));
  }
  layout = muster_layout_to_bytes (host.layout);
  invitation = fake_listen (&fake, server, fingerprint);
  fake_join (&fake, invitation, layout, 'b', &guest);

  /* Whatever the guest says in the next second, it is no reveal of that
   * WIP. */
  {
    gpointer waited = NULL;

    g_timeout_add (1000, second_passed_cb, &waited);
    wait_for (is_set, &waited, "a second");
  }
  while (fake.heard->len > 0)
    {
      g_autofree char *heard = g_ptr_array_steal_index (fake.heard, 0);

      g_assert_null (strstr (heard, "action=\"reveal\""));
      g_assert_null (strstr (heard, "wip=\"17\""));
    }

  side_close (&guest);
  side_close (&host);
  soup_server_disconnect (server);
  g_clear_object (&fake.ws);
  g_ptr_array_unref (fake.heard);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Nothing listens once the session is closed. */
static void
test_closed (void)
{
  Side host = { 0 };
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  guint16 port;

  host_open (&host);
  port = muster_net_session_get_port (host.session);
  g_assert_cmpuint (port, >, 0);
  connection = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&connection);

  side_close (&host);
  connection = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  g_assert_null (connection);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/session/game", test_game);
  g_test_add_func ("/net/session/dice", test_dice);
  g_test_add_func ("/net/session/hidden", test_hidden);
  g_test_add_func ("/net/session/wrong-secret", test_wrong_secret);
  g_test_add_func ("/net/session/wrong-fingerprint", test_wrong_fingerprint);
  g_test_add_func ("/net/session/resume", test_resume);
  g_test_add_func ("/net/session/taken-back", test_taken_back);
  g_test_add_func ("/net/session/nudges-sent", test_nudges_sent);
  g_test_add_func ("/net/session/refusals", test_refusals);
  g_test_add_func ("/net/session/stranger", test_stranger);
  g_test_add_func ("/net/session/dishonest-host", test_dishonest_host);
  g_test_add_func ("/net/session/silent-host", test_silent_host);
  g_test_add_func ("/net/session/hidden-other-game", test_hidden_other_game);
  g_test_add_func ("/net/session/closed", test_closed);

  return g_test_run ();
}
