import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOf } from '../../server/money';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { formatMoney } from '../../src/lib/api-contract/money';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 49: the bond after the return. The late days cost the terms' daily fee, the team keeps what
 * missing or damaged pieces cost and says why; the customer is emailed it once; the refund is listed
 * until the team records it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'hana@example.com', 'owner');
});
afterAll(() => t?.close());

const at = (day: string) => t.setNow(new Date(`${day}T01:00:00Z`));

describe('settling the bond after the return', () => {
  it('keeps the late fee and the damage from the bond, tells the customer why, and lists the refund owed', async () => {
    const hireDate = weekdayAhead(SATURDAY, 20);
    const id = await placeOrder(t, 'bond@example.com', 'pickup', hireDate);
    const window = t.booking.window(hireDate, 'pickup');
    try {
      let me = await signIn(t, 'hana@example.com');
      await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie);
      const business = t.services.business();
      const money = await moneyOf(t.db, id, {
        terms: business.payments,
        timeZone: business.timeZone,
        gstRate: business.gstRate,
      });
      const bond = money?.schedule.bond.cents ?? 0;
      const total = money?.totalCents ?? 0;
      const pay = (towards: string, cents: number, day: string) =>
        postForm(
          t,
          `/team/requests/${id}/payments`,
          { _csrf: me.csrf, kind: 'payment', towards, method: 'cash', amount: (cents / 100).toFixed(2), day },
          me.cookie,
        );
      await pay('hire', total, await t.booking.today());
      await pay('bond', bond, await t.booking.today());
      at(window.from);
      me = await signIn(t, 'hana@example.com');
      await postForm(t, `/team/requests/${id}/hand-over`, { _csrf: me.csrf, day: window.from }, me.cookie);
      // Back a day late, everything there.
      const back = addDays(window.to, 1);
      at(back);
      me = await signIn(t, 'hana@example.com');
      const out = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
      const product = /name="missing:([^"]+)"/.exec(out)?.[1] ?? '';
      await postForm(
        t,
        `/team/requests/${id}/return`,
        { _csrf: me.csrf, day: back, [`missing:${product}`]: '0', [`damaged:${product}`]: '0' },
        me.cookie,
      );
      const page = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
      const lateFee = Math.round(total / 10);
      expect(page).toContain(`a late fee of ${formatMoney(lateFee)} by the terms.`);
      const settle = (kept: string, reason: string) =>
        postForm(t, `/team/requests/${id}/bond`, { _csrf: me.csrf, kept, reason }, me.cookie);
      expect((await settle('5.00', '')).headers.get('location')).toBe(`/team/requests/${id}?done=bond_reason`);
      const damage = 500;
      expect((await settle('5.00', 'One vase chipped')).headers.get('location')).toBe(
        `/team/requests/${id}?done=bond_settled`,
      );
      expect((await settle('0', '')).headers.get('location')).toBe(`/team/requests/${id}?done=bond_not_ready`);
      const kept = Math.min(bond, lateFee + damage);
      const email = await t.db.$client.execute({
        sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'bond_settled'",
        args: [id],
      });
      expect(email.rows).toHaveLength(1);
      const text = String(email.rows[0]?.text);
      expect(text).toContain(`Your bond: ${formatMoney(bond)}.`);
      expect(text).toContain(`Returned 1 day late: a late fee of ${formatMoney(lateFee)} (10% of the hire a day).`);
      expect(text).toContain('Kept for missing or damaged pieces: $5.00. One vase chipped');
      if (bond > kept)
        expect(text).toContain(`We refund ${formatMoney(bond - kept)} of your bond, keeping ${formatMoney(kept)}.`);
      const settled = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
      {
        expect(settled).toContain(`<strong>Still to pay back: ${formatMoney(bond - kept)}</strong>`);
        const list = await (await getPage(t, '/team/money', me.cookie)).text();
        expect(list).toContain(`<td>Bond to return</td><td class="num">${formatMoney(bond - kept)}</td>`);
      }
      // Issue 59: what the bond kept is on a tax invoice of its own, attached to the email, with its GST.
      const invoices = await t.db.$client.execute({
        sql: "SELECT id, number, total_cents, gst_cents FROM documents WHERE order_id = ? AND kind = 'invoice' ORDER BY seq",
        args: [id],
      });
      const keptInvoice = invoices.rows.at(-1);
      expect(invoices.rows).toHaveLength(2);
      expect(Number(keptInvoice?.total_cents)).toBe(kept);
      expect(Number(keptInvoice?.gst_cents)).toBe(
        Math.round((Math.min(lateFee, kept) * 0.1) / 1.1) + Math.round(((kept - Math.min(lateFee, kept)) * 0.1) / 1.1),
      );
      const attached = await t.db.$client.execute({
        sql: "SELECT attachments FROM email_outbox WHERE order_id = ? AND kind = 'bond_settled'",
        args: [id],
      });
      expect(JSON.parse(String(attached.rows[0]?.attachments))).toEqual([keptInvoice?.id]);
      const pdf = await getPage(t, `/team/requests/${id}/documents/${keptInvoice?.number}`, me.cookie);
      const pdfLines = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      expect(pdfLines).toContain('Late return: 1 day at 10% of the hire a day');
      if (kept > lateFee) expect(pdfLines).toContain('Missing or damaged pieces: One vase chipped');
    } finally {
      t.setNow(null);
    }
  });
});
