import { describe, expect, it } from 'vitest';
import { CACHE_NAMES, largeStandIn, photoFallbacks, runtimeCacheFor } from '../../../src/lib/sw-messages';

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

describe('offline stand-ins for moodboard photos', () => {
  const proxy = (target: string) => new URL(`https://tan.example/api/proxy-image?url=${encodeURIComponent(target)}`);

  it('are the same photo file, xlarge first, then the large one seen in the cart', () => {
    expect(photoFallbacks(proxy('/photos/p1/xlarge_a.webp'))).toEqual([
      'https://tan.example/photos/p1/xlarge_a.webp',
      'https://tan.example/photos/p1/large_a.webp',
    ]);
    expect(photoFallbacks(proxy('https://tan.example/photos/p1/large_a.webp'))).toEqual([
      'https://tan.example/photos/p1/xlarge_a.webp',
      'https://tan.example/photos/p1/large_a.webp',
    ]);
  });

  it('are none for other sites or other paths', () => {
    expect(photoFallbacks(proxy('https://cdn.example.com/photos/p1/large_a.webp'))).toEqual([]);
    expect(photoFallbacks(proxy('/api/orders'))).toEqual([]);
    expect(photoFallbacks(new URL('https://tan.example/api/proxy-image'))).toEqual([]);
  });
});

describe('largeStandIn', () => {
  it('names the large file of an xlarge photo, and nothing for other addresses', () => {
    expect(largeStandIn(new URL('https://tan.example/photos/p1/xlarge_a.webp'))).toBe(
      'https://tan.example/photos/p1/large_a.webp',
    );
    expect(largeStandIn(new URL('https://tan.example/photos/p1/large_a.webp'))).toBeNull();
    expect(largeStandIn(new URL('https://tan.example/api/photos?owner_id=p1'))).toBeNull();
  });
});
