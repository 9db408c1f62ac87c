/* muster-deployment-phase.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The deployment phase as a sequence of steps or turns, apart from the
 * board: it counts each player's troopers (Infinity) or units (9th Age),
 * says whose step it is, and refuses what the sequence forbids. Where a
 * piece may go is the caller's to judge (the validator), through the
 * placement check. Players are indices 0 and 1. Each accepted action
 * emits "changed".
 *
 * Infinity (RULES.md, "Deployment phase"): step 1, the first player
 * deploys all troopers but one; step 2, the second player likewise; step 3,
 * the first player's last trooper; step 4, the second player's. Troopers
 * with Airborne Deployment or TO Camouflage (MAY_STAY_OFF_TABLE) may be held
 * back in their owner's step.
 *
 * The 9th Age: after the declarations (Special Deployment, Dawn Assault
 * reserves), players alternate deployment turns, each deploying at least
 * one unit; a player with nothing left is skipped. Counterthrust and
 * Marching Columns restrict each player's first 3 turns to a single unit
 * and forbid some categories unless the player has nothing else left;
 * Marching Columns also wants a short edge before the first unit and lets
 * a player make all undeployed units Delayed instead of deploying one.
 * Refusals of those rules carry MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE,
 * the deploy-sequence rule of DESIGN.md. */

#define MUSTER_TYPE_DEPLOYMENT_PHASE  (muster_deployment_phase_get_type ())
#define MUSTER_DEPLOYMENT_PHASE_ERROR (muster_deployment_phase_error_quark ())

#ifndef MUSTER_PLAYER_NONE
#define MUSTER_PLAYER_NONE (-1)
#endif

typedef enum
{
  MUSTER_DEPLOYMENT_PHASE_ERROR_WRONG_STATE,        /* not now (setup, declarations, over) */
  MUSTER_DEPLOYMENT_PHASE_ERROR_OUT_OF_TURN,        /* another player's step or turn */
  MUSTER_DEPLOYMENT_PHASE_ERROR_SEQUENCE,           /* breaks the step or turn rules (deploy-sequence) */
  MUSTER_DEPLOYMENT_PHASE_ERROR_PLACEMENT,          /* the placement check refused it */
  MUSTER_DEPLOYMENT_PHASE_ERROR_UNKNOWN_TROOPER,
  MUSTER_DEPLOYMENT_PHASE_ERROR_NOT_YOURS,          /* the trooper belongs to the other player */
  MUSTER_DEPLOYMENT_PHASE_ERROR_ALREADY_DONE,       /* already placed or held back */
  MUSTER_DEPLOYMENT_PHASE_ERROR_CANNOT_HOLD,        /* nothing lets it stay off the table */
  MUSTER_DEPLOYMENT_PHASE_ERROR_INCOMPLETE,         /* the step or turn is not finished */
  MUSTER_DEPLOYMENT_PHASE_ERROR_NEEDS_SHORT_EDGE,   /* Marching Columns: pick an edge first */
  MUSTER_DEPLOYMENT_PHASE_ERROR_INVALID,            /* a bad argument: duplicate id, unknown edge */
  MUSTER_DEPLOYMENT_PHASE_ERROR_LOSS_OF_LIEUTENANT, /* a warning, from check_lieutenant() */
  MUSTER_DEPLOYMENT_PHASE_ERROR_DATA,               /* the game-system file's section is wrong */
} MusterDeploymentPhaseError;

typedef enum
{
  MUSTER_DEPLOYMENT_GAME_INFINITY,
  MUSTER_DEPLOYMENT_GAME_T9A,
} MusterDeploymentGame;

typedef enum
{
  MUSTER_DEPLOYMENT_PHASE_SETUP,          /* the rosters are being entered */
  MUSTER_DEPLOYMENT_PHASE_DECLARATIONS,   /* 9th Age: Special Deployment and reserves */
  MUSTER_DEPLOYMENT_PHASE_DEPLOYING,      /* steps (Infinity) or turns (9th Age) */
  MUSTER_DEPLOYMENT_PHASE_DONE,
} MusterDeploymentPhaseState;

typedef enum /*< flags >*/
{
  MUSTER_TROOPER_NONE                = 0,
  MUSTER_TROOPER_LIEUTENANT          = 1 << 0,
  MUSTER_TROOPER_MAY_STAY_OFF_TABLE  = 1 << 1,   /* Infinity: Airborne Deployment, TO Camouflage */
  MUSTER_TROOPER_SPECIAL_DEPLOYMENT  = 1 << 2,   /* 9th Age: Scout, Ambush, ... */
} MusterTrooperFlags;

/* Why a trooper or unit is off the table. */
typedef enum
{
  MUSTER_HOLD_NONE,
  MUSTER_HOLD_OFF_TABLE,            /* Infinity: a skill keeps it off the table */
  MUSTER_HOLD_SPECIAL_DEPLOYMENT,   /* 9th Age: deploys by its own rules */
  MUSTER_HOLD_RESERVE,              /* 9th Age Dawn Assault: reinforcement */
  MUSTER_HOLD_DELAYED,              /* 9th Age Marching Columns */
} MusterHoldReason;

G_DECLARE_FINAL_TYPE (MusterDeploymentPhase, muster_deployment_phase, MUSTER, DEPLOYMENT_PHASE, GObject)

/* Judges where a piece goes (zone, contact, overlap, ...). placement is
 * whatever the caller handed to muster_deployment_phase_place(). Return
 * FALSE to refuse, ideally with an error saying why. */
typedef gboolean (*MusterPlacementCheck) (MusterDeploymentPhase  *phase,
                                          int                     player,
                                          const char             *trooper_id,
                                          gconstpointer           placement,
                                          gpointer                user_data,
                                          GError                **error);

/* A trooper's name, for people; NULL for its id. */
typedef const char *(*MusterTrooperNameFunc) (const char *trooper_id,
                                              gpointer    user_data);

GQuark                      muster_deployment_phase_error_quark          (void);

/* first_player deploys first (Infinity: chosen by the keeper of
 * Deployment; 9th Age: by the winner of the roll-off). */
MusterDeploymentPhase      *muster_deployment_phase_new_infinity         (const char * const     *player_ids,
                                                                          int                     first_player);
/* Takes the first-3-turns rules, reserves, short edges and delays of
 * RULES.md's types from deployment_id; the setters below override them
 * from data. */
MusterDeploymentPhase      *muster_deployment_phase_new_t9a              (const char * const     *player_ids,
                                                                          int                     first_player,
                                                                          const char             *deployment_id);
void                        muster_deployment_phase_set_placement_check  (MusterDeploymentPhase  *self,
                                                                          MusterPlacementCheck    check,
                                                                          gpointer                user_data,
                                                                          GDestroyNotify          destroy);
/* Messages name troopers by this. */
void                        muster_deployment_phase_set_name_func        (MusterDeploymentPhase  *self,
                                                                          MusterTrooperNameFunc   func,
                                                                          gpointer                user_data);
/* 9th Age, during setup: each player's first turns deploy a single unit
 * and no unit of these categories unless nothing else is left (0 turns:
 * no such rule). */
void                        muster_deployment_phase_set_restrictions     (MusterDeploymentPhase  *self,
                                                                          guint                   turns,
                                                                          const char * const     *categories);
/* 9th Age, during setup: the categories that ignore the single-unit
 * turns and do not count for them (units using Special Deployment, as
 * the deploy-sequence rule's exempt list says: Counterthrust's Scouts). */
void                        muster_deployment_phase_set_exempt           (MusterDeploymentPhase  *self,
                                                                          const char * const     *categories);
/* 9th Age, during setup: whether each player chooses a short Board Edge
 * with the first unit, and may make the units left Delayed (Marching
 * Columns). */
void                        muster_deployment_phase_set_turn_options     (MusterDeploymentPhase  *self,
                                                                          gboolean                short_edge_with_first_unit,
                                                                          gboolean                can_delay);
/* 9th Age, during setup: how many units each player may keep in reserve. */
void                        muster_deployment_phase_set_max_reserves     (MusterDeploymentPhase  *self,
                                                                          guint                   max_reserves);
/* 9th Age, during setup: the entry of this deployment type in the
 * <deployment-sequence> section of a game-system file (the bytes of
 * muster_system_get_bytes()) replaces RULES.md's defaults:
 *
 *   <deployment-sequence>
 *     <deployment id="marching-columns" single-unit-turns="3"
 *                 restricted="character war-machine war-platform"
 *                 short-edge-with-first-unit="yes" delayed="yes"/>
 *   </deployment-sequence>
 *
 * Attributes (all optional): single-unit-turns (0), restricted (categories,
 * none), reserves (0), short-edge-with-first-unit and delayed ("no");
 * choice is read by MusterT9aPregame. Without the section or the entry
 * the defaults stay. Errors read "FILENAME:LINE: ...". */
gboolean                    muster_deployment_phase_load_rules           (MusterDeploymentPhase  *self,
                                                                          GBytes                 *system_file,
                                                                          const char             *filename,
                                                                          GError                **error);

MusterDeploymentGame        muster_deployment_phase_get_game             (MusterDeploymentPhase  *self);
const char                 *muster_deployment_phase_get_deployment_id    (MusterDeploymentPhase  *self);
guint                       muster_deployment_phase_get_restricted_turns (MusterDeploymentPhase  *self);
guint                       muster_deployment_phase_get_max_reserves     (MusterDeploymentPhase  *self);
/* 9th Age Marching Columns: a short edge comes with the first unit; the
 * undeployed units may be made Delayed. */
gboolean                    muster_deployment_phase_get_needs_short_edge (MusterDeploymentPhase  *self);
gboolean                    muster_deployment_phase_get_can_delay        (MusterDeploymentPhase  *self);

/* During setup. Ids are unique over both players; categories as in the
 * layout ("character", "war-machine", ...), may be NULL. */
gboolean                    muster_deployment_phase_add_trooper          (MusterDeploymentPhase  *self,
                                                                          int                     player,
                                                                          const char             *trooper_id,
                                                                          MusterTrooperFlags      flags,
                                                                          const char * const     *categories,
                                                                          GError                **error);
/* Ends the setup; each player needs at least one trooper. */
gboolean                    muster_deployment_phase_start                (MusterDeploymentPhase  *self,
                                                                          GError                **error);
/* 9th Age: ends the declarations; the first player's first turn begins. */
gboolean                    muster_deployment_phase_finish_declarations  (MusterDeploymentPhase  *self,
                                                                          GError                **error);

gboolean                    muster_deployment_phase_place                (MusterDeploymentPhase  *self,
                                                                          int                     player,
                                                                          const char             *trooper_id,
                                                                          gconstpointer           placement,
                                                                          GError                **error);
/* Takes back a placement made in the current step or turn. */
gboolean                    muster_deployment_phase_unplace              (MusterDeploymentPhase  *self,
                                                                          int                     player,
                                                                          const char             *trooper_id,
                                                                          GError                **error);
/* Infinity: OFF_TABLE in the owner's step. 9th Age: SPECIAL_DEPLOYMENT or
 * RESERVE during the declarations. */
gboolean                    muster_deployment_phase_hold_back            (MusterDeploymentPhase  *self,
                                                                          int                     player,
                                                                          const char             *trooper_id,
                                                                          MusterHoldReason        reason,
                                                                          GError                **error);
/* Undoes hold_back() in the step (or the declarations) it was made in. */
gboolean                    muster_deployment_phase_release              (MusterDeploymentPhase  *self,
                                                                          int                     player,
                                                                          const char             *trooper_id,
                                                                          GError                **error);
/* 9th Age Marching Columns: before a player's first unit, one of the
 * table's short edges: "west" or "east", or "north" or "south" once
 * set_short_edges() says the table is taller than wide. */
void                        muster_deployment_phase_set_short_edges      (MusterDeploymentPhase  *self,
                                                                          const char * const     *edges);
gboolean                    muster_deployment_phase_choose_short_edge    (MusterDeploymentPhase  *self,
                                                                          int                     player,
                                                                          const char             *edge,
                                                                          GError                **error);
const char                 *muster_deployment_phase_get_short_edge       (MusterDeploymentPhase  *self,
                                                                          int                     player);
/* 9th Age Marching Columns: instead of deploying a unit this turn, every
 * undeployed unit not using Special Deployment becomes Delayed; the turn
 * ends. */
gboolean                    muster_deployment_phase_delay_remaining      (MusterDeploymentPhase  *self,
                                                                          int                     player,
                                                                          GError                **error);
/* Ends the player's step (Infinity) or deployment turn (9th Age). */
gboolean                    muster_deployment_phase_finish_step          (MusterDeploymentPhase  *self,
                                                                          int                     player,
                                                                          GError                **error);

MusterDeploymentPhaseState  muster_deployment_phase_get_state            (MusterDeploymentPhase  *self);
/* Whose step or turn it is (MUSTER_PLAYER_NONE outside DEPLOYING). */
int                         muster_deployment_phase_get_active_player    (MusterDeploymentPhase  *self);
/* Infinity: the step, 1 to 4. 9th Age: the active player's deployment
 * turn, counted from 1 for each player. 0 outside DEPLOYING. */
guint                       muster_deployment_phase_get_step             (MusterDeploymentPhase  *self);
/* For people: "Step 2 of 4: blue deploys all troopers but one". */
char                       *muster_deployment_phase_describe             (MusterDeploymentPhase  *self);

guint                       muster_deployment_phase_get_n_troopers       (MusterDeploymentPhase  *self,
                                                                          int                     player);
guint                       muster_deployment_phase_get_n_placed         (MusterDeploymentPhase  *self,
                                                                          int                     player);
guint                       muster_deployment_phase_get_n_held           (MusterDeploymentPhase  *self,
                                                                          int                     player);
/* Neither placed nor held back. */
guint                       muster_deployment_phase_get_n_remaining      (MusterDeploymentPhase  *self,
                                                                          int                     player);
/* Placed in the current step or turn by the active player. */
guint                       muster_deployment_phase_get_n_placed_now     (MusterDeploymentPhase  *self);

gboolean                    muster_deployment_phase_is_placed            (MusterDeploymentPhase  *self,
                                                                          const char             *trooper_id);
MusterHoldReason            muster_deployment_phase_get_hold_reason      (MusterDeploymentPhase  *self,
                                                                          const char             *trooper_id);
/* The step (Infinity) or the owner's turn (9th Age) it was placed in, for
 * the layout's turn attribute; 0 if not placed. */
guint                       muster_deployment_phase_get_placement_turn   (MusterDeploymentPhase  *self,
                                                                          const char             *trooper_id);

/* Infinity: call at the start of the player's first turn. FALSE, with a
 * MUSTER_DEPLOYMENT_PHASE_ERROR_LOSS_OF_LIEUTENANT message to show as a
 * warning, when none of the player's Lieutenants is on the table. */
gboolean                    muster_deployment_phase_check_lieutenant     (MusterDeploymentPhase  *self,
                                                                          int                     player,
                                                                          GError                **error);

G_END_DECLS
