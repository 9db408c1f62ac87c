/* muster-ti4.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-ti4"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-ti4.h"

#define IS_CARD(c) ((c) >= MUSTER_TI4_CARD_LEADERSHIP && (c) <= MUSTER_TI4_CARD_IMPERIAL)

typedef struct
{
  char          *id;
  MusterTi4Card  cards[2];
  guint          n_cards;
  gboolean       passed;
} Player;

struct _MusterTi4Round
{
  GObject         parent_instance;

  Player          players[MUSTER_TI4_MAX_PLAYERS];
  guint           n_players;
  guint           round;
  MusterTi4Phase  phase;
  int             speaker;
  int             naalu;
  guint           picks;                                   /* made this strategy phase */
  int             holder[MUSTER_TI4_N_STRATEGY_CARDS + 1]; /* card → player */
  gboolean        used[MUSTER_TI4_N_STRATEGY_CARDS + 1];
  int             order[MUSTER_TI4_MAX_PLAYERS];           /* initiative order */
  guint           turn;                                    /* index into order */
};

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterTi4Round, muster_ti4_round, G_TYPE_OBJECT)
G_DEFINE_QUARK (muster-ti4-error-quark, muster_ti4_error)

static gboolean refuse (GError     **error,
                        int          code,
                        const char  *format,
                        ...) G_GNUC_PRINTF (3, 4);

static gboolean
refuse (GError     **error,
        int          code,
        const char  *format,
        ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (MUSTER_TI4_ERROR, code, format, args));
  va_end (args);

  return FALSE;
}

static const char * const card_names[] = {
  NULL,
  N_("Leadership"),
  N_("Diplomacy"),
  N_("Politics"),
  N_("Construction"),
  N_("Trade"),
  N_("Warfare"),
  N_("Technology"),
  N_("Imperial"),
};

const char *
muster_ti4_card_get_name (MusterTi4Card card)
{
  if (!IS_CARD (card))
    return NULL;

  return _(card_names[card]);
}

static void
muster_ti4_round_finalize (GObject *object)
{
  MusterTi4Round *self = (MusterTi4Round *)object;

  for (guint i = 0; i < self->n_players; i++)
    g_clear_pointer (&self->players[i].id, g_free);

  G_OBJECT_CLASS (muster_ti4_round_parent_class)->finalize (object);
}

static void
muster_ti4_round_class_init (MusterTi4RoundClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_ti4_round_finalize;

  /**
   * MusterTi4Round::changed:
   *
   * Emitted after every accepted action.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
muster_ti4_round_init (MusterTi4Round *self)
{
  self->naalu = MUSTER_PLAYER_NONE;
}

/* A fresh strategy phase. */
static void
begin_round (MusterTi4Round *self,
             int             speaker)
{
  self->round++;
  self->phase = MUSTER_TI4_PHASE_STRATEGY;
  self->speaker = speaker;
  self->picks = 0;
  self->turn = 0;

  for (guint c = 0; c <= MUSTER_TI4_N_STRATEGY_CARDS; c++)
    {
      self->holder[c] = MUSTER_PLAYER_NONE;
      self->used[c] = FALSE;
    }

  for (guint i = 0; i < self->n_players; i++)
    {
      self->players[i].n_cards = 0;
      self->players[i].cards[0] = self->players[i].cards[1] = MUSTER_TI4_CARD_NONE;
      self->players[i].passed = FALSE;
      self->order[i] = (int) i;
    }
}

MusterTi4Round *
muster_ti4_round_new (const char * const  *player_ids,
                      int                  speaker,
                      GError             **error)
{
  MusterTi4Round *self;
  guint n;

  g_return_val_if_fail (player_ids != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n = g_strv_length ((char **) player_ids);
  if (n < MUSTER_TI4_MIN_PLAYERS || n > MUSTER_TI4_MAX_PLAYERS)
    {
      refuse (error, MUSTER_TI4_ERROR_PLAYERS,
              _("Twilight Imperium is played by %u to %u players, not %u"),
              MUSTER_TI4_MIN_PLAYERS, MUSTER_TI4_MAX_PLAYERS, n);
      return NULL;
    }

  if (speaker < 0 || (guint) speaker >= n)
    {
      refuse (error, MUSTER_TI4_ERROR_PLAYERS, _("The speaker must be one of the players"));
      return NULL;
    }

  for (guint i = 0; i < n; i++)
    {
      for (guint j = 0; j < i; j++)
        {
          if (g_strcmp0 (player_ids[i], player_ids[j]) == 0)
            {
              refuse (error, MUSTER_TI4_ERROR_PLAYERS,
                      _("“%s” sits at the table twice"), player_ids[i]);
              return NULL;
            }
        }
    }

  self = g_object_new (MUSTER_TYPE_TI4_ROUND, NULL);
  self->n_players = n;
  for (guint i = 0; i < n; i++)
    self->players[i].id = g_strdup (player_ids[i]);

  begin_round (self, speaker);

  return self;
}

#define IS_PLAYER(self, p) ((p) >= 0 && (guint) (p) < (self)->n_players)

guint
muster_ti4_round_get_n_players (MusterTi4Round *self)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), 0);

  return self->n_players;
}

const char *
muster_ti4_round_get_player_id (MusterTi4Round *self,
                                int             player)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), NULL);
  g_return_val_if_fail (IS_PLAYER (self, player), NULL);

  return self->players[player].id;
}

guint
muster_ti4_round_get_round (MusterTi4Round *self)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), 0);

  return self->round;
}

MusterTi4Phase
muster_ti4_round_get_phase (MusterTi4Round *self)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), MUSTER_TI4_PHASE_STRATEGY);

  return self->phase;
}

int
muster_ti4_round_get_speaker (MusterTi4Round *self)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), MUSTER_PLAYER_NONE);

  return self->speaker;
}

guint
muster_ti4_round_get_cards_per_player (MusterTi4Round *self)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), 0);

  return self->n_players <= 4 ? 2 : 1;
}

int
muster_ti4_round_get_active_player (MusterTi4Round *self)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), MUSTER_PLAYER_NONE);

  switch (self->phase)
    {
    case MUSTER_TI4_PHASE_STRATEGY:
      return (int) ((self->speaker + self->picks) % self->n_players);

    case MUSTER_TI4_PHASE_ACTION:
    case MUSTER_TI4_PHASE_STATUS:
      return self->order[self->turn];

    case MUSTER_TI4_PHASE_ROUND_OVER:
      return MUSTER_PLAYER_NONE;

    default:
      g_assert_not_reached ();
    }
}

static void
emit_changed (MusterTi4Round *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
expect_phase (MusterTi4Round  *self,
              MusterTi4Phase   phase,
              GError         **error)
{
  if (self->phase == phase)
    return TRUE;

  switch (phase)
    {
    case MUSTER_TI4_PHASE_STRATEGY:
      return refuse (error, MUSTER_TI4_ERROR_WRONG_PHASE,
                     _("Not now: this belongs to the strategy phase"));

    case MUSTER_TI4_PHASE_ACTION:
      return refuse (error, MUSTER_TI4_ERROR_WRONG_PHASE,
                     _("Not now: this belongs to the action phase"));

    case MUSTER_TI4_PHASE_STATUS:
      return refuse (error, MUSTER_TI4_ERROR_WRONG_PHASE,
                     _("Not now: this belongs to the status phase"));

    case MUSTER_TI4_PHASE_ROUND_OVER:
      return refuse (error, MUSTER_TI4_ERROR_WRONG_PHASE,
                     _("Not now: the round is not over"));

    default:
      g_assert_not_reached ();
    }
}

static gboolean
expect_active (MusterTi4Round  *self,
               int              player,
               GError         **error)
{
  int active = muster_ti4_round_get_active_player (self);

  if (player == active)
    return TRUE;

  return refuse (error, MUSTER_TI4_ERROR_OUT_OF_TURN,
                 _("It is %s’s turn, not %s’s"),
                 self->players[active].id, self->players[player].id);
}

static gboolean
check_card (MusterTi4Card   card,
            GError        **error)
{
  if (IS_CARD (card))
    return TRUE;

  return refuse (error, MUSTER_TI4_ERROR_INVALID,
                 _("%d is not a strategy card (1 to %u)"), (int) card, MUSTER_TI4_N_STRATEGY_CARDS);
}

guint
muster_ti4_round_get_initiative (MusterTi4Round *self,
                                 int             player)
{
  const Player *p;

  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), MUSTER_TI4_INITIATIVE_UNKNOWN);
  g_return_val_if_fail (IS_PLAYER (self, player), MUSTER_TI4_INITIATIVE_UNKNOWN);

  if (player == self->naalu)
    return MUSTER_TI4_NAALU_INITIATIVE;

  p = &self->players[player];
  if (p->n_cards == 0)
    return MUSTER_TI4_INITIATIVE_UNKNOWN;

  /* With two cards, only the lower counts. */
  if (p->n_cards == 2)
    return MIN (p->cards[0], p->cards[1]);

  return p->cards[0];
}

static int
compare_initiative (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  MusterTi4Round *self = user_data;
  guint ia = muster_ti4_round_get_initiative (self, *(const int *) a);
  guint ib = muster_ti4_round_get_initiative (self, *(const int *) b);

  return ia < ib ? -1 : ia > ib ? 1 : 0;
}

static void
compute_order (MusterTi4Round *self)
{
  for (guint i = 0; i < self->n_players; i++)
    self->order[i] = (int) i;

  /* Initiatives are distinct (one holder per card, one token), so the
   * order does not depend on the sort's stability. */
  g_qsort_with_data (self->order, (int) self->n_players, sizeof (int), compare_initiative, self);
}

gboolean
muster_ti4_round_pick_card (MusterTi4Round  *self,
                            int              player,
                            MusterTi4Card    card,
                            GError         **error)
{
  Player *p;

  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (self, player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_phase (self, MUSTER_TI4_PHASE_STRATEGY, error) ||
      !expect_active (self, player, error) ||
      !check_card (card, error))
    return FALSE;

  if (self->holder[card] != MUSTER_PLAYER_NONE)
    return refuse (error, MUSTER_TI4_ERROR_CARD_TAKEN,
                   _("%s has already chosen %s"),
                   self->players[self->holder[card]].id, muster_ti4_card_get_name (card));

  p = &self->players[player];
  p->cards[p->n_cards++] = card;
  self->holder[card] = player;
  self->picks++;

  if (self->picks == self->n_players * muster_ti4_round_get_cards_per_player (self))
    {
      compute_order (self);
      self->phase = MUSTER_TI4_PHASE_ACTION;
      self->turn = 0;
    }

  emit_changed (self);

  return TRUE;
}

gboolean
muster_ti4_round_is_card_available (MusterTi4Round *self,
                                    MusterTi4Card   card)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), FALSE);

  return IS_CARD (card) && self->holder[card] == MUSTER_PLAYER_NONE;
}

guint
muster_ti4_round_get_n_cards (MusterTi4Round *self,
                              int             player)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), 0);
  g_return_val_if_fail (IS_PLAYER (self, player), 0);

  return self->players[player].n_cards;
}

MusterTi4Card
muster_ti4_round_get_card (MusterTi4Round *self,
                           int             player,
                           guint           index)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), MUSTER_TI4_CARD_NONE);
  g_return_val_if_fail (IS_PLAYER (self, player), MUSTER_TI4_CARD_NONE);
  g_return_val_if_fail (index < self->players[player].n_cards, MUSTER_TI4_CARD_NONE);

  return self->players[player].cards[index];
}

gboolean
muster_ti4_round_set_naalu_token (MusterTi4Round  *self,
                                  int              player,
                                  GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), FALSE);
  g_return_val_if_fail (player == MUSTER_PLAYER_NONE || IS_PLAYER (self, player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_phase (self, MUSTER_TI4_PHASE_STRATEGY, error))
    return FALSE;

  self->naalu = player;
  emit_changed (self);

  return TRUE;
}

int
muster_ti4_round_get_naalu_token (MusterTi4Round *self)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), MUSTER_PLAYER_NONE);

  return self->naalu;
}

const int *
muster_ti4_round_get_initiative_order (MusterTi4Round *self,
                                       guint          *n_players)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), NULL);

  if (n_players != NULL)
    *n_players = 0;

  if (self->phase == MUSTER_TI4_PHASE_STRATEGY)
    return NULL;

  if (n_players != NULL)
    *n_players = self->n_players;

  return self->order;
}

/* The next player in initiative order after the current one who has not
 * passed; the status phase when everyone has. */
static void
next_turn (MusterTi4Round *self)
{
  for (guint step = 1; step <= self->n_players; step++)
    {
      guint index = (self->turn + step) % self->n_players;

      if (!self->players[self->order[index]].passed)
        {
          self->turn = index;
          return;
        }
    }

  self->phase = MUSTER_TI4_PHASE_STATUS;
  self->turn = 0;
}

gboolean
muster_ti4_round_take_action (MusterTi4Round       *self,
                              int                   player,
                              MusterTi4ActionKind   kind,
                              MusterTi4Card         card,
                              GError              **error)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (self, player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_phase (self, MUSTER_TI4_PHASE_ACTION, error) ||
      !expect_active (self, player, error))
    return FALSE;

  switch (kind)
    {
    case MUSTER_TI4_ACTION_STRATEGIC:
      if (!check_card (card, error))
        return FALSE;

      if (self->holder[card] != player)
        return refuse (error, MUSTER_TI4_ERROR_NOT_YOUR_CARD,
                       _("%s does not hold %s"),
                       self->players[player].id, muster_ti4_card_get_name (card));

      if (self->used[card])
        return refuse (error, MUSTER_TI4_ERROR_CARD_USED,
                       _("The strategic action of %s is already done this round"),
                       muster_ti4_card_get_name (card));

      self->used[card] = TRUE;
      break;

    case MUSTER_TI4_ACTION_TACTICAL:
    case MUSTER_TI4_ACTION_COMPONENT:
      break;

    default:
      g_return_val_if_reached (FALSE);
    }

  next_turn (self);
  emit_changed (self);

  return TRUE;
}

gboolean
muster_ti4_round_pass (MusterTi4Round  *self,
                       int              player,
                       GError         **error)
{
  const Player *p;

  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (self, player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_phase (self, MUSTER_TI4_PHASE_ACTION, error) ||
      !expect_active (self, player, error))
    return FALSE;

  p = &self->players[player];
  for (guint i = 0; i < p->n_cards; i++)
    if (!self->used[p->cards[i]])
      return refuse (error, MUSTER_TI4_ERROR_MUST_USE_CARD,
                     _("%s cannot pass before the strategic action of %s"),
                     p->id, muster_ti4_card_get_name (p->cards[i]));

  self->players[player].passed = TRUE;
  next_turn (self);
  emit_changed (self);

  return TRUE;
}

gboolean
muster_ti4_round_has_passed (MusterTi4Round *self,
                             int             player)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (self, player), FALSE);

  return self->players[player].passed;
}

gboolean
muster_ti4_round_is_card_used (MusterTi4Round *self,
                               MusterTi4Card   card)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), FALSE);

  return IS_CARD (card) && self->used[card];
}

gboolean
muster_ti4_round_finish_status_step (MusterTi4Round  *self,
                                     int              player,
                                     GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), FALSE);
  g_return_val_if_fail (IS_PLAYER (self, player), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_phase (self, MUSTER_TI4_PHASE_STATUS, error) ||
      !expect_active (self, player, error))
    return FALSE;

  self->turn++;
  if (self->turn == self->n_players)
    {
      self->phase = MUSTER_TI4_PHASE_ROUND_OVER;
      self->turn = 0;
    }

  emit_changed (self);

  return TRUE;
}

gboolean
muster_ti4_round_start_next_round (MusterTi4Round  *self,
                                   int              speaker,
                                   GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_TI4_ROUND (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!expect_phase (self, MUSTER_TI4_PHASE_ROUND_OVER, error))
    return FALSE;

  if (!IS_PLAYER (self, speaker))
    return refuse (error, MUSTER_TI4_ERROR_PLAYERS, _("The speaker must be one of the players"));

  begin_round (self, speaker);
  emit_changed (self);

  return TRUE;
}
