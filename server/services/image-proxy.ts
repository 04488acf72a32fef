import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';

export const PROXY_MAX_BYTES = 10 * 1024 * 1024;
export const PROXY_TIMEOUT_MS = 10_000;
export const PROXY_MAX_REDIRECTS = 3;

export class ProxyError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/** Addresses a server-side fetch must never reach: loopback, private, link-local, metadata and the like. */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address in any notation (::, embedded dotted IPv4), or null. */
export function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return null;
  return groups.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
const EMBEDS_IPV4 = [
  [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], // ::ffff:0:0/96, IPv4-mapped
  [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], // ::ffff:0:0:0/96, IPv4-translated (SIIT)
  [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], // 64:ff9b::/96, NAT64
];

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  const bytes = family === 6 ? ipv6Bytes(address) : null;
  if (!bytes) return true;
  // An IPv6 form that carries an IPv4 address is judged by that address.
  if (EMBEDS_IPV4.some((prefix) => startsWith(bytes, prefix))) return blocked.check(bytes.slice(12).join('.'), 'ipv4');
  // 2002::/16, 6to4: the IPv4 address follows the prefix.
  if (bytes[0] === 0x20 && bytes[1] === 0x02 && blocked.check(bytes.slice(2, 6).join('.'), 'ipv4')) return true;
  return blocked.check(address, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: AsyncIterable<Uint8Array>;
  cancel(): void;
}
/** Fetches url over a connection pinned to an already-checked address (no second DNS answer). */
export type Transport = (url: URL, pinned: ResolvedAddress, signal: AbortSignal) => Promise<UpstreamResponse>;

export const systemLookup: Lookup = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export const nodeTransport: Transport = (url, pinned, signal) =>
  new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        signal,
        headers: { accept: 'image/avif,image/webp,image/*', 'user-agent': 'storefront-image-proxy' },
        lookup: (_host, _options, callback) => callback(null, pinned.address, pinned.family),
      },
      (response) => {
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({
          status: response.statusCode ?? 502,
          headers,
          body: response as Readable,
          cancel: () => response.destroy(),
        });
      },
    );
    request.on('error', reject);
  });

/** What the process sets of the proxy's options (tests stand in for DNS and the network). */
export type ProxyDeps = Pick<ProxyOptions, 'lookup' | 'transport' | 'timeoutMs'>;

export interface ProxyOptions {
  allowedHosts: string[];
  lookup?: Lookup;
  transport?: Transport;
  timeoutMs?: number;
  maxBytes?: number;
}

/** Parses and checks a photo address: http(s), no credentials, an allow-listed host. */
export function checkPhotoUrl(raw: string | URL, allowedHosts: string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProxyError(400, 'url must be an absolute http(s) address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProxyError(400, 'url must use http or https');
  if (url.username || url.password) throw new ProxyError(400, 'url must not carry credentials');
  if (!allowedHosts.includes(url.hostname.toLowerCase())) {
    throw new ProxyError(403, `${url.hostname} is not an allowed photo host`);
  }
  return url;
}

async function resolveSafely(url: URL, lookup: Lookup): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host).catch(() => []);
  if (addresses.length === 0) throw new ProxyError(502, `${host} could not be resolved`);
  if (addresses.some((a) => isBlockedAddress(a.address))) {
    throw new ProxyError(403, `${host} resolves to a private or reserved address`);
  }
  return addresses[0] as ResolvedAddress;
}

/** The large_ photo variant swapped for xlarge_, as spec section 7 asks of moodboard images. */
export function toXlarge(url: URL): URL {
  const copy = new URL(url);
  copy.pathname = copy.pathname.replace(/\/large_([^/]+)$/, '/xlarge_$1');
  return copy;
}

/**
 * Fetches a remote photo for the moodboard: allow-listed hosts only, every hop (at most 3 redirects)
 * checked after DNS resolution and connected to the checked address, image/* only (no SVG), at most
 * 10 MB, 10 s in all.
 */
export async function fetchRemoteImage(
  raw: string,
  options: ProxyOptions,
): Promise<{ contentType: string; body: Buffer }> {
  const lookup = options.lookup ?? systemLookup;
  const transport = options.transport ?? nodeTransport;
  const maxBytes = options.maxBytes ?? PROXY_MAX_BYTES;
  const signal = AbortSignal.timeout(options.timeoutMs ?? PROXY_TIMEOUT_MS);
  let url = toXlarge(checkPhotoUrl(raw, options.allowedHosts));
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await resolveSafely(url, lookup);
      const response = await transport(url, pinned, signal);
      if (response.status >= 300 && response.status < 400 && response.headers.location) {
        response.cancel();
        if (hop >= PROXY_MAX_REDIRECTS) throw new ProxyError(502, 'too many redirects');
        url = checkPhotoUrl(new URL(response.headers.location, url), options.allowedHosts);
        continue;
      }
      if (response.status !== 200) {
        response.cancel();
        throw new ProxyError(502, `the photo host answered ${response.status}`);
      }
      const contentType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!contentType.startsWith('image/') || contentType.includes('svg')) {
        response.cancel();
        throw new ProxyError(502, `the photo host sent ${contentType || 'no content type'}, not an image`);
      }
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
        response.cancel();
        throw new ProxyError(502, 'the photo is larger than 10 MB');
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          response.cancel();
          throw new ProxyError(502, 'the photo is larger than 10 MB');
        }
        chunks.push(chunk);
      }
      return { contentType, body: Buffer.concat(chunks) };
    }
  } catch (error) {
    if (error instanceof ProxyError) throw error;
    if (signal.aborted) throw new ProxyError(504, 'the photo host did not answer within 10 seconds');
    throw new ProxyError(502, `the photo could not be fetched: ${(error as Error).message}`);
  }
}
