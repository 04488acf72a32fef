import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cardRefunds, cardSessions, payments } from '../db/schema';

type Reader = Pick<Db, 'select'>;

/**
 * What each card payment of a request (by its Stripe payment intent) has left to refund towards the
 * hire or the bond: what it paid, less the refunds recorded and those on their way (pending intents).
 */
export async function cardSourcesOf(
  db: Reader,
  orderId: string,
  towards: 'hire' | 'bond',
): Promise<Map<string, number>> {
  const [entries, sending] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.method, 'card_online'), eq(payments.towards, towards))),
    db
      .select()
      .from(cardRefunds)
      .where(
        and(eq(cardRefunds.orderId, orderId), eq(cardRefunds.towards, towards), eq(cardRefunds.status, 'pending')),
      ),
  ]);
  const left = new Map<string, number>();
  for (const entry of entries) {
    if (!entry.providerRef) continue;
    const sign = entry.kind === 'payment' ? 1 : -1;
    left.set(entry.providerRef, (left.get(entry.providerRef) ?? 0) + sign * entry.amountCents);
  }
  for (const intent of sending) {
    left.set(intent.paymentIntent, (left.get(intent.paymentIntent) ?? 0) - intent.amountCents);
  }
  return left;
}

/** The request a card payment (by its Stripe payment intent) was for, from the ledger or the sessions. */
export async function orderOfPaymentIntent(db: Reader, paymentIntent: string): Promise<string | null> {
  const [paid] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.providerRef, paymentIntent), eq(payments.kind, 'payment')));
  if (paid) return paid.orderId;
  const [session] = await db
    .select({ orderId: cardSessions.orderId })
    .from(cardSessions)
    .where(eq(cardSessions.paymentIntent, paymentIntent));
  return session?.orderId ?? null;
}
