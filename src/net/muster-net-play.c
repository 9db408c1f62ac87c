/* muster-net-play.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-net-cert.h"
#include "muster-net-session-private.h"

/* The game of a session: steps in the host's order, agreed dice, hidden
 * choices and moves. See the top of muster-net-session.h. */

/* The steps that throw dice: each is a commit-and-reveal. */
static const char * const dice_actions[] = {
  "roll-initiative", "roll-off", "roll-deployment-type", "face-to-face", NULL,
};

/* The steps a player takes, named in their "player" (data/muster-layout.rng);
 * the others are anyone's. */
static const char * const player_actions[] = {
  "set-wip", "roll-initiative", "keep", "choose-first-turn", "choose-deployment",
  "roll-off", "make-choice", "choose-zone", "choose-first-deployer",
  "deploy", "take-back", "hold", "release", "finish-step", "choose-short-edge", "delay-remaining",
  "start-turn", "activate", "declare-skill", "declare-aro", "idle-skill", "end-turn",
  "commit", "reveal", NULL,
};

static void
pending_free (gpointer data)
{
  MusterNetPending *pending = data;

  if (pending == NULL)
    return;
  g_clear_pointer (&pending->step, muster_log_step_unref);
  g_free (pending);
}

static const char *
player_id (MusterNetSession *self,
           int               player)
{
  return muster_game_get_player_id (self->game, player);
}

gboolean
muster_net_refuse (GError     **error,
                   const char  *format,
                   ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (MUSTER_NET_ERROR, MUSTER_NET_ERROR_REFUSED, format, args));
  va_end (args);

  return FALSE;
}

/* Whose step */

static gboolean
is_dice_action (MusterLogStep *step)
{
  return g_strv_contains (dice_actions, muster_log_step_get_action (step));
}

/* The step is player's to take: its "player" says so, or is set to. */
static gboolean
check_taker (MusterNetSession  *self,
             MusterLogStep     *step,
             int                player,
             GError           **error)
{
  const char *action = muster_log_step_get_action (step);
  const char *who = muster_log_step_get (step, "player");

  if (!g_strv_contains (player_actions, action))
    {
      if (who != NULL)
        /* Translators: a step's action, as in the game log */
        return muster_net_refuse (error, _("A “%s” step names no player"), action);
      return TRUE;
    }

  if (who == NULL)
    {
      muster_log_step_set (step, "player", player_id (self, player));
      return TRUE;
    }

  if (g_strcmp0 (who, player_id (self, player)) != 0)
    {
      int other = muster_game_lookup_player (self->game, who);

      /* Translators: a player's name */
      return muster_net_refuse (error, _("This is %s’s to do"),
                                other >= 0 ? muster_game_get_player_name (self->game, other) : who);
    }

  return TRUE;
}

static gboolean
check_dice (MusterNetSession  *self,
            MusterLogStep     *step,
            GError           **error)
{
  for (guint i = 0; i < muster_log_step_get_n_dice (step); i++)
    {
      const MusterLogDie *die = muster_log_step_get_die (step, i);

      if (!die->manual)
        return muster_net_refuse (error,
                                  _("A step brings dice that Muster rolled before both Musters agreed on them"));
      if (!muster_game_get_typed_dice (self->game))
        return muster_net_refuse (error, _("Dice typed in need both players to agree: ask for dice thrown at the "
                                           "table first"));
    }

  return TRUE;
}

/* The steps both Musters have */

static void
agree_all (MusterNetSession *self)
{
  g_ptr_array_set_size (self->agreed_steps, 0);
  for (guint i = 0; i < muster_game_get_n_steps (self->game); i++)
    g_ptr_array_add (self->agreed_steps, muster_log_step_ref (muster_game_get_step (self->game, i)));
  self->agreed = muster_game_get_n_steps (self->game);
}

/* The log was changed here other than by an agreed step (taken back):
 * it is put back as both Musters have it. */
static gboolean
restore_agreed (MusterNetSession *self)
{
  guint n = muster_game_get_n_steps (self->game);
  gboolean same = n == self->agreed;

  for (guint i = 0; same && i < n; i++)
    same = muster_log_step_equal (muster_game_get_step (self->game, i), g_ptr_array_index (self->agreed_steps, i));
  if (same || (self->is_host && n > self->agreed))
    return FALSE;

  self->applying = TRUE;
  muster_layout_set_game_log_steps (self->layout, muster_system_get_id (muster_game_get_system (self->game)),
                                    self->agreed_steps);
  self->applying = FALSE;
  muster_net_session_refused (self, _("Steps cannot be taken back in a game across the network"));

  return TRUE;
}

/* New steps of the log, agreed: the host sends them; both note their
 * own commitments. */
static void
agree_new_steps (MusterNetSession *self)
{
  guint n = muster_game_get_n_steps (self->game);

  for (guint i = self->agreed; i < n; i++)
    {
      MusterLogStep *step = muster_game_get_step (self->game, i);

      if (self->is_host)
        {
          g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_STEP);

          message->n = i + 1;
          message->step = muster_log_step_ref (step);
          if (i + 1 == self->rolling_n)
            message->value = muster_net_hex_encode (self->host_value, sizeof self->host_value);
          muster_net_session_send (self, message);
        }

      muster_net_hidden_agreed (self, step, i + 1);
      g_ptr_array_add (self->agreed_steps, muster_log_step_ref (step));
    }
  self->agreed = n;
}

static void
game_changed_cb (MusterGame       *game,
                 MusterNetSession *self)
{
  if (self->applying)
    return;

  if (!restore_agreed (self) && self->is_host)
    {
      agree_new_steps (self);
      muster_net_hidden_maybe_reveal (self);
    }
  muster_net_session_emit_changed (self);
}

/* Taking steps */

static void submit (MusterNetSession *self,
                    MusterLogStep    *step,
                    int               from,
                    guint64           seq);

static guint
stream_source (guint    sides,
               gpointer user_data)
{
  return muster_net_dice_stream_next (user_data, sides);
}

/* The host's game takes the step; a refusal goes to whoever took it. */
static gboolean
take_pending (MusterNetSession    *self,
              MusterNetPending    *pending,
              MusterNetDiceStream *stream)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  self->applying = TRUE;
  ok = muster_game_take_agreed (self->game, pending->step, stream != NULL ? stream_source : NULL, stream, &error);
  self->applying = FALSE;

  if (!ok)
    {
      muster_net_hidden_dropped (self, pending->step);
      /* The guest hears of it when it proposed the step, or gave a value
       * for its dice. */
      if (pending->from == self->peer || stream != NULL)
        muster_net_session_refuse (self, pending->from == self->peer ? pending->seq : 0, error->message);
      else
        muster_net_session_refused (self, error->message);
      return FALSE;
    }

  agree_new_steps (self);

  return TRUE;
}

/* The host: the dice of the step at the head of the line are agreed
 * first, with its commitment to its value. */
static void
start_roll (MusterNetSession *self,
            MusterNetPending *pending)
{
  g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_ROLL);

  self->rolling = pending;
  self->rolling_n = muster_game_get_n_steps (self->game) + 1;
  muster_net_random_bytes (self->host_value, sizeof self->host_value);

  message->n = self->rolling_n;
  message->commitment = muster_net_dice_commitment (self->host_value);
  message->step = muster_log_step_ref (pending->step);
  muster_net_session_send (self, message);
  self->rolling_seq = message->seq;
}

static void
process_pending (MusterNetSession *self)
{
  MusterNetPending *pending;

  while (self->rolling == NULL && self->state != MUSTER_NET_STATE_CLOSED &&
         (pending = g_queue_pop_head (&self->pending)) != NULL)
    {
      if (is_dice_action (pending->step))
        {
          start_roll (self, pending);
          break;
        }
      take_pending (self, pending, NULL);
      pending_free (pending);
    }

  muster_net_hidden_maybe_reveal (self);
  muster_net_session_emit_changed (self);
}

static gboolean
process_cb (gpointer user_data)
{
  MusterNetSession *self = user_data;

  self->process_id = 0;
  process_pending (self);

  return G_SOURCE_REMOVE;
}

static void
submit (MusterNetSession *self,
        MusterLogStep    *step,
        int               from,
        guint64           seq)
{
  MusterNetPending *pending = g_new0 (MusterNetPending, 1);

  pending->step = muster_log_step_ref (step);
  pending->from = from;
  pending->seq = seq;

  if (self->is_host)
    {
      g_queue_push_tail (&self->pending, pending);
      /* Not inside the call that took it: it returns first. */
      if (self->process_id == 0)
        self->process_id = g_idle_add (process_cb, self);
      return;
    }

  {
    g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_PROPOSE);

    message->step = muster_log_step_ref (step);
    muster_net_session_send (self, message);
    pending->seq = message->seq;
    g_queue_push_tail (&self->proposals, pending);
  }
}

/* Dice typed in: once both players asked. */
static void
ask_typed (MusterNetSession *self,
           int               player,
           gboolean          typed)
{
  g_autoptr(MusterLogStep) step = muster_log_step_new ("set-dice");

  muster_log_step_set_boolean (step, "typed", typed);
  self->wants_typed[player] = typed;

  if (!self->is_host)
    {
      g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_PROPOSE);

      message->step = g_steal_pointer (&step);
      muster_net_session_send (self, message);
    }
  else if (self->wants_typed[0] == self->wants_typed[1])
    {
      self->wants_typed[0] = self->wants_typed[1] = -1;
      if (!typed != !muster_game_get_typed_dice (self->game))
        submit (self, step, self->local, 0);
    }
  else if (player == self->local)
    {
      g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_PROPOSE);

      /* The guest is asked. */
      message->step = g_steal_pointer (&step);
      muster_net_session_send (self, message);
    }

  muster_net_session_emit_changed (self);
}

/* The step hook: every step the players take on this computer. */
static MusterGameHookVerdict
step_hook (MusterGame     *game,
           MusterLogStep  *step,
           GPtrArray      *typed,
           gpointer        user_data,
           GError        **error)
{
  MusterNetSession *self = user_data;
  g_autoptr(MusterLogStep) proposal = NULL;
  const char *action = muster_log_step_get_action (step);

  if (self->is_host && !self->joined)
    {
      /* Translators: a player's name */
      g_set_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_REFUSED, _("Wait for %s to join before the game goes on"),
                   muster_game_get_player_name (game, self->peer));
      return MUSTER_GAME_HOOK_REFUSED;
    }

  if (!check_taker (self, step, self->local, error))
    return MUSTER_GAME_HOOK_REFUSED;

  if (strcmp (action, "set-dice") == 0)
    {
      ask_typed (self, self->local, g_strcmp0 (muster_log_step_get (step, "typed"), "true") == 0);
      return MUSTER_GAME_HOOK_TAKEN;
    }

  if (typed->len > 0 && !muster_game_get_typed_dice (game))
    {
      g_set_error_literal (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_REFUSED,
                           _("Dice typed in need both players to agree: ask for dice thrown at the table first"));
      return MUSTER_GAME_HOOK_REFUSED;
    }

  /* What the player keeps hidden of their army goes first, once. */
  muster_net_hidden_commit_army (self, FALSE);

  if (muster_game_can_hide (action) && g_strcmp0 (muster_log_step_get (step, "private"), "true") == 0)
    proposal = muster_net_hidden_commit (self, step);
  else
    {
      /* The host takes its own steps as they come, when nothing waits. */
      if (self->is_host && !is_dice_action (step) && self->pending.length == 0 && self->rolling == NULL)
        return MUSTER_GAME_HOOK_GO_ON;

      proposal = muster_log_step_copy (step);
      for (guint i = 0; i < typed->len; i++)
        {
          const MusterLogDie *die = g_ptr_array_index (typed, i);

          muster_log_step_add_die (proposal, die->sides, die->value, TRUE, die->who, NULL);
        }
    }

  submit (self, proposal, self->local, 0);

  return MUSTER_GAME_HOOK_TAKEN;
}

/* Messages of the game */

/* The guest: a step the host sent that names this player must be one
 * this player proposed (the head of the line), not one made up. */
static gboolean
claim_proposal (MusterNetSession  *self,
                MusterLogStep     *step,
                gboolean           pop,
                GError           **error)
{
  MusterNetPending *head = g_queue_peek_head (&self->proposals);
  gboolean ours = head != NULL &&
                  strcmp (muster_log_step_get_action (head->step), muster_log_step_get_action (step)) == 0;

  for (const char * const *attrs = ours ? muster_log_step_get_attrs (head->step) : NULL;
       attrs != NULL && *attrs != NULL; attrs += 2)
    ours = ours && g_strcmp0 (muster_log_step_get (step, attrs[0]), attrs[1]) == 0;

  if (!ours && g_strcmp0 (muster_log_step_get (step, "player"), player_id (self, self->local)) == 0)
    return muster_net_refuse (error, _("The host sent a step of this player’s that this player did not take"));

  if (ours && pop)
    pending_free (g_queue_pop_head (&self->proposals));

  return TRUE;
}

static gboolean
check_step_number (MusterNetSession  *self,
                   guint              n,
                   GError           **error)
{
  if (n == muster_game_get_n_steps (self->game) + 1)
    return TRUE;

  /* Translators: two step numbers */
  return muster_net_refuse (error, _("Step %u came out of turn: the game is at step %u"),
                            n, muster_game_get_n_steps (self->game));
}

/* The host's dice for step n: its value is the one it committed to, and
 * each die it rolled is the one both values give. */
static gboolean
check_agreed_dice (MusterNetSession  *self,
                   MusterNetMessage  *message,
                   GError           **error)
{
  guint8 host_value[MUSTER_NET_VALUE_BYTES];
  g_autofree char *commitment = NULL;
  MusterNetDiceStream stream;

  /* Dice typed in from the table only where both players agreed to them
   * (as the host checks the guest's, check_dice()): else the host could
   * choose every die and call it thrown. */
  for (guint i = 0; i < muster_log_step_get_n_dice (message->step); i++)
    if (muster_log_step_get_die (message->step, i)->manual && !muster_game_get_typed_dice (self->game))
      return muster_net_refuse (error, _("The host typed in dice that both players did not agree to throw at the "
                                         "table"));

  if (message->value == NULL)
    {
      for (guint i = 0; i < muster_log_step_get_n_dice (message->step); i++)
        if (!muster_log_step_get_die (message->step, i)->manual)
          return muster_net_refuse (error, _("The host rolled dice that both Musters did not agree on"));
      return TRUE;
    }

  if (self->roll_n != message->n || !muster_net_hex_decode (message->value, host_value, sizeof host_value))
    return muster_net_refuse (error, _("The host sent a value for dice that were not being rolled"));

  commitment = muster_net_dice_commitment (host_value);
  if (g_strcmp0 (commitment, self->roll_commitment) != 0)
    return muster_net_refuse (error, _("The host’s dice value is not the one it committed to"));

  muster_net_dice_stream_init (&stream, host_value, self->guest_value, message->n);
  for (guint i = 0; i < muster_log_step_get_n_dice (message->step); i++)
    {
      const MusterLogDie *die = muster_log_step_get_die (message->step, i);

      if (!die->manual && muster_net_dice_stream_next (&stream, die->sides) != die->value)
        /* Translators: a die's number, then a step's */
        return muster_net_refuse (error, _("Die %u of step %u is not the one both Musters’ values give"),
                                  i + 1, message->n);
    }

  return TRUE;
}

static gboolean
receive_step (MusterNetSession  *self,
              MusterNetMessage  *message,
              GError           **error)
{
  MusterLogStep *recorded;
  gboolean ok;

  if (!check_step_number (self, message->n, error) || !check_agreed_dice (self, message, error) ||
      !claim_proposal (self, message->step, FALSE, error))
    return FALSE;

  self->applying = TRUE;
  ok = muster_game_take_agreed (self->game, message->step, NULL, NULL, error);
  self->applying = FALSE;
  if (!ok)
    return FALSE;

  claim_proposal (self, message->step, TRUE, NULL);
  if (self->roll_n == message->n)
    {
      self->roll_n = 0;
      g_clear_pointer (&self->roll_commitment, g_free);
    }

  recorded = muster_game_get_step (self->game, muster_game_get_n_steps (self->game) - 1);
  if (!muster_log_step_equal (recorded, message->step))
    /* Translators: a step's number */
    muster_net_session_refused (self, _("The two games differ at this step: save the game and compare the logs"));

  agree_new_steps (self);
  muster_net_hidden_maybe_reveal (self);
  muster_net_session_emit_changed (self);

  return TRUE;
}

static gboolean
receive_roll (MusterNetSession  *self,
              MusterNetMessage  *message,
              GError           **error)
{
  g_autoptr(MusterNetMessage) reply = muster_net_message_new (MUSTER_NET_MESSAGE_CONTRIBUTE);

  if (!check_step_number (self, message->n, error) || !claim_proposal (self, message->step, FALSE, error))
    return FALSE;
  if (!is_dice_action (message->step))
    return muster_net_refuse (error, _("The host asked for dice for a step that throws none"));

  /* A roll is made once: asked again with another commitment, the host
   * would be rolling until it liked the dice. The same roll asked again
   * gets the same answer. */
  if (self->roll_n == message->n && self->roll_commitment != NULL)
    {
      if (g_strcmp0 (self->roll_commitment, message->commitment) != 0)
        return muster_net_refuse (error, _("The host asked again for dice it was already rolling: a roll is "
                                           "made once"));
    }
  else
    {
      self->roll_n = message->n;
      g_free (self->roll_commitment);
      self->roll_commitment = g_strdup (message->commitment);
      muster_net_random_bytes (self->guest_value, sizeof self->guest_value);
    }

  reply->n = message->n;
  reply->value = muster_net_hex_encode (self->guest_value, sizeof self->guest_value);
  muster_net_session_send (self, reply);
  self->roll_reply_seq = reply->seq;
  muster_net_session_emit_changed (self);

  return TRUE;
}

static gboolean
receive_contribute (MusterNetSession  *self,
                    MusterNetMessage  *message,
                    GError           **error)
{
  MusterNetDiceStream stream;
  MusterNetPending *pending = self->rolling;

  if (pending == NULL || message->n != self->rolling_n ||
      !muster_net_hex_decode (message->value, self->guest_value, sizeof self->guest_value))
    return muster_net_refuse (error, _("A value came for dice that are not being rolled"));

  muster_net_dice_stream_init (&stream, self->host_value, self->guest_value, self->rolling_n);
  take_pending (self, pending, &stream);
  self->rolling = NULL;
  self->rolling_n = 0;
  pending_free (pending);
  process_pending (self);

  return TRUE;
}

static gboolean
receive_propose (MusterNetSession  *self,
                 MusterNetMessage  *message,
                 GError           **error)
{
  const char *action = muster_log_step_get_action (message->step);

  if (strcmp (action, "set-dice") == 0)
    {
      gboolean typed = g_strcmp0 (muster_log_step_get (message->step, "typed"), "true") == 0;

      if (g_strv_length ((char **) muster_log_step_get_attrs (message->step)) != 2 ||
          muster_log_step_get_n_items (message->step) > 0 || muster_log_step_get_n_dice (message->step) > 0)
        return muster_net_refuse (error, _("A request for dice typed in says more than that"));
      if (!self->is_host)
        {
          self->wants_typed[self->peer] = typed;
          muster_net_session_emit_changed (self);
          return TRUE;
        }
      ask_typed (self, self->peer, typed);
      return TRUE;
    }

  if (!self->is_host)
    return muster_net_refuse (error, _("The host proposes no steps"));

  if (!check_taker (self, message->step, self->peer, error) || !check_dice (self, message->step, error))
    return FALSE;
  /* A hidden choice is not proposed as such: only its commitment. */
  if (muster_game_can_hide (action) && g_strcmp0 (muster_log_step_get (message->step, "private"), "true") == 0)
    return muster_net_refuse (error, _("A private choice came without its commitment"));

  submit (self, message->step, self->peer, message->seq);

  return TRUE;
}

gboolean
muster_net_play_receive (MusterNetSession  *self,
                         MusterNetMessage  *message,
                         GError           **error)
{
  switch (message->type)
    {
    case MUSTER_NET_MESSAGE_STEP:
      if (!self->is_host)
        return receive_step (self, message, error);
      break;

    case MUSTER_NET_MESSAGE_ROLL:
      if (!self->is_host)
        return receive_roll (self, message, error);
      break;

    case MUSTER_NET_MESSAGE_CONTRIBUTE:
      if (self->is_host)
        return receive_contribute (self, message, error);
      break;

    case MUSTER_NET_MESSAGE_PROPOSE:
      return receive_propose (self, message, error);

    case MUSTER_NET_MESSAGE_MOVE:
    case MUSTER_NET_MESSAGE_PLACE:
    case MUSTER_NET_MESSAGE_REMOVE:
      return muster_net_pieces_receive (self, message, error);

    case MUSTER_NET_MESSAGE_REFUSE:
      /* Dice being rolled are not any more, when the refusal is about
       * them (another refusal leaves the roll as it is: both logs would
       * part at it). The host's refused roll is dropped and the steps
       * after it go on, rather than wait for a value that will not come. */
      if (self->roll_n != 0 && message->about == self->roll_reply_seq)
        {
          self->roll_n = 0;
          g_clear_pointer (&self->roll_commitment, g_free);
        }
      if (self->rolling != NULL && message->about == self->rolling_seq)
        {
          g_clear_pointer (&self->rolling, pending_free);
          self->rolling_n = 0;
          process_pending (self);
        }
      /* The host refused a proposal of the guest's: it will not come back. */
      for (GList *l = self->proposals.head; l != NULL; l = l->next)
        if (((MusterNetPending *) l->data)->seq == message->about)
          {
            muster_net_hidden_dropped (self, ((MusterNetPending *) l->data)->step);
            pending_free (l->data);
            g_queue_delete_link (&self->proposals, l);
            break;
          }
      return TRUE;

    case MUSTER_NET_MESSAGE_HELLO:
    case MUSTER_NET_MESSAGE_WELCOME:
    case MUSTER_NET_MESSAGE_BYE:
    case MUSTER_NET_MESSAGE_ACK:
    default:
      break;
    }

  /* Translators: a message's type */
  return muster_net_refuse (error, _("A “%s” message is not the other side’s to send"),
                            muster_net_message_type_name (message->type));
}

/* The session and the game */

void
muster_net_play_start (MusterNetSession *self)
{
  if (self->agreed_steps == NULL)
    self->agreed_steps = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);

  if (self->game_changed_id == 0)
    {
      muster_game_set_step_hook (self->game, step_hook, self);
      self->game_changed_id = g_signal_connect (self->game, "changed", G_CALLBACK (game_changed_cb), self);
    }

  muster_net_pieces_start (self);
  agree_all (self);
  muster_net_hidden_start (self);
}

void
muster_net_play_stop (MusterNetSession *self)
{
  g_clear_handle_id (&self->process_id, g_source_remove);
  if (self->game_changed_id != 0)
    {
      muster_game_set_step_hook (self->game, NULL, NULL);
      g_clear_signal_handler (&self->game_changed_id, self->game);
      muster_net_pieces_stop (self);
    }
}

void
muster_net_play_clear (MusterNetSession *self)
{
  g_queue_clear_full (&self->pending, pending_free);
  g_queue_clear_full (&self->proposals, pending_free);
  g_clear_pointer (&self->rolling, pending_free);
  g_clear_pointer (&self->roll_commitment, g_free);
  g_clear_pointer (&self->agreed_steps, g_ptr_array_unref);
  muster_net_hidden_clear (self);
  muster_net_pieces_clear (self);
}

gboolean
muster_net_play_is_busy (MusterNetSession *self)
{
  return self->pending.length > 0 || self->proposals.length > 0 || self->rolling != NULL || self->roll_n != 0 ||
         self->process_id != 0;
}

void
muster_net_play_submit (MusterNetSession *self,
                        MusterLogStep    *step)
{
  submit (self, step, self->local, 0);
}

gboolean
muster_net_play_take_now (MusterNetSession *self,
                          MusterLogStep    *step)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  self->applying = TRUE;
  ok = muster_game_take_agreed (self->game, step, NULL, NULL, &error);
  self->applying = FALSE;
  if (!ok)
    muster_net_session_refused (self, error->message);

  return ok;
}
