import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import type { Booking } from '../booking';
import type { ServerConfig } from '../config';

/** What every order email needs to know besides the order. */
export interface MailContext {
  config: ServerConfig;
  /** Signs the team email's action links. */
  secret: string;
  booking: Booking;
  clock: () => Date;
  /** The business's settings now: whose emails these are. */
  business: () => BusinessSettings;
}
