/* net-helpers.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <string.h>

#include "muster-game-net.h"
#include "muster-roster.h"
#include "muster-net-cert.h"
#include "muster-net-crypto.h"
#include "muster-net-secrets.h"
#include "muster-net-session.h"
#include "muster-test-tmp.h"

/* Two Musters in one process, a host and a guest, over a real TLS
 * WebSocket on 127.0.0.1: what test-net.c and test-net-armies.c share. */

#define IN 25.4
/* No wait in these tests is longer. */
#define WAIT_S 20

/* Tests of src/net/muster-net-session.c and muster-net-play.c: two
 * Musters in this process, host and guest, over a real TLS WebSocket on
 * 127.0.0.1, with no display. */

typedef struct
{
  MusterLayout     *layout;
  MusterSystem     *system;
  MusterValidator  *validator;
  MusterGame       *game;
  MusterNetSession *session;
  GString          *received;
  GPtrArray        *messages;   /* each message's text, as it came */
  GPtrArray        *refusals;
} Side;

typedef struct
{
  Side host;
  Side guest;
} Match;

#define OK(call) G_STMT_START { g_autoptr(GError) ok_error = NULL; \
  if (!(call)) g_error ("%s refused: %s", #call, ok_error != NULL ? ok_error->message : "(no message)"); } G_STMT_END
#define REFUSED(call, needle) G_STMT_START { g_autoptr(GError) ok_error = NULL; \
  g_assert_false (call); g_assert_nonnull (ok_error); \
  if (strstr (ok_error->message, needle) == NULL) g_error ("“%s” does not say “%s”", ok_error->message, needle); } G_STMT_END

G_GNUC_UNUSED static gboolean
timed_out_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;

  return G_SOURCE_REMOVE;
}

/* Runs the main loop until check says so; fails after WAIT_S. */
G_GNUC_UNUSED static void
wait_for (gboolean (*check) (gpointer),
          gpointer   data,
          const char *what)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (WAIT_S, timed_out_cb, &timed_out);

  while (!check (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    g_error ("Waited in vain for %s", what);
  g_source_remove (id);
}

G_GNUC_UNUSED static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

G_GNUC_UNUSED static void
received_cb (MusterNetSession *session,
             const char       *text,
             Side             *side)
{
  g_string_append (side->received, text);
  g_ptr_array_add (side->messages, g_strdup (text));
}

G_GNUC_UNUSED static void
refused_cb (MusterNetSession *session,
            const char       *reason,
            Side             *side)
{
  g_ptr_array_add (side->refusals, g_strdup (reason));
}

G_GNUC_UNUSED static void
watch (Side *side)
{
  side->received = g_string_new (NULL);
  side->messages = g_ptr_array_new_with_free_func (g_free);
  side->refusals = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (side->session, "received", G_CALLBACK (received_cb), side);
  g_signal_connect (side->session, "refused", G_CALLBACK (refused_cb), side);
}

G_GNUC_UNUSED static MusterPiece *
add_model (MusterLayout *layout,
           const char   *id,
           const char   *owner,
           double        x,
           double        y,
           double        rotation,
           gboolean      lieutenant)
{
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new (id, MUSTER_PIECE_MODEL, owner, &base, x * IN, y * IN);

  piece->rotation = rotation;
  piece->lieutenant = lieutenant;
  g_assert_true (muster_layout_add_piece (layout, piece));

  return piece;
}

G_GNUC_UNUSED static void
side_open_game (Side *side)
{
  g_autoptr(GError) error = NULL;

  side->system = g_object_ref (muster_system_registry_lookup (muster_system_registry_get_default (), "infinity"));
  side->validator = muster_validator_new (side->layout, side->system, &error);
  g_assert_no_error (error);
  side->game = muster_game_new (side->layout, side->system);
  muster_game_set_validator (side->game, side->validator);
}

/* The README's game of Infinity, on the host: Alice (red) and Bob (blue)
 * on a 48″ table, three troopers each, a Lieutenant each. */
G_GNUC_UNUSED static void
host_open_as (Side     *host,
              gboolean  bobs_on_table)
{
  g_autoptr(GError) error = NULL;

  host->layout = muster_layout_new ("infinity", "standard", 48 * IN, 48 * IN);
  muster_layout_set_player_name (host->layout, "red", "Alice");
  muster_layout_set_player_name (host->layout, "blue", "Bob");
  add_model (host->layout, "r1", "red", 10, 40, 0, TRUE);
  add_model (host->layout, "r2", "red", 20, 40, 0, FALSE);
  add_model (host->layout, "r3", "red", 30, 40, 0, FALSE);
  if (bobs_on_table)
    {
      add_model (host->layout, "b1", "blue", 10, 8, 180, TRUE);
      add_model (host->layout, "b2", "blue", 20, 37.2, 180, FALSE);
      add_model (host->layout, "b3", "blue", 30, 8, 180, FALSE);
    }
  side_open_game (host);

  host->session = muster_net_session_host (host->game, 0, "127.0.0.1", 0, MUSTER_NET_HOST_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_net_session_get_state (host->session), ==, MUSTER_NET_STATE_LISTENING);
  watch (host);
}

G_GNUC_UNUSED static void
host_open (Side *host)
{
  host_open_as (host, TRUE);
}

G_GNUC_UNUSED static void
got_result_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

G_GNUC_UNUSED static MusterNetSession *
join_with (const char    *invitation,
           MusterLayout  *army_layout,
           const char    *army_player,
           GError       **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  muster_net_session_join_async (invitation, army_layout, army_player, NULL, got_result_cb, &result);
  wait_for (is_set, &result, "the join");

  return muster_net_session_join_finish (result, error);
}

G_GNUC_UNUSED static MusterNetSession *
join (const char  *invitation,
      GError     **error)
{
  return join_with (invitation, NULL, NULL, error);
}

/* The guest joins, bringing the army of army_player of army_layout
 * (NULL: the host's list). */
G_GNUC_UNUSED static void
guest_join_with (Side         *guest,
                 const char   *invitation,
                 MusterLayout *army_layout,
                 const char   *army_player)
{
  g_autoptr(GError) error = NULL;

  guest->session = join_with (invitation, army_layout, army_player, &error);
  g_assert_no_error (error);
  watch (guest);
  guest->layout = g_object_ref (muster_net_session_get_layout (guest->session));
  side_open_game (guest);
  muster_net_session_set_game (guest->session, guest->game);
  g_assert_cmpint (muster_net_session_get_local_player (guest->session), ==, 1);
}

G_GNUC_UNUSED static void
guest_join (Side       *guest,
            const char *invitation)
{
  guest_join_with (guest, invitation, NULL, NULL);
}

G_GNUC_UNUSED static void
match_open (Match *match)
{
  host_open (&match->host);
  guest_join (&match->guest, muster_net_session_get_invitation (match->host.session));
  g_assert_cmpint (muster_net_session_get_state (match->host.session), ==, MUSTER_NET_STATE_CONNECTED);
}

G_GNUC_UNUSED static void
side_close (Side *side)
{
  if (side->session != NULL)
    muster_net_session_close (side->session);
  g_clear_object (&side->session);
  g_clear_object (&side->game);
  g_clear_object (&side->validator);
  g_clear_object (&side->system);
  g_clear_object (&side->layout);
  if (side->received != NULL)
    g_string_free (side->received, TRUE);
  g_clear_pointer (&side->messages, g_ptr_array_unref);
  g_clear_pointer (&side->refusals, g_ptr_array_unref);
}

G_GNUC_UNUSED static void
match_close (Match *match)
{
  side_close (&match->guest);
  side_close (&match->host);
  /* What the sessions left to do on their way out. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

G_GNUC_UNUSED static gboolean
is_settled (gpointer data)
{
  Match *match = data;

  return !muster_net_session_is_busy (match->host.session) && !muster_net_session_is_busy (match->guest.session) &&
         muster_game_get_n_steps (match->host.game) == muster_game_get_n_steps (match->guest.game);
}

/* Both sides have done all they were asked to. */
G_GNUC_UNUSED static void
settle (Match *match)
{
  wait_for (is_settled, match, "both Musters to settle");
}

G_GNUC_UNUSED static const char *
last_refusal (Side *side)
{
  return side->refusals->len > 0 ? g_ptr_array_index (side->refusals, side->refusals->len - 1) : "";
}

G_GNUC_UNUSED static char *
game_log_text (MusterLayout *layout)
{
  g_autoptr(GBytes) bytes = muster_layout_to_bytes (layout);
  const char *text = g_bytes_get_data (bytes, NULL);
  const char *start = strstr (text, "<g:game-log");
  const char *end = strstr (text, "</g:game-log>");

  g_assert_nonnull (start);
  g_assert_nonnull (end);

  return g_strndup (start, end - start);
}

/* The number (from 1) of game's first step of action, hiding hides
 * (NULL: any), or 0. */
G_GNUC_UNUSED static guint
step_number (MusterGame *game,
             const char *action,
             const char *hides)
{
  for (guint i = 0; i < muster_game_get_n_steps (game); i++)
    {
      MusterLogStep *step = muster_game_get_step (game, i);

      if (g_strcmp0 (muster_log_step_get_action (step), action) == 0 &&
          (hides == NULL || g_strcmp0 (muster_log_step_get (step, "hides"), hides) == 0))
        return i + 1;
    }

  return 0;
}

G_GNUC_UNUSED static void
assert_same_logs (Match *match)
{
  g_autofree char *host_log = game_log_text (match->host.layout);
  g_autofree char *guest_log = game_log_text (match->guest.layout);

  g_assert_cmpuint (muster_game_get_n_steps (match->host.game), ==, muster_game_get_n_steps (match->guest.game));
  for (guint i = 0; i < muster_game_get_n_steps (match->host.game); i++)
    g_assert_true (muster_log_step_equal (muster_game_get_step (match->host.game, i),
                                          muster_game_get_step (match->guest.game, i)));
  g_assert_cmpstr (host_log, ==, guest_log);
}

/* The Initiative Roll as in the README, each player at their own Muster:
 * Alice's WIP kept private, the dice from the table. */
G_GNUC_UNUSED static void
play_initiative (Match *match)
{
  MusterGame *alice = match->host.game;
  MusterGame *bob = match->guest.game;

  OK (muster_game_set_typed_dice (alice, TRUE, &ok_error));
  settle (match);
  g_assert_false (muster_game_get_typed_dice (alice));
  /* Each sees who is to answer. */
  {
    g_autofree char *asker = muster_net_session_describe (match->host.session);
    g_autofree char *asked = muster_net_session_describe (match->guest.session);

    g_assert_nonnull (strstr (asker, "waiting for Bob to agree to type in dice"));
    g_assert_nonnull (strstr (asked, "Alice asks to type in dice"));
  }
  OK (muster_game_set_typed_dice (bob, TRUE, &ok_error));
  settle (match);
  g_assert_true (muster_game_get_typed_dice (alice));
  g_assert_true (muster_game_get_typed_dice (bob));

  OK (muster_game_set_wip (alice, 0, 13, TRUE, &ok_error));
  /* Bob enters only his own. */
  REFUSED (muster_game_set_wip (bob, 0, 13, FALSE, &ok_error), "Alice");
  OK (muster_game_set_wip (bob, 1, 11, FALSE, &ok_error));
  settle (match);
  OK (muster_game_roll_initiative (alice, 0, 12, &ok_error));
  settle (match);
  OK (muster_game_roll_initiative (bob, 1, 7, &ok_error));
  settle (match);

  /* Alice won: Bob may not keep for her, his Muster's step is refused by hers. */
  OK (muster_game_keep (bob, MUSTER_INFINITY_KEEP_INITIATIVE, &ok_error));
  settle (match);
  g_assert_nonnull (strstr (last_refusal (&match->guest), "Alice"));
  OK (muster_game_keep (alice, MUSTER_INFINITY_KEEP_DEPLOYMENT, &ok_error));
  settle (match);
  OK (muster_game_choose_first_turn (bob, 1, &ok_error));
  settle (match);
  OK (muster_game_choose_deployment (alice, 1, "south", &ok_error));
  settle (match);
  g_assert_cmpint (muster_infinity_initiative_get_state (muster_game_get_initiative (bob)), ==,
                   MUSTER_INFINITY_INITIATIVE_DONE);
}

G_GNUC_UNUSED static void
play_deployment (Match *match)
{
  MusterGame *alice = match->host.game;
  MusterGame *bob = match->guest.game;
  MusterLayout *bobs = match->guest.layout;

  OK (muster_game_start_deployment (alice, &ok_error));
  settle (match);
  OK (muster_game_deploy (bob, "b1", &ok_error));
  /* b2 stands outside Bob's zone: Alice's Muster says so. */
  OK (muster_game_deploy (bob, "b2", &ok_error));
  settle (match);
  g_assert_nonnull (strstr (last_refusal (&match->guest), "cannot be deployed"));
  /* Bob moves his own piece; Alice's table follows. */
  muster_layout_move_piece (bobs, muster_layout_lookup_piece (bobs, "b2"), 20 * IN, 8 * IN, 180);
  OK (muster_game_deploy (bob, "b2", &ok_error));
  OK (muster_game_finish_step (bob, &ok_error));
  settle (match);
  g_assert_cmpfloat (muster_layout_lookup_piece (match->host.layout, "b2")->y, ==, 8 * IN);
  OK (muster_game_deploy (alice, "r1", &ok_error));
  OK (muster_game_deploy (alice, "r2", &ok_error));
  OK (muster_game_finish_step (alice, &ok_error));
  settle (match);
  OK (muster_game_deploy (bob, "b3", &ok_error));
  OK (muster_game_finish_step (bob, &ok_error));
  settle (match);
  OK (muster_game_deploy (alice, "r3", &ok_error));
  OK (muster_game_finish_step (alice, &ok_error));
  settle (match);
  g_assert_cmpint (muster_game_get_phase (bob), ==, MUSTER_GAME_PHASE_ORDERS);
}

/* Bob's first Player Turn, from his Muster; then Alice's begins. */
G_GNUC_UNUSED static void
play_first_turn (Match *match)
{
  MusterGame *alice = match->host.game;
  MusterGame *bob = match->guest.game;

  OK (muster_game_start_turn (bob, 1, muster_game_count_orders (bob, 1), &ok_error));
  OK (muster_game_activate (bob, "b2", &ok_error));
  OK (muster_game_next_step (bob, &ok_error));
  OK (muster_game_next_step (bob, &ok_error));
  OK (muster_game_declare_skill (bob, "move", &ok_error));
  settle (match);
  while (muster_order_sequence_get_step (muster_game_get_order_sequence (bob))->kind != MUSTER_ORDER_STEP_ACTIVATION)
    {
      OK (muster_game_next_step (bob, &ok_error));
      settle (match);
    }
  OK (muster_game_end_turn (bob, &ok_error));
  settle (match);
  OK (muster_game_start_turn (alice, 0, 3, &ok_error));
  settle (match);
}

/* The guest has played n steps, and all is said. */
typedef struct
{
  Match *match;
  guint  n;
} Steps;

G_GNUC_UNUSED static gboolean
has_steps (gpointer data)
{
  Steps *steps = data;

  return muster_game_get_n_steps (steps->match->guest.game) == steps->n && is_settled (steps->match);
}

/* The host has lost its guest. */
G_GNUC_UNUSED static gboolean
is_dropped (gpointer data)
{
  Match *match = data;

  return muster_net_session_get_state (match->host.session) == MUSTER_NET_STATE_DROPPED;
}
