import { randomUUID } from 'node:crypto';
import { orderEvents } from '../db/schema';
import type { Actor, Tx } from './booking';

/** One line of a request's history. */
export function recordEvent(
  tx: Pick<Tx, 'insert'>,
  orderId: string,
  actor: Actor,
  kind: string,
  at: Date,
  detail: unknown = null,
) {
  return tx.insert(orderEvents).values({ id: randomUUID(), orderId, actor, kind, at: at.toISOString(), detail });
}
