/* fuzz-expr.c: the length expressions of game-system files, and single
 * lengths of layout files.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks the default unit; the rest is the text. Parsing
 * either succeeds or gives an error; evaluation, with width and height
 * known, gives a finite number or an error.
 */

#include "config.h"

#include <math.h>

#include "fuzz-common.h"
#include "muster-expr.h"

static gboolean
lookup (const char *name,
        double     *value_mm,
        gpointer    user_data)
{
  const double *board = user_data;

  if (g_strcmp0 (name, "width") == 0)
    *value_mm = board[0];
  else if (g_strcmp0 (name, "height") == 0)
    *value_mm = board[1];
  else if (g_strcmp0 (name, "depth") == 0)
    *value_mm = 12 * MUSTER_MM_PER_INCH;
  else
    return FALSE;

  return TRUE;
}

static void
check_error (const GError *error,
             const char   *what)
{
  if (error == NULL || error->domain != MUSTER_EXPR_ERROR)
    fuzz_fail ("%s failed without a MUSTER_EXPR_ERROR", what);
  if (!g_utf8_validate (error->message, -1, NULL))
    fuzz_fail ("%s failed with a message that is not UTF-8", what);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const double boards[][2] = {
    { 72 * MUSTER_MM_PER_INCH, 48 * MUSTER_MM_PER_INCH },
    { 1e-300, 1e300 },
    { 0, 1e6 },
  };
  g_autoptr(MusterExpr) expr = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  MusterUnit unit;
  double value;

  fuzz_init_once ();

  if (size < 1)
    return 0;

  unit = data[0] % 3;
  /* Text never holds a NUL: it comes from an XML attribute. */
  text = g_strndup ((const char *) data + 1, size - 1);

  if (muster_length_parse (text, unit, &value, &error))
    {
      g_autofree char *formatted = NULL;

      if (!isfinite (value))
        fuzz_fail ("muster_length_parse (“%s”) gave %g", text, value);
      formatted = muster_length_format (value, unit);
      if (!g_utf8_validate (formatted, -1, NULL))
        fuzz_fail ("muster_length_format (%g) is not UTF-8", value);
    }
  else
    check_error (error, "muster_length_parse");
  g_clear_error (&error);

  expr = muster_expr_parse (text, unit, &error);
  if (expr == NULL)
    {
      check_error (error, "muster_expr_parse");
      return 0;
    }

  if (g_strcmp0 (muster_expr_get_text (expr), text) != 0)
    fuzz_fail ("the expression does not keep its text");

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      if (muster_expr_eval (expr, lookup, (gpointer) boards[i], &value, &error))
        {
          if (!isfinite (value))
            fuzz_fail ("“%s” evaluated to %g", text, value);
        }
      else
        check_error (error, "muster_expr_eval");
      g_clear_error (&error);
    }

  /* With no names known. */
  if (muster_expr_eval (expr, NULL, NULL, &value, &error))
    {
      if (!isfinite (value))
        fuzz_fail ("“%s” evaluated to %g", text, value);
    }
  else
    check_error (error, "muster_expr_eval");

  return 0;
}
