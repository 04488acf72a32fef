import { type BusinessSettings, hireDaysOf } from '../../src/lib/api-contract/business-settings';
import { type Booking, createBooking } from '../booking';

/**
 * The booking rules with this shop's settings (business.json): its hold days, its pickup and
 * return days and the days it is closed, read at each use, so an import that changes them applies to the next request.
 */
export function shopBooking(business: { current(): BusinessSettings }, clock: () => Date = () => new Date()): Booking {
  return createBooking({
    settings: () => {
      const settings = business.current();
      return {
        holdDays: settings.holdDays,
        hireDays: hireDaysOf(settings),
        timeZone: settings.timeZone,
      };
    },
    clock,
  });
}
