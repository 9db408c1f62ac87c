/* muster-system-registry.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-system"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "muster-atomic-file.h"
#include "muster-system-private.h"
#include "muster-xml.h"

#define SHIPPED_SYSTEMS_PATH "/io/github/muster/Muster/core/systems/"

/* Registry
 *
 * The shipped systems are read when first asked for: a command that
 * needs one system (or none) does not read and schema-check them all.
 * A shipped system's file is named after its id ("t9a.xml"), which the
 * tests check; the user's files are read at once, since only reading
 * them tells their ids. */

struct _MusterSystemRegistry
{
  GMutex         lock;
  GStrv          shipped_names;   /* sorted, "ID.xml" */
  MusterSystem **shipped;         /* one per name, NULL until read */
  gboolean      *shipped_tried;   /* one per name: read, or failed to */
  GPtrArray     *user;            /* MusterSystem */
  GPtrArray     *systems;         /* all, once listed */
  GPtrArray     *errors;          /* GError */
  /* Systems an import replaced: whoever borrowed one keeps a live one. */
  GPtrArray     *retired;
  char          *user_dir;
  gboolean       listed;
};

static MusterSystemRegistry *default_registry;

/* The index of the shipped system with the id, or -1. */
static int
shipped_index (MusterSystemRegistry *registry,
               const char           *system_id)
{
  gsize len = strlen (system_id);

  for (guint i = 0; registry->shipped_names[i] != NULL; i++)
    {
      const char *name = registry->shipped_names[i];

      if (strncmp (name, system_id, len) == 0 && strcmp (name + len, ".xml") == 0)
        return (int) i;
    }

  return -1;
}

/* Called with the lock held. */
static MusterSystem *
load_shipped (MusterSystemRegistry *registry,
              guint                 i)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  const char *name = registry->shipped_names[i];
  MusterSystem *system;

  if (registry->shipped_tried[i])
    return registry->shipped[i];

  registry->shipped_tried[i] = TRUE;

  path = g_strconcat ("systems/", name, NULL);
  bytes = muster_xml_lookup_data (path, &error);
  if (bytes == NULL)
    g_error ("Cannot read the shipped game system %s: %s", name, error->message);

  system = _muster_system_new_from_bytes (bytes, name, FALSE, &error);
  if (system == NULL)
    {
      /* A bug in Muster itself, which the tests catch. */
      g_critical ("Shipped game system %s: %s", name, error->message);
      g_ptr_array_add (registry->errors, g_steal_pointer (&error));
      return NULL;
    }

  if (strlen (system->id) + strlen (".xml") != strlen (name) ||
      strncmp (system->id, name, strlen (system->id)) != 0)
    g_critical ("Shipped game system %s has the id “%s”: it must be named after its id",
                name, system->id);

  registry->shipped[i] = system;

  return system;
}

static MusterSystem *
lookup_user (MusterSystemRegistry *registry,
             const char           *system_id)
{
  for (guint i = 0; i < registry->user->len; i++)
    {
      MusterSystem *system = g_ptr_array_index (registry->user, i);

      if (strcmp (system->id, system_id) == 0)
        return system;
    }

  return NULL;
}

static void
registry_add (MusterSystemRegistry *registry,
              MusterSystem         *system)
{
  int shipped = shipped_index (registry, system->id);
  MusterSystem *other = lookup_user (registry, system->id);

  if (shipped >= 0 || other != NULL)
    {
      /* Shipped systems win: a user's file cannot replace one. */
      g_ptr_array_add (registry->errors,
                       g_error_new (MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID,
                                    _("%s:%d: a game system with the id “%s” is already "
                                      "installed (%s); this file is ignored"),
                                    system->filename, MAX (1, system->line), system->id,
                                    shipped >= 0 ? registry->shipped_names[shipped] : other->filename));
      g_object_unref (system);
      return;
    }

  g_ptr_array_add (registry->user, system);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
list_shipped (MusterSystemRegistry *registry)
{
  g_autoptr(GBytes) schema = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;
  g_autoptr(GError) error = NULL;

  /* Registers the core's resources. */
  schema = muster_xml_lookup_data ("muster-system.rng", &error);
  if (schema == NULL)
    g_error ("The game-system schema is missing: %s", error->message);

  names = g_resources_enumerate_children (SHIPPED_SYSTEMS_PATH, G_RESOURCE_LOOKUP_FLAGS_NONE,
                                          &error);
  if (names == NULL)
    g_error ("No shipped game systems: %s", error->message);

  qsort (names, g_strv_length (names), sizeof (char *), compare_strings);

  for (guint i = 0; names[i] != NULL; i++)
    {
      if (g_str_has_suffix (names[i], ".xml"))
        g_strv_builder_add (builder, names[i]);
    }

  registry->shipped_names = g_strv_builder_end (builder);
  registry->shipped = g_new0 (MusterSystem *, g_strv_length (registry->shipped_names) + 1);
  registry->shipped_tried = g_new0 (gboolean, g_strv_length (registry->shipped_names) + 1);
}

static void
load_user_dir (MusterSystemRegistry *registry,
               const char           *user_dir)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  dir = g_dir_open (user_dir, 0, NULL);
  if (dir == NULL)
    return;   /* no user systems: not an error */

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_has_suffix (name, ".xml") && name[0] != '.')
        g_ptr_array_add (names, g_strdup (name));
    }

  g_ptr_array_sort (names, compare_strings);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (user_dir, g_ptr_array_index (names, i), NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      MusterSystem *system;

      /* A pipe or a device would block or never end. */
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          g_ptr_array_add (registry->errors,
                           g_error_new (MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_PARSE,
                                        _("%s: not a regular file"), path));
          continue;
        }

      system = muster_system_new_from_file (file, &error);
      if (system == NULL)
        {
          g_debug ("Skipping %s: %s", path, error->message);
          g_ptr_array_add (registry->errors, g_steal_pointer (&error));
          continue;
        }

      registry_add (registry, system);
    }
}

MusterSystemRegistry *
muster_system_registry_new (const char *user_dir)
{
  MusterSystemRegistry *registry = g_new0 (MusterSystemRegistry, 1);
  g_autofree char *default_dir = NULL;

  g_mutex_init (&registry->lock);
  registry->user = g_ptr_array_new_with_free_func (g_object_unref);
  registry->systems = g_ptr_array_new_with_free_func (g_object_unref);
  registry->errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  registry->retired = g_ptr_array_new_with_free_func (g_object_unref);

  if (user_dir == NULL)
    user_dir = default_dir = g_build_filename (g_get_user_data_dir (), "muster", "systems", NULL);
  registry->user_dir = g_strdup (user_dir);

  list_shipped (registry);
  load_user_dir (registry, user_dir);

  return registry;
}

MusterSystemRegistry *
muster_system_registry_get_default (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      default_registry = muster_system_registry_new (NULL);
      g_once_init_leave (&initialized, 1);
    }

  return default_registry;
}

void
muster_system_registry_free (MusterSystemRegistry *registry)
{
  if (registry == NULL)
    return;

  g_return_if_fail (registry != default_registry);

  for (guint i = 0; registry->shipped_names[i] != NULL; i++)
    g_clear_object (&registry->shipped[i]);
  g_free (registry->shipped);
  g_free (registry->shipped_tried);
  g_strfreev (registry->shipped_names);
  g_clear_pointer (&registry->user, g_ptr_array_unref);
  g_clear_pointer (&registry->systems, g_ptr_array_unref);
  g_clear_pointer (&registry->errors, g_ptr_array_unref);
  g_clear_pointer (&registry->retired, g_ptr_array_unref);
  g_free (registry->user_dir);
  g_mutex_clear (&registry->lock);
  g_free (registry);
}

GPtrArray *
muster_system_registry_list (MusterSystemRegistry *registry)
{
  g_return_val_if_fail (registry != NULL, NULL);

  g_mutex_lock (&registry->lock);

  /* Shipped systems first, in the order of their files, then the user's. */
  if (!registry->listed)
    {
      for (guint i = 0; registry->shipped_names[i] != NULL; i++)
        {
          MusterSystem *system = load_shipped (registry, i);

          if (system != NULL)
            g_ptr_array_add (registry->systems, g_object_ref (system));
        }

      for (guint i = 0; i < registry->user->len; i++)
        g_ptr_array_add (registry->systems, g_object_ref (g_ptr_array_index (registry->user, i)));

      registry->listed = TRUE;
    }

  g_mutex_unlock (&registry->lock);

  return registry->systems;
}

MusterSystem *
muster_system_registry_lookup (MusterSystemRegistry *registry,
                               const char           *system_id)
{
  MusterSystem *system;
  int i;

  g_return_val_if_fail (registry != NULL, NULL);

  if (system_id == NULL)
    return NULL;

  i = shipped_index (registry, system_id);

  /* An import may add to the user's systems. */
  g_mutex_lock (&registry->lock);
  system = i < 0 ? lookup_user (registry, system_id) : load_shipped (registry, (guint) i);
  g_mutex_unlock (&registry->lock);

  return system;
}

GPtrArray *
muster_system_registry_get_errors (MusterSystemRegistry *registry)
{
  g_return_val_if_fail (registry != NULL, NULL);

  return registry->errors;
}

const char *
muster_system_registry_get_user_dir (MusterSystemRegistry *registry)
{
  g_return_val_if_fail (registry != NULL, NULL);

  return registry->user_dir;
}

/* Where an imported system goes: its own file when it is already in the
 * user's folder, the file of the system it replaces, else ID.xml, or
 * ID-2.xml and so on when that name holds another file (a broken one,
 * say, left for the user to look at). */
static char *
import_path (MusterSystemRegistry *registry,
             GFile                *file,
             MusterSystem         *system,
             MusterSystem         *old)
{
  g_autoptr(GFile) dir = g_file_new_for_path (registry->user_dir);
  char *own = g_file_has_parent (file, dir) ? g_file_get_path (file) : NULL;

  if (own != NULL)
    return own;

  if (old != NULL)
    return g_strdup (old->filename);

  for (guint n = 1; ; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s.xml", system->id)
                                     : g_strdup_printf ("%s-%u.xml", system->id, n);
      char *path = g_build_filename (registry->user_dir, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
}

/* Called with the lock held. The system replaced stays alive. */
static void
put_user (MusterSystemRegistry *registry,
          MusterSystem         *old,
          MusterSystem         *system)
{
  guint i;

  if (old == NULL)
    {
      g_ptr_array_add (registry->user, g_object_ref (system));
      if (registry->listed)
        g_ptr_array_add (registry->systems, g_object_ref (system));
      return;
    }

  if (g_ptr_array_find (registry->user, old, &i))
    {
      g_ptr_array_add (registry->retired, old);
      registry->user->pdata[i] = g_object_ref (system);
    }
  if (registry->listed && g_ptr_array_find (registry->systems, old, &i))
    {
      g_object_unref (old);
      registry->systems->pdata[i] = g_object_ref (system);
    }
}

MusterSystem *
muster_system_registry_import (MusterSystemRegistry  *registry,
                               GFile                 *file,
                               gboolean               replace,
                               GError               **error)
{
  g_autoptr(MusterSystem) system = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  MusterSystem *old;
  const char *data;
  gsize size;
  int shipped;

  g_return_val_if_fail (registry != NULL, NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  system = muster_system_new_from_file (file, error);
  if (system == NULL)
    return NULL;

  name = g_file_get_parse_name (file);
  shipped = shipped_index (registry, system->id);
  if (shipped >= 0)
    {
      g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_SHIPPED,
                   _("%s:%d: “%s” is the id of a game system that comes with Muster; "
                     "give yours another id to import it"),
                   name, MAX (1, system->line), system->id);
      return NULL;
    }

  g_mutex_lock (&registry->lock);
  old = lookup_user (registry, system->id);
  g_mutex_unlock (&registry->lock);
  if (old != NULL && !replace)
    {
      g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_EXISTS,
                   _("%s:%d: a game system of yours already has the id “%s” (%s)"),
                   name, MAX (1, system->line), system->id, old->filename);
      return NULL;
    }

  if (g_mkdir_with_parents (registry->user_dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   "%s: %s", registry->user_dir, g_strerror (saved));
      return NULL;
    }

  /* What was checked is what is copied, through a temporary file and a
   * rename: a failure leaves the folder as it was. */
  path = import_path (registry, file, system, old);
  data = g_bytes_get_data (system->bytes, &size);
  if (!muster_atomic_file_write (path, data, size, NULL, NULL, error))
    return NULL;

  g_free (system->filename);
  system->filename = g_steal_pointer (&path);

  g_mutex_lock (&registry->lock);
  put_user (registry, old, system);
  g_mutex_unlock (&registry->lock);

  /* The registry holds it now. */
  return system;
}
