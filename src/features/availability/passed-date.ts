import { pushToast } from '../../components/ui/toast-state';
import { dayIn } from '../../lib/api-contract/dates';
import { hireDateAtom } from '../../lib/hire-date';
import { appStore, type Store } from '../../lib/store';
import { shortDate } from './availability-rules';

/**
 * A stored event date that has passed is no date at all: once the page has the device's state back,
 * it is cleared, with a short note saying so. Answers the date cleared, or null.
 */
export function clearPassedEventDate(timeZone: string, store: Store = appStore, now = new Date()): string | null {
  const date = store.get(hireDateAtom);
  if (!date || date >= dayIn(now, timeZone)) return null;
  store.set(hireDateAtom, '');
  pushToast(`Your event date, ${shortDate(date, timeZone, now)}, has passed, so it was cleared.`, 'info', {}, store);
  return date;
}
