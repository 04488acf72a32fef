import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { RenderedEmail } from './email-templates';

export interface OutgoingEmail extends RenderedEmail {
  kind: typeof emailOutbox.$inferInsert.kind;
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

/**
 * Without SMTP, every email is also written as an .eml file (the message as a mail server would get
 * it) under `mailDir`, named by time, kind and id: open it in a mail program to read it and follow
 * its links on a machine with no mail server.
 */
async function writeEml(mailDir: string, id: string, kind: string, message: nodemailer.SendMailOptions) {
  try {
    const built = await nodemailer
      .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
      .sendMail(message);
    await mkdir(mailDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await writeFile(path.join(mailDir, `${stamp}-${kind}-${id}.eml`), built.message as Buffer);
  } catch (error) {
    console.error(`Email ${id} could not be written to ${mailDir}:`, error instanceof Error ? error.message : error);
  }
}

export function createMailer(db: Db, options: { smtpUrl?: string; from: string; mailDir?: string }): Mailer {
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
      const message = {
        from: options.from,
        to: email.to,
        bcc: email.bcc,
        replyTo: email.replyTo,
        subject: email.subject,
        html: email.html,
        text: email.text,
      };
      if (!transport) {
        if (options.mailDir) await writeEml(options.mailDir, id, email.kind, message);
        return { id, status: 'recorded' };
      }
      try {
        await transport.sendMail(message);
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
