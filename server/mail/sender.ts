import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { MailTransport, OutgoingMessage } from './transport';

/** The first retry waits a minute; each next one twice as long, up to 6 hours. */
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 6 * 60 * 60_000;
/** An email still not accepted 3 days after it was queued is given up on (and logged). */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;

/** The wait after `attempts` failed attempts: 1, 2, 4 … minutes, at most 6 hours, ±10 %. */
export function retryDelayMs(attempts: number, random = Math.random()): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(Math.max(0, attempts - 1), 20));
  return Math.round(base * (0.9 + 0.2 * Math.min(1, Math.max(0, random))));
}

/** An SMTP reply code of 5xx refuses the message for good: trying again cannot help. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export interface MailSenderOptions {
  db: Db;
  transport: MailTransport;
  /** The From of every email. */
  from: string;
  clock?: () => Date;
  /** Emails claimed at once. */
  batch?: number;
  /** Emails sent at once. */
  concurrency?: number;
  /** How often the queue is looked at for emails queued by other processes and retries coming due. */
  pollMs?: number;
  /** How long a claimed email is this sender's alone: longer than any attempt can take. */
  leaseMs?: number;
  /**
   * How long a wake waits before it looks at the queue, so the emails of a burst of requests go out
   * together (one claim, one write marking them sent) instead of one look per request.
   */
  wakeDelayMs?: number;
  /**
   * Whether the process is busy answering requests: then mail waits, a batch at most every
   * `maxDeferMs`, so a shopper's request never queues behind email being built and sent. Emails still
   * go within that time under any load, and at once when the process is idle.
   */
  busy?: () => boolean;
  maxDeferMs?: number;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
  /** Draws the documents an email carries (their ids), as files to attach. */
  attachments?: (ids: string[]) => Promise<NonNullable<OutgoingMessage['attachments']>>;
}

export interface MailSender {
  /** Looks at the queue now (called after this process queued an email). */
  wake(): void;
  /** Resolves once a look at the queue found nothing due (tests, the bench). */
  drained(): Promise<void>;
  /** Stops claiming, lets the emails being sent finish (at most `timeoutMs`), gives the rest back. */
  stop(timeoutMs?: number): Promise<void>;
}

type Claimed = {
  id: string;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attachments: string | null;
  attempts: number;
  created_at: string;
};

/**
 * Delivers the mail queue: claims due emails with a lease (one atomic UPDATE, so two processes on one
 * libSQL server never claim the same email), sends them, and marks each sent, or queued again after
 * a growing wait (1 minute up to 6 hours), or failed after 3 days or a permanent refusal (logged).
 * An email whose sender died mid-attempt is claimed again once its lease runs out. Each email keeps
 * one Message-ID across attempts.
 */
export function startMailSender({
  db,
  transport,
  from,
  clock = () => new Date(),
  batch = 20,
  concurrency = 4,
  pollMs = 2000,
  leaseMs = 5 * 60_000,
  wakeDelayMs = 200,
  busy = () => false,
  maxDeferMs = 2000,
  log = console,
  attachments,
}: MailSenderOptions): MailSender {
  const owner = randomUUID();
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;
  let waiters: Array<() => void> = [];

  const claim = async (): Promise<Claimed[]> => {
    const now = clock();
    const at = now.toISOString();
    const result = await db.$client.execute({
      sql: `UPDATE email_outbox SET lease_owner = ?, lease_until = ?
            WHERE id IN (
              SELECT id FROM email_outbox
              WHERE status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
                AND (lease_until IS NULL OR lease_until <= ?)
              ORDER BY next_attempt_at LIMIT ?)
            RETURNING id, kind, to_address, reply_to, subject, html, text, attachments, attempts, created_at`,
      args: [owner, new Date(now.getTime() + leaseMs).toISOString(), at, at, batch],
    });
    return result.rows as unknown as Claimed[];
  };

  const mine = (id: string) => and(eq(emailOutbox.id, id), eq(emailOutbox.leaseOwner, owner));
  const unlease = { leaseOwner: null, leaseUntil: null };

  /** Emails the server accepted, not yet marked sent: marked a few at a time, in one write. */
  let accepted: Array<{ id: string; attempts: number; at: string }> = [];
  const markAccepted = async () => {
    if (accepted.length === 0) return;
    const done = accepted;
    accepted = [];
    await db.$client.execute({
      sql: `UPDATE email_outbox SET status = ?, sent_at = d.value ->> 'at', attempts = d.value ->> 'attempts', error = NULL,
              lease_owner = NULL, lease_until = NULL
            FROM json_each(?) AS d WHERE email_outbox.id = d.value ->> 'id' AND email_outbox.lease_owner = ?`,
      args: [transport.delivered, JSON.stringify(done), owner],
    });
  };

  const deliver = async (email: Claimed) => {
    const attempts = Number(email.attempts) + 1;
    try {
      const ids = email.attachments ? (JSON.parse(email.attachments) as string[]) : [];
      await transport.send(
        {
          ...(ids.length && attachments ? { attachments: await attachments(ids) } : {}),
          from,
          to: email.to_address,
          replyTo: email.reply_to ?? undefined,
          subject: email.subject,
          html: email.html,
          text: email.text,
          messageId: `<${email.id}@${domain}>`,
        },
        { id: email.id, kind: email.kind },
      );
      accepted.push({ id: email.id, attempts, at: clock().toISOString() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = clock();
      const age = now.getTime() - Date.parse(`${email.created_at}`);
      if (isPermanent(error) || age >= GIVE_UP_AFTER_MS) {
        log.error(
          `Email ${email.id} (${email.kind}) given up after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${message}`,
        );
        await db
          .update(emailOutbox)
          .set({ status: 'failed', attempts, error: message, ...unlease })
          .where(mine(email.id));
        return;
      }
      const next = new Date(now.getTime() + retryDelayMs(attempts));
      log.warn(
        `Email ${email.id} (${email.kind}) attempt ${attempts} failed, next at ${next.toISOString()}: ${message}`,
      );
      await db
        .update(emailOutbox)
        .set({ attempts, error: message, nextAttemptAt: next.toISOString(), ...unlease })
        .where(mine(email.id));
    }
  };

  /** Sends a claimed batch, `concurrency` at a time; what is left when stopping is given back. */
  const sendAll = async (claimed: Claimed[]) => {
    let next = 0;
    const worker = async () => {
      while (next < claimed.length && !stopping) {
        await deliver(claimed[next++] as Claimed);
        // A few at a time: a process that dies now sends again at most these few once their lease ends.
        if (accepted.length >= concurrency) await markAccepted();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    await markAccepted();
    const left = claimed.slice(next).map((email) => email.id);
    if (left.length) {
      await db.$client.execute({
        sql: `UPDATE email_outbox SET lease_owner = NULL, lease_until = NULL
              WHERE lease_owner = ? AND id IN (SELECT value FROM json_each(?))`,
        args: [owner, JSON.stringify(left)],
      });
    }
  };

  /** When the process is busy, a batch goes only once mail has waited `maxDeferMs`. */
  let waitingSince: number | null = null;
  const mayClaim = () => {
    if (!busy()) {
      waitingSince = null;
      return true;
    }
    const now = Date.now();
    waitingSince ??= now;
    if (now - waitingSince < maxDeferMs) return false;
    waitingSince = now;
    return true;
  };
  let later: NodeJS.Timeout | null = null;

  const run = async () => {
    do {
      again = false;
      if (stopping) break;
      if (!mayClaim()) {
        // Busy: look again shortly (the waiters of drained() wait on).
        if (!later) {
          later = setTimeout(() => {
            later = null;
            look();
          }, 100);
          later.unref();
        }
        return;
      }
      try {
        const claimed = await claim();
        if (claimed.length > 0) {
          await sendAll(claimed);
          again = true;
        }
      } catch (error) {
        log.error('The mail queue could not be read:', error instanceof Error ? error.message : error);
      }
    } while (again && !stopping);
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const look = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
    });
  };
  let soon: NodeJS.Timeout | null = null;
  const wake = () => {
    if (soon || stopping) return;
    soon = setTimeout(() => {
      soon = null;
      look();
    }, wakeDelayMs);
  };

  const timer = setInterval(look, pollMs);
  timer.unref();
  look();

  return {
    wake,
    drained: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        look();
      }),
    async stop(timeoutMs = 10_000) {
      stopping = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      if (later) clearTimeout(later);
      if (running) {
        await Promise.race([running, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
      }
      transport.close();
      for (const resolve of waiters) resolve();
      waiters = [];
    },
  };
}
