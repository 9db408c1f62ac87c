/* muster-validate-pairs.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include "muster-validate-private.h"

/* Pair rules */

static MusterViolation *
violation_new_for_terrain (MusterValidator     *self,
                           const MusterPiece   *piece,
                           MusterRuleCode       code,
                           const MusterTerrain *terrain)
{
  const char *name = terrain->name != NULL && *terrain->name != '\0' ? terrain->name : NULL;
  MusterViolation *v = _muster_validator_violation_new (self, piece, code, terrain->id, name, 0,
                                                        MUSTER_VIOLATION_OTHER_TERRAIN);

  v->other_terrain = terrain->kind;

  return v;
}

/* A lower bound of the separation of two outlines: the gap between their
 * bounding boxes. */
static double
box_gap (const MusterBox *a,
         const MusterBox *b)
{
  double dx = MAX (a->x0 - b->x1, b->x0 - a->x1);
  double dy = MAX (a->y0 - b->y1, b->y0 - a->y1);

  return MAX (dx, dy);
}

static gboolean
within_distance (double separation,
                 double distance)
{
  /* "More than N" is strict: exactly N is too close. */
  return separation <= distance + MUSTER_EPSILON_MM;
}

static MusterContact
classify (MusterValidator *self,
          double           separation)
{
  /* Exactly the tolerance counts as contact, not overlap. */
  return muster_contact_classify (separation, self->tolerance + MUSTER_EPSILON_MM);
}

/* The pair verdicts of a and b: the rules broken by a (in *codes_a) and by
 * b (in *codes_b). Only deployable pieces break rules. An overlapping pair
 * breaks overlap and nothing else. */
void
_muster_validator_check_pair (MusterValidator *self,
                              const PieceInfo *a,
                              const PieceInfo *b,
                              guint           *codes_a,
                              guint           *codes_b)
{
  gboolean same_owner;
  MusterContact contact;
  double separation;

  *codes_a = 0;
  *codes_b = 0;

  if (!a->deployable && !b->deployable)
    return;

  if (box_gap (&a->outline.bounds, &b->outline.bounds) > self->pair_reach + MUSTER_EPSILON_MM)
    return;

  separation = muster_outline_separation (&a->outline, &b->outline, NULL, NULL);
  contact = classify (self, separation);
  same_owner = a->owner == b->owner;

  if (contact == MUSTER_CONTACT_OVERLAP && rule_in_force (self, MUSTER_RULE_OVERLAP))
    {
      if (a->deployable && info_applies (a, MUSTER_RULE_OVERLAP))
        *codes_a |= RULE_BIT (MUSTER_RULE_OVERLAP);
      if (b->deployable && info_applies (b, MUSTER_RULE_OVERLAP))
        *codes_b |= RULE_BIT (MUSTER_RULE_OVERLAP);
      return;
    }

  /* Contact with an enemy or neutral piece, a marker of another owner or
   * any objective; friendly contact is fine. */
  if (contact != MUSTER_CONTACT_APART)
    {
      if (a->deployable && info_applies (a, MUSTER_RULE_BASE_CONTACT) &&
          (b->kind == MUSTER_PIECE_OBJECTIVE || !same_owner))
        *codes_a |= RULE_BIT (MUSTER_RULE_BASE_CONTACT);
      if (b->deployable && info_applies (b, MUSTER_RULE_BASE_CONTACT) &&
          (a->kind == MUSTER_PIECE_OBJECTIVE || !same_owner))
        *codes_b |= RULE_BIT (MUSTER_RULE_BASE_CONTACT);
    }

  /* Both must be units of two players; as every pair rule, it is
   * reported on both (DESIGN.md), whichever was deployed first. */
  if (a->deployable && b->deployable && !same_owner &&
      info_applies (a, MUSTER_RULE_ENEMY_TOO_CLOSE) &&
      info_applies (b, MUSTER_RULE_ENEMY_TOO_CLOSE) &&
      within_distance (separation, rule_distance (self, MUSTER_RULE_ENEMY_TOO_CLOSE)))
    {
      *codes_a |= RULE_BIT (MUSTER_RULE_ENEMY_TOO_CLOSE);
      *codes_b |= RULE_BIT (MUSTER_RULE_ENEMY_TOO_CLOSE);
    }

  /* Any other unit, friend or foe. */
  if (info_applies (a, MUSTER_RULE_UNIT_SPACING) &&
      info_applies (b, MUSTER_RULE_UNIT_SPACING) &&
      within_distance (separation, rule_distance (self, MUSTER_RULE_UNIT_SPACING)))
    {
      if (a->deployable)
        *codes_a |= RULE_BIT (MUSTER_RULE_UNIT_SPACING);
      if (b->deployable)
        *codes_b |= RULE_BIT (MUSTER_RULE_UNIT_SPACING);
    }
}

void
_muster_validator_add_pair_violations (MusterValidator   *self,
                                       const MusterPiece *piece,
                                       const MusterPiece *other,
                                       guint              codes,
                                       GPtrArray         *sink)
{
  for (guint code = 0; code < MUSTER_N_RULES; code++)
    {
      if (codes & RULE_BIT (code))
        g_ptr_array_add (sink, _muster_validator_violation_new_for_piece (self, piece, code, other));
    }
}

/* Impassable terrain and buildings: no overlap, and (9th Age) no unit
 * within 1". */
void
_muster_validator_check_terrain (MusterValidator *self,
                                 const PieceInfo *info,
                                 GPtrArray       *sink)
{
  const MusterPiece *piece = info->piece;
  const MusterOutline *outline = &info->outline;
  GArray *ids = self->terrain_ids;
  MusterBox box;

  if (!info->deployable || self->terrain->len == 0)
    return;

  g_array_set_size (ids, 0);
  box = outline->bounds;
  muster_box_expand (&box, self->terrain_reach + MUSTER_EPSILON_MM);
  muster_spatial_index_query (self->terrain_index, &box, ids);

  for (guint i = 0; i < ids->len; i++)
    {
      const TerrainState *ts = &g_array_index (self->terrain, TerrainState,
                                               g_array_index (ids, guint, i));
      double separation;

      if (box_gap (&outline->bounds, &ts->outline.bounds) > self->terrain_reach + MUSTER_EPSILON_MM)
        continue;

      separation = muster_outline_separation (outline, &ts->outline, NULL, NULL);

      if (classify (self, separation) == MUSTER_CONTACT_OVERLAP &&
          rule_in_force (self, MUSTER_RULE_OVERLAP))
        {
          if (info_applies (info, MUSTER_RULE_OVERLAP))
            g_ptr_array_add (sink, violation_new_for_terrain (self, piece, MUSTER_RULE_OVERLAP,
                                                              ts->terrain));
        }
      else if (info_applies (info, MUSTER_RULE_UNIT_SPACING) &&
               within_distance (separation, rule_distance (self, MUSTER_RULE_UNIT_SPACING)))
        {
          g_ptr_array_add (sink, violation_new_for_terrain (self, piece, MUSTER_RULE_UNIT_SPACING,
                                                            ts->terrain));
        }
    }
}

/* Works out the pair verdicts of ps with every piece within reach that
 * the index holds, and records them on both sides, then those of ps with
 * the terrain. */
void
_muster_validator_commit_pairs (MusterValidator *self,
                                PieceState      *ps)
{
  GArray *ids = self->pair_ids;
  GPtrArray *sink = self->sink;
  MusterBox box = ps->info.outline.bounds;

  g_array_set_size (ids, 0);
  muster_box_expand (&box, self->pair_reach + MUSTER_EPSILON_MM);
  muster_spatial_index_query (self->index, &box, ids);

  for (guint i = 0; i < ids->len; i++)
    {
      PieceState *other = lookup_slot (self, g_array_index (ids, guint, i));
      guint codes_a;
      guint codes_b;

      g_assert (other != NULL);
      if (other == ps)
        continue;

      _muster_validator_check_pair (self, &ps->info, &other->info, &codes_a, &codes_b);
      if ((codes_a | codes_b) == 0)
        continue;

      _muster_validator_add_pair_violations (self, ps->info.piece, other->info.piece, codes_a, sink);
      _muster_validator_add_violations (self, ps, sink);
      _muster_validator_add_pair_violations (self, other->info.piece, ps->info.piece, codes_b, sink);
      _muster_validator_add_violations (self, other, sink);
      _muster_validator_add_partner (self, ps, other->slot);
      _muster_validator_add_partner (self, other, ps->slot);
    }

  _muster_validator_check_terrain (self, &ps->info, sink);
  _muster_validator_add_violations (self, ps, sink);
}

/* Forgets every pair verdict of ps, and the mirrored ones of its
 * partners. */
void
_muster_validator_drop_pairs (MusterValidator *self,
                              PieceState      *ps)
{
  GArray *partners = piece_partners (ps);

  if (partners == NULL)
    {
      _muster_validator_remove_violations (self, ps, PAIR_RULES, 0);
      return;
    }

  for (guint i = 0; i < partners->len; i++)
    {
      PieceState *other = lookup_slot (self, g_array_index (partners, guint, i));

      g_assert (other != NULL);
      _muster_validator_remove_violations (self, other, PAIR_RULES, ps->serial);
      _muster_validator_remove_partner (other, ps->slot);
    }

  g_array_set_size (partners, 0);
  _muster_validator_remove_violations (self, ps, PAIR_RULES, 0);
}
