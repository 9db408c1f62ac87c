/* muster-orders.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "muster-dice.h"

G_BEGIN_DECLS

/* Infinity's Orders (RULES.md, "Orders", "AROs", "Order Expenditure
 * Sequence"): a skill catalogue that says which skills combine and which
 * may be used in ARO, the two versions of the Order Expenditure Sequence,
 * and a Player Turn that runs the sequence step by step over its Order
 * Pool. Both the catalogue and the sequence version are data: they live in
 * the game-system file as
 *
 *   <skill-catalogue>
 *     <skill id="move" name="Move" kind="short-movement" aro="no"/>
 *     ...
 *   </skill-catalogue>
 *   <orders version="update-1.1.1">
 *     <sequence version="update-1.1.1">
 *       <step number="1" kind="activation" name="Activation"/>
 *       ...
 *     </sequence>
 *   </orders>
 *
 * kind is short-movement, short, entire-order or automatic; aro says
 * whether the skill may be declared as an ARO, active (default "yes", "no"
 * for automatic) whether it may be declared in an Order. A <sequence> lists
 * the steps in order; its kinds must read: activation, spend-order,
 * first-skill, (aro | aro-check aro-declaration), second-skill, (late-aro |
 * late-aro-check late-aro-declaration), [aro-validity], resolution,
 * effects, conclusion, with "heading" steps anywhere (shown, never
 * current). <orders> without a <sequence> of its version uses the built-in
 * one ("original" or "update-1.1.1"). */

#define MUSTER_TYPE_SKILL_CATALOGUE (muster_skill_catalogue_get_type ())
#define MUSTER_TYPE_ORDER_RULES     (muster_order_rules_get_type ())
#define MUSTER_TYPE_ORDER_SEQUENCE  (muster_order_sequence_get_type ())
#define MUSTER_ORDERS_ERROR         (muster_orders_error_quark ())

/* The two versions of the seed text. */
#define MUSTER_ORDERS_VERSION_ORIGINAL "original"       /* ARO check as step 5, resolution in 6 */
#define MUSTER_ORDERS_VERSION_UPDATE   "update-1.1.1"   /* Dec 2021: 2.1/2.2, 4.1/4.2, resolution in 5 */

typedef enum
{
  MUSTER_ORDERS_ERROR_PARSE,              /* the system file is not well-formed */
  MUSTER_ORDERS_ERROR_INVALID_DATA,       /* the catalogue or sequence data is wrong */
  MUSTER_ORDERS_ERROR_MISSING,            /* no <skill-catalogue> or <orders> */
  MUSTER_ORDERS_ERROR_UNKNOWN_SKILL,
  MUSTER_ORDERS_ERROR_COMBINATION,        /* an illegal combination of skills */
  MUSTER_ORDERS_ERROR_NOT_IN_ORDER,       /* ARO-only or automatic skill declared in an Order */
  MUSTER_ORDERS_ERROR_NOT_IN_ARO,         /* skill not usable in ARO */
  MUSTER_ORDERS_ERROR_WRONG_STEP,         /* not possible at this step */
  MUSTER_ORDERS_ERROR_NO_ORDERS,          /* the Order Pool is empty */
  MUSTER_ORDERS_ERROR_NOT_ELIGIBLE,       /* the trooper may not react to this Order now */
  MUSTER_ORDERS_ERROR_ARO_LOST,           /* could react at step 2 and did not */
  MUSTER_ORDERS_ERROR_ALREADY_REACTED,    /* one ARO per trooper per Order */
  MUSTER_ORDERS_ERROR_INVALID,            /* a bad argument: unknown trooper, Burst, die */
} MusterOrdersError;

typedef enum
{
  MUSTER_SKILL_SHORT_MOVEMENT,
  MUSTER_SKILL_SHORT,
  MUSTER_SKILL_ENTIRE_ORDER,
  MUSTER_SKILL_AUTOMATIC,
} MusterSkillKind;

typedef enum /*< flags >*/
{
  MUSTER_SKILL_USAGE_NONE   = 0,
  MUSTER_SKILL_USAGE_ORDER  = 1 << 0,   /* declarable in the Active Turn */
  MUSTER_SKILL_USAGE_ARO    = 1 << 1,   /* declarable as an ARO */
} MusterSkillUsage;

typedef enum
{
  MUSTER_ORDER_STEP_HEADING,
  MUSTER_ORDER_STEP_ACTIVATION,
  MUSTER_ORDER_STEP_SPEND_ORDER,
  MUSTER_ORDER_STEP_FIRST_SKILL,
  MUSTER_ORDER_STEP_ARO,                    /* check and declaration in one step */
  MUSTER_ORDER_STEP_ARO_CHECK,
  MUSTER_ORDER_STEP_ARO_DECLARATION,
  MUSTER_ORDER_STEP_SECOND_SKILL,
  MUSTER_ORDER_STEP_LATE_ARO,
  MUSTER_ORDER_STEP_LATE_ARO_CHECK,
  MUSTER_ORDER_STEP_LATE_ARO_DECLARATION,
  MUSTER_ORDER_STEP_ARO_VALIDITY,           /* original version: step 5 */
  MUSTER_ORDER_STEP_RESOLUTION,
  MUSTER_ORDER_STEP_EFFECTS,
  MUSTER_ORDER_STEP_CONCLUSION,
} MusterOrderStepKind;

/* Which ARO check asks for eligibility. */
typedef enum
{
  MUSTER_ARO_CHECK_FIRST,     /* after the first skill or the Entire Order */
  MUSTER_ARO_CHECK_SECOND,    /* after the second skill */
} MusterAroCheck;

/* Who acts at a step. */
typedef enum
{
  MUSTER_ORDER_SIDE_NONE,
  MUSTER_ORDER_SIDE_ACTIVE,
  MUSTER_ORDER_SIDE_REACTIVE,
  MUSTER_ORDER_SIDE_BOTH,
} MusterOrderSide;

typedef struct _MusterOrderSkill MusterOrderSkill;
typedef struct _MusterOrderStep  MusterOrderStep;

/* Read-only; owned by the catalogue. */
struct _MusterOrderSkill
{
  char             *id;       /* "bs-attack" */
  char             *name;     /* "BS Attack" */
  MusterSkillKind   kind;
  MusterSkillUsage  usage;
};

/* Read-only; owned by the rules. */
struct _MusterOrderStep
{
  char                *number;  /* "2.1" */
  char                *name;    /* "ARO Check" */
  MusterOrderStepKind  kind;
};

GQuark                   muster_orders_error_quark            (void);

const char              *muster_skill_kind_to_string          (MusterSkillKind           kind);
gboolean                 muster_skill_kind_from_string        (const char               *text,
                                                               MusterSkillKind          *kind);
const char              *muster_order_step_kind_to_string     (MusterOrderStepKind       kind);
gboolean                 muster_order_step_kind_from_string   (const char               *text,
                                                               MusterOrderStepKind      *kind);

/* ------------------------------------------------------------------ */
/* Skill catalogue                                                    */
/* ------------------------------------------------------------------ */

G_DECLARE_FINAL_TYPE (MusterSkillCatalogue, muster_skill_catalogue, MUSTER, SKILL_CATALOGUE, GObject)

MusterSkillCatalogue    *muster_skill_catalogue_new           (void);
/* Refuses a duplicate id and an automatic skill declarable in any way. */
gboolean                 muster_skill_catalogue_add           (MusterSkillCatalogue     *self,
                                                               const char               *id,
                                                               const char               *name,
                                                               MusterSkillKind           kind,
                                                               MusterSkillUsage          usage,
                                                               GError                  **error);
const MusterOrderSkill  *muster_skill_catalogue_lookup        (MusterSkillCatalogue     *self,
                                                               const char               *id);
guint                    muster_skill_catalogue_get_n_skills  (MusterSkillCatalogue     *self);
const MusterOrderSkill  *muster_skill_catalogue_get_skill     (MusterSkillCatalogue     *self,
                                                               guint                     index);
/* Whether an Order may declare first and then second (NULL: first alone,
 * the second Short Skill left Idle). Legal: one Entire Order; Short
 * Movement + Short Movement; Short Movement + Short, either way round.
 * The error says why not. */
gboolean                 muster_skill_catalogue_check_order   (MusterSkillCatalogue     *self,
                                                               const char               *first,
                                                               const char               *second,
                                                               GError                  **error);
gboolean                 muster_skill_catalogue_check_aro     (MusterSkillCatalogue     *self,
                                                               const char               *skill,
                                                               GError                  **error);

/* ------------------------------------------------------------------ */
/* Rules: catalogue + sequence version                                */
/* ------------------------------------------------------------------ */

G_DECLARE_FINAL_TYPE (MusterOrderRules, muster_order_rules, MUSTER, ORDER_RULES, GObject)

/* With a built-in version (MUSTER_ORDERS_VERSION_*). */
MusterOrderRules        *muster_order_rules_new               (MusterSkillCatalogue     *catalogue,
                                                               const char               *version,
                                                               GError                  **error);
/* Reads <skill-catalogue> and <orders> from a game-system file (the
 * bytes of muster_system_get_bytes()). Errors read "FILENAME:LINE: ...". */
MusterOrderRules        *muster_order_rules_new_from_bytes    (GBytes                   *system_file,
                                                               const char               *filename,
                                                               GError                  **error);
MusterSkillCatalogue    *muster_order_rules_get_catalogue     (MusterOrderRules         *self);
const char              *muster_order_rules_get_version       (MusterOrderRules         *self);
/* Picks another known version (for Orders started afterwards). */
gboolean                 muster_order_rules_set_version       (MusterOrderRules         *self,
                                                               const char               *version,
                                                               GError                  **error);
/* The known versions, the built-in ones included (a new strv). */
char                   **muster_order_rules_list_versions     (MusterOrderRules         *self);
/* The steps of the current version, headings included. */
guint                    muster_order_rules_get_n_steps       (MusterOrderRules         *self);
const MusterOrderStep   *muster_order_rules_get_step          (MusterOrderRules         *self,
                                                               guint                     index);

/* ------------------------------------------------------------------ */
/* A Player Turn                                                      */
/* ------------------------------------------------------------------ */

G_DECLARE_FINAL_TYPE (MusterOrderSequence, muster_order_sequence, MUSTER, ORDER_SEQUENCE, GObject)

/* Whether reactive_trooper may declare an ARO at this check (Line of Fire
 * or Zone of Control to the active trooper: the board's to say). */
typedef gboolean (*MusterAroEligibleFunc) (MusterOrderSequence *sequence,
                                           const char          *reactive_trooper,
                                           MusterAroCheck       check,
                                           gpointer             user_data);

/* One Player Turn of active_player with an Order Pool of n_orders; the
 * dice log names the players by these ids. Emits "changed" after every
 * accepted action. */
MusterOrderSequence     *muster_order_sequence_new            (MusterOrderRules         *rules,
                                                               MusterDice               *dice,
                                                               const char               *active_player,
                                                               const char               *reactive_player,
                                                               guint                     n_orders);
/* The name of a player or trooper, for people; NULL for its id. */
typedef const char *(*MusterOrderNameFunc) (const char *id,
                                            gpointer    user_data);

/* Messages and the roll log name players and troopers by this. */
void                     muster_order_sequence_set_name_func  (MusterOrderSequence      *self,
                                                               MusterOrderNameFunc       func,
                                                               gpointer                  user_data);
/* The reactive player's troopers that eligibility is asked about. */
void                     muster_order_sequence_set_reactive_troopers (MusterOrderSequence *self,
                                                                      const char * const  *trooper_ids);
/* Called for each reactive trooper when an ARO check step begins. */
void                     muster_order_sequence_set_aro_eligible_func (MusterOrderSequence *self,
                                                                      MusterAroEligibleFunc func,
                                                                      gpointer             user_data,
                                                                      GDestroyNotify       destroy);
/* Or the caller's own set, during an ARO check or declaration step before
 * any ARO of that check is declared. At the second check it lists every
 * trooper eligible after the second skill; only those not eligible at the
 * first check may then react. */
gboolean                 muster_order_sequence_set_eligible   (MusterOrderSequence      *self,
                                                               const char * const       *trooper_ids,
                                                               GError                  **error);

/* The current step, or NULL when the Player Turn is over. */
const MusterOrderStep   *muster_order_sequence_get_step       (MusterOrderSequence      *self);
MusterOrderSide          muster_order_sequence_get_acting_side (MusterOrderSequence     *self);
gboolean                 muster_order_sequence_is_finished    (MusterOrderSequence      *self);
guint                    muster_order_sequence_get_n_orders_left (MusterOrderSequence   *self);
/* The Order under way (or the last one), counted from 1; 0 before any. */
guint                    muster_order_sequence_get_order_number (MusterOrderSequence    *self);

/* 1: the active player names the trooper (the pool must not be empty). */
gboolean                 muster_order_sequence_activate       (MusterOrderSequence      *self,
                                                               const char               *trooper_id,
                                                               GError                  **error);
/* 1.2 and 3: the first skill (or Entire Order), then the second. */
gboolean                 muster_order_sequence_declare_skill  (MusterOrderSequence      *self,
                                                               const char               *skill_id,
                                                               GError                  **error);
/* 2 and 4: one ARO per eligible trooper per Order. */
gboolean                 muster_order_sequence_declare_aro    (MusterOrderSequence      *self,
                                                               const char               *trooper_id,
                                                               const char               *skill_id,
                                                               GError                  **error);
/* Original step 5, or resolution: an ARO that was not valid, or whose
 * requirements fail, becomes Idle. */
gboolean                 muster_order_sequence_idle_aro       (MusterOrderSequence      *self,
                                                               const char               *trooper_id,
                                                               GError                  **error);
/* Resolution: the active trooper's skill (0: first, 1: second) fails its
 * requirements and becomes Idle. */
gboolean                 muster_order_sequence_idle_skill     (MusterOrderSequence      *self,
                                                               guint                     slot,
                                                               GError                  **error);
/* Resolution: a Face to Face Roll of the active trooper against the ARO of
 * reactive_trooper (NULL for a Normal Roll). The dice are rolled by Muster
 * unless active_rolls / reactive_rolls bring the table's (burst values
 * each). Fills result, resolved with criticals. */
gboolean                 muster_order_sequence_face_to_face   (MusterOrderSequence      *self,
                                                               const char               *reactive_trooper,
                                                               guint                     active_target,
                                                               guint                     active_burst,
                                                               const guint              *active_rolls,
                                                               guint                     reactive_target,
                                                               guint                     reactive_burst,
                                                               const guint              *reactive_rolls,
                                                               MusterFaceToFace         *result,
                                                               GError                  **error);
/* Completes the current step and enters the next; after the Conclusion
 * the next Order starts at Activation, or the turn ends with the pool. */
gboolean                 muster_order_sequence_advance        (MusterOrderSequence      *self,
                                                               GError                  **error);
/* At Activation: the active player spends no more Orders. */
gboolean                 muster_order_sequence_end_turn       (MusterOrderSequence      *self,
                                                               GError                  **error);

const char              *muster_order_sequence_get_active_trooper (MusterOrderSequence  *self);
/* slot 0 or 1; NULL when not declared. */
const MusterOrderSkill  *muster_order_sequence_get_skill      (MusterOrderSequence      *self,
                                                               guint                     slot);
gboolean                 muster_order_sequence_is_skill_idle  (MusterOrderSequence      *self,
                                                               guint                     slot);
/* The troopers that may declare an ARO right now (a new strv; empty
 * outside the declaration steps). */
char                   **muster_order_sequence_dup_eligible   (MusterOrderSequence      *self);
const MusterOrderSkill  *muster_order_sequence_get_aro        (MusterOrderSequence      *self,
                                                               const char               *trooper_id);
gboolean                 muster_order_sequence_is_aro_idle    (MusterOrderSequence      *self,
                                                               const char               *trooper_id);
/* Could react at the first check and did not. */
gboolean                 muster_order_sequence_has_lost_aro   (MusterOrderSequence      *self,
                                                               const char               *trooper_id);

G_END_DECLS
