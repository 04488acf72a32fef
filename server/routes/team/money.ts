import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { isCalendarDay } from '../../../src/lib/api-contract/hold-window';
import type { Services } from '../../app-services';
import { eventsToLook, payoutsWithLines } from '../../money';
import { moneyPage } from '../../render/team/money-page';
import { moneyPagesOf } from '../../render/team/money-pages';
import { payoutsPage } from '../../render/team/payouts-page';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { outstanding } from '../../services/team/money-list';
import { xeroInvoicesCsv, xeroPaymentsCsv } from '../../services/team/xero-export';
import { signedInPage, type TeamEnv } from './guard';

const day = z.string().refine(isCalendarDay);
const exportQuery = z.object({
  from: day,
  to: day,
  what: z.enum(['invoices', 'payments']),
  account: z.string().regex(/^[A-Za-z0-9.-]{1,10}$/),
});

/** Money: what is outstanding, and the export for the accountant (Xero's CSV formats). */
export function moneyRoutes(deps: Services) {
  const { db, business, booking } = deps;
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => ({ ...signedInPage(c, business()), section: 'money' as const });

  app.get('/', async (c) => {
    const today = booking.today();
    // The export's default range: this month so far.
    const range = { from: `${today.slice(0, 8)}01`, to: today };
    const [rows, looks] = await Promise.all([outstanding(deps), eventsToLook(db)]);
    return c.html(moneyPage(ctx(c), rows, today, range, looks, moneyPagesOf(c.req.query())));
  });

  // Card payments by Stripe payout, to match the bank statement (read from Stripe; changes nothing).
  app.get('/payouts', async (c) => c.html(payoutsPage(ctx(c), await payoutsWithLines(deps), business().timeZone)));

  app.get('/export', async (c) => {
    const query = exportQuery.safeParse(c.req.query());
    if (!query.success || query.data.from > query.data.to) {
      return c.html(
        notFoundPage(
          ctx(c),
          'Choose a From day on or before the To day, a file, and a Xero account code (letters and digits).',
        ),
        400,
      );
    }
    const { from, to, what, account } = query.data;
    const body =
      what === 'invoices'
        ? await xeroInvoicesCsv(db, business(), { from, to, accountCode: account })
        : await xeroPaymentsCsv(db, { from, to });
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="xero-${what}-${from}-to-${to}.csv"`,
    });
  });

  return app;
}
