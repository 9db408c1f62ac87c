/* muster-game-ti4.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-game-private.h"

/* Twilight Imperium's round as far as initiative goes. Its players are
 * seats, named when the round starts and counted from 1 in the log. */

static const char * const card_ids[] = {
  [MUSTER_TI4_CARD_NONE] = "",
  [MUSTER_TI4_CARD_LEADERSHIP] = "leadership",
  [MUSTER_TI4_CARD_DIPLOMACY] = "diplomacy",
  [MUSTER_TI4_CARD_POLITICS] = "politics",
  [MUSTER_TI4_CARD_CONSTRUCTION] = "construction",
  [MUSTER_TI4_CARD_TRADE] = "trade",
  [MUSTER_TI4_CARD_WARFARE] = "warfare",
  [MUSTER_TI4_CARD_TECHNOLOGY] = "technology",
  [MUSTER_TI4_CARD_IMPERIAL] = "imperial",
};

static const char * const action_kinds[] = {
  [MUSTER_TI4_ACTION_TACTICAL] = "tactical",
  [MUSTER_TI4_ACTION_COMPONENT] = "component",
  [MUSTER_TI4_ACTION_STRATEGIC] = "strategic",
};

static gboolean
expect_round (MusterGame  *self,
              GError     **error)
{
  if (self->ti4 != NULL)
    return TRUE;

  return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("No round is under way: start one first"));
}

static gboolean
read_card (MusterLogStep  *step,
           MusterTi4Card  *card,
           GError        **error)
{
  const char *text = muster_game_read_string (step, "card", error);

  if (text == NULL)
    return FALSE;

  for (guint i = MUSTER_TI4_CARD_LEADERSHIP; i < G_N_ELEMENTS (card_ids); i++)
    if (strcmp (card_ids[i], text) == 0)
      {
        *card = (MusterTi4Card) i;
        return TRUE;
      }

  return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("“%s” is not a strategy card"), text);
}

/* A seat of the step's attribute name, 1-based in the log: FALSE, with
 * error, when it is none of the table's. */
static gboolean
read_seat (MusterGame     *self,
           MusterLogStep  *step,
           const char     *name,
           int            *seat,
           GError        **error)
{
  guint value;

  if (!muster_game_read_uint (step, name, 1, MUSTER_TI4_MAX_PLAYERS, &value, error))
    return FALSE;

  if (value > muster_ti4_round_get_n_players (self->ti4))
    return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("there is no seat %u at this table"), value);

  *seat = (int) value - 1;

  return TRUE;
}

/* As muster_game_check_actor(), for seats. */
static gboolean
check_seat (MusterGame     *self,
            MusterLogStep  *step,
            int            *seat,
            GError        **error)
{
  int active = muster_ti4_round_get_active_player (self->ti4);

  if (active == MUSTER_PLAYER_NONE)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_WRONG_PHASE, _("Not now: the round is over"));

  if (muster_log_step_get (step, "seat") == NULL && !muster_log_step_is_sealed (step))
    {
      if (active >= 0)
        muster_log_step_set_uint (step, "seat", (guint) active + 1);
      *seat = active;
      return TRUE;
    }

  if (muster_log_step_get (step, "seat") == NULL)
    {
      *seat = active;
      return TRUE;
    }

  return read_seat (self, step, "seat", seat, error);
}

static const char *
seat_name (MusterGame    *self,
           MusterLogStep *step)
{
  guint64 seat = 0;

  if (self->ti4 == NULL ||
      !g_ascii_string_to_unsigned (muster_log_step_get (step, "seat") != NULL ? muster_log_step_get (step, "seat") : "",
                                   10, 1, muster_ti4_round_get_n_players (self->ti4), &seat, NULL))
    return "";

  return muster_ti4_round_get_player_id (self->ti4, (int) seat - 1);
}

static gboolean
start_round_apply (MusterGame     *self,
                   MusterLogStep  *step,
                   GError        **error)
{
  g_autoptr(GPtrArray) seats = g_ptr_array_new ();
  g_autoptr(MusterTi4Round) round = NULL;
  guint speaker;

  if (self->kind != MUSTER_GAME_KIND_TI4)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_NO_GAME, _("This is not a game of Twilight Imperium"));

  if (!muster_game_read_uint (step, "speaker", 1, MUSTER_TI4_MAX_PLAYERS, &speaker, error))
    return FALSE;

  for (guint i = 0; i < muster_log_step_get_n_items (step); i++)
    {
      const MusterLogItem *item = muster_log_step_get_item (step, i);
      const char *name = muster_log_item_get (item, "name");

      if (g_strcmp0 (item->name, "seat") != 0 || name == NULL)
        return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("a seat has no name"));
      g_ptr_array_add (seats, (gpointer) name);
    }
  g_ptr_array_add (seats, NULL);

  round = muster_ti4_round_new ((const char * const *) seats->pdata, (int) speaker - 1, error);
  if (round == NULL)
    return FALSE;

  g_set_object (&self->ti4, round);

  return TRUE;
}

static char *
start_round_describe (MusterGame    *self,
                      MusterLogStep *step)
{
  guint n = muster_log_step_get_n_items (step);
  guint64 speaker = 0;
  const char *name = "";

  if (g_ascii_string_to_unsigned (muster_log_step_get (step, "speaker") != NULL ? muster_log_step_get (step, "speaker") : "",
                                  10, 1, n, &speaker, NULL))
    name = muster_log_item_get (muster_log_step_get_item (step, (guint) speaker - 1), "name");

  /* Translators: the number of players, then the speaker's name */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A round began with %u player; %s is the speaker",
                                       "A round began with %u players; %s is the speaker", n),
                          n, name != NULL ? name : "");
}

gboolean
muster_game_ti4_start (MusterGame          *self,
                       const char * const  *seats,
                       int                  speaker,
                       GError             **error)
{
  MusterLogStep *step;
  guint n;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);
  g_return_val_if_fail (seats != NULL, FALSE);

  n = g_strv_length ((char **) seats);
  if (speaker < 0 || (guint) speaker >= n)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("The speaker must be one of the players"));

  step = muster_log_step_new ("start-round");
  muster_log_step_set_uint (step, "speaker", (guint) speaker + 1);
  for (guint i = 0; i < n; i++)
    {
      const char *attrs[] = { "name", seats[i], NULL };

      muster_log_step_add_item (step, "seat", attrs);
    }

  return muster_game_take (self, step, error);
}

static gboolean
pick_apply (MusterGame     *self,
            MusterLogStep  *step,
            GError        **error)
{
  MusterTi4Card card = MUSTER_TI4_CARD_NONE;
  int seat = MUSTER_PLAYER_NONE;

  if (!expect_round (self, error) || !read_card (step, &card, error) || !check_seat (self, step, &seat, error))
    return FALSE;

  return muster_ti4_round_pick_card (self->ti4, seat, card, error);
}

static MusterTi4Card
card_of (MusterLogStep *step)
{
  MusterTi4Card card = MUSTER_TI4_CARD_NONE;

  read_card (step, &card, NULL);

  return card;
}

static char *
pick_describe (MusterGame    *self,
               MusterLogStep *step)
{
  /* Translators: a player's name, then a strategy card's */
  return g_strdup_printf (_("%s picked %s"), seat_name (self, step), muster_ti4_card_get_name (card_of (step)));
}

gboolean
muster_game_ti4_pick (MusterGame     *self,
                      MusterTi4Card   card,
                      GError        **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (card < MUSTER_TI4_CARD_LEADERSHIP || card > MUSTER_TI4_CARD_IMPERIAL)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("That is not a strategy card"));

  step = muster_log_step_new ("pick-card");
  muster_log_step_set (step, "card", card_ids[card]);

  return muster_game_take (self, step, error);
}

static gboolean
naalu_apply (MusterGame     *self,
             MusterLogStep  *step,
             GError        **error)
{
  const char *holder;
  int seat = MUSTER_PLAYER_NONE;

  if (!expect_round (self, error) || (holder = muster_game_read_string (step, "holder", error)) == NULL)
    return FALSE;

  if (strcmp (holder, "none") != 0 && !read_seat (self, step, "holder", &seat, error))
    return FALSE;

  return muster_ti4_round_set_naalu_token (self->ti4, seat, error);
}

static char *
naalu_describe (MusterGame    *self,
                MusterLogStep *step)
{
  guint64 seat = 0;

  if (self->ti4 != NULL &&
      g_ascii_string_to_unsigned (muster_log_step_get (step, "holder") != NULL ? muster_log_step_get (step, "holder") : "",
                                  10, 1, muster_ti4_round_get_n_players (self->ti4), &seat, NULL))
    /* Translators: a player's name */
    return g_strdup_printf (_("%s holds the Naalu “0” token"), muster_ti4_round_get_player_id (self->ti4, (int) seat - 1));

  return g_strdup (_("Nobody holds the Naalu “0” token"));
}

gboolean
muster_game_ti4_naalu (MusterGame  *self,
                       int          seat,
                       GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  step = muster_log_step_new ("naalu");
  if (seat >= 0)
    muster_log_step_set_uint (step, "holder", (guint) seat + 1);
  else
    muster_log_step_set (step, "holder", "none");

  return muster_game_take (self, step, error);
}

static gboolean
action_apply (MusterGame     *self,
              MusterLogStep  *step,
              GError        **error)
{
  const char *kind_text;
  MusterTi4Card card = MUSTER_TI4_CARD_NONE;
  int seat;

  if (!expect_round (self, error) || (kind_text = muster_game_read_string (step, "kind", error)) == NULL ||
      !check_seat (self, step, &seat, error))
    return FALSE;

  for (guint kind = 0; kind < G_N_ELEMENTS (action_kinds); kind++)
    if (strcmp (action_kinds[kind], kind_text) == 0)
      {
        if (kind == MUSTER_TI4_ACTION_STRATEGIC && !read_card (step, &card, error))
          return FALSE;

        return muster_ti4_round_take_action (self->ti4, seat, (MusterTi4ActionKind) kind, card, error);
      }

  return muster_game_refuse (error, MUSTER_GAME_ERROR_STEP, _("“%s” is not a kind of action"), kind_text);
}

static char *
action_describe (MusterGame    *self,
                 MusterLogStep *step)
{
  const char *kind = muster_log_step_get (step, "kind");

  /* Translators: a player's name */
  if (g_strcmp0 (kind, "tactical") == 0)
    return g_strdup_printf (_("%s took a tactical action"), seat_name (self, step));
  /* Translators: a player's name */
  if (g_strcmp0 (kind, "component") == 0)
    return g_strdup_printf (_("%s took a component action"), seat_name (self, step));

  /* Translators: a player's name, then a strategy card's */
  return g_strdup_printf (_("%s took the strategic action of %s"), seat_name (self, step),
                          muster_ti4_card_get_name (card_of (step)));
}

gboolean
muster_game_ti4_action (MusterGame           *self,
                        MusterTi4ActionKind   kind,
                        MusterTi4Card         card,
                        GError              **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (kind > MUSTER_TI4_ACTION_STRATEGIC)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("That is not a kind of action"));
  if (kind == MUSTER_TI4_ACTION_STRATEGIC && (card < MUSTER_TI4_CARD_LEADERSHIP || card > MUSTER_TI4_CARD_IMPERIAL))
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("That is not a strategy card"));

  step = muster_log_step_new ("take-action");
  muster_log_step_set (step, "kind", action_kinds[kind]);
  if (kind == MUSTER_TI4_ACTION_STRATEGIC)
    muster_log_step_set (step, "card", card_ids[card]);

  return muster_game_take (self, step, error);
}

static gboolean
pass_apply (MusterGame     *self,
            MusterLogStep  *step,
            GError        **error)
{
  int seat = MUSTER_PLAYER_NONE;

  if (!expect_round (self, error) || !check_seat (self, step, &seat, error))
    return FALSE;

  return muster_ti4_round_pass (self->ti4, seat, error);
}

static char *
pass_describe (MusterGame    *self,
               MusterLogStep *step)
{
  /* Translators: a player's name */
  return g_strdup_printf (_("%s passed"), seat_name (self, step));
}

gboolean
muster_game_ti4_pass (MusterGame  *self,
                      GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return muster_game_take (self, muster_log_step_new ("pass"), error);
}

static gboolean
status_step_apply (MusterGame     *self,
                   MusterLogStep  *step,
                   GError        **error)
{
  int seat = MUSTER_PLAYER_NONE;

  if (!expect_round (self, error) || !check_seat (self, step, &seat, error))
    return FALSE;

  return muster_ti4_round_finish_status_step (self->ti4, seat, error);
}

static char *
status_step_describe (MusterGame    *self,
                      MusterLogStep *step)
{
  /* Translators: a player's name */
  return g_strdup_printf (_("%s finished their status phase step"), seat_name (self, step));
}

gboolean
muster_game_ti4_finish_status_step (MusterGame  *self,
                                    GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  return muster_game_take (self, muster_log_step_new ("finish-status-step"), error);
}

static gboolean
next_round_apply (MusterGame     *self,
                  MusterLogStep  *step,
                  GError        **error)
{
  int speaker = MUSTER_PLAYER_NONE;

  if (!expect_round (self, error) || !read_seat (self, step, "speaker", &speaker, error))
    return FALSE;

  return muster_ti4_round_start_next_round (self->ti4, speaker, error);
}

static char *
next_round_describe (MusterGame    *self,
                     MusterLogStep *step)
{
  guint64 seat = 0;

  if (self->ti4 == NULL ||
      !g_ascii_string_to_unsigned (muster_log_step_get (step, "speaker") != NULL ? muster_log_step_get (step, "speaker") : "",
                                   10, 1, muster_ti4_round_get_n_players (self->ti4), &seat, NULL))
    return NULL;

  /* Translators: a player's name */
  return g_strdup_printf (_("A new round began; %s is the speaker"), muster_ti4_round_get_player_id (self->ti4, (int) seat - 1));
}

gboolean
muster_game_ti4_next_round (MusterGame  *self,
                            int          speaker,
                            GError     **error)
{
  MusterLogStep *step;

  g_return_val_if_fail (MUSTER_IS_GAME (self), FALSE);

  if (speaker < 0 || speaker >= MUSTER_TI4_MAX_PLAYERS)
    return muster_game_refuse (error, MUSTER_GAME_ERROR_INVALID, _("The speaker must be one of the players"));

  step = muster_log_step_new ("next-round");
  muster_log_step_set_uint (step, "speaker", (guint) speaker + 1);

  return muster_game_take (self, step, error);
}

const MusterGameAction muster_game_ti4_actions[] = {
  { "start-round",        start_round_apply,  start_round_describe },
  { "pick-card",          pick_apply,         pick_describe },
  { "naalu",              naalu_apply,        naalu_describe },
  { "take-action",        action_apply,       action_describe },
  { "pass",               pass_apply,         pass_describe },
  { "finish-status-step", status_step_apply,  status_step_describe },
  { "next-round",         next_round_apply,   next_round_describe },
};
const guint muster_game_n_ti4_actions = G_N_ELEMENTS (muster_game_ti4_actions);
