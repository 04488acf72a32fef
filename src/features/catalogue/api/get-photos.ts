import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhotoResource } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { photosRequest } from './catalogue-requests';

export async function getPhotos(ownerId: string, signal?: AbortSignal): Promise<PhotoResource[]> {
  const { path, query } = photosRequest(ownerId);
  const body = await apiRequest<{ data?: unknown }>(path, { query, signal });
  return Array.isArray(body.data) ? (body.data as PhotoResource[]) : [];
}

export function photosQueryOptions(ownerId: string) {
  return queryOptions({
    queryKey: queryKeys.photos(ownerId),
    queryFn: ({ signal }) => getPhotos(ownerId, signal),
    staleTime: 60 * 60_000,
  });
}

export function usePhotos(ownerId: string | null) {
  return useQuery({ ...photosQueryOptions(ownerId ?? ''), enabled: ownerId !== null });
}
