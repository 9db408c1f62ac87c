/* muster-net-session-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "muster-game-net.h"
#include "muster-net-crypto.h"
#include "muster-net-session.h"

G_BEGIN_DECLS

/* The session is one object over two files:
 *
 *   muster-net-session.c  the connection: listening, joining, the
 *                         handshake, numbered messages, resuming
 *   muster-net-play.c     the game: steps, dice, hidden choices, moves
 */

/* A step waiting for the host's game to take it. */
typedef struct
{
  MusterLogStep *step;
  int            from;       /* the player who takes it */
  guint64        seq;        /* the guest's message, 0 for the host's own */
} MusterNetPending;

/* A hidden choice of this Muster's player. */
typedef struct
{
  MusterLogStep *hidden;     /* the step as it would have been taken */
  guint8         salt[32];
  char          *digest;
  guint          n;          /* its commit step in the log, 0 until taken */
  gboolean       revealing;
} MusterNetSecret;

struct _MusterNetSession
{
  GObject                   parent_instance;

  gboolean                  is_host;
  MusterNetState            state;
  char                     *session_id;
  char                     *refusal;

  MusterGame               *game;
  MusterLayout             *layout;
  int                       local;
  int                       peer;

  /* The host */
  SoupServer               *server;
  GTlsCertificate          *certificate;
  guint8                    fingerprint[32];
  char                     *secret;
  char                     *invitation;
  guint16                   port;
  guint                     wrong_tries;
  gboolean                  allow_internet;
  gboolean                  joined;
  GPtrArray                *candidates;      /* SoupWebsocketConnection, before their hello */

  /* The guest */
  SoupSession              *soup;
  char                     *address;
  GCancellable             *cancellable;
  GTask                    *join_task;
  guint                     reconnect_id;
  guint                     reconnect_tries;
  guint                     ack_id;
  GQueue                    early;           /* MusterNetMessage before set_game() */

  /* The connection, once past the handshake */
  SoupWebsocketConnection  *ws;
  guint64                   out_seq;
  guint64                   in_seq;
  GQueue                    outbox;          /* MusterNetOutgoing */

  /* The game */
  guint                     agreed;          /* steps both Musters have */
  GPtrArray                *agreed_steps;
  GQueue                    pending;         /* MusterNetPending (host) */
  MusterNetPending         *rolling;         /* host: the dice step under way */
  guint                     rolling_n;
  guint8                    host_value[MUSTER_NET_VALUE_BYTES];
  guint8                    guest_value[MUSTER_NET_VALUE_BYTES];
  char                     *roll_commitment; /* guest: the host's, for roll_n */
  guint                     roll_n;
  GQueue                    proposals;       /* guest: MusterNetPending not yet back */
  guint                     process_id;      /* host: pending steps to take */
  int                       wants_typed[2];  /* -1, or the set-dice asked for */
  GPtrArray                *secrets;         /* MusterNetSecret */
  GHashTable               *positions;       /* piece id → double[3] */
  gboolean                  applying;
  gulong                    game_changed_id;
  gulong                    piece_changed_id;
};

/* muster-net-session.c */
void     muster_net_session_send          (MusterNetSession  *self,
                                           MusterNetMessage  *message);
void     muster_net_session_refused       (MusterNetSession  *self,
                                           const char        *reason);
/* Refuses the other side's message about (0: one that could not be
 * read): says so here and there. */
void     muster_net_session_refuse        (MusterNetSession  *self,
                                           guint64            about,
                                           const char        *reason);
void     muster_net_session_emit_changed  (MusterNetSession  *self);

/* muster-net-play.c */
void     muster_net_play_start            (MusterNetSession  *self);
void     muster_net_play_stop             (MusterNetSession  *self);
void     muster_net_play_clear            (MusterNetSession  *self);
/* A message of the game from the other Muster (in turn, of a type this
 * side takes); FALSE, with why, when it is refused. */
gboolean muster_net_play_receive          (MusterNetSession  *self,
                                           MusterNetMessage  *message,
                                           GError           **error);
gboolean muster_net_play_is_busy          (MusterNetSession  *self);

G_END_DECLS
