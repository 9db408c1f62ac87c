/* muster-export.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-export"

#include "config.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <unistd.h>

#include "muster-export.h"
#include "muster-render.h"
#include "muster-sheets.h"

G_DEFINE_QUARK (muster-export-error-quark, muster_export_error)

#define PNG_PX_PER_MM 2.0

typedef enum { FORMAT_PDF, FORMAT_SVG, FORMAT_PNG } Format;

typedef struct
{
  MusterLayout    *layout;
  MusterSystem    *system;
  MusterValidator *validator;   /* marks illegal pieces of a layout */
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

static MusterLayout *
bare_layout (MusterSystem           *system,
             const MusterDeployment *deployment)
{
  const MusterBoardPreset *board = muster_system_get_default_board (system);
  MusterLayout *layout = muster_layout_new (muster_system_get_id (system), deployment->id,
                                            board != NULL ? board->width : 72 * 25.4,
                                            board != NULL ? board->height : 48 * 25.4);
  g_autoptr(GPtrArray) zones = muster_deployment_list_zones (deployment, NULL);
  GPtrArray *players = muster_layout_get_players (layout);

  /* Give the two players the first two zones the type defines, so a bare
   * diagram of a diagonal type shows its diagonal zones. */
  for (guint i = 0; i < players->len && zones != NULL && i < zones->len; i++)
    {
      const MusterPlayer *player = g_ptr_array_index (players, i);
      const MusterZone *zone = g_ptr_array_index (zones, zones->len - 1 - i);

      muster_layout_update_player (layout, player->id, zone->id,
                                   i == 0 ? "attacker" : "defender",
                                   i == 0 ? "east" : "west");
    }

  return layout;
}

static gboolean
collect_pages (const MusterExportOptions  *options,
               GArray                     *pages,
               GError                    **error)
{
  MusterSystemRegistry *registry = muster_system_registry_get_default ();
  MusterSystem *system;

  if (options->input != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (options->input);
      Page page = { 0 };

      page.layout = muster_layout_new_from_file (file, error);
      if (page.layout == NULL)
        return FALSE;

      page.system = muster_system_registry_lookup (registry, muster_layout_get_system_id (page.layout));
      if (page.system == NULL)
        {
          g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_ARGUMENTS,
                       _("%s: unknown game system “%s”"), options->input,
                       muster_layout_get_system_id (page.layout));
          g_object_unref (page.layout);
          return FALSE;
        }
      page.validator = muster_validator_new (page.layout, page.system, error);
      if (page.validator == NULL)
        {
          g_prefix_error (error, "%s: ", options->input);
          g_object_unref (page.layout);
          return FALSE;
        }
      g_array_append_val (pages, page);
      return TRUE;
    }

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
          Page page = { bare_layout (system, g_ptr_array_index (deployments, i)), system, NULL };

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

      page.layout = bare_layout (system, deployment);
      page.system = system;
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

static void
paper_size (const char *paper,
            double     *width,
            double     *height)
{
  if (g_strcmp0 (paper, "letter") == 0)
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

static gboolean
write_pdf_or_svg (const MusterExportOptions  *options,
                  Format                      format,
                  GArray                     *pages,
                  const char                 *tmp_path,
                  GError                    **error)
{
  gboolean one_to_one = g_strcmp0 (options->scale, "1:1") == 0;
  double paper_w, paper_h;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  paper_size (options->paper, &paper_w, &paper_h);

  /* Landscape paper for a landscape table. */
  {
    const Page *first = &g_array_index (pages, Page, 0);

    if (muster_layout_get_width (first->layout) > muster_layout_get_height (first->layout) && !one_to_one)
      {
        double tmp = paper_w;

        paper_w = paper_h;
        paper_h = tmp;
      }
  }

  if (format == FORMAT_PDF)
    surface = cairo_pdf_surface_create (tmp_path, paper_w, paper_h);
  else
    surface = cairo_svg_surface_create (tmp_path, paper_w, paper_h);

  cr = cairo_create (surface);

  for (guint p = 0; p < pages->len; p++)
    {
      const Page *page = &g_array_index (pages, Page, p);

      g_autoptr(MusterScene) scene = muster_scene_new (page->layout, page->system, page->validator);

      muster_scene_set_flags (scene, MUSTER_RENDER_ALL);

      if (one_to_one)
        {
          MusterSheets sheets;

          muster_sheets_plan (&sheets, scene, paper_w, paper_h);
          for (guint i = 0; i < muster_sheets_count (&sheets); i++)
            {
              muster_sheets_draw (&sheets, scene, cr, i);
              cairo_show_page (cr);
              /* SVG has no pages: the first sheet only. */
              if (format == FORMAT_SVG)
                break;
            }
        }
      else
        {
          muster_sheets_draw_fit (scene, cr, paper_w, paper_h);
          cairo_show_page (cr);
        }

      if (format == FORMAT_SVG)
        break;
    }

  cairo_destroy (cr);
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

static gboolean
write_png (const MusterExportOptions  *options,
           GArray                     *pages,
           const char                 *tmp_path,
           GError                    **error)
{
  const Page *page = &g_array_index (pages, Page, 0);
  g_autoptr(MusterScene) scene = muster_scene_new (page->layout, page->system, page->validator);
  double margin, w, h;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  muster_scene_set_flags (scene, MUSTER_RENDER_ALL);
  margin = muster_scene_get_margin (scene);
  w = ceil ((muster_layout_get_width (page->layout) + 2 * margin) * PNG_PX_PER_MM);
  h = ceil ((muster_layout_get_height (page->layout) + 2 * margin) * PNG_PX_PER_MM);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  /* Exactly PNG_PX_PER_MM pixels a millimetre, board corner at
   * (margin, margin): readers can find a board point's pixel. */
  cairo_translate (cr, margin * PNG_PX_PER_MM, margin * PNG_PX_PER_MM);
  cairo_scale (cr, PNG_PX_PER_MM, PNG_PX_PER_MM);
  muster_scene_render (scene, cr, PNG_PX_PER_MM);
  cairo_destroy (cr);

  status = cairo_surface_write_to_png (surface, tmp_path);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_WRITE,
                   "%s: %s", options->output, cairo_status_to_string (status));
      return FALSE;
    }

  return TRUE;
}

gboolean
muster_export_run (const MusterExportOptions  *options,
                   GError                    **error)
{
  g_autoptr(GArray) pages = g_array_new (FALSE, TRUE, sizeof (Page));
  g_autofree char *tmp_path = NULL;
  Format format;
  gboolean ok;

  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (options->output != NULL, FALSE);

  g_array_set_clear_func (pages, page_clear);

  if (!parse_format (options->output, &format, error))
    return FALSE;

  if (options->paper != NULL &&
      g_strcmp0 (options->paper, "a4") != 0 && g_strcmp0 (options->paper, "letter") != 0)
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

  if (!collect_pages (options, pages, error))
    return FALSE;

  /* Draw beside the target and rename, so a failure writes nothing. */
  tmp_path = g_strdup_printf ("%s.tmp-%d", options->output, (int) getpid ());

  if (format == FORMAT_PNG)
    ok = write_png (options, pages, tmp_path, error);
  else
    ok = write_pdf_or_svg (options, format, pages, tmp_path, error);

  if (ok && g_rename (tmp_path, options->output) != 0)
    {
      int saved = errno;

      g_set_error (error, MUSTER_EXPORT_ERROR, MUSTER_EXPORT_ERROR_WRITE,
                   "%s: %s", options->output, g_strerror (saved));
      ok = FALSE;
    }

  if (!ok)
    g_unlink (tmp_path);

  return ok;
}
