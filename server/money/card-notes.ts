import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cardDisputes, cardEvents } from '../db/schema';

type Reader = Pick<Db, 'select'>;

/** What the team should know of a request's card money beyond the ledger: disputes, and events to look at. */
export interface CardNotes {
  disputes: (typeof cardDisputes.$inferSelect)[];
  looks: { id: string; type: string; outcome: string; detail: string; receivedAt: string }[];
}

export async function cardNotesOf(db: Reader, orderId: string): Promise<CardNotes> {
  const [disputes, looks] = await Promise.all([
    db.select().from(cardDisputes).where(eq(cardDisputes.orderId, orderId)).orderBy(desc(cardDisputes.openedAt)),
    eventsToLook(db, orderId),
  ]);
  return { disputes, looks };
}

/** Stripe events that applied nothing (an unknown session, amounts that do not match) or tell of a dispute. */
export function eventsToLook(db: Reader, orderId?: string, limit = 50) {
  return db
    .select({
      id: cardEvents.id,
      orderId: cardEvents.orderId,
      type: cardEvents.type,
      outcome: cardEvents.outcome,
      detail: cardEvents.detail,
      receivedAt: cardEvents.receivedAt,
    })
    .from(cardEvents)
    .where(
      orderId ? and(eq(cardEvents.needsLook, true), eq(cardEvents.orderId, orderId)) : eq(cardEvents.needsLook, true),
    )
    .orderBy(desc(cardEvents.receivedAt))
    .limit(limit);
}
