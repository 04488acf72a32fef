import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** The same for every attempt of one email, so a receiving system can tell a repeat. */
  messageId: string;
}

/** What the outbox knows of a message besides the message itself. */
export interface MessageLabel {
  id: string;
  kind: string;
}

/**
 * Where the sender delivers: an SMTP server (`sent`), or without one the mail folder, one `.eml`
 * file per email (`recorded`), to open in any mail program.
 */
export interface MailTransport {
  readonly delivered: 'sent' | 'recorded';
  /** Resolves once the message is accepted; an error with `responseCode` 5xx is a permanent refusal. */
  send(message: OutgoingMessage, label: MessageLabel): Promise<void>;
  close(): void;
}

/**
 * An SMTP transport over a pool of connections, from nodemailer's URL form. Each step has a time
 * limit, so a server that stops answering fails the attempt (tried again later) instead of holding
 * the email.
 */
export function smtpTransport(smtpUrl: string, connections = 4): MailTransport {
  const url = new URL(smtpUrl);
  const defaults: Record<string, string> = {
    pool: 'true',
    maxConnections: String(connections),
    connectionTimeout: '20000',
    greetingTimeout: '20000',
    socketTimeout: '60000',
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    delivered: 'sent',
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/**
 * Writes each email as an `.eml` file (the message as a mail server would get it) into `dir`: written
 * under a passing name and renamed, so whoever watches the folder never opens half an email.
 */
export function folderTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivered: 'recorded',
    async send(message, { id, kind }) {
      const built = await builder.sendMail(message);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${kind}-${id}.eml`);
      await writeFile(`${file}.part`, built.message as Buffer);
      await rename(`${file}.part`, file);
    },
    close: () => {},
  };
}
