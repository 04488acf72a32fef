import { type AnyRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PARAMS } from '../../../src/lib/route-prefixes';
import { routeTree } from '../../../src/routeTree.gen';

/** Every route of the app, from the generated tree. */
function allRoutes(route: AnyRoute): AnyRoute[] {
  const children = route.children ? Object.values(route.children as Record<string, AnyRoute>) : [];
  return [route, ...children.flatMap(allRoutes)];
}

/**
 * The search keys a route's validateSearch reads: it is handed an object that records each key asked
 * for and answers with a value every parser here takes as well formed ('product-group' is an item
 * type, a word, a board), so no early return hides a later key.
 */
function keysRead(validate: (search: Record<string, unknown>) => unknown): Set<string> {
  const read = new Set<string>();
  const search = new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => {
      if (typeof key === 'string') read.add(key);
      return 'product-group';
    },
    has: (_target, key) => {
      if (typeof key === 'string') read.add(key);
      return true;
    },
  });
  const answer = validate(search);
  for (const key of Object.keys((answer ?? {}) as object)) read.add(key);
  return read;
}

describe('what the server knows of the routes', () => {
  const routes = allRoutes(routeTree as unknown as AnyRoute);

  it('renders and keeps a page under every search key any route reads', () => {
    const withSearch = routes.filter((route) => typeof route.options?.validateSearch === 'function');
    expect(withSearch.length).toBeGreaterThanOrEqual(6);
    const read = new Set(withSearch.flatMap((route) => [...keysRead(route.options.validateSearch)]));
    expect([...read].sort()).toEqual(expect.arrayContaining(['id', 'q', 'type']));
    expect([...read].filter((key) => !PAGE_PARAMS.includes(key))).toEqual([]);
  });

  it('treats every route of the app as a page, and the API, photos, files and the workspace as none', () => {
    const router = createRouter({ routeTree: routeTree as unknown as AnyRoute });
    const paths = Object.keys(router.routesByPath).filter((path) => path !== '/');
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      const sample = path.replace(/\$[a-zA-Z]+/g, 'x');
      expect(isPagePath(sample), sample).toBe(true);
    }
    for (const notPage of ['/api/bundles', '/photos/a/large_b.jpg', '/team', '/team/requests/1', '/robots.txt']) {
      expect(isPagePath(notPage), notPage).toBe(false);
    }
    expect(isPagePath('/teams-and-venues')).toBe(true);
    expect(isPagePath('/')).toBe(true);
  });
});
