/* geos-validate.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The checks of `muster --validate` for a 9th Age Frontline Clash layout,
 * written the way a GIS programmer would write them with GEOS (the
 * reentrant C API: geometries, predicates, distances and an STRtree), as
 * the yardstick of bench-process.py. It reads the same *.muster file (with
 * libxml2, no schema) and prints one line per piece and broken rule:
 *
 *   <piece-id>: <code>: <other ids, sorted>
 *
 * sorted by piece id and code, which compare-verdicts.py compares with what
 * `muster --validate` printed for the same file.
 *
 * The rules (shared/RULES.md, data/systems/t9a.xml):
 *  - off-board: the base not entirely on the board;
 *  - outside-zone: not entirely more than 12″ from the Centre Line on
 *    the owner's side (north: y < H/2 − 12″; south: y > H/2 + 12″), and
 *    always when off the board (zones are clipped to it);
 *  - overlap: two bases, or a base and impassable terrain, intersecting by
 *    more than the contact tolerance (0.5 mm): the shortest translation
 *    that separates them is longer than that;
 *  - unit-spacing: a unit 1″ or less from another unit or from impassable
 *    terrain (edge to edge); an overlapping pair is only an overlap. A
 *    single model (kind="model", a Character) is a unit in The 9th Age.
 *
 * Rectangles are GEOS polygons, rotated as Muster rotates them. Round
 * bases are GEOS points with a radius, so that a circle is exact (a
 * buffered point would be a polygon that misses the circle by up to
 * r (1 − cos(π/4q))): the gap between a circle and a shape is the GEOS
 * distance from the centre, less the radius. The penetration depth of two
 * convex polygons is the distance from the origin to the boundary of their
 * Minkowski difference, which GEOS gives as the convex hull of the
 * differences of their vertices. Terrain must be convex (the generator's
 * is), and only t9a's Frontline Clash is known.
 *
 *   geos-validate FILE.muster
 *
 * Exit status as muster --validate: 0 legal, 1 violations, 2 unreadable.
 * With GEOS_VALIDATE_TIMES set in the environment it also prints, on
 * standard error, the CPU time of its phases:
 * "geos-validate: read-ms=R build-ms=B check-ms=C" (reading the XML;
 * making the geometries; the trees and the checks), for the in-process
 * comparison of bench-process.py.
 */

#include <geos_c.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INCH 25.4
#define EPSILON 1e-6
#define TOLERANCE 0.5
#define SPACING (1 * INCH)
#define CENTRE_GAP (12 * INCH)

typedef enum { KIND_MODEL, KIND_UNIT, KIND_MARKER, KIND_OBJECTIVE } Kind;
typedef enum { CODE_OFF_BOARD, CODE_OUTSIDE_ZONE, CODE_OVERLAP, CODE_UNIT_SPACING, N_CODES } Code;

static const char * const code_names[N_CODES] = {
  "off-board", "outside-zone", "overlap", "unit-spacing",
};

typedef struct
{
  char        *id;
  Kind         kind;
  int          side;          /* 0 north, 1 south, -1 neutral or no zone */
  int          deployable;
  double       x, y, radius;  /* radius > 0: a round base at (x, y) */
  GEOSGeometry *geom;         /* polygon, or the centre point */
  GEOSGeometry *box;          /* its envelope, for the tree */
  double       bx0, by0, bx1, by1;
  /* violations: other ids per code */
  unsigned     codes;
  char       **others[N_CODES];
  int          n_others[N_CODES];
  int          cap_others[N_CODES];
} Item;

/* The 9th Age: every unit counts as a unit, single models included. */
static int
is_unit (const Item *item)
{
  return item->kind == KIND_UNIT || item->kind == KIND_MODEL;
}

static GEOSContextHandle_t ctx;

static void die (const char *format, ...) __attribute__ ((format (printf, 1, 2), noreturn));

static void
die (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  fputs ("geos-validate: ", stderr);
  vfprintf (stderr, format, args);
  fputc ('\n', stderr);
  va_end (args);
  exit (2);
}

static void
geos_message (const char *message,
              void       *user_data)
{
  fprintf (stderr, "geos-validate: GEOS: %s\n", message);
}

/* A length: a number with an optional unit (mm, cm, in, ″ or "); bare
 * numbers are in the document's unit. */
static double
parse_length (const char *text,
              double      unit)
{
  char *end;
  double v = strtod (text, &end);

  if (end == text)
    die ("bad length “%s”", text);
  while (*end == ' ')
    end++;
  if (*end == '\0')
    return v * unit;
  if (strcmp (end, "mm") == 0)
    return v;
  if (strcmp (end, "cm") == 0)
    return v * 10;
  if (strcmp (end, "in") == 0 || strcmp (end, "\"") == 0 || strcmp (end, "\u2033") == 0)
    return v * INCH;
  die ("bad unit in “%s”", text);
}

static char *
prop (xmlNode    *node,
      const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *copy;

  if (value == NULL)
    return NULL;
  copy = strdup ((const char *) value);
  xmlFree (value);

  return copy;
}

static double
length_prop (xmlNode    *node,
             const char *name,
             double      unit,
             double      fallback)
{
  char *text = prop (node, name);
  double v;

  if (text == NULL)
    return fallback;
  v = parse_length (text, unit);
  free (text);

  return v;
}

static GEOSGeometry *
make_polygon (const double *xy,
              int           n)
{
  GEOSCoordSequence *seq = GEOSCoordSeq_create_r (ctx, n + 1, 2);

  for (int i = 0; i <= n; i++)
    GEOSCoordSeq_setXY_r (ctx, seq, i, xy[2 * (i % n)], xy[2 * (i % n) + 1]);

  return GEOSGeom_createPolygon_r (ctx, GEOSGeom_createLinearRing_r (ctx, seq), NULL, 0);
}

static GEOSGeometry *
make_point (double x,
            double y)
{
  return GEOSGeom_createPointFromXY_r (ctx, x, y);
}

static void
item_set_box (Item *item)
{
  if (item->radius > 0)
    {
      item->bx0 = item->x - item->radius;
      item->by0 = item->y - item->radius;
      item->bx1 = item->x + item->radius;
      item->by1 = item->y + item->radius;
    }
  else
    {
      GEOSGeom_getXMin_r (ctx, item->geom, &item->bx0);
      GEOSGeom_getYMin_r (ctx, item->geom, &item->by0);
      GEOSGeom_getXMax_r (ctx, item->geom, &item->bx1);
      GEOSGeom_getYMax_r (ctx, item->geom, &item->by1);
    }
  item->box = GEOSGeom_createRectangle_r (ctx, item->bx0, item->by0, item->bx1, item->by1);
}

/* A rectangular base turned clockwise (y grows south) as Muster turns it. */
static GEOSGeometry *
make_rect (double x,
           double y,
           double width,
           double depth,
           double rotation)
{
  double angle = fmod (rotation, 360.0);
  double c, s, a = width / 2, b = depth / 2;
  double corners[8] = { -a, -b, a, -b, a, b, -a, b };
  double xy[8];

  if (angle < 0)
    angle += 360.0;
  if (angle == 0.0 || angle == 180.0)
    {
      c = angle == 0.0 ? 1.0 : -1.0;
      s = 0.0;
    }
  else if (angle == 90.0 || angle == 270.0)
    {
      c = 0.0;
      s = angle == 90.0 ? 1.0 : -1.0;
    }
  else
    {
      c = cos (angle * M_PI / 180.0);
      s = sin (angle * M_PI / 180.0);
    }

  for (int i = 0; i < 4; i++)
    {
      double px = corners[2 * i], py = corners[2 * i + 1];

      xy[2 * i] = x + px * c - py * s;
      xy[2 * i + 1] = y + px * s + py * c;
    }

  return make_polygon (xy, 4);
}

static void
add_violation (Item       *item,
               Code        code,
               const char *other)
{
  item->codes |= 1u << code;
  if (other == NULL)
    return;
  if (item->n_others[code] == item->cap_others[code])
    {
      item->cap_others[code] = item->cap_others[code] ? 2 * item->cap_others[code] : 4;
      item->others[code] = realloc (item->others[code],
                                    item->cap_others[code] * sizeof (char *));
    }
  item->others[code][item->n_others[code]++] = (char *) other;
}

/* Vertices of a polygon (without the closing one). */
static int
polygon_vertices (const GEOSGeometry *polygon,
                  double             *xy,
                  int                 max)
{
  const GEOSGeometry *ring = GEOSGetExteriorRing_r (ctx, polygon);
  const GEOSCoordSequence *seq = GEOSGeom_getCoordSeq_r (ctx, ring);
  unsigned int size;

  GEOSCoordSeq_getSize_r (ctx, seq, &size);
  size--;
  if ((int) size > max)
    die ("polygon with more than %d points", max);
  for (unsigned int i = 0; i < size; i++)
    GEOSCoordSeq_getXY_r (ctx, seq, i, &xy[2 * i], &xy[2 * i + 1]);

  return (int) size;
}

/* Penetration depth of two intersecting convex polygons: the distance
 * from the origin to the boundary of A ⊖ B = hull {a − b}. */
static double
polygon_depth (const GEOSGeometry *a,
               const GEOSGeometry *b)
{
  double va[2 * 64], vb[2 * 64];
  int na = polygon_vertices (a, va, 64);
  int nb = polygon_vertices (b, vb, 64);
  GEOSGeometry *points[64 * 64];
  GEOSGeometry *cloud, *hull, *boundary, *origin;
  double depth;
  int n = 0;

  for (int i = 0; i < na; i++)
    for (int j = 0; j < nb; j++)
      points[n++] = make_point (va[2 * i] - vb[2 * j], va[2 * i + 1] - vb[2 * j + 1]);

  cloud = GEOSGeom_createCollection_r (ctx, GEOS_MULTIPOINT, points, n);
  hull = GEOSConvexHull_r (ctx, cloud);
  boundary = GEOSBoundary_r (ctx, hull);
  origin = make_point (0, 0);
  GEOSDistance_r (ctx, origin, boundary, &depth);

  GEOSGeom_destroy_r (ctx, origin);
  GEOSGeom_destroy_r (ctx, boundary);
  GEOSGeom_destroy_r (ctx, hull);
  GEOSGeom_destroy_r (ctx, cloud);

  return depth;
}

/* Signed separation: the gap when apart, minus the penetration depth when
 * they intersect. */
static double
separation (const Item *a,
            const Item *b)
{
  double d;

  if (a->radius > 0 && b->radius > 0)
    {
      GEOSDistance_r (ctx, a->geom, b->geom, &d);
      return d - a->radius - b->radius;
    }

  if (a->radius > 0 || b->radius > 0)
    {
      const Item *circle = a->radius > 0 ? a : b;
      const Item *polygon = a->radius > 0 ? b : a;

      GEOSDistance_r (ctx, circle->geom, polygon->geom, &d);
      if (d > 0)
        return d - circle->radius;
      else
        {
          GEOSGeometry *boundary = GEOSBoundary_r (ctx, polygon->geom);

          GEOSDistance_r (ctx, circle->geom, boundary, &d);
          GEOSGeom_destroy_r (ctx, boundary);
          return -(circle->radius + d);
        }
    }

  GEOSDistance_r (ctx, a->geom, b->geom, &d);
  if (d > 0)
    return d;

  return -polygon_depth (a->geom, b->geom);
}

/* Entirely within the axis-aligned rectangle (boundary included). */
static int
covered_by_box (const Item         *item,
                const GEOSGeometry *box,
                const GEOSGeometry *box_boundary)
{
  if (item->radius > 0)
    {
      double d;

      if (!GEOSCovers_r (ctx, box, item->geom))
        return 0;
      GEOSDistance_r (ctx, item->geom, box_boundary, &d);
      return d >= item->radius - EPSILON;
    }

  return GEOSCovers_r (ctx, box, item->geom) == 1;
}

typedef struct
{
  int *ids;
  int  n;
  int  cap;
} Hits;

static void
collect_hit (void *item,
             void *user_data)
{
  Hits *hits = user_data;

  if (hits->n == hits->cap)
    {
      hits->cap = hits->cap ? 2 * hits->cap : 64;
      hits->ids = realloc (hits->ids, hits->cap * sizeof (int));
    }
  hits->ids[hits->n++] = (int) (size_t) item;
}

static int
compare_strings (const void *a,
                 const void *b)
{
  const char *sa = *(char * const *) a;
  const char *sb = *(char * const *) b;

  return strcmp (sa, sb);
}

static int
compare_items (const void *a,
               const void *b)
{
  return strcmp ((*(Item * const *) a)->id, (*(Item * const *) b)->id);
}

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);

  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* Long: the program is the yardstick, written as one straight pass the
 * way a GIS programmer would (read, make the geometries, index, check,
 * report), with the clock read between the phases it times; split up, the
 * phases and their timing would be harder to hold against Muster's. */
int
main (int   argc,
      char *argv[])
{
  double t_start = cpu_ms (), t_read, t_built, t_checked;
  xmlDoc *doc;
  xmlNode *root;
  double unit = INCH, width = 0, height = 0;
  char *player_ids[64];
  int player_sides[64];   /* 0 north, 1 south, -1 no zone */
  int n_players = 0;
  Item *items = NULL, *terrain = NULL;
  int n_items = 0, cap_items = 0, n_terrain = 0, cap_terrain = 0;
  GEOSSTRtree *tree, *terrain_tree;
  GEOSGeometry *board, *board_boundary, *zones[2], *zone_boundaries[2];
  Hits hits = { NULL, 0, 0 };
  Item **sorted;
  int n_violations = 0;
  char *text;

  if (argc != 2)
    {
      fprintf (stderr, "usage: geos-validate FILE.muster\n");
      return 2;
    }

  ctx = GEOS_init_r ();
  GEOSContext_setNoticeMessageHandler_r (ctx, geos_message, NULL);
  GEOSContext_setErrorMessageHandler_r (ctx, geos_message, NULL);

  doc = xmlReadFile (argv[1], NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
  if (doc == NULL)
    die ("%s: cannot read", argv[1]);
  t_read = cpu_ms ();
  root = xmlDocGetRootElement (doc);
  if (root == NULL || strcmp ((const char *) root->name, "muster-layout") != 0)
    die ("%s: not a layout", argv[1]);

  text = prop (root, "units");
  if (text != NULL)
    unit = strcmp (text, "mm") == 0 ? 1 : strcmp (text, "cm") == 0 ? 10 : INCH;
  free (text);

  for (xmlNode *node = root->children; node != NULL; node = node->next)
    {
      const char *name = (const char *) node->name;

      if (node->type != XML_ELEMENT_NODE || node->ns != NULL)
        continue;

      if (strcmp (name, "game") == 0)
        {
          char *system = prop (node, "system");
          char *deployment = prop (node, "deployment");

          if (system == NULL || strcmp (system, "t9a") != 0 ||
              deployment == NULL || strcmp (deployment, "frontline-clash") != 0)
            die ("only t9a frontline-clash is known");
          free (system);
          free (deployment);
        }
      else if (strcmp (name, "board") == 0)
        {
          width = length_prop (node, "width", unit, 0);
          height = length_prop (node, "height", unit, 0);
        }
      else if (strcmp (name, "player") == 0 && n_players < 64)
        {
          char *zone = prop (node, "zone");

          player_ids[n_players] = prop (node, "id");
          player_sides[n_players] = zone == NULL ? -1 :
                                    strcmp (zone, "north") == 0 ? 0 :
                                    strcmp (zone, "south") == 0 ? 1 : -1;
          free (zone);
          n_players++;
        }
      else if (strcmp (name, "piece") == 0)
        {
          Item *item;
          char *kind = prop (node, "kind");
          char *owner = prop (node, "owner");
          xmlNode *base = NULL;
          char *shape;

          if (n_items == cap_items)
            {
              cap_items = cap_items ? 2 * cap_items : 1024;
              items = realloc (items, cap_items * sizeof (Item));
            }
          item = &items[n_items++];
          memset (item, 0, sizeof *item);
          item->id = prop (node, "id");
          item->kind = kind == NULL ? KIND_UNIT :
                       strcmp (kind, "unit") == 0 ? KIND_UNIT :
                       strcmp (kind, "model") == 0 ? KIND_MODEL :
                       strcmp (kind, "marker") == 0 ? KIND_MARKER : KIND_OBJECTIVE;
          item->side = -1;
          item->deployable = item->kind != KIND_OBJECTIVE && owner != NULL &&
                             strcmp (owner, "neutral") != 0;
          for (int p = 0; owner != NULL && p < n_players; p++)
            if (player_ids[p] != NULL && strcmp (player_ids[p], owner) == 0)
              item->side = player_sides[p];
          item->x = length_prop (node, "x", unit, 0);
          item->y = length_prop (node, "y", unit, 0);

          for (xmlNode *child = node->children; child != NULL; child = child->next)
            if (child->type == XML_ELEMENT_NODE && strcmp ((const char *) child->name, "base") == 0)
              base = child;
          if (base == NULL)
            die ("piece %s has no base", item->id);

          shape = prop (base, "shape");
          if (shape != NULL && strcmp (shape, "round") == 0)
            {
              item->radius = length_prop (base, "diameter", unit, 0) / 2;
              item->geom = make_point (item->x, item->y);
            }
          else if (shape != NULL && strcmp (shape, "rect") == 0)
            {
              text = prop (node, "rotation");
              item->geom = make_rect (item->x, item->y,
                                      length_prop (base, "width", unit, 0),
                                      length_prop (base, "depth", unit, 0),
                                      text != NULL ? strtod (text, NULL) : 0.0);
              free (text);
            }
          else
            die ("piece %s: shape %s is not known here", item->id, shape);
          item_set_box (item);
          free (shape);
          free (kind);
          free (owner);
        }
      else if (strcmp (name, "terrain") == 0)
        {
          char *kind = prop (node, "kind");
          char *points = prop (node, "points");
          double xy[2 * 256];
          int n = 0;
          char *p = points;
          Item *item;

          if (kind == NULL || strcmp (kind, "area") == 0)
            {
              free (kind);
              free (points);
              continue;
            }

          while (p != NULL && *p != '\0' && n < 256)
            {
              char *end;

              xy[2 * n] = strtod (p, &end) * unit;
              if (*end != ',')
                die ("bad points “%s”", points);
              xy[2 * n + 1] = strtod (end + 1, &end) * unit;
              n++;
              p = end;
              while (*p == ' ')
                p++;
            }

          if (n_terrain == cap_terrain)
            {
              cap_terrain = cap_terrain ? 2 * cap_terrain : 64;
              terrain = realloc (terrain, cap_terrain * sizeof (Item));
            }
          item = &terrain[n_terrain++];
          memset (item, 0, sizeof *item);
          item->id = prop (node, "id");
          item->geom = make_polygon (xy, n);
          /* Muster keeps outlines counter-clockwise; GEOS does not care. */
          item_set_box (item);
          free (kind);
          free (points);
        }
    }

  t_built = cpu_ms ();
  board = GEOSGeom_createRectangle_r (ctx, 0, 0, width, height);
  board_boundary = GEOSBoundary_r (ctx, board);
  zones[0] = GEOSGeom_createRectangle_r (ctx, 0, 0, width, height / 2 - CENTRE_GAP);
  zones[1] = GEOSGeom_createRectangle_r (ctx, 0, height / 2 + CENTRE_GAP, width, height);
  zone_boundaries[0] = GEOSBoundary_r (ctx, zones[0]);
  zone_boundaries[1] = GEOSBoundary_r (ctx, zones[1]);

  tree = GEOSSTRtree_create_r (ctx, 10);
  for (int i = 0; i < n_items; i++)
    GEOSSTRtree_insert_r (ctx, tree, items[i].box, (void *) (size_t) i);
  terrain_tree = GEOSSTRtree_create_r (ctx, 10);
  for (int i = 0; i < n_terrain; i++)
    GEOSSTRtree_insert_r (ctx, terrain_tree, terrain[i].box, (void *) (size_t) i);

  for (int i = 0; i < n_items; i++)
    {
      Item *a = &items[i];
      double reach = SPACING + EPSILON;
      GEOSGeometry *query;
      int on_board;

      /* Unary rules. */
      if (a->deployable)
        {
          on_board = covered_by_box (a, board, board_boundary);
          if (!on_board)
            add_violation (a, CODE_OFF_BOARD, NULL);
          if (a->side >= 0 &&
              (!on_board || !covered_by_box (a, zones[a->side], zone_boundaries[a->side])))
            add_violation (a, CODE_OUTSIDE_ZONE, NULL);
        }

      query = GEOSGeom_createRectangle_r (ctx, a->bx0 - reach, a->by0 - reach,
                                          a->bx1 + reach, a->by1 + reach);

      /* Pairs of bases, each once. */
      hits.n = 0;
      GEOSSTRtree_query_r (ctx, tree, query, collect_hit, &hits);
      for (int h = 0; h < hits.n; h++)
        {
          Item *b = &items[hits.ids[h]];
          double sep;

          if (hits.ids[h] <= i || (!a->deployable && !b->deployable))
            continue;

          sep = separation (a, b);
          if (sep < -(TOLERANCE + EPSILON))
            {
              if (a->deployable)
                add_violation (a, CODE_OVERLAP, b->id);
              if (b->deployable)
                add_violation (b, CODE_OVERLAP, a->id);
            }
          else if (is_unit (a) && is_unit (b) && sep <= SPACING + EPSILON)
            {
              if (a->deployable)
                add_violation (a, CODE_UNIT_SPACING, b->id);
              if (b->deployable)
                add_violation (b, CODE_UNIT_SPACING, a->id);
            }
        }

      /* Impassable terrain. */
      if (a->deployable && n_terrain > 0)
        {
          hits.n = 0;
          GEOSSTRtree_query_r (ctx, terrain_tree, query, collect_hit, &hits);
          for (int h = 0; h < hits.n; h++)
            {
              Item *t = &terrain[hits.ids[h]];
              double sep = separation (a, t);

              if (sep < -(TOLERANCE + EPSILON))
                add_violation (a, CODE_OVERLAP, t->id);
              else if (is_unit (a) && sep <= SPACING + EPSILON)
                add_violation (a, CODE_UNIT_SPACING, t->id);
            }
        }

      GEOSGeom_destroy_r (ctx, query);
    }

  t_checked = cpu_ms ();
  if (getenv ("GEOS_VALIDATE_TIMES") != NULL)
    fprintf (stderr, "geos-validate: read-ms=%.3f build-ms=%.3f check-ms=%.3f\n",
             t_read - t_start, t_built - t_read, t_checked - t_built);

  /* Report, sorted by piece id, then code, then other ids. */
  sorted = malloc (n_items * sizeof (Item *) + 1);
  for (int i = 0; i < n_items; i++)
    sorted[i] = &items[i];
  qsort (sorted, n_items, sizeof (Item *), compare_items);
  for (int i = 0; i < n_items; i++)
    {
      Item *item = sorted[i];
      int order[N_CODES] = { CODE_OFF_BOARD, CODE_OUTSIDE_ZONE, CODE_OVERLAP, CODE_UNIT_SPACING };

      for (int k = 0; k < N_CODES; k++)
        {
          Code code = order[k];

          if ((item->codes & (1u << code)) == 0)
            continue;
          n_violations++;
          printf ("%s: %s:", item->id, code_names[code]);
          qsort (item->others[code], item->n_others[code], sizeof (char *), compare_strings);
          for (int o = 0; o < item->n_others[code]; o++)
            printf (" %s", item->others[code][o]);
          printf ("\n");
        }
    }

  return n_violations > 0 ? 1 : 0;
}
