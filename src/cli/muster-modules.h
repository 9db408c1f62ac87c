/* muster-modules.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where the muster executable finds its modules (the window,
 * libmuster-gui; the drawing of --export, libmuster-export):
 * $MUSTER_GUI_MODULE_DIR when set (meson devenv, the tests); else beside
 * the executable, as in a build tree, whose settings schema, translations
 * and icons it then uses too; else the installed directory
 * (<libdir>/muster). */
char *muster_module_path (const char *name);

G_END_DECLS
