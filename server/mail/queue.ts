import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterCommit } from '../db/after-commit';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

/** What every email is: a subject, an HTML body and a plain-text one. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export type EmailKind = typeof emailOutbox.$inferInsert.kind;
export type EmailStatus = NonNullable<typeof emailOutbox.$inferSelect.status>;

export interface QueuedEmail extends RenderedEmail {
  kind: EmailKind;
  to: string;
  replyTo?: string;
  /** What caused it, kept with it (the request, the decision). */
  payload: unknown;
  orderId?: string;
  /** Documents to attach as PDFs (their ids in `documents`). */
  attachments?: string[];
  /** An email queued once only: a second one with the same key is not queued (the first is answered). */
  dedupeKey?: string;
}

export interface Enqueued {
  id: string;
  status: EmailStatus;
  /** The email was queued before (same dedupe key, or an order's one confirmation): nothing was added. */
  existing: boolean;
}

/** A database or an open transaction: an email is queued in the transaction of what caused it. */
export type MailWriter = Pick<Db, 'insert' | 'select'>;

/** Header values never carry CR or LF: a value cannot add headers of its own. */
export const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * Queues several emails that cannot conflict (no dedupe keys, at most one confirmation) in one
 * statement: an order's two emails cost its transaction one write instead of two.
 */
export async function enqueueNewMails(tx: MailWriter, emails: QueuedEmail[], now: Date): Promise<string[]> {
  const ids = emails.map(() => randomUUID());
  await tx.insert(emailOutbox).values(emails.map((email, index) => rowOf(email, ids[index] as string, now)));
  afterCommit('mail');
  return ids;
}

/** An email's row of the outbox: queued, due now, its header values stripped of line breaks. */
function rowOf(email: QueuedEmail, id: string, now: Date): typeof emailOutbox.$inferInsert {
  return {
    id,
    kind: email.kind,
    toAddress: headerSafe(email.to),
    replyTo: email.replyTo === undefined ? null : headerSafe(email.replyTo),
    subject: headerSafe(email.subject),
    html: email.html,
    text: email.text,
    payload: email.payload,
    attachments: email.attachments?.length ? email.attachments : null,
    orderId: email.orderId ?? null,
    status: 'queued',
    createdAt: now.toISOString(),
    nextAttemptAt: now.toISOString(),
    dedupeKey: email.dedupeKey ?? null,
  };
}

/**
 * Queues an email as a row of the outbox, in the caller's transaction: it is sent (with retries) by
 * the mail sender once that transaction commits, and never if it rolls back. An email with the
 * dedupe key of one already queued, or a second confirmation of one order, adds nothing and answers
 * the first.
 */
export async function enqueueMail(tx: MailWriter, email: QueuedEmail, now: Date): Promise<Enqueued> {
  const id = randomUUID();
  const inserted = await tx
    .insert(emailOutbox)
    .values(rowOf(email, id, now))
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  if (inserted.length > 0) {
    afterCommit('mail');
    return { id, status: 'queued', existing: false };
  }
  const [first] = await tx
    .select({ id: emailOutbox.id, status: emailOutbox.status })
    .from(emailOutbox)
    .where(
      email.dedupeKey
        ? eq(emailOutbox.dedupeKey, email.dedupeKey)
        : and(eq(emailOutbox.kind, email.kind), eq(emailOutbox.orderId, email.orderId ?? '')),
    );
  if (!first) throw new Error(`Email ${email.kind} ${email.dedupeKey ?? email.orderId} conflicted but was not found`);
  return { ...first, existing: true };
}

/**
 * Which of these dedupe keys are queued already (sent or not): a reminder drawn again by a later
 * sweep is left out before it is rendered.
 */
export async function queuedKeys(tx: MailWriter, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ key: emailOutbox.dedupeKey })
    .from(emailOutbox)
    .where(inArray(emailOutbox.dedupeKey, keys));
  return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
}
