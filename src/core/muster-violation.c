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

void
muster_violation_free (MusterViolation *violation)
{
  if (violation == NULL)
    return;

  g_free (violation->piece_id);
  g_free (violation->other_id);
  g_free (violation);
}

MusterViolation *
muster_violation_copy (const MusterViolation *violation)
{
  MusterViolation *copy;

  g_return_val_if_fail (violation != NULL, NULL);

  copy = g_new (MusterViolation, 1);
  *copy = *violation;
  copy->piece_id = g_strdup (violation->piece_id);
  copy->other_id = g_strdup (violation->other_id);

  return copy;
}

static char *
format_inches (double mm)
{
  return muster_length_format (mm, MUSTER_UNIT_INCH);
}

char *
muster_violation_describe (const MusterViolation *violation)
{
  const char *other;

  g_return_val_if_fail (violation != NULL, NULL);
  g_return_val_if_fail ((guint) violation->code < MUSTER_N_RULES, NULL);

  other = violation->other_id != NULL ? violation->other_id : "?";

  switch (violation->code)
    {
    case MUSTER_RULE_OFF_BOARD:
      return g_strdup (_("Not entirely on the table"));

    case MUSTER_RULE_OUTSIDE_ZONE:
      return g_strdup (_("Not entirely inside the deployment zone"));

    case MUSTER_RULE_BASE_CONTACT:
      switch (violation->other_kind)
        {
        case MUSTER_VIOLATION_OTHER_OBJECTIVE:
          return g_strdup (_("In contact with an objective"));
        case MUSTER_VIOLATION_OTHER_ENEMY:
          /* Translators: %s is the id of a piece */
          return g_strdup_printf (_("In contact with enemy piece %s"), other);
        case MUSTER_VIOLATION_OTHER_NEUTRAL:
          /* Translators: %s is the id of a piece */
          return g_strdup_printf (_("In contact with neutral piece %s"), other);
        case MUSTER_VIOLATION_OTHER_MARKER:
          /* Translators: %s is the id of a marker */
          return g_strdup_printf (_("In contact with marker %s"), other);
        case MUSTER_VIOLATION_OTHER_NONE:
        case MUSTER_VIOLATION_OTHER_FRIEND:
        case MUSTER_VIOLATION_OTHER_TERRAIN:
        default:
          /* Translators: %s is the id of a piece */
          return g_strdup_printf (_("In contact with %s"), other);
        }

    case MUSTER_RULE_OVERLAP:
      /* Translators: %s is the id of a piece or of terrain */
      return g_strdup_printf (_("Overlaps %s"), other);

    case MUSTER_RULE_ENEMY_TOO_CLOSE:
      {
        g_autofree char *distance = format_inches (violation->distance);

        /* Translators: "Within 20″ of enemy unit b3" */
        return g_strdup_printf (_("Within %s of enemy unit %s"), distance, other);
      }

    case MUSTER_RULE_DEPLOY_ORDER:
      /* Translators: %s is the id of the unit deployed before this one */
      return g_strdup_printf (_("Not farther from the short edge than %s, deployed before it"),
                              other);

    case MUSTER_RULE_DEPLOY_SEQUENCE:
      return g_strdup_printf (_("More than one unit deployed in turn %u"), violation->turn);

    case MUSTER_RULE_UNIT_SPACING:
      {
        g_autofree char *distance = format_inches (violation->distance);

        /* Translators: "Within 1″ of u4"; u4 is a unit or terrain */
        return g_strdup_printf (_("Within %s of %s"), distance, other);
      }

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
