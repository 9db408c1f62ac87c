/* muster-dice.c
 *
 * Copyright 2026 The Muster Authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "muster-dice"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <sys/random.h>

#include "muster-dice.h"

struct _MusterDice
{
  GObject    parent_instance;

  guint64    seed;
  guint64    state[4];
  /* Each die from the system's cryptographic source: nothing that is
   * saved, or could be, decides the next one. */
  gboolean   system_source;
  GPtrArray *log;           /* MusterRoll */

  /* A replay: the dice the log says were thrown, in order (MusterRoll),
   * and the first way the dice thrown since differ from them. */
  GQueue     expected;
  gboolean   replaying;
  char      *fault;

  /* A game across the network: the dice both Musters agreed on (see
   * muster_dice_set_source()). */
  MusterDiceSource source;
  gpointer         source_data;
};

enum {
  PROP_0,
  PROP_SEED,
  PROP_N_ROLLS,
  N_PROPS
};

enum {
  ROLLED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterDice, muster_dice, G_TYPE_OBJECT)
G_DEFINE_QUARK (muster-dice-error-quark, muster_dice_error)

static void
muster_roll_free (gpointer data)
{
  MusterRoll *roll = data;

  g_free (roll->who);
  g_free (roll->why);
  g_free (roll);
}

/* splitmix64 (Steele, Lea, Flood) fills the state of xoshiro256**
 * (Blackman, Vigna) from one 64-bit seed. Both are fully specified
 * integer arithmetic, so every platform gets the same stream. */
static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);

  return z ^ (z >> 31);
}

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

static guint64
next_u64 (MusterDice *self)
{
  guint64 *s = self->state;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);

  return result;
}

static void
reseed (MusterDice *self,
        guint64     seed)
{
  guint64 x = seed;

  self->seed = seed;
  for (guint i = 0; i < G_N_ELEMENTS (self->state); i++)
    self->state[i] = splitmix64 (&x);
}

/* 64 bits from the kernel's cryptographic source (getrandom(2)). It only
 * fails before the pool is first seeded, which a desktop is long past, or
 * when interrupted: then it is asked again. */
static guint64
system_u64 (void)
{
  guint64 x = 0;
  gsize got = 0;

  while (got < sizeof x)
    {
      ssize_t n = getrandom ((guint8 *) &x + got, sizeof x - got, 0);

      if (n > 0)
        got += (gsize) n;
      else if (n < 0 && errno != EINTR && errno != EAGAIN)
        g_error ("The system's random source failed: %s", g_strerror (errno));
    }

  return x;
}

/* Unbiased: outputs below 2^64 mod sides are thrown away. */
static guint
draw (MusterDice *self,
      guint       sides)
{
  guint64 threshold = (-(guint64) sides) % sides;
  guint64 x;

  g_assert (sides >= 2);

  if (self->source != NULL)
    {
      guint value = self->source (sides, self->source_data);

      g_assert (value >= 1 && value <= sides);
      return value;
    }

  do
    x = self->system_source ? system_u64 () : next_u64 (self);
  while (x < threshold);

  return (guint) (x % sides) + 1;
}

static void
append_entry (MusterDice *self,
              guint       sides,
              guint       value,
              gboolean    manual,
              const char *who,
              const char *why)
{
  MusterRoll *roll = g_new0 (MusterRoll, 1);

  roll->sequence = self->log->len + 1;
  roll->sides = sides;
  roll->value = value;
  roll->manual = manual;
  roll->who = g_strdup (who != NULL ? who : "");
  roll->why = g_strdup (why != NULL ? why : "");
  g_ptr_array_add (self->log, roll);
}

static void
announce (MusterDice *self)
{
  g_signal_emit (self, signals[ROLLED], 0, g_ptr_array_index (self->log, self->log->len - 1));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ROLLS]);
}

static void
muster_dice_finalize (GObject *object)
{
  MusterDice *self = (MusterDice *)object;

  g_clear_pointer (&self->log, g_ptr_array_unref);
  g_queue_clear_full (&self->expected, muster_roll_free);
  g_free (self->fault);

  G_OBJECT_CLASS (muster_dice_parent_class)->finalize (object);
}

static void
muster_dice_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MusterDice *self = MUSTER_DICE (object);

  switch (prop_id)
    {
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;

    case PROP_N_ROLLS:
      g_value_set_uint (value, self->log->len);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_dice_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  MusterDice *self = MUSTER_DICE (object);

  switch (prop_id)
    {
    case PROP_SEED:
      reseed (self, g_value_get_uint64 (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_dice_class_init (MusterDiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_dice_finalize;
  object_class->get_property = muster_dice_get_property;
  object_class->set_property = muster_dice_set_property;

  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL,
                         0, G_MAXUINT64, 0,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_N_ROLLS] =
    g_param_spec_uint ("n-rolls", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterDice::rolled:
   * @roll: (type gpointer): the new MusterRoll, owned by the dice
   *
   * A die was rolled or typed in and is now the last entry of the log.
   */
  signals[ROLLED] =
    g_signal_new ("rolled",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
muster_dice_init (MusterDice *self)
{
  self->log = g_ptr_array_new_with_free_func (muster_roll_free);
  reseed (self, 0);
}

MusterDice *
muster_dice_new (guint64 seed)
{
  return g_object_new (MUSTER_TYPE_DICE, "seed", seed, NULL);
}

MusterDice *
muster_dice_new_random (void)
{
  MusterDice *self = muster_dice_new (0);

  self->system_source = TRUE;

  return self;
}

void
muster_dice_set_source (MusterDice       *self,
                        MusterDiceSource  source,
                        gpointer          user_data)
{
  g_return_if_fail (MUSTER_IS_DICE (self));

  self->source = source;
  self->source_data = user_data;
}

guint64
muster_dice_get_seed (MusterDice *self)
{
  g_return_val_if_fail (MUSTER_IS_DICE (self), 0);

  return self->seed;
}

static void
set_fault (MusterDice *self,
           char       *fault)
{
  if (self->fault == NULL)
    self->fault = fault;
  else
    g_free (fault);
}

/* In a replay, the next die the log expects, checked against what the
 * game throws now (value 0: Muster rolls it). Returns the value a roll
 * takes, or 0 when there is none to take. */
static guint
take_expected (MusterDice *self,
               guint       sides,
               guint       value,
               gboolean    manual,
               const char *who)
{
  MusterRoll *expected = g_queue_peek_head (&self->expected);
  guint result = 0;

  /* Outside a replay only the dice typed in are expected: Muster rolls
   * the others, whatever comes before or after them. */
  if (expected != NULL && !self->replaying && !manual && expected->manual)
    return 0;

  expected = g_queue_pop_head (&self->expected);
  if (expected == NULL)
    {
      if (self->replaying)
        /* Translators: a die's number in the roll log, then its sides */
        set_fault (self, g_strdup_printf (_("die %u (a d%u) is not in the log"), self->log->len + 1, sides));
      return 0;
    }

  if (expected->sides != sides || !expected->manual != !manual ||
      (manual && expected->value != value) ||
      (expected->who != NULL && *expected->who != '\0' && g_strcmp0 (expected->who, who) != 0))
    set_fault (self, g_strdup_printf (_("die %u (a d%u) is not the one in the log"), self->log->len + 1, sides));
  else if (!manual)
    result = expected->value;

  muster_roll_free (expected);

  return result;
}

void
muster_dice_expect (MusterDice *self,
                    guint       sides,
                    guint       value,
                    gboolean    manual,
                    const char *who)
{
  MusterRoll *roll;

  g_return_if_fail (MUSTER_IS_DICE (self));
  g_return_if_fail (sides >= 2 && sides <= MUSTER_DICE_MAX_SIDES);
  g_return_if_fail (value >= 1 && value <= sides);

  roll = g_new0 (MusterRoll, 1);
  roll->sides = sides;
  roll->value = value;
  roll->manual = manual;
  roll->who = g_strdup (who);
  g_queue_push_tail (&self->expected, roll);
}

const MusterRoll *
muster_dice_peek_expected (MusterDice *self,
                           guint       index)
{
  g_return_val_if_fail (MUSTER_IS_DICE (self), NULL);

  return g_queue_peek_nth (&self->expected, index);
}

guint
muster_dice_get_n_expected (MusterDice *self)
{
  g_return_val_if_fail (MUSTER_IS_DICE (self), 0);

  return self->expected.length;
}

void
muster_dice_set_replaying (MusterDice *self,
                           gboolean    replaying)
{
  g_return_if_fail (MUSTER_IS_DICE (self));

  self->replaying = !!replaying;
}

gboolean
muster_dice_check (MusterDice  *self,
                   GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_DICE (self), FALSE);

  if (self->expected.length > 0)
    set_fault (self, g_strdup (_("the log holds dice that the game did not throw")));
  g_queue_clear_full (&self->expected, muster_roll_free);

  if (self->fault == NULL)
    return TRUE;

  g_set_error_literal (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_MISMATCH, self->fault);
  g_clear_pointer (&self->fault, g_free);

  return FALSE;
}

guint
muster_dice_roll (MusterDice *self,
                  guint       sides,
                  const char *who,
                  const char *why)
{
  guint value;

  g_return_val_if_fail (MUSTER_IS_DICE (self), 0);
  g_return_val_if_fail (sides >= 2 && sides <= MUSTER_DICE_MAX_SIDES, 0);

  value = take_expected (self, sides, 0, FALSE, who);
  if (value == 0)
    value = draw (self, sides);
  append_entry (self, sides, value, FALSE, who, why);
  announce (self);

  return value;
}

gboolean
muster_dice_record (MusterDice  *self,
                    guint        sides,
                    guint        value,
                    const char  *who,
                    const char  *why,
                    GError     **error)
{
  g_return_val_if_fail (MUSTER_IS_DICE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (sides < 2 || sides > MUSTER_DICE_MAX_SIDES)
    {
      g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_INVALID_DIE,
                   _("A die must have between 2 and %u sides, not %u"),
                   MUSTER_DICE_MAX_SIDES, sides);
      return FALSE;
    }

  if (value < 1 || value > sides)
    {
      g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_OUT_OF_RANGE,
                   _("%u is not a result of a d%u (1 to %u)"), value, sides, sides);
      return FALSE;
    }

  take_expected (self, sides, value, TRUE, who);
  append_entry (self, sides, value, TRUE, who, why);
  announce (self);

  return TRUE;
}

guint
muster_dice_get_n_rolls (MusterDice *self)
{
  g_return_val_if_fail (MUSTER_IS_DICE (self), 0);

  return self->log->len;
}

const MusterRoll *
muster_dice_get_roll (MusterDice *self,
                      guint       index)
{
  g_return_val_if_fail (MUSTER_IS_DICE (self), NULL);
  g_return_val_if_fail (index < self->log->len, NULL);

  return g_ptr_array_index (self->log, index);
}

const MusterRoll *
muster_dice_get_last_roll (MusterDice *self)
{
  g_return_val_if_fail (MUSTER_IS_DICE (self), NULL);

  if (self->log->len == 0)
    return NULL;

  return g_ptr_array_index (self->log, self->log->len - 1);
}

static void
append_escaped (GString    *out,
                const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '\\':
          g_string_append (out, "\\\\");
          break;

        case '\t':
          g_string_append (out, "\\t");
          break;

        case '\n':
          g_string_append (out, "\\n");
          break;

        case '\r':
          g_string_append (out, "\\r");
          break;

        default:
          g_string_append_c (out, *p);
        }
    }
}

static char *
unescape (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p != '\\')
        {
          g_string_append_c (out, *p);
          continue;
        }

      p++;
      switch (*p)
        {
        case '\\':
          g_string_append_c (out, '\\');
          break;

        case 't':
          g_string_append_c (out, '\t');
          break;

        case 'n':
          g_string_append_c (out, '\n');
          break;

        case 'r':
          g_string_append_c (out, '\r');
          break;

        default:
          g_string_free (out, TRUE);
          return NULL;
        }
    }

  return g_string_free (out, FALSE);
}

char **
muster_dice_log_to_strv (MusterDice *self)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  g_autofree char *header = NULL;

  g_return_val_if_fail (MUSTER_IS_DICE (self), NULL);

  builder = g_strv_builder_new ();
  header = g_strdup_printf ("%s\t%d\t%016" G_GINT64_MODIFIER "x",
                            MUSTER_DICE_LOG_MAGIC, MUSTER_DICE_LOG_VERSION, self->seed);
  g_strv_builder_add (builder, header);

  for (guint i = 0; i < self->log->len; i++)
    {
      const MusterRoll *roll = g_ptr_array_index (self->log, i);
      g_autoptr(GString) line = g_string_new (NULL);

      g_string_append_printf (line, "%u\td%u\t%u\t%s\t",
                              roll->sequence, roll->sides, roll->value,
                              roll->manual ? "manual" : "rolled");
      append_escaped (line, roll->who);
      g_string_append_c (line, '\t');
      append_escaped (line, roll->why);
      g_strv_builder_add (builder, line->str);
    }

  return g_strv_builder_end (builder);
}

static gboolean
parse_uint (const char *text,
            guint       base,
            guint64     max,
            guint64    *out)
{
  char *end = NULL;
  guint64 value;

  if (text == NULL || *text == '\0' || *text == '-' || *text == '+' || g_ascii_isspace (*text))
    return FALSE;

  errno = 0;
  value = g_ascii_strtoull (text, &end, base);
  if (errno != 0 || end == NULL || *end != '\0' || value > max)
    return FALSE;

  *out = value;

  return TRUE;
}

static gboolean
parse_error (GError     **error,
             guint        line,
             const char  *what)
{
  g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_PARSE,
               _("Roll log line %u: %s"), line, what);
  return FALSE;
}

/* The first line of a roll log: its magic, its version and the seed. */
static MusterDice *
read_header (char  **fields,
             guint   line_no,
             GError **error)
{
  guint64 version, seed;

  if (g_strv_length (fields) != 3 || g_strcmp0 (fields[0], MUSTER_DICE_LOG_MAGIC) != 0)
    {
      parse_error (error, line_no, _("the roll log does not start with its header"));
      return NULL;
    }

  if (!parse_uint (fields[1], 10, G_MAXUINT, &version) || version != MUSTER_DICE_LOG_VERSION)
    {
      parse_error (error, line_no, _("this roll log format is not known"));
      return NULL;
    }

  if (strlen (fields[2]) != 16 || !parse_uint (fields[2], 16, G_MAXUINT64, &seed))
    {
      parse_error (error, line_no, _("the seed is not 16 hexadecimal digits"));
      return NULL;
    }

  return muster_dice_new (seed);
}

/* One entry of a roll log, appended to self's log; a rolled die must be
 * the one self's seed draws next. */
static gboolean
read_entry (MusterDice  *self,
            char       **fields,
            guint        line_no,
            GError     **error)
{
  g_autofree char *who = NULL;
  g_autofree char *why = NULL;
  guint64 seq, sides, value;
  gboolean manual;

  if (g_strv_length (fields) != 6)
    return parse_error (error, line_no, _("an entry has six tab-separated fields"));

  if (!parse_uint (fields[0], 10, G_MAXUINT, &seq) || seq != self->log->len + 1)
    return parse_error (error, line_no, _("the entries are not numbered 1, 2, 3, …"));

  if (fields[1][0] != 'd' ||
      !parse_uint (fields[1] + 1, 10, MUSTER_DICE_MAX_SIDES, &sides) || sides < 2)
    return parse_error (error, line_no, _("the die is not written as d2 to d1000"));

  if (!parse_uint (fields[2], 10, sides, &value) || value < 1)
    return parse_error (error, line_no, _("the value is not a result of the die"));

  if (g_strcmp0 (fields[3], "manual") == 0)
    manual = TRUE;
  else if (g_strcmp0 (fields[3], "rolled") == 0)
    manual = FALSE;
  else
    return parse_error (error, line_no, _("the source is neither “rolled” nor “manual”"));

  who = unescape (fields[4]);
  why = unescape (fields[5]);
  if (who == NULL || why == NULL)
    return parse_error (error, line_no, _("a text field has an unknown escape"));

  if (!manual)
    {
      guint expected = draw (self, (guint) sides);

      if (expected != value)
        {
          g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_MISMATCH,
                       _("Roll log line %u: roll %u (d%u) should be %u by the seed, not %u"),
                       line_no, (guint) seq, (guint) sides, expected, (guint) value);
          return FALSE;
        }
    }

  append_entry (self, (guint) sides, (guint) value, manual, who, why);

  return TRUE;
}

MusterDice *
muster_dice_new_from_strv (const char * const  *lines,
                           GError             **error)
{
  g_autoptr(MusterDice) self = NULL;
  guint line_no = 0;

  g_return_val_if_fail (lines != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (const char * const *l = lines; *l != NULL; l++)
    {
      g_auto(GStrv) fields = NULL;

      line_no++;

      if (**l == '\0')
        continue;

      fields = g_strsplit (*l, "\t", -1);

      if (self == NULL)
        {
          if ((self = read_header (fields, line_no, error)) == NULL)
            return NULL;
        }
      else if (!read_entry (self, fields, line_no, error))
        return NULL;
    }

  if (self == NULL)
    {
      parse_error (error, MAX (line_no, 1), _("the roll log has no header"));
      return NULL;
    }

  return g_steal_pointer (&self);
}

/* Orders one die of a Face to Face Roll: criticals above every plain
 * success, failures at zero. */
static guint
rank_of (const MusterFaceToFaceSide *side,
         guint                       i)
{
  if (!side->success[i])
    return 0;

  if (side->critical[i])
    return G_MAXUINT;

  return side->rolls[i] + (side->target > 20 ? side->target - 20 : 0);
}

void
muster_face_to_face_resolve (MusterFaceToFace *f2f,
                             gboolean          criticals)
{
  guint best[2] = { 0, 0 };

  g_return_if_fail (f2f != NULL);

  for (guint s = 0; s < 2; s++)
    {
      MusterFaceToFaceSide *side = &f2f->side[s];
      guint excess = side->target > 20 ? side->target - 20 : 0;

      g_return_if_fail (side->n_dice <= MUSTER_FACE_TO_FACE_MAX_DICE);

      for (guint i = 0; i < side->n_dice; i++)
        {
          guint roll = side->rolls[i];

          side->success[i] = roll >= 1 && roll <= 20 && roll <= side->target;
          side->critical[i] = criticals && side->success[i] &&
                              (excess > 0 ? roll + excess >= 20 : roll == side->target);
          side->cancelled[i] = FALSE;
          best[s] = MAX (best[s], rank_of (side, i));
        }

      for (guint i = side->n_dice; i < MUSTER_FACE_TO_FACE_MAX_DICE; i++)
        {
          side->success[i] = FALSE;
          side->critical[i] = FALSE;
          side->cancelled[i] = FALSE;
        }
    }

  for (guint s = 0; s < 2; s++)
    {
      MusterFaceToFaceSide *side = &f2f->side[s];
      guint other_best = best[1 - s];

      side->hits = 0;
      side->criticals = 0;

      for (guint i = 0; i < side->n_dice; i++)
        {
          if (!side->success[i])
            continue;

          /* A success survives only if it beats the other side's best;
           * equal results cancel each other. */
          side->cancelled[i] = other_best > 0 && rank_of (side, i) <= other_best;
          if (side->cancelled[i])
            continue;

          side->hits++;
          if (side->critical[i])
            side->criticals++;
        }
    }
}
