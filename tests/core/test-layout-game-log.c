/* test-layout-game-log.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "muster-layout.h"

/* Tests of src/core/muster-layout-game-log.c: the game log in the file,
 * written, checked by the schema, and read back step for step. */

static char *
to_text (MusterLayout *layout)
{
  g_autoptr(GBytes) bytes = muster_layout_to_bytes (layout);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static MusterLayout *
from_text (const char  *text,
           GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  return muster_layout_new_from_bytes (bytes, "game.muster", error);
}

static GPtrArray *
sample_steps (void)
{
  GPtrArray *steps = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_log_step_unref);
  MusterLogStep *step;
  const char *trooper[] = { "id", "e1#2", "player", "red", "name", "Tom & \"Jerry\"\t<3>", "lieutenant", "true", NULL };

  step = muster_log_step_new ("set-wip");
  muster_log_step_set (step, "player", "red");
  muster_log_step_set_uint (step, "wip", 13);
  muster_log_step_set_boolean (step, "private", TRUE);
  g_ptr_array_add (steps, step);

  step = muster_log_step_new ("roll-initiative");
  muster_log_step_set (step, "player", "blue");
  muster_log_step_add_die (step, 20, 7, TRUE, "blue", NULL);
  g_ptr_array_add (steps, step);

  step = muster_log_step_new ("start-deployment");
  muster_log_step_add_item (step, "trooper", trooper);
  g_ptr_array_add (steps, step);

  step = muster_log_step_new ("earlier-dice");
  muster_log_step_add_die (step, 6, 2, FALSE, NULL, "Deployment type (D6)\nof last week");
  g_ptr_array_add (steps, step);

  /* A short edge of a table taller than wide. */
  step = muster_log_step_new ("choose-short-edge");
  muster_log_step_set (step, "player", "red");
  muster_log_step_set (step, "edge", "north");
  g_ptr_array_add (steps, step);

  step = muster_log_step_new ("next-step");
  muster_log_step_set (step, "eligible", "");
  g_ptr_array_add (steps, step);

  return steps;
}

/* Written in its namespace, declared once on the root, and read back as
 * it was: attributes, items, dice, and text that needs escaping. */
static void
test_round_trip (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("infinity", "standard", 1219.2, 1219.2);
  g_autoptr(MusterLayout) again = NULL;
  g_autoptr(GPtrArray) steps = sample_steps ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  GPtrArray *read;

  muster_layout_set_game_log_steps (layout, "infinity", steps);
  text = to_text (layout);
  g_assert_nonnull (strstr (text, "<muster-layout version=\"1\" units=\"in\" xmlns:g=\"urn:muster:game-log\">"));
  g_assert_nonnull (strstr (text, "<g:game-log version=\"1\" system=\"infinity\">"));
  g_assert_nonnull (strstr (text, "<g:step n=\"1\" action=\"set-wip\" player=\"red\" wip=\"13\" private=\"true\"/>"));
  g_assert_nonnull (strstr (text, "<g:die sides=\"20\" value=\"7\" who=\"blue\" thrown=\"table\"/>"));
  /* Declared once. */
  g_assert_null (strstr (strstr (text, "xmlns:g=") + 1, "xmlns:g="));

  again = from_text (text, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_layout_get_game_log_system (again), ==, "infinity");
  read = muster_layout_get_game_steps (again);
  g_assert_cmpuint (read->len, ==, steps->len);
  for (guint i = 0; i < steps->len; i++)
    g_assert_true (muster_log_step_equal (g_ptr_array_index (steps, i), g_ptr_array_index (read, i)));
  g_assert_true (muster_log_step_is_sealed (g_ptr_array_index (read, 0)));

  /* Written again the same. */
  text_again = to_text (again);
  g_assert_cmpstr (text, ==, text_again);
}

/* A file whose own prefix g means something else keeps it; the log
 * takes another. */
static void
test_prefix_taken (void)
{
  const char *text =
    "<?xml version=\"1.0\"?>\n"
    "<muster-layout version=\"1\" xmlns:g=\"urn:other\" g:note=\"x\">\n"
    "  <game system=\"infinity\" deployment=\"standard\"/>\n"
    "  <board width=\"48\" height=\"48\"/>\n"
    "</muster-layout>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = from_text (text, &error);
  g_autoptr(GPtrArray) steps = sample_steps ();
  g_autoptr(MusterLayout) again = NULL;
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  muster_layout_set_game_log_steps (layout, "infinity", steps);
  saved = to_text (layout);
  g_assert_nonnull (strstr (saved, "xmlns:g=\"urn:other\""));
  g_assert_nonnull (strstr (saved, "xmlns:g1=\"urn:muster:game-log\""));
  g_assert_nonnull (strstr (saved, "<g1:game-log"));

  again = from_text (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_layout_get_game_steps (again)->len, ==, steps->len);
}

static const char *
wrap (const char *log)
{
  static char *text;

  g_free (text);
  text = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                          "<muster-layout version=\"1\" xmlns:g=\"urn:muster:game-log\">\n"
                          "  <game system=\"infinity\" deployment=\"standard\"/>\n"
                          "  <board width=\"48\" height=\"48\"/>\n"
                          "%s"
                          "</muster-layout>\n", log);

  return text;
}

/* What the schema and the reader refuse, with the line. */
static void
test_refused (void)
{
  static const struct { const char *log; const char *needle; } cases[] = {
    /* An attribute the step does not have: said in words, not the
     * schema's. */
    { "  <g:game-log version=\"1\" system=\"infinity\">\n"
      "    <g:step n=\"1\" action=\"set-wip\" player=\"red\" wip=\"13\" private=\"true\" colour=\"red\"/>\n"
      "  </g:game-log>\n",
      "game.muster:6: <g:step n=“1” action=“set-wip”> is not a step Muster can read: an action it does not "
      "know, or attributes or dice that step does not take" },
    /* An action Muster does not know, after steps that are right. */
    { "  <g:game-log version=\"1\" system=\"infinity\">\n"
      "    <g:step n=\"1\" action=\"set-wip\" player=\"red\" wip=\"13\" private=\"true\"/>\n"
      "    <g:step n=\"2\" action=\"finish-declarations\"/>\n"
      "    <g:step n=\"3\" action=\"fly\"/>\n"
      "  </g:game-log>\n", "game.muster:8: <g:step n=“3” action=“fly”> is not a step Muster can read" },
    /* A step with no number. */
    { "  <g:game-log version=\"1\" system=\"infinity\">\n"
      "    <g:step action=\"finish-declarations\"/>\n"
      "  </g:game-log>\n", "game.muster:6: <g:step n=“” action=“finish-declarations”>" },
    /* The log's own attributes. */
    { "  <g:game-log version=\"x\" system=\"infinity\"/>\n",
      "game.muster:5: <g:game-log>: version=“x” is not a version of the game log" },
    { "  <g:game-log version=\"1\"/>\n", "game.muster:5: <g:game-log> needs the attribute “system”" },
    /* Something else in it. */
    { "  <g:game-log version=\"1\" system=\"infinity\">\n"
      "    <g:move n=\"1\"/>\n"
      "  </g:game-log>\n", "game.muster:6: <g:move> is not part of a game log" },
    /* Steps out of order. */
    { "  <g:game-log version=\"1\" system=\"infinity\">\n"
      "    <g:step n=\"2\" action=\"finish-declarations\"/>\n"
      "  </g:game-log>\n", "game.muster:6: the game log’s steps are not numbered 1, 2, 3, …" },
    /* A 7 on a d6. */
    { "  <g:game-log version=\"1\" system=\"t9a\">\n"
      "    <g:step n=\"1\" action=\"roll-deployment-type\"><g:die sides=\"6\" value=\"7\"/></g:step>\n"
      "  </g:game-log>\n", "game.muster:6: a die’s value is not one of its sides" },
    /* A step of the log anywhere else. */
    { "  <player id=\"red\"><g:step n=\"1\" action=\"finish-declarations\"/></player>\n", "game.muster:" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterLayout) layout = from_text (wrap (cases[i].log), &error);

      g_assert_null (layout);
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].needle) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].needle);
    }
}

/* A newer Muster's log is kept as it is, and said to be newer. */
static void
test_newer (void)
{
  const char *log = "  <g:game-log version=\"2\" system=\"infinity\" mood=\"good\">\n"
                    "    <g:move n=\"1\" to=\"there\"/>\n"
                    "  </g:game-log>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterLayout) layout = from_text (wrap (log), &error);
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (muster_layout_get_newer_game_log (layout), ==, 2);
  g_assert_cmpuint (muster_layout_get_game_steps (layout)->len, ==, 0);
  saved = to_text (layout);
  g_assert_nonnull (strstr (saved, "<g:move n=\"1\" to=\"there\"/>"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/layout-game-log/round-trip", test_round_trip);
  g_test_add_func ("/core/layout-game-log/prefix-taken", test_prefix_taken);
  g_test_add_func ("/core/layout-game-log/refused", test_refused);
  g_test_add_func ("/core/layout-game-log/newer", test_newer);

  return g_test_run ();
}
