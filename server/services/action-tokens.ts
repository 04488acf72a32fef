import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { OrderAction } from '../booking';

export type { OrderAction } from '../booking';

/** What a team link may do to an order request. */
export const ORDER_ACTIONS = ['confirm', 'decline', 'cancel'] as const satisfies readonly OrderAction[];

/** A link works for 30 days from the email that carries it. */
export const ACTION_TOKEN_DAYS = 30;

export type TokenCheck =
  | { ok: true; orderId: string; action: OrderAction; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' };

const encode = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`order-action:${payload}`).digest();
}

/**
 * An HMAC-signed token bound to one order and one action, expiring after ACTION_TOKEN_DAYS, or at
 * `until` when that is later (a cancel link lasts until the hire window ends).
 */
export function signAction(
  secret: string,
  orderId: string,
  action: OrderAction,
  now = new Date(),
  until: Date | null = null,
): string {
  const expires = Math.floor(Math.max(now.getTime() + ACTION_TOKEN_DAYS * 86_400_000, until?.getTime() ?? 0) / 1000);
  const payload = `${orderId}.${action}.${expires}`;
  return `${encode(payload)}.${encode(signature(secret, payload))}`;
}

/** Checks a token: forged, altered or malformed ones are invalid; a good one past its time is expired. */
export function verifyAction(secret: string, token: string, now = new Date()): TokenCheck {
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length > 0 || body.length > 200) return { ok: false, reason: 'invalid' };
  const payload = Buffer.from(body, 'base64url').toString('utf8');
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const match = /^([A-Za-z0-9_-]{1,64})\.(confirm|decline|cancel)\.(\d{1,12})$/.exec(payload);
  if (!match) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(Number(match[3]) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, orderId: match[1] as string, action: match[2] as OrderAction, expiresAt };
}

/**
 * The secret from ACTION_SECRET, else the one kept in the data folder, made on first start (readable
 * by this user only). It is never logged.
 */
export function resolveActionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'action-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const made = randomBytes(32).toString('base64url');
  try {
    // 'wx': two processes starting together keep the first one's secret.
    writeFileSync(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
