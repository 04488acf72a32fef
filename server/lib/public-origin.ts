import { photoVariantPath } from '../../src/lib/api-contract/photo-variants';
import type { ServerConfig } from '../config';

/**
 * The shop's address as people outside reach it, for links and images in emails: PUBLIC_URL, or
 * this process's own address (a developer's machine, where the .eml files are opened locally).
 */
export function publicOrigin(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** A photo address made absolute against the public origin; absolute http(s) addresses stay. */
export function absolutePhotoUrl(origin: string, url: string | null): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${origin}${url}` : null;
}

/**
 * A photo's address for an email, absolute: one of the shop's own photo files as its JPEG (mail
 * programs that show no WebP show JPEG); a photo elsewhere as it is.
 */
export function emailPhotoUrl(origin: string, url: string | null): string | null {
  const variant = photoVariantPath(url, 'email');
  return variant ? `${origin}${variant}` : absolutePhotoUrl(origin, url);
}
