/* muster-gui.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gmodule.h>

G_BEGIN_DECLS

/* The window of Muster is a GModule, so that the command line (the
 * muster executable: main.c, muster-cli.c, muster-export.c) loads no GTK.
 * main() opens it only when no command-line path is asked for:
 * from $MUSTER_GUI_MODULE_DIR when set (meson devenv, the tests), else
 * from beside the executable (a build tree), else from GUI_MODULE_DIR
 * (installed, <libdir>/muster). It resolves the core and render symbols
 * it uses from the executable, which exports them. */
#define MUSTER_GUI_MODULE_NAME "libmuster-gui." G_MODULE_SUFFIX
#define MUSTER_GUI_MAIN_SYMBOL "muster_gui_main"

typedef int (*MusterGuiMainFunc) (int    argc,
                                  char **argv);

/* What main() did after the command-line check: runs the application
 * and returns its exit status. */
G_MODULE_EXPORT int muster_gui_main (int    argc,
                                     char **argv);

G_END_DECLS
