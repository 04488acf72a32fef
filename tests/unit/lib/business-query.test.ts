import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessSummary, businessTexts } from '../../../src/lib/api-contract/business-settings';
import { businessQueryOptions, businessTextsQueryOptions } from '../../../src/lib/business-query';
import { DEMO_BUSINESS } from '../../fixtures/demo-business';

afterEach(() => vi.unstubAllGlobals());

function serveSettings() {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: DEMO_BUSINESS }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the business queries', () => {
  it('fill each other from one answer: the texts after the summary cost no second request', async () => {
    const fetchMock = serveSettings();
    const client = new QueryClient();
    expect(await client.fetchQuery(businessQueryOptions())).toEqual(businessSummary(DEMO_BUSINESS));
    expect(await client.ensureQueryData(businessTextsQueryOptions())).toEqual(businessTexts(DEMO_BUSINESS));
    // The idle prefetch after hydration finds them fresh.
    await client.prefetchQuery(businessTextsQueryOptions());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('and the other way round: a page that loaded the texts has the summary fresh', async () => {
    const fetchMock = serveSettings();
    const client = new QueryClient();
    await client.fetchQuery(businessTextsQueryOptions());
    await client.prefetchQuery(businessQueryOptions());
    expect(client.getQueryData(businessQueryOptions().queryKey)).toEqual(businessSummary(DEMO_BUSINESS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
