/* muster-types.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Every length inside Muster is a double in millimetres. */
#define MUSTER_MM_PER_INCH 25.4
#define MUSTER_MM_PER_CM   10.0

/* Default contact tolerance (RULES.md): a gap of at most this much is contact. */
#define MUSTER_DEFAULT_TOLERANCE_MM 0.5

/* Slack for floating point noise in "exactly N" comparisons; far below any
 * physical measurement, far above double rounding of board-sized numbers. */
#define MUSTER_EPSILON_MM 1e-6

typedef enum
{
  MUSTER_UNIT_INCH,
  MUSTER_UNIT_CM,
  MUSTER_UNIT_MM,
} MusterUnit;

typedef enum
{
  MUSTER_PIECE_MODEL,
  MUSTER_PIECE_UNIT,
  MUSTER_PIECE_MARKER,
  MUSTER_PIECE_OBJECTIVE,
} MusterPieceKind;

typedef enum
{
  MUSTER_TERRAIN_IMPASSABLE,
  MUSTER_TERRAIN_BUILDING,
  MUSTER_TERRAIN_AREA,
} MusterTerrainKind;

/* Stable rule codes of DESIGN.md, in the order they are printed. */
typedef enum
{
  MUSTER_RULE_OFF_BOARD,
  MUSTER_RULE_OUTSIDE_ZONE,
  MUSTER_RULE_BASE_CONTACT,
  MUSTER_RULE_OVERLAP,
  MUSTER_RULE_ENEMY_TOO_CLOSE,
  MUSTER_RULE_DEPLOY_ORDER,
  MUSTER_RULE_DEPLOY_SEQUENCE,
  MUSTER_RULE_UNIT_SPACING,
  MUSTER_N_RULES
} MusterRuleCode;

typedef struct _MusterPoint        MusterPoint;
typedef struct _MusterBox          MusterBox;
typedef struct _MusterBase         MusterBase;
typedef struct _MusterOutline      MusterOutline;
typedef struct _MusterSpatialIndex MusterSpatialIndex;
typedef struct _MusterExpr         MusterExpr;
typedef struct _MusterRegion       MusterRegion;
typedef struct _MusterZone         MusterZone;
typedef struct _MusterDeployment   MusterDeployment;
typedef struct _MusterOptionDef    MusterOptionDef;
typedef struct _MusterRuleDef      MusterRuleDef;
typedef struct _MusterBasePreset   MusterBasePreset;
typedef struct _MusterBoardPreset  MusterBoardPreset;
typedef struct _MusterSkillDef     MusterSkillDef;
typedef struct _MusterPlayer       MusterPlayer;
typedef struct _MusterPiece        MusterPiece;
typedef struct _MusterTerrain      MusterTerrain;
typedef struct _MusterViolation    MusterViolation;

G_END_DECLS
