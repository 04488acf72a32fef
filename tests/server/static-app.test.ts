import { mkdir, mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../server/lib/precompressed';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let dist: string;
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};`;
afterAll(() => t?.close());
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'storefront-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{"not": "a client build"}');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'big-def456.js'), bigScript);
  await writeFile(path.join(dist, 'assets', 'built-0a1b2c.js'), bigScript.replace('word', 'built'));
  await writeFile(path.join(dist, 'assets', 'edited-3d4e5f.js'), bigScript.replace('word', 'edited'));
  // What the build's precompress step writes beside each asset (not the tiny one: nothing to gain).
  await precompressDir(path.join(dist, 'assets'));
  // A file changed after the build: its copies are older than it, and hold the text it had.
  await writeFile(path.join(dist, 'assets', 'edited-3d4e5f.js'), bigScript.replace('word', 'changed'));
  await utimes(path.join(dist, 'assets', 'edited-3d4e5f.js'), new Date(), new Date(Date.now() + 60_000));
  await writeFile(path.join(dist, 'icon.png'), Buffer.alloc(4000, 7));
  await writeFile(path.join(dist, 'sw.js'), 'self.x = 1');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"x"}');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  t = await makeTestApp({ distDir: dist });
});

describe('static app serving', () => {
  it('serves hashed assets as immutable', async () => {
    const response = await t.request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/sw.js', '/manifest.webmanifest', '/robots.txt'])('serves %s with no-cache', async (urlPath) => {
    const response = await t.request(urlPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeTruthy();
  });

  it('answers a revalidation with 304', async () => {
    const first = await t.request('/sw.js');
    const again = await t.request('/sw.js', { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it.each(['/', '/hire', '/hire/ghost_range/page/2', '/search?q=vase', '/checkout', '/styling'])(
    'passes the app route %s on to the pages, which say the client is not built here',
    async (urlPath) => {
      const response = await t.request(urlPath);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: 'The app is not built: run npm run build' });
    },
  );

  it("never serves the build's own manifest", async () => {
    expect((await t.request('/.vite/manifest.json')).status).not.toBe(200);
  });

  it('answers 404 for a missing file instead of the shell', async () => {
    expect((await t.request('/assets/missing-123.js')).status).toBe(404);
    expect((await t.request('/favicon.ico')).status).toBe(404);
  });

  it('keeps /api answers JSON', async () => {
    const response = await t.request('/api/unknown');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('does not serve files outside the build folder', async () => {
    const response = await t.request('/..%2f..%2fpackage.json');
    expect(response.status).toBe(404);
  });

  it('sends a compressed copy made once, in the encoding asked for, and the same ETag for each', async () => {
    const gz = await t.request('/assets/big-def456.js', { headers: { 'accept-encoding': 'gzip' } });
    const br = await t.request('/assets/big-def456.js', { headers: { 'accept-encoding': 'gzip, br' } });
    const plain = await t.request('/assets/big-def456.js');
    expect([gz.headers.get('content-encoding'), br.headers.get('content-encoding')]).toEqual(['gzip', 'br']);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(bigScript);
    expect(await plain.text()).toBe(bigScript);
    expect(new Set([gz, br, plain].map((r) => r.headers.get('etag'))).size).toBe(1);
  });

  it("sends the build's compressed copies of an asset, and never as files of their own", async () => {
    const built = bigScript.replace('word', 'built');
    const br = await t.request('/assets/built-0a1b2c.js', { headers: { 'accept-encoding': 'gzip, br' } });
    const gz = await t.request('/assets/built-0a1b2c.js', { headers: { 'accept-encoding': 'gzip' } });
    const brBody = Buffer.from(await br.arrayBuffer());
    const gzBody = Buffer.from(await gz.arrayBuffer());
    expect(brotliDecompressSync(brBody).toString()).toBe(built);
    expect(gunzipSync(gzBody).toString()).toBe(built);
    // Byte for byte the build's copies, not the server's own.
    expect(brBody.equals(await readFile(path.join(dist, 'assets', 'built-0a1b2c.js.br')))).toBe(true);
    expect(gzBody.equals(await readFile(path.join(dist, 'assets', 'built-0a1b2c.js.gz')))).toBe(true);
    expect((await t.request('/assets/index-abc123.js.br')).status).toBe(404);
    expect((await t.request('/assets/built-0a1b2c.js.gz')).status).toBe(404);
  });

  it('compresses an asset itself when the build’s copies are older than the file', async () => {
    const response = await t.request('/assets/edited-3d4e5f.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(bigScript.replace('word', 'changed'));
  });

  it('sends photos and fonts as they are, whatever the client accepts', async () => {
    const response = await t.request('/icon.png', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await response.arrayBuffer()).byteLength).toBe(4000);
  });

  it('shows a rebuilt file within a second or so, with a new ETag', async () => {
    const first = await t.request('/robots.txt');
    await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /rebuilt\n');
    const deadline = Date.now() + 10_000;
    let text = '';
    let etag = first.headers.get('etag');
    while (Date.now() < deadline) {
      const response = await t.request('/robots.txt');
      text = await response.text();
      etag = response.headers.get('etag');
      if (text.includes('rebuilt')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(text).toContain('Disallow: /rebuilt');
    expect(etag).not.toBe(first.headers.get('etag'));
    await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  });

  it('serves a real robots.txt', async () => {
    expect(await (await t.request('/robots.txt')).text()).toContain('User-agent: *');
  });
});

describe('GET /api/health', () => {
  it('answers 204 with no body, never cached', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
