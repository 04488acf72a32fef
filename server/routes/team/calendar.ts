import { type Context, Hono } from 'hono';
import { isCalendarDay } from '../../../src/lib/api-contract/hold-window';
import type { Services } from '../../app-services';
import { calendarPage, daySheetPage, productBookingsPage } from '../../render/team/calendar-pages';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { calendar, calendarQuery, daySheet, productBookings } from '../../services/team/calendar';
import { signedInPage, type TeamEnv } from './guard';

/** The team's calendar: a week or month of what is out, each product's bookings, a day's sheet. */
export function calendarRoutes({ db, booking, business }: Services) {
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, business());

  app.get('/', async (c) => {
    const query = calendarQuery.parse(c.req.query());
    return c.html(calendarPage(ctx(c), query, await calendar(db, booking, query, booking.today())));
  });

  app.get('/products/:id', async (c) => {
    const data = await productBookings(db, booking, c.req.param('id'), booking.today());
    if (!data) return c.html(notFoundPage(ctx(c), 'There is no such product.'), 404);
    return c.html(productBookingsPage(ctx(c), data));
  });

  app.get('/day/:date', async (c) => {
    const date = c.req.param('date');
    if (!isCalendarDay(date)) return c.html(notFoundPage(ctx(c), 'That is not a day: write it YYYY-MM-DD.'), 404);
    return c.html(daySheetPage(ctx(c), date, await daySheet(db, booking, date)));
  });

  return app;
}
