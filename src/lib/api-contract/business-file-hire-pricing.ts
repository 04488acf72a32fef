import { z } from 'zod';
import { toBasisPoints } from './basis-points';
import { type CategoryHirePricing, DEFAULT_HIRE_PRICING, type HirePricing } from './hire-pricing';
import { LONGEST_HIRE_CAP_DAYS } from './hold-window';

/*
 * business.json `hire_pricing` (issue 60): how a hire of several days is priced. One of
 *   { "extra_day_percent": 25 }                                   each extra day 25% of the price
 *   { "tiers": [{ "up_to_days": 3, "multiplier": 1 }, ...] }       by the hire's length
 * with "count_closed_days" (false by default) and "longest_hire_days" (90 by default).
 */

const days = (what: string) =>
  z
    .number({ error: `must be a whole number of days (${what})` })
    .int(`must be a whole number of days (${what})`)
    .min(1, `must be at least 1 (${what})`)
    .max(LONGEST_HIRE_CAP_DAYS, `must be at most ${LONGEST_HIRE_CAP_DAYS} (${what})`);

const tier = z.strictObject(
  {
    up_to_days: days('the last day of this tier'),
    multiplier: z
      .number({ error: 'must be a number such as 1.5 (times the price)' })
      .min(0.01, 'must be more than 0 (times the price)')
      .max(100, 'must be at most 100 (times the price)'),
  },
  { error: 'must be { "up_to_days": 7, "multiplier": 1.5 }' },
);

/** The two shapes of a rule: a share of the price each extra day, or tiers by length (one of them). */
const ruleShapes = {
  extra_day_percent: z
    .number({ error: 'must be a percentage such as 25 (of the price, each extra day)' })
    .min(0, 'must be 0 or more (of the price, each extra day)')
    .max(1_000, 'must be at most 1000 (of the price, each extra day)')
    .optional(),
  tiers: z
    .array(tier, { error: 'must be a list of { "up_to_days", "multiplier" }' })
    .min(1, 'must have at least one tier')
    .max(12, 'at most 12 tiers')
    .refine(
      (list) => list.every((t, i) => i === 0 || t.up_to_days > (list[i - 1]?.up_to_days ?? 0)),
      'each tier must end later than the one before (up_to_days ascending)',
    )
    .optional(),
};
const oneShape = (rule: { extra_day_percent?: unknown; tiers?: unknown }) =>
  (rule.extra_day_percent === undefined) !== (rule.tiers === undefined);
const ONE_SHAPE = 'must give either extra_day_percent or tiers (one of them)';

/** A category's own rule: the same shapes, its closed days counted as the business's unless it says. */
const categoryRule = z
  .strictObject(
    { ...ruleShapes, count_closed_days: z.boolean({ error: 'must be true or false' }).optional() },
    { error: 'must be { "extra_day_percent": 50 } or { "tiers": [...] }' },
  )
  .refine(oneShape, { message: ONE_SHAPE });

export const hirePricingField = z
  .strictObject(
    {
      ...ruleShapes,
      count_closed_days: z.boolean({ error: 'must be true or false' }).default(false),
      longest_hire_days: days('the longest hire').default(DEFAULT_HIRE_PRICING.longestHireDays),
      by_category: z
        .record(z.string().regex(/^[a-z0-9_-]{1,60}$/, 'must be a category key such as "marquees"'), categoryRule, {
          error: 'must be { "category_key": { "extra_day_percent": 50 } }',
        })
        .refine((rules) => Object.keys(rules).length <= 50, 'at most 50 categories')
        .optional(),
    },
    { error: 'must be { "extra_day_percent": 25 } or { "tiers": [...] }' },
  )
  .refine(oneShape, { message: ONE_SHAPE })
  .refine((rule) => !rule.tiers || (rule.tiers.at(-1)?.up_to_days ?? 0) >= rule.longest_hire_days, {
    message: 'the last tier must reach longest_hire_days (its up_to_days at least that)',
    path: ['tiers'],
  })
  .superRefine((rule, ctx) => {
    for (const [key, own] of Object.entries(rule.by_category ?? {})) {
      if (own.tiers && (own.tiers.at(-1)?.up_to_days ?? 0) < rule.longest_hire_days) {
        ctx.addIssue({
          code: 'custom',
          path: ['by_category', key, 'tiers'],
          message: 'the last tier must reach longest_hire_days (its up_to_days at least that)',
        });
      }
    }
  })
  .optional();

export type HirePricingFile = z.infer<typeof hirePricingField>;

type RuleShape = {
  extra_day_percent?: number | undefined;
  tiers?: { up_to_days: number; multiplier: number }[] | undefined;
};

/** A rule's shape (extension or tiers) with the given closed-day counting and longest hire. */
function ruleOf(file: RuleShape, common: { countClosedDays: boolean; longestHireDays: number }): HirePricing {
  if (file.tiers) {
    return {
      kind: 'tiers',
      tiers: file.tiers.map((t) => ({
        upToDays: t.up_to_days,
        multiplierBasisPoints: Math.round(t.multiplier * 10_000),
      })),
      ...common,
    };
  }
  return { kind: 'extension', extraDayBasisPoints: toBasisPoints(file.extra_day_percent ?? 100), ...common };
}

/** The categories' own rules of a parsed `hire_pricing` block, in the file's order ([] for none). */
export function hirePricingByCategoryOf(file: HirePricingFile): CategoryHirePricing[] {
  if (!file?.by_category) return [];
  return Object.entries(file.by_category).map(([category, own]) => ({
    category,
    pricing: ruleOf(own, {
      countClosedDays: own.count_closed_days ?? file.count_closed_days,
      longestHireDays: file.longest_hire_days,
    }),
  }));
}

/** The rule of a parsed `hire_pricing` block, or the default (each extra day a day's price). */
export function hirePricingOf(file: HirePricingFile): HirePricing {
  if (!file) return DEFAULT_HIRE_PRICING;
  return ruleOf(file, { countClosedDays: file.count_closed_days, longestHireDays: file.longest_hire_days });
}
