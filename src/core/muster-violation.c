/* muster-violation.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-expr.h"
#include "muster-validate-private.h"

static const char * const rule_codes[MUSTER_N_RULES] = {
  [MUSTER_RULE_OFF_BOARD] = "off-board",
  [MUSTER_RULE_OUTSIDE_ZONE] = "outside-zone",
  [MUSTER_RULE_BASE_CONTACT] = "base-contact",
  [MUSTER_RULE_OVERLAP] = "overlap",
  [MUSTER_RULE_ENEMY_TOO_CLOSE] = "enemy-too-close",
  [MUSTER_RULE_DEPLOY_ORDER] = "deploy-order",
  [MUSTER_RULE_DEPLOY_SEQUENCE] = "deploy-sequence",
  [MUSTER_RULE_UNIT_SPACING] = "unit-spacing",
};

/* Rule codes */

const char *
muster_rule_code_to_string (MusterRuleCode code)
{
  g_return_val_if_fail ((guint) code < MUSTER_N_RULES, NULL);

  return rule_codes[code];
}

gboolean
muster_rule_code_from_string (const char     *text,
                              MusterRuleCode *code)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < MUSTER_N_RULES; i++)
    {
      if (strcmp (text, rule_codes[i]) == 0)
        {
          if (code != NULL)
            *code = (MusterRuleCode) i;
          return TRUE;
        }
    }

  return FALSE;
}

/* Violations */

/**
 * muster_violation_new:
 * @piece_id: (nullable): the piece's id
 * @other_id: (nullable): the other piece's or terrain's id
 * @other_name: (nullable): the other as a player knows it
 *
 * A violation with copies of these strings, and every other field zero.
 * The copies share the violation's own block (a drag asks for dozens of
 * verdicts a frame, and four allocations each were a third of the time
 * of one); the note, set after, is allocated apart.
 */
MusterViolation *
muster_violation_new (const char *piece_id,
                      const char *other_id,
                      const char *other_name)
{
  gsize lengths[3] = {
    piece_id != NULL ? strlen (piece_id) + 1 : 0,
    other_id != NULL ? strlen (other_id) + 1 : 0,
    other_name != NULL ? strlen (other_name) + 1 : 0,
  };
  MusterViolation *violation = g_malloc0 (sizeof *violation + lengths[0] + lengths[1] + lengths[2]);
  char *text = (char *) (violation + 1);

  if (piece_id != NULL)
    violation->piece_id = memcpy (text, piece_id, lengths[0]);
  text += lengths[0];
  if (other_id != NULL)
    violation->other_id = memcpy (text, other_id, lengths[1]);
  text += lengths[1];
  if (other_name != NULL)
    violation->other_name = memcpy (text, other_name, lengths[2]);

  return violation;
}

void
muster_violation_free (MusterViolation *violation)
{
  if (violation == NULL)
    return;

  g_free (violation->note);
  g_free (violation);
}

MusterViolation *
muster_violation_copy (const MusterViolation *violation)
{
  MusterViolation *copy;
  MusterViolation names;

  g_return_val_if_fail (violation != NULL, NULL);

  copy = muster_violation_new (violation->piece_id, violation->other_id, violation->other_name);
  names = *copy;
  *copy = *violation;
  copy->piece_id = names.piece_id;
  copy->other_id = names.other_id;
  copy->other_name = names.other_name;
  copy->note = g_strdup (violation->note);

  return copy;
}

/* Names, as a player reads them.
 *
 * A piece or terrain is called by the name it was given (a roster entry's:
 * "Warriors", "Skirmishers 3"); without one, objectives, markers and
 * terrain by what they are ("the objective", "the building"), and models
 * and units by their id, which is all that tells them apart. The unnamed
 * ones get whole sentences of their own below, so that a translation can
 * put the article where its language wants it (Spanish "del edificio",
 * not "de el edificio"). */

static const char *
given_name (const char *name)
{
  return name != NULL && *name != '\0' ? name : NULL;
}

const char *
muster_piece_get_display_name (const MusterPiece *piece)
{
  g_return_val_if_fail (piece != NULL, NULL);

  if (given_name (piece->name) != NULL)
    return piece->name;

  switch (piece->kind)
    {
    case MUSTER_PIECE_OBJECTIVE:
      return _("the objective");
    case MUSTER_PIECE_MARKER:
      return _("the marker");
    case MUSTER_PIECE_MODEL:
    case MUSTER_PIECE_UNIT:
    default:
      return piece->id;
    }
}

const char *
muster_terrain_get_display_name (const MusterTerrain *terrain)
{
  g_return_val_if_fail (terrain != NULL, NULL);

  if (given_name (terrain->name) != NULL)
    return terrain->name;

  switch (terrain->kind)
    {
    case MUSTER_TERRAIN_BUILDING:
      return _("the building");
    case MUSTER_TERRAIN_IMPASSABLE:
      return _("the impassable terrain");
    case MUSTER_TERRAIN_AREA:
    default:
      return _("the area terrain");
    }
}

char *
muster_violation_dup_other_name (const MusterViolation *violation)
{
  g_return_val_if_fail (violation != NULL, NULL);

  if (violation->other_name != NULL)
    return g_strdup (violation->other_name);

  switch (violation->other_kind)
    {
    case MUSTER_VIOLATION_OTHER_OBJECTIVE:
      return g_strdup (_("the objective"));
    case MUSTER_VIOLATION_OTHER_MARKER:
      return g_strdup (_("the marker"));
    case MUSTER_VIOLATION_OTHER_TERRAIN:
      switch (violation->other_terrain)
        {
        case MUSTER_TERRAIN_BUILDING:
          return g_strdup (_("the building"));
        case MUSTER_TERRAIN_IMPASSABLE:
          return g_strdup (_("the impassable terrain"));
        case MUSTER_TERRAIN_AREA:
        default:
          return g_strdup (_("the area terrain"));
        }
    case MUSTER_VIOLATION_OTHER_NONE:
    case MUSTER_VIOLATION_OTHER_FRIEND:
    case MUSTER_VIOLATION_OTHER_ENEMY:
    case MUSTER_VIOLATION_OTHER_NEUTRAL:
    default:
      return g_strdup (violation->other_id != NULL ? violation->other_id : "?");
    }
}

/* In the describe_*() below, name is the other's given name or NULL, and
 * id its id where an unnamed objective, marker or terrain is to be named
 * by it (muster_violation_describe_naming()), else NULL. */
static char *
describe_contact (const MusterViolation *violation,
                  const char            *name,
                  const char            *id)
{
  switch (violation->other_kind)
    {
    case MUSTER_VIOLATION_OTHER_OBJECTIVE:
      if (name == NULL && id != NULL)
        name = id;
      if (name == NULL)
        return g_strdup (_("In contact with the objective"));
      /* Translators: %s is the name of an objective */
      return g_strdup_printf (_("In contact with the objective %s"), name);
    case MUSTER_VIOLATION_OTHER_MARKER:
      if (name == NULL && id != NULL)
        name = id;
      if (name == NULL)
        return g_strdup (_("In contact with the marker"));
      /* Translators: %s is the name of a marker */
      return g_strdup_printf (_("In contact with the marker %s"), name);
    case MUSTER_VIOLATION_OTHER_ENEMY:
      /* Translators: %s is the name of a piece: "In contact with enemy Fusiliers 2" */
      return g_strdup_printf (_("In contact with enemy %s"), name != NULL ? name : violation->other_id);
    case MUSTER_VIOLATION_OTHER_NEUTRAL:
      /* Translators: %s is the name of a piece: "In contact with neutral Civilian" */
      return g_strdup_printf (_("In contact with neutral %s"), name != NULL ? name : violation->other_id);
    case MUSTER_VIOLATION_OTHER_NONE:
    case MUSTER_VIOLATION_OTHER_FRIEND:
    case MUSTER_VIOLATION_OTHER_TERRAIN:
    default:
      {
        g_autofree char *other = muster_violation_dup_other_name (violation);

        /* Translators: %s is the name of a piece */
        return g_strdup_printf (_("In contact with %s"), other);
      }
    }
}

static char *
describe_overlap (const MusterViolation *violation,
                  const char            *name,
                  const char            *id)
{
  /* Unnamed: what it is, and its id where one is asked for. */
  if (name == NULL)
    switch (violation->other_kind)
      {
      case MUSTER_VIOLATION_OTHER_OBJECTIVE:
        if (id == NULL)
          return g_strdup (_("Overlaps the objective"));
        /* Translators: %s is the id of an objective that has no name */
        return g_strdup_printf (_("Overlaps the objective %s"), id);
      case MUSTER_VIOLATION_OTHER_MARKER:
        if (id == NULL)
          return g_strdup (_("Overlaps the marker"));
        /* Translators: %s is the id of a marker that has no name */
        return g_strdup_printf (_("Overlaps the marker %s"), id);
      case MUSTER_VIOLATION_OTHER_TERRAIN:
        if (id == NULL)
          return g_strdup (violation->other_terrain == MUSTER_TERRAIN_BUILDING
                           ? _("Overlaps the building") : _("Overlaps the impassable terrain"));
        return g_strdup_printf (violation->other_terrain == MUSTER_TERRAIN_BUILDING
                                /* Translators: %s is the id of a building that has no name */
                                ? _("Overlaps the building %s")
                                /* Translators: %s is the id of impassable terrain that has no name */
                                : _("Overlaps the impassable terrain %s"), id);
      case MUSTER_VIOLATION_OTHER_NONE:
      case MUSTER_VIOLATION_OTHER_FRIEND:
      case MUSTER_VIOLATION_OTHER_ENEMY:
      case MUSTER_VIOLATION_OTHER_NEUTRAL:
      default:
        break;
      }

  /* Translators: %s is the name of a piece or of terrain */
  return g_strdup_printf (_("Overlaps %s"), name != NULL ? name : violation->other_id);
}

static char *
describe_spacing (const MusterViolation *violation,
                  const char            *name,
                  const char            *id,
                  MusterUnit             units)
{
  g_autofree char *distance = muster_length_format (violation->distance, units);

  if (name == NULL && id != NULL && violation->other_kind == MUSTER_VIOLATION_OTHER_TERRAIN)
    {
      if (violation->other_terrain == MUSTER_TERRAIN_BUILDING)
        /* Translators: a distance, then the id of a building that has no
         * name: "Within 1″ of the building t2" */
        return g_strdup_printf (_("Within %s of the building %s"), distance, id);
      /* Translators: a distance, then the id of impassable terrain that
       * has no name: "Within 1″ of the impassable terrain t1" */
      return g_strdup_printf (_("Within %s of the impassable terrain %s"), distance, id);
    }

  if (name == NULL && violation->other_kind == MUSTER_VIOLATION_OTHER_TERRAIN)
    {
      if (violation->other_terrain == MUSTER_TERRAIN_BUILDING)
        /* Translators: %s is a distance: "Within 1″ of the building" */
        return g_strdup_printf (_("Within %s of the building"), distance);
      /* Translators: %s is a distance: "Within 1″ of the impassable terrain" */
      return g_strdup_printf (_("Within %s of the impassable terrain"), distance);
    }

  /* Translators: "Within 1″ of Warriors"; Warriors is a unit or terrain */
  return g_strdup_printf (_("Within %s of %s"), distance, name != NULL ? name : violation->other_id);
}

static char *
describe_sequence (const MusterViolation *violation)
{
  switch (violation->sequence)
    {
    case MUSTER_SEQUENCE_BEYOND_LAST:
      /* Translators: "Deployed in step 5; the Deployment Phase has 4 steps" */
      return g_strdup_printf (_("Deployed in step %u; the Deployment Phase has %u steps"),
                              violation->turn, violation->steps);
    case MUSTER_SEQUENCE_SHARED_STEP:
      return g_strdup_printf (_("Troopers of two players deployed in step %u"), violation->turn);
    case MUSTER_SEQUENCE_OTHER_PLAYERS_STEP:
      return g_strdup_printf (_("Deployed in step %u, the other player’s step"), violation->turn);
    case MUSTER_SEQUENCE_CROWDED_LAST:
      return g_strdup_printf (_("More than one trooper deployed in step %u, which is for the one kept back"),
                              violation->turn);
    case MUSTER_SEQUENCE_NONE_KEPT_BACK:
      /* Translators: "All troopers deployed in step 1: one is kept back for step 3" */
      return g_strdup_printf (_("All troopers deployed in step %u: one is kept back for step %u"),
                              violation->turn, violation->turn + violation->steps / 2);
    case MUSTER_SEQUENCE_NONE:
    case MUSTER_SEQUENCE_CROWDED_TURN:
    case MUSTER_SEQUENCE_SAME_DISTANCE:   /* deploy-order's */
    default:
      return g_strdup_printf (_("More than one unit deployed in turn %u"), violation->turn);
    }
}

char *
muster_violation_describe (const MusterViolation *violation)
{
  return muster_violation_describe_in (violation, MUSTER_UNIT_INCH);
}

static char *describe (const MusterViolation *violation,
                        MusterUnit             units,
                        gboolean               by_id);

char *
muster_violation_describe_in (const MusterViolation *violation,
                              MusterUnit             units)
{
  g_return_val_if_fail (violation != NULL, NULL);
  g_return_val_if_fail ((guint) violation->code < MUSTER_N_RULES, NULL);

  return describe (violation, units, FALSE);
}

char *
muster_violation_describe_naming (const MusterViolation *violation,
                                  MusterUnit             units)
{
  g_return_val_if_fail (violation != NULL, NULL);
  g_return_val_if_fail ((guint) violation->code < MUSTER_N_RULES, NULL);

  return describe (violation, units, TRUE);
}

static char *
describe (const MusterViolation *violation,
          MusterUnit             units,
          gboolean               by_id)
{
  const char *id = by_id ? violation->other_id : NULL;
  const char *name;

  name = given_name (violation->other_name);
  if (name == NULL && violation->other_id == NULL)
    name = "?";

  switch (violation->code)
    {
    case MUSTER_RULE_OFF_BOARD:
      return g_strdup (_("Not entirely on the table"));

    case MUSTER_RULE_OUTSIDE_ZONE:
      if (violation->note != NULL)
        /* Translators: %s says why, from the game system: "A unit across
         * a quarter line must be more than 15″ from the Centre Line" */
        return g_strdup_printf (_("Not entirely inside the deployment zone: %s"), violation->note);
      return g_strdup (_("Not entirely inside the deployment zone"));

    case MUSTER_RULE_BASE_CONTACT:
      return describe_contact (violation, name, id);

    case MUSTER_RULE_OVERLAP:
      return describe_overlap (violation, name, id);

    case MUSTER_RULE_ENEMY_TOO_CLOSE:
      {
        g_autofree char *distance = muster_length_format (violation->distance, units);

        /* Translators: "Within 20″ of enemy unit Warriors" */
        return g_strdup_printf (_("Within %s of enemy unit %s"), distance,
                                name != NULL ? name : violation->other_id);
      }

    case MUSTER_RULE_DEPLOY_ORDER:
      if (violation->sequence == MUSTER_SEQUENCE_SAME_DISTANCE)
        /* Translators: %s is the name of another unit, then the turn of both */
        return g_strdup_printf (_("As far from the short edge as %s, deployed in the same turn (%u)"),
                                name != NULL ? name : violation->other_id, violation->turn);
      /* Translators: %s is the name of the unit deployed before this one */
      return g_strdup_printf (_("Not farther from the short edge than %s, deployed before it"),
                              name != NULL ? name : violation->other_id);

    case MUSTER_RULE_DEPLOY_SEQUENCE:
      return describe_sequence (violation);

    case MUSTER_RULE_UNIT_SPACING:
      return describe_spacing (violation, name, id, units);

    case MUSTER_N_RULES:
    default:
      g_return_val_if_reached (NULL);
    }
}

static int
compare_violations_in_piece (const MusterViolation *a,
                             const MusterViolation *b)
{
  int cmp;

  if (a->code != b->code)
    {
      cmp = strcmp (rule_codes[a->code], rule_codes[b->code]);
      if (cmp != 0)
        return cmp;
    }

  return g_strcmp0 (a->other_id, b->other_id);
}

int
_muster_violation_compare_in_piece_cb (gconstpointer a,
                                       gconstpointer b)
{
  return compare_violations_in_piece (*(MusterViolation * const *) a,
                                      *(MusterViolation * const *) b);
}

int
_muster_violation_compare_cb (gconstpointer a,
                              gconstpointer b)
{
  const MusterViolation *va = *(MusterViolation * const *) a;
  const MusterViolation *vb = *(MusterViolation * const *) b;
  int cmp = strcmp (va->piece_id, vb->piece_id);

  if (cmp != 0)
    return cmp;

  return compare_violations_in_piece (va, vb);
}
