import { DEFAULT_HIRE_PRICING } from '../../../src/lib/api-contract/hire-pricing';

/**
 * The "Longer hires" block of the owner's settings form (issue 60): business.json's `hire_pricing` as
 * form fields and back. Tiers are lines of a textarea ("3 1", "7 1.5": up to 3 days 1x, up to 7 days
 * 1.5x); a line that does not read is kept as typed, for business.json's rules to name.
 */

type Form = Record<string, unknown>;

/** What the form shows when the business has no rule of its own: the default's share a day. */
const DEFAULT_EXTRA_DAY_PERCENT =
  DEFAULT_HIRE_PRICING.kind === 'extension' ? DEFAULT_HIRE_PRICING.extraDayBasisPoints / 100 : 100;

const text = (form: Form, key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
const number = (value: string) => (value === '' || Number.isNaN(Number(value)) ? value : Number(value));

/** "7 1.5", "7 days 1.5x", "up to 7: 1.5": a tier of up to 7 days at 1.5 times the price. */
const TIER_LINE = /^(?:up\s+to\s+)?(\d{1,3})\s*(?:days?)?\s*[:,]?\s*(\d{1,3}(?:\.\d+)?)\s*x?$/i;

/**
 * The form's rule as business.json writes it, or the stored one when the form has no such block (a
 * form drawn before it existed changes nothing here).
 */
export function hirePricingFromForm(current: unknown, form: Form): unknown {
  const rule = text(form, 'hire.rule');
  if (rule !== 'extension' && rule !== 'tiers') return current;
  // The block as it was drawn, sent back untouched, leaves the stored rule (or its absence) alone: a
  // business with none is not given the default as a setting of its own by saving another field.
  const shown = hirePricingFields(current);
  const fields = Object.keys(shown) as (keyof typeof shown)[];
  if (fields.every((key) => (key === 'hire.count_closed_days' ? form[key] === 'on' : text(form, key)) === shown[key]))
    return current;
  const common = {
    count_closed_days: form['hire.count_closed_days'] === 'on',
    longest_hire_days: number(text(form, 'hire.longest_hire_days')),
  };
  // Category rules: kept as stored when the form has no such field (a form drawn before it existed).
  const byCategory =
    typeof form['hire.by_category'] === 'string'
      ? byCategoryFromText(text(form, 'hire.by_category'))
      : (current as { by_category?: unknown } | undefined)?.by_category;
  if (byCategory !== undefined) Object.assign(common, { by_category: byCategory });
  if (rule === 'extension') return { extra_day_percent: number(text(form, 'hire.extra_day_percent')), ...common };
  const tiers = text(form, 'hire.tiers')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = TIER_LINE.exec(line);
      return match ? { up_to_days: Number(match[1]), multiplier: Number(match[2]) } : line;
    });
  return { tiers, ...common };
}

/**
 * Category rules as typed, one a line: "marquees: 50" (each extra day 50% of the price) or
 * "furniture: 3 1, 7 1.5, 90 3" (tiers). A line that does not read is kept as typed, for business.json's
 * rules to name by its category; an empty field is no category rules.
 */
function byCategoryFromText(value: string): Record<string, unknown> | undefined {
  const lines = value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  const rules: Record<string, unknown> = {};
  for (const line of lines) {
    const [key = '', rest = ''] = line.split(/:(.*)/s).map((part) => part.trim());
    const percent = /^(\d{1,4}(?:\.\d+)?)\s*%?$/.exec(rest);
    if (percent) {
      rules[key] = { extra_day_percent: Number(percent[1]) };
      continue;
    }
    const tiers = rest.split(',').map((tier) => TIER_LINE.exec(tier.trim()));
    rules[key] = tiers.every(Boolean)
      ? { tiers: tiers.map((match) => ({ up_to_days: Number(match?.[1]), multiplier: Number(match?.[2]) })) }
      : rest;
  }
  return rules;
}

/** Category rules as the form's lines: "marquees: 50", "furniture: 3 1, 7 1.5, 90 3". */
export function byCategoryText(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  return Object.entries(value as Record<string, unknown>)
    .map(([key, rule]) => {
      if (!rule || typeof rule !== 'object') return `${key}: ${String(rule)}`;
      const { extra_day_percent, tiers } = rule as { extra_day_percent?: unknown; tiers?: unknown };
      if (extra_day_percent !== undefined) return `${key}: ${String(extra_day_percent)}`;
      return `${key}: ${tiersText(tiers).split('\n').join(', ')}`;
    })
    .join('\n');
}

/** The tiers as the form's lines: "3 1", "7 1.5". */
export function tiersText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((tier) => {
      if (!tier || typeof tier !== 'object') return String(tier);
      const { up_to_days, multiplier } = tier as { up_to_days?: unknown; multiplier?: unknown };
      return `${String(up_to_days)} ${String(multiplier)}`;
    })
    .join('\n');
}

/** The block's fields as the form draws them for a stored rule (or none: the default, each extra day at 100%). */
export function hirePricingFields(current: unknown) {
  const rule = (current && typeof current === 'object' ? current : {}) as Record<string, unknown>;
  const tiers = Array.isArray(rule.tiers);
  return {
    'hire.rule': tiers ? 'tiers' : 'extension',
    'hire.extra_day_percent': String(rule.extra_day_percent ?? (tiers ? '' : DEFAULT_EXTRA_DAY_PERCENT)),
    'hire.tiers': tiersText(rule.tiers),
    'hire.count_closed_days': rule.count_closed_days === true,
    'hire.longest_hire_days': String(rule.longest_hire_days ?? DEFAULT_HIRE_PRICING.longestHireDays),
    'hire.by_category': byCategoryText(rule.by_category),
  };
}
