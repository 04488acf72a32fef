import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import type { BusinessSettings } from '../../../src/lib/api-contract/business-settings';
import { addDays, handOverTimeText } from '../../../src/lib/api-contract/hold-window';
import type { Booking } from '../../booking';
import type { Db } from '../../db/client';
import { teamMembers } from '../../db/schema';
import { requestsOf } from './calendar';

/**
 * Each member's private calendar feed (`.ics`): an address of their own that calendar apps read
 * without a session. The address is signed, not stored: the member, which of their addresses this is
 * (renewing counts on, and the old one stops), and an HMAC of both under the server's secret. A
 * removed member's address stops too.
 */

/** How far back and ahead the feed reaches: a season behind, two years ahead (the furthest hire date). */
const DAYS_BEHIND = 90;
const DAYS_AHEAD = 2 * 366 + 7;

const mac = (secret: string, memberId: string, generation: number) =>
  createHmac('sha256', secret).update(`calendar-feed:${memberId}:${generation}`).digest().subarray(0, 24);

/** The token of a member's current feed address. */
export const feedToken = (secret: string, memberId: string, generation: number) =>
  `${Buffer.from(memberId).toString('base64url')}.${generation}.${mac(secret, memberId, generation).toString('base64url')}`;

/** The feed's address path for a member's current token. */
export const feedPath = (token: string) => `/team/calendar/feed/${token}.ics`;

/** The active member a token belongs to, if it is their current address; null for anything else. */
export async function feedMember(db: Pick<Db, 'select'>, secret: string, token: string) {
  const [encoded, generationText, given, ...rest] = token.split('.');
  if (!encoded || !generationText || !given || rest.length || token.length > 200) return null;
  if (!/^\d{1,9}$/.test(generationText)) return null;
  const memberId = Buffer.from(encoded, 'base64url').toString('utf8');
  const generation = Number(generationText);
  const expected = mac(secret, memberId, generation);
  const sent = Buffer.from(given, 'base64url');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return null;
  const [member] = await db
    .select({ id: teamMembers.id, calendarFeed: teamMembers.calendarFeed })
    .from(teamMembers)
    .where(and(eq(teamMembers.id, memberId), isNull(teamMembers.removedAt)));
  return member && member.calendarFeed === generation ? member : null;
}

/** Which of the member's feed addresses works now. */
export async function feedGeneration(db: Pick<Db, 'select'>, memberId: string): Promise<number> {
  const [row] = await db
    .select({ calendarFeed: teamMembers.calendarFeed })
    .from(teamMembers)
    .where(eq(teamMembers.id, memberId));
  return row?.calendarFeed ?? 1;
}

/** A new address for the member's feed: the one before stops working. */
export async function renewFeed(db: Pick<Db, 'update'>, memberId: string) {
  await db
    .update(teamMembers)
    .set({ calendarFeed: sql`${teamMembers.calendarFeed} + 1` })
    .where(eq(teamMembers.id, memberId));
}

/** A YYYY-MM-DD day as the calendar writer reads all-day dates: that day's midnight, on this machine's clock. */
const writerDay = (day: string) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};

/**
 * Every held and confirmed request over its window, from a season ago to two years ahead: one
 * all-day event each (the window's days in the business's time zone), its number and customer in
 * the title, its items and how it goes in the description, and a link to its page.
 */
export async function calendarFeed(
  db: Db,
  booking: Booking,
  business: BusinessSettings,
  origin: string,
  now: Date,
): Promise<string> {
  const today = booking.today();
  const holds = await booking.holdsIn(db, { from: addDays(today, -DAYS_BEHIND), to: addDays(today, DAYS_AHEAD) });
  const byOrder = new Map<string, { from: string; to: string; confirmed: boolean }>();
  for (const hold of holds) {
    const known = byOrder.get(hold.orderId);
    // Pieces still out (late or missing) show out until today, not until they are recorded back.
    const to = hold.stillOut && hold.to > today ? today : hold.to;
    byOrder.set(hold.orderId, {
      from: known && known.from < hold.from ? known.from : hold.from,
      to: known && known.to > to ? known.to : to,
      confirmed: (known?.confirmed ?? false) || hold.state === 'confirmed',
    });
  }
  const rows = [...(await requestsOf(db, holds)).values()];
  const calendar = ical({
    name: `${business.name}: bookings`,
    prodId: { company: business.name, product: 'team calendar' },
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: business.timeZone }]);
  const host = new URL(origin).host;
  for (const row of rows.sort((a, b) => a.number - b.number)) {
    const window = byOrder.get(row.id);
    if (!window) continue;
    const how = row.fulfilment === 'delivery' ? `Delivery to ${row.address ?? ''}` : 'Pickup';
    calendar.createEvent({
      id: `request-${row.id}@${host}`,
      allDay: true,
      start: writerDay(window.from),
      // All-day events end on the day after their last (RFC 5545).
      end: writerDay(addDays(window.to, 1)),
      stamp: now,
      summary: `Request ${row.number} · ${row.name}${window.confirmed ? '' : ' (held, not confirmed)'}`,
      description: [
        how,
        handOverTimeText(row.timeFrom, row.timeTo),
        row.phone ? `Phone: ${row.phone}` : null,
        `${origin}/team/requests/${row.id}`,
      ]
        .filter(Boolean)
        .join('\n'),
      url: `${origin}/team/requests/${row.id}`,
    });
  }
  return calendar.toString();
}
