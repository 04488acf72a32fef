import { type Context, Hono } from 'hono';
import { isCalendarDay } from '../../../src/lib/api-contract/hold-window';
import type { Services } from '../../app-services';
import { publicOrigin } from '../../lib/public-origin';
import { storedOrderView } from '../../orders';
import { calendarPage, daySheetPage, productBookingsPage } from '../../render/team/calendar-pages';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { logActivity } from '../../services/team/activity';
import { calendar, calendarQuery, daySheet, productBookings } from '../../services/team/calendar';
import {
  calendarFeed,
  feedGeneration,
  feedMember,
  feedPath,
  feedToken,
  renewFeed,
} from '../../services/team/calendar-feed';
import { upcomingDays } from '../../services/team/calendar-list';
import { actingMember, signedInPage, type TeamEnv } from './guard';
import { DONE } from './requests';

/** The team's calendar: a week or month of what is out, each product's bookings, a day's sheet. */
export function calendarRoutes(deps: Services) {
  const { db, booking, business, secret, config, clock } = deps;
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, business());

  app.get('/', async (c) => {
    const query = calendarQuery.parse(c.req.query());
    const { member } = c.var.session;
    const feed = {
      url: `${publicOrigin(config)}${feedPath(feedToken(secret, member.id, await feedGeneration(db, member.id)))}`,
      renewed: c.req.query('done') === 'feed_renewed',
    };
    const today = booking.today();
    const [grid, list] = await Promise.all([
      calendar(db, booking, query, today),
      upcomingDays(db, booking, query.day ?? today, query.category),
    ]);
    return c.html(calendarPage(ctx(c), query, grid, feed, { days: list, from: query.day ?? today, today }));
  });

  app.post('/feed', async (c) => {
    await db.transaction(async (tx) => {
      await renewFeed(tx, c.var.session.member.id);
      await logActivity(
        tx,
        actingMember(c),
        {
          kind: 'calendar_feed',
          subjectType: 'member',
          subjectId: c.var.session.member.id,
          summary: 'Made a new calendar feed address (the old one stopped)',
        },
        clock(),
      );
    });
    return c.redirect('/team/calendar?done=feed_renewed#feed-title', 303);
  });

  app.get('/products/:id', async (c) => {
    const data = await productBookings(db, booking, c.req.param('id'), booking.today());
    if (!data) return c.html(notFoundPage(ctx(c), 'There is no such product.'), 404);
    return c.html(productBookingsPage(ctx(c), data));
  });

  app.get('/day/:date', async (c) => {
    const date = c.req.param('date');
    if (!isCalendarDay(date)) return c.html(notFoundPage(ctx(c), 'That is not a day: write it YYYY-MM-DD.'), 404);
    const sheet = await daySheet(db, booking, date);
    // Each request's lines as the customer asked (photos, bundle choices) and its notes.
    const ids = [...new Set([...sheet.out, ...sheet.back, ...sheet.stillOut].map((entry) => entry.request.id))];
    const origin = publicOrigin(config);
    const views = new Map(
      await Promise.all(
        ids.map(async (id) => {
          const { view } = await storedOrderView(db, deps, id);
          for (const item of view.items) {
            if (item.photoUrl?.startsWith(`${origin}/`)) item.photoUrl = item.photoUrl.slice(origin.length);
          }
          return [id, view] as const;
        }),
      ),
    );
    return c.html(daySheetPage(ctx(c), date, sheet, booking.today(), DONE[c.req.query('done') ?? ''], views));
  });

  return app;
}

/**
 * The members' calendar feeds, read by calendar apps with no session: the address is the key. An
 * address renewed or of a removed member answers 404, as any unknown one.
 */
export function calendarFeedRoutes({ db, booking, business, secret, config, clock }: Services) {
  const app = new Hono();
  app.get('/calendar/feed/:file{[A-Za-z0-9_.-]+\\.ics}', async (c) => {
    const token = c.req.param('file').slice(0, -'.ics'.length);
    const member = await feedMember(db, secret, token);
    if (!member) return c.text('There is no calendar feed at this address.', 404);
    const body = await calendarFeed(db, booking, business(), publicOrigin(config), clock());
    return c.body(body, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
  });
  return app;
}
