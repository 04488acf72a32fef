import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfflineSize } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export async function getOfflineSize(signal?: AbortSignal): Promise<OfflineSize> {
  const body = await apiRequest<{ data?: OfflineSize }>('/offline-size', { signal });
  if (typeof body?.data?.bytes !== 'number') throw new Error('Invalid response format from API');
  return body.data;
}

export function offlineSizeQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.offlineSize,
    queryFn: ({ signal }) => getOfflineSize(signal),
    staleTime: 10 * 60_000,
    meta: { persist: false },
  });
}

export function useOfflineSize(enabled: boolean) {
  return useQuery({ ...offlineSizeQueryOptions(), enabled });
}
