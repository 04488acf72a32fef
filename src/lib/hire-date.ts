import { isCalendarDay } from './api-contract/hold-window';
import { draftAtom, loadDraft } from './drafts';

/**
 * The shopper's event date, YYYY-MM-DD or '' when none is chosen: picked once (header or first add
 * to cart), kept on the device with the cart, and the checkout's hire date. Listings, popups and the
 * cart show availability for it.
 */
const parseHireDate = (raw: unknown) => (typeof raw === 'string' && (raw === '' || isCalendarDay(raw)) ? raw : null);

export const hireDateAtom = draftAtom<string>('hire-date', 'local', () => '', parseHireDate);

/**
 * The event date kept on this device, read from storage now ('' when none, and on the server). A page
 * the server rendered starts with no date and takes this one after hydration: what a page opens on.
 */
export const storedHireDate = (): string => loadDraft('hire-date', 'local', parseHireDate) ?? '';

/**
 * The last day of use of a longer hire (issue 60), YYYY-MM-DD, or '' for a one-day event: chosen at
 * checkout, kept on the device beside the event date. Availability and the checkout's prices cover
 * every day from the event date to it; one on or before the event date means a one-day hire.
 */
export const hireLastDayAtom = draftAtom<string>('hire-last-day', 'local', () => '', parseHireDate);

/** The last day of use a hire from `first` runs to: `lastDay` when it is after `first`, else `first`. */
export const lastDayOfUse = (first: string, lastDay: string): string => (lastDay > first ? lastDay : first);
