import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, like, lte, ne, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, LONGEST_WINDOW_DAYS } from '../../../src/lib/api-contract/hold-window';
import type { Booking } from '../../booking';
import type { Db } from '../../db/client';
import { customers, emailOutbox, orderEvents, orderLines, orders, teamMembers, teamNotes } from '../../db/schema';
import { pickerCatalogue } from './item-picks';

/** The request list's filters, as its page's query string gives them. */
export const REQUEST_STATES = {
  open: 'Needs an answer',
  lapsing: 'Lapsing within 24 h',
  manual: 'Manual processing',
  confirmed: 'Confirmed',
  late: 'Late or missing pieces',
  declined: 'Declined',
  cancelled: 'Cancelled',
  all: 'All',
} as const;
export type RequestState = keyof typeof REQUEST_STATES;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD');
export const requestFilter = z.object({
  state: z.enum(Object.keys(REQUEST_STATES) as [RequestState, ...RequestState[]]).catch('open'),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((q) => q || undefined)
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type RequestFilter = z.infer<typeof requestFilter>;

export const REQUESTS_PAGE = 25;
const DAY_MS = 86_400_000;

/** Escapes LIKE's wildcards in what someone typed. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of requests for the team's list, with the number that match. Open requests (needing an
 * answer, lapsing, manual) come soonest event first; decided ones newest first.
 */
export async function listRequests(db: Db, booking: Booking, filter: RequestFilter, now: Date) {
  const where: SQL[] = [];
  const undecided = isNull(orders.decision);
  switch (filter.state) {
    case 'open':
      where.push(undecided, eq(orders.status, 'reserved'));
      break;
    case 'manual':
      where.push(undecided, ne(orders.status, 'reserved'));
      break;
    case 'late': {
      const out = await booking.stillOut(db);
      where.push(inArray(orders.id, [...out.keys()]));
      break;
    }
    case 'lapsing': {
      const lapsing = await booking.liveHolds(db, {
        lapsingBefore: new Date(now.getTime() + DAY_MS).toISOString(),
      });
      where.push(undecided, inArray(orders.id, [...lapsing.keys()]));
      break;
    }
    case 'all':
      break;
    default:
      where.push(eq(orders.decision, filter.state));
  }
  if (filter.from) where.push(gte(orders.startsAt, filter.from));
  if (filter.to) where.push(lte(orders.startsAt, `${filter.to}T99`));
  if (filter.q) {
    const q = filter.q.replace(/^#/, '');
    where.push(
      /^\d+$/.test(q)
        ? eq(orders.number, Number(q))
        : (or(like(customers.name, likeText(q)), like(customers.email, likeText(q.toLowerCase()))) as SQL),
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const open = ['open', 'manual', 'lapsing'].includes(filter.state);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        startsAt: orders.startsAt,
        stopsAt: orders.stopsAt,
        createdAt: orders.createdAt,
        fulfilment: orders.fulfillmentType,
        status: orders.status,
        decision: orders.decision,
        handedOverOn: orders.handedOverOn,
        returnedOn: orders.returnedOn,
        subtotalInCents: orders.subtotalInCents,
        pricesIncludeGst: orders.pricesIncludeGst,
        gstFreeInCents: orders.gstFreeInCents,
        customerName: customers.name,
        customerEmail: customers.email,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(condition)
      .orderBy(...(open ? [asc(orders.startsAt), asc(orders.number)] : [desc(orders.number)]))
      .limit(REQUESTS_PAGE)
      .offset((filter.page - 1) * REQUESTS_PAGE),
    db.select({ n: count() }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).where(condition),
  ]);
  // Bookings that still need their stock are checked against it: a stock cut or pieces still out can
  // leave one over-promised (at most a page of checks).
  const today = booking.today();
  const live = rows.filter(
    (r) =>
      // By its last day of use: a hire of several days still needs its stock until it ends.
      r.decision === 'confirmed' && !r.returnedOn && r.stopsAt.slice(0, 10) >= addDays(today, -LONGEST_WINDOW_DAYS),
  );
  const over = await booking.overPromised(
    db,
    live.map((r) => r.id),
  );
  const [holds, stillOut] = await Promise.all([
    booking.liveHolds(db, { orderIds: rows.filter((r) => !r.decision).map((r) => r.id) }),
    booking.stillOut(
      db,
      rows.filter((r) => r.handedOverOn).map((r) => r.id),
    ),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      holdUntil: holds.get(row.id) ?? null,
      stillOut: stillOut.get(row.id) ?? null,
      overPromised: over.has(row.id),
    })),
    total: total?.n ?? 0,
  };
}
export type RequestRow = Awaited<ReturnType<typeof listRequests>>['rows'][number];

/** Whether a request exists (the team's pages answer 404 for one that does not). */
export async function requestExists(db: Db, orderId: string): Promise<boolean> {
  if (!/^\d{1,12}$/.test(orderId)) return false;
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return Boolean(row);
}

/** Whether the request's customer gave an email address (a phone order may have none). */
export async function customerHasEmail(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  return Boolean(row?.email);
}

/** A request's emails (with their delivery state), history and private notes, oldest first. */
export async function requestRecord(db: Db, orderId: string) {
  const [emails, events, notes, members] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        error: emailOutbox.error,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, orderId))
      .orderBy(asc(emailOutbox.createdAt)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.at)),
    db
      .select({ id: teamNotes.id, at: teamNotes.at, text: teamNotes.text, by: teamMembers.email })
      .from(teamNotes)
      .leftJoin(teamMembers, eq(teamMembers.id, teamNotes.memberId))
      .where(eq(teamNotes.orderId, orderId))
      .orderBy(asc(teamNotes.at)),
    db.select({ id: teamMembers.id, email: teamMembers.email }).from(teamMembers).where(isNotNull(teamMembers.id)),
  ]);
  const emailOf = new Map(members.map((m) => [m.id, m.email]));
  const who = (actor: string) =>
    actor.startsWith('team:') ? (emailOf.get(actor.slice(5)) ?? 'a former member') : actor;
  return {
    emails,
    history: events.map((event) => ({ at: event.at, by: who(event.actor), kind: event.kind, detail: event.detail })),
    notes,
  };
}

/** What the change form offers: the request's lines with their ids, and every product and bundle to add. */
export async function changeFormData(db: Db, orderId: string) {
  const [lines, picker] = await Promise.all([
    db
      .select({
        id: orderLines.id,
        title: orderLines.title,
        quantity: orderLines.quantity,
        itemType: orderLines.itemType,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position)),
    pickerCatalogue(db),
  ]);
  return { lines, picker };
}
