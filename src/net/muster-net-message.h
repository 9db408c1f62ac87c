/* muster-net-message.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "muster-layout.h"
#include "muster-log-step.h"

G_BEGIN_DECLS

/* One message between two Musters playing a game across the network
 * (muster-net-session.h says what each is for), as the XML document that
 * travels in one WebSocket text frame:
 *
 *   <muster-net version="1" type="step" seq="7" ack="6" n="12">
 *     <step action="roll-initiative" player="red">
 *       <die sides="20" value="14" who="red"/>
 *     </step>
 *   </muster-net>
 *
 * A piece put on the table travels as one element, its base in mm:
 *
 *   <muster-net version="1" type="place" seq="8" ack="6">
 *     <piece id="p7" kind="model" owner="red" x="254" y="1016"
 *            rotation="0" shape="round" width="25" depth="25"
 *            name="Fusilier" entry="e1" skills="infiltration"/>
 *   </muster-net>
 *
 * A guest joining for the first time may bring its army: the roster
 * entries of its player as the layout keeps them (muster-roster.h), less
 * what the guest keeps to itself (the troopers kept off the table, which
 * one is its Lieutenant), read with the layout's own roster reader:
 *
 *   <muster-net version="1" type="hello" seq="0" ack="0" key="...">
 *     <army>
 *       <mr:roster xmlns:mr="urn:muster:roster">
 *         <mr:entry id="g1a2b3c4d-e1" name="Fusiliers" count="3" .../>
 *       </mr:roster>
 *     </army>
 *   </muster-net>
 *
 * The step is the game log's <g:step> (data/muster-layout.rng) without
 * its namespace or its number, which is the message's "n". Reading takes
 * the same hardened path as files (src/core/muster-xml.h: no DTD, no
 * entities, no network, bounded depth), with a size limit of its own,
 * and refuses anything it does not know: an unknown type or attribute, a
 * missing one, a number out of range, a name that is no name. Reading
 * never judges the step itself: the game does. No GTK, no network: the
 * fuzz harness tests/fuzz/fuzz-net.c reads with it. */

#define MUSTER_NET_ERROR (muster_net_error_quark ())

/* Most bytes in one message: a welcome carries the layout. */
#define MUSTER_NET_MAX_MESSAGE     (MUSTER_NET_MAX_LAYOUT / 3 * 4 + 4096)
/* Most bytes of the layout a welcome carries. */
#define MUSTER_NET_MAX_LAYOUT      (4 * 1024 * 1024)
/* Most bytes in any other message. */
#define MUSTER_NET_MAX_SMALL       (256 * 1024)
/* Most entries in the army a hello brings. */
#define MUSTER_NET_MAX_ARMY        500
/* Most items and dice in one step. */
#define MUSTER_NET_MAX_STEP_CHILDREN 1000

typedef enum
{
  MUSTER_NET_ERROR_MESSAGE,     /* a message that cannot be read */
  MUSTER_NET_ERROR_REFUSED,     /* read, but refused: out of turn, not the sender's, ... */
  MUSTER_NET_ERROR_INVITATION,  /* an invitation that cannot be read */
  MUSTER_NET_ERROR_SECRET,      /* the host refused the invitation's secret */
  MUSTER_NET_ERROR_CERTIFICATE, /* the host is not the one that invited */
  MUSTER_NET_ERROR_ADDRESS,     /* an address outside the loopback and the LAN */
  MUSTER_NET_ERROR_CLOSED,      /* the session is over */
  MUSTER_NET_ERROR_GAME,        /* a game that cannot be played across the network */
  MUSTER_NET_ERROR_VERSION,     /* a message of another version of Muster */
} MusterNetError;

typedef enum
{
  MUSTER_NET_MESSAGE_HELLO,       /* guest → host: the secret; resuming, which session */
  MUSTER_NET_MESSAGE_WELCOME,     /* host → guest: the session, the guest's player, the layout */
  MUSTER_NET_MESSAGE_STEP,        /* host → guest: step n of the log, as the host took it */
  MUSTER_NET_MESSAGE_PROPOSE,     /* guest → host: a step the guest takes */
  MUSTER_NET_MESSAGE_ROLL,        /* host → guest: step n throws dice; the host's commitment */
  MUSTER_NET_MESSAGE_CONTRIBUTE,  /* guest → host: the guest's value for step n's dice */
  MUSTER_NET_MESSAGE_MOVE,        /* either way: one of the sender's pieces moved */
  MUSTER_NET_MESSAGE_PLACE,       /* either way: one of the sender's pieces put on the table, or changed */
  MUSTER_NET_MESSAGE_REMOVE,      /* either way: one of the sender's pieces taken off it */
  MUSTER_NET_MESSAGE_REFUSE,      /* either way: message "about" was refused, and why */
  MUSTER_NET_MESSAGE_BYE,         /* either way: the session ends */
  MUSTER_NET_MESSAGE_ACK,         /* either way, unnumbered: what arrived */
} MusterNetMessageType;

typedef struct
{
  MusterNetMessageType  type;
  /* The sender's number for it (from 1; 0 for hello and welcome), and
   * the last number it has received. */
  guint64               seq;
  guint64               ack;

  /* hello */
  char                 *key;
  /* hello, on a first join: the army the guest brings (MusterRosterEntry,
   * in order), or NULL for the one the host has */
  GPtrArray            *army;
  /* hello (resuming), welcome */
  char                 *session_id;
  guint64               received;
  /* welcome: the guest's player id, the layout (on a first join) */
  char                 *player;
  GBytes               *layout;
  /* step, roll, contribute: the step's number in the game log */
  guint                 n;
  /* step, propose, roll */
  MusterLogStep        *step;
  /* roll: SHA-256 of the host's value; step: the value (for dice
   * steps); contribute: the guest's value. Lower-case hex. */
  char                 *commitment;
  char                 *value;
  /* move, remove: the piece's id */
  char                 *piece;
  /* move */
  double                x, y, rotation;
  /* place: the piece, as the sender's table has it, less what it keeps
   * to itself (which trooper is the Lieutenant) */
  MusterPiece          *placed;
  /* refuse */
  guint64               about;
  char                 *reason;
} MusterNetMessage;

GQuark             muster_net_error_quark        (void);

MusterNetMessage  *muster_net_message_new        (MusterNetMessageType  type);
void               muster_net_message_free       (MusterNetMessage     *message);
const char        *muster_net_message_type_name  (MusterNetMessageType  type);

/* The XML text of message. */
char              *muster_net_message_write      (const MusterNetMessage *message);
/* Reads one message; NULL with MUSTER_NET_ERROR_MESSAGE, saying why
 * (MUSTER_NET_ERROR_VERSION when it is another version's). */
MusterNetMessage  *muster_net_message_read       (const char           *data,
                                                  gsize                 size,
                                                  GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterNetMessage, muster_net_message_free)

G_END_DECLS
