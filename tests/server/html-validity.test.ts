import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

/**
 * Issue 50: the W3C Nu HTML Checker (vnu-jar, run on the machine's Java) finds no error in the HTML the
 * server sends for any route: what crawlers, assistive technology and browsers without script get.
 *
 * One message is allowed, by name: `elementtiming` on the main photos. It is the Element Timing API's
 * attribute (a W3C draft Chromium implements, not yet in the HTML standard the checker knows); the
 * start-up script learns from it when the first screen's photos are painted, and only then asks for
 * the app's code (server/render/late-start.ts). Without it the photo would share a phone's line with
 * 125 KB of code.
 *
 * Markup does not depend on the database, so the sqld project leaves this file to the other.
 */
const run = promisify(execFile);
const VNU = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const ALLOWED = [/^Attribute “elementtiming” not allowed on element “img” at this point\.$/];

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await makeTestApp({ distDir: path.join(ROOT, 'dist'), publicUrl: 'https://shop.example' });
  folder = mkdtempSync(path.join(tmpdir(), 'storefront-nu-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The HTML a route answers with, following redirects as a browser would (at most 5). */
async function htmlOf(address: string): Promise<string> {
  let at = address;
  for (let hops = 0; hops < 5; hops++) {
    const response = await t.request(at);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      at = new URL(location, 'https://shop.example').pathname + new URL(location, 'https://shop.example').search;
      continue;
    }
    expect(response.headers.get('content-type'), address).toMatch(/^text\/html/);
    return response.text();
  }
  throw new Error(`${address} redirects more than 5 times`);
}

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

describe.skipIf(Boolean(inject('sqldPath')))('the server HTML of every route, by the Nu HTML Checker', () => {
  it('has no errors', async () => {
    const listing = await (await t.request('/api/boomerang/items?tag=decor&per_page=1')).json();
    const first = (listing as { data: Array<{ type: string; id: string }> }).data[0];
    const itemType = first?.type === 'bundles' ? 'bundle' : 'product-group';
    const routes = [
      '/',
      '/?service=styling',
      '/hire',
      '/hire?view=bundles',
      '/hire/decor',
      '/hire/candle_holders',
      '/hire/decor/page/2',
      `/hire/decor?type=${itemType}&id=${first?.id}`,
      '/search',
      '/search?q=vase',
      '/search?q=nothing-like-this',
      '/checkout',
      '/success',
      '/terms',
      '/styling',
      '/moodboard',
      '/booking/not-a-booking',
      '/no-such-page',
      '/team/sign-in',
    ];
    const files = await Promise.all(
      routes.map(async (route, index) => {
        const file = path.join(folder, `${index}.html`);
        writeFileSync(file, await htmlOf(route));
        return file;
      }),
    );
    const { stdout } = await run(
      'java',
      ['-jar', VNU, '--format', 'json', '--stdout', '--exit-zero-always', ...files],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const messages = (JSON.parse(stdout) as { messages: NuMessage[] }).messages;
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .filter((message) => !ALLOWED.some((allowed) => allowed.test(message.message)))
      .map(
        (message) => `${routes[files.indexOf(new URL(message.url).pathname)]}:${message.lastLine}: ${message.message}`,
      );
    expect(errors).toEqual([]);
  }, 120_000);
});
