import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { addLocalDays, dayIn } from '../../src/lib/api-contract/dates';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { billOf } from '../../src/lib/api-contract/money';
import { scheduleLines } from '../../src/lib/api-contract/payment-terms-text';
import type { Tx } from '../booking';
import { orders, quoteVersions, termsAcceptances } from '../db/schema';
import { publicOrigin } from '../lib/public-origin';
import { enqueueMail } from '../mail/queue';
import { moneyOf, moneySettingsOf } from '../money';
import { basisOf, chargedLines, type OrderView, ownLineLabel, storedOrderView, totalsOfView } from '../orders';
import { bookingPageUrl } from './booking-links';
import type { ServiceContext } from './context';
import { termsText, termsVersion } from './customer-booking';
import { renderQuoteAcceptedEmail, renderQuoteEmail } from './emails';
import { actingRole, mayChangeRequests } from './team/acting-role';
import { type Acting, actorName, logActivity } from './team/activity';

/**
 * Quotes (issue 61): the team sends a request to the customer as a quote. Each sending is a version,
 * kept with what it said and its digest; its items are held until the end of its validity (the
 * business's `quote_valid_days`), re-checked in the same write transaction, so nothing is promised
 * twice; the customer is emailed it with the link to their booking page, where the newest version is
 * read and accepted. Changed and sent again, it is a new version; an old one is never accepted.
 */

export type QuoteVersion = typeof quoteVersions.$inferSelect;

/** What a quote said, as sent: its lines and totals on the request's basis, the payments and the terms' version. */
export interface QuoteContent {
  lines: { label: string; quantity: number; lineCents: number }[];
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
  schedule: string[];
  hireDate: string;
  lastDay: string;
  fulfilment: string;
  termsVersion: string;
}

export type SendQuoteResult =
  | { kind: 'not_found' }
  | { kind: 'invalid'; message: string }
  | { kind: 'short'; message: string }
  | { kind: 'sent'; version: number; validUntil: string };

/** A quote's content, from the request as it stands. */
function contentOf(view: OrderView, schedule: string[], termsVersion: string): QuoteContent {
  const bill = billOf(chargedLines(view), basisOf(view));
  const totals = totalsOfView(view);
  const own = view.ownLines ?? [];
  const labels = [
    ...view.items.map((item) => (item.variations.length ? `${item.name} (${item.variations.join(', ')})` : item.name)),
    ...(view.deliveryFee ? [view.deliveryFee.label] : []),
    ...own.map((line) => ownLineLabel(line)),
  ];
  const quantities = [
    ...view.items.map((item) => item.quantity),
    ...(view.deliveryFee ? [1] : []),
    ...own.map((line) => line.quantity),
  ];
  return {
    lines: labels.map((label, i) => ({
      label,
      quantity: quantities[i] ?? 1,
      lineCents: bill.lines[i]?.lineCents ?? 0,
    })),
    subtotalCents: totals.subtotalCents,
    gstCents: totals.gstCents,
    totalCents: totals.totalCents,
    schedule,
    hireDate: view.hireDate,
    lastDay: view.lastDay ?? view.hireDate,
    fulfilment: view.fulfilment,
    termsVersion,
  };
}

/** The digest an acceptance names: of the quote's content, as stored. */
export const quoteDigest = (content: QuoteContent) =>
  createHash('sha256').update(JSON.stringify(content)).digest('hex');

/** A request's newest quote, or null. */
export async function latestQuote(db: Pick<ServiceContext['db'], 'select'>, orderId: string) {
  const [row] = await db
    .select()
    .from(quoteVersions)
    .where(eq(quoteVersions.orderId, orderId))
    .orderBy(desc(quoteVersions.version))
    .limit(1);
  return row ?? null;
}

/** Every version of a request's quote, newest first. */
export const quotesOf = (db: Pick<ServiceContext['db'], 'select'>, orderId: string) =>
  db.select().from(quoteVersions).where(eq(quoteVersions.orderId, orderId)).orderBy(desc(quoteVersions.version));

/**
 * Sends the request as a quote (again, after a change): held until its validity ends, a new version
 * kept, the customer emailed. Refused while the request is decided, has no email address, or its
 * items are no longer free (nothing is sent then).
 */
export async function sendQuote(deps: ServiceContext, orderId: string, by: Acting): Promise<SendQuoteResult> {
  const now = deps.clock();
  const business = deps.business();
  return deps.db.transaction(async (tx): Promise<SendQuoteResult> => {
    if (!mayChangeRequests(await actingRole(tx, by))) {
      return { kind: 'invalid', message: 'Your role on the team does not let you send quotes.' };
    }
    const state = await deps.booking.state(tx, orderId);
    if (!state) return { kind: 'not_found' };
    if (!['holding', 'lapsed', 'not_held'].includes(state.kind)) {
      return { kind: 'invalid', message: 'Only a request still waiting for an answer is sent as a quote.' };
    }
    const { view, customer } = await storedOrderView(tx, deps, orderId);
    if (!customer.email) {
      return { kind: 'invalid', message: 'This customer gave no email address: add one to send them the quote.' };
    }
    const until = addLocalDays(now, business.payments.quoteValidDays, business.timeZone);
    const validUntil = dayIn(until, business.timeZone);
    const held = await deps.booking.holdUntil(tx, orderId, until, actorOf(by));
    if (held.kind === 'refused') {
      const short = held.shortfalls.map((s) => `${s.name}: ${s.needed} needed, ${s.free} free`);
      return {
        kind: 'short',
        message: `Not sent: its items are no longer all free (${[...short, ...held.unplaced].join('; ')}). Change it first.`,
      };
    }
    if (held.kind !== 'applied')
      return { kind: 'invalid', message: 'Only a request still waiting for an answer is sent as a quote.' };
    const money = await moneyOf(tx, orderId, moneySettingsOf(business));
    const schedule = money ? scheduleLines(money.schedule, business.payments) : [];
    const content = contentOf(view, schedule, termsVersion(termsText(business)));
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${quoteVersions.version}), 0)` })
      .from(quoteVersions)
      .where(eq(quoteVersions.orderId, orderId));
    const version = Number(last?.version ?? 0) + 1;
    await tx.insert(quoteVersions).values({
      id: randomUUID(),
      orderId,
      version,
      sentAt: now.toISOString(),
      validUntil,
      digest: quoteDigest(content),
      content: content as unknown as Record<string, unknown>,
      sentBy: actorName(by),
    });
    const facts = { version, validUntil, url: bookingPageUrl(deps, orderId), schedule };
    await enqueueMail(
      tx,
      {
        kind: 'quote_sent',
        to: customer.email,
        payload: { orderId, version },
        orderId,
        dedupeKey: `quote_sent:${orderId}:${version}`,
        ...renderQuoteEmail(view, facts, 'sent'),
      },
      now,
    );
    await logActivity(
      tx,
      by,
      {
        kind: 'quote_sent',
        subjectType: 'request',
        subjectId: orderId,
        summary: `Sent request ${orderId} as quote version ${version}, held until ${validUntil}`,
        after: { version, validUntil, totalCents: content.totalCents },
      },
      now,
    );
    return { kind: 'sent', version, validUntil };
  });
}

const actorOf = (by: Acting) => (typeof by === 'string' ? by : (`team:${by.id}` as const));

/**
 * The quote reminders, queued by the sweep in its write transaction, each once: a quote not yet
 * accepted, whose request still waits, `quoteReminderDays` before it lapses.
 */
export async function queueQuoteReminders(
  tx: Tx,
  deps: Pick<ServiceContext, 'booking' | 'business' | 'clock' | 'config' | 'secret'>,
  today: string,
): Promise<number> {
  const days = deps.business().payments.quoteReminderDays;
  if (days === 0) return 0;
  const sent = await tx
    .select({
      orderId: quoteVersions.orderId,
      version: quoteVersions.version,
      validUntil: quoteVersions.validUntil,
      content: quoteVersions.content,
    })
    .from(quoteVersions)
    .innerJoin(orders, eq(orders.id, quoteVersions.orderId))
    .where(and(isNull(orders.decision), gte(quoteVersions.validUntil, today)));
  // Each request's newest version, not yet accepted.
  const newest = new Map<string, (typeof sent)[number]>();
  for (const row of sent) if ((newest.get(row.orderId)?.version ?? 0) < row.version) newest.set(row.orderId, row);
  const accepted = newest.size
    ? await tx
        .select({ orderId: termsAcceptances.orderId, version: termsAcceptances.quoteVersion })
        .from(termsAcceptances)
        .where(inArray(termsAcceptances.orderId, [...newest.keys()]))
    : [];
  const rows = [...newest.values()].filter(
    (row) => !accepted.some((a) => a.orderId === row.orderId && a.version === row.version),
  );
  const now = deps.clock();
  let queued = 0;
  for (const row of rows) {
    if (today < addDays(row.validUntil, -days)) continue;
    const { view, customer } = await storedOrderView(tx, deps, row.orderId);
    if (!customer.email) continue;
    const content = row.content as unknown as QuoteContent;
    const facts = {
      version: row.version,
      validUntil: row.validUntil,
      url: bookingPageUrl(deps, row.orderId),
      schedule: content.schedule,
    };
    const { existing } = await enqueueMail(
      tx,
      {
        kind: 'quote_reminder',
        to: customer.email,
        payload: { orderId: row.orderId, version: row.version },
        orderId: row.orderId,
        dedupeKey: `quote_reminder:${row.orderId}:${row.version}`,
        ...renderQuoteEmail(view, facts, 'reminder'),
      },
      now,
    );
    if (!existing) queued++;
  }
  return queued;
}

/** The team told that the customer accepted a quote (their business address), and the log. */
export async function quoteAccepted(
  tx: Tx,
  deps: ServiceContext,
  orderId: string,
  accepted: { version: number; name: string },
  now: Date,
): Promise<void> {
  const { view } = await storedOrderView(tx, deps, orderId);
  await enqueueMail(
    tx,
    {
      kind: 'quote_accepted',
      to: deps.config.businessEmail,
      payload: { orderId, version: accepted.version },
      orderId,
      dedupeKey: `quote_accepted:${orderId}:${accepted.version}`,
      ...renderQuoteAcceptedEmail(view, {
        ...accepted,
        totalCents: totalsOfView(view).totalCents,
        url: `${publicOrigin(deps.config)}/team/requests/${orderId}`,
      }),
    },
    now,
  );
  await logActivity(
    tx,
    'customer',
    {
      kind: 'quote_accepted',
      subjectType: 'request',
      subjectId: orderId,
      summary: `${accepted.name} accepted quote version ${accepted.version} of request ${orderId}`,
      after: accepted,
    },
    now,
  );
}
