import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

/**
 * What the server sends for hydration in small pieces (issue 36): below the first screen, parts sit
 * in Suspense boundaries of their own (`<!--$-->…<!--/$-->` in the HTML), which React hydrates after
 * the page, in short tasks; the hire menus' lists are static HTML; a card is five elements.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ distDir: path.join(ROOT, 'dist'), publicUrl: 'https://shop.example' });
});
afterAll(() => t.close());

const html = async (address: string) => (await t.request(address)).text();
/** The tags an HTML fragment opens, by name, in order. */
const tagsOf = (fragment: string) => [...fragment.matchAll(/<([a-z][a-z0-9]*)[\s>/]/g)].map((match) => match[1]);

describe('hydration in pieces', () => {
  it('sends the first four cards with the page and the rest of the grid in a boundary of its own', async () => {
    const page = await html('/hire/decor');
    const grid = /<ul class="product-grid"[^>]*>(.*?)<\/ul>/s.exec(page)?.[1] ?? '';
    const [first = '', rest = ''] = grid.split('<!--$-->');
    expect(first.match(/<li class="product-card"/g)).toHaveLength(4);
    expect(rest.endsWith('<!--/$-->')).toBe(true);
    expect(rest.match(/<li class="product-card"/g)).toHaveLength(26);
  });

  it('makes a card of five elements: the item, its link to its popup, photo, name and price', async () => {
    const page = await html('/hire/decor');
    const card = /<li class="product-card">(.*?)<\/li>/s.exec(page)?.[0] ?? '';
    expect(tagsOf(card)).toEqual(['li', 'a', 'img', 'h2', 'p']);
    const href = /<a href="([^"]+)"/.exec(card)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(href).toMatch(/^\/hire\/decor\?type=product-group&id=[0-9a-f-]{36}$/);
    // The link is the item's own address: the server renders its popup's page for it.
    const name = /<h2 class="product-card__name">([^<]+)<\/h2>/.exec(card)?.[1] ?? '';
    expect(await html(href)).toContain(`<title>${name} | `);
  });

  it("keeps the search and bundle listings' own address in their cards' links", async () => {
    const search = await html('/search?q=vase');
    expect(search).toMatch(
      /<a href="\/search\?q=vase&amp;type=(product-group|bundle)&amp;id=[^"]+" class="product-card__link">/,
    );
    const paged = await html('/hire?view=bundles');
    expect(paged).toMatch(/<a href="\/hire\?view=bundles&amp;type=bundle&amp;id=[^"]+" class="product-card__link">/);
  });

  it('sends the hire menus as static HTML and the hidden menus and the footer in boundaries of their own', async () => {
    const page = await html('/hire/decor');
    // The desktop panel: sections with headings; the phone menu: native disclosures.
    expect(page).toMatch(
      /<div class="hire-menu__groups"><section class="hire-menu__group" aria-label="[^"]+"><h2 class="hire-menu__title">/,
    );
    expect(page).toMatch(/<div class="hire-menu__groups"><details class="hire-menu__group"><summary>/);
    expect(page).toMatch(/<div id="[^"]+" class="disclosure__panel" hidden=""><!--\$-->/);
    expect(page).toMatch(/<nav id="mobile-menu" aria-label="Menu" class="mobile-menu" hidden=""><!--\$-->/);
    expect(page).toMatch(/<!--\$--><footer class="site-footer">/);
  });

  it("renders a shared item's popup with its choice made: its stock and an Add to Cart that works", async () => {
    const listed = (await (await t.request('/api/boomerang/items?tag=decor&per_page=50')).json()) as {
      data: {
        id: string;
        type: string;
        attributes: { variation_fields: string[]; inventory: { available: number } };
      }[];
    };
    const groups = listed.data.filter(
      ({ type, attributes }) => type === 'product_groups' && attributes.inventory.available > 1,
    );
    const plain = groups.find(({ attributes }) => attributes.variation_fields.length === 0);
    const varied = groups.find(({ attributes }) => attributes.variation_fields.length > 0);
    for (const item of [plain, varied]) {
      const popup = /<dialog[^>]*item-dialog.*?<\/dialog>/s.exec(
        await html(`/hire/decor?type=product-group&id=${item?.id}`),
      )?.[0];
      expect(popup, item?.id).toMatch(/<p class="detail__stock">\d+ available<\/p>/);
      expect(popup, item?.id).toMatch(/<button type="button" class="button add-to-cart__button">Add to Cart<\/button>/);
      expect(popup, item?.id).toMatch(/<input id="[^"]+" type="number"/);
    }
    // The variation it opens with is the one checked.
    const popup = /<dialog[^>]*item-dialog.*?<\/dialog>/s.exec(
      await html(`/hire/decor?type=product-group&id=${varied?.id}`),
    )?.[0];
    expect(popup?.match(/<input type="radio"[^>]*checked=""/g)).toHaveLength(1);
  });

  it('sends the start-up script once, not again in the router data', async () => {
    for (const address of ['/', '/hire/decor', '/checkout']) {
      const page = await html(address);
      const scripts = [...page.matchAll(/<script id="start-up">(.*?)<\/script>/gs)];
      expect(scripts, address).toHaveLength(1);
      // Its words (the class of the offline note it can show) are in the page once.
      expect(page.split('offline-banner--early'), address).toHaveLength(2);
    }
  });

  it("sends a listing's words once, in its JSON-LD, and its query data without them", async () => {
    for (const address of ['/hire/decor', '/search?q=vase', '/hire?view=bundles']) {
      const page = await html(address);
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)?.[1] ?? '{}';
      const graph = (JSON.parse(jsonLd) as { '@graph': Array<{ '@type': string; description: string }> })['@graph'];
      const products = graph.filter((node) => node['@type'] === 'Product');
      expect(products.length, address).toBeGreaterThan(3);
      for (const { description } of products) expect(page.split(description), description).toHaveLength(2);
      // The query data still travels (prices, stock, ids), for the browser to fill back in.
      const data = [...page.matchAll(/<script data-tsr-stream-part="">(.*?)<\/script>/gs)].map((m) => m[1]).join('');
      expect(data).toContain('base_price_in_cents:');
      expect(data).not.toContain('groupName:');
      expect(data).not.toMatch(/description:"[^"]*Hire is per event/);
    }
  });
});
