import { useBusiness } from '../../hooks/use-business';
import { hireDaysOf } from '../../lib/api-contract/business-settings';
import { daysOfUse } from '../../lib/api-contract/hire-pricing';
import { openRangeWindow } from '../../lib/api-contract/hold-window';
import { useDayAvailability } from './api/get-day-availability';
import { useShopDay } from './use-shop-day';

/**
 * What a shown price covers (issue 60), for the cart and the item popup: with an event date, "Event
 * price: pick up Fri 11 Dec, return Mon 14 Dec." (the business's pickup and return days around it);
 * with a longer hire chosen at checkout, that its days are priced there. Null without a date.
 */
export function usePriceCovers(): string | null {
  const { date, last } = useDayAvailability();
  const { shortDate } = useShopDay();
  const business = useBusiness();
  if (!date) return null;
  if (last > date) return `Prices are event prices: checkout prices your ${daysOfUse(date, last)} days.`;
  const window = openRangeWindow(date, date, 'pickup', hireDaysOf(business));
  return window ? `Event price: pick up ${shortDate(window.from)}, return ${shortDate(window.to)}.` : null;
}
