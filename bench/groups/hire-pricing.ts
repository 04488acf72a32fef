import type { Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { FRIDAY, weekdayAhead } from '../../tests/fixtures/hire-dates';
import { inBothChromiums } from '../both-chromiums';
import { cartLines } from '../cart-seed';
import { type BenchContext, NAME_SHIM, runs } from '../context';
import { atMost, type Figure, figure } from '../results';

/**
 * Issue 60: the checkout prices a longer hire in the browser as the last day changes. A 50-line cart,
 * a 7-day hire by the demo's rule (its settings from GET /api/business), at 4x CPU, in both Chromiums:
 * the summary's own function (priceHire, bundled by Vite), the first call (cold) and then each of 200;
 * beside the floor, the same lines added up.
 */
const LINES = 50;
const CALLS = 200;

async function bundle(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: {
        entry: new URL('../pages/hire-pricing-entry.ts', import.meta.url).pathname,
        formats: ['iife'],
        name: 'HirePricing',
      },
    },
  })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
  const first = Array.isArray(output) ? output[0] : output;
  const chunk = first?.output.find((file) => file.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('The pricing bundle has no code');
  return chunk.code;
}

async function timeIn(page: Page, business: unknown, items: unknown[], first: string, last: string) {
  return page.evaluate(
    ({ business, items, first, last, calls }) => {
      const w = window as unknown as {
        priceHire: (s: unknown, f: string, l: string, i: unknown[]) => { subtotalCents: number };
        addUp: (i: unknown[]) => number;
      };
      const time = (run: () => number) => {
        const started = performance.now();
        const value = run();
        return { ms: performance.now() - started, value };
      };
      const cold = time(() => w.priceHire(business, first, last, items).subtotalCents);
      const warm: number[] = [];
      const floor: number[] = [];
      for (let i = 0; i < calls; i++) {
        // A new last day each time, as the shopper steps through days.
        warm.push(time(() => w.priceHire(business, first, i % 2 ? last : first, items).subtotalCents).ms);
        floor.push(time(() => w.addUp(items)).ms);
      }
      return { cold: cold.ms, subtotal: cold.value, warm, floor };
    },
    { business, items, first, last, calls: CALLS },
  );
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1] ?? Number.NaN;

export async function hirePricing(ctx: BenchContext): Promise<Figure[]> {
  const code = await bundle();
  const business = ((await (await fetch(`${ctx.baseUrl}/api/business`)).json()) as { data: unknown }).data;
  const items = (await cartLines(ctx, LINES)).map((line, index) => ({ ...line, quantity: 1 + (index % 4) }));
  const first = weekdayAhead(FRIDAY, 4);
  const last = addDays(first, 6);
  return inBothChromiums(async (browser, name) => {
    const cold: number[] = [];
    const warm: number[] = [];
    const floor: number[] = [];
    for (let run = 0; run < runs(ctx, 3, 1); run++) {
      const page = await browser.newPage();
      // A blank page: the shop's pages allow no inline script (their CSP), and this is the code alone.
      await page.goto('about:blank');
      await page.addScriptTag({ content: `${NAME_SHIM}\n${code}` });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const timed = await timeIn(page, business, items, first, last);
      if (!(timed.subtotal > 0)) throw new Error('The 50-line hire priced at nothing');
      cold.push(timed.cold);
      warm.push(p99(timed.warm));
      floor.push(p99(timed.floor));
      await page.close();
    }
    return [
      figure(
        'hire-pricing',
        `${name}: price a ${LINES}-line cart for a 7-day hire, first call (4x CPU)`,
        'ms',
        cold,
        atMost(16),
      ),
      figure(
        'hire-pricing',
        `${name}: price a ${LINES}-line cart for a 7-day hire, p99 of ${CALLS} (4x CPU)`,
        'ms',
        warm,
        atMost(16),
      ),
      figure('hire-pricing', `${name}: floor, the same lines added up, p99 (4x CPU)`, 'ms', floor),
    ];
  });
}
