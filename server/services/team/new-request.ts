import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { OrderBody } from '../../../src/lib/api-contract';
import type { Fulfilment } from '../../booking';
import { recordEvent } from '../../booking';
import { customers, orders } from '../../db/schema';
import { InvalidRequest } from '../../lib/domain-errors';
import type { ServiceContext } from '../context';
import { createOrder } from '../orders';
import type { Acting } from './activity';
import { logActivity } from './activity';
import { type ItemPick, type PickerBundle, pickedLine, pickerCatalogue } from './item-picks';

/** A request the team takes itself: a phone call, a walk-in, a repeat customer. */
export interface NewRequest {
  name: string;
  /** Optional: a customer with no email address gets no emails (the team tells them). */
  email: string | null;
  phone: string | null;
  hireDate: string;
  /** A hire of several days: its last day of use; null or not given for one day. */
  lastDay?: string | null;
  fulfilment: Fulfilment;
  deliveryAddress: string | null;
  /** The hand-over's agreed time on the first day, 'HH:MM' each, or null. */
  time: { from: string; to: string } | null;
  notes: string | null;
  /** Each item row's pick, by its row (a bundle with its choices). */
  lines: { row: number; pick: ItemPick }[];
}

export type NewRequestResult =
  | { kind: 'created'; id: string; held: boolean }
  | { kind: 'invalid'; message: string }
  /** A bundle picked on a row whose choices are still to make: the form asks for them. */
  | { kind: 'choose'; row: number; bundle: PickerBundle; message: string };

const summary = (line: OrderBody['lines'][number]) => ({
  [line.isBundle ? 'bundleId' : 'productId']: line.id,
  quantity: line.quantity,
  ...(line.bundleVariations.length ? { choices: line.bundleVariations.map((v) => v.displayName) } : {}),
});

/**
 * Finds the customer by email (or makes one; with no email, a new one), then books the request
 * through the shop's own path (createOrder: priced from the catalogue, held by the booking module
 * when everything is free, the same emails), and marks it as entered by the member, in the order's
 * own transaction.
 */
export async function newRequest(deps: ServiceContext, input: NewRequest, by: Acting): Promise<NewRequestResult> {
  const { db, clock } = deps;
  if (input.lines.length === 0) return { kind: 'invalid', message: 'Add at least one item.' };
  if (input.time && input.time.from >= input.time.to) {
    return { kind: 'invalid', message: 'The time ends before it starts: check the two times.' };
  }
  if (input.fulfilment === 'delivery' && !input.deliveryAddress) {
    return { kind: 'invalid', message: 'Write the delivery address, or choose pickup.' };
  }
  const picker = input.lines.some(({ pick }) => pick.kind === 'bundle')
    ? await pickerCatalogue(db)
    : { groups: [], bundles: [] };
  const lines: OrderBody['lines'] = [];
  for (const { row, pick } of input.lines) {
    const picked = pickedLine(pick, picker);
    if ('choose' in picked) return { kind: 'choose', row, bundle: picked.choose, message: picked.message };
    lines.push(picked.line);
  }
  const now = clock();
  const email = input.email?.toLowerCase() ?? null;
  const [found] = email
    ? await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(sql`lower(${customers.email})`, email))
    : [];
  const customerId = found?.id ?? randomUUID();
  if (!found) {
    await db
      .insert(customers)
      .values({ id: customerId, name: input.name, email, phone: input.phone, updatedAt: now.toISOString() })
      .onConflictDoNothing();
  }
  const actor = typeof by === 'string' ? by : (`team:${by.id}` as const);
  try {
    const answer = await createOrder(
      deps,
      {
        customer_id: customerId,
        starts_at: input.hireDate,
        stops_at: input.lastDay && input.lastDay > input.hireDate ? input.lastDay : input.hireDate,
        fulfillment_type: input.fulfilment,
        ...(input.deliveryAddress ? { delivery_address: input.deliveryAddress } : {}),
        ...(input.notes ? { order_notes: input.notes } : {}),
        lines,
      },
      {
        recordAnswer: async (tx, result) => {
          const id = result.order.data.id;
          if (input.time) {
            await tx
              .update(orders)
              .set({ handOverFrom: input.time.from, handOverTo: input.time.to })
              .where(eq(orders.id, id));
          }
          await recordEvent(tx, id, actor, 'entered', now, null);
          await logActivity(
            tx,
            by,
            {
              kind: 'entered',
              subjectType: 'request',
              subjectId: id,
              summary: `Took request ${id} for ${input.name}${email ? '' : ' (no email address)'}`,
              after: { customer: input.name, email, hireDate: input.hireDate, lines: lines.map(summary) },
            },
            now,
          );
        },
      },
    );
    const held = !answer.needsManualProcessing && !answer.fulfillmentError;
    return { kind: 'created', id: answer.order.data.id, held };
  } catch (error) {
    if (error instanceof InvalidRequest) {
      const problem = error.issues?.[0]?.message ?? error.message;
      return { kind: 'invalid', message: `${problem[0]?.toUpperCase() ?? ''}${problem.slice(1)}.` };
    }
    throw error;
  }
}
