import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

/** Issue 49: the terms page writes the money rules of the business's settings, rendered on the server. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ distDir: path.join(ROOT, 'dist') });
});
afterAll(() => t?.close());

async function page(address: string) {
  const response = await t.request(address);
  return { status: response.status, html: await response.text() };
}

describe('the terms page', () => {
  it('writes the money rules of the settings under the terms, on the server', async () => {
    const { html } = await page('/terms');
    expect(html).toContain('<h2 id="payment-rules-title">Payments at a glance</h2>');
    for (const line of [
      'A deposit of 50% of the total books your date; it is not refundable.',
      'The balance is due 3 days before the hire date.',
      'A bond of the greater of $50.00 or 20% of the hire is paid with the balance and refunded after the return, less any late fee or damage.',
      'Cancel 4 weeks or more before the hire date: we refund what you paid, less the deposit.',
      'Cancel less than 15 days before the hire date: nothing is refunded.',
    ]) {
      expect(html).toContain(line);
    }
    // The demo's own terms do not give the balance's due day another way (issue 63): it is said once.
    const text = html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(text.match(/balance is due/gi)).toHaveLength(1);
  });
});
