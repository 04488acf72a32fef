import { useDayAvailability } from '../api/get-day-availability';
import { availabilityLabel } from '../availability-rules';
import { savedCopyAge } from '../saved-copy-age';
import { useShopDay } from '../use-shop-day';

export type AvailabilityKind = 'products' | 'groups' | 'bundles';

/** The free count of one item on the shopper's date; undefined without a date or before it loads. */
export function useFreeOnDate(kind: AvailabilityKind, id: string | undefined): number | undefined {
  const { day } = useDayAvailability();
  if (!day || !id) return undefined;
  return day[kind][id];
}

/** '3 free on Sat 14 Mar' or 'Booked on your date' (with the saved copy's age offline); nothing without a date. */
export function AvailabilityNote({
  kind,
  id,
  className = '',
}: {
  kind: AvailabilityKind;
  id: string;
  className?: string;
}) {
  const availability = useDayAvailability();
  return <AvailabilityNoteText availability={availability} kind={kind} id={id} className={className} />;
}

/** What a list of cards reads once for all of them: the date, that day's free counts and their age. */
export type DayAvailability = Pick<ReturnType<typeof useDayAvailability>, 'date' | 'day' | 'savedAt'> & {
  /** A longer hire's last day: the counts are the fewest free on any day to it. */
  last?: string;
};

/** The note of one item from a day's availability its list read once (cards: one query, not thirty). */
export function AvailabilityNoteText({
  availability: { date, last = date, day, savedAt },
  kind,
  id,
  className = '',
}: {
  availability: DayAvailability;
  kind: AvailabilityKind;
  id: string;
  className?: string;
}) {
  const { timeZone } = useShopDay();
  const free = day?.[kind][id];
  if (!date || free === undefined || !day) return null;
  return (
    <p className={`availability-note${free < 1 ? ' availability-note--booked' : ''} ${className}`}>
      {availabilityLabel(free, date, timeZone, undefined, last)}
      {savedAt && <small> (saved copy, {savedCopyAge(savedAt)})</small>}
    </p>
  );
}

/** ' (saved copy, from 3 hours ago)' beside availability shown from a copy offline; nothing online. */
export function SavedCopyAge() {
  const { savedAt } = useDayAvailability();
  return savedAt ? <small> (saved copy, {savedCopyAge(savedAt)})</small> : null;
}
