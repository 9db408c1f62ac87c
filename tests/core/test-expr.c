/* test-expr.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-expr"

#include "config.h"

#include <locale.h>
#include <math.h>

#include "muster-expr.h"

#define INCH MUSTER_MM_PER_INCH

static gboolean
lookup (const char *name,
        double     *value_mm,
        gpointer    user_data)
{
  if (g_str_equal (name, "width"))
    *value_mm = 72 * INCH;
  else if (g_str_equal (name, "height"))
    *value_mm = 48 * INCH;
  else if (g_str_equal (name, "depth"))
    *value_mm = 12 * INCH;
  else if (g_str_equal (name, "huge"))
    *value_mm = 1e300;
  else
    return FALSE;

  return TRUE;
}

/* Evaluates text with the default unit; returns the result in mm. */
static double
eval_text (const char *text,
           MusterUnit  unit)
{
  g_autoptr(MusterExpr) expr = NULL;
  g_autoptr(GError) error = NULL;
  double value = NAN;

  expr = muster_expr_parse (text, unit, &error);
  g_assert_no_error (error);
  g_assert_nonnull (expr);
  g_assert_cmpstr (muster_expr_get_text (expr), ==, text);

  g_assert_true (muster_expr_eval (expr, lookup, NULL, &value, &error));
  g_assert_no_error (error);

  return value;
}

static void
assert_parse_error (const char *text,
                    int         code,
                    const char *fragment)
{
  g_autoptr(MusterExpr) expr = NULL;
  g_autoptr(GError) error = NULL;

  expr = muster_expr_parse (text, MUSTER_UNIT_INCH, &error);
  g_assert_null (expr);
  g_assert_error (error, MUSTER_EXPR_ERROR, code);
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("“%s”: message “%s” lacks “%s”", text, error->message, fragment);
}

static void
assert_eval_error (const char *text,
                   int         code,
                   const char *fragment)
{
  g_autoptr(MusterExpr) expr = NULL;
  g_autoptr(GError) error = NULL;
  double value = 42;

  expr = muster_expr_parse (text, MUSTER_UNIT_INCH, &error);
  g_assert_no_error (error);
  g_assert_false (muster_expr_eval (expr, lookup, NULL, &value, &error));
  g_assert_error (error, MUSTER_EXPR_ERROR, code);
  g_assert_cmpfloat (value, ==, 42);
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("“%s”: message “%s” lacks “%s”", text, error->message, fragment);
}

static void
test_units (void)
{
  MusterUnit unit;

  g_assert_true (muster_unit_parse ("in", &unit));
  g_assert_cmpint (unit, ==, MUSTER_UNIT_INCH);
  g_assert_true (muster_unit_parse ("\"", &unit));
  g_assert_cmpint (unit, ==, MUSTER_UNIT_INCH);
  g_assert_true (muster_unit_parse ("cm", &unit));
  g_assert_cmpint (unit, ==, MUSTER_UNIT_CM);
  g_assert_true (muster_unit_parse ("mm", &unit));
  g_assert_cmpint (unit, ==, MUSTER_UNIT_MM);
  g_assert_false (muster_unit_parse ("ft", &unit));
  g_assert_false (muster_unit_parse ("", &unit));
  g_assert_false (muster_unit_parse (NULL, &unit));

  g_assert_cmpstr (muster_unit_to_string (MUSTER_UNIT_INCH), ==, "in");
  g_assert_cmpstr (muster_unit_to_string (MUSTER_UNIT_CM), ==, "cm");
  g_assert_cmpstr (muster_unit_to_string (MUSTER_UNIT_MM), ==, "mm");

  g_assert_cmpfloat_with_epsilon (muster_unit_to_mm (MUSTER_UNIT_INCH, 2), 50.8, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_unit_to_mm (MUSTER_UNIT_CM, 2.5), 25, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_unit_from_mm (MUSTER_UNIT_INCH, 25.4), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_unit_from_mm (MUSTER_UNIT_MM, 7), 7, 1e-12);
}

static void
test_length_parse (void)
{
  static const struct {
    const char *text;
    MusterUnit  unit;
    double      mm;
  } cases[] = {
    { "12", MUSTER_UNIT_INCH, 12 * INCH },
    { "12", MUSTER_UNIT_CM, 120 },
    { "12", MUSTER_UNIT_MM, 12 },
    { "12in", MUSTER_UNIT_MM, 12 * INCH },
    { "12 in", MUSTER_UNIT_MM, 12 * INCH },
    { "12\"", MUSTER_UNIT_MM, 12 * INCH },
    { "12″", MUSTER_UNIT_MM, 12 * INCH },
    { "30.5cm", MUSTER_UNIT_INCH, 305 },
    { "25mm", MUSTER_UNIT_INCH, 25 },
    { " 25 mm ", MUSTER_UNIT_INCH, 25 },
    { ".5", MUSTER_UNIT_INCH, 0.5 * INCH },
    { "1.", MUSTER_UNIT_INCH, INCH },
    { "1e1mm", MUSTER_UNIT_INCH, 10 },
    { "-2", MUSTER_UNIT_MM, -2 },
    { "+2mm", MUSTER_UNIT_INCH, 2 },
    { "0", MUSTER_UNIT_INCH, 0 },
  };
  static const struct {
    const char *text;
    int         code;
    const char *fragment;
  } errors[] = {
    { "", MUSTER_EXPR_ERROR_SYNTAX, "empty" },
    { "   ", MUSTER_EXPR_ERROR_SYNTAX, "empty" },
    { "12ft", MUSTER_EXPR_ERROR_UNKNOWN_UNIT, "“ft”" },
    { "12 furlongs", MUSTER_EXPR_ERROR_SYNTAX, "furlongs" },
    { "abc", MUSTER_EXPR_ERROR_SYNTAX, "abc" },
    { "nan", MUSTER_EXPR_ERROR_SYNTAX, NULL },
    { "inf", MUSTER_EXPR_ERROR_SYNTAX, NULL },
    { "1e999", MUSTER_EXPR_ERROR_NOT_FINITE, "too large" },
    { "12in3", MUSTER_EXPR_ERROR_UNKNOWN_UNIT, "in3" },
    { "12 in x", MUSTER_EXPR_ERROR_SYNTAX, "“x”" },
    { "1.2.3", MUSTER_EXPR_ERROR_SYNTAX, NULL },
    { "12+1", MUSTER_EXPR_ERROR_SYNTAX, "“+”" },
    { "0x10", MUSTER_EXPR_ERROR_UNKNOWN_UNIT, "x10" },
    { "\xff", MUSTER_EXPR_ERROR_SYNTAX, "UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      double mm = NAN;

      g_assert_true (muster_length_parse (cases[i].text, cases[i].unit, &mm, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat_with_epsilon (mm, cases[i].mm, 1e-9);
    }

  for (guint i = 0; i < G_N_ELEMENTS (errors); i++)
    {
      g_autoptr(GError) error = NULL;
      double mm = 42;

      g_assert_false (muster_length_parse (errors[i].text, MUSTER_UNIT_INCH, &mm, &error));
      g_assert_error (error, MUSTER_EXPR_ERROR, errors[i].code);
      g_assert_cmpfloat (mm, ==, 42);
      if (errors[i].fragment != NULL && strstr (error->message, errors[i].fragment) == NULL)
        g_error ("“%s”: message “%s” lacks “%s”", errors[i].text, error->message,
                 errors[i].fragment);
    }
}

static void
test_length_format (void)
{
  static const struct {
    double      mm;
    MusterUnit  unit;
    const char *text;
  } cases[] = {
    { 12 * INCH, MUSTER_UNIT_INCH, "12″" },
    { 12.5 * INCH, MUSTER_UNIT_INCH, "12.5″" },
    { 305, MUSTER_UNIT_CM, "30.5 cm" },
    { 25, MUSTER_UNIT_MM, "25 mm" },
    { 1.0 / 3.0, MUSTER_UNIT_MM, "0.33 mm" },
    { 0.001, MUSTER_UNIT_MM, "0 mm" },
    { -0.001, MUSTER_UNIT_MM, "0 mm" },
    { -20, MUSTER_UNIT_CM, "-2 cm" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = muster_length_format (cases[i].mm, cases[i].unit);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_expr_values (void)
{
  /* Bare numbers take the default unit... */
  g_assert_cmpfloat_with_epsilon (eval_text ("12", MUSTER_UNIT_INCH), 12 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("12", MUSTER_UNIT_MM), 12, 1e-9);
  /* ...but are plain numbers in products and quotients. */
  g_assert_cmpfloat_with_epsilon (eval_text ("width/4", MUSTER_UNIT_INCH), 18 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("width / 4", MUSTER_UNIT_MM), 18 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("2*depth", MUSTER_UNIT_INCH), 24 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("depth*2", MUSTER_UNIT_CM), 24 * INCH, 1e-9);
  /* Added to a length, a bare number is a length in the default unit. */
  g_assert_cmpfloat_with_epsilon (eval_text ("depth + 4", MUSTER_UNIT_INCH), 16 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("depth + 4", MUSTER_UNIT_CM), 12 * INCH + 40, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("height/2 - 12", MUSTER_UNIT_INCH), 12 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("depth + 10mm", MUSTER_UNIT_INCH), 12 * INCH + 10, 1e-9);
  /* Precedence and associativity */
  g_assert_cmpfloat_with_epsilon (eval_text ("2 + 3 * 4", MUSTER_UNIT_MM), 14, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("(2 + 3) * 4", MUSTER_UNIT_MM), 20, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("10 - 4 - 3", MUSTER_UNIT_MM), 3, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("48 / 4 / 2", MUSTER_UNIT_MM), 6, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("width - width/4*2", MUSTER_UNIT_INCH), 36 * INCH, 1e-9);
  /* Unary minus */
  g_assert_cmpfloat_with_epsilon (eval_text ("-depth", MUSTER_UNIT_INCH), -12 * INCH, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("--2", MUSTER_UNIT_MM), 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("-(2 - 5)", MUSTER_UNIT_MM), 3, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("3 * -2cm", MUSTER_UNIT_INCH), -60, 1e-9);
  /* Units on numbers */
  g_assert_cmpfloat_with_epsilon (eval_text ("1in + 1cm + 1mm", MUSTER_UNIT_INCH), 36.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("6\" * 2", MUSTER_UNIT_MM), 12 * INCH, 1e-9);
  /* A ratio of lengths is a plain number. */
  g_assert_cmpfloat_with_epsilon (eval_text ("width/height * 2", MUSTER_UNIT_MM), 3, 1e-9);
  g_assert_cmpfloat_with_epsilon (eval_text ("(width/height) * depth", MUSTER_UNIT_MM),
                                  18 * INCH, 1e-9);
}

static void
test_expr_ref (void)
{
  g_autoptr(GError) error = NULL;
  MusterExpr *expr = muster_expr_parse ("width/4", MUSTER_UNIT_INCH, &error);
  MusterExpr *other;

  g_assert_no_error (error);
  other = muster_expr_ref (expr);
  g_assert_true (other == expr);
  muster_expr_unref (expr);
  g_assert_cmpstr (muster_expr_get_text (other), ==, "width/4");
  muster_expr_unref (other);
}

static void
test_expr_errors (void)
{
  assert_parse_error ("", MUSTER_EXPR_ERROR_SYNTAX, "empty");
  assert_parse_error ("12 +", MUSTER_EXPR_ERROR_SYNTAX, "at the end");
  assert_parse_error ("(12", MUSTER_EXPR_ERROR_SYNTAX, "“)”");
  assert_parse_error ("12)", MUSTER_EXPR_ERROR_SYNTAX, "“)”");
  assert_parse_error ("12 depth", MUSTER_EXPR_ERROR_SYNTAX, "“depth”");
  assert_parse_error ("width/4 x", MUSTER_EXPR_ERROR_SYNTAX, "“x”");
  assert_parse_error ("* 2", MUSTER_EXPR_ERROR_SYNTAX, "“*”");
  assert_parse_error ("12ft", MUSTER_EXPR_ERROR_UNKNOWN_UNIT, "“ft”");
  assert_parse_error ("width * height", MUSTER_EXPR_ERROR_DIMENSION, "area");
  assert_parse_error ("2in * 3cm", MUSTER_EXPR_ERROR_DIMENSION, NULL);
  assert_parse_error ("2 / width", MUSTER_EXPR_ERROR_DIMENSION, NULL);
  assert_parse_error ("nan", MUSTER_EXPR_ERROR_NOT_FINITE, "finite");
  assert_parse_error ("2 * inf", MUSTER_EXPR_ERROR_NOT_FINITE, "finite");
  assert_parse_error ("1e400", MUSTER_EXPR_ERROR_NOT_FINITE, "too large");
  assert_parse_error ("width $ 2", MUSTER_EXPR_ERROR_SYNTAX, "“$”");
  assert_parse_error ("width − 2", MUSTER_EXPR_ERROR_SYNTAX, "“−”");

  assert_eval_error ("width/0", MUSTER_EXPR_ERROR_NOT_FINITE, "division by zero");
  assert_eval_error ("width/(2 - 2)", MUSTER_EXPR_ERROR_NOT_FINITE, "division by zero");
  assert_eval_error ("depht + 4", MUSTER_EXPR_ERROR_UNKNOWN_NAME, "“depht”");
  assert_eval_error ("huge * 1e10", MUSTER_EXPR_ERROR_NOT_FINITE, "finite");
}

static void
test_expr_deep (void)
{
  GString *text = g_string_new (NULL);
  g_autoptr(MusterExpr) expr = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 1000; i++)
    g_string_append_c (text, '(');
  g_string_append (text, "1");
  for (guint i = 0; i < 1000; i++)
    g_string_append_c (text, ')');

  expr = muster_expr_parse (text->str, MUSTER_UNIT_INCH, &error);
  g_assert_null (expr);
  g_assert_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_SYNTAX);
  g_clear_error (&error);

  g_string_truncate (text, 0);
  for (guint i = 0; i < 1000; i++)
    g_string_append_c (text, '-');
  g_string_append (text, "1");
  expr = muster_expr_parse (text->str, MUSTER_UNIT_INCH, &error);
  g_assert_null (expr);
  g_assert_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_SYNTAX);

  g_string_free (text, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/expr/units", test_units);
  g_test_add_func ("/core/expr/length-parse", test_length_parse);
  g_test_add_func ("/core/expr/length-format", test_length_format);
  g_test_add_func ("/core/expr/values", test_expr_values);
  g_test_add_func ("/core/expr/ref", test_expr_ref);
  g_test_add_func ("/core/expr/errors", test_expr_errors);
  g_test_add_func ("/core/expr/deep", test_expr_deep);

  return g_test_run ();
}
