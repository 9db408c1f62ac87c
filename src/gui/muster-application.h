/* muster-application.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_APPLICATION (muster_application_get_type ())

G_DECLARE_FINAL_TYPE (MusterApplication, muster_application, MUSTER, APPLICATION, AdwApplication)

MusterApplication *muster_application_new                     (void);

G_END_DECLS
