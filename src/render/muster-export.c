/* muster-export.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-export"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "muster-atomic-file.h"
#include "muster-choices.h"
#include "muster-export.h"
#include "muster-render.h"
#include "muster-settings.h"
#include "muster-sheets.h"

G_DEFINE_QUARK (muster-export-error-quark, muster_export_error)

/* A PNG is the page a PDF would be, at 150 pixels an inch. */
#define PNG_PX_PER_PT (150.0 / 72.0)

typedef enum { FORMAT_PDF, FORMAT_SVG, FORMAT_PNG } Format;

typedef struct
{
  MusterLayout    *layout;
  MusterSystem    *system;
  MusterValidator *validator;   /* marks illegal pieces of a layout */
  gboolean         generic;     /* a bare diagram of a deployment type */
} Page;

static void
page_clear (gpointer data)
{
  Page *page = data;

  g_clear_object (&page->validator);
  g_clear_object (&page->layout);
}

static gboolean
parse_format (const char  *path,
              Format      *format,
              GError     **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".pdf"))
    *format = FORMAT_PDF;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = FORMAT_SVG;
  else if (g_str_has_suffix (lower, ".png"))
    *format = FORMAT_PNG;
  else
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_FORMAT,
                   _("%s: unknown format; the name must end in .pdf, .svg or .png"), path);
      return FALSE;
    }

  return TRUE;
}

MusterLayout *
muster_export_bare_layout (MusterSystem           *system,
                           const MusterDeployment *deployment)
{
  const MusterBoardPreset *board;
  MusterLayout *layout;
  GPtrArray *players;
  const char *taken = NULL;
  double width, height;

  g_return_val_if_fail (MUSTER_IS_SYSTEM (system), NULL);
  g_return_val_if_fail (deployment != NULL, NULL);

  board = muster_system_get_default_board (system);
  width = board != NULL ? board->width : 72 * 25.4;
  height = board != NULL ? board->height : 48 * 25.4;
  layout = muster_layout_new (muster_system_get_id (system), deployment->id, width, height);
  players = muster_layout_get_players (layout);

  /* Give the two players the places the window gives them, so that a
   * bare diagram of a diagonal type shows its diagonal zones. */
  for (guint i = 0; i < players->len && i < 2; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      MusterPlace place;

      muster_system_get_default_place (system, deployment, NULL, width, height, i,
                                       NULL, taken, &place);
      muster_layout_update_player (layout, player->id, place.zone, place.role, place.short_edge);
      taken = place.zone;
    }

  return layout;
}

/* The window's layout, as it is in memory, and its verdicts. */
static void
collect_validator_page (const MusterExportOptions *options,
                        GArray                    *pages)
{
  Page page = { 0 };

  page.validator = g_object_ref (options->validator);
  page.layout = g_object_ref (muster_validator_get_layout (options->validator));
  page.system = muster_validator_get_system (options->validator);
  g_array_append_val (pages, page);
}

/* As --validate reads a layout: what the game system makes of it is
 * checked first, and refused with the line of the element at fault. */
static gboolean
collect_layout_page (const MusterExportOptions  *options,
                     GArray                     *pages,
                     GError                    **error)
{
  MusterSystemRegistry *registry = muster_system_registry_get_default ();
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (options->input);
  g_autofree char *name = g_file_get_parse_name (file);
  g_autoptr(MusterLayout) layout = NULL;
  g_autoptr(GError) local_error = NULL;
  MusterSystem *system;
  Page page = { 0 };
  int line = 0;

  layout = muster_layout_new_from_file (file, error);
  if (layout == NULL)
    return FALSE;

  system = muster_system_registry_lookup (registry, muster_layout_get_system_id (layout));
  if (system == NULL)
    {
      g_set_error (&local_error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("Unknown game system “%s” (see muster --list-systems)"),
                   muster_layout_get_system_id (layout));
      line = muster_layout_get_game_line (layout);
    }
  else if (muster_choices_check_game (layout, system, &line, &local_error))
    {
      page.validator = muster_validator_new (layout, system, &local_error);
      if (page.validator == NULL)
        line = muster_layout_get_game_line (layout);
      else
        muster_validator_set_tolerance (page.validator, muster_settings_get_contact_tolerance ());
    }

  if (local_error != NULL)
    {
      /* "NAME:LINE: ", as --validate says it; the line of the whole
       * layout when there is no better one. */
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   "%s:%d: %s", name, MAX (line, 1), local_error->message);
      return FALSE;
    }

  page.layout = g_steal_pointer (&layout);
  page.system = system;
  g_array_append_val (pages, page);

  return TRUE;
}

static gboolean
collect_pages (const MusterExportOptions  *options,
               GArray                     *pages,
               GError                    **error)
{
  MusterSystemRegistry *registry = muster_system_registry_get_default ();
  MusterSystem *system;

  if (options->validator != NULL)
    {
      collect_validator_page (options, pages);
      return TRUE;
    }

  if (options->input != NULL)
    return collect_layout_page (options, pages, error);

  if (options->system_id == NULL)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("Give a layout file, or --system and --deployment for a bare diagram"));
      return FALSE;
    }

  system = muster_system_registry_lookup (registry, options->system_id);
  if (system == NULL)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("Unknown game system “%s” (see muster --list-systems)"), options->system_id);
      return FALSE;
    }

  if (options->all_deployments)
    {
      GPtrArray *deployments = muster_system_get_deployments (system);

      for (guint i = 0; i < deployments->len; i++)
        {
          Page page = { 0 };

          page.layout = muster_export_bare_layout (system, g_ptr_array_index (deployments, i));
          page.system = system;
          page.generic = TRUE;

          g_array_append_val (pages, page);
        }
    }
  else
    {
      const MusterDeployment *deployment;
      Page page = { 0 };

      deployment = options->deployment_id != NULL
        ? muster_system_lookup_deployment (system, options->deployment_id)
        : muster_system_get_default_deployment (system);
      if (deployment == NULL)
        {
          g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                       _("Unknown deployment type “%s” for %s (see muster --list-systems)"),
                       options->deployment_id, options->system_id);
          return FALSE;
        }

      page.layout = muster_export_bare_layout (system, deployment);
      page.system = system;
      page.generic = TRUE;
      g_array_append_val (pages, page);
    }

  if (pages->len == 0)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("%s has no deployment types to draw"), options->system_id);
      return FALSE;
    }

  return TRUE;
}

static MusterScene *
page_scene (const MusterExportOptions *options,
            const Page                *page)
{
  MusterScene *scene = muster_scene_new (page->layout, page->system, page->validator);

  muster_scene_set_flags (scene, options->no_pieces
                                 ? MUSTER_RENDER_ALL & ~(MUSTER_RENDER_PIECES | MUSTER_RENDER_TERRAIN |
                                                         MUSTER_RENDER_VIOLATIONS)
                                 : MUSTER_RENDER_ALL);
  muster_scene_set_units (scene, options->units);
  muster_scene_set_generic (scene, page->generic);

  return scene;
}

/* Paper the way round the table is: landscape for a wide table. */
static void
turn_paper (MusterLayout *layout,
            double       *width,
            double       *height)
{
  gboolean wide = muster_layout_get_width (layout) > muster_layout_get_height (layout);

  if (wide != (*width > *height))
    {
      double tmp = *width;

      *width = *height;
      *height = tmp;
    }
}

static void
paper_size (const char *paper,
            double     *width,
            double     *height)
{
  if (paper != NULL && g_ascii_strcasecmp (paper, "letter") == 0)
    {
      *width = 612;
      *height = 792;
    }
  else
    {
      *width = 595.276;
      *height = 841.890;
    }
}

/* The whole drawing is kept in memory and written in one go, as a save
 * is (muster_atomic_file_write()): cairo never touches the disk. */
static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);

  return CAIRO_STATUS_SUCCESS;
}

static gboolean
finish_surface (const MusterExportOptions  *options,
                cairo_surface_t            *surface,
                GError                    **error)
{
  cairo_status_t status;

  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_WRITE,
                   "%s: %s", options->output, cairo_status_to_string (status));
      return FALSE;
    }

  return TRUE;
}

/* A page per diagram, or at true scale a sheet per tile. */
static gboolean
write_pdf (const MusterExportOptions  *options,
           GArray                     *pages,
           GByteArray                 *bytes,
           GError                    **error)
{
  gboolean one_to_one = g_strcmp0 (options->scale, "1:1") == 0;
  double paper_w, paper_h;
  cairo_surface_t *surface;
  cairo_t *cr;

  paper_size (options->paper, &paper_w, &paper_h);
  surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, paper_w, paper_h);
  cr = cairo_create (surface);

  for (guint p = 0; p < pages->len; p++)
    {
      const Page *page = &g_array_index (pages, Page, p);
      g_autoptr(MusterScene) scene = page_scene (options, page);

      if (one_to_one)
        {
          MusterSheets sheets;

          /* Whichever way round needs fewer sheets. */
          muster_sheets_plan_best (&sheets, scene, paper_w, paper_h);
          cairo_pdf_surface_set_size (surface, sheets.page_width, sheets.page_height);
          for (guint i = 0; i < muster_sheets_count (&sheets); i++)
            {
              muster_sheets_draw (&sheets, scene, cr, i);
              cairo_show_page (cr);
            }
        }
      else
        {
          double w = paper_w, h = paper_h;

          turn_paper (page->layout, &w, &h);
          cairo_pdf_surface_set_size (surface, w, h);
          muster_sheets_draw_fit (scene, cr, w, h);
          cairo_show_page (cr);
        }
    }

  cairo_destroy (cr);

  return finish_surface (options, surface, error);
}

/* SVG has no pages: the diagram on a page of the paper, or at true scale
 * the whole table on one drawing of its own size. */
static gboolean
write_svg (const MusterExportOptions  *options,
           GArray                     *pages,
           GByteArray                 *bytes,
           GError                    **error)
{
  const Page *page = &g_array_index (pages, Page, 0);
  g_autoptr(MusterScene) scene = page_scene (options, page);
  cairo_surface_t *surface;
  cairo_t *cr;

  if (g_strcmp0 (options->scale, "1:1") == 0)
    {
      double margin = muster_scene_get_margin (scene);
      double w = (muster_layout_get_width (page->layout) + 2 * margin) * MUSTER_PT_PER_MM;
      double h = (muster_layout_get_height (page->layout) + 2 * margin) * MUSTER_PT_PER_MM;

      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, w, h);
      cr = cairo_create (surface);
      cairo_translate (cr, margin * MUSTER_PT_PER_MM, margin * MUSTER_PT_PER_MM);
      cairo_scale (cr, MUSTER_PT_PER_MM, MUSTER_PT_PER_MM);
      muster_scene_render (scene, cr, MUSTER_PT_PER_MM);
    }
  else
    {
      double w, h;

      paper_size (options->paper, &w, &h);
      turn_paper (page->layout, &w, &h);
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, w, h);
      cr = cairo_create (surface);
      muster_sheets_draw_fit (scene, cr, w, h);
    }

  cairo_destroy (cr);

  return finish_surface (options, surface, error);
}

/* The page a PDF would be, at PNG_PX_PER_PT, on white. */
static gboolean
write_png (const MusterExportOptions  *options,
           GArray                     *pages,
           GByteArray                 *bytes,
           GError                    **error)
{
  const Page *page = &g_array_index (pages, Page, 0);
  g_autoptr(MusterScene) scene = page_scene (options, page);
  double w, h;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  paper_size (options->paper, &w, &h);
  turn_paper (page->layout, &w, &h);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                        (int) ceil (w * PNG_PX_PER_PT), (int) ceil (h * PNG_PX_PER_PT));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, PNG_PX_PER_PT, PNG_PX_PER_PT);
  muster_sheets_draw_fit (scene, cr, w, h);
  cairo_destroy (cr);

  status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_WRITE,
                   "%s: %s", options->output, cairo_status_to_string (status));
      return FALSE;
    }

  return TRUE;
}

static gboolean
write_failed (GError  *local_error,
              GError **error)
{
  g_set_error_literal (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_WRITE, local_error->message);
  g_error_free (local_error);

  return FALSE;
}

/* Before drawing: a diagram is not drawn for a folder that is not there
 * or a file made read-only. */
static gboolean
check_output (const MusterExportOptions  *options,
              GError                    **error)
{
  GError *local_error = NULL;

  return muster_atomic_file_check (options->output, &local_error) || write_failed (local_error, error);
}

/* As a layout is saved: a symbolic link is followed, and a failure
 * leaves the file as it was and nothing beside it. */
static gboolean
write_file (const MusterExportOptions  *options,
            GByteArray                 *bytes,
            GError                    **error)
{
  GError *local_error = NULL;

  return muster_atomic_file_write (options->output, (const char *) bytes->data, bytes->len,
                                   NULL, NULL, &local_error) ||
         write_failed (local_error, error);
}

gboolean
muster_export_run (const MusterExportOptions  *options,
                   GError                    **error)
{
  g_autoptr(GArray) pages = g_array_new (FALSE, TRUE, sizeof (Page));
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  Format format;
  gboolean ok;

  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (options->output != NULL, FALSE);

  g_array_set_clear_func (pages, page_clear);

  if (!parse_format (options->output, &format, error))
    return FALSE;

  if (options->paper != NULL &&
      g_ascii_strcasecmp (options->paper, "a4") != 0 && g_ascii_strcasecmp (options->paper, "letter") != 0)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("Unknown paper “%s”: use a4 or letter"), options->paper);
      return FALSE;
    }

  if (options->scale != NULL &&
      g_strcmp0 (options->scale, "fit") != 0 && g_strcmp0 (options->scale, "1:1") != 0)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("Unknown scale “%s”: use fit or 1:1"), options->scale);
      return FALSE;
    }

  if (format != FORMAT_PDF && options->all_deployments)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("%s: a page per deployment type needs a PDF file"), options->output);
      return FALSE;
    }

  if (format == FORMAT_PNG && g_strcmp0 (options->scale, "1:1") == 0)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("%s: true scale (1:1) needs a PDF or SVG file"), options->output);
      return FALSE;
    }

  if (options->input != NULL &&
      (options->system_id != NULL || options->deployment_id != NULL || options->all_deployments))
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("%s: a layout file has its own game system and deployment type; "
                     "leave out --system, --deployment and --all-deployments"), options->input);
      return FALSE;
    }

  if (options->all_deployments && options->deployment_id != NULL)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                   _("Give either --deployment or --all-deployments, not both"));
      return FALSE;
    }

  if (!check_output (options, error))
    return FALSE;

  /* Pango reads fontconfig's configuration and font list (a third of a
   * diagram's work) in a thread of its own from the moment the font map
   * exists, and the first text waits for it: start it now, so that it
   * reads while the system is read and the zones are worked out. */
  pango_cairo_font_map_get_default ();

  if (!collect_pages (options, pages, error))
    return FALSE;

  if (format == FORMAT_PNG)
    ok = write_png (options, pages, bytes, error);
  else if (format == FORMAT_SVG)
    ok = write_svg (options, pages, bytes, error);
  else
    ok = write_pdf (options, pages, bytes, error);

  return ok && write_file (options, bytes, error);
}
