import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackground } from '../../server/background';
import { enqueueMail } from '../../server/mail/queue';
import { makeTestApp, type TestApp } from './helpers';

/** Issue 46: one services object; commits signal for themselves; background work starts and stops in one place. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

const email = (subject: string) => ({
  kind: 'contact' as const,
  to: 'team@example.com',
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
  payload: {},
});

/** Counts the wake-ups a committed transaction gives the mail sender. */
function listen() {
  let wakes = 0;
  const stop = t.services.onMailQueued(() => wakes++);
  return { wakes: () => wakes, stop };
}

describe('the services database', () => {
  it('wakes the mail sender once a transaction that queued mail commits, not before', async () => {
    const mail = listen();
    let wakesInside = -1;
    await t.services.db.transaction(async (tx) => {
      await enqueueMail(tx, email('first'), new Date());
      await enqueueMail(tx, email('second'), new Date());
      wakesInside = mail.wakes();
    });
    mail.stop();
    expect(wakesInside).toBe(0);
    expect(mail.wakes()).toBe(1);
  });

  it('gives no wake-up for a transaction that rolled back, or one that queued no mail', async () => {
    const mail = listen();
    await expect(
      t.services.db.transaction(async (tx) => {
        await enqueueMail(tx, email('rolled back'), new Date());
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await t.services.db.transaction(async (tx) => {
      await tx.run(sql`SELECT 1`);
    });
    mail.stop();
    expect(mail.wakes()).toBe(0);
    const kept = await t.db.$client.execute("SELECT COUNT(*) AS n FROM email_outbox WHERE subject = 'rolled back'");
    expect(Number(kept.rows[0]?.n)).toBe(0);
  });

  it('wakes the sender for a message sent through the API, with no signal in the route', async () => {
    const mail = listen();
    const { status } = await t.post('/api/contact', {
      name: 'Ava Chen',
      email: 'ava.chen@example.com',
      phone: '0412 345 678',
      subject: 'Wedding styling',
      message: 'Do you style weddings in the Blue Mountains?',
    });
    mail.stop();
    expect(status).toBe(201);
    expect(mail.wakes()).toBe(1);
  });

  it('moves the data version on as soon as a write commits, so the next read sees it', async () => {
    const before = await t.cache.version.refresh();
    await t.services.db.transaction(async (tx) => {
      await tx.run(sql`UPDATE products SET stock_count = stock_count + 1 WHERE id = (SELECT id FROM products LIMIT 1)`);
    });
    // No read of its own: current() answers at once from the read the commit made.
    const now = t.cache.version.current();
    expect(typeof now).toBe('number');
    expect(now).toBeGreaterThan(before);
  });
});

describe('background work', () => {
  it('starts the sender, sweeper and purge together and stops them all before the database may close', async () => {
    const background = startBackground(t.services);
    const mail = listen();
    await background.mail.drained();
    await background.stop(2000);
    // Stopped: a later commit that queues mail wakes no stopped sender (the listener is gone) and nothing throws.
    await t.services.db.transaction((tx) => enqueueMail(tx, email('after the stop'), new Date()));
    mail.stop();
    expect(mail.wakes()).toBe(1);
    const sent = await t.db.$client.execute("SELECT status FROM email_outbox WHERE subject = 'after the stop'");
    expect(sent.rows[0]?.status).toBe('queued');
  });
});
