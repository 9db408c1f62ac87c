/* muster-layout-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "muster-layout.h"

G_BEGIN_DECLS

/* How muster_layout_read_bytes() reads a file: for the tests and the
 * fuzzers, which hold the two readings to each other. */
typedef enum
{
  /* As muster_layout_new_from_bytes(): pieces of the usual form are read
   * from the bytes (lifted), without libxml2's tree; anything that goes
   * wrong with them is told by a reading through the tree. */
  MUSTER_LAYOUT_READ_LIFTING,
  /* Every element through libxml2's tree. */
  MUSTER_LAYOUT_READ_TREE,
  /* Lifting, with no second reading: NULL (with an error that tells
   * nothing) whenever the lifted reading does not succeed. */
  MUSTER_LAYOUT_READ_LIFTING_ONLY,
} MusterLayoutReading;

/* muster_layout_new_from_bytes(), read as reading says; *n_lifted (if
 * not NULL) is the number of pieces read lifted. */
MusterLayout *muster_layout_read_bytes (GBytes               *bytes,
                                        const char           *filename,
                                        MusterLayoutReading   reading,
                                        guint                *n_lifted,
                                        GError              **error);

G_END_DECLS
