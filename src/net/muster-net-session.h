/* muster-net-session.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "muster-game.h"
#include "muster-net-message.h"

G_BEGIN_DECLS

/* Two computers, one game (issue 19): a game of Infinity or The 9th Age
 * played by two Musters across the network, each player on their own.
 *
 * Layers. src/net is GLib, GIO, libsoup 3 and GnuTLS: no GTK. It is
 * linked into the window's module (src/gui), not into the executable:
 * only the window plays across the network, so `muster --validate`,
 * `--export` and `--game` neither load libsoup nor pay for it at start.
 * The window's File menu has Host Game and Join Game
 * (src/gui/muster-net-dialog.c).
 *
 * Transport. A WebSocket over TLS (libsoup 3). The host listens (port
 * 47400 by default, or any free one) with a certificate it makes for the
 * session (muster-net-cert.h) and hands out an invitation, one line to
 * send in any chat:
 *
 *   muster://192.0.2.7:47400/#FINGERPRINT.SECRET
 *
 * The guest connects to the address, accepts only the certificate whose
 * SHA-256 is FINGERPRINT (pinned: nobody in the middle can pose as the
 * host), and sends SECRET in its first message, inside TLS. A wrong
 * secret is refused; after three wrong ones the host stops listening.
 * The host takes connections from the loopback and LAN addresses only
 * (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10), unless
 * told otherwise (MUSTER_NET_HOST_ALLOW_INTERNET: a port the host opened,
 * or a VPN, see the README). Nothing listens once the session is closed
 * or finalized.
 *
 * Protocol. Messages are small XML documents (muster-net-message.h), the
 * game log's steps among them, each numbered by its sender ("seq", from
 * 1) and acknowledging the last it received ("ack"). A message that
 * cannot be read, comes out of turn, or is not its sender's to send is
 * refused: nothing of it is applied, the refusal is sent back and shown
 * on both sides ("refused").
 *
 *   hello      guest → host   the secret, and the army the guest brings;
 *                             or, resuming, the session and the last
 *                             message received
 *   welcome    host → guest   the session, the guest's player, and on a
 *                             first join the layout, with its game log
 *   propose    guest → host   a step the guest takes (or, host → guest,
 *                             the host asking for dice typed in)
 *   roll       host → guest   step n throws dice: the host's commitment
 *   contribute guest → host   the guest's value for step n's dice
 *   step       host → guest   step n of the log as the host's game took
 *                             it, with its dice and the host's value
 *   move       either way     one of the sender's own pieces moved
 *   place      either way     one of the sender's own pieces put on the
 *                             table, or changed (Prone, ...), as it
 *                             stands (less which one is the Lieutenant)
 *   remove     either way     one taken off it
 *   refuse     either way     a message refused, and why
 *   bye        either way     the session is over
 *
 * Order. The host's game orders the steps. The host takes its player's
 * steps as they come (the game's step hook, muster-game-net.h, lets them
 * through) and sends each; the guest's steps are taken over by the hook
 * and proposed to the host, whose game judges them (whose they are, when,
 * where) and sends them back as steps of the log. The guest takes every
 * step from the host's messages in the log's order, judging each again
 * with its own game, so both logs hold the same steps, and each Muster
 * checks the other. A step that is not the taker's (the "player" of the
 * step, which the hook sets) is refused on both sides. Pieces: each
 * player puts on the table, moves and takes off only their own, and the
 * other table follows; what one side does to the other player's pieces
 * is put back and said (muster-net-pieces.c).
 *
 * Dice. A step that throws dice (roll-initiative, roll-off,
 * roll-deployment-type, face-to-face) is a commit-and-reveal: the host
 * draws 32 random bytes and sends their SHA-256 ("roll"); the guest,
 * not knowing them, sends 32 random bytes of its own ("contribute"); the
 * host takes the step with every die drawn from both
 * (muster-net-crypto.h) and sends it with its value ("step"); the guest
 * checks the value against the commitment and every die against both
 * values before it takes the step. Neither Muster alone decides a die,
 * and neither sees one before the step is fixed. Both logs hold the same
 * dice. Dice typed in from a real table are taken as typed once both
 * players asked for them (set-dice, one request each).
 *
 * Hidden information, as the English seed has it (muster-net-hidden.c).
 * Three things are sent as "commit" steps, the SHA-256 of a random salt
 * and the choice (muster-game-net.h), never the choice itself:
 *
 * - An Infinity Lieutenant's WIP entered as private. When both players
 *   have entered theirs (the Initiative Roll needs both), each Muster
 *   reveals its own.
 * - Which trooper is the Lieutenant: committed to as the session begins
 *   (the host's before its welcome; or as soon as the army has exactly
 *   one), revealed when its player says so (reveal_lieutenant()). The
 *   host's layout reaches the guest without its player's Lieutenant
 *   marked; a piece placed carries no mark either.
 * - Each trooper kept off the table by Airborne Deployment or TO
 *   Camouflage (a roster entry held off the table, with such a skill,
 *   none of its pieces out): committed to before the deployment, left out
 *   of the host's layout the guest receives and out of the deployment,
 *   and revealed when one of its pieces is put on the table.
 *
 * The other Muster, its memory, its messages and its file hold the
 * digests only; it knows that something is hidden ("1 trooper held back",
 * muster_game_describe_hidden()), and the Game page and the session's
 * window say so. The game checks each "reveal" against its commitment
 * and refuses a changed choice. The salt and the choice are kept by the
 * Muster that made it, in its data (muster-net-secrets.h), not in any
 * layout file, until the reveal is in the log: a game saved and closed,
 * a Muster started again, a game hosted or joined anew still reveals
 * them.
 *
 * The guest's army. A guest may bring its own (join_async()): the hello
 * carries its roster entries less the troopers kept off the table and
 * with no Lieutenant marked. The host puts them as the guest's player's
 * list before it builds the welcome, unless that player has pieces on
 * the table or the deployment has begun: then it keeps its own list and
 * tells the guest why (a refusal). The guest, welcomed with its army,
 * adds what the hello left out back to its copy, and commits to it as
 * the host does to its own (muster-net-army.c). Its ids get a random
 * prefix, so that they meet none of the host's, hidden or not. Without
 * an army, the guest's is what the host typed in: what the host wrote
 * of it, the host knows.
 *
 * Resuming. A dropped connection is tried again by the guest (every
 * second, for a minute, or at once with reconnect()); the host waits for
 * it with the listener open. Each side then sends again what the other
 * has not acknowledged, from its outbox, so no step is lost or taken
 * twice. Both sides keep the whole layout and log, saved as usual.
 *
 * Silence (muster-net-answers.c). A Muster answers each numbered message
 * at once, by itself (the reply it brings, or an "ack"), and each
 * WebSocket ping, whatever its player is doing. A computer asleep, a
 * process stopped or a cable pulled out leaves the connection looking
 * open for minutes, with nothing answered. So:
 * - A message not acknowledged in 30 seconds (MUSTER_NET_ANSWER_TIMEOUT_S
 *   shortens it, for the tests): the session is closed (with a bye,
 *   which the other Muster reads if it wakes up), and "refused" says
 *   that the other player's Muster stopped answering. What waited for
 *   the answer is not taken (dice being agreed, a step proposed or queued
 *   behind them): the log stays as it was, nothing of it half done.
 * - Waits for the other player (their turn, their roll, their choice)
 *   have no deadline: a player may think for minutes. Each side pings
 *   the other every 10 seconds (a third of the above); a Muster whose
 *   pings went unanswered for 30 seconds is said not to answer
 *   (describe(), and "refused" once), and the session waits on, until
 *   it answers again or this player does something that needs an
 *   answer. libsoup 3.2 keeps no deadline for pongs (3.6 does): the
 *   watch is ours, the same on both.
 *
 * Signals: "changed" (state, who is connected, what is hidden),
 * "refused" (a refusal, in words), "received" (each message's text, as
 * it came: for tests and debugging). */

#define MUSTER_TYPE_NET_SESSION (muster_net_session_get_type ())

G_DECLARE_FINAL_TYPE (MusterNetSession, muster_net_session, MUSTER, NET_SESSION, GObject)

typedef enum
{
  MUSTER_NET_STATE_LISTENING,   /* the host waits for its guest */
  MUSTER_NET_STATE_CONNECTING,  /* the guest joins */
  MUSTER_NET_STATE_CONNECTED,
  MUSTER_NET_STATE_DROPPED,     /* the connection was lost: resuming */
  MUSTER_NET_STATE_CLOSED,
} MusterNetState;

typedef enum
{
  MUSTER_NET_HOST_NONE           = 0,
  /* Take guests from any address, not only the loopback and the LAN. */
  MUSTER_NET_HOST_ALLOW_INTERNET = 1 << 0,
} MusterNetHostFlags;

/* Hosts game, played here by local_player (0 or 1), listening on address
 * (NULL: every address of this computer) and port (0: 47400, or any free
 * port when that one is taken). */
MusterNetSession *muster_net_session_host             (MusterGame           *game,
                                                       int                   local_player,
                                                       const char           *address,
                                                       guint16               port,
                                                       MusterNetHostFlags    flags,
                                                       GError              **error);
/* The line to send the guest. */
const char       *muster_net_session_get_invitation   (MusterNetSession     *self);
guint16           muster_net_session_get_port         (MusterNetSession     *self);

/* Joins the game of invitation: connects, checks the host's certificate,
 * authenticates and receives the layout. The guest brings the army of
 * army_player in army_layout (its own layout; NULL: the host's list for
 * the guest's player, as the host typed it in). */
void              muster_net_session_join_async       (const char           *invitation,
                                                       MusterLayout         *army_layout,
                                                       const char           *army_player,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MusterNetSession *muster_net_session_join_finish      (GAsyncResult         *result,
                                                       GError              **error);
/* The guest's layout, as the host sent it. */
MusterLayout     *muster_net_session_get_layout       (MusterNetSession     *self);
/* The guest's game over that layout: the session plays it from now on. */
void              muster_net_session_set_game         (MusterNetSession     *self,
                                                       MusterGame           *game);

MusterGame       *muster_net_session_get_game         (MusterNetSession     *self);
gboolean          muster_net_session_is_host          (MusterNetSession     *self);
int               muster_net_session_get_local_player (MusterNetSession     *self);
MusterNetState    muster_net_session_get_state        (MusterNetSession     *self);
/* Where the session stands, for people: "Bob is connected", "Bob’s
 * Muster is not answering". */
char             *muster_net_session_describe         (MusterNetSession     *self);
/* Whether the other Muster has not answered for too long ("Silence"
 * above), its connection still open. */
gboolean          muster_net_session_is_silent        (MusterNetSession     *self);
/* The last refusal, or NULL. */
const char       *muster_net_session_get_refusal      (MusterNetSession     *self);
/* How many of player's choices are hidden now. */
guint             muster_net_session_count_hidden     (MusterNetSession     *self,
                                                       int                   player);
/* Which trooper is this player's Lieutenant, hidden from the other
 * player until now: whether there is one to reveal, and reveals it. */
gboolean          muster_net_session_can_reveal_lieutenant (MusterNetSession *self);
gboolean          muster_net_session_reveal_lieutenant (MusterNetSession  *self,
                                                        GError           **error);
/* Whether step or message traffic is under way (a step proposed, dice
 * being agreed, messages not yet acknowledged): tests wait for FALSE. */
gboolean          muster_net_session_is_busy          (MusterNetSession     *self);

/* The guest: tries the connection again now. */
void              muster_net_session_reconnect        (MusterNetSession     *self);
/* Ends the session: says bye, closes the connection and the listener. */
void              muster_net_session_close            (MusterNetSession     *self);
/* Breaks the connection as a failing network would, with no bye (tests). */
void              muster_net_session_drop             (MusterNetSession     *self);

G_END_DECLS
