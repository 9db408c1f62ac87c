/* bench-common.h
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What the benchmarks share: a clock, medians, and the generated layouts
 * (gen-layout writes them to files; the in-process benchmarks build the
 * same ones, of any size, without the file format's limits).
 *
 * A generated layout is what a big 9th Age game of Frontline Clash looks
 * like rather than random noise: each player's bases stand in ranks in
 * their own deployment zone (more than 12″ from the Centre Line), one base
 * per 5″ × 4.5″ slot, so that neighbours keep the 1″ unit spacing. Most
 * bases are legal; a few per cent are not, on purpose, so that every rule
 * of the deployment type has work to do:
 *
 *  - 4 % are pushed up to 1.5″ off their slot (overlap, unit-spacing),
 *  - 1 % stand in no man's land (outside-zone),
 *  - 0.5 % hang over a board edge (off-board and outside-zone),
 *  - 5 % are turned up to 20° off square (unit-spacing now and then).
 *
 * One slot in 60 holds a 3″ × 2″ impassable block instead of a base, and
 * there is a rock (a triangle) in no man's land per 36″ of board width.
 * 90 % of the bases are units (rectangles of 40–100 mm × 40–80 mm), 10 %
 * single models on round bases (25–60 mm, category "character").
 *
 * The board keeps that density at every size: 72″ × 48″ up to some 40
 * bases, then both sides grow with the square root of the number of bases
 * (about 500″ × 330″ at 5,000, 1,600″ × 1,060″ at 50,000), so the number
 * of neighbours of a base, and with it the work per base, stays the same.
 * The same n and seed give the same layout. */

#pragma once

#include <glib.h>
#include <math.h>
#include <time.h>

#include "muster-layout.h"

#define BENCH_INCH MUSTER_MM_PER_INCH

/* Seconds of CPU time this thread has used. The benchmarks time work
 * with it rather than with the wall clock: on a shared machine with more
 * runnable threads than cores, a thread waits for a core now and then,
 * and a frame of 3 ms measured on the wall clock may take 13. What the
 * thread did is what it cost. */
static inline double
bench_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);

  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Seconds on the wall clock, for budgets. */
static inline double
bench_wall (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);

  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline int
bench_compare_doubles (gconstpointer a,
                       gconstpointer b)
{
  double da = *(const double *) a;
  double db = *(const double *) b;

  return da < db ? -1 : da > db ? 1 : 0;
}

/* Median of n samples (sorts them). */
static inline double
bench_median (double *samples,
              guint   n)
{
  qsort (samples, n, sizeof (double), (int (*) (const void *, const void *)) bench_compare_doubles);

  return n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
}

#define BENCH_PITCH_X (5 * BENCH_INCH)
#define BENCH_PITCH_Y (4.5 * BENCH_INCH)
#define BENCH_CENTRE_GAP (12 * BENCH_INCH)
#define BENCH_OCCUPANCY 0.85
#define BENCH_TERRAIN_EVERY 60

typedef struct
{
  double x;
  double y;
  int    side;   /* 0: red, south; 1: blue, north */
} BenchSlot;

/* Slot centres of both zones, ranks from the board edge inwards. */
static inline GArray *
bench_zone_slots (double width,
                  double height)
{
  GArray *slots = g_array_new (FALSE, FALSE, sizeof (BenchSlot));
  int cols = (int) floor (width / BENCH_PITCH_X);
  double depth = height / 2 - BENCH_CENTRE_GAP;
  int rows = (int) floor (depth / BENCH_PITCH_Y);
  double x0 = (width - cols * BENCH_PITCH_X) / 2 + BENCH_PITCH_X / 2;

  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      {
        double north_y = (depth - rows * BENCH_PITCH_Y) / 2 + BENCH_PITCH_Y / 2 + r * BENCH_PITCH_Y;
        BenchSlot south = { x0 + c * BENCH_PITCH_X, height - north_y, 0 };
        BenchSlot north = { x0 + c * BENCH_PITCH_X, north_y, 1 };

        g_array_append_val (slots, south);
        g_array_append_val (slots, north);
      }

  return slots;
}

static inline void
bench_board_for (guint   n,
                 double *width,
                 double *height)
{
  for (double scale = 1.0;; scale *= 1.02)
    {
      GArray *slots;
      double usable;

      *width = 72 * BENCH_INCH * scale;
      *height = 48 * BENCH_INCH * scale;
      slots = bench_zone_slots (*width, *height);
      usable = slots->len * (1.0 - 1.0 / BENCH_TERRAIN_EVERY) * BENCH_OCCUPANCY;
      g_array_unref (slots);
      if (usable >= n)
        return;
    }
}

/* Impassable terrain named by its id: a verdict names unnamed terrain by
 * its kind ("the impassable terrain"), and compare-verdicts.py wants to
 * know which. */
static inline MusterTerrain *
bench_terrain_new (const char        *id,
                   const MusterPoint *points,
                   guint              n_points)
{
  MusterTerrain *terrain = muster_terrain_new (id, MUSTER_TERRAIN_IMPASSABLE, points, n_points);

  terrain->name = g_strdup (id);
  return terrain;
}

/* The table (board and terrain) of an n-base layout, with only the first
 * n_placed of its bases: 0 gives the same table, empty. */
static inline MusterLayout *
bench_layout_new_partial (guint   n,
                          guint   n_placed,
                          guint32 seed)
{
  static const double unit_bases[][2] = {
    { 100, 80 }, { 100, 60 }, { 80, 80 }, { 100, 40 }, { 75, 50 },
    { 50, 50 }, { 60, 60 }, { 40, 40 }, { 80, 40 }, { 100, 50 },
  };
  static const double round_bases[] = { 25, 30, 40, 50, 60 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GArray) slots = NULL;
  g_autoptr(GArray) free_slots = g_array_new (FALSE, FALSE, sizeof (BenchSlot));
  MusterLayout *layout;
  double width, height;
  guint counts[2] = { 0, 0 };
  guint n_terrain = 0;
  int n_rocks;

  bench_board_for (n, &width, &height);
  layout = muster_layout_new ("t9a", "frontline-clash", width, height);
  muster_layout_set_units (layout, MUSTER_UNIT_MM);
  muster_layout_update_player (layout, "red", "south", "attacker", "west");
  muster_layout_update_player (layout, "blue", "north", "defender", "east");

  slots = bench_zone_slots (width, height);
  /* Fisher–Yates, so which slots hold terrain and bases is random. */
  for (guint i = slots->len; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      BenchSlot t = g_array_index (slots, BenchSlot, i - 1);

      g_array_index (slots, BenchSlot, i - 1) = g_array_index (slots, BenchSlot, j);
      g_array_index (slots, BenchSlot, j) = t;
    }

  for (guint i = 0; i < slots->len; i++)
    {
      const BenchSlot *slot = &g_array_index (slots, BenchSlot, i);

      if (i % BENCH_TERRAIN_EVERY == BENCH_TERRAIN_EVERY - 1)
        {
          double w = 3 * BENCH_INCH / 2, d = 2 * BENCH_INCH / 2;
          MusterPoint points[] = {
            { slot->x - w, slot->y - d }, { slot->x + w, slot->y - d },
            { slot->x + w, slot->y + d }, { slot->x - w, slot->y + d },
          };
          g_autofree char *id = g_strdup_printf ("t%u", ++n_terrain);

          muster_layout_add_terrain (layout, bench_terrain_new (id, points, G_N_ELEMENTS (points)));
        }
      else
        g_array_append_vals (free_slots, slot, 1);
    }

  n_rocks = MAX (1, (int) (width / (36 * BENCH_INCH)));
  for (int k = 0; k < n_rocks; k++)
    {
      double cx = (k + 0.5) * width / n_rocks;
      double cy = height / 2 + g_rand_double_range (rand, -6, 6) * BENCH_INCH;
      double s = g_rand_double_range (rand, 2, 4) * BENCH_INCH;
      MusterPoint points[] = { { cx - s, cy + s / 2 }, { cx + s, cy + s / 2 }, { cx, cy - s / 2 } };
      g_autofree char *id = g_strdup_printf ("t%u", ++n_terrain);

      muster_layout_add_terrain (layout, bench_terrain_new (id, points, G_N_ELEMENTS (points)));
    }

  g_assert (n <= free_slots->len);

  for (guint i = 0; i < n; i++)
    {
      const BenchSlot *slot = &g_array_index (free_slots, BenchSlot, i);
      int side = slot->side;
      double x = slot->x, y = slot->y;
      double rotation = side == 0 ? 0.0 : 180.0;
      double roll = g_rand_double (rand);
      double half;
      g_autofree char *id = g_strdup_printf ("%c%u", side == 0 ? 'r' : 'b', ++counts[side]);
      MusterBase base;
      MusterPiece *piece;
      gboolean model = g_rand_double (rand) < 0.1;

      if (model)
        {
          base.shape = MUSTER_BASE_ROUND;
          base.width = base.depth = round_bases[g_rand_int_range (rand, 0, G_N_ELEMENTS (round_bases))];
          half = base.width / 2;
        }
      else
        {
          guint k = g_rand_int_range (rand, 0, G_N_ELEMENTS (unit_bases));

          base.shape = MUSTER_BASE_RECT;
          base.width = unit_bases[k][0];
          base.depth = unit_bases[k][1];
          half = MAX (base.width, base.depth) / 2;
        }

      if (roll < 0.04)
        {
          x += g_rand_double_range (rand, -1.5, 1.5) * BENCH_INCH;
          y += g_rand_double_range (rand, -1.5, 1.5) * BENCH_INCH;
        }
      else if (roll < 0.05)
        y = height / 2 + g_rand_double_range (rand, -BENCH_CENTRE_GAP + half, BENCH_CENTRE_GAP - half);
      else if (roll < 0.055)
        {
          if (g_rand_boolean (rand))
            x = g_rand_boolean (rand) ? half * 0.5 : width - half * 0.5;
          else
            y = side == 1 ? half * 0.5 : height - half * 0.5;
        }
      else if (roll < 0.105)
        rotation += g_rand_double_range (rand, -20, 20);

      /* Four decimals of a millimetre, as a file would hold them. */
      x = round (x * 1e4) / 1e4;
      y = round (y * 1e4) / 1e4;
      rotation = round (rotation * 1e4) / 1e4;

      piece = muster_piece_new (id, model ? MUSTER_PIECE_MODEL : MUSTER_PIECE_UNIT,
                                side == 0 ? "red" : "blue", &base, x, y);
      piece->rotation = rotation;
      piece->turn = counts[side] / 2 + 1;
      if (model)
        piece->categories = g_strsplit ("character", " ", -1);
      if (i < n_placed)
        g_assert (muster_layout_add_piece (layout, piece));
      else
        muster_piece_free (piece);
    }

  return layout;
}

/* A new t9a Frontline Clash layout of n bases (see above). */
static inline MusterLayout *
bench_layout_new (guint   n,
                  guint32 seed)
{
  return bench_layout_new_partial (n, n, seed);
}
