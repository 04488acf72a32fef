import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { RenderedEmail } from './email-templates';

export interface OutgoingEmail extends RenderedEmail {
  kind: 'order_confirmation' | 'order_fallback' | 'order_acknowledgement' | 'contact';
  to: string;
  replyTo?: string;
  bcc?: string;
  payload: unknown;
  orderId?: string;
}

export interface SentEmail {
  id: string;
  status: 'recorded' | 'sent' | 'failed';
  /** An order_confirmation for this order existed already: that one is answered, nothing is sent. */
  replayed?: boolean;
}

export interface Mailer {
  /** Records the email in the outbox and sends it when SMTP is configured. */
  send(email: OutgoingEmail): Promise<SentEmail>;
}

/** Header values never carry CR or LF: a value cannot add headers of its own. */
export const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(input) {
      const email = {
        ...input,
        to: headerSafe(input.to),
        subject: headerSafe(input.subject),
        replyTo: input.replyTo === undefined ? undefined : headerSafe(input.replyTo),
        bcc: input.bcc === undefined ? undefined : headerSafe(input.bcc),
      };
      const id = randomUUID();
      // The only conflict possible is a second order_confirmation of one order (a unique index).
      const inserted = await db
        .insert(emailOutbox)
        .values({
          id,
          kind: email.kind,
          toAddress: email.to,
          replyTo: email.replyTo ?? null,
          subject: email.subject,
          html: email.html,
          text: email.text,
          payload: email.payload,
          orderId: email.orderId ?? null,
          status: 'recorded',
        })
        .onConflictDoNothing()
        .returning({ id: emailOutbox.id });
      if (inserted.length === 0) {
        const [first] = await db
          .select({ id: emailOutbox.id, status: emailOutbox.status })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.kind, email.kind), eq(emailOutbox.orderId, email.orderId ?? '')));
        if (!first) throw new Error(`Email ${email.kind} for order ${email.orderId} conflicted but was not found`);
        return { ...first, replayed: true };
      }
      if (!transport) return { id, status: 'recorded' };
      try {
        await transport.sendMail({
          from: options.from,
          to: email.to,
          bcc: email.bcc,
          replyTo: email.replyTo,
          subject: email.subject,
          html: email.html,
          text: email.text,
        });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date().toISOString() })
          .where(eq(emailOutbox.id, id));
        return { id, status: 'sent' };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`Email ${id} to ${email.to} failed: ${message}`);
        await db.update(emailOutbox).set({ status: 'failed', error: message }).where(eq(emailOutbox.id, id));
        return { id, status: 'failed' };
      }
    },
  };
}
