/* muster-net-crypto.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-net"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-net-crypto.h"
#include "muster-net-message.h"

/* See muster-net-crypto.h. */

#define SCHEME "muster://"

char *
muster_net_hex_encode (const guint8 *data,
                       gsize         n)
{
  static const char digits[] = "0123456789abcdef";
  char *text = g_new (char, 2 * n + 1);

  for (gsize i = 0; i < n; i++)
    {
      text[2 * i] = digits[data[i] >> 4];
      text[2 * i + 1] = digits[data[i] & 15];
    }
  text[2 * n] = '\0';

  return text;
}

gboolean
muster_net_hex_decode (const char *text,
                       guint8     *data,
                       gsize       n)
{
  if (text == NULL || strlen (text) != 2 * n)
    return FALSE;

  for (gsize i = 0; i < 2 * n; i++)
    if (!g_ascii_isxdigit (text[i]) || g_ascii_isupper (text[i]))
      return FALSE;

  for (gsize i = 0; i < n; i++)
    data[i] = (guint8) (g_ascii_xdigit_value (text[2 * i]) * 16 + g_ascii_xdigit_value (text[2 * i + 1]));

  return TRUE;
}

char *
muster_net_dice_commitment (const guint8 *value)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  static const char tag[] = "muster-dice-commit-1";

  g_checksum_update (sum, (const guchar *) tag, sizeof tag - 1);
  g_checksum_update (sum, value, MUSTER_NET_VALUE_BYTES);

  return g_strdup (g_checksum_get_string (sum));
}

void
muster_net_dice_stream_init (MusterNetDiceStream *stream,
                             const guint8        *host_value,
                             const guint8        *guest_value,
                             guint                n)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  static const char tag[] = "muster-dice-1";
  guint8 number[4] = { (guint8) (n >> 24), (guint8) (n >> 16), (guint8) (n >> 8), (guint8) n };
  gsize length = sizeof stream->seed;

  g_checksum_update (sum, (const guchar *) tag, sizeof tag - 1);
  g_checksum_update (sum, host_value, MUSTER_NET_VALUE_BYTES);
  g_checksum_update (sum, guest_value, MUSTER_NET_VALUE_BYTES);
  g_checksum_update (sum, number, sizeof number);
  g_checksum_get_digest (sum, stream->seed, &length);
  stream->counter = 0;
}

guint
muster_net_dice_stream_next (MusterNetDiceStream *stream,
                             guint                sides)
{
  guint64 threshold;
  guint64 x;

  g_return_val_if_fail (sides >= 2, 1);

  threshold = (-(guint64) sides) % sides;
  do
    {
      g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
      guint8 counter[8];
      guint8 block[32];
      gsize length = sizeof block;

      for (guint i = 0; i < 8; i++)
        counter[i] = (guint8) (stream->counter >> (56 - 8 * i));
      stream->counter++;

      g_checksum_update (sum, stream->seed, sizeof stream->seed);
      g_checksum_update (sum, counter, sizeof counter);
      g_checksum_get_digest (sum, block, &length);

      x = 0;
      for (guint i = 0; i < 8; i++)
        x = (x << 8) | block[i];
    }
  while (x < threshold);

  return (guint) (x % sides) + 1;
}

char *
muster_net_invitation_format (const char   *address,
                              guint16       port,
                              const guint8 *fingerprint,
                              const char   *secret)
{
  g_autofree char *hex = muster_net_hex_encode (fingerprint, 32);
  gboolean v6 = strchr (address, ':') != NULL;

  return g_strdup_printf (SCHEME "%s%s%s:%u/#%s.%s", v6 ? "[" : "", address, v6 ? "]" : "", port, hex, secret);
}

static gboolean
bad_invitation (GError **error)
{
  g_set_error_literal (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_INVITATION,
                       _("This is not an invitation to a game of Muster: it reads "
                         "muster://ADDRESS:PORT/#… on one line"));

  return FALSE;
}

gboolean
muster_net_invitation_parse (const char  *text,
                             char       **address,
                             guint16     *port,
                             guint8      *fingerprint,
                             char       **secret,
                             GError     **error)
{
  g_autofree char *copy = NULL;
  g_autoptr(GInetAddress) inet = NULL;
  char *host, *rest, *fragment, *dot;
  guint64 number;
  guint8 secret_bytes[MUSTER_NET_SECRET_BYTES];

  if (text == NULL || strlen (text) > 512)
    return bad_invitation (error);

  copy = g_strstrip (g_strdup (text));
  if (!g_str_has_prefix (copy, SCHEME))
    return bad_invitation (error);

  host = copy + strlen (SCHEME);
  if (*host == '[')
    {
      rest = strchr (host, ']');
      if (rest == NULL || rest[1] != ':')
        return bad_invitation (error);
      host++;
      *rest = '\0';
      rest += 2;
    }
  else
    {
      rest = strchr (host, ':');
      if (rest == NULL)
        return bad_invitation (error);
      *rest++ = '\0';
    }

  fragment = strstr (rest, "/#");
  if (fragment == NULL)
    return bad_invitation (error);
  *fragment = '\0';
  fragment += 2;

  dot = strchr (fragment, '.');
  if (dot == NULL)
    return bad_invitation (error);
  *dot++ = '\0';

  inet = g_inet_address_new_from_string (host);
  if (inet == NULL || !g_ascii_string_to_unsigned (rest, 10, 1, 65535, &number, NULL) ||
      !muster_net_hex_decode (fragment, fingerprint, 32) ||
      !muster_net_hex_decode (dot, secret_bytes, sizeof secret_bytes))
    return bad_invitation (error);

  *address = g_strdup (host);
  *port = (guint16) number;
  *secret = g_strdup (dot);

  return TRUE;
}
