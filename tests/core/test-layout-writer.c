/* test-layout-writer.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-layout-writer"

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "muster-layout.h"

/* The saving of layouts that the other tests do not see: where the
 * previous versions go, in XDG folders of the test's own, which each
 * test leaves empty. (Not G_TEST_OPTION_ISOLATE_DIRS: GLib 2.74 leaks
 * the folders' names, which LeakSanitizer reports.) The round trips are
 * in test-layout.c. */

/* Helpers */

static char *
backup_path (const char *path,
             guint       version)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) backup = muster_layout_get_backup_file (file, version);

  return g_file_get_path (backup);
}

/* A layout that says which save it was, in its game option. */
static void
save_numbered (const char *path,
               guint       n)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 1828.8, 1219.2);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *value = g_strdup_printf ("%u", n);

  muster_layout_set_option (layout, "save", value);
  g_assert_true (muster_layout_save (layout, file, &error));
  g_assert_no_error (error);
}

/* Which save the file at path holds, or 0 when there is no file. */
static guint
saved_number (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(MusterLayout) layout = NULL;
  const char *value;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return 0;

  layout = muster_layout_new_from_file (file, NULL);
  g_assert_nonnull (layout);
  value = g_hash_table_lookup (muster_layout_get_options (layout), "save");
  g_assert_nonnull (value);

  return (guint) g_ascii_strtoull (value, NULL, 10);
}

/* Removes the backups of the file at path. */
static void
remove_backups (const char *path)
{
  for (guint v = 0; v < MUSTER_LAYOUT_BACKUPS; v++)
    {
      g_autofree char *backup = backup_path (path, v);

      g_remove (backup);
    }
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (listing != NULL && g_dir_read_name (listing) != NULL)
    n++;

  return n;
}

/* Tests */

static void
test_backup_names (void)
{
  static const struct {
    const char *path;
    const char *name;      /* with XXXXXXXX for the hash */
    guint       version;
  } cases[] = {
    { "/home/ana/games/layout.muster", "layout-XXXXXXXX.muster", 0 },
    { "/home/ana/games/layout.muster", "layout-XXXXXXXX.2.muster", 2 },
    { "/home/ana/my.game.muster", "my.game-XXXXXXXX.muster", 0 },
    { "/home/ana/notes", "notes-XXXXXXXX", 0 },
    { "/home/ana/.hidden", ".hidden-XXXXXXXX.1", 1 },
  };
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "muster", "backups", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (cases[i].path);
      g_autoptr(GFile) backup = muster_layout_get_backup_file (file, cases[i].version);
      g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, cases[i].path, -1);
      g_autoptr(GString) expected = g_string_new (cases[i].name);
      g_autofree char *parent = g_path_get_dirname (g_file_peek_path (backup));
      g_autofree char *basename = g_file_get_basename (backup);

      g_string_replace (expected, "XXXXXXXX", (char []) { hash[0], hash[1], hash[2], hash[3], hash[4],
                                                          hash[5], hash[6], hash[7], '\0' }, 1);
      g_assert_cmpstr (basename, ==, expected->str);
      g_assert_cmpstr (parent, ==, dir);
    }

  /* Two files of one name in two folders do not meet. */
  {
    g_autofree char *a = backup_path ("/home/ana/layout.muster", 0);
    g_autofree char *b = backup_path ("/home/ana/old/layout.muster", 0);

    g_assert_cmpstr (a, !=, b);
  }
}

/* Each save keeps the version it replaces, the last five of them, in the
 * application's data: nothing beside the file. */
static void
test_backups_kept (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-writer-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "layout.muster", NULL);
  g_autofree char *other_dir = g_build_filename (dir, "other", NULL);
  g_autofree char *other = g_build_filename (other_dir, "layout.muster", NULL);

  /* The first save replaces nothing. */
  save_numbered (path, 1);
  g_assert_cmpuint (saved_number (path), ==, 1);
  for (guint v = 0; v < MUSTER_LAYOUT_BACKUPS; v++)
    {
      g_autofree char *backup = backup_path (path, v);

      g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
    }

  for (guint n = 2; n <= 8; n++)
    {
      save_numbered (path, n);
      g_assert_cmpuint (saved_number (path), ==, n);

      /* Version v is save n - 1 - v, while there was one. */
      for (guint v = 0; v < MUSTER_LAYOUT_BACKUPS; v++)
        {
          g_autofree char *backup = backup_path (path, v);

          g_assert_cmpuint (saved_number (backup), ==, n > v + 1 ? n - 1 - v : 0);
        }
      g_assert_cmpuint (count_entries (dir), ==, 1);
    }

  /* Another file of the same name keeps its own. */
  g_assert_cmpint (g_mkdir (other_dir, 0700), ==, 0);
  save_numbered (other, 20);
  save_numbered (other, 21);
  {
    g_autofree char *backup = backup_path (other, 0);
    g_autofree char *mine = backup_path (path, 0);

    g_assert_cmpuint (saved_number (backup), ==, 20);
    g_assert_cmpuint (saved_number (mine), ==, 7);
  }

  remove_backups (other);
  remove_backups (path);
  g_remove (other);
  g_rmdir (other_dir);
  g_remove (path);
  g_rmdir (dir);
}

/* Muster's own files, the drafts and the autosave, keep no versions. */
static void
test_own_files_unkept (void)
{
  g_autofree char *state = g_build_filename (g_get_user_state_dir (), "muster", "drafts", NULL);
  g_autofree char *path = g_build_filename (state, "draft.muster", NULL);
  g_autofree char *backups = g_build_filename (g_get_user_data_dir (), "muster", "backups", NULL);

  g_assert_cmpint (g_mkdir_with_parents (state, 0700), ==, 0);
  save_numbered (path, 1);
  save_numbered (path, 2);
  g_assert_cmpuint (saved_number (path), ==, 2);
  g_assert_cmpuint (count_entries (backups), ==, 0);

  g_remove (path);
}

/* Where the previous version cannot be kept, nothing is written: the
 * file stays as it was, and the message says why. */
static void
test_backup_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-writer-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "layout.muster", NULL);
  g_autofree char *muster_data = g_build_filename (g_get_user_data_dir (), "muster", NULL);
  g_autofree char *in_the_way = g_build_filename (muster_data, "backups", NULL);
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 1828.8, 1219.2);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  save_numbered (path, 1);

  g_assert_cmpint (g_mkdir_with_parents (muster_data, 0700), ==, 0);
  g_rmdir (in_the_way);
  g_assert_true (g_file_set_contents (in_the_way, "not a folder", -1, NULL));

  g_assert_false (muster_layout_save (layout, file, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "previous version"));
  g_assert_cmpuint (saved_number (path), ==, 1);

  g_remove (in_the_way);
  g_remove (path);
  g_rmdir (dir);
}

/* A file made read-only is left as it is, and the message says what to
 * do; a folder that cannot be written in is named as what refuses. */
static void
test_read_only (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-writer-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "layout.muster", NULL);
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 1828.8, 1219.2);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  save_numbered (path, 1);
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);

  g_assert_false (muster_layout_save (layout, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "read-only; save it under another name"));
  g_assert_cmpuint (saved_number (path), ==, 1);

  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  g_remove (path);
  g_rmdir (dir);
}

/* A folder that is not there is named, and why: the file's path alone
 * would not say which part is missing. */
static void
test_missing_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-writer-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  g_autofree char *path = g_build_filename (missing, "layout.muster", NULL);
  g_autofree char *expected = g_strdup_printf ("%s could not be saved in the folder %s: %s",
                                               path, missing, g_strerror (ENOENT));
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 1828.8, 1219.2);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_false (muster_layout_save (layout, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Saved through a symbolic link: the file it points to gets the new
 * content, the link stays a link, and the backup is the old content
 * itself, not a link that leads nowhere from the backups' folder. */
static void
test_through_symlink (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-writer-XXXXXX", NULL);
  g_autofree char *real_dir = g_build_filename (dir, "real", NULL);
  g_autofree char *target = g_build_filename (real_dir, "target.muster", NULL);
  g_autofree char *link_path = g_build_filename (dir, "link.muster", NULL);
  g_autofree char *backup = NULL;

  g_assert_cmpint (g_mkdir (real_dir, 0700), ==, 0);
  save_numbered (target, 1);
  g_assert_cmpint (symlink ("real/target.muster", link_path), ==, 0);

  save_numbered (link_path, 2);
  g_assert_true (g_file_test (link_path, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpuint (saved_number (target), ==, 2);
  g_assert_cmpuint (saved_number (link_path), ==, 2);
  /* Kept under the name the player saved to. */
  backup = backup_path (link_path, 0);
  g_assert_false (g_file_test (backup, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpuint (saved_number (backup), ==, 1);
  g_assert_cmpuint (count_entries (real_dir), ==, 1);

  remove_backups (link_path);
  g_remove (link_path);
  g_remove (target);
  g_rmdir (real_dir);
  g_rmdir (dir);
}

/* A save that fails (here a file size limit, as a full disk would) leaves
 * the file and its previous versions as they were: no version is pushed
 * out by saves that never happened. */
static void
test_failed_save_keeps_backups (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-writer-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "layout.muster", NULL);
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 1828.8, 1219.2);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  struct rlimit old_limit, limit;
  void (*old_handler) (int);

  for (guint n = 1; n <= 3; n++)
    save_numbered (path, n);

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  limit = old_limit;
  limit.rlim_cur = 64;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  for (guint i = 0; i < MUSTER_LAYOUT_BACKUPS; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (muster_layout_save (layout, file, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, path));
    }
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  signal (SIGXFSZ, old_handler);

  g_assert_cmpuint (saved_number (path), ==, 3);
  for (guint v = 0; v < MUSTER_LAYOUT_BACKUPS; v++)
    {
      g_autofree char *backup = backup_path (path, v);

      g_assert_cmpuint (saved_number (backup), ==, v < 2 ? 2 - v : 0);
    }
  /* Nor is anything left beside it. */
  g_assert_cmpuint (count_entries (dir), ==, 1);

  remove_backups (path);
  g_remove (path);
  g_rmdir (dir);
}

/* A name as long as a file system allows (255 bytes) is saved, and its
 * previous version kept, under a name cut short where a character ends. */
static void
test_long_name (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-writer-XXXXXX", NULL);
  g_autoptr(GString) name = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *backup_name = NULL;

  /* 82 three-byte characters and ".muster": 253 bytes. */
  for (guint i = 0; i < 82; i++)
    g_string_append (name, "陣");
  g_string_append (name, ".muster");
  path = g_build_filename (dir, name->str, NULL);

  save_numbered (path, 1);
  save_numbered (path, 2);
  g_assert_cmpuint (saved_number (path), ==, 2);

  backup = backup_path (path, MUSTER_LAYOUT_BACKUPS - 1);
  backup_name = g_path_get_basename (backup);
  g_assert_cmpuint (strlen (backup_name), <=, 255);
  g_assert_true (g_utf8_validate (backup_name, -1, NULL));
  g_assert_true (g_str_has_suffix (backup_name, ".muster"));
  g_clear_pointer (&backup, g_free);
  backup = backup_path (path, 0);
  g_assert_cmpuint (saved_number (backup), ==, 1);

  remove_backups (path);
  g_remove (path);
  g_rmdir (dir);
}

/* A name holding characters XML cannot store (a form feed pasted in,
 * U+FFFE) is saved with U+FFFD in their place: the layout, and its
 * drafts, can still be saved. */
static void
test_unstorable_characters (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-writer-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "layout.muster", NULL);
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 1828.8, 1219.2);
  g_autoptr(MusterLayout) back = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const MusterPlayer *player;

  muster_layout_set_player_name (layout, "red", "Al\fice\x01 \xef\xbf\xbe\xef\xbf\xbf \xc3\xa9\t");
  g_assert_true (muster_layout_save (layout, file, &error));
  g_assert_no_error (error);

  back = muster_layout_new_from_file (file, &error);
  g_assert_no_error (error);
  player = muster_layout_lookup_player (back, "red");
  g_assert_nonnull (player);
  g_assert_cmpstr (player->name, ==, "Al\xef\xbf\xbd" "ice\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd \xc3\xa9\t");

  g_remove (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *root = g_dir_make_tmp ("muster-writer-home-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (root, "data", NULL);
  g_autofree char *state = g_build_filename (root, "state", NULL);
  const char * const dirs[] = { "data/muster/backups", "data/muster", "data",
                                "state/muster/drafts", "state/muster", "state" };
  int ret;

  g_assert_nonnull (root);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_STATE_HOME", state, TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/layout-writer/backup-names", test_backup_names);
  g_test_add_func ("/core/layout-writer/backups-kept", test_backups_kept);
  g_test_add_func ("/core/layout-writer/own-files-unkept", test_own_files_unkept);
  g_test_add_func ("/core/layout-writer/backup-refused", test_backup_refused);
  g_test_add_func ("/core/layout-writer/read-only", test_read_only);
  g_test_add_func ("/core/layout-writer/missing-folder", test_missing_folder);
  g_test_add_func ("/core/layout-writer/through-symlink", test_through_symlink);
  g_test_add_func ("/core/layout-writer/failed-save-keeps-backups", test_failed_save_keeps_backups);
  g_test_add_func ("/core/layout-writer/long-name", test_long_name);
  g_test_add_func ("/core/layout-writer/unstorable-characters", test_unstorable_characters);

  ret = g_test_run ();

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *dir = g_build_filename (root, dirs[i], NULL);

      g_rmdir (dir);
    }
  g_rmdir (root);

  return ret;
}
