/* bench-validate.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How validation scales with the number of bases.
 *
 * Layouts of 100, 1,000 and 10,000 bases on a board whose sides grow with
 * the square root of the count (72″ × 48″ at 100 bases, 720″ × 480″ at
 * 10,000), so the density, and with it the number of neighbours of a base,
 * stays the same. Bases are 20–100 mm × 20–80 mm rectangles and 25–60 mm
 * rounds, owned half by each player, placed at random over the whole
 * board, with two units per deployment turn, a few exempt categories and
 * an impassable block every 24″ × 24″ or so.
 *
 * For each size it prints the median time of a full validation
 * (muster_validator_new()), of revalidating after one base moved (the
 * validator's handler of "piece-changed", alone), of the same through
 * muster_layout_move_piece() (which adds the layout's own bookkeeping), and
 * of muster_validator_check_placement(); then how each grew against 100
 * bases. Full validation should grow like n log n or better, a one-base
 * move not at all (at most 2× from 100 to 10,000).
 *
 * A move takes a base to within 3″ of where it was generated, so the
 * bases do not wander off the board over thousands of moves. "nbrs" is
 * the mean number of other bases within reach of the pair rules (1″, or
 * 20″ for Counterthrust) of a moved base: the local density that the cost
 * of a move does depend on. On the 100-base board the board's edges cut
 * into that neighbourhood (much of a 20″ one hangs off a 72″ × 48″
 * board), so a move there has less to do than on the bigger boards.
 *
 * Times are medians on the wall clock (CLOCK_MONOTONIC, which costs a few
 * ns to read, where the thread's CPU clock costs a system call, as much as
 * a move): a median shrugs off the odd preemption. A move's cost in
 * instructions, which no neighbour on the machine disturbs, is what
 * callgrind counts (see tests/bench/README.md).
 *
 * Built by meson on demand:
 *
 *   ninja -C BUILD tests/bench/bench-validate
 *   BUILD/tests/bench/bench-validate [SIZE...] [DEPLOYMENT...]
 *
 * SIZE: numbers of bases (100 1000 10000 by default); DEPLOYMENT: t9a
 * deployment types (marching-columns and counterthrust by default).
 */

#define G_LOG_DOMAIN "bench-validate"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "muster-layout.h"
#include "muster-system.h"
#include "muster-validate.h"

#define INCH MUSTER_MM_PER_INCH

#define N_MOVES 4000
#define N_NEIGHBOUR_SAMPLES 200

typedef struct
{
  guint  n;
  double width;
  double height;
  double full_ms;
  double move_us;
  double layout_move_us;
  double check_us;
  double neighbours;
  guint  violations;
} Result;

static double
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);

  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double da = *(const double *) a;
  double db = *(const double *) b;

  return da < db ? -1 : da > db ? 1 : 0;
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);

  return g_array_index (values, double, values->len / 2);
}

static MusterLayout *
make_layout (const char *deployment_id,
             guint       n,
             GRand      *rand)
{
  double scale = sqrt (n / 100.0);
  double width = 72 * INCH * scale;
  double height = 48 * INCH * scale;
  MusterLayout *layout = muster_layout_new ("t9a", deployment_id, width, height);
  guint placed[2] = { 0, 0 };

  muster_layout_update_player (layout, "red", "south", NULL, "west");
  muster_layout_update_player (layout, "blue", "north", NULL, "east");

  /* Impassable blocks, one per 24″ × 24″ cell, 4″ × 3″. */
  for (double x = 12 * INCH; x < width; x += 24 * INCH)
    for (double y = 12 * INCH; y < height; y += 24 * INCH)
      {
        g_autofree char *id = g_strdup_printf ("t%u", (guint) (x * 7919 + y));
        MusterPoint points[] = {
          { x, y }, { x + 4 * INCH, y }, { x + 4 * INCH, y + 3 * INCH }, { x, y + 3 * INCH },
        };

        muster_layout_add_terrain (layout, muster_terrain_new (id, MUSTER_TERRAIN_IMPASSABLE,
                                                               points, G_N_ELEMENTS (points)));
      }

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);
      guint side = g_rand_int_range (rand, 0, 2);
      MusterBase base;
      MusterPiece *piece;

      if (g_rand_int_range (rand, 0, 4) == 0)
        {
          base.shape = MUSTER_BASE_ROUND;
          base.width = base.depth = g_rand_double_range (rand, 25, 60);
        }
      else
        {
          base.shape = MUSTER_BASE_RECT;
          base.width = g_rand_double_range (rand, 20, 100);
          base.depth = g_rand_double_range (rand, 20, 80);
        }

      piece = muster_piece_new (id, MUSTER_PIECE_UNIT, side == 0 ? "red" : "blue", &base,
                                g_rand_double_range (rand, 0, width),
                                g_rand_double_range (rand, 0, height));
      piece->rotation = g_rand_boolean (rand) ? 90.0 * g_rand_int_range (rand, 0, 4)
                                              : g_rand_double_range (rand, 0, 360);
      piece->turn = placed[side]++ / 2 + 1;
      if (g_rand_int_range (rand, 0, 8) == 0)
        piece->categories = g_strsplit ("character", " ", -1);
      muster_layout_add_piece (layout, piece);
    }

  return layout;
}

/* How far the pair rules reach in this deployment type. */
static double
pair_reach (MusterSystem *system,
            const char   *deployment_id)
{
  const MusterDeployment *deployment = muster_system_lookup_deployment (system, deployment_id);
  const MusterRuleCode codes[] = { MUSTER_RULE_ENEMY_TOO_CLOSE, MUSTER_RULE_UNIT_SPACING };
  double reach = MUSTER_DEFAULT_TOLERANCE_MM;

  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      const MusterRuleDef *rule = muster_system_get_rule (system, deployment, codes[i]);

      if (rule != NULL)
        reach = MAX (reach, rule->distance);
    }

  return reach;
}

/* Bases whose bounding boxes come within reach of piece's (brute force). */
static guint
count_neighbours (GPtrArray         *pieces,
                  const MusterPiece *piece,
                  double             reach)
{
  MusterOutline outline;
  guint count = 0;

  muster_piece_get_outline (piece, &outline);
  muster_box_expand (&outline.bounds, reach);

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *other = g_ptr_array_index (pieces, i);
      MusterOutline o;

      if (other == piece)
        continue;

      muster_piece_get_outline (other, &o);
      if (muster_box_intersects (&outline.bounds, &o.bounds))
        count++;
      muster_outline_clear (&o);
    }

  muster_outline_clear (&outline);

  return count;
}

static void
run (MusterSystem *system,
     const char   *deployment_id,
     guint         n,
     Result       *result)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (42 + n);
  g_autoptr(MusterLayout) layout = make_layout (deployment_id, n, rand);
  g_autoptr(GArray) full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) layout_moves = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) checks = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(MusterValidator) validator = NULL;
  GPtrArray *pieces = muster_layout_get_pieces (layout);
  guint repeats = n >= 10000 ? 3 : n >= 1000 ? 5 : 20;
  double reach = pair_reach (system, deployment_id);
  g_autofree MusterPoint *origin = g_new (MusterPoint, pieces->len);
  double neighbours = 0;

  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterPiece *piece = g_ptr_array_index (pieces, i);

      origin[i].x = piece->x;
      origin[i].y = piece->y;
    }

  for (guint i = 0; i < repeats; i++)
    {
      g_autoptr(MusterValidator) v = NULL;
      g_autoptr(GError) error = NULL;
      double t0 = now_ns ();
      double dt;

      v = muster_validator_new (layout, system, &error);
      dt = now_ns () - t0;
      if (v == NULL)
        g_error ("%s", error->message);
      g_array_append_val (full, dt);
    }

  validator = muster_validator_new (layout, system, NULL);

  for (guint i = 0; i < N_MOVES; i++)
    {
      guint k = g_rand_int_range (rand, 0, pieces->len);
      MusterPiece *piece = g_ptr_array_index (pieces, k);
      double x = origin[k].x + g_rand_double_range (rand, -3, 3) * INCH;
      double y = origin[k].y + g_rand_double_range (rand, -3, 3) * INCH;
      double rotation = piece->rotation + g_rand_double_range (rand, -30, 30);
      GPtrArray *predicted;
      double t0;
      double dt;

      /* Drag feedback. */
      t0 = now_ns ();
      predicted = muster_validator_check_placement (validator, piece, x, y, rotation);
      dt = now_ns () - t0;
      g_ptr_array_unref (predicted);
      g_array_append_val (checks, dt);

      /* The validator's work alone, as the layout's signal triggers it. */
      piece->x = x;
      piece->y = y;
      piece->rotation = rotation;
      t0 = now_ns ();
      g_signal_emit_by_name (layout, "piece-changed", piece->serial);
      dt = now_ns () - t0;
      g_array_append_val (moves, dt);

      if (i < N_NEIGHBOUR_SAMPLES)
        neighbours += count_neighbours (pieces, piece, reach);

      /* And through the layout's API, near where it was. */
      t0 = now_ns ();
      muster_layout_move_piece (layout, piece,
                                origin[k].x + g_rand_double_range (rand, -3, 3) * INCH,
                                origin[k].y + g_rand_double_range (rand, -3, 3) * INCH,
                                rotation);
      dt = now_ns () - t0;
      g_array_append_val (layout_moves, dt);
    }

  result->n = n;
  result->width = muster_layout_get_width (layout) / INCH;
  result->height = muster_layout_get_height (layout) / INCH;
  result->full_ms = median (full) / 1e6;
  result->move_us = median (moves) / 1e3;
  result->layout_move_us = median (layout_moves) / 1e3;
  result->check_us = median (checks) / 1e3;
  result->neighbours = neighbours / N_NEIGHBOUR_SAMPLES;
  result->violations = muster_validator_count (validator);
}

int
main (int   argc,
      char *argv[])
{
  static const guint default_sizes[] = { 100, 1000, 10000 };
  const char *default_deployments[] = { "marching-columns", "counterthrust", NULL };
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint));
  const char * const *deployments = default_deployments;
  MusterSystem *system;

  /* Numbers are sizes, words deployment types. */
  for (int i = 1; i < argc; i++)
    {
      guint64 n;

      if (g_ascii_string_to_unsigned (argv[i], 10, 1, 1000000, &n, NULL))
        g_array_append_val (sizes, (guint) { n });
      else
        g_ptr_array_add (chosen, argv[i]);
    }
  if (sizes->len == 0)
    g_array_append_vals (sizes, default_sizes, G_N_ELEMENTS (default_sizes));
  if (chosen->len > 0)
    {
      g_ptr_array_add (chosen, NULL);
      deployments = (const char * const *) chosen->pdata;
    }

  system = muster_system_registry_lookup (muster_system_registry_get_default (), "t9a");
  if (system == NULL)
    g_error ("No t9a game system");

  for (guint d = 0; deployments[d] != NULL; d++)
    {
      g_autofree Result *results = g_new0 (Result, sizes->len);

      printf ("t9a %s: density constant (board area ∝ bases), median times\n", deployments[d]);
      printf ("%7s %13s %10s %10s %10s %10s %7s %11s\n",
              "bases", "board", "full ms", "move µs", "api µs", "check µs", "nbrs", "violations");

      for (guint i = 0; i < sizes->len; i++)
        {
          Result *r = &results[i];
          g_autofree char *board = NULL;

          run (system, deployments[d], g_array_index (sizes, guint, i), r);
          board = g_strdup_printf ("%.0f″×%.0f″", r->width, r->height);
          printf ("%7u %13s %10.2f %10.2f %10.2f %10.2f %7.1f %11u\n",
                  r->n, board, r->full_ms, r->move_us, r->layout_move_us, r->check_us,
                  r->neighbours, r->violations);
        }

      printf ("growth against %u bases:\n", results[0].n);
      for (guint i = 1; i < sizes->len; i++)
        {
          const Result *r = &results[i];
          const Result *b = &results[0];
          double nlogn = (r->n * log (r->n)) / (b->n * log (b->n));

          printf ("  %6u: full ×%.1f (n log n ×%.1f, n ×%.0f), move ×%.2f, api move ×%.2f, "
                  "check ×%.2f, nbrs ×%.2f, move per neighbour ×%.2f\n",
                  r->n, r->full_ms / b->full_ms, nlogn, (double) r->n / b->n,
                  r->move_us / b->move_us, r->layout_move_us / b->layout_move_us,
                  r->check_us / b->check_us, r->neighbours / b->neighbours,
                  (r->move_us / (1 + r->neighbours)) / (b->move_us / (1 + b->neighbours)));
        }
      printf ("\n");
    }

  return 0;
}
