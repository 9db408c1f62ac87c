/* muster-initiative-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-initiative.h"

G_BEGIN_DECLS

/* What the two roll-offs share: Infinity's Initiative Roll
 * (muster-initiative.c) and The 9th Age's roll-off for the choice of zone
 * (muster-t9a-pregame.c). */

#define IS_PLAYER(p) ((p) == 0 || (p) == 1)

/* One attempt of a roll-off: a die each. */
typedef struct
{
  guint                roll[2];
  MusterRollOffOutcome outcome;
} MusterRollOffAttempt;

gboolean              _muster_initiative_refuse        (GError            **error,
                                                        int                 code,
                                                        const char         *format,
                                                        ...) G_GNUC_PRINTF (3, 4);
MusterRollOffAttempt *_muster_roll_off_current         (GArray             *attempts);
void                  _muster_roll_off_start           (GArray             *attempts);
guint                 _muster_roll_off_get_roll        (GArray             *attempts,
                                                        guint               attempt,
                                                        int                 player);
MusterRollOffOutcome  _muster_roll_off_get_outcome     (GArray             *attempts,
                                                        guint               attempt);
/* Throws or records the player's die of the current attempt; name is
 * the player's for messages, who for the roll log. */
gboolean              _muster_roll_off_take_die        (MusterDice         *dice,
                                                        GArray             *attempts,
                                                        int                 player,
                                                        const char         *who,
                                                        const char         *name,
                                                        guint               sides,
                                                        gboolean            manual,
                                                        guint               value,
                                                        const char         *why,
                                                        GError            **error);
const char           *_muster_pair_other               (const char * const *pair,
                                                        const char         *value);

G_END_DECLS
