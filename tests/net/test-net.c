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

/* The fake host stops listening and lets its guest go. */
static void
fake_close (FakeHost   *fake,
            SoupServer *server)
{
  soup_server_disconnect (server);
  g_clear_object (&fake->ws);
  g_ptr_array_unref (fake->heard);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The README's table, both WIPs in, as a fake host sends it: host's
 * layout, its session closed. */
static GBytes *
layout_with_wips (Side *host)
{
  host_open (host);
  {
    g_autoptr(MusterGame) plain = muster_game_new (host->layout, host->system);

    muster_net_session_close (host->session);
    OK (muster_game_set_wip (plain, 0, 20, FALSE, &ok_error));
    OK (muster_game_set_wip (plain, 1, 20, FALSE, &ok_error));
  }

  return muster_layout_to_bytes (host->layout);
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

  layout = layout_with_wips (&host);
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
  fake_close (&fake, server);
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

  fake_close (&fake, server);
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
  fake_close (&fake, server);
}

/* A step number reached. */
typedef struct
{
  MusterGame *game;
  guint       n;
} Count;

static gboolean
has_n_steps (gpointer data)
{
  Count *count = data;

  return muster_game_get_n_steps (count->game) == count->n;
}

static gboolean
is_closed (gpointer data)
{
  return muster_net_session_get_state (data) == MUSTER_NET_STATE_CLOSED;
}

static gboolean
is_idle (gpointer data)
{
  return !muster_net_session_is_busy (data);
}

/* Whether one of the texts says needle. */
static gboolean
heard_said (GPtrArray  *texts,
            const char *needle)
{
  for (guint i = 0; i < texts->len; i++)
    if (strstr (g_ptr_array_index (texts, i), needle) != NULL)
      return TRUE;

  return FALSE;
}

/* side's player rolls the Initiative, and the other Muster does not
 * answer within a second: side gives up, saying so, its log as it was,
 * with no roll in it. */
static void
roll_unanswered (Side       *side,
                 int         player,
                 const char *said)
{
  g_autofree char *log_before = game_log_text (side->layout);
  g_autofree char *log_after = NULL;
  guint n = muster_game_get_n_steps (side->game);

  g_setenv ("MUSTER_NET_ANSWER_TIMEOUT_S", "1", TRUE);
  OK (muster_game_roll_initiative (side->game, player, 0, &ok_error));
  wait_for (is_closed, side->session, "the other Muster to be given up");
  g_unsetenv ("MUSTER_NET_ANSWER_TIMEOUT_S");

  g_assert_nonnull (strstr (last_refusal (side), said));
  g_assert_cmpuint (muster_game_get_n_steps (side->game), ==, n);
  log_after = game_log_text (side->layout);
  g_assert_cmpstr (log_after, ==, log_before);
}

/* A guest whose Muster stops answering in the middle of a roll (its
 * process stopped, its computer asleep: the connection stays open): the
 * host gives up in time. */
static void
test_silent_guest (void)
{
  Side host = { 0 };
  Raw raw = { 0 };
  g_autoptr(SoupSession) soup = soup_session_new ();
  g_autofree char *secret = NULL;
  g_autofree char *hello = NULL;
  Count wips = { NULL, 3 };

  host_open (&host);
  raw_open (&raw, soup, host.session, &secret);
  hello = g_strdup_printf ("<muster-net version=\"1\" type=\"hello\" seq=\"0\" ack=\"0\" key=\"%s\"/>", secret);
  g_assert_nonnull (strstr (raw_say (&raw, hello), "type=\"welcome\""));

  /* Both WIPs, Bob's as his Muster would send it, every message of the
   * host's acknowledged. */
  OK (muster_game_set_wip (host.game, 0, 20, FALSE, &ok_error));
  soup_websocket_connection_send_text (raw.ws, "<muster-net version=\"1\" type=\"propose\" seq=\"1\" ack=\"1\">"
                                               "<step action=\"set-wip\" player=\"blue\" wip=\"20\" "
                                               "private=\"false\"/></muster-net>");
  wips.game = host.game;
  wait_for (has_n_steps, &wips, "both WIPs");
  soup_websocket_connection_send_text (raw.ws, "<muster-net version=\"1\" type=\"ack\" seq=\"0\" ack=\"2\"/>");
  wait_for (is_idle, host.session, "the host to have its answers");

  /* Alice rolls; Bob's Muster hears the roll and says nothing. */
  roll_unanswered (&host, 0, "Bob’s Muster stopped answering");
  /* The roll went out, and a bye after it, for a Muster that wakes up. */
  wait_for (raw_is_closed, &raw, "the host closing");
  g_assert_true (heard_said (raw.replies, "type=\"roll\""));
  g_assert_true (heard_said (raw.replies, "type=\"bye\""));

  raw_close (&raw);
  side_close (&host);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A host whose Muster stops answering while the guest rolls: the guest
 * gives up in time. */
static void
test_silent_host_roll (void)
{
  Side host = { 0 };
  Side guest = { 0 };
  FakeHost fake = { NULL, g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GTlsCertificate) certificate = muster_net_cert_new_self_signed (NULL);
  g_autoptr(GBytes) fingerprint = muster_net_cert_fingerprint (certificate);
  g_autoptr(SoupServer) server = soup_server_new ("tls-certificate", certificate, NULL);
  g_autoptr(GBytes) layout = layout_with_wips (&host);
  g_autofree char *invitation = fake_listen (&fake, server, fingerprint);

  fake_join (&fake, invitation, layout, 'c', &guest);
  /* Bob's Muster commits to his Lieutenant; the fake host takes it, as
   * Alice's Muster would. */
  {
    g_autofree char *heard = fake_wait (&fake);
    g_autoptr(MusterNetMessage) proposal = muster_net_message_read (heard, strlen (heard), NULL);
    g_autoptr(MusterNetMessage) step = muster_net_message_new (MUSTER_NET_MESSAGE_STEP);
    g_autofree char *text = NULL;
    Count taken = { guest.game, 3 };

    g_assert_nonnull (proposal);
    step->seq = 1;
    step->ack = proposal->seq;
    step->n = 3;
    step->step = muster_log_step_ref (proposal->step);
    text = muster_net_message_write (step);
    soup_websocket_connection_send_text (fake.ws, text);
    wait_for (has_n_steps, &taken, "the commitment taken");
  }

  /* Bob rolls; Alice's Muster hears him and says nothing. */
  roll_unanswered (&guest, 1, "Alice’s Muster stopped answering");
  g_assert_true (heard_said (fake.heard, "action=\"roll-initiative\""));

  side_close (&guest);
  side_close (&host);
  fake_close (&fake, server);
}

/* A connection that can be frozen: a relay on the loopback between the
 * guest and its host that stops passing bytes either way and closes
 * nothing, as a computer put to sleep, a process stopped or a cable
 * pulled out leaves a connection. */
typedef struct _Relay Relay;

typedef struct
{
  Relay             *relay;
  GInputStream      *in;
  GOutputStream     *out;
  GSocketConnection *to;
  guint8             buffer[4096];
  gsize              held;       /* read while frozen, passed on once thawed */
  gboolean           busy;       /* a read or a write under way */
} Pump;

struct _Relay
{
  GSocketService *service;
  GCancellable   *cancellable;
  GPtrArray      *pumps;         /* Pump */
  guint16         host_port;
  gboolean        frozen;
};

static void pump_read (Pump *pump);

static void
pump_free (gpointer data)
{
  Pump *pump = data;

  g_object_unref (pump->to);
  g_free (pump);
}

static void
pump_written_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Pump *pump = user_data;

  pump->busy = FALSE;
  if (g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, NULL))
    pump_read (pump);
}

static void
pump_pass (Pump *pump)
{
  gsize n = pump->held;

  pump->held = 0;
  pump->busy = TRUE;
  g_output_stream_write_all_async (pump->out, pump->buffer, n, G_PRIORITY_DEFAULT, pump->relay->cancellable,
                                   pump_written_cb, pump);
}

static void
pump_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Pump *pump = user_data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);

  pump->busy = FALSE;
  if (n <= 0)
    {
      /* Closed on this side: the other side hears it. */
      if (!g_cancellable_is_cancelled (pump->relay->cancellable))
        g_socket_shutdown (g_socket_connection_get_socket (pump->to), FALSE, TRUE, NULL);
      return;
    }

  pump->held = n;
  /* Frozen: held, and nothing more read, until thawed. */
  if (!pump->relay->frozen)
    pump_pass (pump);
}

static void
pump_read (Pump *pump)
{
  pump->busy = TRUE;
  g_input_stream_read_async (pump->in, pump->buffer, sizeof pump->buffer, G_PRIORITY_DEFAULT,
                             pump->relay->cancellable, pump_read_cb, pump);
}

static void
relay_pump (Relay             *relay,
            GSocketConnection *from,
            GSocketConnection *to)
{
  Pump *pump = g_new0 (Pump, 1);

  pump->relay = relay;
  pump->in = g_io_stream_get_input_stream (G_IO_STREAM (from));
  pump->out = g_io_stream_get_output_stream (G_IO_STREAM (to));
  pump->to = g_object_ref (to);
  g_ptr_array_add (relay->pumps, pump);
  pump_read (pump);
}

static gboolean
relay_incoming_cb (GSocketService    *service,
                   GSocketConnection *connection,
                   GObject           *source,
                   Relay             *relay)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) host = NULL;
  g_autoptr(GError) error = NULL;

  g_socket_client_set_enable_proxy (client, FALSE);
  host = g_socket_client_connect_to_host (client, "127.0.0.1", relay->host_port, NULL, &error);
  g_assert_no_error (error);
  relay_pump (relay, connection, host);
  relay_pump (relay, host, connection);

  return TRUE;
}

/* Relays to host's port; the invitation, through the relay. */
static char *
relay_open (Relay            *relay,
            MusterNetSession *host)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) where = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  g_autofree char *secret = NULL;
  guint8 fingerprint[32];

  g_assert_true (muster_net_invitation_parse (muster_net_session_get_invitation (host), &address,
                                              &relay->host_port, fingerprint, &secret, NULL));
  relay->cancellable = g_cancellable_new ();
  relay->pumps = g_ptr_array_new_with_free_func (pump_free);
  relay->service = g_socket_service_new ();
  g_socket_listener_add_address (G_SOCKET_LISTENER (relay->service), where, G_SOCKET_TYPE_STREAM,
                                 G_SOCKET_PROTOCOL_TCP, NULL, &bound, &error);
  g_assert_no_error (error);
  g_signal_connect (relay->service, "incoming", G_CALLBACK (relay_incoming_cb), relay);
  g_socket_service_start (relay->service);

  return muster_net_invitation_format ("127.0.0.1", g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)),
                                       fingerprint, secret);
}

static void
relay_thaw (Relay *relay)
{
  relay->frozen = FALSE;
  for (guint i = 0; i < relay->pumps->len; i++)
    {
      Pump *pump = g_ptr_array_index (relay->pumps, i);

      if (!pump->busy && pump->held > 0)
        pump_pass (pump);
    }
}

static gboolean
relay_is_still (gpointer data)
{
  Relay *relay = data;

  for (guint i = 0; i < relay->pumps->len; i++)
    if (((Pump *) g_ptr_array_index (relay->pumps, i))->busy)
      return FALSE;

  return TRUE;
}

static void
relay_close (Relay *relay)
{
  g_socket_service_stop (relay->service);
  g_socket_listener_close (G_SOCKET_LISTENER (relay->service));
  g_cancellable_cancel (relay->cancellable);
  wait_for (relay_is_still, relay, "the relay to stop");
  for (guint i = 0; i < relay->pumps->len; i++)
    g_io_stream_close (G_IO_STREAM (((Pump *) g_ptr_array_index (relay->pumps, i))->to), NULL, NULL);
  g_clear_pointer (&relay->pumps, g_ptr_array_unref);
  g_clear_object (&relay->service);
  g_clear_object (&relay->cancellable);
}

static gboolean
says_not_answering (gpointer data)
{
  g_autofree char *said = muster_net_session_describe (data);

  return strstr (said, "Muster is not answering") != NULL;
}

static gboolean
says_connected (gpointer data)
{
  g_autofree char *said = muster_net_session_describe (data);

  return strstr (said, "is connected") != NULL;
}

/* Bob's Muster goes silent while Alice waits for him to roll (nothing
 * of hers waits for an answer): her Muster says that his is not
 * answering, and waits as long as it takes, for a player may think for
 * minutes; once it answers again, the game goes on. */
static void
test_not_answering (void)
{
  Match match = { 0 };
  Relay relay = { 0 };
  g_autofree char *invitation = NULL;

  /* Pings every second; silent for three, a Muster is not answering. */
  g_setenv ("MUSTER_NET_ANSWER_TIMEOUT_S", "3", TRUE);
  host_open (&match.host);
  invitation = relay_open (&relay, match.host.session);
  guest_join (&match.guest, invitation);
  OK (muster_game_set_wip (match.host.game, 0, 20, FALSE, &ok_error));
  OK (muster_game_set_wip (match.guest.game, 1, 20, FALSE, &ok_error));
  settle (&match);
  OK (muster_game_roll_initiative (match.host.game, 0, 0, &ok_error));
  settle (&match);

  relay.frozen = TRUE;
  wait_for (says_not_answering, match.host.session, "Alice's Muster to say Bob's is not answering");
  g_assert_nonnull (strstr (last_refusal (&match.host), "Bob’s Muster is not answering"));
  /* Past any deadline of a message awaited, it waits still. */
  {
    gpointer waited = NULL;

    g_timeout_add_seconds (3, second_passed_cb, &waited);
    wait_for (is_set, &waited, "three seconds");
  }
  g_assert_cmpint (muster_net_session_get_state (match.host.session), ==, MUSTER_NET_STATE_CONNECTED);
  g_assert_cmpint (muster_net_session_get_state (match.guest.session), ==, MUSTER_NET_STATE_CONNECTED);

  relay_thaw (&relay);
  wait_for (says_connected, match.host.session, "Bob's Muster to answer again");
  OK (muster_game_roll_initiative (match.guest.game, 1, 0, &ok_error));
  settle (&match);
  g_unsetenv ("MUSTER_NET_ANSWER_TIMEOUT_S");
  assert_same_logs (&match);
  g_assert_cmpint (muster_net_session_get_state (match.host.session), ==, MUSTER_NET_STATE_CONNECTED);

  match_close (&match);
  relay_close (&relay);
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
  g_test_add_func ("/net/session/silent-guest", test_silent_guest);
  g_test_add_func ("/net/session/silent-host-roll", test_silent_host_roll);
  g_test_add_func ("/net/session/not-answering", test_not_answering);
  g_test_add_func ("/net/session/closed", test_closed);

  return g_test_run ();
}
