import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_CACHE_CONTROL } from '../../server/config';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

/**
 * Issue 36: rendered pages are the same bytes for every visitor, so a shared cache or CDN can keep
 * them. Their inline scripts are allowed by hash, they carry an ETag of the build and the data
 * version (answered with 304), and a Cache-Control per route.
 */
let t: TestApp;
const ORIGIN = 'https://shop.example';

beforeAll(async () => {
  t = await makeTestApp({ distDir: path.join(ROOT, 'dist'), publicUrl: ORIGIN, catalogueVersionCheckMs: 0 });
});
afterAll(() => t.close());

async function page(address: string, headers: Record<string, string> = {}) {
  const response = await t.request(address, { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The script-src sources of a policy. */
const scriptSources = (policy: string) => /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];

/** The text of every inline script in a page (none with a src). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes ?? ''))
    .map(([, , text]) => text ?? '');

describe('pages any cache can keep', () => {
  it('allows exactly the inline scripts of the page, by their hashes, with no nonce and no unsafe-inline', async () => {
    for (const address of ['/', '/hire/decor', '/search?q=vase', '/app-shell', '/checkout']) {
      const { headers, html } = await page(address);
      const policy = headers.get('content-security-policy') ?? '';
      const sources = scriptSources(policy);
      const scripts = inlineScripts(html);
      expect(scripts.length, address).toBeGreaterThan(0);
      for (const script of scripts) expect(sources, address).toContain(sha256(script));
      expect(sources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(new Set(scripts).size);
      expect(policy, address).not.toContain('nonce');
      expect(sources, address).not.toContain("'unsafe-inline'");
      expect(html, address).not.toContain('nonce=');
    }
  });

  it('gives every visitor the same bytes and policy, gzipped or not', async () => {
    const first = await t.request('/hire/decor', { headers: { 'accept-encoding': 'gzip' } });
    const second = await t.request('/hire/decor', { headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await first.arrayBuffer()).equals(Buffer.from(await second.arrayBuffer()))).toBe(true);
    expect(first.headers.get('content-security-policy')).toBe(second.headers.get('content-security-policy'));
    const plain = await page('/hire/decor', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('answers a copy still current with 304 and no body, and a changed catalogue with the new page', async () => {
    const first = await page('/hire/decor');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+-\d+"$/);
    const again = await t.request('/hire/decor', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(DEFAULT_PAGE_CACHE_CONTROL);
    // A browser puts a 304's headers on its copy: the policy must still name the page's scripts.
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    // Another page of the same data has the same tag: an ETag is read per address.
    expect((await t.request('/hire', { headers: { 'if-none-match': etag } })).status).toBe(304);
    // Any other tag: the page itself.
    expect((await t.request('/hire/decor', { headers: { 'if-none-match': 'W/"other-1"' } })).status).toBe(200);

    // A price changes: the data version moves, the old copy is stale, the page shows the new price.
    for (const table of ['product_groups', 'products']) {
      const owner = table === 'products' ? 'product_group_id' : 'id';
      await t.db.$client.execute(
        `UPDATE ${table} SET base_price_in_cents = 98765 WHERE ${owner} IN (SELECT owner_id FROM item_tags WHERE tag = 'decor')`,
      );
    }
    const changed = await t.request('/hire/decor', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('$987.65');
  });

  it('lets shared caches keep public pages, and no cache keep /checkout or /success', async () => {
    for (const address of ['/', '/hire', '/hire/decor', '/search?q=vase', '/terms', '/app-shell', '/nowhere']) {
      const { headers } = await page(address);
      expect(headers.get('cache-control'), address).toBe(DEFAULT_PAGE_CACHE_CONTROL);
      expect(headers.get('etag'), address).toBeTruthy();
      expect(headers.get('vary'), address).toBe('accept-encoding');
    }
    for (const address of ['/checkout', '/success', '/success?order=1', '/checkout/']) {
      const response = await t.request(address, { headers: { 'if-none-match': '*' } });
      expect(response.status, address).not.toBe(304);
      expect(response.headers.get('cache-control'), address).toBe('private, no-store');
      expect(response.headers.get('etag'), address).toBeNull();
    }
  });

  it('takes its Cache-Control from PAGE_CACHE_CONTROL', async () => {
    const custom = await makeTestApp({ distDir: path.join(ROOT, 'dist'), pageCacheControl: 'public, s-maxage=5' });
    try {
      expect((await custom.request('/terms')).headers.get('cache-control')).toBe('public, s-maxage=5');
      expect((await custom.request('/checkout')).headers.get('cache-control')).toBe('private, no-store');
    } finally {
      await custom.close();
    }
  });
});
