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
    "<muster-net version=\"1\" type=\"roll\" seq=\"1\" ack=\"0\" n=\"1\" commitment=\"XYZ\"><step action=\"keep\"/></muster-net>",
    "<!DOCTYPE x [<!ENTITY e \"e\">]><muster-net version=\"1\" type=\"bye\" seq=\"1\" ack=\"0\"/>",
    "<muster-net version=\"1\" type=\"welcome\" seq=\"0\" ack=\"0\" session=\"00000000000000000000000000000000\" "
    "player=\"blue\" received=\"0\"><layout>!!!!</layout></muster-net>",
    NULL,
  };

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterNetMessage) message = muster_net_message_read (bad[i], strlen (bad[i]), &error);

      if (message != NULL)
        g_error ("read: %s", bad[i]);
      g_assert_error (error, MUSTER_NET_ERROR, MUSTER_NET_ERROR_MESSAGE);
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
  g_test_add_func ("/net/message/refused", test_refused);
  g_test_add_func ("/net/message/invitation", test_invitation);
  g_test_add_func ("/net/message/dice-stream", test_dice_stream);

  return g_test_run ();
}
