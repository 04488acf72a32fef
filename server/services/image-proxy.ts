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
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
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
