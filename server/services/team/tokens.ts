import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret for a link or a cookie: 32 bytes, URL-safe (256 bits: it cannot be guessed). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a secret: its SHA-256, so a copy of the database opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Compares two secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Only the characters a token can have, and its length: anything else is refused before a lookup. */
export const looksLikeToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
