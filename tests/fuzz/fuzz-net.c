/* fuzz-net.c: the messages another Muster sends in a game across the
 * network (src/net/muster-net-message.c), which anyone who reaches the
 * host's port, or poses as the host, can write.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every input either reads or is refused with a readable reason. A
 * message that reads is written back, and what is written reads again
 * and is written the same: nothing a message holds is lost or changed
 * on its way through a Muster.
 */

#include "config.h"

#include "fuzz-common.h"
#include "muster-net-message.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(MusterNetMessage) message = NULL;
  g_autoptr(MusterNetMessage) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  fuzz_init_once ();

  message = muster_net_message_read ((const char *) data, size, &error);
  if (message == NULL)
    {
      if (error == NULL || error->domain != MUSTER_NET_ERROR || !g_utf8_validate (error->message, -1, NULL) ||
          *error->message == '\0')
        fuzz_fail ("a message was refused with no readable reason");
      return 0;
    }
  if (error != NULL)
    fuzz_fail ("a message read, with an error set");

  text = muster_net_message_write (message);
  again = muster_net_message_read (text, strlen (text), &error);
  if (again == NULL)
    fuzz_fail ("a message written back does not read: %s\n%s", error->message, text);

  text_again = muster_net_message_write (again);
  if (strcmp (text, text_again) != 0)
    fuzz_fail ("a message written twice is not the same:\n%s\n%s", text, text_again);
  if (message->step != NULL && !muster_log_step_equal (message->step, again->step))
    fuzz_fail ("a step changed on its way through");

  return 0;
}
