import { eq } from 'drizzle-orm';
import { dayIn } from '../../../src/lib/api-contract/dates';
import { howToPayLines, scheduleLines } from '../../../src/lib/api-contract/payment-terms-text';
import type { Db } from '../../db/client';
import { cancellations, payments } from '../../db/schema';
import { INVOICE_LIFE_CYCLE, moneyOf, moneySettingsOf, nextMoneyStep, PAYMENT_METHODS } from '../../money';
import { storedOrderView } from '../../orders';
import type { MailContext } from '../context';
import {
  creditNoteContent,
  type DocumentContent,
  invoiceContent,
  invoiceName,
  receiptContent,
  surchargeInvoiceContent,
} from './content';
import { documentsOf, invoiceStates, issueDocument, latestInvoice, type StoredDocument } from './documents';

/**
 * What a hire's tax invoice says under its totals (issue 59): what is paid when, as the terms set it
 * for this booking (the deposit, the balance and the bond with their days), and how to pay, with the
 * request as the reference; the business's phone where it takes no transfer or card.
 */
async function payingDetails(tx: Tx, ctx: MailContext, orderId: string): Promise<string[]> {
  const business = ctx.business();
  const money = await moneyOf(tx, orderId, moneySettingsOf(business));
  if (!money) return [];
  return [
    'What you pay and when:',
    ...scheduleLines(money.schedule, business.payments).map((line) => `• ${line}`),
    'How to pay:',
    ...howToPayLines(business.payments, business.phone, `Request ${orderId}`).map((line) => `• ${line}`),
  ];
}

/**
 * When documents are issued, each in the transaction of its cause: the tax invoice when a request is
 * confirmed; a receipt for each payment; a credit note for hire money paid back.
 */

type Tx = Pick<Db, 'select' | 'insert' | 'selectDistinct'>;

/** The request's tax invoice, issued when it is confirmed (once: a second confirm finds the first). */
export async function issueInvoice(tx: Tx, ctx: MailContext, orderId: string, now: Date): Promise<StoredDocument> {
  const known = await latestInvoice(tx, orderId);
  if (known) return known;
  const { view, customer } = await storedOrderView(tx, ctx, orderId);
  const issuedOn = dayIn(now, ctx.business().timeZone);
  const details = await payingDetails(tx, ctx, orderId);
  return issueDocument(tx, {
    orderId,
    kind: 'invoice',
    issuedOn,
    now,
    content: (number) => ({
      ...invoiceContent({ view, customerEmail: customer.email ?? '', issuedOn, number }),
      details,
    }),
  });
}

/** A receipt for a payment, or a credit note for a refund of the hire (a bond paid back needs neither). */
export async function issuePaymentDocument(
  tx: Tx,
  ctx: MailContext,
  paymentId: string,
  now: Date,
): Promise<StoredDocument | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || (payment.kind === 'refund' && payment.towards === 'bond')) return null;
  // A cancelled booking's refunds are in the credit note its cancellation issued.
  if (payment.kind === 'refund') {
    const [cancelled] = await tx
      .select({ id: cancellations.orderId })
      .from(cancellations)
      .where(eq(cancellations.orderId, payment.orderId));
    if (cancelled) return null;
  }
  const { view, customer } = await storedOrderView(tx, ctx, payment.orderId);
  const invoice = await latestInvoice(tx, payment.orderId);
  const issuedOn = dayIn(now, ctx.business().timeZone);
  const movement = {
    view,
    customerEmail: customer.email ?? '',
    issuedOn,
    amountCents: payment.amountCents,
    methodText: PAYMENT_METHODS[payment.method],
    paidOn: payment.paidOn,
    towards: payment.towards,
    invoiceNumber: invoice?.number ?? null,
    note: payment.note,
  };
  if (payment.towards === 'surcharge') {
    // A card surcharge paid: its own tax invoice, marked paid (the card's receipt is Stripe's).
    if (payment.kind !== 'payment') return null;
    const percent = ctx.business().payments.cardSurchargePercent;
    return issueDocument(tx, {
      orderId: payment.orderId,
      kind: 'invoice',
      paymentId,
      issuedOn,
      now,
      content: (number) => surchargeInvoiceContent({ ...movement, number, percentText: `${percent}%` }),
    });
  }
  const kind = payment.kind === 'payment' ? 'receipt' : 'credit_note';
  return issueDocument(tx, {
    orderId: payment.orderId,
    kind,
    paymentId,
    issuedOn,
    now,
    content: (number) =>
      (kind === 'receipt' ? receiptContent : creditNoteContent)({
        view,
        customerEmail: customer.email ?? '',
        issuedOn,
        number,
        amountCents: payment.amountCents,
        methodText: PAYMENT_METHODS[payment.method],
        paidOn: payment.paidOn,
        towards: payment.towards,
        invoiceNumber: invoice?.number ?? null,
        note: payment.note,
      }),
  });
}

/**
 * A confirmed, invoiced booking changed: when what its invoice prints no longer holds (lines, prices,
 * hire date), a new tax invoice for it as it stands, and a credit note for the whole of the old one,
 * both in the change's transaction. Nothing when it was never invoiced or the invoice still holds.
 */
export async function reissueInvoice(
  tx: Tx,
  ctx: MailContext,
  orderId: string,
  now: Date,
): Promise<{ invoice: StoredDocument; creditNote: StoredDocument } | null> {
  const old = await latestInvoice(tx, orderId);
  // Only a current invoice is replaced (the table: a replaced one stays replaced).
  if (
    !old ||
    nextMoneyStep(
      INVOICE_LIFE_CYCLE,
      invoiceStates(await documentsOf(tx, orderId)).get(old.number)?.state ?? 'current',
      'reissued',
    ).kind !== 'move'
  )
    return null;
  const { view, customer } = await storedOrderView(tx, ctx, orderId);
  const issuedOn = dayIn(now, ctx.business().timeZone);
  const fresh = invoiceContent({ view, customerEmail: customer.email ?? '', issuedOn, number: old.number });
  const was = old.content as DocumentContent;
  if (
    JSON.stringify([fresh.lines, fresh.reference, fresh.totalCents]) ===
    JSON.stringify([was.lines, was.reference, was.totalCents])
  ) {
    return null;
  }
  const paying = await payingDetails(tx, ctx, orderId);
  const invoice = await issueDocument(tx, {
    orderId,
    kind: 'invoice',
    issuedOn,
    now,
    content: (number) => ({
      ...fresh,
      number,
      details: [`Replaces ${invoiceName(ctx.business())} ${old.number}, after a change to the booking.`, ...paying],
    }),
  });
  const creditNote = await issueDocument(tx, {
    orderId,
    kind: 'credit_note',
    issuedOn,
    now,
    content: (number) => ({
      ...was,
      kind: 'credit_note',
      title: 'Credit note',
      number,
      issuedOn,
      cancels: old.number,
      replacedBy: invoice.number,
      details: [
        `Cancels ${invoiceName(ctx.business())} ${old.number} in full: the booking changed, and ${invoiceName(ctx.business())} ${invoice.number} replaces it.`,
      ],
    }),
  });
  return { invoice, creditNote };
}
