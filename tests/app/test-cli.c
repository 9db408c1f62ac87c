/* test-cli.c: the command line, run as a player would, with no display.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include <gio/gio.h>

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_muster (Run        *run,
            const char *first,
            ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list ap;
  int wait_status;

  g_ptr_array_add (argv, (gpointer) MUSTER_BINARY);
  va_start (ap, first);
  for (arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* "<piece-id>: <code>" of every printed line, sorted, one each. */
static char *
verdicts_of (const char *output)
{
  g_auto(GStrv) lines = g_strsplit (output, "\n", -1);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) joined = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) parts = NULL;
      char *verdict;

      if (lines[i][0] == '\0')
        continue;
      parts = g_strsplit (lines[i], ": ", 3);
      g_assert_nonnull (parts[1]);
      verdict = g_strdup_printf ("%s: %s", parts[0], parts[1]);
      g_ptr_array_add (kept, verdict);
    }

  g_ptr_array_sort (kept, compare_strings);
  for (guint i = 0; i < kept->len; i++)
    {
      const char *s = g_ptr_array_index (kept, i);

      if (i == 0 || strcmp (s, g_ptr_array_index (kept, i - 1)) != 0)
        g_string_append_printf (joined, "%s\n", s);
    }

  return g_string_free (g_steal_pointer (&joined), FALSE);
}

static void
test_cli_examples (void)
{
  g_autoptr(GDir) dir = g_dir_open (EXAMPLES_DIR, 0, NULL);
  const char *name;
  guint checked = 0;

  g_assert_nonnull (dir);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *expected_path = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *expected_sorted = NULL;
      g_autofree char *got = NULL;
      g_autofree char *stem = NULL;
      g_auto(Run) run = { 0 };

      if (!g_str_has_suffix (name, ".muster"))
        continue;

      path = g_build_filename (EXAMPLES_DIR, name, NULL);
      stem = g_strndup (name, strlen (name) - strlen (".muster"));
      expected_path = g_strdup_printf ("%s/%s.expected", EXAMPLES_DIR, stem);
      g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));

      run_muster (&run, "--validate", path, NULL);
      got = verdicts_of (run.out);
      expected_sorted = verdicts_of (expected);

      g_test_message ("%s", name);
      g_assert_cmpstr (got, ==, expected_sorted);
      g_assert_cmpint (run.status, ==, expected_sorted[0] == '\0' ? 0 : 1);
      checked++;
    }

  g_assert_cmpuint (checked, >=, 14);
}

static void
test_cli_line_format (void)
{
  g_autofree char *path = g_build_filename (EXAMPLES_DIR, "t9a-encircle-mixed.muster", NULL);
  g_auto(GStrv) lines = NULL;
  g_auto(Run) run = { 0 };

  run_muster (&run, "--validate", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_nonnull (lines[0]);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) parts = g_strsplit (lines[i], ": ", 3);

      /* "<piece-id>: <code>: <message>", the message in words. */
      g_assert_cmpuint (g_strv_length (parts), ==, 3);
      g_assert_cmpuint (strlen (parts[2]), >, 5);
    }
}

static char *
write_temp (const char *name,
            const char *contents)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-cli-XXXXXX", NULL);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));

  return path;
}

static void
test_cli_unreadable (void)
{
  g_autofree char *broken = write_temp ("broken.muster",
                                        "<?xml version=\"1.0\"?>\n"
                                        "<muster-layout version=\"1\" units=\"in\">\n"
                                        "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
                                        "  <board width=\"72\" height=\"48\"\n"
                                        "</muster-layout>\n");
  g_autofree char *unknown_system = write_temp ("unknown.muster",
                                                "<?xml version=\"1.0\"?>\n"
                                                "<muster-layout version=\"1\" units=\"in\">\n"
                                                "  <game system=\"warhammer-99\" deployment=\"x\"/>\n"
                                                "  <board width=\"72\" height=\"48\"/>\n"
                                                "</muster-layout>\n");
  g_auto(Run) run1 = { 0 };
  g_auto(Run) run2 = { 0 };
  g_auto(Run) run3 = { 0 };

  run_muster (&run1, "--validate", broken, NULL);
  g_assert_cmpint (run1.status, ==, 2);
  g_assert_nonnull (strstr (run1.err, "broken.muster:"));

  run_muster (&run2, "--validate", unknown_system, NULL);
  g_assert_cmpint (run2.status, ==, 2);
  g_assert_nonnull (strstr (run2.err, "warhammer-99"));

  run_muster (&run3, "--validate", "/nonexistent/dir/none.muster", NULL);
  g_assert_cmpint (run3.status, ==, 2);
  g_assert_nonnull (strstr (run3.err, "none.muster"));
}

static void
test_cli_list_systems (void)
{
  g_auto(Run) run = { 0 };

  run_muster (&run, "--list-systems", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "t9a"));
  g_assert_nonnull (strstr (run.out, "infinity"));
  g_assert_nonnull (strstr (run.out, "ti4"));
  g_assert_nonnull (strstr (run.out, "frontline-clash"));
  g_assert_nonnull (strstr (run.out, "refused-flank"));
  g_assert_nonnull (strstr (run.out, "standard"));
}

static void
test_cli_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  const char *suffixes[] = { "pdf", "svg", "png" };
  const char *magic[] = { "%PDF", "<?xml", "\x89PNG" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *out = g_strdup_printf ("%s/diagram.%s", dir, suffixes[i]);
      g_autofree char *contents = NULL;
      g_auto(Run) run = { 0 };
      gsize len;

      run_muster (&run, "--export", out, "--system", "t9a", "--deployment", "encircle", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (g_file_get_contents (out, &contents, &len, NULL));
      g_assert_cmpuint (len, >, 100);
      g_assert_true (memcmp (contents, magic[i], strlen (magic[i])) == 0);
    }
}

static void
test_cli_export_refuses (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *bad_suffix = g_build_filename (dir, "diagram.doc", NULL);
  g_autofree char *bad_system = g_build_filename (dir, "diagram.pdf", NULL);
  g_auto(Run) run1 = { 0 };
  g_auto(Run) run2 = { 0 };
  g_auto(Run) run3 = { 0 };

  run_muster (&run1, "--export", bad_suffix, "--system", "t9a", "--deployment", "encircle", NULL);
  g_assert_cmpint (run1.status, ==, 2);
  g_assert_false (g_file_test (bad_suffix, G_FILE_TEST_EXISTS));

  run_muster (&run2, "--export", bad_system, "--system", "nope", "--deployment", "encircle", NULL);
  g_assert_cmpint (run2.status, ==, 2);
  g_assert_false (g_file_test (bad_system, G_FILE_TEST_EXISTS));

  run_muster (&run3, "--export", bad_system, "--system", "t9a", "--deployment", "nope", NULL);
  g_assert_cmpint (run3.status, ==, 2);
  g_assert_nonnull (strstr (run3.err, "nope"));
  g_assert_false (g_file_test (bad_system, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/validate/examples", test_cli_examples);
  g_test_add_func ("/cli/validate/line-format", test_cli_line_format);
  g_test_add_func ("/cli/validate/unreadable", test_cli_unreadable);
  g_test_add_func ("/cli/list-systems", test_cli_list_systems);
  g_test_add_func ("/cli/export/formats", test_cli_export);
  g_test_add_func ("/cli/export/refuses", test_cli_export_refuses);

  return g_test_run ();
}
