import { readQueryKey } from '../../lib/query-keys';

/**
 * A listing page carries its items twice if nothing is done: in its Product JSON-LD (for search
 * engines) and in the query cache the server hands to the browser. The server leaves the words out
 * of the second (each item's name, description and photo address) and the browser takes them back
 * from the first, by SKU, before it fills its query cache and hydrates.
 *
 * Only the listings whose every item the page's JSON-LD names are trimmed (`ProductJsonLd` renders
 * every item of the listing's query), and a listing the browser cannot make whole again is left out
 * of its cache, so the page fetches it, rather than shown with blanks.
 */

/** The dehydrated query as the router's SSR integration sends it; only what is read here. */
export interface TransferredQuery {
  queryKey: readonly unknown[];
  state: { data?: unknown };
}

interface TransferredItem {
  id: string;
  type: string;
  groupName?: string;
  description?: string;
  photo_url?: string | null;
}

/** What the JSON-LD gives back of an item, by its SKU (`{type}-{id}`). */
export interface ListedText {
  name: string;
  description: string;
  /** The photo's absolute address, or undefined when the item has none. */
  image: string | undefined;
}

/** The queries whose pages list items: a hire listing or a search's results. */
function isListingKey(key: readonly unknown[]): boolean {
  const { kind } = readQueryKey(key);
  return kind === 'listing' || kind === 'search-results';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The items of every page of an infinite listing's data; null when it has some other shape. */
function listingItems(data: unknown): TransferredItem[] | null {
  if (!isRecord(data) || !Array.isArray(data.pages)) return null;
  const items: TransferredItem[] = [];
  for (const page of data.pages) {
    if (!isRecord(page) || !Array.isArray(page.items)) return null;
    for (const item of page.items) {
      if (!isRecord(item) || typeof item.id !== 'string' || typeof item.type !== 'string') return null;
      items.push(item as unknown as TransferredItem);
    }
  }
  return items;
}

/** A root-relative path that `new URL(path, origin)` keeps exactly, so it can be read back from the URL. */
function isPlainPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const url = new URL(path, 'http://x');
  return url.pathname + url.search === path;
}

/**
 * Server: the dehydrated queries with the listings' words left out (a new array; the cache's own
 * data is not touched). Photo addresses stay when the JSON-LD could not give them back exactly.
 */
export function omitListedText<Q extends TransferredQuery>(queries: readonly Q[]): Q[] {
  return queries.map((query) => {
    if (!isListingKey(query.queryKey)) return query;
    const data = query.state.data;
    if (listingItems(data) === null || !isRecord(data)) return query;
    const pages = (data.pages as Array<Record<string, unknown>>).map((page) => ({
      ...page,
      items: (page.items as TransferredItem[]).map((item) => {
        const { groupName: _name, description: _description, photo_url, ...rest } = item;
        return photo_url === null || (typeof photo_url === 'string' && isPlainPath(photo_url))
          ? rest
          : { ...rest, photo_url };
      }),
    }));
    return { ...query, state: { ...query.state, data: { ...data, pages } } };
  });
}

/** Every Product of the page's JSON-LD scripts, by SKU. */
export function listedTextFromJsonLd(scripts: Iterable<string>): Map<string, ListedText> {
  const bySku = new Map<string, ListedText>();
  for (const text of scripts) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    const graph = isRecord(parsed) && Array.isArray(parsed['@graph']) ? parsed['@graph'] : [];
    for (const node of graph) {
      if (!isRecord(node) || node['@type'] !== 'Product' || typeof node.sku !== 'string') continue;
      if (typeof node.name !== 'string' || typeof node.description !== 'string') continue;
      bySku.set(node.sku, {
        name: node.name,
        description: node.description,
        image: typeof node.image === 'string' ? node.image : undefined,
      });
    }
  }
  return bySku;
}

/** The item made whole again from the JSON-LD; null when the JSON-LD does not name it. */
function restoreItem(item: TransferredItem, bySku: Map<string, ListedText>): TransferredItem | null {
  if (typeof item.groupName === 'string' && typeof item.description === 'string') return item;
  const text = bySku.get(`${item.type}-${item.id}`);
  if (!text) return null;
  let photo = item.photo_url;
  if (photo === undefined) {
    if (text.image === undefined) photo = null;
    else {
      const url = new URL(text.image);
      photo = url.pathname + url.search;
    }
  }
  return { ...item, groupName: text.name, description: text.description, photo_url: photo };
}

/**
 * Browser: the dehydrated queries with the listings' words taken back from the page's JSON-LD. A
 * listing with an item the JSON-LD does not name is dropped (the page then fetches it).
 */
export function restoreListedText<Q extends TransferredQuery>(
  queries: readonly Q[],
  bySku: Map<string, ListedText>,
): Q[] {
  const restored: Q[] = [];
  for (const query of queries) {
    if (!isListingKey(query.queryKey) || listingItems(query.state.data) === null) {
      restored.push(query);
      continue;
    }
    const data = query.state.data as { pages: Array<{ items: TransferredItem[] }> };
    let whole = true;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => {
        const made = restoreItem(item, bySku);
        if (!made) whole = false;
        return made ?? item;
      }),
    }));
    if (whole) restored.push({ ...query, state: { ...query.state, data: { ...data, pages } } });
  }
  return restored;
}
