import { BUSINESS_HIRE_DAYS } from '../../src/lib/business';
import { type Booking, createBooking } from '../booking';
import type { ServerConfig } from '../config';

/** The booking rules with this shop's settings: its hold days and its pickup and return days. */
export function shopBooking(config: Pick<ServerConfig, 'holdDays'>, clock: () => Date = () => new Date()): Booking {
  return createBooking({ settings: () => ({ holdDays: config.holdDays, hireDays: BUSINESS_HIRE_DAYS }), clock });
}
