import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

/**
 * Issue 50: what structured-data checkers read on a listing and on an item's own link. The server's
 * HTML carries it all (crawlers run no script).
 */
let t: TestApp;
const ORIGIN = 'https://shop.example';

beforeAll(async () => {
  t = await makeTestApp({ distDir: path.join(ROOT, 'dist'), publicUrl: ORIGIN });
});
afterAll(() => t.close());

interface Node {
  '@type': string;
  '@id'?: string;
  name?: string;
  sku?: string;
  offers?: { url: string; price: string };
  numberOfItems?: number;
  itemListElement?: Array<{ position: number; name?: string; item: string | { '@id': string }; url?: string }>;
}

async function graphOf(address: string): Promise<Node[]> {
  const response = await t.request(address);
  expect(response.status, address).toBe(200);
  const html = await response.text();
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return (JSON.parse(json) as { '@graph': Node[] })['@graph'];
}

const ofType = (graph: Node[], type: string) => graph.filter((node) => node['@type'] === type);

describe('structured data', () => {
  it('lists a category in order with an ItemList, and places it with a BreadcrumbList', async () => {
    const graph = await graphOf('/hire/candle_holders');
    const products = ofType(graph, 'Product');
    const [list] = ofType(graph, 'ItemList');
    expect(list?.numberOfItems).toBe(products.length);
    expect(list?.itemListElement?.map((entry) => entry.position)).toEqual(products.map((_, index) => index + 1));
    expect(list?.itemListElement?.map((entry) => (entry.item as { '@id': string })['@id'])).toEqual(
      products.map((product) => product['@id']),
    );
    const [crumbs] = ofType(graph, 'BreadcrumbList');
    // A sub-category sits under its parent.
    expect(crumbs?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Hire', item: `${ORIGIN}/hire` },
      { '@type': 'ListItem', position: 3, name: 'Decor', item: `${ORIGIN}/hire/decor` },
      { '@type': 'ListItem', position: 4, name: 'Candle Holders', item: `${ORIGIN}/hire/candle_holders` },
    ]);
  });

  it('numbers the second page of a listing on from the first', async () => {
    const [list] = ofType(await graphOf('/hire/decor/page/2'), 'ItemList');
    expect(list?.itemListElement?.[0]?.position).toBe(31);
  });

  it("gives an item's deep link that item's own Product first, with its Offer at that link", async () => {
    const listing = ofType(await graphOf('/hire/decor'), 'Product');
    // An item from further down the catalogue than the listing's first page shows.
    const further = ofType(await graphOf('/hire/decor/page/2'), 'Product')[0];
    const [type, id] = /^(product-group|bundle)-(.+)$/.exec(further?.sku ?? '')?.slice(1) ?? [];
    expect(listing.some((product) => product.sku === further?.sku)).toBe(false);
    const link = `/hire/decor?type=${type}&id=${id}`;
    const graph = await graphOf(link);
    expect(graph[0]).toMatchObject({ '@type': 'Product', sku: further?.sku, name: further?.name });
    expect(graph[0]?.offers?.url).toBe(`${ORIGIN}${link}`);
    const [crumbs] = ofType(graph, 'BreadcrumbList');
    expect(crumbs?.itemListElement?.at(-1)).toEqual({
      '@type': 'ListItem',
      position: 4,
      name: further?.name,
      item: `${ORIGIN}${link}`,
    });
  });
});
