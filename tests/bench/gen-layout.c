/* gen-layout.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Writes a generated layout (see bench-common.h) as a *.muster file:
 *
 *   gen-layout N OUT.muster [SEED]
 *
 * The file is what Muster itself would save (muster_layout_to_bytes()),
 * so it holds no more pieces than a layout file may (see
 * MUSTER_LAYOUT_MAX_ROOT_CHILDREN); the in-process benchmarks build
 * bigger ones directly. */

#define G_LOG_DOMAIN "gen-layout"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "bench-common.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  guint n;
  guint32 seed = 1;

  if (argc < 3 || argc > 4)
    {
      fprintf (stderr, "usage: gen-layout N OUT.muster [SEED]\n");
      return 2;
    }

  n = (guint) strtoul (argv[1], NULL, 10);
  if (argc == 4)
    seed = (guint32) strtoul (argv[3], NULL, 10);

  layout = bench_layout_new (n, seed);
  bytes = muster_layout_to_bytes (layout);

  if (!g_file_set_contents (argv[2], g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error))
    {
      fprintf (stderr, "gen-layout: %s\n", error->message);
      return 1;
    }

  return 0;
}
