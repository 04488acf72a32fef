import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { collageImages } from '../../src/features/collage/collage-data';
import { largestImage, variantFor } from '../../src/features/collage/collage-layout';
import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import { CHROMIUM_FLAGS } from '../../tests/e2e/browser-flags';
import { packagedChromium, SYSTEM_CHROMIUM } from '../../tests/e2e/find-chromium';
import { ROOT } from '../../tests/fixtures/test-db';
import { cartLines, seedCart } from '../cart-seed';
import { type BenchContext, NAME_SHIM, runs } from '../context';
import { atLeast, atMost, type Figure, figure, unmeasured } from '../results';
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

interface LhrItem {
  items?: { phase?: string; timing?: number }[];
  url?: string;
  total?: number;
  duration?: number;
  groupLabel?: string;
}

interface Lhr {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<string, { numericValue?: number; score?: number | null; details?: { items?: LhrItem[] } }>;
}

/**
 * Pages that robots.txt keeps crawlers out of on purpose (a shopper's checkout): their SEO score is
 * counted without Lighthouse's "is crawlable" audit, which they fail by design; every other SEO audit
 * must still pass.
 */
const KEPT_FROM_CRAWLERS = new Set(['/checkout']);

/** A category's score (0-100) as Lighthouse weighs it, leaving out the given audits. */
function scoreWithout(lhr: Lhr, category: string, left: string[]): number {
  // As Lighthouse does: audits that do not apply (score null) weigh nothing.
  const refs = (lhr.categories[category]?.auditRefs ?? []).filter(
    (ref) => ref.weight > 0 && !left.includes(ref.id) && typeof lhr.audits[ref.id]?.score === 'number',
  );
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const scored = refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0);
  return weight ? Math.round((scored / weight) * 100) : 0;
}

const ms = (value: number | undefined) => Math.round(value ?? 0);

/** Where the main thread's time went (Lighthouse's trace audits), for the run with the median TBT. */
function profileNote(lhr: Lhr | undefined): string {
  if (!lhr) return '';
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  const phases = items('largest-contentful-paint-element')
    .flatMap((item) => item.items ?? [])
    .filter((item) => item.phase && typeof item.timing === 'number')
    .map((item) => `${item.phase} ${ms(item.timing)}`)
    .join(', ');
  const work = items('mainthread-work-breakdown')
    .slice(0, 4)
    .map((item) => `${item.groupLabel} ${ms(item.duration)}`)
    .join(', ');
  const scripts = items('bootup-time')
    .slice(0, 3)
    .map((item) => `${(item.url ?? '').replace(/^.*\/(assets\/)?/, '') || 'page'} ${ms(item.total)}`)
    .join(', ');
  const longTasks = items('long-tasks')
    .slice(0, 5)
    .map((item) => ms(item.duration))
    .join(', ');
  return [
    phases && `LCP phases (ms): ${phases}`,
    work && `main thread (ms): ${work}`,
    scripts && `by script (ms): ${scripts}`,
    longTasks && `longest tasks (ms): ${longTasks}`,
  ]
    .filter(Boolean)
    .join('; ');
}

interface Engine {
  /** Put before each figure's name: '' for the tests' Chromium 143, so its history reads on. */
  prefix: string;
  path: string;
  /** Debian's Chromium runs page scripts about 1.8x slower: its own TBT bound, the same LCP ratio. */
  tbt: number;
  full: boolean;
}

async function engines(ctx: BenchContext): Promise<{ list: Engine[]; missing: Figure[] }> {
  const packaged = await packagedChromium().catch(() => ctx.chromiumPath);
  const list: Engine[] = [{ prefix: '', path: packaged, tbt: 150, full: true }];
  const missing: Figure[] = [];
  if (existsSync(SYSTEM_CHROMIUM)) {
    const version = execFileSync(SYSTEM_CHROMIUM, ['--version']).toString().match(/\d+/)?.[0] ?? '';
    list.push({ prefix: `Debian's Chromium ${version} · `, path: SYSTEM_CHROMIUM, tbt: 400, full: false });
  } else {
    missing.push(
      unmeasured(
        'lighthouse',
        "Debian's Chromium",
        'not installed (apt-get install chromium): only Chromium 143 measured',
        true,
      ),
    );
  }
  return { list, missing };
}

const PAGES: [string, string][] = [
  ['floor', FLOOR_PATH],
  ['/', '/'],
  ['/hire/decor', '/hire/decor'],
  ['/search?q=vase', '/search?q=vase'],
  ['/checkout (a cart in place)', '/checkout'],
];

/**
 * Lighthouse 12.8 mobile defaults (4x CPU, slow 4G), 3 runs a page, the floor page measured in the
 * same run, in the tests' Chromium 143 and, where installed, Debian's Chromium.
 */
export async function lighthouseGroup(ctx: BenchContext): Promise<Figure[]> {
  await writeFloor(ctx.baseUrl);
  const { list, missing } = await engines(ctx);
  const figures: Figure[] = [...missing];
  for (const engine of list) figures.push(...(await measureIn(ctx, engine)));
  return figures;
}

async function measureIn(ctx: BenchContext, engine: Engine): Promise<Figure[]> {
  const chrome = await chromeLauncher.launch({ chromePath: engine.path, chromeFlags: CHROMIUM_FLAGS });
  const figures: Figure[] = [];
  const lcpOf: Record<string, number> = {};
  const pages = engine.full ? PAGES : PAGES.filter(([, route]) => route !== '/checkout');
  try {
    for (const [name, route] of pages) {
      const withCart = route === '/checkout';
      if (withCart) await seedCartIn(ctx, chrome.port);
      const results: Lhr[] = [];
      // A run Lighthouse itself gave up on (a runtime error, every figure 0) is run again, twice at most.
      for (let i = 0, failed = 0; i < runs(ctx, 3, 1) && failed <= 2; i++) {
        const result = await lighthouse(`${ctx.baseUrl}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: withCart,
        });
        const lhr = result?.lhr as unknown as Lhr | undefined;
        if (lhr && !lhr.runtimeError) results.push(lhr);
        else {
          failed += 1;
          i -= 1;
        }
      }
      const score = (category: string) => results.map((r) => Math.round((r.categories[category]?.score ?? 0) * 100));
      const audit = (id: string) => results.map((r) => r.audits[id]?.numericValue ?? Number.NaN);
      const tbts = audit('total-blocking-time');
      const medianRun = results[tbts.indexOf([...tbts].sort((a, b) => a - b)[Math.floor(tbts.length / 2)] ?? 0)];
      lcpOf[name] = median(audit('largest-contentful-paint'));
      const floor = name === 'floor';
      const label = `${engine.prefix}${name}`;
      const bound = (target: ReturnType<typeof atMost>) => (floor ? null : target);
      figures.push(
        figure(
          'lighthouse',
          `${label}: performance`,
          '',
          score('performance'),
          engine.full ? bound(atLeast(95)) : null,
        ),
      );
      if (engine.full) {
        figures.push(
          figure('lighthouse', `${label}: accessibility`, '', score('accessibility'), bound(atLeast(100))),
          figure('lighthouse', `${label}: best practices`, '', score('best-practices'), bound(atLeast(100))),
          KEPT_FROM_CRAWLERS.has(route)
            ? figure(
                'lighthouse',
                `${label}: SEO but "is crawlable" (robots.txt keeps crawlers out)`,
                '',
                results.map((r) => scoreWithout(r, 'seo', ['is-crawlable'])),
                bound(atLeast(100)),
              )
            : figure('lighthouse', `${label}: SEO`, '', score('seo'), bound(atLeast(100))),
          figure('lighthouse', `${label}: FCP`, 'ms', audit('first-contentful-paint')),
        );
      }
      figures.push(
        figure('lighthouse', `${label}: LCP`, 'ms', audit('largest-contentful-paint')),
        figure('lighthouse', `${label}: TBT`, 'ms', tbts, bound(atMost(engine.tbt)), profileNote(medianRun)),
      );
      if (engine.full) {
        figures.push(figure('lighthouse', `${label}: CLS`, '', audit('cumulative-layout-shift'), bound(atMost(0.01))));
      }
      if (!floor && lcpOf.floor) {
        const ratio = audit('largest-contentful-paint').map((lcp) => lcp / (lcpOf.floor as number));
        figures.push(figure('lighthouse', `${label}: LCP / floor LCP`, 'x', ratio, atMost(1.3)));
      }
    }
  } finally {
    await chrome.kill();
  }
  return figures;
}

/** A cart in the Lighthouse browser's storage, for /checkout. */
async function seedCartIn(ctx: BenchContext, port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  await context.addInitScript({ content: NAME_SHIM });
  const page = await context.newPage();
  await page.goto(`${ctx.baseUrl}/terms`);
  await seedCart(page, await cartLines(ctx, 3));
  await page.close();
  await browser.close();
}
