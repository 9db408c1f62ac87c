/* muster-expr.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-expr"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-expr.h"

/* Expressions are parsed once into a small tree whose every node knows
 * its dimension (a length or a plain number), so that dimension errors
 * ("width * height") are found when a game-system file is loaded rather
 * than when a zone is drawn. Evaluation works in millimetres. */

#define MAX_EXPR_LENGTH 4096
#define MAX_EXPR_DEPTH  64

typedef enum
{
  NODE_NUMBER,
  NODE_NAME,
  NODE_NEGATE,
  NODE_ADD,
  NODE_SUBTRACT,
  NODE_MULTIPLY,
  NODE_DIVIDE,
} NodeKind;

typedef struct _Node Node;

struct _Node
{
  NodeKind  kind;
  gboolean  is_length;   /* FALSE: a plain number (a scalar) */
  double    value;       /* NODE_NUMBER: mm when is_length, else the number */
  char     *name;        /* NODE_NAME */
  Node     *lhs;
  Node     *rhs;         /* NULL for NODE_NEGATE */
};

struct _MusterExpr
{
  gatomicrefcount  ref_count;
  char            *text;
  MusterUnit       default_unit;
  Node            *root;
};

typedef struct
{
  const char *text;      /* the whole expression, for messages */
  const char *pos;
  MusterUnit  default_unit;
  int         depth;
} Parser;

G_DEFINE_QUARK (muster-expr-error-quark, muster_expr_error)

static void
node_free (Node *node)
{
  if (node == NULL)
    return;

  node_free (node->lhs);
  node_free (node->rhs);
  g_free (node->name);
  g_free (node);
}

static Node *
node_new (NodeKind kind)
{
  Node *node = g_new0 (Node, 1);

  node->kind = kind;

  return node;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Node, node_free)

gboolean
muster_unit_parse (const char *text,
                   MusterUnit *unit)
{
  MusterUnit parsed;

  g_return_val_if_fail (unit != NULL, FALSE);

  if (text == NULL)
    return FALSE;

  if (strcmp (text, "in") == 0 || strcmp (text, "\"") == 0 || strcmp (text, "″") == 0)
    parsed = MUSTER_UNIT_INCH;
  else if (strcmp (text, "cm") == 0)
    parsed = MUSTER_UNIT_CM;
  else if (strcmp (text, "mm") == 0)
    parsed = MUSTER_UNIT_MM;
  else
    return FALSE;

  *unit = parsed;

  return TRUE;
}

const char *
muster_unit_to_string (MusterUnit unit)
{
  switch (unit)
    {
    case MUSTER_UNIT_INCH:
      return "in";
    case MUSTER_UNIT_CM:
      return "cm";
    case MUSTER_UNIT_MM:
      return "mm";
    default:
      g_return_val_if_reached ("mm");
    }
}

static double
unit_scale (MusterUnit unit)
{
  switch (unit)
    {
    case MUSTER_UNIT_INCH:
      return MUSTER_MM_PER_INCH;
    case MUSTER_UNIT_CM:
      return MUSTER_MM_PER_CM;
    case MUSTER_UNIT_MM:
      return 1.0;
    default:
      g_return_val_if_reached (1.0);
    }
}

double
muster_unit_to_mm (MusterUnit unit,
                   double     value)
{
  return value * unit_scale (unit);
}

double
muster_unit_from_mm (MusterUnit unit,
                     double     mm)
{
  return mm / unit_scale (unit);
}

static gboolean
is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

static void
skip_spaces (Parser *parser)
{
  while (g_ascii_isspace (*parser->pos))
    parser->pos++;
}

/* The token at pos, for messages: a name or number as a whole, otherwise
 * one (UTF-8) character. */
static char *
describe_token (const char *pos)
{
  const char *end = pos;

  if (*pos == '\0')
    return NULL;

  if (is_name_char (*pos) || *pos == '.')
    {
      while (is_name_char (*end) || *end == '.')
        end++;
    }
  else
    {
      end = g_utf8_find_next_char (pos, NULL);
      if (end == NULL)
        end = pos + strlen (pos);
    }

  return g_strndup (pos, end - pos);
}

static gboolean
syntax_error (Parser      *parser,
              GError     **error,
              const char  *expected)
{
  g_autofree char *token = describe_token (parser->pos);

  if (token == NULL)
    g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_SYNTAX,
                 _("“%s”: expected %s at the end"), parser->text, expected);
  else if (g_utf8_validate (token, -1, NULL))
    g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_SYNTAX,
                 _("“%s”: expected %s, found “%s”"), parser->text, expected, token);
  else
    g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_SYNTAX,
                 _("Expected %s, found a byte that is not UTF-8"), expected);

  return FALSE;
}

/* The start of the text, cut by characters: "%.40s" would cut by bytes and
 * could leave half a character, and the message would not be UTF-8. */
static void
nested_too_deeply (Parser  *parser,
                   GError **error)
{
  g_autofree char *start = g_utf8_substring (parser->text, 0,
                                             MIN (40, g_utf8_strlen (parser->text, -1)));

  g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_SYNTAX,
               _("“%s…”: nested too deeply"), start);
}

/* The end of the number at start: digits with at most one decimal point,
 * then an exponent only when a digit follows the "e" and its sign (else
 * the "e" starts a unit suffix). NULL when there is no digit. */
static const char *
number_end (const char *start)
{
  const char *p = start;
  gboolean any_digits = FALSE;

  while (g_ascii_isdigit (*p))
    {
      p++;
      any_digits = TRUE;
    }
  if (*p == '.')
    {
      p++;
      while (g_ascii_isdigit (*p))
        {
          p++;
          any_digits = TRUE;
        }
    }
  if (!any_digits)
    return NULL;

  if ((*p == 'e' || *p == 'E') &&
      (g_ascii_isdigit (p[1]) ||
       ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
    {
      p += 2;
      while (g_ascii_isdigit (*p))
        p++;
    }

  return p;
}

/* Reads the unit suffix, if any, of the number that ends at after_number,
 * and moves parser->pos past what it took. *value is in mm when the
 * suffix makes it a length. */
static gboolean
scan_unit (Parser      *parser,
           const char  *after_number,
           double       number,
           double      *value,
           gboolean    *is_length,
           GError     **error)
{
  const char *p = after_number;
  MusterUnit unit;

  while (g_ascii_isspace (*p))
    p++;

  if (*p == '"')
    {
      *value = muster_unit_to_mm (MUSTER_UNIT_INCH, number);
      *is_length = TRUE;
      parser->pos = p + 1;
    }
  else if (g_str_has_prefix (p, "″"))
    {
      *value = muster_unit_to_mm (MUSTER_UNIT_INCH, number);
      *is_length = TRUE;
      parser->pos = p + strlen ("″");
    }
  else if (is_name_start (*p))
    {
      const char *name_end = p;
      g_autofree char *suffix = NULL;

      while (is_name_char (*name_end))
        name_end++;
      suffix = g_strndup (p, name_end - p);

      if (muster_unit_parse (suffix, &unit))
        {
          *value = muster_unit_to_mm (unit, number);
          *is_length = TRUE;
          parser->pos = name_end;
        }
      else if (p == after_number)
        {
          g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_UNKNOWN_UNIT,
                       _("“%s”: unknown unit “%s” (use in, \", cm or mm)"),
                       parser->text, suffix);
          return FALSE;
        }
      else
        {
          /* "12 depth": a name after a space is not a suffix; the caller
           * reports it as out of place. */
          *value = number;
          *is_length = FALSE;
          parser->pos = after_number;
        }
    }
  else
    {
      *value = number;
      *is_length = FALSE;
      parser->pos = after_number;
    }

  return TRUE;
}

/* Reads a number and its unit suffix at parser->pos. On success *is_length
 * tells whether it had a suffix, and *value is in mm if so. */
static gboolean
scan_number (Parser    *parser,
             double    *value,
             gboolean  *is_length,
             GError   **error)
{
  const char *start = parser->pos;
  const char *after_number = number_end (start);
  g_autofree char *digits = NULL;
  double number;

  if (after_number == NULL)
    return syntax_error (parser, error, _("a number"));

  digits = g_strndup (start, after_number - start);
  number = g_ascii_strtod (digits, NULL);

  if (!isfinite (number))
    {
      g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_NOT_FINITE,
                   _("“%s”: the number %s is too large"), parser->text, digits);
      return FALSE;
    }

  if (!scan_unit (parser, after_number, number, value, is_length, error))
    return FALSE;

  if (!isfinite (*value))
    {
      g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_NOT_FINITE,
                   _("“%s”: the length %s is too large"), parser->text, digits);
      return FALSE;
    }

  return TRUE;
}

static Node *parse_sum (Parser  *parser,
                        GError **error);

static Node *
parse_primary (Parser  *parser,
               GError **error)
{
  skip_spaces (parser);

  if (*parser->pos == '(')
    {
      g_autoptr(Node) inner = NULL;

      parser->pos++;
      inner = parse_sum (parser, error);
      if (inner == NULL)
        return NULL;
      skip_spaces (parser);
      if (*parser->pos != ')')
        {
          syntax_error (parser, error, _("“)”"));
          return NULL;
        }
      parser->pos++;

      return g_steal_pointer (&inner);
    }

  if (g_ascii_isdigit (*parser->pos) || *parser->pos == '.')
    {
      g_autoptr(Node) node = node_new (NODE_NUMBER);

      if (!scan_number (parser, &node->value, &node->is_length, error))
        return NULL;

      return g_steal_pointer (&node);
    }

  if (is_name_start (*parser->pos))
    {
      const char *start = parser->pos;
      Node *node;

      while (is_name_char (*parser->pos))
        parser->pos++;

      node = node_new (NODE_NAME);
      node->name = g_strndup (start, parser->pos - start);
      node->is_length = TRUE;

      if (g_ascii_strcasecmp (node->name, "nan") == 0 ||
          g_ascii_strcasecmp (node->name, "inf") == 0 ||
          g_ascii_strcasecmp (node->name, "infinity") == 0)
        {
          g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_NOT_FINITE,
                       _("“%s”: “%s” is not a finite number"), parser->text, node->name);
          node_free (node);
          return NULL;
        }

      return node;
    }

  syntax_error (parser, error, _("a number, a name or “(”"));

  return NULL;
}

static Node *
parse_unary (Parser  *parser,
             GError **error)
{
  skip_spaces (parser);

  if (*parser->pos == '-' || *parser->pos == '+')
    {
      gboolean negate = *parser->pos == '-';
      g_autoptr(Node) operand = NULL;
      Node *node;

      if (++parser->depth > MAX_EXPR_DEPTH)
        {
          nested_too_deeply (parser, error);
          return NULL;
        }

      parser->pos++;
      operand = parse_unary (parser, error);
      parser->depth--;
      if (operand == NULL)
        return NULL;

      if (!negate)
        return g_steal_pointer (&operand);

      node = node_new (NODE_NEGATE);
      node->is_length = operand->is_length;
      node->lhs = g_steal_pointer (&operand);

      return node;
    }

  if (*parser->pos == '(')
    {
      Node *node;

      if (++parser->depth > MAX_EXPR_DEPTH)
        {
          nested_too_deeply (parser, error);
          return NULL;
        }
      node = parse_primary (parser, error);
      parser->depth--;

      return node;
    }

  return parse_primary (parser, error);
}

static Node *
parse_product (Parser  *parser,
               GError **error)
{
  g_autoptr(Node) lhs = parse_unary (parser, error);

  if (lhs == NULL)
    return NULL;

  for (;;)
    {
      g_autoptr(Node) rhs = NULL;
      Node *node;
      char op;

      skip_spaces (parser);
      op = *parser->pos;
      if (op != '*' && op != '/')
        break;
      parser->pos++;

      rhs = parse_unary (parser, error);
      if (rhs == NULL)
        return NULL;

      if (op == '*' && lhs->is_length && rhs->is_length)
        {
          g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_DIMENSION,
                       _("“%s”: a length times a length is an area, not a length"),
                       parser->text);
          return NULL;
        }
      if (op == '/' && !lhs->is_length && rhs->is_length)
        {
          g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_DIMENSION,
                       _("“%s”: a number cannot be divided by a length"),
                       parser->text);
          return NULL;
        }

      node = node_new (op == '*' ? NODE_MULTIPLY : NODE_DIVIDE);
      /* length / length is a ratio, a plain number */
      if (op == '*')
        node->is_length = lhs->is_length || rhs->is_length;
      else
        node->is_length = lhs->is_length && !rhs->is_length;
      node->lhs = g_steal_pointer (&lhs);
      node->rhs = g_steal_pointer (&rhs);
      lhs = node;
    }

  return g_steal_pointer (&lhs);
}

static Node *
parse_sum (Parser  *parser,
           GError **error)
{
  g_autoptr(Node) lhs = parse_product (parser, error);

  if (lhs == NULL)
    return NULL;

  for (;;)
    {
      g_autoptr(Node) rhs = NULL;
      Node *node;
      char op;

      skip_spaces (parser);
      op = *parser->pos;
      if (op != '+' && op != '-')
        break;
      parser->pos++;

      rhs = parse_product (parser, error);
      if (rhs == NULL)
        return NULL;

      node = node_new (op == '+' ? NODE_ADD : NODE_SUBTRACT);
      node->is_length = lhs->is_length || rhs->is_length;
      node->lhs = g_steal_pointer (&lhs);
      node->rhs = g_steal_pointer (&rhs);
      lhs = node;
    }

  return g_steal_pointer (&lhs);
}

static gboolean
check_text (const char  *text,
            GError     **error)
{
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_SYNTAX,
                           _("The expression is not valid UTF-8"));
      return FALSE;
    }

  if (strlen (text) > MAX_EXPR_LENGTH)
    {
      g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_SYNTAX,
                   _("The expression is longer than %d characters"), MAX_EXPR_LENGTH);
      return FALSE;
    }

  for (const char *p = text; *p != '\0'; p++)
    {
      if (!g_ascii_isspace (*p))
        return TRUE;
    }

  g_set_error_literal (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_SYNTAX,
                       _("The expression is empty"));

  return FALSE;
}

gboolean
muster_length_parse (const char  *text,
                     MusterUnit   default_unit,
                     double      *value_mm,
                     GError     **error)
{
  Parser parser = { text, text, default_unit, 0 };
  gboolean negative = FALSE;
  gboolean is_length;
  double value;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (value_mm != NULL, FALSE);

  if (!check_text (text, error))
    return FALSE;

  skip_spaces (&parser);
  if (*parser.pos == '-' || *parser.pos == '+')
    {
      negative = *parser.pos == '-';
      parser.pos++;
    }

  if (!g_ascii_isdigit (*parser.pos) && *parser.pos != '.')
    return syntax_error (&parser, error, _("a length such as 12, 12in, 30cm or 25mm"));

  if (!scan_number (&parser, &value, &is_length, error))
    return FALSE;

  skip_spaces (&parser);
  if (*parser.pos != '\0')
    return syntax_error (&parser, error, _("a unit (in, \", cm or mm) or nothing"));

  if (!is_length)
    value = muster_unit_to_mm (default_unit, value);

  /* "1e308" is finite in millimetres, but not in inches. */
  if (!isfinite (value))
    {
      g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_NOT_FINITE,
                   _("“%s”: the length is too large"), text);
      return FALSE;
    }

  *value_mm = negative ? -value : value;

  return TRUE;
}

/* Trims "12.50" to "12.5" and "12.00" to "12". */
static void
trim_zeros (char *text)
{
  char *point = strchr (text, '.');
  char *end;

  if (point == NULL)
    return;

  end = point + strlen (point) - 1;
  while (end > point && *end == '0')
    *end-- = '\0';
  if (end == point)
    *end = '\0';
}

char *
muster_length_format (double     mm,
                      MusterUnit unit)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  const char *decimal_point;
  GString *text;
  double value = muster_unit_from_mm (unit, mm);

  if (!isfinite (value))
    return g_strdup ("?");

  value = round (value * 100.0) / 100.0;
  if (value == 0.0)
    value = 0.0;   /* no "-0" */

  g_ascii_formatd (buffer, sizeof buffer, "%.2f", value);
  trim_zeros (buffer);

  /* For people: the locale's decimal separator. */
  text = g_string_new (buffer);
  decimal_point = localeconv ()->decimal_point;
  if (decimal_point != NULL && *decimal_point != '\0' && strcmp (decimal_point, ".") != 0)
    {
      char *point = strchr (text->str, '.');

      if (point != NULL)
        {
          gssize at = point - text->str;

          g_string_erase (text, at, 1);
          g_string_insert (text, at, decimal_point);
        }
    }

  switch (unit)
    {
    case MUSTER_UNIT_INCH:
      g_string_append (text, "″");
      break;
    case MUSTER_UNIT_CM:
      g_string_append (text, " cm");
      break;
    case MUSTER_UNIT_MM:
      g_string_append (text, " mm");
      break;
    default:
      g_assert_not_reached ();
    }

  return g_string_free (text, FALSE);
}

MusterExpr *
muster_expr_parse (const char  *text,
                   MusterUnit   default_unit,
                   GError     **error)
{
  Parser parser = { text, text, default_unit, 0 };
  g_autoptr(Node) root = NULL;
  MusterExpr *expr;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_text (text, error))
    return NULL;

  root = parse_sum (&parser, error);
  if (root == NULL)
    return NULL;

  skip_spaces (&parser);
  if (*parser.pos != '\0')
    {
      syntax_error (&parser, error, _("an operator (+ - * /)"));
      return NULL;
    }

  expr = g_new0 (MusterExpr, 1);
  g_atomic_ref_count_init (&expr->ref_count);
  expr->text = g_strdup (text);
  expr->default_unit = default_unit;
  expr->root = g_steal_pointer (&root);

  return expr;
}

typedef struct
{
  const MusterExpr *expr;
  MusterExprLookup  lookup;
  gpointer          user_data;
} Evaluation;

static gboolean
not_finite (const Evaluation  *eval,
            GError           **error)
{
  g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_NOT_FINITE,
               _("“%s”: the result is not a finite number"), eval->expr->text);
  return FALSE;
}

/* A plain number where a length is needed is a length in the default unit. */
static double
as_length (const Evaluation *eval,
           const Node       *node,
           double            value)
{
  return node->is_length ? value : muster_unit_to_mm (eval->expr->default_unit, value);
}

static gboolean
eval_node (const Evaluation  *eval,
           const Node        *node,
           double            *result,
           GError           **error)
{
  double lhs = 0;
  double rhs = 0;
  double value;

  switch (node->kind)
    {
    case NODE_NUMBER:
      *result = node->value;
      return TRUE;

    case NODE_NAME:
      value = NAN;
      if (eval->lookup == NULL || !eval->lookup (node->name, &value, eval->user_data))
        {
          g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_UNKNOWN_NAME,
                       _("“%s”: unknown name “%s” (known: width, height and the "
                         "deployment type's options)"),
                       eval->expr->text, node->name);
          return FALSE;
        }
      if (!isfinite (value))
        return not_finite (eval, error);
      *result = value;
      return TRUE;

    case NODE_NEGATE:
      if (!eval_node (eval, node->lhs, &lhs, error))
        return FALSE;
      *result = -lhs;
      return TRUE;

    case NODE_ADD:
    case NODE_SUBTRACT:
    case NODE_MULTIPLY:
    case NODE_DIVIDE:
      if (!eval_node (eval, node->lhs, &lhs, error) ||
          !eval_node (eval, node->rhs, &rhs, error))
        return FALSE;
      break;

    default:
      g_assert_not_reached ();
    }

  switch (node->kind)
    {
    case NODE_ADD:
    case NODE_SUBTRACT:
      if (node->is_length)
        {
          lhs = as_length (eval, node->lhs, lhs);
          rhs = as_length (eval, node->rhs, rhs);
        }
      value = node->kind == NODE_ADD ? lhs + rhs : lhs - rhs;
      break;

    case NODE_MULTIPLY:
      value = lhs * rhs;
      break;

    case NODE_DIVIDE:
      if (rhs == 0.0)
        {
          g_set_error (error, MUSTER_EXPR_ERROR, MUSTER_EXPR_ERROR_NOT_FINITE,
                       _("“%s”: division by zero"), eval->expr->text);
          return FALSE;
        }
      value = lhs / rhs;
      break;

    case NODE_NUMBER:
    case NODE_NAME:
    case NODE_NEGATE:
    default:
      g_assert_not_reached ();
    }

  if (!isfinite (value))
    return not_finite (eval, error);

  *result = value;

  return TRUE;
}

gboolean
muster_expr_eval (const MusterExpr  *expr,
                  MusterExprLookup   lookup,
                  gpointer           user_data,
                  double            *value_mm,
                  GError           **error)
{
  Evaluation eval = { expr, lookup, user_data };
  double value;

  g_return_val_if_fail (expr != NULL, FALSE);
  g_return_val_if_fail (value_mm != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!eval_node (&eval, expr->root, &value, error))
    return FALSE;

  value = as_length (&eval, expr->root, value);
  if (!isfinite (value))
    return not_finite (&eval, error);

  *value_mm = value;

  return TRUE;
}

const char *
muster_expr_get_text (const MusterExpr *expr)
{
  g_return_val_if_fail (expr != NULL, NULL);

  return expr->text;
}

MusterExpr *
muster_expr_ref (MusterExpr *expr)
{
  g_return_val_if_fail (expr != NULL, NULL);

  g_atomic_ref_count_inc (&expr->ref_count);

  return expr;
}

void
muster_expr_unref (MusterExpr *expr)
{
  g_return_if_fail (expr != NULL);

  if (g_atomic_ref_count_dec (&expr->ref_count))
    {
      node_free (expr->root);
      g_free (expr->text);
      g_free (expr);
    }
}
