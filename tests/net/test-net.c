/* test-net.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

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

static gboolean
timed_out_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;

  return G_SOURCE_REMOVE;
}

/* Runs the main loop until check says so; fails after WAIT_S. */
static void
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

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

static void
received_cb (MusterNetSession *session,
             const char       *text,
             Side             *side)
{
  g_string_append (side->received, text);
  g_ptr_array_add (side->messages, g_strdup (text));
}

static void
refused_cb (MusterNetSession *session,
            const char       *reason,
            Side             *side)
{
  g_ptr_array_add (side->refusals, g_strdup (reason));
}

static void
watch (Side *side)
{
  side->received = g_string_new (NULL);
  side->messages = g_ptr_array_new_with_free_func (g_free);
  side->refusals = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (side->session, "received", G_CALLBACK (received_cb), side);
  g_signal_connect (side->session, "refused", G_CALLBACK (refused_cb), side);
}

static MusterPiece *
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

static void
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
static void
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

static void
host_open (Side *host)
{
  host_open_as (host, TRUE);
}

static void
got_result_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static MusterNetSession *
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

static MusterNetSession *
join (const char  *invitation,
      GError     **error)
{
  return join_with (invitation, NULL, NULL, error);
}

/* The guest joins, bringing the army of army_player of army_layout
 * (NULL: the host's list). */
static void
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

static void
guest_join (Side       *guest,
            const char *invitation)
{
  guest_join_with (guest, invitation, NULL, NULL);
}

static void
match_open (Match *match)
{
  host_open (&match->host);
  guest_join (&match->guest, muster_net_session_get_invitation (match->host.session));
  g_assert_cmpint (muster_net_session_get_state (match->host.session), ==, MUSTER_NET_STATE_CONNECTED);
}

static void
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

static void
match_close (Match *match)
{
  side_close (&match->guest);
  side_close (&match->host);
  /* What the sessions left to do on their way out. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
is_settled (gpointer data)
{
  Match *match = data;

  return !muster_net_session_is_busy (match->host.session) && !muster_net_session_is_busy (match->guest.session) &&
         muster_game_get_n_steps (match->host.game) == muster_game_get_n_steps (match->guest.game);
}

/* Both sides have done all they were asked to. */
static void
settle (Match *match)
{
  wait_for (is_settled, match, "both Musters to settle");
}

static const char *
last_refusal (Side *side)
{
  return side->refusals->len > 0 ? g_ptr_array_index (side->refusals, side->refusals->len - 1) : "";
}

static char *
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
static guint
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

static void
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
static void
play_initiative (Match *match)
{
  MusterGame *alice = match->host.game;
  MusterGame *bob = match->guest.game;

  OK (muster_game_set_typed_dice (alice, TRUE, &ok_error));
  settle (match);
  g_assert_false (muster_game_get_typed_dice (alice));
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

static void
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
static void
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

static void
test_game (void)
{
  Match match = { 0 };
  g_autofree char *said = NULL;

  match_open (&match);
  said = muster_net_session_describe (match.host.session);
  g_assert_nonnull (strstr (said, "Bob is connected"));

  play_initiative (&match);
  play_deployment (&match);
  play_first_turn (&match);

  g_assert_cmpint (muster_game_get_turn_player (match.guest.game), ==, 0);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (muster_game_get_order_sequence (match.guest.game)), ==, 3);
  assert_same_logs (&match);
  /* Alice's WIP was hidden, then revealed at the roll; her Lieutenant
   * is hidden still. */
  g_assert_cmpuint (step_number (match.guest.game, "commit", "set-wip"), >, 0);
  g_assert_false (muster_game_is_unrevealed (match.guest.game, step_number (match.guest.game, "commit", "set-wip")));
  g_assert_cmpuint (muster_net_session_count_hidden (match.guest.session, 0), ==, 1);
  g_assert_true (muster_game_has_hidden_lieutenant (match.guest.game, 0));

  match_close (&match);
}

/* Muster's dice: each a commit-and-reveal of both; the same on both
 * sides; neither side's alone. */
static void
test_dice (void)
{
  Match match = { 0 };
  const MusterRoll *roll;

  match_open (&match);
  OK (muster_game_set_wip (match.host.game, 0, 20, FALSE, &ok_error));
  OK (muster_game_set_wip (match.guest.game, 1, 20, FALSE, &ok_error));
  settle (&match);
  OK (muster_game_roll_initiative (match.host.game, 0, 0, &ok_error));
  settle (&match);
  OK (muster_game_roll_initiative (match.guest.game, 1, 0, &ok_error));
  settle (&match);

  assert_same_logs (&match);
  g_assert_cmpuint (muster_dice_get_n_rolls (muster_game_get_dice (match.guest.game)), ==, 2);
  roll = muster_dice_get_roll (muster_game_get_dice (match.guest.game), 0);
  g_assert_false (roll->manual);
  g_assert_cmpstr (roll->who, ==, "red");
  /* The guest saw the host's commitment before its value. */
  g_assert_nonnull (strstr (match.guest.received->str, "type=\"roll\""));
  g_assert_nonnull (strstr (match.guest.received->str, "commitment=\""));
  g_assert_cmpuint (match.guest.refusals->len, ==, 0);

  /* Typed-in dice are refused until both asked for them. */
  REFUSED (muster_game_roll_initiative (match.guest.game, 1, 5, &ok_error), "both players");

  match_close (&match);
}

typedef struct
{
  Match *match;
  guint  n;
} Steps;

static gboolean
has_steps (gpointer data)
{
  Steps *steps = data;

  return muster_game_get_n_steps (steps->match->guest.game) == steps->n && is_settled (steps->match);
}

/* Whether Muster's data keeps a secret whose hidden step has name=value. */
static gboolean
keeps_secret (const char *name,
              const char *value)
{
  g_autofree char *dir_path = muster_net_secrets_get_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *digest;

  while (dir != NULL && (digest = g_dir_read_name (dir)) != NULL)
    {
      guint8 salt[64];
      gsize salt_len;
      g_autoptr(MusterLogStep) hidden = muster_net_secrets_load (digest, salt, sizeof salt, &salt_len);

      if (hidden != NULL && g_strcmp0 (muster_log_step_get (hidden, name), value) == 0)
        return TRUE;
    }

  return FALSE;
}

/* Alice's private WIP: the guest holds a commitment, nowhere the WIP,
 * until both are in; then it is revealed and checked. */
static void
test_hidden (void)
{
  Match match = { 0 };
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-net-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "guest.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *saved = NULL;
  g_autofree char *said = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLogStep) hidden = NULL;
  g_autoptr(MusterLogStep) forged = NULL;
  guint8 salt[32] = { 0 };

  Steps steps = { &match, 0 };
  guint commit_n;

  match_open (&match);
  settle (&match);
  /* A WIP no other number in the game has. */
  OK (muster_game_set_wip (match.host.game, 0, 17, TRUE, &ok_error));
  OK (muster_game_start_deployment (match.guest.game, &ok_error));
  settle (&match);
  commit_n = step_number (match.guest.game, "commit", "set-wip");
  g_assert_cmpuint (commit_n, ==, muster_game_get_n_steps (match.guest.game));
  g_assert_nonnull (strstr (last_refusal (&match.guest), "Initiative Roll"));

  /* Memory: the game and its layout. Messages. The saved file. */
  g_assert_null (muster_log_step_get (muster_game_get_step (match.guest.game, commit_n - 1), "wip"));
  bytes = muster_layout_to_bytes (match.guest.layout);
  g_assert_null (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "wip="));
  g_assert_null (strstr (match.guest.received->str, "wip="));
  g_assert_true (muster_layout_save (match.guest.layout, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_null (strstr (saved, "wip="));
  g_assert_nonnull (strstr (saved, "commitment=\""));
  /* What Bob sees: something is hidden. */
  g_assert_cmpuint (muster_net_session_count_hidden (match.guest.session, 0), ==, 2);
  said = muster_net_session_describe (match.guest.session);
  g_assert_nonnull (strstr (said, "Alice: Lieutenant hidden · WIP hidden"));

  /* A reveal of another WIP is caught. */
  hidden = muster_log_step_new ("set-wip");
  muster_log_step_set (hidden, "player", "red");
  muster_log_step_set_uint (hidden, "wip", 12);
  muster_log_step_set_boolean (hidden, "private", TRUE);
  forged = muster_game_new_reveal (hidden, "red", commit_n, salt, sizeof salt);
  REFUSED (muster_game_take_agreed (match.guest.game, forged, NULL, NULL, &ok_error), "committed");

  /* A second hidden WIP is refused: its secret is not kept. */
  g_assert_true (keeps_secret ("wip", "17"));
  OK (muster_game_set_wip (match.host.game, 0, 16, TRUE, &ok_error));
  settle (&match);
  g_assert_nonnull (strstr (last_refusal (&match.host), "not been revealed"));
  g_assert_false (keeps_secret ("wip", "16"));
  g_assert_true (keeps_secret ("wip", "17"));

  /* Bob's WIP in: both are revealed, and checked. */
  OK (muster_game_set_wip (match.guest.game, 1, 11, FALSE, &ok_error));
  steps.n = commit_n + 2;
  wait_for (has_steps, &steps, "the WIPs");
  settle (&match);
  g_assert_cmpstr (muster_log_step_get_action (muster_game_get_step (match.guest.game, commit_n + 1)), ==, "reveal");
  g_assert_cmpuint (muster_infinity_initiative_get_wip (muster_game_get_initiative (match.guest.game), 0), ==, 17);
  g_assert_cmpuint (muster_net_session_count_hidden (match.guest.session, 0), ==, 1);
  assert_same_logs (&match);

  g_unlink (path);
  g_rmdir (dir);
  match_close (&match);
}

/* A wrong secret is refused; the third closes the listener. */
static void
test_wrong_secret (void)
{
  Side host = { 0 };
  g_autofree char *wrong = NULL;
  char *dot;

  host_open (&host);
  wrong = g_strdup (muster_net_session_get_invitation (host.session));
  dot = strrchr (wrong, '.');
  dot[1] = dot[1] == '0' ? '1' : '0';

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterNetSession) guest = join (wrong, &error);

      g_assert_null (guest);
      g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_SECRET);
    }
  g_assert_nonnull (strstr (last_refusal (&host), "stopped listening"));

  /* Nobody listens now, not even for the right secret. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MusterNetSession) guest = join (muster_net_session_get_invitation (host.session), &error);

    g_assert_null (guest);
    g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_CLOSED);
  }

  side_close (&host);
}

/* Someone posing as the host, with another certificate: refused. */
static void
test_wrong_fingerprint (void)
{
  Side host = { 0 };
  g_autofree char *wrong = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterNetSession) guest = NULL;
  char *hash;

  host_open (&host);
  wrong = g_strdup (muster_net_session_get_invitation (host.session));
  hash = strchr (wrong, '#');
  hash[1] = hash[1] == '0' ? '1' : '0';

  guest = join (wrong, &error);
  g_assert_null (guest);
  g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_CERTIFICATE);
  /* The host gave nothing away, and still waits for its guest. */
  g_assert_cmpint (muster_net_session_get_state (host.session), ==, MUSTER_NET_STATE_LISTENING);

  side_close (&host);
}

static gboolean
is_dropped (gpointer data)
{
  Match *match = data;

  return muster_net_session_get_state (match->host.session) == MUSTER_NET_STATE_DROPPED;
}

/* A dropped connection comes back, and what was said meanwhile arrives
 * once. */
static void
test_resume (void)
{
  Match match = { 0 };

  match_open (&match);
  OK (muster_game_set_wip (match.host.game, 0, 13, FALSE, &ok_error));
  settle (&match);

  muster_net_session_drop (match.guest.session);
  wait_for (is_dropped, &match, "the drop");
  /* Said while the line is down. */
  OK (muster_game_set_wip (match.guest.game, 1, 11, FALSE, &ok_error));
  muster_layout_move_piece (match.host.layout, muster_layout_lookup_piece (match.host.layout, "r2"), 22 * IN, 40 * IN, 0);

  settle (&match);
  g_assert_cmpint (muster_net_session_get_state (match.guest.session), ==, MUSTER_NET_STATE_CONNECTED);
  g_assert_cmpint (muster_net_session_get_state (match.host.session), ==, MUSTER_NET_STATE_CONNECTED);
  /* Both Lieutenants, both WIPs. */
  g_assert_cmpuint (muster_game_get_n_steps (match.host.game), ==, 4);
  g_assert_cmpfloat (muster_layout_lookup_piece (match.guest.layout, "r2")->x, ==, 22 * IN);
  assert_same_logs (&match);
  g_assert_cmpint (muster_infinity_initiative_get_state (muster_game_get_initiative (match.guest.game)), ==,
                   MUSTER_INFINITY_INITIATIVE_ROLL);

  /* Once more, and the game goes on. */
  muster_net_session_drop (match.host.session);
  wait_for (is_dropped, &match, "the second drop");
  OK (muster_game_roll_initiative (match.guest.game, 1, 0, &ok_error));
  settle (&match);
  g_assert_cmpuint (muster_game_get_n_steps (match.host.game), ==, 5);
  assert_same_logs (&match);

  match_close (&match);
}

/* A step taken back on one side (undo) is put back: the two logs stay
 * the same. */
static void
test_taken_back (void)
{
  Match match = { 0 };
  g_autoptr(GPtrArray) none = g_ptr_array_new ();

  match_open (&match);
  OK (muster_game_set_wip (match.host.game, 0, 13, FALSE, &ok_error));
  OK (muster_game_set_wip (match.guest.game, 1, 11, FALSE, &ok_error));
  settle (&match);

  for (guint i = 0; i < 2; i++)
    {
      Side *side = i == 0 ? &match.guest : &match.host;

      muster_layout_set_game_log_steps (side->layout, "infinity", none);
      g_assert_cmpuint (muster_game_get_n_steps (side->game), ==, 4);
      g_assert_nonnull (strstr (last_refusal (side), "cannot be taken back"));
    }
  assert_same_logs (&match);

  match_close (&match);
}

/* A peer that does not play by the rules: a raw WebSocket client with
 * the invitation, sending what a Muster never would. */
typedef struct
{
  GTlsCertificate         *expected;
  SoupWebsocketConnection *ws;
  GPtrArray               *replies;
} Raw;

static gboolean
raw_accept_cb (SoupMessage          *msg,
               GTlsCertificate      *certificate,
               GTlsCertificateFlags  errors,
               gpointer              user_data)
{
  return TRUE;
}

static void
raw_message_cb (SoupWebsocketConnection *ws,
                gint                     type,
                GBytes                  *bytes,
                Raw                     *raw)
{
  g_ptr_array_add (raw->replies, g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)));
}

static void
raw_connected_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Raw *raw = user_data;
  g_autoptr(GError) error = NULL;

  raw->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
}

static gboolean
raw_has_reply (gpointer data)
{
  Raw *raw = data;

  return raw->replies->len > 0;
}

static const char *
raw_say (Raw        *raw,
         const char *text)
{
  g_ptr_array_set_size (raw->replies, 0);
  soup_websocket_connection_send_text (raw->ws, text);
  wait_for (raw_has_reply, raw, "a reply");

  return g_ptr_array_index (raw->replies, 0);
}

static void
test_refusals (void)
{
  Side host = { 0 };
  Raw raw = { 0 };
  g_autoptr(SoupSession) soup = soup_session_new ();
  g_autoptr(SoupMessage) msg = NULL;
  g_autofree char *address = NULL;
  g_autofree char *secret = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *hello = NULL;
  guint8 fingerprint[32];
  guint16 port;
  const char *reply;

  host_open (&host);
  g_assert_true (muster_net_invitation_parse (muster_net_session_get_invitation (host.session),
                                              &address, &port, fingerprint, &secret, NULL));
  raw.replies = g_ptr_array_new_with_free_func (g_free);
  soup_session_set_proxy_resolver (soup, NULL);
  uri = g_strdup_printf ("https://%s:%u/muster", address, port);
  msg = soup_message_new ("GET", uri);
  g_signal_connect (msg, "accept-certificate", G_CALLBACK (raw_accept_cb), &raw);
  soup_session_websocket_connect_async (soup, msg, NULL, NULL, G_PRIORITY_DEFAULT, NULL, raw_connected_cb, &raw);
  wait_for (is_set, &raw.ws, "the raw connection");
  g_signal_connect (raw.ws, "message", G_CALLBACK (raw_message_cb), &raw);

  hello = g_strdup_printf ("<muster-net version=\"1\" type=\"hello\" seq=\"0\" ack=\"0\" key=\"%s\"/>", secret);
  reply = raw_say (&raw, hello);
  g_assert_nonnull (strstr (reply, "type=\"welcome\""));

  /* Malformed. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"1\" ack=\"0\"><step/></muster-net>");
  g_assert_nonnull (strstr (reply, "type=\"refuse\""));
  /* Out of turn: number 1 is next. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"5\" ack=\"0\">"
                         "<step action=\"set-wip\" player=\"blue\" wip=\"11\" private=\"false\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "out of turn"));
  /* Not the sender's: Alice's WIP. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"1\" ack=\"0\">"
                         "<step action=\"set-wip\" player=\"red\" wip=\"11\" private=\"false\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "Alice’s to do"));
  /* Dice the guest rolled on its own. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"2\" ack=\"0\">"
                         "<step action=\"roll-initiative\" player=\"blue\"><die sides=\"20\" value=\"20\" who=\"blue\"/></step>"
                         "</muster-net>");
  g_assert_nonnull (strstr (reply, "agreed"));
  /* A step Muster does not know. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"propose\" seq=\"3\" ack=\"0\">"
                         "<step action=\"fly-away\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "knows no such step"));
  /* A host's message. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"step\" seq=\"4\" ack=\"0\" n=\"1\">"
                         "<step action=\"set-wip\" player=\"blue\" wip=\"11\" private=\"false\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "not the other side’s"));

  /* Alice's pieces: Bob puts none on the table, takes none off. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"place\" seq=\"5\" ack=\"0\">"
                         "<piece id=\"r7\" kind=\"model\" owner=\"red\" x=\"0\" y=\"0\" rotation=\"0\" "
                         "shape=\"round\" width=\"25\" depth=\"25\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "only their own pieces on the table"));
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"remove\" seq=\"6\" ack=\"0\" piece=\"r1\"/>");
  g_assert_nonnull (strstr (reply, "only their own pieces off the table"));
  /* Nor claims one of hers as his. */
  reply = raw_say (&raw, "<muster-net version=\"1\" type=\"place\" seq=\"7\" ack=\"0\">"
                         "<piece id=\"r1\" kind=\"model\" owner=\"blue\" x=\"0\" y=\"0\" rotation=\"0\" "
                         "shape=\"round\" width=\"25\" depth=\"25\"/></muster-net>");
  g_assert_nonnull (strstr (reply, "only their own pieces on the table"));
  g_assert_nonnull (muster_layout_lookup_piece (host.layout, "r1"));
  g_assert_cmpstr (muster_layout_lookup_piece (host.layout, "r1")->owner, ==, "red");
  g_assert_cmpfloat (muster_layout_lookup_piece (host.layout, "r1")->x, ==, 10 * IN);
  g_assert_null (muster_layout_lookup_piece (host.layout, "r7"));

  /* Nothing of it was applied (the host's Lieutenant was committed to
   * as it welcomed): the refusals were shown. */
  g_assert_cmpuint (muster_game_get_n_steps (host.game), ==, 1);
  g_assert_cmpuint (host.refusals->len, >=, 9);

  soup_websocket_connection_close (raw.ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  g_clear_object (&raw.ws);
  g_ptr_array_unref (raw.replies);
  side_close (&host);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A host that does not play by the rules: its dice are checked. */
typedef struct
{
  SoupWebsocketConnection *ws;
  GPtrArray               *heard;
} FakeHost;

static void
fake_message_cb (SoupWebsocketConnection *ws,
                 gint                     type,
                 GBytes                  *bytes,
                 FakeHost                *fake)
{
  g_ptr_array_add (fake->heard, g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)));
}

static void
fake_websocket_cb (SoupServer              *server,
                   SoupServerMessage       *msg,
                   const char              *path,
                   SoupWebsocketConnection *ws,
                   gpointer                 user_data)
{
  FakeHost *fake = user_data;

  fake->ws = g_object_ref (ws);
  g_signal_connect (ws, "message", G_CALLBACK (fake_message_cb), fake);
}

static gboolean
fake_heard (gpointer data)
{
  FakeHost *fake = data;

  return fake->heard->len > 0;
}

static char *
fake_wait (FakeHost *fake)
{
  wait_for (fake_heard, fake, "the guest");

  return g_ptr_array_steal_index (fake->heard, 0);
}

/* Longer than 100 lines: one exchange with the guest, told in order, is
 * easier to follow than split across helpers. */
static void
test_dishonest_host (void)
{
  Side host = { 0 };
  Side guest = { 0 };
  FakeHost fake = { NULL, g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GTlsCertificate) certificate = muster_net_cert_new_self_signed (NULL);
  g_autoptr(GBytes) fingerprint = muster_net_cert_fingerprint (certificate);
  g_autoptr(SoupServer) server = soup_server_new ("tls-certificate", certificate, NULL);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) where = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GBytes) layout = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSList) uris = NULL;
  g_autofree char *invitation = NULL;
  g_autofree char *welcome = NULL;
  g_autofree char *hello = NULL;
  g_autofree char *contribution = NULL;
  g_autofree char *commitment = NULL;
  g_autofree char *value_hex = NULL;
  g_autoptr(MusterNetMessage) contribute = NULL;
  guint8 value[32] = { 7 };
  guint8 guest_value[32];
  MusterNetDiceStream stream;
  guint die;
  char *text;

  /* The README's table, both WIPs in, as the fake host sends it. */
  host_open (&host);
  {
    g_autoptr(MusterGame) plain = muster_game_new (host.layout, host.system);

    muster_net_session_close (host.session);
    OK (muster_game_set_wip (plain, 0, 20, FALSE, &ok_error));
    OK (muster_game_set_wip (plain, 1, 20, FALSE, &ok_error));
  }
  layout = muster_layout_to_bytes (host.layout);

  soup_server_add_websocket_handler (server, "/muster", NULL, NULL, fake_websocket_cb, &fake, NULL);
  g_assert_true (soup_server_listen (server, where, SOUP_SERVER_LISTEN_HTTPS, &error));
  uris = soup_server_get_uris (server);
  invitation = muster_net_invitation_format ("127.0.0.1", g_uri_get_port (uris->data),
                                             g_bytes_get_data (fingerprint, NULL), "00112233445566778899aabbccddeeff");
  g_slist_free_full (g_steal_pointer (&uris), (GDestroyNotify) g_uri_unref);

  /* The welcome, by hand. */
  {
    GAsyncResult *result = NULL;
    g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_WELCOME);

    muster_net_session_join_async (invitation, NULL, NULL, NULL, got_result_cb, &result);
    wait_for (is_set, &fake.ws, "the guest's connection");
    hello = fake_wait (&fake);
    g_assert_nonnull (strstr (hello, "type=\"hello\""));
    message->session_id = g_strnfill (32, 'a');
    message->player = g_strdup ("blue");
    message->layout = g_bytes_ref (layout);
    welcome = muster_net_message_write (message);
    soup_websocket_connection_send_text (fake.ws, welcome);
    wait_for (is_set, &result, "the join");
    guest.session = muster_net_session_join_finish (result, &error);
    g_object_unref (result);
    g_assert_no_error (error);
  }
  watch (&guest);
  guest.layout = g_object_ref (muster_net_session_get_layout (guest.session));
  side_open_game (&guest);
  muster_net_session_set_game (guest.session, guest.game);
  g_assert_cmpuint (muster_game_get_n_steps (guest.game), ==, 2);
  /* Bob's Muster commits to his Lieutenant: the host hears which trooper
   * it is not. */
  {
    g_autofree char *heard = fake_wait (&fake);

    g_assert_nonnull (strstr (heard, "type=\"propose\""));
    g_assert_nonnull (strstr (heard, "hides=\"choose-lieutenant\""));
    g_assert_null (strstr (heard, "trooper="));
  }

  /* Alice's roll: the host commits, the guest gives its value. */
  commitment = muster_net_dice_commitment (value);
  text = g_strdup_printf ("<muster-net version=\"1\" type=\"roll\" seq=\"1\" ack=\"0\" n=\"3\" commitment=\"%s\">"
                          "<step action=\"roll-initiative\" player=\"red\"/></muster-net>", commitment);
  soup_websocket_connection_send_text (fake.ws, text);
  g_free (text);
  contribution = fake_wait (&fake);
  contribute = muster_net_message_read (contribution, strlen (contribution), &error);
  g_assert_no_error (error);
  g_assert_cmpint (contribute->type, ==, MUSTER_NET_MESSAGE_CONTRIBUTE);
  g_assert_true (muster_net_hex_decode (contribute->value, guest_value, sizeof guest_value));
  muster_net_dice_stream_init (&stream, value, guest_value, 3);
  die = muster_net_dice_stream_next (&stream, 20);

  /* Another die than both values give: refused, not taken. */
  value_hex = muster_net_hex_encode (value, sizeof value);
  text = g_strdup_printf ("<muster-net version=\"1\" type=\"step\" seq=\"2\" ack=\"1\" n=\"3\" value=\"%s\">"
                          "<step action=\"roll-initiative\" player=\"red\"><die sides=\"20\" value=\"%u\" who=\"red\"/>"
                          "</step></muster-net>", value_hex, die % 20 + 1);
  soup_websocket_connection_send_text (fake.ws, text);
  g_free (text);
  g_free (fake_wait (&fake));
  g_assert_nonnull (strstr (last_refusal (&guest), "not the one both"));
  g_assert_cmpuint (muster_game_get_n_steps (guest.game), ==, 2);

  /* Another value than the one committed to: refused. */
  value[0] = 8;
  g_free (value_hex);
  value_hex = muster_net_hex_encode (value, sizeof value);
  text = g_strdup_printf ("<muster-net version=\"1\" type=\"step\" seq=\"3\" ack=\"1\" n=\"3\" value=\"%s\">"
                          "<step action=\"roll-initiative\" player=\"red\"><die sides=\"20\" value=\"%u\" who=\"red\"/>"
                          "</step></muster-net>", value_hex, die);
  soup_websocket_connection_send_text (fake.ws, text);
  g_free (text);
  g_free (fake_wait (&fake));
  g_assert_nonnull (strstr (last_refusal (&guest), "committed"));
  g_assert_cmpuint (muster_game_get_n_steps (guest.game), ==, 2);

  /* And a step of Bob's that Bob never took. */
  text = g_strdup ("<muster-net version=\"1\" type=\"step\" seq=\"4\" ack=\"1\" n=\"3\">"
                   "<step action=\"keep\" player=\"blue\" keep=\"initiative\"/></muster-net>");
  soup_websocket_connection_send_text (fake.ws, text);
  g_free (text);
  g_free (fake_wait (&fake));
  g_assert_nonnull (strstr (last_refusal (&guest), "did not take"));
  g_assert_cmpuint (muster_game_get_n_steps (guest.game), ==, 2);

  side_close (&guest);
  side_close (&host);
  soup_server_disconnect (server);
  g_clear_object (&fake.ws);
  g_ptr_array_unref (fake.heard);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Nothing listens once the session is closed. */
static void
test_closed (void)
{
  Side host = { 0 };
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  guint16 port;

  host_open (&host);
  port = muster_net_session_get_port (host.session);
  g_assert_cmpuint (port, >, 0);
  connection = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&connection);

  side_close (&host);
  connection = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  g_assert_null (connection);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
}

/* Whether what side received says needle anywhere: in a message's
 * text, or in a layout a welcome carried. */
static gboolean
received_mentions (Side       *side,
                   const char *needle)
{
  for (guint i = 0; i < side->messages->len; i++)
    {
      const char *text = g_ptr_array_index (side->messages, i);
      g_autoptr(MusterNetMessage) message = muster_net_message_read (text, strlen (text), NULL);

      if (strstr (text, needle) != NULL)
        return TRUE;
      if (message != NULL && message->layout != NULL &&
          g_strstr_len (g_bytes_get_data (message->layout, NULL), g_bytes_get_size (message->layout), needle) != NULL)
        return TRUE;
    }

  return FALSE;
}

/* side's layout as its file holds it, saved and read back. */
static char *
saved_text (Side         *side,
            MusterLayout **reread)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-net-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "saved.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (muster_layout_save (side->layout, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  if (reread != NULL)
    {
      *reread = muster_layout_new_from_file (file, &error);
      g_assert_no_error (error);
    }
  g_unlink (path);
  g_rmdir (dir);

  return text;
}

/* Alice's army, as her Muster has it: r1 her Lieutenant, and a
 * paratrooper she keeps off the table (Airborne Deployment). */
static void
add_paratrooper (MusterLayout *layout)
{
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  MusterRosterEntry *entry = muster_roster_entry_new ();

  entry->id = g_strdup ("para");
  entry->name = g_strdup ("Paratrooper Zulu");
  entry->skills = g_strsplit ("airborne-deployment", " ", -1);
  entry->hold = MUSTER_ROSTER_HOLD_OFF_TABLE;
  muster_roster_add_entry (roster, "red", entry);
}

static gboolean
is_held (MusterGame *game,
         const char *trooper)
{
  return muster_deployment_phase_get_hold_reason (muster_game_get_deployment (game), trooper) != MUSTER_HOLD_NONE;
}

/* Which trooper is Alice's Lieutenant, and her paratrooper kept off the
 * table: Bob's Muster, its messages and its file know neither until
 * they are revealed, only that they are there. */
static void
test_hidden_army (void)
{
  Match match = { 0 };
  g_autoptr(MusterRoster) alices = NULL;
  g_autoptr(MusterLayout) reread = NULL;
  g_autoptr(MusterLogStep) lying = NULL;
  g_autoptr(MusterLogStep) other = muster_log_step_new ("choose-lieutenant");
  g_autofree char *saved = NULL;
  g_autofree char *said = NULL;
  guint8 salt[32] = { 1 };
  MusterPiece *para;

  host_open (&match.host);
  add_paratrooper (match.host.layout);
  guest_join (&match.guest, muster_net_session_get_invitation (match.host.session));
  settle (&match);

  /* What Bob's Muster holds: no Lieutenant of Alice's, no paratrooper. */
  g_assert_false (muster_layout_lookup_piece (match.guest.layout, "r1")->lieutenant);
  g_assert_true (muster_layout_lookup_piece (match.guest.layout, "b1")->lieutenant);
  g_assert_false (received_mentions (&match.guest, "Paratrooper"));
  g_assert_false (received_mentions (&match.guest, "airborne"));
  saved = saved_text (&match.guest, &reread);
  g_assert_null (strstr (saved, "Paratrooper"));
  g_assert_false (muster_layout_lookup_piece (reread, "r1")->lieutenant);
  /* What it knows: that there are. */
  g_assert_true (muster_game_has_hidden_lieutenant (match.guest.game, 0));
  g_assert_false (muster_game_knows_lieutenant (match.guest.game, 0));
  g_assert_cmpuint (muster_game_count_held_back (match.guest.game, 0), ==, 1);
  g_assert_cmpuint (muster_game_count_lieutenants (match.guest.game, 0), ==, 1);
  said = muster_net_session_describe (match.guest.session);
  g_assert_nonnull (strstr (said, "Alice: 1 trooper held back · Lieutenant hidden"));
  /* Alice's Muster knows Bob's Lieutenant is hidden from her too. */
  g_assert_true (muster_game_has_hidden_lieutenant (match.host.game, 1));

  play_initiative (&match);
  play_deployment (&match);
  /* The deployment knew the six troopers on the table, not the
   * paratrooper, and said nothing of who is a Lieutenant. */
  g_assert_cmpuint (muster_game_get_n_troopers (match.guest.game), ==, 6);
  g_assert_cmpuint (muster_game_get_n_troopers (match.host.game), ==, 6);
  g_assert_false (received_mentions (&match.guest, "lieutenant="));
  g_assert_false (received_mentions (&match.guest, "Paratrooper"));
  g_assert_false (is_held (match.guest.game, "r1"));
  play_first_turn (&match);
  g_clear_pointer (&saved, g_free);
  g_clear_object (&reread);
  saved = saved_text (&match.guest, &reread);
  g_assert_null (strstr (saved, "Paratrooper"));
  g_assert_false (muster_layout_lookup_piece (reread, "r1")->lieutenant);
  assert_same_logs (&match);

  /* A reveal of another Lieutenant than the one committed to is caught. */
  muster_log_step_set (other, "player", "red");
  muster_log_step_set (other, "trooper", "r2");
  muster_log_step_set (other, "name", "r2");
  lying = muster_game_new_reveal (other, "red", step_number (match.guest.game, "commit", "choose-lieutenant"),
                                  salt, sizeof salt);
  REFUSED (muster_game_take_agreed (match.guest.game, lying, NULL, NULL, &ok_error), "committed");

  /* The paratrooper lands: revealed, and on Bob's table. */
  alices = muster_roster_new (match.host.layout);
  para = muster_roster_make_piece (alices, "para");
  para->id = g_strdup ("para-1");
  para->x = 24 * IN;
  para->y = 24 * IN;
  g_assert_true (muster_layout_add_piece (match.host.layout, para));
  settle (&match);
  g_assert_nonnull (muster_layout_lookup_piece (match.guest.layout, "para-1"));
  g_assert_cmpuint (muster_game_count_held_back (match.guest.game, 0), ==, 0);
  g_clear_pointer (&said, g_free);
  said = muster_game_describe_step (match.guest.game, muster_game_get_n_steps (match.guest.game) - 1);
  g_assert_cmpstr (said, ==, "Alice revealed their hidden choice: Alice had kept Paratrooper Zulu off the table");

  /* Alice reveals her Lieutenant. */
  g_assert_true (muster_net_session_can_reveal_lieutenant (match.host.session));
  /* Bob could reveal his own, not Alice's. */
  g_assert_true (muster_net_session_can_reveal_lieutenant (match.guest.session));
  OK (muster_net_session_reveal_lieutenant (match.host.session, &ok_error));
  settle (&match);
  g_assert_cmpstr (muster_game_get_revealed_lieutenant (match.guest.game, 0), ==, "r1");
  g_assert_true (muster_game_knows_lieutenant (match.guest.game, 0));
  g_assert_true (muster_game_has_lieutenant_on_table (match.guest.game, 0));
  REFUSED (muster_net_session_reveal_lieutenant (match.host.session, &ok_error), "no hidden Lieutenant");
  assert_same_logs (&match);

  match_close (&match);
}

static void
add_entry (MusterLayout *layout,
           const char   *player,
           const char   *id,
           const char   *name,
           guint         count,
           gboolean      lieutenant,
           const char   *skills)
{
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  MusterRosterEntry *entry = muster_roster_entry_new ();

  entry->id = g_strdup (id);
  entry->name = g_strdup (name);
  entry->count = count;
  entry->lieutenant = lieutenant;
  if (skills != NULL)
    {
      entry->skills = g_strsplit (skills, " ", -1);
      entry->hold = MUSTER_ROSTER_HOLD_OFF_TABLE;
    }
  muster_roster_add_entry (roster, player, entry);
}

/* Bob's own layout, on his computer: his army, with Lieutenant Kappa and
 * Paratrooper Zulu, whom he keeps off the table (Airborne Deployment). */
static MusterLayout *
bobs_own_layout (void)
{
  MusterLayout *layout = muster_layout_new ("infinity", "standard", 48 * IN, 48 * IN);

  add_entry (layout, "blue", "e1", "Fusiliers Bravo", 2, FALSE, NULL);
  add_entry (layout, "blue", "e2", "Lieutenant Kappa", 1, TRUE, NULL);
  add_entry (layout, "blue", "e3", "Paratrooper Zulu", 1, FALSE, "airborne-deployment");

  return layout;
}

/* The entry of player named name in layout, or NULL. */
static const MusterRosterEntry *
entry_named (MusterRoster *roster,
             const char   *player,
             const char   *name)
{
  GPtrArray *entries = muster_roster_get_entries (roster, player);

  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (((MusterRosterEntry *) g_ptr_array_index (entries, i))->name, name) == 0)
      return g_ptr_array_index (entries, i);

  return NULL;
}

/* Bob brings his own army to Alice's game: her Muster puts it as Bob's
 * list, knowing neither his paratrooper nor his Lieutenant until he
 * reveals them; his Muster commits to both. */
static void
test_guest_army (void)
{
  Match match = { 0 };
  g_autoptr(MusterLayout) bobs_own = bobs_own_layout ();
  g_autoptr(MusterRoster) on_alices = NULL;
  g_autoptr(MusterRoster) on_bobs = NULL;
  g_autoptr(MusterRoster) reread_roster = NULL;
  g_autoptr(MusterLayout) reread = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *said = NULL;
  g_autofree char *kappa_id = NULL;
  const MusterRosterEntry *entry;
  MusterPiece *zulu;
  GPtrArray *pieces;

  host_open_as (&match.host, FALSE);
  /* What Alice typed in for Bob: replaced by his own. */
  add_entry (match.host.layout, "blue", "e1", "Typed by Alice", 5, TRUE, NULL);
  guest_join_with (&match.guest, muster_net_session_get_invitation (match.host.session), bobs_own, "blue");
  settle (&match);

  /* Alice's Muster: Bob's public entries, no Lieutenant marked, no
   * paratrooper, in memory, messages and file. */
  on_alices = muster_roster_new (match.host.layout);
  g_assert_cmpuint (muster_roster_get_entries (on_alices, "blue")->len, ==, 2);
  g_assert_null (entry_named (on_alices, "blue", "Typed by Alice"));
  g_assert_cmpuint (entry_named (on_alices, "blue", "Fusiliers Bravo")->count, ==, 2);
  g_assert_false (entry_named (on_alices, "blue", "Lieutenant Kappa")->lieutenant);
  g_assert_null (entry_named (on_alices, "blue", "Paratrooper Zulu"));
  g_assert_true (received_mentions (&match.host, "Fusiliers Bravo"));
  g_assert_false (received_mentions (&match.host, "Zulu"));
  g_assert_false (received_mentions (&match.host, "airborne"));
  g_assert_false (received_mentions (&match.host, "lieutenant="));
  saved = saved_text (&match.host, &reread);
  g_assert_null (strstr (saved, "Zulu"));
  g_assert_nonnull (strstr (saved, "Fusiliers Bravo"));
  reread_roster = muster_roster_new (reread);
  g_assert_false (entry_named (reread_roster, "blue", "Lieutenant Kappa")->lieutenant);
  /* What it knows: that there are. */
  g_assert_true (muster_game_has_hidden_lieutenant (match.host.game, 1));
  g_assert_cmpuint (muster_game_count_held_back (match.host.game, 1), ==, 1);
  g_assert_cmpuint (match.host.refusals->len, ==, 0);

  /* Bob's Muster: his whole army, for his player, committed to. */
  on_bobs = muster_roster_new (match.guest.layout);
  g_assert_cmpuint (muster_roster_get_entries (on_bobs, "blue")->len, ==, 3);
  entry = entry_named (on_bobs, "blue", "Lieutenant Kappa");
  g_assert_true (entry->lieutenant);
  kappa_id = g_strdup (entry->id);
  g_assert_nonnull (entry_named (on_bobs, "blue", "Paratrooper Zulu"));
  g_assert_true (muster_net_session_can_reveal_lieutenant (match.guest.session));
  g_assert_cmpuint (muster_game_count_lieutenants (match.guest.game, 1), ==, 1);

  /* Zulu lands: on Alice's table, revealed, checked against the
   * commitment by her Muster. */
  zulu = muster_roster_make_piece (on_bobs, entry_named (on_bobs, "blue", "Paratrooper Zulu")->id);
  zulu->id = g_strdup ("zulu-1");
  zulu->x = 24 * IN;
  zulu->y = 24 * IN;
  g_assert_true (muster_layout_add_piece (match.guest.layout, zulu));
  settle (&match);
  g_assert_nonnull (muster_layout_lookup_piece (match.host.layout, "zulu-1"));
  g_assert_cmpuint (muster_game_count_held_back (match.host.game, 1), ==, 0);
  said = muster_game_describe_step (match.host.game, muster_game_get_n_steps (match.host.game) - 1);
  g_assert_cmpstr (said, ==, "Bob revealed their hidden choice: Bob had kept Paratrooper Zulu off the table");

  /* Bob reveals his Lieutenant. */
  OK (muster_net_session_reveal_lieutenant (match.guest.session, &ok_error));
  settle (&match);
  g_assert_cmpstr (muster_game_get_revealed_lieutenant (match.host.game, 1), ==, kappa_id);
  g_assert_cmpuint (match.host.refusals->len, ==, 0);
  g_assert_cmpuint (match.guest.refusals->len, ==, 0);
  assert_same_logs (&match);
  pieces = muster_layout_get_pieces (match.host.layout);
  g_assert_cmpuint (pieces->len, ==, muster_layout_get_pieces (match.guest.layout)->len);

  match_close (&match);
}

/* Bob's pieces are on Alice's table: his army is not taken, he is told
 * why, and both Musters keep Alice's list. */
static void
test_guest_army_refused (void)
{
  Match match = { 0 };
  g_autoptr(MusterLayout) bobs_own = bobs_own_layout ();
  g_autoptr(MusterRoster) on_alices = NULL;
  g_autoptr(MusterRoster) on_bobs = NULL;

  host_open (&match.host);
  add_entry (match.host.layout, "blue", "e1", "Typed by Alice", 3, FALSE, NULL);
  guest_join_with (&match.guest, muster_net_session_get_invitation (match.host.session), bobs_own, "blue");
  settle (&match);

  on_alices = muster_roster_new (match.host.layout);
  g_assert_cmpuint (muster_roster_get_entries (on_alices, "blue")->len, ==, 1);
  g_assert_nonnull (entry_named (on_alices, "blue", "Typed by Alice"));
  on_bobs = muster_roster_new (match.guest.layout);
  g_assert_cmpuint (muster_roster_get_entries (on_bobs, "blue")->len, ==, 1);
  g_assert_nonnull (entry_named (on_bobs, "blue", "Typed by Alice"));
  g_assert_null (entry_named (on_bobs, "blue", "Paratrooper Zulu"));
  g_assert_nonnull (strstr (muster_net_session_get_refusal (match.guest.session), "Bob has troopers on the table"));
  g_assert_nonnull (strstr (last_refusal (&match.host), "Your army was not taken"));
  assert_same_logs (&match);

  match_close (&match);
}

/* An army bigger than a hello may carry is refused on the guest's side,
 * in words, before the host could take it for a wrong secret. */
static void
test_guest_army_too_big (void)
{
  Match match = { 0 };
  g_autoptr(MusterLayout) huge = muster_layout_new ("infinity", "standard", 48 * IN, 48 * IN);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterNetSession) session = NULL;

  for (guint i = 0; i <= MUSTER_NET_MAX_ARMY; i++)
    add_entry (huge, "blue", NULL, "Fusilier", 1, FALSE, NULL);
  host_open_as (&match.host, FALSE);
  session = join_with (muster_net_session_get_invitation (match.host.session), huge, "blue", &error);
  g_assert_null (session);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "too big to bring"));
  g_assert_cmpint (muster_net_session_get_state (match.host.session), ==, MUSTER_NET_STATE_LISTENING);

  match_close (&match);
}

typedef struct
{
  MusterLayout *layout;
  const char   *id;
} Where;

static gboolean
is_gone (gpointer data)
{
  Where *where = data;

  return muster_layout_lookup_piece (where->layout, where->id) == NULL;
}

static gboolean
is_there (gpointer data)
{
  return !is_gone (data);
}

/* Pieces put on the table, moved and taken off by their owner reach the
 * other table; the other player's are put back. */
static void
test_pieces (void)
{
  Match match = { 0 };
  MusterLayout *bobs;
  MusterLayout *alices;
  Where b4_on_alices, r9_on_bobs, r2_on_bobs;
  MusterPiece *piece;

  match_open (&match);
  bobs = match.guest.layout;
  alices = match.host.layout;
  b4_on_alices = (Where) { alices, "b4" };
  r9_on_bobs = (Where) { bobs, "r9" };
  r2_on_bobs = (Where) { bobs, "r2" };

  /* Bob puts a piece on the table, moves it, takes it off. */
  {
    MusterBase base = { MUSTER_BASE_OVAL, 25, 40 };

    piece = muster_piece_new ("b4", MUSTER_PIECE_MODEL, "blue", &base, 40 * IN, 6 * IN);
    piece->name = g_strdup ("Sniper");
    piece->prone = TRUE;
    piece->skills = g_strsplit ("camouflage infiltration", " ", -1);
    muster_roster_set_piece_entry (piece, "e7");
    g_assert_true (muster_layout_add_piece (bobs, piece));
  }
  settle (&match);
  wait_for (is_there, &b4_on_alices, "Bob's piece on Alice's table");
  piece = muster_layout_lookup_piece (alices, "b4");
  g_assert_cmpstr (piece->name, ==, "Sniper");
  g_assert_cmpfloat (piece->x, ==, 40 * IN);
  g_assert_cmpint (piece->base.shape, ==, MUSTER_BASE_OVAL);
  g_assert_cmpfloat (piece->base.depth, ==, 40);
  g_assert_true (piece->prone);
  g_assert_true (muster_piece_has_skill (piece, "infiltration"));
  g_assert_cmpstr (muster_roster_get_piece_entry (piece), ==, "e7");
  muster_layout_move_piece (bobs, muster_layout_lookup_piece (bobs, "b4"), 42 * IN, 6 * IN, 90);
  settle (&match);
  g_assert_cmpfloat (muster_layout_lookup_piece (alices, "b4")->x, ==, 42 * IN);
  g_assert_cmpfloat (muster_layout_lookup_piece (alices, "b4")->rotation, ==, 90);
  g_assert_true (muster_layout_remove_piece (bobs, "b4"));
  settle (&match);
  wait_for (is_gone, &b4_on_alices, "Bob's piece off Alice's table");

  /* Alice's side likewise. */
  add_model (alices, "r4", "red", 40, 42, 0, TRUE);
  settle (&match);
  g_assert_nonnull (muster_layout_lookup_piece (bobs, "r4"));
  /* Not which one is her Lieutenant. */
  g_assert_false (muster_layout_lookup_piece (bobs, "r4")->lieutenant);

  /* Bob may not put Alice's pieces on the table, nor take hers off. */
  add_model (bobs, "r9", "red", 30, 30, 0, FALSE);
  wait_for (is_gone, &r9_on_bobs, "the piece put back");
  g_assert_nonnull (strstr (last_refusal (&match.guest), "only its owner puts it on the table"));
  g_assert_true (muster_layout_remove_piece (bobs, "r2"));
  wait_for (is_there, &r2_on_bobs, "the piece put back");
  g_assert_nonnull (strstr (last_refusal (&match.guest), "only its owner takes it off the table"));
  g_assert_cmpfloat (muster_layout_lookup_piece (bobs, "r2")->x, ==, 20 * IN);
  muster_layout_move_piece (bobs, muster_layout_lookup_piece (bobs, "r2"), 25 * IN, 40 * IN, 0);
  g_assert_cmpfloat (muster_layout_lookup_piece (bobs, "r2")->x, ==, 20 * IN);
  settle (&match);
  g_assert_null (muster_layout_lookup_piece (alices, "r9"));
  g_assert_cmpfloat (muster_layout_lookup_piece (alices, "r2")->x, ==, 20 * IN);
  g_assert_cmpuint (muster_layout_get_pieces (bobs)->len, ==, muster_layout_get_pieces (alices)->len);

  /* Bob's trooper goes Prone: on Alice's table too. Alice's may not be
   * made Prone on Bob's. */
  piece = muster_layout_lookup_piece (bobs, "b2");
  piece->prone = TRUE;
  muster_layout_piece_changed (bobs, piece);
  settle (&match);
  g_assert_true (muster_layout_lookup_piece (alices, "b2")->prone);
  g_assert_cmpfloat (muster_layout_lookup_piece (alices, "b2")->x, ==, 20 * IN);
  piece = muster_layout_lookup_piece (bobs, "r2");
  piece->prone = TRUE;
  muster_layout_piece_changed (bobs, piece);
  g_assert_false (muster_layout_lookup_piece (bobs, "r2")->prone);
  g_assert_nonnull (strstr (last_refusal (&match.guest), "only its owner changes it"));
  settle (&match);
  g_assert_false (muster_layout_lookup_piece (alices, "r2")->prone);

  /* Said while the line is down: it arrives once. */
  muster_net_session_drop (match.guest.session);
  wait_for (is_dropped, &match, "the drop");
  add_model (bobs, "b5", "blue", 44, 6, 180, FALSE);
  settle (&match);
  g_assert_nonnull (muster_layout_lookup_piece (alices, "b5"));
  g_assert_cmpuint (match.host.refusals->len, ==, 0);

  match_close (&match);
}

/* Alice's private WIP and Bob's Lieutenant, committed to; both Musters
 * closed, the game hosted and joined anew: each still reveals its own,
 * and Bob's file never held Alice's secret. */
static void
test_restart (void)
{
  Match match = { 0 };
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-net-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "alice.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *salt_hex = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(MusterLogStep) kept = NULL;
  Steps steps = { &match, 0 };
  guint8 salt[64];
  gsize salt_len = 0;

  match_open (&match);
  settle (&match);
  OK (muster_game_set_wip (match.host.game, 0, 17, TRUE, &ok_error));
  settle (&match);
  digest = g_strdup (muster_log_step_get (muster_game_get_step (match.host.game,
                                                                step_number (match.host.game, "commit", "set-wip") - 1),
                                          "commitment"));
  /* Alice's Muster keeps it in its data, not in her file. */
  kept = muster_net_secrets_load (digest, salt, sizeof salt, &salt_len);
  g_assert_nonnull (kept);
  g_assert_cmpstr (muster_log_step_get (kept, "wip"), ==, "17");
  salt_hex = muster_net_hex_encode (salt, salt_len);
  g_assert_true (muster_layout_save (match.host.layout, file, &error));
  g_assert_no_error (error);
  saved = saved_text (&match.guest, NULL);
  g_assert_null (strstr (saved, salt_hex));
  g_assert_null (strstr (saved, "wip=\"17\""));
  g_assert_false (received_mentions (&match.guest, salt_hex));
  match_close (&match);

  /* Later: Alice opens her file and hosts again; Bob joins anew. */
  match.host.layout = muster_layout_new_from_file (file, &error);
  g_assert_no_error (error);
  side_open_game (&match.host);
  match.host.session = muster_net_session_host (match.host.game, 0, "127.0.0.1", 0, MUSTER_NET_HOST_NONE, &error);
  g_assert_no_error (error);
  watch (&match.host);
  guest_join (&match.guest, muster_net_session_get_invitation (match.host.session));
  settle (&match);
  g_assert_true (muster_game_has_hidden_lieutenant (match.host.game, 1));

  /* Bob's WIP: Alice's is revealed from what her Muster kept. */
  steps.n = muster_game_get_n_steps (match.guest.game) + 2;
  OK (muster_game_set_wip (match.guest.game, 1, 11, FALSE, &ok_error));
  wait_for (has_steps, &steps, "Alice's WIP revealed");
  g_assert_cmpuint (muster_infinity_initiative_get_wip (muster_game_get_initiative (match.guest.game), 0), ==, 17);
  /* Revealed: the secret is one no more. */
  g_clear_pointer (&kept, muster_log_step_unref);
  kept = muster_net_secrets_load (digest, salt, sizeof salt, &salt_len);
  g_assert_null (kept);

  /* Bob's Lieutenant, committed to before: his Muster still reveals it. */
  OK (muster_net_session_reveal_lieutenant (match.guest.session, &ok_error));
  settle (&match);
  g_assert_cmpstr (muster_game_get_revealed_lieutenant (match.host.game, 1), ==, "b1");
  assert_same_logs (&match);

  match_close (&match);
  g_unlink (path);
  g_rmdir (dir);
}

/* The secrets kept in Muster's data: read back only when they give
 * their commitment. */
static void
test_secrets (void)
{
  g_autoptr(MusterLogStep) hidden = muster_log_step_new ("set-wip");
  g_autoptr(MusterLogStep) back = NULL;
  g_autoptr(MusterLogStep) forged = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *dir = muster_net_secrets_get_dir ();
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf info;
  guint8 salt[32], back_salt[64];
  gsize back_len = 0;

  muster_net_random_bytes (salt, sizeof salt);
  muster_log_step_set (hidden, "player", "red");
  muster_log_step_set_uint (hidden, "wip", 12);
  muster_log_step_set_boolean (hidden, "private", TRUE);
  digest = muster_game_commit_digest ("set-wip", "red", muster_log_step_get_attrs (hidden), salt, sizeof salt);

  g_assert_true (muster_net_secrets_save (digest, hidden, salt, sizeof salt, &error));
  g_assert_no_error (error);
  path = g_build_filename (dir, digest, NULL);
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0600);

  back = muster_net_secrets_load (digest, back_salt, sizeof back_salt, &back_len);
  g_assert_nonnull (back);
  g_assert_true (muster_log_step_equal (back, hidden));
  g_assert_cmpmem (back_salt, back_len, salt, sizeof salt);

  /* Changed afterwards: not taken. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  {
    g_autoptr(GString) changed = g_string_new (text);

    g_string_replace (changed, "wip=12", "wip=20", 1);
    g_assert_true (g_file_set_contents (path, changed->str, -1, NULL));
  }
  forged = muster_net_secrets_load (digest, back_salt, sizeof back_salt, &back_len);
  g_assert_null (forged);
  /* Nor anything but a commitment's name. */
  g_assert_null (muster_net_secrets_load ("../../etc/passwd", back_salt, sizeof back_salt, &back_len));

  muster_net_secrets_forget (digest);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/session/game", test_game);
  g_test_add_func ("/net/session/dice", test_dice);
  g_test_add_func ("/net/session/hidden", test_hidden);
  g_test_add_func ("/net/session/wrong-secret", test_wrong_secret);
  g_test_add_func ("/net/session/wrong-fingerprint", test_wrong_fingerprint);
  g_test_add_func ("/net/session/resume", test_resume);
  g_test_add_func ("/net/session/taken-back", test_taken_back);
  g_test_add_func ("/net/session/refusals", test_refusals);
  g_test_add_func ("/net/session/dishonest-host", test_dishonest_host);
  g_test_add_func ("/net/session/closed", test_closed);
  g_test_add_func ("/net/session/hidden-army", test_hidden_army);
  g_test_add_func ("/net/session/guest-army", test_guest_army);
  g_test_add_func ("/net/session/guest-army-refused", test_guest_army_refused);
  g_test_add_func ("/net/session/guest-army-too-big", test_guest_army_too_big);
  g_test_add_func ("/net/session/pieces", test_pieces);
  g_test_add_func ("/net/session/restart", test_restart);
  g_test_add_func ("/net/secrets", test_secrets);

  return g_test_run ();
}
