/* validate-file.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The phases of `muster --validate FILE`, timed apart in one process, for
 * the in-process comparison with geos-validate (bench-process.py):
 *
 *   validate-file FILE.muster [REPEATS]
 *
 * prints "validate-file: load-ms=L validate-ms=V violations=N": L the CPU
 * time of reading the file into a layout (muster_layout_new_from_file():
 * reading, the XML parser, the RELAX NG check, the layout's own checks),
 * V that of working out every verdict (muster_validator_new(): the
 * outlines, the spatial index, every rule), each the median of REPEATS
 * runs (5 by default). */

#define G_LOG_DOMAIN "validate-file"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "bench-common.h"
#include "muster-system.h"
#include "muster-validate.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GFile) file = NULL;
  g_autofree double *loads = NULL;
  g_autofree double *validations = NULL;
  MusterSystem *system = NULL;
  guint repeats = 5;
  guint violations = 0;

  if (argc < 2 || argc > 3)
    {
      fprintf (stderr, "usage: validate-file FILE.muster [REPEATS]\n");
      return 2;
    }
  if (argc == 3)
    repeats = CLAMP (strtoul (argv[2], NULL, 10), 1, 1000);

  file = g_file_new_for_commandline_arg (argv[1]);
  loads = g_new (double, repeats);
  validations = g_new (double, repeats);

  for (guint i = 0; i < repeats; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterLayout) layout = NULL;
      g_autoptr(MusterValidator) validator = NULL;
      double t0 = bench_now ();

      layout = muster_layout_new_from_file (file, &error);
      loads[i] = (bench_now () - t0) * 1e3;
      if (layout == NULL)
        {
          fprintf (stderr, "validate-file: %s\n", error->message);
          return 2;
        }

      if (system == NULL)
        system = muster_system_registry_lookup (muster_system_registry_get_default (),
                                                muster_layout_get_system_id (layout));
      if (system == NULL)
        {
          fprintf (stderr, "validate-file: unknown game system\n");
          return 2;
        }

      t0 = bench_now ();
      validator = muster_validator_new (layout, system, &error);
      validations[i] = (bench_now () - t0) * 1e3;
      if (validator == NULL)
        {
          fprintf (stderr, "validate-file: %s\n", error->message);
          return 2;
        }
      violations = muster_validator_count (validator);
    }

  printf ("validate-file: load-ms=%.3f validate-ms=%.3f violations=%u\n",
          bench_median (loads, repeats), bench_median (validations, repeats), violations);

  return 0;
}
