import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

/**
 * The pages the server renders (server/render): the built client's manifest comes from dist/, which
 * npm test builds first. Each page must carry its content, head tags and structured data in the HTML.
 */
let t: TestApp;
const ORIGIN = 'https://shop.example';

beforeAll(async () => {
  t = await makeTestApp({ distDir: path.join(ROOT, 'dist'), publicUrl: ORIGIN });
});
afterAll(() => t.close());

async function page(address: string, headers: Record<string, string> = {}) {
  const response = await t.request(address, { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const meta = (html: string, property: string) =>
  attr(html, new RegExp(`<meta (?:property|name)="${property.replace(/[:]/g, '\\:')}" content="([^"]*)"`));

describe('rendered pages', () => {
  it('renders a category with its heading, items, title, canonical, prev/next, Open Graph and JSON-LD', async () => {
    const { status, headers, html } = await page('/hire/decor');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.startsWith('<!DOCTYPE html><html lang="en-AU"')).toBe(true);
    expect(html).toMatch(/<h1[^>]*>Decor<\/h1>/);
    expect(html).toContain('<title>Decor Hire</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/hire/decor"/>`);
    expect(html).toContain(`<link rel="next" href="${ORIGIN}/hire/decor/page/2"/>`);
    expect(meta(html, 'og:title')).toBe('Decor Hire');
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/hire/decor`);
    // Link previews are 1200 x 630 JPEG, and say so.
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/photos/[^/]+/preview-xlarge_[^/]+\\.jpg$`));
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    const picture = await t.app.request(new URL(meta(html, 'og:image') ?? '').pathname);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // 30 cards, each a link a crawler (or a browser without JavaScript) can follow.
    const cards = html.match(/<li class="product-card"/g) ?? [];
    expect(cards.length).toBe(30);
    const jsonLd = attr(html, /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s);
    const graph = (
      JSON.parse(jsonLd ?? '{}')['@graph'] as { '@type': string; name: string; offers: { priceCurrency: string } }[]
    ).filter((node) => node['@type'] === 'Product');
    expect(graph).toHaveLength(30);
    expect(graph[0]?.offers.priceCurrency).toBe('AUD');
    // The first photo is the page's largest paint: asked for early, at high priority.
    expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
    // A phone's first screen (two rows of two) loads at once, the rest as it nears the screen: the
    // third card is often the phone's largest paint, and found late it held that paint back.
    const photos = (html.match(/<img class="product-card__photo"[^>]*>/g) ?? []).map((img) => ({
      loading: attr(img, /loading="(\w+)"/),
      priority: attr(img, /fetchPriority="(\w+)"/),
      timing: attr(img, /elementtiming="([\w-]+)"/),
    }));
    expect(photos.slice(0, 5).map((photo) => photo.loading)).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy']);
    expect(photos.slice(0, 2).map((photo) => photo.priority)).toEqual(['high', 'auto']);
    // The main photo is also what the start-up script waits for (Element Timing's name), and only it.
    expect(photos.slice(0, 2).map((photo) => photo.timing)).toEqual(['main-photo', undefined]);
  });

  it('asks for the app’s code in a few files: the framework, the entry’s own modules and the entry', async () => {
    for (const address of ['/', '/hire/decor']) {
      const { html } = await page(address);
      // The start-up script's call: lateStart("<entry>", [<the chunks it imports>], cap, "<photo name>", {offline note}).
      const call = /\("(\/assets\/entry-client-[^"]+\.js)",(\[[^\]]*\]),\d+,"main-photo",\{[^}]*\}\)<\/script>/.exec(
        html,
      );
      expect(call, address).not.toBeNull();
      const chunks = JSON.parse(call?.[2] ?? '[]') as string[];
      // Each file is compressed on its own: some thirty small chunks cost 10 KB of brotli more.
      expect(chunks.length, address).toBeLessThanOrEqual(3);
      const names = chunks.map((chunk) => chunk.replace(/^\/assets\/(.+)-[\w-]{8}\.js$/, '$1'));
      expect(names, address).toEqual(expect.arrayContaining(['framework', 'app-start']));
    }
  });

  it('renders the home page, search, terms and a paged category with their headings and titles', async () => {
    const cases: [string, RegExp, string][] = [
      [
        '/',
        /<h1>Tan &amp; Tassel: event styling &amp; prop hire in Sydney<\/h1>/,
        'Tan &amp; Tassel | Event Styling &amp; Prop Hire in Sydney',
      ],
      ['/search?q=vase', /<h1>Search<\/h1>/, 'Search: vase | Tan &amp; Tassel'],
      ['/terms', /<h1>Terms &amp; Conditions of Hire<\/h1>/, 'Terms &amp; Conditions of Hire | Tan &amp; Tassel'],
      ['/hire/decor/page/2', /<h1[^>]*>Decor<\/h1>/, 'Decor Hire - Page 2'],
      ['/hire', /<h1[^>]*>Our Collection<\/h1>/, 'All Hire Props'],
    ];
    for (const [address, heading, title] of cases) {
      const { status, html } = await page(address);
      expect(status, address).toBe(200);
      expect(html, address).toMatch(heading);
      expect(html, address).toContain(`<title>${title}</title>`);
      expect(meta(html, 'og:title'), address).toBe(title);
    }
    const search = await page('/search?q=vase');
    // React separates the parts of a text with comments: read it as the browser shows it.
    expect(search.html.replace(/<!-- -->/g, '')).toMatch(/Found [1-9]\d* item\(s\) for “vase”/);
    expect(attr(search.html, /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)).toBeTruthy();
  });

  it('previews a link to one item as the item: its address, name, photo and price in AUD', async () => {
    const listing = await t.json('/api/boomerang/items?tag=decor&page=1&per_page=1');
    const first = listing.body.data[0];
    const type = first.type === 'bundles' ? 'bundle' : 'product-group';
    const address = `/hire/decor?type=${type}&id=${first.id}`;
    const { status, html } = await page(address);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${first.attributes.name} | Tan &amp; Tassel</title>`);
    expect(meta(html, 'og:title')).toBe(`${first.attributes.name} | Tan &amp; Tassel`);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}${address.replace('&', '&amp;')}`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${address.replace('&', '&amp;')}"/>`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'product:price:amount')).toBe((first.attributes.base_price_in_cents / 100).toFixed(2));
    expect(meta(html, 'product:price:currency')).toBe('AUD');
    expect(meta(html, 'og:image')).toBe(
      `${ORIGIN}${first.attributes.photo_url.replace(/\/large_([^/]+)$/, '/preview-xlarge_$1.jpg')}`,
    );
  });

  it('says "From" the lowest price of an item whose variations cost differently, and only then', async () => {
    const groups = (await t.json('/api/product_groups?per_page=100')).body.data as {
      id: string;
      attributes: { name: string; price_varies?: boolean; base_price_in_cents: number };
    }[];
    const varies = groups.find((group) => group.attributes.price_varies);
    const one = groups.find((group) => !group.attributes.price_varies);
    if (!varies || !one) throw new Error('the demo catalogue has both kinds');
    const description = async (id: string) =>
      meta((await page(`/hire?type=product-group&id=${id}`)).html, 'og:description') ?? '';
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(await description(varies.id)).toContain(
      `${varies.attributes.name}. From ${dollars(varies.attributes.base_price_in_cents)} to hire in Sydney.`,
    );
    expect(await description(one.id)).toContain(
      `${one.attributes.name}. ${dollars(one.attributes.base_price_in_cents)} to hire in Sydney.`,
    );
  });

  it('asks for the home page’s main photos first and the collage’s other tiles after them', async () => {
    const { html } = await page('/');
    const tiles = (html.match(/<img src="\/photos\/[^>]*>/g) ?? []).map((img) => ({
      priority: attr(img, /fetchPriority="(\w+)"/),
      timing: attr(img, /elementtiming="([\w-]+)"/),
    }));
    expect(tiles.length).toBeGreaterThan(5);
    const main = tiles.filter((tile) => tile.priority === 'high');
    // The largest tile on a phone and on a desktop (one tile when it is the same).
    expect(main.length).toBeGreaterThanOrEqual(1);
    expect(main.length).toBeLessThanOrEqual(2);
    expect(main.every((tile) => tile.timing === 'main-photo')).toBe(true);
    // Asked for with the main photo, the tiles on a phone's first screen shared the line with it.
    expect(tiles.filter((tile) => tile.priority !== 'high').map((tile) => tile.priority)).toEqual(
      Array(tiles.length - main.length).fill('low'),
    );
  });

  it('gives the home page a preview picture, 1200 x 630 JPEG', async () => {
    const { html } = await page('/');
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/photos/[^/]+/preview-xlarge_[^/]+\\.jpg$`));
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const picture = await t.app.request(new URL(meta(html, 'og:image') ?? '').pathname);
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
  });

  it('answers /checkout and /success with the document, header, title and heading, their content rendered in the browser', async () => {
    for (const [address, heading] of [
      ['/checkout', 'Checkout'],
      ['/success', 'Your order request'],
    ] as const) {
      const { status, html } = await page(address);
      expect(status).toBe(200);
      expect(html).toContain('class="site-header');
      expect(html).toContain('<main id="main"');
      // Issue 50: a first paint that says where the shopper is, for them and for checkers.
      expect(html, address).toContain(`<title>${heading} | Tan &amp; Tassel</title>`);
      expect(html, address).toContain(`<h1>${heading}</h1>`);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      // What is on this device (the cart, the request just sent) comes in the browser.
      expect(html).not.toContain('Submit Order Request');
      expect(html).not.toContain('Order Submitted Successfully!');
    }
  });

  it('answers unknown tags, pages past the end and unknown item ids with 404 and a noindex page', async () => {
    for (const address of ['/hire/not_a_tag', '/hire/decor/page/99', '/hire?page=99', '/nowhere']) {
      const { status, html } = await page(address);
      expect(status, address).toBe(404);
      expect(html, address).toContain('<h1>Page not found</h1>');
      expect(html, address).toContain('<meta name="robots" content="noindex"/>');
    }
    // A link to an item that does not exist: 404 for crawlers; the shopper sees the listing, whose
    // popup says it cannot load the item (the spec's Error dialog) once the browser takes over.
    for (const address of ['/hire/decor?type=product-group&id=999999', '/hire/decor?type=bundle&id=no%20such']) {
      const { status, html } = await page(address);
      expect(status, address).toBe(404);
      expect(html, address).toMatch(/<h1[^>]*>Decor<\/h1>/);
    }
  });

  it('renders an address with parameters no page reads as the page itself', async () => {
    const plain = await page('/hire/decor');
    const tagged = await page('/hire/decor?utm_source=newsletter&zzz=1');
    expect(tagged.status).toBe(200);
    expect(tagged.html).toBe(plain.html);
  });

  it('sends service links home with the service parameter', async () => {
    const response = await t.request('/styling');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/?service=styling');
  });

  it('renders the offline shell: the document and header with no page, noindex', async () => {
    const { status, headers, html } = await page('/app-shell');
    expect(status).toBe(200);
    expect(headers.get('x-robots-tag')).toBe('noindex');
    expect(html).toContain('<html lang="en-AU" data-shell="">');
    expect(html).toContain('class="site-header');
    expect(html).not.toContain('<h1');
  });

  it('compresses pages for clients that accept gzip, and keeps the same page for the next answer', async () => {
    const zipped = await t.request('/hire/decor', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await page('/hire/decor');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.html).toMatch(/<h1[^>]*>Decor<\/h1>/);
  });

  it('sends brotli to browsers that take it, once made after the page’s first answer, the same page as the gzip', async () => {
    const address = '/search?q=brotli';
    const asked = { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } };
    // The first answer does not wait for brotli (quality 11 takes a core for a fifth of a second).
    const first = await t.request(address, asked);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const gzipped = Buffer.from(await first.arrayBuffer());
    const plain = gunzipSync(gzipped).toString();
    expect(plain).toContain('<h1>Search</h1>');
    await vi.waitFor(async () => {
      const next = await t.request(address, asked);
      expect(next.headers.get('content-encoding')).toBe('br');
      expect(next.headers.get('vary')).toBe('accept-encoding');
      const brotli = Buffer.from(await next.arrayBuffer());
      expect(brotliDecompressSync(brotli).toString()).toBe(plain);
      expect(brotli.length).toBeLessThan(gzipped.length);
    }, 15_000);
    // A browser that takes gzip only still gets gzip.
    const zipped = await t.request(address, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
  });

  it('keeps the business’s long texts out of pages that do not show them', async () => {
    // The fixture's terms, about story and the styling service's text (business.json).
    const terms = 'late fee of 10%';
    const service = 'We plan the look of your wedding';
    const listing = (await page('/hire/decor')).html;
    expect(listing).not.toContain(terms);
    expect(listing).not.toContain(service);
    expect(listing).not.toContain('aboutHtml');
    // Each page that shows one has it, in its HTML and in the state it hydrates with.
    expect((await page('/terms')).html.split(terms)).toHaveLength(3);
    expect((await page('/?service=styling')).html).toContain(service);
  });

  it('renders a page again when the catalogue changes', async () => {
    const before = await page('/hire/decor');
    const name = attr(before.html, /<h2 class="product-card__name"[^>]*>([^<]+)</) ?? '';
    expect(name).not.toBe('');
    await t.db.$client.execute({
      sql: 'UPDATE product_groups SET name = ? WHERE name = ?',
      args: [`${name} (renamed)`, name.replace(/&amp;/g, '&')],
    });
    await t.cache.version.refresh();
    const after = await page('/hire/decor');
    expect(after.html).toContain(`${name} (renamed)`);
  });
});
