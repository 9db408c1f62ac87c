/* test-net-message.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "muster-net-crypto.h"
#include "muster-net-message.h"
#include "muster-roster.h"

/* Tests of src/net/muster-net-message.c and muster-net-crypto.c: the
 * messages read back as written, and what is not a message is refused. */

static void
test_round_trip (void)
{
  g_autoptr(MusterNetMessage) message = muster_net_message_new (MUSTER_NET_MESSAGE_STEP);
  g_autoptr(MusterNetMessage) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *item[] = { "id", "r1", "name", "Fusilier <1> & \"2\"\tx", NULL };

  message->seq = 7;
  message->ack = 6;
  message->n = 12;
  message->value = g_strnfill (64, 'a');
  message->step = muster_log_step_new ("start-deployment");
  muster_log_step_set (message->step, "zone", "south\nnorth");
  muster_log_step_add_item (message->step, "trooper", item);
  muster_log_step_add_die (message->step, 20, 14, TRUE, "red", NULL);

  text = muster_net_message_write (message);
  back = muster_net_message_read (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpint (back->type, ==, MUSTER_NET_MESSAGE_STEP);
  g_assert_cmpuint (back->seq, ==, 7);
  g_assert_cmpuint (back->ack, ==, 6);
  g_assert_cmpuint (back->n, ==, 12);
  g_assert_cmpstr (back->value, ==, message->value);
  g_assert_true (muster_log_step_equal (back->step, message->step));
}

static void
test_move_and_welcome (void)
{
  g_autoptr(MusterNetMessage) move = muster_net_message_new (MUSTER_NET_MESSAGE_MOVE);
  g_autoptr(MusterNetMessage) welcome = muster_net_message_new (MUSTER_NET_MESSAGE_WELCOME);
  g_autoptr(MusterNetMessage) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  move->seq = 1;
  move->piece = g_strdup ("b2");
  move->x = 508.0 / 3.0;
  move->y = 203.2;
  move->rotation = 180;
  text = muster_net_message_write (move);
  back = muster_net_message_read (text, strlen (text), &error);
  g_assert_no_error (error);
  /* Exactly the same doubles: both tables stand the same. */
  g_assert_true (back->x == move->x && back->y == move->y && back->rotation == move->rotation);
  g_clear_pointer (&back, muster_net_message_free);
  g_clear_pointer (&text, g_free);

  welcome->session_id = g_strnfill (32, '0');
  welcome->player = g_strdup ("blue");
  welcome->layout = g_bytes_new_static ("<muster-layout/>", 16);
  text = muster_net_message_write (welcome);
  back = muster_net_message_read (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (back->layout, welcome->layout));
  g_assert_cmpstr (back->player, ==, "blue");
}

/* A piece put on the table, as it stands, less which one is the
 * Lieutenant; one taken off. */
static void
test_place_and_remove (void)
{
  g_autoptr(MusterNetMessage) place = muster_net_message_new (MUSTER_NET_MESSAGE_PLACE);
  g_autoptr(MusterNetMessage) remove = muster_net_message_new (MUSTER_NET_MESSAGE_REMOVE);
  g_autoptr(MusterNetMessage) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  MusterBase base = { MUSTER_BASE_RECT, 100, 50.8 };
  MusterPiece *piece;

  place->seq = 3;
  place->placed = muster_piece_new ("u&1", MUSTER_PIECE_UNIT, "red", &base, 508.0 / 3.0, 203.2);
  piece = place->placed;
  piece->rotation = 45;
  piece->name = g_strdup ("Knights <of> \"the\" Realm");
  piece->turn = 2;
  piece->prone = TRUE;
  piece->lieutenant = TRUE;
  piece->categories = g_strsplit ("character scout", " ", -1);
  piece->skills = g_strsplit ("ambush", " ", -1);
  muster_roster_set_piece_entry (piece, "e2");
  text = muster_net_message_write (place);
  g_assert_null (strstr (text, "lieutenant"));
  back = muster_net_message_read (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpint (back->type, ==, MUSTER_NET_MESSAGE_PLACE);
  piece = back->placed;
  g_assert_cmpstr (piece->id, ==, "u&1");
  g_assert_cmpint (piece->kind, ==, MUSTER_PIECE_UNIT);
  g_assert_cmpstr (piece->owner, ==, "red");
  g_assert_true (piece->x == place->placed->x && piece->y == place->placed->y && piece->rotation == 45);
  g_assert_cmpint (piece->base.shape, ==, MUSTER_BASE_RECT);
  g_assert_true (piece->base.width == 100 && piece->base.depth == 50.8);
  g_assert_cmpstr (piece->name, ==, place->placed->name);
  g_assert_cmpuint (piece->turn, ==, 2);
  g_assert_true (piece->prone);
  g_assert_false (piece->lieutenant);
  g_assert_true (muster_piece_has_category (piece, "scout") && muster_piece_has_category (piece, "character"));
  g_assert_true (muster_piece_has_skill (piece, "ambush"));
  g_assert_cmpstr (muster_roster_get_piece_entry (piece), ==, "e2");
  g_clear_pointer (&back, muster_net_message_free);
  g_clear_pointer (&text, g_free);

  remove->seq = 4;
  remove->piece = g_strdup ("u&1");
  text = muster_net_message_write (remove);
  back = muster_net_message_read (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpint (back->type, ==, MUSTER_NET_MESSAGE_REMOVE);
  g_assert_cmpstr (back->piece, ==, "u&1");
}

/* Each of bad (NULL-terminated) is refused as a message that cannot be
 * read. */
static void
assert_all_refused (const char * const *bad)
{
  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterNetMessage) message = muster_net_message_read (bad[i], strlen (bad[i]), &error);

      if (message != NULL)
        g_error ("read: %s", bad[i]);
      /* Another version's is told apart (not a stranger's wrong secret). */
      if (strstr (bad[i], "version=\"1\"") == NULL && strstr (bad[i], "<muster-net") != NULL)
        g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_VERSION);
      else
        g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE);
    }
}

static void
test_refused (void)
{
  const char *bad[] = {
    "",
    "not xml",
    "<muster-net version=\"1\" type=\"fly\" seq=\"1\" ack=\"0\"/>",
    "<muster-net version=\"2\" type=\"bye\" seq=\"1\" ack=\"0\"/>",
    "<muster-net version=\"1\" type=\"bye\" seq=\"-1\" ack=\"0\"/>",
    "<muster-net version=\"1\" type=\"bye\" seq=\"1\" ack=\"0\" extra=\"1\"/>",
    "<muster-net version=\"1\" type=\"step\" seq=\"1\" ack=\"0\" n=\"1\"/>",
    "<muster-net version=\"1\" type=\"step\" seq=\"1\" ack=\"0\" n=\"1\"><step action=\"Bad Name\"/></muster-net>",
    "<muster-net version=\"1\" type=\"step\" seq=\"1\" ack=\"0\" n=\"1\"><step action=\"keep\" n=\"3\"/></muster-net>",
    "<muster-net version=\"1\" type=\"step\" seq=\"1\" ack=\"0\" n=\"1\"><step action=\"keep\"><die sides=\"20\" value=\"21\"/></step></muster-net>",
    "<muster-net version=\"1\" type=\"step\" seq=\"1\" ack=\"0\" n=\"1\"><step action=\"keep\"><Script/></step></muster-net>",
    "<muster-net version=\"1\" type=\"move\" seq=\"1\" ack=\"0\" piece=\"a\" x=\"nan\" y=\"0\" rotation=\"0\"/>",
    /* Beyond what a layout file holds: the layout could not be saved. */
    "<muster-net version=\"1\" type=\"move\" seq=\"1\" ack=\"0\" piece=\"a\" x=\"500000000\" y=\"0\" rotation=\"0\"/>",
    "<muster-net version=\"1\" type=\"place\" seq=\"1\" ack=\"0\"><piece id=\"a\" kind=\"model\" owner=\"red\" "
    "x=\"0\" y=\"-2000000\" rotation=\"0\" shape=\"round\" width=\"25\" depth=\"25\"/></muster-net>",
    "<muster-net version=\"1\" type=\"roll\" seq=\"1\" ack=\"0\" n=\"1\" commitment=\"XYZ\"><step action=\"keep\"/></muster-net>",
    "<!DOCTYPE x [<!ENTITY e \"e\">]><muster-net version=\"1\" type=\"bye\" seq=\"1\" ack=\"0\"/>",
    "<muster-net version=\"1\" type=\"welcome\" seq=\"0\" ack=\"0\" session=\"00000000000000000000000000000000\" "
    "player=\"blue\" received=\"0\"><layout>!!!!</layout></muster-net>",
    /* Pieces no table holds. */
    "<muster-net version=\"1\" type=\"place\" seq=\"1\" ack=\"0\"/>",
    "<muster-net version=\"1\" type=\"place\" seq=\"1\" ack=\"0\"><piece id=\"a\" kind=\"model\" owner=\"red\" "
    "x=\"0\" y=\"0\" rotation=\"0\" shape=\"hexagon\" width=\"25\" depth=\"25\"/></muster-net>",
    "<muster-net version=\"1\" type=\"place\" seq=\"1\" ack=\"0\"><piece id=\"a\" kind=\"model\" owner=\"red\" "
    "x=\"0\" y=\"0\" rotation=\"0\" shape=\"round\" width=\"-25\" depth=\"25\"/></muster-net>",
    "<muster-net version=\"1\" type=\"place\" seq=\"1\" ack=\"0\"><piece id=\"a b\" kind=\"model\" owner=\"red\" "
    "x=\"0\" y=\"0\" rotation=\"0\" shape=\"round\" width=\"25\" depth=\"25\"/></muster-net>",
    "<muster-net version=\"1\" type=\"place\" seq=\"1\" ack=\"0\"><piece id=\"a\" kind=\"model\" owner=\"red\" "
    "x=\"0\" y=\"0\" rotation=\"0\" shape=\"round\" width=\"25\" depth=\"25\" lieutenant=\"true\"/></muster-net>",
    "<muster-net version=\"1\" type=\"place\" seq=\"1\" ack=\"0\"><piece id=\"a\" kind=\"model\" owner=\"red\" "
    "x=\"inf\" y=\"0\" rotation=\"0\" shape=\"round\" width=\"25\" depth=\"25\"/></muster-net>",
    "<muster-net version=\"1\" type=\"remove\" seq=\"1\" ack=\"0\"/>",
    /* An owner that no layout has had as a player. */
    "<muster-net version=\"1\" type=\"place\" seq=\"1\" ack=\"0\"><piece id=\"a\" kind=\"model\" owner=\"made-up-owner\" "
    "x=\"0\" y=\"0\" rotation=\"0\" shape=\"round\" width=\"25\" depth=\"25\"/></muster-net>",
    NULL,
  };

  assert_all_refused (bad);
  /* Nor kept: a piece's owner is interned, for as long as the process
   * runs. */
  g_assert_cmpuint (g_quark_try_string ("made-up-owner"), ==, 0);

  /* A refusal's reason, too long, is cut short where a character ends:
   * it is shown in labels. */
  {
    g_autoptr(GString) text = g_string_new ("<muster-net version=\"1\" type=\"refuse\" seq=\"1\" ack=\"0\" "
                                            "about=\"1\" reason=\"a");
    g_autoptr(MusterNetMessage) message = NULL;
    g_autoptr(GError) error = NULL;

    for (guint i = 0; i < 600; i++)
      g_string_append (text, "é");
    g_string_append (text, "\"/>");
    message = muster_net_message_read (text->str, text->len, &error);
    g_assert_no_error (error);
    g_assert_nonnull (message->reason);
    g_assert_true (g_utf8_validate (message->reason, -1, NULL));
    g_assert_cmpuint (g_utf8_strlen (message->reason, -1), ==, 601);
  }

  /* Too deep, and too big. */
  {
    g_autoptr(GString) deep = g_string_new ("<muster-net version=\"1\" type=\"propose\" seq=\"1\" ack=\"0\">");
    g_autoptr(GError) error = NULL;
    g_autoptr(MusterNetMessage) message = NULL;
    g_autofree char *big = g_strnfill (MUSTER_NET_MAX_MESSAGE + 1, ' ');

    for (guint i = 0; i < 200; i++)
      g_string_append (deep, "<step action=\"a\">");
    message = muster_net_message_read (deep->str, deep->len, &error);
    g_assert_null (message);
    g_clear_error (&error);
    message = muster_net_message_read (big, strlen (big), &error);
    g_assert_null (message);
  }
}

#define HELLO "<muster-net version=\"1\" type=\"hello\" seq=\"0\" ack=\"0\" key=\"k\">"
#define ROSTER "<mr:roster xmlns:mr=\"urn:muster:roster\">"

/* The army a guest brings, in its hello: read back as written; a hostile
 * one (malformed, too big, where no army goes) refused. */
static void
test_army (void)
{
  g_autoptr(MusterNetMessage) hello = muster_net_message_new (MUSTER_NET_MESSAGE_HELLO);
  g_autoptr(MusterNetMessage) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) huge = g_string_new (HELLO "<army>" ROSTER);
  MusterRosterEntry *entry = muster_roster_entry_new ();
  const MusterRosterEntry *read;
  const char *bad[] = {
    HELLO "<army/></muster-net>",
    HELLO "<army>" ROSTER "</mr:roster></army></muster-net>",
    HELLO "<army>" ROSTER "<mr:entry id=\"e1\" count=\"many\"/></mr:roster></army></muster-net>",
    HELLO "<army>" ROSTER "<mr:entry name=\"no id\"/></mr:roster></army></muster-net>",
    HELLO "<army>" ROSTER "<mr:entry id=\"e1\"/><mr:entry id=\"e1\"/></mr:roster></army></muster-net>",
    HELLO "<army>" ROSTER "<mr:entry id=\"e1\" width=\"-3mm\"/></mr:roster></army></muster-net>",
    HELLO "<army><roster><entry id=\"e1\"/></roster></army></muster-net>",
    HELLO "<army>" ROSTER "<mr:entry id=\"e1\"/></mr:roster>" ROSTER "<mr:entry id=\"e2\"/></mr:roster></army></muster-net>",
    HELLO "<army>text</army></muster-net>",
    HELLO "<army>" ROSTER "<mr:entry id=\"e1\"/></mr:roster></army><army>" ROSTER
    "<mr:entry id=\"e2\"/></mr:roster></army></muster-net>",
    "<muster-net version=\"1\" type=\"bye\" seq=\"1\" ack=\"0\"><army>" ROSTER
    "<mr:entry id=\"e1\"/></mr:roster></army></muster-net>",
    NULL,
  };

  hello->key = g_strdup ("secret");
  hello->army = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_roster_entry_free);
  entry->id = g_strdup ("g0badcafe-e1");
  entry->name = g_strdup ("Fusiliers <1> & \"2\"");
  entry->count = 3;
  entry->skills = g_strsplit ("infiltration", " ", -1);
  g_ptr_array_add (hello->army, entry);
  text = muster_net_message_write (hello);
  back = muster_net_message_read (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_nonnull (back->army);
  g_assert_cmpuint (back->army->len, ==, 1);
  read = g_ptr_array_index (back->army, 0);
  g_assert_cmpstr (read->id, ==, "g0badcafe-e1");
  g_assert_cmpstr (read->name, ==, entry->name);
  g_assert_cmpuint (read->count, ==, 3);
  g_assert_cmpstr (read->skills[0], ==, "infiltration");

  assert_all_refused (bad);

  /* More entries than an army has, in a hello of a size that passes. */
  for (guint i = 0; i <= MUSTER_NET_MAX_ARMY; i++)
    g_string_append_printf (huge, "<mr:entry id=\"e%u\"/>", i);
  g_string_append (huge, "</mr:roster></army></muster-net>");
  g_assert_cmpuint (huge->len, <, MUSTER_NET_MAX_SMALL);
  g_clear_pointer (&back, muster_net_message_free);
  g_clear_error (&error);
  back = muster_net_message_read (huge->str, huge->len, &error);
  g_assert_null (back);
  g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE);
  g_assert_nonnull (strstr (error->message, "army"));
}

static void
test_invitation (void)
{
  guint8 fingerprint[32];
  guint8 back[32];
  g_autofree char *text = NULL;
  g_autofree char *address = NULL;
  g_autofree char *secret = NULL;
  g_autoptr(GError) error = NULL;
  guint16 port = 0;

  for (guint i = 0; i < 32; i++)
    fingerprint[i] = (guint8) (i * 7);
  text = muster_net_invitation_format ("192.0.2.7", 47400, fingerprint, "00112233445566778899aabbccddeeff");
  g_assert_true (g_str_has_prefix (text, "muster://192.0.2.7:47400/#"));
  g_assert_true (muster_net_invitation_parse (text, &address, &port, back, &secret, &error));
  g_assert_cmpstr (address, ==, "192.0.2.7");
  g_assert_cmpuint (port, ==, 47400);
  g_assert_cmpmem (back, 32, fingerprint, 32);
  g_assert_cmpstr (secret, ==, "00112233445566778899aabbccddeeff");

  g_assert_false (muster_net_invitation_parse ("muster://example.org:1/#aa.bb", &address, &port, back, &secret, &error));
  g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_INVITATION);
}

/* The agreed dice: the same values give the same dice, each value
 * changes them, and every face comes up. */
static void
test_dice_stream (void)
{
  guint8 a[32] = { 1 }, b[32] = { 2 };
  MusterNetDiceStream s1, s2, s3;
  guint seen[21] = { 0 };
  gboolean differ = FALSE;
  g_autofree char *c1 = muster_net_dice_commitment (a);
  g_autofree char *c2 = muster_net_dice_commitment (b);

  g_assert_cmpstr (c1, !=, c2);
  g_assert_cmpuint (strlen (c1), ==, 64);

  muster_net_dice_stream_init (&s1, a, b, 3);
  muster_net_dice_stream_init (&s2, a, b, 3);
  muster_net_dice_stream_init (&s3, a, a, 3);
  for (guint i = 0; i < 2000; i++)
    {
      guint v = muster_net_dice_stream_next (&s1, 20);

      g_assert_cmpuint (v, ==, muster_net_dice_stream_next (&s2, 20));
      g_assert_cmpuint (v, >=, 1);
      g_assert_cmpuint (v, <=, 20);
      seen[v]++;
      differ = differ || v != muster_net_dice_stream_next (&s3, 20);
    }
  g_assert_true (differ);
  for (guint v = 1; v <= 20; v++)
    g_assert_cmpuint (seen[v], >, 50);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/message/round-trip", test_round_trip);
  g_test_add_func ("/net/message/move-and-welcome", test_move_and_welcome);
  g_test_add_func ("/net/message/place-and-remove", test_place_and_remove);
  g_test_add_func ("/net/message/refused", test_refused);
  g_test_add_func ("/net/message/army", test_army);
  g_test_add_func ("/net/message/invitation", test_invitation);
  g_test_add_func ("/net/message/dice-stream", test_dice_stream);

  return g_test_run ();
}
