import { queryOptions } from '@tanstack/react-query';
import type { BusinessSettings } from './api-contract/business-settings';
import { apiRequest } from './http';

/**
 * The business's settings (business.json, through GET /api/business): loaded by the root route on
 * the server, sent inside the page, kept with the query cache for offline visits.
 */
export const businessQueryOptions = () =>
  queryOptions({
    queryKey: ['business'] as const,
    queryFn: async ({ signal }) => (await apiRequest<{ data: BusinessSettings }>('/business', { signal })).data,
    staleTime: 5 * 60_000,
  });
