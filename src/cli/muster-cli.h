/* muster-cli.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when argv asks for a command-line path (--validate, --export,
 * --game, --list-systems, --help, --version) or names an option of one
 * (--system, --paper, ...): those run before, and without, GTK, so they
 * work with no display. */
gboolean muster_cli_wanted (int    argc,
                            char **argv);
int      muster_cli_run    (int    argc,
                            char **argv);

G_END_DECLS
