import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../server/orders';
import { creditNoteContent, invoiceContent, receiptContent } from '../../server/services/documents';
import { defaultBusinessSettings } from '../../src/lib/api-contract/business-file';

/** Issue 49: what a tax invoice, a receipt and a credit note print, from a request as it stands. */
const view = (priceCents: number, taxId = '51 824 753 556'): OrderView => ({
  orderId: '1042',
  customerName: 'Jo Bloggs',
  customerPhone: '0412 345 678',
  hireDate: '2026-12-12',
  fulfilment: 'delivery',
  pickup: null,
  deliveryAddress: '5 Long Rd, Bondi NSW 2026',
  notes: null,
  wantsSignage: false,
  items: [
    { name: 'Gold cutlery', quantity: 3, priceCents, variations: ['Brushed'] },
    { name: 'Bud vase', quantity: 1, priceCents: 333, variations: [] },
  ],
  subtotalCents: priceCents * 3 + 333,
  problem: null,
  shopUrl: 'https://shop.example',
  brand: { ...defaultBusinessSettings(), taxId },
});
const party = (v: OrderView) => ({
  view: v,
  customerEmail: 'jo@example.com',
  issuedOn: '2026-11-27',
  number: 'INV-0001',
});

describe('document content', () => {
  it('gives each line its GST share, adding up to the GST rounded once on the subtotal', () => {
    const invoice = invoiceContent(party(view(1005)));
    expect(invoice.title).toBe('Tax invoice');
    expect(invoice.business.taxIdLine).toBe('ABN 51 824 753 556');
    expect(invoice.lines).toEqual([
      { description: 'Gold cutlery (Brushed)', quantity: 3, unitCents: 1005, gstCents: 302, amountCents: 3317 },
      { description: 'Bud vase', quantity: 1, unitCents: 333, gstCents: 33, amountCents: 366 },
    ]);
    expect(invoice).toMatchObject({ subtotalCents: 3348, gstCents: 335, totalCents: 3683 });
    expect(invoice.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(invoice.totalCents);
  });

  it('works a New Zealand business’s 15% GST the same way, line by line', () => {
    const kiwi = view(1005);
    kiwi.brand = { ...kiwi.brand, gstRate: 0.15, country: 'NZ', currency: 'NZD', taxId: '123 456 789' };
    const invoice = invoiceContent(party(kiwi));
    expect(invoice.business.taxIdLine).toBe('GST number 123 456 789');
    expect(invoice.gstRateText).toBe('15%');
    // 3015 x 0.15 = 452.25 and 333 x 0.15 = 49.95; the order's GST, round(3348 x 0.15) = 502, shared out.
    expect(invoice.lines.map((line) => line.gstCents)).toEqual([452, 50]);
    expect(invoice).toMatchObject({ subtotalCents: 3348, gstCents: 502, totalCents: 3850 });
  });

  it('names the customer’s address from a total of $1,000, and is a plain invoice without an ABN', () => {
    expect(invoiceContent(party(view(30_000))).customer.address).toBeNull();
    expect(invoiceContent(party(view(30_303))).customer.address).toBe('5 Long Rd, Bondi NSW 2026');
    expect(invoiceContent(party(view(1000, ''))).title).toBe('Invoice');
  });

  it('receipts a payment without GST of its own, and credits the GST inside a refund', () => {
    const movement = {
      ...party(view(1000)),
      amountCents: 5500,
      methodText: 'Bank transfer',
      paidOn: '2026-11-26',
      towards: 'hire' as const,
      invoiceNumber: 'INV-0007',
      note: null,
    };
    expect(receiptContent(movement)).toMatchObject({ totalCents: 5500, gstCents: 0 });
    expect(receiptContent(movement).details).toEqual([
      'Received Thursday 26 November 2026 by bank transfer.',
      'Against tax invoice INV-0007.',
    ]);
    expect(receiptContent({ ...movement, towards: 'bond' }).lines[0]?.description).toBe('Bond (refundable)');
    expect(creditNoteContent(movement)).toMatchObject({ subtotalCents: 5000, gstCents: 500, totalCents: 5500 });
  });

  it('adds up, every document: lines to totals, units times quantities plus GST to each line (issue 59)', () => {
    const sums = (doc: ReturnType<typeof invoiceContent>) => {
      expect(doc.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(doc.totalCents);
      expect(doc.lines.reduce((sum, line) => sum + line.gstCents, 0)).toBe(doc.gstCents);
      expect(doc.subtotalCents + doc.gstCents).toBe(doc.totalCents);
      for (const line of doc.lines) expect(line.unitCents * line.quantity + line.gstCents).toBe(line.amountCents);
    };
    for (let seed = 1; seed <= 300; seed++) {
      for (const gstRate of [0.1, 0.15]) {
        const items = Array.from({ length: 1 + (seed % 6) }, (_, i) => ({
          name: `Item ${i}`,
          quantity: 1 + ((seed * 7 + i) % 60),
          priceCents: ((seed * 9973 + i * 7919) % 49_999) + 1,
          variations: [],
        }));
        const v: OrderView = {
          ...view(100),
          items,
          subtotalCents: items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0),
          brand: { ...view(100).brand, gstRate },
        };
        sums(invoiceContent(party(v)));
        const movement = {
          ...party(v),
          amountCents: 1 + ((seed * 104_729) % 500_000),
          methodText: 'Card',
          paidOn: '2026-11-26',
          towards: 'hire' as const,
          invoiceNumber: 'INV-0001',
          note: null,
        };
        sums(receiptContent(movement));
        sums(creditNoteContent(movement));
      }
    }
  });
});
