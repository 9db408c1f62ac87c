/* muster-layout-private.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libxml/tree.h>

#include "muster-layout.h"
#include "muster-spatial-index.h"
#include "muster-xml.h"

G_BEGIN_DECLS

/* One layout over several files, each about one thing:
 *   muster-layout.c          the model
 *   muster-layout-reader.c   a file read into the model
 *   muster-layout-format.c   the format checked by hand (the schema's
 *                            checks and their explanation), and its
 *                            extensions
 *   muster-layout-lifting.c  pieces read from the bytes, without
 *                            libxml2's tree
 *   muster-layout-writer.c   the model written back, and the atomic save */

struct _MusterLayout
{
  GObject     parent_instance;

  char       *system_id;
  char       *deployment_id;
  GHashTable *options;          /* name → value */
  GPtrArray  *option_names;     /* in the order they were first set */
  MusterUnit  units;
  double      width;
  double      height;

  GPtrArray  *players;          /* MusterPlayer */
  /* MusterPiece, file order, which is also the order of their serials:
   * a piece takes the next serial as it is appended, and none moves
   * (muster_layout_lookup_serial() searches by halves). */
  GPtrArray  *pieces;
  GPtrArray  *terrain;          /* MusterTerrain, file order */
  guint       last_serial;

  /* Pieces by id, rebuilt when index_dirty. */
  GHashTable *piece_by_id;
  gboolean    index_dirty;
  /* Pieces by where they may reach (muster_layout_find_pieces()), by
   * serial; made when first asked, kept up to date from then on. */
  MusterSpatialIndex *space;
  GPtrArray          *space_pieces;  /* serial → MusterPiece or NULL, beside it */

  /* Kept verbatim from the file they were read from. */
  GPtrArray  *namespaces;       /* prefix, href pairs declared in the file */
  GPtrArray  *extensions;       /* foreign elements inside <muster-layout> */
  GPtrArray  *ext_attrs;        /* foreign attributes of <muster-layout> */
  GPtrArray  *game_extensions;
  GPtrArray  *game_ext_attrs;
  GPtrArray  *board_ext_attrs;

  /* Where things were read: "game", "option:NAME", "player:ID", "game-log" → line. */
  GHashTable *source_lines;

  /* The lines of the dice log (muster_dice_log_to_strv()), or NULL. */
  char      **roll_log;
  /* The lines of the game log (see muster_layout_get_legacy_game_log()), or NULL. */
  char      **game_log;

  /* The game log (muster_layout_get_game_steps()): the game system it
   * was played in, and its steps (MusterLogStep, sealed). */
  char       *game_log_system;
  GPtrArray  *game_steps;
  /* The version of a newer Muster's game log, kept as an extension. */
  guint       newer_game_log;

  /* What may stop a player's edit of a piece (muster_layout_set_piece_guard()):
   * not part of the document. */
  MusterPieceGuard piece_guard;
  gpointer         piece_guard_data;
};

/* The namespace of xml:lang and its kin, bound without a declaration. */
#define MUSTER_LAYOUT_XML_NAMESPACE "http://www.w3.org/XML/1998/namespace"

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

/* The game log (muster-layout-game-log.c) */

gboolean    _muster_layout_is_game_log      (xmlNode          *node);
gboolean    _muster_layout_read_game_log    (MusterLayout     *self,
                                             const char       *filename,
                                             xmlNode          *node,
                                             GError          **error);
void        _muster_layout_write_game_log   (MusterLayout     *self,
                                             GString          *out,
                                             const char       *prefix);
/* Text escaped for an attribute's value or element content
 * (muster-layout-writer.c). */
void        _muster_layout_append_escaped   (GString          *out,
                                             const char       *text);

/* The model's helpers, for the reader and the writer (muster-layout.c) */

GPtrArray  *_muster_layout_copy_strings     (GPtrArray        *array);
void        _muster_layout_add_string       (GPtrArray       **array,
                                             const char       *text);
void        _muster_player_free             (MusterPlayer     *player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterPlayer, _muster_player_free)

/* Inline: the reader takes one for every piece. */
static inline guint
_muster_layout_next_serial (MusterLayout *self)
{
  self->last_serial++;
  if (self->last_serial == 0)
    self->last_serial++;

  return self->last_serial;
}

/* The names of the base shapes in the file. */
static const char * const _muster_base_shapes[] = {
  [MUSTER_BASE_ROUND] = "round",
  [MUSTER_BASE_OVAL] = "oval",
  [MUSTER_BASE_RECT] = "rect",
};

static inline gboolean
_muster_base_shape_from_string (const char      *text,
                                MusterBaseShape *shape)
{
  /* The first letters differ: one strcmp() at most. */
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (_muster_base_shapes); i++)
    {
      if (text[0] == _muster_base_shapes[i][0] && strcmp (text, _muster_base_shapes[i]) == 0)
        {
          *shape = (MusterBaseShape) i;
          return TRUE;
        }
    }

  return FALSE;
}

/* The reader (muster-layout-reader.c) */

/* Puts name before the message of *error unless it names it already. */
void      _muster_layout_name_file_in_error   (GError      **error,
                                               const char   *name);

/* The format by hand (muster-layout-format.c) */

/* An attribute in no namespace, as the schema has it. */
typedef struct
{
  const char *name;
  gsize       len;
  gboolean    token;            /* the schema's token type */
} MusterSchemaAttr;

/* The attributes of a piece and of its base, as in the lists below. */
typedef enum
{
  PIECE_ID,
  PIECE_KIND,
  PIECE_X,
  PIECE_Y,
  PIECE_OWNER,
  PIECE_ROTATION,
  PIECE_TURN,
  PIECE_CATEGORY,
  PIECE_SKILLS,
  PIECE_PRONE,
  PIECE_LIEUTENANT,
  PIECE_NAME,
  N_PIECE_OWN_ATTRS,
  BASE_SHAPE = N_PIECE_OWN_ATTRS,
  BASE_DIAMETER,
  BASE_WIDTH,
  BASE_DEPTH,
  N_PIECE_ATTRS
} MusterPieceAttr;

#define N_BASE_ATTRS (N_PIECE_ATTRS - N_PIECE_OWN_ATTRS)
/* The first of each list below are required. */
#define N_PIECE_REQUIRED 4
#define N_BASE_REQUIRED 1

#define SCHEMA_ATTR(name, token) { name, sizeof (name) - 1, token }

/* Static, in each file that reads them: the lifting of a piece compares
 * names with them byte by byte, which the compiler does best when it
 * sees them. */
static const MusterSchemaAttr _muster_piece_attributes[N_PIECE_OWN_ATTRS] = {
  /* Required first. */
  SCHEMA_ATTR ("id", TRUE), SCHEMA_ATTR ("kind", TRUE), SCHEMA_ATTR ("x", FALSE),
  SCHEMA_ATTR ("y", FALSE), SCHEMA_ATTR ("owner", TRUE), SCHEMA_ATTR ("rotation", FALSE),
  SCHEMA_ATTR ("turn", FALSE), SCHEMA_ATTR ("category", FALSE), SCHEMA_ATTR ("skills", FALSE),
  SCHEMA_ATTR ("prone", FALSE), SCHEMA_ATTR ("lieutenant", FALSE), SCHEMA_ATTR ("name", FALSE),
};

static const MusterSchemaAttr _muster_base_attributes[N_BASE_ATTRS] = {
  SCHEMA_ATTR ("shape", TRUE),
  SCHEMA_ATTR ("diameter", FALSE), SCHEMA_ATTR ("width", FALSE), SCHEMA_ATTR ("depth", FALSE),
};

/* Whether the document is a layout of this format that follows the
 * schema; FALSE with an error naming the line if not (with has_lifted,
 * no error: the document is read again without lifting). */
gboolean  _muster_layout_check_document       (xmlDoc       *doc,
                                               const char   *filename,
                                               gboolean      has_lifted,
                                               GError      **error);
/* The foreign attributes of node (as {namespace}name, value pairs) added
 * to *ext_attrs, the namespaces they need remembered for saving;
 * ns_by_prefix holds those already remembered. */
void      _muster_layout_read_ext_attrs       (MusterLayout  *self,
                                               GHashTable    *ns_by_prefix,
                                               xmlNode       *node,
                                               GPtrArray    **ext_attrs);
/* The foreign element node, as text that can be written back anywhere,
 * added to *extensions. */
gboolean  _muster_layout_read_extension       (const char    *filename,
                                               xmlNode       *node,
                                               GPtrArray    **extensions,
                                               GError       **error);
/* The namespaces of Muster 0.1's extensions that live on (the rosters')
 * renamed to today's, in the namespaces declared, the foreign attributes
 * and the foreign elements: a layout reads as if saved today. */
void      _muster_layout_convert_legacy_namespaces (MusterLayout *self);

/* Lifting (muster-layout-lifting.c) */

/* A piece that _muster_layout_lift_piece() read from the bytes. */
typedef struct
{
  const char *start;                       /* the element's "<" in the file */
  guint16     size;                        /* of the element */
  guint16     offset[N_PIECE_ATTRS];       /* of each value from start; 0 if absent */
  guint16     length[N_PIECE_ATTRS];
} MusterLiftedPiece;

/* The MusterXmlLiftFunc of layouts: a piece of the usual form, added to
 * the GArray of MusterLiftedPiece that user_data is. */
gsize     _muster_layout_lift_piece           (const char          *text,
                                               gsize                available,
                                               gpointer             user_data);
/* muster_xml_parse(), with the children of the root that lift() takes
 * left out of the tree (see muster-layout-lifting.c): each run of them,
 * with the white space between them, stands one empty element whose
 * _muster_layout_get_lifted() count is the number of children it stands
 * for, in document order. *lifted says whether the tree has such
 * stand-ins; when it is FALSE, the document was parsed whole and
 * whatever lift() took is to be forgotten. The verdict and the message
 * are muster_xml_parse()'s. */
xmlDoc   *_muster_layout_parse_lifting        (GBytes              *bytes,
                                               const char          *filename,
                                               MusterXmlLiftFunc    lift,
                                               gpointer             user_data,
                                               gboolean            *lifted,
                                               GQuark               domain,
                                               int                  code,
                                               GError             **error);
/* How many lifted children node stands for: 0 for any other node. */
guint     _muster_layout_get_lifted           (xmlNode             *node);

/* muster-layout-space.c: the index of pieces by where they stand, kept
 * up to date as they come (enter), move or change (place) and go (leave). */
void _muster_layout_space_enter (MusterLayout      *self,
                                 MusterPiece       *piece);
void _muster_layout_space_place (MusterLayout      *self,
                                 const MusterPiece *piece);
void _muster_layout_space_leave (MusterLayout      *self,
                                 guint              serial);
void _muster_layout_space_clear (MusterLayout      *self);

G_END_DECLS
