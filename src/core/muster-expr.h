/* muster-expr.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-types.h"

G_BEGIN_DECLS

#define MUSTER_EXPR_ERROR (muster_expr_error_quark ())

typedef enum
{
  MUSTER_EXPR_ERROR_SYNTAX,
  MUSTER_EXPR_ERROR_UNKNOWN_UNIT,
  MUSTER_EXPR_ERROR_UNKNOWN_NAME,
  MUSTER_EXPR_ERROR_NOT_FINITE,
  MUSTER_EXPR_ERROR_DIMENSION,
} MusterExprError;

/* Resolves a name used in an expression (width, height, an option) to a
 * length in millimetres. Returns FALSE when the name is unknown. */
typedef gboolean (*MusterExprLookup) (const char *name,
                                      double     *value_mm,
                                      gpointer    user_data);

GQuark      muster_expr_error_quark (void);

gboolean    muster_unit_parse       (const char   *text,
                                     MusterUnit   *unit);
const char *muster_unit_to_string   (MusterUnit    unit);
double      muster_unit_to_mm       (MusterUnit    unit,
                                     double        value);
double      muster_unit_from_mm     (MusterUnit    unit,
                                     double        mm);

/* A single length: a finite number with an optional suffix in, ", cm, mm.
 * A bare number takes default_unit. */
gboolean    muster_length_parse     (const char   *text,
                                     MusterUnit    default_unit,
                                     double       *value_mm,
                                     GError      **error);
/* Formats a length for people: "12″" or "30.5 cm"; up to two decimals. */
char       *muster_length_format    (double        mm,
                                     MusterUnit    unit);

/* Length expressions: + - * / unary minus, parentheses, numbers with unit
 * suffixes, and names. Bare numbers are scalars in products and quotients
 * and lengths in default_unit where a length is needed, so "width/4" and
 * "height/2 - 12" read as a player reads them. */
MusterExpr *muster_expr_parse       (const char   *text,
                                     MusterUnit    default_unit,
                                     GError      **error);
gboolean    muster_expr_eval        (const MusterExpr *expr,
                                     MusterExprLookup  lookup,
                                     gpointer          user_data,
                                     double           *value_mm,
                                     GError          **error);
const char *muster_expr_get_text    (const MusterExpr *expr);
MusterExpr *muster_expr_ref         (MusterExpr   *expr);
void        muster_expr_unref       (MusterExpr   *expr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterExpr, muster_expr_unref)

G_END_DECLS
