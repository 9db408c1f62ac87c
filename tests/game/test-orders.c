/* test-orders.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-orders"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "muster-orders.h"
#include "muster-xml.h"

/* The snippet delivered for data/systems/infinity.xml, in a minimal
 * game-system wrapper. */
#define INFINITY_SECTIONS \
  "  <skill-catalogue>\n" \
  "    <skill id=\"move\" name=\"Move\" kind=\"short-movement\" aro=\"no\"/>\n" \
  "    <skill id=\"discover\" name=\"Discover\" kind=\"short-movement\" aro=\"yes\"/>\n" \
  "    <skill id=\"idle\" name=\"Idle\" kind=\"short-movement\" aro=\"no\"/>\n" \
  "    <skill id=\"bs-attack\" name=\"BS Attack\" kind=\"short\" aro=\"yes\"/>\n" \
  "    <skill id=\"cc-attack\" name=\"CC Attack\" kind=\"short\" aro=\"yes\"/>\n" \
  "    <skill id=\"dodge\" name=\"Dodge\" kind=\"short\" aro=\"yes\"/>\n" \
  "    <skill id=\"reset\" name=\"Reset\" kind=\"short\" aro=\"yes\"/>\n" \
  "    <skill id=\"look-out\" name=\"Look Out!\" kind=\"short\" aro=\"yes\"/>\n" \
  "    <skill id=\"place-deployable\" name=\"Place Deployable\" kind=\"short\" aro=\"yes\"/>\n" \
  "    <skill id=\"change-facing\" name=\"Change Facing\" kind=\"short\" active=\"no\" aro=\"yes\"/>\n" \
  "    <skill id=\"cautious-movement\" name=\"Cautious Movement\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"climb\" name=\"Climb\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"jump\" name=\"Jump\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"coup-de-grace\" name=\"Coup de Grâce\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"intuitive-attack\" name=\"Intuitive Attack\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"speculative-attack\" name=\"Speculative Attack\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"suppressive-fire\" name=\"Suppressive Fire\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"combat-jump\" name=\"Combat Jump\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"parachutist\" name=\"Parachutist\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"berserk\" name=\"Berserk\" kind=\"entire-order\" aro=\"no\"/>\n" \
  "    <skill id=\"alert\" name=\"Alert!\" kind=\"automatic\"/>\n" \
  "  </skill-catalogue>\n" \
  "  <orders version=\"update-1.1.1\">\n" \
  "    <sequence version=\"update-1.1.1\">\n" \
  "      <step number=\"1\" kind=\"activation\" name=\"Activation\"/>\n" \
  "      <step number=\"1.1\" kind=\"spend-order\" name=\"Order Expenditure\"/>\n" \
  "      <step number=\"1.2\" kind=\"first-skill\" name=\"Declaration of the First Skill\"/>\n" \
  "      <step number=\"2\" kind=\"heading\" name=\"Reactive Player’s AROs\"/>\n" \
  "      <step number=\"2.1\" kind=\"aro-check\" name=\"ARO Check\"/>\n" \
  "      <step number=\"2.2\" kind=\"aro-declaration\" name=\"ARO Declaration\"/>\n" \
  "      <step number=\"3\" kind=\"second-skill\" name=\"Declaration of the Second Skill\"/>\n" \
  "      <step number=\"4\" kind=\"heading\" name=\"Reactive Player’s AROs\"/>\n" \
  "      <step number=\"4.1\" kind=\"late-aro-check\" name=\"ARO Check\"/>\n" \
  "      <step number=\"4.2\" kind=\"late-aro-declaration\" name=\"ARO Declaration\"/>\n" \
  "      <step number=\"5\" kind=\"resolution\" name=\"Resolution\"/>\n" \
  "      <step number=\"5.1\" kind=\"effects\" name=\"Effects\"/>\n" \
  "      <step number=\"5.2\" kind=\"conclusion\" name=\"Conclusion\"/>\n" \
  "    </sequence>\n" \
  "    <sequence version=\"original\">\n" \
  "      <step number=\"1\" kind=\"activation\" name=\"Activation\"/>\n" \
  "      <step number=\"1.1\" kind=\"spend-order\" name=\"Order Expenditure\"/>\n" \
  "      <step number=\"1.2\" kind=\"first-skill\" name=\"Declaration of the First Skill\"/>\n" \
  "      <step number=\"2\" kind=\"aro\" name=\"Declaration of AROs\"/>\n" \
  "      <step number=\"3\" kind=\"second-skill\" name=\"Declaration of the Second Skill\"/>\n" \
  "      <step number=\"4\" kind=\"late-aro\" name=\"Declaration of AROs\"/>\n" \
  "      <step number=\"5\" kind=\"aro-validity\" name=\"ARO Check\"/>\n" \
  "      <step number=\"6\" kind=\"resolution\" name=\"Resolution\"/>\n" \
  "      <step number=\"6.1\" kind=\"effects\" name=\"Effects\"/>\n" \
  "      <step number=\"6.2\" kind=\"conclusion\" name=\"Conclusion\"/>\n" \
  "    </sequence>\n" \
  "  </orders>\n"

static const char infinity_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<game-system id=\"infinity\">\n"
  INFINITY_SECTIONS
  "</game-system>\n";

#define assert_refused(call, code)                        \
  G_STMT_START {                                          \
    g_autoptr(GError) _error = NULL;                      \
    g_assert_false (call);                                \
    g_assert_error (_error, MUSTER_ORDERS_ERROR, code);   \
    g_test_message ("refused: %s", _error->message);      \
  } G_STMT_END

#define assert_ok(call)                                   \
  G_STMT_START {                                          \
    g_autoptr(GError) _error = NULL;                      \
    gboolean _ok = call;                                  \
    g_assert_no_error (_error);                           \
    g_assert_true (_ok);                                  \
  } G_STMT_END

static MusterSkillCatalogue *
small_catalogue (void)
{
  MusterSkillCatalogue *catalogue = muster_skill_catalogue_new ();
  const MusterSkillUsage both = MUSTER_SKILL_USAGE_ORDER | MUSTER_SKILL_USAGE_ARO;

  assert_ok (muster_skill_catalogue_add (catalogue, "move", "Move", MUSTER_SKILL_SHORT_MOVEMENT,
                                         MUSTER_SKILL_USAGE_ORDER, &_error));
  assert_ok (muster_skill_catalogue_add (catalogue, "discover", "Discover", MUSTER_SKILL_SHORT_MOVEMENT,
                                         both, &_error));
  assert_ok (muster_skill_catalogue_add (catalogue, "bs-attack", "BS Attack", MUSTER_SKILL_SHORT,
                                         both, &_error));
  assert_ok (muster_skill_catalogue_add (catalogue, "cc-attack", "CC Attack", MUSTER_SKILL_SHORT,
                                         both, &_error));
  assert_ok (muster_skill_catalogue_add (catalogue, "dodge", "Dodge", MUSTER_SKILL_SHORT,
                                         both, &_error));
  assert_ok (muster_skill_catalogue_add (catalogue, "cautious-movement", "Cautious Movement",
                                         MUSTER_SKILL_ENTIRE_ORDER, MUSTER_SKILL_USAGE_ORDER, &_error));
  assert_ok (muster_skill_catalogue_add (catalogue, "coup-de-grace", "Coup de Grâce",
                                         MUSTER_SKILL_ENTIRE_ORDER, MUSTER_SKILL_USAGE_ORDER, &_error));
  assert_ok (muster_skill_catalogue_add (catalogue, "change-facing", "Change Facing", MUSTER_SKILL_SHORT,
                                         MUSTER_SKILL_USAGE_ARO, &_error));
  assert_ok (muster_skill_catalogue_add (catalogue, "alert", "Alert!", MUSTER_SKILL_AUTOMATIC,
                                         MUSTER_SKILL_USAGE_NONE, &_error));

  return catalogue;
}

static void
test_catalogue_combinations (void)
{
  MusterSkillCatalogue *catalogue = small_catalogue ();
  const MusterOrderSkill *skill;
  MusterSkillKind kind;

  g_assert_cmpuint (muster_skill_catalogue_get_n_skills (catalogue), ==, 9);
  skill = muster_skill_catalogue_get_skill (catalogue, 2);
  g_assert_cmpstr (skill->id, ==, "bs-attack");
  g_assert_cmpstr (skill->name, ==, "BS Attack");
  g_assert_cmpint (skill->kind, ==, MUSTER_SKILL_SHORT);
  g_assert_true (skill == muster_skill_catalogue_lookup (catalogue, "bs-attack"));
  g_assert_null (muster_skill_catalogue_lookup (catalogue, "hack"));

  /* The legal combinations. */
  assert_ok (muster_skill_catalogue_check_order (catalogue, "move", NULL, &_error));
  assert_ok (muster_skill_catalogue_check_order (catalogue, "move", "move", &_error));
  assert_ok (muster_skill_catalogue_check_order (catalogue, "move", "discover", &_error));
  assert_ok (muster_skill_catalogue_check_order (catalogue, "discover", "bs-attack", &_error));
  assert_ok (muster_skill_catalogue_check_order (catalogue, "bs-attack", "move", &_error));
  assert_ok (muster_skill_catalogue_check_order (catalogue, "bs-attack", NULL, &_error));
  assert_ok (muster_skill_catalogue_check_order (catalogue, "cautious-movement", NULL, &_error));

  /* Short + Short, and anything with an Entire Order. */
  assert_refused (muster_skill_catalogue_check_order (catalogue, "bs-attack", "cc-attack", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);
  assert_refused (muster_skill_catalogue_check_order (catalogue, "bs-attack", "bs-attack", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);
  assert_refused (muster_skill_catalogue_check_order (catalogue, "dodge", "bs-attack", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);
  assert_refused (muster_skill_catalogue_check_order (catalogue, "cautious-movement", "move", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);
  assert_refused (muster_skill_catalogue_check_order (catalogue, "move", "coup-de-grace", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);
  assert_refused (muster_skill_catalogue_check_order (catalogue, "coup-de-grace", "cautious-movement", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);

  /* Not declarable in an Order at all. */
  assert_refused (muster_skill_catalogue_check_order (catalogue, "change-facing", NULL, &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ORDER);
  assert_refused (muster_skill_catalogue_check_order (catalogue, "move", "alert", &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ORDER);
  assert_refused (muster_skill_catalogue_check_order (catalogue, "hack", NULL, &_error),
                  MUSTER_ORDERS_ERROR_UNKNOWN_SKILL);
  assert_refused (muster_skill_catalogue_check_order (catalogue, "move", "hack", &_error),
                  MUSTER_ORDERS_ERROR_UNKNOWN_SKILL);

  /* AROs. */
  assert_ok (muster_skill_catalogue_check_aro (catalogue, "bs-attack", &_error));
  assert_ok (muster_skill_catalogue_check_aro (catalogue, "discover", &_error));
  assert_ok (muster_skill_catalogue_check_aro (catalogue, "change-facing", &_error));
  assert_refused (muster_skill_catalogue_check_aro (catalogue, "move", &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ARO);
  assert_refused (muster_skill_catalogue_check_aro (catalogue, "cautious-movement", &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ARO);
  assert_refused (muster_skill_catalogue_check_aro (catalogue, "alert", &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ARO);
  assert_refused (muster_skill_catalogue_check_aro (catalogue, "hack", &_error),
                  MUSTER_ORDERS_ERROR_UNKNOWN_SKILL);

  /* Building the catalogue. */
  assert_refused (muster_skill_catalogue_add (catalogue, "move", NULL, MUSTER_SKILL_SHORT,
                                              MUSTER_SKILL_USAGE_ORDER, &_error),
                  MUSTER_ORDERS_ERROR_INVALID_DATA);
  assert_refused (muster_skill_catalogue_add (catalogue, "", NULL, MUSTER_SKILL_SHORT,
                                              MUSTER_SKILL_USAGE_ORDER, &_error),
                  MUSTER_ORDERS_ERROR_INVALID_DATA);
  assert_refused (muster_skill_catalogue_add (catalogue, "sixth-sense", NULL, MUSTER_SKILL_AUTOMATIC,
                                              MUSTER_SKILL_USAGE_ARO, &_error),
                  MUSTER_ORDERS_ERROR_INVALID_DATA);
  assert_ok (muster_skill_catalogue_add (catalogue, "idle", NULL, MUSTER_SKILL_SHORT_MOVEMENT,
                                         MUSTER_SKILL_USAGE_ORDER, &_error));
  g_assert_cmpstr (muster_skill_catalogue_lookup (catalogue, "idle")->name, ==, "idle");

  g_assert_cmpstr (muster_skill_kind_to_string (MUSTER_SKILL_ENTIRE_ORDER), ==, "entire-order");
  g_assert_true (muster_skill_kind_from_string ("short-movement", &kind));
  g_assert_cmpint (kind, ==, MUSTER_SKILL_SHORT_MOVEMENT);
  g_assert_false (muster_skill_kind_from_string ("long", &kind));
  g_assert_false (muster_skill_kind_from_string (NULL, &kind));

  g_assert_finalize_object (catalogue);
}

static MusterOrderRules *
infinity_rules (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (infinity_xml, strlen (infinity_xml));
  g_autoptr(GError) error = NULL;
  MusterOrderRules *rules = muster_order_rules_new_from_bytes (bytes, "infinity.xml", &error);

  g_assert_no_error (error);
  g_assert_nonnull (rules);

  return rules;
}

static void
test_xml_infinity (void)
{
  MusterOrderRules *rules = infinity_rules ();
  MusterSkillCatalogue *catalogue = muster_order_rules_get_catalogue (rules);
  g_auto(GStrv) versions = muster_order_rules_list_versions (rules);
  const MusterOrderStep *step;
  MusterOrderStepKind kind;

  g_assert_cmpuint (muster_skill_catalogue_get_n_skills (catalogue), ==, 21);
  g_assert_cmpint (muster_skill_catalogue_lookup (catalogue, "discover")->kind, ==, MUSTER_SKILL_SHORT_MOVEMENT);
  g_assert_cmpint (muster_skill_catalogue_lookup (catalogue, "discover")->usage, ==,
                   MUSTER_SKILL_USAGE_ORDER | MUSTER_SKILL_USAGE_ARO);
  g_assert_cmpint (muster_skill_catalogue_lookup (catalogue, "change-facing")->usage, ==, MUSTER_SKILL_USAGE_ARO);
  g_assert_cmpint (muster_skill_catalogue_lookup (catalogue, "alert")->usage, ==, MUSTER_SKILL_USAGE_NONE);
  g_assert_cmpstr (muster_skill_catalogue_lookup (catalogue, "coup-de-grace")->name, ==, "Coup de Grâce");

  /* Seed 004's combinations, read from the data. */
  assert_ok (muster_skill_catalogue_check_order (catalogue, "move", "discover", &_error));
  assert_ok (muster_skill_catalogue_check_order (catalogue, "discover", "bs-attack", &_error));
  assert_refused (muster_skill_catalogue_check_order (catalogue, "bs-attack", "dodge", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);
  assert_refused (muster_skill_catalogue_check_order (catalogue, "jump", "bs-attack", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);

  g_assert_cmpstr (muster_order_rules_get_version (rules), ==, MUSTER_ORDERS_VERSION_UPDATE);
  g_assert_cmpuint (g_strv_length (versions), ==, 2);
  g_assert_true (g_strv_contains ((const char * const *) versions, "original"));
  g_assert_true (g_strv_contains ((const char * const *) versions, "update-1.1.1"));

  g_assert_cmpuint (muster_order_rules_get_n_steps (rules), ==, 13);
  step = muster_order_rules_get_step (rules, 4);
  g_assert_cmpstr (step->number, ==, "2.1");
  g_assert_cmpstr (step->name, ==, "ARO Check");
  g_assert_cmpint (step->kind, ==, MUSTER_ORDER_STEP_ARO_CHECK);

  assert_ok (muster_order_rules_set_version (rules, "original", &_error));
  g_assert_cmpuint (muster_order_rules_get_n_steps (rules), ==, 10);
  step = muster_order_rules_get_step (rules, 6);
  g_assert_cmpstr (step->number, ==, "5");
  g_assert_cmpint (step->kind, ==, MUSTER_ORDER_STEP_ARO_VALIDITY);
  assert_refused (muster_order_rules_set_version (rules, "n5", &_error), MUSTER_ORDERS_ERROR_INVALID);
  g_assert_cmpstr (muster_order_rules_get_version (rules), ==, "original");

  g_assert_cmpstr (muster_order_step_kind_to_string (MUSTER_ORDER_STEP_LATE_ARO_DECLARATION), ==,
                   "late-aro-declaration");
  g_assert_true (muster_order_step_kind_from_string ("aro-validity", &kind));
  g_assert_cmpint (kind, ==, MUSTER_ORDER_STEP_ARO_VALIDITY);
  g_assert_false (muster_order_step_kind_from_string ("aro-checks", &kind));

  g_assert_finalize_object (rules);
}

static void
test_xml_pasted_into_shipped_file (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "..", "..", "data", "systems", "infinity.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GString) xml = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(MusterOrderRules) rules = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  /* The shipped file has no sections yet, or has these very ones. */
  bytes = g_bytes_new_static (contents, strlen (contents));
  rules = muster_order_rules_new_from_bytes (bytes, "infinity.xml", &error);
  if (rules == NULL)
    {
      g_assert_error (error, MUSTER_ORDERS_ERROR, MUSTER_ORDERS_ERROR_MISSING);
      g_clear_error (&error);

      xml = g_string_new (contents);
      g_assert_cmpint (g_string_replace (xml, "</game-system>", INFINITY_SECTIONS "</game-system>", 1), ==, 1);
      g_clear_pointer (&bytes, g_bytes_unref);
      bytes = g_bytes_new_static (xml->str, xml->len);
    }
  g_clear_object (&rules);

  /* Valid against the game-system schema... */
  doc = muster_xml_parse (bytes, "infinity.xml", G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE, &error);
  g_assert_no_error (error);
  g_assert_true (muster_xml_validate (doc, "muster-system.rng", "infinity.xml",
                                      G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE, &error));
  g_assert_no_error (error);

  /* ...and read back whole. */
  rules = muster_order_rules_new_from_bytes (bytes, "infinity.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_skill_catalogue_get_n_skills (muster_order_rules_get_catalogue (rules)), ==, 21);
  g_assert_cmpstr (muster_order_rules_get_version (rules), ==, MUSTER_ORDERS_VERSION_UPDATE);
}

static void
test_xml_builtin_versions (void)
{
  static const char xml[] =
    "<game-system>\n"
    "  <skill-catalogue><skill id=\"move\" kind=\"short-movement\"/></skill-catalogue>\n"
    "  <orders version=\"original\"/>\n"
    "</game-system>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, strlen (xml));
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOrderRules) rules = muster_order_rules_new_from_bytes (bytes, "mini.xml", &error);
  const MusterOrderSkill *move;

  g_assert_no_error (error);
  g_assert_cmpstr (muster_order_rules_get_version (rules), ==, "original");
  g_assert_cmpuint (muster_order_rules_get_n_steps (rules), ==, 10);
  g_assert_cmpstr (muster_order_rules_get_step (rules, 3)->name, ==, "Declaration of AROs");

  /* Defaults: aro="no", active="yes", name = id. */
  move = muster_skill_catalogue_lookup (muster_order_rules_get_catalogue (rules), "move");
  g_assert_cmpint (move->usage, ==, MUSTER_SKILL_USAGE_ORDER);
  g_assert_cmpstr (move->name, ==, "move");

  assert_ok (muster_order_rules_set_version (rules, MUSTER_ORDERS_VERSION_UPDATE, &_error));
  g_assert_cmpuint (muster_order_rules_get_n_steps (rules), ==, 13);
}

static void
assert_xml_fails (const char *xml,
                  int         code,
                  const char *prefix)
{
  g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOrderRules) rules = muster_order_rules_new_from_bytes (bytes, "bad.xml", &error);

  g_assert_null (rules);
  g_assert_error (error, MUSTER_ORDERS_ERROR, code);
  g_test_message ("refused: %s", error->message);
  if (prefix != NULL)
    g_assert_true (g_str_has_prefix (error->message, prefix));
}

#define CATALOGUE "<skill-catalogue><skill id=\"move\" kind=\"short-movement\"/></skill-catalogue>"

static void
test_xml_errors (void)
{
  assert_xml_fails ("<game-system><orders", MUSTER_ORDERS_ERROR_PARSE, "bad.xml:1:");
  assert_xml_fails ("<game-system><orders version=\"original\"/></game-system>",
                    MUSTER_ORDERS_ERROR_MISSING, NULL);
  assert_xml_fails ("<game-system>" CATALOGUE "</game-system>", MUSTER_ORDERS_ERROR_MISSING, NULL);
  assert_xml_fails ("<game-system>\n<skill-catalogue>\n<skill id=\"x\" kind=\"long\"/>\n"
                    "</skill-catalogue><orders version=\"original\"/></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, "bad.xml:3:");
  assert_xml_fails ("<game-system><skill-catalogue><skill kind=\"short\"/>"
                    "</skill-catalogue><orders version=\"original\"/></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system><skill-catalogue><skill id=\"x\" kind=\"short\" aro=\"maybe\"/>"
                    "</skill-catalogue><orders version=\"original\"/></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system><skill-catalogue><skill id=\"x\" kind=\"short\"/>"
                    "<skill id=\"x\" kind=\"short\"/></skill-catalogue>"
                    "<orders version=\"original\"/></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system><skill-catalogue><skill id=\"x\" kind=\"automatic\" aro=\"yes\"/>"
                    "</skill-catalogue><orders version=\"original\"/></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system><skill-catalogue><weapon id=\"x\"/>"
                    "</skill-catalogue><orders version=\"original\"/></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system><skill-catalogue/><orders version=\"original\"/></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system>" CATALOGUE "<orders version=\"n5\"/></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system>" CATALOGUE "<orders/></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system>" CATALOGUE "<orders version=\"x\"><step number=\"1\" kind=\"activation\"/>"
                    "</orders></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  /* A sequence without its resolution. */
  assert_xml_fails ("<game-system>" CATALOGUE "<orders version=\"x\"><sequence version=\"x\">"
                    "<step number=\"1\" kind=\"activation\"/><step number=\"1.1\" kind=\"spend-order\"/>"
                    "<step number=\"1.2\" kind=\"first-skill\"/><step number=\"2\" kind=\"aro\"/>"
                    "<step number=\"3\" kind=\"second-skill\"/><step number=\"4\" kind=\"late-aro\"/>"
                    "<step number=\"5.1\" kind=\"effects\"/><step number=\"5.2\" kind=\"conclusion\"/>"
                    "</sequence></orders></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  /* An ARO check without its declaration. */
  assert_xml_fails ("<game-system>" CATALOGUE "<orders version=\"x\"><sequence version=\"x\">"
                    "<step number=\"1\" kind=\"activation\"/><step number=\"1.1\" kind=\"spend-order\"/>"
                    "<step number=\"1.2\" kind=\"first-skill\"/><step number=\"2.1\" kind=\"aro-check\"/>"
                    "<step number=\"3\" kind=\"second-skill\"/><step number=\"4\" kind=\"late-aro\"/>"
                    "<step number=\"5\" kind=\"resolution\"/>"
                    "<step number=\"5.1\" kind=\"effects\"/><step number=\"5.2\" kind=\"conclusion\"/>"
                    "</sequence></orders></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system>" CATALOGUE "<orders version=\"x\"><sequence version=\"x\">"
                    "<step number=\"1\" kind=\"activate\"/></sequence></orders></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system>" CATALOGUE "<orders version=\"x\"><sequence version=\"x\">"
                    "<step kind=\"activation\"/></sequence></orders></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system>" CATALOGUE "<orders version=\"x\"><sequence>"
                    "</sequence></orders></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
  assert_xml_fails ("<game-system>" CATALOGUE "<orders version=\"x\"><sequence version=\"x\">"
                    "<note/></sequence></orders></game-system>",
                    MUSTER_ORDERS_ERROR_INVALID_DATA, NULL);
}

static void
test_xml_duplicate_sequence (void)
{
  g_autoptr(GString) xml = g_string_new (infinity_xml);

  /* The same version twice. */
  g_string_replace (xml, "sequence version=\"original\"", "sequence version=\"update-1.1.1\"", 1);
  assert_xml_fails (xml->str, MUSTER_ORDERS_ERROR_INVALID_DATA, "bad.xml:42:");
}

/* ------------------------------------------------------------------ */
/* Player Turns                                                       */
/* ------------------------------------------------------------------ */

typedef struct
{
  MusterOrderRules    *rules;
  MusterDice          *dice;
  MusterOrderSequence *turn;
  const char * const  *first_check;    /* eligible after the first skill */
  const char * const  *second_check;   /* eligible after the second skill */
  guint                checks[2];
  guint                changes;
} Fixture;

static const char * const reactive[] = { "r1", "r2", "r3", "r4", NULL };

static gboolean
eligible_cb (MusterOrderSequence *turn,
             const char          *trooper,
             MusterAroCheck       check,
             gpointer             user_data)
{
  Fixture *fixture = user_data;
  const char * const *set = check == MUSTER_ARO_CHECK_FIRST ? fixture->first_check
                                                            : fixture->second_check;

  g_assert_true (turn == fixture->turn);
  fixture->checks[check]++;

  return set != NULL && g_strv_contains (set, trooper);
}

static void
count_change (MusterOrderSequence *turn,
              Fixture             *fixture)
{
  fixture->changes++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  const char *version = data;

  fixture->rules = infinity_rules ();
  assert_ok (muster_order_rules_set_version (fixture->rules, version, &_error));
  fixture->dice = muster_dice_new (2026);
  fixture->turn = muster_order_sequence_new (fixture->rules, fixture->dice, "red", "blue", 2);
  muster_order_sequence_set_reactive_troopers (fixture->turn, reactive);
  muster_order_sequence_set_aro_eligible_func (fixture->turn, eligible_cb, fixture, NULL);
  g_signal_connect (fixture->turn, "changed", G_CALLBACK (count_change), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->turn);
  g_assert_finalize_object (fixture->rules);
  g_assert_finalize_object (fixture->dice);
}

static void
assert_step (MusterOrderSequence *turn,
             const char          *number,
             MusterOrderStepKind  kind)
{
  const MusterOrderStep *step = muster_order_sequence_get_step (turn);

  g_assert_nonnull (step);
  g_assert_cmpstr (step->number, ==, number);
  g_assert_cmpint (step->kind, ==, kind);
}

static void
assert_eligible (MusterOrderSequence *turn,
                 const char * const  *expected)
{
  g_auto(GStrv) eligible = muster_order_sequence_dup_eligible (turn);

  g_assert_cmpstrv (eligible, expected);
}

#define advance(turn) assert_ok (muster_order_sequence_advance (turn, &_error))

static void
test_turn_update_version (Fixture       *fixture,
                          gconstpointer  data)
{
  static const char * const first[] = { "r1", "r2", NULL };
  static const char * const second[] = { "r1", "r2", "r3", NULL };
  static const char * const none[] = { NULL };
  static const guint red_dice[] = { 4, 11, 18 };
  static const guint blue_dice[] = { 9 };
  MusterOrderSequence *turn = fixture->turn;
  MusterFaceToFace f2f;

  fixture->first_check = first;
  fixture->second_check = second;

  /* 1. Activation */
  assert_step (turn, "1", MUSTER_ORDER_STEP_ACTIVATION);
  g_assert_cmpint (muster_order_sequence_get_acting_side (turn), ==, MUSTER_ORDER_SIDE_ACTIVE);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (turn), ==, 2);
  g_assert_cmpuint (muster_order_sequence_get_order_number (turn), ==, 0);
  assert_refused (muster_order_sequence_advance (turn, &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_activate (turn, "r1", &_error), MUSTER_ORDERS_ERROR_INVALID);
  assert_ok (muster_order_sequence_activate (turn, "fusilier", &_error));
  g_assert_cmpstr (muster_order_sequence_get_active_trooper (turn), ==, "fusilier");
  advance (turn);

  /* 1.1 Order Expenditure: the Order leaves the pool here (seed 004:
   * "removes from the table ... the Order he uses"). */
  assert_step (turn, "1.1", MUSTER_ORDER_STEP_SPEND_ORDER);
  g_assert_cmpuint (muster_order_sequence_get_order_number (turn), ==, 1);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (turn), ==, 1);
  advance (turn);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (turn), ==, 1);

  /* 1.2 Declaration of the First Skill */
  assert_step (turn, "1.2", MUSTER_ORDER_STEP_FIRST_SKILL);
  assert_refused (muster_order_sequence_advance (turn, &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_declare_aro (turn, "r1", "bs-attack", &_error),
                  MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_declare_skill (turn, "change-facing", &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ORDER);
  assert_ok (muster_order_sequence_declare_skill (turn, "move", &_error));
  g_assert_cmpuint (fixture->checks[0], ==, 0);
  advance (turn);

  /* 2.1 ARO Check: eligibility comes from the board (the callback). */
  assert_step (turn, "2.1", MUSTER_ORDER_STEP_ARO_CHECK);
  g_assert_cmpint (muster_order_sequence_get_acting_side (turn), ==, MUSTER_ORDER_SIDE_REACTIVE);
  g_assert_cmpuint (fixture->checks[0], ==, 4);
  assert_eligible (turn, first);
  assert_refused (muster_order_sequence_declare_aro (turn, "r1", "bs-attack", &_error),
                  MUSTER_ORDERS_ERROR_WRONG_STEP);
  advance (turn);

  /* 2.2 ARO Declaration */
  assert_step (turn, "2.2", MUSTER_ORDER_STEP_ARO_DECLARATION);
  assert_refused (muster_order_sequence_declare_aro (turn, "r3", "bs-attack", &_error),
                  MUSTER_ORDERS_ERROR_NOT_ELIGIBLE);
  assert_refused (muster_order_sequence_declare_aro (turn, "r1", "move", &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ARO);
  assert_refused (muster_order_sequence_declare_aro (turn, "r1", "hack", &_error),
                  MUSTER_ORDERS_ERROR_UNKNOWN_SKILL);
  assert_refused (muster_order_sequence_declare_aro (turn, "fusilier", "dodge", &_error),
                  MUSTER_ORDERS_ERROR_INVALID);
  assert_ok (muster_order_sequence_declare_aro (turn, "r1", "bs-attack", &_error));
  assert_refused (muster_order_sequence_declare_aro (turn, "r1", "dodge", &_error),
                  MUSTER_ORDERS_ERROR_ALREADY_REACTED);
  g_assert_cmpstr (muster_order_sequence_get_aro (turn, "r1")->id, ==, "bs-attack");
  assert_eligible (turn, (const char * const[]) { "r2", NULL });
  /* r2 could react and does not. */
  advance (turn);
  g_assert_true (muster_order_sequence_has_lost_aro (turn, "r2"));
  g_assert_false (muster_order_sequence_has_lost_aro (turn, "r1"));

  /* 3. Declaration of the Second Skill: Short + Short is refused. */
  assert_step (turn, "3", MUSTER_ORDER_STEP_SECOND_SKILL);
  g_assert_cmpint (muster_order_sequence_get_acting_side (turn), ==, MUSTER_ORDER_SIDE_ACTIVE);
  assert_eligible (turn, none);
  assert_refused (muster_order_sequence_declare_aro (turn, "r2", "dodge", &_error),
                  MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_declare_skill (turn, "cautious-movement", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);
  assert_ok (muster_order_sequence_declare_skill (turn, "bs-attack", &_error));
  g_assert_cmpstr (muster_order_sequence_get_skill (turn, 0)->id, ==, "move");
  g_assert_cmpstr (muster_order_sequence_get_skill (turn, 1)->id, ==, "bs-attack");
  advance (turn);

  /* 4.1 ARO Check: r3 now sees the fusilier. */
  assert_step (turn, "4.1", MUSTER_ORDER_STEP_LATE_ARO_CHECK);
  g_assert_cmpuint (fixture->checks[1], ==, 4);
  assert_eligible (turn, (const char * const[]) { "r3", NULL });
  advance (turn);

  /* 4.2 ARO Declaration: r2 was eligible at the first check and did not
   * react: its ARO is lost. */
  assert_step (turn, "4.2", MUSTER_ORDER_STEP_LATE_ARO_DECLARATION);
  assert_refused (muster_order_sequence_declare_aro (turn, "r2", "bs-attack", &_error),
                  MUSTER_ORDERS_ERROR_ARO_LOST);
  assert_refused (muster_order_sequence_declare_aro (turn, "r1", "dodge", &_error),
                  MUSTER_ORDERS_ERROR_ALREADY_REACTED);
  assert_refused (muster_order_sequence_declare_aro (turn, "r4", "dodge", &_error),
                  MUSTER_ORDERS_ERROR_NOT_ELIGIBLE);
  assert_ok (muster_order_sequence_declare_aro (turn, "r3", "dodge", &_error));
  assert_eligible (turn, none);
  advance (turn);

  /* 5. Resolution */
  assert_step (turn, "5", MUSTER_ORDER_STEP_RESOLUTION);
  g_assert_cmpint (muster_order_sequence_get_acting_side (turn), ==, MUSTER_ORDER_SIDE_BOTH);
  assert_refused (muster_order_sequence_face_to_face (turn, "r2", 12, 3, NULL, 11, 1, NULL, &f2f, &_error),
                  MUSTER_ORDERS_ERROR_INVALID);
  assert_refused (muster_order_sequence_face_to_face (turn, "r1", 12, 0, NULL, 11, 1, NULL, &f2f, &_error),
                  MUSTER_ORDERS_ERROR_INVALID);
  assert_refused (muster_order_sequence_face_to_face (turn, "r1", 12, 3, NULL, 11, 7, NULL, &f2f, &_error),
                  MUSTER_ORDERS_ERROR_INVALID);
  assert_refused (muster_order_sequence_face_to_face (turn, "r1", 12, 1,
                                                      (const guint[]) { 21 }, 11, 1, NULL, &f2f, &_error),
                  MUSTER_ORDERS_ERROR_INVALID);
  g_assert_cmpuint (muster_dice_get_n_rolls (fixture->dice), ==, 0);

  /* Move + BS Attack (B3) against r1's BS Attack ARO, dice from the table. */
  assert_ok (muster_order_sequence_face_to_face (turn, "r1", 12, 3, red_dice, 11, 1, blue_dice,
                                                 &f2f, &_error));
  g_assert_cmpuint (f2f.side[0].hits, ==, 1);       /* the 11; the 4 is beaten by the 9 */
  g_assert_true (f2f.side[0].cancelled[0]);
  g_assert_false (f2f.side[0].success[2]);
  g_assert_cmpuint (f2f.side[1].hits, ==, 0);
  g_assert_cmpuint (muster_dice_get_n_rolls (fixture->dice), ==, 4);
  g_assert_cmpstr (muster_dice_get_roll (fixture->dice, 0)->who, ==, "red");
  g_assert_true (muster_dice_get_roll (fixture->dice, 0)->manual);
  g_assert_cmpstr (muster_dice_get_roll (fixture->dice, 3)->who, ==, "blue");
  g_assert_nonnull (strstr (muster_dice_get_roll (fixture->dice, 3)->why, "r1"));

  /* A requirement fails: r3's Dodge becomes Idle, and so does the move. */
  assert_ok (muster_order_sequence_idle_aro (turn, "r3", &_error));
  g_assert_true (muster_order_sequence_is_aro_idle (turn, "r3"));
  assert_refused (muster_order_sequence_face_to_face (turn, "r3", 12, 1, NULL, 11, 1, NULL, &f2f, &_error),
                  MUSTER_ORDERS_ERROR_INVALID);
  assert_refused (muster_order_sequence_idle_aro (turn, "r2", &_error), MUSTER_ORDERS_ERROR_INVALID);
  assert_ok (muster_order_sequence_idle_skill (turn, 0, &_error));
  g_assert_true (muster_order_sequence_is_skill_idle (turn, 0));
  g_assert_false (muster_order_sequence_is_skill_idle (turn, 1));
  advance (turn);

  /* 5.1 Effects, 5.2 Conclusion */
  assert_step (turn, "5.1", MUSTER_ORDER_STEP_EFFECTS);
  assert_refused (muster_order_sequence_idle_skill (turn, 1, &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_face_to_face (turn, NULL, 12, 1, NULL, 0, 0, NULL, &f2f, &_error),
                  MUSTER_ORDERS_ERROR_WRONG_STEP);
  advance (turn);
  assert_step (turn, "5.2", MUSTER_ORDER_STEP_CONCLUSION);
  assert_refused (muster_order_sequence_end_turn (turn, &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  advance (turn);

  /* The second Order: an Entire Order skips steps 3 and 4. */
  assert_step (turn, "1", MUSTER_ORDER_STEP_ACTIVATION);
  g_assert_null (muster_order_sequence_get_active_trooper (turn));
  g_assert_null (muster_order_sequence_get_skill (turn, 0));
  g_assert_null (muster_order_sequence_get_aro (turn, "r1"));
  g_assert_false (muster_order_sequence_has_lost_aro (turn, "r2"));
  fixture->first_check = none;
  assert_ok (muster_order_sequence_activate (turn, "sniper", &_error));
  advance (turn);
  advance (turn);
  g_assert_cmpuint (muster_order_sequence_get_order_number (turn), ==, 2);
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (turn), ==, 0);
  assert_ok (muster_order_sequence_declare_skill (turn, "cautious-movement", &_error));
  advance (turn);
  assert_step (turn, "2.1", MUSTER_ORDER_STEP_ARO_CHECK);
  assert_eligible (turn, none);
  advance (turn);
  advance (turn);
  assert_step (turn, "5", MUSTER_ORDER_STEP_RESOLUTION);
  g_assert_cmpuint (fixture->checks[1], ==, 4);
  g_assert_null (muster_order_sequence_get_skill (turn, 1));
  assert_refused (muster_order_sequence_idle_skill (turn, 1, &_error), MUSTER_ORDERS_ERROR_INVALID);

  /* A Normal Roll, rolled by Muster. */
  assert_ok (muster_order_sequence_face_to_face (turn, NULL, 13, 2, NULL, 0, 0, NULL, &f2f, &_error));
  g_assert_cmpuint (f2f.side[1].n_dice, ==, 0);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpuint (f2f.side[0].rolls[i], ==, muster_dice_get_roll (fixture->dice, 4 + i)->value);
  g_assert_false (muster_dice_get_roll (fixture->dice, 5)->manual);
  advance (turn);
  advance (turn);
  advance (turn);

  /* The pool is empty: the turn is over. */
  g_assert_true (muster_order_sequence_is_finished (turn));
  g_assert_null (muster_order_sequence_get_step (turn));
  g_assert_cmpint (muster_order_sequence_get_acting_side (turn), ==, MUSTER_ORDER_SIDE_NONE);
  assert_refused (muster_order_sequence_activate (turn, "sniper", &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_advance (turn, &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_declare_skill (turn, "move", &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_declare_aro (turn, "r1", "dodge", &_error),
                  MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_set_eligible (turn, NULL, &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_refused (muster_order_sequence_end_turn (turn, &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_eligible (turn, none);

  g_assert_cmpuint (fixture->changes, >, 20);
}

static void
test_turn_original_version (Fixture       *fixture,
                            gconstpointer  data)
{
  static const char * const first[] = { "r1", "r2", NULL };
  static const char * const second[] = { "r1", "r2", "r4", NULL };
  MusterOrderSequence *turn = fixture->turn;

  fixture->first_check = first;
  fixture->second_check = second;

  assert_ok (muster_order_sequence_activate (turn, "hacker", &_error));
  advance (turn);
  advance (turn);
  assert_ok (muster_order_sequence_declare_skill (turn, "discover", &_error));
  /* Replaced before it is final. */
  assert_ok (muster_order_sequence_declare_skill (turn, "move", &_error));
  advance (turn);

  /* 2. Declaration of AROs: check and declaration in one step. */
  assert_step (turn, "2", MUSTER_ORDER_STEP_ARO);
  g_assert_cmpuint (fixture->checks[0], ==, 4);
  assert_ok (muster_order_sequence_declare_aro (turn, "r2", "dodge", &_error));
  advance (turn);
  g_assert_true (muster_order_sequence_has_lost_aro (turn, "r1"));

  assert_step (turn, "3", MUSTER_ORDER_STEP_SECOND_SKILL);
  /* No second skill: the trooper Idles with it. */
  advance (turn);

  /* 4. Declaration of AROs: r1 saw the first skill and let it go. */
  assert_step (turn, "4", MUSTER_ORDER_STEP_LATE_ARO);
  assert_refused (muster_order_sequence_declare_aro (turn, "r1", "bs-attack", &_error),
                  MUSTER_ORDERS_ERROR_ARO_LOST);
  assert_refused (muster_order_sequence_declare_aro (turn, "r4", "move", &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ARO);
  assert_ok (muster_order_sequence_declare_aro (turn, "r4", "discover", &_error));
  advance (turn);

  /* 5. ARO Check: an ARO declared without a valid situation becomes Idle. */
  assert_step (turn, "5", MUSTER_ORDER_STEP_ARO_VALIDITY);
  g_assert_cmpint (muster_order_sequence_get_acting_side (turn), ==, MUSTER_ORDER_SIDE_BOTH);
  assert_refused (muster_order_sequence_idle_skill (turn, 0, &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_ok (muster_order_sequence_idle_aro (turn, "r4", &_error));
  advance (turn);

  assert_step (turn, "6", MUSTER_ORDER_STEP_RESOLUTION);
  g_assert_null (muster_order_sequence_get_skill (turn, 1));
  advance (turn);
  assert_step (turn, "6.1", MUSTER_ORDER_STEP_EFFECTS);
  advance (turn);
  assert_step (turn, "6.2", MUSTER_ORDER_STEP_CONCLUSION);
  advance (turn);

  /* One Order left; the player stops here. */
  assert_step (turn, "1", MUSTER_ORDER_STEP_ACTIVATION);
  assert_ok (muster_order_sequence_end_turn (turn, &_error));
  g_assert_true (muster_order_sequence_is_finished (turn));
  g_assert_cmpuint (muster_order_sequence_get_n_orders_left (turn), ==, 1);
}

static void
test_turn_entire_order_in_original (Fixture       *fixture,
                                    gconstpointer  data)
{
  MusterOrderSequence *turn = fixture->turn;

  assert_ok (muster_order_sequence_activate (turn, "paratrooper", &_error));
  advance (turn);
  advance (turn);
  assert_ok (muster_order_sequence_declare_skill (turn, "combat-jump", &_error));
  advance (turn);
  assert_step (turn, "2", MUSTER_ORDER_STEP_ARO);
  advance (turn);
  /* Straight to the ARO validity check: no second skill, no late AROs. */
  assert_step (turn, "5", MUSTER_ORDER_STEP_ARO_VALIDITY);
  assert_refused (muster_order_sequence_declare_skill (turn, "move", &_error),
                  MUSTER_ORDERS_ERROR_WRONG_STEP);
  g_assert_cmpuint (fixture->checks[1], ==, 0);
}

static void
test_turn_caller_eligibility (Fixture       *fixture,
                              gconstpointer  data)
{
  static const char * const board_first[] = { "r4", NULL };
  static const char * const board_second[] = { "r4", "r2", NULL };
  MusterOrderSequence *turn = fixture->turn;

  /* No callback: the caller computes the sets. */
  muster_order_sequence_set_aro_eligible_func (turn, NULL, NULL, NULL);

  assert_refused (muster_order_sequence_set_eligible (turn, board_first, &_error),
                  MUSTER_ORDERS_ERROR_WRONG_STEP);
  assert_ok (muster_order_sequence_activate (turn, "tag", &_error));
  advance (turn);
  advance (turn);
  assert_ok (muster_order_sequence_declare_skill (turn, "move", &_error));
  advance (turn);

  assert_step (turn, "2.1", MUSTER_ORDER_STEP_ARO_CHECK);
  assert_eligible (turn, (const char * const[]) { NULL });
  assert_refused (muster_order_sequence_set_eligible (turn, (const char * const[]) { "tag", NULL }, &_error),
                  MUSTER_ORDERS_ERROR_INVALID);
  assert_ok (muster_order_sequence_set_eligible (turn, board_first, &_error));
  assert_eligible (turn, board_first);
  advance (turn);
  assert_ok (muster_order_sequence_declare_aro (turn, "r4", "cc-attack", &_error));
  /* The set cannot change under a declared ARO. */
  assert_refused (muster_order_sequence_set_eligible (turn, board_second, &_error),
                  MUSTER_ORDERS_ERROR_WRONG_STEP);
  advance (turn);

  assert_ok (muster_order_sequence_declare_skill (turn, "move", &_error));
  advance (turn);
  assert_step (turn, "4.1", MUSTER_ORDER_STEP_LATE_ARO_CHECK);
  /* Everything that sees the trooper now, r4 included: only r2 is new. */
  assert_ok (muster_order_sequence_set_eligible (turn, board_second, &_error));
  assert_eligible (turn, (const char * const[]) { "r2", NULL });
  advance (turn);
  assert_refused (muster_order_sequence_declare_aro (turn, "r4", "dodge", &_error),
                  MUSTER_ORDERS_ERROR_ALREADY_REACTED);
  assert_ok (muster_order_sequence_declare_aro (turn, "r2", "change-facing", &_error));
  advance (turn);
  assert_step (turn, "5", MUSTER_ORDER_STEP_RESOLUTION);
  g_assert_cmpstr (muster_order_sequence_get_aro (turn, "r2")->id, ==, "change-facing");
  g_assert_false (muster_order_sequence_has_lost_aro (turn, "r2"));
}

static void
test_turn_late_eligible_not_declaring (Fixture       *fixture,
                                       gconstpointer  data)
{
  static const char * const first[] = { NULL };
  static const char * const second[] = { "r3", NULL };
  MusterOrderSequence *turn = fixture->turn;

  fixture->first_check = first;
  fixture->second_check = second;

  assert_ok (muster_order_sequence_activate (turn, "scout", &_error));
  advance (turn);
  advance (turn);
  assert_ok (muster_order_sequence_declare_skill (turn, "move", &_error));
  advance (turn);
  advance (turn);
  advance (turn);
  assert_ok (muster_order_sequence_declare_skill (turn, "move", &_error));
  advance (turn);
  advance (turn);
  assert_step (turn, "4.2", MUSTER_ORDER_STEP_LATE_ARO_DECLARATION);
  advance (turn);
  /* r3 could react after the second skill and let it go. */
  g_assert_true (muster_order_sequence_has_lost_aro (turn, "r3"));
}

static void
test_turn_empty_pool (void)
{
  g_autoptr(MusterOrderRules) rules = infinity_rules ();
  g_autoptr(MusterDice) dice = muster_dice_new (1);
  g_autoptr(MusterOrderSequence) turn = muster_order_sequence_new (rules, dice, "red", "blue", 0);

  g_assert_true (muster_order_sequence_is_finished (turn));
  assert_refused (muster_order_sequence_activate (turn, "x", &_error), MUSTER_ORDERS_ERROR_WRONG_STEP);
}

static void
test_turn_rules_built_in_c (void)
{
  g_autoptr(MusterSkillCatalogue) catalogue = small_catalogue ();
  g_autoptr(MusterOrderRules) rules = NULL;
  g_autoptr(MusterOrderSequence) turn = NULL;
  g_autoptr(MusterDice) dice = muster_dice_new (3);
  g_autoptr(GError) error = NULL;
  MusterFaceToFace f2f;

  g_assert_null (muster_order_rules_new (catalogue, "n5", &error));
  g_assert_error (error, MUSTER_ORDERS_ERROR, MUSTER_ORDERS_ERROR_INVALID);
  g_clear_error (&error);

  rules = muster_order_rules_new (catalogue, MUSTER_ORDERS_VERSION_UPDATE, &error);
  g_assert_no_error (error);
  g_assert_true (muster_order_rules_get_catalogue (rules) == catalogue);
  g_assert_cmpuint (muster_order_rules_get_n_steps (rules), ==, 13);
  g_assert_cmpstr (muster_order_rules_get_step (rules, 3)->name, ==, "Reactive Player’s AROs");

  turn = muster_order_sequence_new (rules, dice, "blue", "red", 1);
  /* Without a roster, any reactive id the caller names will do. */
  assert_ok (muster_order_sequence_activate (turn, "b7", &_error));
  advance (turn);
  advance (turn);
  assert_refused (muster_order_sequence_declare_skill (turn, "alert", &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ORDER);
  assert_ok (muster_order_sequence_declare_skill (turn, "bs-attack", &_error));
  advance (turn);
  assert_ok (muster_order_sequence_set_eligible (turn, (const char * const[]) { "r9", NULL }, &_error));
  advance (turn);
  assert_refused (muster_order_sequence_declare_aro (turn, "r9", "alert", &_error),
                  MUSTER_ORDERS_ERROR_NOT_IN_ARO);
  assert_ok (muster_order_sequence_declare_aro (turn, "r9", "dodge", &_error));
  advance (turn);
  /* BS Attack + Short Skill: no. */
  assert_refused (muster_order_sequence_declare_skill (turn, "cc-attack", &_error),
                  MUSTER_ORDERS_ERROR_COMBINATION);
  assert_ok (muster_order_sequence_declare_skill (turn, "move", &_error));
  advance (turn);
  advance (turn);
  advance (turn);
  assert_step (turn, "5", MUSTER_ORDER_STEP_RESOLUTION);

  /* Rolled by Muster, resolved with criticals. */
  assert_ok (muster_order_sequence_face_to_face (turn, "r9", 14, 3, NULL, 12, 1, NULL, &f2f, &_error));
  g_assert_cmpuint (muster_dice_get_n_rolls (dice), ==, 4);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (f2f.side[0].rolls[i], ==, muster_dice_get_roll (dice, i)->value);
  g_assert_cmpuint (f2f.side[1].rolls[0], ==, muster_dice_get_roll (dice, 3)->value);
  g_assert_cmpstr (muster_dice_get_roll (dice, 3)->who, ==, "red");
  g_assert_cmpuint (f2f.side[0].target, ==, 14);
  g_assert_cmpuint (f2f.side[1].target, ==, 12);
  g_assert_cmpuint (f2f.side[0].hits + f2f.side[1].hits, <=, 3);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/orders/catalogue/combinations", test_catalogue_combinations);
  g_test_add_func ("/core/orders/xml/infinity", test_xml_infinity);
  g_test_add_func ("/core/orders/xml/builtin-versions", test_xml_builtin_versions);
  g_test_add_func ("/core/orders/xml/errors", test_xml_errors);
  g_test_add_func ("/core/orders/xml/duplicate-sequence", test_xml_duplicate_sequence);
  g_test_add_func ("/core/orders/xml/pasted-into-shipped-file", test_xml_pasted_into_shipped_file);

  g_test_add ("/core/orders/turn/update-version", Fixture, MUSTER_ORDERS_VERSION_UPDATE,
              fixture_set_up, test_turn_update_version, fixture_tear_down);
  g_test_add ("/core/orders/turn/original-version", Fixture, MUSTER_ORDERS_VERSION_ORIGINAL,
              fixture_set_up, test_turn_original_version, fixture_tear_down);
  g_test_add ("/core/orders/turn/entire-order-original", Fixture, MUSTER_ORDERS_VERSION_ORIGINAL,
              fixture_set_up, test_turn_entire_order_in_original, fixture_tear_down);
  g_test_add ("/core/orders/turn/caller-eligibility", Fixture, MUSTER_ORDERS_VERSION_UPDATE,
              fixture_set_up, test_turn_caller_eligibility, fixture_tear_down);
  g_test_add ("/core/orders/turn/late-eligible-not-declaring", Fixture, MUSTER_ORDERS_VERSION_UPDATE,
              fixture_set_up, test_turn_late_eligible_not_declaring, fixture_tear_down);
  g_test_add_func ("/core/orders/turn/empty-pool", test_turn_empty_pool);
  g_test_add_func ("/core/orders/turn/rules-built-in-c", test_turn_rules_built_in_c);

  return g_test_run ();
}
