/* muster-bench.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Hooks for the benchmarks of tests/bench, inert unless the environment
 * asks for them:
 *
 *   MUSTER_BENCH_EXIT_AFTER_FIRST_FRAME=1
 *       right after the first frame in which a board view was drawn,
 *       print "muster-bench: first-frame rss-kb=N" on standard error and
 *       exit with status 0 (without tearing anything down), so that the
 *       life of the process is its start-up to the first drawn table
 *       (the startup section of tests/bench/bench-process.py).
 *
 * Call before g_application_run(). */
void muster_bench_init (GtkApplication *app);

/* The resident memory of this process in kB (VmRSS), or 0. */
long muster_bench_rss_kb (void);

G_END_DECLS
