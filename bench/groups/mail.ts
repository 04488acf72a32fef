import nodemailer from 'nodemailer';
import { enqueueMail } from '../../server/mail/queue';
import { startMailSender } from '../../server/mail/sender';
import { smtpTransport } from '../../server/mail/transport';
import { openDb } from '../../server/upgrades/open-db';
import { startSmtp } from '../../tests/fixtures/smtp';
import { copyTemplateDb } from '../../tests/fixtures/test-db';
import { type BenchContext, runs } from '../context';
import { atMost, exactly, type Figure, figure } from '../results';

const FROM = 'Bench Shop <shop@bench.example>';

/** An email the size of an order's (about 6 KB of HTML). */
const body = (i: number) => ({
  kind: 'contact' as const,
  to: 'team@bench.example',
  subject: `Bench email ${i}`,
  html: `<p>${'Order line with a photo and a price. '.repeat(150)}</p>`,
  text: 'Order line with a photo and a price. '.repeat(60),
  payload: { i },
});

/**
 * Issue 31's target: 1,000 queued emails drained to a local SMTP server (the smtp-server package) in
 * at most 30 s, beside the floor in the same run: the same 1,000 messages sent straight through the
 * same pooled SMTP connections, with no queue. Each run queues into a copy of the seeded database.
 */
export async function mail(ctx: BenchContext): Promise<Figure[]> {
  const count = ctx.quick ? 200 : 1000;
  const drained: number[] = [];
  const floors: number[] = [];
  const delivered: number[] = [];
  for (let run = 0; run < runs(ctx, 3); run++) {
    const smtp = await startSmtp();
    // The floor: the messages straight to the server.
    const direct = nodemailer.createTransport(`${smtp.url}?pool=true&maxConnections=4`);
    let started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < count) {
          const { to, subject, html, text } = body(next++);
          await direct.sendMail({ from: FROM, to, subject, html, text });
        }
      }),
    );
    floors.push((Date.now() - started) / 1000);
    direct.close();

    const db = await openDb({ url: await copyTemplateDb(ctx.databaseFile) });
    // Only this run's emails: the copy holds what the groups before queued.
    await db.$client.execute('DELETE FROM email_outbox');
    const now = new Date();
    await db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await enqueueMail(tx, body(i), now);
    });
    const before = smtp.received.length;
    started = Date.now();
    const sender = startMailSender({
      db,
      transport: smtpTransport(smtp.url),
      from: FROM,
      log: { info() {}, warn() {}, error() {} },
    });
    await smtp.waitFor(before + count, 120_000);
    drained.push((Date.now() - started) / 1000);
    await sender.drained();
    await sender.stop();
    const sent = await db.$client.execute("SELECT COUNT(*) AS n FROM email_outbox WHERE status = 'sent'");
    delivered.push(Number(sent.rows[0]?.n) === count && smtp.received.length - before === count ? count : -1);
    db.$client.close();
    await smtp.stop();
  }
  return [
    figure('mail', `${count} queued emails drained to a local SMTP server`, 's', drained, atMost(30)),
    figure('mail', `floor: the same ${count} sent straight, no queue`, 's', floors),
    figure('mail', 'emails delivered exactly once, every run', '', [Math.min(...delivered)], exactly(count)),
  ];
}
