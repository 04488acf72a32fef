import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { BusinessSettings } from '../../../src/lib/api-contract/business-settings';
import { centsToAmount } from '../../../src/lib/api-contract/money';
import type { Db } from '../../db/client';
import { customers, documents, orders, payments } from '../../db/schema';
import { moneyOfMany, moneySettingsOf, PAYMENT_METHODS } from '../../money';
import type { DocumentContent } from '../documents';

/**
 * The accountant's export, in Xero's own import formats: tax invoices and credit notes as Xero's
 * sales invoice import (a credit note's lines negative, which Xero takes as a credit note), amounts
 * before GST with the GST of each line as this shop worked it out; payments and refunds as Xero's
 * bank statement import (a refund negative). Dates DD/MM/YYYY, as Xero reads them in Australia and New
 * Zealand.
 */

const INVOICE_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

const PAYMENT_COLUMNS = ['*Date', '*Amount', 'Payee', 'Description', 'Reference'] as const;

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csv = (rows: string[][]) => `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;

/** YYYY-MM-DD to DD/MM/YYYY. */
const xeroDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Xero's name of the GST rate on sales: Australia's "GST on Income", New Zealand's "15% GST on Income". */
const taxTypeOf = (business: Pick<BusinessSettings, 'country'>) =>
  business.country === 'NZ' ? '15% GST on Income' : 'GST on Income';

/** Xero's default name of the rate on a GST-free sale (issue 61): Australia's "GST Free Income", New Zealand's "Zero Rated". */
const gstFreeTaxTypeOf = (business: Pick<BusinessSettings, 'country'>) =>
  business.country === 'NZ' ? 'Zero Rated' : 'GST Free Income';

export interface ExportRange {
  from: string;
  to: string;
  /** Xero's sales account code the lines go to (its chart of accounts; 200 "Sales" by default). */
  accountCode: string;
}

/** The tax invoices and credit notes issued in the range, a row per line. */
export async function xeroInvoicesCsv(
  db: Pick<Db, 'select' | 'selectDistinct'>,
  business: BusinessSettings,
  range: ExportRange,
): Promise<string> {
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        inArray(documents.kind, ['invoice', 'credit_note']),
        gte(documents.issuedOn, range.from),
        lte(documents.issuedOn, range.to),
      ),
    )
    .orderBy(asc(documents.issuedOn), asc(documents.kind), asc(documents.seq));
  const lines: string[][] = [[...INVOICE_COLUMNS]];
  const settings = moneySettingsOf(business);
  // Every invoiced booking's money in a few set-wise reads.
  const monies = await moneyOfMany(db, [...new Set(rows.map((row) => row.orderId))], settings);
  // An invoice is due when its terms ask for the last of it (the balance's day, or the deposit's when
  // everything is due at once); a credit note on the day it is issued.
  const dueOf = (row: (typeof rows)[number]) => {
    // A credit note, and a card surcharge's or a kept bond's own invoice (paid when issued), are due when issued.
    if (row.kind !== 'invoice' || row.paymentId || (row.content as DocumentContent).for) return row.issuedOn;
    const schedule = monies.get(row.orderId)?.schedule;
    const due = schedule ? (schedule.balance?.due ?? schedule.deposit.due) : row.issuedOn;
    return due < row.issuedOn ? row.issuedOn : due;
  };
  for (const row of rows) {
    const content = row.content as DocumentContent;
    const sign = row.kind === 'credit_note' ? -1 : 1;
    const due = dueOf(row);
    for (const line of content.lines) {
      lines.push([
        content.customer.name,
        content.customer.email,
        content.customer.address ?? '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        row.number,
        content.reference,
        xeroDate(row.issuedOn),
        xeroDate(due),
        '',
        line.description,
        String(line.quantity),
        centsToAmount(sign * line.unitCents),
        '',
        range.accountCode,
        line.gstFree ? gstFreeTaxTypeOf(business) : taxTypeOf(business),
        centsToAmount(sign * line.gstCents),
        '',
        '',
        '',
        '',
        business.currency,
        '',
      ]);
    }
  }
  return csv(lines);
}

const TOWARDS_WORDS = { hire: 'the hire', bond: 'the bond', surcharge: 'the card surcharge' } as const;

/** Payments received and refunds paid in the range, as Xero's bank statement lines. */
export async function xeroPaymentsCsv(
  db: Pick<Db, 'select'>,
  range: Omit<ExportRange, 'accountCode'>,
): Promise<string> {
  const rows = await db
    .select({ payment: payments, name: customers.name })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(gte(payments.paidOn, range.from), lte(payments.paidOn, range.to)))
    .orderBy(asc(payments.paidOn), asc(payments.recordedAt));
  const lines: string[][] = [[...PAYMENT_COLUMNS]];
  // One card payment online is one line, as the card was charged: its hire, bond and surcharge
  // entries (external ids session:<id>, session:<id>:bond, session:<id>:surcharge) together.
  const charged = new Map<string, string[]>();
  for (const { payment, name } of rows) {
    const sign = payment.kind === 'refund' ? -1 : 1;
    const session = /^session:([^:]+)/.exec(payment.externalId ?? '')?.[1];
    const known = session ? charged.get(session) : undefined;
    if (known) {
      known[1] = centsToAmount(Math.round(Number(known[1]) * 100) + payment.amountCents);
      known[3] = `${known[3]}, ${TOWARDS_WORDS[payment.towards]}`;
      continue;
    }
    const line = [
      xeroDate(payment.paidOn),
      centsToAmount(sign * payment.amountCents),
      name,
      `${payment.kind === 'refund' ? 'Refund' : 'Payment'} ${session ? 'by card online: ' : 'towards '}${TOWARDS_WORDS[payment.towards]}${session ? '' : `, ${PAYMENT_METHODS[payment.method]}`}`,
      `Request ${payment.orderId}`,
    ];
    if (session) charged.set(session, line);
    lines.push(line);
  }
  return csv(lines);
}
