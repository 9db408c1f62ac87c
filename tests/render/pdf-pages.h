/* pdf-pages.h: the page sizes of a PDF that cairo wrote, for the export
 * and print tests, with no PDF library.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include <glib.h>

typedef struct
{
  double width;
  double height;
} PageSize;

/* The first needle in the bytes from at to end (which may hold NULs). */
static const char *
find_bytes (const char *at,
            const char *end,
            const char *needle)
{
  gsize n = strlen (needle);

  for (; at + n <= end; at++)
    if (memcmp (at, needle, n) == 0)
      return at;

  return NULL;
}

/* The size of every page of a PDF, in order (cairo writes its page
 * tree as text). */
static GArray *
pdf_pages (const char *path)
{
  g_autofree char *contents = NULL;
  GArray *pages = g_array_new (FALSE, FALSE, sizeof (PageSize));
  const char *at;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));

  at = contents;
  while ((at = find_bytes (at, contents + len, "/Type /Page")) != NULL)
    {
      const char *box;
      PageSize size;
      double x0, y0;
      char *end;

      at += strlen ("/Type /Page");
      if (*at == 's')
        continue;

      box = find_bytes (at, contents + len, "/MediaBox [");
      g_assert_nonnull (box);
      box += strlen ("/MediaBox [");
      x0 = g_ascii_strtod (box, &end);
      y0 = g_ascii_strtod (end, &end);
      size.width = g_ascii_strtod (end, &end) - x0;
      size.height = g_ascii_strtod (end, &end) - y0;
      g_array_append_val (pages, size);
    }

  return pages;
}
