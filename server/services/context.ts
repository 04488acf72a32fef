import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import type { Booking } from '../booking';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { CardProvider } from '../money';
import type { RateLimiter } from './rate-limiter';

/**
 * What every service function is handed: the part of the app's services (`server/app-services.ts`)
 * that the rules read and write with. The composition root builds it once; services take it whole,
 * so a new need is one field here, not a new parameter threaded through every caller.
 */
export interface ServiceContext {
  /** The database; its outermost commits signal for themselves (mail wake-up, data version). */
  db: Db;
  config: ServerConfig;
  /** Signs the team email's action links. */
  secret: string;
  booking: Booking;
  clock: () => Date;
  /** The business's settings now: whose pages and emails these are. */
  business: () => BusinessSettings;
  /** Counts requests against the configured limits. */
  limiter: RateLimiter;
  /** Online card payments (Stripe Checkout), or null when the server has no Stripe keys. */
  cards: CardProvider | null;
}

/** What an order email needs to know besides the order (it may be drawn inside another transaction). */
export type MailContext = Pick<ServiceContext, 'config' | 'secret' | 'booking' | 'clock' | 'business'>;
