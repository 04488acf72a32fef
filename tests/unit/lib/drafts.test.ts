import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { draftAtom, loadDraft } from '../../../src/lib/drafts';

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const parse = (raw: unknown) => (typeof raw === 'object' && raw && 'text' in raw ? (raw as { text: string }) : null);
const empty = () => ({ text: '' });

let navigation = 'reload';
beforeEach(() => {
  Object.assign(globalThis, { window: { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() } });
  navigation = 'reload';
  vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => [{ type: navigation }] as never);
});

describe('draftAtom', () => {
  it('stores every change and a new atom (after a reload) starts from it', () => {
    const store = createStore();
    const first = draftAtom('form', 'local', empty, parse);
    store.set(first, { text: 'Half typed' });
    const reloaded = draftAtom('form', 'local', empty, parse);
    expect(createStore().get(reloaded)).toEqual({ text: 'Half typed' });
  });

  it('gives session drafts back on a reload only, not on a new navigation', () => {
    const board = () =>
      draftAtom(
        'board',
        'session',
        () => false,
        (raw) => (raw === true ? true : null),
      );
    createStore().set(board(), true);
    navigation = 'navigate';
    expect(createStore().get(board())).toBe(false);
    navigation = 'reload';
    expect(createStore().get(board())).toBe(true);
  });

  it('removes the draft when the value is emptied (a sent form)', () => {
    const store = createStore();
    const atom = draftAtom('form', 'session', empty, parse);
    store.set(atom, { text: 'x' });
    store.set(atom, empty());
    expect(loadDraft('form', 'session', parse)).toBeNull();
  });

  it('ignores a stored draft that does not parse', () => {
    (globalThis as unknown as { window: { localStorage: MemoryStorage } }).window.localStorage.setItem(
      'storefront-draft:form',
      '{"nope":1}',
    );
    expect(createStore().get(draftAtom('form', 'local', empty, parse))).toEqual({ text: '' });
  });
});

describe('drafts on a page the server rendered', () => {
  it('start empty, as the server rendered them, and come back once restoreDrafts runs after hydration', async () => {
    vi.resetModules();
    const storage = new MemoryStorage();
    storage.setItem('storefront-draft:date', JSON.stringify({ text: '2031-03-15' }));
    Object.assign(globalThis, { window: { localStorage: storage, sessionStorage: new MemoryStorage(), $_TSR: {} } });
    const drafts = await import('../../../src/lib/drafts');
    const early = drafts.draftAtom('date', 'local', empty, parse);
    const store = createStore();
    expect(store.get(early)).toEqual({ text: '' });
    drafts.restoreDrafts(store);
    expect(store.get(early)).toEqual({ text: '2031-03-15' });
    // A draft atom made after hydration (a chunk loaded later) starts from its stored value.
    const late = drafts.draftAtom('date', 'local', empty, parse);
    expect(createStore().get(late)).toEqual({ text: '2031-03-15' });
  });
});
