/* test-net-armies.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "net-helpers.h"

/* Armies over the network: troopers kept off the table, a guest's own
 * army, pieces placed and taken back, a game restarted, secrets kept. */

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

/* A trooper whose model Bob took off and put back from a roster entry he
 * added since, which Alice's Muster does not have: the step names the
 * piece, and both games deploy that one rather than each finding its own
 * (hers found none, and refused). */
static void
test_replacement_deployed (void)
{
  Match match = { 0 };
  MusterLayout *bobs;
  g_autoptr(MusterRoster) roster = NULL;
  MusterRosterEntry *entry = muster_roster_entry_new ();
  const char *entry_id;
  MusterPiece *piece;
  guint refused[2];

  match_open (&match);
  play_initiative (&match);
  OK (muster_game_start_deployment (match.host.game, &ok_error));
  settle (&match);
  bobs = match.guest.layout;
  muster_layout_remove_piece (bobs, "b3");
  settle (&match);
  roster = muster_roster_new (bobs);
  entry->name = g_strdup ("b3");
  entry->count = 2;
  entry->base = (MusterBase) { MUSTER_BASE_ROUND, 25, 25 };
  entry_id = muster_roster_add_entry (roster, "blue", entry);
  piece = muster_roster_make_piece (roster, entry_id);
  piece->id = g_strdup ("m9");
  piece->x = 30 * IN;
  piece->y = 8 * IN;
  piece->rotation = 180;
  g_assert_true (muster_layout_add_piece (bobs, piece));
  settle (&match);

  refused[0] = match.host.refusals->len;
  refused[1] = match.guest.refusals->len;
  OK (muster_game_deploy (match.guest.game, "b3", &ok_error));
  settle (&match);
  g_assert_cmpuint (match.host.refusals->len, ==, refused[0]);
  g_assert_cmpuint (match.guest.refusals->len, ==, refused[1]);
  g_assert_cmpuint (muster_game_get_n_steps (match.host.game), ==, muster_game_get_n_steps (match.guest.game));
  g_assert_cmpstr (muster_game_lookup_trooper (match.host.game, "b3")->piece_id, ==, "m9");
  g_assert_cmpstr (muster_game_lookup_trooper (match.guest.game, "b3")->piece_id, ==, "m9");
  match_close (&match);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/session/hidden-army", test_hidden_army);
  g_test_add_func ("/net/session/guest-army", test_guest_army);
  g_test_add_func ("/net/session/guest-army-refused", test_guest_army_refused);
  g_test_add_func ("/net/session/guest-army-too-big", test_guest_army_too_big);
  g_test_add_func ("/net/session/pieces", test_pieces);
  g_test_add_func ("/net/session/replacement-deployed", test_replacement_deployed);
  g_test_add_func ("/net/session/restart", test_restart);
  g_test_add_func ("/net/secrets", test_secrets);

  return g_test_run ();
}
