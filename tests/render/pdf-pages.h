/* pdf-pages.h: the page sizes of a PDF that cairo wrote, for the export
 * and print tests, with no PDF library.
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include <gio/gio.h>

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

/* Appends to out the inflated text of each stream of the bytes from
 * contents to end whose dictionary holds marker. */
static void
inflate_streams (const char *contents,
                 const char *end,
                 const char *marker,
                 GByteArray *out)
{
  const char *at;

  for (at = contents; (at = find_bytes (at, end, marker)) != NULL; at++)
    {
      g_autoptr(GConverter) zlib = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB));
      const char *data = find_bytes (at, end, "stream");
      GConverterResult result = G_CONVERTER_CONVERTED;

      g_assert_nonnull (data);
      data += strlen ("stream");
      data += data[0] == '\r' ? 2 : 1;
      while (result != G_CONVERTER_FINISHED)
        {
          guint8 buf[8192];
          gsize read = 0, written = 0;

          result = g_converter_convert (zlib, data, end - data, buf, sizeof buf,
                                        G_CONVERTER_INPUT_AT_END, &read, &written, NULL);
          g_assert_cmpint (result, !=, G_CONVERTER_ERROR);
          data += read;
          g_byte_array_append (out, buf, written);
        }
    }
}

/* The file, followed by the inflated text of each of its object
 * streams: cairo 1.18 writes the page tree inside them, compressed,
 * where earlier versions wrote it as plain text. */
static GByteArray *
pdf_text (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GByteArray) streams = g_byte_array_new ();
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  inflate_streams (contents, contents + len, "/Type /ObjStm", streams);

  return g_byte_array_append (g_byte_array_new_take ((guint8 *) g_steal_pointer (&contents), len),
                              streams->data, streams->len);
}

/* The inflated text of every compressed stream of a PDF (its pages'
 * contents among them), NUL-terminated. */
G_GNUC_UNUSED static char *
pdf_streams (const char *path)
{
  g_autofree char *contents = NULL;
  GByteArray *streams = g_byte_array_new ();
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  inflate_streams (contents, contents + len, "/FlateDecode", streams);
  g_byte_array_append (streams, (const guint8 *) "", 1);

  return (char *) g_byte_array_free (streams, FALSE);
}

/* The size of every page of a PDF, in order. */
G_GNUC_UNUSED static GArray *
pdf_pages (const char *path)
{
  g_autoptr(GByteArray) text = pdf_text (path);
  const char *contents = (const char *) text->data;
  GArray *pages = g_array_new (FALSE, FALSE, sizeof (PageSize));
  const char *at;
  gsize len = text->len;

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
