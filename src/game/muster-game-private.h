/* muster-game-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-game.h"
#include "muster-game-net.h"

G_BEGIN_DECLS

/* The game is one object over several files, each about one part of it:
 *
 *   muster-game.c             the object, steps taken, replayed and recorded
 *   muster-game-infinity.c    Infinity's Initiative Roll and Lieutenants
 *   muster-game-infinity-turns.c  Infinity's Player Turns
 *   muster-game-t9a.c         The 9th Age's pre-game
 *   muster-game-deployment.c  the deployment of both games
 *   muster-game-ti4.c         Twilight Imperium's round
 *   muster-game-legacy.c      game logs of layouts saved before 0.2
 *   muster-game-net.c         what a game across the network needs
 *
 * Each part lists its actions (MusterGameAction). A typed call builds a
 * step and hands it to muster_game_take(), which runs the action's
 * apply() and, when it is accepted, records the step with its dice. A
 * replay runs the same apply() on the log's steps. */

typedef enum
{
  /* The players' call: the board is asked and written to, the step
   * recorded. */
  MUSTER_GAME_MODE_LIVE,
  /* The log's step again: the board is neither asked nor written to (it
   * has what the step did), the dice are the step's. */
  MUSTER_GAME_MODE_REPLAY,
  /* An old log converted: as a replay, but the steps are recorded anew,
   * with the old roll log's dice. */
  MUSTER_GAME_MODE_IMPORT,
} MusterGameMode;

typedef struct _MusterGameNet MusterGameNet;

typedef struct
{
  const char *action;
  /* Does the step; FALSE, with error set, and nothing changed, when it
   * is refused. May add attributes to the step in MODE_LIVE. */
  gboolean  (*apply)    (MusterGame    *self,
                         MusterLogStep *step,
                         GError       **error);
  /* The step in words; NULL for the generic sentence. */
  char     *(*describe) (MusterGame    *self,
                         MusterLogStep *step);
} MusterGameAction;

struct _MusterGame
{
  GObject                   parent_instance;

  MusterLayout             *layout;
  MusterSystem             *system;
  MusterValidator          *validator;
  MusterHistory            *history;

  MusterGameKind            kind;
  char                     *player_ids[2];
  char                     *problem;
  char                     *restore_error;
  char                     *notice;
  gboolean                  seeded;
  guint64                   seed;

  MusterDice               *dice;
  gboolean                  typed_dice;

  /* Infinity and The 9th Age */
  MusterInfinityInitiative *initiative;
  MusterT9aPregame         *pregame;
  MusterDeploymentPhase    *deployment;
  GPtrArray                *troopers;        /* MusterGameTrooper */

  /* Infinity's Player Turns */
  MusterOrderRules         *order_rules;
  MusterOrderSequence      *sequence;
  int                       turn_player;
  guint                     game_round;
  guint                     turns_in_round;
  gboolean                  had_turn[2];
  gboolean                  has_f2f;
  MusterFaceToFace          f2f;
  char                     *f2f_against;

  /* Twilight Imperium */
  MusterTi4Round           *ti4;

  /* The steps replayed or taken (MusterLogStep), and how they are run. */
  GPtrArray                *steps;
  MusterGameMode            mode;
  /* The layout's log changed by the game itself. */
  gboolean                  recording;
  /* A step was done with other dice than it brought (see run_step()). */
  gboolean                  spoiled;
  /* An old log converted as far as it could be: the game until the
   * players go on (the layout keeps the old log until then). */
  GPtrArray                *converted;

  /* A game across the network (muster-game-net.c), or NULL. */
  MusterGameNet            *net;
};

/* The parts' actions. */
extern const MusterGameAction muster_game_infinity_actions[];
extern const guint            muster_game_n_infinity_actions;
extern const MusterGameAction muster_game_infinity_turn_actions[];
extern const guint            muster_game_n_infinity_turn_actions;
extern const MusterGameAction muster_game_t9a_actions[];
extern const guint            muster_game_n_t9a_actions;
extern const MusterGameAction muster_game_deployment_actions[];
extern const guint            muster_game_n_deployment_actions;
extern const MusterGameAction muster_game_ti4_actions[];
extern const guint            muster_game_n_ti4_actions;
extern const MusterGameAction muster_game_net_actions[];
extern const guint            muster_game_n_net_actions;

/* Any part's action, by name; NULL when Muster knows none. */
const MusterGameAction *muster_game_find_action (const char *name);

/* A game across the network (muster-game-net.c): the hook's verdict on a
 * step the players take here; GO_ON when there is no hook. */
MusterGameHookVerdict muster_game_net_intercept (MusterGame     *self,
                                                 MusterLogStep  *step,
                                                 GError        **error);
void         muster_game_net_free           (MusterGame     *self);

/* Takes step (a new one, of the players) as MODE_LIVE: applies it and
 * records it, or refuses it. */
gboolean     muster_game_take               (MusterGame     *self,
                                             MusterLogStep  *step,
                                             GError        **error);
/* Runs one step in the current mode, with its dice; records it unless
 * replaying. */
gboolean     muster_game_run_step           (MusterGame     *self,
                                             MusterLogStep  *step,
                                             GError        **error);
gboolean     muster_game_is_live            (MusterGame     *self);
/* The game's parts as they were before any step. */
void         muster_game_reset              (MusterGame     *self);

/* Reading a step's attributes: FALSE, with error set, when the attribute
 * is missing or not of its kind. */
gboolean     muster_game_read_player        (MusterGame     *self,
                                             MusterLogStep  *step,
                                             const char     *name,
                                             int            *player,
                                             GError        **error);
gboolean     muster_game_read_uint          (MusterLogStep  *step,
                                             const char     *name,
                                             guint           min,
                                             guint           max,
                                             guint          *value,
                                             GError        **error);
gboolean     muster_game_read_boolean       (MusterLogStep  *step,
                                             const char     *name,
                                             gboolean       *value,
                                             GError        **error);
const char  *muster_game_read_string        (MusterLogStep  *step,
                                             const char     *name,
                                             GError        **error);
/* The step is the player's to take (MUSTER_PLAYER_NONE: anyone's): its
 * "player" attribute says so, or is set to say so. */
gboolean     muster_game_check_actor        (MusterGame     *self,
                                             MusterLogStep  *step,
                                             int             player,
                                             GError        **error);
/* Refusals of the parts' own errors keep their message. */
gboolean     muster_game_refuse             (GError        **error,
                                             MusterGameError code,
                                             const char     *format,
                                             ...) G_GNUC_PRINTF (3, 4);

/* The next die the step brings that was thrown at the table (its value),
 * or 0 when Muster rolls it; index counts the dice ahead. */
guint        muster_game_peek_typed         (MusterGame     *self,
                                             guint           index,
                                             const char     *who);
/* A die typed in for the step about to be taken (MODE_LIVE). */
void         muster_game_add_typed          (MusterGame     *self,
                                             guint           sides,
                                             guint           value,
                                             int             player);

MusterPiece *muster_game_lookup_piece       (MusterGame     *self,
                                             const char     *piece_id);
/* The piece's name, else its id. */
const char  *muster_game_piece_label        (const MusterPiece *piece);
/* For the sentences: the trooper's, or piece's, name now. */
const char  *muster_game_label_of           (MusterGame     *self,
                                             const char     *id);
const char  *muster_game_step_player_name   (MusterGame     *self,
                                             MusterLogStep  *step);

/* The steps of the layout's game as Muster 0.1 saved it (its text logs);
 * empty when it has none; with error set, those before the first that
 * could not be converted. */
GPtrArray   *muster_game_convert_legacy     (MusterGame     *self,
                                             GError        **error);

/* The parts' ends and beginnings. */
void         muster_game_deployment_clear   (MusterGame     *self);
void         muster_game_orders_clear       (MusterGame     *self);
/* The board says who may react now (the reactive player's troopers on
 * the table); none in a replay, which reads it from the steps. */
void         muster_game_update_reactive    (MusterGame     *self);
/* Infinity: the Initiative Roll's result on the board. */
void         muster_game_write_infinity_zones (MusterGame   *self);
/* The 9th Age: the pre-game's decisions on the board. */
void         muster_game_write_t9a_layout   (MusterGame     *self);

G_END_DECLS
