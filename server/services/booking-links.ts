import { createHmac, timingSafeEqual } from 'node:crypto';
import { publicOrigin } from '../lib/public-origin';
import type { ServiceContext } from './context';

/**
 * The customer's booking page (issue 49), by a signed link and without an account: the link names
 * the request and carries an HMAC of it under the server's secret, so it cannot be guessed or turned
 * into another request's. It does not expire: it is the customer's record of their booking.
 */

const MAC_BYTES = 16;
const mac = (secret: string, orderId: string) =>
  createHmac('sha256', secret).update(`booking-page:${orderId}`).digest().subarray(0, MAC_BYTES);

/** The token of a request's booking page: '1042-<22 characters>' (no dot: the address is a page's, not a file's). */
export const bookingToken = (secret: string, orderId: string) =>
  `${orderId}-${mac(secret, orderId).toString('base64url')}`;

/** The request a token names, or null for a forged, altered or malformed one. */
export function orderOfToken(secret: string, token: string): string | null {
  const match = /^([0-9]{1,12})-([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const orderId = match[1] as string;
  // Compared as written, not as decoded: the 22nd character carries 2 spare bits, so decoding alone
  // let 4 spellings of each link in (and leading zeros in the id 4 more). One link, one spelling.
  const given = Buffer.from(match[2] as string, 'utf8');
  const expected = Buffer.from(mac(secret, orderId).toString('base64url'), 'utf8');
  return orderId === String(Number(orderId)) && given.length === expected.length && timingSafeEqual(given, expected)
    ? orderId
    : null;
}

/** The booking page's address, for emails. */
export const bookingPageUrl = (ctx: Pick<ServiceContext, 'config' | 'secret'>, orderId: string) =>
  `${publicOrigin(ctx.config)}/booking/${bookingToken(ctx.secret, orderId)}`;
