/* fuzz-common.h: what the fuzz harnesses share.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

/* The entry point of libFuzzer, which fuzz-replay.c also calls. */
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* A critical or a warning from the core on any input is a bug (a failed
 * precondition, a state that should not be reachable): make it abort so
 * that the fuzzer keeps the input. Debug messages stay quiet. */
static inline void
fuzz_init_once (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
      g_once_init_leave (&initialized, 1);
    }
}

/* TRUE when message reads "FILENAME:LINE: what is wrong" (LINE >= 1),
 * as the command line promises, and is printable UTF-8. */
static inline gboolean
fuzz_message_names_line (const char *message,
                         const char *filename)
{
  const char *p;

  if (message == NULL || !g_utf8_validate (message, -1, NULL))
    return FALSE;
  if (!g_str_has_prefix (message, filename) || message[strlen (filename)] != ':')
    return FALSE;

  p = message + strlen (filename) + 1;
  if (!g_ascii_isdigit (*p) || *p == '0')
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;

  return p[0] == ':' && p[1] == ' ' && p[2] != '\0';
}

/* Stops with a message that the fuzzer reports as a crash. */
#define fuzz_fail(...) G_STMT_START { \
    g_printerr ("fuzz: " __VA_ARGS__); \
    g_printerr ("\n"); \
    abort (); \
  } G_STMT_END

G_END_DECLS
