import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, apiUrl } from '../../../src/lib/http';

afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('adds defined query values only', () => {
    expect(apiUrl('/bundles', { page: 2, per_page: 30, tag: undefined, q: null })).toBe(
      '/api/bundles?page=2&per_page=30',
    );
    expect(apiUrl('/bundles')).toBe('/api/bundles');
  });
});

describe('apiRequest', () => {
  it('sends JSON with Accept, Content-Type and the idempotency key', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiRequest('/contact', { method: 'POST', body: { a: 1 }, idempotencyKey: 'k1' });
    expect(result).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' },
      body: '{"a":1}',
      signal: undefined,
    });
  });

  it('turns a non-OK answer into an ApiError with the status and body text', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error":"Bundle not found"}', { status: 404 }));
    const error = await apiRequest('/bundles/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: '{"error":"Bundle not found"}', message: 'Bundle not found' });
  });

  it('keeps a plain-text body in the message', async () => {
    vi.stubGlobal('fetch', async () => new Response('upstream down', { status: 502 }));
    await expect(apiRequest('/x')).rejects.toThrow('Request failed with status 502: upstream down');
  });
});
