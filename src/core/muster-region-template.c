/* muster-region-template.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-region-template"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-region-template.h"
#include "muster-system.h"
#include "muster-xml.h"

/* The zone language (data/muster-system.rng has the grammar):
 *
 *   <beyond line="L" [side="S"] distance="D" [inclusive="true"]/>
 *       points on side S of line L more than D from it (at least D when
 *       inclusive); both sides when S is left out.
 *   <within line="L" [side="S"] distance="D" [strict="true"]/>
 *       points on side S of L at most D from it (less than D when strict).
 *   <band line="L" [side="S"] from="A" to="B" [inclusive="true"] [strict="true"]/>
 *       beyond A and within B.
 *   <rect x y width height/>  <circle cx cy r/>  <polygon points="x,y x,y ..."/>
 *       with an optional strict="true" (boundary excluded).
 *   <board/>  <union>  <intersection>  <difference> (the first child minus
 *       the others)
 *   <choose>    (a <base-within> choice is made by the whole base, see
 *                muster-region.h)
 *     <when [role="attacker|defender"] [short-edge="west|east|north|south"]
 *           [board="landscape|portrait"]
 *           [option="NAME" value="VALUE"]>
 *       [<base-within [across="TEXT"]>REGION...</base-within>] REGION...
 *       (across: what a player is told of a base across the edge of the
 *       <base-within>, which then counts as not within it)
 *     </when>...
 *     [<otherwise>REGION...</otherwise>]
 *   </choose>
 *
 * Lines: centre, the Centre Line, parallel to the long edges: y = H/2
 * with sides north and south on a landscape board (W >= H), x = W/2 with
 * sides west and east on a portrait one (W < H); nw-se (north-east,
 * south-west), ne-sw (north-west, south-east), the edges north, south,
 * west, east and own-short-edge, opponent-short-edge (always measured
 * inwards, no side; the short edges are west and east on a landscape
 * board, north and south on a portrait one). Distances to lines are
 * perpendicular. Several regions side by side are intersected. Lengths
 * are expressions of width, height and the deployment type's options.
 * A zone for one shape of board only says so (<zone board="portrait">,
 * read by muster-system.c); so can a choice (<when board="portrait">). */

typedef enum
{
  TMPL_BOARD,
  TMPL_BEYOND,
  TMPL_WITHIN,
  TMPL_BAND,
  TMPL_RECT,
  TMPL_CIRCLE,
  TMPL_POLYGON,
  TMPL_UNION,
  TMPL_INTERSECTION,
  TMPL_DIFFERENCE,
  TMPL_CHOOSE,
} TmplKind;

typedef enum
{
  LINE_CENTRE,
  LINE_NW_SE,
  LINE_NE_SW,
  LINE_NORTH,
  LINE_SOUTH,
  LINE_WEST,
  LINE_EAST,
  LINE_OWN_SHORT_EDGE,
  LINE_OPPONENT_SHORT_EDGE,
} LineId;

static const struct
{
  const char *name;
  const char *positive_side;   /* NULL for edges: always inwards */
  const char *negative_side;
} lines[] = {
  [LINE_CENTRE] = { "centre", "south", "north" },   /* "east", "west" on a portrait board */
  [LINE_NW_SE] = { "nw-se", "north-east", "south-west" },
  [LINE_NE_SW] = { "ne-sw", "south-east", "north-west" },
  [LINE_NORTH] = { "north", NULL, NULL },
  [LINE_SOUTH] = { "south", NULL, NULL },
  [LINE_WEST] = { "west", NULL, NULL },
  [LINE_EAST] = { "east", NULL, NULL },
  [LINE_OWN_SHORT_EDGE] = { "own-short-edge", NULL, NULL },
  [LINE_OPPONENT_SHORT_EDGE] = { "opponent-short-edge", NULL, NULL },
};

typedef struct _TmplNode TmplNode;

typedef struct
{
  int       line;
  char     *role;
  char     *short_edge;
  char     *board;          /* "landscape", "portrait" or NULL */
  char     *option;
  char     *value;
  TmplNode *base_within;   /* NULL unless the choice depends on the base */
  char     *across;        /* <base-within across="...">, in English */
  TmplNode *region;
} TmplWhen;

struct _TmplNode
{
  TmplKind    kind;
  int         line;           /* in the file, for messages */
  LineId      line_id;
  int         side;           /* +1, -1, or 0 for both sides */
  gboolean    side_across;    /* centre: the side is west or east, for a
                               * portrait board */
  gboolean    strict;         /* the outer (or only) boundary */
  gboolean    from_strict;    /* band: the boundary at from */
  MusterExpr *exprs[4];       /* distance | from, to | x, y, w, h | cx, cy, r */
  GPtrArray  *coords;         /* polygon: MusterExpr, x and y of each point */
  GPtrArray  *children;       /* TmplNode */
  GPtrArray  *whens;          /* TmplWhen */
  TmplNode   *otherwise;
};

struct _MusterRegionTemplate
{
  char     *filename;
  TmplNode *root;
  guint64   cost;
};

typedef struct
{
  const char *filename;
  MusterUnit  units;
} ParseContext;

typedef struct
{
  const MusterRegionTemplate *tmpl;
  const MusterRegionContext  *context;
  const char                 *bad_option;   /* set by lookup_name() */
} Resolver;

static void
tmpl_node_free (TmplNode *node)
{
  if (node == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (node->exprs); i++)
    g_clear_pointer (&node->exprs[i], muster_expr_unref);
  g_clear_pointer (&node->coords, g_ptr_array_unref);
  g_clear_pointer (&node->children, g_ptr_array_unref);
  g_clear_pointer (&node->whens, g_ptr_array_unref);
  tmpl_node_free (node->otherwise);
  g_free (node);
}

static void
tmpl_when_free (TmplWhen *when)
{
  g_free (when->role);
  g_free (when->short_edge);
  g_free (when->board);
  g_free (when->option);
  g_free (when->value);
  g_free (when->across);
  tmpl_node_free (when->base_within);
  tmpl_node_free (when->region);
  g_free (when);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TmplNode, tmpl_node_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TmplWhen, tmpl_when_free)

static TmplNode *
tmpl_node_new (TmplKind  kind,
               xmlNode  *element)
{
  TmplNode *node = g_new0 (TmplNode, 1);

  node->kind = kind;
  node->line = muster_xml_get_line (element);

  return node;
}

#define set_error_at(error, filename, line, ...) \
  muster_xml_set_error_at ((error), MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID, \
                           (filename), (line), __VA_ARGS__)

/* Parsing */

static TmplNode *parse_regions (const ParseContext  *ctx,
                                xmlNode             *parent,
                                gboolean             allow_base_within,
                                TmplNode           **base_within,
                                GError             **error);

static gboolean
parse_bool (const ParseContext  *ctx,
            xmlNode             *element,
            const char          *name,
            gboolean             fallback,
            gboolean            *value,
            GError             **error)
{
  g_autofree char *text = muster_xml_get_token (element, name);

  if (text == NULL)
    *value = fallback;
  else if (strcmp (text, "true") == 0)
    *value = TRUE;
  else if (strcmp (text, "false") == 0)
    *value = FALSE;
  else
    {
      set_error_at (error, ctx->filename, muster_xml_get_line (element),
                    _("<%s %s=\"%s\">: use true or false"),
                    (const char *) element->name, name, text);
      return FALSE;
    }

  return TRUE;
}

static MusterExpr *
parse_expr_text (const ParseContext  *ctx,
                 xmlNode             *element,
                 const char          *name,
                 const char          *text,
                 GError             **error)
{
  g_autoptr(GError) local_error = NULL;
  MusterExpr *expr;

  expr = muster_expr_parse (text, ctx->units, &local_error);
  if (expr == NULL)
    set_error_at (error, ctx->filename, muster_xml_get_line (element),
                  _("<%s %s>: %s"), (const char *) element->name, name, local_error->message);

  return expr;
}

static MusterExpr *
parse_expr (const ParseContext  *ctx,
            xmlNode             *element,
            const char          *name,
            GError             **error)
{
  g_autofree char *text = muster_xml_get_prop (element, name);

  if (text == NULL)
    {
      set_error_at (error, ctx->filename, muster_xml_get_line (element),
                    _("<%s> needs the attribute %s"), (const char *) element->name, name);
      return NULL;
    }

  return parse_expr_text (ctx, element, name, text, error);
}

static gboolean
parse_line (const ParseContext  *ctx,
            xmlNode             *element,
            TmplNode            *node,
            GError             **error)
{
  g_autofree char *line = muster_xml_get_token (element, "line");
  g_autofree char *side = muster_xml_get_token (element, "side");
  gboolean found = FALSE;

  if (line == NULL)
    {
      set_error_at (error, ctx->filename, node->line,
                    _("<%s> needs the attribute line"), (const char *) element->name);
      return FALSE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      if (strcmp (lines[i].name, line) == 0)
        {
          node->line_id = i;
          found = TRUE;
          break;
        }
    }

  if (!found)
    {
      set_error_at (error, ctx->filename, node->line,
                    _("Unknown line “%s” (use centre, nw-se, ne-sw, north, south, west, "
                      "east, own-short-edge or opponent-short-edge)"), line);
      return FALSE;
    }

  if (lines[node->line_id].positive_side == NULL)
    {
      /* A board edge: distances are measured into the board. */
      if (side != NULL)
        {
          set_error_at (error, ctx->filename, node->line,
                        _("The line “%s” is a board edge and has only one side, the "
                          "board's: leave out side=\"%s\""), line, side);
          return FALSE;
        }
      node->side = 1;
      return TRUE;
    }

  if (side == NULL)
    node->side = 0;
  else if (strcmp (side, lines[node->line_id].positive_side) == 0)
    node->side = 1;
  else if (strcmp (side, lines[node->line_id].negative_side) == 0)
    node->side = -1;
  else if (node->line_id == LINE_CENTRE && strcmp (side, "east") == 0)
    node->side = 1, node->side_across = TRUE;
  else if (node->line_id == LINE_CENTRE && strcmp (side, "west") == 0)
    node->side = -1, node->side_across = TRUE;
  else if (node->line_id == LINE_CENTRE)
    {
      set_error_at (error, ctx->filename, node->line,
                    _("The Centre Line has the sides north and south (west and east on a "
                      "portrait board), not “%s”"), side);
      return FALSE;
    }
  else
    {
      set_error_at (error, ctx->filename, node->line,
                    _("The line “%s” has the sides %s and %s, not “%s”"), line,
                    lines[node->line_id].negative_side, lines[node->line_id].positive_side,
                    side);
      return FALSE;
    }

  return TRUE;
}

static gboolean
parse_points (const ParseContext  *ctx,
              xmlNode             *element,
              TmplNode            *node,
              GError             **error)
{
  g_autofree char *text = muster_xml_get_prop (element, "points");
  g_auto(GStrv) points = NULL;

  if (text == NULL)
    {
      set_error_at (error, ctx->filename, node->line, _("<polygon> needs the attribute points"));
      return FALSE;
    }

  /* "x,y x,y ...", or "x,y; x,y; ..." when the coordinates hold spaces */
  if (strchr (text, ';') != NULL)
    points = g_strsplit (text, ";", -1);
  else
    points = g_strsplit_set (g_strstrip (text), " \t\r\n", -1);

  node->coords = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_expr_unref);

  for (guint i = 0; points[i] != NULL; i++)
    {
      g_auto(GStrv) xy = NULL;

      if (*g_strstrip (points[i]) == '\0')
        continue;

      xy = g_strsplit (points[i], ",", -1);
      if (g_strv_length (xy) != 2)
        {
          set_error_at (error, ctx->filename, node->line,
                        _("<polygon points>: “%s” is not a point “x,y”"), points[i]);
          return FALSE;
        }

      if (node->coords->len / 2 == MUSTER_REGION_TEMPLATE_MAX_POLYGON_POINTS)
        {
          set_error_at (error, ctx->filename, node->line,
                        _("<polygon> may have at most %d points"),
                        MUSTER_REGION_TEMPLATE_MAX_POLYGON_POINTS);
          return FALSE;
        }

      for (guint j = 0; j < 2; j++)
        {
          MusterExpr *expr = parse_expr_text (ctx, element, "points", xy[j], error);

          if (expr == NULL)
            return FALSE;
          g_ptr_array_add (node->coords, expr);
        }
    }

  if (node->coords->len < 6)
    {
      set_error_at (error, ctx->filename, node->line,
                    _("<polygon> needs at least three points"));
      return FALSE;
    }

  return TRUE;
}

static gboolean
parse_condition_value (const ParseContext  *ctx,
                       xmlNode             *element,
                       const char          *name,
                       const char * const  *allowed,
                       char               **value,
                       GError             **error)
{
  g_autofree char *text = muster_xml_get_prop (element, name);

  if (text != NULL && allowed != NULL && !g_strv_contains (allowed, text))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) allowed);

      set_error_at (error, ctx->filename, muster_xml_get_line (element),
                    _("<%s %s=\"%s\">: use one of %s"),
                    (const char *) element->name, name, text, list);
      return FALSE;
    }

  *value = g_steal_pointer (&text);

  return TRUE;
}

static TmplWhen *
parse_when (const ParseContext  *ctx,
            xmlNode             *element,
            GError             **error)
{
  static const char * const roles[] = { "attacker", "defender", NULL };
  static const char * const edges[] = { "west", "east", "north", "south", NULL };
  static const char * const boards[] = { "landscape", "portrait", NULL };
  g_autoptr(TmplWhen) when = g_new0 (TmplWhen, 1);

  when->line = muster_xml_get_line (element);

  if (!parse_condition_value (ctx, element, "role", roles, &when->role, error) ||
      !parse_condition_value (ctx, element, "short-edge", edges, &when->short_edge, error) ||
      !parse_condition_value (ctx, element, "board", boards, &when->board, error) ||
      !parse_condition_value (ctx, element, "option", NULL, &when->option, error) ||
      !parse_condition_value (ctx, element, "value", NULL, &when->value, error))
    return NULL;

  if ((when->option == NULL) != (when->value == NULL))
    {
      set_error_at (error, ctx->filename, when->line,
                    _("<when> needs both option and value, or neither"));
      return NULL;
    }

  when->region = parse_regions (ctx, element, TRUE, &when->base_within, error);
  if (when->region == NULL)
    return NULL;
  if (when->base_within != NULL)
    when->across = muster_xml_get_prop (muster_xml_find_child (element, "base-within"), "across");

  return g_steal_pointer (&when);
}

static TmplNode *
parse_choose (const ParseContext  *ctx,
              xmlNode             *element,
              GError             **error)
{
  g_autoptr(TmplNode) node = tmpl_node_new (TMPL_CHOOSE, element);

  node->whens = g_ptr_array_new_with_free_func ((GDestroyNotify) tmpl_when_free);

  for (xmlNode *child = element->children; child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;

      if (node->otherwise != NULL)
        {
          set_error_at (error, ctx->filename, muster_xml_get_line (child),
                        _("<otherwise> must be the last choice of <choose>"));
          return NULL;
        }

      if (muster_xml_is_element (child, "when"))
        {
          TmplWhen *when = parse_when (ctx, child, error);

          if (when == NULL)
            return NULL;
          g_ptr_array_add (node->whens, when);
        }
      else if (muster_xml_is_element (child, "otherwise"))
        {
          node->otherwise = parse_regions (ctx, child, FALSE, NULL, error);
          if (node->otherwise == NULL)
            return NULL;
        }
      else
        {
          set_error_at (error, ctx->filename, muster_xml_get_line (child),
                        _("<choose> holds <when> and <otherwise>, not <%s>"),
                        (const char *) child->name);
          return NULL;
        }
    }

  if (node->whens->len == 0)
    {
      set_error_at (error, ctx->filename, node->line, _("<choose> needs at least one <when>"));
      return NULL;
    }

  return g_steal_pointer (&node);
}

/* <beyond> and <within>: one side of a line (or both), farther than a
 * distance or up to it. */
static TmplNode *
parse_distance_from_line (const ParseContext  *ctx,
                          xmlNode             *element,
                          TmplKind             kind,
                          GError             **error)
{
  g_autoptr(TmplNode) node = tmpl_node_new (kind, element);

  if (!parse_line (ctx, element, node, error))
    return NULL;
  if ((node->exprs[0] = parse_expr (ctx, element, "distance", error)) == NULL)
    return NULL;

  if (kind == TMPL_BEYOND)
    {
      gboolean inclusive;

      if (!parse_bool (ctx, element, "inclusive", FALSE, &inclusive, error))
        return NULL;
      node->strict = !inclusive;
    }
  else if (!parse_bool (ctx, element, "strict", FALSE, &node->strict, error))
    return NULL;

  return g_steal_pointer (&node);
}

static TmplNode *
parse_band (const ParseContext  *ctx,
            xmlNode             *element,
            GError             **error)
{
  g_autoptr(TmplNode) node = tmpl_node_new (TMPL_BAND, element);
  gboolean inclusive;

  if (!parse_line (ctx, element, node, error) ||
      (node->exprs[0] = parse_expr (ctx, element, "from", error)) == NULL ||
      (node->exprs[1] = parse_expr (ctx, element, "to", error)) == NULL ||
      !parse_bool (ctx, element, "inclusive", FALSE, &inclusive, error) ||
      !parse_bool (ctx, element, "strict", FALSE, &node->strict, error))
    return NULL;
  node->from_strict = !inclusive;

  return g_steal_pointer (&node);
}

/* <rect> and <circle>: the expressions of attrs, in the order of exprs. */
static TmplNode *
parse_shape (const ParseContext  *ctx,
             xmlNode             *element,
             TmplKind             kind,
             const char * const  *attrs,
             guint                n_attrs,
             GError             **error)
{
  g_autoptr(TmplNode) node = tmpl_node_new (kind, element);

  g_assert (n_attrs <= G_N_ELEMENTS (node->exprs));

  for (guint i = 0; i < n_attrs; i++)
    {
      if ((node->exprs[i] = parse_expr (ctx, element, attrs[i], error)) == NULL)
        return NULL;
    }
  if (!parse_bool (ctx, element, "strict", FALSE, &node->strict, error))
    return NULL;

  return g_steal_pointer (&node);
}

static TmplNode *
parse_polygon (const ParseContext  *ctx,
               xmlNode             *element,
               GError             **error)
{
  g_autoptr(TmplNode) node = tmpl_node_new (TMPL_POLYGON, element);

  if (!parse_points (ctx, element, node, error) ||
      !parse_bool (ctx, element, "strict", FALSE, &node->strict, error))
    return NULL;

  return g_steal_pointer (&node);
}

static TmplNode *parse_element (const ParseContext  *ctx,
                                xmlNode             *element,
                                GError             **error);

/* <union>, <intersection> and <difference> of the regions inside. */
static TmplNode *
parse_combination (const ParseContext  *ctx,
                   xmlNode             *element,
                   TmplKind             kind,
                   GError             **error)
{
  g_autoptr(TmplNode) node = tmpl_node_new (kind, element);

  node->children = g_ptr_array_new_with_free_func ((GDestroyNotify) tmpl_node_free);

  for (xmlNode *child = element->children; child != NULL; child = child->next)
    {
      TmplNode *part;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      if ((part = parse_element (ctx, child, error)) == NULL)
        return NULL;
      g_ptr_array_add (node->children, part);
    }

  if (node->children->len == 0)
    {
      set_error_at (error, ctx->filename, node->line, _("<%s> needs at least one region"),
                    (const char *) element->name);
      return NULL;
    }

  return g_steal_pointer (&node);
}

static TmplNode *
parse_element (const ParseContext  *ctx,
               xmlNode             *element,
               GError             **error)
{
  static const char * const rect_attrs[] = { "x", "y", "width", "height" };
  static const char * const circle_attrs[] = { "cx", "cy", "r" };
  const char *name = (const char *) element->name;

  if (element->ns != NULL)
    {
      set_error_at (error, ctx->filename, muster_xml_get_line (element),
                    _("<%s> is not part of the zone language"), name);
      return NULL;
    }

  if (strcmp (name, "board") == 0)
    return tmpl_node_new (TMPL_BOARD, element);
  if (strcmp (name, "beyond") == 0)
    return parse_distance_from_line (ctx, element, TMPL_BEYOND, error);
  if (strcmp (name, "within") == 0)
    return parse_distance_from_line (ctx, element, TMPL_WITHIN, error);
  if (strcmp (name, "band") == 0)
    return parse_band (ctx, element, error);
  if (strcmp (name, "rect") == 0)
    return parse_shape (ctx, element, TMPL_RECT, rect_attrs, G_N_ELEMENTS (rect_attrs), error);
  if (strcmp (name, "circle") == 0)
    return parse_shape (ctx, element, TMPL_CIRCLE, circle_attrs, G_N_ELEMENTS (circle_attrs), error);
  if (strcmp (name, "polygon") == 0)
    return parse_polygon (ctx, element, error);
  if (strcmp (name, "union") == 0)
    return parse_combination (ctx, element, TMPL_UNION, error);
  if (strcmp (name, "intersection") == 0)
    return parse_combination (ctx, element, TMPL_INTERSECTION, error);
  if (strcmp (name, "difference") == 0)
    return parse_combination (ctx, element, TMPL_DIFFERENCE, error);
  if (strcmp (name, "choose") == 0)
    return parse_choose (ctx, element, error);

  set_error_at (error, ctx->filename, muster_xml_get_line (element),
                _("<%s> is not part of the zone language"), name);

  return NULL;
}

/* The region elements under parent; several are intersected. When
 * allow_base_within, a first <base-within> is parsed into *base_within. */
static TmplNode *
parse_regions (const ParseContext  *ctx,
               xmlNode             *parent,
               gboolean             allow_base_within,
               TmplNode           **base_within,
               GError             **error)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) tmpl_node_free);
  TmplNode *node;

  for (xmlNode *child = parent->children; child != NULL; child = child->next)
    {
      TmplNode *part;

      if (child->type != XML_ELEMENT_NODE)
        continue;

      if (muster_xml_is_element (child, "base-within"))
        {
          if (!allow_base_within || *base_within != NULL || parts->len > 0)
            {
              set_error_at (error, ctx->filename, muster_xml_get_line (child),
                            _("<base-within> may only come first in a <when>"));
              return NULL;
            }
          *base_within = parse_regions (ctx, child, FALSE, NULL, error);
          if (*base_within == NULL)
            return NULL;
          continue;
        }

      if ((part = parse_element (ctx, child, error)) == NULL)
        return NULL;
      g_ptr_array_add (parts, part);
    }

  if (parts->len == 0)
    {
      set_error_at (error, ctx->filename, muster_xml_get_line (parent),
                    _("<%s> needs at least one region"), (const char *) parent->name);
      return NULL;
    }

  if (parts->len == 1)
    return g_ptr_array_steal_index (parts, 0);

  node = tmpl_node_new (TMPL_INTERSECTION, parent);
  node->children = g_steal_pointer (&parts);

  return node;
}

/* Work, in rough units of one small step: an expression costs by its
 * length, a polygon by the square of its points (it is checked for
 * crossing itself, and cut into triangles when concave). */
static guint64
expr_cost (const MusterExpr *expr)
{
  return expr != NULL ? 1 + strlen (muster_expr_get_text (expr)) / 8 : 0;
}

static guint64
node_cost (const TmplNode *node)
{
  guint64 cost = 1;

  if (node == NULL)
    return 0;

  for (guint i = 0; i < G_N_ELEMENTS (node->exprs); i++)
    cost += expr_cost (node->exprs[i]);

  if (node->coords != NULL)
    {
      guint64 n = node->coords->len / 2;

      for (guint i = 0; i < node->coords->len; i++)
        cost += expr_cost (g_ptr_array_index (node->coords, i));
      cost += n * n / 16;
    }

  for (guint i = 0; node->children != NULL && i < node->children->len; i++)
    cost += node_cost (g_ptr_array_index (node->children, i));

  for (guint i = 0; node->whens != NULL && i < node->whens->len; i++)
    {
      const TmplWhen *when = g_ptr_array_index (node->whens, i);

      cost += 1 + node_cost (when->base_within) + node_cost (when->region);
    }

  return cost + node_cost (node->otherwise);
}

MusterRegionTemplate *
muster_region_template_parse (xmlNode     *parent,
                              MusterUnit   units,
                              const char  *filename,
                              GError     **error)
{
  ParseContext ctx = { filename, units };
  MusterRegionTemplate *tmpl;
  TmplNode *root;

  g_return_val_if_fail (parent != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  root = parse_regions (&ctx, parent, FALSE, NULL, error);
  if (root == NULL)
    return NULL;

  tmpl = g_new0 (MusterRegionTemplate, 1);
  tmpl->filename = g_strdup (filename);
  tmpl->root = root;
  tmpl->cost = node_cost (root);

  return tmpl;
}

guint64
muster_region_template_get_cost (const MusterRegionTemplate *tmpl)
{
  g_return_val_if_fail (tmpl != NULL, 0);

  return tmpl->cost;
}

void
muster_region_template_free (MusterRegionTemplate *tmpl)
{
  if (tmpl == NULL)
    return;

  tmpl_node_free (tmpl->root);
  g_free (tmpl->filename);
  g_free (tmpl);
}

/* Checking option references */

static gboolean
check_node_options (const MusterRegionTemplate  *tmpl,
                    const TmplNode              *node,
                    GHashTable                  *options,
                    GError                     **error)
{
  if (node == NULL)
    return TRUE;

  if (node->children != NULL)
    {
      for (guint i = 0; i < node->children->len; i++)
        {
          if (!check_node_options (tmpl, g_ptr_array_index (node->children, i), options, error))
            return FALSE;
        }
    }

  if (node->whens != NULL)
    {
      for (guint i = 0; i < node->whens->len; i++)
        {
          const TmplWhen *when = g_ptr_array_index (node->whens, i);

          if (when->option != NULL)
            {
              const char * const *values = g_hash_table_lookup (options, when->option);

              if (values == NULL)
                {
                  set_error_at (error, tmpl->filename, when->line,
                                _("<when option=\"%s\">: the deployment type has no such option"),
                                when->option);
                  return FALSE;
                }
              if (!g_strv_contains (values, when->value))
                {
                  set_error_at (error, tmpl->filename, when->line,
                                _("<when option=\"%s\" value=\"%s\">: the option has no such value"),
                                when->option, when->value);
                  return FALSE;
                }
            }

          if (!check_node_options (tmpl, when->base_within, options, error) ||
              !check_node_options (tmpl, when->region, options, error))
            return FALSE;
        }
    }

  return check_node_options (tmpl, node->otherwise, options, error);
}

gboolean
muster_region_template_check_options (const MusterRegionTemplate  *tmpl,
                                      GHashTable                  *options,
                                      GError                     **error)
{
  g_return_val_if_fail (tmpl != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return check_node_options (tmpl, tmpl->root, options, error);
}

/* Resolving */

static gboolean
lookup_name (const char *name,
             double     *value_mm,
             gpointer    user_data)
{
  Resolver *r = user_data;
  const char *text;

  if (strcmp (name, "width") == 0)
    {
      *value_mm = r->context->width;
      return TRUE;
    }

  if (strcmp (name, "height") == 0)
    {
      *value_mm = r->context->height;
      return TRUE;
    }

  if (r->context->options == NULL)
    return FALSE;

  text = g_hash_table_lookup (r->context->options, name);
  if (text == NULL)
    return FALSE;

  if (!muster_length_parse (text, r->context->units, value_mm, NULL))
    {
      r->bad_option = name;
      return FALSE;
    }

  return TRUE;
}

static gboolean
eval (Resolver        *r,
      const TmplNode  *node,
      const MusterExpr *expr,
      double          *value,
      GError         **error)
{
  g_autoptr(GError) local_error = NULL;

  r->bad_option = NULL;

  if (muster_expr_eval (expr, lookup_name, r, value, &local_error))
    return TRUE;

  if (r->bad_option != NULL)
    set_error_at (error, r->tmpl->filename, node->line,
                  _("“%s”: the option %s is “%s”, which is not a length"),
                  muster_expr_get_text (expr), r->bad_option,
                  (const char *) g_hash_table_lookup (r->context->options, r->bad_option));
  else
    set_error_at (error, r->tmpl->filename, node->line, "%s", local_error->message);

  return FALSE;
}

/* The line as n·p = k with a unit normal n pointing to its positive side
 * (for edges: into the board). */
static gboolean
line_geometry (Resolver        *r,
               const TmplNode  *node,
               double          *nx,
               double          *ny,
               double          *k,
               GError         **error)
{
  double w = r->context->width;
  double h = r->context->height;
  double diagonal = hypot (w, h);
  LineId line = node->line_id;

  if (line == LINE_OWN_SHORT_EDGE || line == LINE_OPPONENT_SHORT_EDGE)
    {
      static const LineId edge_lines[] = { LINE_WEST, LINE_EAST, LINE_NORTH, LINE_SOUTH };
      static const char * const edge_names[] = { "west", "east", "north", "south", NULL };
      const char *edge = r->context->short_edge;
      gboolean portrait = w < h;
      guint i;

      for (i = 0; edge_names[i] != NULL; i++)
        {
          if (g_strcmp0 (edge, edge_names[i]) == 0)
            break;
        }

      if (edge_names[i] == NULL || (i >= 2) != portrait)
        {
          if (portrait)
            g_set_error_literal (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID,
                                 _("This zone is measured from the player's short edge, which is "
                                   "not set (on a portrait board, choose north or south)"));
          else
            g_set_error_literal (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID,
                                 _("This zone is measured from the player's short edge, which is "
                                   "not set (choose west or east)"));
          return FALSE;
        }

      /* The opposite edge: west and east, north and south are pairs. */
      if (line == LINE_OPPONENT_SHORT_EDGE)
        i ^= 1;
      line = edge_lines[i];
    }

  switch (line)
    {
    case LINE_CENTRE:
      /* Parallel to the long edges. */
      if ((w < h) != node->side_across && node->side != 0)
        {
          set_error_at (error, r->tmpl->filename, node->line,
                        "%s", w < h ? _("On a portrait board the Centre Line runs north to south: "
                                        "its sides are west and east")
                                    : _("On a landscape board the Centre Line runs west to east: "
                                        "its sides are north and south"));
          return FALSE;
        }
      *nx = w < h ? 1 : 0;
      *ny = w < h ? 0 : 1;
      *k = w < h ? w / 2 : h / 2;
      break;
    case LINE_NW_SE:
      *nx = h / diagonal;
      *ny = -w / diagonal;
      *k = 0;
      break;
    case LINE_NE_SW:
      *nx = h / diagonal;
      *ny = w / diagonal;
      *k = w * h / diagonal;
      break;
    case LINE_NORTH:
      *nx = 0;
      *ny = 1;
      *k = 0;
      break;
    case LINE_SOUTH:
      *nx = 0;
      *ny = -1;
      *k = -h;
      break;
    case LINE_WEST:
      *nx = 1;
      *ny = 0;
      *k = 0;
      break;
    case LINE_EAST:
      *nx = -1;
      *ny = 0;
      *k = -w;
      break;
    case LINE_OWN_SHORT_EDGE:
    case LINE_OPPONENT_SHORT_EDGE:
    default:
      g_assert_not_reached ();
    }

  return TRUE;
}

/* Points on one side of the line (sign ±1) whose distance s from it lies
 * between from and to; from or to may be -INFINITY / INFINITY for none. */
static MusterRegion *
side_band (double   nx,
           double   ny,
           double   k,
           int      sign,
           double   from,
           gboolean from_strict,
           double   to,
           gboolean to_strict)
{
  GPtrArray *parts = g_ptr_array_new ();

  /* s = sign · (n·p − k) */
  nx *= sign;
  ny *= sign;
  k *= sign;

  if (isfinite (from))
    {
      MusterRegion *plane = muster_region_new_half_plane (nx, ny, k + from, from_strict);

      plane->offset = from;
      g_ptr_array_add (parts, plane);
    }
  if (isfinite (to))
    {
      MusterRegion *plane = muster_region_new_half_plane (-nx, -ny, -(k + to), to_strict);

      plane->offset = -to;
      g_ptr_array_add (parts, plane);
    }

  if (parts->len == 1)
    {
      MusterRegion *only = g_ptr_array_steal_index (parts, 0);

      g_ptr_array_unref (parts);
      return only;
    }

  return muster_region_new_set (MUSTER_REGION_INTERSECTION, parts);
}

static MusterRegion *
line_band (Resolver        *r,
           const TmplNode  *node,
           double           from,
           gboolean         from_strict,
           double           to,
           gboolean         to_strict,
           GError         **error)
{
  double nx, ny, k;
  GPtrArray *sides;

  if (!line_geometry (r, node, &nx, &ny, &k, error))
    return NULL;

  if (node->side != 0)
    return side_band (nx, ny, k, node->side, from, from_strict, to, to_strict);

  /* Both sides of the line: when the lower bound lets the line itself
   * in, it is one strip (or all of the board), else two. */
  if (from < 0 || (from == 0 && !from_strict))
    {
      GPtrArray *parts;

      if (!isfinite (to))
        return muster_region_new_board (r->context->width, r->context->height);

      /* −to ≤ s ≤ to */
      parts = g_ptr_array_new ();
      g_ptr_array_add (parts, muster_region_new_half_plane (nx, ny, k - to, to_strict));
      g_ptr_array_add (parts, muster_region_new_half_plane (-nx, -ny, -(k + to), to_strict));
      return muster_region_new_set (MUSTER_REGION_INTERSECTION, parts);
    }

  sides = g_ptr_array_new ();
  g_ptr_array_add (sides, side_band (nx, ny, k, 1, from, from_strict, to, to_strict));
  g_ptr_array_add (sides, side_band (nx, ny, k, -1, from, from_strict, to, to_strict));

  return muster_region_new_set (MUSTER_REGION_UNION, sides);
}

static MusterRegion *resolve_node (Resolver        *r,
                                   const TmplNode  *node,
                                   GError         **error);

static gboolean
when_applies (Resolver       *r,
              const TmplWhen *when)
{
  const MusterRegionContext *context = r->context;

  if (when->role != NULL && g_strcmp0 (when->role, context->role) != 0)
    return FALSE;

  if (when->short_edge != NULL && g_strcmp0 (when->short_edge, context->short_edge) != 0)
    return FALSE;

  if (when->board != NULL &&
      strcmp (when->board, context->width < context->height ? "portrait" : "landscape") != 0)
    return FALSE;

  if (when->option != NULL)
    {
      const char *value = context->options != NULL
                          ? g_hash_table_lookup (context->options, when->option)
                          : NULL;

      if (g_strcmp0 (when->value, value) != 0)
        return FALSE;
    }

  return TRUE;
}

/* No <when> of node applies. A choice it looks at that the player has not
 * made is the layout's to mend: said so, naming no line of the system
 * file (as for a short edge); else the file's gap, at its line. */
static void
set_no_choice_error (Resolver        *r,
                     const TmplNode  *node,
                     GError         **error)
{
  gboolean by_role = FALSE;
  gboolean by_edge = FALSE;

  for (guint i = 0; i < node->whens->len; i++)
    {
      const TmplWhen *when = g_ptr_array_index (node->whens, i);

      by_role |= when->role != NULL;
      by_edge |= when->short_edge != NULL;
    }

  if (by_role && r->context->role == NULL)
    g_set_error_literal (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID,
                         _("This player has no role: its zone depends on whether it attacks or defends "
                           "(choose Attacker or Defender)"));
  else if (by_edge && r->context->short_edge == NULL)
    g_set_error_literal (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID,
                         _("This player has no short edge: its zone is measured from it "
                           "(choose one of the table’s short edges)"));
  else
    set_error_at (error, r->tmpl->filename, node->line,
                  _("None of the choices applies to this player (role: %s; short edge: %s)"),
                  r->context->role != NULL ? r->context->role : _("not set"),
                  r->context->short_edge != NULL ? r->context->short_edge : _("not set"));
}

static MusterRegion *
resolve_choice (Resolver        *r,
                const TmplNode  *node,
                guint            first,
                GError         **error)
{
  for (guint i = first; i < node->whens->len; i++)
    {
      const TmplWhen *when = g_ptr_array_index (node->whens, i);
      g_autoptr(MusterRegion) condition = NULL;
      g_autoptr(MusterRegion) then_region = NULL;
      MusterRegion *otherwise;
      MusterRegion *if_within;

      if (!when_applies (r, when))
        continue;

      if ((then_region = resolve_node (r, when->region, error)) == NULL)
        return NULL;

      if (when->base_within == NULL)
        return g_steal_pointer (&then_region);

      /* Decided base by base: this region if the whole base lies within
       * the condition, otherwise whatever the later choices give. */
      if ((condition = resolve_node (r, when->base_within, error)) == NULL)
        return NULL;
      if ((otherwise = resolve_choice (r, node, i + 1, error)) == NULL)
        return NULL;

      if_within = muster_region_new_if_within (g_steal_pointer (&condition),
                                               g_steal_pointer (&then_region),
                                               otherwise);
      /* Written in English, shown translated (po/system-strings.c). */
      if (when->across != NULL)
        muster_region_set_note (if_within, g_dgettext (GETTEXT_PACKAGE, when->across));
      return if_within;
    }

  if (node->otherwise != NULL)
    return resolve_node (r, node->otherwise, error);

  set_no_choice_error (r, node, error);

  return NULL;
}

/* <within> and <band>: between two distances from a line. */
static MusterRegion *
resolve_band (Resolver        *r,
              const TmplNode  *node,
              GError         **error)
{
  gboolean band = node->kind == TMPL_BAND;
  double from = 0, to;

  if (band)
    {
      if (!eval (r, node, node->exprs[0], &from, error) ||
          !eval (r, node, node->exprs[1], &to, error))
        return NULL;
    }
  else if (!eval (r, node, node->exprs[0], &to, error))
    return NULL;

  if (to < 0)
    {
      set_error_at (error, r->tmpl->filename, node->line,
                    _("The distance “%s” is negative"),
                    muster_expr_get_text (node->exprs[band ? 1 : 0]));
      return NULL;
    }

  return line_band (r, node, from, band ? node->from_strict : FALSE,
                    to, node->strict, error);
}

static MusterRegion *
resolve_rect (Resolver        *r,
              const TmplNode  *node,
              GError         **error)
{
  double v[4];
  MusterPoint corners[4];

  for (guint i = 0; i < 4; i++)
    {
      if (!eval (r, node, node->exprs[i], &v[i], error))
        return NULL;
    }
  if (v[2] <= 0 || v[3] <= 0)
    {
      set_error_at (error, r->tmpl->filename, node->line,
                    _("The rectangle has no area (width %s, height %s)"),
                    muster_expr_get_text (node->exprs[2]),
                    muster_expr_get_text (node->exprs[3]));
      return NULL;
    }

  corners[0] = (MusterPoint) { v[0], v[1] };
  corners[1] = (MusterPoint) { v[0] + v[2], v[1] };
  corners[2] = (MusterPoint) { v[0] + v[2], v[1] + v[3] };
  corners[3] = (MusterPoint) { v[0], v[1] + v[3] };

  return muster_region_new_polygon (corners, 4, node->strict, error);
}

static MusterRegion *
resolve_circle (Resolver        *r,
                const TmplNode  *node,
                GError         **error)
{
  double v[3];

  for (guint i = 0; i < 3; i++)
    {
      if (!eval (r, node, node->exprs[i], &v[i], error))
        return NULL;
    }
  if (v[2] <= 0)
    {
      set_error_at (error, r->tmpl->filename, node->line,
                    _("The radius “%s” is not positive"),
                    muster_expr_get_text (node->exprs[2]));
      return NULL;
    }

  return muster_region_new_circle (v[0], v[1], v[2], node->strict);
}

static MusterRegion *
resolve_polygon (Resolver        *r,
                 const TmplNode  *node,
                 GError         **error)
{
  guint n = node->coords->len / 2;
  g_autofree MusterPoint *points = g_new (MusterPoint, n);
  g_autoptr(GError) local_error = NULL;
  MusterRegion *region;

  for (guint i = 0; i < n; i++)
    {
      if (!eval (r, node, g_ptr_array_index (node->coords, 2 * i), &points[i].x, error) ||
          !eval (r, node, g_ptr_array_index (node->coords, 2 * i + 1), &points[i].y, error))
        return NULL;
    }

  region = muster_region_new_polygon (points, n, node->strict, &local_error);
  if (region == NULL)
    set_error_at (error, r->tmpl->filename, node->line,
                  _("<polygon>: %s"), local_error->message);

  return region;
}

/* <union>, <intersection> and <difference>. */
static MusterRegion *
resolve_combination (Resolver        *r,
                     const TmplNode  *node,
                     GError         **error)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_region_unref);

  for (guint i = 0; i < node->children->len; i++)
    {
      MusterRegion *part = resolve_node (r, g_ptr_array_index (node->children, i), error);

      if (part == NULL)
        return NULL;
      g_ptr_array_add (parts, part);
    }

  return muster_region_new_set (node->kind == TMPL_UNION ? MUSTER_REGION_UNION :
                                node->kind == TMPL_INTERSECTION ? MUSTER_REGION_INTERSECTION :
                                MUSTER_REGION_DIFFERENCE,
                                g_steal_pointer (&parts));
}

static MusterRegion *
resolve_node (Resolver        *r,
              const TmplNode  *node,
              GError         **error)
{
  double distance;

  switch (node->kind)
    {
    case TMPL_BOARD:
      return muster_region_new_board (r->context->width, r->context->height);

    case TMPL_BEYOND:
      if (!eval (r, node, node->exprs[0], &distance, error))
        return NULL;
      return line_band (r, node, distance, node->strict, INFINITY, FALSE, error);

    case TMPL_WITHIN:
    case TMPL_BAND:
      return resolve_band (r, node, error);

    case TMPL_RECT:
      return resolve_rect (r, node, error);

    case TMPL_CIRCLE:
      return resolve_circle (r, node, error);

    case TMPL_POLYGON:
      return resolve_polygon (r, node, error);

    case TMPL_UNION:
    case TMPL_INTERSECTION:
    case TMPL_DIFFERENCE:
      return resolve_combination (r, node, error);

    case TMPL_CHOOSE:
      return resolve_choice (r, node, 0, error);

    default:
      g_assert_not_reached ();
    }
}

MusterRegion *
muster_region_template_resolve (const MusterRegionTemplate *tmpl,
                                const MusterRegionContext  *context,
                                GError                    **error)
{
  Resolver r = { tmpl, context, NULL };

  g_return_val_if_fail (tmpl != NULL, NULL);
  g_return_val_if_fail (context != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!isfinite (context->width) || !isfinite (context->height) ||
      context->width <= 0 || context->height <= 0)
    {
      g_set_error (error, MUSTER_SYSTEM_ERROR, MUSTER_SYSTEM_ERROR_INVALID,
                   _("The board must have a positive width and height"));
      return NULL;
    }

  return resolve_node (&r, tmpl->root, error);
}

static gboolean
node_uses_short_edges (const TmplNode *node)
{
  if (node == NULL)
    return FALSE;

  if (node->line_id == LINE_OWN_SHORT_EDGE || node->line_id == LINE_OPPONENT_SHORT_EDGE)
    return TRUE;

  for (guint i = 0; node->children != NULL && i < node->children->len; i++)
    if (node_uses_short_edges (g_ptr_array_index (node->children, i)))
      return TRUE;

  for (guint i = 0; node->whens != NULL && i < node->whens->len; i++)
    {
      const TmplWhen *when = g_ptr_array_index (node->whens, i);

      if (when->short_edge != NULL || node_uses_short_edges (when->base_within) ||
          node_uses_short_edges (when->region))
        return TRUE;
    }

  return node_uses_short_edges (node->otherwise);
}

gboolean
muster_region_template_uses_short_edges (const MusterRegionTemplate *tmpl)
{
  g_return_val_if_fail (tmpl != NULL, FALSE);

  return node_uses_short_edges (tmpl->root);
}
