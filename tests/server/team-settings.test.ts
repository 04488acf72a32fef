import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/** Issue 33: owners edit the business's settings in the workspace; the shop shows them. */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let staff: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'olive@example.com', 'owner', 'Olive Owner');
  await addMember(t, 'sam@example.com', 'staff');
  owner = await signIn(t, 'olive@example.com');
  staff = await signIn(t, 'sam@example.com');
});
afterAll(() => t?.close());

const form = async () => formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());

describe('the shop’s settings', () => {
  it('are saved by an owner with the rules of business.json, and the shop shows them on its next read', async () => {
    const before = (await t.json('/api/business')).body.data;
    const fields = await form();
    expect(fields.name).toBe(before.name);
    const saved = await postForm(
      t,
      '/team/settings',
      {
        ...fields,
        phone: '(02) 5550 1234',
        'hours.saturday': '9am-1pm',
        gst_percent: '10',
        about: 'We *style* events.',
      },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    const after = (await t.json('/api/business')).body.data;
    expect(after.phone).toBe('(02) 5550 1234');
    expect(JSON.stringify(after)).toContain('9am-1pm');
    expect(JSON.stringify(after)).toContain('<em>style</em>');
    const log = await (await getPage(t, '/team/activity?kind=settings_edit', owner.cookie)).text();
    expect(log).toContain('Changed the shop’s settings: about, opening_hours, phone');
    expect(log).toContain('phone: (02) 5550 1234');
  });

  it('refuses a setting business.json would refuse, naming it, and changes nothing', async () => {
    const fields = await form();
    const bad = await postForm(t, '/team/settings', { ...fields, accent_colour: 'teal', hold_days: '0' }, owner.cookie);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('accent_colour: must be a colour such as &quot;#8a6a4a&quot;');
    expect(html).toContain('hold_days: must be a whole number of days, 1 to 90');
    expect(html).toContain('value="teal"');
    expect((await form()).accent_colour).toBe(fields.accent_colour);
  });

  it('tells the second of two owners editing at once', async () => {
    const first = await form();
    expect((await postForm(t, '/team/settings', { ...first, phone: '(02) 5550 0001' }, owner.cookie)).status).toBe(303);
    const late = await postForm(t, '/team/settings', { ...first, phone: '(02) 5550 0002' }, owner.cookie);
    expect(late.status).toBe(409);
    expect((await t.json('/api/business')).body.data.phone).toBe('(02) 5550 0001');
  });

  it('are an owner’s only', async () => {
    expect((await getPage(t, '/team/settings', staff.cookie)).status).toBe(403);
    expect((await postForm(t, '/team/settings', { _csrf: staff.csrf, name: 'Mine now' }, staff.cookie)).status).toBe(
      403,
    );
  });

  it('move the shop to New Zealand: its region, its currency from the country, its phone in +64 form (issue 47)', async () => {
    const fields = await form();
    expect(fields.country).toBe('AU');
    const saved = await postForm(
      t,
      '/team/settings',
      {
        ...fields,
        country: 'NZ',
        currency: '',
        phone: '(021) 555 0142',
        'address.state': 'Auckland',
        'address.postcode': '1011',
        time_zone: 'Pacific/Auckland',
      },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    const after = (await t.json('/api/business')).body.data;
    expect(after).toMatchObject({ country: 'NZ', currency: 'NZD', phoneHref: 'tel:+64215550142' });
    // Back to Australia, where "Auckland" is not a state: refused, by name.
    const refused = await postForm(t, '/team/settings', { ...(await form()), country: 'AU' }, owner.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('must be an Australian state or territory');
  });
});
