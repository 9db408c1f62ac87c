/* muster-system.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "muster-geometry.h"
#include "muster-region.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_SYSTEM  (muster_system_get_type ())
#define MUSTER_SYSTEM_ERROR (muster_system_error_quark ())

typedef enum
{
  MUSTER_SYSTEM_ERROR_PARSE,        /* not well-formed XML */
  MUSTER_SYSTEM_ERROR_SCHEMA,       /* fails data/muster-system.rng */
  MUSTER_SYSTEM_ERROR_INVALID,      /* schema-valid but meaningless */
  MUSTER_SYSTEM_ERROR_UNKNOWN,      /* unknown system, deployment or zone */
  MUSTER_SYSTEM_ERROR_SHIPPED,      /* import: the id of a shipped system */
  MUSTER_SYSTEM_ERROR_EXISTS,       /* import: the id of one of the user's */
} MusterSystemError;

struct _MusterOptionDef
{
  char  *name;            /* "diagonal", "depth" */
  char  *label;           /* translatable, for people */
  char **values;          /* allowed values, NULL-terminated */
  char  *default_value;
};

struct _MusterRuleDef
{
  MusterRuleCode code;
  double         distance;     /* mm: enemy-too-close, unit-spacing */
  guint          turns;        /* deploy-sequence: first N turns single unit */
  guint          steps;        /* deploy-sequence: N steps taken in turn, all
                                * but one then the last (Infinity: 4), or 0 */
  char         **exempt;       /* categories ignored (deploy-order), or NULL */
  char         **kinds;        /* piece kinds the rule applies to, or NULL for all */
};

struct _MusterBasePreset
{
  char            *id;
  char            *name;
  MusterBase       base;
};

struct _MusterBoardPreset
{
  char   *id;
  char   *name;
  double  width;          /* mm */
  double  height;
  gboolean is_default;
};

typedef enum
{
  MUSTER_SKILL_ALLOWS_REGION,     /* may deploy in extra regions */
  MUSTER_SKILL_ALLOWS_OFF_TABLE,  /* may stay off the table */
} MusterSkillAllows;

struct _MusterSkillDef
{
  char             *id;           /* "infiltration" */
  char             *name;
  MusterSkillAllows allows;
  /*< private >*/
  GPtrArray        *regions;      /* per zone id, see muster_system_resolve_skill_region() */
};

struct _MusterZone
{
  char *id;                 /* "north", "south-west" */
  char *name;               /* for people */
  char *option_name;        /* zone exists only when this option ... */
  char *option_value;       /* ... has this value; both NULL if always */
  char *board;              /* "landscape" or "portrait": the zone exists only
                             * on boards of that shape; NULL on any */
  /*< private >*/
  gpointer tmpl;            /* MusterRegionTemplate */
};

struct _MusterDeployment
{
  char      *id;            /* "frontline-clash" */
  char      *name;          /* for people (translated) */
  guint      roll;          /* the D6 result that picks it, 0 if none */
  GPtrArray *options;       /* MusterOptionDef */
  GPtrArray *zones;         /* MusterZone */
  GPtrArray *rules;         /* MusterRuleDef: added to the system's */
};

G_DECLARE_FINAL_TYPE (MusterSystem, muster_system, MUSTER, SYSTEM, GObject)

GQuark                   muster_system_error_quark          (void);

/* Parses and schema-checks a game-system file. filename names it in errors
 * ("t9a.xml:12: ..."). */
MusterSystem            *muster_system_new_from_bytes       (GBytes                 *bytes,
                                                             const char             *filename,
                                                             GError                **error);
MusterSystem            *muster_system_new_from_file        (GFile                  *file,
                                                             GError                **error);

const char              *muster_system_get_id               (MusterSystem           *self);
const char              *muster_system_get_name             (MusterSystem           *self);
MusterUnit               muster_system_get_units            (MusterSystem           *self);
/* The file it was read from, for the sequence modules that read their own
 * sections (initiative, deployment steps, orders). */
GBytes                  *muster_system_get_bytes            (MusterSystem           *self);

GPtrArray               *muster_system_get_deployments      (MusterSystem           *self);
const MusterDeployment  *muster_system_lookup_deployment    (MusterSystem           *self,
                                                             const char             *deployment_id);
const MusterDeployment  *muster_system_get_default_deployment (MusterSystem         *self);
GPtrArray               *muster_system_get_board_presets    (MusterSystem           *self);
const MusterBoardPreset *muster_system_get_default_board    (MusterSystem           *self);
GPtrArray               *muster_system_get_base_presets     (MusterSystem           *self);
GPtrArray               *muster_system_get_skills           (MusterSystem           *self);
const MusterSkillDef    *muster_system_lookup_skill         (MusterSystem           *self,
                                                             const char             *skill_id);

/* The rule as it applies in this deployment type (the deployment's own
 * definition wins over the system's), or NULL when it does not apply. */
const MusterRuleDef     *muster_system_get_rule             (MusterSystem           *self,
                                                             const MusterDeployment *deployment,
                                                             MusterRuleCode          code);

/* Zones of the deployment that exist with these options (name → value;
 * missing options take their defaults) on a board of width × height: a
 * portrait board (width < height) has its Centre Line north to south, and
 * zones of its own ("west", "east"). Without the board, as on a landscape
 * one. */
GPtrArray               *muster_deployment_list_zones       (const MusterDeployment *deployment,
                                                             GHashTable             *options);
const MusterZone        *muster_deployment_lookup_zone      (const MusterDeployment *deployment,
                                                             const char             *zone_id,
                                                             GHashTable             *options);
GPtrArray               *muster_deployment_list_zones_on_board  (const MusterDeployment *deployment,
                                                                 GHashTable             *options,
                                                                 double                  width,
                                                                 double                  height);
const MusterZone        *muster_deployment_lookup_zone_on_board (const MusterDeployment *deployment,
                                                                 const char             *zone_id,
                                                                 GHashTable             *options,
                                                                 double                  width,
                                                                 double                  height);
const char              *muster_deployment_get_option       (const MusterDeployment *deployment,
                                                             GHashTable             *options,
                                                             const char             *name);

/* What a player starts with in a deployment type. */
typedef struct
{
  const char *zone;         /* a zone id of the type (owned by it), or NULL */
  const char *role;         /* "attacker" (the first player) or "defender" */
  const char *short_edge;   /* "west" or "east"; "north" or "south" on a
                             * portrait board */
} MusterPlace;

/* Where player_index (0: the first player, red; 1: the second, blue)
 * stands by default on a width × height board: red on the south side of
 * the table (the west side where the zones lie west and east, as on a
 * portrait 9th Age table) with the west (on a portrait board, north)
 * short edge and the attacker's role, blue opposite. previous_zone (any
 * type's zone id, or NULL): the player keeps to its side of the table, as
 * when Refused Flank's diagonal changes. taken_zone: a zone another
 * player has, or NULL. The one default of the window and the export. */
void                     muster_system_get_default_place    (MusterSystem           *self,
                                                             const MusterDeployment *deployment,
                                                             GHashTable             *options,
                                                             double                  width,
                                                             double                  height,
                                                             guint                   player_index,
                                                             const char             *previous_zone,
                                                             const char             *taken_zone,
                                                             MusterPlace            *place);

/* Resolves a zone for one player on one board; the result is clipped to
 * the board. role and short_edge may be NULL. */
MusterRegion            *muster_system_resolve_zone         (MusterSystem           *self,
                                                             const MusterDeployment *deployment,
                                                             const char             *zone_id,
                                                             double                  width,
                                                             double                  height,
                                                             GHashTable             *options,
                                                             const char             *role,
                                                             const char             *short_edge,
                                                             GError                **error);
/* The extra region a skill allows for a player whose zone is zone_id, or
 * NULL (with no error) when the skill allows none for that zone. */
MusterRegion            *muster_system_resolve_skill_region (MusterSystem           *self,
                                                             const MusterDeployment *deployment,
                                                             const MusterSkillDef   *skill,
                                                             const char             *zone_id,
                                                             double                  width,
                                                             double                  height,
                                                             GHashTable             *options,
                                                             GError                **error);

/* The shipped systems (compiled-in resources) and the user's own, from
 * $XDG_DATA_HOME/muster/systems/. A broken user file is skipped and its
 * error kept for muster_system_registry_get_errors(). A shipped system
 * is read when first looked up, or when the systems are listed. */
typedef struct _MusterSystemRegistry MusterSystemRegistry;

MusterSystemRegistry    *muster_system_registry_new         (const char             *user_dir);
MusterSystemRegistry    *muster_system_registry_get_default (void);
void                     muster_system_registry_free        (MusterSystemRegistry   *registry);
GPtrArray               *muster_system_registry_list        (MusterSystemRegistry   *registry);
MusterSystem            *muster_system_registry_lookup      (MusterSystemRegistry   *registry,
                                                             const char             *system_id);
/* GError* of the user files that were skipped. */
GPtrArray               *muster_system_registry_get_errors  (MusterSystemRegistry   *registry);
/* The folder of the user's own systems that the registry reads. */
const char              *muster_system_registry_get_user_dir (MusterSystemRegistry  *registry);
/* Reads file exactly as the user's own systems are read and, when it is
 * good, copies what was read (atomically) into the user's folder and adds
 * the system: listed and looked up at once. A shipped system's id is
 * refused (MUSTER_SYSTEM_ERROR_SHIPPED); so is the id of a system of the
 * user's (MUSTER_SYSTEM_ERROR_EXISTS) unless replace is TRUE, when the new
 * file replaces its file. Nothing is copied on any error. The system
 * returned, and one it replaced, stay alive as long as the registry. */
MusterSystem            *muster_system_registry_import      (MusterSystemRegistry   *registry,
                                                             GFile                  *file,
                                                             gboolean                replace,
                                                             GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSystemRegistry, muster_system_registry_free)

G_END_DECLS
