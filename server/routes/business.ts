import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { type BusinessSettings, brandIconUrls } from '../../src/lib/api-contract/business-settings';
import type { Services } from '../app-services';
import { weakEtag } from '../cache/answer-cache';
import { etagMatches } from '../cache/http-cache-rules';
import { markdownLead } from '../services/markdown';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const BRAND_FILE = /^(?:logo|icon-192|icon-512|icon-maskable-512|apple-touch-icon)_[0-9a-f]{16}\.(svg|png)$/;

/**
 * The settings as pages use them: the Markdown of terms, about and services goes as its HTML only
 * (every page carries this answer inside it).
 */
export const forPages = (settings: BusinessSettings): BusinessSettings => ({
  ...settings,
  terms: '',
  about: '',
  services: settings.services.map((service) => ({ ...service, text: '' })),
});

/**
 * The business's settings for pages (GET /api/business), its logo and icons (/brand/), and the web
 * app manifest: the build's, with the business's name, colour and icons, so a settings change needs
 * no rebuild.
 */
export function businessRoutes({ settings: business, config }: Services) {
  const { photosDir } = config;
  const distDir = config.distDir ?? '';
  const app = new Hono();

  app.get('/api/business', async (c) => {
    const settings = await business.forPages();
    return c.json({ data: forPages(settings) }, 200, { 'Cache-Control': 'no-cache' });
  });

  app.get('/brand/:file', async (c) => {
    const name = c.req.param('file');
    const match = BRAND_FILE.exec(name);
    if (!match) return c.json({ error: 'Not found' }, 404);
    let body: Buffer;
    try {
      body = await readFile(path.join(photosDir, 'brand', name));
    } catch {
      return c.json({ error: 'Not found' }, 404);
    }
    const svg = match[1] === 'svg';
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': svg ? 'image/svg+xml' : 'image/png',
      'Cache-Control': LONG_CACHE,
      // Opened on its own, the logo runs nothing (the importer refuses scripts too).
      ...(svg ? { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" } : {}),
    });
  });

  let base: Promise<Record<string, unknown>> | null = null;
  const builtManifest = () => {
    base ??= readFile(path.join(distDir, 'manifest.webmanifest'), 'utf8').then(
      (text) => JSON.parse(text) as Record<string, unknown>,
      () => ({}),
    );
    return base;
  };
  app.get('/manifest.webmanifest', async (c) => {
    const [settings, built] = await Promise.all([business.fresh(), builtManifest()]);
    const icons = brandIconUrls(settings.logoUrl);
    const manifest = {
      ...built,
      // The long name, shown at install: the name and its tagline ("Tan & Tassel Event Styling & Prop Hire").
      name: [settings.name, settings.tagline].filter(Boolean).join(' '),
      short_name: settings.shortName,
      description:
        markdownLead(settings.about).slice(0, 300) || [settings.name, settings.tagline].filter(Boolean).join(': '),
      theme_color: settings.accentColour,
      ...(icons
        ? {
            icons: [
              { src: icons.icon192, sizes: '192x192', type: 'image/png' },
              { src: icons.icon512, sizes: '512x512', type: 'image/png' },
              { src: icons.maskable, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            ],
            shortcuts: ((built.shortcuts as Record<string, unknown>[] | undefined) ?? []).map((shortcut) => ({
              ...shortcut,
              icons: [{ src: icons.icon192, sizes: '192x192' }],
            })),
          }
        : {}),
    };
    const body = Buffer.from(JSON.stringify(manifest));
    const etag = weakEtag(body);
    const headers = { 'Cache-Control': 'no-cache', ETag: etag };
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(new Uint8Array(body), 200, {
      ...headers,
      'Content-Type': 'application/manifest+json; charset=utf-8',
    });
  });
  return app;
}
