/* test-ti4.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-ti4"

#include "config.h"

#include <locale.h>

#include "muster-ti4.h"

#define assert_refused(call, code)                      \
  G_STMT_START {                                        \
    g_autoptr(GError) _error = NULL;                    \
    g_assert_false (call);                              \
    g_assert_error (_error, MUSTER_TI4_ERROR, code);    \
    g_test_message ("refused: %s", _error->message);    \
  } G_STMT_END

#define assert_ok(call)                                 \
  G_STMT_START {                                        \
    g_autoptr(GError) _error = NULL;                    \
    gboolean _ok = call;                                \
    g_assert_no_error (_error);                         \
    g_assert_true (_ok);                                \
  } G_STMT_END

#define pick(round, player, card) \
  assert_ok (muster_ti4_round_pick_card (round, player, card, &_error))
#define action(round, player, kind, card) \
  assert_ok (muster_ti4_round_take_action (round, player, kind, card, &_error))
#define pass(round, player) \
  assert_ok (muster_ti4_round_pass (round, player, &_error))

static void
assert_order (MusterTi4Round *round,
              const int      *expected,
              guint           n_expected)
{
  guint n = 0;
  const int *order = muster_ti4_round_get_initiative_order (round, &n);

  g_assert_nonnull (order);
  g_assert_cmpuint (n, ==, n_expected);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (order[i], ==, expected[i]);
}

static void
count_change (MusterTi4Round *round,
              guint          *count)
{
  (*count)++;
}

enum { A, B, C, D, E, F, G, H };

static void
test_four_players_lower_card (void)
{
  static const char * const ids[] = { "ana", "ben", "cai", "dee", NULL };
  static const int expected[] = { B, C, D, A };
  g_autoptr(GError) error = NULL;
  MusterTi4Round *round = muster_ti4_round_new (ids, B, &error);
  guint changes = 0;

  g_assert_no_error (error);
  g_signal_connect (round, "changed", G_CALLBACK (count_change), &changes);

  g_assert_cmpuint (muster_ti4_round_get_n_players (round), ==, 4);
  g_assert_cmpstr (muster_ti4_round_get_player_id (round, C), ==, "cai");
  g_assert_cmpuint (muster_ti4_round_get_round (round), ==, 1);
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_STRATEGY);
  g_assert_cmpint (muster_ti4_round_get_speaker (round), ==, B);
  g_assert_cmpuint (muster_ti4_round_get_cards_per_player (round), ==, 2);
  g_assert_null (muster_ti4_round_get_initiative_order (round, NULL));
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, A), ==, MUSTER_TI4_INITIATIVE_UNKNOWN);

  /* The speaker picks first, then clockwise, twice round the table. */
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, B);
  assert_refused (muster_ti4_round_pick_card (round, A, MUSTER_TI4_CARD_LEADERSHIP, &_error),
                  MUSTER_TI4_ERROR_OUT_OF_TURN);
  assert_refused (muster_ti4_round_pick_card (round, B, 9, &_error), MUSTER_TI4_ERROR_INVALID);
  assert_refused (muster_ti4_round_pick_card (round, B, MUSTER_TI4_CARD_NONE, &_error),
                  MUSTER_TI4_ERROR_INVALID);
  pick (round, B, MUSTER_TI4_CARD_IMPERIAL);
  pick (round, C, MUSTER_TI4_CARD_DIPLOMACY);
  assert_refused (muster_ti4_round_pick_card (round, D, MUSTER_TI4_CARD_DIPLOMACY, &_error),
                  MUSTER_TI4_ERROR_CARD_TAKEN);
  pick (round, D, MUSTER_TI4_CARD_POLITICS);
  pick (round, A, MUSTER_TI4_CARD_TECHNOLOGY);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, B);
  /* With one card, it counts. */
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, B), ==, 8);
  pick (round, B, MUSTER_TI4_CARD_LEADERSHIP);
  pick (round, C, MUSTER_TI4_CARD_WARFARE);
  pick (round, D, MUSTER_TI4_CARD_TRADE);
  g_assert_false (muster_ti4_round_is_card_available (round, MUSTER_TI4_CARD_TRADE));
  g_assert_true (muster_ti4_round_is_card_available (round, MUSTER_TI4_CARD_CONSTRUCTION));
  pick (round, A, MUSTER_TI4_CARD_CONSTRUCTION);

  /* Ben holds Imperial (8) and Leadership (1): only the lower counts. */
  g_assert_cmpuint (muster_ti4_round_get_n_cards (round, B), ==, 2);
  g_assert_cmpint (muster_ti4_round_get_card (round, B, 0), ==, MUSTER_TI4_CARD_IMPERIAL);
  g_assert_cmpint (muster_ti4_round_get_card (round, B, 1), ==, MUSTER_TI4_CARD_LEADERSHIP);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, B), ==, 1);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, C), ==, 2);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, D), ==, 3);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, A), ==, 4);
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_ACTION);
  assert_order (round, expected, 4);

  assert_refused (muster_ti4_round_pick_card (round, B, MUSTER_TI4_CARD_TRADE, &_error),
                  MUSTER_TI4_ERROR_WRONG_PHASE);
  assert_refused (muster_ti4_round_set_naalu_token (round, A, &_error), MUSTER_TI4_ERROR_WRONG_PHASE);

  /* Action phase, in initiative order. */
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, B);
  assert_refused (muster_ti4_round_take_action (round, A, MUSTER_TI4_ACTION_TACTICAL, 0, &_error),
                  MUSTER_TI4_ERROR_OUT_OF_TURN);
  assert_refused (muster_ti4_round_pass (round, B, &_error), MUSTER_TI4_ERROR_MUST_USE_CARD);
  assert_refused (muster_ti4_round_take_action (round, B, MUSTER_TI4_ACTION_STRATEGIC,
                                                MUSTER_TI4_CARD_DIPLOMACY, &_error),
                  MUSTER_TI4_ERROR_NOT_YOUR_CARD);
  action (round, B, MUSTER_TI4_ACTION_STRATEGIC, MUSTER_TI4_CARD_LEADERSHIP);
  g_assert_true (muster_ti4_round_is_card_used (round, MUSTER_TI4_CARD_LEADERSHIP));
  action (round, C, MUSTER_TI4_ACTION_TACTICAL, 0);
  action (round, D, MUSTER_TI4_ACTION_COMPONENT, 0);
  action (round, A, MUSTER_TI4_ACTION_STRATEGIC, MUSTER_TI4_CARD_TECHNOLOGY);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, B);
  assert_refused (muster_ti4_round_take_action (round, B, MUSTER_TI4_ACTION_STRATEGIC,
                                                MUSTER_TI4_CARD_LEADERSHIP, &_error),
                  MUSTER_TI4_ERROR_CARD_USED);
  action (round, B, MUSTER_TI4_ACTION_STRATEGIC, MUSTER_TI4_CARD_IMPERIAL);
  action (round, C, MUSTER_TI4_ACTION_STRATEGIC, MUSTER_TI4_CARD_DIPLOMACY);
  action (round, D, MUSTER_TI4_ACTION_STRATEGIC, MUSTER_TI4_CARD_POLITICS);
  action (round, A, MUSTER_TI4_ACTION_STRATEGIC, MUSTER_TI4_CARD_CONSTRUCTION);

  /* Ben has used both cards and passes; he is skipped from now on. */
  pass (round, B);
  g_assert_true (muster_ti4_round_has_passed (round, B));
  assert_refused (muster_ti4_round_pass (round, C, &_error), MUSTER_TI4_ERROR_MUST_USE_CARD);
  action (round, C, MUSTER_TI4_ACTION_STRATEGIC, MUSTER_TI4_CARD_WARFARE);
  action (round, D, MUSTER_TI4_ACTION_STRATEGIC, MUSTER_TI4_CARD_TRADE);
  pass (round, A);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, C);
  pass (round, C);
  /* Dee alone: her turns follow each other. */
  action (round, D, MUSTER_TI4_ACTION_TACTICAL, 0);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, D);
  pass (round, D);

  /* Status phase, in initiative order. */
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_STATUS);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, B);
  assert_refused (muster_ti4_round_pass (round, B, &_error), MUSTER_TI4_ERROR_WRONG_PHASE);
  assert_refused (muster_ti4_round_finish_status_step (round, C, &_error), MUSTER_TI4_ERROR_OUT_OF_TURN);
  assert_refused (muster_ti4_round_start_next_round (round, A, &_error), MUSTER_TI4_ERROR_WRONG_PHASE);
  assert_ok (muster_ti4_round_finish_status_step (round, B, &_error));
  assert_ok (muster_ti4_round_finish_status_step (round, C, &_error));
  assert_ok (muster_ti4_round_finish_status_step (round, D, &_error));
  assert_ok (muster_ti4_round_finish_status_step (round, A, &_error));
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_ROUND_OVER);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, MUSTER_PLAYER_NONE);
  assert_refused (muster_ti4_round_finish_status_step (round, A, &_error), MUSTER_TI4_ERROR_WRONG_PHASE);

  /* The next round starts from the new speaker, with fresh cards. */
  assert_refused (muster_ti4_round_start_next_round (round, 4, &_error), MUSTER_TI4_ERROR_PLAYERS);
  assert_ok (muster_ti4_round_start_next_round (round, D, &_error));
  g_assert_cmpuint (muster_ti4_round_get_round (round), ==, 2);
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_STRATEGY);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, D);
  g_assert_cmpuint (muster_ti4_round_get_n_cards (round, B), ==, 0);
  g_assert_false (muster_ti4_round_has_passed (round, B));
  g_assert_false (muster_ti4_round_is_card_used (round, MUSTER_TI4_CARD_LEADERSHIP));
  g_assert_true (muster_ti4_round_is_card_available (round, MUSTER_TI4_CARD_LEADERSHIP));

  /* 8 picks, 11 actions, 4 passes, 4 status steps, 1 new round */
  g_assert_cmpuint (changes, ==, 8 + 11 + 4 + 4 + 1);

  g_assert_finalize_object (round);
}

static void
test_naalu_token_beats_card_one (void)
{
  static const char * const ids[] = { "naalu", "hacan", "sol", "jol-nar", "xxcha", "yin", NULL };
  static const int expected[] = { A, C, D, E, F, B };
  g_autoptr(MusterTi4Round) round = muster_ti4_round_new (ids, A, NULL);

  g_assert_cmpuint (muster_ti4_round_get_cards_per_player (round), ==, 1);
  g_assert_cmpint (muster_ti4_round_get_naalu_token (round), ==, MUSTER_PLAYER_NONE);

  /* Naalu ends up with Imperial, Sol with Leadership. */
  pick (round, A, MUSTER_TI4_CARD_IMPERIAL);
  pick (round, B, MUSTER_TI4_CARD_TECHNOLOGY);
  pick (round, C, MUSTER_TI4_CARD_LEADERSHIP);
  pick (round, D, MUSTER_TI4_CARD_DIPLOMACY);
  pick (round, E, MUSTER_TI4_CARD_TRADE);
  /* Telepathic: the token goes on Naalu's card before the phase ends. */
  assert_ok (muster_ti4_round_set_naalu_token (round, A, &_error));
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, A), ==, MUSTER_TI4_NAALU_INITIATIVE);
  pick (round, F, MUSTER_TI4_CARD_WARFARE);

  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_ACTION);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, A), ==, 0);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, C), ==, 1);
  assert_order (round, expected, 6);
  g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, A);

  /* Unchosen cards (Politics, Construction) play no part. */
  g_assert_true (muster_ti4_round_is_card_available (round, MUSTER_TI4_CARD_POLITICS));

  /* Everybody uses their card and passes. */
  for (guint i = 0; i < 6; i++)
    {
      int player = expected[i];

      action (round, player, MUSTER_TI4_ACTION_STRATEGIC, muster_ti4_round_get_card (round, player, 0));
    }
  for (guint i = 0; i < 6; i++)
    pass (round, expected[i]);
  for (guint i = 0; i < 6; i++)
    assert_ok (muster_ti4_round_finish_status_step (round, expected[i], &_error));
  assert_ok (muster_ti4_round_start_next_round (round, B, &_error));

  /* The token stays with its holder; here the Gift of Prescience moves it. */
  g_assert_cmpint (muster_ti4_round_get_naalu_token (round), ==, A);
  assert_ok (muster_ti4_round_set_naalu_token (round, F, &_error));
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, F), ==, 0);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, A), ==, MUSTER_TI4_INITIATIVE_UNKNOWN);
  assert_ok (muster_ti4_round_set_naalu_token (round, MUSTER_PLAYER_NONE, &_error));
  g_assert_cmpint (muster_ti4_round_get_naalu_token (round), ==, MUSTER_PLAYER_NONE);
}

static void
test_three_players (void)
{
  static const char * const ids[] = { "a", "b", "c", NULL };
  static const int expected[] = { C, A, B };
  g_autoptr(MusterTi4Round) round = muster_ti4_round_new (ids, C, NULL);

  g_assert_cmpuint (muster_ti4_round_get_cards_per_player (round), ==, 2);
  pick (round, C, MUSTER_TI4_CARD_TRADE);
  pick (round, A, MUSTER_TI4_CARD_WARFARE);
  pick (round, B, MUSTER_TI4_CARD_IMPERIAL);
  pick (round, C, MUSTER_TI4_CARD_LEADERSHIP);
  pick (round, A, MUSTER_TI4_CARD_POLITICS);
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_STRATEGY);
  pick (round, B, MUSTER_TI4_CARD_TECHNOLOGY);

  /* Six of eight cards chosen: c 5+1 → 1, a 6+3 → 3, b 8+7 → 7. */
  g_assert_cmpint (muster_ti4_round_get_phase (round), ==, MUSTER_TI4_PHASE_ACTION);
  g_assert_cmpuint (muster_ti4_round_get_initiative (round, B), ==, 7);
  assert_order (round, expected, 3);
  g_assert_true (muster_ti4_round_is_card_available (round, MUSTER_TI4_CARD_DIPLOMACY));
  g_assert_true (muster_ti4_round_is_card_available (round, MUSTER_TI4_CARD_CONSTRUCTION));
  g_assert_false (muster_ti4_round_is_card_available (round, 0));
}

static void
test_eight_players (void)
{
  static const char * const ids[] = { "p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", NULL };
  static const int expected[] = { H, G, F, E, D, C, B, A };
  g_autoptr(MusterTi4Round) round = muster_ti4_round_new (ids, E, NULL);

  g_assert_cmpuint (muster_ti4_round_get_cards_per_player (round), ==, 1);

  /* Picking from E round to D; each takes the card numbered 8 - seat. */
  for (guint i = 0; i < 8; i++)
    {
      int player = (E + i) % 8;

      g_assert_cmpint (muster_ti4_round_get_active_player (round), ==, player);
      pick (round, player, 8 - player);
    }

  assert_order (round, expected, 8);
}

static void
test_players (void)
{
  static const char * const two[] = { "a", "b", NULL };
  static const char * const nine[] = { "a", "b", "c", "d", "e", "f", "g", "h", "i", NULL };
  static const char * const twice[] = { "a", "b", "a", NULL };
  static const char * const five[] = { "a", "b", "c", "d", "e", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterTi4Round) round = NULL;

  g_assert_null (muster_ti4_round_new (two, 0, &error));
  g_assert_error (error, MUSTER_TI4_ERROR, MUSTER_TI4_ERROR_PLAYERS);
  g_clear_error (&error);
  g_assert_null (muster_ti4_round_new (nine, 0, &error));
  g_assert_error (error, MUSTER_TI4_ERROR, MUSTER_TI4_ERROR_PLAYERS);
  g_clear_error (&error);
  g_assert_null (muster_ti4_round_new (twice, 0, &error));
  g_assert_error (error, MUSTER_TI4_ERROR, MUSTER_TI4_ERROR_PLAYERS);
  g_clear_error (&error);
  g_assert_null (muster_ti4_round_new (five, 5, &error));
  g_assert_error (error, MUSTER_TI4_ERROR, MUSTER_TI4_ERROR_PLAYERS);
  g_clear_error (&error);
  g_assert_null (muster_ti4_round_new (five, -1, &error));
  g_assert_error (error, MUSTER_TI4_ERROR, MUSTER_TI4_ERROR_PLAYERS);
  g_clear_error (&error);

  round = muster_ti4_round_new (five, 4, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_ti4_round_get_cards_per_player (round), ==, 1);

  /* Nothing of the later phases happens in the strategy phase. */
  assert_refused (muster_ti4_round_take_action (round, 4, MUSTER_TI4_ACTION_TACTICAL, 0, &_error),
                  MUSTER_TI4_ERROR_WRONG_PHASE);
  assert_refused (muster_ti4_round_pass (round, 4, &_error), MUSTER_TI4_ERROR_WRONG_PHASE);
  assert_refused (muster_ti4_round_finish_status_step (round, 4, &_error), MUSTER_TI4_ERROR_WRONG_PHASE);
}

static void
test_card_names (void)
{
  g_assert_cmpstr (muster_ti4_card_get_name (MUSTER_TI4_CARD_LEADERSHIP), ==, "Leadership");
  g_assert_cmpstr (muster_ti4_card_get_name (MUSTER_TI4_CARD_CONSTRUCTION), ==, "Construction");
  g_assert_cmpstr (muster_ti4_card_get_name (MUSTER_TI4_CARD_IMPERIAL), ==, "Imperial");
  g_assert_null (muster_ti4_card_get_name (MUSTER_TI4_CARD_NONE));
  g_assert_null (muster_ti4_card_get_name (9));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/ti4/four-players-lower-card", test_four_players_lower_card);
  g_test_add_func ("/core/ti4/naalu-token-beats-card-one", test_naalu_token_beats_card_one);
  g_test_add_func ("/core/ti4/three-players", test_three_players);
  g_test_add_func ("/core/ti4/eight-players", test_eight_players);
  g_test_add_func ("/core/ti4/players", test_players);
  g_test_add_func ("/core/ti4/card-names", test_card_names);

  return g_test_run ();
}
