/* muster-layout-writer.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-layout"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "muster-atomic-file.h"
#include "muster-expr.h"
#include "muster-layout.h"
#include "muster-layout-private.h"
#include "muster-roster.h"


typedef struct
{
  GString    *out;
  MusterUnit  units;
  GPtrArray  *declare;          /* prefix, href pairs for the root */
  GHashTable *prefix_by_href;
} Writer;

static const char * const number_formats[] = {
  "%.1g", "%.2g", "%.3g", "%.4g", "%.5g", "%.6g", "%.7g", "%.8g", "%.9g",
  "%.10g", "%.11g", "%.12g", "%.13g", "%.14g", "%.15g", "%.16g", "%.17g",
};

void
_muster_layout_append_escaped (GString    *out,
                               const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        case '"':
          g_string_append (out, "&quot;");
          break;
        case '\t':
          g_string_append (out, "&#9;");
          break;
        case '\n':
          g_string_append (out, "&#10;");
          break;
        case '\r':
          g_string_append (out, "&#13;");
          break;
        default:
          /* What XML cannot hold at all, even as a reference (the other
           * control characters, U+FFFE and U+FFFF), is written as U+FFFD:
           * a name pasted with one in it must not make the whole layout
           * impossible to save, its drafts with it. */
          if ((guchar) *p < 0x20 ||
              ((guchar) p[0] == 0xef && (guchar) p[1] == 0xbf && ((guchar) p[2] & 0xfe) == 0xbe))
            {
              g_string_append (out, "\xef\xbf\xbd");
              if ((guchar) *p >= 0x20)
                p += 2;
            }
          else
            g_string_append_c (out, *p);
        }
    }
}

static void
write_attr (Writer     *w,
            const char *name,
            const char *value)
{
  if (value == NULL)
    return;

  g_string_append_printf (w->out, " %s=\"", name);
  _muster_layout_append_escaped (w->out, value);
  g_string_append_c (w->out, '"');
}

/* The shortest text in unit that reads back as exactly mm (the doc's
 * units without a suffix), or NULL when none is shorter than max_len. */
static char *
format_length_in (double      mm,
                  MusterUnit  doc_units,
                  MusterUnit  unit,
                  gboolean    allow_exponent,
                  gsize       max_len)
{
  const char *suffix = unit == doc_units ? "" : muster_unit_to_string (unit);
  double value = muster_unit_from_mm (unit, mm);

  for (guint i = 0; i < G_N_ELEMENTS (number_formats); i++)
    {
      char number[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *text = NULL;
      double back;

      g_ascii_formatd (number, sizeof number, number_formats[i], value);
      if (!allow_exponent && strpbrk (number, "eE") != NULL)
        continue;

      text = g_strconcat (number, suffix, NULL);
      if (strlen (text) >= max_len)
        break;

      if (muster_length_parse (text, doc_units, &back, NULL) && back == mm)
        return g_steal_pointer (&text);
    }

  return NULL;
}

/* Lengths are written in the document's units when that reads back
 * exactly, else in millimetres if that is shorter ("25mm" rather than
 * "0.984251968503937" in a document in inches), so that saving never
 * moves anything and base sizes stay as people write them. A length
 * the editor computed lands on a short decimal where it is made
 * (muster_editor_snap_length_if_near()): rounding here would move it. */
static char *
format_length (MusterUnit doc_units,
               double     mm)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (mm == 0)
    mm = 0.0;

  for (guint pass = 0; pass < 2; pass++)
    {
      char *best = format_length_in (mm, doc_units, doc_units, pass == 1, G_MAXSIZE);

      if (doc_units != MUSTER_UNIT_MM)
        {
          char *text = format_length_in (mm, doc_units, MUSTER_UNIT_MM, pass == 1,
                                         best != NULL ? strlen (best) : G_MAXSIZE);

          if (text != NULL)
            {
              g_free (best);
              best = text;
            }
        }

      if (best != NULL)
        return best;
    }

  /* Millimetres at full precision always read back. */
  g_ascii_dtostr (number, sizeof number, mm);

  return g_strconcat (number, doc_units == MUSTER_UNIT_MM ? "" : "mm", NULL);
}

static char *
format_number (double value)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (value == 0)
    value = 0.0;

  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (number_formats); i++)
        {
          g_ascii_formatd (number, sizeof number, number_formats[i], value);
          if (pass == 0 && strpbrk (number, "eE") != NULL)
            continue;

          if (g_ascii_strtod (number, NULL) == value)
            return g_strdup (number);
        }
    }

  g_ascii_dtostr (number, sizeof number, value);

  return g_strdup (number);
}

static void
write_length (Writer     *w,
              const char *name,
              double      mm)
{
  g_autofree char *text = format_length (w->units, mm);

  write_attr (w, name, text);
}

/* Splits "{href}local"; FALSE if name is not of that form. */
static gboolean
split_clark (const char  *name,
             char       **href,
             const char **local)
{
  const char *close;

  if (name == NULL || name[0] != '{')
    return FALSE;

  close = strchr (name, '}');
  if (close == NULL || close == name + 1 || close[1] == '\0' || strchr (close + 1, ':') != NULL)
    return FALSE;

  *href = g_strndup (name + 1, close - name - 1);
  *local = close + 1;

  return TRUE;
}

/* The prefix of href, declared on the root: the file's own, else
 * preferred, else preferred with a number. Owned by the writer. */
static const char *
plan_prefix (Writer     *w,
             const char *href,
             const char *preferred)
{
  const char *prefix = g_hash_table_lookup (w->prefix_by_href, href);

  for (guint n = 0; prefix == NULL; n++)
    {
      g_autofree char *candidate = n == 0 ? g_strdup (preferred) : g_strdup_printf ("%s%u", preferred, n);
      gboolean used = FALSE;

      for (guint j = 0; j < w->declare->len && !used; j += 2)
        used = strcmp (g_ptr_array_index (w->declare, j), candidate) == 0;
      if (used)
        continue;

      g_ptr_array_add (w->declare, g_strdup (candidate));
      g_ptr_array_add (w->declare, g_strdup (href));
      g_hash_table_insert (w->prefix_by_href, g_strdup (href), g_strdup (candidate));
      prefix = g_hash_table_lookup (w->prefix_by_href, href);
    }

  return prefix;
}

static void
plan_namespaces (Writer    *w,
                 GPtrArray *ext_attrs)
{
  for (guint i = 0; ext_attrs != NULL && i + 1 < ext_attrs->len; i += 2)
    {
      g_autofree char *href = NULL;
      const char *local;

      if (!split_clark (g_ptr_array_index (ext_attrs, i), &href, &local) ||
          strcmp (href, MUSTER_LAYOUT_XML_NAMESPACE) == 0 ||
          g_hash_table_contains (w->prefix_by_href, href))
        continue;

      /* Not declared in the file it came from: make up a prefix. */
      for (guint n = 1; ; n++)
        {
          g_autofree char *prefix = g_strdup_printf ("ext%u", n);
          gboolean used = FALSE;

          for (guint j = 0; j < w->declare->len && !used; j += 2)
            used = strcmp (g_ptr_array_index (w->declare, j), prefix) == 0;

          if (!used)
            {
              g_ptr_array_add (w->declare, g_strdup (prefix));
              g_ptr_array_add (w->declare, g_strdup (href));
              g_hash_table_insert (w->prefix_by_href, g_steal_pointer (&href), g_steal_pointer (&prefix));
              break;
            }
        }
    }
}

static void
write_ext_attrs (Writer    *w,
                 GPtrArray *ext_attrs)
{
  for (guint i = 0; ext_attrs != NULL && i + 1 < ext_attrs->len; i += 2)
    {
      g_autofree char *href = NULL;
      g_autofree char *qname = NULL;
      const char *prefix;
      const char *local;

      if (!split_clark (g_ptr_array_index (ext_attrs, i), &href, &local))
        {
          g_warning ("Dropping the extension attribute “%s”: not “{namespace}name”",
                     (const char *) g_ptr_array_index (ext_attrs, i));
          continue;
        }

      if (strcmp (href, MUSTER_LAYOUT_XML_NAMESPACE) == 0)
        prefix = "xml";
      else
        prefix = g_hash_table_lookup (w->prefix_by_href, href);

      g_assert (prefix != NULL);

      qname = g_strconcat (prefix, ":", local, NULL);
      write_attr (w, qname, g_ptr_array_index (ext_attrs, i + 1));
    }
}

/* An extension element carries the declarations of the namespaces it
 * uses (it was kept as text). Muster's own (the rosters'), which the root
 * declares with the same prefix, are left out: declared once. Others'
 * extensions are written back as they came. */
static void
write_extension (Writer     *w,
                 const char *text,
                 guint       depth)
{
  const char *tag_end = strchr (text, '>');
  GString *out = w->out;

  g_string_append_printf (out, "%*s", depth * 2, "");
  for (guint i = 0; tag_end != NULL && i + 1 < w->declare->len; i += 2)
    {
      g_autofree char *declaration = NULL;
      const char *found;

      if (strcmp (g_ptr_array_index (w->declare, i + 1), MUSTER_ROSTER_NAMESPACE) != 0)
        continue;

      declaration = g_strdup_printf (" xmlns:%s=\"%s\"", (const char *) g_ptr_array_index (w->declare, i),
                                     MUSTER_ROSTER_NAMESPACE);
      found = g_strstr_len (text, tag_end - text, declaration);

      if (found == NULL)
        continue;

      g_string_append_len (out, text, found - text);
      text = found + strlen (declaration);
      /* Once: the root declares each prefix once. */
      tag_end = strchr (text, '>');
    }
  g_string_append (out, text);
  g_string_append_c (out, '\n');
}

static void
write_extensions (Writer    *w,
                  GPtrArray *extensions,
                  guint      depth)
{
  for (guint i = 0; extensions != NULL && i < extensions->len; i++)
    write_extension (w, g_ptr_array_index (extensions, i), depth);
}

/* Whether a player keeps a roster: then its namespace is declared on the
 * root, once, with the prefix Muster gives it. */
static gboolean
has_roster (MusterLayout *self)
{
  for (guint i = 0; i < self->players->len; i++)
    {
      GPtrArray *extensions = ((MusterPlayer *) g_ptr_array_index (self->players, i))->extensions;

      for (guint j = 0; extensions != NULL && j < extensions->len; j++)
        if (strstr (g_ptr_array_index (extensions, j), "\"" MUSTER_ROSTER_NAMESPACE "\"") != NULL)
          return TRUE;
    }

  return FALSE;
}

/* A log of Muster's own (see is_log() in muster-layout-reader.c):
 * qname declares its prefix. */
static void
write_log (Writer     *w,
           const char *qname,
           const char *href,
           char      **lines)
{
  const char *colon = strchr (qname, ':');

  g_assert (colon != NULL);

  if (lines == NULL)
    return;

  g_string_append_printf (w->out, "  <%s xmlns:%.*s=\"%s\">\n", qname, (int) (colon - qname), qname, href);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      _muster_layout_append_escaped (w->out, lines[i]);
      g_string_append_c (w->out, '\n');
    }
  g_string_append_printf (w->out, "  </%s>\n", qname);
}

static gboolean
has_items (GPtrArray *array)
{
  return array != NULL && array->len > 0;
}

static void
write_list (Writer      *w,
            const char  *name,
            char       **list)
{
  g_autofree char *text = NULL;

  if (list == NULL || list[0] == NULL)
    return;

  text = g_strjoinv (" ", list);
  write_attr (w, name, text);
}

static void
write_piece (Writer      *w,
             MusterPiece *piece)
{
  g_string_append (w->out, "  <piece");
  write_attr (w, "id", piece->id);
  write_attr (w, "kind", muster_piece_kind_to_string (piece->kind));
  write_attr (w, "owner", piece->owner != NULL ? piece->owner : MUSTER_OWNER_NEUTRAL);
  write_length (w, "x", piece->x);
  write_length (w, "y", piece->y);
  if (piece->rotation != 0)
    {
      g_autofree char *rotation = format_number (piece->rotation);

      write_attr (w, "rotation", rotation);
    }
  if (piece->turn > 0)
    {
      g_autofree char *turn = g_strdup_printf ("%u", piece->turn);

      write_attr (w, "turn", turn);
    }
  write_list (w, "category", piece->categories);
  if (piece->prone)
    write_attr (w, "prone", "true");
  if (piece->lieutenant)
    write_attr (w, "lieutenant", "true");
  write_list (w, "skills", piece->skills);
  write_attr (w, "name", piece->name);
  write_ext_attrs (w, piece->ext_attrs);
  g_string_append (w->out, ">\n");

  g_string_append (w->out, "    <base");
  switch (piece->base.shape)
    {
    case MUSTER_BASE_ROUND:
      write_attr (w, "shape", "round");
      write_length (w, "diameter", piece->base.width);
      break;

    case MUSTER_BASE_OVAL:
    case MUSTER_BASE_RECT:
      write_attr (w, "shape", _muster_base_shapes[piece->base.shape]);
      write_length (w, "width", piece->base.width);
      write_length (w, "depth", piece->base.depth);
      break;

    default:
      /* Refused when the output is read back. */
      write_attr (w, "shape", "?");
      break;
    }
  g_string_append (w->out, "/>\n");

  write_extensions (w, piece->extensions, 2);
  g_string_append (w->out, "  </piece>\n");
}

static void
write_terrain (Writer        *w,
               MusterTerrain *terrain)
{
  g_autoptr(GString) points = g_string_new (NULL);

  for (guint i = 0; i < terrain->n_points; i++)
    {
      g_autofree char *x = format_length (w->units, terrain->points[i].x);
      g_autofree char *y = format_length (w->units, terrain->points[i].y);

      g_string_append_printf (points, "%s%s,%s", i > 0 ? " " : "", x, y);
    }

  g_string_append (w->out, "  <terrain");
  write_attr (w, "id", terrain->id);
  write_attr (w, "kind", muster_terrain_kind_to_string (terrain->kind));
  write_attr (w, "points", points->str);
  if (terrain->blocks_lof)
    write_attr (w, "blocks-lof", "true");
  write_attr (w, "name", terrain->name);
  write_ext_attrs (w, terrain->ext_attrs);

  if (has_items (terrain->extensions))
    {
      g_string_append (w->out, ">\n");
      write_extensions (w, terrain->extensions, 2);
      g_string_append (w->out, "  </terrain>\n");
    }
  else
    g_string_append (w->out, "/>\n");
}

static void
write_player (Writer       *w,
              MusterPlayer *player)
{
  g_string_append (w->out, "  <player");
  write_attr (w, "id", player->id);
  write_attr (w, "name", player->name);
  write_attr (w, "zone", player->zone);
  write_attr (w, "role", player->role);
  write_attr (w, "short-edge", player->short_edge);
  write_attr (w, "color", player->color);
  write_ext_attrs (w, player->ext_attrs);

  if (has_items (player->extensions))
    {
      g_string_append (w->out, ">\n");
      write_extensions (w, player->extensions, 2);
      g_string_append (w->out, "  </player>\n");
    }
  else
    g_string_append (w->out, "/>\n");
}

GBytes *
muster_layout_to_bytes (MusterLayout *self)
{
  g_autoptr(GHashTable) prefix_by_href = NULL;
  g_autoptr(GPtrArray) declare = NULL;
  const char *game_log_prefix = NULL;
  Writer w;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), NULL);

  prefix_by_href = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  declare = _muster_layout_copy_strings (self->namespaces);
  for (guint i = 0; i + 1 < declare->len; i += 2)
    {
      if (!g_hash_table_contains (prefix_by_href, g_ptr_array_index (declare, i + 1)))
        g_hash_table_insert (prefix_by_href,
                             g_strdup (g_ptr_array_index (declare, i + 1)),
                             g_strdup (g_ptr_array_index (declare, i)));
    }

  w.out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  w.units = self->units;
  w.declare = declare;
  w.prefix_by_href = prefix_by_href;

  if (has_roster (self))
    plan_prefix (&w, MUSTER_ROSTER_NAMESPACE, "mr");
  plan_namespaces (&w, self->ext_attrs);
  plan_namespaces (&w, self->game_ext_attrs);
  plan_namespaces (&w, self->board_ext_attrs);
  for (guint i = 0; i < self->players->len; i++)
    plan_namespaces (&w, ((MusterPlayer *) g_ptr_array_index (self->players, i))->ext_attrs);
  for (guint i = 0; i < self->pieces->len; i++)
    plan_namespaces (&w, ((MusterPiece *) g_ptr_array_index (self->pieces, i))->ext_attrs);
  for (guint i = 0; i < self->terrain->len; i++)
    plan_namespaces (&w, ((MusterTerrain *) g_ptr_array_index (self->terrain, i))->ext_attrs);

  if (self->game_steps->len > 0)
    game_log_prefix = plan_prefix (&w, MUSTER_GAME_LOG_NAMESPACE, "g");

  g_string_append_printf (w.out, "<muster-layout version=\"%d\"", MUSTER_LAYOUT_FORMAT_VERSION);
  write_attr (&w, "units", muster_unit_to_string (self->units));
  for (guint i = 0; i + 1 < declare->len; i += 2)
    {
      g_autofree char *xmlns = g_strconcat ("xmlns:", (const char *) g_ptr_array_index (declare, i), NULL);

      write_attr (&w, xmlns, g_ptr_array_index (declare, i + 1));
    }
  write_ext_attrs (&w, self->ext_attrs);
  g_string_append (w.out, ">\n");

  g_string_append (w.out, "  <game");
  write_attr (&w, "system", self->system_id);
  write_attr (&w, "deployment", self->deployment_id);
  write_ext_attrs (&w, self->game_ext_attrs);
  if (self->option_names->len > 0 || has_items (self->game_extensions))
    {
      g_string_append (w.out, ">\n");
      for (guint i = 0; i < self->option_names->len; i++)
        {
          const char *name = g_ptr_array_index (self->option_names, i);

          g_string_append (w.out, "    <option");
          write_attr (&w, "name", name);
          write_attr (&w, "value", g_hash_table_lookup (self->options, name));
          g_string_append (w.out, "/>\n");
        }
      write_extensions (&w, self->game_extensions, 2);
      g_string_append (w.out, "  </game>\n");
    }
  else
    g_string_append (w.out, "/>\n");

  g_string_append (w.out, "  <board");
  write_length (&w, "width", self->width);
  write_length (&w, "height", self->height);
  write_ext_attrs (&w, self->board_ext_attrs);
  g_string_append (w.out, "/>\n");

  for (guint i = 0; i < self->players->len; i++)
    write_player (&w, g_ptr_array_index (self->players, i));

  for (guint i = 0; i < self->pieces->len; i++)
    write_piece (&w, g_ptr_array_index (self->pieces, i));

  for (guint i = 0; i < self->terrain->len; i++)
    write_terrain (&w, g_ptr_array_index (self->terrain, i));

  if (game_log_prefix != NULL)
    _muster_layout_write_game_log (self, w.out, game_log_prefix);
  write_log (&w, "rl:roll-log", MUSTER_LEGACY_ROLL_LOG_NAMESPACE, self->roll_log);
  write_log (&w, "gl:game-log", MUSTER_LEGACY_GAME_LOG_NAMESPACE, self->game_log);

  write_extensions (&w, self->extensions, 1);
  g_string_append (w.out, "</muster-layout>\n");

  return g_string_free_to_bytes (w.out);
}

/* Backups */

/* The longest name of a file that a backup's name keeps whole: with the
 * hash and the version added, it stays well within 255 bytes. */
#define MAX_KEPT_NAME 200

static char *
backups_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "muster", "backups", NULL);
}

GFile *
muster_layout_get_backup_file (GFile *file,
                               guint  version)
{
  g_autofree char *path = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;
  const char *dot;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (version < MUSTER_LAYOUT_BACKUPS, NULL);

  path = g_file_get_path (file);
  if (path == NULL)
    return NULL;

  /* "layout.muster" → "layout-1a2b3c4d.muster", "layout-1a2b3c4d.1.muster"... */
  basename = g_path_get_basename (path);
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, path, -1);
  dot = strrchr (basename, '.');
  if (dot == NULL || dot == basename)
    dot = basename + strlen (basename);
  stem = g_strndup (basename, dot - basename);
  /* Most file systems allow names of 255 bytes at most: a long one gives
   * up the end of its stem (and an extension too long to be one). */
  if (strlen (basename) > MAX_KEPT_NAME)
    {
      g_autofree char *cut = NULL;

      if (strlen (dot) > MAX_KEPT_NAME / 4)
        {
          g_free (stem);
          stem = g_strdup (basename);
          dot = "";
        }
      cut = muster_atomic_file_shorten (stem, MAX_KEPT_NAME - strlen (dot));
      g_free (stem);
      stem = g_steal_pointer (&cut);
    }
  if (version == 0)
    name = g_strdup_printf ("%s-%.8s%s", stem, hash, dot);
  else
    name = g_strdup_printf ("%s-%.8s.%u%s", stem, hash, version, dot);
  dir = backups_dir ();

  return g_file_new_build_filename (dir, name, NULL);
}

/* Muster's own files (the drafts, the autosave, the backups) are not the
 * player's: no previous version of them is kept. */
static gboolean
is_musters_own (const char *path)
{
  const char *bases[] = { g_get_user_data_dir (), g_get_user_state_dir () };

  for (guint i = 0; i < G_N_ELEMENTS (bases); i++)
    {
      g_autofree char *dir = g_build_filename (bases[i], "muster", NULL);
      gsize len = strlen (dir);

      if (strncmp (path, dir, len) == 0 && path[len] == G_DIR_SEPARATOR)
        return TRUE;
    }

  return FALSE;
}

/* Keeps the file at path, about to be replaced, as the newest backup
 * (muster_layout_get_backup_file()), the older ones each moved one
 * version down and the oldest dropped. In the application's own data
 * rather than beside the file: through the Flatpak document portal a
 * program may replace the file it was given, but any other file it
 * writes beside it stays private to the sandbox. */
static gboolean
keep_previous_version (GFile       *file,
                       const char  *path,
                       GError     **error)
{
  g_autofree char *dir = backups_dir ();
  g_autoptr(GFile) newest = NULL;
  g_autoptr(GFile) old = NULL;
  g_autofree char *newest_path = NULL;
  g_autoptr(GError) local_error = NULL;
  int saved_errno;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("the previous version could not be kept in %s: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  for (guint version = MUSTER_LAYOUT_BACKUPS - 1; version > 0; version--)
    {
      g_autoptr(GFile) older = muster_layout_get_backup_file (file, version);
      g_autoptr(GFile) newer = muster_layout_get_backup_file (file, version - 1);
      g_autofree char *older_path = g_file_get_path (older);
      g_autofree char *newer_path = g_file_get_path (newer);

      if (g_rename (newer_path, older_path) != 0 && errno != ENOENT)
        g_debug ("%s: %s", newer_path, g_strerror (errno));
    }

  /* A second name for the old file where the file system allows it (its
   * data stays where it is), else a copy. */
  newest = muster_layout_get_backup_file (file, 0);
  newest_path = g_file_get_path (newest);
  if (link (path, newest_path) == 0)
    return TRUE;

  old = g_file_new_for_path (path);
  if (!g_file_copy (old, newest, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("the previous version could not be kept in %s: %s"), dir, local_error->message);
      return FALSE;
    }

  return TRUE;
}

/* Writing */

typedef struct
{
  GFile    *file;
  gboolean  keep;
} Replacing;

/* The old file is kept as a backup (keep_previous_version()) once the new
 * content is on the disk, just before it takes the file's place: a save
 * that fails leaves the backups as they were. */
static gboolean
before_replace (const char  *path,
                gpointer     user_data,
                GError     **error)
{
  Replacing *replacing = user_data;

  if (!replacing->keep)
    return TRUE;

  return keep_previous_version (replacing->file, path, error);
}

static gboolean
write_atomically (GFile       *file,
                  const char  *data,
                  gsize        size,
                  GError     **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *target = NULL;
  g_autoptr(GError) local_error = NULL;
  Replacing replacing = { file, FALSE };

  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("only files on this computer can be saved"));
      return FALSE;
    }

  target = muster_atomic_file_resolve (path);
  replacing.keep = g_file_test (target, G_FILE_TEST_EXISTS) && !is_musters_own (target);

  if (muster_atomic_file_write (path, data, size, before_replace, &replacing, &local_error))
    return TRUE;

  /* A file its owner made read-only is left as it was (the atomic
   * write will not replace it): the player is told what to do. */
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_READ_ONLY))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY,
                         _("the file is read-only; save it under another name"));
  else
    g_propagate_error (error, g_steal_pointer (&local_error));

  return FALSE;
}

gboolean
muster_layout_save (MusterLayout  *self,
                    GFile         *file,
                    GError       **error)
{
  g_autoptr(MusterLayout) check = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  const char *data;
  gsize size;

  g_return_val_if_fail (MUSTER_IS_LAYOUT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = g_file_get_parse_name (file);
  bytes = muster_layout_to_bytes (self);

  /* Never write what could not be read back. */
  check = muster_layout_new_from_bytes (bytes, name, &local_error);
  if (check == NULL)
    {
      g_set_error (error, MUSTER_LAYOUT_ERROR, local_error->code,
                   _("%s was not saved: the layout would not read back (%s)"),
                   name, local_error->message);
      return FALSE;
    }

  data = g_bytes_get_data (bytes, &size);
  if (!write_atomically (file, data, size, error))
    {
      _muster_layout_name_file_in_error (error, name);
      return FALSE;
    }

  return TRUE;
}

