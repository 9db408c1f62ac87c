/* muster-layout.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "muster-geometry.h"
#include "muster-log-step.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_LAYOUT  (muster_layout_get_type ())
#define MUSTER_LAYOUT_ERROR (muster_layout_error_quark ())

/* The version of the *.muster format this Muster writes and reads. */
#define MUSTER_LAYOUT_FORMAT_VERSION 1

/* The namespaces of the logs of Muster 0.1 (see muster_layout_get_legacy_roll_log()). */
#define MUSTER_LEGACY_ROLL_LOG_NAMESPACE "https://github.com/muster/muster/ns/roll-log"
#define MUSTER_LEGACY_GAME_LOG_NAMESPACE "https://github.com/muster/muster/ns/game-log"
/* The rosters' namespace in Muster 0.1 (see muster-roster.h). */
#define MUSTER_LEGACY_ROSTER_NAMESPACE "https://github.com/muster/muster/ns/roster"

/* The namespace of the game log (see muster_layout_get_game_steps()). */
#define MUSTER_GAME_LOG_NAMESPACE "urn:muster:game-log"
/* The version of the game log this Muster writes and replays. */
#define MUSTER_GAME_LOG_VERSION 1

/* The owner of pieces that belong to no player (scenery, objectives). */
#define MUSTER_OWNER_NEUTRAL "neutral"

/* Largest length a layout accepts anywhere (coordinates, sizes): 1 km. */
#define MUSTER_LAYOUT_MAX_LENGTH_MM 1e6

/* Most points a terrain outline may have (checking that an outline does
 * not cross itself takes time in the square of this). */
#define MUSTER_LAYOUT_MAX_TERRAIN_POINTS 256

/* Most elements directly inside any one element but the root (see
 * below) and most attributes on one; and most elements in the whole file.
 * libxml2's RELAX NG validation takes time in the square of the number of
 * siblings. */
#define MUSTER_LAYOUT_MAX_CHILDREN 5000
#define MUSTER_LAYOUT_MAX_ELEMENTS 50000

/* Most elements directly inside <muster-layout>: the pieces, players,
 * terrain and extensions of a layout together. The schema check of the
 * root's children takes time linear in their number (they are checked a
 * batch at a time), so a mega-battle of 5,000 bases and more fits; a
 * piece with its base is two elements of MUSTER_LAYOUT_MAX_ELEMENTS. */
#define MUSTER_LAYOUT_MAX_ROOT_CHILDREN 15000

/* The previous versions of a file that muster_layout_save() keeps (see
 * muster_layout_get_backup_file()). */
#define MUSTER_LAYOUT_BACKUPS 5

typedef enum
{
  MUSTER_LAYOUT_ERROR_PARSE,      /* not well-formed, too big, too deep */
  MUSTER_LAYOUT_ERROR_SCHEMA,     /* fails data/muster-layout.rng */
  MUSTER_LAYOUT_ERROR_INVALID,    /* a bad value: NaN, negative size, duplicate id, ... */
  MUSTER_LAYOUT_ERROR_VERSION,    /* written by a newer Muster */
} MusterLayoutError;

struct _MusterPlayer
{
  char *id;
  char *name;
  char *zone;          /* zone id of the deployment type, or NULL */
  char *role;          /* "attacker" / "defender" or NULL */
  char *short_edge;    /* "west" / "east" or NULL */
  char *color;         /* "#rrggbb", or NULL for the colour of its place */

  /*< private >*/
  GPtrArray *extensions;  /* serialised foreign elements, kept on save */
  GPtrArray *ext_attrs;   /* foreign attributes as name, value pairs */
};

/* The fields a validation reads come first, together: a big table's
 * validation is bound by memory, and this way they take two cache lines
 * of a piece rather than three. */
struct _MusterPiece
{
  guint            serial;      /* stable handle within one layout, never 0 */
  MusterPieceKind  kind;
  double           x;           /* centre, mm */
  double           y;
  double           rotation;    /* degrees clockwise */
  MusterBase       base;
  const char      *owner;       /* a player id, or "neutral"; interned
                                 * (g_intern_string()): a layout has a few
                                 * owners, shared by thousands of pieces */
  guint            turn;        /* deployment turn, 1-based; 0 when unknown */
  gboolean         prone;
  char           **categories;  /* "character", "war-machine", ... or NULL */
  char            *id;
  char            *name;        /* for people, or NULL */
  char           **skills;      /* "infiltration", ... or NULL */
  gboolean         lieutenant;

  /*< private >*/
  GPtrArray       *extensions;  /* serialised foreign elements, kept on save */
  GPtrArray       *ext_attrs;   /* foreign attributes as name, value pairs;
                                 * names are "{namespace-uri}local-name" */
};

struct _MusterTerrain
{
  guint              serial;
  char              *id;
  char              *name;
  MusterTerrainKind  kind;
  gboolean           blocks_lof;  /* buildings always block */
  MusterPoint       *points;      /* mm */
  guint              n_points;

  /*< private >*/
  GPtrArray         *extensions;  /* as in MusterPiece */
  GPtrArray         *ext_attrs;
};

G_DECLARE_FINAL_TYPE (MusterLayout, muster_layout, MUSTER, LAYOUT, GObject)

GQuark               muster_layout_error_quark     (void);

const char          *muster_piece_kind_to_string   (MusterPieceKind     kind);
gboolean             muster_piece_kind_from_string (const char         *text,
                                                    MusterPieceKind    *kind);
const char          *muster_terrain_kind_to_string (MusterTerrainKind   kind);
gboolean             muster_terrain_kind_from_string (const char       *text,
                                                    MusterTerrainKind  *kind);

MusterPiece         *muster_piece_new              (const char         *id,
                                                    MusterPieceKind     kind,
                                                    const char         *owner,
                                                    const MusterBase   *base,
                                                    double              x,
                                                    double              y);
MusterPiece         *muster_piece_copy             (const MusterPiece  *piece);
void                 muster_piece_free             (MusterPiece        *piece);
gboolean             muster_piece_has_category     (const MusterPiece  *piece,
                                                    const char         *category);
gboolean             muster_piece_has_skill        (const MusterPiece  *piece,
                                                    const char         *skill);
gboolean             muster_piece_is_deployable    (const MusterPiece  *piece);
void                 muster_piece_get_outline      (const MusterPiece  *piece,
                                                    MusterOutline      *outline);
gboolean             muster_piece_get_reach_box    (const MusterPiece  *piece,
                                                    MusterBox          *box);
MusterTerrain       *muster_terrain_new            (const char         *id,
                                                    MusterTerrainKind   kind,
                                                    const MusterPoint  *points,
                                                    guint               n_points);
MusterTerrain       *muster_terrain_copy           (const MusterTerrain *terrain);
void                 muster_terrain_free           (MusterTerrain      *terrain);

/* A new layout: system, deployment, board (mm) and two players "red"
 * (south) and "blue" (north). */
MusterLayout        *muster_layout_new             (const char         *system_id,
                                                    const char         *deployment_id,
                                                    double              width,
                                                    double              height);
/* Parses, schema-checks and checks every value. Errors are in
 * MUSTER_LAYOUT_ERROR and read "FILENAME:LINE: what is wrong" (LINE is
 * where the offending element's start tag ends). Lengths are read in mm;
 * extension elements and attributes (in a namespace of their own) are
 * kept and written back by muster_layout_to_bytes(). new_from_file() adds
 * G_IO_ERROR when the file cannot be read. */
MusterLayout        *muster_layout_new_from_bytes  (GBytes             *bytes,
                                                    const char         *filename,
                                                    GError            **error);
MusterLayout        *muster_layout_new_from_file   (GFile              *file,
                                                    GError            **error);
GBytes              *muster_layout_to_bytes        (MusterLayout       *self);
/* Atomic: a temporary file renamed over the old one, which is kept as a
 * backup first (muster_layout_get_backup_file()), unless it is one of
 * Muster's own (a draft, the autosave). On failure the old file is
 * untouched. The output is read
 * back before anything is written: a layout that would not load again
 * (say, a piece whose owner is no player) is refused with the reason, in
 * MUSTER_LAYOUT_ERROR. I/O errors are G_IO_ERROR; every message names the
 * file. Bare lengths are written in the layout's units, or in mm where
 * that is shorter and exact, so load → save → load gives the same
 * doubles. */
gboolean             muster_layout_save            (MusterLayout       *self,
                                                    GFile              *file,
                                                    GError            **error);
/* Where muster_layout_save() keeps the previous versions of file, the
 * newest (version 0) first: in $XDG_DATA_HOME/muster/backups
 * (~/.local/share/muster/backups; in the Flatpak,
 * ~/.var/app/io.github.muster.Muster/data/muster/backups), named after
 * the file and a hash of its path, so that two files of one name in two
 * folders do not meet: "layout.muster" → "layout-1a2b3c4d.muster", then
 * "layout-1a2b3c4d.1.muster" and so on. NULL for a file with no path. */
GFile               *muster_layout_get_backup_file (GFile              *file,
                                                    guint               version);

const char          *muster_layout_get_system_id   (MusterLayout       *self);
const char          *muster_layout_get_deployment_id (MusterLayout     *self);
void                 muster_layout_set_game        (MusterLayout       *self,
                                                    const char         *system_id,
                                                    const char         *deployment_id);
/* Deployment options (name → value text); never NULL. set_option with a
 * NULL value removes the option. Options are saved in the order they were
 * first set. */
GHashTable          *muster_layout_get_options     (MusterLayout       *self);
void                 muster_layout_set_option      (MusterLayout       *self,
                                                    const char         *name,
                                                    const char         *value);
MusterUnit           muster_layout_get_units       (MusterLayout       *self);
double               muster_layout_get_width       (MusterLayout       *self);
double               muster_layout_get_height      (MusterLayout       *self);
void                 muster_layout_set_board       (MusterLayout       *self,
                                                    double              width,
                                                    double              height);

GPtrArray           *muster_layout_get_players     (MusterLayout       *self);
MusterPlayer        *muster_layout_lookup_player   (MusterLayout       *self,
                                                    const char         *player_id);
/* Emits "changed". */
void                 muster_layout_update_player   (MusterLayout       *self,
                                                    const char         *player_id,
                                                    const char         *zone,
                                                    const char         *role,
                                                    const char         *short_edge);

/* color: "#rrggbb" (any case; kept in lower case), or NULL for the colour
 * of the player's place. Emits "changed". */
void                 muster_layout_set_player_color (MusterLayout      *self,
                                                     const char        *player_id,
                                                     const char        *color);
/* TRUE if text is a colour as <player color=""> takes it: "#" and six
 * hexadecimal digits. */
gboolean             muster_color_is_valid         (const char         *text);

/* Pieces in file order. */
GPtrArray           *muster_layout_get_pieces      (MusterLayout       *self);
MusterPiece         *muster_layout_lookup_piece    (MusterLayout       *self,
                                                    const char         *piece_id);
MusterPiece         *muster_layout_lookup_serial   (MusterLayout       *self,
                                                    guint               serial);
void                 muster_layout_find_pieces     (MusterLayout       *self,
                                                    const MusterBox    *box,
                                                    GPtrArray          *found);
void                 muster_serials_sort           (guint              *serials,
                                                    gsize               n_serials);
/* Takes ownership; assigns the serial; emits "piece-added". Returns FALSE
 * (and frees nothing) when the id is already used. */
gboolean             muster_layout_add_piece       (MusterLayout       *self,
                                                    MusterPiece        *piece);
/* Emits "piece-removed" before the piece is freed (it is no longer in the
 * list of pieces then, so lookups do not find it). */
gboolean             muster_layout_remove_piece    (MusterLayout       *self,
                                                    const char         *piece_id);
/* Emits "piece-changed". */
void                 muster_layout_move_piece      (MusterLayout       *self,
                                                    MusterPiece        *piece,
                                                    double              x,
                                                    double              y,
                                                    double              rotation);
/* After changing other fields of a piece in place (its id included):
 * emits "piece-changed". */
void                 muster_layout_piece_changed   (MusterLayout       *self,
                                                    MusterPiece        *piece);

/* What may keep a piece as it is when a player would move, turn or remove
 * it (MusterEditor asks before each such edit): FALSE, with error set to
 * a sentence to show the player, when the piece must stay. A game in its
 * Deployment Phase keeps the troopers and units deployed where they were
 * deployed this way. The layout itself, the history and a game's own
 * steps change pieces without asking. */
typedef gboolean (*MusterPieceGuard)              (gpointer            user_data,
                                                   const MusterPiece  *piece,
                                                   GError            **error);

/* One guard at a time, or NULL for none; not saved. */
void                 muster_layout_set_piece_guard (MusterLayout       *self,
                                                    MusterPieceGuard    guard,
                                                    gpointer            user_data);
gpointer             muster_layout_get_piece_guard_data (MusterLayout  *self);
/* TRUE when the guard (if any) lets piece be edited. */
gboolean             muster_layout_check_piece_edit (MusterLayout      *self,
                                                     const MusterPiece *piece,
                                                     GError           **error);

GPtrArray           *muster_layout_get_terrain     (MusterLayout       *self);
/* Takes ownership; assigns the serial; emits "changed". The id must not be
 * in use by a piece or terrain (else the terrain is freed with a critical). */
void                 muster_layout_add_terrain     (MusterLayout       *self,
                                                    MusterTerrain      *terrain);

/* Additions. */

/* Writes bare lengths in this unit on save (no effect on the values). */
void                 muster_layout_set_units       (MusterLayout       *self,
                                                    MusterUnit          units);
/* Emits "changed". */
void                 muster_layout_set_player_name (MusterLayout       *self,
                                                    const char         *player_id,
                                                    const char         *name);
MusterTerrain       *muster_layout_lookup_terrain  (MusterLayout       *self,
                                                    const char         *terrain_id);
/* "Building", "Impassable", "Area, Open"… (translated, static). */
const char          *muster_terrain_get_kind_label (const MusterTerrain *terrain);
/* The box around the terrain's points; FALSE, and box untouched, when
 * it has none. */
gboolean             muster_terrain_get_bounds     (const MusterTerrain *terrain,
                                                    MusterBox           *box);
/* Emits "changed". */
gboolean             muster_layout_remove_terrain  (MusterLayout       *self,
                                                    const char         *terrain_id);
/* TRUE when a piece or terrain has this id (they share one id space). */
gboolean             muster_layout_has_id          (MusterLayout       *self,
                                                    const char         *id);
/* A fresh id: prefix followed by the smallest number not yet in use. */
char                *muster_layout_make_id         (MusterLayout       *self,
                                                    const char         *prefix);

/* The line of the file a layout was read from where its <game>, an
 * <option>, a <player> or its <g:game-log> (of any version) is, for
 * messages about what the game system makes of them ("FILE:LINE: no
 * zone ..."); 0 for a layout that was not read from a file, or for what
 * it did not hold. */
int                  muster_layout_get_game_line   (MusterLayout       *self);
int                  muster_layout_get_option_line (MusterLayout       *self,
                                                    const char         *name);
int                  muster_layout_get_player_line (MusterLayout       *self,
                                                    const char         *player_id);
int                  muster_layout_get_game_log_line (MusterLayout     *self);

/* The game as layouts saved by Muster 0.1 kept it, in two text extension
 * elements: the roll log (the lines of muster_dice_log_to_strv(), with
 * the seed that decides every die to come),
 *
 *   <rl:roll-log xmlns:rl="https://github.com/muster/muster/ns/roll-log">
 *   #muster-roll-log	1	000000000000002a
 *   1	d20	14	rolled	red	Initiative roll, attempt 1
 *   </rl:roll-log>
 *
 * and the Game page's actions, a header then one a line, its name and
 * its parameter as g_variant_print() wrote it:
 *
 *   <gl:game-log xmlns:gl="https://github.com/muster/muster/ns/game-log">
 *   #muster-game-log	1	0	infinity
 *   set-wip	(0, uint32 13, true)
 *   </gl:game-log>
 *
 * Read so that the game converts them into its steps (muster-game-legacy.c,
 * which then clears them), and written back only while it cannot. NULL
 * when the file had none. Setting them emits nothing. */
const char * const  *muster_layout_get_legacy_roll_log (MusterLayout       *self);
void                 muster_layout_set_legacy_roll_log (MusterLayout       *self,
                                                        const char * const *lines);
const char * const  *muster_layout_get_legacy_game_log (MusterLayout       *self);
void                 muster_layout_set_legacy_game_log (MusterLayout       *self,
                                                        const char * const *lines);

/* The game log: the steps of the game played on this layout (see
 * src/game/muster-game.h), and the game system it was played in. The
 * layout keeps them without knowing what they mean. Setting or appending
 * seals the steps and emits "game-log-changed", then "changed", so that
 * the history records it as it records the players and the terrain.
 * In the file, the <g:game-log> element that data/muster-layout.rng
 * documents, in the namespace MUSTER_GAME_LOG_NAMESPACE. */
const char          *muster_layout_get_game_log_system (MusterLayout  *self);
/* MusterLogStep, in order; never NULL. */
GPtrArray           *muster_layout_get_game_steps  (MusterLayout       *self);
/* Replaces the log; steps may be NULL (none). */
void                 muster_layout_set_game_log_steps (MusterLayout    *self,
                                                    const char         *system_id,
                                                    GPtrArray          *steps);
void                 muster_layout_append_game_step (MusterLayout      *self,
                                                    MusterLogStep      *step);
/* A game log of a version later than MUSTER_GAME_LOG_VERSION: kept as it
 * is (an extension), never replayed nor added to; 0 when there is none. */
guint                muster_layout_get_newer_game_log (MusterLayout    *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterPiece, muster_piece_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterTerrain, muster_terrain_free)

G_END_DECLS
