/* muster-game-net.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-game.h"

G_BEGIN_DECLS

/* What a game played across the network (src/net/muster-net-session.h)
 * needs of MusterGame, and nothing else does:
 *
 * - A step hook. Every step the players take on this computer (a typed
 *   call, or apply_step()) is shown to the hook before it is done: the
 *   hook lets it go on here and now, refuses it (not this player's to
 *   take), or takes it over, to send it to the other Muster, which
 *   judges it and sends it back in the game's order.
 *
 * - Agreed dice. muster_game_take_agreed() takes a step as the typed call
 *   would, past the hook, with each die Muster rolls in it drawn from a
 *   source the two Musters agreed on (a commit-and-reveal, see
 *   muster-net-session.h), not from this computer's random source.
 *
 * - Hidden choices. A "commit" step stands for a step kept hidden (an
 *   Infinity Lieutenant's private WIP, which trooper is the Lieutenant,
 *   a trooper kept off the table): it names the hidden step's action
 *   and holds the SHA-256 of a random salt and the step's attributes
 *   (muster_game_commit_digest()). A later "reveal" step gives the salt
 *   and the attributes; the game checks them against the commitment,
 *   refusing a reveal that does not match, then does the hidden step.
 *   Until then the other Muster (and its file) holds only the digest.
 *   Both are steps of the log like any other, so both Musters' logs stay
 *   the same. data/muster-layout.rng documents them. */

typedef enum
{
  MUSTER_GAME_HOOK_GO_ON,    /* take the step here, now */
  MUSTER_GAME_HOOK_TAKEN,    /* the hook took it over: the call returns TRUE */
  MUSTER_GAME_HOOK_REFUSED,  /* the call returns FALSE with the hook's error */
} MusterGameHookVerdict;

/* step is the players' new step, not sealed: the hook may set its
 * "player". The dice typed in for it are in typed (MusterLogDie, owned
 * by the game), in the order the call gave them. */
typedef MusterGameHookVerdict (*MusterGameStepHook) (MusterGame     *game,
                                                     MusterLogStep  *step,
                                                     GPtrArray      *typed,
                                                     gpointer        user_data,
                                                     GError        **error);

/* One hook at a time; NULL removes it. */
void          muster_game_set_step_hook     (MusterGame          *self,
                                             MusterGameStepHook   hook,
                                             gpointer             user_data);

/* Takes step past the hook, as apply_step() does (its dice are the dice
 * it brings: typed in, or rolled and then expected as they were), and
 * each die Muster rolls beyond those from source (NULL: the game's own
 * dice). */
gboolean      muster_game_take_agreed       (MusterGame          *self,
                                             MusterLogStep       *step,
                                             MusterDiceSource     source,
                                             gpointer             user_data,
                                             GError             **error);

/* The actions that may be kept hidden until they are revealed. */
gboolean      muster_game_can_hide          (const char          *action);

/* The commitment to a hidden step: SHA-256 over the salt, then the text
 * "muster-commit-1", the action, the player and each other attribute as
 * "name=value" in the order of their names, each followed by a line
 * feed. Lower-case hex. */
char         *muster_game_commit_digest     (const char          *action,
                                             const char          *player_id,
                                             const char * const  *attrs,
                                             const guint8        *salt,
                                             gsize                salt_len);

/* The commitment of hidden and the salt, as a "commit" step of player's:
 * hidden is the step as it would have been taken (its "player" is
 * player's). */
MusterLogStep *muster_game_new_commit       (MusterLogStep       *hidden,
                                             const char          *player_id,
                                             const guint8        *salt,
                                             gsize                salt_len);
/* The "reveal" of step commit_n (1-based, a "commit" step) of hidden. */
MusterLogStep *muster_game_new_reveal       (MusterLogStep       *hidden,
                                             const char          *player_id,
                                             guint                commit_n,
                                             const guint8        *salt,
                                             gsize                salt_len);
/* Whether step n (1-based) of the game is a commitment not yet revealed. */
gboolean      muster_game_is_unrevealed     (MusterGame          *self,
                                             guint                n);

/* The army's hidden information, in a game of Infinity across the
 * network (the English seed's Private Information): which trooper is the
 * Lieutenant ("choose-lieutenant", its "trooper" a roster entry's id or
 * a piece's), and the troopers Airborne Deployment or TO Camouflage keep
 * off the table ("keep-off-table", one commitment each, its "trooper" a
 * roster entry's id). Both are only ever steps of the log as a "commit"
 * and later its "reveal": the Lieutenant when its player reveals it, a
 * trooper when it appears on the table. Until then the other Muster knows
 * only that there is something: the commitment stands for a Lieutenant
 * (muster_game_count_lieutenants()), and the deployment leaves out the
 * roster entries kept off the table of a player who committed to any. */

/* Whether the player keeps a choice of action ("set-wip", ...) hidden
 * now. */
gboolean      muster_game_is_hiding         (MusterGame          *self,
                                             int                  player,
                                             const char          *action);
/* Troopers kept off the table and not yet revealed: "1 trooper held
 * back". */
guint         muster_game_count_held_back   (MusterGame          *self,
                                             int                  player);
/* Whether the player committed to troopers kept off the table. */
gboolean      muster_game_keeps_troopers_hidden (MusterGame      *self,
                                             int                  player);
/* Whether the player committed to a Lieutenant (revealed or not), and
 * whether it is still hidden. */
gboolean      muster_game_has_chosen_lieutenant (MusterGame      *self,
                                             int                  player);
gboolean      muster_game_has_hidden_lieutenant (MusterGame      *self,
                                             int                  player);
/* The revealed Lieutenant's "trooper", or NULL. */
const char   *muster_game_get_revealed_lieutenant (MusterGame    *self,
                                             int                  player);
/* Whether this Muster knows which trooper is the player's Lieutenant:
 * nothing is hidden, the layout marks it (the player's own Muster), or
 * it was revealed. */
gboolean      muster_game_knows_lieutenant  (MusterGame          *self,
                                             int                  player);
/* Whether a trooper of the player (its entry, its piece) is the
 * Lieutenant revealed; whether that Lieutenant is on the table. */
gboolean      muster_game_is_revealed_lieutenant (MusterGame     *self,
                                             int                  player,
                                             const char          *entry_id,
                                             const char          *piece_id);
gboolean      muster_game_revealed_lieutenant_on_table (MusterGame *self,
                                             int                  player);
/* What the player keeps hidden now, for people ("1 trooper held back ·
 * Lieutenant hidden"), or NULL when nothing. */
char         *muster_game_describe_hidden   (MusterGame          *self,
                                             int                  player);

G_END_DECLS
