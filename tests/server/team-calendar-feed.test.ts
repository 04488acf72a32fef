import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/** Issue 48: each member's private calendar feed, read by calendar apps with no session. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

/** The feed address a member's calendar page shows (its path). */
async function feedAddress(cookie: string) {
  const html = await (await getPage(t, '/team/calendar', cookie)).text();
  const url = /id="feed-url" type="url" readonly value="([^"]+)"/.exec(html)?.[1];
  if (!url) throw new Error('no feed address on the calendar page');
  return new URL(url).pathname;
}

/** The feed's events, read by an iCalendar library as a calendar app would. */
async function events(path: string) {
  const answer = await t.request(path);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await answer.text()));
  expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Australia/Sydney');
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe('a member’s calendar feed', () => {
  it('holds every held and confirmed request over its window, as all-day events with the number and a link', async () => {
    await addMember(t, 'cal@example.com', 'staff');
    const me = await signIn(t, 'cal@example.com');
    const saturday = weekdayAhead(SATURDAY, 6);
    const held = await placeOrder(t, 'feed-held@example.com', 'pickup', saturday);
    const confirmed = await placeOrder(t, 'feed-confirmed@example.com', 'delivery', saturday);
    const declined = await placeOrder(t, 'feed-declined@example.com', 'pickup', saturday);
    await postForm(t, `/team/requests/${confirmed}/confirm`, { _csrf: me.csrf }, me.cookie);
    await postForm(t, `/team/requests/${declined}/decline`, { _csrf: me.csrf }, me.cookie);
    const path = await feedAddress(me.cookie);
    expect(path).toMatch(/^\/team\/calendar\/feed\/[\w.-]+\.ics$/);

    const found = await events(path);
    const of = (id: string) =>
      found.find((event) => String(event.component.getFirstPropertyValue('url')).endsWith(`/team/requests/${id}`));
    const pickup = of(held);
    expect(pickup?.summary).toMatch(/^Request \d+ · Ava Chen \(held, not confirmed\)$/);
    expect(pickup?.startDate.isDate).toBe(true);
    // A Saturday pickup holds Friday to Monday: the event ends on the Tuesday (exclusive end).
    expect(pickup?.startDate.toString()).toBe(addDays(saturday, -1));
    expect(pickup?.endDate.toString()).toBe(addDays(saturday, 3));
    const delivery = of(confirmed);
    expect(delivery?.summary).toMatch(/^Request \d+ · Ava Chen$/);
    expect(delivery?.description).toContain('Delivery to');
    expect(delivery?.startDate.toString()).toBe(addDays(saturday, -1));
    expect(of(declined)).toBeUndefined();
  });

  it('is read without a session, changes nothing, and stops when renewed or when the member is removed', async () => {
    await addMember(t, 'owner-cal@example.com', 'owner');
    const owner = await signIn(t, 'owner-cal@example.com');
    const member = await addMember(t, 'leaving@example.com', 'viewer');
    const leaving = await signIn(t, 'leaving@example.com');
    const first = await feedAddress(leaving.cookie);
    expect((await t.request(first)).status).toBe(200);
    // Read-only members may renew their own feed; the old address then answers 404.
    const renewed = await postForm(t, '/team/calendar/feed', { _csrf: leaving.csrf }, leaving.cookie);
    expect(renewed.status).toBe(303);
    const second = await feedAddress(leaving.cookie);
    expect(second).not.toBe(first);
    expect((await t.request(first)).status).toBe(404);
    expect((await t.request(second)).status).toBe(200);
    // A forged or altered address is no feed.
    // Its last character changed to another one (never to itself, whatever the token drew).
    const altered = second.replace(/(.)\.ics$/, (_, last: string) => `${last === 'x' ? 'y' : 'x'}.ics`);
    expect(altered).not.toBe(second);
    expect((await t.request(altered)).status).toBe(404);
    expect((await t.request('/team/calendar/feed/nonsense.ics')).status).toBe(404);
    // Removed by an owner: the feed stops with everything else.
    await postForm(t, `/team/staff/${member.id}/remove`, { _csrf: owner.csrf }, owner.cookie);
    expect((await t.request(second)).status).toBe(404);
  });
});
