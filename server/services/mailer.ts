import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { RenderedEmail } from './email-templates';

export interface OutgoingEmail extends RenderedEmail {
  kind: 'order_confirmation' | 'contact';
  to: string;
  replyTo?: string;
  bcc?: string;
  payload: unknown;
  orderId?: string;
}

export interface Mailer {
  /** Records the email in the outbox and sends it when SMTP is configured. */
  send(email: OutgoingEmail): Promise<{ id: string; status: 'recorded' | 'sent' | 'failed' }>;
}

export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(email) {
      const id = randomUUID();
      await db.insert(emailOutbox).values({
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
      });
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
