import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  nextPercent,
  progressPercent,
  SaveCatalogueError,
  saveCatalogue,
} from '../../../../src/features/offline/saved-catalogue/save-catalogue';
import { firstJobs } from '../../../../src/features/offline/saved-catalogue/save-jobs';
import { clearSaved, loadSavedIndex, loadSavedMeta } from '../../../../src/lib/saved-catalogue/saved-store';

/** A Cache Storage cache in memory; `putLimit` puts fit before it reports a full device. */
function fakeCache(putLimit = Number.POSITIVE_INFINITY, full = (_url: string) => false) {
  const entries = new Map<string, Blob>();
  return {
    entries,
    async put(url: string, response: Response) {
      if (entries.size >= putLimit || full(url))
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      entries.set(new URL(url, location.origin).href, await response.blob());
    },
    async keys() {
      return [...entries.keys()].map((url) => new Request(url));
    },
    async delete(request: Request) {
      return entries.delete(request.url);
    },
  };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const emptyList = { data: [], meta: { total_items: 0, per_page: 30 } };
const group = { id: 'g1', type: 'product_groups', attributes: { name: 'Natural Urn', photo_url: '/photos/g1.webp' } };

/** The demo server in small: one product group with one photo; every other listing empty. */
function catalogue(url: string): Response {
  if (url.startsWith('/photos/')) return new Response(new Blob(['12345']));
  if (url.startsWith('/api/product_groups?')) return json({ data: [group], meta: { total_items: 1, per_page: 30 } });
  if (url === '/api/product-groups/g1') return json({ data: group });
  if (url === '/api/photos?owner_id=g1') return json({ data: [{ attributes: { large_url: '/photos/g1.webp' } }] });
  return json(emptyList);
}

let cache: ReturnType<typeof fakeCache>;
const requested: string[] = [];

beforeEach(async () => {
  cache = fakeCache();
  requested.length = 0;
  vi.stubGlobal('caches', { open: async () => cache });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requested.push(url);
      expect(new Headers(init.headers).get('X-Save-For-Offline')).toBe('1');
      return catalogue(url);
    }),
  );
  await clearSaved();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('saveCatalogue', () => {
  it('stores every answer once, counts files and bytes, and keeps the items for offline search', async () => {
    const progress: number[] = [];
    const meta = await saveCatalogue(new AbortController().signal, (p) => progress.push(progressPercent(p)));
    // The first listings, the collage photos, and for the group: detail, photo list and one photo (asked twice).
    const expected = firstJobs().length + 3;
    expect(meta).toMatchObject({ entries: expected, items: 1 });
    expect(cache.entries.size).toBe(expected);
    expect(requested.filter((url) => url === '/photos/g1.webp')).toHaveLength(1);
    expect(progress.at(-1)).toBe(100);
    // The bar never goes back, though the total grows as listings reveal items.
    expect(progress.every((percent, i) => i === 0 || percent >= (progress[i - 1] ?? 0))).toBe(true);
    expect(progress.slice(0, -1).every((percent) => percent < 100)).toBe(true);
    expect(await loadSavedMeta()).toEqual(meta);
    expect((await loadSavedIndex())?.map((item) => item.id)).toEqual(['g1']);
  });

  it('removes what an earlier save kept that is no longer in the catalogue', async () => {
    cache.entries.set(new URL('/api/product-groups/gone', location.origin).href, new Blob(['{}']));
    await saveCatalogue(new AbortController().signal, () => undefined);
    expect([...cache.entries.keys()].some((url) => url.endsWith('/gone'))).toBe(false);
  });

  it('reports a full device as a quota error, with nothing claimed as saved', async () => {
    cache = fakeCache(2);
    const failure = saveCatalogue(new AbortController().signal, () => undefined);
    await expect(failure).rejects.toBeInstanceOf(SaveCatalogueError);
    await expect(failure).rejects.toMatchObject({ reason: 'quota' });
    expect(await loadSavedMeta()).toBeNull();
  });

  it('skips an item gone since its listing (404), retries a failing answer, and stops on one that keeps failing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/product-groups/g1' ? new Response('', { status: 404 }) : catalogue(url),
      ),
    );
    const meta = await saveCatalogue(new AbortController().signal, () => undefined);
    expect(meta.entries).toBe(firstJobs().length + 2);

    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url !== '/api/bundles?page=1&per_page=30') return catalogue(url);
        calls += 1;
        return new Response('', { status: 503 });
      }),
    );
    const failure = saveCatalogue(new AbortController().signal, () => undefined);
    await expect(failure).rejects.toMatchObject({ reason: 'network' });
    expect(calls).toBe(3);
  });

  it('neither stores nor reports a job that finishes after the save failed', async () => {
    cache = fakeCache(Number.POSITIVE_INFINITY, (url) => url.startsWith('/api/product_groups?'));
    let lateFetchDone = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url !== '/api/bundles?page=1&per_page=30') return catalogue(url);
        await new Promise((resolve) => setTimeout(resolve, 100));
        lateFetchDone = true;
        return catalogue(url);
      }),
    );
    let reports = 0;
    await expect(saveCatalogue(new AbortController().signal, () => (reports += 1))).rejects.toMatchObject({
      reason: 'quota',
    });
    const reportsAtFailure = reports;
    const entriesAtFailure = cache.entries.size;
    await vi.waitFor(() => expect(lateFetchDone).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports).toBe(reportsAtFailure);
    expect(cache.entries.size).toBe(entriesAtFailure);
  });

  it('stops when cancelled, with the abort as the reason', async () => {
    const controller = new AbortController();
    const reason = new DOMException('Save cancelled', 'AbortError');
    const failure = saveCatalogue(controller.signal, () => controller.abort(reason));
    await expect(failure).rejects.toBe(reason);
    expect(await loadSavedMeta()).toBeNull();
  });
});

describe('nextPercent', () => {
  it('never goes back as the total grows, and says 100 only when every known file is stored', () => {
    // The defect seen: 16 % of 148 files, then the total grows to 482 (16 % would become 5 %).
    let shown = nextPercent(0, 24, 148);
    expect(shown).toBe(16);
    shown = nextPercent(shown, 25, 482);
    expect(shown).toBe(16);
    shown = nextPercent(shown, 300, 482);
    expect(shown).toBe(62);
    expect(nextPercent(shown, 481, 482)).toBe(99);
    expect(nextPercent(99, 482, 482)).toBe(100);
    expect(nextPercent(0, 0, 0)).toBe(0);
  });
});
