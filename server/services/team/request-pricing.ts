import { extraDaysByRule, hireRuleFor } from '../../../src/lib/api-contract/business-settings';
import { eventCentsOf, hireUnitCents } from '../../../src/lib/api-contract/hire-pricing';
import type { ServiceContext } from '../context';
import { lineCategoryKeys } from '../order-categories';
import type { PricedLine } from '../order-lines';

type Business = ReturnType<ServiceContext['business']>;

/**
 * Each line's hire rule (the business's, or its category's) and the extra days it charges for the
 * hire as it was and as it will be.
 */
async function lineRules(
  db: ServiceContext['db'],
  business: Business,
  lines: readonly { itemType: 'products' | 'bundles'; itemId: string }[],
  was: readonly [string, string],
  now: readonly [string, string],
) {
  const keys = business.hirePricingByCategory.length > 0 ? await lineCategoryKeys(db, lines) : null;
  return lines.map((_, index) => {
    const pricing = keys ? hireRuleFor(business, keys[index]) : business.hirePricing;
    return {
      pricing,
      extraWas: extraDaysByRule(business, pricing, was[0], was[1]),
      extraNow: extraDaysByRule(business, pricing, now[0], now[1]),
    };
  });
}

/**
 * A change's prices (issue 60): the lines it had keep the price agreed, re-priced from their agreed
 * event price by their rule when the hire's length changes; an added line (the last) is priced for the
 * whole hire from the catalogue's price. Returns the added line, if any.
 */
export async function repriceForChange(
  db: ServiceContext['db'],
  business: Business,
  {
    kept,
    priced: lines,
    adding,
  }: { kept: readonly { line: { priceInCents: number } }[]; priced: PricedLine[]; adding: boolean },
  was: readonly [string, string],
  now: readonly [string, string],
): Promise<PricedLine | undefined> {
  const rules = await lineRules(db, business, lines, was, now);
  for (const [index, { line }] of kept.entries()) {
    const target = lines[index];
    const rule = rules[index];
    if (!target || !rule) continue;
    target.priceInCents =
      rule.extraWas === rule.extraNow
        ? line.priceInCents
        : hireUnitCents(eventCentsOf(line.priceInCents, rule.extraWas, rule.pricing), rule.extraNow, rule.pricing);
  }
  const added = adding ? lines.at(-1) : undefined;
  const addedRule = rules.at(-1);
  if (added && addedRule) added.priceInCents = hireUnitCents(added.priceInCents, addedRule.extraNow, addedRule.pricing);
  return added;
}
