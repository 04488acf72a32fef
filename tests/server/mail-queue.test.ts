import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { enqueueMail } from '../../server/mail/queue';
import { type MailSender, retryDelayMs, startMailSender } from '../../server/mail/sender';
import { smtpTransport } from '../../server/mail/transport';
import { openDb } from '../../server/upgrades/open-db';
import { startSmtp, type TestSmtp } from '../fixtures/smtp';
import { makeTestApp, type TestApp } from './helpers';

/** Issue 31: every email is a row; the sender delivers each once, with retries, across restarts and processes. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

const senders: MailSender[] = [];
const servers: TestSmtp[] = [];
afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop(2000)));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

/** A clock the test moves. */
function testClock(start = new Date()) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** Queues `count` emails tagged with `batch` (their subjects), as a transaction that caused them would. */
async function queue(batch: string, count: number, now = new Date()) {
  for (let i = 0; i < count; i++) {
    await enqueueMail(
      t.db,
      {
        kind: 'contact',
        to: `team+${batch}@example.com`,
        subject: `${batch} ${i}`,
        html: `<p>${batch} ${i}</p>`,
        text: `${batch} ${i}`,
        payload: { batch, i },
      },
      now,
    );
  }
}
const statusOf = async (batch: string) =>
  rows('SELECT status, attempts, error, next_attempt_at FROM email_outbox WHERE to_address = ? ORDER BY subject', [
    `team+${batch}@example.com`,
  ]);

function sender(
  smtp: TestSmtp | string,
  {
    db = t.db,
    clock,
    log,
    busy,
    maxDeferMs,
  }: {
    db?: Db;
    clock?: () => Date;
    log?: Pick<Console, 'info' | 'warn' | 'error'>;
    busy?: () => boolean;
    maxDeferMs?: number;
  } = {},
) {
  const started = startMailSender({
    db,
    transport: smtpTransport(typeof smtp === 'string' ? smtp : smtp.url),
    from: 'Test Shop <shop@example.com>',
    clock,
    pollMs: 200,
    busy,
    maxDeferMs,
    log: log ?? { info() {}, warn() {}, error() {} },
  });
  senders.push(started);
  return started;
}
async function smtpServer(options?: Parameters<typeof startSmtp>[0]) {
  const server = await startSmtp(options);
  servers.push(server);
  return server;
}
const unique = (server: TestSmtp, batch: string) =>
  new Set(server.received.filter((m) => m.subject.startsWith(batch)).map((m) => m.messageId));
const receivedOf = (server: TestSmtp, batch: string) => server.received.filter((m) => m.subject.startsWith(batch));

describe('the mail queue', () => {
  it('waits 1 minute after a first failure, twice as long after each next, at most 6 hours', () => {
    expect(retryDelayMs(1, 0.5)).toBe(60_000);
    expect(retryDelayMs(2, 0.5)).toBe(120_000);
    expect(retryDelayMs(3, 0.5)).toBe(240_000);
    expect(retryDelayMs(9, 0.5)).toBe(256 * 60_000);
    expect(retryDelayMs(10, 0.5)).toBe(6 * 60 * 60_000);
    expect(retryDelayMs(40, 1)).toBe(Math.round(6 * 60 * 60_000 * 1.1));
    expect(retryDelayMs(1, 0)).toBe(54_000);
  });

  it('delivers each queued email once to the SMTP server, each with a Message-ID of its own', async () => {
    const smtp = await smtpServer();
    await queue('once', 30);
    const mail = sender(smtp);
    await smtp.waitFor(30);
    await mail.drained();
    expect(receivedOf(smtp, 'once')).toHaveLength(30);
    expect(unique(smtp, 'once').size).toBe(30);
    expect(receivedOf(smtp, 'once')[0]?.to).toEqual(['team+once@example.com']);
    const states = await statusOf('once');
    expect(states.every((row) => row.status === 'sent' && Number(row.attempts) === 1)).toBe(true);
  });

  it('lets requests in flight go first: while the process is busy, mail waits, at most maxDeferMs a batch', async () => {
    const smtp = await smtpServer();
    let busy = true;
    await queue('in-flight', 3);
    const started = Date.now();
    sender(smtp, { busy: () => busy, maxDeferMs: 1500 });
    // Busy all along: the batch still goes, once it has waited its 1.5 s.
    await smtp.waitFor(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(receivedOf(smtp, 'in-flight')).toHaveLength(3);

    // With a longer cap: nothing goes while busy, all of it as soon as the process is idle.
    const patient = sender(smtp, { busy: () => busy, maxDeferMs: 10 * 60_000 });
    await senders[0]?.stop(2000);
    await queue('idle', 2);
    patient.wake();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receivedOf(smtp, 'idle')).toHaveLength(0);
    busy = false;
    await smtp.waitFor(5);
    expect(receivedOf(smtp, 'idle')).toHaveLength(2);
  });

  it('keeps what the SMTP server could not take while it was down, with growing waits, and sends it once it is up', async () => {
    const clock = testClock();
    const down = await startSmtp();
    const port = down.port;
    await down.stop();
    await queue('down', 3, clock.now());
    const mail = sender(`smtp://127.0.0.1:${port}`, { clock: clock.now });
    await mail.drained();
    for (const row of await statusOf('down')) {
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(String(row.error)).toMatch(/ECONNREFUSED|connect/i);
      const wait = Date.parse(String(row.next_attempt_at)) - clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(54_000);
      expect(wait).toBeLessThanOrEqual(66_000);
    }
    // Not due yet: nothing is tried again before its time.
    clock.advance(30_000);
    await mail.drained();
    expect((await statusOf('down')).map((row) => Number(row.attempts))).toEqual([1, 1, 1]);
    // A second failure waits about 2 minutes.
    clock.advance(40_000);
    await mail.drained();
    for (const row of await statusOf('down')) {
      expect(Number(row.attempts)).toBe(2);
      const wait = Date.parse(String(row.next_attempt_at)) - clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(108_000);
      expect(wait).toBeLessThanOrEqual(132_000);
    }
    const up = await smtpServer({ port });
    clock.advance(140_000);
    mail.wake();
    await up.waitFor(3);
    await mail.drained();
    expect(unique(up, 'down').size).toBe(3);
    expect(receivedOf(up, 'down')).toHaveLength(3);
    expect((await statusOf('down')).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('gives up on a permanent refusal at once, and after 3 days of temporary ones, saying so in the log', async () => {
    const smtp = await smtpServer({ mode: 'permfail' });
    const logged: string[] = [];
    const log = { info() {}, warn() {}, error: (message: string) => logged.push(message) };
    const clock = testClock();
    await queue('refused', 1, clock.now());
    const mail = sender(smtp, { clock: clock.now, log });
    await mail.drained();
    expect(await statusOf('refused')).toEqual([expect.objectContaining({ status: 'failed', attempts: 1 })]);
    expect(logged.join('\n')).toMatch(/given up after 1 attempt: .*Mailbox unavailable/);

    smtp.setMode('tempfail');
    await queue('busy', 1, clock.now());
    mail.wake();
    await mail.drained();
    expect(await statusOf('busy')).toEqual([expect.objectContaining({ status: 'queued', attempts: 1 })]);
    clock.advance(3 * 24 * 60 * 60_000 - 60_000);
    mail.wake();
    await mail.drained();
    expect(await statusOf('busy')).toEqual([expect.objectContaining({ status: 'queued', attempts: 2 })]);
    clock.advance(6 * 60 * 60_000);
    mail.wake();
    await mail.drained();
    expect(await statusOf('busy')).toEqual([expect.objectContaining({ status: 'failed', attempts: 3 })]);
    expect(logged.at(-1)).toMatch(/given up after 3 attempts: .*Try again later/);
  });

  it('hands over at a restart mid-queue: a stopped sender gives back what it had not sent, the next sends each once', async () => {
    const smtp = await smtpServer();
    await queue('restart', 80);
    const first = sender(smtp);
    await smtp.waitFor(10);
    await first.stop(5000);
    const sentByFirst = receivedOf(smtp, 'restart').length;
    expect(sentByFirst).toBeLessThan(80);
    const second = sender(smtp);
    await smtp.waitFor(80);
    await second.drained();
    expect(receivedOf(smtp, 'restart')).toHaveLength(80);
    expect(unique(smtp, 'restart').size).toBe(80);
  });

  it('takes over the emails of a sender that died mid-attempt once their lease runs out, not before', async () => {
    const smtp = await smtpServer();
    const clock = testClock();
    await queue('dead', 5, clock.now());
    // A process claimed them and died before marking them: its lease holds them for 5 minutes.
    await t.db.$client.execute({
      sql: `UPDATE email_outbox SET lease_owner = 'a-process-that-died', lease_until = ? WHERE to_address = ?`,
      args: [new Date(clock.now().getTime() + 5 * 60_000).toISOString(), 'team+dead@example.com'],
    });
    const mail = sender(smtp, { clock: clock.now });
    await mail.drained();
    expect(receivedOf(smtp, 'dead')).toHaveLength(0);
    clock.advance(5 * 60_000 + 1000);
    mail.wake();
    await smtp.waitFor(5);
    await mail.drained();
    expect(receivedOf(smtp, 'dead')).toHaveLength(5);
    expect(unique(smtp, 'dead').size).toBe(5);
  });

  it('sends each email once when two senders (two processes on a libSQL server) drain one queue together', async () => {
    const smtp = await smtpServer();
    await queue('pair', 300);
    // On a libSQL server each sender gets a connection of its own, as a second process would; an
    // embedded file has one process, whose two senders share its connection.
    const second = t.db.$client.protocol === 'file' ? t.db : await openDb({ url: t.config.databaseUrl });
    try {
      sender(smtp);
      sender(smtp, { db: second });
      await smtp.waitFor(300, 60_000);
      await Promise.all(senders.map((s) => s.drained()));
      expect(receivedOf(smtp, 'pair')).toHaveLength(300);
      expect(unique(smtp, 'pair').size).toBe(300);
      expect(new Set((await statusOf('pair')).map((row) => row.status))).toEqual(new Set(['sent']));
    } finally {
      await Promise.all(senders.splice(0).map((s) => s.stop(2000)));
      if (second !== t.db) second.$client.close();
    }
  });
});
