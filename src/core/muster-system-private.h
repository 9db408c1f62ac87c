/* muster-system-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-region-template.h"
#include "muster-system.h"

G_BEGIN_DECLS

/* What muster-system.c (reading a file) and muster-system-registry.c
 * (the shipped and the user's systems) share. */

typedef struct
{
  char                 *zone;
  MusterRegionTemplate *tmpl;
} SkillRegion;

struct _MusterSystem
{
  GObject     parent_instance;

  char       *id;
  char       *name;
  char       *filename;
  int         line;
  MusterUnit  units;
  GBytes     *bytes;

  GPtrArray  *boards;       /* MusterBoardPreset */
  GPtrArray  *bases;        /* MusterBasePreset */
  GPtrArray  *rules;        /* MusterRuleDef */
  GPtrArray  *deployments;  /* MusterDeployment */
  GPtrArray  *skills;       /* MusterSkillDef */
};

/* check_schema: FALSE for the shipped files, which the tests check: no
 * schema, and their zones not all resolved to find errors. */
MusterSystem *_muster_system_new_from_bytes (GBytes      *bytes,
                                             const char  *filename,
                                             gboolean     check_schema,
                                             GError     **error);

G_END_DECLS
