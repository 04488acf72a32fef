import { useMemo } from 'react';
import { useBusiness } from '../../hooks/use-business';
import { shortDate } from './availability-rules';

/**
 * The business's days for a component: its time zone (what "today" is: the shop may be hours from
 * the shopper), and a day written against its today ('Sat 5 Dec', with the year when it is another).
 */
export function useShopDay() {
  const { timeZone } = useBusiness();
  return useMemo(() => ({ timeZone, shortDate: (iso: string) => shortDate(iso, timeZone) }), [timeZone]);
}
