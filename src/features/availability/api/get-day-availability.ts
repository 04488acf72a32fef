import { queryOptions, useQuery } from '@tanstack/react-query';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { useDeviceAtomValue } from '../../../lib/device-state';
import { hireDateAtom, hireLastDayAtom, lastDayOfUse } from '../../../lib/hire-date';
import { ApiError, apiUrl } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { OFFLINE_COPY_HEADER } from '../../../lib/sw-messages';

/** What is free on one day: by product, product group and bundle id. */
export interface DayAvailability {
  date: string;
  products: Record<string, number>;
  groups: Record<string, number>;
  bundles: Record<string, number>;
  /** When the copy shown was saved, for an answer the worker gave from its cache offline; else null. */
  savedAt: string | null;
}

function isCounts(value: unknown): value is Record<string, number> {
  return typeof value === 'object' && value !== null && Object.values(value).every((n) => typeof n === 'number');
}

/** What is free on `date`, or with `last` after it the fewest free on any day from `date` to `last`. */
export async function getDayAvailability(date: string, signal?: AbortSignal, last = date): Promise<DayAvailability> {
  const query = last > date ? { date, last } : { date };
  const response = await fetch(apiUrl('/availability', query), { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, await response.text());
  const body = (await response.json()) as { data?: Partial<DayAvailability> };
  const data = body?.data;
  if (!data || data.date !== date || !isCounts(data.products) || !isCounts(data.groups) || !isCounts(data.bundles)) {
    throw new Error('Unexpected availability answer');
  }
  // The worker answered from its cache (no network): say how old the copy is.
  const savedAt = response.headers.has(OFFLINE_COPY_HEADER) ? response.headers.get('Date') : null;
  return { ...(data as DayAvailability), savedAt: savedAt && !Number.isNaN(Date.parse(savedAt)) ? savedAt : null };
}

/** A day's availability stays fresh for a minute: requests by others change it. */
export function dayAvailabilityQueryOptions(date: string, last = date) {
  return queryOptions({
    queryKey: queryKeys.availability(date, last),
    queryFn: ({ signal }) => getDayAvailability(date, signal, last),
    staleTime: 60_000,
  });
}

/**
 * The chosen date and what is free on it (undefined while there is no date or it loads), and, when
 * what is shown is a copy from before the network went (the worker's, or the page's own), when it
 * was fetched: the page labels it with its age.
 */
export function useDayAvailability() {
  const date = useDeviceAtomValue(hireDateAtom, '');
  // A longer hire chosen at checkout: what is free on every day of its use.
  const last = lastDayOfUse(date, useDeviceAtomValue(hireLastDayAtom, ''));
  const online = useOnlineStatus();
  const query = useQuery({ ...dayAvailabilityQueryOptions(date, last), enabled: date !== '' });
  const day = date ? query.data : undefined;
  const savedAt = day ? (day.savedAt ?? (online ? null : new Date(query.dataUpdatedAt).toISOString())) : null;
  return { date, last, day, savedAt, query };
}
