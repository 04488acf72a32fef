import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { type BusinessSettings, businessSummary, businessTexts } from './api-contract/business-settings';
import { apiRequest } from './http';
import { queryKeys } from './query-keys';

/**
 * GET /api/business, once for both queries: in the browser one answer fills the summary and the
 * texts alike. Not on the server, where the texts would ride in every page's dehydrated cache.
 */
async function readSettings(
  client: QueryClient,
  signal: AbortSignal,
  other: 'summary' | 'texts',
): Promise<BusinessSettings> {
  const settings = (await apiRequest<{ data: BusinessSettings }>('/business', { signal })).data;
  if (!import.meta.env.SSR) {
    if (other === 'summary') client.setQueryData(queryKeys.business, businessSummary(settings));
    else client.setQueryData(queryKeys.businessTexts, businessTexts(settings));
  }
  return settings;
}

/**
 * The business's settings (business.json, through GET /api/business) but their long texts: loaded by
 * the root route on the server, sent inside every page, kept with the query cache for offline visits.
 */
export const businessQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.business,
    queryFn: async ({ client, signal }) => businessSummary(await readSettings(client, signal, 'texts')),
    staleTime: 5 * 60_000,
  });

/**
 * The settings' long texts (terms, about, each service's text), from the same address: only the pages
 * and dialogs that show them load them, so every other page is about 2.7 KB lighter (1 KB in brotli).
 */
export const businessTextsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.businessTexts,
    queryFn: async ({ client, signal }) => businessTexts(await readSettings(client, signal, 'summary')),
    staleTime: 5 * 60_000,
  });
