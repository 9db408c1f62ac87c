/* muster-validate-sequence.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include <math.h>
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
 * any; and two units of one turn at the same distance break it whatever
 * their order (side by side across a west edge, say): the second went
 * down no farther than the first. Both are flagged, each naming the
 * other. Pieces with no turn (0) are not in the order. */
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
                double             x,
                double             y)
{
  switch (player->short_edge)
    {
    case SHORT_EDGE_WEST:
      return x;
    case SHORT_EDGE_EAST:
      return self->width - x;
    case SHORT_EDGE_NORTH:
      return y;
    case SHORT_EDGE_SOUTH:
      return self->height - y;
    case SHORT_EDGE_NONE:
    default:
      g_assert_not_reached ();
    }
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
      double distance = order_distance (self, player, member->info.piece->x, member->info.piece->y);

      if (best == NULL || distance > best_distance ||
          (distance == best_distance && strcmp (member->info.piece->id, best->info.piece->id) < 0))
        {
          best = member;
          best_distance = distance;
        }
    }

  return best;
}

/* Whether other's centre is as far from the player's short edge as
 * distance. */
static gboolean
as_far (MusterValidator   *self,
        PlayerState       *player,
        const MusterPiece *other,
        double             distance)
{
  return fabs (order_distance (self, player, other->x, other->y) - distance) <= MUSTER_EPSILON_MM;
}

/* Another unit of piece's turn whose centre is as far from the short edge
 * as x, y (the first by id), or NULL. */
static PieceState *
order_same_distance (MusterValidator   *self,
                     PlayerState       *player,
                     const MusterPiece *piece,
                     double             x,
                     double             y)
{
  Group *group = g_tree_lookup (player->order_groups, GUINT_TO_POINTER (piece->turn));
  double distance = order_distance (self, player, x, y);
  PieceState *found = NULL;

  for (guint i = 0; group != NULL && i < group->members->len; i++)
    {
      PieceState *member = g_ptr_array_index (group->members, i);
      const MusterPiece *other = member->info.piece;

      if (member->serial == piece->serial || !as_far (self, player, other, distance))
        continue;
      if (found == NULL || strcmp (other->id, found->info.piece->id) < 0)
        found = member;
    }

  return found;
}

/* The deploy-order verdict of piece, with its centre at x, y. */
MusterViolation *
_muster_validator_order_verdict (MusterValidator   *self,
                                 const MusterPiece *piece,
                                 PlayerState       *player,
                                 double             x,
                                 double             y)
{
  PieceState *reference = order_reference (self, player, piece->turn);
  PieceState *same;
  MusterViolation *violation;

  if (reference != NULL &&
      order_distance (self, player, x, y) <=
        order_distance (self, player, reference->info.piece->x, reference->info.piece->y) + MUSTER_EPSILON_MM)
    return _muster_validator_violation_new_for_piece (self, piece, MUSTER_RULE_DEPLOY_ORDER, reference->info.piece);

  same = order_same_distance (self, player, piece, x, y);
  if (same == NULL)
    return NULL;

  violation = _muster_validator_violation_new_for_piece (self, piece, MUSTER_RULE_DEPLOY_ORDER, same->info.piece);
  violation->sequence = MUSTER_SEQUENCE_SAME_DISTANCE;

  return violation;
}

static void
order_check_member (MusterValidator *self,
                    PieceState      *ps)
{
  MusterViolation *violation;

  g_assert (ps->order_group != NULL);

  _muster_validator_remove_violations (self, ps, RULE_BIT (MUSTER_RULE_DEPLOY_ORDER), 0);
  violation = _muster_validator_order_verdict (self, ps->info.piece, ps->order_group->player,
                                               ps->info.piece->x, ps->info.piece->y);
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

/* Re-checks the members of group as far from the short edge as piece,
 * its centre at centre (other than it): they gain or lose a partner as it
 * comes or goes. Only those, so that a move costs the turn's members
 * once, not each against each. */
static void
order_check_same_distance (MusterValidator   *self,
                           Group             *group,
                           const MusterPiece *piece,
                           MusterPoint        centre)
{
  double distance = order_distance (self, group->player, centre.x, centre.y);

  for (guint i = 0; i < group->members->len; i++)
    {
      PieceState *member = g_ptr_array_index (group->members, i);

      if (member->serial != piece->serial && as_far (self, group->player, member->info.piece, distance))
        order_check_member (self, member);
    }
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
  else if (!self->rebuilding)
    /* Where it was: a piece moved leaves before its state follows it. */
    order_check_same_distance (self, group, ps->info.piece, ps->info.outline.centre);

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

  if (!_muster_validator_order_eligible (self, &ps->info, ps->info.player))
    return;

  group = g_tree_lookup (ps->info.player->order_groups, GUINT_TO_POINTER (turn));
  if (group == NULL)
    {
      group = group_new (ps->info.player, turn);
      g_tree_insert (ps->info.player->order_groups, GUINT_TO_POINTER (turn), group);
    }

  g_ptr_array_add (group->members, ps);
  ps->order_group = group;

  /* A full rebuild checks every group once at the end. */
  if (!self->rebuilding)
    {
      order_check_member (self, ps);
      order_check_same_distance (self, group, ps->info.piece,
                                 (MusterPoint) { ps->info.piece->x, ps->info.piece->y });
      order_check_after (self, ps->info.player, turn);
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

/* deploy-sequence has two forms, as the game system's rule says.
 *
 * With turns="N" (the 9th Age's Counterthrust and Marching Columns): in
 * each of the first N deployment turns a player deploys a single unit,
 * so two units of one player in one of those turns both break it. "No
 * Characters unless forced" needs to know what was left to deploy, which
 * a layout does not tell, so it is not checked here.
 *
 * With steps="S" (Infinity, S = 4): the Deployment Phase has S steps and
 * the players take them in turn; in the first half of them each deploys
 * all troopers but one, in the second half the one kept back (steps 1
 * and 3 are the first player's, 2 and 4 the second's). `turn` records a
 * trooper's step when the game walked in Muster says so
 * (muster_validator_set_turns_are_steps()): otherwise a layout's turns
 * count each player's own deployment turns, as DESIGN.md's examples
 * number them (1, 2, 3... for each player), and prove nothing of the
 * steps. The rule holds what the step numbers can prove, and no more:
 *
 *  - there is no step after S;
 *  - a step holds the troopers of one player, and a player's steps are
 *    every other one from their first (so the first player never deploys
 *    in step 2 or 4); a player whose first step comes after the other's
 *    first step of the same parity deployed in the other player's steps;
 *  - a step of the second half holds one trooper of its player at most;
 *  - "all but one": a player with troopers in a step of the first half,
 *    none in its matching step of the second half (step 1 and step 3),
 *    while a later step holds troopers, deployed them all at once. Until
 *    a later step holds someone, the kept-back trooper may still be to
 *    come; a trooper of the player with no recorded step may be it; and
 *    nothing can show that the second player's step 4 has passed, so that
 *    player's step 2 is never judged so.
 *
 * Troopers held off the table by Airborne Deployment or TO Camouflage are
 * not on the board, so they are neither counted nor checked: no step
 * number proves anything about them. When they enter later, in a Player
 * Turn, the deployment rules no longer apply (see
 * muster_validator_set_deployment_over()). Pieces with no turn are
 * unconstrained.
 *
 * In the steps form the verdicts of a player's troopers depend on which
 * steps of which players are empty, hold one trooper or more: a table of
 * those counts (step_counts, each at most 2) changes rarely, and only
 * when it does are all verdicts worked out again; otherwise only the
 * piece that joins gets its own. */

static const MusterRuleDef *
seq_rule (MusterValidator *self)
{
  return self->rules[MUSTER_RULE_DEPLOY_SEQUENCE].def;
}

static gboolean
seq_by_steps (MusterValidator *self)
{
  const MusterRuleDef *def = seq_rule (self);

  return def != NULL && def->steps > 0 && self->turns_are_steps;
}

gboolean
_muster_validator_seq_eligible (MusterValidator *self,
                                const PieceInfo *info,
                                PlayerState     *player)
{
  const MusterRuleDef *def = seq_rule (self);

  if (player == NULL || def == NULL || !info->deployable ||
      !info_applies (info, MUSTER_RULE_DEPLOY_SEQUENCE))
    return FALSE;

  /* By steps, a piece with no step still counts: it may be the trooper
   * kept back. Turns that are not steps prove nothing of them. */
  if (def->steps > 0)
    return seq_by_steps (self);

  return info->turn > 0 && info->turn <= def->turns;
}

static MusterViolation *
seq_violation_new (MusterValidator       *self,
                   const MusterPiece     *piece,
                   MusterSequenceProblem  problem)
{
  MusterViolation *violation;

  violation = _muster_validator_violation_new (self, piece, MUSTER_RULE_DEPLOY_SEQUENCE, NULL, NULL, 0,
                                               MUSTER_VIOLATION_OTHER_NONE);
  violation->sequence = problem;
  violation->steps = seq_rule (self)->steps;

  return violation;
}

/* The pieces of player at step (0: no step recorded), with one more when
 * extra is that player and step. */
static guint
step_count (PlayerState *player,
            guint        step,
            PlayerState *extra_player,
            guint        extra_step)
{
  Group *group = g_hash_table_lookup (player->seq_groups, GUINT_TO_POINTER (step));
  guint n = group != NULL ? group->members->len : 0;

  if (player == extra_player && step == extra_step)
    n++;

  return n;
}

/* The first step in which player deployed, or 0. */
static guint
first_step (MusterValidator *self,
            PlayerState     *player,
            PlayerState     *extra_player,
            guint            extra_step)
{
  for (guint s = 1; s <= seq_rule (self)->steps; s++)
    {
      if (step_count (player, s, extra_player, extra_step) > 0)
        return s;
    }

  return 0;
}

/* What is wrong with a trooper of player deployed in step (with the
 * extra piece counted), or NONE. A step that two players fill is blamed on
 * the one whose steps these are not, when that can be told. */
static MusterSequenceProblem
step_verdict (MusterValidator *self,
              PlayerState     *player,
              guint            step,
              PlayerState     *extra_player,
              guint            extra_step)
{
  guint steps = seq_rule (self)->steps;
  guint half = steps / 2;
  guint own;
  gboolean shared = FALSE;
  gboolean later = FALSE;
  GHashTableIter iter;
  PlayerState *other;

  if (step == 0)
    return MUSTER_SEQUENCE_NONE;
  if (step > steps)
    return MUSTER_SEQUENCE_BEYOND_LAST;

  /* The player's steps are every other one from their first. */
  own = first_step (self, player, extra_player, extra_step);
  g_assert (own > 0);
  if ((step - own) % 2 != 0)
    return MUSTER_SEQUENCE_OTHER_PLAYERS_STEP;

  g_hash_table_iter_init (&iter, self->players);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &other))
    {
      guint theirs;

      for (guint s = step + half + 1; s <= steps; s++)
        later = later || step_count (other, s, extra_player, extra_step) > 0;

      if (other == player)
        continue;

      theirs = first_step (self, other, extra_player, extra_step);
      if (theirs == 0 || (MAX (own, theirs) - MIN (own, theirs)) % 2 != 0)
        continue;
      /* They took steps of this parity first: these are theirs. */
      if (theirs < own)
        return MUSTER_SEQUENCE_OTHER_PLAYERS_STEP;
      /* Both began in the same step: which is whose cannot be told. */
      if (theirs == own && step_count (other, step, extra_player, extra_step) > 0)
        shared = TRUE;
    }

  if (shared)
    return MUSTER_SEQUENCE_SHARED_STEP;
  if (step > half && step_count (player, step, extra_player, extra_step) > 1)
    return MUSTER_SEQUENCE_CROWDED_LAST;
  if (step <= half && later &&
      step_count (player, step + half, extra_player, extra_step) == 0 &&
      step_count (player, 0, extra_player, extra_step) == 0)
    return MUSTER_SEQUENCE_NONE_KEPT_BACK;

  return MUSTER_SEQUENCE_NONE;
}

static void
step_check_member (MusterValidator *self,
                   PieceState      *ps)
{
  MusterSequenceProblem problem;

  _muster_validator_remove_violations (self, ps, RULE_BIT (MUSTER_RULE_DEPLOY_SEQUENCE), 0);
  problem = step_verdict (self, ps->seq_group->player, ps->seq_group->turn, NULL, 0);
  if (problem != MUSTER_SEQUENCE_NONE)
    _muster_validator_add_violation (self, ps, seq_violation_new (self, ps->info.piece, problem));
}

void
_muster_validator_seq_check_all (MusterValidator *self)
{
  GHashTableIter players;
  PlayerState *player;

  if (!seq_by_steps (self))
    return;

  g_hash_table_iter_init (&players, self->players);
  while (g_hash_table_iter_next (&players, NULL, (gpointer *) &player))
    {
      GHashTableIter groups;
      Group *group;

      g_hash_table_iter_init (&groups, player->seq_groups);
      while (g_hash_table_iter_next (&groups, NULL, (gpointer *) &group))
        {
          for (guint i = 0; i < group->members->len; i++)
            step_check_member (self, g_ptr_array_index (group->members, i));
        }
    }
}

/* Keeps the player's table of step counts; TRUE when it changed. */
static gboolean
step_counts_update (MusterValidator *self,
                    Group           *group)
{
  PlayerState *player = group->player;
  guint steps = seq_rule (self)->steps;
  guint8 n;

  if (group->turn > steps)
    return FALSE;

  if (player->step_counts == NULL)
    player->step_counts = g_new0 (guint8, steps + 1);

  n = MIN (group->members->len, 2);
  if (player->step_counts[group->turn] == n)
    return FALSE;

  player->step_counts[group->turn] = n;

  return TRUE;
}

static void
steps_joined (MusterValidator *self,
              PieceState      *ps)
{
  if (step_counts_update (self, ps->seq_group) && !self->rebuilding)
    _muster_validator_seq_check_all (self);
  else if (!self->rebuilding)
    step_check_member (self, ps);
}

static void
turns_joined (MusterValidator *self,
              PieceState      *ps)
{
  Group *group = ps->seq_group;

  if (group->members->len == 2)
    {
      PieceState *first = g_ptr_array_index (group->members, 0);

      _muster_validator_add_violation (self, first,
                                       seq_violation_new (self, first->info.piece,
                                                          MUSTER_SEQUENCE_CROWDED_TURN));
    }

  if (group->members->len >= 2)
    _muster_validator_add_violation (self, ps,
                                     seq_violation_new (self, ps->info.piece,
                                                        MUSTER_SEQUENCE_CROWDED_TURN));
}

void
_muster_validator_seq_join (MusterValidator *self,
                            PieceState      *ps)
{
  guint turn = ps->info.turn;
  Group *group;

  g_assert (ps->seq_group == NULL);

  if (!_muster_validator_seq_eligible (self, &ps->info, ps->info.player))
    return;

  group = g_hash_table_lookup (ps->info.player->seq_groups, GUINT_TO_POINTER (turn));
  if (group == NULL)
    {
      group = group_new (ps->info.player, turn);
      g_hash_table_insert (ps->info.player->seq_groups, GUINT_TO_POINTER (turn), group);
    }

  g_ptr_array_add (group->members, ps);
  ps->seq_group = group;

  if (seq_by_steps (self))
    steps_joined (self, ps);
  else
    turns_joined (self, ps);
}

void
_muster_validator_seq_leave (MusterValidator *self,
                             PieceState      *ps)
{
  Group *group = ps->seq_group;
  PlayerState *player;
  gboolean changed = FALSE;

  if (group == NULL)
    return;

  player = group->player;
  g_ptr_array_remove_fast (group->members, ps);
  ps->seq_group = NULL;
  _muster_validator_remove_violations (self, ps, RULE_BIT (MUSTER_RULE_DEPLOY_SEQUENCE), 0);

  if (seq_by_steps (self))
    changed = step_counts_update (self, group);
  else if (group->members->len == 1)
    _muster_validator_remove_violations (self, g_ptr_array_index (group->members, 0),
                                         RULE_BIT (MUSTER_RULE_DEPLOY_SEQUENCE), 0);

  if (group->members->len == 0)
    g_hash_table_remove (player->seq_groups, GUINT_TO_POINTER (group->turn));

  if (changed && !self->rebuilding)
    _muster_validator_seq_check_all (self);
}

MusterViolation *
_muster_validator_seq_predict (MusterValidator   *self,
                               const PieceInfo   *info,
                               PlayerState       *player,
                               const PieceState  *ps)
{
  Group *group;
  gboolean counted;

  if (!_muster_validator_seq_eligible (self, info, player))
    return NULL;

  group = g_hash_table_lookup (player->seq_groups, GUINT_TO_POINTER (info->turn));
  counted = ps != NULL && group != NULL && ps->seq_group == group;

  if (seq_by_steps (self))
    {
      MusterSequenceProblem problem;

      problem = step_verdict (self, player, info->turn, counted ? NULL : player, info->turn);
      return problem != MUSTER_SEQUENCE_NONE ? seq_violation_new (self, info->piece, problem) : NULL;
    }

  if ((group != NULL ? group->members->len : 0) + (counted ? 0 : 1) >= 2)
    return seq_violation_new (self, info->piece, MUSTER_SEQUENCE_CROWDED_TURN);

  return NULL;
}
