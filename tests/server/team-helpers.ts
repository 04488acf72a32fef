import { putMember } from '../../server/services/team/members';
import type { TestApp } from './helpers';

/** The app's own origin as `app.request()` reaches it: what a browser's Origin header says. */
export const ORIGIN = 'http://localhost';

export async function addMember(t: TestApp, email: string, role: 'owner' | 'staff' | 'viewer' = 'staff', name = '') {
  return (await t.db.transaction((tx) => putMember(tx, { email, name, role }, 'system', new Date()))).member;
}

/** A form POST from a page of this site (its Origin), with the session's cookie when given. */
export function postForm(t: TestApp, path: string, form: Record<string, string>, cookie?: string, origin = ORIGIN) {
  return t.request(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(origin ? { Origin: origin } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

export const getPage = (t: TestApp, path: string, cookie?: string) =>
  t.request(path, { headers: cookie ? { Cookie: cookie } : {} });

/** The `name=value` of a response's session cookie, as a browser would send it back. */
export function sessionCookieOf(response: Response): string | null {
  const header = response.headers.getSetCookie().find((c) => /^(__Host-)?team-session=[^;]+/.test(c));
  return header ? (header.split(';')[0] as string) : null;
}

/** The newest sign-in link emailed to an address (its path), from the outbox. */
export async function emailedLink(t: TestApp, to: string, kind = 'team_sign_in'): Promise<string> {
  const { rows } = await t.db.$client.execute({
    sql: 'SELECT text FROM email_outbox WHERE kind = ? AND to_address = ? ORDER BY rowid DESC LIMIT 1',
    args: [kind, to],
  });
  const match = /(https?:\/\/\S+\/team\/sign-in\/\S+)/.exec(String(rows[0]?.text ?? ''));
  if (!match?.[1]) throw new Error(`no ${kind} email to ${to}`);
  const url = new URL(match[1]);
  return url.pathname + url.search;
}

/** The CSRF token a signed-in page's forms carry. */
export const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** Signs a member in by an emailed link, as a browser would: the session cookie and a form's CSRF token. */
export async function signIn(t: TestApp, email: string) {
  const asked = await postForm(t, '/team/sign-in', { email });
  if (asked.status !== 200) throw new Error(`sign-in refused: ${asked.status}`);
  const link = await emailedLink(t, email);
  const used = await postForm(t, link.split('?')[0] as string, { next: '/team' });
  const cookie = sessionCookieOf(used);
  if (used.status !== 303 || !cookie) throw new Error(`sign-in link refused: ${used.status}`);
  const page = await getPage(t, '/team/account', cookie);
  return { cookie, csrf: csrfOf(await page.text()) };
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A page's form as a browser would send it: inputs, checked boxes and radios, selected options, textareas. */
export function formFields(html: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const m of html.matchAll(/<input([^>]*)>/g)) {
    const attrs = m[1] ?? '';
    const name = /name="([^"]+)"/.exec(attrs)?.[1];
    if (!name || attrs.includes('type="file"')) continue;
    if (/type="(checkbox|radio)"/.test(attrs)) {
      if (attrs.includes(' checked')) form[name] = /value="([^"]*)"/.exec(attrs)?.[1] ?? 'on';
    } else form[name] = decode(/value="([^"]*)"/.exec(attrs)?.[1] ?? '');
  }
  for (const m of html.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g)) {
    form[m[1] as string] = decode(m[2] ?? '');
  }
  for (const m of html.matchAll(/<select[^>]*name="([^"]+)"[^>]*>(.*?)<\/select>/gs)) {
    const selected = /<option value="([^"]*)" selected>/.exec(m[2] ?? '') ?? /<option value="([^"]*)"/.exec(m[2] ?? '');
    form[m[1] as string] = decode(selected?.[1] ?? '');
  }
  return form;
}

/**
 * An owner signed in (olive@example.com) and the dearest product in the store with more than
 * `minStock` units: what the money tests confirm and pay for.
 */
export async function ownerAndProduct(t: TestApp, minStock = 5) {
  await addMember(t, 'olive@example.com', 'owner');
  const owner = await signIn(t, 'olive@example.com');
  const rows = await t.db.$client.execute({
    sql: 'SELECT id FROM products WHERE show_in_store = 1 AND archived = 0 AND stock_count > ? ORDER BY base_price_in_cents DESC LIMIT 1',
    args: [minStock],
  });
  return { owner, productId: String(rows.rows[0]?.id) };
}

/** Confirms a request in the workspace, and answers its booking page's token (from the confirmation's link). */
export async function confirmForToken(t: TestApp, id: string, owner: { cookie: string; csrf: string }) {
  await postForm(t, `/team/requests/${id}/confirm`, { _csrf: owner.csrf }, owner.cookie);
  const email = await t.db.$client.execute({
    sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'",
    args: [id],
  });
  return /\/booking\/([^\s/]+)/.exec(String(email.rows[0]?.text))?.[1] as string;
}

/**
 * A shop set up for pricing tests (issue 61): an owner signed in, a customer, and one visible product
 * at `priceCents` with `stock` and no turnaround. `request` places a pickup request of it for a day.
 */
export async function pricedShop(
  t: TestApp,
  who: { owner: string; customer: string; priceCents?: number; stock?: number },
) {
  const created = await t.post('/api/customers', {
    data: {
      type: 'customers',
      attributes: {
        name: who.customer,
        email: `${who.customer.split(' ')[0]?.toLowerCase()}@example.com`,
        phone: '0400 333 777',
      },
    },
  });
  const customerId = String(created.body.data.id);
  await addMember(t, who.owner, 'owner', 'Olive Owner');
  const owner = await signIn(t, who.owner);
  const found = await t.db.$client.execute(
    `SELECT p.id FROM products p JOIN product_groups g ON g.id = p.product_group_id
     WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1 ORDER BY p.id LIMIT 1`,
  );
  const productId = String(found.rows[0]?.id);
  await t.db.$client.execute({
    sql: 'UPDATE products SET base_price_in_cents = ?, stock_count = ?, turnaround_days = 0 WHERE id = ?',
    args: [who.priceCents ?? 2000, who.stock ?? 500, productId],
  });
  await t.cache.version.refresh();
  /** A pickup request of `quantity` pieces on `day`, with `extra` in its body; its id. */
  const request = async (quantity: number, day: string, extra: Record<string, unknown> = {}) => {
    const answer = await t.post('/api/orders', {
      customer_id: customerId,
      starts_at: day,
      stops_at: day,
      fulfillment_type: 'pickup',
      lines: [{ id: productId, quantity, isBundle: false, bundleVariations: [] }],
      ...extra,
    });
    if (answer.status !== 201) throw new Error(`request refused: ${JSON.stringify(answer.body)}`);
    return String(answer.body.order.data.id);
  };
  return { owner, customerId, productId, request };
}
