import { isCalendarDay } from './api-contract/hold-window';
import { draftAtom } from './drafts';

/**
 * The shopper's event date, YYYY-MM-DD or '' when none is chosen: picked once (header or first add
 * to cart), kept on the device with the cart, and the checkout's hire date. Listings, popups and the
 * cart show availability for it.
 */
export const hireDateAtom = draftAtom<string>(
  'hire-date',
  'local',
  () => '',
  (raw) => (typeof raw === 'string' && (raw === '' || isCalendarDay(raw)) ? raw : null),
);
