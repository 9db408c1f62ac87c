/* muster-net-secrets.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-log-step.h"

G_BEGIN_DECLS

/* The secrets of this computer's player in a game across the network:
 * the salt and the hidden step of each choice its Muster committed to
 * (muster-game-net.h), kept until the reveal is in the log, so that a
 * game saved and closed, a Muster started again, or a game hosted or
 * joined anew still reveals them.
 *
 * Never in a layout file, not even the player's own (a file is often sent
 * to the other player): in Muster's data, $XDG_DATA_HOME/muster/secrets
 * (~/.local/share/muster/secrets; in the Flatpak, under
 * ~/.var/app/io.github.muster.Muster/data), one key file for each, named
 * after its commitment (the SHA-256 the log holds), readable by its owner
 * only:
 *
 *   [hidden]
 *   action=set-wip
 *   player=red
 *   salt=9a0e…
 *
 *   [attributes]
 *   wip=13
 *   private=true
 *
 * A file is taken only when the commitment it gives is its name's. Once
 * the commit is in the log, the file also says where: [hidden] step=, its
 * number, and before=, the SHA-256 of the steps before it
 * (muster_net_secrets_bind()); a log where that commitment stands
 * elsewhere, or after other steps, is another game, and the secret is not
 * revealed in it (a host could otherwise put another game's commitment
 * in its log and have this Muster reveal it). GLib only.
 * data/muster-layout.rng and the README say the same. */

/* The folder, for the tests. */
char          *muster_net_secrets_get_dir (void);

/* Keeps hidden (its "player" set) and salt under the commitment digest. */
gboolean       muster_net_secrets_save    (const char     *digest,
                                           MusterLogStep  *hidden,
                                           const guint8   *salt,
                                           gsize           salt_len,
                                           GError        **error);
/* The hidden step of digest, with its salt (up to salt_max bytes; its
 * length in *salt_len); NULL when none is kept, or what is kept does
 * not give digest. */
MusterLogStep *muster_net_secrets_load    (const char     *digest,
                                           guint8         *salt,
                                           gsize           salt_max,
                                           gsize          *salt_len);
/* Where the commit of digest stands: step n of a log whose steps before
 * it give the SHA-256 before (lower-case hex). */
void           muster_net_secrets_bind    (const char     *digest,
                                           guint           n,
                                           const char     *before);
/* Where the commit of digest was said to stand (a copy of before in
 * *before); FALSE when the file says nothing of it (kept before the
 * commit was in the log, or by a Muster that did not say). */
gboolean       muster_net_secrets_get_binding (const char *digest,
                                               guint      *n,
                                               char      **before);
/* Once revealed, the secret is one no more. */
void           muster_net_secrets_forget  (const char     *digest);

G_END_DECLS
