/* muster-net-cert.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The host's TLS certificate: made on the fly for one session with
 * GnuTLS (an ECDSA P-256 key, self-signed, valid for a day), never
 * written anywhere. The invitation carries its fingerprint, which the
 * guest pins: a certificate no authority signed is as good as any, when
 * the guest knows which one to expect. */

/* A new certificate with its private key; NULL with error if GnuTLS
 * fails. */
GTlsCertificate *muster_net_cert_new_self_signed (GError          **error);

/* SHA-256 of the certificate's DER encoding, 32 bytes. */
GBytes          *muster_net_cert_fingerprint     (GTlsCertificate  *certificate);

/* n random bytes from GnuTLS's key-grade generator. */
void             muster_net_random_bytes         (guint8           *buffer,
                                                  gsize             n);

G_END_DECLS
