/* muster-draft.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-draft"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "muster-draft.h"

#define GROUP "Draft"

struct _MusterDraft
{
  char  *id;
  int    lock_fd;
  GFile *file;
};

static char *
drafts_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "muster", "drafts", NULL);
}

static char *
draft_path (const char *id,
            const char *suffix)
{
  g_autofree char *dir = drafts_dir ();
  g_autofree char *name = g_strconcat (id, suffix, NULL);

  return g_build_filename (dir, name, NULL);
}

/* An id is 36 characters of a UUID: nothing else is a draft of ours. */
static gboolean
is_id (const char *text)
{
  if (strlen (text) != 36)
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isxdigit (*p) && *p != '-')
      return FALSE;

  return TRUE;
}

/* The draft's lock file, locked; -1 when another holds it (or it cannot
 * be opened). */
static int
take_lock (const char *id)
{
  g_autofree char *dir = drafts_dir ();
  g_autofree char *path = draft_path (id, ".lock");
  int fd;

  g_mkdir_with_parents (dir, 0700);
  fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;

  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      close (fd);
      return -1;
    }

  return fd;
}

static MusterDraft *
draft_new (const char *id,
           int         lock_fd)
{
  MusterDraft *self = g_new0 (MusterDraft, 1);
  g_autofree char *path = draft_path (id, ".muster");

  self->id = g_strdup (id);
  self->lock_fd = lock_fd;
  self->file = g_file_new_for_path (path);

  return self;
}

MusterDraft *
muster_draft_new (void)
{
  for (guint attempt = 0; attempt < 8; attempt++)
    {
      g_autofree char *id = g_uuid_string_random ();
      g_autofree char *path = draft_path (id, ".muster");
      int fd;

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      fd = take_lock (id);
      if (fd >= 0)
        return draft_new (id, fd);
    }

  /* No lock to be had (a read-only home): a draft all the same, which a
   * later start takes for an orphan only if the file is there. */
  {
    g_autofree char *id = g_uuid_string_random ();

    return draft_new (id, -1);
  }
}

MusterDraft *
muster_draft_adopt (const char *id)
{
  int fd;

  g_return_val_if_fail (id != NULL, NULL);

  if (!is_id (id))
    return NULL;

  fd = take_lock (id);

  return fd >= 0 ? draft_new (id, fd) : NULL;
}

void
muster_draft_free (MusterDraft *self)
{
  if (self == NULL)
    return;

  /* Closing releases the lock: a draft left behind is an orphan. With no
   * draft to offer, the lock file goes too, while it is still ours. */
  if (self->lock_fd >= 0)
    {
      if (!g_file_query_exists (self->file, NULL))
        {
          g_autofree char *path = draft_path (self->id, ".lock");

          g_unlink (path);
        }
      close (self->lock_fd);
    }
  g_free (self->id);
  g_clear_object (&self->file);
  g_free (self);
}

const char *
muster_draft_get_id (MusterDraft *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->id;
}

GFile *
muster_draft_get_file (MusterDraft *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->file;
}

gboolean
muster_draft_save (MusterDraft   *self,
                   MusterLayout  *layout,
                   GFile         *original,
                   const char    *title,
                   GError       **error)
{
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autofree char *info_path = NULL;
  g_autofree char *dir = drafts_dir ();

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), FALSE);

  g_mkdir_with_parents (dir, 0700);
  if (!muster_layout_save (layout, self->file, error))
    return FALSE;

  if (original != NULL)
    {
      g_autofree char *uri = g_file_get_uri (original);

      g_key_file_set_string (info, GROUP, "File", uri);
    }
  if (title != NULL)
    g_key_file_set_string (info, GROUP, "Title", title);

  info_path = draft_path (self->id, ".ini");

  return g_key_file_save_to_file (info, info_path, error);
}

static void
delete_files (const char *id,
              gboolean    with_lock)
{
  static const char * const suffixes[] = { ".muster", ".muster~", ".ini", ".lock" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes) - (with_lock ? 0 : 1); i++)
    {
      g_autofree char *path = draft_path (id, suffixes[i]);

      g_unlink (path);
    }
}

void
muster_draft_discard (MusterDraft *self)
{
  g_return_if_fail (self != NULL);

  delete_files (self->id, FALSE);
}

void
muster_orphan_free (MusterOrphan *orphan)
{
  if (orphan == NULL)
    return;

  g_free (orphan->id);
  g_clear_object (&orphan->file);
  g_clear_object (&orphan->original);
  g_free (orphan->title);
  g_free (orphan);
}

static gint
by_age (gconstpointer a,
        gconstpointer b)
{
  const MusterOrphan *x = *(const MusterOrphan * const *) a;
  const MusterOrphan *y = *(const MusterOrphan * const *) b;

  return x->saved_at < y->saved_at ? -1 : x->saved_at > y->saved_at;
}

GPtrArray *
muster_draft_list_orphans (void)
{
  GPtrArray *orphans = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_orphan_free);
  g_autofree char *dir_path = drafts_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *id = NULL;
      g_autofree char *info_path = NULL;
      g_autoptr(GKeyFile) info = g_key_file_new ();
      g_autofree char *uri = NULL;
      MusterOrphan *orphan;
      int fd;

      if (!g_str_has_suffix (name, ".muster"))
        continue;
      id = g_strndup (name, strlen (name) - strlen (".muster"));
      if (!is_id (id))
        continue;

      /* Held by a running Muster: not an orphan. */
      fd = take_lock (id);
      if (fd < 0)
        continue;
      close (fd);

      orphan = g_new0 (MusterOrphan, 1);
      orphan->id = g_steal_pointer (&id);
      orphan->file = g_file_new_build_filename (dir_path, name, NULL);
      {
        GStatBuf buf;

        if (g_stat (g_file_peek_path (orphan->file), &buf) == 0)
          orphan->saved_at = buf.st_mtime;
      }
      info_path = draft_path (orphan->id, ".ini");
      if (g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
        {
          uri = g_key_file_get_string (info, GROUP, "File", NULL);
          orphan->title = g_key_file_get_string (info, GROUP, "Title", NULL);
        }
      if (uri != NULL)
        orphan->original = g_file_new_for_uri (uri);
      g_ptr_array_add (orphans, orphan);
    }

  g_ptr_array_sort (orphans, by_age);

  return orphans;
}

void
muster_draft_delete_orphan (const char *id)
{
  int fd;

  g_return_if_fail (id != NULL);

  if (!is_id (id))
    return;

  /* Not if a Muster took it back meanwhile. */
  fd = take_lock (id);
  if (fd < 0)
    return;

  delete_files (id, TRUE);
  close (fd);
}
