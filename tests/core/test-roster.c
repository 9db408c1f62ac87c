/* test-roster.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-roster"

#include "config.h"

#include <string.h>

#include "muster-layout.h"
#include "muster-roster.h"

/* Helpers */

#define HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<muster-layout version=\"1\" units=\"in\">\n" \
  "  <game system=\"t9a\" deployment=\"frontline-clash\"/>\n" \
  "  <board width=\"72\" height=\"48\"/>\n"

/* A layout whose player red has the roster entries given (line 7 on). */
static char *
layout_with_entries (const char *entries)
{
  return g_strconcat (HEAD,
                      "  <player id=\"red\" zone=\"south\">\n"
                      "    <mr:roster xmlns:mr=\"" MUSTER_ROSTER_NAMESPACE "\">\n",
                      entries,
                      "    </mr:roster>\n"
                      "  </player>\n"
                      "</muster-layout>\n", NULL);
}

static MusterLayout *
load_string (const char  *text,
             GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  return muster_layout_new_from_bytes (bytes, "test.muster", error);
}

static MusterLayout *
reload (MusterLayout *layout)
{
  g_autoptr(GBytes) bytes = muster_layout_to_bytes (layout);
  g_autoptr(GError) error = NULL;
  MusterLayout *copy = muster_layout_new_from_bytes (bytes, "saved.muster", &error);

  g_assert_no_error (error);
  g_assert_nonnull (copy);

  return copy;
}

/* Tests */

static void
test_read (void)
{
  g_autofree char *text = NULL;
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterLayout) saved = NULL;
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(MusterRoster) again = NULL;
  g_autoptr(GError) error = NULL;
  const MusterRosterEntry *entry;
  const char *player_id = NULL;
  GPtrArray *entries;

  text = layout_with_entries ("      <mr:entry id=\"e1\" name=\"Fusiliers &amp; co\" count=\"3\" kind=\"model\"\n"
                              "                base=\"round-25\" shape=\"round\" width=\"25mm\"\n"
                              "                categories=\" scout  infantry\" lieutenant=\"true\"\n"
                              "                skills=\"infiltration\" hold=\"off-table\"/>\n"
                              "      <mr:entry id=\"e2\" name=\"Knights\" kind=\"unit\" shape=\"rect\"\n"
                              "                width=\"1in\" depth=\"50\" files=\"5\" ranks=\"2\"/>\n"
                              "      <other xmlns=\"urn:other\"/>\n");
  layout = load_string (text, &error);
  g_assert_no_error (error);
  roster = muster_roster_new (layout);

  entries = muster_roster_get_entries (roster, "red");
  g_assert_cmpuint (entries->len, ==, 2);

  entry = muster_roster_lookup (roster, "e1", &player_id);
  g_assert_nonnull (entry);
  g_assert_cmpstr (player_id, ==, "red");
  g_assert_cmpstr (entry->name, ==, "Fusiliers & co");
  g_assert_cmpuint (entry->count, ==, 3);
  g_assert_cmpint (entry->kind, ==, MUSTER_PIECE_MODEL);
  g_assert_cmpstr (entry->preset, ==, "round-25");
  g_assert_cmpint (entry->base.shape, ==, MUSTER_BASE_ROUND);
  g_assert_cmpfloat_with_epsilon (entry->base.width, 25, 1e-9);
  g_assert_cmpfloat_with_epsilon (entry->base.depth, 25, 1e-9);
  g_assert_cmpstrv (entry->categories, ((const char * const []) { "scout", "infantry", NULL }));
  g_assert_cmpstrv (entry->skills, ((const char * const []) { "infiltration", NULL }));
  g_assert_true (entry->lieutenant);
  g_assert_cmpint (entry->hold, ==, MUSTER_ROSTER_HOLD_OFF_TABLE);

  entry = muster_roster_lookup (roster, "e2", NULL);
  g_assert_nonnull (entry);
  g_assert_cmpuint (entry->count, ==, 1);
  g_assert_cmpint (entry->kind, ==, MUSTER_PIECE_UNIT);
  g_assert_null (entry->preset);
  g_assert_cmpint (entry->base.shape, ==, MUSTER_BASE_RECT);
  g_assert_cmpfloat_with_epsilon (entry->base.width, 25.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (entry->base.depth, 50, 1e-9);
  g_assert_cmpuint (entry->files, ==, 5);
  g_assert_cmpuint (entry->ranks, ==, 2);
  g_assert_null (entry->categories);
  g_assert_false (entry->lieutenant);
  g_assert_cmpint (entry->hold, ==, MUSTER_ROSTER_HOLD_NONE);

  /* Written back as it was read. */
  muster_roster_set_hold (roster, "e2", MUSTER_ROSTER_HOLD_DELAYED);
  saved = reload (layout);
  again = muster_roster_new (saved);
  g_assert_cmpuint (muster_roster_get_entries (again, "red")->len, ==, 2);
  entry = muster_roster_lookup (again, "e1", NULL);
  g_assert_cmpstr (entry->name, ==, "Fusiliers & co");
  g_assert_cmpuint (entry->count, ==, 3);
  g_assert_cmpint (entry->hold, ==, MUSTER_ROSTER_HOLD_OFF_TABLE);
  entry = muster_roster_lookup (again, "e2", NULL);
  g_assert_cmpint (entry->hold, ==, MUSTER_ROSTER_HOLD_DELAYED);
  g_assert_cmpfloat_with_epsilon (entry->base.width, 25.4, 1e-9);
}

/* A roster that Muster cannot read is refused with the layout, naming
 * the file, the line of the entry and what is wrong. */
/* Line breaks and tabs in a name or a base's preset come back as they
 * were, from a saved file as from a message across the network. */
static void
test_line_breaks (void)
{
  g_autofree char *text = layout_with_entries ("      <mr:entry id=\"e1\" name=\"Two&#10;lines&#9;and&#13;more\"\n"
                                               "                base=\"r&#10;ound-25\" shape=\"round\" width=\"25mm\"/>\n");
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterLayout) saved = NULL;
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(GError) error = NULL;
  const MusterRosterEntry *entry;

  layout = load_string (text, &error);
  g_assert_no_error (error);
  /* Written by the roster, as after any change to it. */
  roster = muster_roster_new (layout);
  muster_roster_replace_entry (roster, muster_roster_entry_copy (muster_roster_lookup (roster, "e1", NULL)));
  g_clear_object (&roster);
  saved = reload (layout);
  roster = muster_roster_new (saved);
  entry = muster_roster_lookup (roster, "e1", NULL);
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->name, ==, "Two\nlines\tand\rmore");
  g_assert_cmpstr (entry->preset, ==, "r\nound-25");
}

static void
test_bad (void)
{
  static const struct {
    const char *entries;
    int         line;
    const char *needle;
  } cases[] = {
    { "      <mr:entry name=\"No id\"/>\n", 7, "needs an id" },
    { "      <mr:entry id=\"\"/>\n", 7, "needs an id" },
    { "      <mr:entry id=\"a b\"/>\n", 7, "needs an id" },
    { "      <mr:entry id=\"e1\"/>\n      <mr:entry id=\"e2\" count=\"0\"/>\n", 8,
      "roster entry “e2”: count=“0” is not a whole number from 1 to 10000" },
    { "      <mr:entry id=\"e1\" count=\"many\"/>\n", 7, "count=“many”" },
    { "      <mr:entry id=\"e1\" count=\"10001\"/>\n", 7, "count=“10001”" },
    { "      <mr:entry id=\"e1\" files=\"-2\"/>\n", 7, "files=“-2”" },
    { "      <mr:entry id=\"e1\" ranks=\"2.5\"/>\n", 7, "ranks=“2.5”" },
    { "      <mr:entry id=\"e1\" kind=\"tank\"/>\n", 7, "kind=“tank” is not one of model, unit" },
    { "      <mr:entry id=\"e1\" shape=\"hexagon\"/>\n", 7, "shape=“hexagon” is not one of round, oval, rect" },
    { "      <mr:entry id=\"e1\" width=\"wide\"/>\n", 7, "roster entry “e1”: width:" },
    { "      <mr:entry id=\"e1\" shape=\"rect\" width=\"20\" depth=\"-5\"/>\n", 7,
      "depth=“-5” is not a size greater than zero" },
    { "      <mr:entry id=\"e1\" width=\"0\"/>\n", 7, "width=“0”" },
    { "      <mr:entry id=\"e1\" lieutenant=\"yes\"/>\n", 7, "lieutenant=“yes” is not one of false, true" },
    { "      <mr:entry id=\"e1\" hold=\"sideways\"/>\n", 7, "hold=“sideways” is not one of none, back" },
    { "      <mr:entry id=\"e1\"/>\n\n      <mr:entry id=\"e1\"/>\n", 9,
      "the roster entry id “e1” is used twice (first on line 7)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = layout_with_entries (cases[i].entries);
      g_autofree char *prefix = g_strdup_printf ("test.muster:%d: ", cases[i].line);
      g_autoptr(MusterLayout) layout = NULL;
      g_autoptr(GError) error = NULL;

      layout = load_string (text, &error);
      g_assert_null (layout);
      g_assert_error (error, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_INVALID);
      g_test_message ("%u: %s", i, error->message);
      g_assert_true (g_str_has_prefix (error->message, prefix));
      g_assert_nonnull (strstr (error->message, cases[i].needle));
    }
}

/* Elsewhere than in a player, or in another namespace, it is an
 * extension like any other: kept, not read. */
static void
test_not_a_roster (void)
{
  static const char text[] =
    HEAD
    "  <player id=\"red\" zone=\"south\">\n"
    "    <mr:roster xmlns:mr=\"urn:not-muster\"><mr:entry count=\"many\"/></mr:roster>\n"
    "  </player>\n"
    "  <mr:roster xmlns:mr=\"" MUSTER_ROSTER_NAMESPACE "\"><mr:entry count=\"many\"/></mr:roster>\n"
    "</muster-layout>\n";
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterLayout) saved = NULL;
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *written = NULL;

  layout = load_string (text, &error);
  g_assert_no_error (error);
  roster = muster_roster_new (layout);
  g_assert_cmpuint (muster_roster_get_entries (roster, "red")->len, ==, 0);

  bytes = muster_layout_to_bytes (layout);
  written = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_assert_nonnull (strstr (written, "urn:not-muster"));
  g_assert_nonnull (strstr (written, "<mr:entry count=\"many\"/></mr:roster>"));
}

/* What is on the table, from the pieces placed from an entry. */
static void
test_placed (void)
{
  g_autofree char *text = layout_with_entries ("      <mr:entry id=\"e1\" count=\"2\"/>\n");
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterLayout) saved = NULL;
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(MusterRoster) again = NULL;
  g_autoptr(GError) error = NULL;
  MusterPiece *piece;
  guint placed = 0;

  layout = load_string (text, &error);
  g_assert_no_error (error);
  roster = muster_roster_new (layout);
  g_assert_cmpint (muster_roster_get_status (roster, "e1", &placed), ==, MUSTER_ROSTER_TO_DEPLOY);
  g_assert_cmpuint (placed, ==, 0);

  piece = muster_roster_make_piece (roster, "e1");
  g_assert_nonnull (piece);
  g_assert_cmpstr (muster_roster_get_piece_entry (piece), ==, "e1");
  g_free (piece->id);
  piece->id = muster_layout_make_id (layout, "m");
  g_assert_true (muster_layout_add_piece (layout, piece));
  g_assert_cmpint (muster_roster_get_status (roster, "e1", &placed), ==, MUSTER_ROSTER_PARTLY_DEPLOYED);
  g_assert_cmpuint (placed, ==, 1);

  saved = reload (layout);
  again = muster_roster_new (saved);
  g_assert_cmpuint (muster_roster_count_placed (again, "e1"), ==, 1);
}

static guint
count_occurrences (const char *text,
                   const char *needle)
{
  guint n = 0;

  for (const char *at = strstr (text, needle); at != NULL; at = strstr (at + 1, needle))
    n++;

  return n;
}

/* The namespace of rosters is Muster's own, declared once on the root,
 * whatever the number of players with a roster and pieces from them. */
static void
test_namespace_once (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * 25.4, 48 * 25.4);
  g_autoptr(MusterRoster) roster = muster_roster_new (layout);
  g_autoptr(MusterLayout) saved = NULL;
  g_autoptr(MusterRoster) again = NULL;
  MusterRosterEntry *entry;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *text = NULL;
  g_autofree char *red_entry = NULL;
  MusterPiece *piece;

  /* Taken by the roster. */
  entry = muster_roster_entry_new ();
  entry->name = g_strdup ("Knights");
  red_entry = g_strdup (muster_roster_add_entry (roster, "red", entry));
  entry = muster_roster_entry_new ();
  entry->name = g_strdup ("Spearmen");
  muster_roster_add_entry (roster, "blue", entry);
  piece = muster_roster_make_piece (roster, red_entry);
  g_free (piece->id);
  piece->id = muster_layout_make_id (layout, "m");
  g_assert_true (muster_layout_add_piece (layout, piece));

  bytes = muster_layout_to_bytes (layout);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_assert_cmpuint (count_occurrences (text, "xmlns:mr=\"urn:muster:roster\""), ==, 1);
  g_assert_nonnull (strstr (text, "<muster-layout version=\"1\" units=\"in\" xmlns:mr=\"urn:muster:roster\">"));
  g_assert_cmpuint (count_occurrences (text, "<mr:roster>"), ==, 2);
  g_assert_nonnull (strstr (text, "mr:entry=\""));

  saved = reload (layout);
  again = muster_roster_new (saved);
  g_assert_cmpuint (muster_roster_get_entries (again, "blue")->len, ==, 1);
  g_assert_cmpuint (muster_roster_count_placed (again, red_entry), ==, 1);
}

/* Muster 0.1 named the namespace with a URL it did not own: such a
 * layout opens with its rosters and placed pieces, and is saved in
 * today's namespace. */
static void
test_legacy_namespace (void)
{
  const char *text =
    HEAD
    "  <player id=\"red\" zone=\"south\">\n"
    "    <r:roster xmlns:r=\"" MUSTER_LEGACY_ROSTER_NAMESPACE "\"><r:entry id=\"e1\" count=\"2\"/></r:roster>\n"
    "  </player>\n"
    "  <piece xmlns:o=\"" MUSTER_LEGACY_ROSTER_NAMESPACE "\" id=\"m1\" kind=\"model\" owner=\"red\" x=\"10\" y=\"40\" o:entry=\"e1\">\n"
    "    <base shape=\"round\" diameter=\"25mm\"/>\n"
    "  </piece>\n"
    "</muster-layout>\n";
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterLayout) saved = NULL;
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;

  layout = load_string (text, &error);
  g_assert_no_error (error);
  roster = muster_roster_new (layout);
  g_assert_cmpuint (muster_roster_get_entries (roster, "red")->len, ==, 1);
  g_assert_cmpuint (muster_roster_count_placed (roster, "e1"), ==, 1);

  bytes = muster_layout_to_bytes (layout);
  written = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_assert_null (strstr (written, "github.com"));
  g_assert_nonnull (strstr (written, "urn:muster:roster"));

  saved = reload (layout);
  g_clear_object (&roster);
  roster = muster_roster_new (saved);
  g_assert_cmpuint (muster_roster_count_placed (roster, "e1"), ==, 1);
}

/* The type a roster row is dragged with, from core (GLib only): a
 * boxed copy of the piece. */
static void
test_piece_template (void)
{
  g_autofree char *text = layout_with_entries ("      <mr:entry id=\"e1\" name=\"Knight\"/>\n");
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterRoster) roster = NULL;
  g_autoptr(MusterPiece) piece = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GValue) value = G_VALUE_INIT;
  const MusterPiece *held;

  g_assert_true (G_TYPE_IS_BOXED (MUSTER_TYPE_PIECE_TEMPLATE));
  g_assert_cmpstr (g_type_name (MUSTER_TYPE_PIECE_TEMPLATE), ==, "MusterPieceTemplate");

  layout = load_string (text, &error);
  g_assert_no_error (error);
  roster = muster_roster_new (layout);
  piece = muster_roster_make_piece (roster, "e1");

  g_value_init (&value, MUSTER_TYPE_PIECE_TEMPLATE);
  g_value_set_boxed (&value, piece);
  held = g_value_get_boxed (&value);
  g_assert_true (held != piece);
  g_assert_cmpstr (held->name, ==, "Knight");
  g_assert_cmpstr (muster_roster_get_piece_entry (held), ==, "e1");
}

static guint
count_by_hand (MusterLayout *layout,
               const char   *entry_id)
{
  GPtrArray *pieces = muster_layout_get_pieces (layout);
  guint n = 0;

  for (guint i = 0; i < pieces->len; i++)
    if (g_strcmp0 (muster_roster_get_piece_entry (g_ptr_array_index (pieces, i)), entry_id) == 0)
      n++;

  return n;
}

/* The counts of placed pieces, kept as pieces come, go, move and change
 * entry, by a roster that counted first and by one made in the middle of
 * it all, against counting by hand. */
static void
test_placed_kept (void)
{
  static const char * const entries[] = { "e0", "e1", "e2", "e3", "e4", "e5", "never" };
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * 25.4, 48 * 25.4);
  g_autoptr(MusterRoster) early = muster_roster_new (layout);
  g_autoptr(MusterRoster) late = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  guint changed_entry = 0;

  g_assert_cmpuint (muster_roster_count_placed (early, "e0"), ==, 0);
  for (guint step = 0; step < 1500; step++)
    {
      GPtrArray *pieces = muster_layout_get_pieces (layout);
      MusterPiece *piece = pieces->len > 0 ? g_ptr_array_index (pieces, g_rand_int_range (rand, 0, pieces->len)) : NULL;
      guint what = g_rand_int_range (rand, 0, 10);

      if (piece == NULL || what < 4)
        {
          g_autofree char *id = g_strdup_printf ("p%u", step);
          MusterPiece *added = muster_piece_new (id, MUSTER_PIECE_MODEL, "red", &base,
                                                 g_rand_double_range (rand, 0, 1800), 600);

          if (g_rand_boolean (rand))
            muster_roster_set_piece_entry (added, entries[g_rand_int_range (rand, 0, 6)]);
          g_assert_true (muster_layout_add_piece (layout, added));
        }
      else if (what < 6)
        {
          g_autofree char *id = g_strdup (piece->id);

          g_assert_true (muster_layout_remove_piece (layout, id));
        }
      else if (what < 8)
        {
          /* Another entry, or none: told to the layout as any change is. */
          muster_roster_set_piece_entry (piece, g_rand_int_range (rand, 0, 4) == 0
                                                  ? NULL : entries[g_rand_int_range (rand, 0, 6)]);
          muster_layout_piece_changed (layout, piece);
          changed_entry++;
        }
      else
        muster_layout_move_piece (layout, piece, g_rand_double_range (rand, 0, 1800), 600, 0);

      if (step == 700)
        late = muster_roster_new (layout);
      for (guint k = 0; k < G_N_ELEMENTS (entries); k++)
        {
          guint n = count_by_hand (layout, entries[k]);

          g_assert_cmpuint (muster_roster_count_placed (early, entries[k]), ==, n);
          if (late != NULL)
            g_assert_cmpuint (muster_roster_count_placed (late, entries[k]), ==, n);
        }
    }
  g_assert_cmpuint (changed_entry, >, 200);
  g_assert_cmpuint (muster_roster_count_placed (early, NULL), ==, 0);

  /* Gone with the roster: the layout's signals reach no freed roster. */
  g_clear_object (&late);
  muster_layout_move_piece (layout, g_ptr_array_index (muster_layout_get_pieces (layout), 0), 10, 10, 0);
}

static void
tell_changed_cb (MusterLayout *layout,
                 guint         serial)
{
  muster_layout_piece_changed (layout, muster_layout_lookup_serial (layout, serial));
}

/* A handler of piece-added that runs before the roster's, and tells of a
 * change to the piece: it is counted once, and once taken back. */
static void
test_placed_told_twice (void)
{
  g_autoptr(MusterLayout) layout = muster_layout_new ("t9a", "frontline-clash", 72 * 25.4, 48 * 25.4);
  g_autoptr(MusterRoster) roster = NULL;
  MusterBase base = { MUSTER_BASE_ROUND, 25, 25 };
  MusterPiece *piece = muster_piece_new ("p1", MUSTER_PIECE_MODEL, "red", &base, 100, 100);

  g_signal_connect (layout, "piece-added", G_CALLBACK (tell_changed_cb), NULL);
  roster = muster_roster_new (layout);
  g_assert_cmpuint (muster_roster_count_placed (roster, "e1"), ==, 0);

  muster_roster_set_piece_entry (piece, "e1");
  g_assert_true (muster_layout_add_piece (layout, piece));
  g_assert_cmpuint (muster_roster_count_placed (roster, "e1"), ==, 1);
  g_assert_true (muster_layout_remove_piece (layout, "p1"));
  g_assert_cmpuint (muster_roster_count_placed (roster, "e1"), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/roster/read", test_read);
  g_test_add_func ("/core/roster/line-breaks", test_line_breaks);
  g_test_add_func ("/core/roster/bad", test_bad);
  g_test_add_func ("/core/roster/not-a-roster", test_not_a_roster);
  g_test_add_func ("/core/roster/placed", test_placed);
  g_test_add_func ("/core/roster/placed-kept", test_placed_kept);
  g_test_add_func ("/core/roster/placed-told-twice", test_placed_told_twice);
  g_test_add_func ("/core/roster/piece-template", test_piece_template);
  g_test_add_func ("/core/roster/namespace-once", test_namespace_once);
  g_test_add_func ("/core/roster/legacy-namespace", test_legacy_namespace);

  return g_test_run ();
}
