/* test-dice.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-dice"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "muster-dice.h"

static void
test_golden_sequence (void)
{
  /* Computed independently from the published xoshiro256** and splitmix64
   * definitions: any platform must give exactly these. */
  static const guint d20_seed_42[] = { 3, 3, 10, 14, 17, 5, 15, 8, 19, 6 };
  static const guint d6_seed_hex[] = { 2, 4, 3, 1, 4, 5, 2, 5, 5, 5 };
  g_autoptr(MusterDice) a = muster_dice_new (42);
  g_autoptr(MusterDice) b = muster_dice_new (G_GUINT64_CONSTANT (0x0123456789abcdef));

  g_assert_cmpuint (muster_dice_get_seed (a), ==, 42);

  for (guint i = 0; i < G_N_ELEMENTS (d20_seed_42); i++)
    g_assert_cmpuint (muster_dice_roll (a, 20, "red", "golden"), ==, d20_seed_42[i]);

  for (guint i = 0; i < G_N_ELEMENTS (d6_seed_hex); i++)
    g_assert_cmpuint (muster_dice_roll (b, 6, "blue", "golden"), ==, d6_seed_hex[i]);
}

static void
test_reproducible (void)
{
  g_autoptr(MusterDice) a = muster_dice_new (7);
  g_autoptr(MusterDice) b = muster_dice_new (7);
  g_autoptr(MusterDice) c = muster_dice_new (8);
  gboolean differs = FALSE;

  for (guint i = 0; i < 200; i++)
    {
      guint sides = 2 + i % 30;
      guint va = muster_dice_roll (a, sides, NULL, NULL);
      guint vb = muster_dice_roll (b, sides, NULL, NULL);
      guint vc = muster_dice_roll (c, sides, NULL, NULL);

      g_assert_cmpuint (va, ==, vb);
      differs |= va != vc;
    }

  g_assert_true (differs);
}

static void
test_range (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new_random ();
  guint seen[7] = { 0 };

  for (guint i = 0; i < 600; i++)
    {
      guint v = muster_dice_roll (dice, 6, "red", "range");

      g_assert_cmpuint (v, >=, 1);
      g_assert_cmpuint (v, <=, 6);
      seen[v]++;
    }

  for (guint face = 1; face <= 6; face++)
    g_assert_cmpuint (seen[face], >, 0);

  for (guint i = 0; i < 100; i++)
    {
      guint coin = muster_dice_roll (dice, 2, NULL, NULL);
      guint big = muster_dice_roll (dice, MUSTER_DICE_MAX_SIDES, NULL, NULL);

      g_assert_cmpuint (coin, >=, 1);
      g_assert_cmpuint (coin, <=, 2);
      g_assert_cmpuint (big, >=, 1);
      g_assert_cmpuint (big, <=, MUSTER_DICE_MAX_SIDES);
    }

  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, 800);
}

static void
test_record (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (1);
  g_autoptr(GError) error = NULL;
  const MusterRoll *roll;

  g_assert_true (muster_dice_record (dice, 20, 20, "blue", "from the table", &error));
  g_assert_no_error (error);

  g_assert_false (muster_dice_record (dice, 6, 7, "blue", "seven on a d6", &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);

  g_assert_false (muster_dice_record (dice, 6, 0, "blue", "zero", &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);

  g_assert_false (muster_dice_record (dice, 1, 1, "blue", "a d1", &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_INVALID_DIE);
  g_clear_error (&error);

  g_assert_false (muster_dice_record (dice, MUSTER_DICE_MAX_SIDES + 1, 1, "blue", "huge", &error));
  g_assert_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_INVALID_DIE);
  g_clear_error (&error);

  /* Refusals leave no trace in the log. */
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, 1);
  roll = muster_dice_get_roll (dice, 0);
  g_assert_cmpuint (roll->sequence, ==, 1);
  g_assert_cmpuint (roll->sides, ==, 20);
  g_assert_cmpuint (roll->value, ==, 20);
  g_assert_true (roll->manual);
  g_assert_cmpstr (roll->who, ==, "blue");
  g_assert_cmpstr (roll->why, ==, "from the table");
}

static void
test_log_entries (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (99);
  const MusterRoll *roll;
  guint v;

  g_assert_null (muster_dice_get_last_roll (dice));

  v = muster_dice_roll (dice, 20, "red", "Initiative Roll");
  g_assert_true (muster_dice_record (dice, 6, 4, NULL, NULL, NULL));

  roll = muster_dice_get_roll (dice, 0);
  g_assert_cmpuint (roll->sequence, ==, 1);
  g_assert_cmpuint (roll->value, ==, v);
  g_assert_false (roll->manual);
  g_assert_cmpstr (roll->who, ==, "red");
  g_assert_cmpstr (roll->why, ==, "Initiative Roll");

  roll = muster_dice_get_last_roll (dice);
  g_assert_cmpuint (roll->sequence, ==, 2);
  g_assert_cmpstr (roll->who, ==, "");
  g_assert_cmpstr (roll->why, ==, "");
}

static void
on_rolled (MusterDice *dice,
           MusterRoll *roll,
           gpointer    user_data)
{
  guint *count = user_data;

  (*count)++;
  g_assert_true (roll == muster_dice_get_last_roll (dice));
}

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           gpointer    user_data)
{
  guint *count = user_data;

  (*count)++;
}

static void
test_signal (void)
{
  MusterDice *dice = muster_dice_new (3);
  guint rolled = 0;
  guint notified = 0;
  guint64 seed = 0;

  g_signal_connect (dice, "rolled", G_CALLBACK (on_rolled), &rolled);
  g_signal_connect (dice, "notify::n-rolls", G_CALLBACK (on_notify), &notified);

  muster_dice_roll (dice, 20, "red", "one");
  muster_dice_record (dice, 20, 5, "blue", "two", NULL);
  muster_dice_record (dice, 20, 50, "blue", "refused", NULL);

  g_assert_cmpuint (rolled, ==, 2);
  g_assert_cmpuint (notified, ==, 2);

  g_object_get (dice, "seed", &seed, NULL);
  g_assert_cmpuint (seed, ==, 3);

  g_assert_finalize_object (dice);
}

static void
assert_same_log (MusterDice *a,
                 MusterDice *b)
{
  g_assert_cmpuint (muster_dice_get_n_rolls (a), ==, muster_dice_get_n_rolls (b));
  g_assert_cmpuint (muster_dice_get_seed (a), ==, muster_dice_get_seed (b));

  for (guint i = 0; i < muster_dice_get_n_rolls (a); i++)
    {
      const MusterRoll *ra = muster_dice_get_roll (a, i);
      const MusterRoll *rb = muster_dice_get_roll (b, i);

      g_assert_cmpuint (ra->sequence, ==, rb->sequence);
      g_assert_cmpuint (ra->sides, ==, rb->sides);
      g_assert_cmpuint (ra->value, ==, rb->value);
      g_assert_cmpint (ra->manual, ==, rb->manual);
      g_assert_cmpstr (ra->who, ==, rb->who);
      g_assert_cmpstr (ra->why, ==, rb->why);
    }
}

static void
test_serialise (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (G_GUINT64_CONSTANT (0xfedcba9876543210));
  g_autoptr(MusterDice) back = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) again = NULL;
  g_auto(GStrv) lines_after = NULL;

  muster_dice_roll (dice, 20, "red", "Initiative Roll, attempt 1");
  muster_dice_record (dice, 20, 12, "blue", "typed\tin\nfrom the \\ table\r", NULL);
  muster_dice_roll (dice, 6, "", "");
  muster_dice_roll (dice, 1000, "ünïcødé", "¿Por qué? Tirada de Iniciativa");

  lines = muster_dice_log_to_strv (dice);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_cmpstr (lines[0], ==, "#muster-roll-log\t1\tfedcba9876543210");
  g_assert_true (g_str_has_prefix (lines[1], "1\td20\t"));
  g_assert_true (g_str_has_suffix (lines[1], "\trolled\tred\tInitiative Roll, attempt 1"));
  g_assert_cmpstr (lines[2], ==, "2\td20\t12\tmanual\tblue\ttyped\\tin\\nfrom the \\\\ table\\r");

  back = muster_dice_new_from_strv ((const char * const *) lines, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  assert_same_log (dice, back);

  /* The loaded dice continue exactly where the saved ones were. */
  for (guint i = 0; i < 20; i++)
    g_assert_cmpuint (muster_dice_roll (dice, 12, "red", "more"),
                      ==, muster_dice_roll (back, 12, "red", "more"));

  lines_after = muster_dice_log_to_strv (dice);
  again = muster_dice_log_to_strv (back);
  g_assert_cmpstrv (lines_after, again);
}

static void
test_serialise_empty (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (0);
  g_autoptr(MusterDice) back = NULL;
  g_auto(GStrv) lines = muster_dice_log_to_strv (dice);
  const char * const with_blank[] = { "", lines[0], "", NULL };

  g_assert_cmpuint (g_strv_length (lines), ==, 1);

  back = muster_dice_new_from_strv (with_blank, NULL);
  g_assert_nonnull (back);
  g_assert_cmpuint (muster_dice_get_n_rolls (back), ==, 0);
  g_assert_cmpuint (muster_dice_get_seed (back), ==, 0);
}

static void
assert_parse_fails (const char * const *lines,
                    int                 code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDice) dice = muster_dice_new_from_strv (lines, &error);

  g_assert_null (dice);
  g_assert_error (error, MUSTER_DICE_ERROR, code);
  g_test_message ("refused as expected: %s", error->message);
}

static void
test_parse_errors (void)
{
  const char *header = "#muster-roll-log\t1\t000000000000002a";
  const char * const none[] = { NULL };
  const char * const no_header[] = { "1\td20\t3\trolled\tred\tx", NULL };
  const char * const bad_magic[] = { "#roll-log\t1\t000000000000002a", NULL };
  const char * const bad_version[] = { "#muster-roll-log\t2\t000000000000002a", NULL };
  const char * const short_seed[] = { "#muster-roll-log\t1\t2a", NULL };
  const char * const bad_seed[] = { "#muster-roll-log\t1\t00000000000000zz", NULL };
  const char * const few_fields[] = { header, "1\td20\t3\trolled\tred", NULL };
  const char * const bad_sequence[] = { header, "2\td20\t3\trolled\tred\tx", NULL };
  const char * const bad_die[] = { header, "1\t20\t3\trolled\tred\tx", NULL };
  const char * const d1[] = { header, "1\td1\t1\tmanual\tred\tx", NULL };
  const char * const huge_die[] = { header, "1\td1001\t1\tmanual\tred\tx", NULL };
  const char * const bad_value[] = { header, "1\td20\t21\tmanual\tred\tx", NULL };
  const char * const zero_value[] = { header, "1\td20\t0\tmanual\tred\tx", NULL };
  const char * const signed_value[] = { header, "1\td20\t+3\tmanual\tred\tx", NULL };
  const char * const bad_source[] = { header, "1\td20\t3\ttyped\tred\tx", NULL };
  const char * const bad_escape[] = { header, "1\td20\t3\tmanual\tred\tx\\q", NULL };
  const char * const tampered[] = { header, "1\td20\t20\trolled\tred\tx", NULL };

  assert_parse_fails (none, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (no_header, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (bad_magic, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (bad_version, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (short_seed, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (bad_seed, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (few_fields, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (bad_sequence, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (bad_die, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (d1, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (huge_die, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (bad_value, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (zero_value, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (signed_value, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (bad_source, MUSTER_DICE_ERROR_PARSE);
  assert_parse_fails (bad_escape, MUSTER_DICE_ERROR_PARSE);
  /* Seed 42's first d20 is a 3, not a 20. */
  assert_parse_fails (tampered, MUSTER_DICE_ERROR_MISMATCH);
}

static void
test_parse_manual_any_value (void)
{
  /* A typed-in die is what the table said: any legal value loads. */
  const char * const lines[] = {
    "#muster-roll-log\t1\t000000000000002a",
    "1\td20\t20\tmanual\tred\treal dice",
    "2\td20\t3\trolled\tblue\tseed 42 still starts with a 3",
    NULL
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDice) dice = muster_dice_new_from_strv (lines, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, 2);
  /* Seed 42, second d20 */
  g_assert_cmpuint (muster_dice_roll (dice, 20, NULL, NULL), ==, 3);
}

static void
set_side (MusterFaceToFaceSide *side,
          guint                 target,
          guint                 n,
          ...)
{
  va_list args;

  side->target = target;
  side->n_dice = n;
  va_start (args, n);
  for (guint i = 0; i < n; i++)
    side->rolls[i] = va_arg (args, guint);
  va_end (args);
}

static void
test_face_to_face (void)
{
  MusterFaceToFace f2f;

  /* Higher success wins. */
  memset (&f2f, 0, sizeof f2f);
  set_side (&f2f.side[0], 13, 1, 12);
  set_side (&f2f.side[1], 11, 1, 9);
  muster_face_to_face_resolve (&f2f, TRUE);
  g_assert_cmpuint (f2f.side[0].hits, ==, 1);
  g_assert_cmpuint (f2f.side[1].hits, ==, 0);
  g_assert_true (f2f.side[1].success[0]);
  g_assert_true (f2f.side[1].cancelled[0]);

  /* A failure never cancels: 15 > 13 fails. */
  memset (&f2f, 0, sizeof f2f);
  set_side (&f2f.side[0], 13, 1, 15);
  set_side (&f2f.side[1], 11, 1, 2);
  muster_face_to_face_resolve (&f2f, TRUE);
  g_assert_false (f2f.side[0].success[0]);
  g_assert_cmpuint (f2f.side[0].hits, ==, 0);
  g_assert_cmpuint (f2f.side[1].hits, ==, 1);

  /* Equal successes cancel each other. */
  memset (&f2f, 0, sizeof f2f);
  set_side (&f2f.side[0], 13, 1, 8);
  set_side (&f2f.side[1], 11, 1, 8);
  muster_face_to_face_resolve (&f2f, TRUE);
  g_assert_cmpuint (f2f.side[0].hits, ==, 0);
  g_assert_cmpuint (f2f.side[1].hits, ==, 0);

  /* A critical (the target itself) beats a higher plain success. */
  memset (&f2f, 0, sizeof f2f);
  set_side (&f2f.side[0], 10, 1, 10);
  set_side (&f2f.side[1], 15, 1, 14);
  muster_face_to_face_resolve (&f2f, TRUE);
  g_assert_true (f2f.side[0].critical[0]);
  g_assert_cmpuint (f2f.side[0].hits, ==, 1);
  g_assert_cmpuint (f2f.side[0].criticals, ==, 1);
  g_assert_cmpuint (f2f.side[1].hits, ==, 0);

  /* Without criticals (RULES.md's initiative roll) the 14 wins. */
  muster_face_to_face_resolve (&f2f, FALSE);
  g_assert_false (f2f.side[0].critical[0]);
  g_assert_cmpuint (f2f.side[0].hits, ==, 0);
  g_assert_cmpuint (f2f.side[1].hits, ==, 1);

  /* Two criticals cancel each other. */
  memset (&f2f, 0, sizeof f2f);
  set_side (&f2f.side[0], 10, 1, 10);
  set_side (&f2f.side[1], 15, 1, 15);
  muster_face_to_face_resolve (&f2f, TRUE);
  g_assert_cmpuint (f2f.side[0].hits, ==, 0);
  g_assert_cmpuint (f2f.side[1].hits, ==, 0);

  /* Burst: each success must beat the other side's best. */
  memset (&f2f, 0, sizeof f2f);
  set_side (&f2f.side[0], 14, 3, 3, 12, 15);
  set_side (&f2f.side[1], 12, 1, 10);
  muster_face_to_face_resolve (&f2f, TRUE);
  g_assert_true (f2f.side[0].cancelled[0]);
  g_assert_false (f2f.side[0].cancelled[1]);
  g_assert_false (f2f.side[0].success[2]);
  g_assert_cmpuint (f2f.side[0].hits, ==, 1);
  g_assert_cmpuint (f2f.side[1].hits, ==, 0);

  /* A Normal Roll: nothing to beat. */
  memset (&f2f, 0, sizeof f2f);
  set_side (&f2f.side[0], 11, 3, 1, 11, 20);
  muster_face_to_face_resolve (&f2f, TRUE);
  g_assert_cmpuint (f2f.side[0].hits, ==, 2);
  g_assert_cmpuint (f2f.side[0].criticals, ==, 1);

  /* Above 20 the excess is added: 23 turns 17..20 into criticals. */
  memset (&f2f, 0, sizeof f2f);
  set_side (&f2f.side[0], 23, 2, 17, 16);
  set_side (&f2f.side[1], 20, 1, 19);
  muster_face_to_face_resolve (&f2f, TRUE);
  g_assert_true (f2f.side[0].critical[0]);
  g_assert_false (f2f.side[0].critical[1]);
  /* The critical survives; 16 + 3 = 19 ties the other side's 19 and
   * both cancel. */
  g_assert_true (f2f.side[0].cancelled[1]);
  g_assert_cmpuint (f2f.side[0].hits, ==, 1);
  g_assert_cmpuint (f2f.side[0].criticals, ==, 1);
  g_assert_cmpuint (f2f.side[1].hits, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/dice/golden-sequence", test_golden_sequence);
  g_test_add_func ("/core/dice/reproducible", test_reproducible);
  g_test_add_func ("/core/dice/range", test_range);
  g_test_add_func ("/core/dice/record", test_record);
  g_test_add_func ("/core/dice/log-entries", test_log_entries);
  g_test_add_func ("/core/dice/signal", test_signal);
  g_test_add_func ("/core/dice/serialise", test_serialise);
  g_test_add_func ("/core/dice/serialise-empty", test_serialise_empty);
  g_test_add_func ("/core/dice/parse-errors", test_parse_errors);
  g_test_add_func ("/core/dice/parse-manual-any-value", test_parse_manual_any_value);
  g_test_add_func ("/core/dice/face-to-face", test_face_to_face);

  return g_test_run ();
}
