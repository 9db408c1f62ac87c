/* muster-net-answers.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-net"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-net-session-private.h"

/* Whether the other Muster still answers: see "Silence" at the top of
 * muster-net-session.h.
 *
 * The other Muster answers each numbered message at once (the reply it
 * brings, or an acknowledgement) and each WebSocket ping (libsoup does),
 * whatever its player is doing. One that has not for ANSWER_TIMEOUT_S
 * has stopped: its computer asleep, its process stopped, its cable
 * pulled out, though its connection may look open for minutes yet (TCP
 * tells only when it gives up, if ever). */

#define ANSWER_TIMEOUT_S 30

guint
muster_net_timeout_seconds (const char *name,
                            guint       seconds)
{
  const char *text = g_getenv (name);
  guint64 asked;

  if (text != NULL && g_ascii_string_to_unsigned (text, 10, 1, 3600, &asked, NULL))
    return (guint) asked;

  return seconds;
}

static guint
answer_timeout (void)
{
  return muster_net_timeout_seconds ("MUSTER_NET_ANSWER_TIMEOUT_S", ANSWER_TIMEOUT_S);
}

/* Pings, and a look at the silence, this often: the silence is noticed
 * within a third more than the timeout. */
static guint
ping_interval (void)
{
  return MAX (1, answer_timeout () / 3);
}

/* A message of this side's waited too long for its acknowledgement.
 * What waited with it (dice being agreed, a step proposed) is not taken
 * here: the log stays as it was, and nothing of it is half done. */
static gboolean
answer_deadline_cb (gpointer user_data)
{
  MusterNetSession *self = user_data;
  g_autoptr(MusterNetSession) alive = g_object_ref (self);
  g_autofree char *reason = NULL;

  self->answer_id = 0;
  if (self->game != NULL)
    /* Translators: a player's name */
    reason = g_strdup_printf (_("%s’s Muster stopped answering: the game across the network is closed"),
                              muster_game_get_player_name (self->game, self->peer));
  else
    reason = g_strdup (_("The other Muster stopped answering: the game across the network is closed"));
  muster_net_session_refused (self, reason);
  /* With a bye, which it reads if it wakes up: it closes its side too. */
  muster_net_session_close (self);

  return G_SOURCE_REMOVE;
}

void
muster_net_answers_restart_deadline (MusterNetSession *self)
{
  g_clear_handle_id (&self->answer_id, g_source_remove);
  if (self->state == MUSTER_NET_STATE_CONNECTED && self->outbox.length > 0)
    /* Below the connection's priority: an answer that came in meanwhile
     * (this Muster busy for as long) is read first. */
    self->answer_id = g_timeout_add_seconds_full (G_PRIORITY_DEFAULT_IDLE, answer_timeout (), answer_deadline_cb,
                                                  self, NULL);
}

gboolean
muster_net_session_is_silent (MusterNetSession *self)
{
  g_return_val_if_fail (MUSTER_IS_NET_SESSION (self), FALSE);

  return self->silent;
}

void
muster_net_answers_heard (MusterNetSession *self)
{
  self->heard_at = g_get_monotonic_time ();
  if (self->silent)
    {
      self->silent = FALSE;
      muster_net_session_emit_changed (self);
    }
}

static void
pong_cb (SoupWebsocketConnection *ws,
         GBytes                  *message,
         MusterNetSession        *self)
{
  muster_net_answers_heard (self);
}

/* No answer to the pings for as long as a message may wait: said, not
 * closed, as nothing waits but the other player (their turn, their roll,
 * which have no deadline: a player may think for minutes). A message of
 * this side's that waits has its own deadline, which closes. */
static gboolean
silence_check_cb (gpointer user_data)
{
  MusterNetSession *self = user_data;
  g_autoptr(MusterNetSession) alive = NULL;
  g_autofree char *reason = NULL;

  if (self->silent || self->answer_id != 0 || self->game == NULL ||
      g_get_monotonic_time () - self->heard_at < (gint64) answer_timeout () * G_USEC_PER_SEC)
    return G_SOURCE_CONTINUE;

  /* Whoever hears of the refusal may let go of the session. */
  alive = g_object_ref (self);
  self->silent = TRUE;
  /* Translators: a player's name */
  reason = g_strdup_printf (_("%s’s Muster is not answering"), muster_game_get_player_name (self->game, self->peer));
  muster_net_session_refused (self, reason);
  muster_net_session_emit_changed (self);

  return G_SOURCE_CONTINUE;
}

void
muster_net_answers_watch (MusterNetSession *self)
{
  self->silent = FALSE;
  muster_net_answers_restart_deadline (self);
  if (self->state != MUSTER_NET_STATE_CONNECTED)
    g_clear_handle_id (&self->silence_id, g_source_remove);
  else if (self->silence_id == 0)
    self->silence_id = g_timeout_add_seconds (ping_interval (), silence_check_cb, self);
}

void
muster_net_answers_adopt (MusterNetSession        *self,
                          SoupWebsocketConnection *ws)
{
  /* libsoup 3.2 pings but keeps no deadline for the pongs (3.6 can):
   * the watch above is this file's, the same on either. */
  soup_websocket_connection_set_keepalive_interval (ws, ping_interval ());
  g_signal_connect_object (ws, "pong", G_CALLBACK (pong_cb), self, 0);
  self->heard_at = g_get_monotonic_time ();
}
