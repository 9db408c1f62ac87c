/* muster-orders-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-orders.h"

G_BEGIN_DECLS

/* The orders over two files: the skill catalogue and the versions of the
 * Order Expenditure Sequence read from data (muster-orders.c), and a
 * Player Turn going through them (muster-order-sequence.c). */

typedef struct
{
  char      *id;
  GPtrArray *steps;     /* MusterOrderStep */
} Version;

struct _MusterOrderRules
{
  GObject               parent_instance;

  MusterSkillCatalogue *catalogue;
  GPtrArray            *versions;   /* Version */
  Version              *current;
};

gboolean                _muster_orders_refuse                    (GError                 **error,
                                                                  int                      code,
                                                                  const char              *format,
                                                                  ...) G_GNUC_PRINTF (3, 4);
const MusterOrderSkill *_muster_skill_catalogue_lookup_or_refuse (MusterSkillCatalogue    *self,
                                                                  const char              *id,
                                                                  GError                 **error);
/* Whether skill may be declared as an ARO; FALSE, with why, if not. */
gboolean                _muster_skill_check_aro                  (const MusterOrderSkill  *skill,
                                                                  GError                 **error);

G_END_DECLS
