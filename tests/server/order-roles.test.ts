import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, handOver } from '../../server/services/team/request-actions';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { makeTestApp, orderAsNewCustomer, setBusinessSetting, type TestApp } from './helpers';
import { addMember, ownerAndProduct } from './team-helpers';

/**
 * Issue 59: the team's order actions check the actor's role inside, read in their own transaction,
 * and fail closed. Before, `decide` let a confirmed booking be cancelled by any caller that did not
 * pass the limits (its default allowed it), and hand-overs took any actor.
 */
let t: TestApp;
let productId: string;
beforeAll(async () => {
  t = await makeTestApp();
  ({ productId } = await ownerAndProduct(t));
  await setBusinessSetting(t, 'staff_may_cancel_confirmed', false);
});
afterAll(() => t?.close());

async function confirmed() {
  const order = await orderAsNewCustomer(t, productId, 1, addDays(await t.booking.today(), 40));
  const id = String(order.body.order.data.id);
  await t.db.transaction((tx) => t.booking.decide(tx, id, 'confirm', 'system'));
  return id;
}

describe('order actions fail closed', () => {
  it('lets no one without a role (a removed or unknown member) answer, hand over or cancel', async () => {
    const id = await confirmed();
    const stranger = { id: 'no-such-member', email: 'stranger@example.com' };
    expect((await decide(t.services, id, 'cancel', stranger, null)).kind).toBe('not_allowed');
    expect((await handOver(t.services, id, t.booking.today(), stranger)).kind).toBe('not_allowed');
    const viewer = await addMember(t, 'vera@example.com', 'viewer');
    expect((await decide(t.services, id, 'cancel', { id: viewer.id, email: viewer.email }, null)).kind).toBe(
      'not_allowed',
    );
    expect((await t.booking.state(t.db, id))?.kind).toBe('confirmed');
  });

  it('lets staff cancel a confirmed booking only where the owner allows it', async () => {
    const id = await confirmed();
    const staff = await addMember(t, 'sam@example.com', 'staff');
    expect((await decide(t.services, id, 'cancel', { id: staff.id, email: staff.email }, null)).kind).toBe(
      'not_allowed',
    );
    expect((await t.booking.state(t.db, id))?.kind).toBe('confirmed');
    const owner = await addMember(t, 'olga@example.com', 'owner');
    expect((await decide(t.services, id, 'cancel', { id: owner.id, email: owner.email }, null)).kind).toBe('applied');
  });

  it('refuses a hand-over dated before the request was made, holding nothing more (issue 63)', async () => {
    const id = await confirmed();
    const owner = await addMember(t, 'oona@example.com', 'owner');
    const outcome = await handOver(t.services, id, '1970-01-01', { id: owner.id, email: owner.email });
    expect(outcome.kind).toBe('too_early');
    const holds = await t.db.$client.execute({
      sql: 'SELECT MIN(hold_from) AS first FROM order_holds WHERE order_id = ?',
      args: [id],
    });
    expect(String(holds.rows[0]?.first) > '2026-01-01').toBe(true);
    expect((await handOver(t.services, id, t.booking.today(), { id: owner.id, email: owner.email })).kind).toBe(
      'applied',
    );
  });
});
