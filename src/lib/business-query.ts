import { queryOptions } from '@tanstack/react-query';
import { type BusinessSettings, businessSummary, businessTexts } from './api-contract/business-settings';
import { apiRequest } from './http';

const readSettings = async (signal: AbortSignal) =>
  (await apiRequest<{ data: BusinessSettings }>('/business', { signal })).data;

/**
 * The business's settings (business.json, through GET /api/business) but their long texts: loaded by
 * the root route on the server, sent inside every page, kept with the query cache for offline visits.
 */
export const businessQueryOptions = () =>
  queryOptions({
    queryKey: ['business'] as const,
    queryFn: async ({ signal }) => businessSummary(await readSettings(signal)),
    staleTime: 5 * 60_000,
  });

/**
 * The settings' long texts (terms, about, each service's text), from the same address: only the pages
 * and dialogs that show them load them, so every other page is about 2.7 KB lighter (1 KB in brotli).
 */
export const businessTextsQueryOptions = () =>
  queryOptions({
    queryKey: ['business', 'texts'] as const,
    queryFn: async ({ signal }) => businessTexts(await readSettings(signal)),
    staleTime: 5 * 60_000,
  });
