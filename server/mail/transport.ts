import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/**
 * nodemailer, loaded the first time an email is sent or written: a server that has sent none holds
 * none of it (about 12 MB, issue 63).
 */
type Nodemailer = typeof import('nodemailer');
let mailer: Promise<Nodemailer> | undefined;
const nodemailer = (): Promise<Nodemailer> =>
  (mailer ??= import('nodemailer').then((module) => (module as { default?: Nodemailer }).default ?? module));

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
  // One pool, made by the first send (sends at the same time share its making).
  let transport: Promise<Transporter> | undefined;
  let made: Transporter | undefined;
  return {
    delivered: 'sent',
    async send(message) {
      transport ??= nodemailer().then((mailer) => {
        const pool = mailer.createTransport(url.toString());
        made = pool;
        return pool;
      });
      await (await transport).sendMail(message);
    },
    close: () => made?.close(),
  };
}

/**
 * Writes each email as an `.eml` file (the message as a mail server would get it) into `dir`: written
 * under a passing name and renamed, so whoever watches the folder never opens half an email.
 */
export function folderTransport(dir: string): MailTransport {
  let builder: Promise<Transporter> | undefined;
  return {
    delivered: 'recorded',
    async send(message, { id, kind }) {
      builder ??= nodemailer().then((mailer) =>
        mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const built = await (await builder).sendMail(message);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${kind}-${id}.eml`);
      await writeFile(`${file}.part`, built.message as Buffer);
      await rename(`${file}.part`, file);
    },
    close: () => {},
  };
}
