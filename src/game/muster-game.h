/* muster-game.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "muster-deployment-phase.h"
#include "muster-dice.h"
#include "muster-history.h"
#include "muster-initiative.h"
#include "muster-layout.h"
#include "muster-log-step.h"
#include "muster-orders.h"
#include "muster-system.h"
#include "muster-ti4.h"
#include "muster-validate.h"

G_BEGIN_DECLS

/* The game played on one layout: Infinity's Initiative Roll, deployment
 * steps and Player Turns with AROs; The 9th Age's pre-game and
 * deployment turns; Twilight Imperium's round. No widgets: the Game page
 * shows it and calls it, the command line replays it (muster --game),
 * and the tests drive it with no display.
 *
 * Every call that moves the game on is a step. A step that is accepted is
 * written to the layout's game log (muster_layout_append_game_step()),
 * with the dice it threw, and what it decides for the board (zones, the
 * deployment type, the turn a piece was deployed in) is written to the
 * layout with it, in one history group when a history is set: one undo
 * takes back the step and its effects together. A refused step changes
 * nothing and says why in the GError.
 *
 * The game reads the layout as it is now (pieces, rosters, Lieutenants),
 * never a copy. Its state comes from the layout's game log: when the log
 * changes under it (undo, redo, another file), it replays the log from
 * the start, with the dice the log holds, asking the board nothing (what
 * a step found on the board is in the step). A step that cannot be
 * replayed stops the replay there: get_restore_error() says which and why,
 * and the layout keeps its log until the players go on from there.
 *
 * Players are the layout's first two players, 0 and 1 (Infinity and The
 * 9th Age); Twilight Imperium's seats are named when its round starts.
 *
 * Signals: "changed" after every step accepted and every replay.
 * Properties: "phase", "typed-dice" (read-only; see set_typed_dice()). */

#define MUSTER_TYPE_GAME  (muster_game_get_type ())
#define MUSTER_GAME_ERROR (muster_game_error_quark ())

typedef enum
{
  MUSTER_GAME_ERROR_NO_GAME,      /* this game has no such sequence, or no game at all */
  MUSTER_GAME_ERROR_WRONG_PHASE,  /* not now */
  MUSTER_GAME_ERROR_NOT_YOURS,    /* another player makes this choice */
  MUSTER_GAME_ERROR_INVALID,      /* a bad argument */
  MUSTER_GAME_ERROR_BOARD,        /* the board does not allow it (not on the table, ...) */
  MUSTER_GAME_ERROR_STEP,         /* a step of the log cannot be read or done */
} MusterGameError;

typedef enum
{
  MUSTER_GAME_KIND_NONE,
  MUSTER_GAME_KIND_INFINITY,
  MUSTER_GAME_KIND_T9A,
  MUSTER_GAME_KIND_TI4,
} MusterGameKind;

typedef enum
{
  MUSTER_GAME_PHASE_NONE,         /* no sequence for this game (see get_problem()) */
  MUSTER_GAME_PHASE_INITIATIVE,   /* Infinity: the Initiative Roll */
  MUSTER_GAME_PHASE_PREGAME,      /* The 9th Age: type, roll-off, choices */
  MUSTER_GAME_PHASE_DEPLOYMENT,
  MUSTER_GAME_PHASE_ORDERS,       /* Infinity: Player Turns */
  MUSTER_GAME_PHASE_ROUND,        /* Twilight Imperium */
  MUSTER_GAME_PHASE_OVER,         /* The 9th Age: everyone is deployed */
} MusterGamePhase;

/* A trooper (Infinity) or unit (The 9th Age) of the deployment. Read-only;
 * owned by the game. */
typedef struct
{
  char     *id;          /* in the deployment: the piece's id, or "ENTRY#N" */
  int       player;
  char     *name;        /* as it was called when the deployment began */
  char     *entry_id;    /* the roster entry, or NULL */
  char     *piece_id;    /* the piece it is bound to, or NULL */
} MusterGameTrooper;

G_DECLARE_FINAL_TYPE (MusterGame, muster_game, MUSTER, GAME, GObject)

GQuark                    muster_game_error_quark           (void);

/* The game of layout in system; the layout's game log is replayed. */
MusterGame               *muster_game_new                   (MusterLayout             *layout,
                                                             MusterSystem             *system);
/* Dice from a seeded source instead of the system's (tests). Replays
 * again, so call it before the first step. */
void                      muster_game_set_seed              (MusterGame               *self,
                                                             guint64                   seed);
/* Judges where a trooper is deployed; without one, anywhere goes. */
void                      muster_game_set_validator         (MusterGame               *self,
                                                             MusterValidator          *validator);
/* Each step becomes one undoable group of this history. */
void                      muster_game_set_history           (MusterGame               *self,
                                                             MusterHistory            *history);

MusterLayout             *muster_game_get_layout            (MusterGame               *self);
MusterSystem             *muster_game_get_system            (MusterGame               *self);
MusterGameKind            muster_game_get_kind              (MusterGame               *self);
/* A die as the game's rulebook writes it: "D6" in The 9th Age, "d20" in
 * Infinity. Free it. */
char                     *muster_game_dup_die_name          (MusterGame               *self,
                                                             guint                     sides);
MusterGamePhase           muster_game_get_phase             (MusterGame               *self);
/* Why there is no sequence (PHASE_NONE), for people; NULL otherwise. */
const char               *muster_game_get_problem           (MusterGame               *self);
/* The saved game could not be replayed past a step: which, and why. */
const char               *muster_game_get_restore_error     (MusterGame               *self);
/* Something the players should know after the last step (the Loss of
 * Lieutenant warning); NULL when nothing. */
const char               *muster_game_get_notice            (MusterGame               *self);

/* Player 0 or 1 of a two-player game. */
const char               *muster_game_get_player_id         (MusterGame               *self,
                                                             int                       player);
/* Its name, or its id when it has none. */
const char               *muster_game_get_player_name       (MusterGame               *self,
                                                             int                       player);
int                       muster_game_lookup_player         (MusterGame               *self,
                                                             const char               *player_id);

/* What the pages show; never change them directly. NULL when the game
 * has no such part, or has not reached it. */
MusterDice               *muster_game_get_dice              (MusterGame               *self);
MusterInfinityInitiative *muster_game_get_initiative        (MusterGame               *self);
MusterT9aPregame         *muster_game_get_pregame           (MusterGame               *self);
MusterDeploymentPhase    *muster_game_get_deployment        (MusterGame               *self);
/* The deployment turn a piece placed now belongs to, whoever places it:
 * in Infinity's Deployment Phase, the step under way (a piece put down in
 * the other player's step is out of turn); else 0, for the roster's own
 * count (muster_roster_set_turn_func()). */
guint                     muster_game_get_placement_turn    (MusterGame               *self);
MusterOrderRules         *muster_game_get_order_rules       (MusterGame               *self);
MusterOrderSequence      *muster_game_get_order_sequence    (MusterGame               *self);
MusterTi4Round           *muster_game_get_ti4               (MusterGame               *self);

/* The dice are thrown at the table and typed in, or rolled by Muster. */
gboolean                  muster_game_get_typed_dice        (MusterGame               *self);
gboolean                  muster_game_set_typed_dice        (MusterGame               *self,
                                                             gboolean                  typed,
                                                             GError                  **error);

/* The game log: the steps replayed or taken since the game began. */
guint                     muster_game_get_n_steps           (MusterGame               *self);
MusterLogStep            *muster_game_get_step              (MusterGame               *self,
                                                             guint                     index);
/* The step in words, for people: "Alice rolled 14 for the Initiative". */
char                     *muster_game_describe_step         (MusterGame               *self,
                                                             guint                     index);
/* Where the game stands, in a few lines: phase, step, whose turn, Orders
 * left (muster --game). */
char                     *muster_game_describe_state        (MusterGame               *self);

/* Takes a step made elsewhere (a saved game's, another player's Muster),
 * exactly as the calls below would: judged, written to the log, undoable.
 * The step's dice are the dice it throws, rolled or typed in as they
 * say: the step recorded is the same as the one given. Whoever hands
 * over another's step vouches for its dice. */
gboolean                  muster_game_apply_step            (MusterGame               *self,
                                                             MusterLogStep            *step,
                                                             GError                  **error);

/* Lieutenants (Infinity): how many the player's army has now, from the
 * roster and the table; the Initiative Roll waits for exactly one each. */
guint                     muster_game_count_lieutenants     (MusterGame               *self,
                                                             int                       player);
/* FALSE, with why, unless each army has exactly one Lieutenant. */
gboolean                  muster_game_check_lieutenants     (MusterGame               *self,
                                                             GError                  **error);

/* Infinity, the Initiative Roll. value 0: Muster rolls the d20. */
gboolean                  muster_game_set_wip               (MusterGame               *self,
                                                             int                       player,
                                                             guint                     wip,
                                                             gboolean                  is_private,
                                                             GError                  **error);
gboolean                  muster_game_roll_initiative       (MusterGame               *self,
                                                             int                       player,
                                                             guint                     value,
                                                             GError                  **error);
gboolean                  muster_game_keep                  (MusterGame               *self,
                                                             MusterInfinityKeep        keep,
                                                             GError                  **error);
gboolean                  muster_game_choose_first_turn     (MusterGame               *self,
                                                             int                       first,
                                                             GError                  **error);
gboolean                  muster_game_choose_deployment     (MusterGame               *self,
                                                             int                       first_deployer,
                                                             const char               *zone,
                                                             GError                  **error);
/* The two zones the keeper of Deployment chooses between. */
char                    **muster_game_dup_infinity_zones    (MusterGame               *self);

/* The 9th Age, the pre-game. value 0: Muster rolls the D6. */
gboolean                  muster_game_pick_deployment_type  (MusterGame               *self,
                                                             const char               *deployment_id,
                                                             GError                  **error);
gboolean                  muster_game_roll_deployment_type  (MusterGame               *self,
                                                             guint                     value,
                                                             GError                  **error);
gboolean                  muster_game_roll_off              (MusterGame               *self,
                                                             int                       player,
                                                             guint                     value,
                                                             GError                  **error);
gboolean                  muster_game_make_choice           (MusterGame               *self,
                                                             const char               *value,
                                                             GError                  **error);
gboolean                  muster_game_choose_zone           (MusterGame               *self,
                                                             const char               *zone,
                                                             GError                  **error);
gboolean                  muster_game_choose_first_deployer (MusterGame               *self,
                                                             int                       first,
                                                             GError                  **error);

/* Deployment: the troopers come from the rosters and the table as they
 * are when it starts. */
gboolean                  muster_game_start_deployment      (MusterGame               *self,
                                                             GError                  **error);
guint                     muster_game_get_n_troopers        (MusterGame               *self);
const MusterGameTrooper  *muster_game_get_trooper           (MusterGame               *self,
                                                             guint                     index);
const MusterGameTrooper  *muster_game_lookup_trooper        (MusterGame               *self,
                                                             const char               *trooper_id);
/* Its name now: the piece's or the roster entry's, else as recorded. */
const char               *muster_game_get_trooper_name      (MusterGame               *self,
                                                             const MusterGameTrooper  *trooper);
/* The piece on the table that deploying the trooper would deploy: its
 * own, or the first of its entry's not yet taken; for a trooper whose
 * own left the table before it was deployed, one placed since (of its
 * entry, or of its name); NULL when none, or when it is held off the
 * table. */
MusterPiece              *muster_game_find_candidate        (MusterGame               *self,
                                                             const MusterGameTrooper  *trooper);
/* Whether its model was taken off the table before it was deployed (and
 * it is not held off the table): it takes one placed since. */
gboolean                  muster_game_trooper_lost_piece    (MusterGame               *self,
                                                             const MusterGameTrooper  *trooper);
gboolean                  muster_game_deploy                (MusterGame               *self,
                                                             const char               *trooper_id,
                                                             GError                  **error);
gboolean                  muster_game_take_back             (MusterGame               *self,
                                                             const char               *trooper_id,
                                                             GError                  **error);
gboolean                  muster_game_hold                  (MusterGame               *self,
                                                             const char               *trooper_id,
                                                             MusterHoldReason          reason,
                                                             GError                  **error);
gboolean                  muster_game_release               (MusterGame               *self,
                                                             const char               *trooper_id,
                                                             GError                  **error);
gboolean                  muster_game_finish_step           (MusterGame               *self,
                                                             GError                  **error);
gboolean                  muster_game_finish_declarations   (MusterGame               *self,
                                                             GError                  **error);
/* The table's two short edges, as choose_short_edge() takes them. */
const char * const        *muster_game_get_short_edges       (MusterGame               *self);
gboolean                  muster_game_choose_short_edge     (MusterGame               *self,
                                                             const char               *edge,
                                                             GError                  **error);
gboolean                  muster_game_delay_remaining       (MusterGame               *self,
                                                             GError                  **error);
/* The deployment rules no longer apply: the first Player Turn has begun
 * (Infinity), or everyone is deployed. */
gboolean                  muster_game_is_past_deployment    (MusterGame               *self);

/* Infinity, Player Turns. */
gboolean                  muster_game_set_order_version     (MusterGame               *self,
                                                             const char               *version,
                                                             GError                  **error);
/* Whose Player Turn comes next, and its Order Pool by default (one Order
 * per trooper of that player on the table). */
int                       muster_game_get_next_turn_player  (MusterGame               *self);
/* Whether the next Player Turn is bound to muster_game_get_next_turn_player():
 * the order of the turns is kept throughout the game once the player who
 * kept Initiative chose it, or once a Player Turn was played. */
gboolean                  muster_game_is_turn_order_set     (MusterGame               *self);
guint                     muster_game_count_orders          (MusterGame               *self,
                                                             int                       player);
gboolean                  muster_game_start_turn            (MusterGame               *self,
                                                             int                       player,
                                                             guint                     orders,
                                                             GError                  **error);
/* The player of the Player Turn under way (or the last one); -1 before. */
int                       muster_game_get_turn_player       (MusterGame               *self);
/* The Game Round, counted from 1. */
guint                     muster_game_get_game_round        (MusterGame               *self);
/* The player's troopers on the table (piece ids), in layout order. */
GPtrArray                *muster_game_list_table_troopers   (MusterGame               *self,
                                                             int                       player);
gboolean                  muster_game_activate              (MusterGame               *self,
                                                             const char               *trooper_id,
                                                             GError                  **error);
gboolean                  muster_game_declare_skill         (MusterGame               *self,
                                                             const char               *skill_id,
                                                             GError                  **error);
gboolean                  muster_game_declare_aro           (MusterGame               *self,
                                                             const char               *trooper_id,
                                                             const char               *skill_id,
                                                             GError                  **error);
/* Asks the board again who may react (troopers moved, or came on). */
gboolean                  muster_game_check_aro             (MusterGame               *self,
                                                             GError                  **error);
gboolean                  muster_game_idle_skill            (MusterGame               *self,
                                                             guint                     slot,
                                                             GError                  **error);
gboolean                  muster_game_idle_aro              (MusterGame               *self,
                                                             const char               *trooper_id,
                                                             GError                  **error);
/* A Face to Face (or Normal) Roll at the Resolution; the dice of each
 * side are rolled by Muster unless given (then burst is their number). */
gboolean                  muster_game_face_to_face          (MusterGame               *self,
                                                             const char               *reactive_trooper,
                                                             guint                     active_target,
                                                             guint                     active_burst,
                                                             const guint              *active_dice,
                                                             guint                     n_active_dice,
                                                             guint                     reactive_target,
                                                             guint                     reactive_burst,
                                                             const guint              *reactive_dice,
                                                             guint                     n_reactive_dice,
                                                             GError                  **error);
/* The last Face to Face Roll of the Order under way, or NULL; against
 * is the reacting trooper, or NULL for a Normal Roll. */
const MusterFaceToFace   *muster_game_get_face_to_face      (MusterGame               *self,
                                                             const char              **against);
gboolean                  muster_game_next_step             (MusterGame               *self,
                                                             GError                  **error);
gboolean                  muster_game_end_turn              (MusterGame               *self,
                                                             GError                  **error);

/* Twilight Imperium: seats in clockwise order, speaker an index. */
gboolean                  muster_game_ti4_start             (MusterGame               *self,
                                                             const char * const       *seats,
                                                             int                       speaker,
                                                             GError                  **error);
gboolean                  muster_game_ti4_pick              (MusterGame               *self,
                                                             MusterTi4Card             card,
                                                             GError                  **error);
gboolean                  muster_game_ti4_naalu             (MusterGame               *self,
                                                             int                       seat,
                                                             GError                  **error);
gboolean                  muster_game_ti4_action            (MusterGame               *self,
                                                             MusterTi4ActionKind       kind,
                                                             MusterTi4Card             card,
                                                             GError                  **error);
gboolean                  muster_game_ti4_pass              (MusterGame               *self,
                                                             GError                  **error);
gboolean                  muster_game_ti4_finish_status_step (MusterGame              *self,
                                                              GError                 **error);
gboolean                  muster_game_ti4_next_round        (MusterGame               *self,
                                                             int                       speaker,
                                                             GError                  **error);

/* The game begins again: the log is emptied (one undoable change), but
 * for the dice thrown by earlier, if not NULL (this game's own, or those
 * of the game played in another game system before): they stay in it,
 * as dice of an earlier game. */
void                      muster_game_restart               (MusterGame               *self,
                                                             MusterDice               *earlier);

/* For the Game page (src/gui/muster-game-*-page.c). */

/* What the trooper may do, as recorded when the deployment began. */
MusterTrooperFlags        muster_game_get_trooper_flags     (MusterGame               *self,
                                                             const MusterGameTrooper  *trooper);
/* Whether the trooper is a Lieutenant now (its piece, or its roster
 * entry), whatever it was when the deployment began. */
gboolean                  muster_game_is_trooper_lieutenant (MusterGame               *self,
                                                             const MusterGameTrooper  *trooper);
/* Whether the player has a Lieutenant on the table now. */
gboolean                  muster_game_has_lieutenant_on_table (MusterGame             *self,
                                                               int                     player);
/* The Player Turn of the Game Round under way, or next: 1 or 2. */
guint                     muster_game_get_player_turn       (MusterGame               *self);
/* While a deployment is under way, a trooper or unit deployed stays where
 * it was deployed until it is taken back (muster_game_take_back()): FALSE
 * for its piece, with a MUSTER_GAME_ERROR_BOARD error saying so. TRUE for
 * any other piece, and at any other time. A game asks this of the edits
 * of its layout (muster_layout_set_piece_guard()) while it lives. */
gboolean                  muster_game_check_piece_edit      (MusterGame               *self,
                                                             const MusterPiece        *piece,
                                                             GError                  **error);
/* A piece's name for people: its own, else that of the trooper it is,
 * else its id. */
const char               *muster_game_get_piece_name        (MusterGame               *self,
                                                             const char               *piece_id);

G_END_DECLS
