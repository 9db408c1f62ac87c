/* muster-validate-sequence.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include <string.h>

#include "muster-validate-private.h"

/* Sequence rules */

void
_muster_validator_group_free (gpointer data)
{
  Group *group = data;

  g_ptr_array_unref (group->members);
  g_free (group);
}

int
_muster_validator_compare_turns (gconstpointer a,
                                 gconstpointer b,
                                 gpointer      user_data)
{
  guint ta = GPOINTER_TO_UINT (a);
  guint tb = GPOINTER_TO_UINT (b);

  return ta < tb ? -1 : ta > tb ? 1 : 0;
}


static Group *
group_new (PlayerState *player,
           guint        turn)
{
  Group *group = g_new0 (Group, 1);

  group->player = player;
  group->turn = turn;
  group->members = g_ptr_array_new ();

  return group;
}

/* deploy-order (Marching Columns): each unit's centre farther from the
 * player's short edge than the centre of the unit deployed before it.
 * Units of one turn may have gone down in any order, so the units of a
 * turn have to lie beyond the farthest unit of the previous turn that has
 * any; units of one turn at exactly the same distance are not flagged.
 * Pieces with no turn (0) are not in the order. */
gboolean
_muster_validator_order_eligible (MusterValidator *self,
                                  const PieceInfo *info,
                                  PlayerState     *player)
{
  return player != NULL &&
         player->short_edge != SHORT_EDGE_NONE &&
         info->turn > 0 &&
         info->deployable &&
         info_applies (info, MUSTER_RULE_DEPLOY_ORDER);
}

static double
order_distance (MusterValidator   *self,
                const PlayerState *player,
                double             x)
{
  return player->short_edge == SHORT_EDGE_WEST ? x : self->width - x;
}

/* The unit that the player deployed last before turn (see above), or
 * NULL. */
static PieceState *
order_reference (MusterValidator *self,
                 PlayerState     *player,
                 guint            turn)
{
  GTreeNode *node = g_tree_lower_bound (player->order_groups, GUINT_TO_POINTER (turn));
  PieceState *best = NULL;
  double best_distance = 0.0;
  Group *group;

  if (node != NULL)
    node = g_tree_node_previous (node);
  else
    node = g_tree_node_last (player->order_groups);

  if (node == NULL)
    return NULL;

  group = g_tree_node_value (node);
  for (guint i = 0; i < group->members->len; i++)
    {
      PieceState *member = g_ptr_array_index (group->members, i);
      double distance = order_distance (self, player, member->piece->x);

      if (best == NULL || distance > best_distance ||
          (distance == best_distance && strcmp (member->piece->id, best->piece->id) < 0))
        {
          best = member;
          best_distance = distance;
        }
    }

  return best;
}

/* The deploy-order verdict of piece, with its centre at x. */
MusterViolation *
_muster_validator_order_verdict (MusterValidator   *self,
                                 const MusterPiece *piece,
                                 PlayerState       *player,
                                 double             x)
{
  PieceState *reference = order_reference (self, player, piece->turn);

  if (reference != NULL &&
      order_distance (self, player, x) <=
        order_distance (self, player, reference->piece->x) + MUSTER_EPSILON_MM)
    return _muster_validator_violation_new_for_piece (self, piece, MUSTER_RULE_DEPLOY_ORDER, reference->piece);

  return NULL;
}

static void
order_check_member (MusterValidator *self,
                    PieceState      *ps)
{
  MusterViolation *violation;

  g_assert (ps->order_group != NULL);

  _muster_validator_remove_violations (self, ps, RULE_BIT (MUSTER_RULE_DEPLOY_ORDER), 0);
  violation = _muster_validator_order_verdict (self, ps->piece, ps->order_group->player, ps->piece->x);
  if (violation != NULL)
    _muster_validator_add_violation (self, ps, violation);
}

static void
order_check_group (MusterValidator *self,
                   Group           *group)
{
  for (guint i = 0; i < group->members->len; i++)
    order_check_member (self, g_ptr_array_index (group->members, i));
}

/* Re-checks the first turn after turn: its reference may have changed. */
static void
order_check_after (MusterValidator *self,
                   PlayerState     *player,
                   guint            turn)
{
  GTreeNode *node = g_tree_upper_bound (player->order_groups, GUINT_TO_POINTER (turn));

  if (node != NULL)
    order_check_group (self, g_tree_node_value (node));
}

void
_muster_validator_order_leave (MusterValidator *self,
                               PieceState      *ps)
{
  Group *group = ps->order_group;
  PlayerState *player;
  guint turn;

  if (group == NULL)
    return;

  player = group->player;
  turn = group->turn;
  g_ptr_array_remove_fast (group->members, ps);
  ps->order_group = NULL;
  _muster_validator_remove_violations (self, ps, RULE_BIT (MUSTER_RULE_DEPLOY_ORDER), 0);

  if (group->members->len == 0)
    g_tree_remove (player->order_groups, GUINT_TO_POINTER (turn));

  if (!self->rebuilding)
    order_check_after (self, player, turn);
}

void
_muster_validator_order_join (MusterValidator *self,
                              PieceState      *ps)
{
  guint turn = ps->info.turn;
  Group *group;

  g_assert (ps->order_group == NULL);

  if (!_muster_validator_order_eligible (self, &ps->info, ps->player))
    return;

  group = g_tree_lookup (ps->player->order_groups, GUINT_TO_POINTER (turn));
  if (group == NULL)
    {
      group = group_new (ps->player, turn);
      g_tree_insert (ps->player->order_groups, GUINT_TO_POINTER (turn), group);
    }

  g_ptr_array_add (group->members, ps);
  ps->order_group = group;

  /* A full rebuild checks every group once at the end. */
  if (!self->rebuilding)
    {
      order_check_member (self, ps);
      order_check_after (self, ps->player, turn);
    }
}

gboolean
_muster_validator_order_check_group_cb (gpointer key,
                                        gpointer value,
                                        gpointer user_data)
{
  order_check_group (user_data, value);

  return FALSE;
}

/* deploy-sequence (Counterthrust, Marching Columns): in each of the first
 * N deployment turns a player deploys a single unit, so two units of one
 * player in one of those turns both break it. "No Characters unless
 * forced" needs to know what was left to deploy, which a layout does not
 * tell, so it is not checked here. Infinity's deployment steps are kept by
 * the deployment phase as it happens, not by this static check. */
gboolean
_muster_validator_seq_eligible (MusterValidator *self,
                                const PieceInfo *info,
                                PlayerState     *player)
{
  const MusterRuleDef *def = self->rules[MUSTER_RULE_DEPLOY_SEQUENCE].def;

  return player != NULL &&
         def != NULL &&
         info->turn > 0 &&
         info->turn <= def->turns &&
         info->deployable &&
         info_applies (info, MUSTER_RULE_DEPLOY_SEQUENCE);
}

MusterViolation *
_muster_validator_seq_violation_new (MusterValidator   *self,
                                     const MusterPiece *piece)
{
  return _muster_validator_violation_new (self, piece, MUSTER_RULE_DEPLOY_SEQUENCE, NULL, 0,
                                          MUSTER_VIOLATION_OTHER_NONE);
}

void
_muster_validator_seq_join (MusterValidator *self,
                            PieceState      *ps)
{
  guint turn = ps->info.turn;
  Group *group;

  g_assert (ps->seq_group == NULL);

  if (!_muster_validator_seq_eligible (self, &ps->info, ps->player))
    return;

  group = g_hash_table_lookup (ps->player->seq_groups, GUINT_TO_POINTER (turn));
  if (group == NULL)
    {
      group = group_new (ps->player, turn);
      g_hash_table_insert (ps->player->seq_groups, GUINT_TO_POINTER (turn), group);
    }

  g_ptr_array_add (group->members, ps);
  ps->seq_group = group;

  if (group->members->len == 2)
    {
      PieceState *first = g_ptr_array_index (group->members, 0);

      _muster_validator_add_violation (self, first, _muster_validator_seq_violation_new (self, first->piece));
    }

  if (group->members->len >= 2)
    _muster_validator_add_violation (self, ps, _muster_validator_seq_violation_new (self, ps->piece));
}

void
_muster_validator_seq_leave (MusterValidator *self,
                             PieceState      *ps)
{
  Group *group = ps->seq_group;

  if (group == NULL)
    return;

  g_ptr_array_remove_fast (group->members, ps);
  ps->seq_group = NULL;
  _muster_validator_remove_violations (self, ps, RULE_BIT (MUSTER_RULE_DEPLOY_SEQUENCE), 0);

  if (group->members->len == 1)
    _muster_validator_remove_violations (self, g_ptr_array_index (group->members, 0),
                                         RULE_BIT (MUSTER_RULE_DEPLOY_SEQUENCE), 0);
  else if (group->members->len == 0)
    g_hash_table_remove (group->player->seq_groups, GUINT_TO_POINTER (group->turn));
}
