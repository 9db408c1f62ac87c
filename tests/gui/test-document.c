/* test-document.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "muster-document.h"
#include "muster-draft.h"
#include "muster-test-tmp.h"

#define IN 25.4

/* Tests of src/gui/muster-document.c and muster-draft.c: documents and
 * their drafts, with no display (they use no widget). Every test shares
 * one state folder, set before GLib first reads it; the subprocesses
 * inherit it. */

static char *state_dir;

static void
empty_state (void)
{
  g_autofree char *drafts = g_build_filename (state_dir, "muster", "drafts", NULL);
  g_autoptr(GDir) dir = g_dir_open (drafts, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (drafts, name, NULL);

      g_unlink (path);
    }
}

static MusterDocument *
new_document (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * IN, 48 * IN);
  g_autoptr(GError) error = NULL;
  MusterDocument *document = muster_document_new ();

  g_assert_true (muster_document_load_layout (document, layout, NULL, &error));
  g_assert_no_error (error);

  return document;
}

static void
change (MusterDocument *document,
        const char     *name)
{
  muster_layout_set_player_name (muster_document_get_layout (document), "red", name);
}

static guint
count_orphans (void)
{
  g_autoptr(GPtrArray) orphans = muster_draft_list_orphans ();

  return orphans->len;
}

/* What a document has, and what it says of itself. */
static void
test_document_basics (void)
{
  g_autoptr(MusterDocument) document = new_document ();
  g_autoptr(GError) error = NULL;
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-document-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "table.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_nonnull (muster_document_get_layout (document));
  g_assert_nonnull (muster_document_get_validator (document));
  g_assert_nonnull (muster_document_get_history (document));
  g_assert_nonnull (muster_document_get_game (document));
  g_assert_nonnull (muster_document_get_roster (document));
  g_assert_cmpstr (muster_document_get_title (document), ==, "Untitled Layout");
  g_assert_cmpstr (muster_document_get_subtitle (document), ==, "The 9th Age — Frontline Clash");
  g_assert_false (muster_document_get_modified (document));

  change (document, "Alice");
  g_assert_true (muster_document_get_modified (document));

  g_assert_true (muster_document_save_to (document, file, &error));
  g_assert_no_error (error);
  g_assert_false (muster_document_get_modified (document));
  g_assert_cmpstr (muster_document_get_title (document), ==, "table.muster");
  g_assert_true (g_file_equal (muster_document_get_file (document), file));

  /* A game system whose zones the players do not have yet waits. */
  muster_layout_set_game (muster_document_get_layout (document), "infinity", "standard");
  g_assert_cmpstr (muster_system_get_id (muster_document_get_system (document)), ==, "infinity");
  g_assert_cmpint (muster_game_get_kind (muster_document_get_game (document)), ==, MUSTER_GAME_KIND_INFINITY);
  g_assert_cmpstr (muster_document_get_subtitle (document), ==, "Infinity — Standard");

  g_unlink (path);
  g_rmdir (dir);
}

/* A bad layout leaves the document as it was. */
static void
test_document_keeps_on_failure (void)
{
  g_autoptr(MusterDocument) document = new_document ();
  g_autoptr(MusterLayout) alien = muster_layout_new ("no-such-game", "x", 10, 10);
  g_autoptr(GError) error = NULL;
  MusterLayout *before = muster_document_get_layout (document);

  g_assert_false (muster_document_load_layout (document, alien, NULL, &error));
  g_assert_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_UNKNOWN);
  g_assert_true (muster_document_get_layout (document) == before);
}

/* Undo takes back a game step with its effect on the board. */
static void
test_document_undo_game (void)
{
  g_autoptr(MusterDocument) document = new_document ();
  MusterGame *game = muster_document_get_game (document);
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_game_pick_deployment_type (game, "encircle", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (muster_layout_get_deployment_id (muster_document_get_layout (document)), ==, "encircle");
  g_assert_true (muster_document_get_modified (document));

  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  g_assert_cmpstr (muster_layout_get_deployment_id (muster_document_get_layout (document)), ==, "frontline-clash");
  g_assert_cmpuint (muster_game_get_n_steps (muster_document_get_game (document)), ==, 0);
  g_assert_false (muster_document_get_modified (document));
}

/* The drafts of a Muster killed with unsaved changes in two documents. */
static void
test_drafts_crash_subprocess (void)
{
  MusterDocument *a = new_document ();
  MusterDocument *b = new_document ();
  g_autoptr(GFile) original = g_file_new_for_path ("/nowhere/at-all.muster");
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * IN, 48 * IN);

  g_assert_true (muster_document_load_layout (b, layout, original, NULL));
  change (a, "First");
  change (b, "Second");
  g_assert_true (muster_document_save_draft (a, NULL));
  g_assert_true (muster_document_save_draft (b, NULL));
  g_assert_cmpstr (muster_document_get_draft_id (a), !=, muster_document_get_draft_id (b));

  /* Their own: no orphans while this Muster runs. */
  g_assert_cmpuint (count_orphans (), ==, 0);

  raise (SIGKILL);
}

static void
test_drafts_crash (void)
{
  g_autoptr(GPtrArray) orphans = NULL;
  g_autoptr(MusterDocument) restored = muster_document_new ();
  g_autoptr(GError) error = NULL;
  const MusterOrphan *second = NULL;

  empty_state ();
  g_test_trap_subprocess ("/gui/document/drafts/crash/subprocess", 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();

  orphans = muster_draft_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 2);
  for (guint i = 0; i < orphans->len; i++)
    {
      const MusterOrphan *orphan = g_ptr_array_index (orphans, i);

      if (orphan->original != NULL)
        second = orphan;
    }
  g_assert_nonnull (second);
  g_assert_cmpstr (second->title, ==, "at-all.muster");

  /* Taken back: its file, unsaved, and no longer an orphan. */
  g_assert_true (muster_document_load_draft (restored, second->id, &error));
  g_assert_no_error (error);
  g_assert_true (muster_document_get_modified (restored));
  g_assert_cmpstr (muster_layout_lookup_player (muster_document_get_layout (restored), "red")->name, ==, "Second");
  g_assert_cmpstr (g_file_peek_path (muster_document_get_file (restored)), ==, "/nowhere/at-all.muster");
  g_assert_cmpstr (muster_document_get_draft_id (restored), ==, second->id);
  g_assert_cmpuint (count_orphans (), ==, 1);

  /* The other is not wanted. */
  for (guint i = 0; i < orphans->len; i++)
    {
      const MusterOrphan *orphan = g_ptr_array_index (orphans, i);

      if (orphan != second)
        muster_draft_delete_orphan (orphan->id);
    }
  g_assert_cmpuint (count_orphans (), ==, 0);
  empty_state ();
}

/* A Muster killed after its changes were drafted, then undone. */
static void
test_drafts_undone_subprocess (void)
{
  MusterDocument *document = new_document ();

  change (document, "First");
  g_assert_true (muster_document_save_draft (document, NULL));
  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  g_assert_false (muster_document_get_modified (document));

  raise (SIGKILL);
}

/* Changes undone back to the saved layout are not offered back after a
 * crash: they were taken back on purpose. */
static void
test_drafts_undone (void)
{
  empty_state ();
  g_test_trap_subprocess ("/gui/document/drafts/undone/subprocess", 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();

  g_assert_cmpuint (count_orphans (), ==, 0);
  empty_state ();
}

/* Another Muster that ends cleanly neither deletes nor offers this one's
 * draft. */
static void
test_drafts_two_processes_subprocess (void)
{
  MusterDocument *other = new_document ();

  /* This one's draft is held by the first Muster: not an orphan. */
  g_assert_cmpuint (count_orphans (), ==, 0);
  change (other, "Bob");
  g_assert_true (muster_document_save_draft (other, NULL));
  muster_document_discard_draft (other);
  g_object_unref (other);
}

static void
test_drafts_two_processes (void)
{
  g_autoptr(MusterDocument) mine = new_document ();

  empty_state ();
  change (mine, "Alice");
  g_assert_true (muster_document_save_draft (mine, NULL));

  g_test_trap_subprocess ("/gui/document/drafts/two-processes/subprocess", 30 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  {
    g_autofree char *path = g_build_filename (state_dir, "muster", "drafts", NULL);
    g_autofree char *name = g_strconcat (muster_document_get_draft_id (mine), ".muster", NULL);
    g_autofree char *draft = g_build_filename (path, name, NULL);

    g_assert_true (g_file_test (draft, G_FILE_TEST_EXISTS));
  }
  g_assert_cmpuint (count_orphans (), ==, 0);

  /* Saved: nothing left to offer. */
  muster_document_discard_draft (mine);
  g_clear_object (&mine);
  g_assert_cmpuint (count_orphans (), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  /* One folder for this program and its subprocesses (set before GLib
   * reads it): each test empties it. */
  gboolean parent = g_getenv ("MUSTER_TEST_STATE") == NULL;
  int status;

  if (parent)
    {
      g_autofree char *dir = g_dir_make_tmp ("muster-test-document-XXXXXX", NULL);

      g_setenv ("MUSTER_TEST_STATE", dir, TRUE);
    }
  state_dir = g_strdup (g_getenv ("MUSTER_TEST_STATE"));
  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gui/document/basics", test_document_basics);
  g_test_add_func ("/gui/document/keeps-on-failure", test_document_keeps_on_failure);
  g_test_add_func ("/gui/document/undo-game", test_document_undo_game);
  g_test_add_func ("/gui/document/drafts/crash", test_drafts_crash);
  g_test_add_func ("/gui/document/drafts/crash/subprocess", test_drafts_crash_subprocess);
  g_test_add_func ("/gui/document/drafts/undone", test_drafts_undone);
  g_test_add_func ("/gui/document/drafts/undone/subprocess", test_drafts_undone_subprocess);
  g_test_add_func ("/gui/document/drafts/two-processes", test_drafts_two_processes);
  g_test_add_func ("/gui/document/drafts/two-processes/subprocess", test_drafts_two_processes_subprocess);

  status = g_test_run ();

  /* The subprocesses share it with the parent, which removes it. */
  if (parent)
    muster_test_remove_tree (state_dir);

  return status;
}
