/* muster-ti4.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* A round of Twilight Imperium 4th edition as far as initiative goes
 * (RULES.md, "Twilight Imperium"): the strategy phase's card picks from
 * the speaker clockwise (players are indices in seating order; with 3 or 4
 * players everyone picks twice), the Naalu "0" token, the initiative order
 * (lowest first; only the lower of two cards counts; the token holder has
 * 0), the action phase in that order until everyone has passed, and the
 * status phase in that order. Each accepted action emits "changed". */

#define MUSTER_TYPE_TI4_ROUND (muster_ti4_round_get_type ())
#define MUSTER_TI4_ERROR      (muster_ti4_error_quark ())

#define MUSTER_TI4_MIN_PLAYERS        3
#define MUSTER_TI4_MAX_PLAYERS        8
#define MUSTER_TI4_N_STRATEGY_CARDS   8
#define MUSTER_TI4_NAALU_INITIATIVE   0
/* get_initiative() of a player who holds no card yet. */
#define MUSTER_TI4_INITIATIVE_UNKNOWN G_MAXUINT

#ifndef MUSTER_PLAYER_NONE
#define MUSTER_PLAYER_NONE (-1)
#endif

typedef enum
{
  MUSTER_TI4_CARD_NONE         = 0,
  MUSTER_TI4_CARD_LEADERSHIP   = 1,
  MUSTER_TI4_CARD_DIPLOMACY    = 2,
  MUSTER_TI4_CARD_POLITICS     = 3,
  MUSTER_TI4_CARD_CONSTRUCTION = 4,
  MUSTER_TI4_CARD_TRADE        = 5,
  MUSTER_TI4_CARD_WARFARE      = 6,
  MUSTER_TI4_CARD_TECHNOLOGY   = 7,
  MUSTER_TI4_CARD_IMPERIAL     = 8,
} MusterTi4Card;

typedef enum
{
  MUSTER_TI4_ERROR_PLAYERS,         /* not 3 to 8 players, or no such player */
  MUSTER_TI4_ERROR_WRONG_PHASE,
  MUSTER_TI4_ERROR_OUT_OF_TURN,
  MUSTER_TI4_ERROR_CARD_TAKEN,      /* another player chose it this round */
  MUSTER_TI4_ERROR_NOT_YOUR_CARD,   /* a strategic action of a card one does not hold */
  MUSTER_TI4_ERROR_CARD_USED,       /* its strategic action is already done */
  MUSTER_TI4_ERROR_MUST_USE_CARD,   /* cannot pass before every strategic action */
  MUSTER_TI4_ERROR_INVALID,         /* not a strategy card */
} MusterTi4Error;

typedef enum
{
  MUSTER_TI4_PHASE_STRATEGY,
  MUSTER_TI4_PHASE_ACTION,
  MUSTER_TI4_PHASE_STATUS,
  MUSTER_TI4_PHASE_ROUND_OVER,      /* (the agenda phase, if any, is not tracked) */
} MusterTi4Phase;

typedef enum
{
  MUSTER_TI4_ACTION_TACTICAL,
  MUSTER_TI4_ACTION_COMPONENT,
  MUSTER_TI4_ACTION_STRATEGIC,      /* the primary ability of one's strategy card */
} MusterTi4ActionKind;

G_DECLARE_FINAL_TYPE (MusterTi4Round, muster_ti4_round, MUSTER, TI4_ROUND, GObject)

GQuark           muster_ti4_error_quark               (void);
/* "Leadership", translated; NULL for anything else. */
const char      *muster_ti4_card_get_name             (MusterTi4Card         card);

/* player_ids in seating order (clockwise), 3 to 8 of them. */
MusterTi4Round  *muster_ti4_round_new                 (const char * const   *player_ids,
                                                       int                   speaker,
                                                       GError              **error);
guint            muster_ti4_round_get_n_players       (MusterTi4Round       *self);
const char      *muster_ti4_round_get_player_id       (MusterTi4Round       *self,
                                                       int                   player);
/* Counted from 1. */
guint            muster_ti4_round_get_round           (MusterTi4Round       *self);
MusterTi4Phase   muster_ti4_round_get_phase           (MusterTi4Round       *self);
int              muster_ti4_round_get_speaker         (MusterTi4Round       *self);
/* 2 with 3 or 4 players, else 1. */
guint            muster_ti4_round_get_cards_per_player (MusterTi4Round      *self);
/* Who picks (strategy), takes a turn (action) or does the step (status);
 * MUSTER_PLAYER_NONE when the round is over. */
int              muster_ti4_round_get_active_player   (MusterTi4Round       *self);

/* Strategy phase */
gboolean         muster_ti4_round_pick_card           (MusterTi4Round       *self,
                                                       int                   player,
                                                       MusterTi4Card         card,
                                                       GError              **error);
gboolean         muster_ti4_round_is_card_available   (MusterTi4Round       *self,
                                                       MusterTi4Card         card);
guint            muster_ti4_round_get_n_cards         (MusterTi4Round       *self,
                                                       int                   player);
/* index < get_n_cards(), in the order picked. */
MusterTi4Card    muster_ti4_round_get_card            (MusterTi4Round       *self,
                                                       int                   player,
                                                       guint                 index);
/* During the strategy phase (Naalu's Telepathic, or the Gift of
 * Prescience): who holds the "0" token, MUSTER_PLAYER_NONE for nobody.
 * The holder keeps it in later rounds until this is called again. */
gboolean         muster_ti4_round_set_naalu_token     (MusterTi4Round       *self,
                                                       int                   player,
                                                       GError              **error);
int              muster_ti4_round_get_naalu_token     (MusterTi4Round       *self);

/* 0 with the Naalu token, else the lowest card held. */
guint            muster_ti4_round_get_initiative      (MusterTi4Round       *self,
                                                       int                   player);
/* After the strategy phase: player indices, lowest initiative first. */
const int       *muster_ti4_round_get_initiative_order (MusterTi4Round      *self,
                                                        guint               *n_players);

/* Action phase: the active player's turn; card only for STRATEGIC. */
gboolean         muster_ti4_round_take_action         (MusterTi4Round       *self,
                                                       int                   player,
                                                       MusterTi4ActionKind   kind,
                                                       MusterTi4Card         card,
                                                       GError              **error);
/* Refused while the player has a strategy card whose strategic action is
 * not done. */
gboolean         muster_ti4_round_pass                (MusterTi4Round       *self,
                                                       int                   player,
                                                       GError              **error);
gboolean         muster_ti4_round_has_passed          (MusterTi4Round       *self,
                                                       int                   player);
gboolean         muster_ti4_round_is_card_used        (MusterTi4Round       *self,
                                                       MusterTi4Card         card);

/* Status phase: the player's step (score objectives, ...), in initiative
 * order. */
gboolean         muster_ti4_round_finish_status_step  (MusterTi4Round       *self,
                                                       int                   player,
                                                       GError              **error);

/* After the status phase; speaker may have changed (Politics). */
gboolean         muster_ti4_round_start_next_round    (MusterTi4Round       *self,
                                                       int                   speaker,
                                                       GError              **error);

G_END_DECLS
