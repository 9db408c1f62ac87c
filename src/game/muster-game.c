/* muster-game.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-game-net.h"
#include "muster-game-private.h"
#include "muster-roster.h"
#include "muster-sight.h"

/* Steps that are the game's own, not a part's. */
#define ACTION_TYPED_DICE    "set-dice"
#define ACTION_EARLIER_DICE  "earlier-dice"

enum {
  PROP_0,
  PROP_PHASE,
  PROP_TYPED_DICE,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterGame, muster_game, G_TYPE_OBJECT)
G_DEFINE_QUARK (muster-game-error-quark, muster_game_error)

static void replay (MusterGame *self);

/* Refusals and attributes */

gboolean
muster_game_refuse (GError          **error,
                    MusterGameError   code,
                    const char       *format,
                    ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;

  va_start (args, format);
  *error = g_error_new_valist (MUSTER_GAME_ERROR, code, format, args);
  va_end (args);

  return FALSE;
}

const char *
muster_game_read_string (MusterLogStep  *step,
                         const char     *name,
                         GError        **error)
{
  const char *value = muster_log_step_get (step, name);

  if (value == NULL || *value == '\0')
    /* Translators: an attribute of a step of the game log */
    muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its attribute %s is missing"), name);

  return value != NULL && *value != '\0' ? value : NULL;
}

gboolean
muster_game_read_uint (MusterLogStep  *step,
                       const char     *name,
                       guint           min,
                       guint           max,
                       guint          *value,
                       GError        **error)
{
  const char *text = muster_game_read_string (step, name, error);
  guint64 number;

  if (text == NULL)
    return FALSE;

  if (!g_ascii_string_to_unsigned (text, 10, min, max, &number, NULL))
    /* Translators: an attribute of a step, its value, then the range */
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its attribute %s=\"%s\" is not a whole number from %u to %u"),
                               name, text, min, max);

  *value = (guint) number;

  return TRUE;
}

gboolean
muster_game_read_boolean (MusterLogStep  *step,
                          const char     *name,
                          gboolean       *value,
                          GError        **error)
{
  const char *text = muster_game_read_string (step, name, error);

  if (text == NULL)
    return FALSE;

  if (strcmp (text, "true") != 0 && strcmp (text, "false") != 0)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("its attribute %s=\"%s\" is neither true nor false"),
                               name, text);

  *value = strcmp (text, "true") == 0;

  return TRUE;
}

int
muster_game_lookup_player (MusterGame *self,
                           const char *player_id)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), MUSTER_PLAYER_NONE);

  for (int i = 0; i < 2; i++)
    if (self->player_ids[i] != NULL && g_strcmp0 (self->player_ids[i], player_id) == 0)
      return i;

  return MUSTER_PLAYER_NONE;
}

gboolean
muster_game_read_player (MusterGame     *self,
                         MusterLogStep  *step,
                         const char     *name,
                         int            *player,
                         GError        **error)
{
  const char *text = muster_game_read_string (step, name, error);

  if (text == NULL)
    return FALSE;

  *player = muster_game_lookup_player (self, text);
  if (*player == MUSTER_PLAYER_NONE)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("“%s” is not a player of this game"), text);

  return TRUE;
}

gboolean
muster_game_check_actor (MusterGame     *self,
                         MusterLogStep  *step,
                         int             player,
                         GError        **error)
{
  const char *who = muster_log_step_get (step, "player");

  if (player == MUSTER_PLAYER_NONE || player > 1)
    return TRUE;

  if (who == NULL && !muster_log_step_is_sealed (step))
    {
      muster_log_step_set (step, "player", self->player_ids[player]);
      return TRUE;
    }

  if (who != NULL && g_strcmp0 (who, self->player_ids[player]) != 0)
    /* Translators: a player's name */
    return muster_game_refuse (error, MUSTER_GAME_ERROR_NOT_YOURS, _("This is %s’s to do"),
                               muster_game_get_player_name (self, player));

  return TRUE;
}

gboolean
muster_game_is_live (MusterGame *self)
{
  return self->mode == MUSTER_GAME_MODE_LIVE;
}

/* The dice */

guint
muster_game_peek_typed (MusterGame *self,
                        guint       index,
                        const char *who)
{
  guint seen = 0;

  for (guint i = 0; i < muster_dice_get_n_expected (self->dice); i++)
    {
      const MusterRoll *roll = muster_dice_peek_expected (self->dice, i);

      if (who != NULL && roll->who != NULL && *roll->who != '\0' && g_strcmp0 (roll->who, who) != 0)
        continue;
      if (seen++ == index)
        return roll->manual ? roll->value : 0;
    }

  return 0;
}

void
muster_game_add_typed (MusterGame *self,
                       guint       sides,
                       guint       value,
                       int         player)
{
  muster_dice_expect (self->dice, sides, value, TRUE,
                      player >= 0 && player < 2 ? self->player_ids[player] : NULL);
}

/* The board */

MusterPiece *
muster_game_lookup_piece (MusterGame *self,
                          const char *piece_id)
{
  if (piece_id == NULL)
    return NULL;

  return muster_layout_lookup_piece (self->layout, piece_id);
}

const char *
muster_game_piece_label (const MusterPiece *piece)
{
  return piece->name != NULL && *piece->name != '\0' ? piece->name : piece->id;
}

const char *
muster_game_label_of (MusterGame *self,
                      const char *id)
{
  const MusterGameTrooper *trooper = muster_game_lookup_trooper (self, id);
  MusterPiece *piece;

  if (trooper != NULL)
    return muster_game_get_trooper_name (self, trooper);

  piece = muster_game_lookup_piece (self, id);

  return piece != NULL ? muster_game_piece_label (piece) : id;
}

const char *
muster_game_step_player_name (MusterGame    *self,
                              MusterLogStep *step)
{
  int player = muster_game_lookup_player (self, muster_log_step_get (step, "player"));

  if (player == MUSTER_PLAYER_NONE)
    return muster_log_step_get (step, "player") != NULL ? muster_log_step_get (step, "player") : "";

  return muster_game_get_player_name (self, player);
}

/* Actions */

static gboolean
typed_dice_apply (MusterGame     *self,
                  MusterLogStep  *step,
                  GError        **error)
{
  gboolean typed;

  if (!muster_game_read_boolean (step, "typed", &typed, error))
    return FALSE;

  self->typed_dice = typed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TYPED_DICE]);

  return TRUE;
}

static char *
typed_dice_describe (MusterGame    *self,
                     MusterLogStep *step)
{
  return g_strdup (g_strcmp0 (muster_log_step_get (step, "typed"), "true") == 0
                   ? _("The dice are thrown at the table and typed in")
                   : _("Muster rolls the dice"));
}

/* Dice of an earlier game, kept: they are only shown. The step is only
 * ever replayed (muster_game_restart() writes it), so its dice are
 * expected, each as it was thrown. */
static gboolean
earlier_dice_apply (MusterGame     *self,
                    MusterLogStep  *step,
                    GError        **error)
{
  for (guint i = 0; i < muster_log_step_get_n_dice (step); i++)
    {
      const MusterLogDie *die = muster_log_step_get_die (step, i);
      const char *why = die->why != NULL ? die->why : _("An earlier game");

      if (!die->manual)
        muster_dice_roll (self->dice, die->sides, die->who, why);
      else if (!muster_dice_record (self->dice, die->sides, die->value, die->who, why, error))
        return FALSE;
    }

  return TRUE;
}

static char *
earlier_dice_describe (MusterGame    *self,
                       MusterLogStep *step)
{
  guint n = muster_log_step_get_n_dice (step);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u die of an earlier game", "%u dice of an earlier game", n),
                          n);
}

static const MusterGameAction game_actions[] = {
  { ACTION_TYPED_DICE,   typed_dice_apply,   typed_dice_describe },
  { ACTION_EARLIER_DICE, earlier_dice_apply, earlier_dice_describe },
};

static const MusterGameAction *
lookup_action (const char *name)
{
  static const struct { const MusterGameAction *actions; const guint *n; } parts[] = {
    { game_actions, NULL },
    { muster_game_infinity_actions, &muster_game_n_infinity_actions },
    { muster_game_infinity_turn_actions, &muster_game_n_infinity_turn_actions },
    { muster_game_t9a_actions, &muster_game_n_t9a_actions },
    { muster_game_deployment_actions, &muster_game_n_deployment_actions },
    { muster_game_ti4_actions, &muster_game_n_ti4_actions },
    { muster_game_net_actions, &muster_game_n_net_actions },
  };

  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      guint n = parts[p].n != NULL ? *parts[p].n : G_N_ELEMENTS (game_actions);

      for (guint i = 0; i < n; i++)
        if (strcmp (parts[p].actions[i].action, name) == 0)
          return &parts[p].actions[i];
    }

  return NULL;
}

const MusterGameAction *
muster_game_find_action (const char *name)
{
  return lookup_action (name);
}

/* Taking a step */

/* The deployment rules govern the Deployment Phase only (RULES.md): the
 * validator drops them once it is over. Once Infinity's Deployment Phase
 * has begun here, the troopers the game places carry its steps as their
 * turns, and the validator may read them so. */
static void
sync_validator (MusterGame *self)
{
  if (self->validator == NULL)
    return;

  muster_validator_set_deployment_over (self->validator, muster_game_is_past_deployment (self));
  muster_validator_set_turns_are_steps (self->validator,
                                        self->kind == MUSTER_GAME_KIND_INFINITY && self->deployment != NULL);
}

static void
emit_changed (MusterGame *self)
{
  sync_validator (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Writes step to the layout's log, after those the game has: when a
 * replay stopped short of the log's end, or the log is another game
 * system's, what follows is dropped now that the players go on. */
static void
record (MusterGame    *self,
        MusterLogStep *step)
{
  GPtrArray *saved = muster_layout_get_game_steps (self->layout);
  const char *system_id = muster_system_get_id (self->system);

  /* An old log converted in part: the steps replace it now. */
  if (self->converted != NULL)
    {
      g_clear_pointer (&self->converted, g_ptr_array_unref);
      muster_layout_set_legacy_game_log (self->layout, NULL);
      muster_layout_set_legacy_roll_log (self->layout, NULL);
    }

  self->recording = TRUE;
  if (saved->len == self->steps->len - 1 &&
      g_strcmp0 (muster_layout_get_game_log_system (self->layout), system_id) == 0)
    muster_layout_append_game_step (self->layout, step);
  else
    muster_layout_set_game_log_steps (self->layout, system_id, self->steps);
  self->recording = FALSE;

  g_clear_pointer (&self->restore_error, g_free);
}

gboolean
muster_game_run_step (MusterGame     *self,
                      MusterLogStep  *step,
                      GError        **error)
{
  const MusterGameAction *action = lookup_action (muster_log_step_get_action (step));
  guint first_die = muster_dice_get_n_rolls (self->dice);
  g_autoptr(GError) local_error = NULL;
  gboolean replaying = self->mode == MUSTER_GAME_MODE_REPLAY;

  if (action == NULL)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("Muster knows no such step of a game"));

  if (replaying)
    {
      for (guint i = 0; i < muster_log_step_get_n_dice (step); i++)
        {
          const MusterLogDie *die = muster_log_step_get_die (step, i);

          if (die->sides < 2 || die->sides > MUSTER_DICE_MAX_SIDES || die->value < 1 || die->value > die->sides)
            return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("die %u is not a die"), i + 1);
          muster_dice_expect (self->dice, die->sides, die->value, die->manual, die->who);
        }
    }

  muster_dice_set_replaying (self->dice, self->mode != MUSTER_GAME_MODE_LIVE);
  if (!action->apply (self, step, &local_error))
    {
      /* Whatever it left expected is not for the next step. */
      if (self->mode != MUSTER_GAME_MODE_IMPORT)
        muster_dice_check (self->dice, NULL);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  /* Done, but with other dice than the step's: what it did stands on
   * dice that were never thrown, and the caller must undo it. */
  if (self->mode != MUSTER_GAME_MODE_IMPORT && !muster_dice_check (self->dice, &local_error))
    {
      self->spoiled = TRUE;
      return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, "%s", local_error->message);
    }

  if (!replaying)
    {
      for (guint i = first_die; i < muster_dice_get_n_rolls (self->dice); i++)
        {
          const MusterRoll *roll = muster_dice_get_roll (self->dice, i);

          muster_log_step_add_die (step, roll->sides, roll->value, roll->manual,
                                   roll->who != NULL && *roll->who != '\0' ? roll->who : NULL,
                                   strcmp (muster_log_step_get_action (step), ACTION_EARLIER_DICE) == 0
                                   ? roll->why : NULL);
        }
      muster_log_step_seal (step);
    }

  g_ptr_array_add (self->steps, muster_log_step_ref (step));

  return TRUE;
}

gboolean
muster_game_take (MusterGame     *self,
                  MusterLogStep  *step,
                  GError        **error)
{
  g_autoptr(MusterLogStep) owned = step;
  g_autofree char *label = NULL;
  gboolean grouped = self->history != NULL;

  g_assert (self->mode == MUSTER_GAME_MODE_LIVE);

  if (self->kind == MUSTER_GAME_KIND_NONE)
    {
      muster_dice_check (self->dice, NULL);
      return muster_game_refuse (error, MUSTER_GAME_ERROR_NO_GAME, "%s",
                                 self->problem != NULL ? self->problem : _("This game has no sequence"));
    }

  /* A game across the network (muster-game-net.c): the hook may take
   * the step over, or refuse it. */
  switch (muster_game_net_intercept (self, step, error))
    {
    case MUSTER_GAME_HOOK_TAKEN:
      return TRUE;
    case MUSTER_GAME_HOOK_REFUSED:
      return FALSE;
    case MUSTER_GAME_HOOK_GO_ON:
    default:
      break;
    }

  g_clear_pointer (&self->notice, g_free);
  /* The board may have changed since the last step. */
  muster_game_update_reactive (self);

  if (grouped)
    {
      label = g_strdup (muster_log_step_get_action (step));
      muster_history_begin_group (self->history, label);
    }

  if (!muster_game_run_step (self, step, error))
    {
      if (grouped)
        muster_history_end_group (self->history);
      if (self->spoiled)
        replay (self);
      return FALSE;
    }

  record (self, step);
  if (grouped)
    muster_history_end_group (self->history);

  emit_changed (self);

  return TRUE;
}

gboolean
muster_game_apply_step (MusterGame     *self,
                        MusterLogStep  *step,
                        GError        **error)
{
  g_autoptr(MusterLogStep) copy = NULL;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (step != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Its dice are what it threw, each as it was thrown: the step takes
   * them, and its record is the same as the one it came from. */
  copy = muster_log_step_new (muster_log_step_get_action (step));
  for (const char * const *attrs = muster_log_step_get_attrs (step); *attrs != NULL; attrs += 2)
    muster_log_step_set (copy, attrs[0], attrs[1]);
  for (guint i = 0; i < muster_log_step_get_n_items (step); i++)
    {
      const MusterLogItem *item = muster_log_step_get_item (step, i);

      muster_log_step_add_item (copy, item->name, (const char * const *) item->attrs);
    }
  for (guint i = 0; i < muster_log_step_get_n_dice (step); i++)
    {
      const MusterLogDie *die = muster_log_step_get_die (step, i);

      if (die->sides < 2 || die->sides > MUSTER_DICE_MAX_SIDES || die->value < 1 || die->value > die->sides)
        return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("die %u is not a die"), i + 1);
      muster_dice_expect (self->dice, die->sides, die->value, die->manual, die->who);
    }

  return muster_game_take (self, g_steal_pointer (&copy), error);
}

/* Replaying */

void
muster_game_reset (MusterGame *self)
{
  g_autoptr(GError) error = NULL;
  const char *names[3] = { NULL, NULL, NULL };

  muster_game_orders_clear (self);
  muster_game_deployment_clear (self);
  g_clear_object (&self->initiative);
  g_clear_object (&self->pregame);
  g_clear_object (&self->order_rules);
  g_clear_object (&self->ti4);
  g_clear_object (&self->dice);
  g_ptr_array_set_size (self->steps, 0);
  g_clear_pointer (&self->restore_error, g_free);
  g_clear_pointer (&self->notice, g_free);
  self->typed_dice = FALSE;
  self->spoiled = FALSE;

  self->dice = self->seeded ? muster_dice_new (self->seed) : muster_dice_new_random ();
  names[0] = muster_game_get_player_name (self, 0);
  names[1] = muster_game_get_player_name (self, 1);

  if (self->kind == MUSTER_GAME_KIND_INFINITY)
    {
      g_auto(GStrv) zones = muster_game_dup_infinity_zones (self);

      self->initiative = muster_infinity_initiative_new (self->dice, (const char * const *) self->player_ids,
                                                         (const char * const *) zones);
      muster_infinity_initiative_set_player_names (self->initiative, names);
      self->order_rules = muster_order_rules_new_from_bytes (muster_system_get_bytes (self->system),
                                                             muster_system_get_id (self->system), &error);
      if (self->order_rules == NULL)
        g_debug ("No Orders: %s", error->message);
    }
  else if (self->kind == MUSTER_GAME_KIND_T9A)
    {
      self->pregame = muster_t9a_pregame_new (self->dice, (const char * const *) self->player_ids);
      muster_t9a_pregame_set_player_names (self->pregame, names);
      muster_t9a_pregame_set_portrait (self->pregame,
                                       muster_layout_get_width (self->layout) < muster_layout_get_height (self->layout));
      if (!muster_t9a_pregame_load_types (self->pregame, muster_system_get_bytes (self->system),
                                          muster_system_get_id (self->system), &error))
        g_warning ("%s", error->message);
    }
}

/* Which game this is, and who plays it, from the layout now. */
static void
identify (MusterGame *self)
{
  const char *system_id = muster_system_get_id (self->system);
  GPtrArray *players = muster_layout_get_players (self->layout);
  gboolean two_player = g_strcmp0 (system_id, "infinity") == 0 || g_strcmp0 (system_id, "t9a") == 0;

  for (int i = 0; i < 2; i++)
    g_clear_pointer (&self->player_ids[i], g_free);
  g_clear_pointer (&self->problem, g_free);
  self->kind = MUSTER_GAME_KIND_NONE;

  /* Played on by a newer Muster: this one could only spoil its log. */
  if (muster_layout_get_newer_game_log (self->layout) > 0)
    self->problem = g_strdup_printf (_("This game was saved by a newer Muster (game log version %u): "
                                       "update Muster to go on with it"),
                                     muster_layout_get_newer_game_log (self->layout));
  else if (g_strcmp0 (system_id, "ti4") == 0)
    self->kind = MUSTER_GAME_KIND_TI4;
  else if (two_player && players->len == 2)
    {
      for (int i = 0; i < 2; i++)
        self->player_ids[i] = g_strdup (((const MusterPlayer *) g_ptr_array_index (players, i))->id);
      self->kind = g_strcmp0 (system_id, "infinity") == 0 ? MUSTER_GAME_KIND_INFINITY : MUSTER_GAME_KIND_T9A;
    }
  else if (two_player)
    self->problem = g_strdup (_("This game’s sequence needs exactly two players."));
  else
    self->problem = g_strdup (_("Muster knows no pre-game or turn sequence for this game."));
}

/* The game again from the layout's log: see the top of muster-game.h. */
/* A layout saved by Muster 0.1: its game becomes steps, once, quietly
 * (the layout is as the file says; only how it keeps the game is new).
 * When it cannot, the old logs stay in the layout, and are saved again
 * as they were, and the players are told why. */
static void
convert_legacy (MusterGame *self)
{
  g_autoptr(GPtrArray) steps = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->converted, g_ptr_array_unref);
  if (muster_layout_get_game_steps (self->layout)->len > 0 ||
      (muster_layout_get_legacy_game_log (self->layout) == NULL && muster_layout_get_legacy_roll_log (self->layout) == NULL))
    return;

  steps = muster_game_convert_legacy (self, &error);
  if (error != NULL)
    {
      self->restore_error = g_strdup (error->message);
      self->converted = g_steal_pointer (&steps);
      return;
    }

  self->recording = TRUE;
  muster_layout_set_game_log_steps (self->layout, muster_system_get_id (self->system), steps);
  self->recording = FALSE;
  muster_layout_set_legacy_game_log (self->layout, NULL);
  muster_layout_set_legacy_roll_log (self->layout, NULL);
}

static void
replay (MusterGame *self)
{
  GPtrArray *saved;
  g_autofree char *conversion_error = NULL;
  gboolean stale;

  identify (self);
  /* What the last replay could not do is no longer news: only the
   * conversion's error, if any, carries over the reset below. */
  g_clear_pointer (&self->restore_error, g_free);
  if (self->kind != MUSTER_GAME_KIND_NONE)
    convert_legacy (self);
  conversion_error = g_steal_pointer (&self->restore_error);
  saved = self->converted != NULL ? self->converted : muster_layout_get_game_steps (self->layout);
  stale = self->converted == NULL &&
          g_strcmp0 (muster_layout_get_game_log_system (self->layout), muster_system_get_id (self->system)) != 0;

  muster_game_reset (self);
  self->restore_error = g_steal_pointer (&conversion_error);

  self->mode = MUSTER_GAME_MODE_REPLAY;
  for (guint i = 0; !stale && self->kind != MUSTER_GAME_KIND_NONE && i < saved->len; i++)
    {
      MusterLogStep *step = g_ptr_array_index (saved, i);
      g_autoptr(GError) error = NULL;
      g_autofree char *failure = NULL;

      if (muster_game_run_step (self, step, &error))
        continue;

      /* Translators: the step's number, its action, then why */
      failure = g_strdup_printf (_("The game could not be restored past step %u (%s): %s"),
                                 i + 1, muster_log_step_get_action (step), error->message);

      /* A step refused changed nothing, but one done with the wrong dice
       * did: the game is the steps before it again. */
      if (self->spoiled)
        {
          muster_game_reset (self);
          for (guint j = 0; j < i; j++)
            muster_game_run_step (self, g_ptr_array_index (saved, j), NULL);
        }
      self->restore_error = g_steal_pointer (&failure);
      break;
    }
  self->mode = MUSTER_GAME_MODE_LIVE;
  muster_dice_set_replaying (self->dice, FALSE);

  muster_game_update_reactive (self);
  emit_changed (self);
}

static void
game_log_changed_cb (MusterGame   *self,
                     MusterLayout *layout)
{
  if (!self->recording)
    replay (self);
}

/* A new game system, or other players: the game is another one. */
static void
layout_changed_cb (MusterGame   *self,
                   MusterLayout *layout)
{
  const char *system_id = muster_system_get_id (self->system);
  GPtrArray *players = muster_layout_get_players (layout);
  gboolean same = self->kind != MUSTER_GAME_KIND_NONE || self->problem != NULL;

  if (self->recording)
    return;

  for (int i = 0; same && i < 2 && self->player_ids[i] != NULL; i++)
    same = (guint) i < players->len &&
           g_strcmp0 (((const MusterPlayer *) g_ptr_array_index (players, i))->id, self->player_ids[i]) == 0;
  if (same && self->kind != MUSTER_GAME_KIND_TI4 && self->kind != MUSTER_GAME_KIND_NONE)
    same = players->len == 2;
  if (same && self->kind == MUSTER_GAME_KIND_NONE)
    same = (g_strcmp0 (system_id, "infinity") != 0 && g_strcmp0 (system_id, "t9a") != 0) || players->len != 2;

  if (!same)
    replay (self);
}

/* GObject */

static void
muster_game_dispose (GObject *object)
{
  MusterGame *self = (MusterGame *)object;

  if (self->layout != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->layout, self);
      if (muster_layout_get_piece_guard_data (self->layout) == self)
        muster_layout_set_piece_guard (self->layout, NULL, NULL);
    }

  G_OBJECT_CLASS (muster_game_parent_class)->dispose (object);
}

static void
muster_game_finalize (GObject *object)
{
  MusterGame *self = (MusterGame *)object;

  muster_game_orders_clear (self);
  muster_game_deployment_clear (self);
  g_clear_object (&self->initiative);
  g_clear_object (&self->pregame);
  g_clear_object (&self->order_rules);
  g_clear_object (&self->ti4);
  g_clear_object (&self->dice);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  g_clear_pointer (&self->converted, g_ptr_array_unref);
  g_clear_object (&self->validator);
  g_clear_object (&self->history);
  g_clear_object (&self->system);
  g_clear_object (&self->layout);
  for (int i = 0; i < 2; i++)
    g_free (self->player_ids[i]);
  g_free (self->problem);
  g_free (self->restore_error);
  g_free (self->notice);
  muster_game_net_free (self);

  G_OBJECT_CLASS (muster_game_parent_class)->finalize (object);
}

static void
muster_game_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MusterGame *self = MUSTER_GAME (object);

  switch (prop_id)
    {
    case PROP_PHASE:
      g_value_set_int (value, muster_game_get_phase (self));
      break;

    case PROP_TYPED_DICE:
      g_value_set_boolean (value, self->typed_dice);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_game_class_init (MusterGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_game_dispose;
  object_class->finalize = muster_game_finalize;
  object_class->get_property = muster_game_get_property;

  properties[PROP_PHASE] =
    g_param_spec_int ("phase", NULL, NULL,
                      MUSTER_GAME_PHASE_NONE, MUSTER_GAME_PHASE_OVER, MUSTER_GAME_PHASE_NONE,
                      (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_TYPED_DICE] =
    g_param_spec_boolean ("typed-dice", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterGame::changed:
   *
   * A step was taken, or the game was replayed from the layout's log.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
muster_game_init (MusterGame *self)
{
  self->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);
  self->turn_player = MUSTER_PLAYER_NONE;
  self->game_round = 1;
}

/* Public */

static gboolean
piece_guard_cb (gpointer            user_data,
                const MusterPiece  *piece,
                GError            **error)
{
  return muster_game_check_piece_edit (user_data, piece, error);
}

MusterGame *
muster_game_new (MusterLayout *layout,
                 MusterSystem *system)
{
  MusterGame *self;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (layout), NULL);
  g_return_val_if_fail (MUSTER_IS_SYSTEM (system), NULL);

  self = g_object_new (MUSTER_TYPE_GAME, NULL);
  self->layout = g_object_ref (layout);
  self->system = g_object_ref (system);

  g_signal_connect_object (layout, "game-log-changed", G_CALLBACK (game_log_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (layout, "changed", G_CALLBACK (layout_changed_cb), self, G_CONNECT_SWAPPED);
  /* The newest game of a layout is the one played on it. */
  muster_layout_set_piece_guard (layout, piece_guard_cb, self);

  replay (self);

  return self;
}

void
muster_game_set_seed (MusterGame *self,
                      guint64     seed)
{
  g_return_if_fail (MUSTER_IS_GAME (self));

  self->seeded = TRUE;
  self->seed = seed;
  replay (self);
}

void
muster_game_set_validator (MusterGame      *self,
                           MusterValidator *validator)
{
  g_return_if_fail (MUSTER_IS_GAME (self));
  g_return_if_fail (validator == NULL || MUSTER_IS_VALIDATOR (validator));

  g_set_object (&self->validator, validator);
  sync_validator (self);
}

void
muster_game_set_history (MusterGame    *self,
                         MusterHistory *history)
{
  g_return_if_fail (MUSTER_IS_GAME (self));
  g_return_if_fail (history == NULL || MUSTER_IS_HISTORY (history));

  g_set_object (&self->history, history);
}

MusterLayout *
muster_game_get_layout (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->layout;
}

MusterSystem *
muster_game_get_system (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->system;
}

MusterGameKind
muster_game_get_kind (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), MUSTER_GAME_KIND_NONE);

  return self->kind;
}

char *
muster_game_dup_die_name (MusterGame *self,
                          guint       sides)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return g_strdup_printf (self->kind == MUSTER_GAME_KIND_T9A ? "D%u" : "d%u", sides);
}

MusterGamePhase
muster_game_get_phase (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), MUSTER_GAME_PHASE_NONE);

  switch (self->kind)
    {
    case MUSTER_GAME_KIND_TI4:
      return MUSTER_GAME_PHASE_ROUND;

    case MUSTER_GAME_KIND_INFINITY:
      if (self->turn_player != MUSTER_PLAYER_NONE)
        return MUSTER_GAME_PHASE_ORDERS;
      if (self->deployment != NULL)
        return muster_deployment_phase_get_state (self->deployment) == MUSTER_DEPLOYMENT_PHASE_DONE &&
               self->order_rules != NULL
               ? MUSTER_GAME_PHASE_ORDERS : MUSTER_GAME_PHASE_DEPLOYMENT;
      return MUSTER_GAME_PHASE_INITIATIVE;

    case MUSTER_GAME_KIND_T9A:
      if (self->deployment != NULL)
        return muster_deployment_phase_get_state (self->deployment) == MUSTER_DEPLOYMENT_PHASE_DONE
               ? MUSTER_GAME_PHASE_OVER : MUSTER_GAME_PHASE_DEPLOYMENT;
      return MUSTER_GAME_PHASE_PREGAME;

    case MUSTER_GAME_KIND_NONE:
    default:
      return MUSTER_GAME_PHASE_NONE;
    }
}

const char *
muster_game_get_problem (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->problem;
}

const char *
muster_game_get_restore_error (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->restore_error;
}

const char *
muster_game_get_notice (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->notice;
}

const char *
muster_game_get_player_id (MusterGame *self,
                           int         player)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return player == 0 || player == 1 ? self->player_ids[player] : NULL;
}

const char *
muster_game_get_player_name (MusterGame *self,
                             int         player)
{
  MusterPlayer *info;

  g_return_val_if_fail (MUSTER_IS_GAME (self), "");

  if (player != 0 && player != 1)
    return "";
  if (self->player_ids[player] == NULL)
    return "";

  info = muster_layout_lookup_player (self->layout, self->player_ids[player]);

  return info != NULL && info->name != NULL && *info->name != '\0' ? info->name : self->player_ids[player];
}

MusterDice *
muster_game_get_dice (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->dice;
}

MusterInfinityInitiative *
muster_game_get_initiative (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->initiative;
}

MusterT9aPregame *
muster_game_get_pregame (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->pregame;
}

MusterDeploymentPhase *
muster_game_get_deployment (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->deployment;
}

guint
muster_game_get_placement_turn (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);

  if (self->kind != MUSTER_GAME_KIND_INFINITY || self->deployment == NULL ||
      muster_deployment_phase_get_state (self->deployment) != MUSTER_DEPLOYMENT_PHASE_DEPLOYING)
    return 0;

  return muster_deployment_phase_get_step (self->deployment);
}

MusterOrderRules *
muster_game_get_order_rules (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->order_rules;
}

MusterOrderSequence *
muster_game_get_order_sequence (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->sequence;
}

MusterTi4Round *
muster_game_get_ti4 (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  return self->ti4;
}

gboolean
muster_game_get_typed_dice (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return self->typed_dice;
}

gboolean
muster_game_set_typed_dice (MusterGame  *self,
                            gboolean     typed,
                            GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (!typed == !self->typed_dice)
    return TRUE;

  step = muster_log_step_new (ACTION_TYPED_DICE);
  muster_log_step_set_boolean (step, "typed", typed);

  return muster_game_take (self, step, error);
}

guint
muster_game_get_n_steps (MusterGame *self)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), 0);

  return self->steps->len;
}

MusterLogStep *
muster_game_get_step (MusterGame *self,
                      guint       index)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);

  return g_ptr_array_index (self->steps, index);
}

char *
muster_game_describe_step (MusterGame *self,
                           guint       index)
{
  MusterLogStep *step;
  const MusterGameAction *action;
  char *text = NULL;

  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);

  step = g_ptr_array_index (self->steps, index);
  action = lookup_action (muster_log_step_get_action (step));
  if (action != NULL && action->describe != NULL)
    text = action->describe (self, step);

  if (text == NULL)
    /* Translators: a step of a game that has no sentence of its own */
    text = g_strdup_printf (_("Step “%s”"), muster_log_step_get_action (step));

  return text;
}

static const char *
phase_name (MusterGamePhase phase)
{
  switch (phase)
    {
    case MUSTER_GAME_PHASE_INITIATIVE:
      return _("Initiative Roll");
    case MUSTER_GAME_PHASE_PREGAME:
      return _("Pre-game");
    case MUSTER_GAME_PHASE_DEPLOYMENT:
      return _("Deployment Phase");
    case MUSTER_GAME_PHASE_ORDERS:
      return _("Player Turns");
    case MUSTER_GAME_PHASE_ROUND:
      return _("Game Round");
    case MUSTER_GAME_PHASE_OVER:
      return _("Deployment complete");
    case MUSTER_GAME_PHASE_NONE:
    default:
      return _("No game sequence");
    }
}

static char *
describe_initiative (MusterGame *self)
{
  MusterInfinityInitiative *ini = self->initiative;

  switch (muster_infinity_initiative_get_state (ini))
    {
    case MUSTER_INFINITY_INITIATIVE_WIP:
      return g_strdup (_("Waiting for both Lieutenants’ WIP"));

    case MUSTER_INFINITY_INITIATIVE_ROLL:
      /* Translators: the attempt of the Initiative Roll, counted from 1 */
      return g_strdup_printf (_("Attempt %u: both players roll a d20 against their Lieutenant’s WIP"),
                              muster_infinity_initiative_get_n_attempts (ini));

    case MUSTER_INFINITY_INITIATIVE_CHOOSE:
      /* Translators: a player's name */
      return g_strdup_printf (_("%s won the Initiative Roll and keeps Initiative or Deployment"),
                              muster_game_get_player_name (self, muster_infinity_initiative_get_winner (ini)));

    case MUSTER_INFINITY_INITIATIVE_DECIDE:
      return g_strdup (_("Deciding who plays first, and who deploys first and where"));

    case MUSTER_INFINITY_INITIATIVE_DONE:
    default:
      /* Translators: two players' names */
      return g_strdup_printf (_("%s deploys first; %s plays the first Player Turn"),
                              muster_game_get_player_name (self, muster_infinity_initiative_get_first_deployer (ini)),
                              muster_game_get_player_name (self, muster_infinity_initiative_get_first_turn (ini)));
    }
}

static char *
describe_pregame (MusterGame *self)
{
  MusterT9aPregame *pre = self->pregame;
  int chooser = muster_t9a_pregame_get_chooser (pre);

  switch (muster_t9a_pregame_get_state (pre))
    {
    case MUSTER_T9A_PREGAME_DEPLOYMENT_TYPE:
      return g_strdup (_("Choosing the deployment type: agree on one or roll a D6"));
    case MUSTER_T9A_PREGAME_ROLL_OFF:
      return g_strdup (_("Both players roll a D6 for the choice of zone"));
    case MUSTER_T9A_PREGAME_TYPE_CHOICE:
      /* Translators: a player's name */
      return g_strdup_printf (_("%s makes the deployment type’s choice"), muster_game_get_player_name (self, chooser));
    case MUSTER_T9A_PREGAME_ZONE:
      return g_strdup_printf (_("%s picks a Deployment Zone"), muster_game_get_player_name (self, chooser));
    case MUSTER_T9A_PREGAME_FIRST_DEPLOYER:
      return g_strdup_printf (_("%s names who deploys first"), muster_game_get_player_name (self, chooser));
    case MUSTER_T9A_PREGAME_DONE:
    default:
      return g_strdup (_("The pre-game is over: start the deployment"));
    }
}

static char *
describe_orders (MusterGame *self)
{
  const MusterOrderStep *step;
  guint left;

  if (self->sequence == NULL || muster_order_sequence_is_finished (self->sequence))
    /* Translators: the Game Round, then a player's name */
    return g_strdup_printf (_("Game Round %u: %s’s Player Turn is next"), self->game_round,
                            muster_game_get_player_name (self, muster_game_get_next_turn_player (self)));

  step = muster_order_sequence_get_step (self->sequence);
  left = muster_order_sequence_get_n_orders_left (self->sequence);

  /* Translators: the Game Round, a player's name, the Orders left in the
   * pool, then the step of the Order Expenditure Sequence ("2.1 ARO Check") */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Game Round %u, %s’s Player Turn: %u Order left; step %s %s",
                                       "Game Round %u, %s’s Player Turn: %u Orders left; step %s %s", left),
                          self->game_round, muster_game_get_player_name (self, self->turn_player), left,
                          step->number, g_dgettext (GETTEXT_PACKAGE, step->name));
}

static char *
describe_round (MusterGame *self)
{
  int active;

  if (self->ti4 == NULL)
    return g_strdup (_("The first round has not begun"));

  active = muster_ti4_round_get_active_player (self->ti4);
  if (active < 0)
    /* Translators: the round, counted from 1 */
    return g_strdup_printf (_("Round %u is over"), muster_ti4_round_get_round (self->ti4));

  /* Translators: the round, its phase, then a player's name */
  return g_strdup_printf (_("Round %u, %s: %s’s turn"), muster_ti4_round_get_round (self->ti4),
                          muster_ti4_round_get_phase (self->ti4) == MUSTER_TI4_PHASE_STRATEGY ? _("Strategy Phase")
                          : muster_ti4_round_get_phase (self->ti4) == MUSTER_TI4_PHASE_ACTION ? _("Action Phase")
                          : _("Status Phase"),
                          muster_ti4_round_get_player_id (self->ti4, active));
}

char *
muster_game_describe_state (MusterGame *self)
{
  MusterGamePhase phase;
  g_autofree char *now = NULL;

  g_return_val_if_fail (MUSTER_IS_GAME (self), NULL);

  phase = muster_game_get_phase (self);
  switch (phase)
    {
    case MUSTER_GAME_PHASE_INITIATIVE:
      now = describe_initiative (self);
      break;
    case MUSTER_GAME_PHASE_PREGAME:
      now = describe_pregame (self);
      break;
    case MUSTER_GAME_PHASE_DEPLOYMENT:
    case MUSTER_GAME_PHASE_OVER:
      now = self->deployment != NULL ? muster_deployment_phase_describe (self->deployment)
                                     : g_strdup (_("The deployment has not started"));
      break;
    case MUSTER_GAME_PHASE_ORDERS:
      now = describe_orders (self);
      break;
    case MUSTER_GAME_PHASE_ROUND:
      now = describe_round (self);
      break;
    case MUSTER_GAME_PHASE_NONE:
    default:
      now = g_strdup (self->problem != NULL ? self->problem : "");
      break;
    }

  /* Translators: the phase of the game, then where it stands in it */
  return g_strdup_printf (_("%s: %s"), phase_name (phase), now);
}

/* dice's rolls as a step that shows them as dice of an earlier game;
 * NULL when none was thrown. */
static MusterLogStep *
earlier_dice_step (MusterDice *dice)
{
  MusterLogStep *earlier;

  if (dice == NULL || muster_dice_get_n_rolls (dice) == 0)
    return NULL;

  earlier = muster_log_step_new (ACTION_EARLIER_DICE);
  for (guint i = 0; i < muster_dice_get_n_rolls (dice); i++)
    {
      const MusterRoll *roll = muster_dice_get_roll (dice, i);

      muster_log_step_add_die (earlier, roll->sides, roll->value, roll->manual,
                               roll->who != NULL && *roll->who != '\0' ? roll->who : NULL, roll->why);
    }

  return earlier;
}

void
muster_game_restart (MusterGame *self,
                     MusterDice *earlier)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);
  MusterLogStep *kept;

  g_return_if_fail (MUSTER_IS_GAME (self));
  g_return_if_fail (earlier == NULL || MUSTER_IS_DICE (earlier));

  kept = earlier_dice_step (earlier);
  if (kept != NULL)
    g_ptr_array_add (steps, kept);

  /* The layout's signal replays the game from this. */
  muster_layout_set_game_log_steps (self->layout, muster_system_get_id (self->system), steps);
}
