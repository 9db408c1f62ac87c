/* test-hostile.c: broken and hostile files through the command line.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each file is written to a fresh folder and given to `muster --validate`,
 * which must exit 2 (and never hang), printing "FILE:LINE: what is
 * wrong" with the line at fault, in valid UTF-8, and nothing of what a
 * file may have tried to pull in. A broken game system in the user's
 * folder is reported and skipped by `muster --list-systems`. Registered
 * by tests/fuzz/meson.build.
 */

#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "muster-xml.h"
#include "muster-test-tmp.h"

/* When a run counts as hung, in real time: far above what any run takes
 * even under the sanitizers, so that only a hang trips it. How fast the
 * refusals are is for the benchmarks, not the suite. */
#define HANG_SECONDS 60

typedef struct
{
  int     status;
  char   *out;
  char   *err;
  double  seconds;       /* processor time, user and system */
  double  real_seconds;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

typedef struct
{
  GBytes   *out;
  GBytes   *err;
  GError   *error;
  gboolean  done;
} Communication;

static void
communicate_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Communication *c = user_data;

  g_subprocess_communicate_finish (G_SUBPROCESS (object), result, &c->out, &c->err, &c->error);
  c->done = TRUE;
}

static gboolean
hang_cb (gpointer user_data)
{
  gboolean *hung = user_data;

  *hung = TRUE;

  return G_SOURCE_REMOVE;
}

static char *
bytes_to_utf8 (GBytes *bytes)
{
  gsize size = 0;
  const char *data = bytes != NULL ? g_bytes_get_data (bytes, &size) : NULL;

  /* Whatever a file holds, the messages about it are text. */
  g_assert_true (data == NULL || g_utf8_validate (data, size, NULL));

  return g_strndup (data != NULL ? data : "", size);
}

static double
children_cpu_seconds (void)
{
  struct rusage usage;

  g_assert_cmpint (getrusage (RUSAGE_CHILDREN, &usage), ==, 0);

  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / (double) G_USEC_PER_SEC;
}

/* Runs muster with the arguments, and XDG_DATA_HOME set to data_home
 * when it is not NULL; fails the test if it runs for HANG_SECONDS. */
static void
run_muster (Run        *run,
            const char *data_home,
            const char *first,
            ...)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  Communication c = { NULL, NULL, NULL, FALSE };
  gboolean hung = FALSE;
  const char *arg;
  double cpu_start;
  gint64 start;
  guint timeout;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) MUSTER_BINARY);
  va_start (ap, first);
  for (arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (data_home != NULL)
    g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data_home, TRUE);

  cpu_start = children_cpu_seconds ();
  start = g_get_monotonic_time ();
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);

  timeout = g_timeout_add_seconds (HANG_SECONDS, hang_cb, &hung);
  g_subprocess_communicate_async (process, NULL, NULL, communicate_cb, &c);
  while (!c.done && !hung)
    g_main_context_iteration (NULL, TRUE);

  if (hung)
    {
      g_subprocess_force_exit (process);
      while (!c.done)
        g_main_context_iteration (NULL, TRUE);
      g_clear_pointer (&c.out, g_bytes_unref);
      g_clear_pointer (&c.err, g_bytes_unref);
      g_clear_error (&c.error);
      g_error ("muster %s ran for %d s", (const char *) argv->pdata[1], HANG_SECONDS);
    }
  g_source_remove (timeout);

  g_subprocess_wait (process, NULL, &error);
  g_assert_no_error (error);
  g_assert_no_error (c.error);
  run->real_seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  run->seconds = children_cpu_seconds () - cpu_start;

  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
  run->out = bytes_to_utf8 (c.out);
  run->err = bytes_to_utf8 (c.err);
  g_clear_pointer (&c.out, g_bytes_unref);
  g_clear_pointer (&c.err, g_bytes_unref);
}

/* A folder of its own for each test, removed at the end. */
typedef struct
{
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  user_data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("muster-hostile-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  user_data)
{
  muster_test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
}

static char *
write_file (Fixture    *fixture,
            const char *name,
            const char *contents,
            gssize      length)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (fixture->dir, name, NULL);

  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);

  return path;
}

/* Validates the file and expects it refused: exit 2, in time, with
 * "PATH:LINE: " (line 0: any line) and needle (if not NULL) on stderr. */
static void
expect_refused_file (const char *path,
                     int         line,
                     const char *needle)
{
  g_autofree char *prefix = NULL;
  g_auto(Run) run = { 0 };

  run_muster (&run, NULL, "--validate", path, NULL);

  g_test_message ("%s (%.3f s, %.3f s real): %s", path, run.seconds, run.real_seconds, run.err);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");

  /* One message, on one line. */
  g_assert_true (g_str_has_suffix (run.err, "\n"));
  g_assert_true (strchr (run.err, '\n') == run.err + strlen (run.err) - 1);

  prefix = line > 0 ? g_strdup_printf ("%s:%d: ", path, line) : g_strdup_printf ("%s:", path);
  if (!g_str_has_prefix (run.err, prefix))
    g_error ("expected “%s…”, got “%s”", prefix, run.err);
  if (line == 0)
    {
      const char *p = run.err + strlen (prefix);

      g_assert_true (g_ascii_isdigit (*p) && *p != '0');
    }
  if (needle != NULL && strstr (run.err + strlen (prefix), needle) == NULL)
    g_error ("expected “%s” in “%s”", needle, run.err);
}

static void
expect_refused (Fixture    *fixture,
                const char *name,
                const char *contents,
                gssize      length,
                int         line,
                const char *needle)
{
  g_autofree char *path = write_file (fixture, name, contents, length);

  expect_refused_file (path, line, needle);
}

/* A layout on which the cases build: lines 1 to 6 as below, then body
 * from line 7 on. */
static char *
layout (const char *game,
        const char *board,
        const char *body)
{
  return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<muster-layout version=\"1\" units=\"in\">\n"
                          "  %s\n"
                          "  %s\n"
                          "  <player id=\"red\" name=\"Alice\" zone=\"south\"/>\n"
                          "  <player id=\"blue\" name=\"Bob\" zone=\"north\"/>\n"
                          "%s"
                          "</muster-layout>\n",
                          game != NULL ? game : "<game system=\"t9a\" deployment=\"frontline-clash\"/>",
                          board != NULL ? board : "<board width=\"72\" height=\"48\"/>",
                          body != NULL ? body : "");
}

/* A layout whose line 7 is a piece with these attributes and base. */
static char *
layout_with_piece (const char *attributes,
                   const char *base)
{
  g_autofree char *body = g_strdup_printf ("  <piece id=\"u1\" kind=\"unit\" owner=\"red\" %s>%s</piece>\n",
                                           attributes, base);

  return layout (NULL, NULL, body);
}

#define ROUND_BASE "<base shape=\"round\" diameter=\"25mm\"/>"

/* Tests */

static void
test_good_file (Fixture       *fixture,
                gconstpointer  user_data)
{
  g_autofree char *text = layout_with_piece ("x=\"36\" y=\"40\"", ROUND_BASE);
  g_autofree char *path = write_file (fixture, "good.muster", text, -1);
  g_auto(Run) run = { 0 };

  /* The base the broken files break: legal. */
  run_muster (&run, NULL, "--validate", path, NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
}

static void
test_bad_numbers (Fixture       *fixture,
                  gconstpointer  user_data)
{
  static const struct {
    const char *attributes;
    const char *base;
    const char *says;
  } cases[] = {
    { "x=\"NaN\" y=\"40\"", ROUND_BASE, "NaN" },
    { "x=\"nan\" y=\"40\"", ROUND_BASE, "nan" },
    { "x=\"12\" y=\"1e999\"", ROUND_BASE, "1e999" },
    { "x=\"inf\" y=\"40\"", ROUND_BASE, "inf" },
    { "x=\"-Infinity\" y=\"40\"", ROUND_BASE, "Infinity" },
    { "x=\"12\" y=\"40\" rotation=\"NaN\"", ROUND_BASE, "rotation" },
    { "x=\"12\" y=\"40\" rotation=\"1e400\"", ROUND_BASE, "rotation" },
    { "x=\"1e300\" y=\"40\"", ROUND_BASE, "too large" },
    { "x=\"12\" y=\"\"", ROUND_BASE, "y" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = layout_with_piece (cases[i].attributes, cases[i].base);

      expect_refused (fixture, "numbers.muster", text, -1, 7, cases[i].says);
    }
}

static void
test_bad_sizes (Fixture       *fixture,
                gconstpointer  user_data)
{
  static const char * const bases[] = {
    "<base shape=\"round\" diameter=\"-25mm\"/>",
    "<base shape=\"round\" diameter=\"0\"/>",
    "<base shape=\"round\" diameter=\"-0\"/>",
    "<base shape=\"rect\" width=\"100mm\" depth=\"0mm\"/>",
    "<base shape=\"oval\" width=\"-1\" depth=\"80mm\"/>",
    "<base shape=\"rect\" width=\"NaN\" depth=\"80mm\"/>",
  };

  g_autofree char *tiny = layout_with_piece ("x=\"12\" y=\"40\"",
                                             "<base shape=\"oval\" width=\"1e-320\" depth=\"4.9e-324\"/>");
  g_autofree char *tiny_path = NULL;
  g_auto(Run) run = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (bases); i++)
    {
      g_autofree char *text = layout_with_piece ("x=\"12\" y=\"40\"", bases[i]);

      expect_refused (fixture, "sizes.muster", text, -1, 7, NULL);
    }

  /* Absurdly small but positive: a verdict, whichever it is. */
  tiny_path = write_file (fixture, "tiny.muster", tiny, -1);
  run_muster (&run, NULL, "--validate", tiny_path, NULL);
  g_assert_cmpint (run.status, <=, 1);
}

static void
test_unknown_units (Fixture       *fixture,
                    gconstpointer  user_data)
{
  g_autofree char *in_length = layout_with_piece ("x=\"10ft\" y=\"40\"", ROUND_BASE);
  g_autofree char *in_base = layout_with_piece ("x=\"10\" y=\"40\"",
                                                "<base shape=\"round\" diameter=\"25furlong\"/>");
  g_autofree char *in_board = layout (NULL, "<board width=\"72yd\" height=\"48\"/>", NULL);
  g_autofree char *in_root = layout (NULL, NULL, NULL);
  char *units = strstr (in_root, "units=\"in\"");

  expect_refused (fixture, "units.muster", in_length, -1, 7, "ft");
  expect_refused (fixture, "units.muster", in_base, -1, 7, "furlong");
  expect_refused (fixture, "units.muster", in_board, -1, 4, "yd");

  memcpy (units, "units=\"ft\"", strlen ("units=\"in\""));
  expect_refused (fixture, "units.muster", in_root, -1, 2, "ft");
}

static void
test_bad_pieces (Fixture       *fixture,
                 gconstpointer  user_data)
{
  g_autofree char *shape = layout_with_piece ("x=\"12\" y=\"40\"",
                                              "<base shape=\"hexagon\" diameter=\"25mm\"/>");
  g_autofree char *no_base = layout_with_piece ("x=\"12\" y=\"40\"", "");
  g_autofree char *two_bases = layout_with_piece ("x=\"12\" y=\"40\"", ROUND_BASE "\n" ROUND_BASE);
  g_autofree char *kind = layout (NULL, NULL,
                                  "  <piece id=\"u1\" kind=\"dragon\" owner=\"red\" x=\"1\" y=\"1\">"
                                  ROUND_BASE "</piece>\n");
  g_autofree char *owner = layout (NULL, NULL,
                                   "\n  <piece id=\"u1\" kind=\"unit\" owner=\"green\" x=\"1\" y=\"1\">"
                                   ROUND_BASE "</piece>\n");
  g_autofree char *neutral_player = layout (NULL, NULL, "  <player id=\"neutral\"/>\n");

  expect_refused (fixture, "pieces.muster", shape, -1, 7, "hexagon");
  expect_refused (fixture, "pieces.muster", no_base, -1, 7, "base");
  expect_refused (fixture, "pieces.muster", two_bases, -1, 8, "base");
  expect_refused (fixture, "pieces.muster", kind, -1, 7, "dragon");
  expect_refused (fixture, "pieces.muster", owner, -1, 8, "green");
  expect_refused (fixture, "pieces.muster", neutral_player, -1, 7, "neutral");
}

static void
test_duplicate_ids (Fixture       *fixture,
                    gconstpointer  user_data)
{
  g_autofree char *pieces = layout (NULL, NULL,
                                    "  <piece id=\"u1\" kind=\"unit\" owner=\"red\" x=\"10\" y=\"40\">"
                                    ROUND_BASE "</piece>\n"
                                    "  <piece id=\"u2\" kind=\"unit\" owner=\"red\" x=\"20\" y=\"40\">"
                                    ROUND_BASE "</piece>\n"
                                    "  <piece id=\"u1\" kind=\"unit\" owner=\"red\" x=\"30\" y=\"40\">"
                                    ROUND_BASE "</piece>\n");
  g_autofree char *mixed = layout (NULL, NULL,
                                   "  <terrain id=\"t1\" kind=\"area\" points=\"1,1 2,1 2,2\"/>\n"
                                   "  <piece id=\"t1\" kind=\"unit\" owner=\"red\" x=\"30\" y=\"40\">"
                                   ROUND_BASE "</piece>\n");
  g_autofree char *players = layout (NULL, NULL, "  <player id=\"red\"/>\n");
  g_autofree char *options = layout ("<game system=\"t9a\" deployment=\"encircle\">\n"
                                     "    <option name=\"diagonal\" value=\"nw-se\"/>\n"
                                     "    <option name=\"diagonal\" value=\"ne-sw\"/>\n"
                                     "  </game>", NULL, NULL);

  expect_refused (fixture, "ids.muster", pieces, -1, 9, "first on line 7");
  expect_refused (fixture, "ids.muster", mixed, -1, 8, "first on line 7");
  expect_refused (fixture, "ids.muster", players, -1, 7, "red");
  expect_refused (fixture, "ids.muster", options, -1, 5, "diagonal");
}

static void
test_unknown_game (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_autofree char *system = layout ("<game system=\"warhammer-99\" deployment=\"x\"/>", NULL, NULL);
  g_autofree char *deployment = layout ("<game system=\"t9a\" deployment=\"nowhere\"/>", NULL, NULL);
  g_autofree char *zone = layout (NULL, NULL, "  <player id=\"green\" zone=\"east\"/>\n");
  g_autofree char *option = layout ("<game system=\"t9a\" deployment=\"refused-flank\">\n"
                                    "\n"
                                    "    <option name=\"diagonal\" value=\"up-down\"/>\n"
                                    "  </game>", NULL, NULL);
  /* Encircle needs to know who attacks: the first player without a role. */
  g_autofree char *role = layout ("<game system=\"t9a\" deployment=\"encircle\"/>", NULL, NULL);

  expect_refused (fixture, "game.muster", system, -1, 3, "warhammer-99");
  expect_refused (fixture, "game.muster", deployment, -1, 3, "nowhere");
  expect_refused (fixture, "game.muster", zone, -1, 7, "east");
  expect_refused (fixture, "game.muster", option, -1, 5, "up-down");
  expect_refused (fixture, "game.muster", role, -1, 5, "role");
}

static void
test_bad_terrain (Fixture       *fixture,
                  gconstpointer  user_data)
{
  static const char * const points[] = {
    "",
    "1,1",
    "1,1 2,2",
    "1,1 2,x 3,3",
    "1,1 2 3,3",
    "1,1 2,2,2 3,3",
    "1,1 NaN,2 3,3",
    "1,1 2,1e999 3,3",
    "1,1 2,2ft 3,3",
    "0,0 10,10 10,0 0,10",   /* crosses itself */
    "0,0 1,1 2,2",           /* no area */
    "0,0 0,0 0,0",
  };

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      g_autofree char *body = g_strdup_printf ("  <terrain id=\"t1\" kind=\"building\" points=\"%s\"/>\n",
                                               points[i]);
      g_autofree char *text = layout (NULL, NULL, body);

      expect_refused (fixture, "terrain.muster", text, -1, 7, NULL);
    }
}

static void
test_bad_board (Fixture       *fixture,
                gconstpointer  user_data)
{
  static const char * const boards[] = {
    "<board width=\"0\" height=\"48\"/>",
    "<board width=\"72\" height=\"-48\"/>",
    "<board width=\"-0\" height=\"48\"/>",
    "<board width=\"72\" height=\"0cm\"/>",
    "<board width=\"NaN\" height=\"48\"/>",
    "<board width=\"72\" height=\"1e99\"/>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      g_autofree char *text = layout (NULL, boards[i], NULL);

      expect_refused (fixture, "board.muster", text, -1, 4, "board");
    }
}

static void
test_future_version (Fixture       *fixture,
                     gconstpointer  user_data)
{
  static const char * const versions[] = { "2", "99999999999999999999999", "1000" };

  for (guint i = 0; i < G_N_ELEMENTS (versions); i++)
    {
      g_autofree char *text = layout (NULL, NULL, "  <hologram/>\n");
      g_autofree char *newer = NULL;
      char *version = strstr (text, "version=\"1\"");
      g_auto(GStrv) halves = NULL;

      g_assert_nonnull (version);
      version[strlen ("version=\"")] = '@';
      halves = g_strsplit (text, "@", 2);
      newer = g_strconcat (halves[0], versions[i], halves[1], NULL);

      expect_refused (fixture, "future.muster", newer, -1, 2, "newer");
    }
}

static void
test_billion_laughs (Fixture       *fixture,
                     gconstpointer  user_data)
{
  static const char laughs[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE muster-layout [\n"
    " <!ENTITY lol \"lol\">\n"
    " <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
    " <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">\n"
    " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
    " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
    " <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
    " <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
    " <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
    " <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
    " <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
    "]>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "  <player id=\"red\" name=\"&lol9;\"/>\n"
    "</muster-layout>\n";

  expect_refused (fixture, "laughs.muster", laughs, -1, 2, "document type");
}

static void
test_external_entity (Fixture       *fixture,
                      gconstpointer  user_data)
{
  static const char * const documents[] = {
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE muster-layout [ <!ENTITY xxe SYSTEM \"file:///etc/passwd\"> ]>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "  <player id=\"red\" name=\"&xxe;\"/>\n"
    "</muster-layout>\n",
    /* A parameter entity, which would load at once. */
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE muster-layout [ <!ENTITY % xxe SYSTEM \"file:///etc/passwd\"> %xxe; ]>\n"
    "<muster-layout version=\"1\" units=\"in\"/>\n",
    /* An external DTD. */
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE muster-layout SYSTEM \"file:///etc/passwd\">\n"
    "<muster-layout version=\"1\" units=\"in\"/>\n",
    /* An entity that was never declared. */
    "<?xml version=\"1.0\"?>\n"
    "<muster-layout version=\"1\" units=\"in\">\n"
    "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
    "  <board width=\"72\" height=\"48\"/>\n"
    "  <player id=\"red\" name=\"&xxe;\"/>\n"
    "</muster-layout>\n",
  };
  static const int lines[] = { 2, 2, 2, 5 };

  for (guint i = 0; i < G_N_ELEMENTS (documents); i++)
    {
      g_autofree char *path = write_file (fixture, "entity.muster", documents[i], -1);
      g_auto(Run) run = { 0 };

      expect_refused_file (path, lines[i], NULL);

      /* Nothing of /etc/passwd in what is printed. */
      run_muster (&run, NULL, "--validate", path, NULL);
      g_assert_null (strstr (run.err, "root:"));
      g_assert_null (strstr (run.out, "root:"));
    }
}

static void
test_huge_file (Fixture       *fixture,
                gconstpointer  user_data)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n"
                                          "<muster-layout version=\"1\" units=\"in\">\n"
                                          "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
                                          "  <board width=\"72\" height=\"48\"/>\n");
  int line = 1;

  /* 20 MB of comment lines; refused on the line where the limit falls. */
  while (text->len < 20 * 1000 * 1000)
    g_string_append (text, "  <!-- Lorem ipsum dolor sit amet, consectetur adipiscing elit. -->\n");
  g_string_append (text, "</muster-layout>\n");

  for (gsize i = 0; i < MUSTER_XML_MAX_BYTES; i++)
    line += text->str[i] == '\n';

  expect_refused (fixture, "huge.muster", text->str, text->len, line, "larger");
}

static void
test_deep_nesting (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n"
                                          "<muster-layout version=\"1\" units=\"in\">\n"
                                          "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
                                          "  <board width=\"72\" height=\"48\"/>\n");
  g_autoptr(GString) flat = NULL;

  /* An extension 10,000 deep, an element a line from line 5: the root is
   * at depth 1, so the one past the limit is on line 5 + limit - 1. */
  g_string_append (text, "<x:a xmlns:x=\"urn:x\">\n");
  for (guint i = 1; i < 10000; i++)
    g_string_append (text, "<x:a>\n");
  for (guint i = 0; i < 10000; i++)
    g_string_append (text, "</x:a>");
  g_string_append (text, "\n</muster-layout>\n");

  expect_refused (fixture, "deep.muster", text->str, text->len,
                  5 + MUSTER_XML_MAX_DEPTH - 1, "nested");

  /* The same, not well-formed, on one line. */
  flat = g_string_new ("<muster-layout version=\"1\">");
  for (guint i = 0; i < 10000; i++)
    g_string_append (flat, "<piece>");
  expect_refused (fixture, "deep.muster", flat->str, flat->len, 1, NULL);
}

static void
test_invalid_utf8 (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_autofree char *in_name = layout (NULL, NULL, "  <player id=\"green\" name=\"B\xf8" "b\"/>\n");
  g_autofree char *in_id = layout (NULL, NULL,
                                   "\n  <piece id=\"u\xc3\x28\" kind=\"unit\" owner=\"red\" x=\"1\" y=\"1\">"
                                   ROUND_BASE "</piece>\n");
  g_autofree char *truncated = layout (NULL, NULL, "  <!-- \xe2\x82 -->\n");
  g_autofree char *in_comment = layout (NULL, NULL, "  <!-- caf\xe9 \xff\xfe\n");
  static const char nul[] = "<?xml version=\"1.0\"?>\n<muster-layout version=\"1\">\0</muster-layout>\n";

  expect_refused (fixture, "utf8.muster", in_name, -1, 7, NULL);
  expect_refused (fixture, "utf8.muster", in_id, -1, 8, NULL);
  expect_refused (fixture, "utf8.muster", truncated, -1, 7, NULL);
  expect_refused (fixture, "utf8.muster", in_comment, -1, 7, NULL);
  expect_refused (fixture, "nul.muster", nul, sizeof nul - 1, 2, NULL);
}

static void
test_many_attributes (Fixture       *fixture,
                      gconstpointer  user_data)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n"
                                          "<muster-layout version=\"1\" units=\"in\">\n"
                                          "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
                                          "  <board width=\"72\" height=\"48\"/>\n"
                                          "  <player id=\"red\"");
  g_autoptr(GString) spread = NULL;

  /* A million attributes on one element (all alike: the file stays
   * under the size limit, and libxml2 would take hours to say so). */
  for (guint i = 0; i < 1000 * 1000; i++)
    g_string_append (text, " a=\"\"");
  g_string_append (text, "/>\n</muster-layout>\n");
  expect_refused (fixture, "attributes.muster", text->str, text->len, 5, "attributes");

  /* Namespaced ones, just under the limit of each element but on
   * thousands of elements, all read and checked before the error at the
   * end. */
  spread = g_string_new ("<?xml version=\"1.0\"?>\n"
                         "<muster-layout version=\"1\" units=\"in\" xmlns:x=\"urn:x\">\n"
                         "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n"
                         "  <board width=\"72\" height=\"48\"/>\n");
  for (guint i = 0; i < 1000; i++)
    {
      g_string_append_printf (spread, "  <player id=\"p%u\"", i);
      for (guint j = 0; j < MUSTER_XML_MAX_ATTRIBUTES - 1; j++)
        g_string_append_printf (spread, " x:a%u=\"1\"", j);
      g_string_append (spread, "/>\n");
    }
  g_string_append (spread, "  <hologram/>\n</muster-layout>\n");
  expect_refused (fixture, "attributes.muster", spread->str, spread->len, 4 + 1000 + 1, "hologram");
}

static void
test_not_a_layout (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_autofree char *dir = g_build_filename (fixture->dir, "folder.muster", NULL);
  g_autofree char *missing = g_build_filename (fixture->dir, "missing.muster", NULL);
  g_auto(Run) run = { 0 };
  g_auto(Run) run2 = { 0 };

  expect_refused (fixture, "empty.muster", "", 0, 1, "empty");
  expect_refused (fixture, "blank.muster", "\n\n  \n", -1, 0, NULL);
  expect_refused (fixture, "binary.muster", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16, 1, NULL);
  expect_refused (fixture, "html.muster", "<html>\n<body/>\n</html>\n", -1, 1, "muster-layout");
  expect_refused (fixture, "unclosed.muster",
                  "<?xml version=\"1.0\"?>\n<muster-layout version=\"1\">\n  <game system=\"t9a\"\n", -1, 0, NULL);

  /* Not files at all: named, with exit 2. */
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  run_muster (&run, NULL, "--validate", dir, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "folder.muster"));

  run_muster (&run2, NULL, "--validate", missing, NULL);
  g_assert_cmpint (run2.status, ==, 2);
  g_assert_nonnull (strstr (run2.err, "missing.muster"));
}

/* Game systems in the user's folder */

static char *
user_systems_dir (Fixture *fixture)
{
  char *dir = g_build_filename (fixture->dir, "muster", "systems", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);

  return dir;
}

static void
test_broken_user_system (Fixture       *fixture,
                         gconstpointer  user_data)
{
  g_autofree char *systems = user_systems_dir (fixture);
  g_autofree char *broken = g_build_filename (systems, "broken.xml", NULL);
  g_autofree char *laughs = g_build_filename (systems, "laughs.xml", NULL);
  g_autofree char *fifo = g_build_filename (systems, "fifo.xml", NULL);
  g_autofree char *folder = g_build_filename (systems, "folder.xml", NULL);
  g_autofree char *good = g_build_filename (systems, "good.xml", NULL);
  g_autofree char *good_text = NULL;
  g_autofree char *layout_path = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Run) run = { 0 };
  g_auto(Run) validate = { 0 };
  g_autofree char *prefix = NULL;

  g_file_set_contents (broken,
                       "<?xml version=\"1.0\"?>\n"
                       "<game-system id=\"broken\" name=\"Broken\" units=\"in\">\n"
                       "  <boards>\n"
                       "    <board id=\"b\" name=\"B\" width=\"NaN\" height=\"48\"/>\n"
                       "  </boards>\n"
                       "</game-system>\n", -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (laughs,
                       "<?xml version=\"1.0\"?>\n"
                       "<!DOCTYPE game-system [\n"
                       " <!ENTITY a \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">\n"
                       " <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n"
                       " <!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">\n"
                       "]>\n"
                       "<game-system id=\"&c;\" name=\"&c;\"/>\n", -1, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/systems/good-custom.xml", &good_text, NULL, NULL));
  g_file_set_contents (good, good_text, -1, &error);
  g_assert_no_error (error);
  /* A pipe that no one writes to, and a folder: skipped, not waited on. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);

  run_muster (&run, fixture->dir, "--list-systems", NULL);
  g_test_message ("%.3f s\n%s%s", run.seconds, run.out, run.err);
  g_assert_cmpint (run.status, ==, 0);

  /* The shipped systems and the good one are listed ... */
  g_assert_nonnull (strstr (run.out, "infinity\t"));
  g_assert_nonnull (strstr (run.out, "t9a\t"));
  g_assert_nonnull (strstr (run.out, "ti4\t"));
  g_assert_nonnull (strstr (run.out, "custom"));
  g_assert_null (strstr (run.out, "broken"));

  /* ... and each bad one is named with the line at fault. */
  prefix = g_strdup_printf ("%s:4: ", broken);
  g_assert_nonnull (strstr (run.err, prefix));
  g_clear_pointer (&prefix, g_free);
  prefix = g_strdup_printf ("%s:2: ", laughs);
  g_assert_nonnull (strstr (run.err, prefix));
  g_assert_nonnull (strstr (run.err, "fifo.xml"));
  g_assert_nonnull (strstr (run.err, "folder.xml"));

  /* A layout for the broken system: an unknown system. */
  layout_path = write_file (fixture, "broken.muster",
                            "<?xml version=\"1.0\"?>\n"
                            "<muster-layout version=\"1\" units=\"in\">\n"
                            "  <board width=\"72\" height=\"48\"/>\n"
                            "  <game system=\"broken\"/>\n"
                            "</muster-layout>\n", -1);
  run_muster (&validate, fixture->dir, "--validate", layout_path, NULL);
  g_assert_cmpint (validate.status, ==, 2);
  g_clear_pointer (&prefix, g_free);
  prefix = g_strdup_printf ("%s:4: ", layout_path);
  g_assert_true (g_str_has_prefix (validate.err, prefix));
  g_assert_nonnull (strstr (validate.err, "broken"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/cli/hostile/good-file", test_good_file);
  ADD ("/cli/hostile/bad-numbers", test_bad_numbers);
  ADD ("/cli/hostile/bad-sizes", test_bad_sizes);
  ADD ("/cli/hostile/unknown-units", test_unknown_units);
  ADD ("/cli/hostile/bad-pieces", test_bad_pieces);
  ADD ("/cli/hostile/duplicate-ids", test_duplicate_ids);
  ADD ("/cli/hostile/unknown-game", test_unknown_game);
  ADD ("/cli/hostile/bad-terrain", test_bad_terrain);
  ADD ("/cli/hostile/bad-board", test_bad_board);
  ADD ("/cli/hostile/future-version", test_future_version);
  ADD ("/cli/hostile/billion-laughs", test_billion_laughs);
  ADD ("/cli/hostile/external-entity", test_external_entity);
  ADD ("/cli/hostile/huge-file", test_huge_file);
  ADD ("/cli/hostile/deep-nesting", test_deep_nesting);
  ADD ("/cli/hostile/invalid-utf8", test_invalid_utf8);
  ADD ("/cli/hostile/many-attributes", test_many_attributes);
  ADD ("/cli/hostile/not-a-layout", test_not_a_layout);
  ADD ("/cli/hostile/broken-user-system", test_broken_user_system);
#undef ADD

  return g_test_run ();
}
