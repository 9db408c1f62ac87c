/* test-cli.c: the command line, run as a player would, with no display.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gio/gio.h>

#include "../muster-test-tmp.h"
#include "../render/pdf-pages.h"

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

/* muster with these arguments, NULL-terminated; child_setup (if any)
 * runs in the child before it starts. */
static void
run_muster_with (Run                  *run,
                 GSpawnChildSetupFunc  child_setup,
                 const char           *first,
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

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, child_setup, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

#define run_muster(run, ...) run_muster_with ((run), NULL, __VA_ARGS__)

/* No file of more than 4 KiB may be written: a write past it fails
 * (EFBIG), as on a full disk, rather than kill the process. */
static void
limit_file_size (gpointer user_data)
{
  struct rlimit limit = { 4096, 4096 };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
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

/* Each line names the other thing, unnamed terrain by its id
 * (DESIGN.md: pair rules name the other). */
static void
test_cli_names_the_other (void)
{
  g_autofree char *path = g_build_filename (EXAMPLES_DIR, "t9a-counterthrust-mixed.muster", NULL);
  g_auto(Run) run = { 0 };

  run_muster (&run, "--validate", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "b1: unit-spacing: Within 1″ of the impassable terrain t1\n"));
  g_assert_nonnull (strstr (run.out, "b0: overlap: Overlaps b6\n"));
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
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_unlink (path);
  g_rmdir (dir);
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

  remove_temp (broken);
  remove_temp (unknown_system);
}

/* Inconsistent choices are layout errors, as a missing Dawn Assault edge
 * is: exit 2, naming the line of the player at fault. */
static void
test_cli_inconsistent_choices (void)
{
  static const struct {
    const char *deployment;
    const char *players;
    const char *pieces;
    int         line;
    const char *needle;
  } cases[] = {
    { "frontline-clash",
      "  <player id=\"red\" zone=\"north\"/>\n  <player id=\"blue\" zone=\"north\"/>\n", "",
      6, "both in the zone “north”" },
    { "encircle",
      "  <player id=\"red\" zone=\"north\" role=\"defender\"/>\n"
      "  <player id=\"blue\" zone=\"south\" role=\"defender\"/>\n", "",
      6, "both defenders" },
    { "dawn-assault",
      "  <player id=\"red\" zone=\"north\" short-edge=\"east\"/>\n"
      "  <player id=\"blue\" zone=\"south\" short-edge=\"east\"/>\n", "",
      6, "both have the eastern short edge" },
    { "dawn-assault",
      "  <player id=\"red\" zone=\"north\" short-edge=\"east\"/>\n"
      "  <player id=\"blue\" zone=\"south\"/>\n", "",
      6, "short edge" },
    { "marching-columns",
      "  <player id=\"red\" zone=\"north\" short-edge=\"east\"/>\n"
      "  <player id=\"blue\" zone=\"south\"/>\n",
      "  <piece id=\"b1\" kind=\"unit\" owner=\"blue\" x=\"36\" y=\"44\" turn=\"1\">\n"
      "    <base shape=\"rect\" width=\"100mm\" depth=\"40mm\"/>\n"
      "  </piece>\n",
      6, "“blue” has deployed but has no short edge" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *path = NULL;
      g_autofree char *prefix = NULL;
      g_auto(Run) run = { 0 };

      text = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                              "<muster-layout version=\"1\" units=\"in\">\n"
                              "  <game system=\"t9a\" deployment=\"%s\"/>\n"
                              "  <board width=\"72\" height=\"48\"/>\n"
                              "%s%s"
                              "</muster-layout>\n",
                              cases[i].deployment, cases[i].players, cases[i].pieces);
      path = write_temp ("choices.muster", text);

      run_muster (&run, "--validate", path, NULL);
      g_test_message ("%u: %s", i, run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      prefix = g_strdup_printf ("%s:%d: ", path, cases[i].line);
      g_assert_true (g_str_has_prefix (run.err, prefix));
      g_assert_nonnull (strstr (run.err, cases[i].needle));

      remove_temp (path);
    }
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

/* The pages of a PDF, counted in its page tree. */
static guint
pdf_page_count (const char *path)
{
  g_autoptr(GArray) pages = pdf_pages (path);

  return pages->len;
}

static void
test_cli_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *layout = g_build_filename (EXAMPLES_DIR, "t9a-encircle-mixed.muster", NULL);
  const char *suffixes[] = { "pdf", "svg", "png" };
  const char *magic[] = { "%PDF", "<?xml", "\x89PNG" };

  /* Each format, a bare diagram and a layout. */
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    for (guint bare = 0; bare < 2; bare++)
      {
        g_autofree char *out = g_strdup_printf ("%s/diagram.%s", dir, suffixes[i]);
        g_autofree char *contents = NULL;
        g_auto(Run) run = { 0 };
        gsize len;

        if (bare)
          run_muster (&run, "--export", out, "--system", "t9a", "--deployment", "encircle", NULL);
        else
          run_muster (&run, "--export", out, layout, NULL);
        g_assert_cmpint (run.status, ==, 0);
        g_assert_cmpstr (run.err, ==, "");
        g_assert_true (g_file_get_contents (out, &contents, &len, NULL));
        g_assert_cmpuint (len, >, 100);
        g_assert_true (memcmp (contents, magic[i], strlen (magic[i])) == 0);
        g_unlink (out);
      }

  /* A zone atlas: a page per deployment type of the system. */
  {
    g_autofree char *out = g_build_filename (dir, "atlas.pdf", NULL);
    g_auto(Run) run = { 0 };

    run_muster (&run, "--export", out, "--system", "t9a", "--all-deployments", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpuint (pdf_page_count (out), ==, 6);
    g_unlink (out);
  }

  /* True scale: a 72" × 48" table on more than a dozen sheets. */
  {
    g_autofree char *out = g_build_filename (dir, "template.pdf", NULL);
    g_auto(Run) run = { 0 };

    run_muster (&run, "--export", out, layout, "--scale", "1:1", "--paper", "letter", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpuint (pdf_page_count (out), ==, 50);
    g_unlink (out);
  }

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A clear error, exit status 2, and nothing written. */
static void
test_cli_export_refuses (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-export-XXXXXX", NULL);
  g_autofree char *layout = g_build_filename (EXAMPLES_DIR, "t9a-encircle-mixed.muster", NULL);
  g_autofree char *pdf = g_build_filename (dir, "diagram.pdf", NULL);
  g_autofree char *doc = g_build_filename (dir, "diagram.doc", NULL);
  g_autofree char *png = g_build_filename (dir, "diagram.png", NULL);
  struct {
    const char *argv[9];
    const char *mentions;
  } cases[] = {
    { { "--export", doc, "--system", "t9a", "--deployment", "encircle" }, ".pdf, .svg or .png" },
    { { "--export", pdf, "--system", "nope", "--deployment", "encircle" }, "nope" },
    { { "--export", pdf, "--system", "t9a", "--deployment", "nope" }, "nope" },
    { { "--export", pdf, "--deployment", "encircle" }, "--system" },
    { { "--export", pdf, "--system", "t9a", "--paper", "a5" }, "a5" },
    { { "--export", pdf, "--system", "t9a", "--scale", "half" }, "half" },
    { { "--export", png, "--system", "t9a", "--all-deployments" }, "PDF" },
    { { "--export", png, "--system", "t9a", "--scale", "1:1" }, "1:1" },
    { { "--export", pdf, layout, "--system", "infinity" }, "--system" },
    { { "--export", pdf, layout, layout }, "one layout" },
    { { "--export", pdf, "/nonexistent/none.muster" }, "none.muster" },
    { { "--export", "/nonexistent/diagram.pdf", "--system", "t9a", "--deployment", "encircle" },
      "/nonexistent/diagram.pdf could not be saved in the folder /nonexistent: No such file or directory" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GDir) listing = NULL;
      g_auto(Run) run = { 0 };
      const char * const *a = cases[i].argv;

      run_muster (&run, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], NULL);
      g_test_message ("%s", run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_true (g_str_has_prefix (run.err, "muster: "));
      g_assert_nonnull (strstr (run.err, cases[i].mentions));
      g_assert_cmpstr (run.out, ==, "");

      listing = g_dir_open (dir, 0, NULL);
      g_assert_null (g_dir_read_name (listing));
    }

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The names in a folder, sorted, a space between. */
static char *
listing_of (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);

  return g_strjoinv (" ", (char **) names->pdata);
}

static void
assert_file_holds (const char *path,
                   const char *expected)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, expected);
}

/* An export through a symbolic link writes the file it points to, as a
 * save does, and the link stays a link; nothing else is left. */
static void
test_cli_export_through_link (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  const char *suffixes[] = { "pdf", "svg", "png" };
  const char *magic[] = { "%PDF", "<?xml", "\x89PNG" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strdup_printf ("real.%s", suffixes[i]);
      g_autofree char *real = g_build_filename (dir, name, NULL);
      g_autofree char *link = g_strdup_printf ("%s/link.%s", dir, suffixes[i]);
      g_autofree char *expected = g_strdup_printf ("link.%s real.%s", suffixes[i], suffixes[i]);
      g_autofree char *contents = NULL;
      g_autofree char *target = NULL;
      g_autofree char *listing = NULL;
      g_auto(Run) run = { 0 };

      g_assert_true (g_file_set_contents (real, "old", -1, NULL));
      g_assert_cmpint (symlink (name, link), ==, 0);

      run_muster (&run, "--export", link, "--system", "t9a", "--deployment", "encircle", NULL);
      g_assert_cmpstr (run.err, ==, "");
      g_assert_cmpint (run.status, ==, 0);

      g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
      target = g_file_read_link (link, NULL);
      g_assert_cmpstr (target, ==, name);
      g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
      g_assert_true (g_str_has_prefix (contents, magic[i]));
      listing = listing_of (dir);
      g_assert_cmpstr (listing, ==, expected);

      g_unlink (link);
      g_unlink (real);
    }
}

/* A failed export leaves the file at its path (or the link there) as it
 * was, and no temporary file in the folder: a file system that takes no
 * more (a PDF used to be said written, its first 4 KiB in the good
 * file's place), and a link into a folder that does not exist (which
 * used to be replaced by the drawing). */
static void
test_cli_export_fails_cleanly (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *good = g_build_filename (dir, "good.pdf", NULL);
  g_autofree char *link = g_build_filename (dir, "link.pdf", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.svg", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  g_autofree char *missing_target = g_build_filename (missing, "diagram.svg", NULL);
  g_autofree char *says = NULL;

  g_assert_true (g_file_set_contents (good, "good", -1, NULL));
  g_assert_cmpint (symlink ("good.pdf", link), ==, 0);
  g_assert_cmpint (symlink (missing_target, dangling), ==, 0);

  /* The drawing is larger than a file may be. */
  {
    const char *outputs[] = { good, link };

    for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
      {
        g_autofree char *listing = NULL;
        g_auto(Run) run = { 0 };

        run_muster_with (&run, limit_file_size, "--export", outputs[i], "--system", "t9a", NULL);
        g_test_message ("%s", run.err);
        g_assert_cmpint (run.status, ==, 2);
        says = g_strdup_printf ("muster: %s could not be written: ", outputs[i]);
        g_assert_true (g_str_has_prefix (run.err, says));
        g_clear_pointer (&says, g_free);

        assert_file_holds (good, "good");
        g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
        listing = listing_of (dir);
        g_assert_cmpstr (listing, ==, "dangling.svg good.pdf link.pdf");
      }
  }

  /* The folder the link leads into is not there: said, naming it. */
  {
    g_autofree char *target = NULL;
    g_autofree char *listing = NULL;
    g_auto(Run) run = { 0 };

    run_muster (&run, "--export", dangling, "--system", "t9a", NULL);
    g_test_message ("%s", run.err);
    g_assert_cmpint (run.status, ==, 2);
    says = g_strdup_printf ("muster: %s could not be saved in the folder %s: ", dangling, missing);
    g_assert_true (g_str_has_prefix (run.err, says));

    target = g_file_read_link (dangling, NULL);
    g_assert_cmpstr (target, ==, missing_target);
    listing = listing_of (dir);
    g_assert_cmpstr (listing, ==, "dangling.svg good.pdf link.pdf");
  }
}

/* A name as long as a folder takes is exported under that name: the
 * temporary file's name beside it is shortened, not refused as too long. */
static void
test_cli_export_long_name (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *stem = g_strnfill (251, 'z');
  g_autofree char *name = g_strconcat (stem, ".pdf", NULL);
  g_autofree char *out = g_build_filename (dir, name, NULL);
  g_autofree char *listing = NULL;
  g_auto(Run) run = { 0 };

  run_muster (&run, "--export", out, "--system", "t9a", NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpuint (pdf_page_count (out), ==, 1);
  listing = listing_of (dir);
  g_assert_cmpstr (listing, ==, name);
}

/* What the command would not do is refused (exit 2) with a word on
 * stderr: files beyond the one a mode takes, two modes at once. */
static void
test_cli_refuses_extra (void)
{
  g_autofree char *legal = g_build_filename (TEST_DATA_DIR, "examples", "t9a-encircle-legal.muster", NULL);
  g_autofree char *mixed = g_build_filename (TEST_DATA_DIR, "examples", "t9a-encircle-mixed.muster", NULL);
  static const struct {
    const char *args[4];    /* NULL-terminated; "L" the legal file, "M" the mixed one */
    const char *says;
  } cases[] = {
    { { "--validate", "L", "M", NULL }, "validate, not several" },
    { { "--game", "L", "M", NULL }, "replay, not several" },
    { { "--list-systems", "L", NULL }, "takes no file" },
    { { "--validate", "L", "--game", "M" }, "Give one of --validate" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };
      const char *args[4] = { NULL, };

      for (guint j = 0; j < 4 && cases[i].args[j] != NULL; j++)
        args[j] = strcmp (cases[i].args[j], "L") == 0 ? legal
                : strcmp (cases[i].args[j], "M") == 0 ? mixed : cases[i].args[j];
      run_muster (&run, args[0], args[1], args[2], args[3], NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_nonnull (strstr (run.err, cases[i].says));
    }

  /* One file: as before. */
  {
    g_auto(Run) run = { 0 };

    run_muster (&run, "--validate", mixed, NULL);
    g_assert_cmpint (run.status, ==, 1);
  }
}

/* What a layout names of its game system that does not stand is refused
 * by every mode that reads the layout with the same words: exit 2, naming
 * the file and the line of the element at fault. */
static const struct {
  const char *game;
  const char *players;
  int         line;
  const char *says;
} bad_games[] = {
  { "  <game system=\"warhammer\" deployment=\"frontline-clash\"/>\n",
    "  <player id=\"red\" zone=\"south\"/>\n  <player id=\"blue\" zone=\"north\"/>\n",
    3, "Unknown game system “warhammer” (see muster --list-systems)" },
  { "  <game system=\"t9a\" deployment=\"pitched\"/>\n",
    "  <player id=\"red\" zone=\"south\"/>\n  <player id=\"blue\" zone=\"north\"/>\n",
    3, "The game system “t9a” has no deployment type “pitched”" },
  { "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n",
    "  <player id=\"red\" zone=\"south-west\"/>\n  <player id=\"blue\" zone=\"north\"/>\n",
    5, "“Frontline Clash” has no zone “south-west” (its zones: north, south)" },
  { "  <game system=\"t9a\" deployment=\"refused-flank\">\n"
    "    <option name=\"diagonal\" value=\"n-s\"/>\n"
    "  </game>\n",
    "  <player id=\"red\" zone=\"south-west\"/>\n  <player id=\"blue\" zone=\"north-east\"/>\n",
    4, "The option “diagonal” of “Refused Flank” cannot be “n-s” (choose one of nw-se, ne-sw)" },
  { "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n",
    "  <player id=\"red\" zone=\"south\"/>\n  <player id=\"blue\" zone=\"south\"/>\n",
    6, "Players “red” and “blue” are both in the zone “south”: each player deploys in a zone of their own" },
};

/* The layout of bad_games[i], in a file of its own. */
static char *
write_bad_game (guint i)
{
  g_autofree char *text = NULL;

  text = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                          "<muster-layout version=\"1\" units=\"in\">\n"
                          "%s"
                          "  <board width=\"72\" height=\"48\"/>\n"
                          "%s"
                          "</muster-layout>\n",
                          bad_games[i].game, bad_games[i].players);

  return write_temp ("bad-game.muster", text);
}

static void
test_cli_bad_game (void)
{
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *pdf = g_build_filename (dir, "layout.pdf", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad_games); i++)
    {
      g_autofree char *path = write_bad_game (i);
      g_autofree char *says = g_strdup_printf ("%s:%d: %s\n", path, bad_games[i].line, bad_games[i].says);
      g_autofree char *export_says = g_strconcat ("muster: ", says, NULL);
      g_autofree char *listing = NULL;
      g_auto(Run) exported = { 0 };
      const char *modes[] = { "--validate", "--game" };

      for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
        {
          g_auto(Run) run = { 0 };

          run_muster (&run, modes[m], path, NULL);
          g_test_message ("%u %s: %s", i, modes[m], run.err);
          g_assert_cmpint (run.status, ==, 2);
          g_assert_cmpstr (run.out, ==, "");
          g_assert_cmpstr (run.err, ==, says);
        }

      /* The export says it as every other failure of an export, after
       * "muster: ", and draws nothing. */
      run_muster (&exported, "--export", pdf, path, NULL);
      g_test_message ("%u --export: %s", i, exported.err);
      g_assert_cmpint (exported.status, ==, 2);
      g_assert_cmpstr (exported.out, ==, "");
      g_assert_cmpstr (exported.err, ==, export_says);
      listing = listing_of (dir);
      g_assert_cmpstr (listing, ==, "");

      remove_temp (path);
    }
}

/* A game log that --game cannot replay, of another game system or of a
 * later Muster, is said to be so (exit 1, naming the file and the line of
 * the log), not passed over as a game with no step taken. */
static void
test_cli_game_unusable_log (void)
{
  static const struct {
    const char *log;
    int         status;
    const char *says;   /* after "FILE:LINE: ", or NULL for none */
  } cases[] = {
    { "  <g:game-log version=\"1\" system=\"infinity\">\n"
      "    <g:step n=\"1\" action=\"set-dice\" typed=\"true\"/>\n"
      "  </g:game-log>\n",
      0, NULL },
    { "  <g:game-log version=\"1\" system=\"t9a\">\n"
      "    <g:step n=\"1\" action=\"set-dice\" typed=\"true\"/>\n"
      "  </g:game-log>\n",
      1, "The game log is for another game system (“t9a”, not “infinity”) and cannot be replayed" },
    { "  <g:game-log version=\"2\" system=\"infinity\"><g:future/></g:game-log>\n",
      1, "The game log is of a later version of Muster (game log version 2) and cannot be replayed: "
         "update Muster" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *path = NULL;
      g_auto(Run) run = { 0 };

      text = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                              "<muster-layout version=\"1\" units=\"in\" xmlns:g=\"urn:muster:game-log\">\n"
                              "  <game system=\"infinity\" deployment=\"standard\"/>\n"
                              "  <board width=\"48\" height=\"48\"/>\n"
                              "  <player id=\"red\" name=\"Alice\" zone=\"south\"/>\n"
                              "  <player id=\"blue\" name=\"Bob\" zone=\"north\"/>\n"
                              "\n"
                              "%s"
                              "</muster-layout>\n",
                              cases[i].log);
      path = write_temp ("game.muster", text);

      run_muster (&run, "--game", path, NULL);
      g_test_message ("%u: %s", i, run.err);
      g_assert_cmpint (run.status, ==, cases[i].status);
      if (cases[i].says != NULL)
        {
          g_autofree char *says = g_strdup_printf ("%s:8: %s\n", path, cases[i].says);

          g_assert_cmpstr (run.err, ==, says);
          g_assert_cmpstr (run.out, ==, "");
        }
      else
        {
          g_assert_cmpstr (run.err, ==, "");
          g_assert_nonnull (strstr (run.out, "   1. The dice are thrown at the table and typed in\n"));
        }

      remove_temp (path);
    }
}

/* The settings of a player who set a contact tolerance: a keyfile under
 * this folder, read through GIO's keyfile backend with the build's
 * schema (GSETTINGS_SCHEMA_DIR, set for the tests). */
static const char *settings_home;

static void
use_settings_home (gpointer user_data)
{
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  g_setenv ("XDG_CONFIG_HOME", settings_home, TRUE);
}

static void
no_schema_with_settings (gpointer user_data)
{
  use_settings_home (user_data);
  g_setenv ("GSETTINGS_SCHEMA_DIR", "/nonexistent/muster-no-schema", TRUE);
  g_setenv ("XDG_DATA_DIRS", "/nonexistent/muster-no-schema", TRUE);
}

static void
set_contact_tolerance (const char *home,
                       const char *tolerance)
{
  g_autofree char *folder = g_build_filename (home, "glib-2.0", "settings", NULL);
  g_autofree char *keyfile = g_build_filename (folder, "keyfile", NULL);
  g_autofree char *text = g_strdup_printf ("[io/github/muster/Muster]\ncontact-tolerance=%s\n", tolerance);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (keyfile, text, -1, NULL));
}

static char *
export_svg (const char *dir,
            const char *name,
            const char *layout,
            gboolean    with_settings)
{
  g_autofree char *out = g_build_filename (dir, name, NULL);
  g_auto(Run) run = { 0 };
  char *contents = NULL;

  run_muster_with (&run, with_settings ? use_settings_home : NULL, "--export", out, layout, NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
  g_unlink (out);

  return contents;
}

/* --validate and --export judge with the contact tolerance the player
 * set, as the window does: a model 0.6 mm from an objective touches it
 * at a tolerance of 1 mm, not at the default 0.5 mm. Without a schema,
 * the default, in silence. */
static void
test_cli_contact_tolerance (void)
{
  g_auto(MusterTestDir) home = muster_test_dir_new ("muster-settings-XXXXXX");
  g_auto(MusterTestDir) dir = muster_test_dir_new ("muster-export-XXXXXX");
  g_autofree char *layout = write_temp ("gap.muster",
                                        "<?xml version=\"1.0\"?>\n"
                                        "<muster-layout version=\"1\" units=\"mm\">\n"
                                        "  <game system=\"infinity\" deployment=\"standard\"/>\n"
                                        "  <board width=\"1219.2\" height=\"1219.2\"/>\n"
                                        "  <player id=\"red\" zone=\"south\"/>\n"
                                        "  <player id=\"blue\" zone=\"north\"/>\n"
                                        "  <piece id=\"r1\" kind=\"model\" owner=\"red\" x=\"100\" y=\"1100\">\n"
                                        "    <base shape=\"round\" diameter=\"25\"/>\n"
                                        "  </piece>\n"
                                        "  <piece id=\"o1\" kind=\"objective\" owner=\"neutral\" x=\"125.6\" y=\"1100\">\n"
                                        "    <base shape=\"round\" diameter=\"25\"/>\n"
                                        "  </piece>\n"
                                        "</muster-layout>\n");
  g_autofree char *at_default = NULL;
  g_autofree char *at_half = NULL;
  g_autofree char *at_one = NULL;

  settings_home = home;
  g_assert_nonnull (g_getenv ("GSETTINGS_SCHEMA_DIR"));

  /* The default, with no setting. */
  {
    g_auto(Run) run = { 0 };

    run_muster (&run, "--validate", layout, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "");
    at_default = export_svg (dir, "default.svg", layout, FALSE);
  }

  /* The default, set: the same drawing. */
  set_contact_tolerance (home, "0.5");
  at_half = export_svg (dir, "half.svg", layout, TRUE);
  g_assert_true (g_str_equal (at_half, at_default));

  /* 1 mm: the model touches the objective, and is drawn as breaking a
   * rule. */
  set_contact_tolerance (home, "1.0");
  {
    g_auto(Run) run = { 0 };

    run_muster_with (&run, use_settings_home, "--validate", layout, NULL);
    g_assert_cmpstr (run.err, ==, "");
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.out, ==, "r1: base-contact: In contact with the objective o1\n");
    at_one = export_svg (dir, "one.svg", layout, TRUE);
    g_assert_false (g_str_equal (at_one, at_default));
  }

  /* No schema: the default, and not a word about it. */
  {
    g_auto(Run) run = { 0 };

    run_muster_with (&run, no_schema_with_settings, "--validate", layout, NULL);
    g_assert_cmpstr (run.err, ==, "");
    g_assert_cmpint (run.status, ==, 0);
  }

  remove_temp (layout);
}

static void
no_window_module (gpointer user_data)
{
  g_setenv ("MUSTER_GUI_MODULE_DIR", "/nonexistent/muster-no-module", TRUE);
}

/* An option of --export given without it is refused by the command line
 * (exit 2, naming the option), not passed over by another mode, nor
 * handed to the window, which would load GTK only to refuse it. The
 * window's module cannot be loaded here: a call for it fails with 1. */
static void
test_cli_export_options_alone (void)
{
  g_autofree char *legal = g_build_filename (TEST_DATA_DIR, "examples", "t9a-encircle-legal.muster", NULL);
  static const struct {
    const char *args[4];    /* NULL-terminated; "L" the legal file */
    const char *names;
  } cases[] = {
    { { "--system", "t9a", NULL }, "--system" },
    { { "--deployment=encircle", NULL }, "--deployment" },
    { { "L", "--all-deployments", NULL }, "--all-deployments" },
    { { "--validate", "L", "--paper", "a3" }, "--paper" },
    { { "--game", "L", "--scale", "1:1" }, "--scale" },
    { { "--list-systems", "--system", "t9a", NULL }, "--system" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *says = g_strdup_printf ("muster: %s goes only with --export\n", cases[i].names);
      g_auto(Run) run = { 0 };
      const char *args[4] = { NULL, };

      for (guint j = 0; j < 4 && cases[i].args[j] != NULL; j++)
        args[j] = strcmp (cases[i].args[j], "L") == 0 ? legal : cases[i].args[j];
      run_muster_with (&run, no_window_module, args[0], args[1], args[2], args[3], NULL);
      g_test_message ("%u: %s", i, run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_cmpstr (run.err, ==, says);
    }

  /* The window's own: a file, or nothing, still goes to the window. */
  {
    g_auto(Run) run = { 0 };

    run_muster_with (&run, no_window_module, legal, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "Cannot load the window of Muster"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/validate/examples", test_cli_examples);
  g_test_add_func ("/cli/validate/line-format", test_cli_line_format);
  g_test_add_func ("/cli/validate/names-the-other", test_cli_names_the_other);
  g_test_add_func ("/cli/validate/unreadable", test_cli_unreadable);
  g_test_add_func ("/cli/validate/inconsistent-choices", test_cli_inconsistent_choices);
  g_test_add_func ("/cli/bad-game", test_cli_bad_game);
  g_test_add_func ("/cli/game/unusable-log", test_cli_game_unusable_log);
  g_test_add_func ("/cli/contact-tolerance", test_cli_contact_tolerance);
  g_test_add_func ("/cli/list-systems", test_cli_list_systems);
  g_test_add_func ("/cli/export/formats", test_cli_export);
  g_test_add_func ("/cli/export/refuses", test_cli_export_refuses);
  g_test_add_func ("/cli/export/through-link", test_cli_export_through_link);
  g_test_add_func ("/cli/export/fails-cleanly", test_cli_export_fails_cleanly);
  g_test_add_func ("/cli/export/long-name", test_cli_export_long_name);
  g_test_add_func ("/cli/refuses-extra", test_cli_refuses_extra);
  g_test_add_func ("/cli/export/options-alone", test_cli_export_options_alone);

  return g_test_run ();
}
