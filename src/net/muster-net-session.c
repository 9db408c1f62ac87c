/* muster-net-session.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "muster-net-cert.h"
#include "muster-net-session-private.h"

/* The connection of a game across the network: see the top of
 * muster-net-session.h. */

#define PATH                "/muster"
#define WRONG_TRIES_MAX     3
#define CANDIDATES_MAX      4
#define HELLO_TIMEOUT_S     10
/* Messages of the other player's that cannot be read, refused one by one
 * until the game across the network is closed. */
#define MAX_UNREADABLE      20
/* A host that says nothing after the hello: the join fails rather than
 * wait for ever (MUSTER_NET_WELCOME_TIMEOUT_S shortens it, for the
 * tests). */
#define WELCOME_TIMEOUT_S   20
#define RECONNECT_TRIES_MAX 60
/* WebSocket close codes of our own (4000-4999). */
#define CLOSE_REFUSED       4001
#define CLOSE_TAKEN         4002
#define CLOSE_VERSION       4003

typedef struct
{
  guint64  seq;
  char    *text;
} MusterNetOutgoing;

enum {
  CHANGED,
  REFUSED,
  RECEIVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterNetSession, muster_net_session, G_TYPE_OBJECT)

static void connect_guest (MusterNetSession *self);

static void
outgoing_free (gpointer data)
{
  MusterNetOutgoing *out = data;

  g_free (out->text);
  g_free (out);
}

void
muster_net_session_emit_changed (MusterNetSession *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

void
muster_net_session_refused (MusterNetSession *self,
                            const char       *reason)
{
  g_free (self->refusal);
  self->refusal = g_strdup (reason);
  g_debug ("Refused: %s", reason);
  g_signal_emit (self, signals[REFUSED], 0, reason);
}

static void
set_state (MusterNetSession *self,
           MusterNetState    state)
{
  if (self->state == state)
    return;

  self->state = state;
  muster_net_answers_watch (self);
  muster_net_session_emit_changed (self);
}

/* Sending */

static void
send_text (MusterNetSession        *self,
           SoupWebsocketConnection *ws,
           const char              *text)
{
  if (ws != NULL && soup_websocket_connection_get_state (ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (ws, text);
}

static void
send_unnumbered (MusterNetSession        *self,
                 SoupWebsocketConnection *ws,
                 MusterNetMessage        *message)
{
  g_autofree char *text = NULL;

  message->ack = self->in_seq;
  text = muster_net_message_write (message);
  send_text (self, ws, text);
}

void
muster_net_session_send (MusterNetSession *self,
                         MusterNetMessage *message)
{
  MusterNetOutgoing *out;

  message->seq = ++self->out_seq;
  message->ack = self->in_seq;

  out = g_new0 (MusterNetOutgoing, 1);
  out->seq = message->seq;
  out->text = muster_net_message_write (message);
  g_queue_push_tail (&self->outbox, out);

  /* Kept until the other side says it has it: sent again on resuming. */
  if (self->state == MUSTER_NET_STATE_CONNECTED)
    send_text (self, self->ws, out->text);
  if (self->answer_id == 0)
    muster_net_answers_restart_deadline (self);
}

static void
forget_acknowledged (MusterNetSession *self,
                     guint64           ack)
{
  MusterNetOutgoing *out;
  guint before = self->outbox.length;

  while ((out = g_queue_peek_head (&self->outbox)) != NULL && out->seq <= ack)
    outgoing_free (g_queue_pop_head (&self->outbox));
  if (self->outbox.length != before)
    muster_net_answers_restart_deadline (self);
}

/* On a new connection: what the other side has not acknowledged. */
static void
send_outbox (MusterNetSession *self)
{
  for (GList *l = self->outbox.head; l != NULL; l = l->next)
    send_text (self, self->ws, ((MusterNetOutgoing *) l->data)->text);
  muster_net_answers_restart_deadline (self);
}

void
muster_net_session_refuse (MusterNetSession *self,
                           guint64           about,
                           const char       *reason)
{
  g_autoptr(MusterNetMessage) refusal = muster_net_message_new (MUSTER_NET_MESSAGE_REFUSE);

  muster_net_session_refused (self, reason);
  refusal->about = about;
  refusal->reason = g_strdup (reason);
  muster_net_session_send (self, refusal);
}

/* Receiving */

static void
drop_connection (MusterNetSession *self)
{
  if (self->ws == NULL)
    return;

  g_signal_handlers_disconnect_by_data (self->ws, self);
  if (soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  g_clear_object (&self->ws);
}

static void close_session (MusterNetSession *self,
                           gboolean          say_bye);

static void
receive_numbered (MusterNetSession *self,
                  MusterNetMessage *owned_message)
{
  g_autoptr(MusterNetMessage) message = owned_message;
  g_autoptr(GError) error = NULL;

  if (message->seq != self->in_seq + 1)
    {
      /* Translators: two message numbers */
      g_autofree char *reason = g_strdup_printf (_("A message came out of turn (number %llu, expected %llu)"),
                                                 (unsigned long long) message->seq,
                                                 (unsigned long long) self->in_seq + 1);

      muster_net_session_refuse (self, message->seq, reason);
      return;
    }
  self->in_seq = message->seq;
  forget_acknowledged (self, message->ack);

  switch (message->type)
    {
    case MUSTER_NET_MESSAGE_REFUSE:
      /* Translators: the other Muster's reason */
      {
        g_autofree char *reason = g_strdup_printf (_("The other Muster refused: %s"),
                                                   message->reason != NULL ? message->reason : "");

        muster_net_play_receive (self, message, NULL);
        muster_net_session_refused (self, reason);
      }
      return;

    case MUSTER_NET_MESSAGE_BYE:
      close_session (self, FALSE);
      return;

    case MUSTER_NET_MESSAGE_HELLO:
    case MUSTER_NET_MESSAGE_WELCOME:
    case MUSTER_NET_MESSAGE_STEP:
    case MUSTER_NET_MESSAGE_PROPOSE:
    case MUSTER_NET_MESSAGE_ROLL:
    case MUSTER_NET_MESSAGE_CONTRIBUTE:
    case MUSTER_NET_MESSAGE_MOVE:
    case MUSTER_NET_MESSAGE_PLACE:
    case MUSTER_NET_MESSAGE_REMOVE:
    case MUSTER_NET_MESSAGE_ACK:
    default:
      break;
    }

  if (!self->is_host && self->game == NULL)
    {
      /* The guest's game is not there yet: kept for it. */
      g_queue_push_tail (&self->early, g_steal_pointer (&message));
      return;
    }

  if (!muster_net_play_receive (self, message, &error))
    muster_net_session_refuse (self, message->seq, error->message);
}

static gboolean
send_ack_cb (gpointer user_data)
{
  MusterNetSession *self = user_data;
  g_autoptr(MusterNetMessage) ack = muster_net_message_new (MUSTER_NET_MESSAGE_ACK);

  self->ack_id = 0;
  send_unnumbered (self, self->ws, ack);

  return G_SOURCE_REMOVE;
}

/* The message, or NULL with error set. What to do with a message that
 * cannot be read is the caller's: the other player is told over the
 * game's connection only, never because of a connection that has not
 * joined (anyone on the network could otherwise make the two games
 * part). */
static MusterNetMessage *
read_message (MusterNetSession  *self,
              gint               type,
              GBytes            *bytes,
              GError           **error)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);

  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      g_set_error_literal (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE,
                           _("A message that cannot be read: it is not text"));
      return NULL;
    }

  g_signal_emit (self, signals[RECEIVED], 0, data != NULL ? data : "");

  return muster_net_message_read (data != NULL ? data : "", size, error);
}

static void
message_cb (SoupWebsocketConnection *ws,
            gint                     type,
            GBytes                  *bytes,
            MusterNetSession        *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterNetMessage) message = read_message (self, type, bytes, &error);
  g_autoptr(MusterNetSession) alive = g_object_ref (self);
  guint64 sent;

  muster_net_answers_heard (self);
  if (message == NULL)
    {
      /* Each refusal waits in the outbox until the other side has it,
       * and is shown: a Muster that sends nothing else is not played
       * with any longer. */
      if (++self->n_unreadable > MAX_UNREADABLE)
        {
          muster_net_session_refused (self, _("The other Muster sent too many messages that cannot be read: "
                                              "the game across the network is closed"));
          close_session (self, TRUE);
          return;
        }
      muster_net_session_refuse (self, 0, error->message);
      return;
    }

  if (message->type == MUSTER_NET_MESSAGE_ACK)
    {
      forget_acknowledged (self, message->ack);
      muster_net_session_emit_changed (self);
      return;
    }

  if (message->type == MUSTER_NET_MESSAGE_HELLO || message->type == MUSTER_NET_MESSAGE_WELCOME)
    {
      muster_net_session_refuse (self, 0, _("A greeting came in the middle of the game"));
      return;
    }

  sent = self->out_seq;
  receive_numbered (self, g_steal_pointer (&message));
  /* Nothing said back: the other side hears that it arrived. */
  if (self->out_seq == sent && self->ack_id == 0 && self->state == MUSTER_NET_STATE_CONNECTED)
    self->ack_id = g_idle_add (send_ack_cb, self);
}

static void
closed_cb (SoupWebsocketConnection *ws,
           MusterNetSession        *self)
{
  g_autoptr(MusterNetSession) alive = g_object_ref (self);

  g_debug ("The connection closed (code %u)", soup_websocket_connection_get_close_code (ws));
  drop_connection (self);
  if (self->state == MUSTER_NET_STATE_CLOSED)
    return;

  set_state (self, MUSTER_NET_STATE_DROPPED);
  if (!self->is_host && self->reconnect_id == 0)
    muster_net_session_reconnect (self);
}

static void
error_cb (SoupWebsocketConnection *ws,
          GError                  *error,
          MusterNetSession        *self)
{
  g_debug ("The connection failed: %s", error->message);
}

static void
adopt_connection (MusterNetSession        *self,
                  SoupWebsocketConnection *ws)
{
  drop_connection (self);
  self->ws = g_object_ref (ws);
  g_signal_connect_object (ws, "message", G_CALLBACK (message_cb), self, 0);
  g_signal_connect_object (ws, "closed", G_CALLBACK (closed_cb), self, 0);
  g_signal_connect_object (ws, "error", G_CALLBACK (error_cb), self, 0);
  muster_net_answers_adopt (self, ws);
}

/* The host */

static gboolean
is_lan_address (GInetAddress *address)
{
  const guint8 *bytes = g_inet_address_to_bytes (address);

  if (g_inet_address_get_is_loopback (address) || g_inet_address_get_is_link_local (address) ||
      g_inet_address_get_is_site_local (address))
    return TRUE;

  /* IPv6 unique local addresses, fc00::/7, and IPv4 mapped into IPv6. */
  if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV6)
    {
      static const guint8 mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };

      if ((bytes[0] & 0xfe) == 0xfc)
        return TRUE;
      if (memcmp (bytes, mapped, sizeof mapped) == 0)
        {
          g_autoptr(GInetAddress) v4 = g_inet_address_new_from_bytes (bytes + 12, G_SOCKET_FAMILY_IPV4);

          return is_lan_address (v4);
        }
    }

  return FALSE;
}

#define DEADLINE_KEY "muster-net-deadline"

static void
forget_candidate (MusterNetSession        *self,
                  SoupWebsocketConnection *ws)
{
  guint deadline = GPOINTER_TO_UINT (g_object_steal_data (G_OBJECT (ws), DEADLINE_KEY));

  if (deadline != 0)
    g_source_remove (deadline);
  g_signal_handlers_disconnect_by_data (ws, self);
  g_ptr_array_remove (self->candidates, ws);
}

/* A connection that says nothing is let go (not a wrong secret: it
 * may be anything that knocked on the port). */
static gboolean
candidate_deadline_cb (gpointer user_data)
{
  SoupWebsocketConnection *ws = user_data;
  MusterNetSession *self = g_object_get_data (G_OBJECT (ws), "muster-net-session");

  g_object_steal_data (G_OBJECT (ws), DEADLINE_KEY);
  if (soup_websocket_connection_get_state (ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (ws, CLOSE_REFUSED, "silent");
  if (self != NULL)
    forget_candidate (self, ws);

  return G_SOURCE_REMOVE;
}

static void
stop_listening (MusterNetSession *self)
{
  if (self->server != NULL)
    soup_server_disconnect (self->server);
  g_clear_object (&self->server);
}

static void
wrong_secret (MusterNetSession        *self,
              SoupWebsocketConnection *ws)
{
  soup_websocket_connection_close (ws, CLOSE_REFUSED, "refused");
  forget_candidate (self, ws);

  if (++self->wrong_tries < WRONG_TRIES_MAX)
    {
      muster_net_session_refused (self, _("Someone tried to join with a wrong secret"));
      return;
    }

  stop_listening (self);
  muster_net_session_refused (self, _("Three tries with a wrong secret: Muster stopped listening for players"));
  muster_net_session_emit_changed (self);
}

static gboolean
same_secret (const char *a,
             const char *b)
{
  gsize n = strlen (b);
  guint8 diff = 0;

  if (a == NULL || strlen (a) != n)
    return FALSE;

  /* In a time that does not tell how much of it was right. */
  for (gsize i = 0; i < n; i++)
    diff |= (guint8) (a[i] ^ b[i]);

  return diff == 0;
}

static void
welcome (MusterNetSession        *self,
         SoupWebsocketConnection *ws,
         MusterNetMessage        *hello)
{
  g_autoptr(MusterNetMessage) reply = muster_net_message_new (MUSTER_NET_MESSAGE_WELCOME);
  g_autofree char *army_refused = NULL;
  gboolean resuming = hello->session_id != NULL;

  reply->session_id = g_strdup (self->session_id);
  reply->player = g_strdup (muster_game_get_player_id (self->game, self->peer));
  reply->received = self->in_seq;
  if (!resuming && hello->army != NULL)
    army_refused = muster_net_army_adopt (self, hello->army);
  if (!resuming)
    {
      /* What the host's player keeps of the army to themselves is
       * committed to before the guest sees the table, and left out of
       * it. */
      muster_net_hidden_commit_army (self, TRUE);
      reply->layout = muster_net_hidden_redact (self);
    }

  forget_candidate (self, ws);
  adopt_connection (self, ws);
  if (!resuming)
    {
      /* The layout has the game as it stands: messages begin now. */
      g_queue_clear_full (&self->outbox, outgoing_free);
      self->out_seq = self->in_seq = 0;
      self->joined = TRUE;
      muster_net_play_start (self);
    }
  send_unnumbered (self, ws, reply);
  if (army_refused != NULL)
    muster_net_session_refuse (self, 0, army_refused);

  /* What the guest has not seen yet, again. */
  forget_acknowledged (self, hello->received);
  set_state (self, MUSTER_NET_STATE_CONNECTED);
  send_outbox (self);
  /* A hidden WIP kept from an earlier session, due now. */
  muster_net_hidden_maybe_reveal (self);
}

static void
candidate_message_cb (SoupWebsocketConnection *ws,
                      gint                     type,
                      GBytes                  *bytes,
                      MusterNetSession        *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterNetMessage) hello = read_message (self, type, bytes, &error);
  g_autoptr(MusterNetSession) alive = g_object_ref (self);
  g_autoptr(SoupWebsocketConnection) keep = g_object_ref (ws);

  /* Another version of Muster: said so, and not counted as a wrong
   * secret (three of which stop the listening). */
  if (g_error_matches (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_VERSION))
    {
      soup_websocket_connection_close (ws, CLOSE_VERSION, "version");
      forget_candidate (self, ws);
      muster_net_session_refused (self, _("A Muster of another version tried to join: both players need the "
                                          "same version"));
      return;
    }

  if (hello == NULL || hello->type != MUSTER_NET_MESSAGE_HELLO || !same_secret (hello->key, self->secret))
    {
      wrong_secret (self, ws);
      return;
    }

  /* A second player, or another session's: this game has its guest. */
  if ((hello->session_id == NULL && self->joined) ||
      (hello->session_id != NULL && g_strcmp0 (hello->session_id, self->session_id) != 0))
    {
      soup_websocket_connection_close (ws, CLOSE_TAKEN, "taken");
      forget_candidate (self, ws);
      return;
    }

  welcome (self, ws, hello);
}

static void
candidate_closed_cb (SoupWebsocketConnection *ws,
                     MusterNetSession        *self)
{
  g_autoptr(SoupWebsocketConnection) keep = g_object_ref (ws);

  forget_candidate (self, ws);
}

static void
websocket_cb (SoupServer              *server,
              SoupServerMessage       *msg,
              const char              *path,
              SoupWebsocketConnection *ws,
              gpointer                 user_data)
{
  MusterNetSession *self = user_data;
  GSocketAddress *remote = soup_server_message_get_remote_address (msg);
  GInetAddress *address = G_IS_INET_SOCKET_ADDRESS (remote)
                        ? g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)) : NULL;

  if (address == NULL || (!self->allow_internet && !is_lan_address (address)) ||
      self->candidates->len >= CANDIDATES_MAX || self->state == MUSTER_NET_STATE_CLOSED)
    {
      soup_websocket_connection_close (ws, CLOSE_REFUSED, "refused");
      return;
    }

  soup_websocket_connection_set_max_incoming_payload_size (ws, MUSTER_NET_MAX_SMALL);
  g_ptr_array_add (self->candidates, g_object_ref (ws));
  g_object_set_data (G_OBJECT (ws), "muster-net-session", self);
  g_object_set_data (G_OBJECT (ws), DEADLINE_KEY,
                     GUINT_TO_POINTER (g_timeout_add_seconds (HELLO_TIMEOUT_S, candidate_deadline_cb, ws)));
  g_signal_connect_object (ws, "message", G_CALLBACK (candidate_message_cb), self, 0);
  g_signal_connect_object (ws, "closed", G_CALLBACK (candidate_closed_cb), self, 0);
}

/* A LAN address of this computer for the invitation: the first of its
 * interfaces' that is not the loopback, else the loopback. No name is
 * looked up: nothing goes out on the network. */
static char *
guess_address (const char *bound)
{
  g_autoptr(GInetAddress) inet = bound != NULL ? g_inet_address_new_from_string (bound) : NULL;
  struct ifaddrs *list = NULL;
  char *found = NULL;

  if (inet != NULL && !g_inet_address_get_is_any (inet))
    return g_strdup (bound);

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *ifa = list; ifa != NULL && found == NULL; ifa = ifa->ifa_next)
        {
          g_autoptr(GSocketAddress) address = NULL;
          GInetAddress *candidate;

          if (ifa->ifa_addr == NULL || ifa->ifa_addr->sa_family != AF_INET)
            continue;
          address = g_socket_address_new_from_native (ifa->ifa_addr, sizeof (struct sockaddr_in));
          candidate = G_IS_INET_SOCKET_ADDRESS (address)
                    ? g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address)) : NULL;
          if (candidate != NULL && !g_inet_address_get_is_loopback (candidate) && is_lan_address (candidate))
            found = g_inet_address_to_string (candidate);
        }
      freeifaddrs (list);
    }

  return found != NULL ? found : g_strdup ("127.0.0.1");
}

static gboolean
listen_on (MusterNetSession  *self,
           const char        *address,
           guint16            port,
           GError           **error)
{
  g_autoptr(GInetAddress) inet = address != NULL ? g_inet_address_new_from_string (address)
                                                 : g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) where = NULL;
  g_autoptr(GError) local_error = NULL;
  GSList *listeners;

  if (inet == NULL)
    {
      g_set_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_ADDRESS, _("“%s” is not an address"), address);
      return FALSE;
    }
  if (!g_inet_address_get_is_any (inet) && !is_lan_address (inet) && !self->allow_internet)
    {
      g_set_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_ADDRESS,
                   _("%s is neither this computer’s loopback nor a LAN address"), address);
      return FALSE;
    }

  where = g_inet_socket_address_new (inet, port != 0 ? port : MUSTER_NET_DEFAULT_PORT);
  if (!soup_server_listen (self->server, where, SOUP_SERVER_LISTEN_HTTPS, &local_error))
    {
      /* The usual port is taken: any will do, the invitation says which. */
      if (port != 0)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      g_clear_object (&where);
      g_clear_error (&local_error);
      where = g_inet_socket_address_new (inet, 0);
      if (!soup_server_listen (self->server, where, SOUP_SERVER_LISTEN_HTTPS, error))
        return FALSE;
    }

  listeners = soup_server_get_listeners (self->server);
  if (listeners != NULL)
    {
      g_autoptr(GSocketAddress) local = g_socket_get_local_address (listeners->data, NULL);

      if (G_IS_INET_SOCKET_ADDRESS (local))
        self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local));
    }
  g_slist_free (listeners);

  return TRUE;
}

static gboolean
check_game (MusterGame  *game,
            GError     **error)
{
  MusterGameKind kind = muster_game_get_kind (game);

  if (kind == MUSTER_GAME_KIND_INFINITY || kind == MUSTER_GAME_KIND_T9A)
    return TRUE;

  g_set_error_literal (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_GAME,
                       _("Only a game of Infinity or The 9th Age between two players can be played across the network"));

  return FALSE;
}

MusterNetSession *
muster_net_session_host (MusterGame          *game,
                         int                  local_player,
                         const char          *address,
                         guint16              port,
                         MusterNetHostFlags   flags,
                         GError             **error)
{
  g_autoptr(MusterNetSession) self = NULL;
  g_autoptr(GBytes) fingerprint = NULL;
  g_autofree char *shown = NULL;
  guint8 bytes[MUSTER_NET_SECRET_BYTES];
  guint8 id[16];

  g_return_val_if_fail (MUSTER_IS_GAME (game), NULL);
  g_return_val_if_fail (local_player == 0 || local_player == 1, NULL);

  if (!check_game (game, error))
    return NULL;

  self = g_object_new (MUSTER_TYPE_NET_SESSION, NULL);
  self->is_host = TRUE;
  self->state = MUSTER_NET_STATE_LISTENING;
  self->game = g_object_ref (game);
  self->layout = g_object_ref (muster_game_get_layout (game));
  self->local = local_player;
  self->peer = 1 - local_player;
  self->allow_internet = (flags & MUSTER_NET_HOST_ALLOW_INTERNET) != 0;

  muster_net_random_bytes (bytes, sizeof bytes);
  self->secret = muster_net_hex_encode (bytes, sizeof bytes);
  muster_net_random_bytes (id, sizeof id);
  self->session_id = muster_net_hex_encode (id, sizeof id);

  self->certificate = muster_net_cert_new_self_signed (error);
  if (self->certificate == NULL)
    return NULL;
  fingerprint = muster_net_cert_fingerprint (self->certificate);
  memcpy (self->fingerprint, g_bytes_get_data (fingerprint, NULL), sizeof self->fingerprint);

  self->server = soup_server_new ("tls-certificate", self->certificate, NULL);
  soup_server_add_websocket_handler (self->server, PATH, NULL, NULL, websocket_cb, self, NULL);
  if (!listen_on (self, address, port, error))
    {
      stop_listening (self);
      return NULL;
    }

  shown = guess_address (address);
  self->invitation = muster_net_invitation_format (shown, self->port, self->fingerprint, self->secret);
  muster_net_play_start (self);

  return g_steal_pointer (&self);
}

const char *
muster_net_session_get_invitation (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), NULL);

  return self->invitation;
}

guint16
muster_net_session_get_port (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), 0);

  return self->port;
}

/* The guest */

static gboolean
accept_certificate_cb (SoupMessage          *msg,
                       GTlsCertificate      *certificate,
                       GTlsCertificateFlags  errors,
                       MusterNetSession     *self)
{
  g_autoptr(GBytes) fingerprint = muster_net_cert_fingerprint (certificate);

  /* Whatever else is wrong with it (no authority signed it, it names
   * no host), it is the one the invitation names, or it is refused. */
  return fingerprint != NULL && g_bytes_get_size (fingerprint) == sizeof self->fingerprint &&
         memcmp (g_bytes_get_data (fingerprint, NULL), self->fingerprint, sizeof self->fingerprint) == 0;
}

static void
fail_join (MusterNetSession *self,
           GError           *error)
{
  GTask *task = g_steal_pointer (&self->join_task);

  g_clear_handle_id (&self->welcome_id, g_source_remove);
  drop_connection (self);
  if (task != NULL)
    {
      self->state = MUSTER_NET_STATE_CLOSED;
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  g_debug ("Resuming failed: %s", error->message);
  g_error_free (error);
}

static void
welcomed (MusterNetSession *self,
          MusterNetMessage *welcome_message)
{
  g_autoptr(GError) error = NULL;
  GTask *task;

  if (self->join_task != NULL)
    {
      GPtrArray *players;
      int player = -1;

      if (welcome_message->layout == NULL)
        {
          fail_join (self, g_error_new_literal (MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE,
                                                _("The host sent no layout")));
          return;
        }
      self->layout = muster_layout_new_from_bytes (welcome_message->layout, _("the host’s layout"), &error);
      if (self->layout == NULL)
        {
          fail_join (self, g_steal_pointer (&error));
          return;
        }
      players = muster_layout_get_players (self->layout);
      for (guint i = 0; i < MIN (players->len, 2); i++)
        if (g_strcmp0 (((MusterPlayer *) g_ptr_array_index (players, i))->id, welcome_message->player) == 0)
          player = (int) i;
      if (player < 0)
        {
          fail_join (self, g_error_new (MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE,
                                        _("The host gave this computer “%s”, who is not a player of the layout"),
                                        welcome_message->player));
          return;
        }
      self->local = player;
      self->peer = 1 - player;
      self->session_id = g_strdup (welcome_message->session_id);
      muster_net_army_welcomed (self, welcome_message->player);
    }
  else if (g_strcmp0 (welcome_message->session_id, self->session_id) != 0)
    {
      fail_join (self, g_error_new_literal (MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE,
                                            _("The host is playing another game now")));
      return;
    }

  self->reconnect_tries = 0;
  forget_acknowledged (self, welcome_message->received);
  set_state (self, MUSTER_NET_STATE_CONNECTED);
  send_outbox (self);

  task = g_steal_pointer (&self->join_task);
  if (task != NULL)
    {
      g_task_return_pointer (task, g_object_ref (self), g_object_unref);
      g_object_unref (task);
    }
}

static void guest_greeting_closed_cb (SoupWebsocketConnection *ws,
                                      MusterNetSession        *self);

static void
guest_greeting_cb (SoupWebsocketConnection *ws,
                   gint                     type,
                   GBytes                   *bytes,
                   MusterNetSession        *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterNetMessage) message = read_message (self, type, bytes, &error);
  g_autoptr(MusterNetSession) alive = g_object_ref (self);

  g_clear_handle_id (&self->welcome_id, g_source_remove);
  if (message == NULL)
    {
      /* Translators: why follows */
      fail_join (self, g_error_new (MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE,
                                    _("The host did not answer as Muster does: %s"), error->message));
      return;
    }
  if (message->type != MUSTER_NET_MESSAGE_WELCOME)
    {
      fail_join (self, g_error_new_literal (MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE,
                                            _("The host did not answer as Muster does")));
      return;
    }

  /* From now on, the game's messages. */
  g_signal_handlers_disconnect_by_func (ws, guest_greeting_cb, self);
  g_signal_handlers_disconnect_by_func (ws, guest_greeting_closed_cb, self);
  g_signal_connect_object (ws, "message", G_CALLBACK (message_cb), self, 0);
  g_signal_connect_object (ws, "closed", G_CALLBACK (closed_cb), self, 0);
  welcomed (self, message);
}

static void
guest_greeting_closed_cb (SoupWebsocketConnection *ws,
                          MusterNetSession        *self)
{
  g_autoptr(MusterNetSession) alive = g_object_ref (self);
  gushort code = soup_websocket_connection_get_close_code (ws);

  if (code == CLOSE_REFUSED)
    fail_join (self, g_error_new_literal (MUSTER_NET_ERROR, MUSTER_NET_ERROR_SECRET,
                                          _("The host refused this invitation: its secret is not the game’s")));
  else if (code == CLOSE_TAKEN)
    fail_join (self, g_error_new_literal (MUSTER_NET_ERROR, MUSTER_NET_ERROR_SECRET,
                                          _("Another player has joined this game already")));
  else if (code == CLOSE_VERSION)
    fail_join (self, g_error_new_literal (MUSTER_NET_ERROR, MUSTER_NET_ERROR_VERSION,
                                          _("The host runs another version of Muster: both players need the "
                                            "same version")));
  else
    fail_join (self, g_error_new_literal (MUSTER_NET_ERROR, MUSTER_NET_ERROR_CLOSED,
                                          _("The host closed the connection")));

  if (self->state == MUSTER_NET_STATE_DROPPED && self->reconnect_id == 0)
    muster_net_session_reconnect (self);
}

static gboolean
welcome_deadline_cb (gpointer user_data)
{
  MusterNetSession *self = user_data;
  g_autoptr(MusterNetSession) alive = g_object_ref (self);

  self->welcome_id = 0;
  fail_join (self, g_error_new_literal (MUSTER_NET_ERROR, MUSTER_NET_ERROR_CLOSED,
                                        _("The host did not answer in time: is the game still hosted?")));
  if (self->state == MUSTER_NET_STATE_DROPPED && self->reconnect_id == 0)
    muster_net_session_reconnect (self);

  return G_SOURCE_REMOVE;
}

static void
welcome_deadline_start (MusterNetSession *self)
{
  g_clear_handle_id (&self->welcome_id, g_source_remove);
  self->welcome_id = g_timeout_add_seconds (muster_net_timeout_seconds ("MUSTER_NET_WELCOME_TIMEOUT_S",
                                                                        WELCOME_TIMEOUT_S),
                                            welcome_deadline_cb, self);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(MusterNetSession) self = user_data;
  g_autoptr(SoupWebsocketConnection) ws = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterNetMessage) hello = muster_net_message_new (MUSTER_NET_MESSAGE_HELLO);

  ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  if (ws == NULL)
    {
      if (g_error_matches (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE))
        {
          g_clear_error (&error);
          g_set_error_literal (&error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_CERTIFICATE,
                               _("The host’s certificate is not the one the invitation names: "
                                 "someone else may be posing as the host"));
        }
      else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *message = g_strdup_printf (_("Could not reach the host: %s"), error->message);

          g_clear_error (&error);
          g_set_error_literal (&error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_CLOSED, message);
        }
      fail_join (self, g_steal_pointer (&error));
      if (self->state == MUSTER_NET_STATE_DROPPED && self->reconnect_id == 0)
        muster_net_session_reconnect (self);
      return;
    }

  soup_websocket_connection_set_max_incoming_payload_size (ws, MUSTER_NET_MAX_MESSAGE);
  adopt_connection (self, ws);
  /* Until the welcome, the greeting's handlers. */
  g_signal_handlers_disconnect_by_func (ws, message_cb, self);
  g_signal_handlers_disconnect_by_func (ws, closed_cb, self);
  g_signal_connect_object (ws, "message", G_CALLBACK (guest_greeting_cb), self, 0);
  g_signal_connect_object (ws, "closed", G_CALLBACK (guest_greeting_closed_cb), self, 0);

  welcome_deadline_start (self);
  hello->key = g_strdup (self->secret);
  if (self->join_task == NULL)
    {
      hello->session_id = g_strdup (self->session_id);
      hello->received = self->in_seq;
    }
  else
    hello->army = muster_net_army_get_public (self);
  send_unnumbered (self, ws, hello);
}

static void
connect_guest (MusterNetSession *self)
{
  g_autoptr(SoupMessage) msg = NULL;
  g_autofree char *uri = NULL;
  gboolean v6 = strchr (self->address, ':') != NULL;

  uri = g_strdup_printf ("https://%s%s%s:%u" PATH, v6 ? "[" : "", self->address, v6 ? "]" : "", self->port);
  msg = soup_message_new ("GET", uri);
  if (msg == NULL)
    {
      fail_join (self, g_error_new_literal (MUSTER_NET_ERROR, MUSTER_NET_ERROR_INVITATION, _("The invitation’s address is wrong")));
      return;
    }
  g_signal_connect_object (msg, "accept-certificate", G_CALLBACK (accept_certificate_cb), self, 0);

  soup_session_websocket_connect_async (self->soup, msg, NULL, NULL, G_PRIORITY_DEFAULT, self->cancellable,
                                        connected_cb, g_object_ref (self));
}

void
muster_net_session_join_async (const char          *invitation,
                               MusterLayout        *army_layout,
                               const char          *army_player,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(MusterNetSession) self = g_object_new (MUSTER_TYPE_NET_SESSION, NULL);
  g_autoptr(GError) error = NULL;
  GTask *task;

  g_return_if_fail (army_layout == NULL || MUSTER_IS_LAYOUT (army_layout));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_net_session_join_async);

  if (!muster_net_invitation_parse (invitation, &self->address, &self->port, self->fingerprint,
                                    &self->secret, &error) ||
      (army_layout != NULL && army_player != NULL &&
       !muster_net_army_bring (self, army_layout, army_player, &error)))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }

  self->state = MUSTER_NET_STATE_CONNECTING;
  /* The task keeps the session until it is done. */
  g_task_set_task_data (task, g_object_ref (self), g_object_unref);
  self->join_task = task;
  self->cancellable = cancellable != NULL ? g_object_ref (cancellable) : g_cancellable_new ();
  self->soup = soup_session_new_with_options ("timeout", 15, "idle-timeout", 0, NULL);
  /* Straight to the host: no proxy from the environment. */
  soup_session_set_proxy_resolver (self->soup, NULL);
  connect_guest (self);
}

MusterNetSession *
muster_net_session_join_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static gboolean
reconnect_cb (gpointer user_data)
{
  MusterNetSession *self = user_data;

  self->reconnect_id = 0;
  if (self->state != MUSTER_NET_STATE_DROPPED)
    return G_SOURCE_REMOVE;

  if (++self->reconnect_tries > RECONNECT_TRIES_MAX)
    {
      muster_net_session_refused (self, _("The host could not be reached again: the game across the network is over"));
      close_session (self, FALSE);
      return G_SOURCE_REMOVE;
    }

  connect_guest (self);

  return G_SOURCE_REMOVE;
}

void
muster_net_session_reconnect (MusterNetSession *self)
{
  g_return_if_fail (MUSTER_IS_NET_SESSION (self));

  if (self->is_host || self->state != MUSTER_NET_STATE_DROPPED)
    return;

  g_clear_handle_id (&self->reconnect_id, g_source_remove);
  /* The first try at once, the next a second apart. */
  self->reconnect_id = self->reconnect_tries == 0 ? g_idle_add (reconnect_cb, self)
                                                  : g_timeout_add_seconds (1, reconnect_cb, self);
}

/* Both */

MusterLayout *
muster_net_session_get_layout (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), NULL);

  return self->layout;
}

void
muster_net_session_set_game (MusterNetSession *self,
                             MusterGame       *game)
{
  g_return_if_fail (MUSTER_IS_NET_SESSION (self));
  g_return_if_fail (MUSTER_IS_GAME (game));
  g_return_if_fail (!self->is_host && self->game == NULL);
  g_return_if_fail (muster_game_get_layout (game) == self->layout);

  self->game = g_object_ref (game);
  muster_net_play_start (self);

  while (self->early.length > 0 && self->state != MUSTER_NET_STATE_CLOSED)
    {
      g_autoptr(MusterNetMessage) message = g_queue_pop_head (&self->early);
      g_autoptr(GError) error = NULL;

      if (!muster_net_play_receive (self, message, &error))
        muster_net_session_refuse (self, message->seq, error->message);
    }

  /* What the guest's player keeps of the army to themselves, and a
   * hidden WIP kept from an earlier session. */
  if (self->state != MUSTER_NET_STATE_CLOSED)
    {
      muster_net_hidden_commit_army (self, FALSE);
      muster_net_hidden_maybe_reveal (self);
    }
}

MusterGame *
muster_net_session_get_game (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), NULL);

  return self->game;
}

gboolean
muster_net_session_is_host (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), FALSE);

  return self->is_host;
}

int
muster_net_session_get_local_player (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), -1);

  return self->local;
}

MusterNetState
muster_net_session_get_state (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), MUSTER_NET_STATE_CLOSED);

  return self->state;
}

const char *
muster_net_session_get_refusal (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), NULL);

  return self->refusal;
}

gboolean
muster_net_session_is_busy (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), FALSE);

  return self->outbox.length > 0 || self->join_task != NULL || muster_net_play_is_busy (self);
}

static char *
describe_connection (MusterNetSession *self)
{
  const char *peer = self->game != NULL ? muster_game_get_player_name (self->game, self->peer) : "";

  switch (self->state)
    {
    case MUSTER_NET_STATE_LISTENING:
      if (self->server == NULL)
        return g_strdup (_("Not listening any more: three tries with a wrong secret"));
      /* Translators: a player's name */
      return g_strdup_printf (_("Waiting for %s to join"), peer);
    case MUSTER_NET_STATE_CONNECTING:
      return g_strdup (_("Joining the game"));
    case MUSTER_NET_STATE_CONNECTED:
      if (self->silent)
        /* Translators: a player's name */
        return g_strdup_printf (_("%s’s Muster is not answering"), peer);
      /* Translators: a player's name */
      return g_strdup_printf (_("%s is connected"), peer);
    case MUSTER_NET_STATE_DROPPED:
      /* Translators: a player's name */
      return g_strdup_printf (_("The connection to %s was lost: trying again"), peer);
    case MUSTER_NET_STATE_CLOSED:
    default:
      return g_strdup (_("The game across the network is over"));
    }
}

char *
muster_net_session_describe (MusterNetSession *self)
{
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), NULL);

  {
    g_autofree char *connection = describe_connection (self);

    text = g_string_new (connection);
  }

  for (int p = 0; self->game != NULL && p < 2; p++)
    {
      g_autofree char *hidden = muster_game_describe_hidden (self->game, p);

      if (hidden != NULL)
        /* Translators: a player's name, then what they keep hidden, such as "1 trooper held back" */
        g_string_append_printf (text, _("; %s: %s"), muster_game_get_player_name (self->game, p), hidden);
    }

  if (self->wants_typed[self->peer] == 1 && self->wants_typed[self->local] != 1)
    /* Translators: a player's name */
    g_string_append_printf (text, _("; %s asks to type in dice thrown at the table"),
                            muster_game_get_player_name (self->game, self->peer));
  /* The player who asked waits for the other's answer, which may take
   * them a while: whose it is, said. */
  else if (self->wants_typed[self->local] == 1 && !muster_game_get_typed_dice (self->game))
    /* Translators: a player's name */
    g_string_append_printf (text, _("; waiting for %s to agree to type in dice thrown at the table"),
                            muster_game_get_player_name (self->game, self->peer));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
close_session (MusterNetSession *self,
               gboolean          say_bye)
{
  if (self->state == MUSTER_NET_STATE_CLOSED)
    return;

  if (say_bye && self->ws != NULL && self->state == MUSTER_NET_STATE_CONNECTED)
    {
      g_autoptr(MusterNetMessage) bye = muster_net_message_new (MUSTER_NET_MESSAGE_BYE);

      muster_net_session_send (self, bye);
    }

  self->state = MUSTER_NET_STATE_CLOSED;
  muster_net_answers_watch (self);
  g_clear_handle_id (&self->reconnect_id, g_source_remove);
  g_clear_handle_id (&self->ack_id, g_source_remove);
  g_clear_handle_id (&self->welcome_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  drop_connection (self);
  while (self->candidates->len > 0)
    {
      g_autoptr(SoupWebsocketConnection) ws = g_object_ref (g_ptr_array_index (self->candidates, 0));

      forget_candidate (self, ws);
      g_object_set_data (G_OBJECT (ws), "muster-net-session", NULL);
      if (soup_websocket_connection_get_state (ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
    }
  stop_listening (self);
  muster_net_play_stop (self);
  muster_net_session_emit_changed (self);
}

void
muster_net_session_close (MusterNetSession *self)
{
  g_return_if_fail (MUSTER_IS_NET_SESSION (self));

  close_session (self, TRUE);
}

void
muster_net_session_drop (MusterNetSession *self)
{
  g_autoptr(GIOStream) stream = NULL;

  g_return_if_fail (MUSTER_IS_NET_SESSION (self));

  if (self->ws == NULL)
    return;

  /* Down through libsoup's stream and TLS to the socket, which is shut
   * as a cable pulled out would leave it. */
  stream = g_object_ref (soup_websocket_connection_get_io_stream (self->ws));
  while (stream != NULL && !G_IS_SOCKET_CONNECTION (stream))
    {
      GObjectClass *klass = G_OBJECT_GET_CLASS (stream);
      const char *name = g_object_class_find_property (klass, "base-iostream") != NULL ? "base-iostream"
                       : g_object_class_find_property (klass, "base-io-stream") != NULL ? "base-io-stream" : NULL;
      GIOStream *base = NULL;

      if (name != NULL)
        g_object_get (stream, name, &base, NULL);
      g_object_unref (stream);
      stream = base;
    }

  if (stream != NULL)
    g_socket_shutdown (g_socket_connection_get_socket (G_SOCKET_CONNECTION (stream)), TRUE, TRUE, NULL);
}

/* GObject */

static void
muster_net_session_dispose (GObject *object)
{
  MusterNetSession *self = (MusterNetSession *)object;

  close_session (self, TRUE);
  g_clear_object (&self->soup);

  G_OBJECT_CLASS (muster_net_session_parent_class)->dispose (object);
}

static void
muster_net_session_finalize (GObject *object)
{
  MusterNetSession *self = (MusterNetSession *)object;

  muster_net_play_clear (self);
  g_queue_clear_full (&self->outbox, outgoing_free);
  g_queue_clear_full (&self->early, (GDestroyNotify) muster_net_message_free);
  g_clear_pointer (&self->army, g_ptr_array_unref);
  g_clear_pointer (&self->army_public, g_ptr_array_unref);
  g_clear_pointer (&self->candidates, g_ptr_array_unref);
  g_clear_object (&self->certificate);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->game);
  g_clear_object (&self->layout);
  g_free (self->session_id);
  g_free (self->refusal);
  g_free (self->secret);
  g_free (self->invitation);
  g_free (self->address);

  G_OBJECT_CLASS (muster_net_session_parent_class)->finalize (object);
}

static void
muster_net_session_class_init (MusterNetSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_net_session_dispose;
  object_class->finalize = muster_net_session_finalize;

  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[RECEIVED] =
    g_signal_new ("received", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
muster_net_session_init (MusterNetSession *self)
{
  self->candidates = g_ptr_array_new_with_free_func (g_object_unref);
  self->state = MUSTER_NET_STATE_CLOSED;
  self->wants_typed[0] = self->wants_typed[1] = -1;
}
