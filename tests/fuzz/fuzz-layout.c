/* fuzz-layout.c: layout files (*.muster) from strangers.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every input either loads or is refused with "FILENAME:LINE: what is
 * wrong". A layout that loads must save, the saved bytes must load again
 * and save to the same bytes, and, when its game system is a shipped
 * one, the validator must run over it.
 */

#include "config.h"

#include "fuzz-common.h"
#include "muster-layout.h"
#include "muster-system.h"
#include "muster-validate.h"

#define FILENAME "fuzz.muster"
#define ROUND_TRIP_FILENAME "round-trip.muster"

static MusterSystemRegistry *
get_registry (void)
{
  static MusterSystemRegistry *registry;

  /* The shipped systems only: the fuzzer's own data directory is no
   * business of the input. */
  if (registry == NULL)
    registry = muster_system_registry_new ("/nonexistent/muster-fuzz/systems");

  return registry;
}

static void
validate (MusterLayout *layout)
{
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(GPtrArray) violations = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *pieces;
  MusterSystem *system;

  system = muster_system_registry_lookup (get_registry (), muster_layout_get_system_id (layout));
  if (system == NULL)
    return;

  validator = muster_validator_new (layout, system, &error);
  if (validator == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("the validator failed without a readable error");
      return;
    }

  violations = muster_validator_collect (validator);
  if (violations->len != muster_validator_count (validator))
    fuzz_fail ("collect() gave %u violations, count() %u",
               violations->len, muster_validator_count (validator));

  for (guint i = 0; i < violations->len; i++)
    {
      g_autofree char *message = muster_violation_describe (g_ptr_array_index (violations, i));

      if (message == NULL || !g_utf8_validate (message, -1, NULL))
        fuzz_fail ("a violation has no readable description");
    }

  /* A drag of the first piece to the centre of the board, and back. */
  pieces = muster_layout_get_pieces (layout);
  if (pieces->len > 0)
    {
      MusterPiece *piece = g_ptr_array_index (pieces, 0);
      g_autoptr(GPtrArray) placement = NULL;
      double x = piece->x, y = piece->y, rotation = piece->rotation;

      placement = muster_validator_check_placement (validator, piece,
                                                    muster_layout_get_width (layout) / 2,
                                                    muster_layout_get_height (layout) / 2,
                                                    45);
      muster_layout_move_piece (layout, piece,
                                muster_layout_get_width (layout) / 2,
                                muster_layout_get_height (layout) / 2,
                                45);
      muster_layout_move_piece (layout, piece, x, y, rotation);
      g_clear_pointer (&violations, g_ptr_array_unref);
      violations = muster_validator_collect (validator);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) saved_again = NULL;
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(MusterLayout) reloaded = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_init_once ();

  bytes = g_bytes_new (data, size);
  layout = muster_layout_new_from_bytes (bytes, FILENAME, &error);
  if (layout == NULL)
    {
      if (error == NULL || error->domain != MUSTER_LAYOUT_ERROR)
        fuzz_fail ("refused without a MUSTER_LAYOUT_ERROR");
      if (!fuzz_message_names_line (error->message, FILENAME))
        fuzz_fail ("the error does not read \"" FILENAME ":LINE: ...\": %s", error->message);
      return 0;
    }

  saved = muster_layout_to_bytes (layout);
  if (saved == NULL)
    fuzz_fail ("a layout that loaded does not save");

  reloaded = muster_layout_new_from_bytes (saved, ROUND_TRIP_FILENAME, &error);
  if (reloaded == NULL)
    fuzz_fail ("the saved layout does not load again: %s\n%.*s", error->message,
               (int) g_bytes_get_size (saved), (const char *) g_bytes_get_data (saved, NULL));

  saved_again = muster_layout_to_bytes (reloaded);
  if (!g_bytes_equal (saved, saved_again))
    fuzz_fail ("saving the reloaded layout gives other bytes:\n%.*s\n---\n%.*s",
               (int) g_bytes_get_size (saved), (const char *) g_bytes_get_data (saved, NULL),
               (int) g_bytes_get_size (saved_again), (const char *) g_bytes_get_data (saved_again, NULL));

  validate (layout);

  return 0;
}
