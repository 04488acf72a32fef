import { existsSync } from 'node:fs';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumChoice {
  path: string;
  /** Where it came from, for the log line the browser tests print. */
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

/**
 * The browser the tests (and the benchmark) drive, in this order:
 * 1. `CHROMIUM_PATH`, which must exist: a wrong path is an error, never a silent fallback;
 * 2. Debian's `/usr/bin/chromium`;
 * 3. the headless Chromium shipped inside the `@sparticuz/chromium` npm package (a dev dependency),
 *    unpacked from the package's own files on first use: nothing is downloaded.
 */
export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  const chosen = env.CHROMIUM_PATH;
  if (chosen !== undefined && chosen !== '') {
    if (!existsSync(chosen)) {
      throw new Error(
        `CHROMIUM_PATH is set to ${chosen}, but no file is there. Unset CHROMIUM_PATH or point it at a Chromium binary.`,
      );
    }
    return { path: chosen, source: 'CHROMIUM_PATH' };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, source: 'system' };
  return { path: await packagedChromium(), source: '@sparticuz/chromium' };
}

/** The headless Chromium inside `@sparticuz/chromium` (143), unpacked from the package on first use. */
export async function packagedChromium(): Promise<string> {
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/**
 * The chosen Chromium and the others this machine has: Debian's (the distribution build, about 1.8x
 * slower at page scripts, as a slow phone is) and the packaged 143. Tests of what happens before the
 * app wakes run in each, since the two leave the page asleep for different lengths of time.
 */
export async function everyChromium(chosen: string): Promise<string[]> {
  const all = [chosen];
  if (existsSync(SYSTEM_CHROMIUM)) all.push(SYSTEM_CHROMIUM);
  all.push(await packagedChromium());
  return [...new Set(all)];
}
