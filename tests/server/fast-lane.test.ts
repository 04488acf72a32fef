import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../server/http-server';
import { makeTestApp, type TestApp } from './helpers';

/**
 * The fast lane on a real HTTP server in process: which requests it answers (counted), and that its
 * answers are the app's answers to the byte and header.
 */
let t: TestApp;
let server: Server;
let base: string;
let lanes: boolean[];

beforeEach(async () => {
  // A version check is due only when the test says (refresh()): on a busy machine 250 ms can pass
  // between two requests, and the lane rightly steps aside while a check is due.
  t = await makeTestApp({ catalogueVersionCheckMs: 600_000 });
  lanes = [];
  server = await createHttpServer(t.app, t.cache, { onRequest: (fast) => lanes.push(fast) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** The headers that belong to the answer, not to one response: no date, connection or request id. */
const withoutDate = (headers: IncomingHttpHeaders) => {
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'x-request-id': _id, ...rest } = headers;
  return rest;
};
const listing = '/api/boomerang/items?tag=decor&page=1&per_page=30';

describe('the fast lane', () => {
  it('answers the second request for an address, with the headers and bytes the app sent the first time', async () => {
    const first = await get(listing, { 'accept-encoding': 'gzip' });
    const second = await get(listing, { 'accept-encoding': 'gzip' });
    expect(lanes).toEqual([false, true]);
    expect(second.status).toBe(200);
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    expect(second.headers['content-security-policy']).toContain("script-src 'self'");
    expect(second.body).toEqual(first.body);
    expect(JSON.parse(gunzipSync(second.body).toString()).data.length).toBeGreaterThan(0);
  });

  it('answers 304 to a matching If-None-Match, and each encoding once it has been made', async () => {
    const first = await get(listing, { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    const notModified = await get(listing, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    const plain = await get(listing, {});
    const brFirst = await get(listing, { 'accept-encoding': 'gzip, deflate, br' });
    const brAgain = await get(listing, { 'accept-encoding': 'gzip, deflate, br' });
    // Brotli is made on its first request, which the app answers; the next one takes the fast lane.
    expect(lanes).toEqual([false, true, true, false, true]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brAgain.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brAgain.body)).toEqual(plain.body);
    expect(brAgain.body).toEqual(brFirst.body);
    expect(withoutDate(brAgain.headers)).toEqual(withoutDate(brFirst.headers));
  });

  it('never answers with an older data version: after a change, the app answers again', async () => {
    await get(listing);
    await get(listing);
    const row = (
      await t.db.$client.execute(
        "SELECT g.id FROM product_groups g JOIN item_tags t ON t.owner_id = g.id AND t.tag = 'decor' WHERE g.archived = 0 LIMIT 1",
      )
    ).rows[0];
    await t.db.$client.execute({
      sql: "UPDATE product_groups SET name = 'Fresh name' WHERE id = ?",
      args: [String(row?.id)],
    });
    // The notification a process gets when the version moves (or the check that finds it).
    await t.cache.version.refresh();
    const after = await get(listing);
    expect(after.body.toString()).toContain('Fresh name');
    expect(lanes).toEqual([false, true, false]);
  });

  it('leaves HEAD, writes, other spellings and unknown paths to the app', async () => {
    await get(listing);
    await get(listing, {}, 'HEAD');
    await get('/api/boomerang/items?page=1&tag=decor&per_page=30');
    await get('/api/customers/search?email=a%40example.com');
    const write = await get('/api/contact', { 'content-type': 'application/json' }, 'POST');
    expect(write.status).toBe(400);
    expect(lanes).toEqual([false, false, false, false, false]);
    // The other spelling is remembered too.
    await get('/api/boomerang/items?page=1&tag=decor&per_page=30');
    expect(lanes.at(-1)).toBe(true);
  });
});

describe('the team’s workspace', () => {
  it('is never answered by the fast lane, and never cacheable', async () => {
    for (const path of ['/team', '/team/sign-in', '/team/requests', '/team/assets/passkeys.js']) {
      lanes = [];
      const answer = await get(path);
      expect(lanes, path).toEqual([false]);
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
    }
  });
});
