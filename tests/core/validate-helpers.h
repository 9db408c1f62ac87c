/* validate-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>
#include <string.h>

#include "muster-layout.h"
#include "muster-system.h"
#include "muster-validate.h"

/* What the validator's tests (test-validate.c, test-validate-sequence.c)
 * share: building layouts and reading verdicts. */

#define INCH MUSTER_MM_PER_INCH
#define EXAMPLES_DIR TEST_DATA_DIR "/examples"

/* Helpers */

G_GNUC_UNUSED static MusterSystem *
get_system (const char *system_id)
{
  MusterSystem *system;

  system = muster_system_registry_lookup (muster_system_registry_get_default (), system_id);
  g_assert_nonnull (system);

  return system;
}

G_GNUC_UNUSED static MusterPiece *
add_piece (MusterLayout    *layout,
           const char      *id,
           MusterPieceKind  kind,
           const char      *owner,
           MusterBaseShape  shape,
           double           width,
           double           depth,
           double           x,
           double           y,
           double           rotation,
           guint            turn)
{
  MusterBase base = { shape, width, shape == MUSTER_BASE_ROUND ? width : depth };
  MusterPiece *piece = muster_piece_new (id, kind, owner, &base, x, y);

  piece->rotation = rotation;
  piece->turn = turn;
  g_assert_true (muster_layout_add_piece (layout, piece));

  return piece;
}

G_GNUC_UNUSED static MusterPiece *
add_round (MusterLayout    *layout,
           const char      *id,
           MusterPieceKind  kind,
           const char      *owner,
           double           diameter,
           double           x,
           double           y,
           guint            turn)
{
  return add_piece (layout, id, kind, owner, MUSTER_BASE_ROUND, diameter, diameter,
                    x, y, 0, turn);
}

G_GNUC_UNUSED static MusterPiece *
add_rect (MusterLayout *layout,
          const char   *id,
          const char   *owner,
          double        width,
          double        depth,
          double        x,
          double        y,
          double        rotation,
          guint         turn)
{
  return add_piece (layout, id, MUSTER_PIECE_UNIT, owner, MUSTER_BASE_RECT, width, depth,
                    x, y, rotation, turn);
}

G_GNUC_UNUSED static void
move_by (MusterLayout *layout,
         MusterPiece  *piece,
         double        dx,
         double        dy)
{
  muster_layout_move_piece (layout, piece, piece->x + dx, piece->y + dy, piece->rotation);
}

/* "id: code" per line, once per piece and rule, as `muster --validate`
 * prints them. */
G_GNUC_UNUSED static char *
verdicts_of (MusterValidator *validator)
{
  g_autoptr(GPtrArray) violations = muster_validator_collect (validator);
  GString *out = g_string_new (NULL);
  g_autofree char *last = NULL;

  for (guint i = 0; i < violations->len; i++)
    {
      const MusterViolation *v = g_ptr_array_index (violations, i);
      g_autofree char *line = g_strdup_printf ("%s: %s\n", v->piece_id,
                                               muster_rule_code_to_string (v->code));

      if (g_strcmp0 (line, last) != 0)
        g_string_append (out, line);
      g_free (last);
      last = g_steal_pointer (&line);
    }

  return g_string_free (out, FALSE);
}

/* Compares verdicts_of() with expected, naming the caller's line. */
#define assert_verdicts(validator, expected) \
  G_STMT_START { \
    g_autofree char *verdicts_ = verdicts_of (validator); \
    g_assert_cmpstr (verdicts_, ==, (expected)); \
  } G_STMT_END

/* Every violation, "id code other" per line. */
G_GNUC_UNUSED static char *
violation_lines (GPtrArray *violations)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < violations->len; i++)
    {
      const MusterViolation *v = g_ptr_array_index (violations, i);

      g_string_append_printf (out, "%s %s %s\n", v->piece_id,
                              muster_rule_code_to_string (v->code),
                              v->other_id != NULL ? v->other_id : "-");
    }

  return g_string_free (out, FALSE);
}

G_GNUC_UNUSED static char *
all_lines (MusterValidator *validator)
{
  g_autoptr(GPtrArray) violations = muster_validator_collect (validator);

  return violation_lines (violations);
}

G_GNUC_UNUSED static char *
piece_lines (MusterValidator *validator,
             guint            serial)
{
  GPtrArray *violations = muster_validator_get_piece_violations (validator, serial);

  g_assert_nonnull (violations);

  return violation_lines (violations);
}

G_GNUC_UNUSED static gboolean
has_verdict (MusterValidator *validator,
             const char      *piece_id,
             MusterRuleCode   code,
             const char      *other_id)
{
  g_autoptr(GPtrArray) violations = muster_validator_collect (validator);

  for (guint i = 0; i < violations->len; i++)
    {
      const MusterViolation *v = g_ptr_array_index (violations, i);

      if (strcmp (v->piece_id, piece_id) == 0 && v->code == code &&
          (other_id == NULL || g_strcmp0 (v->other_id, other_id) == 0))
        return TRUE;
    }

  return FALSE;
}

G_GNUC_UNUSED static int
compare_strings_cb (gconstpointer a,
                    gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

G_GNUC_UNUSED static char *
sorted_lines (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '\0')
        g_ptr_array_add (kept, lines[i]);
    }

  g_ptr_array_sort (kept, compare_strings_cb);
  for (guint i = 0; i < kept->len; i++)
    {
      if (i > 0 && strcmp (g_ptr_array_index (kept, i), g_ptr_array_index (kept, i - 1)) == 0)
        continue;
      g_string_append_printf (out, "%s\n", (const char *) g_ptr_array_index (kept, i));
    }

  return g_string_free (out, FALSE);
}

G_GNUC_UNUSED static MusterValidator *
validator_for (MusterLayout *layout)
{
  g_autoptr(GError) error = NULL;
  MusterValidator *validator;

  validator = muster_validator_new (layout,
                                    get_system (muster_layout_get_system_id (layout)),
                                    &error);
  g_assert_no_error (error);
  g_assert_nonnull (validator);

  return validator;
}

G_GNUC_UNUSED static MusterLayout *
new_t9a (const char *deployment_id)
{
  return muster_layout_new ("t9a", deployment_id, 72 * INCH, 48 * INCH);
}

G_GNUC_UNUSED static MusterLayout *
new_infinity (void)
{
  return muster_layout_new ("infinity", "standard", 48 * INCH, 48 * INCH);
}

G_GNUC_UNUSED static void
count_cb (gpointer  object,
          guint    *count)
{
  (*count)++;
}

G_GNUC_UNUSED static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           guint      *count)
{
  (*count)++;
}
