/* muster-net-secrets.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-net"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "muster-game-net.h"
#include "muster-net-crypto.h"
#include "muster-net-secrets.h"

/* See muster-net-secrets.h. */

#define GROUP_HIDDEN     "hidden"
#define GROUP_ATTRIBUTES "attributes"
#define DIGEST_LENGTH    64

char *
muster_net_secrets_get_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "muster", "secrets", NULL);
}

static gboolean
is_digest (const char *digest)
{
  guint8 bytes[DIGEST_LENGTH / 2];

  /* Lower-case hex, and nothing that could climb out of the folder. */
  return digest != NULL && muster_net_hex_decode (digest, bytes, sizeof bytes);
}

static char *
secret_path (const char *digest)
{
  g_autofree char *dir = muster_net_secrets_get_dir ();

  return g_build_filename (dir, digest, NULL);
}

gboolean
muster_net_secrets_save (const char     *digest,
                         MusterLogStep  *hidden,
                         const guint8   *salt,
                         gsize           salt_len,
                         GError        **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *dir = muster_net_secrets_get_dir ();
  g_autofree char *path = NULL;
  g_autofree char *hex = NULL;
  g_autofree char *data = NULL;
  gsize size = 0;

  g_return_val_if_fail (is_digest (digest), FALSE);
  g_return_val_if_fail (hidden != NULL && salt != NULL, FALSE);

  hex = muster_net_hex_encode (salt, salt_len);
  g_key_file_set_string (file, GROUP_HIDDEN, "action", muster_log_step_get_action (hidden));
  g_key_file_set_string (file, GROUP_HIDDEN, "salt", hex);
  for (const char * const *attrs = muster_log_step_get_attrs (hidden); *attrs != NULL; attrs += 2)
    {
      if (strcmp (attrs[0], "player") == 0)
        g_key_file_set_string (file, GROUP_HIDDEN, "player", attrs[1]);
      else
        g_key_file_set_string (file, GROUP_ATTRIBUTES, attrs[0], attrs[1]);
    }

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }

  path = secret_path (digest);
  data = g_key_file_to_data (file, &size, NULL);

  return g_file_set_contents_full (path, data, (gssize) size,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_ONLY_EXISTING,
                                   0600, error);
}

MusterLogStep *
muster_net_secrets_load (const char *digest,
                         guint8     *salt,
                         gsize       salt_max,
                         gsize      *salt_len)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(MusterLogStep) hidden = NULL;
  g_autofree char *path = NULL;
  g_autofree char *action = NULL;
  g_autofree char *player = NULL;
  g_autofree char *hex = NULL;
  g_autofree char *check = NULL;
  g_auto(GStrv) keys = NULL;
  gsize n;

  g_return_val_if_fail (salt != NULL && salt_len != NULL, NULL);

  if (!is_digest (digest))
    return NULL;

  path = secret_path (digest);
  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
    return NULL;

  action = g_key_file_get_string (file, GROUP_HIDDEN, "action", NULL);
  player = g_key_file_get_string (file, GROUP_HIDDEN, "player", NULL);
  hex = g_key_file_get_string (file, GROUP_HIDDEN, "salt", NULL);
  if (action == NULL || player == NULL || hex == NULL || !muster_game_can_hide (action) ||
      strlen (hex) % 2 != 0 || (n = strlen (hex) / 2) > salt_max || !muster_net_hex_decode (hex, salt, n))
    return NULL;

  hidden = muster_log_step_new (action);
  muster_log_step_set (hidden, "player", player);
  keys = g_key_file_get_keys (file, GROUP_ATTRIBUTES, NULL, NULL);
  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    {
      g_autofree char *value = g_key_file_get_string (file, GROUP_ATTRIBUTES, keys[i], NULL);

      if (value == NULL || !muster_log_step_is_name (keys[i]) || strcmp (keys[i], "player") == 0)
        return NULL;
      muster_log_step_set (hidden, keys[i], value);
    }

  /* What is kept must be what was committed to. */
  check = muster_game_commit_digest (action, player, muster_log_step_get_attrs (hidden), salt, n);
  if (g_strcmp0 (check, digest) != 0)
    {
      g_debug ("%s does not give its commitment: not taken", path);
      return NULL;
    }

  *salt_len = n;

  return g_steal_pointer (&hidden);
}

void
muster_net_secrets_bind (const char *digest,
                         guint       n,
                         const char *before)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  gsize size = 0;

  g_return_if_fail (before != NULL);

  if (!is_digest (digest))
    return;

  path = secret_path (digest);
  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
    return;

  g_key_file_set_uint64 (file, GROUP_HIDDEN, "step", n);
  g_key_file_set_string (file, GROUP_HIDDEN, "before", before);
  data = g_key_file_to_data (file, &size, NULL);
  if (!g_file_set_contents_full (path, data, (gssize) size, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_debug ("%s: %s", path, error->message);
}

gboolean
muster_net_secrets_get_binding (const char  *digest,
                                guint       *n,
                                char       **before)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *path = NULL;
  g_autofree char *hex = NULL;
  guint64 step;

  g_return_val_if_fail (n != NULL && before != NULL, FALSE);

  if (!is_digest (digest))
    return FALSE;

  path = secret_path (digest);
  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL) ||
      !g_key_file_has_key (file, GROUP_HIDDEN, "step", NULL))
    return FALSE;

  step = g_key_file_get_uint64 (file, GROUP_HIDDEN, "step", NULL);
  hex = g_key_file_get_string (file, GROUP_HIDDEN, "before", NULL);
  /* Said, but not readable: no game is that one. */
  *n = step >= 1 && step <= G_MAXUINT ? (guint) step : 0;
  *before = hex != NULL && is_digest (hex) ? g_steal_pointer (&hex) : g_strdup ("");

  return TRUE;
}

void
muster_net_secrets_forget (const char *digest)
{
  g_autofree char *path = NULL;

  if (!is_digest (digest))
    return;

  path = secret_path (digest);
  g_unlink (path);
}
