/* muster-atomic-file.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-atomic-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "muster-atomic-file.h"

/* Replacing a file without ever leaving it half written: the whole new
 * content goes to a temporary file beside it, is flushed to the disk,
 * and only then renamed over the file. Not g_file_replace_contents():
 * after a failed write (a full disk) it still closes its stream, which
 * renames the short temporary file over the file. */

/* How deep a chain of symbolic links is followed (as Linux does). */
#define MAX_LINKS 40

/**
 * muster_atomic_file_resolve:
 * @path: a file's path
 *
 * The file that @path names once its symbolic links are followed, as far
 * as they lead (the last one may point to a file not made yet): the
 * file a save must replace, where renaming over @path would replace the
 * link and leave the file it points to as it was.
 *
 * Returns: (transfer full): the path to write
 */
char *
muster_atomic_file_resolve (const char *path)
{
  g_autofree char *current = g_strdup (path);

  g_return_val_if_fail (path != NULL, NULL);

  for (guint i = 0; i < MAX_LINKS && g_file_test (current, G_FILE_TEST_IS_SYMLINK); i++)
    {
      g_autofree char *target = g_file_read_link (current, NULL);
      g_autofree char *dir = NULL;

      if (target == NULL)
        break;
      if (g_path_is_absolute (target))
        {
          g_free (current);
          current = g_steal_pointer (&target);
          continue;
        }
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_build_filename (dir, target, NULL);
    }

  return g_steal_pointer (&current);
}

/**
 * muster_atomic_file_shorten:
 * @name: a file name
 * @max_bytes: the most bytes the result may have
 *
 * The longest start of @name within @max_bytes that does not end inside
 * a character (when @name is UTF-8), so that names made from it stay
 * within what a file system allows (255 bytes a name on most).
 *
 * Returns: (transfer full): that start
 */
char *
muster_atomic_file_shorten (const char *name,
                            gsize       max_bytes)
{
  gsize len;

  g_return_val_if_fail (name != NULL, NULL);

  len = strlen (name);
  if (len <= max_bytes)
    return g_strdup (name);

  len = max_bytes;
  if (g_utf8_validate (name, -1, NULL))
    while (len > 0 && (name[len] & 0xc0) == 0x80)
      len--;

  return g_strndup (name, len);
}

static int
make_temporary (const char  *path,
                char       **tmp_out)
{
  g_autofree char *dirname = g_path_get_dirname (path);
  g_autofree char *basename = g_path_get_basename (path);
  /* ".NAME.XXXXXX": the name cut so that the whole stays a name. */
  g_autofree char *stem = muster_atomic_file_shorten (basename, 200);
  char *tmp = g_strdup_printf ("%s/.%s.XXXXXX", dirname, stem);
  int fd = g_mkstemp_full (tmp, O_WRONLY, 0666);

  *tmp_out = tmp;

  return fd;
}

/* Read by others as the old file was (mkstemp makes it private). */
static void
copy_mode (int         fd,
           const char *path,
           const char *tmp)
{
  GStatBuf st;
  mode_t mask = umask (0);

  umask (mask);
  if (fchmod (fd, g_stat (path, &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask)) != 0)
    g_debug ("%s: %s", tmp, g_strerror (errno));
}

static int
write_all (int         fd,
           const char *data,
           gsize       size)
{
  gsize written = 0;

  while (written < size)
    {
      gssize n = write (fd, data + written, size - written);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return n < 0 ? errno : ENOSPC;
      written += n;
    }

  return 0;
}

/* Whether target (path, its links followed) may be written, as far as
 * can be told before writing: not a file made read-only (which its
 * folder would let a new file be renamed over), in a folder that is
 * there. */
static gboolean
check_target (const char  *path,
              const char  *target,
              GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (target);
  GStatBuf st;

  if (g_stat (target, &st) == 0 && S_ISREG (st.st_mode) && (st.st_mode & 0222) == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY,
                   _("%s is read-only and was left as it was"), path);
      return FALSE;
    }

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("%s could not be saved in the folder %s: %s"), path, dir, g_strerror (ENOENT));
      return FALSE;
    }

  return TRUE;
}

/**
 * muster_atomic_file_check:
 * @path: the file a write would make or replace
 * @error: where to say why it could not be, naming the file
 *
 * Whether muster_atomic_file_write() could write @path, as far as can be
 * told beforehand: its folder is there, and it is not a file made
 * read-only. For work that takes long to make what is written (a
 * diagram drawn), so that it is not done for nothing.
 *
 * Returns: %FALSE when the write would fail
 */
gboolean
muster_atomic_file_check (const char  *path,
                          GError     **error)
{
  g_autofree char *target = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  target = muster_atomic_file_resolve (path);

  return check_target (path, target, error);
}

/**
 * muster_atomic_file_write:
 * @path: the file to write, made or replaced (a symbolic link is
 *   followed: the file it points to is replaced)
 * @data: the whole new content
 * @size: its length
 * @before_replace: (nullable): called once the content is on the disk,
 *   before it replaces the file
 * @user_data: for @before_replace
 * @error: where to say why it failed, naming the file
 *
 * Writes @data to @path so that, whatever happens, the file holds either
 * its old content or all of @data: on failure the file is left as it
 * was and nothing else remains. A file made read-only is not replaced
 * (muster_atomic_file_check()).
 *
 * Returns: %TRUE when @path holds @data
 */
gboolean
muster_atomic_file_write (const char           *path,
                          const char           *data,
                          gsize                 size,
                          MusterBeforeReplace   before_replace,
                          gpointer              user_data,
                          GError              **error)
{
  g_autofree char *target = NULL;
  g_autofree char *tmp = NULL;
  int saved_errno = 0;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || size == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  target = muster_atomic_file_resolve (path);
  if (!check_target (path, target, error))
    return FALSE;

  fd = make_temporary (target, &tmp);
  if (fd < 0)
    {
      /* The new content goes first into a file beside it: the folder
       * is named, as it may not be the one of @path (a link's), and a
       * missing or read-only folder is what this says. */
      g_autofree char *dir = NULL;

      saved_errno = errno;
      dir = g_path_get_dirname (target);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("%s could not be saved in the folder %s: %s"), path, dir, g_strerror (saved_errno));
      return FALSE;
    }
  copy_mode (fd, target, tmp);
  saved_errno = write_all (fd, data, size);
  if (saved_errno == 0 && fsync (fd) != 0)
    saved_errno = errno;
  if (close (fd) != 0 && saved_errno == 0)
    saved_errno = errno;
  fd = -1;
  if (saved_errno != 0)
    goto failed;

  if (before_replace != NULL && !before_replace (target, user_data, error))
    {
      g_unlink (tmp);
      return FALSE;
    }

  if (g_rename (tmp, target) != 0)
    {
      saved_errno = errno;
      goto failed;
    }

  return TRUE;

failed:
  g_unlink (tmp);
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("%s could not be written: %s"), path, g_strerror (saved_errno));

  return FALSE;
}
