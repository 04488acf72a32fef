/**
 * The app's address space, listed once: the server mounts its routes under these prefixes, and the
 * server's page renderer and the service worker both ask `isPagePath` which addresses are the shop's
 * pages (rendered, kept in the page cache and the worker's pages cache). The team's workspace is
 * never a page: no cache of the shop holds it.
 */
export const PREFIX = {
  /** The JSON API (the spec's endpoints and ours). */
  api: '/api',
  /** The team's workspace, server-rendered, behind a session. */
  team: '/team',
  /** The catalogue's photo files. */
  photos: '/photos',
  /** The build's fingerprinted files. */
  assets: '/assets',
  /** A customer's booking page, by the signed link of their emails: rendered for them alone, never kept. */
  booking: '/booking',
} as const;

/** Whether a path is `prefix` itself or lies under it (`/team` and `/team/x`, not `/teams`). */
export const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The longest address a page may have; longer ones are not rendered or kept. */
const MAX_PAGE_PATH = 2048;

/** The shop's pages: not the API, photos or the team's workspace, and no file (no dot in the last segment). */
export function isPagePath(pathname: string): boolean {
  if (pathname.length >= MAX_PAGE_PATH) return false;
  if ([PREFIX.api, PREFIX.photos, PREFIX.team].some((prefix) => isUnder(pathname, prefix))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * The query parameters the shop's pages read (their routes' `validateSearch`); any other changes
 * nothing a page renders. The server renders and keeps a page under its path and these alone
 * (`pageAddress`); a unit test checks that every route's search keys are here.
 */
export const PAGE_PARAMS: readonly string[] = [
  'service',
  'view',
  'page',
  'type',
  'id',
  'q',
  'board',
  'saved',
  'problem',
  'paid',
];
