/* muster-initiative.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "muster-dice.h"

G_BEGIN_DECLS

/* The pre-game roll-offs: Infinity's Initiative Roll (RULES.md,
 * "Initiative roll") and the 9th Age's deployment type and choice of zone.
 * Players are indices 0 and 1; every die goes through the MusterDice given
 * at construction, rolled by Muster or typed in from the table. Each
 * successful action emits "changed". */

#define MUSTER_INITIATIVE_ERROR (muster_initiative_error_quark ())

#ifndef MUSTER_PLAYER_NONE
#define MUSTER_PLAYER_NONE (-1)
#endif

/* Highest Lieutenant WIP accepted. */
#define MUSTER_INITIATIVE_MAX_WIP 20

typedef enum
{
  MUSTER_INITIATIVE_ERROR_WRONG_STATE,      /* not the time for this action */
  MUSTER_INITIATIVE_ERROR_NOT_YOUR_CHOICE,  /* another player decides this */
  MUSTER_INITIATIVE_ERROR_ALREADY_ROLLED,   /* this player has rolled this attempt */
  MUSTER_INITIATIVE_ERROR_INVALID,          /* a value out of range or not allowed */
  MUSTER_INITIATIVE_ERROR_UNKNOWN,          /* an unknown deployment type */
  MUSTER_INITIATIVE_ERROR_DATA,             /* the game-system file is wrong */
} MusterInitiativeError;

GQuark muster_initiative_error_quark (void);

/* How one attempt of a roll-off ended. */
typedef enum
{
  MUSTER_ROLL_OFF_PENDING,          /* not both dice yet */
  MUSTER_ROLL_OFF_WON,
  MUSTER_ROLL_OFF_TIE,              /* re-roll */
  MUSTER_ROLL_OFF_DOUBLE_FAILURE,   /* both failed: re-roll (Infinity) */
} MusterRollOffOutcome;

/* ------------------------------------------------------------------ */
/* Infinity                                                           */
/* ------------------------------------------------------------------ */

#define MUSTER_TYPE_INFINITY_INITIATIVE (muster_infinity_initiative_get_type ())

typedef enum
{
  MUSTER_INFINITY_INITIATIVE_WIP,      /* both Lieutenants' WIP to enter */
  MUSTER_INFINITY_INITIATIVE_ROLL,     /* both players roll a d20 */
  MUSTER_INFINITY_INITIATIVE_CHOOSE,   /* the winner keeps Initiative or Deployment */
  MUSTER_INFINITY_INITIATIVE_DECIDE,   /* who plays first; who deploys first and where */
  MUSTER_INFINITY_INITIATIVE_DONE,
} MusterInfinityInitiativeState;

typedef enum
{
  MUSTER_INFINITY_KEEP_INITIATIVE,
  MUSTER_INFINITY_KEEP_DEPLOYMENT,
} MusterInfinityKeep;

G_DECLARE_FINAL_TYPE (MusterInfinityInitiative, muster_infinity_initiative, MUSTER, INFINITY_INITIATIVE, GObject)

/* player_ids name the players in the roll log; zone_ids are the two
 * Deployment Zones the keeper of Deployment chooses between (NULL for
 * "north" and "south"). */
MusterInfinityInitiative      *muster_infinity_initiative_new                  (MusterDice                *dice,
                                                                                const char * const        *player_ids,
                                                                                const char * const        *zone_ids);
/* The players' names in messages (their ids until then). */
void                           muster_infinity_initiative_set_player_names     (MusterInfinityInitiative  *self,
                                                                                const char * const        *names);
MusterInfinityInitiativeState  muster_infinity_initiative_get_state            (MusterInfinityInitiative  *self);
/* Whether player has something to do now (both players, in WIP and ROLL). */
gboolean                       muster_infinity_initiative_is_waiting_for       (MusterInfinityInitiative  *self,
                                                                                int                        player);

/* The Lieutenant's WIP, 1 .. MUSTER_INITIATIVE_MAX_WIP. is_private marks
 * it as Private Information (the older English text) for the UI to hide;
 * the Spanish text makes it Public. May be changed until both are in. */
gboolean                       muster_infinity_initiative_set_wip              (MusterInfinityInitiative  *self,
                                                                                int                        player,
                                                                                guint                      wip,
                                                                                gboolean                   is_private,
                                                                                GError                   **error);
guint                          muster_infinity_initiative_get_wip              (MusterInfinityInitiative  *self,
                                                                                int                        player);
gboolean                       muster_infinity_initiative_is_wip_private       (MusterInfinityInitiative  *self,
                                                                                int                        player);

/* The player's d20 of the current attempt, by Muster or from the table.
 * When both are in, the attempt is decided: the higher success wins; a
 * tie or a double failure starts a new attempt. */
gboolean                       muster_infinity_initiative_roll                 (MusterInfinityInitiative  *self,
                                                                                int                        player,
                                                                                GError                   **error);
gboolean                       muster_infinity_initiative_enter_roll           (MusterInfinityInitiative  *self,
                                                                                int                        player,
                                                                                guint                      value,
                                                                                GError                   **error);
/* Attempts so far, the current one included (1 after the WIPs are in). */
guint                          muster_infinity_initiative_get_n_attempts       (MusterInfinityInitiative  *self);
/* attempt is 0-based; 0 when that player has not rolled it. */
guint                          muster_infinity_initiative_get_roll             (MusterInfinityInitiative  *self,
                                                                                guint                      attempt,
                                                                                int                        player);
MusterRollOffOutcome           muster_infinity_initiative_get_outcome          (MusterInfinityInitiative  *self,
                                                                                guint                      attempt);
int                            muster_infinity_initiative_get_winner           (MusterInfinityInitiative  *self);

/* The winner keeps Initiative or Deployment; the other goes to the loser. */
gboolean                       muster_infinity_initiative_choose               (MusterInfinityInitiative  *self,
                                                                                int                        player,
                                                                                MusterInfinityKeep         keep,
                                                                                GError                   **error);
int                            muster_infinity_initiative_get_initiative_holder (MusterInfinityInitiative *self);
int                            muster_infinity_initiative_get_deployment_holder (MusterInfinityInitiative *self);

/* By the Initiative holder: who has the first Player Turn of every round. */
gboolean                       muster_infinity_initiative_choose_first_turn    (MusterInfinityInitiative  *self,
                                                                                int                        player,
                                                                                int                        first,
                                                                                GError                   **error);
/* By the Deployment holder: who deploys first, and the holder's own zone
 * (the opponent gets the other). */
gboolean                       muster_infinity_initiative_choose_deployment    (MusterInfinityInitiative  *self,
                                                                                int                        player,
                                                                                int                        first_deployer,
                                                                                const char                *zone,
                                                                                GError                   **error);
int                            muster_infinity_initiative_get_first_turn       (MusterInfinityInitiative  *self);
int                            muster_infinity_initiative_get_first_deployer   (MusterInfinityInitiative  *self);
const char                    *muster_infinity_initiative_get_zone             (MusterInfinityInitiative  *self,
                                                                                int                        player);

/* ------------------------------------------------------------------ */
/* The 9th Age                                                        */
/* ------------------------------------------------------------------ */

#define MUSTER_TYPE_T9A_PREGAME (muster_t9a_pregame_get_type ())

typedef enum
{
  MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE,   /* agree on one or roll a D6 */
  MUSTER_T9A_PREGAME_ROLL_OFF,          /* D6 each for the choice of zone; ties re-roll */
  MUSTER_T9A_PREGAME_TYPE_CHOICE,       /* diagonal, attacker/defender or short edge */
  MUSTER_T9A_PREGAME_ZONE,              /* the winner picks a zone */
  MUSTER_T9A_PREGAME_FIRST_DEPLOYER,    /* the winner names who deploys first */
  MUSTER_T9A_PREGAME_DONE,
} MusterT9aPregameState;

/* The choice a deployment type asks of the player who picks the zone. */
typedef enum
{
  MUSTER_T9A_CHOICE_NONE,
  MUSTER_T9A_CHOICE_DIAGONAL,     /* "nw-se" or "ne-sw" */
  MUSTER_T9A_CHOICE_ROLE,         /* the chooser's "attacker" or "defender" */
  MUSTER_T9A_CHOICE_SHORT_EDGE,   /* the chooser's "west" or "east" */
} MusterT9aChoice;

G_DECLARE_FINAL_TYPE (MusterT9aPregame, muster_t9a_pregame, MUSTER, T9A_PREGAME, GObject)

/* Knows RULES.md's six types (frontline-clash 1, dawn-assault 2,
 * counterthrust 3, encircle 4, refused-flank 5, marching-columns 6). */
MusterT9aPregame      *muster_t9a_pregame_new                        (MusterDice            *dice,
                                                                      const char * const    *player_ids);
/* Adds or redefines a type (from the system file): roll is its D6 result
 * (0 if it cannot be rolled; it then replaces any type on that result). */
void                   muster_t9a_pregame_add_deployment_type        (MusterT9aPregame      *self,
                                                                      const char            *deployment_id,
                                                                      guint                  roll,
                                                                      MusterT9aChoice        choice);
/* Before the type is chosen: replaces the table with the game-system
 * file's (the bytes of muster_system_get_bytes()): every <deployment> of
 * <deployments> with its roll, and the choice of its entry in
 * <deployment-sequence> (choice="none|diagonal|role|short-edge"; without
 * one, RULES.md's choice for that id). Errors read "FILENAME:LINE: ...". */
gboolean               muster_t9a_pregame_load_types                 (MusterT9aPregame      *self,
                                                                      GBytes                *system_file,
                                                                      const char            *filename,
                                                                      GError               **error);
MusterT9aChoice        muster_t9a_pregame_get_type_choice            (MusterT9aPregame      *self,
                                                                      const char            *deployment_id);
/* The values allowed for the choice on a landscape table (NULL-terminated,
 * static); get_choice_values(), for the game's table. */
const char * const    *muster_t9a_choice_get_values                  (MusterT9aChoice        choice);
/* A portrait table (width < height): zones west and east, short edges
 * north and south. Before the type's choice is made. */
void                   muster_t9a_pregame_set_portrait               (MusterT9aPregame      *self,
                                                                      gboolean               portrait);
const char * const    *muster_t9a_pregame_get_choice_values          (MusterT9aPregame      *self,
                                                                      MusterT9aChoice        choice);
/* The two zones the chooser picks from, with diagonal (NULL: none). */
const char * const    *muster_t9a_pregame_get_zone_ids               (MusterT9aPregame      *self,
                                                                      const char            *diagonal);

/* The players' names in messages (their ids until then). */
void                   muster_t9a_pregame_set_player_names           (MusterT9aPregame      *self,
                                                                      const char * const    *names);
MusterT9aPregameState  muster_t9a_pregame_get_state                  (MusterT9aPregame      *self);
gboolean               muster_t9a_pregame_is_waiting_for             (MusterT9aPregame      *self,
                                                                      int                    player);

/* Agreed by the players. */
gboolean               muster_t9a_pregame_pick_deployment_type       (MusterT9aPregame      *self,
                                                                      const char            *deployment_id,
                                                                      GError               **error);
/* A D6 on the table; player names who rolled (MUSTER_PLAYER_NONE: both). */
gboolean               muster_t9a_pregame_roll_deployment_type       (MusterT9aPregame      *self,
                                                                      int                    player,
                                                                      GError               **error);
gboolean               muster_t9a_pregame_enter_deployment_type_roll (MusterT9aPregame      *self,
                                                                      int                    player,
                                                                      guint                  value,
                                                                      GError               **error);
const char            *muster_t9a_pregame_get_deployment_type        (MusterT9aPregame      *self);
/* The D6 that picked the type, or 0 if it was agreed. */
guint                  muster_t9a_pregame_get_deployment_type_roll   (MusterT9aPregame      *self);

/* The roll-off for the choice of zone: a D6 each, the higher wins. */
gboolean               muster_t9a_pregame_roll_off                   (MusterT9aPregame      *self,
                                                                      int                    player,
                                                                      GError               **error);
gboolean               muster_t9a_pregame_enter_roll_off             (MusterT9aPregame      *self,
                                                                      int                    player,
                                                                      guint                  value,
                                                                      GError               **error);
guint                  muster_t9a_pregame_get_n_attempts             (MusterT9aPregame      *self);
guint                  muster_t9a_pregame_get_roll                   (MusterT9aPregame      *self,
                                                                      guint                  attempt,
                                                                      int                    player);
MusterRollOffOutcome   muster_t9a_pregame_get_outcome                (MusterT9aPregame      *self,
                                                                      guint                  attempt);
/* The roll-off winner, who picks the zone and makes the type's choice. */
int                    muster_t9a_pregame_get_chooser                (MusterT9aPregame      *self);

gboolean               muster_t9a_pregame_make_choice                (MusterT9aPregame      *self,
                                                                      int                    player,
                                                                      const char            *value,
                                                                      GError               **error);
/* For DIAGONAL the zones are "north-east"/"south-west" (nw-se) or
 * "north-west"/"south-east" (ne-sw); otherwise "north"/"south". */
gboolean               muster_t9a_pregame_choose_zone                (MusterT9aPregame      *self,
                                                                      int                    player,
                                                                      const char            *zone,
                                                                      GError               **error);
gboolean               muster_t9a_pregame_choose_first_deployer      (MusterT9aPregame      *self,
                                                                      int                    player,
                                                                      int                    first,
                                                                      GError               **error);

/* NULL until decided, or when the type has no such choice. */
const char            *muster_t9a_pregame_get_diagonal               (MusterT9aPregame      *self);
const char            *muster_t9a_pregame_get_role                   (MusterT9aPregame      *self,
                                                                      int                    player);
const char            *muster_t9a_pregame_get_short_edge             (MusterT9aPregame      *self,
                                                                      int                    player);
const char            *muster_t9a_pregame_get_zone                   (MusterT9aPregame      *self,
                                                                      int                    player);
int                    muster_t9a_pregame_get_first_deployer         (MusterT9aPregame      *self);

G_END_DECLS
