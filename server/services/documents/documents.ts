import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { INVOICE_LIFE_CYCLE, type InvoiceState, nextMoneyStep } from '../../money';
import { type DocumentContent, type DocumentKind, documentNumber } from './content';
import { documentPdf } from './pdf';

/**
 * The request's tax invoices, receipts and credit notes: issued inside the transaction of what caused
 * them (a confirm, a payment, a refund), numbered from a gap-free sequence per kind. Writers take
 * turns (one write transaction at a time, on the file and on sqld alike), so the next number is the
 * highest so far plus one; the unique (kind, seq) index refuses a second copy of a number whatever
 * happens, and a rolled-back issue takes its number with it.
 */

export type StoredDocument = typeof documents.$inferSelect;
type Writer = Pick<Db, 'select' | 'insert'>;

export async function issueDocument(
  tx: Writer,
  input: {
    orderId: string;
    kind: DocumentKind;
    paymentId?: string | null;
    issuedOn: string;
    now: Date;
    /** Everything it prints but its number, which the sequence gives. */
    content: (number: string) => DocumentContent;
  },
): Promise<StoredDocument> {
  const [last] = await tx
    .select({ seq: max(documents.seq) })
    .from(documents)
    .where(eq(documents.kind, input.kind));
  const seq = (last?.seq ?? 0) + 1;
  const number = documentNumber(input.kind, seq);
  const content = input.content(number);
  const row: StoredDocument = {
    id: randomUUID(),
    orderId: input.orderId,
    kind: input.kind,
    seq,
    number,
    issuedOn: input.issuedOn,
    issuedAt: input.now.toISOString(),
    paymentId: input.paymentId ?? null,
    totalCents: content.totalCents,
    gstCents: content.gstCents,
    content,
  };
  await tx.insert(documents).values(row);
  return row;
}

/** A request's documents, oldest first. */
export function documentsOf(db: Pick<Db, 'select'>, orderId: string): Promise<StoredDocument[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.orderId, orderId))
    .orderBy(asc(documents.issuedAt), asc(documents.kind), asc(documents.seq));
}

/**
 * Each hire tax invoice's state by its number, read from the request's documents in the order issued,
 * through the money module's table: current, or replaced by a later invoice (the credit note that
 * cancels it in full names it; one issued before credit notes said so in a field, by its words).
 */
export function invoiceStates(
  list: readonly StoredDocument[],
): Map<string, { state: InvoiceState; creditNote?: string; replacedBy?: string }> {
  const states = new Map<string, { state: InvoiceState; creditNote?: string; replacedBy?: string }>();
  for (const doc of list) {
    const content = doc.content as DocumentContent;
    if (doc.kind === 'invoice' && !doc.paymentId && !content.for) states.set(doc.number, { state: 'current' });
    if (doc.kind !== 'credit_note') continue;
    const words = /^Cancels .* ([A-Z]{2,3}-\d{4,}) in full: .* ([A-Z]{2,3}-\d{4,}) replaces it\.$/.exec(
      content.details[0] ?? '',
    );
    const cancels = content.cancels ?? words?.[1];
    const replacedBy = content.replacedBy ?? words?.[2];
    const known = cancels ? states.get(cancels) : undefined;
    if (!cancels || !known) continue;
    const step = nextMoneyStep(INVOICE_LIFE_CYCLE, known.state, 'reissued');
    if (step.kind === 'move')
      states.set(cancels, { state: step.to, creditNote: doc.number, ...(replacedBy ? { replacedBy } : {}) });
  }
  return states;
}

/** The request's latest tax invoice for the hire, if it has one (not a surcharge's or a kept bond's own invoice). */
export async function latestInvoice(db: Pick<Db, 'select'>, orderId: string): Promise<StoredDocument | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.orderId, orderId),
        eq(documents.kind, 'invoice'),
        isNull(documents.paymentId),
        sql`json_extract(${documents.content}, '$.for') IS NULL`,
      ),
    )
    .orderBy(desc(documents.seq))
    .limit(1);
  return row ?? null;
}

/** One of a request's documents by its number ('INV-0001'), or null. */
export async function documentOf(
  db: Pick<Db, 'select'>,
  orderId: string,
  number: string,
): Promise<StoredDocument | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.orderId, orderId), eq(documents.number, number)));
  return row ?? null;
}

/** The document's PDF: the same bytes each time (its logo is the file it named when issued, under `photosDir`). */
export const pdfOf = (row: StoredDocument, photosDir: string) =>
  documentPdf(row.content as DocumentContent, row.issuedAt, photosDir);

/** Its file name when downloaded: 'tax-invoice-INV-0001.pdf'. */
export const fileNameOf = (row: StoredDocument) =>
  `${{ invoice: 'tax-invoice', receipt: 'receipt', credit_note: 'credit-note' }[row.kind]}-${row.number}.pdf`;

/** Documents as an email's attachments (the mail sender draws them when it sends). */
export async function documentAttachments(db: Pick<Db, 'select'>, ids: string[], photosDir: string) {
  const rows = await db.select().from(documents).where(inArray(documents.id, ids));
  return Promise.all(
    rows.map(async (row) => ({
      filename: fileNameOf(row),
      content: await pdfOf(row, photosDir),
      contentType: 'application/pdf',
    })),
  );
}
