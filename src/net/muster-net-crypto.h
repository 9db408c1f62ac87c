/* muster-net-crypto.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The small pieces of cryptography of a game across the network, and the
 * invitation. GLib only (its SHA-256). */

#define MUSTER_NET_VALUE_BYTES   32
#define MUSTER_NET_SECRET_BYTES  16
#define MUSTER_NET_DEFAULT_PORT  47400

/* Lower-case hex of n bytes, and back (FALSE unless text is exactly
 * that many bytes of lower-case hex). */
char     *muster_net_hex_encode        (const guint8  *data,
                                        gsize          n);
gboolean  muster_net_hex_decode        (const char    *text,
                                        guint8        *data,
                                        gsize          n);

/* The commitment to a dice value: SHA-256 of "muster-dice-commit-1" and
 * the value, in hex. */
char     *muster_net_dice_commitment   (const guint8  *value);

/* The agreed dice of step n (its number in the log): a stream drawn from
 * seed = SHA-256("muster-dice-1", the host's value, the guest's value,
 * n as 4 bytes big-endian). Each die of s sides takes the next 64-bit
 * block x = the first 8 bytes (big-endian) of SHA-256(seed, counter as 8
 * bytes big-endian), counter from 0, skipping x below 2^64 mod s, and is
 * x mod s + 1: unbiased, and neither Muster alone decides any die. */
typedef struct
{
  guint8  seed[32];
  guint64 counter;
} MusterNetDiceStream;

void      muster_net_dice_stream_init  (MusterNetDiceStream *stream,
                                        const guint8        *host_value,
                                        const guint8        *guest_value,
                                        guint                n);
guint     muster_net_dice_stream_next  (MusterNetDiceStream *stream,
                                        guint                sides);

/* An invitation: "muster://ADDRESS:PORT/#FINGERPRINT.SECRET", the
 * certificate's SHA-256 and the secret in lower-case hex; an IPv6
 * address in brackets. */
char     *muster_net_invitation_format (const char    *address,
                                        guint16        port,
                                        const guint8  *fingerprint,
                                        const char    *secret);
gboolean  muster_net_invitation_parse  (const char    *text,
                                        char         **address,
                                        guint16       *port,
                                        guint8        *fingerprint,
                                        char         **secret,
                                        GError       **error);

G_END_DECLS
