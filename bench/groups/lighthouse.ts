import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { collageImages } from '../../src/features/collage/collage-data';
import { largestImage, variantFor } from '../../src/features/collage/collage-layout';
import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import { CHROMIUM_FLAGS } from '../../tests/e2e/browser-flags';
import { ROOT } from '../../tests/fixtures/test-db';
import { cartLines, seedCart } from '../cart-seed';
import { type BenchContext, NAME_SHIM, runs } from '../context';
import { atLeast, atMost, type Figure, figure } from '../results';
import { median } from '../stats';

export const FLOOR_PATH = '/bench-floor.html';

/** The floor: a static page with the home page's LCP photo, inline CSS and no script. */
async function writeFloor(baseUrl: string): Promise<void> {
  // The shop's own collage (business.json), as the home page shows it.
  const settings = ((await (await fetch(`${baseUrl}/api/business`)).json()) as { data: BusinessSettings }).data;
  const images = collageImages(settings.collage);
  // Lighthouse's mobile screen is 412 px wide: the collage's phone layout.
  const id = largestImage(images, variantFor(412));
  const photo = images.find((image) => image.id === id) ?? images[0];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="The benchmark's floor page."><style>body{margin:0;font-family:system-ui,sans-serif;background:#f7f2ea;color:#2b2927}h1{font-size:1.5rem;margin:1rem}img{display:block;width:100%;height:auto}</style></head><body><h1>Tan &amp; Tassel</h1><img src="${photo?.url}" width="500" height="500" alt="A styled prop" fetchpriority="high"></body></html>`;
  await writeFile(path.join(ROOT, 'dist', FLOOR_PATH.slice(1)), html);
}

interface Lhr {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { items?: { phase?: string; timing?: number }[]; url?: string; total?: number }[] };
    }
  >;
}

/** What the profile says: LCP's phases and the scripts that cost the most main-thread time. */
function profileNote(lhr: Lhr | undefined): string {
  if (!lhr) return '';
  const phases = (lhr.audits['largest-contentful-paint-element']?.details?.items ?? [])
    .flatMap((item) => item.items ?? [])
    .filter((item) => item.phase && typeof item.timing === 'number')
    .map((item) => `${item.phase} ${Math.round(item.timing ?? 0)}`)
    .join(', ');
  const scripts = (lhr.audits['bootup-time']?.details?.items ?? [])
    .slice(0, 3)
    .map((item) => `${(item.url ?? '').replace(/^.*\/assets\//, '')} ${Math.round(item.total ?? 0)}`)
    .join(', ');
  return [phases && `LCP phases (ms): ${phases}`, scripts && `main-thread time by script (ms): ${scripts}`]
    .filter(Boolean)
    .join('; ');
}

/** Lighthouse 12.8 mobile defaults, 3 runs a page, the floor page measured in the same run. */
export async function lighthouseGroup(ctx: BenchContext): Promise<Figure[]> {
  await writeFloor(ctx.baseUrl);
  const chrome = await chromeLauncher.launch({ chromePath: ctx.chromiumPath, chromeFlags: CHROMIUM_FLAGS });
  const pages: [string, string][] = [
    ['floor', FLOOR_PATH],
    ['/', '/'],
    ['/hire/decor', '/hire/decor'],
    ['/search?q=vase', '/search?q=vase'],
    ['/checkout (a cart in place)', '/checkout'],
  ];
  const figures: Figure[] = [];
  const lcpOf: Record<string, number> = {};
  try {
    for (const [name, route] of pages) {
      const withCart = route === '/checkout';
      if (withCart) {
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const context = browser.contexts()[0] ?? (await browser.newContext());
        await context.addInitScript({ content: NAME_SHIM });
        const page = await context.newPage();
        await page.goto(`${ctx.baseUrl}/terms`);
        await seedCart(page, await cartLines(ctx, 3));
        await page.close();
        await browser.close();
      }
      const results: Lhr[] = [];
      for (let i = 0; i < runs(ctx, 3, 1); i++) {
        const result = await lighthouse(`${ctx.baseUrl}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: withCart,
        });
        if (result) results.push(result.lhr as unknown as Lhr);
      }
      const score = (category: string) => results.map((r) => Math.round((r.categories[category]?.score ?? 0) * 100));
      const audit = (id: string) => results.map((r) => r.audits[id]?.numericValue ?? Number.NaN);
      lcpOf[name] = median(audit('largest-contentful-paint'));
      const floor = name === 'floor';
      figures.push(
        figure('lighthouse', `${name}: performance`, '', score('performance'), floor ? null : atLeast(95)),
        figure('lighthouse', `${name}: accessibility`, '', score('accessibility'), floor ? null : atLeast(100)),
        figure('lighthouse', `${name}: best practices`, '', score('best-practices'), floor ? null : atLeast(100)),
        figure('lighthouse', `${name}: SEO`, '', score('seo'), floor ? null : atLeast(100)),
        figure('lighthouse', `${name}: FCP`, 'ms', audit('first-contentful-paint')),
        figure(
          'lighthouse',
          `${name}: LCP`,
          'ms',
          audit('largest-contentful-paint'),
          floor ? null : atMost(1500),
          profileNote(results[0]),
        ),
        figure('lighthouse', `${name}: TBT`, 'ms', audit('total-blocking-time'), floor ? null : atMost(150)),
        figure('lighthouse', `${name}: CLS`, '', audit('cumulative-layout-shift'), floor ? null : atMost(0.01)),
      );
      if (!floor && lcpOf.floor) {
        figures.push(
          figure(
            'lighthouse',
            `${name}: LCP / floor LCP`,
            'x',
            audit('largest-contentful-paint').map((lcp) => lcp / (lcpOf.floor as number)),
            atMost(1.5),
          ),
        );
      }
    }
  } finally {
    await chrome.kill();
  }
  return figures;
}
