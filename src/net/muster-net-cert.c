/* muster-net-cert.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "muster-net-cert.h"
#include "muster-net-message.h"

/* See muster-net-cert.h. */

G_DEFINE_AUTO_CLEANUP_FREE_FUNC (gnutls_x509_privkey_t, gnutls_x509_privkey_deinit, NULL)
G_DEFINE_AUTO_CLEANUP_FREE_FUNC (gnutls_x509_crt_t, gnutls_x509_crt_deinit, NULL)

void
muster_net_random_bytes (guint8 *buffer,
                         gsize   n)
{
  int rc = gnutls_rnd (GNUTLS_RND_KEY, buffer, n);

  if (rc != 0)
    g_error ("GnuTLS's random generator failed: %s", gnutls_strerror (rc));
}

static gboolean
failed (int          rc,
        GError     **error)
{
  if (rc >= 0)
    return FALSE;

  /* Translators: GnuTLS's own message */
  g_set_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_CERTIFICATE,
               _("The certificate for the game could not be made: %s"), gnutls_strerror (rc));

  return TRUE;
}

static char *
export_pem (gnutls_datum_t *datum)
{
  char *text = g_strndup ((const char *) datum->data, datum->size);

  gnutls_free (datum->data);

  return text;
}

GTlsCertificate *
muster_net_cert_new_self_signed (GError **error)
{
  g_auto(gnutls_x509_privkey_t) key = NULL;
  g_auto(gnutls_x509_crt_t) crt = NULL;
  g_autofree char *key_pem = NULL;
  g_autofree char *crt_pem = NULL;
  g_autofree char *both = NULL;
  gnutls_datum_t datum = { NULL, 0 };
  guint8 serial[16];
  time_t now = time (NULL);

  if (failed (gnutls_x509_privkey_init (&key), error) ||
      failed (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                            GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0), error) ||
      failed (gnutls_x509_crt_init (&crt), error))
    return NULL;

  muster_net_random_bytes (serial, sizeof serial);
  serial[0] &= 0x7f;

  if (failed (gnutls_x509_crt_set_version (crt, 3), error) ||
      failed (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), error) ||
      failed (gnutls_x509_crt_set_activation_time (crt, now - 60 * 60), error) ||
      failed (gnutls_x509_crt_set_expiration_time (crt, now + 24 * 60 * 60), error) ||
      failed (gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0, "Muster", 6), error) ||
      failed (gnutls_x509_crt_set_key (crt, key), error) ||
      failed (gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE), error) ||
      failed (gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0), error) ||
      failed (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error))
    return NULL;

  if (failed (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &datum), error))
    return NULL;
  crt_pem = export_pem (&datum);
  if (failed (gnutls_x509_privkey_export2 (key, GNUTLS_X509_FMT_PEM, &datum), error))
    return NULL;
  key_pem = export_pem (&datum);

  both = g_strconcat (crt_pem, key_pem, NULL);

  return g_tls_certificate_new_from_pem (both, -1, error);
}

GBytes *
muster_net_cert_fingerprint (GTlsCertificate *certificate)
{
  g_autoptr(GByteArray) der = NULL;
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);

  g_object_get (certificate, "certificate", &der, NULL);
  if (der == NULL)
    return NULL;

  g_checksum_update (sum, der->data, der->len);
  g_checksum_get_digest (sum, digest, &length);

  return g_bytes_new (digest, length);
}
