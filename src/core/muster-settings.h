/* muster-settings.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The player's contact tolerance in millimetres, the setting
 * contact-tolerance that the window's Preferences set, for the command
 * line to judge as the window judges. Read through GIO alone, so that
 * the command line loads no GTK; MUSTER_DEFAULT_TOLERANCE_MM when
 * Muster's settings schema is not installed (or is one without the key),
 * as for a muster run from where it was built. */
double muster_settings_get_contact_tolerance (void);

G_END_DECLS
