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
#include "muster-roster.h"

G_BEGIN_DECLS

/* The session is one object over these files:
 *
 *   muster-net-session.c  the connection: listening, joining, the
 *                         handshake, numbered messages, resuming
 *   muster-net-answers.c  whether the other Muster still answers
 *   muster-net-play.c     the game: steps in the host's order, dice
 *   muster-net-hidden.c   hidden choices: commitments, reveals, the
 *                         army's hidden information, secrets kept
 *   muster-net-pieces.c   pieces placed, moved and taken off the table
 *   muster-net-army.c     the army a guest brings
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
  guint8         salt[64];
  gsize          salt_len;
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
  guint                     welcome_id;      /* guest: the welcome's deadline */
  guint                     n_unreadable;    /* messages of the other Muster's that could not be read */
  guint                     ack_id;
  GQueue                    early;           /* MusterNetMessage before set_game() */
  GPtrArray                *army;            /* MusterRosterEntry it brings, until the welcome */
  GPtrArray                *army_public;     /* what the hello carries of it */

  /* The connection, once past the handshake */
  SoupWebsocketConnection  *ws;
  guint64                   out_seq;
  guint64                   in_seq;
  GQueue                    outbox;          /* MusterNetOutgoing */
  guint                     answer_id;       /* the outbox's oldest message: its deadline */
  guint                     silence_id;      /* checks that the other Muster answers its pings */
  gint64                    heard_at;        /* when it last said anything, monotonic */
  gboolean                  silent;          /* it has not, for too long */

  /* The game */
  guint                     agreed;          /* steps both Musters have */
  GPtrArray                *agreed_steps;
  GQueue                    pending;         /* MusterNetPending (host) */
  MusterNetPending         *rolling;         /* host: the dice step under way */
  guint                     rolling_n;
  guint64                   rolling_seq;     /* host: its roll message, which a refusal may be about */
  guint8                    host_value[MUSTER_NET_VALUE_BYTES];
  guint8                    guest_value[MUSTER_NET_VALUE_BYTES];
  char                     *roll_commitment; /* guest: the host's, for roll_n */
  guint                     roll_n;
  guint64                   roll_reply_seq;  /* guest: its value for roll_n, which a refusal may be about */
  GQueue                    proposals;       /* guest: MusterNetPending not yet back */
  guint                     process_id;      /* host: pending steps to take */
  int                       wants_typed[2];  /* -1, or the set-dice asked for */
  GPtrArray                *secrets;         /* MusterNetSecret */
  GHashTable               *pieces;          /* serial → MusterPiece, as both tables have it */
  guint                     put_back_id;     /* pieces taken off that were not this player's */
  GPtrArray                *put_back;        /* MusterPiece */
  gboolean                  applying;
  gulong                    game_changed_id;
  gulong                    piece_added_id;
  gulong                    piece_removed_id;
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

/* muster-net-answers.c */
/* seconds, unless the environment variable name says otherwise (the
 * tests shorten the deadlines). */
guint    muster_net_timeout_seconds          (const char              *name,
                                              guint                    seconds);
/* The new connection ws is pinged, its answers heard. */
void     muster_net_answers_adopt            (MusterNetSession        *self,
                                              SoupWebsocketConnection *ws);
/* The state changed: the deadline and the silence watch follow it. */
void     muster_net_answers_watch            (MusterNetSession        *self);
/* The outbox changed, or was sent again: the deadline of its oldest
 * message, from now (none when it is empty). */
void     muster_net_answers_restart_deadline (MusterNetSession        *self);
/* Anything came from the other Muster. */
void     muster_net_answers_heard            (MusterNetSession        *self);

/* muster-net-play.c */
/* FALSE, with error: MUSTER_NET_ERROR_REFUSED, in words. */
gboolean muster_net_refuse                (GError           **error,
                                           const char        *format,
                                           ...) G_GNUC_PRINTF (2, 3);
void     muster_net_play_start            (MusterNetSession  *self);
void     muster_net_play_stop             (MusterNetSession  *self);
void     muster_net_play_clear            (MusterNetSession  *self);
/* A message of the game from the other Muster (in turn, of a type this
 * side takes); FALSE, with why, when it is refused. */
gboolean muster_net_play_receive          (MusterNetSession  *self,
                                           MusterNetMessage  *message,
                                           GError           **error);
gboolean muster_net_play_is_busy          (MusterNetSession  *self);
/* A step of this player's, to the host's game: taken there in turn, or
 * proposed to it. */
void     muster_net_play_submit           (MusterNetSession  *self,
                                           MusterLogStep     *step);
/* The host, before its guest joins: takes its player's step now. */
gboolean muster_net_play_take_now         (MusterNetSession  *self,
                                           MusterLogStep     *step);

/* muster-net-hidden.c */
void     muster_net_hidden_start          (MusterNetSession  *self);
void     muster_net_hidden_clear          (MusterNetSession  *self);
/* The commitment for step, which this player keeps hidden; its secret
 * noted, and kept in Muster's data (muster-net-secrets.h). */
MusterLogStep *muster_net_hidden_commit   (MusterNetSession  *self,
                                           MusterLogStep     *step);
/* Step n of the log is agreed: a commitment of this player's is noted,
 * a reveal of theirs lets its secret go. */
void     muster_net_hidden_agreed         (MusterNetSession  *self,
                                           MusterLogStep     *step,
                                           guint              n);
/* Step, a commitment of this player's, was refused: its secret goes. */
void     muster_net_hidden_dropped        (MusterNetSession  *self,
                                           MusterLogStep     *step);
/* The hidden WIPs, once both are in. */
void     muster_net_hidden_maybe_reveal   (MusterNetSession  *self);
/* Commits to this player's Lieutenant and troopers kept off the table,
 * when not yet: now (the host, before the welcome), or in turn. */
void     muster_net_hidden_commit_army    (MusterNetSession  *self,
                                           gboolean           now);
/* Whether entry is kept off the table by a skill of system's that
 * allows it (Airborne Deployment, TO Camouflage). */
gboolean muster_net_hidden_is_off_table   (MusterSystem            *system,
                                           const MusterRosterEntry *entry);
/* The host's layout, as the guest may see it. */
GBytes  *muster_net_hidden_redact         (MusterNetSession  *self);
/* One of this player's pieces appeared: the trooper kept off the table
 * that it is, revealed. */
void     muster_net_hidden_appears        (MusterNetSession  *self,
                                           const MusterPiece *piece);

/* muster-net-army.c */
/* The guest: the army of player_id of layout, to bring; FALSE when it
 * is too big for a hello. */
gboolean   muster_net_army_bring          (MusterNetSession  *self,
                                           MusterLayout      *layout,
                                           const char        *player_id,
                                           GError           **error);
/* What the hello carries of it, or NULL. */
GPtrArray *muster_net_army_get_public     (MusterNetSession  *self);
/* The host, on a first join: army put as the guest's player's list;
 * or why not, in words, for the guest. */
char      *muster_net_army_adopt          (MusterNetSession  *self,
                                           GPtrArray         *army);
/* The guest, welcomed as player_id: what the hello left out of its
 * army, back in its copy of the layout, when the host took the army. */
void       muster_net_army_welcomed       (MusterNetSession  *self,
                                           const char        *player_id);

/* muster-net-pieces.c */
void     muster_net_pieces_start          (MusterNetSession  *self);
void     muster_net_pieces_stop           (MusterNetSession  *self);
void     muster_net_pieces_clear          (MusterNetSession  *self);
gboolean muster_net_pieces_receive        (MusterNetSession  *self,
                                           MusterNetMessage  *message,
                                           GError           **error);

G_END_DECLS
