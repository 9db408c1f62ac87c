/* fuzz-lifting.c: the two readings of a layout held to each other.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * muster_layout_new_from_bytes() reads pieces of the usual form from the
 * bytes of the file (lifting, src/core/muster-layout-lifting.c), not from libxml2's
 * tree. For every input, the verdict and the message must be those of
 * the reading through the tree, and a layout that loads must be the same
 * layout, to the bit: the same saved bytes, values, serials and lines.
 * The lifted reading alone (with no second reading when it gives up)
 * may refuse more, never accept more. And the loader, which checks the
 * usual layouts against the schema by hand, accepts nothing that a
 * RELAX NG check of the whole document refuses.
 */

#include "config.h"

#include "fuzz-common.h"
#include "muster-layout.h"
#include "muster-layout-private.h"
#include "muster-xml.h"

#define FILENAME "fuzz.muster"

static void
check_same_layout (MusterLayout *tree,
                   MusterLayout *lifted,
                   const char   *how)
{
  g_autoptr(GBytes) tree_bytes = muster_layout_to_bytes (tree);
  g_autoptr(GBytes) lifted_bytes = muster_layout_to_bytes (lifted);
  GPtrArray *tree_pieces = muster_layout_get_pieces (tree);
  GPtrArray *lifted_pieces = muster_layout_get_pieces (lifted);
  GPtrArray *tree_terrain = muster_layout_get_terrain (tree);
  GPtrArray *lifted_terrain = muster_layout_get_terrain (lifted);
  GPtrArray *players = muster_layout_get_players (tree);
  const char * const *tree_log = muster_layout_get_legacy_roll_log (tree);
  const char * const *lifted_log = muster_layout_get_legacy_roll_log (lifted);
  GHashTableIter iter;
  gpointer name;

  if (!g_bytes_equal (tree_bytes, lifted_bytes))
    fuzz_fail ("%s: the layout saves otherwise:\n%.*s\n---\n%.*s", how,
               (int) g_bytes_get_size (tree_bytes), (const char *) g_bytes_get_data (tree_bytes, NULL),
               (int) g_bytes_get_size (lifted_bytes), (const char *) g_bytes_get_data (lifted_bytes, NULL));

  if (tree_pieces->len != lifted_pieces->len || tree_terrain->len != lifted_terrain->len)
    fuzz_fail ("%s: other pieces or terrain", how);

  for (guint i = 0; i < tree_pieces->len; i++)
    {
      MusterPiece *a = g_ptr_array_index (tree_pieces, i);
      MusterPiece *b = g_ptr_array_index (lifted_pieces, i);

      if (strcmp (a->id, b->id) != 0 || a->serial != b->serial ||
          memcmp (&a->x, &b->x, sizeof a->x) != 0 ||
          memcmp (&a->y, &b->y, sizeof a->y) != 0 ||
          memcmp (&a->rotation, &b->rotation, sizeof a->rotation) != 0 ||
          memcmp (&a->base, &b->base, sizeof a->base) != 0)
        fuzz_fail ("%s: the piece %s is read otherwise", how, a->id);
    }

  for (guint i = 0; i < tree_terrain->len; i++)
    {
      if (((MusterTerrain *) g_ptr_array_index (tree_terrain, i))->serial !=
          ((MusterTerrain *) g_ptr_array_index (lifted_terrain, i))->serial)
        fuzz_fail ("%s: terrain %u has another serial", how, i);
    }

  if (muster_layout_get_game_line (tree) != muster_layout_get_game_line (lifted))
    fuzz_fail ("%s: the game is on line %d, not %d", how,
               muster_layout_get_game_line (lifted), muster_layout_get_game_line (tree));

  if (muster_layout_get_game_log_line (tree) != muster_layout_get_game_log_line (lifted))
    fuzz_fail ("%s: the game log is on line %d, not %d", how,
               muster_layout_get_game_log_line (lifted), muster_layout_get_game_log_line (tree));

  for (guint i = 0; i < players->len; i++)
    {
      const char *id = ((MusterPlayer *) g_ptr_array_index (players, i))->id;

      if (muster_layout_get_player_line (tree, id) != muster_layout_get_player_line (lifted, id))
        fuzz_fail ("%s: the player %s is on another line", how, id);
    }

  g_hash_table_iter_init (&iter, muster_layout_get_options (tree));
  while (g_hash_table_iter_next (&iter, &name, NULL))
    {
      if (muster_layout_get_option_line (tree, name) != muster_layout_get_option_line (lifted, name))
        fuzz_fail ("%s: the option %s is on another line", how, (const char *) name);
    }

  if ((tree_log == NULL) != (lifted_log == NULL) ||
      (tree_log != NULL && !g_strv_equal (tree_log, lifted_log)))
    fuzz_fail ("%s: another roll log", how);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterLayout) tree = NULL;
  g_autoptr(MusterLayout) lifting = NULL;
  g_autoptr(MusterLayout) lifted_only = NULL;
  g_autoptr(GError) tree_error = NULL;
  g_autoptr(GError) lifting_error = NULL;
  g_autoptr(GError) lifted_only_error = NULL;
  guint n_lifted = 0;

  fuzz_init_once ();

  bytes = g_bytes_new (data, size);
  tree = muster_layout_read_bytes (bytes, FILENAME, MUSTER_LAYOUT_READ_TREE, NULL, &tree_error);
  lifting = muster_layout_read_bytes (bytes, FILENAME, MUSTER_LAYOUT_READ_LIFTING, NULL, &lifting_error);
  lifted_only = muster_layout_read_bytes (bytes, FILENAME, MUSTER_LAYOUT_READ_LIFTING_ONLY, &n_lifted,
                                          &lifted_only_error);

  if ((tree == NULL) != (tree_error != NULL) ||
      (lifting == NULL) != (lifting_error != NULL) ||
      (lifted_only == NULL) != (lifted_only_error != NULL))
    fuzz_fail ("a reading returned both or neither of a layout and an error");

  if (tree == NULL)
    {
      if (lifting != NULL)
        fuzz_fail ("lifting accepts what the tree refuses (%s)", tree_error->message);
      if (lifting_error->domain != tree_error->domain || lifting_error->code != tree_error->code ||
          strcmp (lifting_error->message, tree_error->message) != 0)
        fuzz_fail ("lifting refuses otherwise:\n%s\n---\n%s", lifting_error->message, tree_error->message);
      if (lifted_only != NULL)
        fuzz_fail ("the lifted reading accepts what the tree refuses (%s)", tree_error->message);
      return 0;
    }

  {
    g_autoptr(xmlDoc) doc = muster_xml_parse (bytes, FILENAME, MUSTER_LAYOUT_ERROR, MUSTER_LAYOUT_ERROR_PARSE,
                                              NULL);
    g_autoptr(GError) schema_error = NULL;

    if (doc == NULL)
      fuzz_fail ("the tree accepts what muster_xml_parse() refuses");
    if (!muster_xml_validate (doc, "muster-layout.rng", FILENAME, MUSTER_LAYOUT_ERROR,
                              MUSTER_LAYOUT_ERROR_SCHEMA, &schema_error))
      fuzz_fail ("the loader accepts what the schema refuses: %s", schema_error->message);
  }

  if (lifting == NULL)
    fuzz_fail ("lifting refuses what the tree accepts: %s", lifting_error->message);
  check_same_layout (tree, lifting, "lifting");

  if (lifted_only != NULL)
    check_same_layout (tree, lifted_only, "the lifted reading");

  return 0;
}
