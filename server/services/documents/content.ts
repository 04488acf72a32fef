import type { BusinessSettings } from '../../../src/lib/api-contract/business-settings';
import { taxIdText } from '../../../src/lib/api-contract/business-settings';
import { longDate } from '../../../src/lib/api-contract/dates';
import { lineGstShares, totalsOf } from '../../../src/lib/api-contract/money';
import { basisOf, type OrderView, ownLineLabel } from '../../orders';
import { DOCUMENT_TITLES, type DocumentContent, type DocumentLine } from './document-content';

export * from './document-content';

/**
 * What a tax invoice, a receipt or a credit note prints, fixed when it is issued and stored with it
 * (documents.content): the PDF is drawn from this alone, so it reads the same on every download,
 * whatever the business or the request later become.
 */

/** What an invoice is called in the words of other documents: a tax invoice only with an ABN or GST number. */
export const invoiceName = (brand: { taxId?: string | null }) => (brand.taxId ? 'tax invoice' : 'invoice');

/** At or above this total (with GST) an Australian tax invoice names the buyer's address as well. */
export const ADDRESS_FROM_CENTS = 100_000;

type Brand = Pick<
  BusinessSettings,
  'name' | 'legalName' | 'taxId' | 'address' | 'locality' | 'email' | 'phone' | 'gstRate' | 'logoUrl'
>;

const businessOf = (brand: Brand): DocumentContent['business'] => ({
  name: brand.name,
  ...(brand.legalName && brand.legalName !== brand.name ? { legalName: brand.legalName } : {}),
  taxIdLine: taxIdText(brand.taxId),
  addressLines: [brand.address.street, brand.locality].filter(Boolean),
  email: brand.email,
  phone: brand.phone,
  ...(brand.logoUrl ? { logoUrl: brand.logoUrl } : {}),
});

const percentText = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

interface Party {
  view: OrderView;
  customerEmail: string;
  issuedOn: string;
  number: string;
}

/** "Request 500012, hire date Saturday 6 March 2027", or for a longer hire "hire dates ... to ...". */
const referenceOf = (view: OrderView) =>
  view.lastDay && view.lastDay > view.hireDate
    ? `Request ${view.orderId}, hire dates ${longDate(view.hireDate)} to ${longDate(view.lastDay)}`
    : `Request ${view.orderId}, hire date ${longDate(view.hireDate)}`;

/** The tax invoice of a request as it stands: each line with its quantity, price and GST. */
export function invoiceContent({ view, customerEmail, issuedOn, number }: Party): DocumentContent {
  const brand = view.brand;
  // The items, then the delivery fee as a line of its own (issue 60): their sum is the subtotal.
  const charged = [
    ...view.items.map((item) => ({
      description: item.variations.length ? `${item.name} (${item.variations.join(', ')})` : item.name,
      quantity: item.quantity,
      unitCents: item.priceCents,
    })),
    ...(view.deliveryFee
      ? [{ description: view.deliveryFee.label, quantity: 1, unitCents: view.deliveryFee.cents }]
      : []),
    // The team's own lines (issue 61): a charge or a discount, taxed or GST-free.
    ...(view.ownLines ?? []).map((line) => ({
      description: ownLineLabel({ ...line, gstFree: false }),
      quantity: line.quantity,
      unitCents: line.unitCents,
      ...(line.gstFree ? { gstFree: true } : {}),
    })),
  ];
  const lineCents = charged.map((line) => line.unitCents * line.quantity);
  const gstFree = charged.map((line) => 'gstFree' in line && line.gstFree === true);
  // Each line's GST is its share of the order's, added to it, or inside it when entered with GST.
  const basis = basisOf(view);
  const shares = lineGstShares(lineCents, brand.gstRate, basis.pricesIncludeGst, gstFree);
  const totals = totalsOf(
    lineCents.reduce((sum, cents) => sum + cents, 0),
    basis,
    lineCents.reduce((sum, cents, i) => sum + (gstFree[i] ? cents : 0), 0),
  );
  return {
    kind: 'invoice',
    // Only a business with an ABN (or GST number) registered for GST gives a tax invoice.
    title: brand.taxId ? DOCUMENT_TITLES.invoice : 'Invoice',
    number,
    issuedOn,
    business: businessOf(brand),
    customer: {
      name: view.customerName,
      email: customerEmail,
      phone: view.customerPhone,
      address: totals.totalCents >= ADDRESS_FROM_CENTS ? view.deliveryAddress : null,
    },
    reference: referenceOf(view),
    lines: charged.map((line, i) => ({
      ...line,
      gstCents: shares[i] ?? 0,
      amountCents: (lineCents[i] ?? 0) + (basis.pricesIncludeGst ? 0 : (shares[i] ?? 0)),
    })),
    subtotalCents: totals.subtotalCents,
    gstCents: totals.gstCents,
    totalCents: totals.totalCents,
    gstRateText: percentText(brand.gstRate),
    details: [],
  };
}

/** The GST inside an amount that includes it, rounded once (a refund's or a payment's share). */
export const gstInside = (cents: number, rate: number) => Math.round((cents * rate) / (1 + rate));

interface Movement extends Party {
  amountCents: number;
  methodText: string;
  paidOn: string;
  towards: 'hire' | 'bond' | 'surcharge';
  invoiceNumber: string | null;
  note: string | null;
}

/** A receipt's or a credit note's head: who, for what request, its number and day. */
const oneLineHead = (kind: 'receipt' | 'credit_note', movement: Movement) => ({
  kind,
  title: DOCUMENT_TITLES[kind],
  number: movement.number,
  issuedOn: movement.issuedOn,
  business: businessOf(movement.view.brand),
  customer: {
    name: movement.view.customerName,
    email: movement.customerEmail,
    phone: movement.view.customerPhone,
    address: null,
  },
  reference: referenceOf(movement.view),
});

/** A receipt for a payment: no GST of its own (the invoice carries it); a bond is held, not earned. */
export function receiptContent(movement: Movement): DocumentContent {
  const { view } = movement;
  const what = movement.towards === 'bond' ? 'Bond (refundable)' : `Payment towards the hire`;
  return {
    ...oneLineHead('receipt', movement),
    lines: [
      {
        description: what,
        quantity: 1,
        unitCents: movement.amountCents,
        gstCents: 0,
        amountCents: movement.amountCents,
      },
    ],
    subtotalCents: movement.amountCents,
    gstCents: 0,
    totalCents: movement.amountCents,
    gstRateText: percentText(view.brand.gstRate),
    details: [
      `Received ${longDate(movement.paidOn)} by ${movement.methodText.toLowerCase()}.`,
      ...(movement.invoiceNumber && movement.towards === 'hire'
        ? [`Against ${invoiceName(view.brand)} ${movement.invoiceNumber}.`]
        : []),
      ...(movement.note ? [movement.note] : []),
    ],
  };
}

/**
 * A card surcharge's own tax invoice, paid when issued: the surcharge is a supply of its own with GST
 * inside it, so the card's whole charge is on a document, and its GST is declared.
 */
export function surchargeInvoiceContent(movement: Movement & { percentText: string }): DocumentContent {
  const { view } = movement;
  const rate = view.brand.gstRate;
  const gstCents = gstInside(movement.amountCents, rate);
  return {
    ...oneLineHead('credit_note', movement),
    kind: 'invoice',
    for: 'surcharge',
    title: view.brand.taxId ? DOCUMENT_TITLES.invoice : 'Invoice',
    lines: [
      {
        description: `Card surcharge (${movement.percentText}) on a card payment`,
        quantity: 1,
        unitCents: movement.amountCents - gstCents,
        gstCents,
        amountCents: movement.amountCents,
      },
    ],
    subtotalCents: movement.amountCents - gstCents,
    gstCents,
    totalCents: movement.amountCents,
    gstRateText: percentText(rate),
    details: [
      `Paid in full ${longDate(movement.paidOn)} by ${movement.methodText.toLowerCase()}, with the card payment it was charged on.`,
      ...(movement.invoiceNumber ? [`For the hire of ${invoiceName(view.brand)} ${movement.invoiceNumber}.`] : []),
    ],
  };
}

/**
 * What the bond kept, invoiced when the bond is settled (issue 59): the late days at the terms' fee and
 * the missing or damaged pieces, each a taxed line with the GST inside it, paid from the bond.
 */
export function bondKeptInvoiceContent(
  party: Party,
  kept: { daysLate: number; lateFeeCents: number; lateFeePercent: number; damageCents: number; reason: string | null },
): DocumentContent {
  const { view } = party;
  const rate = view.brand.gstRate;
  const line = (description: string, cents: number): DocumentLine => {
    const gstCents = gstInside(cents, rate);
    return { description, quantity: 1, unitCents: cents - gstCents, gstCents, amountCents: cents };
  };
  const lines = [
    ...(kept.lateFeeCents > 0
      ? [
          line(
            `Late return: ${kept.daysLate} ${kept.daysLate === 1 ? 'day' : 'days'} at ${kept.lateFeePercent}% of the hire a day`,
            kept.lateFeeCents,
          ),
        ]
      : []),
    ...(kept.damageCents > 0
      ? [line(`Missing or damaged pieces${kept.reason ? `: ${kept.reason}` : ''}`, kept.damageCents)]
      : []),
  ];
  const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const gstCents = lines.reduce((sum, l) => sum + l.gstCents, 0);
  return {
    kind: 'invoice',
    for: 'bond_kept',
    title: view.brand.taxId ? DOCUMENT_TITLES.invoice : 'Invoice',
    number: party.number,
    issuedOn: party.issuedOn,
    business: businessOf(view.brand),
    customer: { name: view.customerName, email: party.customerEmail, phone: view.customerPhone, address: null },
    reference: referenceOf(view),
    lines,
    subtotalCents: totalCents - gstCents,
    gstCents,
    totalCents,
    gstRateText: percentText(rate),
    details: ['Paid from the bond you paid, when it was settled after the return.'],
  };
}

/** A credit note for hire money paid back: the GST inside it is credited too. */
export function creditNoteContent(movement: Movement): DocumentContent {
  const { view } = movement;
  const rate = view.brand.gstRate;
  const gstCents = gstInside(movement.amountCents, rate);
  return {
    ...oneLineHead('credit_note', movement),
    lines: [
      {
        description: 'Hire refunded',
        quantity: 1,
        unitCents: movement.amountCents - gstCents,
        gstCents,
        amountCents: movement.amountCents,
      },
    ],
    subtotalCents: movement.amountCents - gstCents,
    gstCents,
    totalCents: movement.amountCents,
    gstRateText: percentText(rate),
    details: [
      ...(movement.invoiceNumber ? [`Adjusts ${invoiceName(view.brand)} ${movement.invoiceNumber}.`] : []),
      `Paid back ${longDate(movement.paidOn)} by ${movement.methodText.toLowerCase()}.`,
      ...(movement.note ? [`Reason: ${movement.note}`] : []),
    ],
  };
}
