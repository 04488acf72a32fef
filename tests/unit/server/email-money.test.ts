import { describe, expect, it } from 'vitest';
import harbourLane from '../../../examples/harbour-lane/business.json';
import type { OrderView } from '../../../server/orders';
import demoBusiness from '../../../server/seed/demo-business.json';
import { renderOrderEmail } from '../../../server/services/emails';
import { parseBusinessFile, settingsOf } from '../../../src/lib/api-contract/business-file';
import { formatMoney } from '../../../src/lib/api-contract/money';

/** Issue 46: an email writes money as the site does, through the one kernel function. */
const brandOf = (json: unknown) => {
  const { settings } = parseBusinessFile(json);
  if (!settings) throw new Error('the example business.json does not parse');
  return settingsOf(settings, null, () => null);
};

const view = (brand: OrderView['brand']): OrderView => ({
  orderId: '1042',
  customerName: 'Ava Chen',
  customerPhone: '0412 345 678',
  hireDate: '2026-12-12',
  fulfilment: 'delivery',
  pickup: null,
  deliveryAddress: '1 Example Street, Balmain NSW 2041',
  notes: null,
  wantsSignage: false,
  items: [{ name: 'Gold Charger Plate', quantity: 150, priceCents: 823, variations: [], photoUrl: null }],
  subtotalCents: 123_450,
  problem: null,
  shopUrl: 'https://shop.example',
  brand,
});

describe.each([
  ['the demo', demoBusiness],
  ['a second business', harbourLane],
])("the customer's order email for %s", (_name, json) => {
  const brand = brandOf(json);
  const email = renderOrderEmail(view(brand));

  it('writes every amount as the site does: thousands separated, two decimals, on its price basis', () => {
    expect(formatMoney(123_450)).toBe('$1,234.50');
    // Before GST: 150 x $8.23. With GST (the second business) the line carries its share of the
    // order's GST, $1,357.95, which $9.05 each does not multiply out to ($1,357.50): the quantity alone.
    const [quantity, line] =
      brand.priceDisplay === 'including_gst' ? ['Qty 150', '$1,357.95'] : ['150 x $8.23', '$1,234.50'];
    for (const part of [email.html, email.text]) {
      expect(part).toContain(line);
      expect(part).not.toMatch(/\$\d{4,}/);
      expect(part).not.toContain('150 × $9.05');
    }
    expect(email.text).toContain(`${quantity} = ${line}`);
    expect(email.html).toContain(quantity.replace(' x ', ' × '));
  });

  it('is signed with the business’s own name', () => {
    expect(email.text).toContain(brand.name);
    expect(email.html).toContain(brand.name.replaceAll('&', '&amp;'));
  });
});
