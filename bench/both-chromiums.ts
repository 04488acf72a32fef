import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../tests/e2e/browser-flags';
import { packagedChromium, SYSTEM_CHROMIUM } from '../tests/e2e/find-chromium';
import type { Figure } from './results';

/**
 * Runs `measure` in each Chromium a group reports (the packaged 143, and Debian's when installed),
 * each launched for it and closed after, with its label ("Chromium 143", "Debian Chromium 142").
 */
export async function inBothChromiums(measure: (browser: Browser, label: string) => Promise<Figure[]>) {
  const chromiums: [string, string][] = [['Chromium 143', await packagedChromium()]];
  if (existsSync(SYSTEM_CHROMIUM)) chromiums.push(['Debian Chromium', SYSTEM_CHROMIUM]);
  const figures: Figure[] = [];
  for (const [label, executablePath] of chromiums) {
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
    try {
      figures.push(
        ...(await measure(browser, `${label} ${browser.version().split('.')[0]}`.replace(/ (\d+) \1$/, ' $1'))),
      );
    } finally {
      await browser.close();
    }
  }
  return figures;
}
