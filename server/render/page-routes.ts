import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type * as AppEntry from '../../src/entry-server';
import { isPagePath, isUnder, PAGE_PARAMS, PREFIX } from '../../src/lib/route-prefixes';
import { SHELL_PATH } from '../../src/lib/sw-messages';
import type { DataVersion } from '../cache/data-version';
import { chooseEncoding } from '../cache/http-cache-rules';
import { contentSecurityPolicy } from '../middleware/security-headers';
import { type Logger, silentLogger } from '../observability/logger';
import { type ClientFiles, readClientFiles } from './client-manifest';
import { brotliOf, createPageCache, type PageTemplate, templateOf } from './page-cache';

/** The user agent of the server's own renders: read as a bot, so React renders the whole page at once. */
const RENDER_AGENT = 'Mozilla/5.0 (compatible; StorefrontRender/1.0; +bot)';
/** A render that takes longer has gone wrong: the shopper gets the shell, which renders in the browser. */
const RENDER_TIMEOUT_MS = 10_000;
/** How often, at most, the client build's manifest is looked at again (a rebuild replaces it). */
const MANIFEST_RECHECK_MS = 1_000;

/** The API the page being rendered reads from: its own app, called in process. */
type ApiFetch = (request: Request) => Response | Promise<Response>;

/** What one render reads from and reports: its API, and a status its loaders set (a linked miss). */
interface RenderScope {
  api: ApiFetch;
  status?: number;
}
const currentRender = new AsyncLocalStorage<RenderScope>();

/** The app's server entry: built into the server's bundle, or (in development) Vite's fresh copy. */
export type RenderModule = Pick<typeof AppEntry, 'renderPage' | 'setApiTransport' | 'setStatusReporter'>;

/**
 * The built app's server entry, loaded when the first page is rendered: imported on demand so that
 * development, whose pages Vite renders, never loads the app's sources (and their stylesheets) here.
 */
let builtRenderer: Promise<RenderModule> | undefined;
const loadBuiltRenderer = () => {
  builtRenderer ??= import('../../src/entry-server');
  return builtRenderer;
};

const prepared = new WeakSet<RenderModule>();
/** Points a render module's API client and status reporter at the render in progress (once per module). */
function prepare(module: RenderModule): RenderModule {
  if (prepared.has(module)) return module;
  module.setApiTransport((url, init) => {
    const scope = currentRender.getStore();
    return scope ? Promise.resolve(scope.api(new Request(new URL(url, 'http://in-process'), init))) : fetch(url, init);
  });
  module.setStatusReporter((status) => {
    const scope = currentRender.getStore();
    if (scope) scope.status = Math.max(scope.status ?? 0, status);
  });
  prepared.add(module);
  return module;
}

/**
 * Development only (`npm run dev`): pages rendered by Vite's current modules, with its client and
 * hot reload in the page (its socket allowed by the policy), never cached.
 */
export interface DevRendering {
  load(): Promise<RenderModule>;
  /** Vite's scripts in the router's manifest, and no start-up script (Vite's client starts the app). */
  files(): Promise<ClientFiles>;
}

export interface PageRoutesOptions {
  distDir: string;
  /** The app itself: the pages' loaders read the catalogue API through it, in process. */
  api: ApiFetch;
  version: DataVersion;
  /** PUBLIC_URL: the origin of canonical and Open Graph addresses (else the request's own). */
  publicUrl?: string;
  cacheBytes: number;
  /** Where a failed render is logged. */
  logger?: Logger;
  /** The Cache-Control of public pages (PAGE_CACHE_CONTROL). */
  cacheControl: string;
  /** Told of each page asked: served from the page cache, rendered, or failed. */
  onPage?: (outcome: 'hit' | 'render' | 'failed') => void;
  /** Development's renderer (see DevRendering); the built one otherwise. */
  dev?: DevRendering;
}

/**
 * Pages whose content is the shopper's own once the browser fills them (the cart, the order just
 * sent): no cache anywhere keeps them, even though the server's HTML holds nothing personal.
 */
const PRIVATE_PAGES = new Set(['/checkout', '/success']);
/**
 * Pages whose server HTML is one person's own (a customer's booking, by its signed link): rendered
 * for each request and kept by no cache of the server's or anyone's. The customer's own worker keeps
 * the copy they saw, for reading offline.
 */
const OWN_PAGES = [PREFIX.booking];
const PRIVATE = 'private, no-store';

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * The address a page is rendered and kept under: its path and the parameters pages read, in one
 * order. Any other parameter (a tracking tag, a typo, a made-up one) shares the page's render, so
 * nobody can fill the cache or keep the server rendering by varying them.
 */
export function pageAddress(url: URL): string {
  const params = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) params.set(name, value);
  }
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

/** The client build's manifest, and a short id of it (it changes with every build that changes a file). */
interface Build {
  files: ClientFiles;
  id: string;
}

function manifestReader(distDir: string) {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let known: { mtimeMs: number; build: Build | null; at: number } | undefined;
  return (): Build | null => {
    if (known && Date.now() - known.at < MANIFEST_RECHECK_MS) return known.build;
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      // not built
    }
    if (!known || known.mtimeMs !== mtimeMs) {
      const files = readClientFiles(distDir);
      const id = createHash('sha256').update(JSON.stringify(files)).digest('base64url').slice(0, 12);
      known = { mtimeMs, build: files ? { files, id } : null, at: 0 };
    }
    known.at = Date.now();
    return known.build;
  };
}

/**
 * The pages: every app address is rendered on the server (TanStack Router's SSR, loaders reading the
 * catalogue in process) and kept per data version, gzipped once. Every visitor gets the same bytes:
 * the Content-Security-Policy allows the page's inline scripts by their hashes, the ETag names the
 * build and the data version (a 304 costs a page-cache lookup), and public pages carry a Cache-Control that
 * lets a shared cache keep them. `/app-shell` is the document with the header and no page: the
 * service worker's offline fallback.
 */
export function pageRoutes({
  distDir,
  api,
  version,
  publicUrl,
  cacheBytes,
  cacheControl,
  logger = silentLogger,
  onPage = () => {},
  dev,
}: PageRoutesOptions) {
  const app = new Hono();
  const pages = createPageCache(cacheBytes);
  const manifest = manifestReader(distDir);

  async function render(url: URL, origin: string, shell: boolean, files: ClientFiles): Promise<PageTemplate> {
    const request = new Request(url, {
      headers: { 'user-agent': RENDER_AGENT },
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    const scope: RenderScope = { api };
    const { renderPage } = prepare(await (dev ? dev.load() : loadBuiltRenderer()));
    const response = await currentRender.run(scope, () => renderPage({ request, ...files, origin, shell }));
    const headers: Record<string, string> = {};
    const location = response.headers.get('location');
    if (location) headers.location = location;
    const html = await response.text();
    const status = response.status === 200 && scope.status ? scope.status : response.status;
    return await templateOf(status, headers, html);
  }

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const url = new URL(c.req.url);
    if (!isPagePath(url.pathname)) return next();
    const build = dev ? { files: await dev.files(), id: 'dev' } : manifest();
    if (!build) return c.json({ error: 'The app is not built: run npm run build' }, 503);
    const origin = publicUrl?.replace(/\/+$/, '') ?? url.origin;
    const shell = url.pathname === SHELL_PATH;
    const target = new URL(shell ? '/' : pageAddress(url), origin);
    const current = version.current();
    const dataVersion = typeof current === 'number' ? current : await current;
    // Development renders afresh every time (the code changes between visits): nothing may keep it.
    const own = OWN_PAGES.some((prefix) => isUnder(url.pathname, prefix));
    const personal = own || PRIVATE_PAGES.has(url.pathname.replace(/\/+$/, ''));
    const cache = dev || personal ? PRIVATE : cacheControl;
    const etag = dev || personal ? undefined : `W/"${build.id}-${dataVersion}"`;
    const validators: Record<string, string> = { 'cache-control': cache, vary: 'accept-encoding' };
    if (etag) validators.etag = etag;
    let page: PageTemplate | null;
    let rendered = false;
    let failed = false;
    try {
      const renderNow = () => {
        rendered = true;
        return render(target, origin, shell, build.files);
      };
      page =
        dev || own
          ? await renderNow()
          : await pages.get(dataVersion, `${shell ? 'shell' : 'page'} ${target.href}`, renderNow);
      onPage(rendered ? 'render' : 'hit');
    } catch (error) {
      // The page could not be rendered here: the shell renders it in the browser instead.
      onPage('failed');
      failed = true;
      logger.error({ err: error, path: url.pathname }, `Rendering ${url.pathname} failed`);
      page = await pages.get(dataVersion, `shell ${origin}`, () =>
        render(new URL('/', origin), origin, true, build.files),
      );
    }
    if (!page) return c.json({ error: 'Internal server error' }, 500);
    const headers: Record<string, string> = {
      ...page.headers,
      // A stand-in for a page that failed, or an error: nobody keeps it.
      ...(failed || page.status >= 500 ? { 'cache-control': 'no-store', vary: 'accept-encoding' } : validators),
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': contentSecurityPolicy({ scriptHashes: page.scriptHashes, devServer: Boolean(dev) }),
    };
    if (shell) headers['x-robots-tag'] = 'noindex';
    // The same build and data give the same page: a copy the asker holds is still right. The 304
    // carries the page's own policy: a browser puts a 304's headers on the copy it keeps, and a
    // policy without the page's hashes would stop its scripts.
    if (!failed && etag && matchesEtag(c.req.header('if-none-match'), etag)) {
      const { 'content-type': _type, ...unchanged } = headers;
      return c.body(null, 304, unchanged);
    }
    if (c.req.method === 'HEAD' || page.body.length === 0) return c.body(null, page.status as 200, headers);
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (encoding === 'identity') return c.body(page.body as Uint8Array<ArrayBuffer>, page.status as 200, headers);
    const brotli = encoding === 'br' ? brotliOf(page) : null;
    return c.body((brotli ?? page.gzipped) as Uint8Array<ArrayBuffer>, page.status as 200, {
      ...headers,
      'content-encoding': brotli ? 'br' : 'gzip',
    });
  });
  return app;
}
