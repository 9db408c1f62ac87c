/* test-icons.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Every icon the window names is in the icon theme it runs with: the
 * Adwaita of the GTK it runs on (the GNOME runtime's, in the Flatpak) or
 * Muster's own resources. Adwaita keeps only icons about the user
 * interface, and sheds others from one GNOME to the next (Adwaita 51 has
 * no emblem-ok-symbolic); a missing icon is drawn as a broken image. So
 * this runs on Debian 12 and on today's GNOME (tests/gnome/sid-suite.sh).
 *
 * The names are read from the templates compiled into Muster and from the
 * window's C sources: every "…-symbolic" they hold. */

#include "config.h"

#include <adwaita.h>

#include "muster-window.h"

static void
collect_icon_names (GHashTable *names,
                    const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("[\">]([a-z0-9-]+-symbolic)[\"<]", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;

  g_regex_match (regex, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_hash_table_add (names, g_match_info_fetch (match, 1));
      g_match_info_next (match, NULL);
    }
}

static void
collect_from_templates (GHashTable *names)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) children = g_resources_enumerate_children (RESOURCE_BASE "/", 0, &error);
  guint templates = 0;

  g_assert_no_error (error);
  for (guint i = 0; children[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat (RESOURCE_BASE "/", children[i], NULL);
      g_autoptr(GBytes) bytes = NULL;

      if (!g_str_has_suffix (path, ".ui"))
        continue;
      bytes = g_resources_lookup_data (path, 0, &error);
      g_assert_no_error (error);
      collect_icon_names (names, g_bytes_get_data (bytes, NULL));
      templates++;
    }
  g_assert_cmpuint (templates, >, 3);
}

static void
collect_from_sources (GHashTable *names)
{
  g_autofree char *dir_path = g_build_filename (TEST_DATA_DIR, "..", "..", "src", "gui", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, &error);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *text = NULL;

      if (!g_str_has_suffix (name, ".c"))
        continue;
      g_assert_true (g_file_get_contents (path, &text, NULL, &error));
      g_assert_no_error (error);
      collect_icon_names (names, text);
    }
}

static void
test_icons_in_theme (void)
{
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) missing = g_string_new (NULL);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  GHashTableIter iter;
  gpointer name;

  collect_from_templates (names);
  collect_from_sources (names);
  /* The window's toolbar alone names more than ten. */
  g_assert_cmpuint (g_hash_table_size (names), >, 10);

  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    if (!gtk_icon_theme_has_icon (theme, name))
      g_string_append_printf (missing, "%s%s", missing->len > 0 ? " " : "", (const char *) name);

  g_assert_cmpstr (missing->str, ==, "");
}

static void
assert_same_picture (GdkPixbuf  *drawn,
                     GdkPixbuf  *svg,
                     const char *name)
{
  const guchar *a = gdk_pixbuf_read_pixels (drawn);
  const guchar *b = gdk_pixbuf_read_pixels (svg);
  int width = gdk_pixbuf_get_width (svg);
  int height = gdk_pixbuf_get_height (svg);
  guint total = 0, covered = 0;

  g_test_message ("%s, %d × %d", name, width, height);
  g_assert_cmpint (gdk_pixbuf_get_width (drawn), ==, width);
  g_assert_cmpint (gdk_pixbuf_get_height (drawn), ==, height);
  g_assert_cmpint (gdk_pixbuf_get_n_channels (drawn), ==, 4);
  g_assert_cmpint (gdk_pixbuf_get_n_channels (svg), ==, 4);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const guchar *p = a + y * gdk_pixbuf_get_rowstride (drawn) + 4 * x;
        const guchar *q = b + y * gdk_pixbuf_get_rowstride (svg) + 4 * x;

        /* All foreground: no share of the success, warning or error
         * colours, which a .symbolic.png keeps in red, green and blue. */
        g_assert_cmpuint (p[0] | p[1] | p[2], ==, 0);
        /* Another librsvg may smooth the edges a little differently. */
        g_assert_cmpint (ABS ((int) p[3] - (int) q[3]), <=, 48);
        total += ABS ((int) p[3] - (int) q[3]);
        covered += q[3] > 0;
      }
  g_assert_cmpuint (covered, >, (guint) (width * height / 8));
  g_assert_cmpuint (total, <=, 4 * covered);
}

/* The tool bar's own icons are drawn beforehand at its size, 16 pixels
 * (32 on a screen of scale 2), so that the first frame renders no SVG:
 * GTK renders a symbolic SVG four times through librsvg, which it loads
 * for it. At that size the theme gives the .symbolic.png, and that is the
 * SVG's own picture. Other sizes still come from the SVG. */
static void
test_icons_tools_drawn_beforehand (void)
{
  static const char *const tools[] = { "select", "measure", "rectangle", "polygon" };
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    for (int scale = 1; scale <= 2; scale++)
      {
        g_autofree char *name = g_strdup_printf ("muster-tool-%s-symbolic", tools[i]);
        g_autofree char *svg_path = g_strdup_printf ("/org/gtk/libgtk/icons/scalable/actions/%s.svg", name);
        g_autoptr(GtkIconPaintable) icon = gtk_icon_theme_lookup_icon (theme, name, NULL, 16, scale,
                                                                       GTK_TEXT_DIR_LTR, 0);
        g_autoptr(GFile) file = gtk_icon_paintable_get_file (icon);
        g_autofree char *uri = g_file_get_uri (file);
        g_autoptr(GdkPixbuf) drawn = NULL;
        g_autoptr(GdkPixbuf) svg = NULL;
        g_autoptr(GError) error = NULL;

        g_assert_true (gtk_icon_paintable_is_symbolic (icon));
        g_assert_true (g_str_has_prefix (uri, "resource:///org/gtk/libgtk/icons/"));
        g_assert_true (g_str_has_suffix (uri, ".symbolic.png"));

        drawn = gdk_pixbuf_new_from_resource (uri + strlen ("resource://"), &error);
        g_assert_no_error (error);
        svg = gdk_pixbuf_new_from_resource_at_scale (svg_path, 16 * scale, 16 * scale, TRUE, &error);
        g_assert_no_error (error);
        assert_same_picture (drawn, svg, uri);
      }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_type_ensure (MUSTER_TYPE_WINDOW);
  /* No folder of Muster's is added to the theme, as in Muster: its icons
   * are under GTK's own (resources/muster.gresource.xml). */

  g_test_add_func ("/app/icons/in-theme", test_icons_in_theme);
  g_test_add_func ("/app/icons/tools-drawn-beforehand", test_icons_tools_drawn_beforehand);

  return g_test_run ();
}
