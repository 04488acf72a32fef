import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lookup, Transport, UpstreamResponse } from '../../server/services/image-proxy';
import { isBlockedAddress } from '../../server/services/image-proxy';
import { makeTestApp, type TestApp } from './helpers';

/** Fake DNS: public names get a public address, the rest the address in the table. */
const DNS: Record<string, string> = {
  'cdn.example': '93.184.216.34',
  'moved.example': '93.184.216.35',
  'evil.example': '10.0.0.7',
  'meta.example': '169.254.169.254',
  localhost: '127.0.0.1',
};
const lookup: Lookup = async (host) => (DNS[host] ? [{ address: DNS[host], family: 4 }] : []);

const requested: string[] = [];
const respond = (
  status: number,
  headers: Record<string, string>,
  body = new Uint8Array([1, 2, 3]),
): UpstreamResponse => ({
  status,
  headers,
  body: (async function* () {
    yield body;
  })(),
  cancel: () => {},
});
/** Fake upstream hosts, keyed by path. */
const transport: Transport = async (url, pinned) => {
  requested.push(`${url.href} via ${pinned.address}`);
  switch (url.pathname) {
    case '/photos/xlarge_chair.jpg':
      return respond(200, { 'content-type': 'image/jpeg', 'content-length': '3' });
    case '/page.html':
      return respond(200, { 'content-type': 'text/html' });
    case '/logo.svg':
      return respond(200, { 'content-type': 'image/svg+xml' });
    case '/huge.jpg':
      return respond(200, { 'content-type': 'image/jpeg', 'content-length': String(11 * 1024 * 1024) });
    case '/to-private.jpg':
      return respond(302, { location: 'http://evil.example/x.jpg' });
    case '/to-loopback.jpg':
      return respond(301, { location: 'http://127.0.0.1:8080/admin' });
    case '/to-moved.jpg':
      return respond(302, { location: 'https://moved.example/photos/xlarge_chair.jpg' });
    case '/loop.jpg':
      return respond(302, { location: '/loop.jpg' });
    case '/missing.jpg':
      return respond(404, { 'content-type': 'text/plain' });
    default:
      return respond(500, {});
  }
};

let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await makeTestApp(
    {
      photoHosts: [
        'cdn.example',
        'moved.example',
        'evil.example',
        'meta.example',
        'localhost',
        '127.0.0.1',
        '10.1.2.3',
        '169.254.169.254',
        '0.0.0.0',
        '[::1]',
        '::1',
      ],
    },
    { lookup, transport },
  );
});

const proxy = (url: string, host?: string) =>
  t.json(`/api/proxy-image?url=${encodeURIComponent(url)}`, host ? { headers: { host } } : undefined);

describe('GET /api/proxy-image refusals', () => {
  it.each([
    ['loopback', 'http://127.0.0.1/photos/large_a.jpg'],
    ['loopback by name', 'http://localhost/photos/large_a.jpg'],
    ['a private address', 'http://10.1.2.3/large_a.jpg'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['the metadata address by name', 'http://meta.example/latest/meta-data/'],
    ['0.0.0.0', 'http://0.0.0.0/large_a.jpg'],
    ['IPv6 loopback', 'http://[::1]/large_a.jpg'],
    ['a name resolving to a private address', 'http://evil.example/large_a.jpg'],
    ['a host off the allow-list', 'https://elsewhere.example/large_a.jpg'],
  ])('refuses %s before connecting', async (_name, url) => {
    requested.length = 0;
    const { status, body } = await proxy(url);
    expect(status).toBe(403);
    expect(body.error).toEqual(expect.any(String));
    expect(requested).toEqual([]);
  });

  it.each([
    ['credentials in the URL', 'http://user@cdn.example/large_a.jpg'],
    ['user and password', 'https://user:pass@cdn.example/large_a.jpg'],
    ['a non-http scheme', 'file:///etc/passwd'],
    ['a relative path outside photos', '//cdn.example/large_a.jpg'],
    ['garbage', 'not a url'],
  ])('answers 400 for %s', async (_name, url) => {
    requested.length = 0;
    expect((await proxy(url)).status).toBe(400);
    expect(requested).toEqual([]);
  });

  it('answers 400 without url', async () => {
    expect((await t.json('/api/proxy-image')).status).toBe(400);
  });

  it('refuses a redirect to a private address, to loopback, and after 3 redirects', async () => {
    requested.length = 0;
    expect((await proxy('https://cdn.example/to-private.jpg')).status).toBe(403);
    expect(requested).toEqual(['https://cdn.example/to-private.jpg via 93.184.216.34']);
    expect((await proxy('https://cdn.example/to-loopback.jpg')).status).toBe(403);
    const loop = await proxy('https://cdn.example/loop.jpg');
    expect(loop.status).toBe(502);
    expect(loop.body.error).toContain('too many redirects');
  });

  it.each([
    ['an HTML page', 'https://cdn.example/page.html', 'not an image'],
    ['an SVG image', 'https://cdn.example/logo.svg', 'not an image'],
    ['a file over 10 MB', 'https://cdn.example/huge.jpg', 'larger than 10 MB'],
    ['an upstream 404', 'https://cdn.example/missing.jpg', 'answered 404'],
  ])('refuses %s', async (_name, url, message) => {
    const { status, body } = await proxy(url);
    expect(status).toBe(502);
    expect(body.error).toContain(message);
  });
});

describe('GET /api/proxy-image success', () => {
  it('fetches an allow-listed photo with large_ swapped for xlarge_, pinned to the checked address', async () => {
    requested.length = 0;
    const response = await t.request(
      `/api/proxy-image?url=${encodeURIComponent('https://cdn.example/photos/large_chair.jpg')}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(requested).toEqual(['https://cdn.example/photos/xlarge_chair.jpg via 93.184.216.34']);
  });

  it('follows a redirect to another allowed host', async () => {
    const response = await t.request(`/api/proxy-image?url=${encodeURIComponent('https://cdn.example/to-moved.jpg')}`);
    expect(response.status).toBe(200);
  });

  it('serves this server own photos from disk, as xlarge', async () => {
    const row = await t.db.$client.execute("SELECT large_url FROM photos WHERE owner_type = 'product_groups' LIMIT 1");
    const large = String(row.rows[0]?.large_url);
    requested.length = 0;
    for (const url of [large, `http://shop.test${large}`]) {
      const response = await t.request(`/api/proxy-image?url=${encodeURIComponent(url)}`, {
        headers: { host: 'shop.test' },
      });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const direct = await t.request(large.replace('/large_', '/xlarge_'));
      expect((await response.arrayBuffer()).byteLength).toBe((await direct.arrayBuffer()).byteLength);
    }
    expect(requested).toEqual([]);
  });

  it('scales an own photo to 800 px wide WebP with w=800, the same bytes each time', async () => {
    const row = await t.db.$client.execute("SELECT large_url FROM photos WHERE owner_type = 'product_groups' LIMIT 1");
    const large = String(row.rows[0]?.large_url);
    const direct = await t.request(large.replace('/large_', '/xlarge_'));
    expect((await sharp(Buffer.from(await direct.arrayBuffer())).metadata()).width).toBe(1200);
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const response = await t.request(`/api/proxy-image?url=${encodeURIComponent(large)}&w=800`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      answers.push(Buffer.from(await response.arrayBuffer()));
    }
    const meta = await sharp(answers[0]).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 800]);
    expect(answers[1]?.equals(answers[0] as Buffer)).toBe(true);
  });

  it('refuses a width it does not offer, and 404s a missing photo at 800 too', async () => {
    const refused = await t.json(`/api/proxy-image?url=${encodeURIComponent('/photos/a/large_b.webp')}&w=5000`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('w must be 800');
    expect(
      (await t.json(`/api/proxy-image?url=${encodeURIComponent('/photos/abc/large_nothing.webp')}&w=800`)).status,
    ).toBe(404);
  });

  it('answers 404 for an own photo that does not exist or tries to leave the folder', async () => {
    expect((await proxy('/photos/abc/large_nothing.webp')).status).toBe(404);
    expect((await proxy('/photos/../../package.json')).status).toBe(404);
  });
});

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1', // IPv4-mapped, hex form
    '::127.0.0.1', // IPv4-compatible
    '::a00:1',
    '::ffff:0:7f00:1', // IPv4-translated
    '64:ff9b::10.0.0.1', // NAT64 of a private address
    '64:ff9b::a9fe:a9fe', // NAT64 of the metadata address
    '64:ff9b:1::1', // local-use NAT64
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    '0.1.2.3',
    'fe80::1%eth0',
    'nonsense',
  ])('blocks %s', (address) => expect(isBlockedAddress(address)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])(
    'allows %s',
    (address) => expect(isBlockedAddress(address)).toBe(false),
  );
});
