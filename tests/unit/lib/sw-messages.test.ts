import { describe, expect, it } from 'vitest';
import { CACHE_NAMES, runtimeCacheFor } from '../../../src/lib/sw-messages';

describe('runtime caches', () => {
  it('keeps photos and catalogue reads, nothing else', () => {
    expect(runtimeCacheFor('/photos/abc/large_abc.webp')).toBe(CACHE_NAMES.photos);
    expect(runtimeCacheFor('/api/boomerang/items')).toBe(CACHE_NAMES.catalogue);
    expect(runtimeCacheFor('/api/product-groups/123')).toBe(CACHE_NAMES.catalogue);
    expect(runtimeCacheFor('/api/bundles')).toBe(CACHE_NAMES.catalogue);
    expect(runtimeCacheFor('/api/customers/search')).toBeNull();
    expect(runtimeCacheFor('/api/orders')).toBeNull();
    expect(runtimeCacheFor('/hire')).toBeNull();
  });
});
