import type { Tx } from '../booking';
import type { Db } from '../db/client';
import type { ServiceContext } from '../services/context';
import { issuePaymentDocument } from '../services/documents';
import { type Acting, logActivity } from '../services/team/activity';

/**
 * What a payment or refund writes with it, in its transaction: its receipt or credit note, and the
 * activity log's line naming it.
 */
export const documentedAndLogged =
  (
    deps: ServiceContext,
    by: Acting,
    orderId: string,
    now: Date,
    kind: 'payment' | 'refund',
    line: { summary: string; after: Record<string, unknown> },
  ) =>
  async (tx: Pick<Db, 'insert' | 'select'>, paymentId: string) => {
    const document = await issuePaymentDocument(tx as Tx, deps, paymentId, now);
    await logActivity(
      tx,
      by,
      {
        kind,
        subjectType: 'request',
        subjectId: orderId,
        summary: `${line.summary}${document ? `: ${document.number}` : ''}`,
        after: { ...line.after, ...(document ? { document: document.number } : {}) },
      },
      now,
    );
  };
