/* muster-roster-problems.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-validate.h"

G_BEGIN_DECLS

/* How many problems the pieces of each roster entry have on the table,
 * kept as the validator's verdicts change: a roster's rows say it after
 * every move, and after a move only the pieces whose verdicts changed are
 * counted again, however big the table. A piece's problems are the rules
 * it breaks, each once, however many pieces it breaks one against (as the
 * Problems list has them). */
typedef struct _MusterRosterProblems MusterRosterProblems;

MusterRosterProblems *muster_roster_problems_new  (MusterValidator      *validator);
void                  muster_roster_problems_free (MusterRosterProblems *self);
/* The problems of player_id's pieces placed from entry_id. */
guint                 muster_roster_problems_get  (MusterRosterProblems *self,
                                                   const char           *player_id,
                                                   const char           *entry_id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRosterProblems, muster_roster_problems_free)

G_END_DECLS
