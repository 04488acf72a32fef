import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamActivity } from '../../db/schema';

export type ActivitySubject = 'request' | 'member' | 'item' | 'settings' | 'session';

/** Who acted: a signed-in member, or a signed email link (the team's inbox), or the system. */
/** Who acts: a member, a signed link in the team's email, the system, or the customer on their booking page. */
export type Acting = { id: string; email: string } | 'email link' | 'system' | 'customer';

/** Who acted, as a report names them: the member's email address, or how it was done. */
export const actorName = (by: Acting) => (typeof by === 'string' ? by : by.email);

export interface ActivityEntry {
  kind: string;
  subjectType: ActivitySubject;
  subjectId?: string | null;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** A member's own session event in the activity log (signed in, signed out, a passkey added), by them. */
export const logSessionActivity = (
  tx: Pick<Db, 'insert'>,
  member: { id: string; email: string },
  kind: 'sign_in' | 'sign_out' | 'sign_out_everywhere' | 'passkey_added',
  summary: string,
  now: Date,
) =>
  logActivity(
    tx,
    { id: member.id, email: member.email },
    { kind, subjectType: 'session', subjectId: member.id, summary },
    now,
  );

/** Writes one line of the activity log, in the caller's transaction (it commits with what it says). */
export function logActivity(tx: Pick<Db, 'insert'>, by: Acting, entry: ActivityEntry, now: Date) {
  return tx.insert(teamActivity).values({
    id: randomUUID(),
    at: now.toISOString(),
    actor: typeof by === 'string' ? by : by.id,
    actorEmail: typeof by === 'string' ? null : by.email,
    kind: entry.kind,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface ActivityFilter {
  kind?: string;
  actor?: string;
  subjectId?: string;
  /** Entries before this instant (the next page). */
  before?: string;
  /** Entries from this day on (YYYY-MM-DD, UTC instants compared by prefix). */
  since?: string;
}

export const ACTIVITY_PAGE = 50;

/** The log, newest first, a page at a time. */
export async function listActivity(db: Db, filter: ActivityFilter) {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(teamActivity.kind, filter.kind));
  if (filter.actor) where.push(eq(teamActivity.actor, filter.actor));
  if (filter.subjectId) where.push(eq(teamActivity.subjectId, filter.subjectId));
  if (filter.before) where.push(lt(teamActivity.at, filter.before));
  if (filter.since) where.push(gte(teamActivity.at, filter.since));
  return db
    .select()
    .from(teamActivity)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(teamActivity.at), desc(teamActivity.id))
    .limit(ACTIVITY_PAGE + 1);
}

/** The kinds of entry the log has, for its filter. */
export const ACTIVITY_KINDS: Record<string, string> = {
  sign_in: 'Signed in',
  passkey_added: 'Passkey added',
  sign_out: 'Signed out',
  sign_out_everywhere: 'Signed out everywhere',
  invite: 'Invited',
  role_change: 'Role changed',
  remove: 'Removed',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  refused: 'Confirm refused',
  extended: 'Hold extended',
  extend_refused: 'Extension refused',
  note: 'Private note',
  item_edit: 'Item edited',
  settings_edit: 'Settings changed',
  calendar_feed: 'Calendar feed renewed',
  payment: 'Payment recorded',
  refund: 'Refund recorded',
  bond_hold: 'Bond hold',
  repair: 'Put in repair',
  back_in_stock: 'Back in stock',
};
