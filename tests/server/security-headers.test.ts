import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderRecord } from '../../server/middleware/security-headers';
import { makeTestApp, type TestApp } from './helpers';

/** Issue 50: what independent checkers asked of every answer's headers. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

const directives = (policy: string | null) =>
  new Map((policy ?? '').split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1).join(' ')]));

describe('security headers', () => {
  it('let forms post to this site only and let no other site frame its pages', async () => {
    for (const headers of [
      (await t.request('/api/product_groups?per_page=1')).headers,
      new Headers(await securityHeaderRecord()),
    ]) {
      const policy = directives(headers.get('content-security-policy'));
      expect(policy.get('form-action')).toBe("'self' https://checkout.stripe.com");
      expect(policy.get('frame-ancestors')).toBe("'none'");
    }
  });

  it('refuse powerful features no page uses, and leave passkeys alone', async () => {
    const policy = (await t.request('/api/product_groups?per_page=1')).headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
    expect(policy).not.toContain('publickey-credentials');
    expect((await securityHeaderRecord())['permissions-policy']).toBe(policy);
  });
});
