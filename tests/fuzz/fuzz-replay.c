/* fuzz-replay.c: runs a fuzz harness over saved inputs, with any
 * compiler and no libFuzzer, so that the seed corpora and every input
 * that once crashed stay tested in the normal suite.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   fuzz-replay-layout DIR-OR-FILE...
 *
 * Exits 0 when every input went through; a bug aborts (fuzz_fail, a
 * fatal critical or a sanitizer) with the name of the input printed just
 * before. Files whose names start with "." or "README" are skipped.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fuzz-common.h"

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
replay_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gint64 start;
  gsize size;

  if (!g_file_get_contents (path, &contents, &size, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }

  g_printerr ("%s (%" G_GSIZE_FORMAT " bytes)", path, size);
  start = g_get_monotonic_time ();
  LLVMFuzzerTestOneInput ((const uint8_t *) contents, size);
  g_printerr (": %.3f s\n", (g_get_monotonic_time () - start) / 1e6);

  return TRUE;
}

static gboolean
replay (const char *path,
        guint      *n_inputs)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  gboolean ok = TRUE;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      (*n_inputs)++;
      return replay_file (path);
    }

  dir = g_dir_open (path, 0, &error);
  if (dir == NULL)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }

  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (name[0] != '.' && !g_str_has_prefix (name, "README"))
        g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort (names, compare_strings);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *child = g_build_filename (path, g_ptr_array_index (names, i), NULL);

      if (g_file_test (child, G_FILE_TEST_IS_REGULAR))
        {
          (*n_inputs)++;
          ok &= replay_file (child);
        }
    }

  return ok;
}

int
main (int    argc,
      char **argv)
{
  gboolean ok = TRUE;
  guint n_inputs = 0;

  if (argc < 2)
    {
      g_printerr ("Usage: %s DIR-OR-FILE...\n", argv[0]);
      return 2;
    }

  for (int i = 1; i < argc; i++)
    ok &= replay (argv[i], &n_inputs);

  g_printerr ("%u inputs replayed\n", n_inputs);

  return ok && n_inputs > 0 ? 0 : 1;
}
