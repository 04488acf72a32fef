import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/** Issue 60: how longer hires are priced is the owner's setting, in the workspace as in business.json. */
let t: TestApp;
let owner: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'olive@example.com', 'owner', 'Olive Owner');
  owner = await signIn(t, 'olive@example.com');
});
afterAll(() => t?.close());

const form = async () => formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
const stored = async () =>
  JSON.parse(
    String((await t.db.$client.execute('SELECT settings FROM business_settings WHERE id = 1')).rows[0]?.settings),
  ).hire_pricing;

describe('the longer hires settings', () => {
  it('show the demo’s 25% a day, and saving the form unchanged changes nothing', async () => {
    const fields = await form();
    expect(fields['hire.rule']).toBe('extension');
    expect(fields['hire.extra_day_percent']).toBe('25');
    expect(fields['hire.longest_hire_days']).toBe('90');
    const saved = await postForm(t, '/team/settings', fields, owner.cookie);
    expect(await saved.text()).toContain('Nothing had changed.');
  });

  it('leave a business with no rule of its own without one when another field is saved', async () => {
    await t.db.$client.execute(
      "UPDATE business_settings SET settings = json_remove(settings, '$.hire_pricing') WHERE id = 1",
    );
    await t.cache.version.refresh();
    const fields = await form();
    expect(fields['hire.extra_day_percent']).toBe('100');
    const saved = await postForm(t, '/team/settings', { ...fields, phone: '(02) 5550 1111' }, owner.cookie);
    expect(saved.status).toBe(303);
    expect(await stored()).toBeUndefined();
  });

  it('save tiers by length, which the shop then prices with', async () => {
    const saved = await postForm(
      t,
      '/team/settings',
      {
        ...(await form()),
        'hire.rule': 'tiers',
        'hire.tiers': '3 1\n7 days 1.5x\nup to 31: 3',
        'hire.longest_hire_days': '31',
      },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    expect(await stored()).toEqual({
      tiers: [
        { up_to_days: 3, multiplier: 1 },
        { up_to_days: 7, multiplier: 1.5 },
        { up_to_days: 31, multiplier: 3 },
      ],
      count_closed_days: false,
      longest_hire_days: 31,
    });
    await t.cache.version.refresh();
    await t.services.settings.fresh();
    expect(t.services.business().hirePricing).toMatchObject({ kind: 'tiers', longestHireDays: 31 });
    // The form shows them back as written.
    expect((await form())['hire.tiers']).toBe('3 1\n7 1.5\n31 3');
  });

  it('refuses a rule it cannot read, naming it, and changes nothing', async () => {
    const before = await stored();
    const refused = await postForm(
      t,
      '/team/settings',
      { ...(await form()), 'hire.rule': 'tiers', 'hire.tiers': '7 1.5\n3 1', 'hire.longest_hire_days': '31' },
      owner.cookie,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('each tier must end later than the one before (up_to_days ascending)');
    const short = await postForm(
      t,
      '/team/settings',
      { ...(await form()), 'hire.rule': 'tiers', 'hire.tiers': '7 1.5', 'hire.longest_hire_days': '31' },
      owner.cookie,
    );
    expect(await short.text()).toContain('the last tier must reach longest_hire_days');
    expect(await stored()).toEqual(before);
  });
});
