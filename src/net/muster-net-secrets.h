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
 * A file is taken only when the commitment it gives is its name's. GLib
 * only. data/muster-layout.rng and the README say the same. */

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
/* Once revealed, the secret is one no more. */
void           muster_net_secrets_forget  (const char     *digest);

G_END_DECLS
